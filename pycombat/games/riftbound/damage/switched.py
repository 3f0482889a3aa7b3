"""Which units a side's legal final vectors can kill, with the assignment rules switchable.

The legal splits the verbs use come from the answer-set programs (``legal.lp``) or their closed forms. To see
whether a verdict turns on one of the rules that shape them, a claim decides itself again with that rule's effect
taken away (:func:`pycombat.in_force.removed`); this module is the Python statement of the same final-vector
constraints (RB-MODEL-3) it then reads, each constraint applied only while its rule is in force:

* RB-DMG-3: the whole total is assigned (without it, any part of it);
* RB-DMG-6 (lethal-first): at most one target has some damage but less than lethal;
* RB-DMG-7 (no overkill while others remain): a target gets more than lethal only when every other target has it;
* RB-ORD-2 (Tank) / RB-ORD-3 (Backline), in the tier model RB-ORD-8: a unit of a later tier gets damage only when
  every unit of an earlier tier has lethal (without the rule, that keyword sets no tier; a unit with both keywords
  picks tier 0 or 2, RB-ORD-5);
* RB-DMG-9: the leftover is assigned too, under ``excess_damage=last`` on one unit that can come last (without the
  rule it may stay unassigned, and goes anywhere);
* RB-ORD-7: damage goes on a unit that cannot be dealt damage only once every target has lethal;
* RB-READ-1 [lethal_order=killable_first] as :func:`.bruteforce.model3_legal` reads it.

With every rule in force the vectors are those of
:func:`.bruteforce.filter_vectors` (tests/riftbound/test_fate_cites_the_assignment_rules.py checks it against the
verbs' own kill classes).
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Callable

from pycombat.in_force import in_force, removed_rules
from pycombat.solver import is_loaded, memo
from ..model import Board, other
from .bruteforce import SideProblem

#: the assignment rules a fate may turn on, each switchable here
ASSIGNMENT_RULES = ("RB-DMG-3", "RB-DMG-6", "RB-DMG-7", "RB-DMG-9", "RB-ORD-2", "RB-ORD-3")
#: at most this many vectors are looked at; more (counted before any is looked at): no answer (None)
LIMIT = 20_000
#: (board content, side, what is read, the assignment rules taken away) -> the answers: the boards met again (by
#: another claim, or another set of rules taken away that this side does not read) are not enumerated again
_ANSWERS = memo(limit=4096)


def _tiers(board: Board, p: SideProblem) -> dict[str, tuple[int, ...]]:
    """Each target's possible tiers with the keywords whose rule is in force (RB-ORD-2, RB-ORD-3, RB-ORD-5/8)."""
    out = {}
    ignore_tank = board.ignores_tank(p.side)
    for u in p.targets:
        tank = u.tank and not ignore_tank and in_force("RB-ORD-2")
        back = u.backline and in_force("RB-ORD-3")
        out[u.name] = (0, 2) if tank and back else (0,) if tank else (2,) if back else (1,)
    return out


def _legal(p: SideProblem, tiers: dict[str, tuple[int, ...]], d: dict[str, int]) -> bool:
    lethal = p.lethal
    full = {n: lethal[n] is not None and d[n] >= lethal[n] for n in lethal}
    lacking = [n for n in lethal if not full[n]]
    if lacking and any(d[u.name] for u in p.dumps):  # RB-ORD-7: dumped on before every target has lethal
        return False
    short = [n for n in lethal if 0 < d[n] and not full[n]]
    if in_force("RB-DMG-6") and len(short) > 1:
        return False
    over = [n for n in lethal if full[n] and d[n] > lethal[n]]
    if in_force("RB-DMG-7") and over and lacking:
        return False
    holders = over + [u.name for u in p.dumps if d[u.name]]
    last = p.excess_mode == "last" and in_force("RB-DMG-9")
    if last and len(holders) > 1:
        return False
    duals = [n for n, t in tiers.items() if len(t) > 1]
    for choice in itertools.product((0, 2), repeat=len(duals)):
        tier = {n: t[0] for n, t in tiers.items()}
        tier.update(zip(duals, choice, strict=True))
        if any(d[j] > 0 and tier[i] < tier[j] for j in lethal for i in lacking):
            continue
        if p.killable_first and any(d[j] == 0 and lethal[j] is not None and lethal[j] <= d[s] and tier[j] <= tier[s]
                                    for s in short for j in lethal):
            continue
        if last and holders and holders[0] in lethal and any(tier[n] > tier[holders[0]] for n in lethal):
            continue
        return True
    return False


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
    rules in force now, until it returns True; None when there are more than ``limit`` vectors to look at."""
    p = SideProblem(board, side)
    if p.total == 0:
        visit({})
        return True
    tiers = _tiers(board, p)
    names = p.order
    cap = p.total
    if in_force("RB-DMG-7") and all(v is not None for v in p.lethal.values()):
        excess = max(0, p.total - sum(p.lethal.values()))  # a target never holds more than lethal + the leftover
        caps = [min(cap, p.lethal[n] + excess) if n in p.lethal else excess for n in names]
    else:
        caps = [cap for _ in names]
    suffix = [sum(caps[i:]) for i in range(len(caps))] + [0]
    # RB-DMG-3: the whole total is assigned; RB-DMG-9: so is the leftover once every target has lethal (without
    # the rule it may stay unassigned)
    full_total = in_force("RB-DMG-3")
    pruned = full_total and in_force("RB-DMG-9")
    if _leaves(caps, suffix, p.total, pruned) > limit:  # counted first: never looked at one by one
        return None
    looked = 0
    cur: dict[str, int] = {}

    def assigned_ok(left: int) -> bool:
        if left == 0:
            return True
        if not full_total:
            return True
        return not in_force("RB-DMG-9") and all(v is not None and cur[n] >= v for n, v in p.lethal.items())

    def rec(i: int, left: int) -> bool:  # True: stop (visit said so, or too many vectors)
        nonlocal looked
        if i == len(names):
            looked += 1
            if assigned_ok(left) and _legal(p, tiers, cur) and visit(cur):
                return True
            return looked > limit
        if full_total and in_force("RB-DMG-9") and left > suffix[i]:
            return False
        for a in range(min(caps[i], left) + 1):
            cur[names[i]] = a
            if rec(i + 1, left - a):
                return True
        return False

    rec(0, p.total)
    return None if looked > limit else True


def _leaves(caps: list[int], suffix: list[int], total: int, pruned: bool) -> int:
    """How many vectors :func:`_enumerate`'s walk reaches (each target ``i`` given 0..``caps[i]`` of what is left;
    ``pruned``: a branch that cannot assign the whole total is cut), counted by position and amount left."""
    counts = {total: 1}  # amount left -> the partial vectors reaching it
    for i, cap in enumerate(caps):
        nxt: dict[int, int] = {}
        for left, n in counts.items():
            if pruned and left > suffix[i]:
                continue
            for a in range(min(cap, left) + 1):
                nxt[left - a] = nxt.get(left - a, 0) + n
        counts = nxt
    return sum(counts.values())


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
