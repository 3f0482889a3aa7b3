"""Which of a unit's printed abilities can act in a combat (RB-CARD-4): the rest of what
:mod:`.units` reads, with the modules that read the abilities played or replacing (RB-CARD-16..18)."""
from __future__ import annotations

from .abilities import reads
from .replacements import unit_saver
from .units import OUTSIDE_TRIGGERS, UnitCard


def can_act(e: dict, role: str, card: UnitCard) -> bool:
    """Whether a unit ability could change a combat in which its unit is on ``role``'s side: not an
    ability usable only outside a showdown (an activated ability at normal speed, CR 806.1.c), not an
    [Action] / [Reaction] ability the model reads (it acts when an ``ability:`` entry uses it, RB-CARD-17),
    not where the card may be played from hand (read when it is, RB-CARD-16), not a
    trigger that cannot fire here (:data:`OUTSIDE_TRIGGERS`; "When I attack" on a defender, "When I
    defend" on an attacker), and not the "don't take damage" clause the scenario's `immune:` states
    (RB-ORD-7). The others are named NOT MODELLED (RB-CARD-4)."""
    if e.get("activated") and e.get("speed") == "normal":
        return False
    if e.get("effect") == "play_location":  # where the card may be played from hand: read then (RB-CARD-16)
        return False
    if unit_saver(e):  # read from the board as units would die (RB-CARD-18)
        return False
    if e.get("activated"):  # an [Action] / [Reaction] ability is used by an `ability:` entry (RB-CARD-17)
        if reads(e)[0]:
            return False
    trigger = e.get("trigger")
    if trigger in OUTSIDE_TRIGGERS:
        return False
    if (trigger == "When I attack" and role == "defender") or (trigger == "When I defend" and role == "attacker"):
        return False
    return not (e.get("effect") == "prevent_damage" and card.damage_immunity_text)
