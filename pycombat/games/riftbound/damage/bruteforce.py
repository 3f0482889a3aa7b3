"""Brute-force oracles for the legal damage splits (no ASP: for tests and ``make bench``).

Two independent statements of RB-DMG-6..9 and RB-ORD-2..8, neither shared with the ASP:

* :func:`replay_orders` replays the rule as a player would: for each choice of tiers of the
  dual units (RB-ORD-5/8), take the units one at a time, always from the lowest tier that
  still has units (RB-ORD-2/3/4), give each its lethal damage or all that is left
  (RB-DMG-6/7), stop when the total is gone; if damage is left once every target was taken,
  it goes anywhere (``excess_damage=free``) or on the last unit taken
  (``excess_damage=last``), RB-DMG-9. Duplicate vectors are merged.
* :func:`filter_vectors` enumerates every damage vector with the right total (each amount
  bounded by the total) and keeps those that satisfy the digest's RB-MODEL-3 statement
  (:func:`model3_legal`); :func:`bounded_filter` keeps the same ones from a capped, pruned
  walk (:func:`walk`).

The final-vector constraints are stated once, in :func:`model3_legal`, each applied only while its rule is in
force (:func:`pycombat.in_force.in_force`; every rule is, unless a claim takes one away to see whether its verdict
turns on it): RB-DMG-3 (the whole total is assigned), RB-DMG-6 (lethal-first), RB-DMG-7 (no overkill while a target
lacks lethal), RB-DMG-9 (the leftover assigned too, under ``excess_damage=last`` on one unit that can come last),
RB-ORD-2 (Tank) and RB-ORD-3 (Backline), which set a target's tier (RB-ORD-5/8) in :class:`SideProblem`.
:mod:`.switched` reads which units the vectors kill through :func:`walk`, with some of them taken away.

Lethal amounts come from :meth:`model.Unit.lethal` (the Python statement of RB-MODEL-1).
"""
from __future__ import annotations

import itertools
from typing import Callable, Iterator, Mapping

from pycombat.in_force import in_force

from ..model import Board, Unit, other

Vector = tuple[tuple[str, int], ...]

#: the assignment rules :func:`model3_legal` and :func:`walk` apply only while they are in force
ASSIGNMENT_RULES = ("RB-DMG-3", "RB-DMG-6", "RB-DMG-7", "RB-DMG-9", "RB-ORD-2", "RB-ORD-3")


class SideProblem:
    """What one side's assignment is about: its total and the units that may receive it (each target's tiers with
    the rules in force as it is built)."""

    def __init__(self, board: Board, side: str):
        flags = board.flags
        self.side = side
        self.receivers: list[Unit] = list(board.side(other(side)))
        self.targets = [u for u in self.receivers if not u.immune]  # RB-ORD-7
        self.dumps = [u for u in self.receivers if u.immune] if flags.get("immune_targets") == "dumpable" else []
        self.order = [u.name for u in self.targets + self.dumps]
        self.lethal: dict[str, int | None] = {u.name: u.lethal(flags) for u in self.targets}
        has_recv = bool(self.targets or self.dumps)
        self.total = board.pool(side) if (board.damage_step and has_recv) else 0  # RB-DMG-1/3, RB-ORD-7
        ignore_tank = board.ignores_tank(side)
        self.tiers: dict[str, tuple[int, ...]] = {}
        for u in self.targets:  # a keyword sets a tier while its rule is in force
            tank = u.tank and not ignore_tank and in_force("RB-ORD-2")
            back = u.backline and in_force("RB-ORD-3")
            if tank and back:
                self.tiers[u.name] = (0, 2)  # RB-ORD-5: first or last
            elif tank:
                self.tiers[u.name] = (0,)
            elif back:
                self.tiers[u.name] = (2,)
            else:
                self.tiers[u.name] = (1,)
        #: each target's tier, for each choice of a unit with both keywords: first or last (RB-ORD-5/8)
        self.tier_choices: list[dict[str, int]] = []
        duals = [n for n, t in self.tiers.items() if len(t) > 1]
        for choice in itertools.product((0, 2), repeat=len(duals)):
            tier = {n: t[0] for n, t in self.tiers.items()}
            tier.update(zip(duals, choice, strict=True))
            self.tier_choices.append(tier)
        self.excess_mode = flags.get("excess_damage", "free")
        # RB-READ-1 [lethal_order=killable_first]: a unit the remaining damage can kill first
        self.killable_first = flags.get("lethal_order", "as_worded") == "killable_first"

    def canonical(self, damage: Mapping[str, int]) -> Vector:
        return tuple((n, damage[n]) for n in self.order if damage.get(n, 0) > 0)


def _distributions(total: int, names: list[str]) -> Iterator[dict[str, int]]:
    """Every way to put ``total`` on ``names`` (stars and bars)."""
    if not names:
        if total == 0:
            yield {}
        return
    for cuts in itertools.combinations(range(total + len(names) - 1), len(names) - 1):
        prev, out = -1, {}
        for n, c in zip(names, cuts + (total + len(names) - 1,), strict=True):
            out[n] = c - prev - 1
            prev = c
        yield out


def _choosable(p: SideProblem, tier: Mapping[str, int], rest: list[str], low: int, left: int) -> list[str]:
    """The units that may be taken next: those of the lowest tier left (RB-ORD-2/3/4); under
    RB-READ-1 [lethal_order=killable_first], only those ``left`` kills when there are any."""
    names = [n for n in rest if tier[n] == low]
    if p.killable_first:
        kill = [n for n in names if p.lethal[n] is not None and p.lethal[n] <= left]
        if kill:
            return kill
    return names


def replay_orders(board: Board, side: str) -> set[Vector]:
    """Every final vector some lethal-first, tier-respecting order of assignment produces."""
    p = SideProblem(board, side)
    out: set[Vector] = set()
    if p.total == 0:
        return {()}
    for tier in p.tier_choices:
        stack = [(p.total, (), None)]  # (damage left, units taken with amounts, last unit taken)
        while stack:
            left, taken, last = stack.pop()
            done = {n for n, _ in taken}
            rest = [n for n in tier if n not in done]
            if left == 0:
                out.add(p.canonical(dict(taken)))
                continue
            if not rest:  # every target was taken: RB-DMG-9, the leftover
                base = dict(taken)
                if p.excess_mode == "free":
                    for extra in _distributions(left, p.order):
                        out.add(p.canonical({n: base.get(n, 0) + extra[n] for n in p.order}))
                else:
                    for n in ([last] if last is not None else []) + [d.name for d in p.dumps]:
                        out.add(p.canonical({**base, n: base.get(n, 0) + left}))
                continue
            low = min(tier[n] for n in rest)  # RB-ORD-2/3: lower tiers first; RB-ORD-4: any order inside
            for n in _choosable(p, tier, rest, low, left):
                lethal = p.lethal[n]
                amount = left if lethal is None else min(lethal, left)  # RB-DMG-6/7
                stack.append((left - amount, taken + ((n, amount),), n))
    return out


def replay_sequences(board: Board, side: str) -> set[tuple[tuple[str, int], ...]]:
    """Every legal assignment sequence (RB-MODEL-6 [split_repr=sequence]) in the canonical form
    the ASP lists: the units in the order taken, each with its lethal damage or what was left;
    the leftover (RB-DMG-9) added to the last unit's step (``last``) or as extra steps, one
    per unit in name order (``free``); a dumped-on unit (RB-ORD-7) gets an extra step."""
    p = SideProblem(board, side)
    if p.total == 0:
        return {()}
    out: set[tuple[tuple[str, int], ...]] = set()
    for tier in p.tier_choices:
        stack: list[tuple[int, tuple[tuple[str, int], ...]]] = [(p.total, ())]
        while stack:
            left, taken = stack.pop()
            done = {n for n, _ in taken}
            rest = [n for n in tier if n not in done]
            if left == 0:
                out.add(taken)
                continue
            if not rest:
                if p.excess_mode == "free":
                    for extra in _distributions(left, p.order):
                        out.add(taken + tuple(sorted((n, x) for n, x in extra.items() if x)))
                else:
                    if taken:
                        out.add(taken[:-1] + ((taken[-1][0], taken[-1][1] + left),))
                    for dmp in p.dumps:
                        out.add(taken + ((dmp.name, left),))
                continue
            low = min(tier[n] for n in rest)
            for n in _choosable(p, tier, rest, low, left):
                lethal = p.lethal[n]
                amount = left if lethal is None else min(lethal, left)
                stack.append((left - amount, taken + ((n, amount),)))
    return out


def model3_legal(p: SideProblem, damage: Mapping[str, int]) -> bool:
    """The digest's RB-MODEL-3 statement of a legal final vector, checked directly, each constraint applied only
    while its rule is in force (:func:`pycombat.in_force.in_force`, :data:`ASSIGNMENT_RULES`)."""
    d = {n: damage.get(n, 0) for n in p.order}
    if any(a < 0 for a in d.values()):
        return False
    left = p.total - sum(d.values())
    if left < 0:
        return False
    if p.total == 0:
        return True
    return _check(p, d, left)


def _check(p: SideProblem, d: Mapping[str, int], left: int) -> bool:
    """Whether ``d`` (an amount, 0 or more, on each of ``p.order``; ``left`` of the total not assigned) is legal
    under the rules in force now: RB-MODEL-3, its constraints one by one."""
    lethal = p.lethal
    if left:
        # RB-DMG-3: the whole total is assigned; RB-DMG-9: so is the leftover once every target has lethal
        if in_force("RB-DMG-3") and (in_force("RB-DMG-9")
                                     or not all(v is not None and d[n] >= v for n, v in lethal.items())):
            return False
    full = {n: lethal[n] is not None and d[n] >= lethal[n] for n in lethal}
    lacking = [n for n in lethal if not full[n]]
    if lacking and any(d[u.name] for u in p.dumps):  # RB-ORD-7: dumped on before every target has lethal
        return False
    short = [n for n in lethal if 0 < d[n] and not full[n]]
    if in_force("RB-DMG-6") and len(short) > 1:  # lethal-first: at most one target left short
        return False
    over = [n for n in lethal if full[n] and d[n] > lethal[n]]
    if in_force("RB-DMG-7") and over and lacking:  # no overkill while a target lacks lethal
        return False
    holders = over + [u.name for u in p.dumps if d[u.name]]
    last = p.excess_mode == "last" and in_force("RB-DMG-9")  # the leftover on one unit that can come last
    if last and len(holders) > 1:
        return False
    for tier in p.tier_choices:
        # RB-ORD-2/3 (RB-ORD-8): a later tier gets damage only once every unit of an earlier tier has lethal
        if any(d[j] > 0 and tier[i] < tier[j] for j in lethal for i in lacking):
            continue
        # RB-READ-1 [killable_first]: the unit left short got all that remained; an untouched unit allowed at that
        # point (tier no later) that this amount kills was passed over
        if p.killable_first and any(d[j] == 0 and lethal[j] is not None and lethal[j] <= d[s] and tier[j] <= tier[s]
                                    for s in short for j in lethal):
            continue
        if last and holders and holders[0] in lethal and any(tier[n] > tier[holders[0]] for n in lethal):
            continue
        return True
    return False


def filter_vectors(board: Board, side: str) -> set[Vector]:
    """Every vector with the side's total over its receivers that RB-MODEL-3 allows."""
    p = SideProblem(board, side)
    if p.total == 0:
        return {()}
    out = set()
    for dist in _distributions(p.total, p.order):
        if model3_legal(p, dist):
            out.add(p.canonical(dist))
    return out


def bounded_filter(board: Board, side: str) -> set[Vector]:
    """:func:`filter_vectors` over the vectors with each amount at most lethal + excess (a
    unit never legally holds more), enumerated recursively with the running total pruned
    (:func:`walk`): the brute force ``make bench`` times on cases too large for plain stars and bars."""
    p = SideProblem(board, side)
    out: set[Vector] = set()
    walk(p, lambda d: out.add(p.canonical(d)))
    return out


def walk(p: SideProblem, visit: Callable[[dict[str, int]], bool | None], limit: int | None = None) -> bool | None:
    """``visit`` each of ``p``'s legal vectors (:func:`model3_legal`, with the rules in force now; the same dict,
    filled anew: read it, do not keep it) until it returns True; None when there are more than ``limit`` vectors
    to look at (counted first, :func:`count_leaves`: never looked at one by one).

    Each amount goes from 0 to its cap: lethal + the leftover while RB-DMG-7 holds and every target can be killed
    (a target never holds more), else the total; a branch that cannot assign the whole total is cut while RB-DMG-3
    and RB-DMG-9 hold (without them less than the total may be assigned)."""
    if p.total == 0:
        visit({})
        return True
    names = p.order
    if in_force("RB-DMG-7") and all(v is not None for v in p.lethal.values()):
        lethal: dict[str, int] = p.lethal  # type: ignore[assignment]
        excess = max(0, p.total - sum(lethal.values()))  # a target never holds more than lethal + the leftover
        caps = [min(p.total, lethal[n] + excess) if n in lethal else excess for n in names]
    else:
        caps = [p.total for _ in names]
    suffix = [sum(caps[i:]) for i in range(len(caps))] + [0]
    pruned = in_force("RB-DMG-3") and in_force("RB-DMG-9")
    if limit is not None and count_leaves(caps, suffix, p.total, pruned) > limit:
        return None
    looked = 0
    cur: dict[str, int] = {}

    def rec(i: int, left: int) -> bool:  # True: stop (visit said so, or too many vectors)
        nonlocal looked
        if i == len(names):
            looked += 1
            if _check(p, cur, left) and visit(cur):
                return True
            return limit is not None and looked > limit
        if pruned and left > suffix[i]:
            return False
        for a in range(min(caps[i], left) + 1):
            cur[names[i]] = a
            if rec(i + 1, left - a):
                return True
        return False

    rec(0, p.total)
    return None if limit is not None and looked > limit else True


def count_leaves(caps: list[int], suffix: list[int], total: int, pruned: bool) -> int:
    """How many vectors :func:`walk` reaches (each target ``i`` given 0..``caps[i]`` of what is left; ``pruned``: a
    branch that cannot assign the whole total is cut), counted by position and amount left."""
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
