"""War of the Ring's Combat roll as exact distributions: pools of d6 that hit on a target number,
a natural 1 that always misses and a natural 6 that always hits, and the Leader re-roll of some of
the misses (WOTR-HIT, WOTR-STR-5). The battle (:mod:`.process`) passes the numbers in (hit number,
modifiers, dice caps) and cites the rules.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache

from pycombat.dice import Dist, binomial


@cache
def hit_chance(hit: int, modifier: int = 0, *, natural_miss: int = 1, natural_hit: int = 6) -> Fraction:
    """The chance that one d6 hits: face ``f`` hits when ``f + modifier >= hit``, except that
    the face ``natural_miss`` always misses and ``natural_hit`` always hits.

    >>> hit_chance(5), hit_chance(6), hit_chance(5, +1), hit_chance(5, -3), hit_chance(7)
    (Fraction(1, 3), Fraction(1, 6), Fraction(1, 2), Fraction(1, 6), Fraction(1, 6))
    >>> hit_chance(2, +5)   # the natural 1 still misses
    Fraction(5, 6)
    """
    good = sum(1 for f in range(1, 7)
               if f != natural_miss and (f == natural_hit or f + modifier >= hit))
    return Fraction(good, 6)


def naturals_decide(hit: int, modifier: int = 0) -> bool:
    """Whether WOTR-HIT-4 changes the chance of a die needing ``hit`` with ``modifier``: the natural 1
    would reach the number (1 + modifier >= hit) or the natural 6 would fall short of it (6 + modifier < hit).
    Otherwise the faces decide alone, and the rule decides nothing.

    >>> naturals_decide(5), naturals_decide(5, -1), naturals_decide(6, -1), naturals_decide(5, +4), naturals_decide(7)
    (False, False, True, True, True)
    """
    return 1 + modifier >= hit or 6 + modifier < hit


@cache
def roll_with_reroll(dice: int, p_roll: Fraction, max_reroll: int, p_reroll: Fraction) -> Dist:
    """Hits of a pool of ``dice`` d6 (each hitting with ``p_roll``), after re-rolling
    ``min(max_reroll, misses)`` of the missed dice once (each hitting with ``p_reroll``).

    The number of re-rolled dice is fixed by the first roll, before re-rolling; a die that
    hits on the re-roll does not use up another re-roll.

    >>> roll_with_reroll(1, Fraction(1, 3), 1, Fraction(1, 3))[1]   # 1/3 + 2/3 * 1/3
    Fraction(5, 9)
    >>> sum(roll_with_reroll(5, Fraction(1, 3), 2, Fraction(1, 2)).values())
    Fraction(1, 1)
    """
    if max_reroll < 0:
        raise ValueError(f"negative number of re-roll dice: {max_reroll}")
    first = binomial(dice, Fraction(p_roll))
    return first.bind(lambda k: binomial(min(max_reroll, dice - k), Fraction(p_reroll)).map(lambda j: k + j))


def combat_roll_dist(dice: int, rerolls: int, hit: int = 5, roll_modifier: int = 0, reroll_modifier: int = 0,
                     reroll_hit: int | None = None, *, max_dice: int = 5) -> Dist:
    """One side's hits in a round of a "roll up to ``max_dice`` d6, re-roll some misses" combat.

    ``dice`` (Combat Strength) and ``rerolls`` (Leadership) are capped at ``max_dice``; the
    re-roll uses ``min(rerolls, max_dice, misses)`` dice. Each die hits when its face plus the
    roll's modifier reaches the hit number; a natural 1 always misses and a natural 6 always
    hits, in both rolls. The re-roll has its own modifier and, if given, its own hit number.

    >>> combat_roll_dist(1, 0)
    Dist({0: 2/3, 1: 1/3})
    >>> combat_roll_dist(8, 9)[5] == combat_roll_dist(5, 5)[5]   # five dice at most, both rolls
    True
    >>> combat_roll_dist(3, 1, hit=6, roll_modifier=-2)[0]       # only the 6s hit: (5/6)**4
    Fraction(625, 1296)
    """
    n = max(0, min(dice, max_dice))
    r = max(0, min(rerolls, max_dice))
    p1 = hit_chance(hit, roll_modifier)
    p2 = hit_chance(hit if reroll_hit is None else reroll_hit, reroll_modifier)
    return roll_with_reroll(n, p1, r, p2)
