"""Every violation the Riftbound programs can report is said in words (pycombat.games.riftbound.violations)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pycombat.games.riftbound.violations import SENTENCES, violation_text

ASP = Path(__file__).resolve().parents[2] / "asp_rules" / "riftbound"
#: violation("RB-X-N", name(A, B, ...)) or violation(R, name(...)) as written in the programs
_HEAD = re.compile(r"violation\(\s*(?:\"[A-Z0-9-]+\"|R)\s*,\s*([a-z_]+)\(([^()]*)\)\s*\)")


def _written() -> set[tuple[str, int]]:
    out = set()
    for f in ASP.glob("*.lp"):
        for line in f.read_text().splitlines():
            code = line.split("%", 1)[0]
            for name, args in _HEAD.findall(code):
                out.add((name, len([a for a in args.split(",") if a.strip()])))
    return out


def test_the_programs_write_violations():
    assert ("overkill", 3) in _written() and len(_written()) >= 25


@pytest.mark.parametrize("name,arity", sorted(_written()))
def test_each_violation_has_a_sentence(name, arity):
    args = ("attacker",) + tuple(f"U{i}" for i in range(1, arity))
    text = violation_text((name, *args))
    assert name in SENTENCES, f"{name}/{arity} has no sentence"
    assert f"{name}(" not in text, text  # a sentence, not the term
    for a in args[1:]:  # every unit and number it names (the side where it matters)
        assert str(a) in text, (a, text)


def test_an_unknown_detail_is_shown_as_written():
    assert violation_text(("new_thing", "defender", "A1")) == "new_thing(defender, A1)"
    assert violation_text(["overkill", "defender", "A1", "A4"]).startswith("the defender assigns A1 more")
