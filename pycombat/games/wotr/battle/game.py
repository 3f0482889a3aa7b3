"""A WotR battle as a two-player game on the engine's state API (:mod:`pycombat.tree`).

Player 0 is the attacker, player 1 the defender; returns are ``(v, -v)`` with ``v`` the
objective (:data:`.process.OBJECTIVES`). The nodes follow :mod:`.process` step by step: the
defender's choice to retreat into his Stronghold (WOTR-SITE-2), the dice (chance), the
attacker's then the defender's casualties (WOTR-CAS-2), and the end of the round (cease,
WOTR-ROUND-3; retreat, WOTR-END-3; siege reduction, WOTR-SIEGE-3). A decision with a single
option is skipped. The tree is a DAG: a round without hits from a state reached by continuing is
folded into the dice (see :mod:`.process`), and with ``max_rounds`` the round number is in the state.

>>> from pycombat.games.wotr.schema import example_path, load_scenario
>>> from pycombat.games.wotr.battle.setup import battle_setup
>>> from pycombat.tree import build_tree, solve
>>> setup = battle_setup(load_scenario(example_path("skirmish.yaml")))
>>> tree = build_tree(BattleGame(setup, "win").new_initial_state())
>>> solve(tree)[0] == Optimal(setup, "win", None).value()
True
"""
from __future__ import annotations

from fractions import Fraction
from typing import Hashable, Sequence

from pycombat.tree import CHANCE, TERMINAL
from .process import (Optimal, Outcome, BattleSetup, ceased, objective_of, round_outcomes, siege_reductions, into_siege, siege_trim,
                     terminal_after_casualties)
from .casualties import allocations

ATTACKER, DEFENDER = 0, 1


class BattleGame:
    def __init__(self, setup: BattleSetup, objective: str = "win"):
        self.setup, self.objective = setup, objective

    def new_initial_state(self) -> "BattleNode":
        return BattleNode(self, ("start", self.setup.start)).forward()

    def value_of(self, o: Outcome) -> Fraction:
        return objective_of(self.setup, self.objective, self.setup.start, o)


def _u(units) -> str:
    return "/".join(f"{r}R{e}E" for r, e in units)


class BattleNode:
    """One node: ``("start", state)``, ``("chance", state)``, ``("acas", state, i, j)``,
    ``("dcas", a, pa, d, pd, i, rnd)``, ``("end", a, pa, d, pd, rnd)``, ``("retreat", a, pa, d, pd, rnd)``
    or ``("over", outcome)``."""

    __slots__ = ("game", "node", "_options")

    def __init__(self, game: BattleGame, node: tuple):
        self.game, self.node, self._options = game, node, None

    def num_players(self) -> int:
        return 2

    # -- structure ------------------------------------------------------------------------------
    def options(self) -> list[tuple[str, tuple]]:
        """``(label, next node)`` of a decision."""
        if self._options is not None:
            return self._options
        s = self.game.setup
        kind = self.node[0]
        out: list[tuple[str, tuple]] = []
        if kind == "start":
            state = self.node[1]
            out.append(("fight", ("chance", state)))
            if s.siege_retreat:
                a, _, d, _, _, _ = state
                out.append(("retreat into the Stronghold", ("over", into_siege(a, d))))
        elif kind == "acas":
            state, i, j = self.node[1:]
            a, pa, d, pd, rnd, _ = state
            for a2, pa2 in allocations(a, pa, j):
                out.append((f"take {j}: {_u(a2)}", ("dcas", a2, pa2, d, pd, i, rnd)))
        elif kind == "dcas":
            a, pa, d, pd, i, rnd = self.node[1:]
            for d2, pd2 in allocations(d, pd, i):
                out.append((f"take {i}: {_u(d2)}", ("end", a, pa, d2, pd2, rnd)))
        elif kind == "end":
            a, pa, d, pd, rnd = self.node[1:]
            last = s.max_rounds is not None and rnd >= s.max_rounds
            if s.kind == "siege":
                out.append(("stop (the siege goes on)", ("over", Outcome("siege_goes_on", a, d))))
                if not last:
                    for _, a2, pa2 in siege_reductions(s, a, pa):
                        nxt = ("start", (a2, pa2, d, pd, s.next_round(rnd), True))
                        out.append((f"reduce an Elite ({_u(a2)})", nxt))
            elif last:
                out.append(("max_rounds", ("over", Outcome("round_limit", a, d))))
            else:
                out.append(("continue", ("retreat", a, pa, d, pd, rnd)))
                out.append(("cease", ("over", ceased(s, a, d))))  # WOTR-END-2, a sortie WOTR-SIEGE-6
        elif kind == "retreat":
            a, pa, d, pd, rnd = self.node[1:]
            out.append(("stay", ("start", (a, pa, d, pd, s.next_round(rnd), True))))
            if s.can_retreat:
                out.append(("retreat", ("over", Outcome("defender_retreated", a, d))))
        self._options = out
        return out

    def forward(self) -> "BattleNode":
        """Skip forced moves: a decision with one option, and an end of round that is decided."""
        node = self
        while True:
            kind = node.node[0]
            if kind == "end":
                a, pa, d, pd, rnd = node.node[1:]
                out = terminal_after_casualties(a, d)
                if out is not None:
                    node = BattleNode(node.game, ("over", out))
                    continue
            if kind in ("over", "chance"):
                return node
            opts = node.options()
            if len(opts) == 1:
                node = BattleNode(node.game, opts[0][1])
                continue
            return node

    # -- the state API ----------------------------------------------------------------------------
    def current_player(self) -> int:
        kind = self.node[0]
        if kind == "over":
            return TERMINAL
        if kind == "chance":
            return CHANCE
        return ATTACKER if kind in ("acas", "end") else DEFENDER

    def legal_actions(self) -> Sequence[Hashable]:
        return list(range(len(self.options())))

    def chance_outcomes(self) -> Sequence[tuple[Hashable, Fraction]]:
        state = self.node[1]
        outs = round_outcomes(self.game.setup, state)
        if self.game.setup.folds(state):
            p0 = next((p for i, j, p in outs if (i, j) == (0, 0)), Fraction(0))
            return [((i, j), p / (1 - p0)) for i, j, p in outs if (i, j) != (0, 0)]
        return [((i, j), p) for i, j, p in outs]

    def child(self, action: Hashable) -> "BattleNode":
        if self.node[0] == "chance":
            i, j = action
            return BattleNode(self.game, ("acas", self.node[1], i, j)).forward()
        return BattleNode(self.game, self.options()[action][1]).forward()

    def returns(self) -> Sequence[Fraction]:
        v = self.game.value_of(self.node[1])
        return (v, -v)

    def action_to_string(self, action: Hashable) -> str:
        if self.node[0] == "chance":
            return f"hits {action[0]}:{action[1]}"
        return self.options()[action][0]

    def key(self) -> Hashable:
        return self.node

    def __str__(self) -> str:
        """The node's kind, the round (``r2+``: reached by continuing), the units (and the replacement
        pools, where tracked) and the hits still to take: distinct states have distinct labels."""
        kind = self.node[0]
        if kind == "over":
            o = self.node[1]
            return f"{o.kind} A {_u(o.attacker)} D {_u(o.defender)}"
        if kind in ("start", "chance"):
            a, pa, d, pd, rnd, cont = self.node[1]
            return f"{kind} r{rnd}{'+' if cont else ''} A {_u(a)} D {_u(d)}{_pools(pa, pd)}"
        if kind == "acas":
            a, pa, d, pd, rnd, cont = self.node[1]
            return (f"A takes {self.node[3]}, then D {self.node[2]} r{rnd}{'+' if cont else ''} A {_u(a)} D {_u(d)}"
                    f"{_pools(pa, pd)}")
        if kind == "dcas":
            a, pa, d, pd, i, rnd = self.node[1:]
            return f"D takes {i} r{rnd} A {_u(a)} D {_u(d)}{_pools(pa, pd)}"
        a, pa, d, pd, rnd = self.node[1:]
        return f"{kind} r{rnd} A {_u(a)} D {_u(d)}{_pools(pa, pd)}"


def _pools(pa, pd) -> str:
    """The Regulars left to replace Elites, per Nation (WOTR-CAS-5), where a side's pool is tracked."""
    parts = [f"{side} pool {'/'.join(map(str, p))}" for side, p in (("A", pa), ("D", pd)) if p is not None]
    return f" ({', '.join(parts)})" if parts else ""


class RiderGame:
    """WOTR-STR-11 as the tree's first decision: at the start of a battle Gandalf the White is in
    against Nazgûl, the Free Peoples player (``player``) chooses whether he forfeits his Leadership to
    cancel theirs; each choice leads to its own battle (``games``: ``(white_rider, BattleGame)``, the
    choices of :func:`.optimize.rider_choices`), so the tree's value is :func:`.optimize.optimize`'s."""

    def __init__(self, games: Sequence[tuple[bool, BattleGame]], player: int):
        self.games, self.player = tuple(games), player

    def new_initial_state(self) -> "RiderNode":
        return RiderNode(self)


class RiderNode:
    """The Free Peoples player's White Rider choice (the root of a :class:`RiderGame`)."""

    __slots__ = ("game",)

    def __init__(self, game: RiderGame):
        self.game = game

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return self.game.player

    def legal_actions(self) -> Sequence[Hashable]:
        return list(range(len(self.game.games)))

    def child(self, action: Hashable) -> "InBattle":
        rider, battle = self.game.games[action]
        return InBattle(rider, battle.new_initial_state())

    def action_to_string(self, action: Hashable) -> str:
        rider = self.game.games[action][0]
        return ("use the White Rider (WOTR-STR-11)" if rider
                else "do not use the White Rider (WOTR-STR-11)")

    def key(self) -> Hashable:
        return ("white_rider?",)

    def __str__(self) -> str:
        return f"white rider? {self.game.games[0][1].new_initial_state()}"


class InBattle:
    """A :class:`BattleNode` of the battle one White Rider choice leads to (its key and label say which)."""

    __slots__ = ("rider", "inner")

    def __init__(self, rider: bool, inner: BattleNode):
        self.rider, self.inner = rider, inner

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return self.inner.current_player()

    def legal_actions(self) -> Sequence[Hashable]:
        return self.inner.legal_actions()

    def chance_outcomes(self) -> Sequence[tuple[Hashable, Fraction]]:
        return self.inner.chance_outcomes()

    def child(self, action: Hashable) -> "InBattle":
        return InBattle(self.rider, self.inner.child(action))

    def returns(self) -> Sequence[Fraction]:
        return self.inner.returns()

    def action_to_string(self, action: Hashable) -> str:
        return self.inner.action_to_string(action)

    def key(self) -> Hashable:
        return (self.rider, self.inner.key())

    def __str__(self) -> str:
        return f"{self.inner}{' (White Rider)' if self.rider else ''}"


__all__ = ["BattleGame", "BattleNode", "InBattle", "Optimal", "RiderGame", "RiderNode"]
