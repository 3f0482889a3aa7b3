"""``pycombat optimize`` and ``pycombat tree`` for Riftbound: the best splits and the joint view.

* Each side's best split under an objective (RB-MODEL-7, flag ``best_split_objective``) comes
  from the ASP (``optimize.lp``, every optimal split), sparing ``protect`` units first.
* The joint view is :class:`~.game.JointGame`, both assignments as one zero-sum game built
  and solved by the engine (:mod:`pycombat.tree`): the principal line, the value, and every
  alternative at the root with its exact value.
* The outcome classes over all legal splits (RB-MODEL-4) come with it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from pycombat.errors import ScenarioError
from pycombat.names import closest, did_you_mean
from pycombat.tree import GameTree, Step, alternatives, build_tree, principal_line, solve
from .game import OBJECTIVES, JointGame, KillClass, Objective
from ..model import SIDES, Board, Scenario, Split, other
from .outcome import OutcomeClasses, outcome_classes
from .splits import LegalSplits, best_splits, check_custom_weights


def objective_from(name: str | None, protect: Sequence[str], scenario: Scenario, board: Board,
                   score: Callable[[Sequence[str]], Fraction] | None = None, *, hands: bool = False) -> Objective:
    """The objective asked for (default: the ``best_split_objective`` flag), checked; ``hands``: the showdown is
    played from both hands, whose own objective ``conquer`` its caller reads (and does not pass here)."""
    name = name or scenario.flags.get("best_split_objective", "kills_then_might")
    if name not in OBJECTIVES:
        allowed = (*OBJECTIVES, "conquer") if hands else OBJECTIVES
        why = ("; conquer is an objective of the showdown played from both hands (give each player a `hand:`)"
               if name == "conquer" and not hands else did_you_mean(name, allowed))
        raise ScenarioError(f"--objective: {'with hands, ' if hands else ''}one of {', '.join(allowed)}, "
                            f"not {name!r}{why}")
    check_custom_weights(board, name, scored=score is not None)
    # the units listed at the battlefield, and those that joined it in the showdown (moved in from a base, played,
    # a unit token played: RB-CARD-15, RB-CARD-16)
    names = list(dict.fromkeys(u.name for u in scenario.attacker.units + scenario.defender.units
                               + board.attacker + board.defender))
    out = []
    for p in protect:
        match = next((n for n in names if n.casefold() == p.casefold()), None)
        if match is None:
            hint = closest(p, names, n=1)
            raise ScenarioError(f"--protect: {p!r} is not a unit of this combat"
                                + (f"; did you mean {hint[0]!r}?" if hint else ""))
        out.append(match)
    return Objective(name, tuple(out), score)


@dataclass
class SideBest:
    """One side's best splits and every kill class ranked."""

    side: str
    splits: list[Split]  #: every optimal split (ASP, optN), or the best class's splits (custom score)
    killed: tuple[str, ...]
    legal: int  #: how many legal splits the side has
    classes: list[KillClass]  #: every kill class, best first


@dataclass
class Optimized:
    objective: Objective
    sides: dict[str, SideBest]
    game: JointGame
    tree: GameTree
    value: Fraction  #: the Attacker's score minus the Defender's, under optimal play by both
    line: list[Step]
    classes: OutcomeClasses
    seconds: float


def optimize(board: Board, objective: Objective, *, max_nodes: int = 2_000_000,
             progress: Callable[[int], object] | None = None, control=None) -> Optimized:
    """Each side's best splits and the joint game solved; ``control`` (:class:`.outcome.Control`): who controlled
    the battlefield, for the end states' labels."""
    t0 = time.perf_counter()
    solved = {}
    if objective.score is None:  # each side's best splits, asked first: a side with too many is refused at once
        for side in SIDES:
            values = {u.name: u.value for u in board.side(other(side)) if u.value is not None}
            solved[side] = best_splits(board, side, objective=objective.name, protect=objective.protect,
                                       values=values).splits
    game = JointGame(board, objective, control=control)
    sides = {}
    for side in SIDES:
        classes = game.classes[side]
        count = sum(c.count for c in classes)
        if objective.score is not None:  # a Python scoring function: rank the kill classes
            best = classes[0]
            top = [c for c in classes if game.score(side, c.killed) == game.score(side, best.killed)]
            splits = [s for c in top for s in c.splits]
        else:
            splits = solved[side]
        enemies = board.side(other(side))
        killed = tuple(u.name for u in enemies if u.dies_with(splits[0].get(u.name)))
        sides[side] = SideBest(side, splits, killed, count, classes)
    tree = build_tree(game.new_initial_state(), max_nodes=max_nodes, progress=progress)
    value = solve(tree)[0]
    return Optimized(objective, sides, game, tree, value, principal_line(tree), outcome_classes(board),
                     time.perf_counter() - t0)


def root_alternatives(opt: Optimized):
    """Every Attacker kill class at the root with its exact joint value (best first)."""
    return alternatives(opt.tree, opt.tree.root)


def legal_count(board: Board, side: str) -> int:
    return LegalSplits(board, side, representation="vector").count()
