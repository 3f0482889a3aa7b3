"""The integer forward pass (:func:`pycombat.games.wotr.battle.process.forward_raw`: the states of one
layer taken together, one scaling of the common denominator a layer; a fixed policy's "both Armies
left: the next round" worked out without :func:`end_of_round`) against a forward pass in Fractions
written here, one state at a time in :func:`order_key` order: the same end positions, pending states
and expected rounds, exactly, and in the same order (the order in which mass first reaches each end
position, and the order in which the pending states are taken: what the Combat-card battles and the
round table list after them).

The reference's rounds: each side's hits from ``RollParams.dist`` (WOTR-HIT), the attacker's casualties
then the defender's (WOTR-CAS-2), grouped as the pass groups them (each side's results in the order
of the other side's hits, fewest first), :func:`end_of_round` (WOTR-CAS-7, WOTR-END-1/2/3/9,
WOTR-ROUND-3), a round without hits folded as ``p / (1 - p_self)`` from a state reached by continuing
at the saturated round; a retreat into the Stronghold before a round (WOTR-SITE-2) ends the battle.
"""
from __future__ import annotations

import heapq
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.wotr.battle import process
from pycombat.games.wotr.battle.process import Decisions, Outcome, Policy, end_of_round, forward_raw, into_siege, \
    order_key
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict

CONTINUE = ("always", "never", "while_not_outnumbered")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "wotr"


def _groups(dist, take) -> list[tuple[tuple, Fraction]]:
    """``take(hits)`` for the hits of ``dist``, fewest first, equal results merged (first met first)."""
    out: dict = {}
    for h in sorted(dist):
        got = take(h)
        out[got] = out.get(got, Fraction(0)) + dist[h]
    return list(out.items())


def reference(setup, dec, stop_round=None):
    """``(terminal, pending, expected rounds)`` in Fractions, dicts in the order described above."""
    start = setup.start
    mass = {start: Fraction(1)}
    heap = [order_key(start)]
    terminal: dict = {}
    pending: dict = {}
    rounds = Fraction(0)
    while heap:
        state = heapq.heappop(heap)[-1]
        m = mass.pop(state)
        a, pa, d, pd, rnd, cont = state
        if stop_round is not None and rnd == stop_round:
            if m:
                pending[state] = m
            continue
        if setup.siege_retreat and dec.into_siege(state):  # WOTR-SITE-2
            if m:
                o = into_siege(a, d)
                terminal[o] = terminal.get(o, Fraction(0)) + m
            continue
        da = setup.params("attacker", a, rnd).dist()
        dd = setup.params("defender", d, rnd).dist()
        rows_a = _groups(dd, lambda j: dec.casualties("attacker", a, pa, j, None))  # WOTR-CAS-2
        rows_d = _groups(da, lambda i: dec.casualties("defender", d, pd, i, None))
        succ = [(end_of_round(setup, dec, a2, pa2, d2, pd2, rnd), wa * wd)
                for (a2, pa2), wa in rows_a for (d2, pd2), wd in rows_d]
        sat = setup.saturation
        folds = setup.kind != "siege" and sat is not None and cont and rnd == sat
        p_self = sum((p for nxt, p in succ if nxt == state), Fraction(0)) if folds else Fraction(0)
        assert folds or all(nxt != state for nxt, _ in succ)
        if not m:  # (a start of chance zero: nothing to pass on)
            for nxt, _ in succ:
                if not isinstance(nxt, Outcome) and nxt not in mass:
                    mass[nxt] = Fraction(0)
                    heapq.heappush(heap, order_key(nxt))
            continue
        rounds += m / (1 - p_self)
        for nxt, p in succ:
            if folds and nxt == state:
                continue
            w = m * p / (1 - p_self)
            if isinstance(nxt, Outcome):
                terminal[nxt] = terminal.get(nxt, Fraction(0)) + w
            elif nxt in mass:
                mass[nxt] += w
            else:
                mass[nxt] = w
                heapq.heappush(heap, order_key(nxt))
    return terminal, pending, rounds


def _check(setup, dec, stop_round=None):
    term, pend, rounds, _ = forward_raw(setup, dec, stop_round=stop_round)
    want_term, want_pend, want_rounds = reference(setup, dec, stop_round)
    assert list(term.items()) == list(want_term.items())  # the same values, in the same order
    assert list(pend.items()) == list(want_pend.items())
    assert rounds == want_rounds
    if stop_round is None:
        assert not pend and sum(term.values()) == 1


def _scenario(att, dfn, nazgul, leaders, cont, max_rounds, retreat, pool):
    """Sauron attacks from Ash Mountains a Free Peoples Army in Dagorlad (a plain region), which may
    retreat to North Ithilien when ``retreat`` (WOTR-END-3)."""
    units_d = {"Gondor": {"regulars": dfn[0], "elites": dfn[1], "leaders": leaders}}
    if dfn[2] or dfn[3]:
        units_d["Rohan"] = {"regulars": dfn[2], "elites": dfn[3]}
    data = {"game": "wotr", "politics": {"Gondor": "at_war", "Rohan": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": att[0], "elites": att[1]}},
                         "nazgul": nazgul},
            "defender": {"region": "Dagorlad", "units": units_d, "retreat_to": ["North Ithilien"] if retreat else []},
            "rules": {"attacker_continue": cont, "max_rounds": str(max_rounds) if max_rounds else "none",
                      "replacement_pool": pool}}
    return scenario_from_dict(data, file="forward_layers.yaml")


armies = st.tuples(st.integers(0, 3), st.integers(0, 2)).filter(lambda t: sum(t) > 0)
free = st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 1), st.integers(0, 1)).filter(
    lambda t: sum(t) > 0)


@settings(max_examples=examples(120), deadline=None)
@given(armies, free, st.integers(0, 2), st.integers(0, 2), st.sampled_from(CONTINUE), st.sampled_from([None, 1, 3]),
       st.booleans(), st.sampled_from(["tracked", "unlimited"]), st.sampled_from(["regulars_first", "downgrade_first"]),
       st.sampled_from([None, 2, 3]), st.integers(0, 4))
def test_the_pass_equals_a_fraction_pass_state_by_state(att, dfn, nazgul, leaders, cont, max_rounds, retreat, pool,
                                                        policy, stop_round, retreat_below):
    s = _scenario(att, dfn, nazgul, leaders, cont, max_rounds, retreat, pool)
    setup = battle_setup(s)
    callbacks = {}
    flags = s.flags
    if retreat and retreat_below:  # the defender retreats once down to fewer units (WOTR-ROUND-3 step 2)
        callbacks = {"defender_retreat": lambda _s, where, what: what == "retreat"
                     and sum(map(sum, where[1])) < retreat_below}
        flags = {**flags, "defender_retreat": "callback"}
    dec = Decisions(setup, Policy.from_flags(flags, policy, callbacks))
    _check(setup, dec, stop_round)


def test_every_continue_and_retreat_rule_equals_the_fraction_pass():
    """Each of the attacker's continue rules, with the defender staying or retreating once down to fewer
    units (WOTR-ROUND-3), the battle fought to the end or up to three rounds."""
    for cont in CONTINUE:
        for retreat_below in (0, 1, 2, 3):
            for max_rounds in (None, 3):
                s = _scenario((3, 1), (2, 1, 1, 0), 1, 1, cont, max_rounds, True, "tracked")
                setup = battle_setup(s)
                callbacks, flags = {}, s.flags
                if retreat_below:
                    callbacks = {"defender_retreat": lambda _s, where, what, k=retreat_below: what == "retreat"
                                 and sum(map(sum, where[1])) < k}
                    flags = {**flags, "defender_retreat": "callback"}
                for policy in ("regulars_first", "downgrade_first"):
                    _check(setup, Decisions(setup, Policy.from_flags(flags, policy, callbacks)))


def test_a_city_and_the_retreats_into_the_stronghold_equal_the_fraction_pass():
    """A City's first round (WOTR-SITE-1: rounds counted up to the second), a siege (WOTR-SIEGE-2/3), a
    sortie, and a defender that retreats into his Stronghold once down to two units (WOTR-SITE-2)."""
    for name in ("helms_deep.yaml", "skirmish.yaml", "every_option.yaml", "osgiliath.yaml", "minas_tirith_siege.yaml",
                 "sortie.yaml", "sortie_cease.yaml", "relief_minas_tirith.yaml", "edoras_allies.yaml"):
        s = load_scenario(EXAMPLES / name)
        setup = battle_setup(s)
        for callbacks in ({}, {"defender_retreat": lambda _s, state, what: what == "into_siege"
                                                                          and sum(map(sum, state[2])) < 3}):
            flags = {**s.flags, "defender_retreat": "callback"} if callbacks else s.flags
            for policy in ("regulars_first", "downgrade_first"):
                dec = Decisions(setup, Policy.from_flags(flags, policy, callbacks))
                for stop_round in (None, 2):
                    _check(setup, dec, stop_round)


def test_a_side_without_an_elite_takes_the_same_casualties_under_both_policies():
    """Without an Elite (none can appear: casualties and siege reductions only take them away) both named
    policies remove the first Nation's Regulars (WOTR-CAS-12): the battle under one is the battle under the
    other, and :func:`process.casualty_equivalent` says so; with an Elite they differ."""
    plain = battle_setup(_scenario((3, 0), (2, 0, 1, 0), 1, 1, "always", None, False, "tracked"))
    flags = _scenario((3, 0), (2, 0, 1, 0), 1, 1, "always", None, False, "tracked").flags
    down = Policy.from_flags(flags, "downgrade_first")
    reg = Policy.from_flags(flags, "regulars_first")
    assert process.casualty_equivalent(plain, down) == reg
    a = forward_raw(plain, Decisions(plain, down))
    b = forward_raw(plain, Decisions(plain, reg))
    assert a[0] == b[0] and a[2] == b[2]
    elite = battle_setup(_scenario((3, 1), (2, 0, 1, 0), 1, 1, "always", None, False, "tracked"))
    got = process.casualty_equivalent(elite, down)
    assert got.attacker_casualties == "downgrade_first" and got.defender_casualties == "regulars_first"
    assert forward_raw(elite, Decisions(elite, down))[0] != forward_raw(elite, Decisions(elite, reg))[0]
