"""A claim on a strike's result cites MECCG-FX-7 (cards in play) when the verdict rests on it, as it cites any
other modification that decides it (claims/combat.py ``_deciding_modifications``): Fellowship's +1 (a
permanent-event in the defending company's in_play) that turns a lost strike into a tie, and a card lasting
the turn (Drughu) on the defending company that ended with an earlier turn and would have won the strike.
Where the card changes nothing, MECCG-FX-7 is not cited."""
from __future__ import annotations

import copy

import pycombat


def _fellowship(rolls):
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "in_play": ["Fellowship"],
                         "members": ["Aragorn II", "Gimli", "Legolas", "Frodo"]},
            "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat", "rolls": rolls}]}}


def _verdict(doc, claim):
    doc = copy.deepcopy(doc)
    doc["claims"] = [{"claim": claim}]
    got = pycombat.load(doc).run("verify").to_json()["claims"][0]
    return got["verdict"], [r["rule"] for r in got["reasons"]]


def test_fellowship_turning_a_lost_strike_into_a_tie_is_cited():
    # Shagrat 6 + 7 = 13; Aragorn II 6 +1 (Fellowship) + 6 = 13: ineffectual; without it 12 < 13, he loses
    doc = _fellowship({"attacker": 7, "defender": 6})
    verdict, rules = _verdict(doc, "strike 1 is ineffectual")
    assert verdict is True and "MECCG-FX-7" in rules
    verdict, rules = _verdict(doc, "strike 1 succeeds")
    assert verdict is False and "MECCG-FX-7" in rules


def test_fellowship_not_cited_where_it_changes_nothing():
    # 6 + 12 = 18 against 7 + 2 = 9, with or without the +1
    verdict, rules = _verdict(_fellowship({"attacker": 12, "defender": 2, "body": 2}), "strike 1 succeeds")
    assert verdict is True and "MECCG-FX-7" not in rules


def test_a_defenders_card_that_ended_with_its_turn_is_cited_where_it_would_have_won():
    # Framsburg is a Ruins & Lairs: Drughu (+2) would give Beorn 9; it ended with Bob's earlier turn, so
    # Beorn 7 + 6 = 13 loses to Lagduf 5 + 9 = 14 (with it, 15 > 14)
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Framsburg", "members": ["Lagduf"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Framsburg", "members": ["Beorn"],
                        "in_play": ["Drughu"]},
           "combat": {"strikes": [{"defender": "Beorn", "attacker": "Lagduf",
                                   "rolls": {"attacker": 9, "defender": 6, "body": 2}}]}}
    verdict, rules = _verdict(doc, "strike 1 succeeds")
    assert verdict is True and "MECCG-FX-7" in rules
