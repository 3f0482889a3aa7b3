"""A card's movement (WOTR-MOVE-10) names where the Army starts and ends; the way between is the
player's choice. A verdict cites the captures (WOTR-CAPT-5) and activations (WOTR-POL-1) of one way,
the shortest (named in the notes), never those of every way the card's length allows together: a
move to an adjacent region passes through nothing (asp_rules/wotr/move_legal.lp `way/3`)."""
from __future__ import annotations

import copy

import pycombat

DOC = {"game": "wotr", "title": "Shadows Gather next to passive Gondor",
       "politics": {"Sauron": "at_war", "Gondor": "passive"},
       "position": {"regions": {"Osgiliath": {"units": {"Sauron": {"regulars": 2}}},
                                "Dead Marshes": {"units": {"Sauron": {"regulars": 1}}}}},
       "action": {"side": "shadow", "die": "army", "card": {"name": "Shadows Gather"}},
       "hand": ["Shadows Gather"],
       "claims": [{"id": "m", "claim": "the Army in Osgiliath may move to Dead Marshes"}]}


def _claim(doc: dict, cid: str = "m") -> dict:
    return {c["id"]: c for c in pycombat.load(doc).verify().to_json()["claims"]}[cid]


def _rules(c: dict) -> set[str]:
    return {r["rule"] for r in c["reasons"]}


def test_a_card_move_to_an_adjacent_region_captures_and_activates_nothing():
    with_card = _claim(DOC)
    assert with_card["verdict"] is True
    assert not _rules(with_card) & {"WOTR-CAPT-5", "WOTR-POL-1"}
    assert not any("passes through" in n or "activates" in n or "shortest way" in n for n in with_card["notes"])
    die = copy.deepcopy(DOC)
    die["action"] = {"side": "shadow", "die": "army"}
    die.pop("hand")
    with_die = _claim(die)
    assert _rules(with_card) - {"WOTR-MOVE-10"} == _rules(with_die)


def test_a_card_move_into_an_adjacent_siege_passes_through_nothing():
    doc = copy.deepcopy(DOC)
    doc["politics"]["Gondor"] = "at_war"
    doc["position"]["regions"] = {
        "Osgiliath": {"units": {"Sauron": {"regulars": 2}}},
        "Minas Tirith": {"units": {"Gondor": {"regulars": 3}, "Sauron": {"regulars": 5}}, "besieged": "free_peoples"}}
    doc["claims"] = [{"id": "m", "claim": "the Army in Osgiliath may move to Minas Tirith"}]
    got = _claim(doc)
    assert got["verdict"] is True
    assert "WOTR-CAPT-5" not in _rules(got)
    assert not any("passes through" in n for n in got["notes"])


def test_a_longer_card_move_cites_the_captures_and_activations_of_its_shortest_way_only():
    doc = copy.deepcopy(DOC)
    doc["position"]["regions"] = {"Osgiliath": {"units": {"Sauron": {"regulars": 2}}},
                                  "Lamedon": {"units": {"Sauron": {"regulars": 1}}}}
    doc["position"]["control"] = {"Lamedon": "shadow"}  # the Army in Lamedon captured its Town (WOTR-CAPT-1)
    doc["claims"] = [{"id": "m", "claim": "the Army in Osgiliath may move to Lamedon"}]
    got = _claim(doc)
    assert got["verdict"] is True
    notes = got["notes"]
    assert "WOTR-MOVE-10: shortest way: Osgiliath, Pelargir, Lamedon" in notes
    assert [n for n in notes if "passes through" in n] == ["WOTR-CAPT-5: passes through: Pelargir"]
    assert sorted(n for n in notes if "activates" in n) == ["WOTR-POL-1: activates: Gondor, Lamedon",
                                                            "WOTR-POL-1: activates: Gondor, Pelargir"]


def test_the_way_of_a_ruling_that_captures_on_the_way_is_named():
    from pathlib import Path

    import yaml

    path = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "wotr" / "moves_event_card.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    got = _claim(doc, "captures-on-the-way")
    assert got["verdict"] is True
    assert "WOTR-MOVE-10: shortest way: West Harondor, Pelargir, Lamedon" in got["notes"]
    assert [n for n in got["notes"] if "passes through" in n] == ["WOTR-CAPT-5: passes through: Pelargir"]
