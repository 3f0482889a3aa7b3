"""A character's printed modifier to all of his corruption checks (data/character_terms.yaml): Frodo TW-152 "All of
his corruption checks are modified by +4", Gandalf TW-156 "+1 to all of his corruption checks", Fallen-wizard
Saruman WH-9 "-1 to all corruption checks". It is added in the one corruption-check computation
(cards/rolls.py ``check_modifiers``), so every check of the combat gets it: a card's use (The One Ring,
MECCG-FX-22), a card's cost in a strike (Wizard's Fire, MECCG-FX-25) and a cancel's cost (The Tormented Earth,
MECCG-FX-30). Each verb is checked against a brute force over the 36 rolls written here from the rule's words:
2d6 + the card's modifier + his own against his corruption points (above: passes; at them or one less:
discarded; lower: eliminated)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pycombat.games.meccg.cards import lookup
from pycombat.games.meccg.cards.database import load_carddb
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

RING_CP = 6  # items.json: The One Ring's corruption points


def brute(modifier: int, cp: int) -> dict[str, Fraction]:
    """The check's fates over the 36 rolls of two dice."""
    out: dict[str, Fraction] = {}
    for a, b in product(range(1, 7), repeat=2):
        total = a + b + modifier
        fate = "passes" if total > cp else "discarded" if total >= cp - 1 else "eliminated"
        out[fate] = out.get(fate, Fraction(0)) + Fraction(1, 36)
    return out


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def _ring(rolls=None):
    strike = {"defender": "Frodo", "attacker": "Shagrat", "defender_cards": ["The One Ring"]}
    if rolls:
        strike["rolls"] = rolls
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": [{"name": "Frodo", "items": ["The One Ring"]}]},
            "combat": {"strikes": [strike]}}


def test_the_data_gives_each_printed_modifier_with_its_text():
    db = load_carddb()
    for cid, amount in (("TW-152", 4), ("TW-131", 4), ("TW-180", 3), ("TW-156", 1), ("WH-9", -1), ("TW-181", 0),
                        ("TW-120", 0)):
        card = db.character(cid)
        assert card.check_modifier == amount, cid
        assert bool(card.terms_source) == bool(amount) and all(cid in t for t in card.terms_source)


def test_frodo_uses_the_one_ring_with_his_plus_four():
    """The One Ring's check -2, Frodo's +4: 2d6 + 2 against 6."""
    want = brute(-2 + 4, RING_CP)
    dist = combat_odds(_s(_ring())).per_strike[0]
    assert dist.prob(lambda o: o.result == "cancelled") == want["passes"] == Fraction(5, 6)
    for fate in ("discarded", "eliminated"):
        assert dist.prob(lambda o, f=fate: o.result == "corrupted" and o.fate == f) == want[fate]


def test_replay_and_verify_read_a_roll_of_five_as_a_pass():
    """A roll of 5: 5 - 2 + 4 = 7 > 6, he passes and the strike is cancelled (MECCG-SEQ-12)."""
    s = _s(_ring({"cards": [5]}))
    _setup, steps, outcome = replay(s, None).strikes[0]
    assert outcome.result == "cancelled"
    assert any("rolls 5 + 2 = 7" in st.text for st in steps)
    got = verify(s, [Claim(id="a", kind="strike_result", args={"strike": 1, "result": "is cancelled"}, text="",
                           path="claims[0]")])[0]
    assert got.verdict is True


def test_optimize_values_the_ring_with_his_plus_four():
    """survive: he uses the ring when staying in play is likelier with it; with it he stays only if he passes."""
    doc = _ring()
    del doc["combat"]
    s = _s(doc)
    with_ring = 1 - combat_odds(_s(_ring())).per_strike[0].prob(
        lambda o: o.loser == "Frodo" and o.fate in ("eliminated", "discarded"))
    assert with_ring == brute(-2 + 4, RING_CP)["passes"]
    assert solve_combat(s, objective_from("survive", "Frodo", s), max_nodes=10_000).value >= with_ring


def test_gandalfs_plus_one_reaches_the_check_wizards_fire_costs():
    """Wizard's Fire: "Wizard makes a corruption check modified by -4"; Gandalf's +1: 2d6 - 3 against 0."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": [{"name": "Gandalf", "corruption_points": 0}]},
           "combat": {"strikes": [{"defender": "Gandalf", "attacker": "Lagduf", "defender_cards": ["Wizard's Fire"]}]}}
    s = _s(doc)
    want = brute(-4 + 1, 0)
    dist = combat_odds(s).per_strike[0]  # he faces the strike: a failed check leaves it unresolved (MECCG-FX-25)
    for fate in ("discarded", "eliminated"):
        assert dist.prob(lambda o, f=fate: o.result == "corrupted" and o.fate == f) == want.get(fate, 0)
    assert want["discarded"] == Fraction(1, 12)


@pytest.mark.parametrize("roll", range(2, 13))
def test_saruman_minus_one_reaches_the_check_a_cancel_costs(roll):
    """The Tormented Earth: its caster's check -4; Fallen-wizard Saruman's -1: 2d6 - 5 against his 2."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Isengard", "members": ["Shagrat"]},
           "defender": {"alignment": "fallen-wizard", "status": "covert", "site": "Isengard",
                        "members": [{"name": "Saruman", "corruption_points": 2}]},
           "combat": {"before_assignment": [{"card": "The Tormented Earth", "member": "Saruman"}],
                      "strikes": [{"defender": "Saruman", "attacker": "Shagrat"}]}}
    s = _s(doc)
    total = roll - 5
    fate = "spares" if total > 2 else "discards" if total >= 1 else "eliminates"
    for asked in ("spares", "discards", "eliminates"):
        got = verify(s, [Claim(id="c", kind="check_roll", args={"roll": roll, "result": asked, "character": "Saruman"},
                               text="", path="claims[0]")])[0]
        assert got.verdict is (asked == fate), (roll, asked)
    cancel = combat_odds(s).cancel
    want = brute(-5, 2)
    assert dict(cancel.check.fates()) == {k: v for k, v in want.items() if v}


def test_card_shows_the_printed_modifier():
    got = lookup.card_report("Frodo")["cards"][0]
    ability = [a for a in got["abilities"] if a["what"] == "corruption_check"]
    assert ability and ability[0]["amount"] == 4 and "modified by +4" in ability[0]["text"]
    assert "no combat ability" not in "\n".join(lookup.card_lines(lookup.card_report("Frodo")))
