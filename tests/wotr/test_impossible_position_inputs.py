"""Position inputs the game cannot hold are refused (exit 2, one message naming the field): more than
the three Elven Rings (WOTR-DICE-7), a card both in the hand and among the played ones (a played or
discarded card never comes back, WOTR-EVT-3)."""
from __future__ import annotations

from pycombat.cli import main


def _run(tmp_path, capsys, text: str):
    path = tmp_path / "pos.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["verify", str(path)])
    return code, capsys.readouterr().err


def test_more_than_three_elven_rings_is_refused(tmp_path, capsys):
    code, err = _run(tmp_path, capsys, """game: wotr
position:
  regions:
    Minas Tirith: {units: {Gondor: {regulars: 3}}}
action: {side: free_peoples, die: character, elven_rings: 5}
claims:
  - {claim: an Elven Ring may change the die to Event}
""")
    assert code == 2 and "action.elven_rings" in err and "0 to 3" in err and "not 5" in err


def test_three_elven_rings_are_read(tmp_path, capsys):
    code, _ = _run(tmp_path, capsys, """game: wotr
position:
  regions:
    Minas Tirith: {units: {Gondor: {regulars: 3}}}
action: {side: free_peoples, die: character, elven_rings: 3}
claims:
  - {claim: an Elven Ring may change the die to Event, expect: true}
""")
    assert code == 0


def test_a_card_held_and_played_is_refused(tmp_path, capsys):
    code, err = _run(tmp_path, capsys, """game: wotr
position: {setup: true}
action: {side: free_peoples, die: event}
hand: [Elven Cloaks, Elven Rope]
played: [Elven Rope]
claims:
  - {claim: Elven Rope may be played}
""")
    assert code == 2 and "played[0]" in err and "'Elven Rope' is both in `hand:` and in `played:`" in err
