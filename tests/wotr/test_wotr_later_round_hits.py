"""WOTR-ROUND-1: "the X scores ... hits in round r" (r >= 2) without a Combat card for that round. The Army
that rolls in round r is the one the rounds before it leave (never the Army as it starts the battle): the
claim is decided over every position round r starts from, TRUE when each gives the probability claimed,
FALSE when none does (nor the chance given that round r is fought), else not decided, each position's
probability and chance in the notes (checked here against a brute force over round 1's dice)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict


def _doc(regulars: int, claim: str) -> dict:
    return {"game": "wotr", "title": "later rounds", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": regulars}}},
            "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 2}}},
            "claims": [claim]}


def _p_at_least_one(dice: int) -> Fraction:
    """Brute force over the faces: at least one of ``dice`` dice hits on 5+ in the field (no Leader)."""
    faces = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(1 for f in faces if any(x >= 5 for x in f)), len(faces))


@pytest.mark.parametrize("rnd", [2, 3])
def test_one_unit_rolls_the_same_dice_in_every_round_it_fights(rnd):
    p = _p_at_least_one(1)
    (v,) = verbs.verify(scenario_from_dict(_doc(1, f"the attacker scores at least 1 hit in round {rnd} "
                                                   f"with probability {p}"))).verdicts
    assert v.verdict is True and "WOTR-HIT-9" in v.rules


def _round_two_positions(regulars: int) -> dict[int, Fraction]:
    """Brute force over round 1's faces (attacker ``regulars`` dice, defender 2, both hitting on 5+, no
    Leaders): the attacker's units at the start of round 2 -> the chance (round 2 is fought when both
    sides still have units; the attacker always continues)."""
    out: dict[int, Fraction] = {}
    for a in product(range(1, 7), repeat=regulars):
        for d in product(range(1, 7), repeat=2):
            left_a = regulars - sum(x >= 5 for x in d)
            left_d = 2 - sum(x >= 5 for x in a)
            if left_a > 0 and left_d > 0:
                out[left_a] = out.get(left_a, Fraction(0)) + Fraction(1, 6 ** (regulars + 2))
    return out


def test_more_units_are_decided_over_the_positions_round_two_starts_from():
    positions = _round_two_positions(3)
    p_by_units = {n: _p_at_least_one(n) for n in positions}

    def verdict(claim):
        (v,) = verbs.verify(scenario_from_dict(_doc(3, claim))).verdicts
        return v

    start = verdict(f"the attacker scores at least 1 hit in round 2 with probability {_p_at_least_one(3)}")
    assert start.verdict is None and "WOTR-ROUND-1" in start.rules  # true of the starting Army only
    for n, chance in positions.items():  # every position with its chance, from the brute force
        assert any(f"{p_by_units[n]} = " in note and f"(chance {chance})" in note for note in start.notes), (n, start.notes)
    assert verdict("the attacker scores at most 3 hits in round 2 with probability 1").verdict is True
    assert verdict("the attacker scores at least 1 hit in round 2 with probability 1/7").verdict is False
    (first,) = verbs.verify(scenario_from_dict(_doc(3, f"the attacker scores at least 1 hit in round 1 "
                                                       f"with probability {_p_at_least_one(3)}"))).verdicts
    assert first.verdict is True  # round 1 is the starting Army's roll
