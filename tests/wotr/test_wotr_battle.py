"""WotR battles (WOTR-ROUND, -HIT, -CAS, -END, -SITE, -SIEGE): exact outcome distributions against
an independent brute force over die faces, against Monte Carlo within statistical bounds, against
value iteration for the optimal policy, and against the engine's tree solver."""
from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest

from pycombat.games.wotr.battle.process import (Optimal, Outcome, Policy, battle_odds, objective_value, optimal_forward,
                                        round_outcomes)
from pycombat.games.wotr.battle.montecarlo import compare, simulate
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from pycombat.games.wotr.battle.setup import battle_setup

#: the battle scenarios (moves_*.yaml are positions with an action die: tests/wotr/test_wotr_moves.py)
EXAMPLES = sorted(p for p in (Path(__file__).resolve().parents[2] / "examples" / "wotr").glob("*.yaml")
                  if not p.stem.startswith("moves_"))
FACES = range(1, 7)


def scenario(att, dfd, *, a_region="Dagorlad", d_region="North Ithilien", rules=None, battle=None, **extra):
    data = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": a_region, **att}, "defender": {"region": d_region, **dfd}}
    if rules:
        data["rules"] = rules
    if battle:
        data["battle"] = battle
    data.update(extra)
    return scenario_from_dict(data, file="test.yaml")


# ---- every example, both policies ------------------------------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_distribution_sums_to_exactly_one(path):
    s = load_scenario(path)
    setup = battle_setup(s)
    for pol in ("regulars_first", "downgrade_first"):
        res = battle_odds(setup, Policy.from_flags(s.flags, pol))
        assert sum(res.outcomes.values()) == 1
        assert all(isinstance(p, Fraction) and p > 0 for p in res.outcomes.values())
        assert sum(res.by_kind().values()) == 1
        assert res.expected_rounds >= 1


@pytest.mark.parametrize("path", EXAMPLES[:6], ids=lambda p: p.stem)
def test_remembered_battles_answer_as_computed_afresh(path):
    """battle_odds remembers battles: a set-up changed in any field the battle reads (one at a time)
    is answered as the forward pass computes it afresh, never from the remembered original."""
    import dataclasses

    from pycombat.games.wotr.battle.process import Decisions, forward

    s = load_scenario(path)
    setup = battle_setup(s)
    pol = Policy.from_flags(s.flags, "regulars_first")
    battle_odds(setup, pol)  # remembered
    variants = [dataclasses.replace(setup, city_first_round=not setup.city_first_round),
                dataclasses.replace(setup, can_retreat=not setup.can_retreat),
                dataclasses.replace(setup, max_rounds=1 if setup.max_rounds != 1 else 2),
                dataclasses.replace(setup, attacker=setup.defender, defender=setup.attacker)]
    for v in variants:
        assert battle_odds(v, pol).outcomes == forward(v, Decisions(v, pol)).outcomes
    assert battle_odds(setup, pol).outcomes == forward(setup, Decisions(setup, pol)).outcomes


def test_symmetric_battle_is_symmetric():
    """ten_vs_ten: the two sides are alike, so the attacker wins exactly as often as the defender holds."""
    s = load_scenario(next(p for p in EXAMPLES if p.stem == "ten_vs_ten"))
    res = battle_odds(battle_setup(s), Policy.from_flags(s.flags, "regulars_first"))
    k = res.by_kind()
    assert k["attacker_wins"] == k["defender_holds"]
    assert k["both_destroyed"] > 0  # WOTR-END-9: mutual elimination happens


# ---- an independent brute force over die faces -------------------------------------------------------
def side_hits(dice: int, lead: int, hit: int) -> dict[int, Fraction]:
    """Every face of the Combat roll and of the Leader re-roll (WOTR-HIT-1/4/6, WOTR-STR-3/5)."""
    n = min(dice, 5)
    out: dict[int, Fraction] = defaultdict(Fraction)
    for first in itertools.product(FACES, repeat=n):
        k = sum(f != 1 and (f == 6 or f >= hit) for f in first)
        r = min(lead, 5, n - k)
        for second in itertools.product(FACES, repeat=r):
            out[k + sum(f != 1 and (f == 6 or f >= hit) for f in second)] += Fraction(1, 6 ** (n + r))
    return out


def take(r: int, e: int, hits: int) -> tuple[int, int]:
    """regulars_first with unlimited replacements: a Regular per hit, then replace an Elite."""
    for _ in range(hits):
        if r:
            r -= 1
        elif e:
            r, e = r + 1, e - 1
    return r, e


def brute_battle(a, d, lead_a, lead_d, rounds, city=False):
    """Outcome distribution of a single-Nation field battle, at most ``rounds`` rounds, both sides
    regulars_first, the attacker always continuing."""
    out: dict[tuple, Fraction] = defaultdict(Fraction)

    def go(a, d, rnd, p):
        ha = side_hits(sum(a), lead_a, 6 if city and rnd == 1 else 5)
        hd = side_hits(sum(d), lead_d, 5)
        for i, pi in ha.items():
            for j, pj in hd.items():
                a2, d2 = take(*a, j), take(*d, i)
                w = p * pi * pj
                if sum(a2) == 0 and sum(d2) == 0:
                    out[("both_destroyed", a2, d2)] += w
                elif sum(d2) == 0:
                    out[("attacker_wins", a2, d2)] += w
                elif sum(a2) == 0:
                    out[("defender_holds", a2, d2)] += w
                elif rnd == rounds:
                    out[("round_limit", a2, d2)] += w
                else:
                    go(a2, d2, rnd + 1, w)

    go(a, d, 1, Fraction(1))
    return dict(out)


@pytest.mark.parametrize("a,d,na,nd,rounds,city", [
    ((1, 1), (2, 0), 1, 0, 3, False),
    ((2, 0), (1, 1), 0, 1, 3, True),   # WOTR-SITE-1: 6+ for the attacker in round 1 only
    ((0, 2), (1, 0), 1, 1, 2, False),
])
def test_battle_equals_brute_force_over_faces(a, d, na, nd, rounds, city):
    region = "Osgiliath" if city else "North Ithilien"
    s = scenario({"units": {"Sauron": {"regulars": a[0], "elites": a[1]}}, "nazgul": na},
                 {"units": {"Gondor": {"regulars": d[0], "elites": d[1], "leaders": nd}}, "retreat_to": []},
                 a_region="South Ithilien" if city else "Dagorlad", d_region=region,
                 rules={"max_rounds": rounds, "replacement_pool": "unlimited"})
    res = battle_odds(battle_setup(s), Policy.from_flags(s.flags, "regulars_first"))
    got = {(o.kind, o.attacker[0], o.defender[0]): p for o, p in res.outcomes.items()}
    assert got == brute_battle(a, d, na, nd, rounds, city)


def test_rounds_without_hits_are_folded_exactly():
    """The uncapped battle lies between the capped one and the capped one plus its unfinished part,
    for every cap, and the gap closes: the self-loop is solved algebraically, not by a round cap."""
    base = dict(att={"units": {"Sauron": {"regulars": 1, "elites": 1}}},
                dfd={"units": {"Gondor": {"regulars": 1, "elites": 1}}, "retreat_to": []})
    s = scenario(base["att"], base["dfd"])
    exact = battle_odds(battle_setup(s), Policy.from_flags(s.flags, "regulars_first")).by_kind()
    gaps = []
    for cap in (2, 5, 10, 20):
        sc = scenario(base["att"], base["dfd"], rules={"max_rounds": cap})
        k = battle_odds(battle_setup(sc), Policy.from_flags(sc.flags, "regulars_first")).by_kind()
        left = k.get("round_limit", 0)
        for kind in ("attacker_wins", "defender_holds", "both_destroyed"):
            assert k.get(kind, 0) <= exact[kind] <= k.get(kind, 0) + left
        gaps.append(left)
    assert gaps == sorted(gaps, reverse=True) and gaps[-1] < Fraction(1, 10 ** 3)


# ---- Monte Carlo --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,pol", [("osgiliath", "regulars_first"), ("minas_tirith_siege", "regulars_first"),
                                      ("edoras_allies", "downgrade_first"), ("skirmish", "downgrade_first")])
def test_monte_carlo_within_statistical_error(name, pol):
    s = load_scenario(next(p for p in EXAMPLES if p.stem == name))
    setup = battle_setup(s)
    policy = Policy.from_flags(s.flags, pol)
    res = battle_odds(setup, policy)
    sim = simulate(setup, policy, 6000, seed=11)
    for check in compare(res.by_kind(), sim):
        assert check.within, check
    mean_rounds = sim.rounds / sim.trials
    assert abs(mean_rounds - float(res.expected_rounds)) < 0.1


# ---- the site and siege rules that earlier software got wrong ---------------------------------------------
def test_wotr_site_1_city_and_fortification_first_round_only():
    """huberchrigu/wotr-cli made a Fortification 6+ in every round."""
    s = load_scenario(next(p for p in EXAMPLES if p.stem == "osgiliath"))
    setup = battle_setup(s)
    a = setup.start[0]
    assert [setup.params("attacker", a, r).hit for r in (1, 2, 3)] == [6, 5, 5]
    assert setup.params("defender", setup.start[2], 1).hit == 5


def test_wotr_site_3_stronghold_field_battle_has_no_six_plus():
    s = load_scenario(next(p for p in EXAMPLES if p.stem == "helms_deep"))
    setup = battle_setup(s)
    assert setup.params("attacker", setup.start[0], 1).hit == 5
    assert setup.siege_retreat  # WOTR-SITE-2: the defender may retreat into the Stronghold


def test_wotr_siege_2_six_against_five_every_round():
    s = load_scenario(next(p for p in EXAMPLES if p.stem == "minas_tirith_siege"))
    setup = battle_setup(s)
    for r in (1, 2, 3):
        assert setup.params("attacker", setup.start[0], r).hit == 6
        assert setup.params("defender", setup.start[2], r).hit == 5


def test_wotr_siege_3_one_round_unless_an_elite_is_reduced():
    path = next(p for p in EXAMPLES if p.stem == "minas_tirith_siege")
    never = load_scenario(path, {"siege_extension": "never"})
    res = battle_odds(battle_setup(never), Policy.from_flags(never.flags, "regulars_first"))
    assert res.expected_rounds == 1 and "siege_goes_on" in res.by_kind()
    extend = load_scenario(path)
    res2 = battle_odds(battle_setup(extend), Policy.from_flags(extend.flags, "regulars_first"))
    assert res2.expected_rounds > 1
    assert res2.by_kind()["attacker_wins"] > res.by_kind().get("attacker_wins", 0)
    # every extra round costs an Elite: at most 4 reductions, so at most 5 rounds
    assert res2.outcomes.expectation(lambda o: 0) == 0


def test_wotr_siege_3_reduction_needs_an_available_regular():
    """[siege_reduction_needs_regular=yes]: no Regular available, no extra round."""
    att = {"units": {"Sauron": {"regulars": 1, "elites": 2}}, "replacements": {"Sauron": 0}}
    dfd = {"units": {"Gondor": {"regulars": 2}}, "besieged": True}
    kw = dict(a_region="Minas Tirith", d_region="Minas Tirith", battle={"kind": "siege"})
    s = scenario(att, dfd, rules={"siege_extension": "extend_if_elite", "casualty_policy": "regulars_first"}, **kw)
    # the only Regular may be lost in round 1; while it lives it is no replacement (it is on the map)
    res = battle_odds(battle_setup(s), Policy.from_flags(s.flags))
    s2 = scenario(att, dfd, rules={"siege_extension": "extend_if_elite", "casualty_policy": "regulars_first",
                                   "siege_reduction_needs_regular": "no"}, **kw)
    res2 = battle_odds(battle_setup(s2), Policy.from_flags(s2.flags))
    assert res.expected_rounds < res2.expected_rounds


def test_wotr_end_9_mutual_elimination_captures_nothing():
    s = load_scenario(next(p for p in EXAMPLES if p.stem == "skirmish"))
    res = battle_odds(battle_setup(s), Policy.from_flags(s.flags, "regulars_first"))
    both = [o for o in res.outcomes if o.kind == "both_destroyed"]
    assert both and all(sum(map(sum, o.attacker)) == 0 and sum(map(sum, o.defender)) == 0 for o in both)
    assert objective_value(battle_setup(s), "win", both[0]) == 0


def test_attacker_continue_never_is_one_round():
    s = load_scenario(next(p for p in EXAMPLES if p.stem == "seed_six_and_two"), {"attacker_continue": "never"})
    res = battle_odds(battle_setup(s), Policy.from_flags(s.flags, "regulars_first"))
    assert res.expected_rounds == 1 and res.by_kind()["attack_ceased"] > 0


def test_while_not_outnumbered_ceases_when_outnumbered():
    s = scenario({"units": {"Sauron": {"regulars": 2}}}, {"units": {"Gondor": {"regulars": 4}}, "retreat_to": []},
                 rules={"attacker_continue": "while_not_outnumbered"})
    res = battle_odds(battle_setup(s), Policy.from_flags(s.flags, "regulars_first"))
    assert res.by_kind()["attack_ceased"] > 0
    assert all(o.kind != "attack_ceased" or sum(o.attacker[0]) < sum(o.defender[0]) for o in res.outcomes)


def test_cards_change_their_round_only():
    """WOTR-CARD-3: a card's effect lasts for the round it is played in."""
    s = load_scenario(next(p for p in EXAMPLES if p.stem == "edoras_allies"))
    setup = battle_setup(s)
    a = setup.start[0]
    assert setup.params("attacker", a, 1).roll_modifier == 1
    assert setup.params("attacker", a, 2).roll_modifier == 0


# ---- optimal play -----------------------------------------------------------------------------------------
def value_iteration(setup, objective, sweeps=3000):
    """The optimal value by plain value iteration over start-of-round positions (self-loops and all)."""
    from pycombat.games.wotr.battle.process import terminal_after_casualties
    from pycombat.games.wotr.battle.casualties import allocations

    V: dict = defaultdict(float)
    start = setup.start

    def key(a, pa, d, pd):
        return (a, pa, d, pd)

    def end(a, pa, d, pd):
        out = terminal_after_casualties(a, d)
        if out is not None:
            return float(objective_value(setup, objective, out))
        cont = V[key(a, pa, d, pd)]
        if setup.can_retreat:
            cont = min(cont, float(objective_value(setup, objective, Outcome("defender_retreated", a, d))))
        return max(cont, float(objective_value(setup, objective, Outcome("attack_ceased", a, d))))

    states = {key(*start[:4])}
    frontier = [start[:4]]
    while frontier:  # every reachable position
        a, pa, d, pd = frontier.pop()
        for i, j, _ in round_outcomes(setup, (a, pa, d, pd, 1, True)):
            for a2, pa2 in allocations(a, pa, j):
                for d2, pd2 in allocations(d, pd, i):
                    if terminal_after_casualties(a2, d2) is None and key(a2, pa2, d2, pd2) not in states:
                        states.add(key(a2, pa2, d2, pd2))
                        frontier.append((a2, pa2, d2, pd2))
    for _ in range(sweeps):
        for st in states:
            a, pa, d, pd = st
            total = 0.0
            for i, j, p in round_outcomes(setup, (a, pa, d, pd, 1, True)):
                total += float(p) * max(min(end(a2, pa2, d2, pd2) for d2, pd2 in allocations(d, pd, i))
                                        for a2, pa2 in allocations(a, pa, j))
            V[st] = total
    from pycombat.games.wotr.battle.process import losses_offset

    return V[key(*start[:4])] + (losses_offset(start) if objective == "losses" else 0)


@pytest.mark.parametrize("objective", ["losses", "win"])
def test_optimal_value_equals_value_iteration(objective):
    """The fold of rounds without hits is exact for optimal play too (cease and retreat available)."""
    s = scenario({"units": {"Sauron": {"regulars": 1, "elites": 1}}, "nazgul": 1},
                 {"units": {"Gondor": {"regulars": 2}}, "retreat_to": ["Osgiliath"]},
                 rules={"replacement_pool": "unlimited"})
    setup = battle_setup(s)
    opt = Optimal(setup, objective, None)
    assert abs(float(opt.value()) - value_iteration(setup, objective)) < 1e-9


def test_optimal_equals_the_engine_tree_solver():
    from pycombat.games.wotr.battle.game import BattleGame
    from pycombat.tree import build_tree, solve

    for name in ("skirmish", "sortie"):
        s = load_scenario(next(p for p in EXAMPLES if p.stem == name))
        setup = battle_setup(s)
        for objective in ("win", "losses"):
            tree = build_tree(BattleGame(setup, objective).new_initial_state(), max_nodes=200_000)
            assert solve(tree)[0] == Optimal(setup, objective, None).value()


def test_optimal_attacker_beats_every_fixed_policy_against_a_fixed_defender():
    s = load_scenario(next(p for p in EXAMPLES if p.stem == "seed_three_and_one"),
                      {"casualty_policy": "regulars_first"})
    setup = battle_setup(s)
    policy = Policy.from_flags(s.flags)
    opt = Optimal(setup, "win", policy, decide=("attacker_casualties", "cease", "siege"))
    for pol in ("regulars_first", "downgrade_first"):
        fixed = Policy(pol, "regulars_first")
        value = battle_odds(setup, fixed).outcomes.expectation(lambda o: objective_value(setup, "win", o))
        assert opt.value() >= value
    res = optimal_forward(opt)
    assert sum(res.outcomes.values()) == 1
    assert res.outcomes.expectation(lambda o: objective_value(setup, "win", o)) == opt.value()


def test_defender_retreats_into_the_stronghold_when_it_pays():
    """WOTR-SITE-2 with objective losses: Rohan's small Army shuts itself in Helm's Deep."""
    s = load_scenario(next(p for p in EXAMPLES if p.stem == "helms_deep"))
    setup = battle_setup(s)
    opt = Optimal(setup, "losses", None)
    res = optimal_forward(opt)
    assert res.by_kind().get("retreated_into_siege", 0) == 1
    assert opt.value() == 0  # nobody loses anything
