"""The forward pass of a fixed policy (process.forward: side configurations and what a casualty policy
leaves of them numbered once for every battle, pairs of configurations numbered per pass) against an
independent recursion in Fractions written here: each side's hits from dice.combat_roll_dist (WOTR-HIT),
the attacker's casualties then the defender's (WOTR-CAS-2), end_of_round (WOTR-CAS-7, WOTR-END-1/2/9,
WOTR-ROUND-3), rounds without hits folded only from a state reached by continuing at the saturated
round. And the shared numbering: a battle solved cold, after other battles, or again, gives the same
result."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.games.wotr.battle import process
from pycombat.games.wotr.battle.process import Decisions, Outcome, Policy, end_of_round, forward
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.schema import scenario_from_dict
from budget import examples  # noqa: E402

CONTINUE = ("always", "never", "while_not_outnumbered")


def _scenario(att, dfn, lead_a, nazgul, cont, max_rounds, city):
    units_a = {"Gondor": {"regulars": att[0], "elites": att[1], "leaders": lead_a}}
    if att[2] or att[3]:
        units_a["Rohan"] = {"regulars": att[2], "elites": att[3]}
    data = {"game": "wotr", "politics": {"Gondor": "at_war", "Rohan": "at_war", "Sauron": "at_war",
                                         "Isengard": "at_war"},
            "attacker": {"region": "Osgiliath" if city else "Dagorlad", "units": units_a},
            "defender": {"region": "Minas Morgul" if city else "Ash Mountains",
                         "units": {"Sauron": {"regulars": dfn[0], "elites": dfn[1]}}, "nazgul": nazgul,
                         "retreat_to": []},
            "rules": {"attacker_continue": cont, "max_rounds": str(max_rounds) if max_rounds else "none"}}
    return scenario_from_dict(data, file="forward_shared.yaml")


def _reference(setup, dec, state, memo):
    """The outcome distribution from ``state`` in Fractions, by recursion over the joint hits."""
    got = memo.get(state)
    if got is not None:
        return got
    a, pa, d, pd, rnd, cont = state
    da = setup.params("attacker", a, rnd).dist()  # WOTR-HIT: the attacker's hits
    dd = setup.params("defender", d, rnd).dist()
    succ: dict = {}
    for i, p in da.items():
        for j, q in dd.items():
            a2, pa2 = dec.casualties("attacker", a, pa, j, None)  # WOTR-CAS-2: the attacker first
            d2, pd2 = dec.casualties("defender", d, pd, i, None)
            nxt = end_of_round(setup, dec, a2, pa2, d2, pd2, rnd)
            succ[nxt] = succ.get(nxt, Fraction(0)) + p * q
    sat = setup.saturation
    p_self = succ.pop(state, Fraction(0)) if (sat is not None and cont and rnd == sat) else Fraction(0)
    assert state not in succ  # only a folded round without hits leads back
    out: dict = {}
    for nxt, p in succ.items():
        sub = {nxt: Fraction(1)} if isinstance(nxt, Outcome) else _reference(setup, dec, nxt, memo)
        for o, q in sub.items():
            out[o] = out.get(o, Fraction(0)) + p * q / (1 - p_self)
    memo[state] = out
    return out


armies = st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 1), st.integers(0, 1)).filter(
    lambda t: sum(t) > 0)
shadow = st.tuples(st.integers(0, 3), st.integers(0, 2)).filter(lambda t: sum(t) > 0)


@settings(max_examples=examples(200), deadline=None)
@given(armies, shadow, st.integers(0, 2), st.integers(0, 2), st.sampled_from(CONTINUE),
       st.sampled_from([None, 1, 3]), st.booleans(), st.sampled_from(["regulars_first", "downgrade_first"]))
def test_forward_equals_a_fraction_recursion(att, dfn, lead_a, nazgul, cont, max_rounds, city, policy):
    s = _scenario(att, dfn, lead_a, nazgul, cont, max_rounds, city)
    setup = battle_setup(s)
    dec = Decisions(setup, Policy.from_flags(s.flags, policy))
    got = forward(setup, dec)
    want = {o: p for o, p in _reference(setup, dec, setup.start, {}).items() if p}
    assert dict(got.outcomes.items()) == want
    assert sum(got.outcomes.values()) == 1


def test_the_shared_numbering_does_not_change_a_result():
    battles = [battle_setup(_scenario(att, (3, 1), 1, 1, "always", None, False))
               for att in ((3, 2, 0, 0), (1, 0, 1, 1), (2, 1, 1, 0))]
    policies = [Policy.from_flags(_scenario((1, 0, 0, 0), (1, 0), 0, 0, "always", None, False).flags, pol)
                for pol in ("regulars_first", "downgrade_first")]
    process.clear_caches()
    cold = [forward(b, Decisions(b, p)) for b in battles for p in policies]
    again = [forward(b, Decisions(b, p)) for b in reversed(battles) for p in reversed(policies)][::-1]
    process._CONFIGS_LIMIT, limit = 0, process._CONFIGS_LIMIT  # a new numbering for every pass
    try:
        fresh = [forward(b, Decisions(b, p)) for b in battles for p in policies]
    finally:
        process._CONFIGS_LIMIT = limit
    for x, y, z in zip(cold, again, fresh):
        assert dict(x.outcomes.items()) == dict(y.outcomes.items()) == dict(z.outcomes.items())
        assert x.expected_rounds == y.expected_rounds == z.expected_rounds
        assert x.states == y.states == z.states
