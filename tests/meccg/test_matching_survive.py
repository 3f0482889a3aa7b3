"""The ``survive`` objective and the pairs carried in the strike-by-strike solver
(pycombat/games/meccg/combat/matching.py).

A character faces at most one strike, and when every card acts on the strike it is played in only
(no outcome removes another member, MECCG-FX-24/25) his chance to live is one minus the chance that
his own strike eliminates him (MECCG-SEQ-9/10, MECCG-BODY): a sum over strikes, so the matching
game solves it. Hypothesis draws small combats with hands and a character of either side and checks
the solver against the engine's full game (exact expectiminimax over every move and roll): the same
value and the same value for every phase-I choice, as Fractions.

A pair whose strike is worth the same whatever is played in it is not carried to the strikes'
game; under ``survive`` only the character's pairs are carried, at most one per assignment, so a
ten-against-ten combat with three cards a hand is solved (it is refused up front under kill_mp,
naming the cards). With one side's cards alone the pairs are carried as what each part of the
hand gets from them (an allocation), checked against the full game too. The positions inside the
strikes valued by the matching game (StrikeValues: the principal line and the outcome groups when
the engine's tree is too large) are checked against the engine's own solve.
"""
from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pycombat.errors import ScenarioError, TooLargeError
from pycombat.games.meccg import verbs
from pycombat.games.meccg.assignment.legal import example_path
from pycombat.games.meccg.combat.game import CvccGame, Objective
from pycombat.games.meccg.combat.matching import fast_reason, prepare, solve_fast
from pycombat.games.meccg.combat.optimize import first_choices, objective_from, solve_combat
from pycombat.games.meccg.schema import load_scenario, scenario_from_dict
from budget import examples  # noqa: E402

from test_matching_hands import ATTACKER_CARDS, DEFENDER_CARDS, STATUS, combats  # noqa: E402


@st.composite
def survive_cases(draw):
    scenario = draw(combats())
    names = [m.name for c in (scenario.attacker, scenario.defender) for m in c.members]
    return scenario, draw(st.sampled_from(names))


@settings(max_examples=examples(160), deadline=None)
@given(survive_cases())
def test_survive_equals_the_full_game(case):
    scenario, name = case
    obj = objective_from("survive", name, scenario)
    assert fast_reason(scenario, obj) is None
    try:
        old = solve_combat(scenario, obj, max_nodes=400_000)
    except ScenarioError:  # a card its player can never play here (the game refuses it)
        assume(False)
    new = solve_fast(scenario, obj, max_nodes=400_000)
    assert new.value == old.value
    assert new.solution.value == old.solution.value  # both players' returns (they add up to 1)
    assert first_choices(new) == first_choices(old)  # every phase-I choice: label, exact value, best, order


def _two(hand_d):
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
        "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Gimli"],
                     "hand": list(hand_d)}}, file="<t>")


def test_survive_of_an_attacker_is_his_owners_chance():
    """The character is the attacker's: his owner maximises his chance, the defender minimises it;
    the defender's Risky Blow (+3 prowess) can only lower it."""
    s, bare = _two(["Risky Blow"]), _two([])
    obj = objective_from("survive", "Shagrat", s)
    new, old = solve_fast(s, obj, max_nodes=100_000), solve_combat(s, obj, max_nodes=400_000)
    assert new.value == old.value and 0 < new.value < 1
    assert new.solution.value == (1 - new.value, new.value)  # (defender's return, attacker's)
    assert first_choices(new) == first_choices(old)
    assert solve_fast(bare, objective_from("survive", "Shagrat", bare), max_nodes=100_000).value > new.value


def test_only_pairs_a_card_can_change_are_carried():
    """Under survive every pair but the character's is worth 0 whatever is played: not carried (at
    most one per assignment); under kill_mp with three cards a hand every strike may change."""
    s = load_scenario(str(example_path("ten_vs_ten_hands.yaml")))
    surv = prepare(s, objective_from("survive", "Aragorn II", s), max_nodes=2_000_000).m
    assert surv.carried_most() == 1
    carried = [(i, j) for (i, j) in surv.sets if surv.carried(i, j)]
    assert carried and all(surv.tcls[j][1] == ["Aragorn II"] for _, j in carried)
    kill = prepare(s, Objective("kill_mp"), max_nodes=2_000_000).m
    assert kill.carried_most() == 10


def test_ten_against_ten_with_hands_survive_is_solved():
    s = load_scenario(str(example_path("ten_vs_ten_hands.yaml")))
    rep = verbs.optimize(s, objective="survive", character="Aragorn II")
    assert 0 < rep.value < 1
    best = [c for c in rep.choices if c[2]]
    assert len(best) == 1 and best[0][1] == rep.value == max(v for _, v, _ in rep.choices)
    assert len(rep.choices) == 63_591  # every phase-I choice valued
    # the engine's tree of the strikes is too large with the cards: the line is followed with the
    # matching game's values (StrikeValues) to the end of the attack
    assert rep.line[-1].kind == "terminal"
    assert sum(1 for step in rep.line if step.kind == "chance") == 10  # every strike resolved
    assert rep.line[3].value[0] == rep.value  # the position after phase III keeps the value


def test_ten_against_ten_with_hands_kill_mp_is_refused_naming_the_cards():
    s = load_scenario(str(example_path("ten_vs_ten_hands.yaml")))
    with pytest.raises(TooLargeError) as exc:
        verbs.optimize(s)
    text = str(exc.value)
    assert "3,628,800" in text and "raise --max-nodes" in text and len(text) < 300  # one line, never cut
    why = " ".join(exc.value.help)  # why, and what is solved instead, under it
    assert "Bold Thrust" in why and "Risky Blow" in why and "up to 10 strikes" in why and "--objective survive" in why
    assert "Dodge" not in why  # never worth playing under kill_mp: left out of the strikes' game


def test_the_cli_prints_the_refusal_and_every_line_of_why(capsys):
    from pycombat.cli import main

    assert main(["optimize", str(example_path("ten_vs_ten_hands.yaml"))]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("pycombat: ") and "3,628,800" in err[0] and not err[0].endswith("...")
    assert [line for line in err[1:] if line.startswith("  ")] == err[1:] and len(err) == 4
    assert "Swift Strokes" in err[1] and "--objective survive" in err[3]


def test_survive_small_combat_with_hands_is_the_full_game():
    """A small combat (at most FULL_GAME_ASSIGNMENTS complete assignments) with cards is solved as the
    full game whatever the objective: every decision on the line is valued."""
    s = scenario_from_dict({
        "game": "meccg", "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
        "defender": {"alignment": "hero", "site": "Moria", "members": ["Gandalf", "Aragorn II"],
                     "hand": ["Risky Blow"]}}, file="<t>")
    rep = verbs.optimize(s, objective="survive", character="Aragorn II")
    assert rep.value == solve_combat(s, objective_from("survive", "Aragorn II", s), max_nodes=400_000).value
    assert rep.line[-1].kind == "terminal"
    assert CvccGame(s, objective_from("survive", "Aragorn II", s)).objective.owner == 0


def _fields(step):
    return (step.kind, step.player, step.state, step.action, step.prob, step.value, step.outcomes)


@settings(max_examples=examples(120), deadline=None)
@given(survive_cases(), st.sampled_from(["kill_mp", "eliminations", "survive"]))
def test_strike_values_are_the_engines(case, objective):
    """StrikeValues (the strikes' positions valued by the matching game, the line followed without the
    tree) against the engine's own solve of the position after phase III: every position's value and
    the principal line, step by step."""
    from pycombat.games.meccg.combat.matching import StrikeValues
    from pycombat.tree import solve_game

    scenario, name = case
    obj = objective_from(objective, name if objective == "survive" else None, scenario)
    try:
        prepared = prepare(scenario, obj, max_nodes=400_000)
        solved = solve_fast(scenario, obj, max_nodes=400_000, prepared=prepared)
    except ScenarioError:
        assume(False)
    for alt in solved.solution.alternatives()[:3]:
        post = solved.solution.reach(alt.action)
        engine = solve_game(post, max_nodes=400_000)
        values = StrikeValues(prepared.m)
        assert values(post) == engine.value
        assert [_fields(s) for s in values.line(post)] == [_fields(s) for s in engine.principal_line()]
        for state, _step in engine.line_states():
            assert values(state) == engine.value_of(state)


@st.composite
def one_sided(draw):
    """Small combats (as test_matching_hands draws them) where one side alone holds strike cards (1-3)."""
    def member(prefix, i, race, skills):
        return {"name": f"{prefix}{i}", "custom": True, "status": draw(STATUS), "prowess": draw(st.integers(1, 8)),
                "body": draw(st.integers(5, 9)), "race": race, "mp": draw(st.integers(0, 3)),
                "skills": draw(st.lists(st.sampled_from(skills), unique=True, max_size=2))}

    if draw(st.booleans()):  # as many strikes as targets, everyone a warrior: cards compete for strikes
        n = draw(st.integers(2, 3))
        att = [{**member("A", i, "Orc", ["Scout"]), "skills": ["Warrior", "Scout"]} for i in range(n)]
        dfn = [{**member("D", i, "Man", ["Ranger"]), "skills": ["Warrior"]} for i in range(n)]
    else:
        att = [member("A", i, "Orc", ["Warrior", "Scout"]) for i in range(draw(st.integers(1, 3)))]
        dfn = [member("D", i, "Man", ["Warrior", "Ranger"]) for i in range(draw(st.integers(1, 3)))]
    att[0]["skills"], dfn[0]["skills"] = ["Warrior", "Scout"], ["Warrior"]
    holder = draw(st.sampled_from(["attacker", "defender"]))
    pool = ATTACKER_CARDS if holder == "attacker" else DEFENDER_CARDS
    hand = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3))
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": att,
                         "hand": hand if holder == "attacker" else []},
            "defender": {"alignment": "hero", "site": "Moria", "members": dfn,
                         "hand": hand if holder == "defender" else []},
            "rules": {"phase2_assignment": draw(st.sampled_from(["mandatory", "optional"]))}}
    return scenario_from_dict(data, file="<hypothesis>")


@settings(max_examples=examples(160), deadline=None)
@given(one_sided(), st.sampled_from(["kill_mp", "eliminations"]))
def test_one_sided_hands_are_an_allocation(scenario, objective):
    """One side's cards: the pairs are carried as what each part of the hand gets from them (the
    strikes' game is then an allocation), the value and every phase-I choice the full game's."""
    obj = Objective(objective)
    assert fast_reason(scenario, obj) is None
    try:
        old = solve_combat(scenario, obj, max_nodes=400_000)
    except ScenarioError:
        assume(False)
    prepared = prepare(scenario, obj, max_nodes=400_000)
    m = prepared.m
    assert m.alloc is not None or not (m.ha or m.hd) or not m.additive  # shared excess or support: the game
    new = solve_fast(scenario, obj, max_nodes=400_000, prepared=prepared)
    assert new.value == old.value
    assert first_choices(new) == first_choices(old)


@settings(max_examples=examples(80), deadline=None)
@given(survive_cases(), st.sampled_from(["kill_mp", "eliminations", "survive"]))
def test_first_groups_with_hands_are_the_engines(case, objective):
    """The first decision's options grouped by outcome distribution: the matching game's (its best play
    followed to the strikes, valued there by StrikeValues) equal the full game's."""
    from pycombat.games.meccg.combat.optimize import first_grouping
    from pycombat.games.meccg.combat.same_outcomes import FIRST_COMPARED
    from pycombat.tree.options import rank

    scenario, name = case
    obj = objective_from(objective, name if objective == "survive" else None, scenario)
    try:
        slow = solve_combat(scenario, obj, max_nodes=400_000)
    except ScenarioError:
        assume(False)
    fast = solve_fast(scenario, obj, max_nodes=400_000)
    p = 0 if objective != "survive" else slow.game.objective.owner
    rows = rank([(a.label, a.value[p]) for a in slow.solution.alternatives()], True, chosen=0)
    fast_rows = rank([(a.label, a.value[p]) for a in fast.solution.alternatives()], True, chosen=0)
    by_label = {o.label: o.group for o in first_grouping(slow)(rows)}
    got = {o.label: o.group for o in first_grouping(fast)(fast_rows)}
    assert set(by_label) == set(got)
    compared = {o.label for o in fast_rows[:FIRST_COMPARED]}  # the matching game groups its best options only

    def pairs(groups):
        return {(a, b) for a in groups for b in groups if a != b and a in compared and b in compared
                and groups[a] is not None and groups[a] == groups[b]}

    assert pairs(got) == pairs(by_label)


@pytest.mark.long
def test_tree_depth_one_of_ten_against_ten_with_hands(tmp_path):
    """``tree --depth 1``: the 63,591 phase-I choices exported; under kill_mp unvalued, the reason given
    up front (the cards of both hands would make the matching game carry every pair); under survive
    each valued by the matching game (its own optimize's values)."""
    s = load_scenario(str(example_path("ten_vs_ten_hands.yaml")))
    kill = verbs.tree(s, output=str(tmp_path / "k.graphml"), depth=1)
    assert kill.nodes == 63_592 and kill.valued == 0
    assert "Risky Blow" in kill.values and "carry up to 10 pairs" in kill.values
    surv = verbs.tree(s, output=str(tmp_path / "s.graphml"), depth=1, objective="survive", character="Aragorn II")
    assert surv.nodes == surv.valued == 63_592


def test_the_batch_line_and_the_web_body_carry_the_lines_of_why():
    import io
    import json

    from pycombat.batch import run_batch
    from pycombat.errors import TooLargeError
    from pycombat.web.app import error_body

    out = io.StringIO()
    summary = run_batch([str(example_path("ten_vs_ten_hands.yaml"))], "optimize", out=out, workers=1)
    err = json.loads(out.getvalue())["error"]
    assert summary.failed == 1 and err["type"] == "TooLargeError" and len(err["help"]) == 3
    assert "Bold Thrust" in err["help"][0] and "--objective survive" in err["help"][2]
    status, body = error_body(TooLargeError("too large", help=("why", "what instead")))
    assert status == 413 and body["help"] == ["why", "what instead"] and body["error"] == "pycombat: too large"
