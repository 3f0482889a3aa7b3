"""The details of War of the Ring verdicts in words: an ASP term such as
``cannot_attack_with(eye)`` or ``protected_by_card(lorien, "A Power too Great")`` read as
"cannot attack with: eye" and "protected by card: Lórien, A Power too Great", with regions and
Nations by name and a moving group by its figures. No verdict note prints a Python tuple or an id.

>>> detail_words(("cannot_attack_with", "eye"))
'cannot attack with: eye'
>>> detail_words(("attacks_while_not_at_war", "rohan", "regular"))
'attacks while not at war: Rohan, regular'
>>> detail_words("any_card")
'any card'
"""
from __future__ import annotations

from decimal import MAX_EMAX, MIN_EMIN, Decimal, localcontext
from fractions import Fraction
from typing import Any, Mapping

from ..board import load_board, load_nations

#: terms whose first argument is a moving group's id (position claims label it by its figures)
GROUP_TERMS = ("moved_twice", "never_moves", "not_yours", "moves_alone", "stays_alone", "flies", "picks_up",
               "not_a_character", "only_leader_never_moves")


def _arg(x: Any, groups: Mapping | None) -> str:
    if isinstance(x, tuple):
        return detail_words(x, groups)
    if isinstance(x, str):
        board, nations = load_board(), load_nations().nations
        if x in board.regions:
            return board.regions[x].name
        if x in nations:
            return nations[x].name
        return x.replace("_", " ")
    return str(x)


def detail_words(d: Any, groups: Mapping | None = None) -> str:
    """A verdict detail (an ASP term decoded to a tuple, a name or a number) in words."""
    if isinstance(d, tuple):
        if not d:
            return ""
        head, args = str(d[0]).replace("_", " "), list(d[1:])
        if d[0] in GROUP_TERMS and groups and args and isinstance(args[0], int) and args[0] in groups:
            g = groups[args[0]]
            # a claim's figures: the ones it moves (or leaves), not every figure of the group
            args[0] = g.label_for(str(d[0]), args[1:]) if hasattr(g, "label_for") else g.label()
        if not args:
            return head
        return f"{head}: " + ", ".join(a if isinstance(a, str) and groups and a in
                                       {g.label() for g in groups.values()} else _arg(a, groups) for a in args)
    return _arg(d, groups)


class NoteFractions:
    """Exact fractions in a verdict's notes, printed as ``odds`` prints them: in full while short (at most
    :attr:`WIDTH` characters, ``7/36``), else as a decimal marked ``*`` (six places, ``0.758777 *``; below 0.001
    in scientific notation, ``3.9123e-344 *``, where six places would print 0.000000), the exact value kept for
    ``--json`` (:attr:`kept`, the verdict's ``exact``) and :meth:`footnote` saying how long the longest is.

    >>> f = NoteFractions()
    >>> f.text(Fraction(7, 36)), f.with_decimal(Fraction(7, 36))
    ('7/36', '7/36 = 0.194444')
    >>> f.text(Fraction(1, 3 ** 80), "round 40: chance")
    '6.7655e-39 *'
    >>> f.kept[0]["what"], f.kept[0]["denominator_digits"], f.footnote()
    ('round 40: chance', 39, '* exact fraction of 39 digits in the denominator: --json gives it (`exact`)')
    >>> f.with_decimal(Fraction(2 ** 70 - 1, 2 ** 71))
    '0.500000 *'
    """

    WIDTH = 30

    def __init__(self) -> None:
        self.kept: list[dict[str, Any]] = []

    def _long(self, q: Fraction) -> bool:
        if q.numerator.bit_length() + q.denominator.bit_length() > 8 * self.WIDTH:
            return True  # (long without writing it: a huge int's decimal text costs time quadratic in its length)
        return len(str(q)) > self.WIDTH

    def text(self, q: Fraction, what: str = "") -> str:
        """``q`` exact while short (``n/d``), else its decimal in scientific notation and ``*``."""
        if not self._long(q):
            return str(q)
        short = f"{float(q):.6f}" if abs(q) >= Fraction(1, 1000) else scientific(q)
        self.kept.append({"what": what, "exact": f"{q.numerator}/{q.denominator}", "decimal": short,
                          "denominator_digits": decimal_digits(q.denominator)})
        return f"{short} *"

    def with_decimal(self, q: Fraction, what: str = "") -> str:
        """``n/d = 0.dddddd`` while short, else as :meth:`text`."""
        return f"{q} = {float(q):.6f}" if not self._long(q) else self.text(q, what)

    def footnote(self) -> str | None:
        """The note under the ``*`` values (None: every fraction was printed in full)."""
        if not self.kept:
            return None
        digits = max(k["denominator_digits"] for k in self.kept)
        if len(self.kept) == 1:
            return f"* exact fraction of {digits:,} digits in the denominator: --json gives it (`exact`)"
        return f"* exact fractions with up to {digits:,} digits in the denominator: --json gives them (`exact`)"


def decimal_digits(n: int) -> int:
    """How many decimal digits the whole number ``n`` > 0 has, without writing it out.

    >>> decimal_digits(9), decimal_digits(10), decimal_digits(10 ** 5000)
    (1, 2, 5001)
    """
    k = max(1, int(n.bit_length() * 0.30102999566398))
    while 10 ** k <= n:
        k += 1
    while k > 1 and 10 ** (k - 1) > n:
        k -= 1
    return k


def scientific(q: Fraction, digits: int = 4) -> str:
    """``q`` in scientific notation, correctly rounded however small (a float would be 0.0 below 1e-308).

    >>> scientific(Fraction(1, 3)), scientific(Fraction(1, 10 ** 400)), scientific(Fraction(0))
    ('3.3333e-1', '1.0000e-400', '0')
    """
    if q == 0:
        return "0"
    with localcontext() as ctx:
        ctx.prec, ctx.Emax, ctx.Emin = digits + 1, MAX_EMAX, MIN_EMIN
        value = Decimal(q.numerator) / Decimal(q.denominator)
    return f"{value:.{digits}e}"
