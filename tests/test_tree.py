"""The game-tree engine (pycombat.tree) on toy games whose answers are known by hand, and on
random games (hypothesis) against an independent brute-force evaluator that works on the
state API directly, without building any graph."""
from __future__ import annotations

import gc
import itertools
import re
import tempfile
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycombat.errors import PycombatError, TooLargeError
from pycombat.tree import (
    CHANCE,
    DRAW_MAX_NODES,
    PROGRESS_EVERY,
    TERMINAL,
    DrawingError,
    GameDefinitionError,
    TreeError,
    alternatives,
    build_tree,
    principal_line,
    solve,
    to_dot,
    to_graphml,
    to_png,
)
from budget import examples  # noqa: E402
from example_games import DieDuel  # noqa: E402

F = Fraction
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
NODE_LINE = re.compile(r"^\tn\d+ \[.*$", re.MULTILINE)  # a node statement of to_dot's source


class _Base:
    """Defaults shared by the toy games below."""

    def num_players(self) -> int:
        return 2

    def action_to_string(self, action: Hashable) -> str:
        return str(action)

    def legal_actions(self):
        raise AssertionError("not a decision state")

    def chance_outcomes(self):
        raise AssertionError("not a chance state")

    def returns(self):
        raise AssertionError("not a terminal state")


# ---------------------------------------------------------------------------------------
# Toy games


@dataclass(frozen=True)
class OneShot(_Base):
    """Player 0 rolls 1d6 or 2d6 (aggregated totals) once and wins on 6 or more.

    States: the root, one chance node per choice, and two terminal states "win" / "lose"
    shared by every outcome.  By hand:
      nodes = root + 2 chance + win + lose = 5; edges = 2 + 2 + 2 = 6;
      transpositions = 2 (the 2d6 node's edges reach "lose" and "win", already built by 1d6);
      merged edges = 4 (1d6 faces 2..5 fold into 1's edge to "lose")
                   + 3 (2d6 totals 3, 4, 5 into 2's edge) + 6 (totals 7..12 into 6's edge) = 13.
      1d6: P(win) = 1/6, value 1/6 - 5/6 = -2/3.
      2d6: P(total <= 5) = (1 + 2 + 3 + 4)/36 = 5/18, value 13/18 - 5/18 = 4/9: the choice.
    """

    stage: str = "root"  # root | 1d6 | 2d6 | win | lose

    def current_player(self):
        return {"root": 0, "1d6": CHANCE, "2d6": CHANCE}.get(self.stage, TERMINAL)

    def legal_actions(self):
        return ["1d6", "2d6"]

    def chance_outcomes(self):
        if self.stage == "1d6":
            return [(f, F(1, 6)) for f in range(1, 7)]
        return [(t, F(6 - abs(t - 7), 36)) for t in range(2, 13)]

    def child(self, action):
        if self.stage == "root":
            return type(self)(action)  # subclasses (the broken games below) stay themselves
        return type(self)("win" if action >= 6 else "lose")

    def returns(self):
        return (1, -1) if self.stage == "win" else (-1, 1)

    def key(self):
        return self.stage

    def __str__(self):
        return self.stage


@dataclass(frozen=True)
class Ladder(_Base):
    """``n`` plies; the mover (player ``ply % 2``) says "x" or "y"; player 0 scores
    ``#x - #y`` (zero-sum).  The state is only ``(ply, #x)``, so orders of moves that make
    the same counts meet.  By hand: ply k has k + 1 states, so
      nodes = sum_{k=0..n} (k + 1) = (n + 1)(n + 2)/2;
      edges = 2 per state of plies 0..n-1 = 2 * n(n + 1)/2 = n(n + 1);
      every node but the root was first reached by one edge, the other edges are
      transpositions: n(n + 1) - ((n + 1)(n + 2)/2 - 1) = n(n - 1)/2  (n = 3: 10, 12, 3).
    Player 0 says x at even plies, player 1 says y at odd ones: value n % 2 for player 0.
    """

    n: int
    ply: int = 0
    xs: int = 0
    merge: bool = True
    path: tuple = ()

    def current_player(self):
        return TERMINAL if self.ply == self.n else self.ply % 2

    def legal_actions(self):
        return ["x", "y"]

    def child(self, action):
        return Ladder(self.n, self.ply + 1, self.xs + (action == "x"), self.merge, self.path + (action,))

    def returns(self):
        s = 2 * self.xs - self.n
        return (s, -s)

    def key(self):
        return (self.ply, self.xs) if self.merge else self.path

    def __str__(self):
        return f"ply {self.ply}, {self.xs} x"


@dataclass(frozen=True)
class DiceRace(_Base):
    """Each player in turn (0 then 1) rolls 1d6 or 2d6 as often as they like, adding to their
    score, or stops; going over ``target`` busts (the mover loses).  Higher score wins."""

    target: int = 9
    mover: int = 0
    scores: tuple = (0, 0)
    dice: int = 0  # about to roll this many dice (a chance state)
    end: tuple | None = None  # the returns, at the end

    def current_player(self):
        if self.end is not None:
            return TERMINAL
        return CHANCE if self.dice else self.mover

    def legal_actions(self):
        return ["stop", "1d6", "2d6"]

    def chance_outcomes(self):
        if self.dice == 1:
            return [(f, F(1, 6)) for f in range(1, 7)]
        return [(t, F(6 - abs(t - 7), 36)) for t in range(2, 13)]

    def child(self, action):
        if self.dice:
            score = self.scores[self.mover] + action
            if score > self.target:
                loss = [F(1), F(1)]
                loss[self.mover] = F(-1)
                return DiceRace(self.target, self.mover, self.scores, 0, tuple(loss))
            scores = list(self.scores)
            scores[self.mover] = score
            return DiceRace(self.target, self.mover, tuple(scores))
        if action == "stop":
            if self.mover == 0:
                return DiceRace(self.target, 1, self.scores)
            d = self.scores[0] - self.scores[1]
            s = F((d > 0) - (d < 0))
            return DiceRace(self.target, 1, self.scores, 0, (s, -s))
        return DiceRace(self.target, self.mover, self.scores, int(action[0]))

    def returns(self):
        return self.end

    def key(self):
        # Every end with the same returns is one state: heavy merging.
        return ("end", self.end) if self.end is not None else (self.mover, self.scores, self.dice)

    def __str__(self):
        if self.end is not None:
            return f"end {self.end[0]}"
        return f"P{self.mover} {self.scores}" + (f" rolls {self.dice}d6" if self.dice else "")


@dataclass(frozen=True)
class GustNim(_Base):
    """Nim with a gust: take 1 or 2 stones, then with probability 1/4 the wind puts one
    back (at most ``gusts`` times in the game).  Whoever takes the last stone wins."""

    pile: int = 7
    mover: int = 0
    gusts: int = 2
    windy: bool = False
    winner: int | None = None

    def current_player(self):
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.windy else self.mover

    def legal_actions(self):
        return [k for k in (1, 2) if k <= self.pile]

    def chance_outcomes(self):
        return [("calm", F(3, 4)), ("gust", F(1, 4))]

    def child(self, action):
        if self.windy:
            pile, gusts = (self.pile + 1, self.gusts - 1) if action == "gust" else (self.pile, self.gusts)
            return GustNim(pile, 1 - self.mover, gusts)
        pile = self.pile - action
        if pile == 0:
            return GustNim(0, self.mover, self.gusts, winner=self.mover)
        if self.gusts:
            return GustNim(pile, self.mover, self.gusts, windy=True)
        return GustNim(pile, 1 - self.mover, 0)

    def returns(self):
        return (1, -1) if self.winner == 0 else (-1, 1)

    def key(self):
        return (self.pile, self.mover, self.gusts, self.windy, self.winner)

    def __str__(self):
        return f"pile {self.pile}, P{self.mover}" + (" (wind?)" if self.windy else "")


@dataclass(frozen=True)
class Chain(_Base):
    """``n`` plies in a line; every third state is a chance node whose two outcomes reach
    the same next state (one merged edge of probability 1)."""

    n: int
    i: int = 0

    def current_player(self):
        if self.i == self.n:
            return TERMINAL
        return CHANCE if self.i % 3 == 2 else self.i % 2

    def legal_actions(self):
        return ["step"]

    def chance_outcomes(self):
        return [("heads", F(1, 2)), ("tails", F(1, 2))]

    def child(self, action):
        return Chain(self.n, self.i + 1)

    def returns(self):
        return (F(self.n), F(-self.n))

    def key(self):
        return self.i

    def __str__(self):
        return f"step {self.i}"


@dataclass(frozen=True)
class Endless(_Base):
    """Never ends: each state has two new children."""

    i: int = 0

    def current_player(self):
        return 0

    def legal_actions(self):
        return ["a", "b"]

    def child(self, action):
        return Endless(2 * self.i + (1 if action == "a" else 2))

    def key(self):
        return self.i

    def __str__(self):
        return f"s{self.i}"


@dataclass(frozen=True)
class Spec(_Base):
    """A game given as a nested tuple: ``("T", returns)``, ``("D", player, children)`` or
    ``("C", ((prob, child), ...))``.  With ``merge`` the key is the sub-game itself (identical
    sub-games become one node), otherwise the path of actions (a plain tree)."""

    spec: tuple
    players: int = 2
    merge: bool = True
    path: tuple = ()

    def num_players(self):
        return self.players

    def current_player(self):
        tag = self.spec[0]
        return TERMINAL if tag == "T" else CHANCE if tag == "C" else self.spec[1]

    def legal_actions(self):
        return [f"a{i}" for i in range(len(self.spec[2]))]

    def chance_outcomes(self):
        return [(f"o{i}", p) for i, (p, _) in enumerate(self.spec[1])]

    def child(self, action):
        i = int(action[1:])
        sub = self.spec[2][i] if self.spec[0] == "D" else self.spec[1][i][1]
        return Spec(sub, self.players, self.merge, self.path + (i,))

    def returns(self):
        return self.spec[1]

    def key(self):
        return self.spec if self.merge else self.path

    def __str__(self):
        return f"{self.spec[0]}@{'.'.join(map(str, self.path)) or 'root'}"


def T(*r):
    return ("T", tuple(F(x) for x in r))


def D(player, *children):
    return ("D", player, tuple(children))


def C(*pairs):
    return ("C", tuple((F(p), c) for p, c in pairs))


# ---------------------------------------------------------------------------------------
# The independent evaluator: plain recursion on the state API (no graph)


def brute(state, n_players=2, memo=None):
    """(value, index of the chosen action or None).  With a ``memo`` dict, values are
    remembered by state key (for the toy games whose plain trees are too big to walk)."""
    if memo is not None and state.key() in memo:
        return memo[state.key()]
    p = state.current_player()
    if p == TERMINAL:
        out = tuple(F(x) for x in state.returns()), None
    elif p == CHANCE:
        acc = [F(0)] * n_players
        for a, pr in state.chance_outcomes():
            v, _ = brute(state.child(a), n_players, memo)
            acc = [x + pr * y for x, y in zip(acc, v, strict=True)]
        out = tuple(acc), None
    else:
        best, best_i = None, None
        for i, a in enumerate(state.legal_actions()):
            v, _ = brute(state.child(a), n_players, memo)
            if best is None or v[p] > best[p]:
                best, best_i = v, i
        out = best, best_i
    if memo is not None:
        memo[state.key()] = out
    return out


def paired_walk(tree, state):
    """Every (state, node) pair reachable by following the same actions in both."""
    g = tree.graph
    stack = [(state, tree.root)]
    while stack:
        s, node = stack.pop()
        yield s, node
        p = s.current_player()
        if p == TERMINAL:
            continue
        acts = [a for a, pr in s.chance_outcomes() if pr] if p == CHANCE else list(s.legal_actions())
        for a in acts:
            (child,) = [v for _, v, e in g.out_edges(node, data=True) if a in e["actions"]]
            stack.append((s.child(a), child))


def count_spec_nodes(spec):
    """Nodes of the plain tree (zero-probability outcomes are not built)."""
    if spec[0] == "T":
        return 1
    if spec[0] == "D":
        return 1 + sum(count_spec_nodes(c) for c in spec[2])
    return 1 + sum(count_spec_nodes(c) for p, c in spec[1] if p)


# ---------------------------------------------------------------------------------------
# Random games


def payoffs(n_players, zero_sum):
    x = st.fractions(min_value=-3, max_value=3, max_denominator=3)
    if zero_sum:
        return x.map(lambda v: ("T", (v, -v)))
    return st.tuples(*[x] * n_players).map(lambda r: ("T", r))


def _normalise(pairs):
    weights = [w for w, _ in pairs]
    if not any(weights):
        weights = [1] * len(weights)
    total = sum(weights)
    return ("C", tuple((F(w, total), c) for w, (_, c) in zip(weights, pairs, strict=True)))


@st.composite
def random_games(draw, players=None, zero_sum=None):
    n = draw(st.integers(2, 3)) if players is None else players
    zs = (n == 2 and draw(st.booleans())) if zero_sum is None else zero_sum

    def extend(children):
        decision = st.tuples(st.integers(0, n - 1), st.lists(children, min_size=1, max_size=4)).map(
            lambda t: ("D", t[0], tuple(t[1])))
        chance = st.lists(st.tuples(st.integers(0, 4), children), min_size=1, max_size=4).map(_normalise)
        return decision | chance

    spec = draw(st.recursive(payoffs(n, zs), extend, max_leaves=24))
    return n, spec


SETTINGS = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(random_games(), st.booleans())
def test_random_games_match_brute_force_exactly(game, merge):
    n, spec = game
    root = Spec(spec, n, merge)
    tree = build_tree(root)
    value = solve(tree)
    expected, best_i = brute(root, n)
    assert value == expected
    assert all(isinstance(x, Fraction) for x in value)
    if best_i is not None:
        assert tree.node(tree.root)["best_action"] == f"a{best_i}"
    # every node, not only the root, has the brute-force value of its state
    for state, node in paired_walk(tree, root):
        assert tree.node(node)["value"] == brute(state, n)[0]
    if not merge:  # a plain tree: one node per state, nothing merged
        assert tree.stats().nodes == count_spec_nodes(spec)
        assert tree.transpositions == tree.merged_edges == 0
        assert nx.is_tree(tree.graph)
    else:
        assert tree.stats().nodes <= count_spec_nodes(spec)


@SETTINGS
@given(random_games())
def test_best_value_dominates_every_alternative(game):
    n, spec = game
    tree = build_tree(Spec(spec, n))
    solve(tree)
    g = tree.graph
    for node, d in g.nodes(data=True):
        if d["kind"] != "decision":
            continue
        p = d["player"]
        alts = alternatives(tree, node)
        assert sum(len(e["actions"]) for _, _, e in g.out_edges(node, data=True)) == len(alts)
        assert all(d["value"][p] >= a.value[p] for a in alts)
        assert [a.best for a in alts].count(True) == 1 and alts[0].best
        assert alts[0].value == d["value"] and alts[0].child == d["best"]
        movers = [a.value[p] for a in alts]
        assert movers == sorted(movers, reverse=True)


@SETTINGS
@given(random_games())
def test_chance_nodes_sum_to_exactly_one_and_values_are_consistent(game):
    n, spec = game
    tree = build_tree(Spec(spec, n))
    solve(tree)
    g = tree.graph
    for node, d in g.nodes(data=True):
        if d["kind"] == "chance":
            probs = [e["prob"] for _, _, e in g.out_edges(node, data=True)]
            assert sum(probs) == 1 and all(isinstance(p, Fraction) and p > 0 for p in probs)
            expect = tuple(sum((e["prob"] * g.nodes[c]["value"][i] for _, c, e in g.out_edges(node, data=True)),
                               F(0)) for i in range(n))
            assert d["value"] == expect
        elif d["kind"] == "terminal":
            assert d["value"] == d["returns"] and g.out_degree(node) == 0


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_games(players=2))
def test_graphml_round_trip_on_random_games(game):
    n, spec = game
    tree = build_tree(Spec(spec, n))
    solve(tree)
    with tempfile.TemporaryDirectory() as tmp:
        back = nx.read_graphml(to_graphml(tree, Path(tmp) / "t.graphml"))
    _assert_same_graph(tree, back)


# ---------------------------------------------------------------------------------------
# Toy games, values and counts by hand


def test_one_shot_counts_merges_and_value():
    tree = build_tree(OneShot())
    s = tree.stats()
    assert (s.nodes, s.edges, s.decision, s.chance, s.terminal) == (5, 6, 1, 2, 2)
    assert (tree.transpositions, tree.merged_edges) == (2, 13)
    g = tree.graph
    by_label = {d["label"]: n for n, d in g.nodes(data=True)}
    e = g.edges[by_label["1d6"], by_label["lose"]]
    assert e["prob"] == F(5, 6) and e["labels"] == ("1", "2", "3", "4", "5") and e["label"] == "1 (p 1/6); 2 (p 1/6); 3 (p 1/6); 4 (p 1/6); 5 (p 1/6)"  # each with its own p
    assert g.edges[by_label["2d6"], by_label["win"]]["prob"] == F(13, 18)
    assert g.edges[by_label["2d6"], by_label["lose"]]["labels"] == ("2", "3", "4", "5")
    assert solve(tree) == (F(4, 9), F(-4, 9))
    assert [(a.label, a.value[0]) for a in alternatives(tree, tree.root)] == [("2d6", F(4, 9)), ("1d6", F(-2, 3))]
    line = principal_line(tree)
    assert [(st_.kind, st_.action, st_.prob) for st_ in line] == [
        ("decision", "2d6", None), ("chance", "6 (p 5/36); 7 (p 1/6); 8 (p 5/36); 9 (p 1/9); 10 (p 1/12); 11 (p 1/18); 12 (p 1/36)", F(13, 18)), ("terminal", None, None)]
    assert line[1].chance and not line[0].chance


@pytest.mark.parametrize("n", [1, 2, 3, 4, 10, 31])
def test_transpositions_match_the_hand_count(n):
    tree = build_tree(Ladder(n))
    s = tree.stats()
    assert s.nodes == (n + 1) * (n + 2) // 2
    assert s.edges == n * (n + 1)
    assert tree.transpositions == n * (n - 1) // 2
    assert tree.merged_edges == 0
    assert s.depth == s.longest_line == n
    assert solve(tree) == (F(n % 2), F(-(n % 2)))


def test_merging_does_not_change_the_value():
    merged, plain = build_tree(Ladder(8)), build_tree(Ladder(8, merge=False))
    assert len(plain) == 2 ** 9 - 1 and len(merged) == 45
    assert solve(merged) == solve(plain) == brute(Ladder(8))[0]


def test_decision_ties_go_to_the_first_legal_action():
    # general-sum: both children give player 0 the value 1, player 1 prefers the second
    a = build_tree(Spec(D(0, T(1, 0), T(1, 5))))
    b = build_tree(Spec(D(0, T(1, 5), T(1, 0))))
    assert solve(a) == (1, 0) and solve(b) == (1, 5)
    assert a.node(a.root)["best_action"] == "a0"


def test_actions_reaching_the_same_state_are_one_edge_but_listed_apart():
    tree = build_tree(Spec(D(1, T(1, -1), T(0, 0), T(1, -1))))
    assert (len(tree), tree.graph.number_of_edges(), tree.merged_edges) == (3, 2, 1)
    alts = alternatives(tree, tree.root)
    assert [(a.action, a.value, a.best) for a in alts] == [
        ("a1", (0, 0), True), ("a0", (1, -1), False), ("a2", (1, -1), False)]
    assert alts[1].child == alts[2].child != alts[0].child


def test_three_player_general_sum():
    game = D(0, C((F(1, 2), D(2, T(1, 2, 3), T(2, 1, 0))), (F(1, 2), T(0, 0, 9))), T(1, 1, 1))
    # player 2 picks (1, 2, 3); the chance node is worth (1/2, 1, 6); player 0 prefers 1 > 1/2
    tree = build_tree(Spec(game, 3))
    assert solve(tree) == (1, 1, 1)
    assert [a.value for a in alternatives(tree, tree.root)] == [(1, 1, 1), (F(1, 2), 1, 6)]


def test_toy_games_match_brute_force():
    for game in (DieDuel(), OneShot(), DiceRace(), GustNim(), GustNim(9, gusts=3), Ladder(6)):
        tree = build_tree(game)
        assert solve(tree) == brute(game, memo={})[0], game


def test_dice_race_chance_nodes_sum_to_one_and_line_ends_at_a_terminal():
    tree = build_tree(DiceRace())
    solve(tree)
    g = tree.graph
    chance = [n for n, k in g.nodes(data="kind") if k == "chance"]
    assert chance and all(sum(e["prob"] for _, _, e in g.out_edges(n, data=True)) == 1 for n in chance)
    assert tree.stats().terminal == 3  # the three distinct endings, merged
    line = principal_line(tree)
    assert line[0].node == tree.root and line[-1].kind == "terminal" and line[-1].action is None
    assert all(s.value == tree.node(s.node)["value"] for s in line)
    for a, b in itertools.pairwise(line):
        assert tree.graph.has_edge(a.node, b.node)
        if a.kind == "chance":  # the most probable outcome was followed
            assert a.prob == max(e["prob"] for _, _, e in g.out_edges(a.node, data=True))
        else:
            assert b.node == tree.node(a.node)["best"]


def test_principal_line_from_an_inner_node():
    tree = build_tree(DieDuel())
    rolled3 = next(n for n, d in tree.graph.nodes(data=True) if d["label"] == "rolled 3")
    line = principal_line(tree, rolled3)  # also solves the tree on demand
    assert [s.action for s in line] == ["fold", None] and line[-1].value == (1, -1)


# ---------------------------------------------------------------------------------------
# Limits and bad games


def test_deep_chain_builds_and_solves_without_recursion():
    n = 20_000
    tree = build_tree(Chain(n))
    s = tree.stats()
    assert (s.nodes, s.edges, s.depth, s.longest_line) == (n + 1, n, n, n)
    assert tree.merged_edges == sum(1 for i in range(n) if i % 3 == 2)
    assert solve(tree) == (F(n), F(-n))
    line = principal_line(tree)
    assert len(line) == n + 1 and line[2].prob == 1 and line[2].action == "heads (p 1/2); tails (p 1/2)"


def test_max_nodes_is_refused_quickly_with_a_useful_message():
    with pytest.raises(TooLargeError) as err:
        build_tree(Endless(), max_nodes=500)
    msg = str(err.value)
    assert "500" in msg and "--max-nodes" in msg and "--depth" in msg  # the options a user changes
    assert len(build_tree(Endless(), max_nodes=500, max_depth=7)) == 2 ** 8 - 1
    assert len(build_tree(Ladder(3), max_nodes=10)) == 10  # exactly the limit is allowed
    with pytest.raises(TooLargeError):
        build_tree(Ladder(3), max_nodes=9)


def test_progress_is_reported_every_thousand_nodes_and_at_the_end():
    seen = []
    tree = build_tree(Ladder(70), progress=seen.append)  # 71 * 72 / 2 = 2556 nodes
    assert len(tree) == 2556
    assert PROGRESS_EVERY == 1000 and seen == [1000, 2000, 2556]


def test_max_depth_cuts_the_frontier_and_such_a_tree_is_not_solved():
    tree = build_tree(DieDuel(), max_depth=2)
    s = tree.stats()
    assert (s.nodes, s.cut, s.terminal, s.depth) == (6, 3, 1, 2)
    assert all(d["kind"] == "cut" for _, d in tree.graph.nodes(data=True) if d["depth"] == 2)
    with pytest.raises(TreeError, match="3 states were cut at depth 2"):
        solve(tree)


class Unfair(OneShot):
    def chance_outcomes(self):
        return [(f, F(1, 6)) for f in range(1, 6)]  # a face is missing: 5/6


class FloatDie(OneShot):
    def chance_outcomes(self):
        return [(f, 1 / 6) for f in range(1, 7)]


class NegativeDie(OneShot):
    def chance_outcomes(self):
        return [(1, F(3, 2)), (2, F(-1, 2))]


class Stuck(OneShot):
    def legal_actions(self):
        return []


class ThreeReturns(OneShot):
    def returns(self):
        return (1, 0, -1)


class FloatReturns(OneShot):
    def returns(self):
        return (0.5, -0.5)


class BadPlayer(OneShot):
    def current_player(self):
        return 7 if self.stage == "root" else super().current_player()


@pytest.mark.parametrize("game, words", [
    (Unfair(), ["'1d6'", "sum to 5/6, not exactly 1"]),
    (FloatDie(), ["'1d6'", "exact", "float"]),
    (NegativeDie(), ["'1d6'", "negative probability -1/2"]),
    (Stuck(), ["'root'", "no legal action"]),
    (ThreeReturns(), ["'lose'", "3 values for 2 players"]),
    (FloatReturns(), ["'lose'", "exact"]),
    (BadPlayer(), ["'root'", "current_player() is 7"]),
])
def test_a_broken_game_is_refused_with_a_clear_error(game, words):
    with pytest.raises(GameDefinitionError) as err:
        build_tree(game)
    assert isinstance(err.value, PycombatError)
    for w in words:
        assert w in str(err.value)


@dataclass(frozen=True)
class PingPong(_Base):
    """A and B lead to each other forever: the graph has a cycle."""

    where: str = "A"

    def current_player(self):
        return 0

    def legal_actions(self):
        return ["go"]

    def child(self, action):
        return PingPong("B" if self.where == "A" else "A")

    def key(self):
        return self.where

    def __str__(self):
        return self.where


def test_a_cyclic_game_builds_but_is_not_solved():
    tree = build_tree(PingPong())
    assert (len(tree), tree.transpositions, tree.stats().longest_line) == (2, 1, None)
    with pytest.raises(GameDefinitionError, match="cycle"):
        solve(tree)


def test_alternatives_refuse_non_decision_nodes():
    tree = build_tree(DieDuel())
    chance = next(n for n, k in tree.graph.nodes(data="kind") if k == "chance")
    with pytest.raises(TreeError, match="chance node, not a decision"):
        alternatives(tree, chance)


# ---------------------------------------------------------------------------------------
# Exports


def _assert_same_graph(tree, back):
    g = tree.graph
    assert set(back.nodes) == {str(n) for n in g.nodes}
    assert set(back.edges) == {(str(u), str(v)) for u, v in g.edges}
    assert back.is_directed()
    for n, d in g.nodes(data=True):
        b = back.nodes[str(n)]
        assert (b["kind"], b["player"], b["label"], b["depth"]) == (d["kind"], d["player"], d["label"], d["depth"])
        value = tuple(F(b[f"value_{i}"]) for i in range(tree.num_players))
        assert value == d["value"]
        assert b["value_0_float"] == pytest.approx(float(d["value"][0]))
        if d["kind"] == "terminal":
            assert tuple(F(b[f"returns_{i}"]) for i in range(tree.num_players)) == d["returns"]
        if d["kind"] == "decision":
            assert int(b["best"]) == d["best"] and b["best_label"] == d["best_label"]
    for u, v, e in g.edges(data=True):
        b = back.edges[str(u), str(v)]
        assert b["label"] == e["label"] and b["actions"] == len(e["actions"])
        if "prob" in e:
            assert F(b["prob"]) == e["prob"] and "/" in b["prob"]
        else:
            assert "prob" not in b


def test_graphml_round_trip(tmp_path):
    tree = build_tree(DiceRace())
    solve(tree)
    back = nx.read_graphml(to_graphml(tree, tmp_path / "race.graphml"))
    _assert_same_graph(tree, back)
    assert back.graph["transpositions"] == tree.transpositions and back.graph["root"] == "0"


def test_dot_shapes_labels_and_principal_line(tmp_path):
    tree = build_tree(OneShot())
    solve(tree)
    src = to_dot(tree, tmp_path / "t.dot").source
    assert (tmp_path / "t.dot").read_text() == src
    assert src.count("shape=box") == 1 and src.count("shape=circle") == 2 and src.count("shape=diamond") == 2
    assert '"1 (p 1/6); 2 (p 1/6); 3 (p 1/6); 4 (p 1/6); 5 (…\\np = 5/6"' in src
    assert '"6 (p 5/36); 7 (p 1/6); 8 (p 5/36); 9 (p 1/9); 1…\\np = 13/18"' in src  # cut at 48 characters
    assert 'label="(1, -1)"' in src and "player 0: root\\nvalue (4/9, -4/9)" in src
    assert src.count("penwidth=2.5") == len(principal_line(tree)) - 1 == 2
    assert "penwidth=2.5" not in to_dot(build_tree(OneShot())).source  # unsolved: no line


def test_a_chance_edge_keeps_its_probability_under_a_long_label(tmp_path):
    """An outcome label too long for a drawing is shortened, never the chance written with it."""
    from pycombat.tree.format import _LABEL_MAX

    tree = build_tree(OneShot())
    solve(tree)
    long = "a long outcome: " + "no roll wounds; " * 8
    for u, v, e in tree.graph.edges(data=True):
        if "prob" in e:
            e["label"] = long
    src = to_dot(tree, tmp_path / "t.dot").source
    assert len(long) > _LABEL_MAX
    assert "\\np = 5/6" in src and "\\np = 13/18" in src


def test_dot_names_players_and_escapes_labels():
    tree = build_tree(Spec(D(0, T(1, -1), T(0, 0))))
    src = to_dot(tree, player_names=["Bob <hero>", "Jim"]).source
    assert "Bob <hero>: D@root" in src and "<<" not in src


def test_png_is_drawn(tmp_path):
    tree = build_tree(DieDuel())
    solve(tree)
    out = to_png(tree, tmp_path / "duel.png")
    assert out.read_bytes()[:8] == PNG_MAGIC
    with pytest.raises(DrawingError, match="must end in .png"):
        to_png(tree, tmp_path / "duel.svg")


def test_drawing_beyond_the_cap_is_refused_and_says_which_depth_fits(tmp_path):
    tree = build_tree(DiceRace())
    n = len(tree)
    assert n > DRAW_MAX_NODES
    with pytest.raises(TooLargeError) as err:
        to_png(tree, tmp_path / "race.png")
    msg = str(err.value)
    assert f"{n:,} nodes" in msg and "--depth" in msg and f"({DRAW_MAX_NODES:,}" in msg
    assert not (tmp_path / "race.png").exists()
    depth = int(msg.split("--depth ")[1].split()[0])
    fits = [v for v, d in tree.graph.nodes(data="depth") if d <= depth]
    assert len(fits) <= DRAW_MAX_NODES < sum(1 for _, d in tree.graph.nodes(data="depth") if d <= depth + 1)
    src = to_dot(tree, max_depth=depth).source
    assert len(NODE_LINE.findall(src)) == len(fits)
    with pytest.raises(TooLargeError, match=f"the first {depth + 3} levels"):
        to_dot(tree, max_depth=depth + 3)


def test_max_depth_limits_the_drawing(tmp_path):
    tree = build_tree(Ladder(6, merge=False))  # 127 nodes, 2^k at depth k
    solve(tree)
    src = to_dot(tree, max_depth=2).source
    nodes = NODE_LINE.findall(src)
    assert len(nodes) == 7 and src.count(" -> ") == 6
    assert sum("dashed" in line for line in nodes) == 4  # the depth-2 nodes have children left out
    assert to_png(tree, tmp_path / "top.png", max_depth=2).read_bytes()[:8] == PNG_MAGIC
    with pytest.raises(TooLargeError):
        to_dot(tree, max_nodes=100)
    assert to_dot(tree, max_nodes=127).source.count(" -> ") == 126


def test_missing_graphviz_is_a_clear_error(tmp_path, monkeypatch):
    tree = build_tree(DieDuel())
    monkeypatch.setenv("PATH", str(tmp_path))  # no `dot` on the PATH
    with pytest.raises(DrawingError) as err:
        to_png(tree, tmp_path / "duel.png")
    assert "apt-get install graphviz" in str(err.value) and "Traceback" not in str(err.value)
    assert not (tmp_path / "duel.png").exists()


# ---------------------------------------------------------------------------------------
# The streamed export without a graph: the same document as build_tree + solve + to_graphml


def _graphml_as_data(path) -> tuple:
    g = nx.read_graphml(path)
    return (dict(g.graph), {n: dict(d) for n, d in g.nodes(data=True)},
            {(u, v): dict(d) for u, v, d in g.edges(data=True)})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_games(players=2))
def test_streamed_graphml_equals_the_graph_export(game):
    from pycombat.tree import write_graphml

    n, spec = game
    tree = build_tree(Spec(spec, n))
    value = solve(tree)
    with tempfile.TemporaryDirectory() as tmp:
        stats, streamed_value = write_graphml(Spec(spec, n), Path(tmp) / "s.graphml")
        streamed = _graphml_as_data(Path(tmp) / "s.graphml")
        whole = _graphml_as_data(to_graphml(tree, Path(tmp) / "g.graphml"))
    assert streamed == whole
    assert streamed_value == value
    assert stats == tree.stats()


def test_streamed_graphml_of_the_dice_race(tmp_path):
    from pycombat.tree import write_graphml

    tree = build_tree(DiceRace())
    solve(tree)
    stats, _ = write_graphml(DiceRace(), tmp_path / "s.graphml")
    assert _graphml_as_data(tmp_path / "s.graphml") == _graphml_as_data(to_graphml(tree, tmp_path / "g.graphml"))
    assert stats == tree.stats() and stats.transpositions > 0


def test_streamed_graphml_of_a_game_with_rewards(tmp_path):
    """A MECCG combat pays rewards (MPs) on edges, chance ones included: the same document too."""
    from pycombat import example, read_scenario
    from pycombat.games.meccg.combat.game import CvccGame
    from pycombat.tree import write_graphml

    scenario = read_scenario(example("meccg", "two_on_two.yaml"))
    tree = build_tree(CvccGame(scenario).new_initial_state())
    solve(tree)
    assert any(d.get("reward") or d.get("reward_mass") for _, _, d in tree.graph.edges(data=True))
    stats, _ = write_graphml(CvccGame(scenario).new_initial_state(), tmp_path / "s.graphml")
    assert _graphml_as_data(tmp_path / "s.graphml") == _graphml_as_data(to_graphml(tree, tmp_path / "g.graphml"))
    assert stats == tree.stats()


# A drawing of a large tree is refused before the tree is built
_MADE = [0]


@dataclass(frozen=True)
class CountedLadder(Ladder):
    def child(self, action):
        _MADE[0] += 1
        return CountedLadder(self.n, self.ply + 1, self.xs + (action == "x"), self.merge, self.path + (action,))


@pytest.mark.parametrize("suffix", [".dot", ".png"])
def test_a_drawing_too_large_is_refused_before_the_tree_is_built(tmp_path, suffix):
    """Ladder(20) without merging has 2**21 - 1 nodes; a drawing holds DRAW_MAX_NODES: the refusal
    comes after making a bounded number of states, and names the deepest depth that fits (by hand:
    the first d plies hold 2**(d+1) - 1 nodes)."""
    from pycombat.tree import export

    _MADE[0] = 0
    with pytest.raises(TooLargeError) as err:
        export(CountedLadder(20, merge=False), tmp_path / f"t{suffix}")
    fits = max(d for d in range(30) if 2 ** (d + 1) - 1 <= DRAW_MAX_NODES)
    assert f"--depth {fits} " in str(err.value) and f"({2 ** (fits + 1) - 1:,} nodes)" in str(err.value)
    assert _MADE[0] < 40 * DRAW_MAX_NODES  # a few breadth-first passes of at most DRAW_MAX_NODES, never 2**21
    assert not (tmp_path / f"t{suffix}").exists()
    stats, value = export(CountedLadder(20, merge=False), tmp_path / f"t{suffix}", depth=fits)
    assert stats.nodes == 2 ** (fits + 1) - 1 and value is None


@dataclass(frozen=True)
class Merges(_Base):
    """A game built to take every path of the streamed export: actions of one decision that reach
    one state (merged edges, without and with a reward), chance outcomes that reach one state paying
    different rewards (an expected-reward mass), a best action that is not the first, and a state
    reached first by a long line when searched depth first but by a short one breadth first (its
    label names the line, as labels may: the node keeps the breadth-first one, as build_tree does).

    root (player 0): a -> S1, b -> T0 paying (1, -1), c -> S1, d -> S2 paying (2, -2);
    S1 (chance): x 1/4 -> S3 paying (1, -1), y 1/4 -> S3 paying (3, -3), z 1/2 -> T1;
    S3 (player 1): g -> T0, h -> T1;  S2 (player 1): e -> T0, f -> T0, k -> T1;
    T0 returns (0, 0), T1 (1, -1).
    """

    name: str = "root"
    path: tuple = ()
    paid: tuple = (0, 0)

    MOVES = {"root": {"a": ("S1", (0, 0)), "b": ("T0", (1, -1)), "c": ("S1", (0, 0)), "d": ("S2", (2, -2))},
             "S1": {"x": ("S3", (1, -1)), "y": ("S3", (3, -3)), "z": ("T1", (0, 0))},
             "S3": {"g": ("T0", (0, 0)), "h": ("T1", (0, 0))},
             "S2": {"e": ("T0", (0, 0)), "f": ("T0", (0, 0)), "k": ("T1", (0, 0))}}

    def current_player(self):
        return {"root": 0, "S1": CHANCE, "S3": 1, "S2": 1}.get(self.name, TERMINAL)

    def legal_actions(self):
        return list(self.MOVES[self.name])

    def chance_outcomes(self):
        return [("x", F(1, 4)), ("y", F(1, 4)), ("z", F(1, 2))]

    def child(self, action):
        name, paid = self.MOVES[self.name][action]
        return Merges(name, self.path + (action,), paid)

    def rewards(self):
        return self.paid

    def returns(self):
        return (F(0), F(0)) if self.name == "T0" else (F(1), F(-1))

    def action_to_string(self, action):
        return f"{action} after {'.'.join(self.path) or 'start'}"

    def key(self):
        return self.name

    def __str__(self):
        return f"{self.name} via {'.'.join(self.path) or 'start'}"


def test_streamed_graphml_merges_rewards_and_representatives(tmp_path):
    """The streamed export of Merges is the graph export's document (nodes, edges, every attribute),
    with the values worked out by hand above: S3 (0, 0), S1 (3/2, -3/2), S2 (0, 0), root 2 by d."""
    from pycombat.tree import write_graphml

    tree = build_tree(Merges())
    value = solve(tree)
    stats, streamed_value = write_graphml(Merges(), tmp_path / "s.graphml")
    streamed = _graphml_as_data(tmp_path / "s.graphml")
    assert streamed == _graphml_as_data(to_graphml(tree, tmp_path / "g.graphml"))
    assert streamed_value == value == (F(2), F(-2)) and stats == tree.stats()
    assert stats.merged_edges == 3  # c into a's edge, y into x's, f into e's
    _, nodes, edges = streamed
    by_label = {d["label"]: n for n, d in nodes.items()}
    assert "T0 via b" in by_label and "T1 via a.z" in by_label  # reached first breadth first
    assert nodes["0"]["best_label"] == "d after start" and nodes["0"]["value_0"] == "2/1"
    s1 = by_label["S1 via a"]
    assert nodes[s1]["value_0"] == "3/2"
    to_s3 = edges[(s1, by_label["S3 via a.x"])]
    assert to_s3["label"] == "x after a (p 1/4); y after a (p 1/4)" and to_s3["actions"] == 2
    assert (to_s3["prob"], to_s3["reward_0"], to_s3["reward_1"]) == ("1/2", "2/1", "-2/1")  # (1 + 3) / 2
    assert edges[("0", s1)]["label"] == "a after start, c after start"


# The streamed export makes each state once and solves over its records


@dataclass(frozen=True)
class CountedMergingLadder(Ladder):
    def child(self, action):
        _MADE[0] += 1
        return CountedMergingLadder(self.n, self.ply + 1, self.xs + (action == "x"), self.merge, self.path + (action,))


@pytest.mark.parametrize("n", [1, 6, 11])
def test_streamed_graphml_makes_each_move_once(tmp_path, n):
    """Ladder(n) has n(n + 1) moves (2 per state of plies 0..n-1, see Ladder): the streamed export
    makes exactly one state per move, none again to write the document (a walk after the search
    would make another (n + 1)(n + 2)/2 - 1), and writes the graph export's document."""
    from pycombat.tree import write_graphml

    _MADE[0] = 0
    stats, value = write_graphml(CountedMergingLadder(n), tmp_path / "s.graphml")
    assert _MADE[0] == n * (n + 1)
    tree = build_tree(Ladder(n))
    assert value == solve(tree) == (F(n % 2), F(-(n % 2))) and stats == tree.stats()
    assert _graphml_as_data(tmp_path / "s.graphml") == _graphml_as_data(to_graphml(tree, tmp_path / "g.graphml"))


def test_streamed_graphml_refuses_a_cyclic_game_and_writes_nothing(tmp_path):
    from pycombat.tree import write_graphml

    with pytest.raises(GameDefinitionError, match=r"states repeat \(state 'A' is reached again from itself\)"):
        write_graphml(PingPong(), tmp_path / "s.graphml")
    assert not (tmp_path / "s.graphml").exists()


@dataclass(frozen=True)
class Shortcut(_Base):
    """Player 0 picks a short road (``short`` -> L2 -> END) or a long one (``long`` -> L1 -> L2 ->
    END): L2 is numbered (1) before L1 (2), so the edge L1 -> L2 goes back to a lower number and the
    records are solved in a depth-first post-order, not by reverse numbering.  L2 is a chance
    state: 1/3 END paying (3, -3), 2/3 END paying 0; END returns (1, -1).  By hand: L2 is worth
    (1 + 1, -1 - 1) = (2, -2), L1 and the root too; ``short`` is the first best action."""

    where: str = "root"

    def current_player(self):
        return {"root": 0, "L1": 1, "L2": CHANCE}.get(self.where, TERMINAL)

    def legal_actions(self):
        return ["short", "long"] if self.where == "root" else ["on"]

    def chance_outcomes(self):
        return [("hit", F(1, 3)), ("miss", F(2, 3))]

    def child(self, action):
        nxt = {"long": "L1", "short": "L2", "on": "L2", "hit": "END+", "miss": "END"}[action]
        return Shortcut(nxt)

    def rewards(self):
        return (3, -3) if self.where == "END+" else (0, 0)

    def returns(self):
        return (1, -1)

    def key(self):
        return self.where.rstrip("+")

    def __str__(self):
        return self.where.rstrip("+")


def test_streamed_graphml_with_an_edge_to_an_earlier_state(tmp_path, monkeypatch):
    from pycombat.tree import sweep as sweep_module
    from pycombat.tree import write_graphml

    orders = []
    post_order = sweep_module._post_order
    monkeypatch.setattr(sweep_module, "_post_order", lambda sw: orders.append(post_order(sw)) or orders[-1])
    stats, value = write_graphml(Shortcut(), tmp_path / "s.graphml")
    assert orders == [[3, 1, 2, 0]]  # END, L2, L1, root: each after its children
    tree = build_tree(Shortcut())
    assert value == solve(tree) == (F(2), F(-2)) and stats == tree.stats()
    doc = _graphml_as_data(tmp_path / "s.graphml")
    assert doc == _graphml_as_data(to_graphml(tree, tmp_path / "g.graphml"))
    _, nodes, edges = doc
    assert nodes["0"]["best_label"] == "short" and stats.longest_line == 3
    assert [nodes[i]["label"] for i in "0123"] == ["root", "L2", "L1", "END"]
    assert edges[("2", "1")]["label"] == "on"
    assert edges[("1", "3")]["label"] == "hit (p 1/3); miss (p 2/3)" and edges[("1", "3")]["reward_0"] == "1/1"  # 3 * 1/3


@dataclass(frozen=True)
class Markup(_Base):
    """One decision whose state and action labels hold XML markup and a control character."""

    done: bool = False

    def current_player(self):
        return TERMINAL if self.done else 0

    def legal_actions(self):
        return ["a<b & c>d\x01"]

    def child(self, action):
        return Markup(True)

    def returns(self):
        return (F(1), F(-1))

    def key(self):
        return self.done

    def __str__(self):
        return "end <&>" if self.done else "start \x02<x>&amp;"


def test_streamed_graphml_escapes_labels(tmp_path):
    """Labels are XML character data: markup escaped, characters XML 1.0 cannot carry dropped."""
    from pycombat.tree import write_graphml

    write_graphml(Markup(), tmp_path / "s.graphml")
    _, nodes, edges = _graphml_as_data(tmp_path / "s.graphml")
    assert nodes["0"]["label"] == "start <x>&amp;" and nodes["1"]["label"] == "end <&>"
    assert edges[("0", "1")]["label"] == nodes["0"]["best_label"] == "a<b & c>d"
    assert _graphml_as_data(tmp_path / "s.graphml") == _graphml_as_data(
        to_graphml(_solved(build_tree(Markup())), tmp_path / "g.graphml"))


def _solved(tree):
    solve(tree)
    return tree


class _Watched(DieDuel):
    """DieDuel recording, at every move it is asked for, whether the cycle collector runs."""

    seen: list = []

    def legal_actions(self):
        self.seen.append(gc.isenabled())
        return super().legal_actions()

    def child(self, action):
        return _Watched(self.history + (action,))


@pytest.mark.parametrize("search", ["solve_game", "build_tree", "write_graphml"])
def test_each_search_pauses_the_cycle_collector_once_for_its_whole_run(search, monkeypatch, tmp_path):
    """The searches hold hundreds of thousands of small objects: the collector is paused for the whole
    run (collections would walk them all again), once, not around each move it checks."""
    import pycombat.tree as tree
    from pycombat import collector

    calls = []
    real = collector.gc

    class CountingGc:
        def __getattr__(self, name):
            return getattr(real, name)

        def disable(self):
            calls.append("disable")
            real.disable()

    monkeypatch.setattr(collector, "gc", CountingGc())
    _Watched.seen = []
    assert gc.isenabled()
    args = (tmp_path / "t.graphml",) if search == "write_graphml" else ()
    getattr(tree, search)(_Watched(), *args)
    assert gc.isenabled()  # running again afterwards
    assert _Watched.seen and not any(_Watched.seen)
    assert calls == ["disable"]
