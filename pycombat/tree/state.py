"""The state API: what a game hands the engine (:class:`GameState` and the constants it answers
with), the engine's limits, and how the engine reads a state (checked against the contract)."""
from __future__ import annotations

import numbers
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any, Protocol

from .errors import GameDefinitionError
from .format import _short

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

