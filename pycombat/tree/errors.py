"""What the game-tree engine raises when a tree cannot be built, solved or drawn as asked."""
from __future__ import annotations

from ..errors import PycombatError


class TreeError(PycombatError):
    """A game tree cannot be built, solved or drawn as asked."""


class GameDefinitionError(TreeError):
    """A game broke the :class:`~pycombat.tree.GameState` contract (a bug in the game, not the user's input):
    a chance distribution that does not sum to exactly 1, a decision without legal actions,
    inexact (float) numbers, returns of the wrong length, a state that repeats (a cycle)."""


class DrawingError(TreeError):
    """A drawing cannot be made: Graphviz is missing, failed, or the file cannot be written."""
