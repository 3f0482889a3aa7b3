"""Solving without a graph: depth-first expectiminimax with a transposition table
(:func:`solve_game`), and what it found (:class:`Solution`)."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import gcd
from typing import Any

from ..collector import pausing
from ..errors import TooLargeError
from .errors import GameDefinitionError, TreeError
from .format import chance_label
from .graph import Alternative, Step, _plus
from .state import (CHANCE, CHANCE_NODE, DECISION, DEFAULT_MAX_NODES, PROGRESS_EVERY, TERMINAL, TERMINAL_NODE,
                    GameState, _describe, _exact, _num_players, _rewards)


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


class LineOfPlay:
    """What a solved game shows, read off its values: every option of a decision with its exact value,
    and the line of best play. For a solution with ``root``, ``num_players``, ``ids`` (state key ->
    number) and ``value_of(state)``; states are re-expanded only where shown."""

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
        return [step for _state, step in self.line_states()]

    def line_states(self) -> Iterator[tuple[Any, Step]]:
        """The states of :meth:`principal_line`, each with its step."""
        state = self.root
        while True:
            p = state.current_player()
            common = {"node": self.ids[state.key()], "player": p, "state": str(state), "value": self.value_of(state)}
            if p == TERMINAL:
                yield state, Step(kind=TERMINAL_NODE, action=None, prob=None, **common)
                return
            if p == CHANCE:
                child, prob, outs, acts = likeliest_outcome(state)
                yield state, Step(kind=CHANCE_NODE, action=chance_label(outs), prob=prob,
                                  outcomes=tuple(outs), actions=tuple(acts), **common)
            else:
                alt = next(a for a in self.alternatives(state) if a.best)
                child = state.child(alt.action)
                yield state, Step(kind=DECISION, action=alt.label, prob=None, **common)
            state = child


@dataclass
class Solution(LineOfPlay):
    """What :func:`solve_game` found: the value of every reachable state, by key.

    :meth:`principal_line` and :meth:`alternatives` re-expand only the states they show, so
    they give the same answers as :func:`principal_line` / :func:`alternatives` on the graph.
    """

    root: Any
    num_players: int
    ids: dict  #: state key -> state number (the root is 0)
    values: list  #: state number -> value (a tuple of Fractions, one per player)
    stats: SearchStats

    @property
    def value(self) -> tuple[Fraction, ...]:
        return self.values[0]

    def value_of(self, state: Any) -> tuple[Fraction, ...]:
        """The value of any state reachable from the root."""
        return self.values[self.ids[state.key()]]


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


def checked_rewards(state: Any, r: Any, n: int) -> tuple:
    """The rewards ``r`` a move into ``state`` paid, checked: a tuple of ``n`` ints as it is (the
    common case, decided without a call), else exact values (:func:`.state._rewards`)."""
    if type(r) is tuple and len(r) == n:
        for x in r:  # (a loop, not all() over a generator: this is called for every edge)
            if type(x) is not int:
                break
        else:
            return r
    return _rewards(state, n)


def integer_outcomes(state: Any) -> tuple[list[tuple[Any, int, int]], int]:
    """A chance state's outcomes as ``(outcome, numerator, denominator)`` with the common
    denominator of their probabilities: exact (a float is refused with its exact value), no
    negative probability."""
    return integer_pairs(state, state.chance_outcomes())


def integer_pairs(state: Any, pairs: Any) -> tuple[list[tuple[Any, int, int]], int]:
    """:func:`integer_outcomes` of ``pairs``, the ``(outcome, probability)`` of chance state ``state``."""
    outcomes = []
    denom = 1
    for action, p in pairs:
        if type(p) is not Fraction:
            p = _exact(p, f"the probability of outcome {action!r}", state)
        num, d = p.numerator, p.denominator
        if num < 0:
            raise GameDefinitionError(
                f"chance state {_describe(state)}: outcome {action!r} has negative probability {p}")
        if denom % d:
            denom = denom * d // gcd(denom, d)
        outcomes.append((action, num, d))
    return outcomes, denom


@pausing
def solve_game(root: GameState, *, max_nodes: int = DEFAULT_MAX_NODES,
               progress: Callable[[int], Any] | None = None) -> Solution:
    """Expectiminimax over every state reachable from ``root``, in exact Fractions, without
    building a graph: depth first, iteratively, with a transposition table (each state key is
    solved once).  Same values and tie-breaks as :func:`build_tree` + :func:`solve`, a fraction
    of the memory and time; use :func:`build_tree` when the graph itself is wanted (export).

    Refuses more than ``max_nodes`` states (:class:`~pycombat.errors.TooLargeError`) and games
    whose states repeat (:class:`GameDefinitionError`).
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive int, got {max_nodes!r}")
    n = _num_players(root)
    ids: dict = {}  # state key -> its number, in the order first reached
    values: list = []  # number -> value (None while the state is on the current line)
    plies: list = []  # number -> the most plies from there to the end
    counts = {DECISION: 0, CHANCE_NODE: 0, TERMINAL_NODE: 0}
    edges = merged = 0
    zeros = (0,) * n
    has_rewards = callable(getattr(root, "rewards", None))

    def rewards_of(c: Any, n: int) -> tuple | None:
        if not has_rewards:
            return None
        r = c.rewards()
        if r == zeros:  # the common case, decided in C
            return None
        return checked_rewards(c, r, n)

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
            outcomes, denom = integer_outcomes(state)
            by_key: dict = {}
            total = 0
            mass: list = [0] * n
            taken = 0
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
                if slot is None:  # [weight, state]
                    by_key[ck] = [w, c]
                    continue
                slot[0] += w
            if total != denom:
                raise GameDefinitionError(
                    f"chance state {_describe(state)}: the outcome probabilities sum to {Fraction(total, denom)}, "
                    "not exactly 1")
            kids = [(ck, slot[0], None, slot[1]) for ck, slot in by_key.items()]
            edges += len(kids)
            merged += taken - len(kids)
            return [nid, player, kids, 0, denom, mass, []]
        if player == TERMINAL:
            rets = tuple(_exact(r, "returns", state) for r in state.returns())
            if len(rets) != n:
                raise GameDefinitionError(
                    f"terminal state {_describe(state)}: returns() gave {len(rets)} values for {n} players")
            values[nid] = rets
            counts[TERMINAL_NODE] += 1
            return None
        if type(player) is not int or not 0 <= player < n:
            raise GameDefinitionError(
                f"state {_describe(state)}: current_player() is {player!r}, not a player 0..{n - 1}, "
                f"CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})")
        counts[DECISION] += 1
        kids = []
        actions = state.legal_actions()
        for action in actions:
            c = state.child(action)
            kids.append((c.key(), None, rewards_of(c, n), c))
        if not kids:
            raise GameDefinitionError(f"decision state {_describe(state)} has no legal action")
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
            else:
                distinct = len(set(kid_ids))  # actions reaching one state make one edge
                edges += distinct
                merged += nk - distinct
                best = bn = bd = None
                for k, c in zip(kids, kid_ids):
                    r = k[2]
                    cv = values[c] if r is None else _plus(r, values[c])
                    x = cv[player]
                    xn, xd = x.numerator, x.denominator
                    if best is None or xn * bd > bn * xd:  # x > best[player], in integers
                        best, bn, bd = cv, xn, xd
                values[nid] = best
            frame[2] = None  # free the child states
    if progress is not None:
        progress(len(values))
    stats = SearchStats(nodes=len(values), edges=edges, decision=counts[DECISION], chance=counts[CHANCE_NODE],
                        terminal=counts[TERMINAL_NODE], transpositions=edges - (len(values) - 1),
                        merged_edges=merged, longest_line=plies[0])
    return Solution(root=root, num_players=n, ids=ids, values=values, stats=stats)


def likeliest_outcome(state):
    """A chance state's outcomes grouped by the state they lead to; the likeliest group (first on
    ties): (its state, its exact probability, its (label, probability) outcomes, its actions)."""
    groups: dict = {}
    for a, pr in state.chance_outcomes():
        if pr:
            c = state.child(a)
            g = groups.setdefault(c.key(), [c, Fraction(0), [], []])
            g[1] += pr
            g[2].append((state.action_to_string(a), Fraction(pr)))
            g[3].append(a)
    return tuple(max(groups.values(), key=lambda g: g[1]))
