"""The page's drawing of a game tree, made from the GraphML its ``tree`` verb wrote.

The page asks a ``tree`` question once: the verb writes the tree as GraphML (the whole tree, solved,
or its first ``depth`` plies), and the drawing (DOT, then SVG through Graphviz) is made from that file
with :func:`pycombat.tree.to_dot`, as the CLI's ``-o FILE.dot`` draws it (the movers named as the GraphML
names them), without solving the tree a second time. A tree with more nodes
than a drawing may have (:data:`pycombat.tree.state.DRAW_MAX_NODES`) is not read into memory: the
answer says so, in the page's words, with the depth that would fit.
"""
from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

from ..tree.draw import depth_that_fits
from ..tree.state import DRAW_MAX_NODES


def _depths(text: str) -> Counter:
    """How many nodes of a GraphML document lie at each depth (read from its ``depth`` data)."""
    key = re.search(r'<key id="([^"]+)" for="node" attr\.name="depth"', text)
    if key is None:
        return Counter()
    return Counter(int(d) for d in re.findall(rf'<data key="{re.escape(key.group(1))}">(\d+)</data>', text))


def too_large(text: str, depth: int | None) -> str | None:
    """Why the tree of GraphML ``text`` is not drawn on the page (more than a drawing may have), with the
    depth whose levels would fit, in the page's words; None when it can be drawn."""
    nodes = text.count("<node ")
    if nodes <= DRAW_MAX_NODES:
        return None
    fits = depth_that_fits(_depths(text))
    where = f"the first {depth} levels of the tree have" if depth is not None else "the tree has"
    hint = (f"set the depth option to {fits[0]} to draw its first levels ({fits[1]:,} nodes)" if fits
            else "not even its root level fits")
    return (f"{where} {nodes:,} nodes, more than a drawing may have ({DRAW_MAX_NODES:,}); {hint}, or download "
            "the GraphML, which holds the whole tree")


def _values(data: dict, name: str, players: int) -> tuple[Fraction, ...] | None:
    if f"{name}_0" not in data:
        return None
    return tuple(Fraction(data[f"{name}_{i}"]) for i in range(players))


def tree_of_graphml(path: str | Path):
    """The :class:`pycombat.tree.GameTree` a GraphML file of :func:`pycombat.tree.export` describes: its nodes
    (kind, player, label, depth, returns, value, best), its edges (label, probability, reward, and the
    edge's worth once solved: the reward plus the child's value) and whether it is solved."""
    import networkx as nx

    from ..tree import GameTree

    read = nx.read_graphml(str(path))
    players = int(read.graph.get("num_players", 2))
    solved = bool(read.graph.get("solved", False))
    g = nx.DiGraph()
    for n, d in read.nodes(data=True):
        attrs = {"kind": d["kind"], "player": int(d["player"]), "label": d.get("label", ""),
                 "depth": int(d["depth"])}
        for name in ("returns", "value"):
            got = _values(d, name, players)
            if got is not None:
                attrs[name] = got
        if "best" in d:
            attrs["best"] = int(d["best"])
            attrs["best_label"] = d.get("best_label", "")
        if "solved" in d:
            attrs["solved"] = bool(d["solved"])
        g.add_node(int(n), **attrs)
    for u, v, d in read.edges(data=True):
        label = d.get("label", "")
        attrs = {"label": label, "labels": (label,), "actions": tuple(range(int(d.get("actions", 1))))}
        reward = _values(d, "reward", players)
        if reward is not None:
            attrs["reward"] = reward
        if "prob" in d:
            attrs["prob"] = Fraction(d["prob"])
            attrs["probs"] = (attrs["prob"],)
        child = g.nodes[int(v)]
        if solved and "value" in child:
            attrs["value"] = child["value"] if reward is None else tuple(r + x for r, x in zip(reward, child["value"]))
        g.add_edge(int(u), int(v), **attrs)
    return GameTree(graph=g, root=int(read.graph.get("root", 0)), num_players=players,
                    transpositions=int(read.graph.get("transpositions", 0)),
                    merged_edges=int(read.graph.get("merged_edges", 0)), solved=solved)


def dot_of_graphml(path: str | Path, out: str | Path) -> None:
    """Draw the tree of GraphML file ``path`` as DOT into ``out``, as ``tree -o FILE.dot`` draws it, the movers
    named as the file names them (its ``player_names``: the game's, e.g. ``defender``, ``attacker``)."""
    import networkx as nx

    from ..tree import to_dot

    names = str(nx.read_graphml(str(path)).graph.get("player_names", "")).split(",")
    to_dot(tree_of_graphml(path), out, player_names=[n for n in names if n] or None)
