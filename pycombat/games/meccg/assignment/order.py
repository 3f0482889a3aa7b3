"""The canonical order of listed strike assignments and traces (every path lists in it).

A **complete assignment** is read as the vector, over the defending company's members in the
order the scenario lists them, of the position in the attacking company's order of the member
whose strike it takes (a member taking no strike counts after every attacking member); listings
are sorted lexicographically by that vector. The excess strikes follow from the pairs, so no two
assignments share a vector. For example, with strikes ``A, B, C`` (in that order) on targets
``X, Y``, ``X <- A, Y <- B`` comes before ``X <- A, Y <- C``, which comes before ``X <- B, Y <- A``.

A **trace** is read as its steps sorted by phase, then by the target's position in the defending
company, each step as (phase, target position, strike position); traces are sorted
lexicographically by that sequence.

The order depends only on the scenario (its members' order), never on the solver's enumeration
order: ``enumerate`` prints and writes the same listing whether one scenario is asked through the
API or the CLI or many through ``pycombat batch`` (``tests/meccg/test_listing_order.py``).
"""
from __future__ import annotations

from typing import Sequence


class Ranks:
    """The positions of a scenario's members: the attacking company's (strikes) and the defending
    company's (targets), and the keys of the canonical order made from them."""

    __slots__ = ("strike", "target", "targets", "none")

    def __init__(self, strike_order: Sequence[str], target_order: Sequence[str]):
        self.strike = {s: i for i, s in enumerate(strike_order)}
        self.target = {t: i for i, t in enumerate(target_order)}
        self.targets = tuple(target_order)
        self.none = len(self.strike)  #: a target that takes no strike: after every strike

    def assignment_key(self, pairs: Sequence[tuple[str, str]]) -> tuple[int, ...]:
        """The sort key of a complete assignment given by its (strike, target) pairs."""
        on = {t: s for s, t in pairs}
        srank, none = self.strike, self.none
        return tuple(srank[on[t]] if t in on else none for t in self.targets)

    def trace_key(self, steps: Sequence[tuple[str, str, int]]) -> tuple[tuple[int, int, int], ...]:
        """The sort key of a trace given by its (strike, target, phase) steps."""
        return tuple(sorted((p, self.target[t], self.strike[s]) for s, t, p in steps))
