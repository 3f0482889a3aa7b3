"""Brute-force oracles for the legal damage splits (no ASP: for tests and ``make bench``).

Two independent statements of RB-DMG-6..9 and RB-ORD-2..8, neither shared with the ASP:

* :func:`replay_orders` replays the rule as a player would: for each choice of tiers of the
  dual units (RB-ORD-5/8), take the units one at a time, always from the lowest tier that
  still has units (RB-ORD-2/3/4), give each its lethal damage or all that is left
  (RB-DMG-6/7), stop when the total is gone; if damage is left once every target was taken,
  it goes anywhere (``excess_damage=free``) or on the last unit taken
  (``excess_damage=last``), RB-DMG-9. Duplicate vectors are merged.
* :func:`filter_vectors` enumerates every damage vector with the right total (each amount
  bounded by the total) and keeps those that satisfy the digest's RB-MODEL-3 statement.

Lethal amounts come from :meth:`model.Unit.lethal` (the Python statement of RB-MODEL-1).
"""
from __future__ import annotations

import itertools
from typing import Iterator, Mapping

from ..model import Board, Unit, other

Vector = tuple[tuple[str, int], ...]


class SideProblem:
    """What one side's assignment is about: its total and the units that may receive it."""

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
        for u in self.targets:
            tank = u.tank and not ignore_tank
            if tank and u.backline:
                self.tiers[u.name] = (0, 2)  # RB-ORD-5: first or last
            elif tank:
                self.tiers[u.name] = (0,)
            elif u.backline:
                self.tiers[u.name] = (2,)
            else:
                self.tiers[u.name] = (1,)
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
    duals = [n for n, t in p.tiers.items() if len(t) > 1]
    for choice in itertools.product((0, 2), repeat=len(duals)):
        tier = {n: t[0] for n, t in p.tiers.items()}
        tier.update(zip(duals, choice, strict=True))
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
    duals = [n for n, t in p.tiers.items() if len(t) > 1]
    for choice in itertools.product((0, 2), repeat=len(duals)):
        tier = {n: t[0] for n, t in p.tiers.items()}
        tier.update(zip(duals, choice, strict=True))
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
    """The digest's RB-MODEL-3 statement of a legal final vector, checked directly."""
    d = {n: damage.get(n, 0) for n in p.order}
    if any(a < 0 for a in d.values()) or sum(d.values()) != p.total:
        return False
    if p.total == 0:
        return True
    lethal = p.lethal
    killable = all(lethal[n] is not None for n in lethal)
    sum_l = sum(lethal[n] or 0 for n in lethal)
    duals = [n for n, t in p.tiers.items() if len(t) > 1]
    if not killable or p.total < sum_l:
        if any(d[u.name] for u in p.dumps):
            return False
        partial = [n for n in lethal if 0 < d[n] and (lethal[n] is None or d[n] < lethal[n])]
        if any(lethal[n] is not None and d[n] > lethal[n] for n in lethal) or len(partial) > 1:
            return False
        for choice in itertools.product((0, 2), repeat=len(duals)):
            tier = {n: t[0] for n, t in p.tiers.items()}
            tier.update(zip(duals, choice, strict=True))
            if not all(not (d[j] > 0 and tier[i] < tier[j] and (lethal[i] is None or d[i] < lethal[i]))
                       for j in lethal for i in lethal):
                continue
            # RB-READ-1 [killable_first]: the unit left short got all that remained; an untouched
            # unit allowed at that point (tier no later) that this amount kills was passed over
            if p.killable_first and any(d[j] == 0 and lethal[j] is not None and lethal[j] <= d[s]
                                        and tier[j] <= tier[s] for s in partial for j in lethal):
                continue
            return True
        return False
    if any(d[n] < lethal[n] for n in lethal):
        return False
    if p.excess_mode == "free":
        return True
    holders = [n for n in p.order if d[n] > (lethal.get(n) or 0)]
    if not holders:
        return True
    if len(holders) > 1:
        return False
    (h,) = holders
    if h not in lethal:  # a unit that cannot be dealt damage, dumped on (RB-ORD-7)
        return True
    for choice in itertools.product((0, 2), repeat=len(duals)):
        tier = {n: t[0] for n, t in p.tiers.items()}
        tier.update(zip(duals, choice, strict=True))
        if all(tier[n] <= tier[h] for n in lethal):
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
    unit never legally holds more), enumerated recursively with the running total pruned:
    the brute force ``make bench`` times on cases too large for plain stars and bars."""
    p = SideProblem(board, side)
    if p.total == 0:
        return {()}
    sum_l = sum(v or 0 for v in p.lethal.values())
    excess = max(0, p.total - sum_l) if all(v is not None for v in p.lethal.values()) else p.total
    caps = [min(p.total, (p.lethal.get(n) or p.total) + excess) if n in p.lethal else excess for n in p.order]
    out: set[Vector] = set()
    names = p.order
    suffix = [sum(caps[i:]) for i in range(len(caps))] + [0]
    cur: dict[str, int] = {}

    def rec(i: int, left: int) -> None:
        if i == len(names):
            if left == 0 and model3_legal(p, cur):
                out.add(p.canonical(cur))
            return
        if left > suffix[i]:
            return
        for a in range(0, min(caps[i], left) + 1):
            cur[names[i]] = a
            rec(i + 1, left - a)
        cur.pop(names[i], None)

    rec(0, p.total)
    return out
