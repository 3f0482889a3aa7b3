"""The odds path's integer shortcuts give exactly what the plain Fraction arithmetic gives.

* :meth:`pycombat.dice.Dist.exact` (a distribution from integer numerators over one denominator,
  checked in integers) equals ``Dist({k: Fraction(n, den)})``, keys in the same order, and refuses
  what ``Dist`` refuses;
* the forward pass (integer numerators, one common denominator, :class:`~.process.BattleResult`'s
  survivors and expected units counted in integers) equals a recursion over the rounds in Fractions
  written here, on random field battles of one or two Nations a side (Leaders, re-rolls,
  Elites with and without replacements) under both casualty policies;
* the figures' fates summed with one memo shared by both casualty policies equal the fates summed
  outcome by outcome in Fractions (:func:`.fates.outcome_fates`), rows in the same order.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.dice import Dist
from pycombat.games.wotr.battle.casualties import POLICIES, unit_count
from pycombat.games.wotr.battle.fates import ROLES, fate_totals, outcome_fates
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.battle.process import Decisions, Outcome, Policy, forward, transitions
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "wotr"


# ---- Dist.exact --------------------------------------------------------------------------------
@settings(max_examples=examples(200), deadline=None)
@given(st.dictionaries(st.one_of(st.integers(-5, 20), st.text(max_size=3), st.tuples(st.integers(0, 3))),
                       st.integers(0, 10 ** 30), min_size=1, max_size=12))
def test_dist_exact_equals_the_fraction_distribution(nums):
    den = sum(nums.values())
    if den == 0:
        with pytest.raises(ValueError):
            Dist.exact(nums, den)
        return
    got = Dist.exact(nums, den)
    want = Dist({k: Fraction(n, den) for k, n in nums.items()})
    assert list(got.items()) == list(want.items())  # the same keys, in the same order, the same Fractions
    assert sum(got.values()) == 1


def test_dist_exact_refuses_a_negative_numerator_and_a_wrong_sum():
    with pytest.raises(ValueError, match="negative"):
        Dist.exact({"a": -1, "b": 3}, 2)
    with pytest.raises(ValueError, match="sum to 3/4"):
        Dist.exact({"a": 1, "b": 2}, 4)
    with pytest.raises(ValueError, match="not positive"):
        Dist.exact({"a": 0}, 0)


# ---- the forward pass against a recursion in Fractions ---------------------------------------------
def _backward(setup, dec, state, memo):
    """The outcome distribution from ``state`` by recursion over :func:`transitions` in Fractions
    (rounds without hits folded as ``p / (1 - p_self)``)."""
    got = memo.get(state)
    if got is None:
        succ, n_self, power = transitions(setup, dec, state, {})
        den = Fraction(6 ** power - n_self)
        got = {}
        for nxt, n in succ:
            sub = {nxt: Fraction(1)} if isinstance(nxt, Outcome) else _backward(setup, dec, nxt, memo)
            for o, p in sub.items():
                got[o] = got.get(o, Fraction(0)) + n / den * p
        memo[state] = got
    return got


side = st.tuples(st.integers(0, 3), st.integers(0, 2))  # (regulars, elites) of one Nation


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(side, min_size=1, max_size=2).filter(lambda u: any(r or e for r, e in u)),
       st.lists(side, min_size=1, max_size=2).filter(lambda u: any(r or e for r, e in u)),
       st.integers(0, 2), st.integers(0, 2), st.sampled_from(["tracked", "unlimited"]))
def test_forward_equals_a_recursion_in_fractions(att, dfn, nazgul, leaders, pool):
    shadow = dict(zip(("Sauron", "Isengard"), att))
    free = dict(zip(("Gondor", "Rohan"), dfn))
    data = {"game": "wotr", "rules": {"replacement_pool": pool},
            "politics": {n: "at_war" for n in ("Gondor", "Rohan", "Sauron", "Isengard")},
            "attacker": {"region": "Ash Mountains", "nazgul": nazgul,
                         "units": {n: {"regulars": r, "elites": e} for n, (r, e) in shadow.items()}},
            "defender": {"region": "Dagorlad", "retreat_to": [],
                         "units": {n: {"regulars": r, "elites": e, **({"leaders": leaders} if i == 0 else {})}
                                   for i, (n, (r, e)) in enumerate(free.items())}}}
    s = scenario_from_dict(data, file="random.yaml")
    setup = battle_setup(s)
    for pol in POLICIES:
        dec = Decisions(setup, Policy.from_flags(s.flags, pol))
        got = forward(setup, dec)
        want = {o: p for o, p in _backward(setup, dec, setup.start, {}).items() if p}
        assert dict(got.outcomes.items()) == want
        assert sum(got.outcomes.values()) == 1
        for role, idx in (("attacker", 1), ("defender", 2)):
            left: dict[int, Fraction] = {}
            for o, p in want.items():
                left[unit_count(o[idx])] = left.get(unit_count(o[idx]), Fraction(0)) + p
            assert dict(got.survivors(role).items()) == left
            assert got.expected_units(role) == sum(k * p for k, p in left.items())


# ---- the fates, one memo for both policies ---------------------------------------------------------
def _fates_by_fractions(s, attacking, outcomes) -> dict:
    """(role, figure) -> {count, expected: {fate: Fraction}}, each end position's fates added in Fractions."""
    acc: dict = {}
    for o, p in outcomes.items():
        f = outcome_fates(s, attacking, o)
        for role in ROLES:
            for row in f.get(role, ()):
                slot = acc.setdefault((role, row["figure"]), {"count": row["count"], "expected": {}})
                for fate, n in row["fates"].items():
                    slot["expected"][fate] = slot["expected"].get(fate, Fraction(0)) + p * n
    return acc


@pytest.mark.parametrize("name, flags", [
    ("skirmish.yaml", {}), ("helms_deep.yaml", {}), ("every_option.yaml", {}), ("ten_vs_ten.yaml", {}),
    ("relief_minas_tirith.yaml", {}),
    # a sortie that ceases after each round: its Army ends back in the Stronghold (WOTR-SIEGE-6) with the
    # same units as in other ends; the defender retreats when outnumbered (WOTR-END-3)
    ("sortie.yaml", {"attacker_continue": "while_not_outnumbered"}),
    ("skirmish.yaml", {"attacker_continue": "never"})])
def test_fates_with_a_shared_memo_equal_the_fates_in_fractions(name, flags):
    s = load_scenario(EXAMPLES / name, flag_overrides=flags)
    rep = battle_report(s, casualty_policy="enumerate")
    memo: dict = {}
    for pol, res in rep.results.items():
        got = fate_totals(s, rep.verdict.attacking, {((), ()): res.outcomes}, memo)
        want = _fates_by_fractions(s, rep.verdict.attacking, res.outcomes)
        assert list(got) == list(want)  # the rows in the same order
        for key, slot in want.items():
            assert got[key]["count"] == slot["count"]
            assert list(got[key]["expected"].items()) == list(slot["expected"].items())
    assert memo  # the second policy found the first one's end positions
