"""The number of legal complete assignments in closed form (MECCG-ASSIGN-7), for ``enumerate --count``.

``assign_legal.lp`` states which matchings of strikes to targets the three phases reach
(docs/assignment.md); for a company without a Noble Hound the count follows from four numbers:
the untapped strikes ``u``, the other strikes ``o``, the targets ``m`` and, among them, the ``q``
that are no phase-I targets (neither untapped nor assigned strikes as if untapped):

* MECCG-STRUCT-5: a matching (a strike on at most one target, a target under at most one strike);
* MECCG-ASSIGN-4: no excess strike while a target is free, so ``min(n, m)`` pairs (``n = u + o``);
  with ``n <= m`` every strike is placed: ``m! / (m - n)!`` assignments;
* with ``n > m`` every target holds a strike and ``n - m`` strikes are excess; MECCG-ASSIGN-3
  [phase2_assignment=mandatory]: an untapped strike is excess only if each of the ``q`` targets
  holds an untapped strike. Choosing the ``a`` untapped strikes placed (``C(u, a) C(o, m - a)``),
  the seatings are ``m!`` when no untapped strike is excess (``a = u``) or the flag is
  ``optional``, else ``P(a, q) (m - q)!`` (the ``q`` targets take untapped strikes first).

MECCG-FX-18 (a Noble Hound struck before its controller) is left to the solver (None).
``tests/meccg/test_counting.py`` checks the closed form against the ASP count.
"""
from __future__ import annotations

from math import comb, factorial, perm

from ..model import Scenario
from .legal import AttackVerdict


def closed_count(scenario: Scenario, verdict: AttackVerdict) -> int | None:
    """The number of legal complete assignments of a scenario whose attack is ``verdict`` (its
    strikes and targets), or None when a member is struck before its controller (MECCG-FX-18)."""
    if any(m.struck_before_controller and m.ally_of for m in scenario.defender.members):
        return None
    untapped = {m.name for c in (scenario.attacker, scenario.defender) for m in c.members if m.status == "untapped"}
    p1 = {m.name for m in scenario.defender.members if m.name in untapped or m.assignable_as_untapped}
    u = sum(1 for s in verdict.strikes if s in untapped)
    o = len(verdict.strikes) - u
    m = len(verdict.targets)
    q = sum(1 for t in verdict.targets if t not in p1)
    if u + o <= m:  # MECCG-ASSIGN-4, MECCG-STRUCT-5: every strike placed
        return perm(m, u + o)
    mandatory = scenario.flags.get("phase2_assignment", "mandatory") == "mandatory"
    total = 0
    for a in range(max(0, m - o), min(u, m) + 1):  # a untapped strikes placed, m - a other ones
        ways = comb(u, a) * comb(o, m - a)
        if a == u or not mandatory:
            total += ways * factorial(m)
        else:  # MECCG-ASSIGN-3: an untapped strike is excess: the q targets hold untapped strikes
            total += ways * perm(a, q) * factorial(m - q)
    return total
