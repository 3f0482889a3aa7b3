"""`optimize` with hands of Combat cards: the headline value says which game it is the value of, the
card game's (the hands played) and the battle without cards (the splits and outcomes below)."""
from __future__ import annotations

from pathlib import Path

from pycombat.cli import main

EX = Path(__file__).resolve().parents[2] / "examples" / "wotr"


def test_headline_values_are_labelled_with_and_without_cards(capsys):
    code = main(["optimize", str(EX / "cards_hand_rounds.yaml"), "--top", "1"])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    with_cards = next(i for i, ln in enumerate(lines) if ln.startswith("Value under optimal play with the Combat cards"))
    assert "0.896324" in lines[with_cards] and "WOTR-CARD-2" in lines[with_cards]
    assert lines[with_cards + 1].startswith("Value of the same battle without Combat cards, by the same rules")
    assert lines[with_cards + 1].endswith("26680003961/31381059609 (0.8502)")
    assert lines[with_cards + 2].startswith("  both values: ") and "casualty_policy=downgrade_first" in lines[with_cards + 2]
    assert lines[with_cards + 3].startswith("Value under optimal play without Combat cards of the best split")
    assert not any(ln.startswith("Value under optimal play: ") for ln in lines)


def test_headline_without_hands_is_unchanged(capsys):
    code = main(["optimize", str(EX / "skirmish.yaml"), "--top", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert any(ln.startswith("Value under optimal play: ") for ln in out.splitlines())
    assert "with the Combat cards" not in out
