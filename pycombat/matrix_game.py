"""Zero-sum matrix games solved exactly (the row player maximises).

A secret simultaneous choice, such as the Combat cards both War of the Ring players reveal together,
is a matrix game: :func:`solve_matrix_game` finds its value and an optimal mixed strategy for each
player in Fractions, by the Shapley-Snow theorem: some optimal pair comes from a square submatrix, so
every square submatrix is tried, smallest first, and the first solution that is optimal against
every pure strategy of the other player is returned.

>>> from fractions import Fraction as F
>>> solve_matrix_game([[F(1), F(-1)], [F(-1), F(1)]])  # matching pennies
(Fraction(0, 1), [Fraction(1, 2), Fraction(1, 2)], [Fraction(1, 2), Fraction(1, 2)])
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations


def solve_matrix_game(a: list[list[Fraction]]) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """Value and optimal mixed strategies of the zero-sum game ``a`` (row player maximises), exactly."""
    m, n = len(a), len(a[0])
    for k in range(1, min(m, n) + 1):
        for rows in combinations(range(m), k):
            for cols in combinations(range(n), k):
                got = _square(a, rows, cols)
                if got is None:
                    continue
                v, x, y = got
                xs = [Fraction(0)] * m
                ys = [Fraction(0)] * n
                for i, r in enumerate(rows):
                    xs[r] = x[i]
                for j, c in enumerate(cols):
                    ys[c] = y[j]
                if all(sum(xs[i] * a[i][j] for i in range(m)) >= v for j in range(n)) and \
                        all(sum(a[i][j] * ys[j] for j in range(n)) <= v for i in range(m)):
                    return v, xs, ys
    raise ValueError("no solution found (cannot happen for a finite matrix game)")


def _solve(mat: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    k = len(mat)
    aug = [row[:] + [b] for row, b in zip(mat, rhs)]
    for col in range(k):
        piv = next((r for r in range(col, k) if aug[r][col] != 0), None)
        if piv is None:
            return None
        aug[col], aug[piv] = aug[piv], aug[col]
        for r in range(k):
            if r != col and aug[r][col] != 0:
                f = aug[r][col] / aug[col][col]
                aug[r] = [x - f * y for x, y in zip(aug[r], aug[col])]
    return [aug[i][k] / aug[i][i] for i in range(k)]


def _square(a, rows, cols):
    k = len(rows)
    # unknowns x_1..x_k, v: sum_i x_i a[i][j] - v = 0 for j in cols; sum x = 1
    mat = [[a[r][c] for r in rows] + [Fraction(-1)] for c in cols] + [[Fraction(1)] * k + [Fraction(0)]]
    sol = _solve(mat, [Fraction(0)] * k + [Fraction(1)])
    if sol is None:
        return None
    x, v = sol[:k], sol[k]
    mat2 = [[a[r][c] for c in cols] + [Fraction(-1)] for r in rows] + [[Fraction(1)] * k + [Fraction(0)]]
    sol2 = _solve(mat2, [Fraction(0)] * k + [Fraction(1)])
    if sol2 is None or sol2[k] != v:
        return None
    y = sol2[:k]
    if any(t < 0 for t in x) or any(t < 0 for t in y):
        return None
    return v, x, y
