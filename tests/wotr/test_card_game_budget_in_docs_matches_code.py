"""docs/wotr.md states the card game's work budget: the numbers it gives are the solver's constants
(`MAX_POSITIONS`, `MAX_CARD_ROUNDS` of cards/round_game.py), so the two cannot drift apart."""
from __future__ import annotations

import re
from pathlib import Path

from pycombat.games.wotr.cards.round_game import MAX_CARD_ROUNDS, MAX_POSITIONS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "wotr.md").read_text(encoding="utf-8")


def test_docs_budget_numbers_are_the_constants():
    m = re.search(r"card game would exceed the solver's work budget \(([\d,]+) card-choice positions,\s+"
                  r"([\d,]+) card rounds played", DOC)
    assert m, "docs/wotr.md no longer states the card game's budget"
    assert int(m[1].replace(",", "")) == MAX_POSITIONS
    assert int(m[2].replace(",", "")) == MAX_CARD_ROUNDS
    assert "MAX_POSITIONS" in DOC and "MAX_CARD_ROUNDS" in DOC
