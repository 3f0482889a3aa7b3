"""RB-CARD-22: "Each player kills one of their gear" (Acceptable Losses) when a player's gear is not named.

A player whose gear the entry does not name kills one the scenario does not list (one with no combat effect) only
when the scenario allows him such gear: his side's ``gear_elsewhere`` not stated, or more than 0. With
``gear_elsewhere: 0`` he controls only the gear the scenario lists: his only one dies, among several the entry must
name his choice (refused otherwise), and with none he kills nothing. Every verb reads the play through the one
interpreter; the showdown game from both hands makes that kill too, and searches the card's player's own choice.
"""
from __future__ import annotations

import copy

import pytest

import pycombat
from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict

BOARD = {"game": "riftbound", "battlefield": "Zaun Warrens",
         "attacker": {"player": "Ann", "gear_elsewhere": 0,
                      "units": [{"name": "A5", "custom": True, "might": 5, "equipment": ["Long Sword"]}]},
         "defender": {"player": "Bo", "gear_elsewhere": 0,
                      "units": [{"name": "D4", "custom": True, "might": 4, "equipment": ["B.F. Sword"]}]}}


def _doc(target, **sides):
    doc = copy.deepcopy(BOARD)
    for side, fields in sides.items():
        doc[side].update(fields)
        if fields.get("gear_elsewhere", 0) is None:
            del doc[side]["gear_elsewhere"]
    doc["showdown"] = [{"play": "Acceptable Losses", "by": "attacker", "target": target}]
    return doc


def _mights(doc):
    board = verbs.odds(scenario_from_dict(doc)).board
    return {u.name: (u.current_might, tuple(u.equipment)) for u in board.attacker + board.defender}


def test_a_player_with_no_other_gear_kills_his_only_one():
    assert _mights(_doc(["Long Sword"])) == {"A5": (5, ()), "D4": (4, ())}
    assert _mights(_doc(["B.F. Sword"])) == {"A5": (5, ()), "D4": (4, ())}
    assert _mights(_doc([])) == {"A5": (5, ()), "D4": (4, ())}


def test_the_forced_kill_decides_the_verdict():
    doc = _doc(["Long Sword"])
    doc["claims"] = ["the attacker conquers", "D4's might is 4"]
    conquers, might = pycombat.load(doc).run("verify").verdicts
    assert conquers.verdict is True and might.verdict is True
    assert sorted(verbs.enumerate(scenario_from_dict(doc)).outcomes.outcomes) == ["conquer"]
    assert verbs.odds(scenario_from_dict(doc)).outcomes.outcomes == {"conquer"}


def test_unlisted_gear_allowed_spares_the_listed_one():
    # not stated, or more than 0: he may kill a gear the scenario does not list (RB-CARD-22)
    assert _mights(_doc(["Long Sword"], defender={"gear_elsewhere": None})) == {"A5": (5, ()), "D4": (7, ("B.F. Sword",))}
    assert _mights(_doc(["Long Sword"], defender={"gear_elsewhere": 1})) == {"A5": (5, ()), "D4": (7, ("B.F. Sword",))}


def test_several_listed_gear_and_no_other_the_choice_must_be_named():
    two = {"units": [{"name": "D4", "custom": True, "might": 4, "equipment": ["B.F. Sword"]},
                     {"name": "D2", "custom": True, "might": 2, "equipment": ["Doran's Blade"]}]}
    with pytest.raises(ScenarioError, match=r"defender controls no gear but .*B\.F\. Sword.*Doran's Blade.*RB-CARD-22"):
        _mights(_doc(["Long Sword"], defender=two))
    got = _mights(_doc(["Long Sword", "B.F. Sword"], defender=two))
    assert got == {"A5": (5, ()), "D4": (4, ()), "D2": (4, ("Doran's Blade",))}


def test_no_gear_at_all_kills_nothing():
    none = {"units": [{"name": "D4", "custom": True, "might": 4}]}
    assert _mights(_doc(["Long Sword"], defender=none)) == {"A5": (5, ()), "D4": (4, ())}


def test_the_hand_game_makes_the_forced_kill_and_names_no_choice():
    doc = copy.deepcopy(BOARD)
    doc["attacker"]["units"] = [{"name": "A5", "custom": True, "might": 5}]
    doc["defender"]["units"] = [{"name": "D3", "custom": True, "might": 3, "equipment": ["Long Sword"]}]
    doc["hand"] = {"attacker": ["Acceptable Losses"]}
    sol = verbs.optimize(scenario_from_dict(doc)).solution
    # D3 loses its Long Sword (5 -> 3): the Attacker conquers by playing it; passing, both sides die (5 vs 5)
    assert sol.outcome == "conquer" and any(e.card == "Acceptable Losses" for e in sol.resolved)
    assert not [u for u in sol.unmodelled if u["card"] == "Acceptable Losses"]


def test_the_hand_game_searches_its_players_own_choice_only():
    doc = copy.deepcopy(BOARD)
    doc["attacker"]["units"] = [{"name": "A2", "custom": True, "might": 2, "equipment": ["Long Sword"]},
                                {"name": "A3", "custom": True, "might": 3, "equipment": ["B.F. Sword"]}]
    doc["defender"]["units"] = [{"name": "D8", "custom": True, "might": 8, "equipment": ["Long Sword"]}]
    doc["hand"] = {"attacker": ["Acceptable Losses"]}
    sol = verbs.optimize(scenario_from_dict(doc)).solution
    labels = [o.label for _, d in sol.decisions for o in d.options if "Acceptable Losses" in o.label]
    assert sorted(labels) == ["attacker plays Acceptable Losses on B.F. Sword (on A3)",
                              "attacker plays Acceptable Losses on Long Sword (on A2)"]
    assert not [u for u in sol.unmodelled if u["card"] == "Acceptable Losses"]
    # the Defender's choice among two of his own is his: not made by the search, named
    doc["defender"]["units"].append({"name": "D1", "custom": True, "might": 1, "equipment": ["B.F. Sword"]})
    sol = verbs.optimize(scenario_from_dict(doc)).solution
    named = [u for u in sol.unmodelled if u["card"] == "Acceptable Losses"]
    assert len(named) == 1 and "defender's choice" in named[0]["why"]
