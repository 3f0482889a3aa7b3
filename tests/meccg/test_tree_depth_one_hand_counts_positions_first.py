"""``tree --depth N`` with one side's cards in hand counts the positions of the assignment phases without the
strikes made before valuing any node, as ``optimize`` does before refusing up front
(:meth:`.combat.matching._Matching.plain_positions`): when they reach ``--max-nodes`` the first plies are still
written (they are within the bound), unvalued, with the count and what to change, and no search is made."""
from __future__ import annotations

import networkx as nx

from pycombat import api
from pycombat.games.meccg.combat import matching

ATTACKER = ["Shagrat", "Lagduf", "Old Troll", "Horseman in the Night", "Odoacer", "Lieutenant of Angmar"]
DEFENDER = ["Aragorn II", "Gimli", "Legolas", "Éomer", "Frodo", "Bilbo"]


def _doc() -> dict:
    def members(names):
        return [{"name": x, **({"status": "tapped"} if k >= 3 else {})} for k, x in enumerate(names)]
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Dol Guldur", "members": members(ATTACKER),
                         "hand": ["Swift Strokes", "Bold Thrust", "Orc Stealth"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Dol Guldur", "members": members(DEFENDER)}}


def test_the_bound_is_counted_before_any_search(tmp_path, monkeypatch):
    def searched(*args, **kwargs):
        raise AssertionError("the matching game was searched")

    for name in ("p1", "p2", "p3", "_store"):
        monkeypatch.setattr(matching._Matching, name, searched)
    out = tmp_path / "t.graphml"
    # 229 phase-I choices (230 nodes in the first ply); 321 positions without the cards in hand
    report = api.load(_doc()).tree(output=str(out), depth=1, max_nodes=321)
    assert report.values.startswith("none: valuing the assignment phases takes at least 321 positions (counted "
                                    "without the cards in hand")
    g = nx.read_graphml(out)
    assert g.number_of_nodes() == 230 and not any("value_0" in d for _n, d in g.nodes(data=True))


def test_within_the_bound_the_nodes_are_valued(tmp_path):
    out = tmp_path / "t.graphml"
    report = api.load(_doc()).tree(output=str(out), depth=1, max_nodes=2_000)
    assert report.values.startswith("the assignment phases' nodes")
    g = nx.read_graphml(out)
    assert g.nodes[g.graph["root"]]["value_0"] == "-5867/3456"  # optimize's value (test_one_hand_optimize_...)
