"""A card in play that modifies every corruption check a member of its company makes (MECCG-FX-7): Fellowship
(TW-240) "+1 to corruption checks" in a company of four or more, applied to the checks cards cost in a strike
(MECCG-FX-25) and before strikes are assigned (MECCG-FX-30/31), from the rule's words over the dice.

The Wizard who makes the check is Alatar (TW-117), whose card prints no modifier to his corruption checks
(a Wizard who prints one, Gandalf's +1, is in tests/meccg/test_printed_corruption_check_modifiers.py)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from pycombat.cli import main
from pycombat.games.meccg.cards import rolls
from pycombat.games.meccg.cards.interpreter import card_model
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict

DICE = list(product(range(1, 7), repeat=2))


def _doc(members, in_play=("Fellowship",)):
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
            "defender": {"alignment": "hero", "site": "Moria", "in_play": list(in_play), "members": members},
            "combat": {"strikes": [{"defender": "Alatar", "attacker": "Shagrat", "defender_cards": ["Wizard's Fire"]}]}}


def _passes(modifier: int, cp: int) -> Fraction:
    return sum((Fraction(1, 36) for a, b in DICE if a + b + modifier > cp), Fraction(0))


def test_fellowship_adds_one_to_the_check_wizards_fire_costs():
    s = scenario_from_dict(_doc(["Alatar", "Aragorn II", "Gimli", "Legolas"]), file="<t>")
    d = combat_odds(s).per_strike[0]
    assert d.prob(lambda o: o.result == "corrupted") == 1 - _passes(-4 + 1, 0)  # 1/12, not 1/6


def test_fellowship_in_a_company_of_three_adds_nothing():
    s = scenario_from_dict(_doc(["Alatar", "Aragorn II", "Gimli"]), file="<t>")
    d = combat_odds(s).per_strike[0]
    assert d.prob(lambda o: o.result == "corrupted") == 1 - _passes(-4, 0)


def test_fellowship_reaches_a_check_a_cancel_costs():
    doc = _doc([{"name": "Alatar", "corruption_points": 4}, "Aragorn II", "Gimli", "Legolas"])
    s = scenario_from_dict(doc, file="<t>")
    check = rolls.strike_roll(card_model("Vanishment"), s.defender.member("Alatar"), s.defender)
    assert check.bonus == -2 + 1 and check.greater_than == 4
    assert "Fellowship" in check.why


def test_card_shows_fellowships_corruption_check_modifier(capsys):
    assert main(["card", "Fellowship"]) == 0
    out = capsys.readouterr().out
    assert "+1 to every corruption check a member of its company makes" in out
