"""The integer forward pass (for speed): side_int counts face by face the same distribution as
pycombat.games.wotr.battle.dice.combat_roll_dist; a forward pass from several starts equals the weighted forward passes
from each start; every example's distribution sums to exactly 1."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.games.wotr.battle.process import Decisions, Policy, RollParams, forward, side_int
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.games.wotr.battle.setup import battle_setup
from budget import examples  # noqa: E402


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(0, 7), st.integers(0, 7), st.integers(1, 7), st.integers(-3, 3), st.integers(-2, 2),
       st.sampled_from([None, 4, 6]))
def test_side_int_equals_the_fraction_distribution(n, r, hit, m1, m2, rh):
    p = RollParams(n, r, hit, m1, m2, rh)
    k, counts = side_int(p)
    assert {h: Fraction(c, 6 ** k) for h, c in counts} == dict(p.dist().items())


def test_forward_from_several_starts():
    data = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 3, "elites": 1}}, "nazgul": 1},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "elites": 1, "leaders": 1}},
                         "retreat_to": []}}
    s = scenario_from_dict(data, file="f.yaml")
    setup = battle_setup(s)
    dec = Decisions(setup, Policy())
    a, pa, d, pd, _, _ = setup.start
    s1 = (((2, 1),), pa, d, pd, 1, True)
    s2 = (a, pa, ((1, 1),), pd, 1, True)
    mix = forward(setup, dec, starts={s1: Fraction(1, 3), s2: Fraction(2, 3)})
    r1, r2 = forward(setup, dec, start=s1), forward(setup, dec, start=s2)
    want: dict = {}
    for res, w in ((r1, Fraction(1, 3)), (r2, Fraction(2, 3))):
        for o, p in res.outcomes.items():
            want[o] = want.get(o, Fraction(0)) + w * p
    assert dict(mix.outcomes.items()) == want
    assert mix.expected_rounds == r1.expected_rounds / 3 + 2 * r2.expected_rounds / 3


def _backward(setup, dec, state, memo):
    """The outcome distribution from ``state`` by recursion over :func:`transitions` in Fractions (no
    numbering, no common denominator): what :func:`forward` must equal."""
    from pycombat.games.wotr.battle.process import Outcome, into_siege, transitions

    got = memo.get(state)
    if got is not None:
        return got
    if setup.siege_retreat and dec.into_siege(state):  # WOTR-SITE-2
        out = {into_siege(state[0], state[2]): Fraction(1)}
    else:
        succ, n_self, power = transitions(setup, dec, state, {})
        den = 6 ** power - n_self
        out = {}
        for nxt, n in succ:
            sub = {nxt: Fraction(1)} if isinstance(nxt, Outcome) else _backward(setup, dec, nxt, memo)
            for o, p in sub.items():
                out[o] = out.get(o, Fraction(0)) + Fraction(n, den) * p
    memo[state] = out
    return out


def test_forward_equals_a_backward_recursion_with_retreats_into_the_stronghold():
    """The forward pass (positions numbered, one common denominator) against a recursion in Fractions,
    with a defender that retreats into its Stronghold once down to two units (WOTR-SITE-2) and without."""
    from pathlib import Path

    from pycombat.games.wotr.schema import load_scenario

    examples_dir = Path(__file__).resolve().parents[2] / "examples" / "wotr"
    for name in ("helms_deep.yaml", "skirmish.yaml", "every_option.yaml"):
        s = load_scenario(examples_dir / name)
        setup = battle_setup(s)
        for callbacks in ({}, {"defender_retreat": lambda _s, state, what: what == "into_siege"
                                                                          and sum(map(sum, state[2])) < 3}):
            flags = {**s.flags, "defender_retreat": "callback"} if callbacks else s.flags
            dec = Decisions(setup, Policy.from_flags(flags, "regulars_first", callbacks))
            got = forward(setup, dec)
            want = _backward(setup, dec, setup.start, {})
            assert dict(got.outcomes.items()) == {o: p for o, p in want.items() if p}
