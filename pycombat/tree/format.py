"""Exact numbers and labels for people: fractions, value tuples, shortened labels."""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

_LABEL_MAX = 48  # characters of a state label shown in a drawing or an error message


def format_fraction(x: Fraction) -> str:
    """A fraction for people: ``n/d``, or ``n`` when whole.

    >>> format_fraction(Fraction(2, 4)), format_fraction(Fraction(-3))
    ('1/2', '-3')
    """
    return str(Fraction(x))


def format_value(value: Iterable[Fraction]) -> str:
    """A value tuple for people.

    >>> format_value((Fraction(1, 3), Fraction(-1, 3)))
    '(1/3, -1/3)'
    """
    return "(" + ", ".join(format_fraction(v) for v in value) + ")"


def _short(text: str, limit: int = _LABEL_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
