"""Equipment attached and detached in a showdown (RB-CARD-14), read by the one interpreter.

An Equipment gives its Might bonus (the data's ``equip_might_bonus``, RB-CARD-5) to the unit it is
attached to, and only while attached. Three effect kinds of the data move it:

* ``attach_or_detach_equipment`` ("Choose a unit and an Equipment with the same controller. Attach
  that Equipment to that unit or detach that Equipment from that unit", Angle Shot): the entry says
  which, ``attach: NAME`` or ``detach: NAME``;
* ``detach_equipment`` ("detach an Equipment from it"): ``detach: NAME``, or the unit's only one;
* ``attach_equipment`` of an Equipment card itself ("When you play this from face down, attach it to
  a unit you control (here)", Edge of Night), and Quick-Draw (CR 819.1.b): the card played attaches
  to the friendly unit the entry names.

Attaching moves the Equipment from the unit it was on (that unit loses the bonus) or from its
controller's unattached gear (a side's ``gear:``); detaching leaves it in play unattached, under the
same controller. Every change is a :class:`~.interpreter.Change` of kind ``equip`` the showdown
applies (``how``: ``attach`` | ``detach``; ``keyword``: the Equipment; ``amount``: its bonus, None
when the data has none, which is then NOT MODELLED, RB-CARD-4).
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from .plays import Board, Change, Play, Unmodelled, play_error as _err
from .spells import Card, load_cards

#: why an Equipment's Might bonus is not modelled when the data has none: its printed text gives only the
#: Equip cost, and the data README names no other source for the Might printed on the card
NO_BONUS = ("in no source (equip_might_bonus is null; its text gives only the Equip cost): state the bonus printed "
            "on the card where it is attached, `equipment: [{card: NAME, might_bonus: N}]` (RB-CARD-5)")
#: the effect kinds this module reads
KINDS = ("attach_or_detach_equipment", "detach_equipment", "attach_equipment")
#: an ability's "you may attach one of its Equipment to me" (Azir, Ascendant): the unit it chose
TAKEN = "one of the chosen unit's Equipment"
#: a spell's "You may attach up to one Equipment with the same controller to it" (Relentless Pursuit): the unit it
#: chose; the entry's ``attach:`` names the Equipment, not given: none
SAME_CONTROLLER = "an Equipment with the same controller"
#: a unit's trigger "you may play an Equipment with Energy cost no more than N, ignoring its cost. If you do, then
#: do this: Attach it to me" (Rell, Magnetic): the Equipment its player plays from hand, the entry's ``attach:``
#: (its printed Energy cost at most the record's ``energy_max``); not given: none played
FROM_HAND = "an Equipment its player plays from hand"
#: the trigger of an Equipment that attaches itself as it is played from facedown (Edge of Night)
FACEDOWN_PLAY = "When you play this from face down"
#: a unit's "move an enemy gear to your base. You control it until I leave the board. If it's an Equipment, attach it
#: to me" (Akshan, Mischievous): the gear the entry's ``attach:`` names (``from:`` the enemy unit it is attached to)
ENEMY_GEAR = "an enemy gear its player takes control of"
#: ``Change.new`` of an Equipment that changes controller as it moves (:data:`ENEMY_GEAR`), and ``Change.how`` of a
#: gear that is not an Equipment taken so (moved to the taker's base, attached to nothing)
TAKEN_OVER = "taken"


#: an Equipment's ``while_attached`` effect: "The equipped unit becomes a copy of that unit for as long as this is
#: attached to it" (Shady Spectacles), the other friendly unit chosen as it attached (a unit's Equipment entry's
#: ``copy_of:``)
BECOME_COPY = "become_copy"
#: an Equipment's ``while_attached`` effect: "copy that unit's text to this Equipment's effect text" (Svellsongur)
COPY_TEXT = "copy_text"


#: what a unit with such an Equipment names when the unit it copies is not stated (RB-CARD-4)
COPY_UNSTATED = "the equipped unit becomes a copy of another friendly unit"


def makes_copy(card: Card) -> bool:
    """Whether the Equipment makes the unit it is attached to a copy of another unit (:data:`BECOME_COPY`)."""
    return any(w.get("effect") == BECOME_COPY for w in card.while_attached)


def copies_text(card: Card) -> bool:
    """Whether the Equipment copies the text of the unit it is attached to (:data:`COPY_TEXT`)."""
    return any(w.get("effect") == COPY_TEXT for w in card.while_attached)


def copied_text_matters(card_id: str | None) -> bool:
    """Whether an Equipment copying its unit's text (:data:`COPY_TEXT`) could change a combat on the unit of card
    ``card_id``: one with printed combat text (keywords, abilities, conditional keywords, clauses not structured), or a
    custom unit (None), whose text is not known (RB-CARD-4)."""
    from .units import load_units

    card = load_units().unit(card_id) if card_id else None
    return card is None or bool(card.keywords or card.abilities or card.conditional_keywords or card.unparsed)


#: RB-CARD-14, RB-SHOW-4: why an Equipment's [Equip] ability, and what its text prints about its cost, is used by no
#: verb: it has neither Action nor Reaction, so it is not used in a showdown
EQUIP_UNUSED = ("[Equip] is an activated ability without Action or Reaction: it is not used in a showdown (RB-CARD-14, "
                "RB-SHOW-4), so no verb pays its cost (not with card_costs=stated either, RB-CARD-2) and this changes "
                "no combat answer; an Equipment is stated attached (`equipment:`) or attached by a card")
_EQUIP = re.compile(r"^\[?Equip\]?(?![A-Za-z])\s*(?:—\s*)?(?P<rest>.*)$", re.M)
_SYMBOL = re.compile(r":rb_[a-z_0-9]+:")


def equip_clauses(card: Card) -> tuple[str | None, list[str]]:
    """The Equipment's printed [Equip] ability, read from its text: its cost (symbols as the text gives them, None when
    the text has no [Equip]) and what the text prints beyond Energy and runes (RB-CARD-14): a cost part that is no
    symbol ("Kill a friendly unit", "Spend 1 XP", "Recycle 2 cards from your trash") and a sentence changing the
    ability's cost ("This ability's Energy cost is reduced by the Might of the unit you choose")."""
    m = _EQUIP.search(str(getattr(card, "text", "") or ""))
    if m is None:
        return None, []
    cost, _, after = m.group("rest").split("(")[0].partition(".")  # up to its reminder text
    extra = [p.strip() for p in cost.split(",") if p.strip() and _SYMBOL.sub("", p).strip(" ,—")]
    extra += [f"{x.strip()}." for x in after.split(".") if x.strip() and "cost" in x.lower()]
    return cost.strip(), extra


def symbols_text(cost: str | None) -> str:
    """A printed cost's symbols in words (``:rb_energy_3:`` 3 Energy, ``:rb_rune_fury:`` a Fury rune, ``:rb_rune_rainbow:``
    a rune of any domain)."""
    def word(m: re.Match) -> str:
        name = m.group(0)[4:-1]
        if name.startswith("energy_"):
            return f"{name[7:]} Energy"
        rune = name[5:] if name.startswith("rune_") else name
        return "a rune of any domain" if rune == "rainbow" else \
            f"{'an' if rune[:1] in 'aeiou' else 'a'} {rune.capitalize()} rune"

    return ", ".join(p for p in (_SYMBOL.sub(lambda m: word(m) + ",", str(cost or "")).replace(",,", ",")
                                 .split(",")) if p.strip()).replace("  ", " ").strip()


def attached_reading(card: Card) -> list[dict]:
    """What the model reads of the Equipment's ``while_attached`` effects (``{what, how}``, for the card listing)."""
    if makes_copy(card):
        return [{"what": COPY_UNSTATED,
                 "how": "stated attached with the unit it copies (`equipment: [{card: NAME, copy_of: UNIT}]`), or "
                        "attached by a card in the showdown with the entry's `copy_of: UNIT` (another unit of its "
                        "controller in play): the unit is that card (its printed Might, keywords, tags and abilities; its "
                        "own name kept as the scenario's), keeping its damage, buff, Might changes, Equipment, statuses "
                        "and the keywords it was given; detached, it is its own card again; the unit copied not "
                        "stated: named NOT MODELLED (RB-CARD-14, RB-CARD-4)"}]
    return []


def recast_change(c: Change, play: Play, board: Board) -> Change | None:
    """After ``c`` (applied to ``board``): an Equipment that makes its unit a copy (:data:`BECOME_COPY`) attached, with
    the unit the entry's ``copy_of:`` names, or detached from a copy: the unit's change of card (kind ``recast``:
    ``new`` ``("copy", UNIT)``, a copy of that unit; ``("own", None)``, its own card again), else None (RB-CARD-14)."""
    gear = load_cards().find(c.keyword) if c.kind == "equip" and c.keyword else None
    if gear is None or not makes_copy(gear) or c.unit not in board.units:
        return None
    u = board.units[c.unit]
    if c.how == "detach":
        return Change("recast", c.unit, keyword=gear.name, new=("own", None), rules=("RB-CARD-14",)) \
            if u.copy_of is not None else None
    src = play.copy_of
    if src is None:
        return None  # (named: :func:`copies_named`)
    side = c.new[1] if isinstance(c.new, tuple) else u.side  # (an Equipment taken: its new controller's)
    if src == c.unit or src not in board.units or board.where(src) is None or board.units[src].side != side:
        raise _err(play, f"`copy_of: {src}`: {gear.name} makes {c.unit} a copy of another unit its controller has "
                   "in play (\"choose another friendly unit\")", "RB-CARD-14", "copy_of")
    return Change("recast", c.unit, keyword=gear.name, new=("copy", src), rules=("RB-CARD-14",))


def copies_named(changes: list[Change], play: Play, board: Board) -> list:
    """RB-CARD-4: the :class:`~.plays.Unmodelled` of the Equipment among ``changes`` that makes its unit a copy,
    attached with no unit stated (``copy_of:``), and of one copying its unit's text (:data:`COPY_TEXT`) attached to
    or detached from a unit with printed text; a ``copy_of:`` with no such Equipment attached is refused."""
    named = []
    for c in changes:
        gear = load_cards().find(c.keyword) if c.kind == "equip" and c.keyword else None
        if gear is None or not gear.while_attached or c.unit not in board.units:
            continue
        u = board.units[c.unit]
        if copies_text(gear):
            if copied_text_matters(u.card_id):
                named += [Unmodelled(gear.name, f"its clause(s) \"{clause}\" ({c.how}ed: {c.unit})", why)
                          for clause, why in gear.not_modelled]
        elif c.how == "attach" and play.copy_of is None:
            named.append(Unmodelled(gear.name, f"{COPY_UNSTATED} (attached: {c.unit})",
                                    f"which unit it copies is not stated: give the entry's `copy_of: UNIT`, another "
                                    f"unit of {c.unit}'s controller in play (RB-CARD-14)"))
    if play.copy_of is not None and not any(c.kind == "equip" and c.how == "attach" and c.keyword
                                            and makes_copy(load_cards().card(c.keyword)) for c in changes) \
            and not any(c.kind == "gear_enters" and c.note == UNIT_GONE for c in changes):  # (RB-CARD-11: no unit)
        raise _err(play, "`copy_of:` names the unit an Equipment that makes its unit a copy (Shady Spectacles) copies "
                   "as the card attaches it; this play attaches none", "RB-CARD-14", "copy_of")
    return named


def stated_bonus(units: Mapping[str, Any], equipment: str) -> int | None:
    """RB-CARD-5: the Might bonus the scenario states for ``equipment`` (whose bonus the data lacks) on any unit: one
    card, one printed bonus, wherever it is attached later; None when stated nowhere."""
    return next((b for u in units.values() for g, b in u.stated_bonus if g == equipment), None)


def support(e: Mapping[str, Any]) -> tuple[bool, str]:
    """``(modelled, how or why not)`` for an effect of :data:`KINDS`."""
    k = e.get("effect")
    tgt = e.get("target") or {}
    if k == "attach_or_detach_equipment":
        return True, ("attaches or detaches the Equipment the entry names (`attach: NAME` or `detach: NAME`, "
                      "same controller as the unit): its Might bonus comes or goes with it (RB-CARD-14)")
    if k == "detach_equipment":
        return True, "detaches the Equipment the entry names (`detach: NAME`): the unit loses its Might bonus (RB-CARD-14)"
    if k == "attach_equipment" and e.get("trigger") == FACEDOWN_PLAY and "ref" not in tgt:
        return True, "played from facedown, it attaches to the friendly unit the entry names: +its Might bonus (RB-CARD-14)"
    if k == "attach_equipment" and tgt.get("ref") == "chosen" and e.get("what") == SAME_CONTROLLER:
        return True, ("attaches to the unit it chose the Equipment the entry names (`attach: NAME`, `from: UNIT` when "
                      "another unit has it), one its controller controls: its Might bonus comes with it, taken from "
                      "the unit it was on; not given: none is attached (\"up to one\") (RB-CARD-14, RB-CARD-1)")
    if k == "attach_equipment" and tgt.get("ref") in ("self", "source") and e.get("what") == TAKEN:
        return True, ("attaches to its unit the Equipment the entry names (`attach: NAME`), taken from the unit the "
                      "ability chose; not given: declined (RB-CARD-14)")
    if k == "attach_equipment" and tgt.get("ref") in ("self", "source") and e.get("what") == ENEMY_GEAR:
        return True, ("takes the enemy gear the entry names (`attach: GEAR`, `from: UNIT` when an enemy unit has it "
                      "attached): an Equipment is attached to its unit under its player's control, its Might bonus "
                      "leaving the enemy unit for it; another gear moves to its player's base, attached to nothing "
                      "(RB-CARD-14)")
    if k == "attach_equipment" and tgt.get("ref") in ("self", "source") and e.get("what") == FROM_HAND:
        return True, (f"plays from its player's hand the Equipment the entry names (`attach: NAME`, Energy cost at most "
                      f"{e.get('energy_max')}), ignoring its cost, attached to its unit: +its Might bonus; not given: "
                      "none played (\"you may\") (RB-CARD-14)")
    return False, "attaching an Equipment other than the card played is not modelled"


def takes(card: Card) -> bool:
    """Whether the card's effects read an entry's ``attach:`` / ``detach:``."""
    return any(e.get("effect") in ("attach_or_detach_equipment", "detach_equipment")
               or e.get("effect") == "attach_equipment" and e.get("what") in (TAKEN, SAME_CONTROLLER, FROM_HAND,
                                                                              ENEMY_GEAR)
               for e in card.effects)


def quick_draw(card: Card) -> bool:
    """A Quick-Draw Equipment: played (it has Reaction), it attaches to a unit its player controls
    (CR 819.1.b, RB-CARD-5)."""
    return card.equipment and any(k == "Quick-Draw" for k, _ in card.keywords)


def attach_played(play: Play, board: Board, name: str) -> list[Change]:
    """The Equipment card played attaches to ``name`` (Quick-Draw; Edge of Night from facedown)."""
    card = play.card
    return [Change("equip", name, card.equip_might_bonus, keyword=card.name, how="attach",
                   rules=("RB-CARD-14", "RB-CARD-5"), note=f"{card.name} is played and attached to {name}",
                   new="played")]  # a card from hand: not one of the unattached Equipment already in play


#: the note of a Quick-Draw Equipment whose unit left play before it resolved (:func:`enters_unattached`)
UNIT_GONE = "its unit left play before it resolved"


def enters_unattached(play: Play) -> list[Change]:
    """RB-CARD-11 with RB-CARD-14: a Quick-Draw Equipment whose unit left play while it was on the chain is played
    all the same; its "When you play this, attach it to a unit you control" (CR 819.1.d) has no unit to attach to
    and does nothing (CR 055), so the Equipment enters play attached to no unit, under its player, where a later
    card may attach it."""
    return [Change("gear_enters", keyword=play.card.name, how=play.by, rules=("RB-CARD-14", "RB-CARD-11"),
                   note=UNIT_GONE)]


def _source(play: Play, board: Board, unit: str, equipment: str) -> str | None:
    """Where the Equipment the play attaches to ``unit`` comes from: the unit the entry's ``from:``
    names, else an unattached one of its controller (``"gear"``), else the one other unit of the same
    controller that has one; None when the controller has none (RB-CARD-1, RB-CARD-14)."""
    side = board.units[unit].side
    holders = [n for n, u in board.units.items()
               if u.side == side and board.where(n) is not None and equipment in u.equipment and n != unit]
    if play.attach_from is not None:
        if play.attach_from not in holders:
            raise _err(play, f"`from: {play.attach_from}`: not a unit of the same controller as {unit} with "
                       f"{equipment} attached", "RB-CARD-1", "from")
        return play.attach_from
    if equipment in board.gear.get(side, ()):
        return "gear"
    if len(holders) > 1:
        raise _err(play, f"{', '.join(holders)} each have {equipment}: give `from: UNIT` (whose {equipment})",
                   "RB-CARD-14", "from")
    if holders:
        return holders[0]
    return unit if equipment in board.units[unit].equipment else None


def _equipment(play: Play, name: str, field: str) -> Card:
    gear = load_cards().find(name)
    if gear is None or not gear.equipment:
        raise _err(play, f"`{field}: {name}` is not an Equipment card", "RB-CARD-14", field)
    return gear


def attach_or_detach(e, play: Play, board: Board, name: str, names) -> list[Change]:
    """Angle Shot: attach the named Equipment to ``name``, or detach it from ``name`` (RB-CARD-14)."""
    if (play.attach is None) == (play.detach is None):
        raise _err(play, "give `attach: EQUIPMENT` or `detach: EQUIPMENT` (which Equipment, and which of the two)",
                   "RB-CARD-14", "attach")
    if play.detach is not None:
        return detach(e, play, board, name, names)
    return attach_named(play, board, name)


def attach_named(play: Play, board: Board, name: str) -> list[Change]:
    """The Equipment the entry's ``attach:`` names, one ``name``'s controller controls, attached to ``name``: taken
    from the unit it is on (``from:``), else from the unattached ones (RB-CARD-14, RB-CARD-1)."""
    gear = _equipment(play, play.attach, "attach")
    u = board.units[name]
    where = _source(play, board, name, gear.name)
    if where is None:
        raise _err(play, f"{u.side}'s player controls no {gear.name} (on a unit or in its `gear:`): the Equipment "
                   f"and {name} must have the same controller", "RB-CARD-1", "attach")
    if where == name:
        return [Change("none", name, note=f"{gear.name} is already attached to {name}", rules=("RB-CARD-14",))]
    out = []
    if where != "gear":
        out.append(Change("equip", where, gear.equip_might_bonus, keyword=gear.name, how="detach",
                          rules=("RB-CARD-14",)))
    out.append(Change("equip", name, gear.equip_might_bonus, keyword=gear.name, how="attach", rules=("RB-CARD-14",)))
    return out


def detach(e, play: Play, board: Board, name: str, names) -> list[Change]:
    """Detach the named Equipment (or the unit's only one) from ``name`` (RB-CARD-14)."""
    u = board.units[name]
    if play.detach is None:
        if len(set(u.equipment)) != 1:
            raise _err(play, f"{name} has " + (f"several Equipment ({', '.join(u.equipment)})" if u.equipment
                                                else "no Equipment") + ": give `detach: EQUIPMENT`",
                       "RB-CARD-14", "detach")
        gear = _equipment(play, u.equipment[0], "detach")
    else:
        gear = _equipment(play, play.detach, "detach")
    if gear.name not in u.equipment:
        raise _err(play, f"{gear.name} is not attached to {name}"
                   + (f" (it has {', '.join(u.equipment)})" if u.equipment else " (it has no Equipment)"),
                   "RB-CARD-1", "detach")
    return [Change("equip", name, gear.equip_might_bonus, keyword=gear.name, how="detach", rules=("RB-CARD-14",))]


def attach_self(e, play: Play, board: Board, name: str, names) -> list[Change]:
    """An Equipment's own "attach it to a unit you control" as it is played (Edge of Night); a unit
    ability's "you may attach one of its Equipment to me" (Azir, Ascendant: ``attach:`` names it, from
    the unit the ability chose)."""
    if e.get("what") == SAME_CONTROLLER:  # "You may attach up to one Equipment with the same controller to it"
        if play.attach is None:
            return [Change("none", name, note="no Equipment attached (\"up to one\": the entry names none, `attach:`)",
                           rules=("RB-CARD-14",))]
        return attach_named(play, board, name)
    if e.get("what") == FROM_HAND:  # "you may play an Equipment ..., ignoring its cost. ... Attach it to me"
        if play.attach is None:
            return [Change("none", name, note="no Equipment played (the entry names none: `attach:`)",
                           rules=("RB-CARD-14",))]
        gear = _equipment(play, play.attach, "attach")
        most = e.get("energy_max")
        if most is not None and (gear.energy_cost or 0) > int(most):
            raise _err(play, f"{gear.name} costs {gear.energy_cost} Energy: the ability plays an Equipment with "
                       f"Energy cost no more than {most}", "RB-CARD-1", "attach")
        return [Change("equip", name, gear.equip_might_bonus, keyword=gear.name, how="attach",
                       rules=("RB-CARD-14", "RB-CARD-5"), new="played",
                       note=f"its player plays {gear.name} from hand, ignoring its cost, attached to {name}")]
    if e.get("what") == ENEMY_GEAR:
        return take_enemy(play, board, name)
    if e.get("what") == TAKEN:
        if play.attach is None:  # "you may": not given, declined
            return [Change("none", name, note="no Equipment attached (the entry names none: `attach:`)",
                           rules=("RB-CARD-14",))]
        gear = _equipment(play, play.attach, "attach")
        chosen = next((t for t in play.targets if t != name), None)
        if chosen is None or gear.name not in board.units[chosen].equipment:
            raise _err(play, f"{gear.name} is not attached to the unit the ability chose"
                       + (f" ({chosen})" if chosen else ""), "RB-CARD-1", "attach")
        return [Change("equip", chosen, gear.equip_might_bonus, keyword=gear.name, how="detach", rules=("RB-CARD-14",)),
                Change("equip", name, gear.equip_might_bonus, keyword=gear.name, how="attach", rules=("RB-CARD-14",))]
    if not play.card.equipment:
        raise _err(play, "only an Equipment attaches itself", "RB-CARD-14")
    return attach_played(play, board, name)


def take_enemy(play: Play, board: Board, name: str) -> list[Change]:
    """Akshan, Mischievous: the enemy gear the entry's ``attach:`` names moves to ``name``'s player's control; an
    Equipment is attached to ``name`` (taken from the enemy unit it was on, ``from:``, or from the enemy's unattached
    ones), another gear goes to his base (RB-CARD-14, RB-CARD-1)."""
    me = board.units[name]
    if play.attach is None:
        raise _err(play, "give `attach: GEAR`, the enemy gear it takes (and `from: UNIT` when an enemy unit has it "
                   "attached)", "RB-CARD-1", "attach")
    gear = load_cards().find(play.attach)
    if gear is None or gear.type != "gear":
        raise _err(play, f"`attach: {play.attach}` is not a gear card", "RB-CARD-1", "attach")
    enemy = "defender" if me.side == "attacker" else "attacker"
    if not gear.equipment:
        if play.attach_from is not None:
            raise _err(play, f"`from: {play.attach_from}`: {gear.name} is not an Equipment, attached to no unit",
                       "RB-CARD-1", "from")
        return [Change("none", name, keyword=gear.name, how=TAKEN_OVER, rules=("RB-CARD-14",),
                       note=f"{gear.name} (the {enemy}'s) moves to the {me.side}'s base under his control: not an "
                            "Equipment, it attaches to nothing")]
    holders = [n for n, u in board.units.items()
               if u.side == enemy and board.where(n) is not None and gear.name in u.equipment]
    if play.attach_from is not None:
        if play.attach_from not in holders:
            raise _err(play, f"`from: {play.attach_from}`: not an enemy unit with {gear.name} attached", "RB-CARD-1",
                       "from")
        where = play.attach_from
    elif gear.name in board.gear.get(enemy, ()):
        where = "gear"
    elif len(holders) == 1:
        where = holders[0]
    elif holders:
        raise _err(play, f"{', '.join(holders)} each have {gear.name}: give `from: UNIT` (whose {gear.name})",
                   "RB-CARD-14", "from")
    else:
        raise _err(play, f"the {enemy} controls no {gear.name} in play (on a unit or in his `gear:`)", "RB-CARD-1",
                   "attach")
    out = []
    if where != "gear":
        out.append(Change("equip", where, gear.equip_might_bonus, keyword=gear.name, how="detach", new=TAKEN_OVER,
                          rules=("RB-CARD-14",)))
    out.append(Change("equip", name, gear.equip_might_bonus, keyword=gear.name, how="attach", new=(TAKEN_OVER, enemy),
                      rules=("RB-CARD-14", "RB-CARD-5"),
                      note=f"the {me.side} takes control of {gear.name} (the {enemy}'s) and attaches it to {name}"))
    return out


HANDLERS = {"attach_or_detach_equipment": attach_or_detach, "detach_equipment": detach,
            "attach_equipment": attach_self}
