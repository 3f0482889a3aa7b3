"""Drawing a built tree through Graphviz: DOT source (:func:`to_dot`) and PNG (:func:`to_png`)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

from ..errors import TooLargeError
from .errors import DrawingError
from .format import _short, format_fraction, format_value
from .graph import GameTree, principal_line
from .state import CHANCE_NODE, DECISION, DRAW_MAX_NODES, TERMINAL_NODE


def _dot_text(*lines: str) -> str:
    import graphviz

    return "\\n".join(graphviz.escape(_short(line)) for line in lines)


def _draw_nodes(tree: GameTree, max_nodes: int, max_depth: int | None) -> list[int]:
    g = tree.graph
    if max_depth is not None and max_depth < 0:
        raise ValueError(f"max_depth must be a non-negative int or None, got {max_depth!r}")
    nodes = [n for n, d in g.nodes(data="depth") if max_depth is None or d <= max_depth]
    if len(nodes) <= max_nodes:
        return nodes
    fits = depth_that_fits(Counter(d for _, d in g.nodes(data="depth")), max_nodes)
    where = f"the first {max_depth} levels of the tree have" if max_depth is not None else "the tree has"
    hint = (f"use --depth {fits[0]} to draw its first levels ({fits[1]:,} nodes)"
            if fits else "not even its root level fits")
    raise TooLargeError(f"{where} {len(nodes):,} nodes, more than a drawing may have ({max_nodes:,}); {hint}, "
                        "or write the whole tree as GraphML (-o FILE.graphml)")


def depth_that_fits(per_depth: Mapping[int, int], limit: int = DRAW_MAX_NODES) -> tuple[int, int] | None:
    """The deepest depth whose levels, from the root's to it, hold at most ``limit`` nodes together, and that
    count (``per_depth``: how many nodes lie at each depth); None when not even the root level fits.

    >>> depth_that_fits({0: 1, 1: 3, 2: 9}, 5)
    (1, 4)
    """
    fits, total = None, 0
    for depth in sorted(per_depth):
        total += per_depth[depth]
        if total > limit:
            break
        fits = (depth, total)
    return fits


def to_dot(tree: GameTree, path: str | Path | None = None, *, max_nodes: int = DRAW_MAX_NODES,
           max_depth: int | None = None, player_names: Sequence[str] | None = None):
    """The tree as a :class:`graphviz.Digraph` (and its DOT source written to ``path``, if given).

    Decision nodes are boxes (the player and the state), chance nodes small circles, terminal
    nodes diamonds labelled with the payoff, cut nodes dashed boxes.  Decision edges carry the
    action (and, once solved, the mover's value of it); chance edges the outcome and its
    probability ``n/d``.  A solved tree's principal line is drawn bold and red.  With
    ``max_depth`` only the nodes at most that many plies from the root are drawn (those whose
    children are left out are dashed).  More than ``max_nodes`` nodes to draw raise
    :class:`~pycombat.errors.TooLargeError`, saying which ``--depth`` would fit.
    """
    import graphviz

    g = tree.graph
    nodes = _draw_nodes(tree, max_nodes, max_depth)
    keep = set(nodes)
    names = list(player_names or [])

    def who(p: int) -> str:
        return names[p] if p < len(names) else f"player {p}"

    line_nodes: set[int] = set()
    line_edges: set[tuple[int, int]] = set()
    if tree.solved:
        prev = None
        for step in principal_line(tree):
            line_nodes.add(step.node)
            if prev is not None:
                line_edges.add((prev, step.node))
            prev = step.node
    red = "#c0392b"
    dot = graphviz.Digraph("game_tree", graph_attr={"rankdir": "TB", "nodesep": "0.25", "ranksep": "0.45"},
                           node_attr={"fontname": "Helvetica", "fontsize": "10"},
                           edge_attr={"fontname": "Helvetica", "fontsize": "9", "arrowsize": "0.6"})
    for n in nodes:
        d = g.nodes[n]
        kind = d["kind"]
        attrs: dict[str, str] = {"tooltip": _dot_text(d["label"])}
        hidden_children = any(c not in keep for c in g.successors(n))
        if kind == DECISION:
            lines = [f"{who(d['player'])}: {d['label']}"]
            if "value" in d:
                lines.append(f"value {format_value(d['value'])}")
            attrs.update(shape="box", label=_dot_text(*lines), style="rounded")
        elif kind == CHANCE_NODE:
            attrs.update(shape="circle", label="", width="0.18", height="0.18", fixedsize="true")
        elif kind == TERMINAL_NODE:
            attrs.update(shape="diamond", label=_dot_text(format_value(d["returns"])))
        else:
            attrs.update(shape="box", style="dashed", label=_dot_text(d["label"], "(not expanded)"))
        if hidden_children:
            attrs["style"] = (attrs.get("style", "") + ",dashed").lstrip(",")
        if n in line_nodes:
            attrs.update(color=red, penwidth="2")
        dot.node(f"n{n}", **{k: graphviz.nohtml(v) for k, v in attrs.items()})
    for u, v, e in g.edges(data=True):
        if u not in keep or v not in keep:
            continue
        if "prob" in e:
            # (the probability on a line of its own: a long outcome label is shortened, never its chance)
            text = _dot_text(e["label"], f"p = {format_fraction(e['prob'])}")
        else:
            lines = [e["label"]]
            if "value" in e:
                lines.append(f"= {format_fraction(e['value'][g.nodes[u]['player']])}")
            text = _dot_text(*lines)
        attrs = {"label": text}
        if (u, v) in line_edges:
            attrs.update(color=red, penwidth="2.5", fontcolor=red)
        dot.edge(f"n{u}", f"n{v}", **{k: graphviz.nohtml(x) for k, x in attrs.items()})
    if path is not None:
        try:
            with open(path, "w", encoding="utf-8") as fh:  # line by line, not one string
                for line in dot:
                    fh.write(line)
        except OSError as exc:
            raise DrawingError(f"{path}: cannot write: {exc.strerror}") from None
    return dot


def to_png(tree: GameTree, path: str | Path, *, max_nodes: int = DRAW_MAX_NODES, max_depth: int | None = None,
           player_names: Sequence[str] | None = None) -> Path:
    """Draw the tree as PNG through Graphviz's ``dot`` program (see :func:`to_dot`)."""
    import graphviz

    target = Path(path)
    if target.suffix.lower() != ".png":
        raise DrawingError(f"{path}: the file name must end in .png")
    dot = to_dot(tree, max_nodes=max_nodes, max_depth=max_depth, player_names=player_names)
    try:
        data = dot.pipe(format="png")
    except graphviz.ExecutableNotFound:
        raise DrawingError(
            f"cannot draw {path}: Graphviz's 'dot' program is not installed; install Graphviz "
            "(apt-get install graphviz, brew install graphviz, or https://graphviz.org/download/)") from None
    except graphviz.CalledProcessError as exc:
        err = exc.stderr.decode(errors="replace").strip() if isinstance(exc.stderr, bytes) else str(exc.stderr or "")
        raise DrawingError(f"cannot draw {path}: Graphviz's dot failed: {err or exc.returncode}") from None
    try:
        target.write_bytes(data)
    except OSError as exc:
        raise DrawingError(f"{path}: cannot write: {exc.strerror}") from None
    return target
