"""WotR casualties (WOTR-CAS): every legal way to take N hits, against a brute force written from
the rule text; the named policies; the player-reported bugs of JC §14."""
from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.games.wotr.battle.casualties import (allocations, cap_pool, downgrade_first, hit_points, regulars_first,
                                            unit_count)
from budget import examples  # noqa: E402


def brute_force(units, pool, hits):
    """Every sequence of the rule's choices, figure by figure (no memo, no pool capping until the end).

    For each hit: remove a Regular (WOTR-CAS-3; it then is a Regular available, WOTR-CAS-5/6); or replace
    an Elite with a Regular of its Nation when one is available (WOTR-CAS-3); or, with none available,
    eliminate the Elite (WOTR-CAS-5); or use two hits to remove an Elite (WOTR-CAS-4). Hits beyond the
    Army are wasted (WOTR-CAS-10)."""
    finals = set()

    def go(u, p, h):
        if h == 0 or all(r + e == 0 for r, e in u):
            finals.add((tuple(u), tuple(p) if p is not None else None))
            return
        for i in range(len(u)):
            r, e = u[i]
            if r > 0:
                u2 = list(u)
                u2[i] = (r - 1, e)
                p2 = None if p is None else [x + (k == i) for k, x in enumerate(p)]
                go(u2, p2, h - 1)
            if e > 0:
                if p is None or p[i] > 0:
                    u2 = list(u)
                    u2[i] = (r + 1, e - 1)
                    p2 = None if p is None else [x - (k == i) for k, x in enumerate(p)]
                    go(u2, p2, h - 1)
                else:
                    u2 = list(u)
                    u2[i] = (r, e - 1)
                    go(u2, p, h - 1)
                if h >= 2:
                    u2 = list(u)
                    u2[i] = (r, e - 1)
                    go(u2, p, h - 2)

    go(list(units), list(pool) if pool is not None else None, hits)
    return {(u, cap_pool(u, p)) for u, p in finals}


side = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=2).map(tuple)


@settings(max_examples=examples(150), deadline=None)
@given(side, st.data(), st.integers(0, 6), st.booleans())
def test_allocations_equal_brute_force(units, data, hits, unlimited):
    pool = None if unlimited else tuple(data.draw(st.integers(0, 3)) for _ in units)
    got = allocations(units, cap_pool(units, pool), hits)
    assert len(got) == len(set(got))
    assert set(got) == brute_force(units, pool, hits)


@settings(max_examples=examples(100), deadline=None)
@given(side, st.integers(0, 8))
def test_wotr_cas_11_hit_points_fall_by_the_hits_while_replacements_last(units, hits):
    """WOTR-CAS-11 [replacement_pool=unlimited]: every allocation lowers R + 2E by min(hits, R + 2E)."""
    for u, _ in allocations(units, None, hits):
        assert hit_points(units) - hit_points(u) == min(hits, hit_points(units))


@settings(max_examples=examples(100), deadline=None)
@given(side, st.integers(0, 8), st.data())
def test_policies_are_legal_allocations(units, hits, data):
    # pools of 0 too: then an Elite goes by two hits, or by the last single hit (WOTR-CAS-4/5)
    pool = tuple(data.draw(st.integers(0, 2)) for _ in units)
    legal = set(allocations(units, cap_pool(units, pool), hits))
    assert regulars_first(units, pool, hits) in legal
    assert downgrade_first(units, pool, hits) in legal
    # regulars_first keeps the most Elites, downgrade_first the most units (unlimited replacements)
    best_e = max(sum(e for _, e in u) for u, _ in allocations(units, None, hits))
    best_n = max(unit_count(u) for u, _ in allocations(units, None, hits))
    assert sum(e for _, e in regulars_first(units, None, hits)[0]) == best_e
    assert unit_count(downgrade_first(units, None, hits)[0]) == best_n


def test_policies_without_replacements_remove_elites_by_two_hits_and_the_last_by_one():
    """WOTR-CAS-4/5 in the named policies: no Regular available, two hits remove an Elite and a last
    single hit eliminates one."""
    for policy in (regulars_first, downgrade_first):
        assert policy(((0, 2),), (0,), 3) == (((0, 0),), (0,))
        assert policy(((0, 2),), (0,), 2) == (((0, 1),), (0,))
        assert policy(((0, 1), (0, 2)), (0, 0), 1) == (((0, 0), (0, 2)), (0, 0))


def test_wotr_cas_4_two_hits_remove_an_elite_and_choices_mix():
    """JC §14: the 2-hit Elite removal was missing and casualty choices could not be mixed. 3 hits on
    1 Regular + 2 Elites: the Regular and an Elite (2 hits) go, one Elite stays."""
    results = {u for u, _ in allocations(((1, 2),), (5,), 3)}
    assert ((0, 1),) in results
    assert ((2, 0),) in results  # Elite removed with two hits, the other replaced
    assert ((1, 1),) not in results  # that is two hits, not three


def test_wotr_cas_5_no_regular_available_one_hit_eliminates_an_elite():
    assert allocations(((0, 1),), (0,), 1) == ((((0, 0),), (0,)),)
    assert allocations(((0, 1),), (1,), 1) == ((((1, 0),), (0,)),)


def test_wotr_cas_5_a_removed_regular_becomes_available():
    """Free Peoples casualties and Shadow reinforcements: a Regular removed by the first hit may
    replace an Elite on the second."""
    assert ((1, 0),) in {u for u, _ in allocations(((1, 1),), (0,), 2)}


def test_wotr_cas_5_replacement_from_the_same_nation_only():
    """Gondor's spare Regulars do not replace a Rohan Elite."""
    got = {u for u, _ in allocations(((0, 0), (0, 1)), (3, 0), 1)}
    assert got == {((0, 0), (0, 0))}


def test_wotr_cas_10_extra_hits_are_wasted():
    assert allocations(((1, 1),), (1,), 9) == ((((0, 0),), (0,)),)


@pytest.mark.parametrize("units,hits", [(((3, 2),), 3), (((0, 3),), 4), (((2, 0), (1, 2)), 3)])
def test_every_allocation_takes_every_hit(units, hits):
    """Each result is reached by taking exactly the hits (or the whole Army)."""
    for u, _ in allocations(units, None, hits):
        lost = hit_points(units) - hit_points(u)
        assert lost == hits or unit_count(u) == 0
