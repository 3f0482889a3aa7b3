"""Exact dice distributions (engine layer: no game here).

A :class:`Dist` maps outcomes to :class:`fractions.Fraction` probabilities that sum to
exactly 1.  Aggregated outcomes only (the 11 totals of 2d6, never the 36 faces).

>>> two_d6()[7]
Fraction(1, 6)
>>> sum(two_d6().values())
Fraction(1, 1)
>>> best_of(two_d6(), 2)[12]
Fraction(71, 1296)
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import lcm
from typing import Callable, Hashable, Iterable, Iterator, Mapping


class Dist(Mapping[Hashable, Fraction]):
    """An exact finite probability distribution (immutable).

    Built, combined and mapped in integers: the probabilities are summed as numerators over their least
    common denominator and each is made a (reduced) Fraction once, never added or multiplied as one."""

    __slots__ = ("_p", "_ints")

    def __init__(self, items: Mapping[Hashable, Fraction] | Iterable[tuple[Hashable, Fraction]]):
        pairs = items.items() if isinstance(items, Mapping) else items
        seen = []
        for k, p in pairs:
            if type(p) is not Fraction:
                p = Fraction(p)
            if p.numerator < 0:
                raise ValueError(f"negative probability {p} for {k!r}")
            if p.numerator:
                seen.append((k, p.numerator, p.denominator))
        den = lcm(*(d for _, _, d in seen))
        nums: dict[Hashable, int] = {}
        for k, n, d in seen:
            nums[k] = nums.get(k, 0) + n * (den // d)
        total = sum(nums.values())
        if total != den:
            raise ValueError(f"probabilities sum to {Fraction(total, den)}, not 1")
        self._p = dict(sorted(((k, Fraction(n, den)) for k, n in nums.items()), key=lambda kv: _sort_key(kv[0])))
        self._ints = None

    @classmethod
    def exact(cls, numerators: Mapping[Hashable, int], den: int) -> "Dist":
        """The distribution ``{k: n / den}`` of integer numerators over one denominator, equal to
        ``Dist({k: Fraction(n, den)})`` but checked in integers (no numerator negative, their sum
        ``den``): each probability is made (and reduced) once, none is added as a Fraction.

        >>> Dist.exact({"a": 2, "b": 4}, 6) == Dist({"a": Fraction(1, 3), "b": Fraction(2, 3)})
        True
        """
        if den <= 0:
            raise ValueError(f"denominator {den}: not positive")
        total = 0
        for k, n in numerators.items():
            if n < 0:
                raise ValueError(f"negative probability {Fraction(n, den)} for {k!r}")
            total += n
        if total != den:
            raise ValueError(f"probabilities sum to {Fraction(total, den)}, not 1")
        self = cls.__new__(cls)
        self._p = dict(sorted(((k, Fraction(n, den)) for k, n in numerators.items() if n),
                              key=lambda kv: _sort_key(kv[0])))
        self._ints = None
        return self

    def integers(self) -> tuple[int, tuple[tuple[Hashable, int], ...]]:
        """``(D, ((outcome, n), ...))``: each probability as its numerator over ``D``, the least common
        denominator, in order (worked out once).

        >>> Dist({"a": Fraction(1, 4), "b": Fraction(3, 4)}).integers()
        (4, (('a', 1), ('b', 3)))
        """
        got = self._ints
        if got is None:
            den = lcm(*(p.denominator for p in self._p.values()))
            got = self._ints = (den, tuple((k, p.numerator * (den // p.denominator)) for k, p in self._p.items()))
        return got

    @classmethod
    def point(cls, value: Hashable) -> "Dist":
        return cls({value: Fraction(1)})

    @classmethod
    def uniform(cls, values: Iterable[Hashable]) -> "Dist":
        vals = list(values)
        return cls((v, Fraction(1, len(vals))) for v in vals)

    def __getitem__(self, k: Hashable) -> Fraction:
        return self._p.get(k, Fraction(0))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def items(self):  # the stored pairs (Mapping's own would look every key up again)
        return self._p.items()

    def values(self):
        return self._p.values()

    def __repr__(self) -> str:
        return "Dist({" + ", ".join(f"{k!r}: {v}" for k, v in self._p.items()) + "})"

    def map(self, fn: Callable[[Hashable], Hashable]) -> "Dist":
        """The distribution of ``fn(outcome)``."""
        den, nums = self.integers()
        acc: dict[Hashable, int] = {}
        for k, n in nums:
            k2 = fn(k)
            acc[k2] = acc.get(k2, 0) + n
        return Dist.exact(acc, den)

    def bind(self, fn: Callable[[Hashable], "Dist"]) -> "Dist":
        """Chain a second random step that depends on the first's outcome."""
        den, nums = self.integers()
        steps = [(n, fn(k)) for k, n in nums]
        if not all(type(step) is Dist for step in steps):  # (a mapping of probabilities: added as Fractions)
            return Dist((k2, Fraction(n, den) * p2) for n, step in steps for k2, p2 in step.items())
        common = lcm(*(step.integers()[0] for _, step in steps))
        acc: dict[Hashable, int] = {}
        for n, step in steps:
            d, inner = step.integers()
            f = n * (common // d)
            for k2, m in inner:
                acc[k2] = acc.get(k2, 0) + f * m
        return Dist.exact(acc, den * common)

    def combine(self, other: "Dist", fn: Callable[[Hashable, Hashable], Hashable]) -> "Dist":
        """The distribution of ``fn(x, y)`` for independent ``x ~ self``, ``y ~ other``."""
        if type(other) is not Dist:  # (a mapping of probabilities: multiplied as Fractions)
            return Dist((fn(a, b), pa * pb) for a, pa in self._p.items() for b, pb in other.items())
        da, na = self.integers()
        db, nb = other.integers()
        acc: dict[Hashable, int] = {}
        for a, x in na:
            for b, y in nb:
                k = fn(a, b)
                acc[k] = acc.get(k, 0) + x * y
        return Dist.exact(acc, da * db)

    def prob(self, event: Callable[[Hashable], bool]) -> Fraction:
        return sum((p for k, p in self._p.items() if event(k)), Fraction(0))

    def expectation(self, value: Callable[[Hashable], Fraction | int] = lambda k: k) -> Fraction:  # type: ignore[assignment]
        return sum((Fraction(value(k)) * p for k, p in self._p.items()), Fraction(0))


def _sort_key(k: Hashable):
    return (0, k, "") if isinstance(k, (int, Fraction)) and not isinstance(k, bool) else (1, 0, repr(k))


@cache
def die(sides: int = 6) -> Dist:
    return Dist.uniform(range(1, sides + 1))


@cache
def two_d6() -> Dist:
    """The 11 totals of two six-sided dice."""
    return die().combine(die(), lambda a, b: a + b)


def best_of(dist: Dist, n: int) -> Dist:
    """Roll ``n`` times and keep the highest (e.g. Swift Strokes' "two rolls, use one")."""
    out = dist
    for _ in range(n - 1):
        out = out.combine(dist, max)
    return out


def fmt(p: Fraction, digits: int = 4) -> str:
    """``n/d (0.dddd)``: exact and decimal.

    >>> fmt(Fraction(1, 6))
    '1/6 (0.1667)'
    """
    exact = f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
    return f"{exact} ({float(p):.{digits}f})"


def as_json(p: Fraction) -> dict:
    """``{"exact": "n/d", "decimal": x}`` for JSON output."""
    n, d = p.numerator, p.denominator
    return {"exact": f"{n}/{d}", "decimal": round(n / d, 6)}  # n / d: float(p), without its look-ups


@cache
def binomial(n: int, p: Fraction) -> Dist:
    """The number of successes among ``n`` independent trials of chance ``p``.

    >>> binomial(2, Fraction(1, 3))
    Dist({0: 4/9, 1: 4/9, 2: 1/9})
    """
    if n < 0:
        raise ValueError(f"negative number of dice: {n}")
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise ValueError(f"not a probability: {p}")
    q = 1 - p
    return Dist((k, _comb(n, k) * p ** k * q ** (n - k)) for k in range(n + 1))


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)
