"""Replacement effects that stand on the board (RB-CARD-18), read from the card data.

* A unit's static death replacement (Soraka, Wanderer: "If another unit you control here would die,
  if it has less Might than me, instead heal it, exhaust it, and recall it"): while its source is in
  play, a friendly unit at the same location with less Might than the source, the moment it would
  die, is healed, exhausted and recalled instead. The units a cleanup kills are killed at once (CR
  323.5): the source is still in play when they would die, so it also saves a unit dying at the same
  cleanup as itself.
* A gear's death replacement (Zhonya's Hourglass: "If a friendly unit would die, kill this instead.
  Heal that unit, exhaust it, and recall it"): while the gear is in play (a side's ``gear:``, or played
  from facedown in the showdown), the next friendly unit that would die is recalled instead and the
  gear is killed. When several friendly units would die at once, which one it saves is its
  controller's choice: NOT MODELLED (RB-CARD-4), none is saved.
* "The next time that unit would be dealt damage this turn, prevent it" (Counter Strike): the next
  damage a card or ability deals to it in the showdown is prevented; if none comes first, the combat
  damage dealt to it, which is dealt at once (RB-DMG-4), is that next time: none is dealt.
* "Prevent all spell and ability damage this turn" (Unyielding Spirit): damage dealt by cards and
  abilities later in the showdown (fights included) is prevented; combat damage is not.

When several apply to one death, the unit's controller chooses which (CR 372): with the same result the
unit's own (RB-CARD-12: Tactical Retreat) is applied, then a unit's before a gear's; with different
results (Smite's banish, Soraka's recall; or two of the unit's own, Smite's banish and Highlander's recall) the choice is
NOT MODELLED.
"""
from __future__ import annotations

from typing import Any, Mapping

RULE = "RB-CARD-18"
#: what happens instead of dying (the narration)
RECALLED = "healed, exhausted and recalled"
#: the data's words for the gear's replacement and its second half
GEAR_RESULT = "kill this gear instead"
GEAR_PART = "the unit that would have died"
#: the data's words of the prevention of the next instance, and of spell and ability damage
NEXT_INSTANCE = "next instance"
SPELL_SCOPE = "spell and ability damage"


def unit_saver(e: Mapping[str, Any]) -> bool:
    """A unit's static "another unit you control here ... less Might than me ... recall it instead"."""
    t = e.get("target") or {}
    return (e.get("effect") == "death_replacement" and e.get("duration") == "static"
            and e.get("result") == "heal, exhaust and recall" and not e.get("condition")
            and t.get("count") == "all" and t.get("side") == "friendly" and t.get("kind") == "unit"
            and set(t) <= {"count", "side", "kind", "other", "location", "might_less_than"}
            and t.get("location") in (None, "same_location") and t.get("might_less_than") in (None, "self"))


def gear_saver(e: Mapping[str, Any]) -> bool:
    """A gear's "If a friendly unit would die, kill this instead" (and its second half, the recall)."""
    if e.get("effect") == "death_replacement":
        return e.get("result") == GEAR_RESULT and e.get("condition") == "a friendly unit would die"
    return e.get("effect") == "recall" and (e.get("target") or {}).get("ref") == GEAR_PART


def gear_card(card) -> bool:
    """Whether the gear card is read as a death replacement while in play."""
    return any(e.get("effect") == "death_replacement" and gear_saver(e) for e in card.effects) \
        and all(gear_saver(e) for e in card.effects)


def savers(unit) -> tuple[dict, ...]:
    """The unit's static death replacements (from its card's data)."""
    if unit.card_id is None:
        return ()
    from .units import load_units

    return tuple(e for e in load_units().unit(unit.card_id).abilities if unit_saver(e))


def saved_by(name: str, snapshot: Mapping[str, Any], where: Mapping[str, str | None]) -> str | None:
    """The unit whose static replacement saves ``name`` from dying now (RB-CARD-18), or None:
    ``snapshot`` the units as they are when they would die, ``where`` their locations."""
    v = snapshot[name]
    for src, s in snapshot.items():
        if src == name or s.side != v.side or where.get(src) is None:
            continue
        for e in savers(s):
            t = e["target"]
            if t.get("location") == "same_location" and where.get(src) != where.get(name):
                continue
            if t.get("might_less_than") == "self" and not v.current_might < s.current_might:
                continue
            return src
    return None
