"""Units' activated abilities used in a showdown (RB-CARD-17), read from the unit data.

A showdown entry ``{ability: Azir - Ascendant, target: Sand Soldier, attach: Long Sword}`` uses the
activated ability of a unit in play (at the battlefield or at its base), by the unit's controller.
Only an ability with [Action] or [Reaction] can be used in a showdown (RB-SHOW-4; a normal-speed one
is refused). Its effect records (those printed after one cost, in text order) are read by the one
interpreter like a card's, "me" being the unit (``ref: self``). Its cost is checked as a card's
(RB-CARD-2): with ``card_costs = stated`` the entry's ``paid: {energy, power}`` must cover the Energy
and the runes (Power) of the cost; an exhaust cost needs the unit ready, and leaves it exhausted, so
it is used once; "Use only once per turn" is used once. A cost the model cannot read (killing a
unit, discarding a card) is NOT MODELLED (RB-CARD-4).

>>> cost_parts("1 energy, 1 any-domain rune, exhaust")
(1, 1, True, [])
>>> cost_parts("1 calm rune")
(0, 1, False, [])
>>> cost_parts("kill a friendly unit, exhaust")
(0, 0, True, ['kill a friendly unit'])
"""
from __future__ import annotations

import re
from typing import Any

from pycombat.scenario import Node
from .ability_costs import cost_parts  # noqa: F401  (read here and by the gear's abilities)
from .spells import Card
from .statics import BORROW
from .triggers import as_ability
from .units import load_units

RULE = "RB-CARD-17"
#: the record keys of an activated ability that this module reads (its cost, speed and use limit)
ABILITY_KEYS = ("activated", "speed", "use_restriction")


def activated(card) -> list[tuple[str, str, tuple[dict, ...]]]:
    """The unit card's activated abilities: (cost, speed, effect records), in text order (records
    printed after one cost are one ability)."""
    out: list[tuple[str, str, list[dict]]] = []
    for e in card.abilities:
        if not e.get("activated"):
            continue
        if out and out[-1][0] == e["activated"] and out[-1][1] == e.get("speed"):
            out[-1][2].append(e)
        else:
            out.append((e["activated"], e.get("speed", "normal"), [e]))
    return [(c, s, tuple(es)) for c, s, es in out]


def reads(e: dict) -> tuple[bool, str]:
    """``(read, how or why not)`` for one effect record of an activated ability: its effect as the
    interpreter reads it, and its cost (Energy, runes, exhaust)."""
    from .interpreter import effect_support

    if e.get("speed") not in ("action", "reaction"):
        return False, "neither [Action] nor [Reaction]: not used in a showdown (RB-SHOW-4)"
    _, _, _, unread = cost_parts(e.get("activated", ""))
    if unread:
        return False, f"its cost ({', '.join(unread)}) is not modelled"
    return effect_support({k: v for k, v in as_ability(e).items() if k not in ABILITY_KEYS})


def borrows(unit) -> bool:
    """Whether the unit has the exhaust abilities of its player's other units (:data:`BORROW`)."""
    return any(e.get("effect") == BORROW for e in unit.statics)


def borrowable(card) -> list[tuple[str, str, tuple[dict, ...]]]:
    """The unit card's activated abilities a :data:`BORROW` unit has: those with an exhaust cost, usable in a
    showdown ([Action] or [Reaction], RB-SHOW-4)."""
    return [a for a in activated(card) if a[1] in ("action", "reaction") and cost_parts(a[0])[2]]


#: the parts of a gear's exhaust-ability cost a :data:`BORROW` unit pays beyond exhausting itself (the gear's own
#: entry reads them as changing no combat damage, :data:`.interpreter.KNOWN_KEYS`): None, read alike; else why not
GEAR_COST_PARTS = {
    "exhaust a unit you control": None,
    "kill this": ("\"Kill this\" in a gear's ability a unit has (Heimerdinger, Inventor): whether it kills the gear or "
                  "the unit that has the ability is a rules question the digest does not settle (RB-CARD-17, RB-CARD-4)"),
}


def gear_ability_card(unit, gear: Card, node: Node) -> Card:
    """The exhaust ability of a friendly gear that ``unit`` has (:data:`BORROW`), as a card for the interpreter: the
    gear's [Action] / [Reaction] activated effects, its cost exhausting ``unit`` (RB-CARD-17)."""
    effects = [e for e in gear.effects if e.get("activated")]
    costs = {str(e["activated"]) for e in effects}
    if gear.type != "gear" or len(costs) != 1 or not cost_parts(next(iter(costs)))[2]:
        raise node.error(f"{gear.name} is no gear with an exhaust ability for {unit.name} to have ({RULE})", "of")
    if gear.speed not in ("action", "reaction"):
        raise node.error(f"{gear.name}'s ability has neither [Action] nor [Reaction]: it cannot be used in a showdown "
                         "(RB-SHOW-4)", "of")
    (cost,) = costs
    energy, power, _, _ = cost_parts(cost)
    read = tuple({k: v for k, v in e.items() if k not in ABILITY_KEYS} for e in effects)
    return Card(id=f"{gear.id}/ability", name=f"{unit.name}'s ability (of {gear.name})", type="ability",
                speed=gear.speed, showdown_playable=True, energy_cost=energy, power_cost=power, effects=read, unparsed=0,
                domains=gear.domains, keywords=(("cost", cost), ("gear", gear.name), ("once", once(tuple(effects)))))


def ability_card(unit, node: Node, source=None) -> Card:
    """The unit's activated ability as a card for the interpreter (no card of its own: its cost, speed
    and effects); a unit with no such ability, or only normal-speed ones, is refused (RB-SHOW-4).
    ``source``: the friendly unit whose exhaust ability ``unit`` has (:data:`BORROW`) and uses."""
    owner = source or unit
    field = "of" if source is not None else "ability"
    if owner.card_id is None:
        raise node.error(f"{owner.name} is a custom unit or a token: it has no activated ability in the data "
                         f"({RULE})", field)
    card = load_units().unit(owner.card_id)
    found = activated(card) if source is None else borrowable(card)
    if not found:
        raise node.error(f"{owner.name} has no activated ability" + (" with an exhaust cost, usable in a showdown, for "
                                                                     f"{unit.name} to have" if source else "")
                         + f" ({RULE})", field)
    usable = [a for a in found if a[1] in ("action", "reaction")]
    if not usable:
        raise node.error(f"{unit.name}'s activated ability has neither [Action] nor [Reaction]: it cannot be used in "
                         "a showdown (RB-SHOW-4, CR 806.1.c)", "ability")
    if len(usable) > 1:  # no unit of the data has two; say so rather than guess
        raise node.error(f"{owner.name} has {len(usable)} activated abilities usable in a showdown; the model reads "
                         f"one per unit ({RULE})", field)
    cost, speed, effects = usable[0]
    energy, power, _, _ = cost_parts(cost)
    read = tuple({k: v for k, v in as_ability(e).items() if k not in ABILITY_KEYS} for e in effects)
    name = f"{unit.name}'s ability" + (f" (of {source.name})" if source is not None else "")
    return Card(id=f"{card.id}/ability", name=name, type="ability", speed=speed,
                showdown_playable=True, energy_cost=energy, power_cost=power, effects=read, unparsed=0,
                domains=card.domains, keywords=(("cost", cost), ("once", once(effects))))


def cost_of(card: Card) -> str | None:
    """The printed cost of an ability card built by :func:`ability_card`."""
    return dict(card.keywords).get("cost")


def once(effects: tuple[dict, ...]) -> bool:
    """Whether the ability may be used once this turn ("Use only once per turn")."""
    return any(str(e.get("use_restriction", "")).startswith("only once") for e in effects)


def facts(card: Card) -> dict[str, Any]:
    """What the showdown checks for an ability card: whether it exhausts its unit, whether it is once a
    turn, and the parts of its cost not read."""
    energy, power, exhaust, unread = cost_parts(cost_of(card) or "")
    return {"exhaust": exhaust, "once": bool(dict(card.keywords).get("once")), "unread": unread}


def use(play, board, used: dict[str, int], units: dict) -> list:
    """Check and pay the ability's cost as it is used (RB-CARD-17): its unit in play, ready when the cost
    exhausts it (it is exhausted after), not used before when it is once a turn. The parts of the cost
    not read, as :class:`~.plays.Unmodelled`."""
    from pycombat.frozen import replace

    from .plays import Unmodelled, play_error

    name = play.ability_of
    if board.where(name) is None:
        raise play_error(play, f"{name} is no longer in play: its ability cannot be used", RULE, "ability")
    if play.ability_from is not None and board.where(play.ability_from) is None:  # (:data:`BORROW`)
        raise play_error(play, f"{play.ability_from} is no longer in play: {name} no longer has its ability", RULE,
                         "of")
    f = facts(play.card)
    if f["once"] and used.get(name):
        raise play_error(play, f"{name}'s ability is used only once per turn; it was used earlier", RULE, "ability")
    if f["exhaust"]:
        if units[name].exhausted:
            raise play_error(play, f"{name} is exhausted: its cost exhausts it, so it needs a ready unit", RULE,
                             "ability")
        units[name] = replace(units[name], exhausted=True)
    used[name] = used.get(name, 0) + 1
    gear = dict(play.card.keywords).get("gear")  # (a gear's ability the unit has: gear_ability_card)
    out = []
    for part in f["unread"]:
        why = GEAR_COST_PARTS.get(part.lower(), "") if gear else ""
        if why is not None:  # (None: a gear's cost part read as changing no combat damage)
            out.append(Unmodelled(play.card.name, f"its cost {part!r}",
                                  why or "a cost other than Energy, runes and exhausting is not modelled"))
    return out
