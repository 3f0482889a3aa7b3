"""The graph of a game's states (:class:`GameTree`, made by :func:`~pycombat.tree.build_tree`),
solved exactly (:func:`solve`) and explained: the line of best play (:func:`principal_line`) and
the exact value of every alternative at a decision (:func:`alternatives`)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import GameDefinitionError, TreeError
from .format import _short, format_fraction, format_value
from .state import CHANCE_NODE, CUT, DECISION, TERMINAL_NODE


class _LazyNetworkx:
    """networkx, imported when a graph is first built (the verbs that never build one, and
    ``pycombat --help``, start without it)."""

    def __getattr__(self, name: str) -> Any:
        import networkx

        globals()["nx"] = networkx
        return getattr(networkx, name)


nx: Any = _LazyNetworkx()


@dataclass(frozen=True)
class TreeStats:
    """Size of a :class:`GameTree` (see :meth:`GameTree.stats`).

    ``depth`` is the largest node ``depth`` attribute (the fewest plies from the root, what
    ``max_depth`` limits); ``longest_line`` the most plies of any line of play (they differ
    only when transpositions join lines of different lengths; ``None`` on a cyclic graph).
    """

    nodes: int
    edges: int
    decision: int
    chance: int
    terminal: int
    cut: int
    transpositions: int
    merged_edges: int
    depth: int
    longest_line: int | None

    def __str__(self) -> str:
        kinds = f"{self.decision:,} decision, {self.chance:,} chance, {self.terminal:,} terminal"
        if self.cut:
            kinds += f", {self.cut:,} cut"
        return (f"{self.nodes:,} nodes, {self.edges:,} edges ({kinds}); "
                f"{self.transpositions:,} transpositions, {self.merged_edges:,} merged edges; "
                f"depth {self.depth:,}")


@dataclass
class GameTree:
    """The graph of a game's reachable states, built by :func:`build_tree`.

    ``graph`` is a :class:`networkx.DiGraph` with integer nodes (the root is ``root``, ids
    in breadth-first order).  Node attributes:

    * ``kind``: ``"decision"``, ``"chance"``, ``"terminal"`` or ``"cut"`` (a non-terminal
      state on the ``max_depth`` frontier, not expanded);
    * ``player``: the player to move (:data:`CHANCE` / :data:`TERMINAL` otherwise);
    * ``label``: ``str(state)``; ``depth``: the fewest plies from the root;
    * ``returns`` (terminal nodes): a tuple of Fractions;
    * after :func:`solve`: ``value`` (a tuple of Fractions) and, at decision nodes, ``best``
      (the chosen child's id), ``best_action`` and ``best_label``.

    Edge attributes: ``action`` (the first action leading there), ``label`` (its
    :meth:`GameState.action_to_string`; labels joined by ``", "`` when several actions were
    merged), ``actions`` / ``labels`` / ``orders`` (tuples: every action leading from the
    parent to this child and its index in ``legal_actions`` / ``chance_outcomes``), ``prob``
    (chance edges: a Fraction, the sum over merged outcomes) and, after :func:`solve`,
    ``value`` (the child's value).

    ``transpositions`` counts the edges that reached an already built node; ``merged_edges``
    the actions folded into an existing edge (two actions of one node reaching one child).
    """

    graph: nx.DiGraph
    root: int
    num_players: int
    transpositions: int
    merged_edges: int
    max_depth: int | None = None
    solved: bool = False

    def __len__(self) -> int:
        return self.graph.number_of_nodes()

    def node(self, node: int) -> dict:
        """The attributes of ``node``."""
        return self.graph.nodes[node]

    def value(self, node: int | None = None) -> tuple[Fraction, ...]:
        """The solved value of ``node`` (default: the root); solves the tree if needed."""
        _ensure_solved(self)
        return self.graph.nodes[self.root if node is None else node]["value"]

    def stats(self) -> TreeStats:
        """Counts of nodes by kind, edges, transpositions and depth."""
        g = self.graph
        kinds = Counter(k for _, k in g.nodes(data="kind"))
        longest: int | None
        try:
            order = list(nx.topological_sort(g))
        except nx.NetworkXUnfeasible:
            longest = None
        else:
            plies = dict.fromkeys(g, 0)
            for n in order:
                for c in g.successors(n):
                    plies[c] = max(plies[c], plies[n] + 1)
            longest = max(plies.values(), default=0)
        return TreeStats(
            nodes=g.number_of_nodes(), edges=g.number_of_edges(),
            decision=kinds[DECISION], chance=kinds[CHANCE_NODE], terminal=kinds[TERMINAL_NODE],
            cut=kinds[CUT], transpositions=self.transpositions, merged_edges=self.merged_edges,
            depth=max((d for _, d in g.nodes(data="depth")), default=0), longest_line=longest)


def solve(tree: GameTree) -> tuple[Fraction, ...]:
    """Expectiminimax in exact Fractions; stores ``value``/``best`` on nodes, returns the root's value.

    Terminal: its returns.  An edge is worth its ``reward`` (what the move paid, if the game
    defines ``rewards()``) plus its child's value.  Chance: the probability-weighted sum of the
    edges' worth.  Decision of player ``p``: the edge with the largest worth for ``p``, the
    first in ``legal_actions`` order on ties.  Every edge gets its worth as ``value``.  Nodes are
    visited in reverse topological order (no recursion).
    """
    g = tree.graph
    cut = sum(1 for _, k in g.nodes(data="kind") if k == CUT)
    if cut:
        raise TreeError(
            f"cannot solve a depth-limited tree: {cut:,} states were cut at depth {tree.max_depth}; "
            "build it without max_depth to solve it")
    try:
        order = list(nx.topological_sort(g))
    except nx.NetworkXUnfeasible:
        cycle = nx.find_cycle(g)
        labels = " -> ".join(repr(_short(g.nodes[u]["label"], 40)) for u, _ in cycle)
        raise GameDefinitionError(
            f"the game's states repeat (a cycle: {labels} -> back), so it has no finite tree; "
            "make the state key include what changes (e.g. a move counter)") from None
    n = tree.num_players
    zero = Fraction(0)
    for node in reversed(order):
        data = g.nodes[node]
        kind = data["kind"]
        if kind == TERMINAL_NODE:
            data["value"] = data["returns"]
        elif kind == CHANCE_NODE:
            acc = [zero] * n
            for _, child, e in g.out_edges(node, data=True):
                cv = g.nodes[child]["value"]
                p = e["prob"]
                mass = e.get("reward_mass")
                if mass is None:
                    e["value"] = cv
                    for i in range(n):
                        acc[i] += p * cv[i]
                else:  # the edge's expected reward given the edge, plus the child's value
                    e["reward"] = tuple(m / p for m in mass)
                    e["value"] = _plus(e["reward"], cv)
                    for i in range(n):
                        acc[i] += mass[i] + p * cv[i]
            data["value"] = tuple(acc)
        else:  # decision; out-edges are in the order of their first action
            p = data["player"]
            best = best_edge = best_value = None
            for _, child, e in g.out_edges(node, data=True):
                cv = _plus(e.get("reward"), g.nodes[child]["value"])
                e["value"] = cv
                if best_value is None or cv[p] > best_value[p]:
                    best, best_edge, best_value = child, e, cv
            assert best_edge is not None and best_value is not None
            data.update(value=best_value, best=best, best_action=best_edge["action"],
                        best_label=best_edge["labels"][0])
    tree.solved = True
    return g.nodes[tree.root]["value"]


def _plus(reward: tuple[Fraction, ...] | None, value: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    return value if reward is None else tuple(r + v for r, v in zip(reward, value, strict=True))


def _ensure_solved(tree: GameTree) -> None:
    if not tree.solved:
        solve(tree)


@dataclass(frozen=True)
class Step:
    """One step of a :func:`principal_line`: at ``node`` (``kind``, ``player``, ``state``
    label, solved ``value``), the action taken (``None`` at the last step) and, at a chance
    node, the probability of the outcome followed."""

    node: int
    kind: str
    player: int
    state: str
    action: str | None
    prob: Fraction | None
    value: tuple[Fraction, ...]
    #: at a chance node: every outcome merged into the edge followed, with its probability
    outcomes: tuple[tuple[str, Fraction], ...] = ()
    #: at a chance node: those outcomes' actions (the game's own objects), in the same order
    actions: tuple = ()

    @property
    def chance(self) -> bool:
        return self.kind == CHANCE_NODE

    def __str__(self) -> str:
        if self.kind == DECISION:
            return f"player {self.player} at {self.state}: {self.action}  value {format_value(self.value)}"
        if self.kind == CHANCE_NODE:
            return (f"chance at {self.state}: {self.action} (p {format_fraction(self.prob)})  "  # type: ignore[arg-type]
                    f"value {format_value(self.value)}")
        return f"end at {self.state}: returns {format_value(self.value)}"


def principal_line(tree: GameTree, node: int | None = None) -> list[Step]:
    """The line of play from ``node`` (default: the root) to a terminal node.

    Decision nodes follow their best action; chance nodes follow their most probable outcome
    (the first on ties) and record its probability (``Step.prob``).  The tree is solved first
    if it is not yet.
    """
    _ensure_solved(tree)
    g = tree.graph
    cur = tree.root if node is None else node
    steps: list[Step] = []
    while True:
        data = g.nodes[cur]
        kind = data["kind"]
        common = {"node": cur, "kind": kind, "player": data["player"], "state": data["label"],
                  "value": data["value"]}
        if kind == DECISION:
            nxt = data["best"]
            steps.append(Step(action=data["best_label"], prob=None, **common))
        elif kind == CHANCE_NODE:
            nxt, e = None, None
            for _, child, ed in g.out_edges(cur, data=True):
                if e is None or ed["prob"] > e["prob"]:
                    nxt, e = child, ed
            assert e is not None
            steps.append(Step(action=e["label"], prob=e["prob"],
                              outcomes=tuple(zip(e["labels"], e["probs"], strict=True)), actions=e["actions"],
                              **common))
        else:
            steps.append(Step(action=None, prob=None, **common))
            return steps
        cur = nxt


@dataclass(frozen=True)
class Alternative:
    """One legal action at a decision node with the exact value it leads to."""

    action: Hashable
    label: str
    child: int
    value: tuple[Fraction, ...]
    best: bool  #: the action :func:`solve` chose (exactly one per node)


def alternatives(tree: GameTree, node: int) -> list[Alternative]:
    """Every legal action at decision ``node`` with its exact value, best first.

    Sorted by the mover's component of the value, highest first; equal values keep the
    ``legal_actions`` order, so the first entry is the one :func:`solve` chose.  Actions that
    were merged into one edge (they reach the same state) are listed separately.  The tree is
    solved first if it is not yet.
    """
    _ensure_solved(tree)
    g = tree.graph
    data = g.nodes[node]
    if data["kind"] != DECISION:
        raise TreeError(f"node {node} ({data['label']!r}) is a {data['kind']} node, not a decision")
    p = data["player"]
    rows = []
    for _, child, e in g.out_edges(node, data=True):
        for order, action, label in zip(e["orders"], e["actions"], e["labels"], strict=True):
            rows.append((order, action, label, child, e["value"]))
    rows.sort(key=lambda r: (-r[4][p], r[0]))
    best_order = g.edges[node, data["best"]]["orders"][0]
    return [Alternative(action=a, label=lab, child=c, value=v, best=o == best_order)
            for o, a, lab, c, v in rows]
