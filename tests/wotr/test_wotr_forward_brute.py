"""The forward pass (integer numerators over one denominator that grows only as the numbers need,
:func:`pycombat.games.wotr.battle.process.forward`) against a brute force written here in Fractions,
sharing no code with the solver: each side's Combat roll die by die (WOTR-HIT-1: 5 or 6 hits), the
Leader re-roll of the misses (WOTR-STR-5, WOTR-HIT-6), both casualty policies (WOTR-CAS-12) with
unlimited replacements (flag ``replacement_pool=unlimited``), and the battle fought until an Army is
eliminated (WOTR-CAS-7, WOTR-END-1/9) as an absorbing Markov chain: a round that leaves the battle as
it was is solved as ``p / (1 - p_self)``. Small field battles, one Nation a side, on a plain region.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.wotr.battle.process import Decisions, Outcome, Policy, forward, forward_raw
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.schema import scenario_from_dict

HIT = Fraction(2, 6)  # WOTR-HIT-1: a 5 or a 6


def _binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def hits(units: int, leadership: int) -> dict[int, Fraction]:
    """The hits of one side's roll: min(units, 5) dice (WOTR-STR-3), then up to min(Leadership, 5, dice)
    of the misses rolled again (WOTR-STR-5, WOTR-HIT-6)."""
    dice = min(units, 5)
    allowance = min(leadership, 5, dice)
    out: dict[int, Fraction] = {}
    for first, p in _binomial(dice, HIT).items():
        for second, q in _binomial(min(allowance, dice - first), HIT).items():
            out[first + second] = out.get(first + second, Fraction(0)) + p * q
    return out


def take(units: tuple[int, int], n: int, policy: str) -> tuple[int, int]:
    """``n`` hits on (regulars, elites), replacements unlimited (WOTR-CAS-3/4, WOTR-CAS-10, WOTR-CAS-12):
    regulars_first removes a Regular while there is one, else replaces an Elite by a Regular;
    downgrade_first replaces an Elite while there is one, else removes a Regular."""
    r, e = units
    for _ in range(n):
        if policy == "downgrade_first" and e:
            r, e = r + 1, e - 1
        elif r:
            r -= 1
        elif e:
            r, e = r + 1, e - 1
    return r, e


def brute(att: tuple[int, int], dfn: tuple[int, int], lead_a: int, lead_d: int, policy: str
          ) -> tuple[dict[Outcome, Fraction], Fraction]:
    """The end positions' probabilities and the expected rounds, by recursion over the positions."""
    memo: dict = {}

    def solve(a, d):
        if (a, d) in memo:
            return memo[(a, d)]
        step: dict[tuple, Fraction] = {}
        for i, p in hits(sum(a), lead_a).items():  # the attacker scores i hits, the defender j
            for j, q in hits(sum(d), lead_d).items():
                nxt = (take(a, j, policy), take(d, i, policy))
                step[nxt] = step.get(nxt, Fraction(0)) + p * q
        stay = step.pop((a, d), Fraction(0))
        dist: dict[Outcome, Fraction] = {}
        rounds = Fraction(1)
        for (a2, d2), p in step.items():
            gone_a, gone_d = not any(a2), not any(d2)
            if gone_a or gone_d:
                kind = "both_destroyed" if gone_a and gone_d else "attacker_wins" if gone_d else "defender_holds"
                sub, sub_rounds = {Outcome(kind, (a2,), (d2,)): Fraction(1)}, Fraction(0)
            else:
                sub, sub_rounds = solve(a2, d2)
            for o, x in sub.items():
                dist[o] = dist.get(o, Fraction(0)) + p * x
            rounds += p * sub_rounds
        got = memo[(a, d)] = ({o: x / (1 - stay) for o, x in dist.items()}, rounds / (1 - stay))
        return got

    return solve(att, dfn)


def _scenario(att, dfn, nazgul, leaders, **rules):
    data = {"game": "wotr", "rules": {"replacement_pool": "unlimited", **rules},
            "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "nazgul": nazgul,
                         "units": {"Sauron": {"regulars": att[0], "elites": att[1]}}},
            "defender": {"region": "Dagorlad", "retreat_to": [],
                         "units": {"Gondor": {"regulars": dfn[0], "elites": dfn[1], "leaders": leaders}}}}
    return scenario_from_dict(data, file="brute.yaml")


army = st.tuples(st.integers(0, 4), st.integers(0, 3)).filter(lambda u: any(u))


@settings(max_examples=examples(40), deadline=None)
@given(army, army, st.integers(0, 2), st.integers(0, 2))
def test_forward_equals_a_brute_force_in_fractions(att, dfn, nazgul, leaders):
    s = _scenario(att, dfn, nazgul, leaders)
    setup = battle_setup(s)
    for policy in ("regulars_first", "downgrade_first"):
        got = forward(setup, Decisions(setup, Policy.from_flags(s.flags, policy)))
        want, rounds = brute(att, dfn, nazgul, leaders, policy)
        assert dict(got.outcomes.items()) == {o: p for o, p in want.items() if p}
        assert got.expected_rounds == rounds
        den, nums = got.numerators()  # the pass's own denominator: the same probabilities
        assert {o: Fraction(n, den) for o, n in nums} == dict(got.outcomes.items())


@settings(max_examples=examples(25), deadline=None)
@given(army, army, st.integers(0, 2), st.integers(0, 2))
def test_the_first_round_stopped_equals_one_round_in_fractions(att, dfn, nazgul, leaders):
    """``forward_raw`` stopped at round 2 (rounds counted: ``max_rounds``): the battles ended in round 1
    and the positions round 2 starts from, each with the probability of one round from the start."""
    s = _scenario(att, dfn, nazgul, leaders, max_rounds="3")
    setup = battle_setup(s)
    for policy in ("regulars_first", "downgrade_first"):
        terminal, pending, rounds, _ = forward_raw(setup, Decisions(setup, Policy.from_flags(s.flags, policy)),
                                                   stop_round=2)
        ends: dict = {}
        going_on: dict = {}
        for i, p in hits(sum(att), nazgul).items():
            for j, q in hits(sum(dfn), leaders).items():
                a2, d2 = take(att, j, policy), take(dfn, i, policy)
                if not any(a2) or not any(d2):
                    kind = "both_destroyed" if not any(a2) and not any(d2) else \
                        "attacker_wins" if not any(d2) else "defender_holds"
                    o = Outcome(kind, (a2,), (d2,))
                    ends[o] = ends.get(o, Fraction(0)) + p * q
                else:
                    going_on[(a2, d2)] = going_on.get((a2, d2), Fraction(0)) + p * q
        assert terminal == {o: p for o, p in ends.items() if p}
        assert {(st_[0][0], st_[2][0]): p for st_, p in pending.items()} == {k: p for k, p in going_on.items() if p}
        assert all(st_[4] == 2 for st_ in pending)
        assert rounds == 1
