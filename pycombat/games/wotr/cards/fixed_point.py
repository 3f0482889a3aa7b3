"""The value of a card-choice position that can come back to itself, bounded exactly.

In a field battle without ``max_rounds``, a round in which neither side plays a card and nobody
scores a hit leads back to the same position with the same hands (WOTR-ROUND-1..3, WOTR-CARD-2). The
position's value ``v`` is then the fixed point of ``f(v) = val(B + v Q)``: ``B`` the matrix game's
cells without the repeat (each pair of choices' expected value over the positions it leads to
elsewhere), ``Q`` the chance of each pair of choices leading back (only "no card" against "no card"
can), ``val`` the value of a zero-sum matrix game (:func:`pycombat.matrix_game.solve_matrix_game`).
``f`` is nondecreasing and a contraction (``max Q < 1``), so the fixed point is unique; on the optimal
strategies' support it solves a quadratic equation and can be irrational: no Fraction holds it.

:func:`solve_repeat` bounds it from both sides, exactly, by **value iteration**: ``lo_k`` is the value
when the position may repeat at most ``k`` times and a further repeat is worth the worst the
position's outcomes can give the attacker, ``hi_k`` the same with the best; ``lo_k`` rises and
``hi_k`` falls with ``k`` towards the fixed point (each rounded outwards to a multiple of
``2**-bits``, which keeps both properties). A bound ``c`` is *certified* when ``f(c) >= c`` (then
``c <= v``: the iterates from ``c`` rise to ``v``) or ``f(c) <= c`` (``c >= v``). When the iteration
has found the optimal strategies' support, the fixed point of that support's game (a quadratic's
root) is tried: a rational root ``r`` with ``f(r) == r`` is the exact value; an irrational one gives
certified bounds as close as ``2**-bits``. The attacker's optimal mix in ``B + lo Q`` guarantees him
at least ``lo`` (the repeats included), the defender's in ``B + hi Q`` holds him to at most ``hi``.

When the positions the repeat-free cells lead to are themselves only bounded, ``B`` is taken at
their lower bounds for ``lo`` and at their upper bounds for ``hi`` (``val`` is nondecreasing in
every cell), and the bounds stay true.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import isqrt

from pycombat.matrix_game import _square, solve_matrix_game

Matrix = list[list[Fraction]]


def floor_to(x: Fraction, bits: int) -> Fraction:
    """The largest multiple of ``2**-bits`` not above ``x``."""
    return Fraction((x.numerator << bits) // x.denominator, 1 << bits)


def ceil_to(x: Fraction, bits: int) -> Fraction:
    """The smallest multiple of ``2**-bits`` not below ``x``."""
    return Fraction(-((-x.numerator << bits) // x.denominator), 1 << bits)


class Games:
    """Matrix games solved exactly, counted, each first tried on the support that solved the last game
    of the same position (successive iterates differ in one cell only)."""

    def __init__(self):
        self.solved = 0

    def solve(self, m: Matrix, hint: tuple | None = None) -> tuple[Fraction, list[Fraction], list[Fraction], tuple]:
        """``(value, x, y, support)`` of ``m`` (the row player maximises)."""
        self.solved += 1
        if hint is not None and len(hint[0]) == len(hint[1]):  # a square support (a degenerate one is not)
            rows, cols = hint
            got = _square(m, rows, cols)
            if got is not None:
                v, xs, ys = _spread(got, rows, cols, len(m), len(m[0]))
                if _optimal(m, v, xs, ys):
                    return v, xs, ys, hint
        v, xs, ys = solve_matrix_game(m)
        rows = tuple(i for i, p in enumerate(xs) if p)
        cols = tuple(j for j, p in enumerate(ys) if p)
        return v, xs, ys, (rows, cols)


def _spread(got, rows, cols, m, n):
    v, x, y = got
    xs, ys = [Fraction(0)] * m, [Fraction(0)] * n
    for i, r in enumerate(rows):
        xs[r] = x[i]
    for j, c in enumerate(cols):
        ys[c] = y[j]
    return v, xs, ys


def _optimal(m: Matrix, v: Fraction, xs, ys) -> bool:
    return all(sum(xs[i] * m[i][j] for i in range(len(m))) >= v for j in range(len(m[0]))) and \
        all(sum(m[i][j] * ys[j] for j in range(len(ys))) <= v for i in range(len(m)))


def at(base: Matrix, q: Matrix, v: Fraction) -> Matrix:
    """``base + v q``: the cells when a repeat is worth ``v``."""
    return [[b + qq * v if qq else b for b, qq in zip(rb, rq)] for rb, rq in zip(base, q)]


@dataclass
class Solution:
    """One side's bound and the matrix game at it (the strategies attaining it)."""

    bound: Fraction
    matrix: Matrix
    x: list[Fraction]
    y: list[Fraction]


@dataclass
class FixedPoint:
    """Certified bounds ``lo <= v <= hi`` of a repeating position's value."""

    lo: Solution
    hi: Solution
    exact: bool
    iterations: int  #: value-iteration steps taken (k)
    history: list[tuple[Fraction, Fraction]] = field(default_factory=list)  #: (lo_k, hi_k), k = 0, 1, ...
    budget_reached: bool = False


def _det(m: Matrix) -> Fraction:
    a = [row[:] for row in m]
    n, det = len(a), Fraction(1)
    for c in range(n):
        p = next((r for r in range(c, n) if a[r][c] != 0), None)
        if p is None:
            return Fraction(0)
        if p != c:
            a[c], a[p] = a[p], a[c]
            det = -det
        det *= a[c][c]
        for r in range(c + 1, n):
            if a[r][c]:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return det


def _det_and_cofactors(m: Matrix) -> tuple[Fraction, Fraction]:
    """``(det m, the sum of m's cofactors)``: a completely mixed square game's value is their ratio."""
    n = len(m)
    if n == 1:
        return m[0][0], Fraction(1)
    cof = sum(((-1) ** (i + j) * _det([r[:j] + r[j + 1:] for k, r in enumerate(m) if k != i])
               for i in range(n) for j in range(n)), Fraction(0))
    return _det(m), cof


def _candidates(base: Matrix, q: Matrix, support: tuple, bits: int) -> list[tuple[Fraction, Fraction]]:
    """The fixed point of the game restricted to ``support`` (its value ``det / cofactors`` is a ratio
    of two affine functions of the repeat's worth when one cell repeats): ``[(r, r)]`` for a rational
    root, ``[(below, above)]`` around an irrational one (``2**-bits`` apart at most)."""
    rows, cols = support
    if len(rows) != len(cols):
        return []
    sub_b = [[base[i][j] for j in cols] for i in rows]
    sub_q = [[q[i][j] for j in cols] for i in rows]
    if sum(1 for r in sub_q for x in r if x) > 1:
        return []
    d0, c0 = _det_and_cofactors(at(sub_b, sub_q, Fraction(0)))
    d1_, c1_ = _det_and_cofactors(at(sub_b, sub_q, Fraction(1)))
    d1, c1 = d1_ - d0, c1_ - c0
    a, b, c = c1, c0 - d1, -d0  # v (c0 + c1 v) = d0 + d1 v
    if a == 0:
        return [(-c / b, -c / b)] if b else []
    disc = b * b - 4 * a * c
    if disc < 0:
        return []
    n, d = disc.numerator, disc.denominator
    sn, sd = isqrt(n), isqrt(d)
    if sn * sn == n and sd * sd == d:
        s = Fraction(sn, sd)
        return [((-b + s) / (2 * a),) * 2, ((-b - s) / (2 * a),) * 2]
    scale = bits + 8
    s_lo = Fraction(isqrt(n * d << (2 * scale)), d << scale)  # sqrt(n/d) = sqrt(n d) / d, from below
    s_hi = s_lo + Fraction(1, d << scale)
    out = []
    for sign in (1, -1):
        ends = sorted(((-b + sign * s) / (2 * a) for s in (s_lo, s_hi)))
        out.append((floor_to(ends[0], bits), ceil_to(ends[1], bits)))
    return out


def solve_repeat(base_lo: Matrix, base_hi: Matrix, q: Matrix, start_lo: Fraction, start_hi: Fraction, *,
                 tolerance: Fraction, bits: int, max_steps: int, games: Games, polish: bool = True) -> FixedPoint:
    """Bounds of the fixed point of ``v = val(base + v q)`` (see the module docstring): value iteration
    from ``start_lo`` (with ``f(start_lo) >= start_lo``) and ``start_hi`` until ``hi - lo <= tolerance``
    or ``max_steps`` steps, then (``polish``) the support's root tried. ``base_lo == base_hi`` when every other
    position is exact; only then can the answer be exact."""
    same = base_lo == base_hi
    lo, hi = start_lo, start_hi
    hint_lo = hint_hi = None
    history = [(lo, hi)]
    k = 0
    stalled = False
    while hi - lo > tolerance and k < max_steps and not stalled:
        v_lo, _, _, hint_lo = games.solve(at(base_lo, q, lo), hint_lo)
        v_hi, _, _, hint_hi = games.solve(at(base_hi, q, hi), hint_hi)
        if same and v_lo == lo:
            hi = lo
        elif same and v_hi == hi:
            lo = hi
        else:
            new = (max(lo, floor_to(v_lo, bits)), min(hi, ceil_to(v_hi, bits)))
            stalled = new == (lo, hi)
            lo, hi = new
        k += 1
        history.append((lo, hi))
    exact = lo == hi
    if not exact and polish:  # the support's own fixed point: exact when rational, else tight certified bounds
        for side, base, hint in (("lo", base_lo, hint_lo), ("hi", base_hi, hint_hi)):
            if hint is None:
                hint = games.solve(at(base, q, lo if side == "lo" else hi))[3]
            for below, above in _candidates(base, q, hint, bits):
                if not (lo <= below and above <= hi):
                    continue
                if same and below == above:
                    if games.solve(at(base, q, below), hint)[0] == below:
                        lo = hi = below
                        exact = True
                        break
                    continue
                if side == "lo" and below > lo and games.solve(at(base, q, below), hint)[0] >= below:
                    lo = below
                if side == "hi" and above < hi and games.solve(at(base, q, above), hint)[0] <= above:
                    hi = above
            if exact:
                break
    m_lo = at(base_lo, q, lo)
    v, x, y, _ = games.solve(m_lo, hint_lo)
    if exact:
        sol = Solution(lo, m_lo, x, y)
        return FixedPoint(sol, sol, True, k, history)
    m_hi = at(base_hi, q, hi)
    v2, x2, y2, _ = games.solve(m_hi, hint_hi)
    assert v >= lo and v2 <= hi, "bounds certified: f(lo) >= lo and f(hi) <= hi"
    return FixedPoint(Solution(lo, m_lo, x, y), Solution(hi, m_hi, x2, y2), False, k, history,
                      budget_reached=hi - lo > tolerance and k >= max_steps)
