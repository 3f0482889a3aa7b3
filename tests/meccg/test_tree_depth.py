"""``pycombat tree --depth N`` on MECCG: the first plies made one choice at a time.

The phase table made on demand (pycombat/games/meccg/combat/plies.py) is checked against the one
the game builds from the ASP traces; the closed-form ply counts against counts read off that table
and against the depth-limited tree actually built; the values written on the nodes against the
engine's full solve (``solve_game``) and, on the ten-against-ten example, the root's value against
``optimize``'s.
"""
from __future__ import annotations

from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.api import read_scenario
from pycombat.cli import main
from pycombat.errors import TooLargeError
from pycombat.games.meccg import verbs
from pycombat.games.meccg.assignment.counting import closed_count
from pycombat.games.meccg.assignment.legal import example_path, judge_attack
from pycombat.games.meccg.assignment.listing import shape
from pycombat.games.meccg.combat.game import CvccGame, Objective
from pycombat.games.meccg.combat.matching import PhaseValues, fast_reason
from pycombat.games.meccg.combat.plies import LazyPhases, plan_plies, ply_counts
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.tree import build_tree, solve_game

STATUS = st.sampled_from(["untapped", "untapped", "tapped", "wounded"])


@st.composite
def companies(draw, most: int = 3):
    """Small custom companies: random prowess, body, status; both readings of phase II."""
    def member(prefix, i, race):
        return {"name": f"{prefix}{i}", "custom": True, "status": draw(STATUS), "prowess": draw(st.integers(1, 8)),
                "body": draw(st.integers(5, 9)), "race": race, "mp": draw(st.integers(0, 3))}

    att = [member("A", i, "Orc") for i in range(draw(st.integers(1, most)))]
    dfn = [member("D", i, "Man") for i in range(draw(st.integers(1, most)))]
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": att},
            "defender": {"alignment": "hero", "site": "Moria", "members": dfn},
            "rules": {"phase2_assignment": draw(st.sampled_from(["mandatory", "optional"]))}}
    return scenario_from_dict(data, file="<hypothesis>")


def brute_levels(scenario) -> list[int]:
    """Plies 0-3 counted from the ASP phase table: the root, the phase-I sets, the (phase I, phase
    II) pairs, the distinct complete sets of pairs."""
    table = CvccGame(scenario)._phases()
    level2 = sum(len(p2s) for p2s in table.values())
    complete = {tuple(sorted(p1 + p2 + p3)) for p1, p2s in table.items() for p2, p3s in p2s.items()
                for p3, _excess in p3s}
    return [1, len(table), level2, len(complete)]


@settings(max_examples=examples(40), deadline=None)
@given(companies(4))
def test_phases_on_demand_are_the_asp_traces(scenario):
    verdict = judge_attack(scenario)
    if not verdict.legal or not verdict.strikes:
        return
    sh = shape(scenario, verdict)
    lazy = LazyPhases(sh)
    made = {p1: {p2: set(lazy[p1][p2]) for p2 in lazy[p1]} for p1 in lazy}
    assert made == CvccGame(scenario)._phases()
    assert ply_counts(sh, closed_count(scenario, verdict)) == brute_levels(scenario)


@settings(max_examples=examples(24), deadline=None)
@given(companies(3), st.sampled_from([1, 2, 3]))
def test_depth_limited_tree_counts_and_values(scenario, depth):
    verdict = judge_attack(scenario)
    if not verdict.legal or not verdict.strikes:
        return
    levels = brute_levels(scenario)
    plan = plan_plies(scenario, Objective(), verdict, depth, 100_000)
    assert plan.nodes == sum(levels[:depth + 1])
    tree = build_tree(plan.game.new_initial_state(), max_depth=depth, value_of=plan.value_of)
    assert tree.graph.number_of_nodes() == plan.nodes
    full = solve_game(CvccGame(scenario).new_initial_state())  # the ASP phase table, solved whole
    g = tree.graph
    valued = [d for _, d in g.nodes(data=True) if d["solved"]]
    assert valued and valued[0] is g.nodes[tree.root]
    assert g.nodes[tree.root]["value"] == full.value
    # every valued phase position against the engine (the matching game's values too)
    fast = fast_reason(scenario, Objective()) is None
    phase = PhaseValues(scenario, Objective(), max_nodes=100_000) if fast else None
    seen = 0
    for state in _phase_states(plan.game.new_initial_state(), depth):
        assert full.value_of(state) == plan.value_of(state)
        if phase is not None:
            assert phase(state) == full.value_of(state)
            seen += 1
    assert phase is None or seen


def _phase_states(root, depth):
    """The states of the first ``depth`` plies while the assignment phases last."""
    frontier = [root]
    for _ in range(depth + 1):
        nxt = []
        for s in frontier:
            if s.stage in ("phase1", "phase2", "phase3"):
                yield s
                if s.stage != "phase3":
                    nxt += [s.child(a) for a in s.legal_actions()]
        frontier = nxt


@pytest.mark.long
def test_ten_vs_ten_depth_one_without_the_whole_phases(tmp_path):
    """63,591 phase-I choices (5 untapped targets, 10 strikes), each valued by the matching game;
    the root's value is optimize's; two plies (13,050,952 nodes) are refused with their count."""
    ten = read_scenario(str(example_path("ten_vs_ten.yaml")))
    out = tmp_path / "t.graphml"
    rep = verbs.tree(ten, output=str(out), depth=1)
    assert rep.nodes == 1 + 63_591 and rep.valued == rep.nodes
    g = nx.read_graphml(out)
    root = g.nodes[g.graph["root"]]
    assert Fraction(root["value_0"]) == verbs.optimize(ten).value == Fraction(-69545, 46656)
    assert root["solved"] is True and g.graph["solved"] is False
    best = max(Fraction(d["value_0"]) for n, d in g.nodes(data=True) if n != g.graph["root"])
    assert best == Fraction(root["value_0"])  # the defender's best phase-I choice
    with pytest.raises(TooLargeError) as err:
        verbs.tree(ten, output=str(tmp_path / "u.graphml"), depth=2)
    assert "13,050,952 nodes" in str(err.value) and "first 2 plies" in str(err.value)


def test_cli_depth_marks_unsolved_nodes(tmp_path, capsys):
    """The Wind Throne cut at 5 plies: small enough to be solved whole, so every node has its value;
    with a hand (two_on_two) the same holds. Nodes cut in the strikes keep their value too."""
    out = tmp_path / "w.graphml"
    assert main(["tree", str(example_path("wind_throne.yaml")), "-o", str(out), "--depth", "5"]) == 0
    text = capsys.readouterr().out
    assert "values on" in text and "first 5 plies" in text
    g = nx.read_graphml(out)
    assert all(d["solved"] for _, d in g.nodes(data=True))
    full = solve_game(CvccGame(read_scenario(str(example_path("wind_throne.yaml")))).new_initial_state())
    assert Fraction(g.nodes[g.graph["root"]]["value_0"]) == full.value[0]


def test_unsolved_nodes_are_marked_when_nothing_values_them(tmp_path, monkeypatch):
    """A game too large to solve whole and outside the matching game (``survive``): nodes say solved=false."""
    from pycombat.games.meccg.combat import plies

    monkeypatch.setattr(plies, "FULL_SOLVE_NODES", 0)
    monkeypatch.setattr("pycombat.games.meccg.combat.matching.fast_reason", lambda scenario, objective: "outside")
    two = read_scenario(str(example_path("two_on_two.yaml")))
    out = tmp_path / "t.graphml"
    rep = verbs.tree(two, output=str(out), depth=2, objective="survive", character="Aragorn II")
    g = nx.read_graphml(out)
    assert rep.valued == 0 and rep.nodes == g.number_of_nodes() == sum(brute_levels(two)[:3])
    assert not any(d["solved"] for _, d in g.nodes(data=True))
    assert "value_0" not in g.nodes[g.graph["root"]]
