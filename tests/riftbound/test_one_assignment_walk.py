"""One walk over the split vectors and one statement of their constraints, switchable rule by rule.

:func:`pycombat.games.riftbound.damage.bruteforce.model3_legal` over :func:`~pycombat.games.riftbound.damage.
bruteforce.walk` is both the brute-force oracle of the legal splits (every rule in force) and what
:mod:`pycombat.games.riftbound.damage.switched` reads with assignment rules taken away. On every board of
examples/riftbound and on seeded random boards (tests/riftbound/assignment_walk_cases.py), the answers (the legal
vectors, the verbs' kill classes, and with each rule, and some pairs, taken away: the fates, wipes and best scores,
under a small limit and the default one) are those recorded in tests/riftbound/data/assignment_walk.json (a hash of
each board's answers, from the two statements this one replaced).
"""
from __future__ import annotations

import hashlib
import json

import pytest

from assignment_walk_cases import DATA, answers, example_boards, random_board
from pycombat import solver

RECORDED: dict[str, str] = json.loads(DATA.read_text())
EXAMPLES = example_boards()


def _digest(got: dict) -> str:
    return hashlib.sha256(json.dumps(got, sort_keys=True).encode()).hexdigest()[:16]


def _check(key: str, board, **kw) -> None:
    solver.clear_caches(keep_parsed=True)  # the memos' answers are not the walk's
    assert _digest(json.loads(json.dumps(answers(board, **kw)))) == RECORDED[key], key


def test_every_example_and_drawn_board_is_recorded():
    assert {k for k in RECORDED if k.startswith("example:")} == {f"example:{n}" for n in EXAMPLES}
    assert len(RECORDED) == len(EXAMPLES) + 300 + 40


#: an example of more than 8 units takes over a second: the long tier's
BIG = {n for n, b in EXAMPLES.items() if len(b.attacker) + len(b.defender) > 8}


@pytest.mark.parametrize("name", [pytest.param(n, marks=[pytest.mark.long] if n in BIG else [])
                                  for n in sorted(EXAMPLES)])
def test_an_example_board_gives_the_recorded_answers(name):
    _check(f"example:{name}", EXAMPLES[name])


def test_the_first_drawn_boards_give_the_recorded_answers():
    for seed in range(30):
        _check(f"seed:{seed}", random_board(seed))


@pytest.mark.long
def test_every_drawn_board_gives_the_recorded_answers():
    for seed in range(30, 300):
        _check(f"seed:{seed}", random_board(seed))
    for seed in range(1000, 1040):  # 3-6 units a side
        _check(f"seed:{seed}", random_board(seed), kill_classes=False)
