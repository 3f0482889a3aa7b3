"""`pycombat tree` for Riftbound says the value it solved (text and JSON: the root's value in the file, which
is `optimize`'s), and a `--depth N` tree says, node by node, what is known: the joint damage game (two plies of
kill sets, solved whole at once) carries every node's exact value, equal to the whole tree's; the showdown from
both hands, which a depth tree does not solve, marks each node solved=false (README: "each node with its exact
value where known ... and solved=false otherwise")."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import networkx as nx

from pycombat.cli import main
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import load_scenario

EX = Path(__file__).resolve().parents[2] / "examples" / "riftbound"


def test_the_tree_reports_the_value_optimize_gives(tmp_path, capsys):
    out = tmp_path / "t.graphml"
    assert main(["tree", str(EX / "seed_example.yaml"), "-o", str(out)]) == 0
    assert "value for the Attacker (kills_then_might): 2\n" in capsys.readouterr().out
    s = load_scenario(EX / "showdown_hands.yaml")
    data = verbs.tree(s, output=str(out)).to_json()
    assert data["value"] == {"exact": "41/1", "decimal": 41.0} and data["objective"] == "kills_then_might"
    g = nx.read_graphml(out)
    assert g.nodes[g.graph["root"]]["value_0"] == "41/1"
    assert Fraction(data["value"]["exact"]) == Fraction(verbs.optimize(s).to_json()["value"]) == 41


def test_a_depth_tree_of_the_joint_game_carries_the_whole_trees_values(tmp_path):
    s = load_scenario(EX / "dune_surfer.yaml")
    full, part = tmp_path / "full.graphml", tmp_path / "part.graphml"
    verbs.tree(s, output=str(full))
    report = verbs.tree(s, output=str(part), depth=1)
    assert report.value == 18
    whole = nx.read_graphml(full)
    by_label = {d["label"]: d["value_0"] for _, d in whole.nodes(data=True)}
    g = nx.read_graphml(part)
    assert [d["kind"] for _, d in g.nodes(data=True)].count("cut") == 4
    assert all(d["solved"] and d["value_0"] == by_label[d["label"]] for _, d in g.nodes(data=True))


def test_a_depth_tree_of_the_game_from_hands_marks_each_node_unsolved(tmp_path):
    out = tmp_path / "t.graphml"
    report = verbs.tree(load_scenario(EX / "showdown_hands.yaml"), output=str(out), depth=2)
    g = nx.read_graphml(out)
    assert report.value is None and report.to_json()["value"] is None
    assert g.number_of_nodes() == 20 and {d["solved"] for _, d in g.nodes(data=True)} == {False}
