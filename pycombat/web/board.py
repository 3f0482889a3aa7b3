"""A game's board drawn as a graph for the page's map: Graphviz lays it out once (``neato``), to SVG.

The game offers its board through the registry (``Game.board``: nodes with a group and a shape, edges,
and the name kind a node fills; ``Game.board_marks``: the nodes a scenario marks, with their roles).
Nothing here names a game: the colours go by group in the order given, the marks by role as CSS
classes (``mark-<role>``) the page styles; a board without coordinates may name two nodes
(``left_right``) that the drawing keeps left and right of each other (neato's layout is mirrored
when it puts them the other way), so that a map looks like the map players know.

>>> dot = to_dot({"nodes": [{"name": "A", "group": "g"}, {"name": "B \\"b\\"", "group": "h"}], "edges": [["A", "B \\"b\\""]]})
>>> 'id="node-0"' in dot and '"A" -- "B \\\\"b\\\\""' in dot
True
"""
from __future__ import annotations

import functools
import re
import shutil
import subprocess
from typing import Any

from .. import registry

#: fill colours of the groups, in the order the game lists them (pale, so that marks stand out)
PALETTE = ("#dbe9f6", "#f9e0c7", "#dff0d8", "#f2dede", "#e8dff5", "#fcf3cf", "#d6eaf8", "#e5e8e8",
           "#fadbd8", "#d5f5e3", "#ebdef0", "#fdebd0")
#: at most this many nodes are drawn
MAX_NODES = 2000


def _q(text: Any) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(graph: dict) -> str:
    """The DOT text of a board graph (undirected; node ids ``node-<i>`` in the game's order)."""
    groups = list(dict.fromkeys(str(n.get("group", "")) for n in graph.get("nodes", [])))
    colour = {g: PALETTE[i % len(PALETTE)] for i, g in enumerate(groups)}
    lines = ["graph board {",
             '  graph [overlap=false, sep="+6", outputorder=edgesfirst, bgcolor="transparent"];',
             '  node [style=filled, fontname="Helvetica", fontsize=9, margin="0.04,0.02", height=0.25, penwidth=1];',
             '  edge [color="#9aa5b1"];']
    for i, n in enumerate(graph.get("nodes", [])[:MAX_NODES]):
        attrs = {"id": f"node-{i}", "fillcolor": colour[str(n.get("group", ""))], "shape": n.get("shape") or "ellipse",
                 "tooltip": n.get("tooltip") or n["name"], "class": f"group-{groups.index(str(n.get('group', '')))}"}
        lines.append(f"  {_q(n['name'])} [" + ", ".join(f"{k}={_q(v)}" for k, v in attrs.items()) + "];")
    for a, b in graph.get("edges", []):
        lines.append(f"  {_q(a)} -- {_q(b)};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _neato(args: list[str], text: str, seconds: float) -> str | None:
    exe = shutil.which("neato")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, *args], input=text.encode(), capture_output=True, timeout=seconds, check=False)
    except (subprocess.TimeoutExpired, OSError):
        return None
    return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else None


_POS = re.compile(r'\b(pos|lp)="([^"]*)"')


def _mirror(placed: str) -> str:
    """A laid-out DOT graph (``neato -Tdot``) mirrored left to right (every position's x becomes width - x).

    >>> _mirror('graph g { graph [bb="0,0,100,50"]; a [pos="10,5"]; a -- b [pos="e,90,1 10,5 50,5"]; }')
    'graph g { graph [bb="0,0,100,50"]; a [pos="90,5"]; a -- b [pos="e,10,1 90,5 50,5"]; }'
    """
    m = re.search(r'bb="([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)"', placed)
    if m is None:
        return placed
    x0, x1 = float(m.group(1)), float(m.group(3))

    def flip(x: str) -> str:
        return f"{x0 + x1 - float(x):.6g}"

    def points(match: re.Match) -> str:
        out = []
        for point in match.group(2).split():
            parts = point.split(",")
            if parts[0] in ("e", "s"):
                parts[1] = flip(parts[1])
            else:
                parts[0] = flip(parts[0])
            out.append(",".join(parts))
        return f'{match.group(1)}="{" ".join(out)}"'

    return _POS.sub(points, placed)


def _x_of(placed: str, name: str) -> float | None:
    m = re.search(r'(?:^|\s)' + re.escape(_q(name) if not re.fullmatch(r"\w+", name) else name)
                  + r'\s*\[[^\]]*?\bpos="([-\d.]+),', placed)
    return float(m.group(1)) if m else None


def layout(dot: str, seconds: float = 60, *, left_right: tuple[str, str] | None = None) -> str | None:
    """The SVG of a DOT graph laid out by ``neato`` (None: Graphviz is not installed or failed); with
    ``left_right`` (two node names), mirrored when needed so that the first is left of the second."""
    placed = _neato(["-Tdot"], dot, seconds)
    if placed is None:
        return None
    if left_right is not None:
        a, b = (_x_of(placed, n) for n in left_right)
        if a is not None and b is not None and a > b:
            placed = _mirror(placed)
    svg = _neato(["-n2", "-Tsvg"], placed, seconds)
    return svg[svg.find("<svg"):] if svg and "<svg" in svg else None


@functools.lru_cache(maxsize=8)
def board_view(game: str) -> dict | None:
    """The board of ``game`` for the page (computed once per process): the SVG, the legend, the name kind.
    None: the game offers no board."""
    g = registry.get(game)
    if g.board is None:
        return None
    graph = registry.resolve(g.board)()
    groups = list(dict.fromkeys(str(n.get("group", "")) for n in graph.get("nodes", [])))
    labels = graph.get("groups") or {}
    hint = graph.get("left_right")
    svg = layout(to_dot(graph), left_right=tuple(hint) if isinstance(hint, (list, tuple)) and len(hint) == 2 else None)
    if svg is not None:
        svg = re.sub(r"<!--.*?-->", "", svg, flags=re.S)
    return {"game": game, "svg": svg, "kind": graph.get("kind"), "legend": graph.get("legend", ""),
            "groups": [{"name": labels.get(gr, gr), "colour": PALETTE[i % len(PALETTE)]} for i, gr in enumerate(groups)],
            "roles": graph.get("roles") or {}, "nodes": [n["name"] for n in graph.get("nodes", [])][:MAX_NODES]}


def marks(game: str, data: Any) -> dict[str, list[str]]:
    """The nodes a scenario mapping marks on its game's board, with their roles."""
    g = registry.get(game)
    if g.board_marks is None:
        return {}
    return registry.resolve(g.board_marks)(data)
