"""What a named casualty policy leaves after 0, 1, ... hits from one sequence of its choices
(casualties.take_sweep, WOTR-CAS-12), kept per side configuration for every hits table and every later
battle (process._Configs.sweep, bounded with the forward pass's other shared rows). Checked against the
policies taken hit by hit as written here (each hit chosen afresh with the hits left, WOTR-CAS-3..5,
WOTR-CAS-10), against the legal results (casualties.allocations), and, for the kept sweeps, battles
solved cold, warm and in another order, and under a small bound."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.games.wotr.battle import process
from pycombat.games.wotr.battle.casualties import allocations, cap_pool, take_sweep, unit_count
from pycombat.games.wotr.battle.process import Decisions, Policy, forward
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.schema import scenario_from_dict
from budget import examples  # noqa: E402


def _hit_by_hit(units, pool, hits, prefer_downgrade):
    """The policy as its docstrings state it, one hit decision at a time with the hits left: downgrade
    first replaces an Elite by a Regular of its Nation while one is available, regulars first removes the
    first Nation's Regular; else the other; an Elite without a replacement: two hits remove it
    (WOTR-CAS-4), a last single hit eliminates it (WOTR-CAS-5); hits beyond the Army are wasted."""
    units = [list(u) for u in units]
    pool = None if pool is None else list(cap_pool(tuple(map(tuple, units)), pool))
    while hits > 0 and any(r or e for r, e in units):
        reg = [i for i, (r, _) in enumerate(units) if r]
        rep = [i for i, (_, e) in enumerate(units) if e and (pool is None or pool[i] > 0)]
        if rep and (prefer_downgrade or not reg):
            i = rep[0]
            units[i] = [units[i][0] + 1, units[i][1] - 1]
            if pool is not None:
                pool[i] -= 1
            hits -= 1
        elif reg:
            i = reg[0]
            units[i][0] -= 1
            if pool is not None:
                pool[i] += 1
            hits -= 1
        else:
            i = next(i for i, (_, e) in enumerate(units) if e)
            units[i][1] -= 1
            hits -= 2 if hits >= 2 else 1
        if pool is not None:
            pool = [min(p, e) for p, (_, e) in zip(pool, units)]
    return tuple(map(tuple, units)), None if pool is None else tuple(pool)


def test_sweep_is_each_count_of_hits_taken_hit_by_hit_and_legal():
    cells = list(itertools.product(range(4), range(3)))
    for nations in (1, 2):
        for units in itertools.product(cells, repeat=nations):
            for pool in [None] + list(itertools.product(range(3), repeat=nations)):
                for prefer in (False, True):
                    sweep = take_sweep(units, pool, 7, prefer)
                    assert len(sweep) == 8
                    for h, got in enumerate(sweep):
                        assert got == _hit_by_hit(units, pool, h, prefer), (units, pool, h, prefer)
                        if h <= 3:  # (every legal result enumerated: kept small)
                            assert got in allocations(units, pool, h)
                        if h and unit_count(got[0]) == 0:
                            assert sweep[h:] == (got,) * (8 - h)  # WOTR-CAS-10: the rest is wasted


def _scenario(att, dfn, leaders):
    units_d = {"Gondor": {"regulars": dfn[0], "elites": dfn[1], "leaders": leaders}}
    if dfn[2] or dfn[3]:
        units_d["Rohan"] = {"regulars": dfn[2], "elites": dfn[3]}
    data = {"game": "wotr", "politics": {"Gondor": "at_war", "Rohan": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": att[0], "elites": att[1]}}},
            "defender": {"region": "Dagorlad", "units": units_d}}
    return scenario_from_dict(data, file="speed_casualty_sweep.yaml")


shadow = st.tuples(st.integers(0, 4), st.integers(0, 2)).filter(lambda t: sum(t) > 0)
free = st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 2), st.integers(0, 1)).filter(
    lambda t: sum(t) > 0)


def _facts(result):
    return dict(result.outcomes.items()), result.expected_rounds, result.states


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(st.tuples(shadow, free, st.integers(0, 2), st.sampled_from(("regulars_first", "downgrade_first"))),
                min_size=2, max_size=4), st.randoms(use_true_random=False))
def test_kept_sweeps_leave_battles_as_cold_in_any_order_and_under_a_bound(battles, rnd):
    solved = []
    for att, dfn, leaders, pol in battles:
        s = _scenario(att, dfn, leaders)
        setup = battle_setup(s)
        solved.append((setup, Policy.from_flags(s.flags, pol)))
    cold = []
    for setup, policy in solved:
        process.clear_caches()
        cold.append(_facts(forward(setup, Decisions(setup, policy))))
    process.clear_caches()
    order = list(range(len(solved)))
    rnd.shuffle(order)
    for i in order + order:  # warm: the sweeps kept from the battles before, each battle twice
        assert _facts(forward(solved[i][0], Decisions(*solved[i]))) == cold[i]
    limit = process._CONFIGS_LIMIT
    try:
        process._CONFIGS_LIMIT = 40  # a numbering over the bound is replaced when the next pass begins
        process.clear_caches()
        for i in order:
            before = process._configs()
            assert len(before.units) + before.row_count + len(before.finals) <= 40
            assert _facts(forward(solved[i][0], Decisions(*solved[i]))) == cold[i]
            assert all(len(s) > 5 for s in process._CONFIGS.sweeps.values())  # every count a roll scores
    finally:
        process._CONFIGS_LIMIT = limit
        process.clear_caches()
