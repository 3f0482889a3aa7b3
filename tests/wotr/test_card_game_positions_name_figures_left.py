"""The card game's positions and decisions name every figure left, not the units alone: a Leader a card
sacrificed (Heroic Death) or a Nazgûl it eliminated (Fateful Strike) changes the position (its
Leadership and what later cards may do), so two positions that differ in them never read alike
(the units text, then the Leaders, Nazgûl and Characters left; `lost_to_cards` in the JSON)."""
from __future__ import annotations

import json

import pytest

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict


def _battle(card: str) -> dict:
    return {"game": "wotr", "title": card, "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 3}}, "nazgul": 1},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "leaders": 1}},
                         "hand": [card], "retreat_to": []},
            "rules": {"max_rounds": 2, "replacement_pool": "unlimited", "casualty_policy": "enumerate"},
            "battle": {"action": "army"}}


@pytest.mark.parametrize("card,role,figure,text", [("Heroic Death", "defender", "leader", "1 Leader"),
                                                   ("Fateful Strike", "attacker", "nazgul", "1 Nazgûl")])
def test_decisions_that_differ_in_figures_never_read_alike(card, role, figure, text):
    body = verbs.optimize(scenario_from_dict(_battle(card), file="c.yaml"), min_chance=0).to_json()
    cards = body["combat_cards"]
    decisions = cards["decisions"]["decisions"]
    seen: dict = {}
    for d in decisions:
        key = (d["decision"], d["round"], d["attacker_units"], d["defender_units"], json.dumps(d.get("hits")),
               json.dumps(d.get("hands")))
        assert seen.setdefault(key, d["value"]) == d["value"], key  # one text, one position, one value
    lost = [d for d in decisions if figure in d.get("lost_to_cards", {}).get(role, [])]
    kept = [d for d in decisions if figure not in d.get("lost_to_cards", {}).get(role, [])]
    assert lost and kept  # the card removed the figure on some lines of play only
    assert all(text not in d[f"{role}_units"] for d in lost if d[f"{role}_units"] != "no units")
    assert all(text in d[f"{role}_units"] for d in kept if d[f"{role}_units"] != "no units")
    start = cards["rounds"][0]["positions"][0]
    assert start["attacker_units"] == "Sauron 3R 0E, 1 Nazgûl" and start["defender_units"] == "Gondor 2R 0E, 1 Leader"


def test_heroic_death_round_one_cease_decisions_are_told_apart():
    """The two round-1 cease decisions at Sauron 2R / Gondor 2R (one after the Leader was sacrificed)
    have different values and, now, different texts."""
    body = verbs.optimize(scenario_from_dict(_battle("Heroic Death"), file="c.yaml"), min_chance=0).to_json()
    cease = [d for d in body["combat_cards"]["decisions"]["decisions"] if d["decision"] == "cease" and d["round"] == 1
             and d["attacker_units"].startswith("Sauron 2R 0E") and d["defender_units"].startswith("Gondor 2R 0E")]
    assert {d["value"]["exact"] for d in cease} == {"56/243", "140/729"}
    assert len({d["defender_units"] for d in cease}) == 2
