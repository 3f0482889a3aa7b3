"""Card clauses the model does not interpret are named (MECCG-FX-10), and a verdict they could change is NOT
DECIDED: The Tormented Earth's "Playable on a sorcery-using character" (AS-102; who uses sorcery the data does
not say), and Whip of Many Thongs' reach beyond The Balrog's own strike (BA-82: "tap this item to cancel all
effects of one weapon of your choice ... in an opponent's company until the end of the combat"). The Magic Rings
of Stealth and Guile cancel a strike against their bearer only: `strike_against` limits them as it limits every
card acting against a character."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import coverage, play
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim


def _tormented():
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
        "defender": {"alignment": "minion", "site": "Moria", "members": [{"name": "Shagrat", "corruption_points": 1}]},
        "combat": {"before_assignment": [{"card": "The Tormented Earth", "member": "Shagrat"}],
                   "strikes": [{"defender": "Shagrat", "attacker": "Aragorn II"}]}}, file="<t>")


def test_the_tormented_earths_caster_requirement_is_named_and_leaves_the_cancel_undecided():
    s = _tormented()
    named = [e for e in coverage.unmodelled(s) if e["card"] == "The Tormented Earth"]
    assert any("sorcery-using" in e["what"] and e.get("limits_play") for e in named)
    got = verify(s, [Claim(id="c", kind="cancels_attack", args={"card": "The Tormented Earth"}, text="", path="c")])[0]
    assert got.verdict is None


def _whip(card_on: str):
    s1 = {"defender": "Aragorn II", "attacker": "Lagduf", "rolls": {"attacker": 7, "defender": 7}}
    s2 = {"defender": "Éomer", "attacker": "The Balrog", "rolls": {"attacker": 7, "defender": 7}}
    (s1 if card_on == "Lagduf" else s2)["attacker_cards"] = ["Whip of Many Thongs"]
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "balrog", "site": "Moria",
                     "members": [{"name": "The Balrog", "items": ["Whip of Many Thongs"]}, "Lagduf"]},
        "defender": {"alignment": "hero", "site": "Moria",
                     "members": [{"name": "Aragorn II", "items": ["Glamdring"]}, {"name": "Éomer", "items": ["Dagger of Westernesse"]}]},
        "combat": {"strikes": [s1, s2]}}, file="<t>")


def _may(s, defender):
    return verify(s, [Claim(id="c", kind="playable_at_step", args={"card": "Whip of Many Thongs", "step": 1,
                                                                    "defender": defender}, text="", path="c")])[0]


def test_whip_in_another_members_strike_is_refused_naming_its_reach():
    with pytest.raises(ScenarioError) as exc:
        combat_odds(_whip("Lagduf"))
    assert "does not carry Whip of Many Thongs" in exc.value.message and "not modelled" in exc.value.message
    assert _may(_whip("The Balrog"), "Aragorn II").verdict is None  # the model refuses; the card may allow it


def test_whip_in_the_balrogs_own_strike_is_decided_and_acts():
    s = _whip("The Balrog")
    assert _may(s, "Éomer").verdict is True
    setup = combat_odds(s).setups[1]
    assert setup.defender.prowess == 3  # Éomer's printed 3: the whip cancels his Dagger of Westernesse's +1


@pytest.mark.parametrize("ring", ["Magic Ring of Stealth", "Magic Ring of Guile"])
@pytest.mark.parametrize("reading, legal", [("faced", True), ("targeted", False)])
def test_the_scouts_rings_cancel_a_strike_against_their_bearer_only(ring, reading, legal):
    """"a strike against him": under strike_against=targeted a strike an attacking bearer faces is none."""
    hero = ring == "Magic Ring of Stealth"  # Stealth a hero item, Guile a minion one (MECCG-FX-20)
    bearer = "Aragorn II" if hero else "Ufthak"  # each a scout
    s = scenario_from_dict({
        "game": "meccg", "rules": {"strike_against": reading},
        "attacker": {"alignment": "hero" if hero else "minion", "site": "Moria",
                     "members": [{"name": bearer, "items": [ring]}]},
        "defender": {"alignment": "minion" if hero else "hero", "site": "Moria",
                     "members": ["Lagduf" if hero else "Aragorn II"]}}, file="<t>")
    card = next(i.id for i in s.attacker.member(bearer).items)
    assert play.check(s, [play.Play(card, "attacker", 1, facing=bearer)]).legal is legal
