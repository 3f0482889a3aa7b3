"""Curated cards read as printed: Healing Herbs and Foul-smelling Paste heal "from wounded to well and
untapped" (TW-255, LE-310), Athelas's healed character "remains tapped" (TW-195) (MECCG-FX-17)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict


def _herbs(status, item="Healing Herbs"):
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Gorbag"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                        "members": [{"name": "Beregond", "status": status, "items": [item]}]},
           "combat": {"strikes": [{"defender": "Beregond", "attacker": "Gorbag", "defender_cards": [item]}]}}
    return combat_odds(scenario_from_dict(doc, file="<t>"))


def test_healing_herbs_heals_to_well_and_untapped():
    res = _herbs("wounded")
    d = res.setups[0].defender
    assert (d.prowess, d.prewounded) == (4, False)
    # Beregond 4 (untapped) vs Gorbag 6: the strike fails (Beregond wins), ties, succeeds
    assert [res.per_strike[0].prob(lambda o, r=r: o.result == r) for r in ("fails", "tie", "succeeds")] == [
        Fraction(155, 648), Fraction(125, 1296), Fraction(287, 432)]


def test_healing_herbs_untaps_a_tapped_character():
    assert _herbs("tapped").setups[0].defender.prowess == 4


def _great_lord(**strike2):
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                        "members": ["Lagduf", {"name": "Great Lord of Goblin-gate", "ally_of": "Lagduf"}]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Gimli", "Aragorn II"]},
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Lagduf"},
                                  {"defender": "Gimli", "attacker": "Great Lord of Goblin-gate", **strike2}]}}
    return scenario_from_dict(doc, file="<t>")


def test_great_lord_of_goblin_gate_is_an_orc():
    """AS-75 prints "Orc." (character_terms.yaml `corrections`): every attacker an Orc, Dark Quarrels cancels
    (MECCG-PRE-3); Gimli's +2 against Orcs acts; the Great Lord's +2 to Orcs reaches himself."""
    from pycombat.games.meccg.cards.database import load_carddb
    from pycombat.games.meccg.claims.verify import verify
    from pycombat.verdicts import Claim

    assert load_carddb().character("AS-75").race == "Orc"
    s = _great_lord()
    dq = Claim(id="c", kind="cancels_attack", args={"card": "Dark Quarrels"}, text="", path="claims[0]")
    assert verify(s, [dq])[0].verdict is True
    assert combat_odds(s).setups[1].defender.prowess == 7
    own = combat_odds(_great_lord(attacker_cards=["Great Lord of Goblin-gate"])).setups[1].attacker
    assert own.prowess == 6  # 5 +2, tapped -1


def _cards_twice(attacker, defender, strikes, before=()):
    doc = {"game": "meccg", "attacker": {"player": "Jim", **attacker}, "defender": {"player": "Bob", **defender},
           "combat": {"strikes": strikes, **({"before_assignment": list(before)} if before else {})}}
    return scenario_from_dict(doc, file="<t>")


_DWARVES = ({"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat"]},
            {"alignment": "hero", "site": "Moria", "members": ["Gimli", "Balin"]})


@pytest.mark.parametrize("case", ["dwarves", "vilya", "not_slay_needlessly"])
def test_a_card_printed_cannot_be_duplicated_is_played_once(case):
    """"Cannot be duplicated against/on a given attack" (DM-124, LE-212) and "on a given turn" (TW-358) are data
    (card_effects.yaml `no_duplicate`), refused by the one play check (MECCG-FX-8) whatever the kind of play."""
    if case == "dwarves":
        dw = "The Dwarves Are upon You!"
        s = _cards_twice(*_DWARVES, [{"defender": "Gimli", "attacker": "Lagduf", "defender_cards": [dw]},
                                     {"defender": "Balin", "attacker": "Shagrat", "defender_cards": [dw]}])
        want = "cannot be duplicated against a given attack"
    elif case == "vilya":
        s = _cards_twice({"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
                         {"alignment": "hero", "site": "Moria", "members": ["Elrond"]},
                         [{"defender": "Elrond", "attacker": "Lagduf", "defender_cards": ["Vilya", "Vilya"]}])
        want = "cannot be duplicated on a given turn"
    else:
        s = _cards_twice({"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Legolas"]},
                         {"alignment": "minion", "site": "Moria", "members": ["Horseman in the Night", "Ostisen"]},
                         [{"defender": "Horseman in the Night", "attacker": "Aragorn II"},
                          {"defender": "Ostisen", "attacker": "Legolas"}],
                         before=["Not Slay Needlessly", "Not Slay Needlessly"])
        want = "cannot be duplicated against a given attack"
    with pytest.raises(ScenarioError) as exc:
        combat_odds(s)
    assert want in exc.value.message and "MECCG-FX-8" in exc.value.message


def test_the_second_dwarves_card_may_not_be_played():
    from pycombat.games.meccg.claims.verify import verify
    from pycombat.verdicts import Claim

    dw = "The Dwarves Are upon You!"
    s = _cards_twice(*_DWARVES, [{"defender": "Gimli", "attacker": "Lagduf", "defender_cards": [dw]},
                                 {"defender": "Balin", "attacker": "Shagrat"}])
    claim = Claim(id="c", kind="playable_at_step", args={"card": dw, "step": 6, "defender": "Balin"}, text="", path="c")
    assert verify(s, [claim])[0].verdict is False


@pytest.mark.parametrize("card, what", [("Staff Asunder", "-2 to the attack's body"),
                                        ("Escape", "the character it is played for is wounded as the cost")])
def test_a_printed_effect_not_applied_is_named_under_the_default_flags(card, what):
    """Staff Asunder's "Modify the attack's body by -2" (TD-153, played at step 6) and the wound Escape costs
    (TW-229) are not applied: named in `unmodelled` under every reading, never dropped silently (MECCG-FX-10)."""
    from pycombat.games.meccg.cards.coverage import unmodelled

    gandalf = {"name": "Gandalf", "items": ["Wizard's Staff"]}
    combat = ({"strikes": [{"defender": "Gandalf", "attacker": "Lagduf", "defender_cards": [card]}]}
              if card == "Staff Asunder" else
              {"before_assignment": [card], "strikes": [{"defender": "Gimli", "attacker": "Lagduf"}]})
    s = scenario_from_dict({
        "game": "meccg",
        "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
        "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                     "members": [gandalf if card == "Staff Asunder" else "Gimli"]},
        "combat": combat}, file="<t>")
    assert s.flags.get("pre_assignment_attack_effects") != "allowed"
    assert [e["card"] for e in unmodelled(s) if e["what"].startswith(what)] == [card]


@pytest.mark.parametrize("alignment, lagduf", [("minion", 5), ("balrog", 6)])
def test_balrog_specific_cards_are_a_balrog_players(alignment, lagduf):
    """Foe Dismayed (BA-59) and Descent through Fire (BA-56) print "Balrog specific.": a Ringwraith player's
    Foe Dismayed is refused by the one play check, his Descent through Fire gives nothing (MECCG-FX-20)."""
    def doc(**lagduf_side):
        return scenario_from_dict({
            "game": "meccg",
            "attacker": {"player": "Jim", "alignment": alignment, "site": "Moria", "members": ["Lagduf", "Gorbag"],
                         **lagduf_side},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Gimli"]},
            "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Lagduf"},
                                   {"defender": "Gimli", "attacker": "Gorbag"}]}}, file="<t>")
    assert combat_odds(doc(in_play=["Descent through Fire"])).setups[0].attacker.prowess == lagduf
    hero_attacks = {"game": "meccg",
                    "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
                    "defender": {"player": "Jim", "alignment": alignment, "site": "Moria",
                                 "members": ["Lagduf", {"name": "Gorbag", "keywords": ["Leader"]}]},
                    "combat": {"strikes": [{"defender": "Lagduf", "attacker": "Aragorn II",
                                            "defender_cards": ["Foe Dismayed"]}]}}
    if alignment == "balrog":
        assert combat_odds(scenario_from_dict(hero_attacks, file="<t>")).setups[0].defender.prowess == 6
    else:
        with pytest.raises(ScenarioError, match="Foe Dismayed is played by a Balrog player"):
            combat_odds(scenario_from_dict(hero_attacks, file="<t>"))


def test_refusals_name_what_is_wrong():
    """Escape with no unwounded character says so (not an empty name); Wizard's Flame in a strike is named as a
    card played before strikes are assigned, not an unknown card."""
    def doc(members, **combat):
        return {"game": "meccg",
                "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
                "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": members},
                "combat": {"strikes": [{"defender": members[0] if isinstance(members[0], str) else members[0]["name"],
                                        "attacker": "Lagduf"}], **combat}}
    with pytest.raises(ScenarioError) as exc:
        combat_odds(scenario_from_dict(doc([{"name": "Gimli", "status": "wounded"},
                                           {"name": "Aragorn II", "status": "wounded"}], before_assignment=["Escape"]),
                                       file="<t>"))
    assert "no member of the company is untapped or tapped" in exc.value.message
    flame = doc(["Gandalf"])
    flame["combat"]["strikes"][0]["defender_cards"] = ["Wizard's Flame"]
    with pytest.raises(ScenarioError) as exc:
        scenario_from_dict(flame, file="<t>")
    assert "played before strikes are assigned" in exc.value.message and "unknown" not in exc.value.message
