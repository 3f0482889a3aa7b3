"""Units' Deathknell ("When I die") abilities fired in a showdown (RB-CARD-19), read from the unit data.

A unit killed at a showdown cleanup (or by a card) at the battlefield dies there: its Deathknell
ability goes on the chain and resolves like a combat trigger (RB-CARD-10), read by the one
interpreter, "my battlefield" being where it died. One that needs no choice acts on every unit that
fits (Kog'Maw, Caustic's "Deal 4 to all units at my battlefield"). One that needs a choice (Ruined Rex's
"deal 4 to an enemy unit") has it stated like the other triggers fired during the showdown: an entry
``{trigger: UNIT, when: dies, target: ...}`` right after the entry whose resolution kills the unit (RB-CARD-10);
not stated, it is named NOT MODELLED as it fires (RB-CARD-4). A death at the combat cleanup after combat
damage: whether its Deathknell resolves before the Resolution Step decides who holds the battlefield is
a rules question the rules digest does not settle, read as the flag ``deathknell_at_combat_cleanup`` says
(:data:`FLAG`; by default it is not fired there and is named NOT MODELLED, RB-CARD-4).

>>> from pycombat.games.riftbound.cards.units import load_units
>>> [e["amount"] for e in read(load_units().unit("Kog'Maw, Caustic"))], choice_of(read(load_units().unit("Kog'Maw, Caustic")))
([4], None)
>>> [e["amount"] for e in read(load_units().unit("Ruined Rex"))], choice_of(read(load_units().unit("Ruined Rex")))
([4], 'its target')
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
                "the model does not settle (RB-READ-8: the flag deathknell_at_combat_cleanup=after_result reads it as "
                "resolving after the result)")
#: RB-READ-8: the flag that reads a Deathknell at the combat cleanup, and its default (card_flags.md)
FLAG, DEFAULT = "deathknell_at_combat_cleanup", "open"
#: its reading "after the result": the Deathknell cannot change the combat's outcome
AFTER_RESULT = "after_result"


def after_result(flags) -> bool:
    """RB-READ-8 [deathknell_at_combat_cleanup=after_result]: a Deathknell at the combat cleanup resolves after the
    Result (RB-RES-3): it cannot change this combat's outcome."""
    return (flags or {}).get(FLAG, DEFAULT) == AFTER_RESULT


def at_base_only(e: dict[str, Any]) -> bool:
    """Whether the Deathknell effect ``e`` acts only at its player's base (a unit token played there: Carrion Dredger,
    Noxian Emissary): resolved before or after the Result, it leaves the units at the battlefield as they are."""
    return e.get("effect") == "create_unit_token" and e.get("to") == "base"


def _deathknells(card) -> list[dict]:
    return [e for e in card.abilities if e.get("trigger") == TRIGGER and not e.get("activated")]


#: the kind of a showdown entry ``{trigger: UNIT, when: dies}`` that states a Deathknell's choice (RB-CARD-10)
KIND = "dies"


def read(card) -> tuple[dict, ...]:
    """The unit card's Deathknell effects fired in a showdown: all of them, when each is read (a choice among
    them is stated by an entry, :func:`choice_of`); else none."""
    es = _deathknells(card)
    if es and not unread(card):
        return tuple(es)
    return ()


def why_not(e: dict[str, Any]) -> str | None:
    """Why the Deathknell effect ``e`` is not fired in a showdown (None: it is read)."""
    ok, why = effect_support(as_ability(e))
    return None if ok else why


def choice_of(effects) -> str | None:
    """What the player chooses for the Deathknell as the unit dies (None: it resolves by itself), stated by an
    entry ``{trigger: UNIT, when: dies, ...}`` right after the entry whose resolution kills it (RB-CARD-10)."""
    return needs_choice(effects) if effects else None


def how(effects) -> str:
    """How the Deathknell is fired in a showdown, for the card lookup."""
    choice = choice_of(effects)
    if choice == "whether I'm [Empowered]":  # RB-CARD-9: the unit's stated status decides it (triggers.empowered_only)
        return ("fired as the unit dies at the battlefield in the showdown, read like a combat trigger, \"my battlefield\" "
                "where it died; \"if I'm [Empowered]\" as the unit's `empowered: true|false` states (not stated: "
                f"stated by an entry `{{trigger: UNIT, when: {KIND}, condition: true|false}}` right after the entry whose "
                "resolution kills it) (RB-CARD-19, RB-CARD-10, RB-CARD-9)")
    return ("fired as the unit dies at the battlefield in the showdown, read like a combat trigger, \"my battlefield\" "
            "where it died" + (f"; {choice} is the player's as it dies, stated by an entry `{{trigger: UNIT, when: {KIND}, "
                               "...}` right after the entry whose resolution kills it (not stated: named as not "
                               "modelled as it fires)" if choice else "") + " (RB-CARD-19, RB-CARD-10)")


def unread(card) -> list[tuple[dict, str]]:
    """The Deathknell effects that keep the card's Deathknell from being fired, each with why."""
    return [(e, why) for e in _deathknells(card) if (why := why_not(e)) is not None]


def is_read(e: dict[str, Any], card) -> bool:
    """Whether ``e`` is a Deathknell effect of ``card`` the showdown fires (RB-CARD-19)."""
    return any(e is x for x in read(card))
