"""The original owner's Army that wins the region of its own Settlement the enemy controls takes it back
(WOTR-CAPT-4): the Control marker is removed and the side that held it loses its Victory Points (City 1,
Stronghold 2, WOTR-CAPT-3); the owner's counter does not move. odds, replay and the claims' notes say it."""
from __future__ import annotations

from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.battle.odds_details import after_json, consequences_json
from pycombat.games.wotr.battle.replay import replay
from pycombat.games.wotr.schema import scenario_from_dict

PELARGIR = {
    "game": "wotr", "title": "Gondor retakes Pelargir", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
    "control": {"Pelargir": "shadow"},
    "attacker": {"region": "Lamedon", "units": {"Gondor": {"regulars": 4, "leaders": 1}}},
    "defender": {"region": "Pelargir", "units": {"Sauron": {"regulars": 1}}},
    "rules": {"casualty_policy": "regulars_first"},
}


def test_odds_reports_the_recapture_with_its_chance():
    rep = battle_report(scenario_from_dict(PELARGIR))
    row = next(r for r in consequences_json(rep)["politics"] if r.get("settlement") == "Pelargir")
    assert row["recapture"] and row["p_region_won"]["exact"] == "6927061/6931561"
    assert row["rules"][:2] == ["WOTR-CAPT-4", "WOTR-CAPT-1"]
    won = [r for r in after_json(rep)["regulars_first"]["politics"] if r["region_won"]]
    assert [(r["p"]["exact"], r["victory_points_lost"]) for r in won] == [
        ("6927061/6931561", {"side": "shadow", "points": 1})]


def test_replay_reports_the_recapture():
    s = scenario_from_dict({**PELARGIR, "rolls": [{"attacker": {"combat": [6, 2, 2, 2], "reroll": [2]}, "defender": {"combat": [2]}}]})
    (p,) = replay(s).json()["after_the_battle"]["politics"]
    assert p["recapture"] and p["region_won"] and p["settlement"] == "Pelargir"
    assert p["victory_points_lost"] == {"side": "shadow", "points": 1}
    assert p["track_if_captured"]["steps"] == p["track_otherwise"]["steps"] == 0
    assert "WOTR-CAPT-4" in p["rules"] and "the Shadow loses the 1 Victory Point" in p["text"]


def test_a_shadow_held_stronghold_recaptured_costs_the_shadow_2_points():
    doc = {"game": "wotr", "title": "Rohan attacks Shadow-held Helm's Deep",
           "politics": {"Rohan": "at_war", "Isengard": "at_war"}, "control": {"Helm's Deep": "shadow"},
           "attacker": {"region": "Westemnet", "units": {"Rohan": {"regulars": 4, "leaders": 1}}},
           "defender": {"region": "Helm's Deep", "units": {"Isengard": {"regulars": 3}}},
           "rolls": [{"attacker": {"combat": [6, 6, 6, 2], "reroll": [2]}, "defender": {"combat": [2, 2, 2]}}]}
    (p,) = replay(scenario_from_dict(doc)).json()["after_the_battle"]["politics"]
    assert p["recapture"] and p["region_won"] and p["victory_points_lost"]["points"] == 2
