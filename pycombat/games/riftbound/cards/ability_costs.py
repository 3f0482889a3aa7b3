"""The cost of an activated ability as the data words it ("1 energy, 1 calm rune, exhaust"): a leaf
module, read by units' abilities (:mod:`.abilities`) and gear's (:func:`.events.gear_ability_cost`).

>>> cost_parts("1 energy, 1 any-domain rune, exhaust")
(1, 1, True, [])
"""
from __future__ import annotations

import re

_ENERGY = re.compile(r"^(\d+) energy$")
_RUNE = re.compile(r"^(\d+) [\w-]+ runes?$")


def cost_parts(cost: str) -> tuple[int, int, bool, list[str]]:
    """An activated ability's cost as the data words it: (Energy, Power, exhaust, parts not read)."""
    energy = power = 0
    exhaust = False
    unread = []
    for part in (p.strip() for p in str(cost).split(",")):
        if part == "exhaust":
            exhaust = True
        elif m := _ENERGY.match(part):
            energy += int(m.group(1))
        elif m := _RUNE.match(part):
            power += int(m.group(1))
        elif part:
            unread.append(part)
    return energy, power, exhaust, unread


def gear_ability_cost(play) -> tuple[int, int, str] | None:
    """RB-CARD-2 with RB-CARD-17: the cost of the gear's [Action] ability that ``play`` uses (:func:`event_of` is
    ``gear_ability``): ``(Energy, Power, the cost in words)`` as its text prints it ("[Action] Kill this, exhaust":
    no Energy, no runes); the gear card's own cost was paid as it was played, before this showdown. None for any
    other play."""
    from .plays import event_of

    if event_of(play) != "gear_ability":
        return None
    printed = str(next(e["activated"] for e in play.card.effects if e.get("activated")))
    energy, power, _, _ = cost_parts(printed)
    return energy, power, f"{energy} Energy + {power} Power (its [Action] ability's cost: {printed!r})"
