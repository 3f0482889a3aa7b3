"""RB-CARD-22 with RB-CARD-1: a card whose target is a gear ("You may kill up to one gear", Salvage; "Return a gear
to its owner's hand", Factory Recall) played from a hand in the showdown game names each gear in play, either
player's (an Equipment with the unit it is on), through the reader's one target check; Salvage may also name none."""
from __future__ import annotations

from fractions import Fraction

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict


def _optimize(card):
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 3, "equipment": ["Long Sword"]}]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 4}], "gear": ["Cloth Armor"]},
           "hand": {"attacker": [], "defender": [card]}}
    return verbs.optimize(scenario_from_dict(doc))


def _played(report, card):
    return sorted(o.label for _, d in report.solution.decisions for o in d.options if card in o.label)


def test_salvage_from_a_hand_names_each_gear_in_play_or_none():
    report = _optimize("Salvage")
    assert _played(report, "Salvage") == ["defender plays Salvage", "defender plays Salvage on Cloth Armor",
                                          "defender plays Salvage on Long Sword (on A1)"]
    # A1 with Long Sword (+2): 5 Might kills D1 (4) and survives; Salvage on it: 3 Might, D1 kills A1 (14 + 3)
    assert report.solution.value == Fraction(-17)


def test_factory_recall_from_a_hand_names_a_gear_it_must_choose():
    report = _optimize("Factory Recall")
    assert _played(report, "Factory Recall") == ["defender plays Factory Recall on Cloth Armor",
                                                 "defender plays Factory Recall on Long Sword (on A1)"]
    # Long Sword returned to Ann's hand has Reaction ([Quick-Draw], RB-SHOW-4): she plays it again on A1, 5 Might kills
    # D1 and survives (14 + 4)
    assert report.solution.value == Fraction(18)
