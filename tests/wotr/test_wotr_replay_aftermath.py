"""WotR replay tells the whole end of the battle: where every figure goes, each Army's move (the
attacker's optional advance, a sortie back into its Stronghold, both staying; the garrison of a relief)
and a Settlement capture's political step, in the text and the JSON (``after_the_battle``), (the golden
files are compared in tests/wotr/test_wotr_replay.py); the capture given or refused by how the battle ended (WOTR-CAPT-1, WOTR-CAPT-6).

Regenerate the golden files with ``UPDATE_GOLDEN=1`` after a deliberate change of the output."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.games.wotr.battle.replay import replay
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
#: example -> (the end, the moves (who, move) it must tell)
EXAMPLES = {
    "replay_folde_capture": ("attacker_wins", [("attacker", "may_advance")]),
    "replay_sortie_returns": ("sortie_returned", [("attacker", "back_into_stronghold")]),
    "replay_relief_stopped": ("round_limit", [("attacker", "stays"), ("garrison", "besieged")]),
}


def _cli(argv, capsys, monkeypatch) -> tuple[int, str]:
    monkeypatch.chdir(ROOT)
    code = main(argv)
    return code, capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_replay_tells_the_end(name, capsys, monkeypatch):
    """The golden text and JSON (tests/wotr/test_wotr_replay.py compares them) tell the end, each Army's
    move and every starting figure's fate."""
    path = f"examples/wotr/{name}.yaml"
    code, text = _cli(["replay", path], capsys, monkeypatch)
    assert code == 0
    code, out = _cli(["replay", path, "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    end, moves = EXAMPLES[name]
    after = data["after_the_battle"]
    assert data["result"]["kind"] == after["end"] == end
    assert [(m["who"], m["move"]) for m in after["moves"]] == moves
    assert all(m["rules"] or m["move"] == "stays" for m in after["moves"])
    assert "Where the figures go" in text and "After the battle:" in text
    for role in ("attacker", "defender", "garrison"):  # every starting figure has exactly one fate
        for row in data["fates"].get(role, ()):
            assert sum(row["fates"].values()) == row["count"], row
            assert f"{role} {row['figure']} x{row['count']}: " in text


def test_the_folde_capture_steps_rohan_to_war():
    r = replay(load_scenario(ROOT / "examples/wotr/replay_folde_capture.yaml")).json()
    (p,) = r["after_the_battle"]["politics"]
    assert p["region_won"] and p["settlement"] == "Folde" and p["kind"] == "town"
    assert p["track_otherwise"]["steps"] == 1 and p["track_if_captured"]["steps"] == 0  # 2 -> 1 by the attack
    assert p["victory_points"] == 0 and {"WOTR-CAPT-1", "WOTR-POL-2", "WOTR-CAPT-3"} <= set(p["rules"])


def _folde(att_faces, def_faces, steps=2):
    return scenario_from_dict({
        "game": "wotr", "title": "Folde", "politics": {"Isengard": "at_war", "Rohan": {"steps": steps, "active": True}},
        "attacker": {"region": "Westemnet", "units": {"Isengard": {"regulars": 1}}},
        "defender": {"region": "Folde", "units": {"Rohan": {"regulars": 1}}, "retreat_to": []},
        "rules": {"casualty_policy": "regulars_first"},
        "rolls": [{"attacker": {"combat": att_faces}, "defender": {"combat": def_faces}}]}, file="folde.yaml")


@pytest.mark.parametrize("att, dfn, end, captured", [
    ([6], [1], "attacker_wins", True),     # the region won: the Town may be captured (WOTR-CAPT-1)
    ([6], [6], "both_destroyed", False),   # mutual elimination captures nothing (WOTR-END-9, WOTR-CAPT-6)
    ([1], [6], "defender_holds", False),
])
def test_the_capture_follows_the_end(att, dfn, end, captured):
    r = replay(_folde(att, dfn))
    after = r.json()["after_the_battle"]
    assert after["end"] == end
    (p,) = after["politics"]
    assert p["region_won"] is captured
    assert ("WOTR-CAPT-3" in p["rules"]) is captured
    text = "\n".join(r.lines())
    assert ("is not captured" in text) is not captured
    if end == "both_destroyed":
        assert after["moves"][0]["rules"] == ["WOTR-END-9", "WOTR-CAPT-6"]


def test_a_lifted_relief_brings_the_garrison_back_and_limits_the_advance():
    """The besiegers destroyed: the garrison returns to the region (WOTR-SITE-6) and the relieving Army
    may advance with at most 10 units less the garrison's: 5 of its 6 (WOTR-SIEGE-7, WOTR-STACK-1)."""
    s = scenario_from_dict({
        "game": "wotr", "title": "relief", "politics": {"Rohan": "at_war", "Gondor": "at_war", "Sauron": "at_war"},
        "control": {"Minas Tirith": "free_peoples"},
        "attacker": {"region": "Druadan Forest", "units": {"Rohan": {"regulars": 6}}},
        "defender": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 1}}, "retreat_to": []},
        "battle": {"garrison": {"units": {"Gondor": {"regulars": 3, "elites": 2}}}},
        "rules": {"casualty_policy": "regulars_first"},
        "rolls": [{"attacker": {"combat": [6, 2, 2, 2, 2]}, "defender": {"combat": [2]}}]}, file="relief.yaml")
    after = replay(s).json()["after_the_battle"]
    assert after["end"] == "attacker_wins"
    moves = {(m["who"], m["move"]): m for m in after["moves"]}
    adv = moves[("attacker", "may_advance")]
    assert "at most 5 units beside the garrison's 5" in adv["text"] and "WOTR-STACK-1" in adv["rules"]
    assert moves[("garrison", "back_in_region")]["rules"] == ["WOTR-SITE-6"]
