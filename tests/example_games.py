"""A tiny example game on the engine's state API (:mod:`pycombat.tree`), a template for real
games, and the engine at work on it (these examples are doctests: pytest runs them).

Player 0 stands for 1/2 or rolls a three-sided die; after the roll player 1 lets the roll count or
folds.  The graph of its states, solved exactly and explained:

>>> from pycombat.tree import alternatives, build_tree, format_value, principal_line, solve
>>> tree = build_tree(DieDuel())
>>> print(tree.stats())
12 nodes, 11 edges (4 decision, 1 chance, 7 terminal); 0 transpositions, 0 merged edges; depth 3
>>> format_value(solve(tree))
'(2/3, -2/3)'
>>> solve(tree) == (Fraction(2, 3), Fraction(-2, 3))
True
>>> for step in principal_line(tree):
...     print(step)
player 0 at start: roll  value (2/3, -2/3)
chance at rolling: 1 (p 1/3)  value (2/3, -2/3)
player 1 at rolled 1: call  value (0, 0)
end at rolled 1, call: returns (0, 0)
>>> [(a.label, format_value(a.value), a.best) for a in alternatives(tree, tree.root)]
[('roll', '(2/3, -2/3)', True), ('stand', '(1/2, -1/2)', False)]
>>> tree.node(tree.node(tree.root)["best"])["label"]
'rolling'

The first plies only, and a bound on the nodes:

>>> from pycombat.errors import TooLargeError
>>> build_tree(DieDuel(), max_depth=1).stats().cut
1
>>> try:
...     build_tree(DieDuel(), max_nodes=5)
... except TooLargeError as exc:
...     print(exc)
the game tree has more than 5 nodes (--max-nodes 5); raise --max-nodes or draw only its first plies with --depth

Solved without building the graph:

>>> from pycombat.tree import solve_game
>>> sol = solve_game(DieDuel())
>>> format_value(sol.value), sol.stats.nodes, sol.stats.edges
('(2/3, -2/3)', 12, 11)
>>> [str(s) for s in sol.principal_line()][1]
'chance at rolling: 1 (p 1/3)  value (2/3, -2/3)'

Exported: GraphML streamed without the graph, and a drawing's DOT source:

>>> import tempfile, networkx
>>> from pycombat.tree import to_dot, write_graphml
>>> with tempfile.TemporaryDirectory() as d:
...     stats, value = write_graphml(DieDuel(), d + "/t.graphml")
...     g = networkx.read_graphml(d + "/t.graphml")
>>> (stats.nodes, g.number_of_nodes(), stats.edges, g.number_of_edges()), format_value(value)
((12, 12, 11, 11), '(2/3, -2/3)')
>>> src = to_dot(build_tree(DieDuel())).source
>>> src.count("shape=box"), src.count("shape=diamond"), src.count("shape=circle")
(4, 7, 1)
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pycombat.tree import CHANCE, TERMINAL


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

