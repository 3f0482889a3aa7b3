"""``tree`` of the showdown game from both hands names what that game does not weigh: the very list ``optimize`` names
for it (one answer per question), never the notes of the verbs that read the showdown as given (the hands not played,
the combat triggers left to state: the game plays them)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycombat.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("example", ["trigger_choices", "showdown_hands"])
def test_tree_with_hands_lists_optimizes_unmodelled(example, tmp_path, capsys):
    path = str(ROOT / "examples" / "riftbound" / f"{example}.yaml")
    assert main(["optimize", path, "--json"]) == 0
    wanted = json.loads(capsys.readouterr().out)["unmodelled"]
    assert main(["tree", path, "-o", str(tmp_path / "t.graphml"), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["unmodelled"]
    assert got == wanted
    assert not any(u["card"] == "hand" for u in got)
