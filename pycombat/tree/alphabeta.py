"""Solving a two-player zero-sum game exactly with alpha-beta pruning (:func:`solve_zero_sum`), and
what it found (:class:`ZeroSumSolution`).

:func:`~pycombat.tree.search.solve_game` values every state reachable from the root; a zero-sum game
(the second player's return is minus the first's at every end) needs fewer: a move that cannot be
better than one its player already has is not searched further (alpha-beta, fail-soft, with a
transposition table that keeps each state's known bounds, so a state reached again, or asked with
another window, is not searched again for what is known). Values are exact Fractions throughout.

What is reported is exact where it is shown: the root's value, and at every decision on the line of
best play each legal action's exact value (:meth:`ZeroSumSolution.alternatives` solves the child
fully, reusing the bounds found), so the line, the values and the tie-breaks (the first best action
in ``legal_actions`` order) are those of :func:`~pycombat.tree.search.solve_game`; only the count of
states searched is smaller.

Chance states are valued as the exact expectation of their outcomes, each solved fully (no pruning
through them). Per-move rewards are not supported: a game with them is solved by ``solve_game``.

>>> from pycombat.tree import solve_game
>>> class Take:  # take 3, 2 or 1 from a pile of n; who takes the last wins (+1 for the first player)
...     def __init__(self, n, p=0): self.n, self.p = n, p
...     def current_player(self): return -4 if self.n == 0 else self.p
...     def legal_actions(self): return [k for k in (3, 2, 1) if k <= self.n]
...     def chance_outcomes(self): return []
...     def child(self, a): return Take(self.n - a, 1 - self.p)
...     def returns(self): return (1, -1) if self.p == 1 else (-1, 1)
...     def action_to_string(self, a): return f"take {a}"
...     def key(self): return (self.n, self.p)
...     def num_players(self): return 2
>>> sol, full = solve_zero_sum(Take(7)), solve_game(Take(7))
>>> sol.value, sol.value == full.value
((Fraction(1, 1), Fraction(-1, 1)), True)
>>> sol.stats.nodes, full.stats.nodes
(11, 14)
>>> [(a.label, a.value[0]) for a in sol.alternatives()]
[('take 3', Fraction(1, 1)), ('take 2', Fraction(-1, 1)), ('take 1', Fraction(-1, 1))]
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..collector import pausing
from ..errors import TooLargeError
from .errors import GameDefinitionError
from .search import LineOfPlay
from .state import CHANCE, CHANCE_NODE, DECISION, DEFAULT_MAX_NODES, TERMINAL, TERMINAL_NODE, _describe, _exact, \
    _num_players

_INF = float("inf")  #: an open window's end (compared only through :func:`_gt`, never used as a value)
#: the most plies of one line the search follows (it recurses once a ply)
MAX_PLIES = 400


@dataclass(frozen=True)
class ZeroSumStats:
    """What :func:`solve_zero_sum` searched: the states it valued or bounded (``nodes``), those whose
    moves it listed (``expanded``), the moves left unsearched because they could not change a value
    (``cutoffs``), and the most plies of any line it followed (``longest_line``)."""

    nodes: int
    expanded: int
    cutoffs: int
    longest_line: int

    def __str__(self) -> str:
        return (f"{self.nodes:,} states searched ({self.expanded:,} expanded, {self.cutoffs:,} cutoffs); "
                f"longest line {self.longest_line:,}")


def _gt(x: Any, y: Any) -> bool:
    """``x > y`` for exact Fractions and the windows' infinite ends (floats), in integers (a Fraction's
    own comparison first asks whether the other is a ``numbers.Rational``, an abstract class's check)."""
    if type(y) is float:
        return y < 0 if type(x) is not float else x > y
    if type(x) is float:
        return x > 0
    return x.numerator * y.denominator > y.numerator * x.denominator


_END = object()  #: the end of a listing of actions made as needed


def _as_needed(first: int, actions: list, kids: list, more) -> Any:
    """The indexes of a decision's actions in search order (``first``, then the others in order), each
    action drawn from ``more`` (the state's ``legal_actions_as_needed()``) when the search first comes to it."""
    yield first
    i = 0
    while True:
        if i == len(actions):
            a = next(more, _END)
            if a is _END:
                return
            actions.append(a)
            kids.append(None)
        if i != first:
            yield i
        i += 1


class _Search:
    """The transposition table and the search over it (a class, not closures: a recursive closure
    refers to itself, a cycle the collector would have to find)."""

    __slots__ = ("max_nodes", "bounds", "kids", "ids", "on_line", "expanded", "cutoffs", "longest")

    def __init__(self, max_nodes: int):
        self.max_nodes = max_nodes
        #: state key -> [lower bound, upper bound, index of the best child found]: the first player's value
        self.bounds: dict[Hashable, list] = {}
        #: state key -> its kind and moves: (DECISION, player, (state, actions, children made so far: a child
        #: state is made when it is first searched, the state's listing of its further actions or None)) or
        #: (CHANCE_NODE, None, [(child, probability), ...]); a terminal: (TERMINAL_NODE, value, None)
        self.kids: dict[Hashable, tuple] = {}
        self.ids: dict[Hashable, int] = {}  #: state key -> its number, in the order first reached
        self.on_line: set = set()  #: the keys of the states on the line being searched
        self.expanded = self.cutoffs = self.longest = 0

    def node(self, state: Any, key: Hashable) -> tuple:
        """The state's kind and children (listed once a state)."""
        got = self.kids.get(key)
        if got is not None:
            return got
        if len(self.ids) >= self.max_nodes:
            raise TooLargeError(f"the game tree has more than {self.max_nodes:,} nodes searched "
                                f"(max_nodes={self.max_nodes}); raise max_nodes")
        self.ids[key] = len(self.ids)
        player = state.current_player()
        if player == TERMINAL:
            rets = tuple(_exact(r, "returns", state) for r in state.returns())
            if len(rets) != 2 or rets[0] + rets[1] != 0:
                raise GameDefinitionError(f"terminal state {_describe(state)}: returns {rets} are not of a two-player "
                                          "zero-sum game (the second player's return is minus the first's)")
            got = (TERMINAL_NODE, rets[0], None)
        elif player == CHANCE:
            outs = []
            for action, p in state.chance_outcomes():
                p = p if type(p) is Fraction else _exact(p, f"the probability of outcome {action!r}", state)
                if p < 0:
                    raise GameDefinitionError(f"chance state {_describe(state)}: outcome {action!r} has negative "
                                              f"probability {p}")
                if p:
                    outs.append((state.child(action), p))
            if sum(p for _, p in outs) != 1:
                raise GameDefinitionError(f"chance state {_describe(state)}: the outcome probabilities sum to "
                                          f"{sum(p for _, p in outs)}, not exactly 1")
            got = (CHANCE_NODE, None, outs)
        elif player in (0, 1) and type(player) is int:
            listing = getattr(state, "legal_actions_as_needed", None)
            more = listing() if listing is not None else None
            if more is None or type(more) is list:  # (as needed: a list once they are all known)
                actions, more = more if more is not None else list(state.legal_actions()), None
            else:  # listed as needed (:func:`solve_zero_sum`): the first now, the others when the search comes to them
                actions = [a for a in (next(more, _END),) if a is not _END]
            if not actions:
                raise GameDefinitionError(f"decision state {_describe(state)} has no legal action")
            got = (DECISION, player, (state, actions, [None] * len(actions), more))
        else:
            raise GameDefinitionError(f"state {_describe(state)}: current_player() is {player!r}, not a player 0..1, "
                                      f"CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})")
        if got[0] != TERMINAL_NODE:
            self.expanded += 1
        self.kids[key] = got
        return got

    def value(self, state: Any, alpha: Any = -_INF, beta: Any = _INF, depth: int = 0) -> Fraction:
        """Fail-soft alpha-beta: the first player's value ``v`` of ``state`` when ``alpha < v < beta``;
        else a bound on it in the direction of the window it fell out of (``v <= alpha``: the value is at
        most ``v``; ``v >= beta``: at least ``v``)."""
        key = state.key()
        if key in self.on_line:
            raise GameDefinitionError(
                f"the game's states repeat (state {_describe(state)} is reached again from itself), so it "
                "has no finite tree; make the state key include what changes (e.g. a move counter)")
        b = self.bounds.get(key)
        if b is not None:
            lo, hi = b[0], b[1]
            if lo is hi or not _gt(hi, lo) or not _gt(beta, lo):  # known exactly, or at least beta
                return lo
            if not _gt(hi, alpha):  # at most alpha
                return hi
        if depth >= MAX_PLIES:
            raise TooLargeError(f"a line of the game is longer than {MAX_PLIES:,} plies: too deep to search")
        kind, player, children = self.node(state, key)  # (a terminal's: its value in place of a player)
        if depth + 1 > self.longest:
            self.longest = depth + 1
        if kind == TERMINAL_NODE:
            self.bounds[key] = [player, player, 0]
            return player
        if b is None:
            b = self.bounds[key] = [-_INF, _INF, 0]
        lo, hi, first = b
        a, z = lo_w, hi_w = (alpha if _gt(alpha, lo) else lo), (beta if _gt(hi, beta) else hi)
        self.on_line.add(key)
        try:
            if kind == CHANCE_NODE:  # the exact expectation: every outcome solved fully
                v = sum((p * self.value(c, -_INF, _INF, depth + 1) for c, p in children), Fraction(0))
                b[0] = b[1] = v
                return v
            best = None
            at = first
            parent, actions, kids, more = children
            if more is None:
                n = len(kids)
                order = [first] + [i for i in range(n) if i != first] if first else range(n)
            else:
                order = _as_needed(first, actions, kids, more)
            taken = 0
            for i in order:
                taken += 1
                c = kids[i]
                if c is None:
                    c = kids[i] = parent.child(actions[i])
                v = self.value(c, a, z, depth + 1)
                if player == 0:
                    if best is None or _gt(v, best):
                        best, at = v, i
                    if _gt(v, a):
                        a = v
                else:
                    if best is None or _gt(best, v):
                        best, at = v, i
                    if _gt(z, v):
                        z = v
                if not _gt(z, a):
                    self.cutoffs += len(kids) - taken  # (of the actions listed so far)
                    break
        finally:
            self.on_line.discard(key)
        # what the search shows of the value, against the window it had (lo_w, hi_w: narrowed by the bounds known)
        if not _gt(best, lo_w):
            b[1] = best if _gt(hi, best) else hi  # at most best
        elif not _gt(hi_w, best):
            b[0] = best if _gt(best, lo) else lo  # at least best
        else:
            b[0] = b[1] = best
        b[2] = at
        return best

    def exact(self, state: Any) -> Fraction:
        """The first player's exact value of ``state``."""
        return self.value(state, -_INF, _INF)

    def line_first(self, root: Any) -> None:
        """Every option of each decision on the line of best play valued exactly, each searched once with a
        full window, before the root: its value is then read from its options', with no narrower search first
        whose cut options the line would search again. The line followed is the one
        :meth:`~pycombat.tree.search.LineOfPlay.line_states` shows (the first best option in ``legal_actions``
        order); it stops at a chance state (the rest is valued when shown)."""
        state = root
        while state.current_player() in (0, 1):
            player = state.current_player()
            best = best_child = None
            for action in state.legal_actions():
                child = state.child(action)
                v = self.exact(child)
                if best is None or (_gt(v, best) if player == 0 else _gt(best, v)):
                    best, best_child = v, child
            state = best_child


@dataclass
class ZeroSumSolution(LineOfPlay):
    """What :func:`solve_zero_sum` found: the root's value, and any state's on demand (solved fully
    then, from the bounds found); its options and line of best play as :class:`~pycombat.tree.search.Solution`
    shows them (:class:`~pycombat.tree.search.LineOfPlay`)."""

    root: Any
    num_players: int
    _search: _Search

    @property
    def stats(self) -> ZeroSumStats:
        s = self._search
        return ZeroSumStats(nodes=len(s.ids), expanded=s.expanded, cutoffs=s.cutoffs, longest_line=s.longest)

    @property
    def ids(self) -> dict:
        """State key -> its number, for the states searched (the root is 0)."""
        return self._search.ids

    @property
    def value(self) -> tuple[Fraction, Fraction]:
        return self.value_of(self.root)

    def value_of(self, state: Any) -> tuple[Fraction, Fraction]:
        """The exact value (a Fraction per player) of any state reachable from the root."""
        v = self._search.exact(state)
        return (v, -v)


@pausing
def solve_zero_sum(root: Any, *, max_nodes: int = DEFAULT_MAX_NODES, line_first: bool = False) -> ZeroSumSolution:
    """The exact value of a two-player zero-sum game (the second player's return is minus the first's
    at every end), searched with alpha-beta pruning and a transposition table: the same values, line
    and tie-breaks as :func:`~pycombat.tree.search.solve_game`, searching fewer states.

    Refuses more than ``max_nodes`` states searched (:class:`~pycombat.errors.TooLargeError`), games
    whose states repeat, that are not two-player or whose ends are not zero-sum
    (:class:`GameDefinitionError`), and games with per-move rewards (use ``solve_game``).

    A decision state may have ``legal_actions_as_needed()``: an iterator over its ``legal_actions()``, in that
    order, that works out each only when asked (or a new list of them all, when they are known); the search then
    lists a decision's actions as it comes to them (a cut leaves the rest unlisted), with the same values, line and
    tie-breaks.

    ``line_first``: for a caller that shows every option of the line of best play (an ``optimize``), value
    those options first, each with a full window (:meth:`_Search.line_first`), then the root from them: the
    same values and line, fewer states searched than a root search whose cut options are searched again.
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive int, got {max_nodes!r}")
    if _num_players(root) != 2:
        raise GameDefinitionError(f"state {_describe(root)}: a zero-sum search needs a two-player game")
    if callable(getattr(root, "rewards", None)):
        raise GameDefinitionError(f"state {_describe(root)}: the game has per-move rewards; solve it with solve_game")
    search = _Search(max_nodes)
    if line_first:
        search.line_first(root)
    search.exact(root)
    return ZeroSumSolution(root=root, num_players=2, _search=search)
