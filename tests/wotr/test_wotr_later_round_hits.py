"""WOTR-ROUND-1: "the X scores ... hits in round r" (r >= 2) without a Combat card for that round. The Army
that rolls in round r is the one the rounds before it leave: one unit rolls the same dice in every round it
fights (a hit removes it), so the claim is decided on its roll; more units may have lost some, so the claim
is not one distribution and is not decided (never read with the Army as it starts the battle)."""
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


@pytest.mark.parametrize("regulars", [2, 3])
def test_more_units_leave_a_later_round_undecided(regulars):
    p = _p_at_least_one(regulars)  # the starting Army's chance: true only if no unit was lost
    (v,) = verbs.verify(scenario_from_dict(_doc(regulars, f"the attacker scores at least 1 hit in round 2 "
                                                          f"with probability {p}"))).verdicts
    assert v.verdict is None and "WOTR-ROUND-1" in v.rules
    assert any("the rounds before it leave" in n for n in v.notes)
    (first,) = verbs.verify(scenario_from_dict(_doc(regulars, f"the attacker scores at least 1 hit in round 1 "
                                                              f"with probability {p}"))).verdicts
    assert first.verdict is True  # round 1 is the starting Army's roll
