"""The showdown game's one scale (RB-MODEL-7, :mod:`pycombat.games.riftbound.play.score`): the bounds read up front
count every Might a card of the scenario can add, the Might bonus of a Quick-Draw Equipment played (RB-CARD-5,
RB-CARD-14) and each execution a [Repeat] adds (RB-CARD-25) among them. ``tree`` keeps the weights it reads up front
(it cannot solve again), so with bounds that leave them out it refused games ``optimize`` solves: with them it writes
the whole tree, and its root value is optimize's."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.repeat import printed
from pycombat.games.riftbound.cards.spells import load_cards
from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.play.score import Scale, bounds
from pycombat.games.riftbound.schema import scenario_from_dict

GRAPHML = "{http://graphml.graphdrawing.org/xmlns}"


def _doc(a: int, d: int, hand_a=(), hand_d=()) -> dict:
    return {"game": "riftbound", "attacker": {"player": "Ann", "units": [{"name": f"A{a}", "custom": True, "might": a}]},
            "defender": {"player": "Bo", "units": [{"name": f"D{d}", "custom": True, "might": d}]},
            "hand": {"attacker": list(hand_a), "defender": list(hand_d)}}


#: the defender's Long Sword (+2, Quick-Draw) on D1; the attacker's Feral Strength (+2 Might, one [Repeat]) on D5
BOARDS = {"quick_draw": _doc(5, 1, hand_d=["Long Sword"]), "repeat": _doc(9, 5, hand_a=["Feral Strength"])}


def test_bounds_count_a_quick_draw_equipments_might_bonus():
    b = bounds(scenario_from_dict(BOARDS["quick_draw"]), Objective())
    bonus = load_cards().card("Long Sword").equip_might_bonus
    assert bonus == 2 and b.might["defender"] >= 1 + bonus  # D1 with Long Sword attached dies with Might 3


def test_bounds_count_every_execution_of_a_repeated_spell():
    b = bounds(scenario_from_dict(BOARDS["repeat"]), Objective())
    feral = load_cards().card("Feral Strength")
    assert len(printed(feral)) == 1
    assert b.might["defender"] >= 5 + 2 * 2  # D5 given +2 twice: Feral Strength and its [Repeat]


def _root_value(path) -> Fraction:
    root = ET.parse(path).getroot()
    keys = {k.get("id"): k.get("attr.name") for k in root.iter(f"{GRAPHML}key")}
    node = next(root.find(f"{GRAPHML}graph").iter(f"{GRAPHML}node"))
    return Fraction(next(d.text for d in node.findall(f"{GRAPHML}data") if keys[d.get("key")] == "value_0"))


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_tree_writes_the_games_optimize_solves_on_the_same_scale(tmp_path, board):
    out = tmp_path / "tree.graphml"
    report = verbs.tree(scenario_from_dict(BOARDS[board]), output=str(out))
    assert report.depth is None and report.stats.terminal > 0
    solved = verbs.optimize(scenario_from_dict(BOARDS[board]))
    assert _root_value(out) == solved.solution.value
    # optimize kept the weights read up front (it never had to solve again with larger ones): tree's
    assert solved.solution.scale == Scale(Objective(), bounds(scenario_from_dict(BOARDS[board]), Objective())).describe()
