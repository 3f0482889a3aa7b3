"""`pycombat optimize` / `tree` for MECCG: the combat game solved by the engine, checked against a
plain recursive expectiminimax on the state API (no tree, no merging, no pruning)."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest

from pycombat.cli import main
from pycombat.api import read_scenario as load_scenario
from pycombat.games.meccg.combat.game import CvccGame, Objective
from pycombat.games.meccg.combat.optimize import solve_combat
from pycombat.tree import CHANCE, TERMINAL, alternatives, build_tree, principal_line, solve, solve_game

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "examples" / "meccg" / "two_on_two.yaml"


def brute(state) -> tuple:
    """Expectiminimax straight on the state API: rewards on the way plus the terminal returns."""
    p = state.current_player()
    if p == TERMINAL:
        return tuple(Fraction(x) for x in state.returns())
    if p == CHANCE:
        total = (Fraction(0), Fraction(0))
        probs = Fraction(0)
        for outcome, prob in state.chance_outcomes():
            probs += prob
            c = state.child(outcome)
            v = brute(c)
            total = tuple(t + prob * (r + x) for t, r, x in zip(total, c.rewards(), v))
        assert probs == 1  # every strike's outcome distribution sums to exactly 1
        return total
    best = None
    for a in state.legal_actions():
        c = state.child(a)
        v = tuple(r + x for r, x in zip(c.rewards(), brute(c)))
        if best is None or v[p] > best[p]:
            best = v
    return best


def variants():
    base = load_scenario(str(SMALL))
    yield "as-is", base
    yield "phase2-optional", load_scenario(str(SMALL), {"phase2_assignment": "optional"})
    yield "no-mp-clauses", load_scenario(str(SMALL), {"elimination_mp_clauses": "ignore"})


CASES = [(name, scn, Objective("kill_mp")) for name, scn in variants()] + [
    ("as-is", load_scenario(str(SMALL)), o) for o in (Objective("eliminations"), Objective("survive", "Aragorn II"),
                                                      Objective("survive", "Shagrat"))]


@pytest.mark.parametrize("name, scenario, objective", CASES,
                         ids=[f"{n}-{o.name}-{o.character}" for n, _, o in CASES])
def test_engine_equals_plain_expectiminimax_without_pruning(name, scenario, objective):
    pruned = CvccGame(scenario, objective)
    tree = build_tree(pruned.new_initial_state())
    value = solve(tree)
    full = CvccGame(scenario, objective, prune=False, group_outcomes=False)  # every move, every outcome
    assert brute(full.new_initial_state()) == value
    if objective.name == "survive":
        owner = pruned.objective.owner
        assert 0 <= value[owner] <= 1 and value[0] + value[1] == 1
    else:
        assert value[0] == -value[1]


def test_optimal_value_beats_every_alternative_at_each_phase():
    solved = solve_combat(load_scenario(str(SMALL)), Objective(), max_nodes=100_000)
    tree = build_tree(CvccGame(load_scenario(str(SMALL))).new_initial_state())
    seen_stages = set()
    line = principal_line(tree)
    assert [str(s) for s in solved.solution.principal_line()] == [str(s) for s in line]  # graph-free == graph
    for step in line:
        if step.kind != "decision":
            continue
        alts = alternatives(tree, step.node)
        p = step.player
        assert alts[0].best and alts[0].value == step.value
        assert all(step.value[p] >= a.value[p] for a in alts)
        seen_stages.add(step.state.split(" after")[0])
    assert {"phase 1", "phase 2", "phase 3"} <= seen_stages
    graph_free = solved.solution.alternatives()
    assert [(a.label, a.value, a.best) for a in graph_free] == [
        (a.label, a.value, a.best) for a in alternatives(tree, tree.root)]


@pytest.mark.parametrize("name, scenario, objective", CASES,
                         ids=[f"{n}-{o.name}-{o.character}" for n, _, o in CASES])
def test_graph_free_solver_equals_the_graph(name, scenario, objective):
    """solve_game (what `optimize` uses) and build_tree + solve (what `tree` exports) agree on the
    value and on every count; grouping outcomes into classes changes no value."""
    game = CvccGame(scenario, objective)
    tree = build_tree(game.new_initial_state())
    value = solve(tree)
    sol = solve_game(game.new_initial_state())
    st = tree.stats()
    assert sol.value == value
    assert (sol.stats.nodes, sol.stats.edges, sol.stats.transpositions, sol.stats.merged_edges,
            sol.stats.decision, sol.stats.chance, sol.stats.terminal) == (
        st.nodes, st.edges, st.transpositions, st.merged_edges, st.decision, st.chance, st.terminal)
    assert sol.stats.longest_line == st.longest_line
    ungrouped = CvccGame(scenario, objective, group_outcomes=False)
    assert solve_game(ungrouped.new_initial_state()).value == value
    # every class is a set of strike outcomes with one reward, and its probability their sum
    for cls, p in _some_chance_state(game).chance_outcomes():
        assert p == sum(q for _, q in cls.outcomes)
        assert all(game.reward(o) == cls.paid for o, _ in cls.outcomes)


def _some_chance_state(game):
    s = game.new_initial_state()
    while s.current_player() != CHANCE:
        s = s.child(s.legal_actions()[-1])
    return s


def test_pruning_is_smaller_and_merges_transpositions():
    s = load_scenario(str(SMALL))
    small = build_tree(CvccGame(s).new_initial_state()).stats()
    big = build_tree(CvccGame(s, prune=False).new_initial_state()).stats()
    assert small.nodes < big.nodes
    assert small.transpositions > 0


def test_cli_optimize_json(capsys):
    assert main(["optimize", str(SMALL), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    value = Fraction(data["value"])
    best = [c for c in data["first_choices"] if c["best"]]
    assert len(best) == 1 and Fraction(best[0]["value"]) == value
    assert all(Fraction(c["value"]) <= value for c in data["first_choices"])
    assert data["principal_line"][0]["kind"] == "decision"


def test_cli_optimize_text_and_survive(capsys):
    assert main(["optimize", str(SMALL), "--objective", "survive", "--character", "Aragorn II"]) == 0
    out = capsys.readouterr().out
    assert "the probability that Aragorn II survives" in out
    assert "Principal line" in out


@pytest.mark.parametrize("argv, message", [
    (["--objective", "survive"], "--objective survive needs --character NAME"),
    (["--objective", "survive", "--character", "Gollum"], "'Gollum' is not a member of either company"),
    (["--character", "Shagrat"], "--character is only for --objective survive"),
    (["--max-nodes", "50"], "more than 50 nodes"),
])
def test_cli_optimize_bad_input(capsys, argv, message):
    assert main(["optimize", str(SMALL), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_tree_graphml_round_trip(tmp_path, capsys):
    out = tmp_path / "t.graphml"
    assert main(["tree", str(SMALL), "-o", str(out)]) == 0
    g = nx.read_graphml(out)
    tree = build_tree(CvccGame(load_scenario(str(SMALL))).new_initial_state())
    solve(tree)
    assert g.number_of_nodes() == tree.graph.number_of_nodes()
    assert g.number_of_edges() == tree.graph.number_of_edges()
    root = g.nodes[g.graph["root"]]
    assert Fraction(root["value_0"]) == tree.value()[0]


def test_cli_tree_png_needs_depth_for_a_big_tree(tmp_path, capsys):
    out = tmp_path / "t.png"
    assert main(["tree", str(SMALL), "-o", str(out)]) == 2
    assert "--depth" in capsys.readouterr().err
    assert main(["tree", str(SMALL), "-o", str(out), "--depth", "4"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_tree_bad_extension(tmp_path, capsys):
    assert main(["tree", str(SMALL), "-o", str(tmp_path / "t.svg")]) == 2
    assert "must be .graphml, .dot or .png" in capsys.readouterr().err


def test_json_line_and_graphml_give_each_strike_outcome_its_own_probability(tmp_path, capsys):
    """Strike outcomes with different payoffs that lead to one position share a chance edge: the JSON line
    lists each with its probability (the text's "dice at" line), and the exported edge's label gives each
    outcome's probability, never only their sum of 1."""
    assert main(["optimize", str(SMALL), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    chance = [st for st in data["principal_line"] if st["kind"] == "chance"]
    assert chance
    for st in chance:
        probs = [Fraction(o["prob"]) for o in st["outcomes"]]
        assert sum(probs) == Fraction(st["prob"]) and all(0 < p < 1 for p in probs)
        assert len({o["outcome"] for o in st["outcomes"]}) == len(probs) > 1
    assert main(["optimize", str(SMALL)]) == 0
    text = capsys.readouterr().out
    dice = [line for line in text.splitlines() if line.strip().startswith("dice at")]
    assert len(dice) == len(chance)
    for line, st in zip(dice, chance):
        assert all(f"{o['outcome']} {o['prob']} (" in line for o in st["outcomes"])
    out = tmp_path / "t.graphml"
    assert main(["tree", str(SMALL), "-o", str(out)]) == 0
    g = nx.read_graphml(out)
    merged = [d for _u, _v, d in g.edges(data=True) if "prob" in d and Fraction(d["prob"]) == 1 and d["actions"] > 1]
    assert merged and all(d["label"].count("(p ") == d["actions"] for d in merged)
