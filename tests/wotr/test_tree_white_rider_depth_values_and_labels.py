"""`pycombat tree` for a WotR battle, read back as a researcher would (networkx from the GraphML):

* Gandalf the White against Nazgûl: the Free Peoples player's White Rider choice (WOTR-STR-11) is the
  tree's first decision, so the tree's value is `optimize`'s (2 Regulars and 2 Nazgûl against 2 Regulars
  and Gandalf: without the rider 347395420/751162321, with it 2824/6175 (both sides Leadership 0, checked
  by an independent brute force); the defender takes the smaller);
* a drawing (DOT/PNG) of a tree over the drawing limit is refused with that limit and the --depth that
  fits, not as a tree over --max-nodes;
* a `--depth N` tree of a battle whose whole game fits carries every node's exact value (equal to the
  whole tree's), and one that does not marks each node solved=false;
* distinct states have distinct labels (the hits still to take, the round, the replacement pools)."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest

from pycombat.cli import main
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "examples" / "wotr" / "skirmish.yaml"
RIDER = """game: wotr
title: "Gandalf the White against two Nazgul"
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Dagorlad
  units: {Sauron: {regulars: 2}}
  nazgul: 2
defender:
  region: North Ithilien
  units: {Gondor: {regulars: 2}}
  characters: [Gandalf the White]
"""


def _rider(tmp_path) -> Path:
    path = tmp_path / "rider.yaml"
    path.write_text(RIDER)
    return path


def test_the_white_rider_is_the_free_peoples_players_first_decision(tmp_path):
    s = load_scenario(_rider(tmp_path))
    out = tmp_path / "t.graphml"
    report = verbs.tree(s, output=str(out))
    assert report.value == Fraction(2824, 6175) == verbs.optimize(s).value
    g = nx.read_graphml(out)
    root = g.nodes[g.graph["root"]]
    assert (root["kind"], root["player"]) == ("decision", 1)  # the defender holds Gandalf
    options = {d["label"]: g.nodes[v]["value_0"] for _, v, d in g.out_edges(g.graph["root"], data=True)}
    assert options == {"use the White Rider (WOTR-STR-11)": "2824/6175",
                       "do not use the White Rider (WOTR-STR-11)": "347395420/751162321"}
    assert root["best_label"] == "use the White Rider (WOTR-STR-11)"


def test_a_drawing_over_its_limit_is_refused_with_that_limit(tmp_path, capsys):
    sortie = ROOT / "examples" / "wotr" / "sortie.yaml"
    assert main(["tree", str(sortie), "-o", str(tmp_path / "t.dot")]) == 2
    err = capsys.readouterr().err
    assert "tree: the tree has more than 300 nodes, more than a drawing may have; use --depth 2" in err
    assert "2,000,000" not in err


def _values(path) -> dict:
    g = nx.read_graphml(path)
    return g, {d["label"]: d.get("value_0") for _, d in g.nodes(data=True)}


@pytest.mark.parametrize("depth", [1, 3, 6])
def test_a_depth_tree_carries_the_whole_trees_values(tmp_path, depth):
    s = load_scenario(SKIRMISH)
    full, part = tmp_path / "full.graphml", tmp_path / "part.graphml"
    verbs.tree(s, output=str(full))
    report = verbs.tree(s, output=str(part), depth=depth)
    assert report.value == Fraction(183312623449, 255947889925)
    _, whole = _values(full)
    g, values = _values(part)
    assert all(d["solved"] for _, d in g.nodes(data=True))
    assert values == {label: whole[label] for label in values}


def test_a_depth_tree_of_a_battle_over_max_nodes_marks_every_node_unsolved(tmp_path):
    s = load_scenario(SKIRMISH)
    out = tmp_path / "t.graphml"
    report = verbs.tree(s, output=str(out), depth=1, max_nodes=12)
    g = nx.read_graphml(out)
    assert report.value is None
    assert {d.get("solved") for _, d in g.nodes(data=True) if d["kind"] != "terminal"} == {False}


def test_distinct_states_have_distinct_labels(tmp_path):
    for name in ("skirmish.yaml", "every_option.yaml", "sortie_cease.yaml"):
        out = tmp_path / "t.graphml"
        verbs.tree(load_scenario(ROOT / "examples" / "wotr" / name), output=str(out))
        labels = Counter(d["label"] for _, d in nx.read_graphml(out).nodes(data=True))
        assert [label for label, n in labels.items() if n > 1] == [], name
