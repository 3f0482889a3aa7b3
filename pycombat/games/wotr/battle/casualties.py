"""Casualties (WOTR-CAS): every legal way for an Army to take N hits, and the named policies.

A side's units are a tuple of ``(regulars, elites)`` per Nation (in a fixed Nation order) and
its replacement pool a tuple of the Regulars available per Nation, or ``None`` when the pool is
unlimited (flag ``replacement_pool=unlimited``).

The hits are taken one choice at a time, in any order the owner likes (WOTR-CAS-3/4, mixing
allowed); each choice is one of

* remove a Regular (one hit; the figure becomes a casualty, hence a Regular available for a
  later replacement: Free Peoples casualties, Shadow reinforcements; WOTR-CAS-5/6);
* replace an Elite with a Regular of the same Nation (one hit; needs an available Regular);
* eliminate an Elite when no Regular of its Nation is available (one hit; WOTR-CAS-5);
* remove an Elite (two hits; WOTR-CAS-4).

Hits beyond what the Army can absorb are wasted (WOTR-CAS-10). Leaders and Characters are never
chosen (WOTR-CAS-9); they go with the last unit (WOTR-CAS-7, applied by the battle).

Pool values at or above a Nation's Elite count are equivalent (every Elite can be replaced, and
this stays so: a replacement uses one Regular and one Elite, a removal adds a Regular), so the
pool is stored capped at the Elite count; this merges states without changing any outcome.

>>> sorted(allocations(((2, 1),), (1,), 2))
[(((0, 1),), (1,)), (((2, 0),), (0,))]
>>> regulars_first(((2, 1),), (1,), 2), downgrade_first(((2, 1),), (1,), 2)
((((0, 1),), (1,)), (((2, 0),), (0,)))
"""
from __future__ import annotations

from functools import lru_cache

Units = tuple[tuple[int, int], ...]
Pool = tuple[int, ...] | None
SideUnits = tuple[Units, Pool]
POLICIES = ("regulars_first", "downgrade_first")


def cap_pool(units: Units, pool: Pool) -> Pool:
    """The pool with each Nation's count capped at its Elites (see the module docstring)."""
    if pool is None:
        return None
    return tuple(min(p, e) for p, (_, e) in zip(pool, units))


def hit_points(units: Units) -> int:
    """Regulars plus twice the Elites: what the Army absorbs while replacements last (WOTR-CAS-11)."""
    return sum(r + 2 * e for r, e in units)


def unit_count(units: Units) -> int:
    """Regulars plus Elites (WOTR-STR-2)."""
    return sum(map(sum, units))


def _set(units: Units, i: int, r: int, e: int) -> Units:
    return units[:i] + ((r, e),) + units[i + 1:]


def _set_pool(pool: Pool, i: int, delta: int) -> Pool:
    if pool is None:
        return None
    return pool[:i] + (pool[i] + delta,) + pool[i + 1:]


def single_steps(units: Units, pool: Pool, hits: int) -> list[tuple[int, Units, Pool]]:
    """Each legal single choice with ``hits`` (>= 1) left: ``(hits used, units, pool)``, uncapped."""
    out = []
    for i, (r, e) in enumerate(units):
        if r:  # WOTR-CAS-3: remove one Regular; it becomes available as a replacement (WOTR-CAS-5/6)
            out.append((1, _set(units, i, r - 1, e), _set_pool(pool, i, +1)))
        if e:
            if pool is None or pool[i] > 0:  # WOTR-CAS-3: replace an Elite with a Regular of its Nation
                out.append((1, _set(units, i, r + 1, e - 1), _set_pool(pool, i, -1)))
            else:  # WOTR-CAS-5 [replacement_pool=tracked]: no Regular available, one hit eliminates it
                out.append((1, _set(units, i, r, e - 1), pool))
            if hits >= 2:  # WOTR-CAS-4: two hits remove an Elite
                out.append((2, _set(units, i, r, e - 1), pool))
    return out


@lru_cache(maxsize=200_000)
def allocations(units: Units, pool: Pool, hits: int) -> tuple[SideUnits, ...]:
    """Every distinct result of taking ``hits`` hits (WOTR-CAS-3..5, WOTR-CAS-10), pools capped.

    Ordered: most units kept first, then most Elites, then the rest by value (a stable order:
    ties in ``optimize`` go to the first). Zero hits leave the side as it is.
    """
    results: set[SideUnits] = set()
    seen: set[tuple[Units, Pool, int]] = set()
    todo = [(units, cap_pool(units, pool), hits)]
    while todo:
        u, p, h = todo.pop()
        if (u, p, h) in seen:
            continue
        seen.add((u, p, h))
        if h == 0 or unit_count(u) == 0:  # WOTR-CAS-10: hits beyond the Army are wasted
            results.add((u, p))
            continue
        for used, u2, p2 in single_steps(u, p, h):
            todo.append((u2, cap_pool(u2, p2), h - used))
    return tuple(sorted(results, key=lambda x: (-unit_count(x[0]), -sum(e for _, e in x[0]), x[0], x[1] or ())))


def most_hits_kept(units: Units, pool: Pool, cap: int, take=None) -> int:
    """The most hits, at most ``cap``, the Army can take on itself and keep at least one unit: the
    default of Relentless Assault and Onslaught (WOTR-CARDX-2). The replacement pool counts
    (WOTR-CAS-5): with no Regular available one hit eliminates an Elite, so R + 2E overstates what
    the Army keeps. ``take(units, pool, hits) -> (units, pool)`` is the casualty policy that will
    remove the hits; without it, some legal allocation (WOTR-CAS-3..5) must keep a unit.

    >>> most_hits_kept(((0, 1),), (0,), 2), most_hits_kept(((0, 1),), (1,), 2), most_hits_kept(((0, 2),), (0,), 4)
    (0, 1, 2)
    """
    for k in range(max(0, cap), 0, -1):
        if take is not None:
            if unit_count(take(units, pool, k)[0]) > 0:
                return k
        elif any(unit_count(u) > 0 for u, _ in allocations(units, cap_pool(units, pool), k)):
            return k
    return 0


def _take(units: Units, pool: Pool, hits: int, prefer_downgrade: bool) -> SideUnits:
    if hits <= 0:
        return units, cap_pool(units, pool)
    return take_sweep(units, pool, hits, prefer_downgrade)[hits]


def take_sweep(units: Units, pool: Pool, hits: int, prefer_downgrade: bool) -> tuple[SideUnits, ...]:
    """What a named policy leaves after 0, 1, ..., ``hits`` hits (pools capped), from one sequence of
    choices: the choices do not depend on the hits left but for an Elite without a replacement, which
    two hits remove (WOTR-CAS-4) and a last single hit eliminates (WOTR-CAS-5), leaving the same units;
    so ``h`` hits leave what the first choices that use ``h`` or more hits leave. Hits beyond the Army
    are wasted (WOTR-CAS-10).

    >>> take_sweep(((1, 1),), (0,), 3, False)  # the Regular removed can replace the Elite
    ((((1, 1),), (0,)), (((0, 1),), (1,)), (((1, 0),), (0,)), (((0, 0),), (0,)))
    >>> take_sweep(((0, 2),), (0,), 4, False)  # no Regular to replace an Elite: one or two hits remove it
    ((((0, 2),), (0,)), (((0, 1),), (0,)), (((0, 1),), (0,)), (((0, 0),), (0,)), (((0, 0),), (0,)))
    """
    pool = cap_pool(units, pool)
    out = [(units, pool)]
    used = 0
    while used < hits and unit_count(units) > 0:
        left = hits - used
        regular = next((i for i, (r, _) in enumerate(units) if r), None)
        replaceable = next((i for i, (_, e) in enumerate(units) if e and (pool is None or pool[i] > 0)), None)
        if prefer_downgrade and replaceable is not None:
            step = (1, "replace", replaceable)
        elif regular is not None:
            step = (1, "regular", regular)
        elif replaceable is not None:
            step = (1, "replace", replaceable)
        else:  # only Elites without replacements: two hits remove one (WOTR-CAS-4), a last single hit eliminates one
            i = next(i for i, (_, e) in enumerate(units) if e)
            step = (2 if left >= 2 else 1, "elite", i)
        n, what, i = step
        r, e = units[i]
        if what == "regular":  # WOTR-CAS-3
            units, pool = _set(units, i, r - 1, e), _set_pool(pool, i, +1)
        elif what == "replace":  # WOTR-CAS-3/5
            units, pool = _set(units, i, r + 1, e - 1), _set_pool(pool, i, -1)
        else:  # WOTR-CAS-4 / WOTR-CAS-5
            units = _set(units, i, r, e - 1)
        pool = cap_pool(units, pool)
        used += n
        out.extend([(units, pool)] * n)
    del out[hits + 1:]
    out.extend([(units, pool)] * (hits + 1 - len(out)))  # WOTR-CAS-10: the hits left are wasted
    return tuple(out)


@lru_cache(maxsize=200_000)
def regulars_first(units: Units, pool: Pool, hits: int) -> SideUnits:
    """Policy ``casualty_policy=regulars_first`` (WOTR-CAS-12): each hit removes a Regular (the
    first Nation that has one); with none left, an Elite is replaced by a Regular (which the next
    hit removes: two hits per Elite). Keeps the Elites, i.e. the hit points, as long as possible."""
    return _take(units, pool, hits, prefer_downgrade=False)


@lru_cache(maxsize=200_000)
def downgrade_first(units: Units, pool: Pool, hits: int) -> SideUnits:
    """Policy ``casualty_policy=downgrade_first`` (WOTR-CAS-12): each hit replaces an Elite by a
    Regular while one can be replaced, then removes Regulars. Keeps the unit count, i.e. the
    Combat Strength and the dice, as long as possible."""
    return _take(units, pool, hits, prefer_downgrade=True)


POLICY_FUNCTIONS = {"regulars_first": regulars_first, "downgrade_first": downgrade_first}
