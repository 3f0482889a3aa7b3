"""WotR dice (pycombat.dice, WOTR-HIT): exact per-die chances and one side's hits in a round,
against brute-force enumeration of every die face; every distribution sums to exactly 1."""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.dice import binomial
from pycombat.games.wotr.battle.dice import combat_roll_dist, hit_chance, roll_with_reroll
from budget import examples  # noqa: E402

FACES = range(1, 7)


def hits_face(face: int, hit: int, mod: int) -> bool:
    """WOTR-HIT-1..4 read literally: a natural 1 misses, a natural 6 hits, else face + mod >= hit."""
    if face == 1:
        return False
    if face == 6:
        return True
    return face + mod >= hit


def brute_force(dice: int, lead: int, hit: int, m1: int, m2: int, hit2: int | None = None) -> dict[int, Fraction]:
    """WOTR-HIT-9 by enumeration: every face of the Combat roll, then every face of the re-roll of
    min(Leadership, 5, misses) missed dice (fixed before re-rolling, WOTR-HIT-6)."""
    n = min(dice, 5)
    out: Counter = Counter()
    for first in itertools.product(FACES, repeat=n):
        k = sum(hits_face(f, hit, m1) for f in first)
        r = min(lead, 5, n - k)
        w = Fraction(1, 6 ** n)
        for second in itertools.product(FACES, repeat=r):
            j = sum(hits_face(f, hit if hit2 is None else hit2, m2) for f in second)
            out[k + j] += w * Fraction(1, 6 ** r)
    return dict(out)


@pytest.mark.parametrize("hit", range(1, 8))
@pytest.mark.parametrize("mod", range(-4, 6))
def test_wotr_hit_8_per_die_chance_equals_face_count(hit, mod):
    """WOTR-HIT-8: p(h, m) = #{f in 2..6 : f = 6 or f + m >= h} / 6; a natural 1 never hits, a 6 always."""
    expected = Fraction(sum(hits_face(f, hit, mod) for f in FACES), 6)
    assert hit_chance(hit, mod) == expected
    assert Fraction(1, 6) <= hit_chance(hit, mod) <= Fraction(5, 6)


@settings(max_examples=examples(80), deadline=None)
@given(st.integers(0, 3), st.integers(0, 3), st.sampled_from([5, 6, 4, 3]), st.integers(-2, 3), st.integers(-2, 3),
       st.sampled_from([None, 6, 4]))
def test_wotr_hit_9_round_hits_equal_brute_force(dice, lead, hit, m1, m2, hit2):
    got = combat_roll_dist(dice, lead, hit, m1, m2, hit2)
    assert sum(got.values()) == 1
    assert dict(got) == brute_force(dice, lead, hit, m1, m2, hit2)


@pytest.mark.parametrize("dice,lead", [(5, 1), (4, 3), (3, 1), (2, 0)])
def test_full_pools_against_brute_force(dice, lead):
    assert dict(combat_roll_dist(dice, lead)) == brute_force(dice, lead, 5, 0, 0)


def test_wotr_str_3_and_6_five_dice_at_most_in_both_rolls():
    """WOTR-STR-3, WOTR-STR-5, WOTR-STR-6: Strength 8 and Leadership 9 roll and re-roll five dice."""
    assert combat_roll_dist(8, 9) == combat_roll_dist(5, 5)
    assert max(combat_roll_dist(8, 9)) == 5


def test_wotr_hit_6_reroll_count_is_fixed_before_rolling():
    """JC §14: a re-roll hit used up later re-rolls. With 2 dice, Leadership 1 and both missing, one
    die is re-rolled, whatever it shows; P(0 hits) = (2/3)^2 * (2/3)."""
    assert combat_roll_dist(2, 1)[0] == Fraction(2, 3) ** 3


def test_wotr_hit_4_natural_one_misses_with_any_modifier():
    """WOTR-HIT-4: +5 on a 5+ roll still misses on a 1 (an earlier calculator had no natural-1 rule)."""
    assert combat_roll_dist(1, 0, 5, roll_modifier=5)[1] == Fraction(5, 6)
    assert combat_roll_dist(1, 0, 7, roll_modifier=-5)[1] == Fraction(1, 6)  # and the 6 always hits


def test_wotr_card_7_modifier_applies_to_its_own_roll_only():
    """WOTR-CARD-7: a Combat roll modifier does not change the re-roll, and the other way round."""
    roll_only = combat_roll_dist(1, 1, 5, roll_modifier=1)
    reroll_only = combat_roll_dist(1, 1, 5, reroll_modifier=1)
    assert roll_only[1] == Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 3)
    assert reroll_only[1] == Fraction(1, 3) + Fraction(2, 3) * Fraction(1, 2)


def test_binomial_and_reroll_sum_to_one():
    for n in range(6):
        for p in (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)):
            assert sum(binomial(n, p).values()) == 1
            for r in range(6):
                assert sum(roll_with_reroll(n, p, r, p).values()) == 1


def test_existing_dice_functions_unchanged():
    """MECCG's functions keep their behaviour."""
    from pycombat.dice import best_of, two_d6

    assert two_d6()[7] == Fraction(1, 6)
    assert best_of(two_d6(), 2)[12] == Fraction(71, 1296)
