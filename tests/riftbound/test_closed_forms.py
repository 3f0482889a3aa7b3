"""The closed forms of ``damage/closed.py`` against the encodings they stand in for.

``splits.CLOSED_FORMS`` off, every answer comes from ``asp_rules/riftbound``; on (the default),
derive.lp's numbers (RB-MIGHT-2..8, RB-DMG-1..5, RB-DMG-9, RB-ORD-1..8, RB-MODEL-1..3) and the few
legal vector splits of a side with whether each wipes out the other side (RB-DMG-3, RB-DMG-6..9,
RB-ORD-2..8, RB-READ-1, RB-MIGHT-1, RB-RES-1) come from Python where it applies.  On random boards
(the brute-force tests' strategy: every keyword and every flag drawn):

* the numbers, the listed splits and the wipe-out values equal the solver's;
* the closed listing, taken whole, equals every answer of the side's board program (the solver's
  whole listing with ``wiped_out``), and the replay of every lethal-first, tier-respecting order
  (``bruteforce.replay_orders``, written independently), with the cleanup's kills read off
  ``Unit.dies_with``;
* a flag value the closed forms do not know, and a copy of the encodings named by
  ``$PYCOMBAT_ASP_RULES``, leave every answer to the solver;
* the enumerate JSON of every shipped example is byte-identical with and without them
  (``bench/riftbound_closed.py`` does the same over 1,000 diverse boards and every verb).
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
from pathlib import Path

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from test_riftbound_bruteforce import boards

import pycombat
from pycombat import solver
from pycombat.errors import PycombatError
from pycombat.games.riftbound.damage import closed, splits
from pycombat.games.riftbound.damage import facts as F
from pycombat.games.riftbound.damage.bruteforce import replay_orders
from pycombat.games.riftbound.model import Board, Unit, other

SETTINGS = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
ROOT = Path(pycombat.__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples" / "riftbound").glob("*.yaml")) + sorted(
    (ROOT / "examples" / "rulings" / "riftbound").glob("*.yaml"))
SIDES = ("attacker", "defender")


@contextlib.contextmanager
def closed_forms(on: bool):
    """The closed forms on or off, every cache empty before and after."""
    solver.clear_caches(keep_parsed=True)
    splits.CLOSED_FORMS = on
    try:
        yield
    finally:
        splits.CLOSED_FORMS = True
        solver.clear_caches(keep_parsed=True)


def _answers(board: Board) -> tuple:
    """What a verb reads of a board: derive.lp's numbers, and per side the few splits and wipe-outs."""
    d = splits.derive(board)
    return d, {s: (splits.LegalSplits(board, s)._few_splits(), splits.few_wipes(board, s)) for s in SIDES}


def _solver_listing(board: Board, side: str) -> set[tuple]:
    """Every answer of the side's board program: (amounts, wiped_out)."""
    view = splits.LegalSplits(board, side)
    wiped = F.WipedOut(side=side).raw
    return {(view._split(a.decoded).amounts, wiped in a.symbols)
            for a in splits.board_solver(board, side).models()}


def _dies(board: Board, side: str, amounts: tuple) -> bool:
    """The other side is wiped out by ``amounts`` (RB-MIGHT-1 at the cleanup, Unit.dies_with)."""
    got = dict(amounts)
    return all(u.dies_with(got.get(u.name, 0)) for u in board.side(other(side)))


@SETTINGS
@given(boards())
def test_closed_forms_answer_what_the_solver_answers(board):
    with closed_forms(False):
        alone = _answers(board)
        listings = {s: _solver_listing(board, s) for s in SIDES if alone[0].to_assign[s] > 0}
    with closed_forms(True):
        fast = _answers(board)
        d = splits.derive(board)
        assert closed.derived_atoms(board) is not None  # (every drawn flag value is known)
        for side, listing in listings.items():
            rows = closed.vector_splits(board, d, side, limit=10 ** 6)
            assert rows is not None
            assert len(rows) == len(set(rows))  # one row a split
            assert set(rows) == listing, side
            assert {a for a, _ in rows} == replay_orders(board, side), side
            assert all(w == _dies(board, side, a) for a, w in rows), side
    assert fast == alone, board


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_defenders=3))
def test_a_closed_listing_past_its_limit_is_left_to_the_solver(board):
    """vector_splits makes at most limit + 1 rows; a side with more than LISTED_AT_ONCE is listed by
    the solver (its first splits are those the side's program finds first)."""
    with closed_forms(True):
        d = splits.derive(board)
        for side in SIDES:
            rows = closed.vector_splits(board, d, side, limit=2)
            if rows is not None:
                whole = closed.vector_splits(board, d, side, limit=10 ** 6)
                assert len(rows) == min(3, len(whole))
                assert rows == whole[:len(rows)]


def test_what_the_closed_forms_do_not_cover_is_left_to_the_solver(monkeypatch, tmp_path):
    board = Board((Unit("A", "attacker", 4),), (Unit("D1", "defender", 2), Unit("D2", "defender", 3)),
                  {"excess_damage": "free"})
    assert closed.derived_atoms(board) is not None
    odd = dataclasses.replace(board, flags={"excess_damage": "sideways"})
    assert closed.derived_atoms(odd) is None
    assert closed.vector_splits(odd, None, "attacker", 10) is None
    # damage doubled past clingo's 32-bit integers: the solver's to judge
    doubled = dataclasses.replace(board, defender=(Unit("D1", "defender", 2, doubled=closed.MAX_DOUBLED + 1),))
    assert closed.derived_atoms(doubled) is None
    with closed_forms(True):
        monkeypatch.delenv(solver.RULES_DIR_VARIABLE, raising=False)  # (the shipped rules: the mutation battery sets it)
        assert splits._closed_derived(board) is not None
        monkeypatch.setenv(solver.RULES_DIR_VARIABLE, str(tmp_path))
        assert splits._closed_derived(board) is None
        assert splits._closed_few(board, "attacker", splits.Derived(**{
            f.name: None for f in dataclasses.fields(splits.Derived)})) is None


def test_closed_listing_of_a_small_board():
    """4 damage against Might 2 and 3 (lethal 2 and 3: not every unit can get lethal): one unit gets
    its lethal and the other the rest, short (RB-DMG-6); neither takes all 4, more than its lethal
    while the other lacks lethal (RB-DMG-7). Neither split kills both (RB-RES-1)."""
    board = Board((Unit("A", "attacker", 4),), (Unit("D1", "defender", 2), Unit("D2", "defender", 3)),
                  {"excess_damage": "free"})
    with closed_forms(True):
        d = splits.derive(board)
        rows = closed.vector_splits(board, d, "attacker", 100)
    assert sorted(rows) == [((("D1", 1), ("D2", 3)), False), ((("D1", 2), ("D2", 2)), False)]


def _enumerate_json(path: Path) -> str:
    try:
        return json.dumps(pycombat.load(path).run("enumerate").to_json(), ensure_ascii=False)
    except PycombatError as exc:
        return f"{type(exc).__name__}: {exc}"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_enumerate_json_of_each_example_is_the_same_with_the_closed_forms(path):
    with closed_forms(False):
        alone = _enumerate_json(path)
    with closed_forms(True):
        assert _enumerate_json(path) == alone


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_defenders=8))
def test_closed_listing_on_wider_boards(board):
    """Up to 8 receivers (the not-big listing tries every set of full units): the solver's listing."""
    with closed_forms(False):
        d = splits.derive(board)
        listings = {s: _solver_listing(board, s) for s in SIDES if d.to_assign[s] > 0}
    with closed_forms(True):
        assert splits.derive(board) == d
        for side, listing in listings.items():
            assert set(closed.vector_splits(board, d, side, limit=10 ** 6)) == listing, side
