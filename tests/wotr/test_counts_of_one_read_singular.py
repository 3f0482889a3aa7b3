"""A count of one reads in the singular in a position's text and notes: "1 legal move", "One Army alone (1
move)", "moves one Army up to 1 region" (an Event card moving one region, WOTR-MOVE-10)."""
from __future__ import annotations

from pycombat.cli import main

ONE = """game: wotr
politics: {Sauron: at_war}
position:
  regions:
    Barad-dur: {units: {Sauron: {regulars: 1}}}
action: {side: shadow, die: event, card: {name: a card moving one Army one region, moves: 1}}
claims:
  - {claim: there is 1 legal move}
"""


def _out(tmp_path, capsys, verb: str) -> str:
    path = tmp_path / "one.yaml"
    path.write_text(ONE, encoding="utf-8")
    assert main([verb, str(path)]) == 0
    return capsys.readouterr().out


def test_enumerate_says_one_move_in_the_singular(tmp_path, capsys):
    out = _out(tmp_path, capsys, "enumerate")
    assert "moves one Army up to 1 region (WOTR-MOVE-10)" in out
    assert "1 legal move: 1 of Armies, 0 of Characters on their own" in out
    assert "One Army alone (1 move):" in out
    assert "1 legal moves" not in out and "(1 moves)" not in out and "1 regions" not in out


def test_verify_notes_one_move_in_the_singular(tmp_path, capsys):
    out = _out(tmp_path, capsys, "verify")
    assert "TRUE  there is 1 legal move" in out
    assert "note: 1 legal move: 1 of Armies, 0 of Characters" in out
