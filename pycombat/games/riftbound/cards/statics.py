"""Units' static abilities (RB-CARD-9): Might and keywords a unit gives itself or others while it is
in play, read from its card's effect records (``duration: static``), never by card name.

A static ability holds as long as its source is in play and its condition holds; it stops the
moment the source leaves or the condition fails, so it is worked out afresh from the board
whenever a number is read (:class:`Live`). Read here:

* ``might_modifier`` with a fixed amount (``value``), to the source itself (``ref: self``) or to
  every unit that fits (friendly or enemy, ``other``, a ``tag``, a state: buffed or stunned,
  ``here`` = at the source's battlefield), with ``min_might`` ("to a minimum of 1");
* ``grant_keyword`` of Assault N, Shield N, Tank or Backline to the same targets (granted Deflect,
  Ganking and Vision change no combat damage, RB-MIGHT-10/11);
* ``might_modifier`` counted from the board (``value_per`` for each thing of :data:`PER`): "+1 Might
  for each buffed friendly unit at my battlefield" (Sett), "for each other unit you control here with
  my name" (Spiderling);
* ``equipment_might_double`` ("Each Equipment attached to me gives double its base Might bonus",
  Gearhead): the base bonus of each Equipment attached to it once more;
* ``grant_keyword`` of [Repeat] to its player's spells "while I'm in a showdown" (Syndra, Transcendent): read as
  a spell is played (:mod:`.repeat`, RB-CARD-25), no Might change;
* ``cost_modifier`` of spells "while I'm in combat" (Vex, Cheerless: friendly spells cost less, enemy
  spells more): read by the cost check (RB-CARD-2, :func:`spell_cost`), no Might change;
* the conditions the board decides: "while I'm attacking or defending alone", "while I'm buffed",
  "while you have another unit here", "while I'm at a battlefield", "while there's a stunned enemy
  unit here".

* what the scenario states of the unit's controller on its side (:class:`~..model.Player`, read by
  :func:`player_needs`): a Might change counted from his points or the cards in his trash
  (``value_from``), "+1 Might for each token unit you control" / "for each friendly gear" and
  "[Assault] equal to the number of gear you control" (the ones the scenario lists, counted from the
  board, and those it does not, stated on the side), the conditions "while you have 8+ runes", "if
  you've spent at least 2 Power / 4 Energy on a spell this turn", "if you've gained XP this turn"
  (:func:`player_condition`). Not stated: the ability is named NOT MODELLED by the reader, with the
  side's field to give.

Anything else (an amount counted from something the board does not hold, another condition) is not
read: the schema names it NOT MODELLED (RB-CARD-4), with the reason :func:`reads` gives.

>>> from pycombat.games.riftbound.cards.units import load_units
>>> [reads(e) for e in load_units().unit("Garen, Commander").abilities]
[None]
>>> e = load_units().unit("Master Yi, Meditative").abilities[0]
>>> reads(e), player_condition(e["condition"]), player_needs(e)
(None, ('runes', 8), 'runes')
>>> reads(load_units().unit("Sett, Kingpin").abilities[0]) is None  # counted from the board
True
>>> player_needs(load_units().unit("Ornn, Forge God").abilities[0])
'gear_elsewhere'
>>> reads(load_units().unit("Kayle, Justified").abilities[0]) is None  # the unit's own `empowered: N`
True
>>> reads(load_units().unit("Elder Dragon").abilities[0])
'a static lethal_damage_any'
"""
from __future__ import annotations

from collections.abc import Mapping
import re
from typing import Any, Iterator

from pycombat.frozen import replace
from ..model import Unit

RULE = "RB-CARD-9"
#: conditions decided from the board, as the data writes them
#: "I have +2 Might while I'm attacking with another unit" (Crimson Pigeons): an attacker with another friendly
#: unit at the battlefield
ATTACKING_WITH = "while I'm attacking with another unit"
#: "I have [Shield 3] while I'm at a battlefield with exactly one other unit you control" (Disciple of Shen)
PAIRED = "while I'm at a battlefield with exactly one other unit you control"
CONDITIONS = ("While I'm attacking or defending alone", "While I'm buffed", "While you have another unit here",
              "While I'm at a battlefield", "While I'm [Mighty]", "While there's a stunned enemy unit here",
              ATTACKING_WITH, PAIRED)
#: conditions the scenario states: the unit's Empowered status (``empowered:``), its controller's XP
#: (``xp:``; "[Level N]": while you have N+ XP, the cards' reminder text)
EMPOWERED = "I'm [Empowered]"
_LEVEL = re.compile(r"Level (\d+)")


def side_xp(units: Mapping[str, Unit], side: str) -> int | None:
    """The XP the player of ``side`` has now (RB-CARD-2: less what an XP cost spent earlier in the showdown), as his
    units in play carry it; None when the scenario states none. A unit entering play takes it, for its "[Level N]"
    abilities (RB-CARD-9)."""
    return next((v.xp for v in units.values() if v.side == side and v.xp is not None), None)


def xp_words(units: Mapping[str, Unit], side: str) -> str:
    """RB-CARD-2: the XP of ``side``'s player as the scenario states it (the side's ``xp:``) and, after an XP cost spent
    earlier in the showdown, what is left and who spent it: "attacker.xp: 7, 4 after Kha'Zix, Evolving Hunter's spend
    of 3"."""
    now = side_xp(units, side)
    spent = max((v.xp_spent for v in units.values() if v.side == side and v.xp is not None), key=len, default=())
    if now is None or not spent:
        return f"{side}.xp: {now}"
    how = ", then ".join(f"{who}'s spend of {n}" for who, n in spent)
    return f"{side}.xp: {now + sum(n for _, n in spent)}, {now} after {how}"


def level_of(cond: Any) -> int | None:
    """N of a "[Level N]" condition, else None."""
    m = _LEVEL.fullmatch(cond) if isinstance(cond, str) else None
    return int(m.group(1)) if m else None


def level_holds(cond: Any, xp: int | None) -> bool | None:
    """Whether a "[Level N]" condition holds for a player with ``xp`` XP ("While you have N+ XP, get the effect",
    RB-CARD-2): None when ``cond`` is no Level condition or the XP is not stated. The one reading of [Level N], for a
    unit's abilities and keywords (RB-CARD-9) and for a card's effects (RB-CARD-8) alike."""
    n = level_of(cond)
    return None if n is None or xp is None else xp >= n


#: the condition of a cost change read while its source is at the battlefield (its combat)
IN_COMBAT = "While I'm in combat"
#: what a ``value_per`` Might change counts that the board holds, as the data writes it (RB-CARD-9)
PER = ("buffed friendly unit at my battlefield", "other unit you control here with my name", "enemy unit here",
       "your units with [Temporary] at my battlefield")
#: a conditional keyword whose amount the board counts: "I have [Assault] equal to the number of enemy units here"
#: (Ancient Warmonger), "... gear you control" (with the side's `gear_elsewhere`), as the data writes its condition ->
#: what it counts (:data:`PER`, :data:`PER_PLAYER`)
KEYWORD_COUNTS = {"equal to the number of enemy units here": "enemy unit here",
                  "equal to the number of gear you control": "friendly gear"}
#: what a ``value_per`` Might change counts that the scenario states of the unit itself: "+2 Might for each time
#: I'm [Empowered]" (the unit's `empowered: N`, a card that "can be [Empowered] up to N times")
PER_SELF = ("time I'm [Empowered]",)
#: what a ``value_per`` Might change counts that the scenario does not hold, and why
PER_OPEN: dict[str, str] = {}
#: what a static ability reads of its controller, stated on his side of the scenario (:class:`~..model.Player`
#: field -> the side's key, as a message names it)
PLAYER_KEYS = {"points": "points: N", "trash": "trash: N", "runes": "runes: N",
               "power_spent": "spent_this_turn: {power: N}", "spell_energy": "spent_this_turn: {spell_energy: N}",
               "gained_xp": "gained_xp_this_turn: true|false", "tokens_elsewhere": "tokens_elsewhere: N",
               "gear_elsewhere": "gear_elsewhere: N"}
#: what each field says, for the reason an ability reading it is not modelled when it is not stated
PLAYER_WHY = {"points": "its player's points", "trash": "the cards in its player's trash",
              "runes": "the runes its player controls", "power_spent": "the Power its player spent this turn",
              "spell_energy": "the Energy its player spent to play a spell this turn",
              "gained_xp": "whether its player gained XP this turn",
              "tokens_elsewhere": "the token units its player controls beyond those in the scenario",
              "gear_elsewhere": "the gear its player controls beyond those the scenario lists"}
#: a Might change whose amount is read from its controller, as the data writes it (``value_from``) -> the field
VALUE_FROM = {"your points": "points", "the number of cards in your trash": "trash"}
#: what a ``value_per`` count reads beyond the board, as the data writes it (``per``) -> the field that completes it:
#: "each token unit you control" (the token units in the scenario, and those elsewhere), "each friendly gear" (the
#: gear the scenario lists: Equipment attached to the side's units and its `gear:`, and the rest)
PER_PLAYER = {"token unit you control": "tokens_elsewhere", "friendly gear": "gear_elsewhere"}
GAINED_XP = "If you've gained XP this turn"
_RUNES = re.compile(r"While you (?:have|control) (\d+)(?:\+| or more) runes")
_POWER = re.compile(r"If you've spent at least ((?::rb_rune_rainbow:)+) this turn")
_SPELL_ENERGY = re.compile(r"If you've spent :rb_energy_(\d+): or more to play a spell this turn")


def player_condition(cond: Any) -> tuple[str, int] | None:
    """A condition on the unit's controller the scenario states: (the :class:`~..model.Player` field it reads,
    the least value for which it holds), else None. ":rb_rune_rainbow:" is one Power of any domain.

    >>> player_condition("If you've spent at least :rb_rune_rainbow::rb_rune_rainbow: this turn")
    ('power_spent', 2)
    >>> player_condition("If you've spent :rb_energy_4: or more to play a spell this turn")
    ('spell_energy', 4)
    >>> player_condition("While you control 7 or more runes"), player_condition("While I'm buffed")
    (('runes', 7), None)
    """
    if not isinstance(cond, str):
        return None
    if cond == GAINED_XP:
        return "gained_xp", 1
    for field, rx in (("runes", _RUNES), ("power_spent", _POWER), ("spell_energy", _SPELL_ENERGY)):
        m = rx.fullmatch(cond)
        if m:
            return field, m.group(1).count(":rb_rune_rainbow:") if field == "power_spent" else int(m.group(1))
    return None


def condition_parts(cond: Any) -> tuple[str, ...]:
    """The parts of a condition the data joins with "; ", each of which must hold ("I'm [Empowered]; unless I'm
    in combat")."""
    return tuple(p.strip() for p in cond.split(";")) if isinstance(cond, str) else ()


def player_needs(e: Mapping[str, Any]) -> str | None:
    """The :class:`~..model.Player` field static ability ``e`` reads (its condition, its amount or what it
    counts beyond the board), else None."""
    pc = next((player_condition(p) for p in condition_parts(e.get("condition")) if player_condition(p)), None)
    if pc is not None:
        return pc[0]
    return VALUE_FROM.get(e.get("value_from")) or PER_PLAYER.get(e.get("per"))


def player_value(e: Mapping[str, Any], src: Unit) -> int | None:
    """What the scenario states for the field ``e`` reads of ``src``'s controller (None: not stated)."""
    field = player_needs(e)
    v = getattr(src.player, field) if field else None
    return None if v is None else int(v)
#: a unit is Mighty while it has 5+ Might (the cards' reminder text)
MIGHTY_AT = 5
#: "Your Equipment everywhere have [Quick-Draw]" (Jax, Unmatched): the target record of that grant
QUICK_DRAW_ALL = {"count": "all", "side": "friendly", "kind": "gear", "tag": "Equipment", "location": "anywhere"}
#: keywords a static ability may grant: read (changing combat), or changing no combat damage
READ_KEYWORDS = ("Assault", "Shield", "Tank", "Backline")
NO_COMBAT_KEYWORDS = ("Deflect", "Ganking", "Vision")
_TARGET_KEYS = {"count", "kind", "side", "other", "tag", "state", "location", "token"}


def reads(e: Mapping[str, Any]) -> str | None:
    """None when the static ability ``e`` is read here, else why not."""
    if e.get("duration") != "static" or e.get("trigger") or e.get("activated"):
        return "not a static ability"
    kind = e.get("effect")
    if kind == "cost_modifier":
        t = e.get("target") or {}
        return None if (e.get("condition") == IN_COMBAT and t.get("kind") == "spell"
                        and t.get("side") in ("friendly", "enemy") and set(t) == {"kind", "side"}) else \
            "a cost change the board does not decide"
    if kind == "equipment_might_double":
        return None if (e.get("target") or {}) == {"ref": "self"} and not e.get("condition") else \
            "its targets are not ones the board decides"
    if kind in ("no_combat_damage", "untargetable"):
        return _reads_guard(e)
    if kind == "prevent_damage":  # "can't be dealt damage", "prevent all damage enemy spells and abilities deal"
        return _reads_prevent(e)
    if kind == "ready_restriction":
        return None if (e.get("restriction"), _target_key(e), e.get("condition")) in READY_RESTRICTIONS else \
            f"a ready restriction ({e.get('restriction')}) the model does not check"
    if kind == "movement_restriction":
        return None if (e.get("restriction") == MOVE_TO_BASE and _target_key(e) in ("self", "all units")
                        and not e.get("condition")) else \
            f"a movement restriction ({e.get('restriction')}) the model does not check"
    if kind == "effect_replacement":  # "If a spell or ability that chooses me would stun me ... instead"
        return None if (e.get("replaces"), e.get("target")) == (CHOSEN_ME, {"ref": "self"}) \
            and _self_might(e.get("result")) \
            and all(p == EMPOWERED or level_of(p) is not None for p in condition_parts(e.get("condition"))) else \
            f"a static replacement of {e.get('replaces')}"
    if kind in PLAYER_GUARDS:  # "[Empowered] Your spells and abilities can't be countered" (Mel, Newly Awakened)
        return None if (e.get("scope"), e.get("target")) == PLAYER_GUARDS[kind] and isinstance(e.get("value", 0), int) \
            and all(p == EMPOWERED or level_of(p) is not None for p in condition_parts(e.get("condition"))) else \
            f"a static {kind} for {e.get('scope')}"
    if kind == "bonus_damage":  # "Your spells and abilities deal 1 Bonus Damage" (Annie, Fiery)
        return None if (e.get("scope") == YOUR_SPELLS_AND_ABILITIES and isinstance(e.get("amount"), int)
                        and not e.get("condition") and not e.get("target")) else \
            f"Bonus Damage for {e.get('scope')} the model does not add"
    if kind == BORROW:  # RB-CARD-17: used by an ability entry's `of:` (cards/abilities.py)
        return None if e.get("what") == "exhaust abilities" and (e.get("target") or {}) == {"ref": "self"} \
            and not e.get("condition") else f"abilities had from {e.get('what')}"
    if kind == TOKEN_COPY:  # RB-CARD-15: used by the entry's `extra_copy:` (cards/tokens.py)
        return None if (e.get("condition"), e.get("once"), e.get("optional")) == (AT_A_BATTLEFIELD, "each turn", True) \
            else f"a token replacement ({e.get('condition')}) the model does not apply"
    if kind == "extra_trigger":  # "Your [Deathknell] effects trigger an additional time" (Karthus): RB-CARD-19
        return None if (e.get("what"), e.get("target"), e.get("condition")) == EXTRA_DEATHKNELL else \
            f"an additional trigger of {e.get('what')} the model does not fire"
    if kind in RESTRICTIONS:
        return None if (e.get("restriction"), _target_key(e), e.get("condition")) in RESTRICTIONS[kind] else \
            f"a {kind.replace('_', ' ')} ({e.get('restriction')}) the model does not check"
    if kind not in ("might_modifier", "grant_keyword"):
        return f"a static {kind}"
    if kind == "might_modifier" and isinstance(e.get("value_per"), int):
        if e.get("per") not in PER and e.get("per") not in PER_PLAYER and e.get("per") not in PER_SELF:
            return PER_OPEN.get(e.get("per"), f"its amount is counted per {e.get('per')}, which the board does not hold")
        if (e.get("target") or {}) != {"ref": "self"}:
            return "its targets are not ones the board decides"
    elif kind == "might_modifier" and not isinstance(e.get("value"), int):
        if e.get("value_from") not in VALUE_FROM or (e.get("target") or {}) != {"ref": "self"} or e.get("condition"):
            return f"its amount is counted from {e.get('value_from') or 'something'}, which the board does not hold"
    if kind == "grant_keyword" and e.get("keyword") == "Repeat":  # read as its player's spells are played
        from .repeat import grants

        return None if grants(e) else "granting Repeat"
    if kind == "grant_keyword" and e.get("keyword") == "Quick-Draw":
        return None if e.get("target") == QUICK_DRAW_ALL and not e.get("condition") else "granting Quick-Draw"
    if kind == "grant_keyword" and e.get("keyword") not in READ_KEYWORDS + NO_COMBAT_KEYWORDS:
        return f"granting {e.get('keyword')}"
    if kind == "grant_keyword" and e.get("value_per") is not None and (
            (e.get("per") not in PER and e.get("per") not in PER_PLAYER) or (e.get("target") or {}) != {"ref": "self"}):
        return f"its amount is counted per {e.get('per')}, which the board does not hold"
    cond = e.get("condition")
    if cond is not None and cond not in CONDITIONS and cond != EMPOWERED and level_of(cond) is None \
            and player_condition(cond) is None:
        return f"condition {cond!r} is not one the board decides" + open_condition(cond)
    t = e.get("target") or {}
    if t.get("ref") == "self" and len(t) == 1:
        return None
    if set(t) - _TARGET_KEYS or t.get("count") != "all" or t.get("kind") != "unit" \
            or t.get("side") not in ("friendly", "enemy") \
            or t.get("state") not in (None, "buffed", "stunned", "empowered") \
            or t.get("location") not in (None, "same_location"):
        return "its targets are not ones the board decides"
    return None


#: "unless I'm at a battlefield with exactly one other unit you control" (Sacred Protector): decided from the board
UNLESS_PAIR = "unless I'm at a battlefield with exactly one other unit you control"
#: "unless I'm in combat" (Akali, Silent): it holds while the unit is not at the combat's battlefield
UNLESS_COMBAT = "unless I'm in combat"
#: the target rules of a "no combat damage" or "can't be chosen" static ability read here: the unit itself, or
#: the units of one side at its location with less Might than it (Vilemaw, Alpha Wildclaw)
_LESS_HERE = {"count", "side", "kind", "location", "might_less_than"}


#: restrictions read (RB-CARD-9): effect kind -> (restriction, its targets, condition) as the data writes them. "Units
#: can't move to base" stops a card's move to a base (a recall is not a move, RB-COMB-6); "opponents can only play
#: units to their base" stops a unit (or a token) played to a battlefield while the source is at one; "I can have any
#: number of buffs" lets a buffed unit be buffed again (RB-CARD-6 set aside)
RESTRICTIONS = {"play_restriction": {("can only play units to their base", "enemy player", "While I'm at a battlefield"),
                                     ("hidden cards can't be revealed here", "enemy player", None),
                                     ("spells with the named name", "enemy player", "While I'm at a battlefield")},
                "unlimited_buffs": {(None, "self", None)}}
#: "Your opponents' [Hidden] cards can't be revealed here" (Noxus Saboteur): its opponents play no card from
#: facedown at its battlefield (playing a [Hidden] card reveals it, RB-SHOW-4)
NO_REVEAL = "hidden cards can't be revealed here"
#: "When you play me, name a spell. While I'm at a battlefield, opponents can't play spells with that name" (Fallen
#: Feline): the name is the unit's stated `named:`
NAMED_SPELL = "spells with the named name"
#: "I can't be readied" (Maduli), "while I'm at a battlefield, spells and abilities can't ready enemy units" (Mageseeker
#: Warden): (restriction, targets, condition) as the data writes them
READY_RESTRICTIONS = (("can't be readied", "self", None),
                      ("spells and abilities can't ready them", "enemy units or gear", "While I'm at a battlefield"))
#: what a unit's own replacement replaces, as the data writes it ("If a spell or ability that chooses me would stun
#: me, give me -Might, or return me to hand, give me +3 Might instead", Gangplank, Naval): those effect kinds (a
#: Might change only when it lowers Might)
CHOSEN_ME = "stun, -Might or return to hand from a spell or ability that chooses me"
REPLACED = {"stun": "a stun", "might_modifier": "its -Might", "return_to_hand": "a return to hand"}


def _self_might(r: Any) -> bool:
    """Whether a replacement's ``result`` is a fixed Might change to the unit itself."""
    return isinstance(r, dict) and r.get("effect") == "might_modifier" and isinstance(r.get("value"), int) \
        and r.get("target") == {"ref": "self"}


def replacement_of(u: Unit, e: Mapping[str, Any]) -> tuple[int, str] | None:
    """RB-CARD-9: (the Might unit ``u`` gets instead, what it replaces) when its own static replacement applies to
    effect ``e`` of a spell or ability choosing it, else None."""
    kind = e.get("effect")
    if kind not in REPLACED or (kind == "might_modifier" and not (isinstance(e.get("value"), int) and e["value"] < 0)):
        return None
    for r in u.statics:
        if r.get("effect") == "effect_replacement" and all(
                _part_holds(p, u, ()) for p in condition_parts(r.get("condition"))):
            return int(r["result"]["value"]), REPLACED[kind]
    return None


#: what a unit's static ability does to its player's spells and abilities, as the data writes it: kind -> (scope,
#: target). "Your spells and abilities can't be countered" (read by the counters, RB-CARD-20); "If a spell or ability
#: you control would give -Might to a unit it chooses, it gives an additional -1 Might" (read as the Might change is
#: given, :func:`debuff_bonus`)
PLAYER_GUARDS = {"uncounterable": ("your spells and abilities", None),
                 "debuff_bonus": ("your spells and abilities that give -Might to a unit they choose", None)}


def givers(units: Mapping[str, Unit], in_play, by: str, kind: str) -> list[tuple[str, Mapping[str, Any]]]:
    """RB-CARD-9: the units of ``by`` among ``in_play`` whose static ability of ``kind`` (:data:`PLAYER_GUARDS`)
    applies now (its Empowered / Level condition as the scenario states it), with the ability."""
    return [(n, e) for n in in_play if units[n].side == by for e in units[n].statics
            if e.get("effect") == kind and all(_part_holds(p, units[n], ()) for p in condition_parts(e.get("condition")))]


def debuff_bonus(units: Mapping[str, Unit], in_play, by: str) -> tuple[int, list[str]]:
    """RB-CARD-9: the additional -Might ``by``'s spells and abilities give a unit they choose (a negative number),
    and the units giving it."""
    got = givers(units, in_play, by, "debuff_bonus")
    return sum(int(e["value"]) for _, e in got), [n for n, _ in got]


#: "Your spells and abilities deal N Bonus Damage" (the data's ``scope``): each instance of damage its player's
#: spell or ability deals is N more (:func:`bonus_damage`)
YOUR_SPELLS_AND_ABILITIES = "your spells and abilities"


def bonus_damage(units: Mapping[str, Unit], in_play, by: str) -> tuple[int, list[str]]:
    """RB-CARD-9: the Bonus Damage ``by``'s spells and abilities deal (each instance of their damage that much more),
    and the units in play giving it."""
    got = [(n, int(e["amount"])) for n in in_play if units[n].side == by
           for e in units[n].statics if e.get("effect") == "bonus_damage"]
    return sum(a for _, a in got), [n for n, _ in got]


#: "Your [Deathknell] effects trigger an additional time" as the data writes it: (what, target, condition); read by
#: the showdown as a friendly unit's Deathknell fires (:func:`extra_deathknells`, RB-CARD-19)
EXTRA_DEATHKNELL = ("Deathknell effects", {"side": "friendly"}, None)
#: "Once each turn, if you would play a token unit while I'm at a battlefield, you may play that token and an
#: additional copy of it instead" (Zilean, Time Mage): a replacement on its player's token plays (RB-CARD-15)
TOKEN_COPY = "token_copy"
#: "I have all [exhaust] abilities of all friendly legends, units, and gear" (Heimerdinger, Inventor): the exhaust
#: abilities of its player's other units in play and of his gear, used by an entry naming whose (``{ability: UNIT, of:
#: OTHER}``, :mod:`.abilities`, RB-CARD-17); a legend's are not modelled (:data:`BORROW_UNREAD`)
BORROW = "borrow_abilities"
#: what of a :data:`BORROW` ability the model does not read (named in the card listing, RB-CARD-4)
BORROW_UNREAD = ("a legend is in no scenario (the data has no legends), so an entry can name only a friendly unit's "
                 "(`of: UNIT`) or gear's (`of: GEAR`) (RB-CARD-17, RB-CARD-4)")
#: its condition
AT_A_BATTLEFIELD = "While I'm at a battlefield"


def extra_deathknells(units: Mapping[str, Unit], in_play, side: str) -> list[str]:
    """RB-CARD-9 with RB-CARD-19: the units of ``side`` among ``in_play`` (in play as the Deathknell fires, or
    dying with its unit, looked back on) whose "Your [Deathknell] effects trigger an additional time" applies:
    each fires a friendly Deathknell once more."""
    return [n for n in in_play if units[n].side == side
            for e in units[n].statics if e.get("effect") == "extra_trigger"]


#: "can't move to base": on the unit itself, or on every unit
MOVE_TO_BASE = "can't move to base"


def _target_key(e: Mapping[str, Any]) -> str:
    t = e.get("target") or {}
    if t == {"ref": "self"}:
        return "self"
    if t == {"count": "all", "kind": "unit"}:
        return "all units"
    if t == {"side": "enemy", "kind": "player"}:
        return "enemy player"
    if t == {"count": "all", "side": "enemy", "kind": "unit or gear"}:
        return "enemy units or gear"
    return str(t)


def move_refused(board, name: str, dest: str) -> str | None:
    """RB-CARD-9: why unit ``name`` can't be moved to ``dest`` (``base``) by a card now, else None."""
    if dest != "base":
        return None
    units = getattr(board.units, "units", board.units)
    for n in list(board.present) + list(board.base) + list(board.away):
        for e in units[n].statics:
            if e.get("effect") == "movement_restriction" and (e.get("target") == {"count": "all", "kind": "unit"}
                                                              or n == name):
                who = "its own static ability" if n == name else f"{n}'s static ability (units can't move to base)"
                return f"{name} can't move to base ({who}, {RULE}): it stays where it is"
    return None


def ready_refused(units: Mapping[str, Unit], present: list[str], elsewhere, name: str) -> str | None:
    """RB-CARD-9: why a spell or ability can't ready unit ``name`` now (its own "I can't be readied", an enemy at
    a battlefield whose spells-and-abilities restriction reaches it), else None."""
    units = getattr(units, "units", units)
    at_battlefields = list(present) + list(elsewhere[1] if len(elsewhere) > 1 else ())
    for n in list(present) + [m for g in elsewhere for m in g]:
        for e in units[n].statics:
            if e.get("effect") != "ready_restriction":
                continue
            if _target_key(e) == "self" and n == name:
                return f"{name} can't be readied (its own static ability, {RULE})"
            if _target_key(e) == "enemy units or gear" and n in at_battlefields and units[name].side != units[n].side:
                return f"{n} is at a battlefield: spells and abilities can't ready its enemy units ({RULE})"
    return None


def play_refused(units: Mapping[str, Unit], at_battlefields: list[str], by: str) -> str | None:
    """RB-CARD-9: why ``by`` can only play units to his base now (an enemy unit at a battlefield with "opponents
    can only play units to their base"), else None. ``at_battlefields``: the units at any battlefield."""
    for n in at_battlefields:
        u = units[n]
        if u.side != by and any(e.get("effect") == "play_restriction"
                                and e.get("restriction") not in (NO_REVEAL, NAMED_SPELL) for e in u.statics):
            return f"{n} is at a battlefield: its opponents can only play units to their base ({RULE})"
    return None


def name_refused(units: Mapping[str, Unit], at_battlefields, by: str, spell: str) -> str | None:
    """RB-CARD-9: why ``by`` can't play the spell called ``spell`` now (an enemy unit at a battlefield that named it:
    "opponents can't play spells with that name"), else None. ``at_battlefields``: the units at any battlefield.
    (What it reads, a unit's side, the spell it named and its own static abilities, no static ability changes: the
    units are read as they are, not worked out, :class:`Live`.)"""
    units = getattr(units, "units", units)
    for n in at_battlefields:
        u = units[n]
        if u.side != by and u.named == spell and any(e.get("restriction") == NAMED_SPELL for e in u.statics):
            return f"{n} is at a battlefield and named {spell}: its opponents can't play spells with that name"
    return None


def reveal_refused(units: Mapping[str, Unit], present: list[str], by: str) -> str | None:
    """RB-CARD-9: why ``by`` can't play a card from facedown at this battlefield now (an enemy unit here with "Your
    opponents' [Hidden] cards can't be revealed here"), else None (read as :func:`name_refused` reads them)."""
    units = getattr(units, "units", units)
    for n in present:
        if units[n].side != by and any(e.get("effect") == "play_restriction" and e.get("restriction") == NO_REVEAL
                                       for e in units[n].statics):
            return f"{n} is here: its opponents' [Hidden] cards can't be revealed here"
    return None


def gives_quick_draw(u: Unit) -> bool:
    """RB-CARD-9: whether the unit's static ability gives its player's Equipment everywhere [Quick-Draw] (Jax,
    Unmatched)."""
    return any(e.get("keyword") == "Quick-Draw" and e.get("target") == QUICK_DRAW_ALL for e in u.statics)


def quick_draw_from(board, by: str) -> str | None:
    """RB-CARD-9: a unit of ``by``'s in play (anywhere) whose static ability gives his Equipment [Quick-Draw] (each
    has Reaction and, played, attaches to a unit he controls: CR 819.1.b), else None."""
    units = getattr(board.units, "units", board.units)
    for n in list(board.present) + list(board.base) + list(board.away):
        if units[n].side == by and gives_quick_draw(units[n]):
            return n
    return None


def unlimited_buffs(u: Unit) -> bool:
    """RB-CARD-9 setting RB-CARD-6 aside: "I can have any number of buffs"."""
    return any(e.get("effect") == "unlimited_buffs" for e in u.statics)


#: whose damage a static prevention stops: all damage ("I can't be dealt damage"), or the damage enemy spells and
#: abilities deal (the data's ``from``)
ENEMY_SPELLS = "enemy spells and abilities"
_PREVENT_KEYS = {"effect", "amount", "from", "target", "condition", "duration"}


def _reads_prevent(e: Mapping[str, Any]) -> str | None:
    """None when the static prevention ``e`` is read here (all damage to the unit itself, or all that enemy spells
    and abilities deal, under conditions the board or the scenario decides), else why not."""
    if set(e) - _PREVENT_KEYS or e.get("amount") != "all" or (e.get("target") or {}) != {"ref": "self"} \
            or e.get("from") not in (None, ENEMY_SPELLS):
        return "a static prevent_damage"
    for part in condition_parts(e.get("condition")):
        if part not in (EMPOWERED, UNLESS_COMBAT) and player_condition(part) is None and level_of(part) is None:
            return "a static prevent_damage"
    return None


def _part_holds(part: str, u: Unit, present) -> bool:
    """One part of a static prevention's condition, on unit ``u`` (its own ability)."""
    if part == EMPOWERED:
        return bool(u.empowered)
    if part == UNLESS_COMBAT:  # in combat: at the combat's battlefield
        return u.name not in present
    if level_of(part) is not None:
        return bool(level_holds(part, u.xp))
    field, least = player_condition(part)
    v = getattr(u.player, field)
    return v is not None and int(v) >= least


def damage_prevented(units: Mapping[str, Unit], present, name: str, by: str | None) -> str | None:
    """RB-CARD-9: why the damage a spell or ability of ``by`` would deal to unit ``name`` now is prevented by its own
    static ability ("prevent all damage that enemy spells and abilities would deal to me while you control 7 or more
    runes", "[Empowered] I can't be dealt damage unless I'm in combat"), else None. Combat damage and a fight's (the
    units deal it) are not read here: a unit in combat is the only one dealt combat damage."""
    u = units[name]
    for e in u.statics:
        if e.get("effect") != "prevent_damage":
            continue
        if e.get("from") == ENEMY_SPELLS and (by is None or by == u.side):
            continue
        if all(_part_holds(p, u, present) for p in condition_parts(e.get("condition"))):
            return f"its own static ability: {describe(e)}{_stated(e, u)} ({RULE})"
    return None


def _reads_guard(e: Mapping[str, Any]) -> str | None:
    """None when the "don't deal combat damage" / "can't be chosen by enemy spells and abilities" ability ``e``
    is read here (RB-CARD-9), else why not."""
    t = e.get("target") or {}
    cond = e.get("condition")
    if e["effect"] == "untargetable" and e.get("by") != "enemy spells and abilities":
        return f"who may not choose it ({e.get('by')}) is not one the model checks"
    if e["effect"] == "no_combat_damage" and t == {"ref": "self"} and cond is None:
        return "read from the card's flag (RB-DMG-2)"
    allowed = (None, UNLESS_PAIR) if e["effect"] == "no_combat_damage" else (None, UNLESS_COMBAT)
    if cond not in allowed and level_of(cond) is None:
        return f"condition {cond!r} is not one the board decides"
    if t == {"ref": "self"}:
        return None
    if set(t) != _LESS_HERE or t.get("count") != "all" or t.get("kind") != "unit" \
            or t.get("side") not in ("friendly", "enemy") or t.get("location") != "same_location" \
            or t.get("might_less_than") != "self":
        return "its targets are not ones the board decides"
    return None


def _guards(e: Mapping[str, Any], src: Unit, u: Unit, units, present, elsewhere, flags) -> bool:
    """Whether the "no combat damage" / "can't be chosen" ability ``e`` of ``src`` reaches unit ``u`` now
    (its condition and its targets, "less Might than me" read on both units' current Might)."""
    cond = e.get("condition")
    mine = [n for n in present if units[n].side == src.side]
    if cond == UNLESS_PAIR and src.name in present and len([n for n in mine if n != src.name]) == 1:
        return False
    if cond == UNLESS_COMBAT and src.name in present:
        return False
    if level_of(cond) is not None and not level_holds(cond, src.xp):
        return False
    t = e.get("target") or {}
    if t.get("ref") == "self":
        return u.name == src.name
    if (t["side"] == "friendly") != (u.side == src.side):
        return False
    group = next((list(g) for g in (present, *elsewhere) if src.name in g), [])
    if u.name not in group:
        return False
    return _might(units, present, elsewhere, u.name, flags) < _might(units, present, elsewhere, src.name, flags)


def _might(units, present, elsewhere, name, flags) -> int:
    """Current Might with the static abilities that change Might (none of the guards changes it)."""
    return with_statics(units, present, elsewhere, name, flags, guards=False).current_might


def untargetable(units: Mapping[str, Unit], present: list[str], elsewhere, by: str, name: str,
                 flags=None) -> str | None:
    """RB-CARD-9: why unit ``name`` can't be chosen by a spell or ability of ``by`` (the source and its
    words), or None when it can. Only enemy spells and abilities are stopped."""
    u = units[name]
    if u.side == by:
        return None
    in_play = list(present) + [n for g in elsewhere for n in g]
    for n in in_play:
        for e in units[n].statics:
            if e.get("effect") == "untargetable" and _guards(e, units[n], u, units, present, elsewhere, flags or {}):
                who = ("its own static ability" if n == name
                       else f"{n}'s static ability (its units here with less Might)")
                return f"{name} can't be chosen by enemy spells and abilities: {who}, {RULE}"
    return None


def open_condition(cond: str) -> str:
    """What a scenario would need to state for condition ``cond`` to be decided (empty when nothing
    names it)."""
    if "[Empowered]" in cond:
        return ": whether the unit is Empowered is not stated in a scenario"
    if cond.startswith("Level "):
        return ": the player's Level (XP) is not stated in a scenario"
    if "runes" in cond or "spent" in cond or "this turn" in cond:
        return ": the player's runes and what was played or spent this turn are not stated in a scenario"
    return ""


class Live(Mapping):
    """The units with every static ability applied, worked out from ``units`` (the showdown's own
    dict, changed in place) and where each unit is, whenever one is read."""

    def __init__(self, units: dict[str, Unit], present: list[str], elsewhere: tuple[list[str], ...] = (),
                 flags: Mapping[str, str] | None = None):
        self.units, self.present, self.elsewhere = units, present, elsewhere
        self.flags = flags or {}
        self._seen, self._sources = -1, True  # whether any unit has a static ability, as of ``_seen`` units

    def __getitem__(self, name: str) -> Unit:
        # a unit's static abilities never change: only a unit added (a token, a unit played) can add one
        if len(self.units) != self._seen:
            self._seen, self._sources = len(self.units), sources(self.units)
        if not self._sources:
            return self.units[name]
        return with_statics(self.units, self.present, self.elsewhere, name, self.flags)

    def __iter__(self) -> Iterator[str]:
        return iter(self.units)

    def __len__(self) -> int:
        return len(self.units)


def sources(units: Mapping[str, Unit]) -> bool:
    """Whether any unit has a static ability read here (else the board needs no working out)."""
    return any(u.statics for u in units.values())


def _holds(cond: str | None, src: Unit, units, present) -> bool:
    if cond is None or cond == "While I'm at a battlefield":
        return True  # only a source at the battlefield reaches a unit in the combat "here"
    mine = [n for n in present if units[n].side == src.side]
    if cond == "While I'm attacking or defending alone":  # RB-COMB-4: attacking or defending: designated
        return src.designated and mine == [src.name]
    if cond == "While I'm buffed":
        return src.buffed
    if cond == "While you have another unit here":
        return any(n != src.name for n in mine)
    if cond == "While there's a stunned enemy unit here":
        return any(units[n].stunned for n in present if units[n].side != src.side)
    if cond == ATTACKING_WITH:  # RB-COMB-4: attacking: the Attacker designation
        return src.side == "attacker" and src.designated and any(n != src.name for n in mine)
    if cond == PAIRED:  # only a source at the battlefield is read with a condition
        return len([n for n in mine if n != src.name]) == 1
    if cond == EMPOWERED:  # as the scenario states it (not stated: named as not modelled by the reader)
        return bool(src.empowered)
    if level_of(cond) is not None:  # [Level N]: while its controller has N+ XP
        return bool(level_holds(cond, src.xp))
    pc = player_condition(cond)
    if pc is not None:  # as the scenario states its controller's runes, spending, XP gained (not stated: named)
        v = getattr(src.player, pc[0])
        return v is not None and int(v) >= pc[1]
    return False


def count(e: Mapping[str, Any], src: Unit, units: Mapping[str, Unit], present: list[str], elsewhere) -> int:
    """How many things a ``value_per`` Might change of ``src`` counts now (:data:`PER`), from the board."""
    per = e["per"]
    if per in PER_SELF:  # as the scenario states the unit (not stated: named by the reader)
        return src.empowered_times or 0
    # "here" / "my battlefield": the source's location; a source at its base has no battlefield
    if src.name in present:
        here = list(present)
    else:
        here = [] if per.endswith("at my battlefield") else next((list(g) for g in elsewhere if src.name in g), [])
    mine = [units[n] for n in here if units[n].side == src.side]
    if per in PER_PLAYER:  # the ones the scenario lists, counted from the board, and those stated elsewhere
        more = player_value({"per": per}, src)  # not stated: not applied (the reader names it, RB-CARD-4)
        return 0 if more is None else _listed(per, src, units, present, elsewhere) + more
    if per == "buffed friendly unit at my battlefield":
        return sum(1 for u in mine if u.buffed)
    if per == "your units with [Temporary] at my battlefield":
        return sum(1 for u in mine if any(k.split()[0] == "Temporary" for k in u.keywords))
    if per == "enemy unit here":  # at a base no enemy unit is there
        return sum(1 for n in present if units[n].side != src.side) if src.name in present else 0
    return sum(1 for u in mine if u.name != src.name and u.card_name is not None and u.card_name == src.card_name)


def _listed(per: str, src: Unit, units: Mapping[str, Unit], present, elsewhere) -> int:
    """What the scenario lists of a :data:`PER_PLAYER` count: the token units of ``src``'s player in play (here,
    at the bases, played during the showdown), or the gear it listed for him as the showdown began."""
    if per == "friendly gear":
        return src.player.gear_listed
    in_play = list(present) + [n for g in elsewhere for n in g]
    return sum(1 for n in in_play if units[n].side == src.side and units[n].token)


def unstated_player(e: Mapping[str, Any], player, side: str) -> str | None:
    """RB-CARD-4: why static ability ``e`` of a unit of ``side`` is not modelled for want of a fact about its
    controller (``player``, a :class:`~..model.Player`) the scenario does not state (the side's field to give), else
    None."""
    field = player_needs(e)
    if field is None or getattr(player, field) is not None:
        return None
    extra = f" (or its count as `conditions_hold: false` with `keywords: [{e['keyword']} N]`)" \
        if e.get("effect") == "grant_keyword" else ""
    return f"the scenario does not state {PLAYER_WHY[field]}: give the {side}'s `{PLAYER_KEYS[field]}`{extra} " \
           f"({RULE})"


def changed_in_showdown(e: Mapping[str, Any], src: Unit, effects) -> str | None:
    """RB-CARD-4: why what static ability ``e`` of ``src`` reads of its controller (as stated, as the showdown
    begins) may change during the stated showdown in a way the model does not follow, else None. ``effects``: the
    showdown's entries (cards played, abilities, triggers: ``Play``; effects stated directly)."""
    field, v = player_needs(e), player_value(e, src)
    if field is None or v is None:
        return None
    plays = [p for p in effects if getattr(p, "card", None) is not None]
    own = [p for p in plays if p.by == src.side]
    pc = player_condition(e.get("condition"))
    if field == "trash" and (plays or any(getattr(x, "kind", None) in ("damage", "remove") for x in effects)):
        return ("the cards put into its player's trash during the showdown (a spell resolved, a unit killed, a card "
                "discarded) are not added: the stated `trash` is held")
    # Power is paid by recycling runes: a play of its player with a Power cost (printed or paid) changes both
    power = [p for p in own if (getattr(p.card, "power_cost", None) or 0) > 0 or (getattr(p, "paid", None) or (0, 0))[1]]
    if field == "runes" and power:
        return ("the runes its player recycles to pay Power during the showdown are not followed: the stated `runes` "
                "is held")
    if field == "power_spent" and power and v < pc[1]:
        return "the Power its player spends during the showdown is not added: the stated `spent_this_turn` is held"
    if field in ("spell_energy", "gained_xp") and own and pc is not None and v < pc[1]:
        return ("what its player spends or gains during the showdown is not added: the stated "
                f"`{PLAYER_KEYS[field].split(':')[0]}` is held")
    if field == "gear_elsewhere":  # a gear card played, or a card killing or returning gear (RB-CARD-22)
        if any(p.card.type == "gear" or any(isinstance(x.get("target"), dict) and x["target"].get("kind") == "gear"
                                            for x in p.card.effects) for p in plays):
            return ("the gear played or taken from play during the showdown are not followed: the gear its player "
                    "controls as the showdown begins are counted")
    return None


#: RB-CARD-4: what a unit's printed ability does to its player's facts that the data gives no effect for, read off its
#: printed text: the fact (a :class:`~..model.Player` field, or the event) -> the clause's pattern. An ability of the
#: unit's own play acted before the showdown (the scenario states its result), and one that fires once the combat's
#: result is decided ([Hunt]: "When I conquer or hold", "When I win a combat") changes nothing in it: left out
#: (:data:`NOT_IN_COMBAT`).
UNREAD_CHANGES = {"xp": re.compile(r"\bgain (\d+) XP\b"),
                  "gear": re.compile(r"\bplay an? (?:[A-Z][a-z]+ )?gear token"),
                  "discard": re.compile(r"\bdiscard (\d+)\b")}


#: the clauses of abilities that act before the showdown or after the combat's result (:data:`UNREAD_CHANGES`)
NOT_IN_COMBAT = re.compile(r"^(?:When you play me|As you play me|\[Hunt|When I conquer|When I hold|When I win a combat)"
                           r"|additional cost to play me")


def unread_changes(units, texts: Mapping[str, str]) -> dict[tuple[str, str], list[str]]:
    """(side, fact) -> the units of that side in play whose printed ability changes the fact during the combat and that
    the model does not follow (:data:`UNREAD_CHANGES`: an XP gain, a gear token played, a card discarded); ``texts``:
    each unit card's printed text by id (:func:`.units.printed_texts`)."""
    out: dict[tuple[str, str], list[str]] = {}
    for u in units:
        if u.card_id is None:
            continue
        for clause in texts.get(u.card_id, "").split("\n"):
            if NOT_IN_COMBAT.search(clause):
                continue
            for fact, rx in UNREAD_CHANGES.items():
                if rx.search(clause):
                    out.setdefault((u.side, fact), []).append(u.name)
    return out


def unread_change_reason(e: Mapping[str, Any], src: Unit, changes: Mapping[tuple[str, str], list[str]]) -> str | None:
    """RB-CARD-4: why static ability ``e`` of ``src`` reads a fact of its player that a unit's ability may change during
    the combat without the model following it (:func:`unread_changes`), else None: his XP ("[Level N]", "If you've
    gained XP this turn") or the gear he controls."""
    parts = condition_parts(e.get("condition"))
    levels = [level_of(p) for p in parts if level_of(p) is not None]
    reads_xp = any(src.xp is None or src.xp < n for n in levels) or (
        player_needs(e) == "gained_xp" and not src.player.gained_xp)
    reads_gear = player_needs(e) == "gear_elsewhere" or KEYWORD_COUNTS.get(str(e.get("condition"))) == "friendly gear"
    for fact, reads, what in (("xp", reads_xp, "the XP its player's units gain"),
                              ("gear", reads_gear, "the gear tokens its player's units play")):
        who = changes.get((src.side, fact))
        if reads and who:
            return (f"{what} during the combat ({', '.join(dict.fromkeys(who))}'s ability, which the card data does "
                    "not structure) are not added: what the scenario states is held")
    return None


def doubled_equipment(u: Unit) -> int:
    """The base Might bonus of the Equipment attached to ``u`` given once more (Gearhead's "double",
    RB-CARD-9 with RB-CARD-5; a bonus the data lacks: the one the scenario states); an Equipment whose bonus is
    in no source and not stated adds nothing (named NOT MODELLED
    by the showdown)."""
    from .bonuses import equip_bonus

    stated = dict(u.stated_bonus)  # a bonus the scenario states where the data has none
    return sum(equip_bonus(g) or stated.get(g, 0) for g in u.equipment)


def _fits(t: Mapping[str, Any], src: Unit, u: Unit, here: bool) -> bool:
    if t.get("ref") == "self":
        return u.name == src.name
    if t.get("other") and u.name == src.name:
        return False
    if t.get("token") and not u.token:  # "your token units" (RB-CARD-15)
        return False
    if (t["side"] == "friendly") != (u.side == src.side):
        return False
    if t.get("tag") and t["tag"] not in u.tags:
        return False
    if t.get("state") == "buffed" and not u.buffed:
        return False
    if t.get("state") == "stunned" and not u.stunned:
        return False
    if t.get("state") == "empowered" and not u.empowered:  # as the scenario states it (not stated: named)
        return False
    return here or t.get("location") is None


def with_statics(units: Mapping[str, Unit], present: list[str], elsewhere, name: str, flags=None,
                 guards: bool = True) -> Unit:
    """Unit ``name`` with the static abilities that reach it (RB-CARD-9); ``guards=False``: without the
    "don't deal combat damage" ones (read last, on the Might the others leave)."""
    u = units[name]
    flags = flags or {}
    if not any(units[n].statics for n in units):
        return u
    in_play = list(present) + [n for group in elsewhere for n in group]
    here = name in present
    got = u
    # "to a minimum of N" is read against the Might every other change gives: those come last, and
    # "while I'm Mighty" (5+ Might) after them, on the Might they leave
    reaching = [(n, e) for n in in_play for e in units[n].statics]
    reaching.sort(key=lambda ne: (ne[1]["effect"] == "no_combat_damage", ne[1].get("condition") == "While I'm [Mighty]",
                                  ne[1].get("min_might") is not None))
    for n, e in reaching:
        src = units[n]
        # read by the cost, target, play, move, buff and ready checks
        if e["effect"] in ("cost_modifier", "untargetable", "play_restriction", "movement_restriction",
                           "unlimited_buffs", "ready_restriction", "extra_trigger", "bonus_damage", "prevent_damage",
                           TOKEN_COPY, BORROW) \
                or e["effect"] in PLAYER_GUARDS or e["effect"] == "effect_replacement" \
                or e.get("keyword") in ("Quick-Draw", "Repeat"):
            continue
        if e["effect"] == "no_combat_damage":  # after every Might change: "less Might than me" reads them
            if guards and n in present and here and not got.no_combat_damage \
                    and _guards(e, src, got, units, present, elsewhere, flags):
                whose = src.name if n != name else "its own ability"
                got = replace(got, no_combat_damage=True,
                              keywords=got.keywords + (f"deals no combat damage (from {whose})",))
            continue
        # "here" reaches the units at the source's battlefield; the combat's units only from one there
        if (e.get("target") or {}).get("location") == "same_location" and not (n in present and here):
            continue
        if e.get("condition") and n not in present:
            continue
        if e.get("condition") == "While I'm [Mighty]":  # RB-READ-5: its own bonus counted or not
            if not _fits(e.get("target") or {}, src, u, here) or not _mighty(got, e, flags):
                continue
        elif not _holds(e.get("condition"), src, units, present) or not _fits(e.get("target") or {}, src, u, here):
            continue
        label = f"{src.name}" if src.name != name else "its own ability"
        if e["effect"] == "equipment_might_double":
            if doubled_equipment(u):
                got = replace(got, static=got.static + ((label, doubled_equipment(u)),))
        elif e["effect"] == "might_modifier":
            if e.get("value_from") is not None:  # read from its controller as the scenario states it
                amount = player_value(e, src) or 0
            else:
                amount = int(e["value"]) if e.get("value_per") is None else int(e["value_per"]) * count(
                    e, src, units, present, elsewhere)
            if amount == 0 and (e.get("value_per") is not None or e.get("value_from") is not None):
                continue  # nothing counted now: no Might change to show
            if e.get("min_might") is not None and amount < 0:
                amount = max(amount, min(0, int(e["min_might"]) - got.current_might))
            got = replace(got, static=got.static + ((label, amount),))
        elif e["keyword"] in READ_KEYWORDS:
            n_kw = int(e.get("value") or 1) if e.get("value_per") is None else int(e["value_per"]) * count(
                e, src, units, present, elsewhere)
            if n_kw > 0:
                got = grant(got, e["keyword"], n_kw, label)
        elif e["keyword"] == "Deflect":  # a Power tax on opponents' cards choosing it (RB-MIGHT-10, RB-CARD-2)
            got = replace(got, deflect=got.deflect + int(e.get("value") or 1))
    return got


def deflect_tax(units: Mapping[str, Unit], chosen, by: str) -> tuple[int, list[str]]:
    """RB-MIGHT-10: the Power ``by``'s spell or ability adds to its cost for the units it chooses (``chosen``: the
    names it names, each counted once) that have [Deflect] and are his opponent's, and those units."""
    got = [(n, units[n].deflect) for n in dict.fromkeys(chosen) if n in units and units[n].side != by
           and units[n].deflect]
    return sum(d for _, d in got), [f"{n} [Deflect {d}]" for n, d in got]


#: conditional keywords of a unit card that change combat damage (RB-MIGHT-4/5, RB-ORD-2/3)
CONDITIONAL_COMBAT = ("Assault", "Shield", "Tank", "Backline")


def keyword_static(ck: Mapping[str, Any]) -> dict | None:
    """A conditional keyword the board decides, as the static ability it is (RB-CARD-9): "while I'm [Mighty]",
    "while I'm at a battlefield with exactly one other unit you control", "[Assault] equal to the number of enemy
    units here" (:data:`KEYWORD_COUNTS`); None for a condition the board does not decide.

    >>> keyword_static({"keyword": "Assault", "value": None, "condition": "equal to the number of enemy units here"})
    {'effect': 'grant_keyword', 'keyword': 'Assault', 'target': {'ref': 'self'}, 'duration': 'static', 'value_per': 1, 'per': 'enemy unit here'}
    """
    base = {"effect": "grant_keyword", "keyword": ck["keyword"], "target": {"ref": "self"}, "duration": "static"}
    cond = ck.get("condition")
    if cond in KEYWORD_COUNTS:
        return {**base, "value_per": 1, "per": KEYWORD_COUNTS[cond]}
    if cond in ("While I'm [Mighty]", PAIRED):
        return {**base, "value": ck.get("value") or 1, "condition": cond}
    return None


def _mighty(u: Unit, e: Mapping[str, Any], flags) -> bool:
    """Whether ``u`` is Mighty for its keyword ``e`` held "while I'm Mighty" (RB-READ-5)."""
    might = u.current_might
    own = int(e.get("value") or 1) if (e.get("keyword"), u.side) in (("Shield", "defender"), ("Assault", "attacker")) else 0
    if flags.get("mighty_own_keyword", "excluded") == "counted":
        might += own
    return might >= MIGHTY_AT


def grant(u: Unit, keyword: str, n: int, label: str) -> Unit:
    """``u`` with a keyword a static ability grants (instances of Assault and Shield add up)."""
    text = f"{keyword}{f' {n}' if keyword in ('Assault', 'Shield') else ''} (from {label})"
    if keyword == "Tank":
        return replace(u, tank=True, keywords=u.keywords + (text,))
    if keyword == "Backline":
        return replace(u, backline=True, keywords=u.keywords + (text,))
    if keyword == "Assault":
        return replace(u, assault=u.assault + (n,), keywords=u.keywords + (text,))
    return replace(u, shield=u.shield + (n,), keywords=u.keywords + (text,))


def _while(e: Mapping[str, Any]) -> str:
    """The condition of a static ability in words (" while it is [Empowered]"), or ''."""
    return "".join(" while it is [Empowered]" if p == EMPOWERED else f" at [{p}]" for p in
                   condition_parts(e.get("condition")))


def describe(e: Mapping[str, Any]) -> str:
    """A static ability in words: "other friendly units here have +1 Might"."""
    t = e.get("target") or {}
    if e["effect"] == "equipment_might_double":
        return "each Equipment attached to it gives double its base Might bonus"
    if e["effect"] == "play_restriction" and e.get("restriction") == NAMED_SPELL:
        return "while it is at a battlefield, its opponents can't play spells with the name it named (`named:`)"
    if e["effect"] == "play_restriction" and e.get("restriction") == NO_REVEAL:
        return "its opponents' [Hidden] cards can't be revealed at its battlefield: they play none from facedown there"
    if e["effect"] == "play_restriction":
        return "while it is at a battlefield, its opponents can only play units to their base"
    if e["effect"] == "movement_restriction":
        return ("it can't move to base" if _target_key(e) == "self" else "units can't move to base") + \
            " (a card's move; a recall is not a move, RB-COMB-6)"
    if e["effect"] == "unlimited_buffs":
        return "it can have any number of buffs (each +1 Might)"
    if e["effect"] == "prevent_damage":
        parts = [_words(p) if player_condition(p) else p.replace("I'm", "it is") for p in
                 condition_parts(e.get("condition"))]
        what = ("all damage that enemy spells and abilities would deal to it is prevented" if e.get("from") else
                "it can't be dealt damage")
        tail = " (combat damage, dealt by units, is not)" if e.get("from") else ""
        return what + "".join(f" {'while ' if not p.startswith(('while', 'While', 'unless')) else ''}"
                              f"{p[0].lower()}{p[1:]}" for p in parts) + tail
    if e["effect"] == "effect_replacement":
        return (f"a spell or ability choosing it that would stun it, give it -Might or return it to hand gives it "
                f"{e['result']['value']:+d} Might instead") + _while(e)
    if e["effect"] == "uncounterable":
        return "its player's spells and abilities can't be countered (RB-CARD-20)" + _while(e)
    if e["effect"] == "debuff_bonus":
        return (f"a spell or ability of its player's giving -Might to a unit it chooses gives {e['value']} Might "
                "more") + _while(e)
    if e["effect"] == "bonus_damage":
        return (f"its player's spells and abilities deal {e['amount']} Bonus Damage (each instance of their damage "
                f"is {e['amount']} more)")
    if e["effect"] == BORROW:
        return ("it has the exhaust abilities ([Action] or [Reaction]) of its player's other units in play and of his "
                "gear: its player uses one as its own, exhausting it (`{ability: UNIT, of: OTHER}`; a gear's other cost "
                "parts as the gear's own ability reads them, but Divining Shells' \"Kill this\", NOT MODELLED: what "
                "\"this\" kills when he has it is a rules question, RB-CARD-17)")
    if e["effect"] == TOKEN_COPY:
        return ("once each turn, while it is at a battlefield, a token unit its player would play may be played with "
                "an additional copy of it (the playing entry's `extra_copy: true|false`, RB-CARD-15)")
    if e["effect"] == "extra_trigger":
        return ("its player's Deathknell effects trigger an additional time (each friendly unit's Deathknell fired in "
                "the showdown resolves once more, RB-CARD-19)")
    if e.get("keyword") == "Repeat":
        return (f"while it is at the showdown's battlefield, its player's spells have [Repeat] ({e.get('value')}): "
                "each may be paid for once as the spell is played, to execute the spell once more (RB-CARD-25)")
    if e.get("keyword") == "Quick-Draw":
        return ("its player's Equipment everywhere have [Quick-Draw]: each has Reaction and, played in the showdown, "
                "attaches to a unit he controls (CR 819.1.b)")
    if e["effect"] == "ready_restriction":
        return ("it can't be readied" if _target_key(e) == "self" else
                "while it is at a battlefield, spells and abilities can't ready its enemy units")
    if e["effect"] in ("no_combat_damage", "untargetable"):
        what = "don't deal combat damage" if e["effect"] == "no_combat_damage" else \
            "can't be chosen by enemy spells and abilities"
        if t.get("ref") == "self":
            who = "it " + ("doesn't deal combat damage" if e["effect"] == "no_combat_damage" else
                           "can't be chosen by enemy spells and abilities")
        else:
            who = f"{t['side']} units at its location with less Might than it {what}"
        c = e.get("condition")
        if c:
            c = c.replace("I'm", "it is").replace("you control", "its player controls")
        return who + (f" at [{c}] (its player's XP at least {level_of(c)})" if level_of(c) is not None
                      else f" {c}" if c else "")
    if e["effect"] == "cost_modifier":
        more = "more" if e.get("energy", 0) > 0 else "less"
        floor = f", to a minimum of {e['min_energy']} Energy" if e.get("min_energy") is not None else ""
        return (f"{t['side']} spells cost {abs(e.get('energy', 0))} Energy and {abs(e.get('power', 0))} Power "
                f"{more}{floor}, while it is in combat (checked with card_costs=stated, RB-CARD-2)")
    if e.get("value_from") is not None:
        return f"its Might is increased by {_words(e['value_from'])}"
    if e.get("value_per") is not None and e["effect"] == "grant_keyword":
        return f"it has {e['keyword']} {e['value_per']} for each {_per_words(e['per'])}, counted whenever it is read"
    if e.get("value_per") is not None:
        return f"it has {int(e['value_per']):+d} Might for each {_per_words(e['per']).replace(' my ', ' its ')}"
    what = (f"{int(e['value']):+d} Might" if e["effect"] == "might_modifier"
            else f"{e['keyword']}{' ' + str(e.get('value') or 1) if e['keyword'] in ('Assault', 'Shield') else ''}")
    if e.get("min_might") is not None:
        what += f" (to a minimum of {e['min_might']})"
    if t.get("ref") == "self":
        who = "it has"
    else:
        who = " ".join(x for x in ("other" if t.get("other") else "", t.get("state") or "",
                                   t["side"], t.get("tag") or "", "token units" if t.get("token") else "units",
                                   "here" if t.get("location") == "same_location" else "") if x) + " have"
    c = e.get("condition")
    if player_condition(c) is not None:
        c = _words(c)
    cond = (" while it is [Empowered]" if c == EMPOWERED else f" at [{c}] (its player's XP at least {level_of(c)})"
            if level_of(c) is not None else f" {c[0].lower()}{c[1:]}" if c else "")
    return f"{who} {what}{cond}"


_SYMBOLS = ((re.compile(r"((?::rb_rune_rainbow:)+)"), lambda m: f"{m.group(1).count(':rb_rune_rainbow:')} Power"),
            (re.compile(r":rb_energy_(\d+):"), lambda m: f"{m.group(1)} Energy"))


def _words(text: str) -> str:
    """A condition or amount on the unit's controller in words: "if its player has spent at least 2 Power this turn"."""
    for rx, sub in _SYMBOLS:
        text = rx.sub(sub, text)
    for a, b in (("you've", "its player has"), ("you have", "its player has"), ("you control", "its player controls"),
                 ("your ", "its player's ")):
        text = text.replace(a, b)
    return text


def _per_words(per: str) -> str:
    if per == "token unit you control":
        return "token unit its player controls (those in the scenario, counted from the board, and its side's " \
               "`tokens_elsewhere`)"
    if per == "friendly gear":
        return "gear its player controls (those the scenario lists: Equipment attached to its side's units and its " \
               "`gear:`, and its side's `gear_elsewhere`)"
    return per


def spell_cost(energy: int, power: int, by: str, units: Mapping[str, Unit], present: list[str]) -> tuple[
        int, int, list[str]]:
    """A spell's cost (Energy, Power) played by ``by`` with the cost changes of the units in combat (at the
    battlefield), and the units whose ability changed it (RB-CARD-9 with RB-CARD-2). Increases first,
    then decreases, each floor (Energy "to a minimum of N", else 0) applied to what it lowers."""
    changes = [(n, e) for n in present for e in units[n].statics if e.get("effect") == "cost_modifier"
               and ((e["target"]["side"] == "friendly") == (units[n].side == by))]
    changes.sort(key=lambda ne: ne[1].get("energy", 0) < 0)
    who = []
    for n, e in changes:
        de, dp = int(e.get("energy", 0)), int(e.get("power", 0))
        floor = int(e.get("min_energy") or 0)
        new_e = energy + de if de >= 0 else max(min(energy, floor), energy + de)
        new_p = max(0, power + dp)
        if (new_e, new_p) != (energy, power):
            who.append(n)
        energy, power = new_e, new_p
    return energy, power, who


def lines(units: Mapping[str, Unit], present: list[str]) -> list[str]:
    """One narration line per static ability of a unit at the battlefield."""
    return [f"{n}: {describe(e)} (a static ability, while {n} is in play)" + _stated(e, units[n])
            for n in present for e in units[n].statics]


def _stated(e: Mapping[str, Any], u: Unit) -> str:
    """What the scenario states for a static ability's Empowered / Level condition."""
    c = e.get("condition")
    if EMPOWERED in condition_parts(c):
        return "" if u.empowered is None else f": {u.name} is {'' if u.empowered else 'not '}Empowered"
    if level_of(c) is not None and u.xp is not None:
        return f": its player has {u.xp} XP"
    field, v = player_needs(e), player_value(e, u)
    if field is None or v is None:
        return ""
    if field == "gained_xp":
        return f": its player has {'' if v else 'not '}gained XP this turn"
    return ": its player " + {
        "points": f"has {v} points", "trash": f"has {v} cards in his trash", "runes": f"controls {v} runes",
        "power_spent": f"has spent {v} Power this turn",
        "spell_energy": f"spent {v} Energy on its costliest spell this turn",
        "tokens_elsewhere": f"controls {v} token unit(s) the scenario does not list",
        "gear_elsewhere": f"controls {u.player.gear_listed} gear the scenario lists and {v} more"}[field]


def refused_target(board, by: str, name: str) -> str | None:
    """RB-CARD-9 as a target is chosen: why unit ``name`` can't be chosen by a spell or ability of ``by`` on
    the interpreter's board (a view on the showdown's units, :class:`Live`, or the units themselves)."""
    units = getattr(board.units, "units", board.units)
    if name not in units or not any(u.statics for u in units.values()):
        return None
    return untargetable(units, board.present, (board.base, board.away), by, name,
                        getattr(board.units, "flags", None))
