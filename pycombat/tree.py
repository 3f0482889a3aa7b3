"""Game trees: build, solve exactly, explain and export (engine layer: no game here).

A game hands over the root of its state space through the small, OpenSpiel-style
:class:`GameState` protocol; this module

* builds the graph of every reachable state **iteratively** (:func:`build_tree`, breadth
  first, no recursion), merging identical states (equal :meth:`GameState.key`) into one
  node, so the result is a DAG; it refuses to grow beyond ``max_nodes``;
* solves it by expectiminimax in exact :class:`fractions.Fraction` arithmetic
  (:func:`solve`), in reverse topological order;
* explains the result: the line of best play (:func:`principal_line`) and the exact value of
  every alternative at a decision (:func:`alternatives`);
* exports it: GraphML (:func:`to_graphml`), Graphviz DOT (:func:`to_dot`) and PNG
  (:func:`to_png`, through Graphviz's ``dot`` program).

Example, on the tiny :class:`DieDuel` defined at the end of this module (player 0 stands for
1/2 or rolls a three-sided die; after the roll player 1 lets the roll count or folds):

>>> tree = build_tree(DieDuel())
>>> print(tree.stats())
12 nodes, 11 edges (4 decision, 1 chance, 7 terminal); 0 transpositions, 0 merged edges; depth 3
>>> format_value(solve(tree))
'(2/3, -2/3)'
>>> for step in principal_line(tree):
...     print(step)
player 0 at start: roll  value (2/3, -2/3)
chance at rolling: 1 (p 1/3)  value (2/3, -2/3)
player 1 at rolled 1: call  value (0, 0)
end at rolled 1, call: returns (0, 0)
>>> [(a.label, format_value(a.value), a.best) for a in alternatives(tree, tree.root)]
[('roll', '(2/3, -2/3)', True), ('stand', '(1/2, -1/2)', False)]

Values are tuples of per-player returns.  At a decision node the player to move takes the
child that maximises *their* component; ties go to the first action in
:meth:`GameState.legal_actions` order.  For two-player zero-sum games this is plain
expectiminimax.
"""
from __future__ import annotations

import functools
import gc
import numbers
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import chain
from dataclasses import dataclass
from fractions import Fraction
from math import gcd
from pathlib import Path
from typing import Any, Protocol



class _LazyNetworkx:
    """networkx, imported when a graph is first built (the verbs that never build one, and
    ``pycombat --help``, start without it)."""

    def __getattr__(self, name: str) -> Any:
        import networkx

        globals()["nx"] = networkx
        return getattr(networkx, name)


nx: Any = _LazyNetworkx()

from .errors import PycombatError, TooLargeError

__all__ = [
    "CHANCE",
    "CHANCE_NODE",
    "CUT",
    "DECISION",
    "DEFAULT_MAX_NODES",
    "DRAW_MAX_NODES",
    "PROGRESS_EVERY",
    "TERMINAL",
    "TERMINAL_NODE",
    "Alternative",
    "DieDuel",
    "DrawingError",
    "GameDefinitionError",
    "GameState",
    "GameTree",
    "SearchStats",
    "Solution",
    "Step",
    "TreeError",
    "TreeStats",
    "alternatives",
    "build_tree",
    "format_fraction",
    "format_value",
    "principal_line",
    "solve",
    "solve_game",
    "to_dot",
    "to_graphml",
    "write_graphml",
    "export",
    "export_path",
    "EXPORT_FORMATS",
    "to_png",
]

#: :meth:`GameState.current_player` at a chance node (OpenSpiel's value).
CHANCE = -1
#: :meth:`GameState.current_player` at a terminal state (OpenSpiel's value).
TERMINAL = -4

#: Node kinds (the ``kind`` node attribute).
DECISION = "decision"
CHANCE_NODE = "chance"
TERMINAL_NODE = "terminal"
CUT = "cut"  #: a non-terminal node on the ``max_depth`` frontier, not expanded

#: :func:`build_tree` refuses to build more nodes than this unless told otherwise.
DEFAULT_MAX_NODES = 1_000_000
#: :func:`to_dot` / :func:`to_png` refuse to draw more nodes than this unless told otherwise.
DRAW_MAX_NODES = 300
#: :func:`build_tree` calls ``progress`` every this many nodes.
PROGRESS_EVERY = 1000

_LABEL_MAX = 48  # characters of a state label shown in a drawing or an error message


# --------------------------------------------------------------------------------------
# Errors


class TreeError(PycombatError):
    """A game tree cannot be built, solved or drawn as asked."""


class GameDefinitionError(TreeError):
    """A game broke the :class:`GameState` contract (a bug in the game, not the user's input):
    a chance distribution that does not sum to exactly 1, a decision without legal actions,
    inexact (float) numbers, returns of the wrong length, a state that repeats (a cycle)."""


class DrawingError(TreeError):
    """A drawing cannot be made: Graphviz is missing, failed, or the file cannot be written."""


# --------------------------------------------------------------------------------------
# The state API


class GameState(Protocol):
    """What a game exposes to the engine (in the style of OpenSpiel's ``State``).

    States are immutable values: :meth:`child` returns a new state.  A game may also define
    ``num_players()`` (default 2) on its states; the root's answer is used; and ``rewards()``,
    what the move into the state paid each player (OpenSpiel's rewards).  Rewards live on the
    edges, so states whose *futures* are equal can share one key (and one node) whatever
    they were paid to get there; chance outcomes merged into one edge pay their expected
    reward given that edge.
    """

    def current_player(self) -> int:
        """``0 .. n-1`` at a decision, :data:`CHANCE` or :data:`TERMINAL`."""

    def legal_actions(self) -> Sequence[Hashable]:
        """The actions of the player to move, in a stable order (decision states only)."""

    def chance_outcomes(self) -> Sequence[tuple[Hashable, Fraction]]:
        """``(outcome, probability)`` pairs summing to exactly 1 (chance states only)."""

    def child(self, action: Hashable) -> GameState:
        """The state after ``action`` (or chance outcome); ``self`` is unchanged."""

    def returns(self) -> Sequence[Fraction]:
        """One exact payoff per player (terminal states only)."""

    def action_to_string(self, action: Hashable) -> str:
        """A short human label of ``action`` taken in this state."""

    def key(self) -> Hashable:
        """Equal keys mean identical states: such states become one node."""

    def __str__(self) -> str:
        """A short human label of the state."""


# --------------------------------------------------------------------------------------
# Formatting


def format_fraction(x: Fraction) -> str:
    """A fraction for people: ``n/d``, or ``n`` when whole.

    >>> format_fraction(Fraction(2, 4)), format_fraction(Fraction(-3))
    ('1/2', '-3')
    """
    return str(Fraction(x))


def format_value(value: Iterable[Fraction]) -> str:
    """A value tuple for people.

    >>> format_value((Fraction(1, 3), Fraction(-1, 3)))
    '(1/3, -1/3)'
    """
    return "(" + ", ".join(format_fraction(v) for v in value) + ")"


def _exact_and_float(x: Any) -> tuple[str, str]:
    """``("n/d", repr(float))`` of an exact number in one go (machine-readable ``n/d`` as
    pycombat.dice.as_json writes it; the writer's hot path: a Fraction's
    float through numbers.Rational is slow; n / d is the same float)."""
    t = type(x)
    if t is int:
        return f"{x}/1", repr(float(x))
    if t is not Fraction and t is not _Ratio:
        x = Fraction(x)
    n, d = x.numerator, x.denominator
    return f"{n}/{d}", repr(n / d)


class _Ratio:
    """A weight over a denominator, reduced, for writing only (``n/d`` and its float) without
    building a Fraction per edge of a large export."""

    __slots__ = ("numerator", "denominator")

    def __init__(self, num: int, den: int):
        g = gcd(num, den)
        self.numerator, self.denominator = num // g, den // g

    def __float__(self) -> float:
        return self.numerator / self.denominator


def _short(text: str, limit: int = _LABEL_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _describe(state: Any) -> str:
    try:
        label = str(state)
    except Exception as exc:  # noqa: BLE001 - a broken __str__ must not hide the real error
        label = f"<str() failed: {exc}>"
    return repr(_short(label, 80))


def _exact(x: Any, what: str, state: Any) -> Fraction:
    if type(x) is Fraction:  # the common case, and Fraction(x) would copy it
        return x
    if isinstance(x, bool) or not isinstance(x, numbers.Rational):
        raise GameDefinitionError(
            f"state {_describe(state)}: {what} must be exact (an int or a Fraction), "
            f"got {type(x).__name__} {x!r}")
    return Fraction(x)


# --------------------------------------------------------------------------------------
# The tree


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


def _num_players(root: Any) -> int:
    fn = getattr(root, "num_players", None)
    if fn is None:
        return 2
    n = fn() if callable(fn) else fn
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise GameDefinitionError(f"state {_describe(root)}: num_players() must be a positive int, got {n!r}")
    return n


def _rewards(state: Any, n_players: int) -> tuple[Fraction, ...] | None:
    """What the move into ``state`` paid (the optional ``rewards()`` of the state API), or None
    when it paid nothing."""
    fn = getattr(state, "rewards", None)
    if fn is None:
        return None
    r = fn()
    if not any(r):
        return None
    if type(r) is tuple and len(r) == n_players:
        for x in r:
            if type(x) is not int:
                break
        else:
            return r
    r = tuple(x if type(x) is int else _exact(x, "rewards", state) for x in r)
    if len(r) != n_players:
        raise GameDefinitionError(f"state {_describe(state)}: rewards() gave {len(r)} values for {n_players} players")
    return r if any(r) else None


def _no_cycle_collection(fn: Callable) -> Callable:
    """Run ``fn`` with Python's cycle collector paused (the search allocates hundreds of thousands
    of small objects and holds them: every full collection would walk them all again, a third of
    the time of a large export).  Nothing here makes reference cycles; the node bound limits the
    memory; the collector runs again afterwards."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return wrapper


@_no_cycle_collection
def build_tree(root: GameState, *, max_nodes: int = DEFAULT_MAX_NODES, max_depth: int | None = None,
               progress: Callable[[int], Any] | None = None) -> GameTree:
    """Build the graph of every state reachable from ``root`` (breadth first, iteratively).

    States with equal :meth:`GameState.key` become one node.  Chance outcomes of probability
    0 are left out.  With ``max_depth`` the states ``max_depth`` plies from the root are not
    expanded: non-terminal ones become ``"cut"`` nodes (such a tree can be drawn, not solved).
    ``progress(nodes_built)`` is called every :data:`PROGRESS_EVERY` nodes and once at the
    end.  More than ``max_nodes`` nodes raise :class:`~pycombat.errors.TooLargeError` at once.

    >>> build_tree(DieDuel(), max_depth=1).stats().cut
    1
    >>> try:
    ...     build_tree(DieDuel(), max_nodes=5)
    ... except TooLargeError as exc:
    ...     print(exc)
    the game tree has more than 5 nodes (--max-nodes 5); raise --max-nodes or draw only its first plies with --depth
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive int, got {max_nodes!r}")
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0):
        raise ValueError(f"max_depth must be a non-negative int or None, got {max_depth!r}")
    n_players = _num_players(root)
    g = nx.DiGraph()
    index: dict[Hashable, int] = {}
    queue: deque[tuple[int, Any, int]] = deque()
    transpositions = merged = 0

    def add(state: Any, key: Hashable, depth: int) -> int:
        nid = len(index)
        if nid >= max_nodes:
            raise TooLargeError(
                f"the game tree has more than {max_nodes:,} nodes (--max-nodes {max_nodes}); "
                "raise --max-nodes or draw only its first plies with --depth")
        player = state.current_player()
        attrs: dict[str, Any] = {"player": player, "label": str(state), "depth": depth}
        if player == TERMINAL:
            rets = tuple(_exact(r, "returns", state) for r in state.returns())
            if len(rets) != n_players:
                raise GameDefinitionError(
                    f"terminal state {_describe(state)}: returns() gave {len(rets)} values "
                    f"for {n_players} players")
            attrs.update(kind=TERMINAL_NODE, returns=rets)
        elif player != CHANCE and (isinstance(player, bool) or not isinstance(player, int)
                                   or not 0 <= player < n_players):
            raise GameDefinitionError(
                f"state {_describe(state)}: current_player() is {player!r}, not a player "
                f"0..{n_players - 1}, CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})")
        elif max_depth is not None and depth >= max_depth:
            attrs["kind"] = CUT
        else:
            attrs["kind"] = CHANCE_NODE if player == CHANCE else DECISION
            queue.append((nid, state, depth))
        index[key] = nid
        g.add_node(nid, **attrs)
        if progress is not None and (nid + 1) % PROGRESS_EVERY == 0:
            progress(nid + 1)
        return nid

    def link(parent: int, order: int, action: Hashable, label: str, child: Any, depth: int,
             prob: Fraction | None) -> None:
        nonlocal transpositions, merged
        key = child.key()
        reward = _rewards(child, n_players)
        cid = index.get(key)
        if cid is None:
            cid = add(child, key, depth)
        elif g.has_edge(parent, cid):
            e = g.edges[parent, cid]
            if prob is None:
                if reward != e.get("reward"):
                    raise GameDefinitionError(
                        f"state {g.nodes[parent]['label']!r}: two actions reach the same state with different "
                        "rewards; give the states different keys")
            elif reward is not None:  # merged chance outcomes: the edge pays sum(p * reward)
                mass = e.get("reward_mass") or (0,) * n_players
                e["reward_mass"] = tuple(m + prob * r for m, r in zip(mass, reward, strict=True))
            e["actions"] += (action,)
            if prob is not None:
                e["probs"] += (prob,)
            e["labels"] += (label,)
            e["orders"] += (order,)
            e["label"] = ", ".join(e["labels"])
            if prob is not None:
                e["prob"] += prob
            merged += 1
            return
        else:
            transpositions += 1
        attrs: dict[str, Any] = {"action": action, "label": label, "actions": (action,),
                                 "labels": (label,), "orders": (order,)}
        if reward is not None:
            if prob is None:
                attrs["reward"] = reward
            else:
                attrs["reward_mass"] = tuple(prob * r for r in reward)
        if prob is not None:
            attrs["prob"] = prob
            attrs["probs"] = (prob,)
        g.add_edge(parent, cid, **attrs)

    add(root, root.key(), 0)
    while queue:
        nid, state, depth = queue.popleft()
        if g.nodes[nid]["kind"] == CHANCE_NODE:
            outcomes = []
            total = Fraction(0)
            for pair in state.chance_outcomes():
                action, p = pair
                p = _exact(p, f"the probability of outcome {action!r}", state)
                if p < 0:
                    raise GameDefinitionError(
                        f"chance state {_describe(state)}: outcome {action!r} has negative probability {p}")
                total += p
                outcomes.append((action, p))
            if total != 1:
                raise GameDefinitionError(
                    f"chance state {_describe(state)}: the {len(outcomes)} outcome probabilities "
                    f"sum to {total}, not exactly 1")
            for i, (action, p) in enumerate(outcomes):
                if p:
                    link(nid, i, action, state.action_to_string(action), state.child(action), depth + 1, p)
        else:
            actions = list(state.legal_actions())
            if not actions:
                raise GameDefinitionError(
                    f"state {_describe(state)}: player {g.nodes[nid]['player']} is to move "
                    "but there is no legal action (a state without actions must be TERMINAL)")
            for i, action in enumerate(actions):
                link(nid, i, action, state.action_to_string(action), state.child(action), depth + 1, None)
    if progress is not None:
        progress(len(index))
    return GameTree(graph=g, root=0, num_players=n_players, transpositions=transpositions,
                    merged_edges=merged, max_depth=max_depth)


# --------------------------------------------------------------------------------------
# Solving


def solve(tree: GameTree) -> tuple[Fraction, ...]:
    """Expectiminimax in exact Fractions; stores ``value``/``best`` on nodes, returns the root's value.

    Terminal: its returns.  An edge is worth its ``reward`` (what the move paid, if the game
    defines ``rewards()``) plus its child's value.  Chance: the probability-weighted sum of the
    edges' worth.  Decision of player ``p``: the edge with the largest worth for ``p``, the
    first in ``legal_actions`` order on ties.  Every edge gets its worth as ``value``.  Nodes are
    visited in reverse topological order (no recursion).

    >>> tree = build_tree(DieDuel())
    >>> solve(tree) == (Fraction(2, 3), Fraction(-2, 3))
    True
    >>> tree.node(tree.node(tree.root)["best"])["label"]
    'rolling'
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


# --------------------------------------------------------------------------------------
# Solving without a graph: depth-first expectiminimax with a transposition table


@dataclass(frozen=True)
class SearchStats:
    """Size of the state space :func:`solve_game` searched: the same counts :func:`build_tree`
    reports for the graph of the same game (``edges``: distinct parent-child pairs;
    ``transpositions``: edges into a state reached before; ``merged_edges``: actions folded into
    an existing edge), and ``longest_line``, the most plies of any line of play."""

    nodes: int
    edges: int
    decision: int
    chance: int
    terminal: int
    transpositions: int
    merged_edges: int
    longest_line: int

    def __str__(self) -> str:
        return (f"{self.nodes:,} nodes, {self.edges:,} edges ({self.decision:,} decision, {self.chance:,} chance, "
                f"{self.terminal:,} terminal); {self.transpositions:,} transpositions, "
                f"{self.merged_edges:,} merged edges; longest line {self.longest_line:,}")


@dataclass
class Solution:
    """What :func:`solve_game` found: the value of every reachable state, by key.

    :meth:`principal_line` and :meth:`alternatives` re-expand only the states they show, so
    they give the same answers as :func:`principal_line` / :func:`alternatives` on the graph.
    """

    root: Any
    num_players: int
    ids: dict  #: state key -> state number (the root is 0)
    values: list  #: state number -> value (a tuple of Fractions, one per player)
    stats: SearchStats
    #: with ``solve_game(record=True)``: number -> the state's moves in one flat tuple, children by
    #: state *number* (a large export holds one per state: no key kept twice, no tuple per move): a
    #: decision's ``(best, child, action, reward, child, action, reward, ...)``, one triple per legal
    #: action in order (``best``: the index of the action chosen; ``reward``: what the move paid, or
    #: None); a chance state's ``(denominator, child, weight, mass, k, outcome_1, ..., outcome_k,
    #: child, ...)``, one group per child state in the order of their first outcome: the k outcomes
    #: (of non-zero probability) that reach it, their probability as ``weight / denominator``, and
    #: ``mass`` the sum of weight * reward over those that paid something (None if none did; the
    #: edge's reward is mass / weight); None for a terminal state.  Else None.
    records: list | None = None

    @property
    def value(self) -> tuple[Fraction, ...]:
        return self.values[0]

    def value_of(self, state: Any) -> tuple[Fraction, ...]:
        """The value of any state reachable from the root."""
        return self.values[self.ids[state.key()]]

    def _worth(self, child: Any) -> tuple[Fraction, ...]:
        return _plus(_rewards(child, self.num_players), self.value_of(child))

    def alternatives(self, state: Any | None = None) -> list[Alternative]:
        """Every legal action at decision ``state`` (default: the root) with its exact value,
        best first (ties in ``legal_actions`` order; ``child`` is the action's index there)."""
        state = self.root if state is None else state
        p = state.current_player()
        if p < 0:
            raise TreeError(f"state {_describe(state)} is not a decision")
        rows = [(i, a, state.action_to_string(a), self._worth(state.child(a)))
                for i, a in enumerate(state.legal_actions())]
        best = max(rows, key=lambda r: (r[3][p], -r[0]))[0]
        rows.sort(key=lambda r: (-r[3][p], r[0]))
        return [Alternative(action=a, label=lab, child=i, value=v, best=i == best) for i, a, lab, v in rows]

    def principal_line(self) -> list[Step]:
        """Best play from the root: decisions follow their best action, chance its most probable
        outcome class (the outcomes that lead to one state are merged, as in the graph)."""
        steps: list[Step] = []
        state = self.root
        while True:
            p = state.current_player()
            common = {"node": self.ids[state.key()], "player": p, "state": str(state), "value": self.value_of(state)}
            if p == TERMINAL:
                steps.append(Step(kind=TERMINAL_NODE, action=None, prob=None, **common))
                return steps
            if p == CHANCE:
                groups: dict = {}
                for a, pr in state.chance_outcomes():
                    if pr:
                        c = state.child(a)
                        g = groups.setdefault(c.key(), [c, Fraction(0), [], []])
                        g[1] += pr
                        g[2].append((state.action_to_string(a), Fraction(pr)))
                        g[3].append(a)
                child, prob, outs, acts = max(groups.values(), key=lambda g: g[1])  # first on ties
                steps.append(Step(kind=CHANCE_NODE, action=", ".join(lab for lab, _ in outs), prob=prob,
                                  outcomes=tuple(outs), actions=tuple(acts), **common))
            else:
                alt = next(a for a in self.alternatives(state) if a.best)
                child = state.child(alt.action)
                steps.append(Step(kind=DECISION, action=alt.label, prob=None, **common))
            state = child


def _chance_value(denom: int, mass: list, kids: list, n: int) -> tuple[Fraction, ...]:
    """(mass + sum of w * value) / denom per player, for integer weights ``w`` and masses: one
    normalisation per component instead of a Fraction operation per outcome."""
    out = []
    for j in range(n):
        m = mass[j]
        if type(m) is not int:  # rewards that are Fractions: plain Fraction arithmetic
            out.append((m + sum(w * v[j] for w, v in kids)) / denom)
            continue
        num, den = m, 1
        for w, v in kids:
            x = v[j]
            xn, xd = x.numerator, x.denominator
            if xd == den:
                num += w * xn
            else:
                lcm = den // gcd(den, xd) * xd
                num = num * (lcm // den) + w * xn * (lcm // xd)
                den = lcm
        out.append(Fraction(num, den * denom))
    return tuple(out)


@_no_cycle_collection
def solve_game(root: GameState, *, max_nodes: int = DEFAULT_MAX_NODES,
               progress: Callable[[int], Any] | None = None, record: bool = False) -> Solution:
    """Expectiminimax over every state reachable from ``root``, in exact Fractions, without
    building a graph: depth first, iteratively, with a transposition table (each state key is
    solved once).  Same values and tie-breaks as :func:`build_tree` + :func:`solve`, a fraction
    of the memory and time; use :func:`build_tree` when the graph itself is wanted (export).

    Refuses more than ``max_nodes`` states (:class:`~pycombat.errors.TooLargeError`) and games
    whose states repeat (:class:`GameDefinitionError`).

    With ``record``, each state's moves (child key, action, chance weight, reward) are kept in
    ``Solution.records`` (by state number), so that an export walks the tree again without
    expanding every child a second time (:func:`write_graphml`).

    >>> sol = solve_game(DieDuel())
    >>> format_value(sol.value), sol.stats.nodes, sol.stats.edges
    ('(2/3, -2/3)', 12, 11)
    >>> [str(s) for s in sol.principal_line()][1]
    'chance at rolling: 1 (p 1/3)  value (2/3, -2/3)'
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive int, got {max_nodes!r}")
    n = _num_players(root)
    ids: dict = {}  # state key -> its number, in the order first reached
    values: list = []  # number -> value (None while the state is on the current line)
    plies: list = []  # number -> the most plies from there to the end
    counts = {DECISION: 0, CHANCE_NODE: 0, TERMINAL_NODE: 0}
    records: list | None = [] if record else None  # number -> moves (None: terminal)
    masses: dict = {}  # with record: each chance edge's reward mass, one tuple per distinct mass
    edges = merged = 0
    zeros = (0,) * n
    has_rewards = callable(getattr(root, "rewards", None))

    def rewards_of(c: Any, n: int) -> tuple | None:
        if not has_rewards:
            return None
        r = c.rewards()
        if r == zeros:  # the common case, decided in C
            return None
        if type(r) is tuple and len(r) == n:  # the next most common: a tuple of ints
            for x in r:
                if type(x) is not int:
                    break
            else:
                return r
        return _rewards(c, n)

    def expand(state: Any, key: Hashable) -> list | None:
        """Register a new state; return its frame, or None when it is solved at once (terminal).
        A frame is [number, player, children, next child to visit, denominator, reward mass,
        children's numbers (filled as they are visited)]; a child is (key, weight or None, reward or
        None, state)."""
        nonlocal edges, merged
        nid = len(values)
        if nid >= max_nodes:
            raise TooLargeError(
                f"the game tree has more than {max_nodes:,} nodes (max_nodes={max_nodes}); raise max_nodes")
        ids[key] = nid
        values.append(None)
        plies.append(0)
        if progress is not None and (nid + 1) % PROGRESS_EVERY == 0:
            progress(nid + 1)
        player = state.current_player()
        if player == CHANCE:
            # Exact and fast: the probabilities as integer weights over their common
            # denominator; outcomes that reach one state are merged (their weights added), and
            # their rewards folded into one expected-reward mass (an edge's reward(s)).
            counts[CHANCE_NODE] += 1
            outcomes = []  # (outcome, numerator, denominator) of each probability
            denom = 1
            for action, p in state.chance_outcomes():
                if type(p) is not Fraction:
                    p = _exact(p, f"the probability of outcome {action!r}", state)
                num, d = p.numerator, p.denominator
                if num < 0:
                    raise GameDefinitionError(
                        f"chance state {_describe(state)}: outcome {action!r} has negative probability {p}")
                if denom % d:
                    denom = denom * d // gcd(denom, d)
                outcomes.append((action, num, d))
            by_key: dict = {}
            total = 0
            mass: list = [0] * n
            taken = 0
            recording = records is not None
            for action, num, d in outcomes:
                if not num:
                    continue
                taken += 1
                w = num * (denom // d)
                total += w
                c = state.child(action)
                ck = c.key()
                r = rewards_of(c, n)
                if r is not None:
                    if n == 2:  # the common case, unrolled
                        mass[0] += w * r[0]
                        mass[1] += w * r[1]
                    else:
                        for j in range(n):
                            mass[j] += w * r[j]
                slot = by_key.get(ck)
                if slot is None:  # [weight, state, its outcomes, their reward mass (recording)]
                    by_key[ck] = [w, c, [action], None if r is None else [w * x for x in r]] if recording else [w, c]
                    continue
                slot[0] += w
                if recording:
                    slot[2].append(action)
                    if r is not None:
                        m = slot[3]
                        if m is None:
                            slot[3] = [w * x for x in r]
                        else:
                            for j in range(n):
                                m[j] += w * r[j]
            if total != denom:
                raise GameDefinitionError(
                    f"chance state {_describe(state)}: the outcome probabilities sum to {Fraction(total, denom)}, "
                    "not exactly 1")
            kids = [(ck, slot[0], None, slot[1]) for ck, slot in by_key.items()]
            edges += len(kids)
            merged += taken - len(kids)
            if recording:  # each child's slot (outcomes, reward mass), until the children's numbers are known
                records.append(list(by_key.values()))
            return [nid, player, kids, 0, denom, mass, []]
        if player == TERMINAL:
            rets = tuple(_exact(r, "returns", state) for r in state.returns())
            if len(rets) != n:
                raise GameDefinitionError(
                    f"terminal state {_describe(state)}: returns() gave {len(rets)} values for {n} players")
            values[nid] = rets
            counts[TERMINAL_NODE] += 1
            if records is not None:
                records.append(None)
            return None
        if type(player) is not int or not 0 <= player < n:
            raise GameDefinitionError(
                f"state {_describe(state)}: current_player() is {player!r}, not a player 0..{n - 1}, "
                f"CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})")
        counts[DECISION] += 1
        kids = []
        actions = state.legal_actions()
        if records is not None and type(actions) is not list and type(actions) is not tuple:
            actions = list(actions)  # walked twice
        for action in actions:
            c = state.child(action)
            kids.append((c.key(), None, rewards_of(c, n), c))
        if not kids:
            raise GameDefinitionError(f"decision state {_describe(state)} has no legal action")
        if records is not None:
            records.append(actions)  # until the children's numbers are known
        return [nid, player, kids, 0, None, None, []]

    first = expand(root, root.key())
    stack = [first] if first is not None else []
    while stack:
        frame = stack[-1]
        kids = frame[2]
        kid_ids = frame[6]
        i = frame[3]
        nk = len(kids)
        while i < nk:
            kid = kids[i]
            i += 1
            cid = ids.get(kid[0])
            if cid is None:
                kid_ids.append(len(values))  # the number expand gives it
                sub = expand(kid[3], kid[0])
                if sub is not None:
                    frame[3] = i
                    stack.append(sub)
                    break
            elif values[cid] is None:  # reached, not solved: it is on the current line of play
                raise GameDefinitionError(
                    f"the game's states repeat (state {_describe(kid[3])} is reached again from itself), so it "
                    "has no finite tree; make the state key include what changes (e.g. a move counter)")
            else:
                kid_ids.append(cid)
        else:
            stack.pop()
            nid, player = frame[0], frame[1]
            plies[nid] = 1 + max(map(plies.__getitem__, kid_ids))
            if player == CHANCE:  # (reward mass + sum of weight * child value) / denominator
                mass = frame[5]
                if nk == 1 and n == 2 and type(mass[0]) is int and type(mass[1]) is int:
                    a, b = values[kid_ids[0]]  # one next state: (mass + w * v) / w, w == denom
                    m0, m1 = mass
                    d = frame[4]
                    values[nid] = (Fraction(a.numerator * d + m0 * a.denominator, a.denominator * d) if m0 else a,
                                   Fraction(b.numerator * d + m1 * b.denominator, b.denominator * d) if m1 else b)
                else:
                    values[nid] = _chance_value(frame[4], mass, [(k[1], values[c]) for k, c in zip(kids, kid_ids)], n)
                if records is not None:
                    flat = [frame[4]]
                    for c, (wt, _, outs, m) in zip(kid_ids, records[nid], strict=True):
                        if m is not None:
                            m = tuple(m)
                            m = masses.setdefault(m, m)  # a few masses, held by many states: one each
                        flat += (c, wt, m, len(outs))
                        flat += outs
                    records[nid] = tuple(flat)
            else:
                distinct = len(set(kid_ids))  # actions reaching one state make one edge
                edges += distinct
                merged += nk - distinct
                best = bn = bd = None
                bi = j = 0
                for k, c in zip(kids, kid_ids):
                    r = k[2]
                    cv = values[c] if r is None else _plus(r, values[c])
                    x = cv[player]
                    xn, xd = x.numerator, x.denominator
                    if best is None or xn * bd > bn * xd:  # x > best[player], in integers
                        best, bn, bd, bi = cv, xn, xd, j
                    j += 1
                values[nid] = best
                if records is not None:
                    records[nid] = (bi, *chain.from_iterable(zip(kid_ids, records[nid], [k[2] for k in kids],
                                                                 strict=True)))
            frame[2] = None  # free the child states
    if progress is not None:
        progress(len(values))
    stats = SearchStats(nodes=len(values), edges=edges, decision=counts[DECISION], chance=counts[CHANCE_NODE],
                        terminal=counts[TERMINAL_NODE], transpositions=edges - (len(values) - 1),
                        merged_edges=merged, longest_line=plies[0])
    return Solution(root=root, num_players=n, ids=ids, values=values, stats=stats, records=records)


# --------------------------------------------------------------------------------------
# Export: GraphML


def _graphml_keys(num_players: int) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """The (name, GraphML type, Python kind) of every node and edge attribute :func:`to_graphml` writes."""
    node = [("kind", "string", "s"), ("player", "int", "i"), ("label", "string", "s"), ("depth", "int", "i")]
    for name in ("returns", "value"):
        for i in range(num_players):
            node += [(f"{name}_{i}", "string", "s"), (f"{name}_{i}_float", "double", "f")]
    node += [("best", "string", "s"), ("best_label", "string", "s")]
    edge = [("label", "string", "s"), ("actions", "int", "i"), ("prob", "string", "s"), ("prob_float", "double", "f")]
    for i in range(num_players):
        edge += [(f"reward_{i}", "string", "s"), (f"reward_{i}_float", "double", "f")]
    return node, edge


_XML_TEXT: dict = {}


def _xml_text(value: Any) -> str:
    """``value`` as XML character data (labels repeat a lot: remembered, up to a bound)."""
    got = _XML_TEXT.get(value)
    if got is not None:
        return got
    from xml.sax.saxutils import escape

    text = escape(str(value))
    # characters XML 1.0 cannot carry at all are dropped (labels are game text)
    if not text.isprintable():
        text = "".join(c for c in text if c in "\t\n\r" or c >= " ")
    if len(_XML_TEXT) > 200_000:
        _XML_TEXT.clear()
    _XML_TEXT[value] = text
    return text


class _GraphmlWriter:
    """GraphML written as it goes (nodes and edges in any order, the graph's data at the end).

    The hot path of a large export: each node and edge is one string built from pieces made once
    (the ``<data key=...>`` prefixes), and the blocks that repeat (values, probabilities, rewards)
    are rendered once and remembered."""

    _BOUND = 200_000  # remembered blocks of each kind, at most (then forgotten and made again)

    def __init__(self, path: str | Path, num_players: int):
        node_keys, edge_keys = _graphml_keys(num_players)
        self.nid = {name: f"n{i}" for i, (name, _, _) in enumerate(node_keys)}
        self.eid = {name: f"e{i}" for i, (name, _, _) in enumerate(edge_keys)}
        self.path = path
        #: rendered value blocks by (name, id(tuple)), and by (name, (numerator, denominator), ...):
        #: only for tuples kept alive while writing
        self.memo: dict | None = None
        k, e = self.nid, self.eid
        self._heads: dict = {}  # (kind, player) -> the node's text between its id and its label
        self._depth = f'</data>\n      <data key="{k["depth"]}">'
        self._best = f'      <data key="{k["best"]}">'
        self._best_label = f'</data>\n      <data key="{k["best_label"]}">'
        self._vkeys = {name: [(f'      <data key="{k[f"{name}_{i}"]}">',
                               f'</data>\n      <data key="{k[f"{name}_{i}_float"]}">')
                              for i in range(num_players)] for name in ("returns", "value")}
        self._edge_label = f'">\n      <data key="{e["label"]}">'
        self._edge_actions = f'</data>\n      <data key="{e["actions"]}">'
        self._prob = (f'      <data key="{e["prob"]}">', f'</data>\n      <data key="{e["prob_float"]}">')
        self._rkeys = [(f'      <data key="{e[f"reward_{i}"]}">', f'</data>\n      <data key="{e[f"reward_{i}_float"]}">')
                       for i in range(num_players)]
        self._probs: dict = {}  # (weight, denominator) -> the probability's block
        self._rewards: dict = {}  # reward tuple -> its block
        self._masses: dict = {}  # (reward mass, weight) -> the block of the reward mass / weight
        try:
            self.out = open(path, "w", encoding="utf-8", buffering=1 << 20)
        except OSError as exc:
            raise TreeError(f"{path}: cannot write: {exc.strerror}") from None
        self.buf: list[str] = []
        self.buf.append('<?xml version=\'1.0\' encoding=\'utf-8\'?>\n<graphml '
                        'xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-'
                        'instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
                        'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n')
        for i, (name, kind) in enumerate(_GRAPH_KEYS):
            self.buf.append(f'  <key id="g{i}" for="graph" attr.name="{name}" attr.type="{kind}" />\n')
        for name, kind, _ in node_keys:
            self.buf.append(f'  <key id="{self.nid[name]}" for="node" attr.name="{name}" attr.type="{kind}" />\n')
        for name, kind, _ in edge_keys:
            self.buf.append(f'  <key id="{self.eid[name]}" for="edge" attr.name="{name}" attr.type="{kind}" />\n')
        self.buf.append('  <graph edgedefault="directed">\n')

    def _flush(self, force: bool = False) -> None:
        if force or len(self.buf) > 4096:
            try:
                self.out.write("".join(self.buf))
            except OSError as exc:
                self.out.close()
                raise TreeError(f"{self.path}: cannot write: {exc.strerror}") from None
            self.buf.clear()

    @staticmethod
    def _block(keys: list, vals: Sequence) -> str:
        """``n/d`` and float of each component, each under its pair of keys."""
        parts = []
        for (exact_key, float_key), x in zip(keys, vals):
            exact, approx = _exact_and_float(x)
            parts.append(f"{exact_key}{exact}{float_key}{approx}</data>\n")
        return "".join(parts)

    def _values(self, name: str, vals: Sequence) -> str:
        memo = self.memo
        if memo is None:
            return self._block(self._vkeys[name], vals)
        got = memo.get((name, id(vals)))
        if got is None:
            # many states share a value without sharing the tuple: remembered by value too (by
            # numerators and denominators: hashing a Fraction costs more than writing it)
            by_value = (name, *[(x.numerator, x.denominator) for x in vals])
            got = memo.get(by_value)
            if got is None:
                got = memo[by_value] = self._block(self._vkeys[name], vals)
            memo[(name, id(vals))] = got
        return got

    def node(self, n: int, kind: str, player: int, label: str, depth: int, returns: Sequence | None = None,
             value: Sequence | None = None, best: int | None = None, best_label: str | None = None) -> None:
        head = self._heads.get((kind, player))
        if head is None:
            k = self.nid
            head = self._heads[(kind, player)] = (f'">\n      <data key="{k["kind"]}">{kind}</data>\n'
                                                  f'      <data key="{k["player"]}">{player}</data>\n'
                                                  f'      <data key="{k["label"]}">')
        text = _XML_TEXT.get(label)
        if text is None:
            text = _xml_text(label)
        rets = "" if returns is None else self._values("returns", returns)
        if value is None:
            vals = ""
        else:
            memo = self.memo
            vals = memo.get(("value", id(value))) if memo is not None else None
            if vals is None:
                vals = self._values("value", value)
        if best is None:
            self.buf.append(f'    <node id="{n}{head}{text}{self._depth}{depth}</data>\n{rets}{vals}    </node>\n')
        else:
            bl = _XML_TEXT.get(best_label)
            if bl is None:
                bl = _xml_text(best_label)
            self.buf.append(f'    <node id="{n}{head}{text}{self._depth}{depth}</data>\n{rets}{vals}'
                            f'{self._best}{best}{self._best_label}{bl}</data>\n    </node>\n')
        if len(self.buf) > 4096:
            self._flush()

    def edge(self, u: int, v: int, label: str, actions: int, prob: Fraction | None = None,
             reward: Sequence | None = None) -> None:
        """An edge; ``prob`` for a chance edge; ``reward`` what the move paid (None or empty: nothing)."""
        p = ""
        if prob is not None:
            exact, approx = _exact_and_float(prob)
            p = f"{self._prob[0]}{exact}{self._prob[1]}{approx}</data>\n"
        r = ""
        if reward:
            memo = self._rewards
            r = memo.get(reward)
            if r is None:
                if len(memo) > self._BOUND:
                    memo.clear()
                r = memo[reward] = self._block(self._rkeys, reward)
        text = _XML_TEXT.get(label)
        if text is None:
            text = _xml_text(label)
        self.buf.append(f'    <edge source="{u}" target="{v}{self._edge_label}{text}{self._edge_actions}{actions}'
                        f'</data>\n{p}{r}    </edge>\n')
        if len(self.buf) > 4096:
            self._flush()

    def chance_edge(self, u: int, v: int, label: str, actions: int, weight: int, denom: int,
                    mass: tuple | None) -> None:
        """A chance edge of probability ``weight / denom`` paying ``mass / weight`` (None: nothing)."""
        probs = self._probs
        p = probs.get((weight, denom))
        if p is None:
            if len(probs) > self._BOUND:
                probs.clear()
            exact, approx = _exact_and_float(_Ratio(weight, denom))
            p = probs[(weight, denom)] = f"{self._prob[0]}{exact}{self._prob[1]}{approx}</data>\n"
        r = ""
        if mass is not None:  # the expected reward given the edge (written even when it is 0)
            memo = self._masses
            r = memo.get((mass, weight))
            if r is None:
                if len(memo) > self._BOUND:
                    memo.clear()
                r = memo[(mass, weight)] = self._block(self._rkeys, [Fraction(m, weight) for m in mass])
        text = _XML_TEXT.get(label)
        if text is None:
            text = _xml_text(label)
        self.buf.append(f'    <edge source="{u}" target="{v}{self._edge_label}{text}{self._edge_actions}{actions}'
                        f'</data>\n{p}{r}    </edge>\n')
        if len(self.buf) > 4096:
            self._flush()

    def close(self, root: int, num_players: int, transpositions: int, merged_edges: int, solved: bool) -> None:
        values = (str(root), num_players, transpositions, merged_edges, "true" if solved else "false")
        for i, v in enumerate(values):
            self.buf.append(f'    <data key="g{i}">{_xml_text(v)}</data>\n')
        self.buf.append("  </graph>\n</graphml>\n")
        try:
            self._flush(force=True)
        finally:
            self.out.close()


_GRAPH_KEYS = (("root", "string"), ("num_players", "int"), ("transpositions", "int"), ("merged_edges", "int"),
               ("solved", "boolean"))


def to_graphml(tree: GameTree, path: str | Path) -> Path:
    """Write the tree as GraphML with scalar attributes only, streamed (no XML tree in memory).

    Fractions become ``"n/d"`` strings with a float ``*_float`` companion; tuples are split
    (``returns_0``, ``value_1``, ...); actions are written as their labels (``label``,
    ``actions`` = how many were merged).  Node ids become strings (``"0"`` is the root).
    """
    w = _GraphmlWriter(path, tree.num_players)
    g = tree.graph
    try:
        for n, d in g.nodes(data=True):
            w.node(n, d["kind"], d["player"], d["label"], d["depth"], d.get("returns"), d.get("value"),
                   d.get("best"), d.get("best_label"))
        for u, v, d in g.edges(data=True):
            w.edge(u, v, d["label"], len(d["actions"]), d.get("prob"), d.get("reward"))
    except BaseException:
        w.out.close()
        raise
    w.close(tree.root, tree.num_players, tree.transpositions, tree.merged_edges, tree.solved)
    return Path(path)


@_no_cycle_collection
def write_graphml(root: GameState, path: str | Path, *, max_nodes: int = DEFAULT_MAX_NODES,
                  progress: Callable[[int], Any] | None = None) -> tuple[TreeStats, tuple[Fraction, ...]]:
    """The solved game tree of ``root`` written as GraphML without building the graph.

    Solves with :func:`solve_game` (depth first, a transposition table), then walks the states
    breadth first (the node numbering of :func:`build_tree`), merging actions that reach one
    state into one edge, and writes each node and edge as it is reached: the same document as
    ``to_graphml`` of ``build_tree`` + ``solve`` (nodes, edges and every attribute), in bounded
    memory (the values by state key and the breadth-first frontier).  Returns the tree's
    :class:`TreeStats` and the root's value.

    >>> import tempfile, networkx
    >>> with tempfile.TemporaryDirectory() as d:
    ...     stats, value = write_graphml(DieDuel(), d + "/t.graphml")
    ...     g = networkx.read_graphml(d + "/t.graphml")
    >>> (stats.nodes, g.number_of_nodes(), stats.edges, g.number_of_edges()), format_value(value)
    ((12, 12, 11, 11), '(2/3, -2/3)')
    """
    sol = solve_game(root, max_nodes=max_nodes, progress=progress, record=True)
    n = sol.num_players
    values, records = sol.values, sol.records
    sol.ids = {}  # the walk goes by state number: the keys are not needed any more
    w = _GraphmlWriter(path, n)
    w.memo = {}  # the values are kept alive by ``sol`` until the end

    # breadth first, as build_tree numbers its nodes: number[s] is the node id of state number s
    # (-1 until reached); ids are given in the order states enter the queue of (state number,
    # state, depth); a child state is made again only when first reached here
    number = [-1] * len(values)
    number[0] = 0
    reached = 1
    queue: deque = deque([(0, root, 0)])
    kinds = Counter()
    transpositions = merged = edges = max_depth = 0
    nid = -1

    def reach(cid: int, state: Any, action: Any, depth: int) -> int:
        """The node id of child state ``cid`` (numbered and queued when new; else a transposition)."""
        nonlocal reached, transpositions
        b = number[cid]
        if b < 0:
            b = number[cid] = reached
            reached += 1
            queue.append((cid, state.child(action), depth + 1))
        else:
            transpositions += 1
        return b

    try:
        while queue:
            sid, state, depth = queue.popleft()
            nid += 1
            if depth > max_depth:
                max_depth = depth
            player = state.current_player()
            key_value = values[sid]
            if player == TERMINAL:
                kinds[TERMINAL_NODE] += 1
                w.node(nid, TERMINAL_NODE, player, str(state), depth, returns=key_value, value=key_value)
                continue
            rec = records[sid]
            label_of = state.action_to_string
            if player == CHANCE:
                # one edge per child state (in the order of their first outcome), the outcomes that
                # reach it merged: their labels joined; probability weight / denom, reward mass / weight
                denom = rec[0]
                j, end = 1, len(rec)
                while j < end:
                    cid, wt, mass, k = rec[j], rec[j + 1], rec[j + 2], rec[j + 3]
                    action = rec[j + 4]
                    if k == 1:
                        label = label_of(action)
                    else:
                        label = ", ".join([label_of(a) for a in rec[j + 4:j + 4 + k]])
                        merged += k - 1
                    j += 4 + k
                    b = reach(cid, state, action, depth)
                    edges += 1
                    w.chance_edge(nid, b, label, k, wt, denom, mass)
                kinds[CHANCE_NODE] += 1
                w.node(nid, CHANCE_NODE, player, str(state), depth, value=key_value)
                continue
            # a decision: the actions reaching one state make one edge, in the order of their first action
            best = best_label = None
            chosen, kid_ids, actions, rewards = rec[0], rec[1::3], rec[2::3], rec[3::3]
            if len(set(kid_ids)) == len(kid_ids):  # one edge per action; the search chose ``chosen``
                i = 0
                for cid, action, reward in zip(kid_ids, actions, rewards):
                    b = reach(cid, state, action, depth)
                    label = label_of(action)
                    if i == chosen:
                        best, best_label = b, label
                    w.edge(nid, b, label, 1, None, reward)
                    i += 1
                edges += i
            else:
                by_child: dict = {}
                out = []
                for cid, action, reward in zip(kid_ids, actions, rewards):
                    slot = by_child.get(cid)
                    if slot is None:
                        by_child[cid] = slot = (cid, action, [], reward)
                        out.append(slot)
                    else:
                        merged += 1
                    slot[2].append(label_of(action))
                bn = bd = 0
                for cid, action, labels, reward in out:
                    b = reach(cid, state, action, depth)
                    edges += 1
                    cv = values[cid] if reward is None else _plus(reward, values[cid])
                    x = cv[player]
                    xn, xd = x.numerator, x.denominator
                    if best is None or xn * bd > bn * xd:  # the first largest worth for the player to move
                        best, best_label, bn, bd = b, labels[0], xn, xd
                    w.edge(nid, b, labels[0] if len(labels) == 1 else ", ".join(labels), len(labels), None, reward)
            kinds[DECISION] += 1
            w.node(nid, DECISION, player, str(state), depth, value=key_value, best=best, best_label=best_label)
    except BaseException:
        w.out.close()
        raise
    w.close(0, n, transpositions, merged, True)
    stats = TreeStats(nodes=reached, edges=edges, decision=kinds[DECISION], chance=kinds[CHANCE_NODE],
                      terminal=kinds[TERMINAL_NODE], cut=0, transpositions=transpositions, merged_edges=merged,
                      depth=max_depth, longest_line=sol.stats.longest_line)
    return stats, sol.value


# --------------------------------------------------------------------------------------
# Export: Graphviz


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
    per_depth = Counter(d for _, d in g.nodes(data="depth"))
    fits, total = None, 0
    for depth in sorted(per_depth):
        total += per_depth[depth]
        if total > max_nodes:
            break
        fits = (depth, total)
    where = f"the first {max_depth} levels of the tree have" if max_depth is not None else "the tree has"
    hint = (f"use --depth {fits[0]} to draw its first levels ({fits[1]:,} nodes)"
            if fits else "not even its root level fits")
    raise TooLargeError(f"{where} {len(nodes):,} nodes, more than a drawing may have ({max_nodes:,}); {hint}, "
                        "or write the whole tree as GraphML (-o FILE.graphml)")


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

    >>> src = to_dot(build_tree(DieDuel())).source
    >>> src.count("shape=box"), src.count("shape=diamond"), src.count("shape=circle")
    (4, 7, 1)
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
            text = _dot_text(f"{e['label']}: {format_fraction(e['prob'])}")
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


# --------------------------------------------------------------------------------------
# A tiny example game (the doctests use it; a template for real games)


@dataclass(frozen=True)
class DieDuel:
    """Player 0 stands (returns ``(1/2, -1/2)``) or rolls a three-sided die; after a roll
    ``f`` player 1 lets it count (``call``: ``(f - 1, 1 - f)``) or gives up (``fold``:
    ``(1, -1)``).  Zero-sum; the state is the history of actions.

    >>> s = DieDuel().child("roll")
    >>> s.current_player() == CHANCE, [str(s.child(f)) for f, _ in s.chance_outcomes()]
    (True, ['rolled 1', 'rolled 2', 'rolled 3'])
    """

    history: tuple = ()

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        h = self.history
        if h == ():
            return 0
        if h == ("roll",):
            return CHANCE
        if len(h) == 2 and h[0] == "roll":
            return 1
        return TERMINAL

    def legal_actions(self) -> Sequence[Hashable]:
        return ("stand", "roll") if self.history == () else ("call", "fold")

    def chance_outcomes(self) -> Sequence[tuple[Hashable, Fraction]]:
        return [(f, Fraction(1, 3)) for f in (1, 2, 3)]

    def child(self, action: Hashable) -> DieDuel:
        return DieDuel(self.history + (action,))

    def returns(self) -> Sequence[Fraction]:
        h = self.history
        if h == ("stand",):
            x = Fraction(1, 2)
        elif h[2] == "fold":
            x = Fraction(1)
        else:
            x = Fraction(h[1] - 1)
        return (x, -x)

    def action_to_string(self, action: Hashable) -> str:
        return str(action)

    def key(self) -> Hashable:
        return self.history

    def __str__(self) -> str:
        h = self.history
        if not h:
            return "start"
        if h == ("stand",):
            return "stood"
        if h == ("roll",):
            return "rolling"
        return f"rolled {h[1]}" + (f", {h[2]}" if len(h) > 2 else "")


#: the files ``export`` writes, by extension
EXPORT_FORMATS = (".graphml", ".dot", ".png")


def export_path(output: str | Path) -> Path:
    """``output`` as a path :func:`export` can write (checked before any work starts)."""
    out = Path(output)
    if out.suffix.lower() not in EXPORT_FORMATS:
        raise PycombatError(f"-o {output}: the extension must be .graphml, .dot or .png")
    return out


def _drawing_refusal(root: GameState, depth: int | None) -> str:
    """Why a tree of more than :data:`DRAW_MAX_NODES` nodes is not drawn, with the ``--depth`` that
    fits (each level tried is built with at most that many nodes, so this stays quick)."""
    fits = None
    for d in range(0, depth if depth is not None else 1_000):
        try:
            fits = (d, len(build_tree(root, max_nodes=DRAW_MAX_NODES + 1, max_depth=d)))
        except TooLargeError:
            break
    where = f"the first {depth} levels of the tree have" if depth is not None else "the tree has"
    hint = (f"use --depth {fits[0]} to draw its first levels ({fits[1]:,} nodes)" if fits
            else "not even its root level fits")
    return (f"{where} more than {DRAW_MAX_NODES:,} nodes, more than a drawing may have; {hint}, or write the "
            "whole tree as GraphML (-o FILE.graphml)")


def export(root: GameState, output: str | Path, *, depth: int | None = None, max_nodes: int = DEFAULT_MAX_NODES,
           progress: Callable[[int], Any] | None = None,
           player_names: Sequence[str] = ("player 0", "player 1")) -> tuple[TreeStats, tuple[Fraction, ...] | None]:
    """Write the game tree of ``root`` to ``output`` (its extension picks GraphML, DOT or PNG): what every
    game's ``tree`` verb does.  The whole tree to GraphML is streamed (:func:`write_graphml`); otherwise the
    graph is built (the first ``depth`` plies, not solved then) and written.  Returns the tree's stats and
    the root's value (None with ``depth``).
    """
    out = export_path(output)
    kind = out.suffix.lower()
    if kind == ".graphml" and depth is None:  # streamed: no graph in memory
        return write_graphml(root, out, max_nodes=max_nodes, progress=progress)
    if kind in (".dot", ".png") and max_nodes > DRAW_MAX_NODES:
        # a drawing holds at most DRAW_MAX_NODES nodes: bound the build by that, not by --max-nodes,
        # so that a huge tree is refused at once (issue 19) with the --depth that would fit
        try:
            built = build_tree(root, max_nodes=DRAW_MAX_NODES + 1, max_depth=depth, progress=progress)
        except TooLargeError:
            raise TooLargeError(_drawing_refusal(root, depth)) from None
    else:
        built = build_tree(root, max_nodes=max_nodes, max_depth=depth, progress=progress)
    value = solve(built) if depth is None else None
    if kind == ".graphml":
        to_graphml(built, out)
    elif kind == ".dot":
        to_dot(built, out, player_names=player_names)
    else:
        to_png(built, out, player_names=player_names)
    return built.stats(), value
