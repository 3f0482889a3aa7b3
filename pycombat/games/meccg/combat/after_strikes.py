"""What follows the strikes. Allies whose card says so (MECCG-FX-19): Great Bats and the Regiment
of Black Crows are "discarded if [their] controlling character is wounded". Items that keep their
bearer from being wounded (MECCG-FX-17): Sable Shield is then discarded on a roll above 6
(:func:`item_discards`). The ally leaves when
the character it is an ally of (``ally_of:``) loses his strike; nothing else in the combat changes
(the ally faces no strike: it may not be attacked). Read from the card's structured abilities
(characters.json ``combat_effects``: ``discarded_if_controller_wounded``).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from ..cards import rolls
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


ITEM_RULE = "MECCG-FX-17"


def item_discards(setups, per_strike) -> dict[str, dict]:
    """For ``odds``: each item that kept its bearer unwounded in a strike he lost (Sable Shield), its
    bearer and the chance it is discarded: he loses the strike, then rolls above the item's number."""
    out: dict[str, dict] = {}
    for s, dist in zip(setups, per_strike):
        for side, lost in ((s.defender, "succeeds"), (s.attacker, "fails")):
            if side.unwounded_by:
                item, above = side.unwounded_by
                p = dist.prob(lambda o, r=lost: o.result == r) * rolls.chance_above(0, above)
                out[item] = {"bearer": side.member.name, "above": above, "p": p, "rule": ITEM_RULE}
    return out
