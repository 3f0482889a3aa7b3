"""Verdict notes are for people: in every ruling file of every game, no note prints a Python tuple
(a decoded ASP term such as ``('attacks_while_not_at_war', 'rohan', 'regular')``) or a region id
where the board has its name."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from verify_runs import verify_run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RULINGS = sorted((ROOT / "examples" / "rulings").glob("*/*.yaml"))


def _wotr_region_ids() -> set[str]:
    from pycombat.games.wotr.board import load_board

    return {r for r, reg in load_board().regions.items() if r != reg.name}


@pytest.mark.parametrize("path", [pytest.param(p, id=f"{p.parent.name}/{p.name}") for p in RULINGS])
def test_no_note_or_violation_prints_a_tuple_an_id_or_a_term(path):
    """No note prints a Python tuple; a region appears by its name, never its id; a violated rule's
    detail is a sentence, not the programs' term (``overkill(defender, A1, A4)``)."""
    lines = [ln for ln in verify_run(path).text.splitlines()
             if ln.strip().startswith(("note:", "violated"))]
    ids = _wotr_region_ids() if path.parent.name == "wotr" else set()
    bad = [ln for ln in lines if re.search(r"\('|', '", ln) or any(re.search(rf"(?<![\w-]){re.escape(r)}(?![\w-])", ln) for r in ids)
           or re.search(r"\b[a-z]+_[a-z_]+\(", ln)]
    assert not bad, bad
