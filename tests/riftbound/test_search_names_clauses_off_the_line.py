"""RB-CARD-4 in the showdown game from both hands: a clause not modelled of a play the search weighed is named by
``optimize`` and ``tree`` whether or not that play is on the line of best play (each option's value rests on it), as
the showdown names it for the same play stated: Cloth Armor's Might bonus is in no source (RB-CARD-5)."""
from __future__ import annotations

import copy

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict

DOC = {"game": "riftbound", "battlefield": "Zaun Warrens",
       "attacker": {"player": "Ann", "units": [{"name": "A4", "custom": True, "might": 4}]},
       "defender": {"player": "Bo", "units": [{"name": "D4", "custom": True, "might": 4}]}}


def _named(report):
    return [(u["card"], u["what"]) for u in report.unmodelled]


def test_an_equipment_bonus_in_no_source_is_named_by_the_hand_game(tmp_path):
    hands = copy.deepcopy(DOC) | {"hand": {"defender": ["Cloth Armor"]}}
    stated = copy.deepcopy(DOC) | {"showdown": [{"play": "Cloth Armor", "by": "defender", "target": "D4"}]}
    want = ("Cloth Armor", "Equipment Might bonus (attached: D4)")
    assert want in _named(verbs.odds(scenario_from_dict(stated)))
    assert want in _named(verbs.optimize(scenario_from_dict(hands)))
    assert want in _named(verbs.tree(scenario_from_dict(hands), output=str(tmp_path / "t.graphml")))


def test_a_play_with_nothing_unread_adds_nothing():
    hands = copy.deepcopy(DOC) | {"hand": {"defender": ["Long Sword"]}}
    assert _named(verbs.optimize(scenario_from_dict(hands))) == []
