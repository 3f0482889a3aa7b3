"""The forward pass's shared work (process._forward_int): what a named casualty policy leaves of a side
configuration under a hits table is kept for every later battle, per casualty function (a side
without an Elite reads the rows of ``regulars_first`` under ``downgrade_first``: WOTR-CAS-12, the two
take the same Regulars), and end positions get their numerators in the pass's ``mass`` list when first
reached. Checked against a recursion in Fractions written here over :func:`process.transitions` (each
side's hits grouped by the casualties they cause, WOTR-ROUND-2, WOTR-CAS-1/2; none of the shared rows),
whatever battles were solved before and in whatever order; and each end-of-round decision
(WOTR-ROUND-3 steps 1 and 2) is asked once per round and pair of configurations."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.games.wotr.battle import process
from pycombat.games.wotr.battle.process import Decisions, Outcome, Policy, forward, transitions
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.schema import scenario_from_dict
from budget import examples  # noqa: E402


def _scenario(att, dfn, leaders, nazgul, retreat=False, rules=None, city=False):
    """Sauron attacks from Ash Mountains a Free Peoples Army of Gondor (and Rohan) in Dagorlad, or with
    ``city`` from Osgiliath in Pelargir (a City: the first round is not like the later ones, WOTR-SITE-1)."""
    there, here, away = ("Osgiliath", "Pelargir", "Lossarnach") if city else ("Ash Mountains", "Dagorlad",
                                                                              "North Ithilien")
    units_d = {"Gondor": {"regulars": dfn[0], "elites": dfn[1], "leaders": leaders}}
    if dfn[2] or dfn[3]:
        units_d["Rohan"] = {"regulars": dfn[2], "elites": dfn[3]}
    data = {"game": "wotr", "politics": {"Gondor": "at_war", "Rohan": "at_war", "Sauron": "at_war"},
            "attacker": {"region": there, "units": {"Sauron": {"regulars": att[0], "elites": att[1]}},
                         "nazgul": nazgul},
            "defender": {"region": here, "units": units_d, "retreat_to": [away] if retreat else []},
            "rules": rules or {}}
    return scenario_from_dict(data, file="speed_forward.yaml")


def _reference(setup, dec, state, memo):
    """The outcome distribution from ``state`` in Fractions: :func:`transitions` (its own grouping of the
    hits, not the pass's shared rows), a round without hits folded where it leads back to ``state``."""
    got = memo.get(state)
    if got is not None:
        return got
    succ, n_self, k = transitions(setup, dec, state, {})
    den = Fraction(6 ** k - n_self)
    out: dict = {}
    for nxt, n in succ:
        sub = {nxt: Fraction(1)} if isinstance(nxt, Outcome) else _reference(setup, dec, nxt, memo)
        for o, q in sub.items():
            out[o] = out.get(o, Fraction(0)) + n / den * q
    memo[state] = out
    return out


shadow = st.tuples(st.integers(0, 3), st.integers(0, 2)).filter(lambda t: sum(t) > 0)
free = st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 1), st.integers(0, 1)).filter(
    lambda t: sum(t) > 0)
POLICIES = ("regulars_first", "downgrade_first")


@settings(max_examples=examples(120), deadline=None)
@given(st.lists(st.tuples(shadow, free, st.integers(0, 2), st.integers(0, 2), st.sampled_from(POLICIES)),
                min_size=2, max_size=5), st.randoms(use_true_random=False))
def test_battles_solved_in_any_order_after_others_equal_a_fraction_recursion(battles, rnd):
    """WOTR-CAS-12 (the named policies), WOTR-ROUND-1/2: the rows kept from earlier battles (of either
    casualty policy) leave every battle's distribution, expected rounds and states as a cold pass has them."""
    solved = []
    for att, dfn, leaders, nazgul, pol in battles:
        s = _scenario(att, dfn, leaders, nazgul)
        setup = battle_setup(s)
        solved.append((setup, Policy.from_flags(s.flags, pol)))
    process.clear_caches()
    cold = []
    for setup, policy in solved:
        process.clear_caches()
        cold.append(forward(setup, Decisions(setup, policy)))
    process.clear_caches()
    order = list(range(len(solved)))
    rnd.shuffle(order)
    warm = {i: forward(solved[i][0], Decisions(*solved[i])) for i in order + order}  # each twice, shared rows
    for i, (setup, policy) in enumerate(solved):
        dec = Decisions(setup, policy)
        want = {o: p for o, p in _reference(setup, dec, setup.start, {}).items() if p}
        assert dict(cold[i].outcomes.items()) == want
        assert dict(warm[i].outcomes.items()) == want
        assert warm[i].expected_rounds == cold[i].expected_rounds
        assert warm[i].states == cold[i].states
        assert sum(want.values()) == 1


@settings(max_examples=examples(80), deadline=None)
@given(shadow, free, st.integers(0, 2), st.integers(1, 4), st.integers(1, 4), st.sampled_from(POLICIES),
       st.booleans())
def test_each_end_of_round_decision_is_asked_once_per_round_and_pair(att, dfn, nazgul, cease_below,
                                                                     retreat_below, pol, city):
    """WOTR-ROUND-3 steps 1 (the attacker ceases) and 2 (the defender retreats, WOTR-END-3): a decision
    function is asked about a round's end once per round and pair of configurations in a pass, also
    where a round without hits is folded (its end is looked at before the state is expanded; in a City
    the attacker who went on after round 1 may cease after round 2 with the same Armies, WOTR-SITE-1)."""
    asked: dict = {}

    def cont(_setup, where):
        asked[("cont", where)] = asked.get(("cont", where), 0) + 1
        return where[2] < 2 or sum(map(sum, where[0])) >= cease_below

    def retreat(_setup, where, what):
        if what == "retreat":
            asked[("retreat", where)] = asked.get(("retreat", where), 0) + 1
            return sum(map(sum, where[1])) < retreat_below
        return False

    # (unlimited replacements: a configuration is its units, all a decision function is told of)
    s = _scenario(att, dfn, 1, nazgul, retreat=True, rules={"replacement_pool": "unlimited"}, city=city)
    setup = battle_setup(s)
    assert setup.saturation == (2 if city else 1)
    flags = {**s.flags, "attacker_continue": "callback", "defender_retreat": "callback"}
    policy = Policy.from_flags(flags, pol, {"attacker_continue": cont, "defender_retreat": retreat})
    process.clear_caches()
    got = forward(setup, Decisions(setup, policy))
    assert asked and max(asked.values()) == 1
    asked.clear()
    want = {o: p for o, p in _reference(setup, Decisions(setup, policy), setup.start, {}).items() if p}
    assert dict(got.outcomes.items()) == want


units = st.lists(st.tuples(st.integers(0, 12), st.integers(0, 6)), min_size=0, max_size=3).map(tuple)


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(process.KIND_ORDER), units, units, units)
def test_an_end_positions_text_is_the_named_tuples_own(kind, att, dfn, left):
    """The text kept per end position (distributions are sorted by it) is the named tuple's text, also
    when asked again."""
    from collections import namedtuple

    plain = namedtuple("Outcome", "kind attacker defender left_out")
    o = Outcome(kind, att, dfn, left)
    assert repr(o) == repr(plain(kind, att, dfn, left)) == repr(Outcome(kind, att, dfn, left))
    assert repr(Outcome(kind, att, dfn)) == repr(plain(kind, att, dfn, ()))
