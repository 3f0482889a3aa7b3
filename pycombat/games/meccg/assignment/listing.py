"""The legal complete assignments (MECCG-ASSIGN-7) made straight in the canonical order
(:mod:`.order`), from the characterisation that ``assign_legal.lp`` states (docs/assignment.md),
without a grounding: what ``enumerate`` lists for a company without a Noble Hound, as
:mod:`.counting` counts it.

Given the attack's strikes and targets (its verdict, from ``attack.lp``), a complete assignment
is a vector over the targets, each taking one strike or none, such that

* MECCG-STRUCT-5: a strike is on at most one target (a target holds at most one strike);
* MECCG-ASSIGN-4: no strike is excess while a target is free (``min(strikes, targets)`` pairs);
* MECCG-ASSIGN-3 [phase2_assignment=mandatory]: an untapped member's strike is excess only if no
  target that is no phase-I target (neither untapped nor assigned strikes as if untapped) holds
  the strike of a member that is not untapped.

The vectors are made by a depth-first walk over the targets in the defending company's order,
each trying the unused strikes in the attacking company's order and then "no strike": the walk
meets them in lexicographic order, and it never enters a branch without a legal completion (the
one test, MECCG-ASSIGN-3's, is made at each step), so the first ``N`` cost only their making. With as
many strikes as targets every target takes one (MECCG-ASSIGN-4) and none is excess, so no strike is
excess for MECCG-ASSIGN-3 to forbid: the vectors are the permutations of the strikes, which
:func:`itertools.permutations` makes in that same lexicographic order.
MECCG-FX-18 (a Noble Hound struck before its controller) is left to the solver (:func:`shape`
gives None). ``tests/meccg/test_listing_order.py`` checks the listing against the solver's
(``assign_legal.lp``) on generated companies, the same set in the canonical order.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterator

from ..model import Scenario
from .legal import Assignment, AttackVerdict

#: the rule ids of assign_legal.lp this characterisation states (MECCG-FX-18: left to the solver;
#: MECCG-STRUCT-1, -2, MECCG-ASSIGN-1: the verdict's strikes and targets; MECCG-ASSIGN-5: excess
#: named as the strikes left over). A test compares them with the file's.
STATED = ("MECCG-STRUCT-1", "MECCG-STRUCT-2", "MECCG-ASSIGN-1", "MECCG-STRUCT-5", "MECCG-ASSIGN-4",
          "MECCG-ASSIGN-3", "MECCG-ASSIGN-5", "MECCG-FX-18")


@dataclass(frozen=True)
class Shape:
    """What the legal complete assignments of an attack depend on."""

    strikes: tuple[str, ...]  #: attacking members committing a strike, in the company's order
    targets: tuple[str, ...]  #: defending members that may be attacked, in the company's order
    untapped: tuple[bool, ...]  #: per strike: its member is untapped (MECCG-ASSIGN-3)
    phase1: tuple[bool, ...]  #: per target: a phase-I target (MECCG-ASSIGN-2)
    mandatory: bool  #: phase2_assignment=mandatory (MECCG-ASSIGN-3)


def struck_before_controller(scenario: Scenario) -> bool:
    """Whether a defending ally is struck before its controller (MECCG-FX-18: left to the solver)."""
    return any(m.struck_before_controller and m.ally_of for m in scenario.defender.members)


def shape(scenario: Scenario, verdict: AttackVerdict) -> Shape | None:
    """The shape of a legal attack, or None when a member is struck before its controller
    (MECCG-FX-18: left to the solver)."""
    if struck_before_controller(scenario):
        return None
    untapped = {m.name for c in (scenario.attacker, scenario.defender) for m in c.members if m.status == "untapped"}
    p1 = {m.name for m in scenario.defender.members if m.name in untapped or m.assignable_as_untapped}
    return Shape(strikes=tuple(verdict.strikes), targets=tuple(verdict.targets),
                 untapped=tuple(s in untapped for s in verdict.strikes),
                 phase1=tuple(t in p1 for t in verdict.targets),
                 mandatory=scenario.flags.get("phase2_assignment", "mandatory") == "mandatory")


def assignments(sh: Shape) -> Iterator[Assignment]:
    """Every legal complete assignment of ``sh``, in the canonical order, lazily."""
    strikes, targets = sh.strikes, sh.targets
    n, m = len(strikes), len(targets)
    untapped = sh.untapped
    place_all = n <= m  # MECCG-ASSIGN-4: every strike placed; else every target covered
    # MECCG-ASSIGN-3 [mandatory]: only bites when a strike is excess (n > m) and one is untapped
    guard = sh.mandatory and not place_all and any(untapped)
    tapped_here = tuple(not p for p in sh.phase1)  # a strike not untapped here forbids untapped excess
    used = [False] * n
    on: list[int] = [-1] * m
    new = tuple.__new__

    def walk(i: int, unused: int, free_untapped: int, bound: bool) -> Iterator[Assignment]:
        if i == m:
            pairs = tuple((strikes[k], targets[j]) for j, k in enumerate(on) if k >= 0)
            yield new(Assignment, (pairs, tuple(strikes[k] for k in range(n) if not used[k])))
            return
        rest = m - i - 1
        for k in range(n):
            if used[k]:
                continue
            b = bound or (guard and tapped_here[i] and not untapped[k])
            fu = free_untapped - untapped[k]
            if b and fu > rest:  # MECCG-ASSIGN-3: the untapped strikes left could not all be placed
                continue
            used[k] = True
            on[i] = k
            yield from walk(i + 1, unused - 1, fu, b)
            used[k] = False
        if place_all and unused <= rest:  # this target takes no strike (MECCG-ASSIGN-4: room for the rest)
            on[i] = -1
            yield from walk(i + 1, unused, free_untapped, bound)

    if n == m:  # every target takes a strike, none is excess: the walk's order is the permutations' own
        return (new(Assignment, (tuple(zip(perm, targets)), ())) for perm in itertools.permutations(strikes))
    return walk(0, n, sum(untapped), False)
