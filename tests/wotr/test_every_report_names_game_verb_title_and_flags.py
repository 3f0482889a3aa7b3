"""Every WotR report's JSON carries the fields docs/api.md promises of every report: ``game``, ``verb``,
``scenario``, ``title`` and ``flags`` (the flags in force, a ``--flag`` included), whichever verb gives it
(``enumerate`` of a battle and of a position, ``odds``, ``replay``, ``optimize``, ``verify``, ``tree``); the
card lookup names its game and verb."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.games.wotr.cards.lookup import card

ROOT = Path(__file__).resolve().parents[2]

CASES = [("enumerate", "examples/wotr/skirmish.yaml"), ("enumerate", "examples/wotr/moves_companions.yaml"),
         ("odds", "examples/wotr/skirmish.yaml"), ("replay", "examples/wotr/replay_osgiliath.yaml"),
         ("optimize", "examples/wotr/skirmish.yaml"), ("optimize", "examples/wotr/cards_dagorlad.yaml"),
         ("verify", "examples/rulings/wotr/combat_cards.yaml"), ("tree", "examples/wotr/skirmish.yaml")]


def _json(verb: str, path: str, tmp_path, capsys, *extra: str) -> dict:
    args = [verb, path, "--json", *extra]
    if verb == "tree":
        args += ["--output", str(tmp_path / "t.graphml"), "--depth", "2"]
    assert main(args) in (0, 1)
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("verb,path", CASES)
def test_report_json_names_game_verb_scenario_title_and_flags(verb, path, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    data = _json(verb, path, tmp_path, capsys)
    assert data["game"] == "wotr"
    assert data["verb"] == verb
    assert data["scenario"] == path
    assert isinstance(data["title"], str) and data["title"]
    assert isinstance(data["flags"], dict) and "casualty_policy" in data["flags"]


def test_optimize_json_flags_follow_the_flag_given(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = "examples/wotr/skirmish.yaml"
    first = _json("optimize", path, tmp_path, capsys, "--flag", "casualty_policy=regulars_first")
    second = _json("optimize", path, tmp_path, capsys, "--flag", "casualty_policy=downgrade_first")
    assert first["flags"]["casualty_policy"] == "regulars_first"
    assert second["flags"]["casualty_policy"] == "downgrade_first"


def test_card_lookup_json_names_game_and_verb():
    data = card("Shield-wall").to_json()
    assert (data["game"], data["verb"]) == ("wotr", "card")
