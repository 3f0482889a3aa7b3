"""Game trees: build, solve exactly, explain and export (engine layer: no game here).

A game hands over the root of its state space through the small, OpenSpiel-style
:class:`GameState` protocol (:mod:`~pycombat.tree.state`); this package

* builds the graph of every reachable state **iteratively** (:func:`build_tree`, breadth
  first, no recursion: :mod:`~pycombat.tree.build`), merging identical states (equal
  :meth:`GameState.key`) into one node, so the result is a DAG; it refuses to grow beyond
  ``max_nodes``;
* solves it by expectiminimax in exact :class:`fractions.Fraction` arithmetic
  (:func:`solve`), in reverse topological order, and explains the result: the line of best play
  (:func:`principal_line`) and the exact value of every alternative at a decision
  (:func:`alternatives`) (:mod:`~pycombat.tree.graph`, with :class:`GameTree` itself);
* solves a game without building the graph (:func:`solve_game`: :mod:`~pycombat.tree.search`), and a
  two-player zero-sum game with alpha-beta pruning, searching fewer states for the same answers
  (:func:`solve_zero_sum`: :mod:`~pycombat.tree.alphabeta`);
* exports it: GraphML (:func:`to_graphml`, and :func:`write_graphml` streamed without the graph,
  each state made once in a breadth-first sweep kept as flat records and solved over them:
  :mod:`~pycombat.tree.graphml`, :mod:`~pycombat.tree.sweep`), Graphviz DOT (:func:`to_dot`) and PNG (:func:`to_png`, through
  Graphviz's ``dot`` program: :mod:`~pycombat.tree.draw`), or the format a file name asks for
  (:func:`export`: :mod:`~pycombat.tree.output`).

A tiny example game and these functions at work on it, as doctests: ``tests/example_games.py``.

Values are tuples of per-player returns.  At a decision node the player to move takes the
child that maximises *their* component; ties go to the first action in
:meth:`GameState.legal_actions` order.  For two-player zero-sum games this is plain
expectiminimax.
"""
from __future__ import annotations

from .alphabeta import ZeroSumSolution, ZeroSumStats, solve_zero_sum
from .build import build_tree
from .draw import to_dot, to_png
from .errors import DrawingError, GameDefinitionError, TreeError
from .format import format_fraction, format_value
from .graph import Alternative, GameTree, Step, TreeStats, alternatives, principal_line, solve
from .graphml import to_graphml, write_graphml
from .output import EXPORT_FORMATS, export, export_path
from .search import SearchStats, Solution, solve_game
from .state import (
    CHANCE,
    CHANCE_NODE,
    CUT,
    DECISION,
    DEFAULT_MAX_NODES,
    DRAW_MAX_NODES,
    PROGRESS_EVERY,
    TERMINAL,
    TERMINAL_NODE,
    GameState,
)

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
    "DrawingError",
    "GameDefinitionError",
    "GameState",
    "GameTree",
    "SearchStats",
    "Solution",
    "Step",
    "TreeError",
    "TreeStats",
    "ZeroSumSolution",
    "ZeroSumStats",
    "alternatives",
    "build_tree",
    "format_fraction",
    "format_value",
    "principal_line",
    "solve",
    "solve_game",
    "solve_zero_sum",
    "to_dot",
    "to_graphml",
    "write_graphml",
    "export",
    "export_path",
    "EXPORT_FORMATS",
    "to_png",
]
