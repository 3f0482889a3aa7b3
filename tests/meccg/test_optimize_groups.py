"""MECCG ``optimize`` groups options whose outcome distributions are identical (combat/same_outcomes.py).

The brute force here plays every line of the game without a table: at a decision the mover takes the
first option of greatest worth (his reward plus his value after it), at chance every outcome; it
returns the value and the distribution of both players' total payoffs. Two options must share a
group exactly when these brute distributions are equal; the JSON keeps every option.
"""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.api import read_scenario
from pycombat.games.meccg import verbs
from pycombat.games.meccg.assignment.legal import example_path, judge_attack
from pycombat.games.meccg.combat.game import GOES_ON, Objective
from pycombat.games.meccg.combat.optimize import decisions, first_grouping, solve_combat
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.tree import CHANCE, TERMINAL
from pycombat.tree.options import rank

STATUS = st.sampled_from(["untapped", "untapped", "tapped"])


@st.composite
def combats(draw):
    def member(prefix, i, race):
        return {"name": f"{prefix}{i}", "custom": True, "status": draw(STATUS), "prowess": draw(st.integers(2, 7)),
                "body": draw(st.integers(6, 8)), "race": race, "mp": draw(st.integers(0, 2))}

    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria",
                         "members": [member("A", i, "Orc") for i in range(draw(st.integers(1, 2)))]},
            "defender": {"alignment": "hero", "site": "Moria",
                         "members": [member("D", i, "Man") for i in range(draw(st.integers(1, 2)))]}}
    if draw(st.booleans()):
        data["defender"]["hand"] = ["Risky Blow"]
    return scenario_from_dict(data, file="<hypothesis>")


def _reward(s):
    r = s.rewards()
    return tuple(r) if r else (0, 0)


def brute(state):
    """(value, distribution of (payoff 0, payoff 1)) by plain recursion, no memo."""
    p = state.current_player()
    if p == TERMINAL:
        r = tuple(Fraction(x) for x in state.returns())
        return r, {r: Fraction(1)}
    if p == CHANCE:
        value, dist = (Fraction(0), Fraction(0)), {}
        for o, q in state.chance_outcomes():
            c = state.child(o)
            v, d = brute(c)
            r = _reward(c)
            value = tuple(x + q * (y + z) for x, y, z in zip(value, v, r))
            for k, w in d.items():
                k2 = tuple(a + b for a, b in zip(k, r))
                dist[k2] = dist.get(k2, Fraction(0)) + q * w
        return value, dist
    best = None
    for a in state.legal_actions():
        c = state.child(a)
        v, d = brute(c)
        r = _reward(c)
        worth = v[p] + r[p]
        if best is None or worth > best[0]:
            best = (worth, tuple(x + y for x, y in zip(v, r)), {tuple(x + y for x, y in zip(k, r)): w
                                                                 for k, w in d.items()})
    return best[1], best[2]


def after(state, action):
    c = state.child(action)
    v, d = brute(c)
    r = _reward(c)
    return {tuple(x + y for x, y in zip(k, r)): w for k, w in d.items()}


def check_groups(state, options, actions):
    dists = [after(state, a) for a in actions]
    for x in options:
        for y in options:
            same_group = x.group is not None and x.group == y.group
            if x is not y:
                assert same_group == (dists[x.order] == dists[y.order])


@settings(max_examples=examples(40), deadline=None)
@given(combats(), st.sampled_from(["kill_mp", "eliminations"]))
def test_groups_are_the_brute_forces_identical_distributions(scenario, objective):
    verdict = judge_attack(scenario)
    if not verdict.legal or not verdict.strikes:
        return
    solved = solve_combat(scenario, Objective(objective), max_nodes=100_000)
    sol = solved.solution
    first = sol.root if sol.root.stage != "cancel" else sol.root.child(GOES_ON)
    alts = sol.alternatives(first)
    rows = rank([(a.label, a.value[first.current_player()]) for a in alts], True,
                chosen=next(k for k, a in enumerate(alts) if a.best))
    check_groups(first, first_grouping(solved)(rows), [a.action for a in alts])
    for (state, step), d in zip([x for x in sol.line_states() if x[1].kind == "decision"], decisions(solved)):
        actions = [a.action for a in sol.alternatives(state)]
        if len(actions) > 1:
            check_groups(state, list(d.options), actions)


def test_two_on_two_groups_in_text_and_json():
    two = read_scenario(str(example_path("two_on_two.yaml")))
    rep = verbs.optimize(two)
    first = rep.to_json()["first_choices"]
    assert len(first) == 4  # JSON keeps every option
    groups = [o.get("group") for o in first]
    assert groups.count(1) == 2 and {o["choice"] for o in first if o.get("group") == 1} == {
        "no pairs", "Aragorn II takes Shagrat's strike"}
    import io

    from rich.console import Console

    from pycombat.games.meccg import present

    buf = io.StringIO()
    present.optimize(rep, Console(file=buf, width=300))
    assert "no pairs | Aragorn II takes Shagrat's strike" in buf.getvalue()
    assert "same outcomes" in buf.getvalue()


def test_equal_values_with_different_distributions_stay_apart():
    """Found by the property above: two phase-I choices worth the same whose payoff distributions
    differ; they must not share a group (a test of equal values alone would join them)."""
    def m(name, status, prowess, body, mp, race):
        return {"name": name, "custom": True, "status": status, "prowess": prowess, "body": body, "race": race,
                "mp": mp}

    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria",
                         "members": [m("A0", "tapped", 6, 7, 0, "Orc"), m("A1", "tapped", 6, 6, 1, "Orc")]},
            "defender": {"alignment": "hero", "site": "Moria",
                         "members": [m("D0", "tapped", 5, 6, 0, "Man"), m("D1", "untapped", 4, 8, 2, "Man")]}}
    scenario = scenario_from_dict(data, file="<test>")
    solved = solve_combat(scenario, Objective(), max_nodes=100_000)
    first = solved.solution.root
    alts = solved.solution.alternatives(first)
    rows = first_grouping(solved)(rank([(a.label, a.value[0]) for a in alts], True, chosen=0))
    actions = [a.action for a in alts]
    apart = [(x, y) for x in rows for y in rows if x.order < y.order and x.value == y.value
             and after(first, actions[x.order]) != after(first, actions[y.order])]
    assert apart and all(x.group is None or x.group != y.group for x, y in apart)
    check_groups(first, rows, actions)


@settings(max_examples=examples(40), deadline=None)
@given(combats(), st.sampled_from(["kill_mp", "eliminations"]))
def test_the_matching_games_first_groups_are_the_engines(scenario, objective):
    """Without a hand optimize uses the matching game; its first decision's groups (its best play
    followed to the strikes, solved there) equal the engine's, checked against the brute force above."""
    from pycombat.games.meccg.combat.matching import fast_reason, solve_fast

    if scenario.defender.hand or fast_reason(scenario, Objective(objective)) is not None:
        return
    fast = solve_fast(scenario, Objective(objective), max_nodes=100_000)
    slow = solve_combat(scenario, Objective(objective), max_nodes=100_000)
    rows = rank([(a.label, a.value[0]) for a in slow.solution.alternatives()], True, chosen=0)
    fast_rows = rank([(a.label, a.value[0]) for a in fast.solution.alternatives()], True, chosen=0)
    by_label = {o.label: o.group for o in first_grouping(slow)(rows)}
    got = {o.label: o.group for o in first_grouping(fast)(fast_rows)}
    assert set(by_label) == set(got)
    pairs = lambda groups: {(a, b) for a in groups for b in groups if a != b and groups[a] is not None  # noqa: E731
                            and groups[a] == groups[b]}
    assert pairs(got) == pairs(by_label)
