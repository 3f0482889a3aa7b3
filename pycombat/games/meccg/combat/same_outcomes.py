"""Which options of a decision lead to identical outcome distributions, for ``optimize``'s grouping.

An option's *outcome distribution* is the distribution of what the players end the combat with
(each player's total payoff under the objective: the kill-MP difference MECCG-BODY-5..9, the
eliminations count, or whether the character survives) when the option is taken and both sides then
play the solved optimal line (the first best option on ties, as the principal line does), the dice
as chance (MECCG-SEQ-9/10, MECCG-BODY). Two options of equal value are compared by a hash of their
distributions first, then exactly; identical ones are grouped with the engine's
:func:`pycombat.tree.options.grouped`, as War of the Ring's ``optimize`` does.

:class:`Distributions` reads a :class:`pycombat.tree.Solution` (every state's value, the engine's
search). ``tests/meccg/test_optimize_groups.py`` checks it against distributions of every complete
line of play enumerated by brute force.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from pycombat.tree import CHANCE, TERMINAL
from pycombat.tree.options import Option, grouped

Dist = dict  #: (payoff of player 0, payoff of player 1, ...) -> probability


def _shifted(dist: Dist, reward: tuple | None) -> Dist:
    if not reward or not any(reward):
        return dist
    return {tuple(a + b for a, b in zip(k, reward)): p for k, p in dist.items()}


class Distributions:
    """The outcome distribution under optimal play from any state a solved game reaches."""

    def __init__(self, solution: Any):
        self.solution = solution
        self._dist: dict = {}
        self._hash: dict = {}

    def best_child(self, state: Any) -> Any:
        """The child the optimal play moves to (the first best for the mover, ties in the game's order)."""
        sol, player = self.solution, state.current_player()
        best = None
        for action in state.legal_actions():
            child = state.child(action)
            worth = sol.value_of(child)[player] + Fraction(_reward(child)[player])
            if best is None or worth > best[0]:
                best = (worth, child)
        return best[1]

    def of(self, state: Any) -> Dist:
        """The distribution of each player's payoff from ``state`` on (what the moves into it paid excluded)."""
        key = state.key()
        got = self._dist.get(key)
        if got is not None:
            return got
        player = state.current_player()
        if player == TERMINAL:
            got = {tuple(Fraction(x) for x in state.returns()): Fraction(1)}
        elif player == CHANCE:
            got = {}
            for outcome, p in state.chance_outcomes():
                if not p:
                    continue
                child = state.child(outcome)
                for k, q in _shifted(self.of(child), _reward(child)).items():
                    got[k] = got.get(k, Fraction(0)) + p * q
        else:
            child = self.best_child(state)
            got = _shifted(self.of(child), _reward(child))
        self._dist[key] = got
        return got

    def after(self, state: Any, action: Any) -> Dist:
        """The outcome distribution of taking ``action`` at ``state`` (its move's payment included)."""
        child = state.child(action)
        return _shifted(self.of(child), _reward(child))

    def same(self, state: Any, a: Any, b: Any) -> bool:
        """Whether actions ``a`` and ``b`` at ``state`` give identical outcome distributions: a hash of
        each first (different hashes: different distributions), then the distributions themselves."""
        da, db = self.after(state, a), self.after(state, b)
        if self._fingerprint(da) != self._fingerprint(db):
            return False
        return da == db

    def _fingerprint(self, dist: Dist) -> int:
        key = id(dist)
        got = self._hash.get(key)
        if got is None or got[0] is not dist:
            got = self._hash[key] = (dist, hash(frozenset(dist.items())))
        return got[1]


def _reward(state: Any) -> tuple:
    r = state.rewards() if hasattr(state, "rewards") else None
    return tuple(r) if r else (0, 0)


def group_options(options: list[Option], actions: list, state: Any, dists: Distributions) -> list[Option]:
    """``options`` (ranked; ``order`` indexes ``actions``, the decision's actions in its own order) with
    the groups of identical outcome distributions numbered."""
    def same(x: Option, y: Option) -> bool:
        return dists.same(state, actions[x.order], actions[y.order])

    return grouped(options, same)


def grouping(solution: Any) -> Callable[[Any, list[Option], list], list[Option]] | None:
    """``(state, options, actions) -> options grouped`` for a solved game, or None when the solution
    keeps no value of the states after the first decision (the matching game's: see
    :func:`first_decision_grouping`)."""
    if not hasattr(solution, "value_of"):
        return None
    dists = Distributions(solution)
    return lambda state, options, actions: group_options(options, actions, state, dists)


class _Valued:
    """A value function as the solution :class:`Distributions` reads (``value_of``)."""

    def __init__(self, value_of: Callable[[Any], tuple]):
        self.value_of = value_of


def first_decision_grouping(reach: Callable[[Any], Any], actions: list, max_nodes: int,
                            value_of: Callable[[Any], tuple] | None = None) -> Callable[[list[Option]], list[Option]]:
    """``options -> options grouped`` for the first decision of the matching game: ``reach(action)`` is
    the position after phase III its best play reaches from the phase-I choice ``action`` (the phases
    have no chance), whose strikes the engine solves (:func:`pycombat.tree.solve_game`) to give the
    option's outcome distribution; options of one value only are compared, each solved once, among the
    :data:`FIRST_COMPARED` best (a ten-member company has tens of thousands of phase-I choices).
    ``value_of`` (the value of every position after phase III, e.g. the matching game's
    :class:`.matching.StrikeValues`) stands for the engine's solve: the distribution then follows
    the best play it values, whose positions the dice do not change (only what is paid)."""
    from pycombat.tree import solve_game

    by_position: dict = {}
    hashes: dict = {}

    def dist(k: int) -> Dist:
        post = reach(actions[k])
        got = by_position.get(post.key())
        if got is None:
            solution = _Valued(value_of) if value_of is not None else solve_game(post, max_nodes=max_nodes)
            got = by_position[post.key()] = _shifted(Distributions(solution).of(post), _reward(post))
            hashes[post.key()] = hash(frozenset(got.items()))
        return got, hashes[post.key()]

    def same(x: Option, y: Option) -> bool:
        (dx, hx), (dy, hy) = dist(x.order), dist(y.order)
        return hx == hy and dx == dy

    def group(options: list[Option]) -> list[Option]:
        head = grouped(options[:FIRST_COMPARED], same)
        return head + list(options[FIRST_COMPARED:])

    return group


#: the matching game's first decision: how many of its best options are compared (the rest stay ungrouped)
FIRST_COMPARED = 30
