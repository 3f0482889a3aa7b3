"""An independent brute force of a field battle's dice and casualties, written from the rules' words (not from
pycombat), shared by the tests that value battle decisions against it: Armies of Regulars and Elites as
``(regulars, elites)``."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product


@lru_cache(maxsize=None)
def dice_hits(n: int, leadership: int, hit: int = 5) -> dict[int, Fraction]:
    """Face by face: ``n`` dice hit on ``hit`` or more (WOTR-HIT-1); up to ``leadership`` missed dice are
    rolled again (WOTR-STR-5, WOTR-HIT-6, at most five)."""
    out: Counter = Counter()
    for faces in product(range(1, 7), repeat=n):
        first = sum(f >= hit for f in faces)
        r = min(leadership, 5, n - first)
        for again in product(range(1, 7), repeat=r):
            out[first + sum(f >= hit for f in again)] += Fraction(1, 6 ** (n + r))
    return dict(out)


def army_hits(units: tuple[int, int], leadership: int) -> dict[int, Fraction]:
    """An Army's Combat roll: one die a unit, at most five (WOTR-STR-3), then its Leader re-roll."""
    return dice_hits(min(sum(units), 5), leadership)


@lru_cache(maxsize=None)
def take(units: tuple[int, int], h: int) -> frozenset:
    """Every result of taking ``h`` hits, replacements unlimited: remove a Regular, replace an Elite by a
    Regular (one hit each), remove an Elite (two hits); hits beyond the Army are lost (WOTR-CAS-3/4/10)."""
    r, e = units
    if h == 0 or r + e == 0:
        return frozenset({units})
    out = set()
    if r:
        out |= take((r - 1, e), h - 1)
    if e:
        out |= take((r + 1, e - 1), h - 1)
        if h >= 2:
            out |= take((r, e - 1), h - 2)
    return frozenset(out)
