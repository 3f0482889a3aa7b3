"""The zero-sum search (:func:`pycombat.tree.solve_zero_sum`) against the full expectiminimax
(:func:`pycombat.tree.solve_game`) on hypothesis-drawn games: random DAGs (states reached along several
lines), with decisions of both players, chance states and exact values; the same value at every state,
the same alternatives and the same line of best play, searching no more states."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.errors import TooLargeError
from pycombat.tree import CHANCE, TERMINAL, GameDefinitionError, solve_game, solve_zero_sum


class Dag:
    """State ``i`` of a drawn game: ``nodes[i]`` is ``("end", value)``, ``("chance", [(child, weight)])`` or
    ``(player, [child, ...])``; a child's number is larger than its parent's (no cycle)."""

    def __init__(self, nodes, i=0):
        self.nodes, self.i = nodes, i

    def num_players(self):
        return 2

    def current_player(self):
        kind = self.nodes[self.i][0]
        return TERMINAL if kind == "end" else CHANCE if kind == "chance" else kind

    def legal_actions(self):
        return list(range(len(self.nodes[self.i][1])))

    def chance_outcomes(self):
        outs = self.nodes[self.i][1]
        total = sum(w for _, w in outs)
        return [(k, Fraction(w, total)) for k, (_, w) in enumerate(outs)]

    def child(self, a):
        kid = self.nodes[self.i][1][a]
        return type(self)(self.nodes, kid[0] if isinstance(kid, tuple) else kid)

    def returns(self):
        v = self.nodes[self.i][1]
        return (v, -v)

    def action_to_string(self, a):
        return f"{self.i}->{a}"

    def key(self):
        return self.i

    def __str__(self):
        return f"state {self.i}"


@st.composite
def dags(draw, chance: bool = True):
    n = draw(st.integers(2, 28))
    nodes = [None] * n
    nodes[n - 1] = ("end", Fraction(draw(st.integers(-6, 6)), draw(st.integers(1, 4))))
    for i in range(n - 2, -1, -1):
        kinds = ["end", 0, 1] + (["chance"] if chance else [])
        kind = draw(st.sampled_from(kinds))
        if kind == "end":
            nodes[i] = ("end", Fraction(draw(st.integers(-6, 6)), draw(st.integers(1, 4))))
            continue
        kids = draw(st.lists(st.integers(i + 1, n - 1), min_size=1, max_size=4))
        if kind == "chance":
            nodes[i] = ("chance", [(k, draw(st.integers(1, 5))) for k in kids])
        else:
            nodes[i] = (kind, kids)
    return nodes


def _reachable(root):
    seen, todo, out = set(), [root], []
    while todo:
        s = todo.pop()
        if s.key() in seen:
            continue
        seen.add(s.key())
        out.append(s)
        if s.current_player() == CHANCE:
            todo += [s.child(a) for a, _ in s.chance_outcomes()]
        elif s.current_player() != TERMINAL:
            todo += [s.child(a) for a in s.legal_actions()]
    return out


def _brute(state):
    """The first player's value by plain minimax over the tree (no memo, no pruning)."""
    p = state.current_player()
    if p == TERMINAL:
        return state.returns()[0]
    if p == CHANCE:
        return sum(pr * _brute(state.child(a)) for a, pr in state.chance_outcomes())
    vals = [_brute(state.child(a)) for a in state.legal_actions()]
    return max(vals) if p == 0 else min(vals)


@settings(max_examples=300, deadline=None)
@given(dags())
def test_values_alternatives_and_line_agree_with_the_full_search(nodes):
    root = Dag(nodes)
    full, pruned = solve_game(root), solve_zero_sum(root)
    assert pruned.value == full.value == (_brute(root), -_brute(root))
    searched = pruned.stats.nodes
    assert searched <= full.stats.nodes
    for s in _reachable(root):
        assert pruned.value_of(s) == full.value_of(s) == (_brute(s), -_brute(s))
        if s.current_player() in (0, 1):
            assert [(a.action, a.label, a.value, a.best, a.child) for a in pruned.alternatives(s)] == \
                   [(a.action, a.label, a.value, a.best, a.child) for a in full.alternatives(s)]
    assert [(st_.kind, st_.action, st_.player, st_.value, st_.prob) for st_ in pruned.principal_line()] == \
           [(st_.kind, st_.action, st_.player, st_.value, st_.prob) for st_ in full.principal_line()]


@settings(max_examples=200, deadline=None)
@given(dags(chance=False))
def test_the_root_alone_searches_no_more_and_the_bounds_stay_true(nodes):
    """Every bound the table keeps holds the true value (the search is fail-soft: a state asked with a
    narrow window keeps what it proved), and asking the states in any order gives their values."""
    root = Dag(nodes)
    pruned = solve_zero_sum(root)
    assert pruned.stats.nodes <= solve_game(root).stats.nodes
    search = pruned._search
    for key, (lo, hi, _) in search.bounds.items():
        true = _brute(Dag(nodes, key))
        assert lo <= true <= hi
    for s in reversed(_reachable(root)):
        assert pruned.value_of(s)[0] == _brute(s)


def test_pruning_searches_fewer_states_on_a_game_with_cutoffs():
    # player 0 has a winning first move; the second needs no search once the first is known to win
    nodes = [(0, [1, 2]), ("end", Fraction(1)), (1, [3, 4]), ("end", Fraction(0)), ("end", Fraction(-1))]
    pruned, full = solve_zero_sum(Dag(nodes)), solve_game(Dag(nodes))
    assert pruned.value == full.value == (Fraction(1), Fraction(-1))
    assert (pruned.stats.nodes, full.stats.nodes) == (4, 5)  # the Defender's second reply is never listed
    assert pruned.stats.cutoffs == 1
    # asking for every option's value searches what it needs
    assert [a.value[0] for a in pruned.alternatives()] == [Fraction(1), Fraction(-1)]
    assert pruned.stats.nodes == 5


class _Bad(Dag):
    def returns(self):
        return (Fraction(1), Fraction(1))


def test_refuses_what_it_cannot_solve():
    with pytest.raises(GameDefinitionError, match="zero-sum"):
        solve_zero_sum(_Bad([(0, [1]), ("end", Fraction(1))]))

    class Three(Dag):
        def num_players(self):
            return 3

    with pytest.raises(GameDefinitionError, match="two-player"):
        solve_zero_sum(Three([("end", Fraction(0))]))

    class Loop(Dag):
        def key(self):
            return "same"

    with pytest.raises(GameDefinitionError, match="repeat"):
        solve_zero_sum(Loop([(0, [1]), (1, [2]), ("end", Fraction(0))]))

    class Rewarded(Dag):
        def rewards(self):
            return (0, 0)

    with pytest.raises(GameDefinitionError, match="rewards"):
        solve_zero_sum(Rewarded([("end", Fraction(0))]))
    chain = [(0, [i + 1]) for i in range(9)] + [("end", Fraction(0))]
    with pytest.raises(TooLargeError, match="more than 5"):
        solve_zero_sum(Dag(chain), max_nodes=5)
    with pytest.raises(ValueError):
        solve_zero_sum(Dag(chain), max_nodes=0)
