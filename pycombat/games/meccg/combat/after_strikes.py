"""What follows the strikes for allies whose card says so (MECCG-FX-19): Great Bats and the Regiment
of Black Crows are "discarded if [their] controlling character is wounded". The ally leaves when
the character it is an ally of (``ally_of:``) loses his strike; nothing else in the combat changes
(the ally faces no strike: it may not be attacked). Read from the card's structured abilities
(characters.json ``combat_effects``: ``discarded_if_controller_wounded``).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ..model import Scenario

EFFECT = "discarded_if_controller_wounded"
RULE = "MECCG-FX-19"


def discarded_with_controller(scenario: Scenario) -> list[tuple[str, str]]:
    """``(ally, controlling character)`` for every ally of either company with that ability and an
    ``ally_of:``."""
    return [(m.name, m.ally_of) for c in (scenario.attacker, scenario.defender) for m in c.members
            if m.discarded_with_controller and m.ally_of]


def chances(scenario: Scenario, wounded: dict[str, Fraction]) -> dict[str, dict]:
    """For ``odds``: each such ally's controller and the chance it is discarded (the chance its
    controller is wounded, ``wounded``: member -> P(loses his strike))."""
    return {ally: {"controller": ctrl, "p": wounded.get(ctrl, Fraction(0)), "rule": RULE}
            for ally, ctrl in discarded_with_controller(scenario)}


def discarded(scenario: Scenario, losers: Iterable[str]) -> list[tuple[str, str]]:
    """For ``replay``: the allies discarded because their controller lost his strike."""
    lost = set(losers)
    return [(ally, ctrl) for ally, ctrl in discarded_with_controller(scenario) if ctrl in lost]
