"""Every Riftbound report's JSON opens with the game, the verb, the scenario file, its title and the interpretation
flags it was answered under (docs/api.md): `optimize` (from the board and from both hands), `tree` and `verify` as
`enumerate` and `odds`; two flag values that give different answers give JSON documents that say which is which."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from pycombat.cli import main

ROOT = Path(__file__).resolve().parents[2]
HEAD = ("game", "verb", "scenario", "title", "flags")
DOC = {"game": "riftbound", "title": "three against two",
       "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3}]},
       "defender": {"player": "Bo", "units": [{"name": "D1", "custom": True, "might": 1},
                                             {"name": "D2", "custom": True, "might": 2}]},
       "claims": ["the attacker conquers"]}


def _json(argv, capsys) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("verb", [["enumerate"], ["odds"], ["optimize"], ["verify"], ["tree", "-o", "{out}"]])
@pytest.mark.parametrize("value", ["free", "last"])
def test_every_report_names_game_verb_title_and_flags(verb, value, tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(DOC, sort_keys=False), encoding="utf-8")
    argv = [verb[0], str(path), *[a.format(out=tmp_path / "t.graphml") for a in verb[1:]],
            "--flag", f"excess_damage={value}"]
    got = _json(argv, capsys)
    assert list(got)[:len(HEAD)] == list(HEAD)
    assert (got["game"], got["verb"], got["scenario"], got["title"]) == ("riftbound", verb[0], str(path),
                                                                         "three against two")
    assert got["flags"]["excess_damage"] == value


@pytest.mark.parametrize("verb", [["optimize"], ["tree", "-o", "{out}"]])
def test_reports_from_both_hands_name_them_too(verb, tmp_path, capsys):
    path = ROOT / "examples" / "riftbound" / "showdown_hands.yaml"
    title = yaml.safe_load(path.read_text(encoding="utf-8")).get("title")
    got = _json([verb[0], str(path), *[a.format(out=tmp_path / "t.graphml") for a in verb[1:]]], capsys)
    assert list(got)[:len(HEAD)] == list(HEAD)
    assert (got["game"], got["verb"], got["title"]) == ("riftbound", verb[0], title)
    assert got["flags"]["excess_damage"] == "free"
