"""A siege battle is fought inside one region (WOTR-SIEGE-1) and the rearguard takes no part in it
(WOTR-SPLIT-4): when the attacking part and the besieged Army eliminate each other, the besieger's
rearguard is still in the region and the Stronghold is captured (WOTR-CAPT-1, second case); when only the
attacking part is eliminated, the besieging Army is not completely eliminated and the siege goes on
(WOTR-SITE-6). odds, replay and optimize agree on it."""
from __future__ import annotations

from fractions import Fraction

from pycombat.cli import main
from pycombat.games.wotr.battle.optimize import optimize
from pycombat.games.wotr.battle.replay import replay
from pycombat.games.wotr.schema import scenario_from_dict

SIEGE = {
    "game": "wotr", "title": "Mutual elimination in a siege, rearguard left in the region",
    "politics": {"Gondor": "at_war", "Sauron": "at_war"},
    "attacker": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 4}},
                 "rearguard": {"units": {"Sauron": {"regulars": 3}}}},
    "defender": {"region": "Minas Tirith", "besieged": True, "units": {"Gondor": {"regulars": 1}}},
    "battle": {"kind": "siege"}, "rules": {"casualty_policy": "regulars_first"},
}


def _odds_json(tmp_path, capsys, doc) -> dict:
    import json

    import yaml

    path = tmp_path / "siege.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    assert main(["odds", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_odds_counts_the_mutual_elimination_as_a_capture(tmp_path, capsys):
    """1 Sauron Regular hits on 6, 1 Gondor Regular on 5: the defenders are eliminated with chance 1/6 (1/9
    alone, 1/18 with the attacking part), each a capture worth 2 VP."""
    data = _odds_json(tmp_path, capsys, SIEGE)
    cap = next(r for r in data["politics"] if r.get("settlement") == "Minas Tirith")
    assert cap["p_region_won"]["exact"] == "1/6"
    assert data["siege"]["siege_battle"]["p_stronghold_falls"]["exact"] == "1/6"
    won = [r for r in data["after_the_battle"]["regulars_first"]["politics"] if r["region_won"]]
    assert [(r["p"]["exact"], r["victory_points"]) for r in won] == [("1/6", 2)]
    moves = {m["move"]: m for m in data["after_the_battle"]["regulars_first"]["moves"]["attacker"]}
    assert moves["rearguard_holds"]["p"]["exact"] == "1/18" and "WOTR-CAPT-1" in moves["rearguard_holds"]["rules"]
    assert moves["rearguard_besieges"]["p"]["exact"] == "5/18" and "WOTR-SITE-6" in moves["rearguard_besieges"]["rules"]


def test_without_a_rearguard_mutual_elimination_captures_nothing(tmp_path, capsys):
    doc = {**SIEGE, "attacker": {k: v for k, v in SIEGE["attacker"].items() if k != "rearguard"}}
    doc["attacker"] = {**doc["attacker"], "units": {"Sauron": {"regulars": 1}}}
    data = _odds_json(tmp_path, capsys, doc)
    cap = next(r for r in data["politics"] if r.get("settlement") == "Minas Tirith")
    assert cap["p_region_won"]["exact"] == "1/9"
    texts = [r["text"] for r in data["after_the_battle"]["regulars_first"]["politics"] if not r["region_won"]]
    assert any("so was the whole besieging Army" in t for t in texts)


def test_replay_of_the_mutual_elimination_captures_the_stronghold():
    s = scenario_from_dict({**SIEGE, "rolls": [{"attacker": {"combat": [6]}, "defender": {"combat": [5]}}]})
    after = replay(s).json()["after_the_battle"]
    (p,) = after["politics"]
    assert after["end"] == "both_destroyed" and p["region_won"] and p["victory_points"] == 2
    assert "its defenders were not eliminated" not in p["text"]


def test_replay_of_the_attacking_part_eliminated_says_the_siege_goes_on():
    s = scenario_from_dict({**SIEGE, "rolls": [{"attacker": {"combat": [2]}, "defender": {"combat": [5]}}]})
    r = replay(s).json()
    each = r["after_the_battle"]["each_side"]
    assert each["defender"]["move"] == "besieged" and "the siege goes on" in each["defender"]["text"]
    assert each["defender"]["rules"] == ["WOTR-SITE-6"]
    assert "WOTR-SITE-6" in r["rounds"][-1]["end"]["rules"]


def test_optimize_values_the_rearguard_split_with_the_capture():
    res = optimize(scenario_from_dict({k: v for k, v in SIEGE.items() if k != "rules"}))
    values = {e.split.attacking.units: e.value for e in res.ranked}
    assert values == {4: Fraction(671, 1296), 3: Fraction(91, 216), 2: Fraction(11, 36), 1: Fraction(1, 6)}
