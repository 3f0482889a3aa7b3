"""WotR odds: golden files (text and JSON) for shipped examples that show the round table, the fates
of the figures, a siege and a Settlement's political step; the JSON's distributions each sum to 1.

Regenerate with ``UPDATE_GOLDEN=1`` after a deliberate change of the output."""
from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

from pycombat.cli import main

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
EXAMPLES = ["cards_dagorlad", "minas_tirith_siege", "seed_six_and_two", "folde_capture"]


def _cli(argv, capsys, monkeypatch) -> tuple[int, str]:
    monkeypatch.chdir(ROOT)  # the scenario path in the output is relative to the repository
    code = main(argv)
    return code, capsys.readouterr().out


@pytest.mark.parametrize("name", EXAMPLES)
def test_odds_golden(name, capsys, monkeypatch):
    path = f"examples/wotr/{name}.yaml"
    code, text = _cli(["odds", path], capsys, monkeypatch)
    assert code == 0
    code, out = _cli(["odds", path, "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    gt, gj = GOLDEN / f"wotr_odds_{name}.txt", GOLDEN / f"wotr_odds_{name}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        gt.write_text(text, encoding="utf-8")
        gj.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    assert text == gt.read_text(encoding="utf-8")
    assert data == json.loads(gj.read_text(encoding="utf-8"))
    # what the golden files must show
    assert data["round_table"] and "Round 1, side by side" in text
    assert data["fates"] and "Where the figures go" in text
    dists = list(_dists(data["round_table"]))
    assert len(dists) >= 8  # dice, hits of each roll, hits taken ... for both sides
    for dist in dists:
        assert sum(Fraction(v["exact"]) for v in dist.values()) == 1
    if name == "minas_tirith_siege":
        assert data["siege"]
    if name == "folde_capture":
        assert any(row.get("settlement") for row in data["politics"]) and "may be captured" in text


def _dists(node):
    """Every {value: {"exact": "n/d", ...}} distribution inside ``node``."""
    if isinstance(node, dict):
        if node and all(isinstance(v, dict) and "exact" in v for v in node.values()) and \
                all(k.lstrip("-").isdigit() for k in node):
            yield node
            return
        for v in node.values():
            yield from _dists(v)
    elif isinstance(node, list):
        for v in node:
            yield from _dists(v)
