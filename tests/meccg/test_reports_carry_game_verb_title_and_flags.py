"""Every MECCG report's JSON carries the game, verb, scenario file, title and the flags it was made under (as
docs/api.md says of every report): optimize under two readings of a flag gives two values, and each JSON says
which reading it is."""
from __future__ import annotations

import json

import pytest
import yaml

from pycombat.cli import main

DOC = {"game": "meccg", "title": "Shagrat on Gimli",
       "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Gimli"]},
       "combat": {"strikes": [{"defender": "Gimli", "attacker": "Shagrat",
                               "rolls": {"attacker": 7, "defender": 7, "body": 5}}]},
       "claims": [{"claim": "the attack has 1 strikes", "expect": True}]}
HEAD = ("game", "verb", "scenario", "title", "flags")


def _json(capsys, *argv) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("verb", ["enumerate", "odds", "replay", "verify", "optimize", "tree"])
def test_every_report_carries_game_verb_title_and_flags(verb, tmp_path, capsys):
    path = tmp_path / "shagrat.yaml"
    path.write_text(yaml.safe_dump(DOC))
    extra = ["-o", str(tmp_path / "t.graphml")] if verb == "tree" else []
    got = _json(capsys, verb, str(path), "--json", "--flag", "hazard_scope=all", *extra)
    assert list(got)[:5] == list(HEAD)
    assert (got["game"], got["verb"], got["scenario"], got["title"]) == ("meccg", verb, str(path), "Shagrat on Gimli")
    assert got["flags"]["hazard_scope"] == "all" and "site_barred_ally_strikes" in got["flags"]


def test_optimize_json_says_the_reading_its_value_is_under(capsys):
    values = {}
    for reading in ("none", "strike"):
        got = _json(capsys, "optimize", "examples/meccg/wind_throne.yaml", "--json",
                    "--flag", f"site_barred_ally_strikes={reading}")
        assert got["flags"]["site_barred_ally_strikes"] == reading and got["verb"] == "optimize"
        values[reading] = got["value"]
    assert values["none"] != values["strike"]
