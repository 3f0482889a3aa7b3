"""War of the Ring position claims (moves, cards, dice, hand): a claim given as ``kind:`` and its fields is
shown as the sentence that says it, which the claim reader reads back as the same claim."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pycombat import api
from pycombat.games.wotr.claims import battle as claims
from pycombat.games.wotr.claims.position import BOOK
from pycombat.scenario import Node

RULINGS = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "wotr"
POSITIONS = sorted(p for p in RULINGS.glob("*.yaml") if "position:" in p.read_text(encoding="utf-8"))


def _read(scenario, sentences):
    nodes = tuple(Node({"claim": t}, file="t.yaml", path=f"claims[{i}]") for i, t in enumerate(sentences))
    return claims.read(replace(scenario, claims=nodes))


def test_each_kind_claim_reads_back_from_its_sentence():
    """Every claim of the position rulings files but the moves (a move is shown as its steps: "A -> B"): its
    sentence, read against the same position, is the same claim."""
    checked = 0
    for path in POSITIONS:
        scenario = api.load(path).model
        read = [c for c in claims.read(scenario) if c.kind != "move"]
        again = _read(scenario, [BOOK.describe(c.kind, c.args, False) for c in read])
        assert [(c.kind, c.args) for c in again] == [(c.kind, c.args) for c in read], path.name
        checked += len(read)
    assert checked >= 40


def test_every_kind_but_move_has_its_sentence():
    """Across the rulings files every kind is read back (so each has a sentence), and none is shown as
    the kind and its fields."""
    kinds = set()
    for path in POSITIONS:
        for c in claims.read(api.load(path).model):
            text = BOOK.describe(c.kind, c.args, False)
            assert not text.startswith(c.kind + " "), text
            kinds.add(c.kind)
    assert kinds == set(BOOK.kinds)
