"""WOTR-ROUND-1: "the X scores ... hits in round r" (r >= 2). The Army that rolls in round r is the one the
rounds before it leave (never the Army as it starts the battle): the claim is decided over every position
round r starts from, TRUE when each gives the probability claimed, FALSE when none does (nor the chance
given that round r is fought), else not decided, each position's probability and chance in the notes
(checked here against a brute force over round 1's dice). Under casualty_policy=enumerate the positions
are those of every casualty choice (WOTR-CAS-12), checked against a brute force over the faces and every
allocation; typed card effects of round r act on its roll from each position."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict


def _doc(regulars: int, claim: str) -> dict:
    return {"game": "wotr", "title": "later rounds", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": regulars}}},
            "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 2}}},
            "claims": [claim]}


def _p_at_least_one(dice: int) -> Fraction:
    """Brute force over the faces: at least one of ``dice`` dice hits on 5+ in the field (no Leader)."""
    return _p_at_least_one_of(dice, lambda x: x >= 5)


def _p_at_least_one_of(dice: int, hit_on) -> Fraction:
    """Brute force over the faces: at least one of ``dice`` dice hits (``hit_on(face)``), no re-roll."""
    faces = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(1 for f in faces if any(hit_on(x) for x in f)), len(faces))


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


# ---- casualty_policy=enumerate: every casualty choice (WOTR-CAS-12) -----------------------------------
def _isengard(claims: list, cards: list | None = None) -> dict:
    """Isengard 2 Regulars and 2 Elites with Saruman (each Isengard Elite is also a Leader, WOTR-STR-9), with
    Regulars to spare, attack 3 Rohan Regulars in the Gap of Rohan (no Settlement: both hit on 5+)."""
    doc = {"game": "wotr", "title": "any casualty choice", "politics": {"Isengard": "at_war", "Rohan": "at_war"},
           "attacker": {"region": "Orthanc", "units": {"Isengard": {"regulars": 2, "elites": 2}},
                        "characters": ["Saruman"], "replacements": {"Isengard": 10}},
           "defender": {"region": "Gap of Rohan", "units": {"Rohan": {"regulars": 3}}, "retreat_to": []},
           "claims": claims}
    if cards:
        doc["battle"] = {"cards": cards}
    return doc


def _hits_by_faces(dice: int, leadership: int, hit_on) -> dict[int, Fraction]:
    """{hits: p} of a Combat roll of ``dice`` dice and a Leader re-roll of min(leadership, 5, misses) of the
    missed dice, face by face; ``hit_on(face)`` says whether a face hits."""
    out: dict[int, Fraction] = {}
    for roll in product(range(1, 7), repeat=dice):
        h = sum(map(hit_on, roll))
        r = min(leadership, 5, dice - h)
        for again in product(range(1, 7), repeat=r):
            x = h + sum(map(hit_on, again))
            out[x] = out.get(x, Fraction(0)) + Fraction(1, 6 ** (dice + r))
    return out


def _after_hits(r: int, e: int, hits: int) -> set[tuple[int, int]]:
    """Every (Regulars, Elites) an Army with Regulars to spare can be left with after ``hits`` hits: each hit
    removes a Regular or replaces an Elite with a Regular, two hits may remove an Elite (WOTR-CAS-3/4); hits
    beyond the Army are wasted (WOTR-CAS-10)."""
    if hits == 0 or r + e == 0:
        return {(r, e)}
    out = set()
    if r:
        out |= _after_hits(r - 1, e, hits - 1)
    if e:
        out |= _after_hits(r + 1, e - 1, hits - 1)
        if hits >= 2:
            out |= _after_hits(r, e - 1, hits - 2)
    return out


def _isengard_round_two() -> set[tuple[tuple[int, int], int]]:
    """Brute force: ((Isengard Regulars, Elites), Rohan Regulars) round 2 can start from, by round 1's faces
    (Isengard: 4 dice, Leadership 2 Elites + Saruman = 3; Rohan: 3 dice, no re-roll) and every casualty
    choice; both sides still have units (the attacker goes on, the defender cannot retreat)."""
    isen = _hits_by_faces(4, 3, lambda f: f >= 5)
    rohan = _hits_by_faces(3, 0, lambda f: f >= 5)
    out = set()
    for ha in isen:
        for hd in rohan:
            for units in _after_hits(2, 2, hd):
                if sum(units) and 3 - ha > 0:
                    out.add((units, 3 - ha))
    return out


def _at_least_two(units: tuple[int, int]) -> Fraction:
    """P(at least 2 hits) of Isengard (Regulars, Elites) with Saruman: a die each, Leadership Elites + 1."""
    r, e = units
    return sum((p for x, p in _hits_by_faces(min(r + e, 5), e + 1, lambda f: f >= 5).items() if x >= 2), Fraction(0))


def test_enumerate_decides_over_the_positions_of_every_casualty_choice():
    positions = _isengard_round_two()
    values = sorted({_at_least_two(u) for u, _ in positions})
    assert len(values) > 2
    inside = Fraction(1, 2)
    assert values[0] < inside < values[-1] and inside not in values
    claims = [f"the attacker scores at least 2 hits in round 2 with probability {inside}",
              f"the attacker scores at least 2 hits in round 2 with probability {values[0] / 2}",
              "the attacker scores at most 5 hits in round 2 with probability 1",
              f"the attacker scores at least 2 hits in round 2 with probability {values[1]}"]
    vs = verbs.verify(scenario_from_dict(_isengard(claims))).verdicts
    note = next(n for n in vs[0].notes if n.startswith("with any casualty choice"))
    assert note.split(": ", 1)[1].split(";")[0] == ", ".join(f"{p} = {float(p):.6f}" for p in values)
    assert "the casualty choices change the positions" in note and "WOTR-CAS-12" in vs[0].rules
    # between the positions' probabilities: a mix of them, which the casualty choices decide, may give it
    # (a fixed policy's mix is not 1/2 either: its rule would have said FALSE)
    assert vs[0].verdict is None
    assert vs[1].verdict is False  # below every position's probability: no mix gives it
    assert vs[2].verdict is True
    assert vs[3].verdict is None  # true of some positions only


def test_the_positions_of_every_casualty_choice_against_the_faces():
    """The positions verify follows with every casualty choice are those of the brute force; each fixed
    policy's are among them (the units of each side; the Regulars to spare are not compared)."""
    from pycombat.games.wotr.battle.setup import battle_setup
    from pycombat.games.wotr.claims.battle import _positions

    s = scenario_from_dict(_isengard([]))
    setup = battle_setup(s)
    every, choice = _positions(s, setup, 2, None)
    got = {(a[0], d[0][0]) for a, _, d, _ in every}
    assert choice and got == _isengard_round_two()
    for pol in ("regulars_first", "downgrade_first"):
        fixed, _ = _positions(s, setup, 2, pol)
        assert {(a[0], d[0][0]) for a, _, d, _ in fixed} < got


# ---- typed card effects (`battle.cards`) in round r, more than one unit ---------------------------------
def test_typed_effects_in_round_two_are_decided_over_the_positions():
    """+1 to the attacker's Combat roll in round 2 (typed): each die hits on 4+ (a 1 still misses, WOTR-HIT-4);
    the 3 Sauron Regulars roll the dice round 1 left them, each position with its chance (one allocation
    per hit: Regulars only)."""
    positions = _round_two_positions(3)
    plus_one = {n: _p_at_least_one_of(n, lambda f: f >= 4) for n in positions}
    doc = _doc(3, "")
    doc["battle"] = {"cards": [{"round": 2, "by": "attacker", "name": "+1", "attacker": {"combat_roll": 1}}]}
    fought = sum(positions.values(), Fraction(0))
    mixed = sum((plus_one[n] * q for n, q in positions.items()), Fraction(0)) / fought

    def verdict(claim, **flags):
        doc["claims"] = [claim]
        s = scenario_from_dict(doc)
        (v,) = verbs.verify(replace(s, flags={**s.flags, **flags})).verdicts
        return v

    for flags in ({}, {"casualty_policy": "regulars_first"}):
        some = verdict(f"the attacker scores at least 1 hit in round 2 with probability {plus_one[3]}", **flags)
        assert some.verdict is None and "WOTR-CARD-7" in some.rules, some.notes
        for n, chance in positions.items():
            assert any(f"{plus_one[n]} = " in x and f"(chance {chance})" in x for x in some.notes), (n, some.notes)
        assert any(f"given that round 2 is fought: {mixed}" in x for x in some.notes)
        assert verdict(f"the attacker scores at least 1 hit in round 2 with probability {mixed}", **flags).verdict is None
        assert verdict("the attacker scores at least 1 hit in round 2 with probability 1/100", **flags).verdict is False
        assert verdict("the attacker scores at most 3 hits in round 2 with probability 1", **flags).verdict is True


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.tuples(st.integers(0, 2), st.integers(0, 2)).filter(sum),
       st.tuples(st.integers(0, 2), st.integers(0, 2)).filter(sum))
def test_drawn_armies_reach_the_positions_of_every_casualty_choice(sauron, gondor):
    """Sauron and Gondor Regulars and Elites (Regulars to spare on both sides, no Leaders, both hitting on 5+):
    the positions round 2 can start from with any casualty choice are those of round 1's faces and every
    allocation of each side's hits (the brute force above)."""
    from pycombat.games.wotr.battle.setup import battle_setup
    from pycombat.games.wotr.claims.battle import _positions

    doc = {"game": "wotr", "title": "drawn", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
           "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": sauron[0], "elites": sauron[1]}},
                        "replacements": {"Sauron": 10}},
           "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": gondor[0], "elites": gondor[1]}},
                        "replacements": {"Gondor": 10}, "retreat_to": []},
           "claims": []}
    s = scenario_from_dict(doc)
    every, _ = _positions(s, battle_setup(s), 2, None)
    hits = {n: {sum(f >= 5 for f in roll) for roll in product(range(1, 7), repeat=n)} for n in (1, 2, 3, 4)}
    want = {(a, d) for ha in hits[sum(sauron)] for hd in hits[sum(gondor)]
            for a in _after_hits(*sauron, hd) for d in _after_hits(*gondor, ha) if sum(a) and sum(d)}
    assert {(a[0], d[0]) for a, _, d, _ in every} == want
