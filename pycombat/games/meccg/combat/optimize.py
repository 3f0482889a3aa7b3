"""``pycombat optimize`` and ``pycombat tree`` for MECCG: the combat game solved exactly.

The game is :class:`game.CvccGame`; the engine (:mod:`pycombat.tree`) builds its graph and
solves it by expectiminimax. Values are reported from the defender's side (his MPs minus the
attacker's, or his eliminations count), or as the probability that the named character
survives: stays in play in his company (not eliminated, discarded, returned to hand or put off to
the side; :class:`.game.Objective`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from pycombat.errors import ScenarioError
from pycombat.names import did_you_mean
from pycombat.tree import Solution, Step, solve_game
from .game import ATTACKER, DEFENDER, GOES_ON, OBJECTIVES, CvccGame, Objective, OutcomeClass
from ..model import Scenario


def objective_from(name: str | None, character: str | None, scenario: Scenario) -> Objective:
    name = name or "kill_mp"
    if name not in OBJECTIVES:
        raise ScenarioError(f"--objective: one of {', '.join(OBJECTIVES)}, not {name!r}{did_you_mean(name, OBJECTIVES)}")
    if name == "survive":
        if not character:
            raise ScenarioError("--objective survive needs --character NAME")
        for c in (scenario.defender, scenario.attacker):
            for m in c.members:
                if character.casefold() in (m.name.casefold(), m.card_name.casefold()):
                    return Objective(name, m.name)
        names = [m.name for c in (scenario.attacker, scenario.defender) for m in c.members]
        raise ScenarioError(f"--character: {character!r} is not a member of either company"
                            f"{did_you_mean(character, names)} ({', '.join(names)})")
    if character:
        raise ScenarioError("--character is only for --objective survive")
    return Objective(name)


@dataclass
class Solved:
    game: CvccGame
    solution: Solution  #: every state's value (no graph: `pycombat tree` builds one)
    value: Fraction  #: the root value in the report's terms (see :func:`report_value`)
    seconds: float


def report_value(game: CvccGame, value: tuple) -> Fraction:
    """The value the report shows: player 0's (the defender's), or P(character survives)."""
    obj = game.objective
    if obj.name == "survive":
        return value[obj.owner]
    return value[DEFENDER]


def solve_combat(scenario: Scenario, objective: Objective, *, max_nodes: int,
                 progress: Callable[[int], object] | None = None) -> Solved:
    t0 = time.perf_counter()
    game = CvccGame(scenario, objective)
    solution = solve_game(game.new_initial_state(), max_nodes=max_nodes, progress=progress)
    return Solved(game, solution, report_value(game, solution.value), time.perf_counter() - t0)


def first_choices(solved: Solved) -> list[tuple[str, Fraction, bool]]:
    """The defender's phase-I choices (or the first decision), each with its exact value; after a
    cancel's chance (MECCG-FX-16), those of the attack that goes on (none if it cannot)."""
    state = first_decision(solved.solution.root)
    if state is None or state.current_player() < 0:
        return []
    return [(alt.label, report_value(solved.game, alt.value), alt.best)
            for alt in solved.solution.alternatives(state)]


def first_decision(state):
    """The position whose options the report lists first: past a cancel's chance, the attack that goes
    on (MECCG-FX-16; None if it cannot); past a check before strikes are assigned (MECCG-FX-31), the
    assignment after its first outcome (the maker passes, when he can; :func:`check_values` gives the others)."""
    if state.stage == "cancel":
        if all(o != GOES_ON for o, _ in state.chance_outcomes()):
            return None
        state = state.child(GOES_ON)
    if state.stage == "check":
        state = state.child(state.chance_outcomes()[0][0])
    return state


def check_values(solved: Solved) -> list[tuple[str, Fraction, Fraction]]:
    """``(outcome, chance, value)`` of each outcome of a check before strikes are assigned
    (MECCG-FX-31), each valued with its own assignment after it (what it paid included), in the
    report's terms; [] when there is none."""
    state = solved.solution.root
    if state.stage == "cancel" and any(o == GOES_ON for o, _ in state.chance_outcomes()):
        state = state.child(GOES_ON)
    if state.stage != "check":
        return []
    out = []
    for label, p in state.chance_outcomes():
        nxt = state.child(label)
        v = solved.solution.value_of(nxt)
        paid = nxt.rewards()
        out.append((label, p, report_value(solved.game, tuple(a + b for a, b in zip(v, paid)))))
    return out


def first_mover_maximises(solved: Solved) -> bool:
    """Whether the first decision's mover wants the report's value (:func:`report_value`) high: the
    defender under kill_mp and eliminations, the character's owner under survive."""
    state = first_decision(solved.solution.root) or solved.solution.root
    player = state.current_player()
    obj = solved.game.objective
    return player == (obj.owner if obj.name == "survive" else DEFENDER)


def decisions(solved: Solved) -> list:
    """Every decision on the line of best play with each option's exact value for the player who
    moves (his own return: kill-MP difference from his side, or his chance under ``survive``) and
    its difference from the best (the matching solver keeps only the first decision's)."""
    from pycombat.tree.options import decisions_along
    from .same_outcomes import grouping

    return decisions_along(solved.solution, grouping(solved.solution))


def first_grouping(solved: Solved, max_nodes: int = 2_000_000):
    """``options -> options`` numbering the groups of the first decision's options (as
    :func:`first_choices` lists them) with identical outcome distributions, or None when the
    solution cannot tell (:func:`.same_outcomes.grouping`)."""
    from .same_outcomes import grouping

    group = grouping(solved.solution)
    state = solved.solution.root
    if group is None:
        reach = getattr(solved.solution, "reach", None)
        if reach is None:
            return None
        from .same_outcomes import first_decision_grouping

        actions = [alt.action for alt in solved.solution.alternatives()]
        return first_decision_grouping(reach, actions, max_nodes=max_nodes,
                                       value_of=getattr(solved.solution, "strike_values", None))
    state = first_decision(state)
    if state is None or state.current_player() < 0:
        return None
    actions = [alt.action for alt in solved.solution.alternatives(state)]
    return lambda options: group(state, options, actions)


def line(solved: Solved) -> list[Step]:
    return solved.solution.principal_line()


def shown_outcomes(solved: Solved, step: Step) -> list[tuple[str, Fraction]]:
    """The strike outcomes of a chance step of the line, each with its own probability (a class
    of outcomes with one effect is listed member by member, in the strike's order)."""
    rows = []
    for action, (label, prob) in zip(step.actions, step.outcomes, strict=True):
        if isinstance(action, OutcomeClass):
            rows += [(i, solved.game.outcome_label(o), p) for i, (o, p) in zip(action.index, action.outcomes)]
        else:
            rows.append((len(rows), label, prob))
    return [(label, p) for _, label, p in sorted(rows, key=lambda r: r[0])]


def who(player: int, scenario: Scenario) -> str:
    if player == DEFENDER:
        return f"{scenario.defender.player} (defender)"
    if player == ATTACKER:
        return f"{scenario.attacker.player} (attacker)"
    return "chance"
