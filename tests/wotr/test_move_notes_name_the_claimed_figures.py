"""WOTR-CHMOVE-7, WOTR-MOVE-9: a move claim's notes name the figures the claim moves. With 2 Nazgûl in
Morannon, "1 Nazgûl may move from Morannon to Fangorn" flies 1 of them, and the note says so (and that 2
are there); moving both names both."""
from __future__ import annotations

import json

from pycombat.cli import main

POSITION = """game: wotr
politics: {{Sauron: at_war, Gondor: at_war}}
position:
  regions:
    Morannon: {{units: {{Sauron: {{regulars: 2}}}}, nazgul: 2}}
action: {{side: shadow, die: character}}
claims:
  - {{id: move, claim: "{n} Nazgûl may move from Morannon to Fangorn"}}
"""


def _notes(tmp_path, capsys, n: int) -> list[str]:
    path = tmp_path / "nazgul.yaml"
    path.write_text(POSITION.format(n=n), encoding="utf-8")
    assert main(["verify", str(path), "--json"]) == 0
    claim = json.loads(capsys.readouterr().out)["claims"][0]
    assert claim["verdict"] is True
    return claim["notes"]


def test_one_of_two_nazgul_is_named_as_one(tmp_path, capsys):
    notes = _notes(tmp_path, capsys, 1)
    assert "WOTR-CHMOVE-7: flies: 1 Nazgûl (of 2 there), Fangorn" in notes
    assert "WOTR-MOVE-9: moves alone: 1 Nazgûl (of 2 there)" in notes
    assert not any("2 Nazgûl," in x for x in notes)


def test_both_nazgul_are_named_as_two(tmp_path, capsys):
    notes = _notes(tmp_path, capsys, 2)
    assert "WOTR-CHMOVE-7: flies: 2 Nazgûl, Fangorn" in notes
