"""Exact numbers and labels for people: fractions, value tuples, shortened labels."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

_LABEL_MAX = 48  # characters of a state label shown in a drawing or an error message


def format_fraction(x: Fraction) -> str:
    """A fraction for people: ``n/d``, or ``n`` when whole.

    >>> format_fraction(Fraction(2, 4)), format_fraction(Fraction(-3))
    ('1/2', '-3')
    """
    return str(Fraction(x))


def chance_label(outcomes: Sequence[tuple[str, Fraction]]) -> str:
    """The label of one chance edge for the outcomes it merges (they reach one state): one outcome's
    label as it is; several, each with its own probability, since their rewards may differ.

    >>> chance_label([("win", Fraction(1, 2))])
    'win'
    >>> chance_label([("1", Fraction(1, 6)), ("2", Fraction(1, 6))])
    '1 (p 1/6); 2 (p 1/6)'
    """
    if len(outcomes) == 1:
        return outcomes[0][0]
    return "; ".join(f"{label} (p {format_fraction(p)})" for label, p in outcomes)


def format_value(value: Iterable[Fraction]) -> str:
    """A value tuple for people.

    >>> format_value((Fraction(1, 3), Fraction(-1, 3)))
    '(1/3, -1/3)'
    """
    return "(" + ", ".join(format_fraction(v) for v in value) + ")"


def _short(text: str, limit: int = _LABEL_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
