"""Which units a side's legal final vectors can kill, with the assignment rules switchable.

The legal splits the verbs use come from the answer-set programs (``legal.lp``) or their closed forms. To see
whether a verdict turns on one of the rules that shape them, a claim decides itself again with that rule's effect
taken away (:func:`pycombat.in_force.removed`); this module reads the vectors of the Python statement of the same
final-vector constraints (RB-MODEL-3), :func:`.bruteforce.model3_legal` over :func:`.bruteforce.walk`, which
applies each constraint only while its rule is in force (:data:`ASSIGNMENT_RULES`: RB-DMG-3, RB-DMG-6, RB-DMG-7,
RB-DMG-9, RB-ORD-2, RB-ORD-3; RB-ORD-7 and RB-READ-1 [lethal_order=killable_first] always).

With every rule in force the vectors are those of :func:`.bruteforce.bounded_filter`
(tests/riftbound/test_fate_cites_the_assignment_rules.py checks them against the verbs' own kill classes).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from pycombat.in_force import removed_rules
from pycombat.solver import is_loaded, memo
from ..model import Board, other
from .bruteforce import ASSIGNMENT_RULES, SideProblem, walk


#: at most this many vectors are looked at; more (counted before any is looked at): no answer (None)
LIMIT = 20_000
#: (board content, side, what is read, the assignment rules taken away) -> the answers: the boards met again (by
#: another claim, or another set of rules taken away that this side does not read) are not enumerated again
_ANSWERS = memo(limit=4096)


def _answers(board: Board, side: str, read: Callable[[dict[str, int]], bool], limit: int,
             what: tuple) -> frozenset[bool] | None:
    """``read`` (a vector -> yes or no; ``what`` says what it reads) over ``side``'s legal vectors, with the rules in
    force now; None when there are more than ``limit`` vectors to look at."""
    off = removed_rules() & frozenset(ASSIGNMENT_RULES)
    key = (board.key(), side, what, off, limit) if is_loaded() else None
    return _ANSWERS.remember(key, lambda: _enumerate(board, side, read, limit))


def _enumerate(board: Board, side: str, read: Callable[[dict[str, int]], bool], limit: int) -> frozenset[bool] | None:
    seen: set[bool] = set()

    def visit(d: dict[str, int]) -> bool:  # True: stop (both answers seen)
        seen.add(read(d))
        return len(seen) == 2

    return None if _walk(board, side, visit, limit) is None else frozenset(seen)


def _walk(board: Board, side: str, visit: Callable[[dict[str, int]], bool], limit: int) -> bool | None:
    """``visit`` each of ``side``'s legal vectors (the same dict, filled anew: read it, do not keep it) with the
    rules in force now, until it returns True; None when there are more than ``limit`` vectors to look at (counted
    first, :func:`.bruteforce.count_leaves`)."""
    return walk(SideProblem(board, side), visit, limit)


def fates(board: Board, side: str, name: str, *, limit: int = LIMIT) -> frozenset[bool] | None:
    """Whether ``side``'s legal vectors kill the unit ``name`` (of the other side, RB-MIGHT-1): the set of answers
    over them, with the rules in force now (:func:`pycombat.in_force.in_force`); None when there are more than
    ``limit`` vectors to look at."""
    unit = next(u for u in board.side(other(side)) if u.name == name)
    return _answers(board, side, lambda d: unit.dies_with(d.get(name, 0)), limit, ("dies", name))


def wipes(board: Board, side: str, *, limit: int = LIMIT) -> frozenset[bool] | None:
    """Whether ``side``'s legal vectors wipe out the other side (each of its units dies, RB-MIGHT-1), as
    :func:`.outcome.wipe_values` reads it, with the rules in force now; None: too many vectors."""
    if not board.damage_step:
        return frozenset({not board.side(other(side))})
    units = board.side(other(side))
    return _answers(board, side, lambda d: all(u.dies_with(d.get(u.name, 0)) for u in units), limit, ("wiped",))


def best(board: Board, side: str, score: Callable[[tuple[str, ...]], Fraction], *,
         limit: int = LIMIT) -> tuple[Fraction, frozenset[frozenset[tuple[str, int]]]] | None:
    """The most ``score`` (of the other side's units a vector kills, RB-MIGHT-1, in board order, as
    :func:`.game.kill_classes` groups them) over ``side``'s legal vectors, with the rules in force now, and the vectors
    that get it (each as the set of the pairs of :attr:`~..model.Split.amounts`); None when there are more than
    ``limit`` vectors to look at."""
    units = board.side(other(side))
    top: list[Fraction] = []
    tied: set[frozenset[tuple[str, int]]] = set()

    def visit(d: dict[str, int]) -> bool:
        got = score(tuple(u.name for u in units if u.dies_with(d.get(u.name, 0))))
        amounts = frozenset((u.name, d[u.name]) for u in units if d.get(u.name, 0) > 0)
        if not top or got > top[0]:
            top[:] = [got]
            tied.clear()
        if got == top[0]:
            tied.add(amounts)
        return False

    if not board.damage_step:
        visit({})
    elif _walk(board, side, visit, limit) is None:
        return None
    return (top[0], frozenset(tied)) if top else None


def best_score(board: Board, side: str, score: Callable[[tuple[str, ...]], Fraction], *,
               limit: int = LIMIT) -> Fraction | None:
    """The most ``score`` over ``side``'s legal vectors (:func:`best`); None: too many vectors."""
    got = best(board, side, score, limit=limit)
    return None if got is None else got[0]


def present(board: Board, side: str) -> list[str]:
    """The assignment rules (:data:`ASSIGNMENT_RULES`) that can cut ``side``'s vectors on ``board``: lethal-first and
    no overkill with two units to take damage, the leftover rule under ``excess_damage=last``, Tank and Backline where
    a unit the side assigns to has the keyword (Tank not ignored)."""
    p = SideProblem(board, side)
    if p.total == 0:
        return []
    if len(p.order) < 2:
        return ["RB-DMG-3"]
    ignore_tank = board.ignores_tank(side)
    has = {"RB-DMG-3": True, "RB-DMG-6": len(p.targets) >= 2, "RB-DMG-7": True, "RB-DMG-9": p.excess_mode == "last",
           "RB-ORD-2": any(u.tank and not ignore_tank for u in p.targets),
           "RB-ORD-3": any(u.backline for u in p.targets)}
    return [r for r in ASSIGNMENT_RULES if has[r]]
