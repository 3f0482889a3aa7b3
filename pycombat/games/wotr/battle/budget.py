"""The work of ``optimize`` before it is done: which splits are one game, and how many positions the
exact solver will value.

Two set-ups are **one game** when the solver reads the same numbers from them (:func:`game_key`):
the same rules of the rounds (kind, hit numbers, retreat, round limits, effects) and, for each side,
the same Nations, Captains of the West (WOTR-STR-8), dice lost and Leadership counted (Leaders,
Nazgûl unless the White Rider cancels them, Characters: WOTR-STR-4/10/11). The figures' names do
not enter the values, so splits that differ only there share one memo.

The **work** is counted in positions valued (:attr:`.process.Optimal.work`): each hit outcome of a
round and each casualty allocation weighed. :func:`plan_work` estimates it before solving from the
unit compositions each side can reach (hit points fall, WOTR-CAS-3..5) and the hit outcomes of a
round (WOTR-STR-3); ``optimize`` refuses a battle whose estimate exceeds the budget (``--max-work``),
up front, and stops one whose real count does. Never a timer: the same input gives the same answer on
any machine.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .strength import MAX_DICE, SideProfile

#: positions valued per (state, hit outcome) pair, measured on the shipped examples (casualty
#: allocations of both sides weighed at each outcome; see tests/wotr/test_wotr_budget.py)
PER_OUTCOME = 3
#: the default budget (``--max-work``): about two seconds of the exact solver on one core
DEFAULT_MAX_WORK = 600_000


def _side_key(p: SideProfile) -> tuple:
    lead = p.leaders + (0 if p.nazgul_cancelled else p.nazgul) + p.character_leadership
    return (p.side, p.nations, p.captains, p.dice_lost, lead, p.isengard_leaders)


def game_key(setup) -> tuple:
    """What :class:`.process.Optimal` reads of a set-up, besides its start (see the module docstring)."""
    try:
        effects = tuple(sorted(setup.effects.items()))
        hash(effects)
    except TypeError:  # effects that cannot be compared: the set-up is a game of its own
        effects = ("own", id(setup))
    return (_side_key(setup.attacker), _side_key(setup.defender), setup.kind, setup.city_first_round,
            setup.besieger_hits_on_6, setup.siege_retreat, setup.can_retreat, effects, setup.max_rounds, setup.siege_rounds,
            setup.dice_reduction_target, setup.siege_reduction_needs_regular, setup.leader_reroll,
            setup.besieger_stays)


def solver_key(setup) -> tuple:
    """What tells apart the set-ups of one scenario's splits for the solver: both sides' profiles and whether
    a siege battle's besieger keeps units in the region (its value at a mutual elimination, WOTR-CAPT-1)."""
    return setup.attacker, setup.defender, setup.besieger_stays


def policy_shareable(policy) -> bool:
    """A fixed policy given as functions may read the set-up itself: its splits are not shared."""
    return policy is None or not any(callable(getattr(policy, f)) for f in ("attacker_continue", "defender_retreat"))


def compositions(units, pool) -> int:
    """The unit compositions a side can reach from ``units`` (per Nation: Elites kept, Regulars up to
    those there plus one replacement per lost Elite while the pool lasts, WOTR-CAS-3..5), itself and
    the empty Army included."""
    n = 1
    for k, (r, e) in enumerate(units):
        avail = None if pool is None else pool[k]
        n *= sum(r + (e - e2 if avail is None else min(avail, e - e2)) + 1 for e2 in range(e + 1))
    return n


@dataclass
class Plan:
    keys: dict[tuple, tuple] = field(default_factory=dict)  #: :func:`solver_key` -> game key
    games: int = 0
    states: int = 0  #: battle states estimated over the games
    estimate: int = 0  #: positions estimated (the unit of the budget)
    largest: dict[str, Any] = field(default_factory=dict)


def plan_work(setups, objective: str, *, decide, shareable: bool = True) -> Plan:
    """``setups``: ``[(split, rider, BattleSetup)]``. The games among them and the work estimated."""
    plan = Plan()
    starts: dict[tuple, list] = {}
    for _sp, _rider, setup in setups:
        key = solver_key(setup)
        gk = game_key(setup) if shareable else ("split", key)
        plan.keys.setdefault(key, gk)
        starts.setdefault(plan.keys[key], []).append(setup)
    for gk, group in starts.items():
        # the largest start of the game: every smaller split is a position of it
        best = max(group, key=lambda st: compositions(st.start[0], st.start[1]) * compositions(st.start[2], st.start[3]))
        a, pa, d, pd, _, _ = best.start
        rounds = best.saturation or best.max_rounds or 1
        states = (compositions(a, pa) - 1) * (compositions(d, pd) - 1) * rounds
        da = min(MAX_DICE, best.attacker.strength(a))
        dd = min(MAX_DICE, best.defender.strength(d))
        work = states * (da + 1) * (dd + 1) * PER_OUTCOME
        plan.states += states
        plan.estimate += work
        if work >= plan.largest.get("work", -1):
            plan.largest = {"work": work, "states": states, "splits": len(group)}
    plan.games = len(starts)
    return plan


#: the most positions a claim about a later round may follow (:func:`round_work`): the battle states
#: round r can start from, times the rounds up to r, times each round's hit outcomes (optimize's default budget)
MAX_ROUND_WORK = DEFAULT_MAX_WORK


def round_work(setup, rnd: int) -> tuple[int, int]:
    """``(states, work)`` of following the battle to the start of round ``rnd`` and through it (what a
    claim about round ``rnd``'s roll reads, WOTR-ROUND-1): the battle states a round can start from (the
    unit compositions both sides can reach, WOTR-CAS-3..5), and those times the rounds up to ``rnd`` times
    a round's hit outcomes (WOTR-STR-3), before any is followed."""
    a, pa, d, pd = setup.start[:4]
    states = max(compositions(a, pa) - 1, 1) * max(compositions(d, pd) - 1, 1)
    rounds = min(rnd, setup.max_rounds or rnd)
    da = min(MAX_DICE, setup.attacker.strength(a))
    dd = min(MAX_DICE, setup.defender.strength(d))
    return states, states * rounds * (da + 1) * (dd + 1)


def refusal(s, plan: Plan, max_work: int) -> str:
    """The up-front refusal: the estimate, what it is made of, and how to go on."""
    where = s.file or "the scenario"
    return (f"{where}: optimize: about {plan.estimate:,} positions to value ({plan.games} distinct "
            f"game{'s' if plan.games != 1 else ''} over the splits, about {plan.states:,} battle states), more than "
            f"--max-work {max_work:,}; raise --max-work or solve a smaller battle")


__all__ = ["DEFAULT_MAX_WORK", "MAX_ROUND_WORK", "Plan", "compositions", "game_key", "plan_work", "policy_shareable", "refusal",
           "round_work", "solver_key"]
