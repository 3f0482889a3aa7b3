"""Units' Deathknell ("When I die") abilities fired in a showdown (RB-CARD-19), read from the unit data.

A unit killed at a showdown cleanup (or by a card) at the battlefield dies there: its Deathknell
ability goes on the chain and resolves like a combat trigger (RB-CARD-10), read by the one
interpreter, "my battlefield" being where it died. Read here: a Deathknell that needs no choice (it
acts on every unit that fits: Kog'Maw, Caustic's "Deal 4 to all units at my battlefield"). One that
needs a choice (Ruined Rex's "deal 4 to an enemy unit") is not read, and a death at the combat
cleanup after combat damage does not fire it here: whether its damage lands before the Resolution
Step decides who holds the battlefield is a rules question the model does not settle; the showdown
names both NOT MODELLED (RB-CARD-4).

>>> from pycombat.games.riftbound.cards.units import load_units
>>> [e["amount"] for e in read(load_units().unit("Kog'Maw, Caustic"))]
[4]
>>> read(load_units().unit("Ruined Rex")), [w for _, w in unread(load_units().unit("Ruined Rex"))]
((), ["its target is the player's choice as the unit dies: the showdown does not state it"])
"""
from __future__ import annotations

from typing import Any

from .interpreter import effect_support
from .triggers import as_ability, needs_choice

RULE = "RB-CARD-19"
TRIGGER = "When I die (Deathknell)"
#: why a Deathknell at the combat cleanup (after combat damage) is not fired
AFTER_COMBAT = ("should it die at the combat cleanup, its Deathknell is not fired: whether its effect resolves before "
                "the Resolution Step decides who is left at the battlefield (RB-RES-1, RB-RES-3) is a rules question "
                "the model does not settle")


def _deathknells(card) -> list[dict]:
    return [e for e in card.abilities if e.get("trigger") == TRIGGER and not e.get("activated")]


def read(card) -> tuple[dict, ...]:
    """The unit card's Deathknell effects fired in a showdown: all of them, when each is read and none
    needs a choice; else none."""
    es = _deathknells(card)
    if es and not unread(card):
        return tuple(es)
    return ()


def why_not(e: dict[str, Any]) -> str | None:
    """Why the Deathknell effect ``e`` is not fired in a showdown (None: it is read)."""
    ok, why = effect_support(as_ability(e))
    if not ok:
        return why
    choice = needs_choice([e])
    if choice is not None:
        return f"{choice} is the player's choice as the unit dies: the showdown does not state it"
    return None


def unread(card) -> list[tuple[dict, str]]:
    """The Deathknell effects that keep the card's Deathknell from being fired, each with why."""
    return [(e, why) for e in _deathknells(card) if (why := why_not(e)) is not None]


def is_read(e: dict[str, Any], card) -> bool:
    """Whether ``e`` is a Deathknell effect of ``card`` the showdown fires (RB-CARD-19)."""
    return any(e is x for x in read(card))
