"""The one interpreter of Riftbound spell and gear effects in a showdown (RB-SHOW, RB-CARD).

A showdown entry ``{play: Blood Rush, by: attacker, target: Vi}`` names a card of the shipped
data (:mod:`.spells`); this module reads the card's structured ``effects`` and turns each into
changes of the units (Might, keywords, damage, Stun, prevention, doubling, units leaving or
entering the battlefield). Effects are read by their *kind* (``might_modifier``,
``deal_damage``, ``stun``, ...) with the record's parameters, never by card name.

Legality is checked as the card resolves, each refusal citing a rule id:

* RB-SHOW-4: only Action and Reaction cards (``showdown_playable``) in a showdown;
* RB-CARD-1: the targets the card asks for (count, friendly/enemy, at the battlefield,
  attacking, Might at most N, domain, tag, another unit);
* RB-CARD-2: costs, when ``card_costs = stated`` (the entry's ``paid:`` must cover the card's
  Energy and Power cost);
* RB-CARD-3, RB-CARD-20: counters (the countered card must be one the counter may counter:
  a spell of at most the stated cost; an enemy spell or ability choosing a friendly unit ...);
* RB-CARD-21: what the player chooses as the card resolves, as the entry states it (the runes paid,
  the card discarded, a damage split, the cards in the trash, the buffs spent);
* RB-CARD-22: gear on the board killed or returned to hand (:mod:`.gear`).

What the interpreter does not model (an ``unparsed`` clause, an effect kind or an amount it
does not read, a condition it cannot check and the entry does not state) is returned as
``{card, what, why}`` (RB-CARD-4): never dropped.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from pycombat.errors import ScenarioError
from pycombat.frozen import replace

from . import counters as _counters  # counters in the chain (RB-CARD-3, RB-CARD-20)
from . import equipment as _equipment  # Equipment attached and detached (RB-CARD-14)
from . import gear as _gear  # gear on the board killed or returned (RB-CARD-22)
from . import tokens as _tokens  # unit tokens played (RB-CARD-15)
from . import replacements as _replacements  # replacement effects on the board (RB-CARD-18)
from . import replay as _replay  # a unit banished and played anew (RB-CARD-24)
from . import ability_play as _ability_play  # a card a unit's trigger plays (RB-CARD-27)
from . import additional_costs as _additional  # a card's optional additional cost its effects read (RB-CARD-8)
from .plays import Board, Change, Play, Unmodelled, play_error as _err  # noqa: F401  (Unmodelled: re-exported)
from .records import effect_text
from .spells import Card
from .statics import (bonus_damage, damage_prevented, debuff_bonus, deflect_tax, move_refused, name_refused, quick_draw_from,
                      ready_refused, refused_target, replacement_of, reveal_refused, spell_cost)
from .statics import level_holds, level_of, side_xp, xp_words  # "[Level N]": its player's XP (RB-CARD-2)
from ..model import Unit, other
from ..spec import RUNE_DOMAINS  # what a trigger revealing a rune states it revealed
from ..spec import DESTINATIONS  # where a `move` with no stated destination takes a unit: the entry's `to:`

#: effect kinds with no effect on this combat's damage (named in the narration, not unmodelled)
NO_COMBAT_EFFECT = {
    "ready": "readying does not change combat damage (exhausted units still deal and take it)",
    "exhaust": "exhausting does not change combat damage",
    "grant_ability": "the granted ability (pay runes: ready) does not change combat damage",
    "draw": "drawing a card is off the board: it changes no unit of this combat",
}
#: keywords a card may grant, and how the model reads them
GRANTABLE = ("Assault", "Shield", "Tank", "Backline")
NO_EFFECT_KEYWORDS = {
    "Ganking": "RB-MIGHT-11", "Deflect": "RB-MIGHT-10",
    "Temporary": "RB-CARD-5",  # killed at the start of its controller's next turn: after this combat
}
#: conditions the interpreter decides from the board (the rest must be stated: `condition: true`)
#: the condition that reads a unit as it was before the card began to resolve (RB-CARD-8)
ALREADY_STUNNED = "already stunned"
CHECKABLE_CONDITIONS = ("it's attacking", "it is the only unit you control there", ALREADY_STUNNED, "otherwise",
                        "it's equipped")


# ---- what the model reads in an effect record -------------------------------------------------------
#: what a trigger revealed, as its entry states it (``revealed:``), on each of its effects that reads it: the domain of
#: the rune revealed (and the text of that domain's option when it is not among the records, or None), or how many of
#: the cards revealed it counts
REVEALED = "_revealed"
#: effect-record keys the interpreter reads; any other key makes the effect not modelled (RB-CARD-4)
KNOWN_KEYS = {"effect", "target", "duration", "value", "amount", "keyword", "condition", "replaces_previous",
              "mode_option", "to", "each", "min_might", "value_per", "per", "what", "max_energy", "max_power",
              "optional", "then", "activated", "trigger", "ability", "scope", "unless_controller_pays_energy", "split",
              "result", "amount_per", "with", "_late", "value_from", "unless", "from", "cost_reduction",
              "ignore_costs", "if_keyword", "when", REVEALED}
#: a spell's "activated" cost of a gear ability is paid by its controller and changes no combat damage
#: (Divining Shells: "kill this, exhaust"); an effect's own additional ``cost`` is not modelled


#: the condition a combat trigger's effects get after its "kill me" cost: its unit was killed for it (RB-CARD-8)
KILLED_FOR_COST = "I was killed for its cost"


#: "kill it the next time it takes damage" (Noxian Guillotine), "when any unit takes damage this turn, kill it"
#: (Imperial Decree)
KILL_ON_DAMAGE_RULE = "RB-CARD-23"


#: a card's optional effect with its own cost of Energy or runes ("Then do this: You may pay [rune] to ready it",
#: Guards!): whether its player paid is a condition the entry states (`condition: true|false`, RB-CARD-8), the cost
#: paid beyond the card's (RB-CARD-2)
PAID_OPTION = re.compile(r"^(\d+) (energy|rune|runes|\w+ runes?)$")
#: the target of an effect acting on the unit tokens the card played just before it ("ready it", Guards!)
THE_TOKEN = "the token"
#: the target of a unit's triggered ability acting on the unit whose event fired it ("[Stun] it", the unit an opponent
#: played; "ready it", the unit become Mighty): no choice (RB-CARD-10), so not checked as a target is (RB-CARD-1); the
#: showdown gives it as the play's target
EVENT_UNIT = "the unit whose event fired the trigger"


#: the cards whose "you may pay N to ..." is a condition the entry states: spells, gear, and a unit card played from
#: hand (its "When you play me, you may pay 2 Energy to ...", RB-CARD-16)
PAID_OPTION_TYPES = ("spell", "gear", "unit")


def paid_option(e: Mapping[str, Any]) -> Mapping[str, Any]:
    """A spell's, gear's or played unit's effect as the interpreter reads it: "you may pay N to ..." as the condition
    that its player paid (RB-CARD-8); any other effect as it is (a combat trigger a unit played to the battlefield
    fires, ``_late``, keeps its cost: not modelled)."""
    if e.get("optional") and not e.get("trigger") and not e.get("activated") and not e.get("condition") \
            and not e.get("_late") and PAID_OPTION.match(str(e.get("cost") or "")):
        return {**{k: v for k, v in e.items() if k not in ("optional", "cost")}, "condition": f"you pay {e['cost']}"}
    return e


def option_cost(card) -> tuple[int, int]:
    """(Energy, Power) of the card's optional effects paid for ("you may pay [rune] to ..."), paid when the
    entry states `condition: true`."""
    energy = power = 0
    for e in card.effects if card.type in PAID_OPTION_TYPES else ():
        m = PAID_OPTION.match(str(e.get("cost") or "")) if paid_option(e) is not e else None
        if m:
            energy, power = (energy + int(m[1]), power) if m[2] == "energy" else (energy, power + int(m[1]))
    return energy, power


#: a card's triggered ability for the rest of the turn: "When a friendly unit is played this turn, buff it" (Rally
#: the Troops): it acts on each unit its player plays later this turn (:mod:`.events`, RB-CARD-10)
UNIT_PLAYED_THIS_TURN = "When a friendly unit is played this turn"
#: the kinds such a triggered ability may have: each acts on the unit played only (``ref: triggering unit``)
ON_PLAYED_KINDS = ("buff", "might_modifier", "grant_keyword")


def on_unit_played(e: Mapping[str, Any]) -> bool:
    """Whether ``e`` is a card's "When a friendly unit is played this turn, <effect> it" the model reads."""
    return e.get("trigger") == UNIT_PLAYED_THIS_TURN and (e.get("target") or {}) == {"ref": "triggering unit"} \
        and e.get("effect") in ON_PLAYED_KINDS and not e.get("condition") and not e.get("optional")


#: a move between places outside this battlefield (another battlefield to another): no change to this combat
MOVED_ELSEWHERE = "moved elsewhere"


def unless_of(card) -> bool:
    """Whether one of the card's effects happens "unless" a player does something (RB-CARD-8)."""
    return any(e.get("unless") for e in card.effects)


def _every_unit(tgt: Any) -> bool:
    """A target record that is every unit, wherever it is: ``{count: all, kind: unit}``."""
    return isinstance(tgt, dict) and tgt.get("count") == "all" and tgt.get("kind") == "unit" \
        and set(tgt) <= {"count", "kind"}


#: "reveal the top rune of your rune deck, then recycle it; the option is set by its domain" (the records'
#: ``mode_rule``): the option whose ``mode_label`` is the revealed rune's domain resolves (RB-CARD-10, RB-CARD-8)
REVEALED_OPTION = re.compile(r"^reveal the top rune of your rune deck\b.*; the option is set by its domain$")
#: "Deal 1 ... for each card with [Hidden] revealed this way" (the records' ``per``): a count of the cards revealed
REVEALED_COUNT = re.compile(r"^card with \[(?P<keyword>[\w-]+)\] among the top (?P<top>\d+) cards of your Main Deck$")


def revealed_option(e: Mapping[str, Any]) -> bool:
    """Whether ``e`` is an option set by the domain of a rune revealed (:data:`REVEALED_OPTION`)."""
    return bool(e.get("mode_option") and e.get("mode_label") and REVEALED_OPTION.match(str(e.get("mode_rule") or "")))


def revealed_count(e: Mapping[str, Any]) -> tuple[str, int] | None:
    """``(keyword, cards revealed)`` of a damage counted on cards revealed (:data:`REVEALED_COUNT`), else None.

    >>> revealed_count({"effect": "deal_damage", "amount": "variable", "amount_per": 1,
    ...                 "per": "card with [Hidden] among the top 5 cards of your Main Deck"})
    ('Hidden', 5)
    """
    m = REVEALED_COUNT.match(str(e.get("per") or ""))
    if e.get("effect") != "deal_damage" or e.get("amount") != "variable" or not isinstance(e.get("amount_per"), int) \
            or m is None:
        return None
    return m["keyword"], int(m["top"])


def reveals(effects) -> str | None:
    """What the entry of an ability with ``effects`` states it revealed (``revealed:``): ``domain`` (a rune's), or
    ``count`` (cards counted); None: it reveals nothing the model reads."""
    if any(revealed_option(e) for e in effects):
        return "domain"
    if any(revealed_count(e) for e in effects):
        return "count"
    return None


#: an option of a "choose one that hasn't been chosen this turn" list whose other options are off the board (Aphelios,
#: Exalted's "Buff a friendly unit"), read as a condition its entry states (:func:`.events._one_option`, RB-CARD-8)
OPTION_CHOSEN = "its player chooses this option (one not chosen this turn; the others are off the board)"
#: a 'Choose one' list whose option the entry's `mode:` states, with nothing more to it (no "you've not chosen this
#: turn", no option set by a revealed card): the records' ``mode_rule`` of it
CHOOSE_ONE = "choose one"


def effect_support(e: Mapping[str, Any]) -> tuple[bool, str]:
    """``(modelled, how or why not)`` for one effect record, from its kind and parameters only (worked out once
    per record: the records are read-only data, and each play of a card asks again)."""
    return _per_record(_SUPPORT, e, _effect_support)


def _per_record(memo: dict, record: Any, make: Callable[[Any], Any]) -> Any:
    """``make(record)``, worked out once per read-only data record (a dict or tuple of them) and kept in ``memo`` by
    the record's id, with the record (bounded: emptied when it holds :data:`_PER_RECORD_LIMIT`)."""
    got = memo.get(id(record))
    if got is not None and got[0] is record:  # (the record is held here: no other one can have its id meanwhile)
        return got[1]
    out = make(record)
    if len(memo) >= _PER_RECORD_LIMIT:
        memo.clear()
    memo[id(record)] = (record, out)
    return out


#: :func:`effect_support`'s answers by the record's id, each kept with its record
_SUPPORT: dict[int, tuple[Mapping[str, Any], tuple[bool, str]]] = {}
_PER_RECORD_LIMIT = 20_000


def _effect_support(e: Mapping[str, Any]) -> tuple[bool, str]:
    ok, why = _kind_support(e)
    extra = sorted(set(e) - KNOWN_KEYS - (_tokens.KEYS if e.get("effect") == "create_unit_token" else set())
                   - (_replay.KEYS if e.get("effect") == _replay.KIND else set())
                   - ({"heal", "exhausted"} if _replacements.gear_saver(e) else set())
                   - ({"cost"} if _paid_by_a_kill(e) or _spends_buff(e) else set())
                   - ({"energy_max"} if e.get("what") == _equipment.FROM_HAND else set())
                   - (_ability_play.KEYS if e.get("effect") == _ability_play.KIND else set())
                   - ({"mode_rule"} if e.get("mode_option") and e.get("mode_rule") == CHOOSE_ONE else set())
                   - ({"mode_rule", "mode_label"} if revealed_option(e) else set()))
    if ok and extra:
        return False, "; ".join(f"its {key} ({e[key]}) is not modelled" for key in extra)
    unread = [f for key in ("target", "with") for f in unread_target_filters(e.get(key))]
    if ok and unread:  # RB-CARD-1: a filter not checked would let a unit it excludes be chosen
        return False, f"its target filter ({', '.join(unread)}) is not checked (RB-CARD-1)"
    if ok and revealed_option(e):
        why += (f"; the {e['mode_label']} option: it resolves when the rune its trigger reveals is of "
                f"{e['mode_label']}, as the trigger's entry states (`revealed: DOMAIN`; another domain: not this option) "
                "(RB-CARD-10, RB-CARD-8)")
    if ok and e.get("unless"):
        why += f"; not done if {e['unless']}: that player's choice, stated by the entry (`pays: true|false`, RB-CARD-8)"
    return ok, why


def _kind_support(e: Mapping[str, Any]) -> tuple[bool, str]:
    k = e.get("effect")
    tgt = e.get("target") or {}
    if k == "empower" and (tgt in ({"ref": "self"}, {"ref": "source"}) or (tgt.get("count") == 1 and "unit" in str(tgt.get("kind")))):
        return True, ("the unit becomes [Empowered]: its \"I'm [Empowered]\" abilities and keywords apply from now on "
                      "(a legend or gear chosen is off the board: no unit named) (RB-CARD-9)")
    if _replacements.gear_saver(e):  # RB-CARD-18
        if k == "recall":
            return True, "the unit saved is healed, exhausted and recalled (with the replacement above, RB-CARD-18)"
        return True, ("while this gear is in play, the next time a friendly unit would die, the gear is killed "
                      "instead (RB-CARD-18)")
    if k == "prevent_damage" and e.get("amount") == _replacements.NEXT_INSTANCE and not e.get("scope"):
        return True, ("the next damage dealt to it is prevented: a card's or ability's in the showdown, else the "
                      "combat damage, dealt at once (RB-CARD-18, RB-DMG-4)")
    if k == "prevent_damage" and e.get("amount") == "all" and e.get("scope") == _replacements.SPELL_SCOPE \
            and tgt.get("count") == "all" and set(tgt) <= {"count", "kind"}:
        return True, "spell and ability damage prevented for the rest of the turn; combat damage is not (RB-CARD-18)"
    if k == "kill_on_damage" and _every_unit(tgt):
        return True, ("every unit that takes damage for the rest of the turn is killed: damage a card or ability "
                      "deals in the showdown, or combat damage (all of it prevented: it took none); 1 combat damage "
                      f"is lethal for it only under kill_on_damage_lethal=one ({KILL_ON_DAMAGE_RULE})")
    if k == "kill_on_damage" and e.get("duration") == "this_turn" and isinstance(tgt, dict) and "ref" in tgt:
        return True, ("the unit is killed the next time it takes damage this turn: damage a card or ability deals in "
                      "the showdown, or combat damage (all of it prevented: it took none); 1 combat damage is lethal "
                      f"for it only under kill_on_damage_lethal=one ({KILL_ON_DAMAGE_RULE})")
    if k == "kill_on_damage":
        return False, "'kill it when it takes damage' with this target or duration is not modelled"
    if k == "spell_lock" and tgt.get("ref") == _counters.LOCKED and e.get("duration") == "this_turn":
        return True, ("the countered spell's controller can't play spells for the rest of the turn: a later spell of "
                      f"his in this showdown is refused, but one countering this counter ({_counters.RULE})")
    if _gear.is_gear_effect(e):  # RB-CARD-22
        return _gear.support(e)
    if k in _equipment.KINDS:  # RB-CARD-14
        return _equipment.support(e)
    if k == "create_unit_token" and not e.get("trigger"):  # RB-CARD-15
        return _tokens.support(e)
    if k == _replay.KIND and not e.get("trigger"):  # RB-CARD-24
        return _replay.support(e)
    if k == _ability_play.KIND:  # RB-CARD-27: read as the combat trigger it is (its `trigger` stripped)
        return _ability_play.support(e)
    if on_unit_played(e):  # RB-CARD-10: a triggered ability for the rest of the turn
        ok, how = _kind_support({k: v for k, v in e.items() if k not in ("trigger", "target")})
        return ok, (f"for the rest of the turn, each friendly unit its player plays (a unit card from hand, a unit "
                    f"token a card plays) gets it as it enters, right after that play resolves: {how} (RB-CARD-10)"
                    if ok else how)
    if k == _counters.UNCOUNTERABLE and tgt == {"ref": "self"}:
        return True, "this card can't be countered: a counter naming it resolves and does nothing to it (RB-CARD-3)"
    if k == _counters.COUNTERED_TO and e.get("to") == "hand":
        return True, ("the card it counters goes back to its owner's hand, not to the trash: no effect on this "
                      "combat by itself; in the showdown game from both hands its player may play it again (RB-CARD-3)")
    if isinstance(tgt, dict) and "ref" in tgt and tgt["ref"] not in ("chosen", "the two chosen units", "source",
                                                                     _counters.CHOSEN_FRIENDLY, THE_TOKEN,
                                                                     EVENT_UNIT):
        return False, f"its target ({tgt['ref']}) is not a unit the scenario names"
    # a condition on the unit it chooses (Decree of Focus: "that's in combat with an enemy Fury unit")
    cond = isinstance(tgt, dict) and (tgt.get("condition") or (tgt.get("chosen") or {}).get("condition"))
    if cond:
        return False, f"a condition on the unit it chooses ({cond}) is not checked"
    if e.get("trigger"):
        return False, f"a triggered ability ({e['trigger']}): triggers are not modelled"
    if _spends_buff(e):  # "For each friendly unit, you may spend its buff to ready it" (RB-CARD-21)
        return True, ("the units the entry names (friendly, each with a buff) spend their buff to be readied: "
                      "readying changes no combat damage; the buff is gone until the card buffs them again "
                      f"({CHOICES_RULE})")
    if e.get("cost") and not _paid_by_a_kill(e):
        return False, f"its additional cost ({e['cost']}) is not modelled"
    if _paid_by_a_kill(e):
        return True, ("if the card's kill before it killed a unit: + that unit's Might as it died (its last "
                      "Might, 0 when below 0), read as it resolves (RB-CARD-13, RB-CARD-8)")
    if k == "might_modifier":
        if isinstance(e.get("value"), int):
            return True, f"{e['value']:+d} Might" + (f" (not below {e['min_might']})" if e.get("min_might") else "")
        if e.get("value") == _counters.COUNTERED_ENERGY:
            return True, ("+ the Energy cost of the spell the card counters (its printed cost), to the friendly unit "
                          "it chooses after that spell (RB-CARD-20)")
        if e.get("value_per") is not None and e.get("per") == "enemy unit there":
            return True, f"+{e['value_per']} Might per enemy unit at the battlefield"
        if e.get("value") == "variable" and e.get("value_from") == MY_MIGHT:
            return True, "+ its unit's Might, read as it resolves (RB-CARD-13)"
        if e.get("value_per") is not None and tags_counted(e) is not None:
            return True, (f"+{e['value_per']} Might for each of the tags {', '.join(tags_counted(e))} that a unit "
                          "of its player's in play has, counted on the board as it resolves (RB-CARD-13)")
        return False, f"its amount ({e.get('value') or e.get('per')}) is not read"
    if k == "might_set":
        if e.get("value") == MIGHT_OF_ANOTHER:
            return True, ("its Might increased to the current Might of another friendly unit (the entry's next "
                          "target), read as it resolves; never lowered (RB-CARD-13)")
        if str(e.get("value_from") or "").startswith(MIGHT_OF_CHOSEN_HERE):
            return True, ("its Might increased to the current Might of the unit it chooses here (the entry's "
                          "target), read as it resolves; never lowered (RB-CARD-13)")
        return False, f"its Might set to {e.get('value')}: the amount is not read"
    if k == "might_double":
        return True, "Might doubled (+ its current Might)"
    if k == "might_swap":
        return True, "the two units' current Might swapped"
    if k == "buff":
        return True, "+1 Might buff (a unit has at most one)"
    if k == "buff_bonus":
        return True, f"buffed units get +{e.get('value', 1)} Might more"
    if k == "grant_keyword":
        kw = e.get("keyword")
        if kw in GRANTABLE:
            return True, f"gains {kw}" + (f" {e['value']}" if e.get("value") else "")
        if kw in NO_EFFECT_KEYWORDS:
            return True, f"gains {kw}: no effect on this combat's damage ({NO_EFFECT_KEYWORDS[kw]})"
        if kw == MY_KEYWORDS:
            return True, ("gains its unit's keywords as it has them as it resolves: each Assault and Shield, Tank, "
                          "Backline; the others change no combat damage (RB-CARD-13)")
        return False, f"keyword {kw} is not modelled"
    if k == "bonus_damage" and e.get("per") == IN_TRASH and isinstance(e.get("amount_per"), int) \
            and set(e) <= {"effect", "amount_per", "per"}:
        return True, (f"+{e['amount_per']} to the card's damage for each card of its name in its player's trash: the "
                      f"entry states how many, `trash: N` ({CHOICES_RULE})")
    if k == "deal_damage":
        if e.get("split") and e.get("amount") == "chosen friendly unit might":
            return True, ("damage equal to the chosen friendly unit's Might (the entry's first target), split among "
                          f"enemy units at the battlefield as the entry states, `amounts: {{UNIT: N}}` ({CHOICES_RULE})")
        if e.get("split") and isinstance(e.get("amount"), int) and (tgt or {}).get("count") == "any":
            return True, (f"{e['amount']} damage split among the units it chooses as the entry states, "
                          f"`target: [...]` and `amounts: {{UNIT: N}}` adding up to {e['amount']} ({CHOICES_RULE})")
        if e.get("split"):
            return False, "damage split among the units it chooses: how it is split is not read"
        if e.get("amount") == DISCARDED_ENERGY:
            return True, ("damage equal to the Energy cost of the card discarded: the entry names it, `discard: CARD` "
                          f"({CHOICES_RULE})")
        if isinstance(e.get("amount"), int):
            return True, f"{e['amount']} damage marked (RB-MIGHT-8)"
        if e.get("amount") in AMOUNTS_READ:
            return True, f"damage equal to {AMOUNTS_READ[e['amount']]}, read as it resolves (RB-CARD-13)"
        if e.get("amount") == RUNES_PAID:
            return True, ("damage equal to the runes of any domain (Power) paid for it beyond its cost: the entry "
                          f"states them, `paid: {{power: N}}` ({CHOICES_RULE})")
        if e.get("amount") == MARKED_ON_IT:
            return True, "damage equal to the damage marked on the unit it chooses, read as it resolves (RB-CARD-13)"
        if revealed_count(e) is not None:
            kw, top = revealed_count(e)
            return True, (f"{e['amount_per']} damage for each card with [{kw}] among the top {top} cards of its "
                          f"player's Main Deck it reveals: the entry states how many, `revealed: N` (0..{top}); one "
                          "instance of that damage, as one \"Deal\" (Bonus Damage adds to it once; none when N is 0) "
                          "(RB-CARD-10, RB-CARD-13)")
        if _per_equipment(e):
            return True, (f"{e['amount_per']} damage for each Equipment attached to its unit, counted as it resolves "
                          "(RB-CARD-13, RB-CARD-14)")
        return False, f"its amount ({e.get('amount')}) is not read"
    if k == "fight":
        return True, "the two units deal damage equal to their Might to each other"
    if k == "death_replacement":
        how = DEATH_REPLACEMENTS.get(str(e.get("result")))
        if how is None:
            return False, f"a death replaced by {e.get('result')!r} is not modelled"
        if (tgt or {}).get("ref") != "chosen":
            return False, "a death replacement for units other than the one the card chooses is not modelled"
        return True, f"the next time it would die this turn, it is {how} instead (RB-CARD-12)"
    if k == "swap_locations" and _two_friendly(e):
        kw = e.get("if_keyword")
        return True, ("the two friendly units the entry names, at different locations (this battlefield, its player's "
                      "base, another battlefield), move each to the other's location" + (
                          f" if at least one of them has [{kw}], read on the board as it resolves" if kw else "")
                      + "; into the battlefield it fights for its side, out of it it leaves the combat (RB-CARD-1, "
                      "RB-CARD-7)")
    if k == PLAY_UNIT:
        return _play_unit_support(e)
    if k == STEAL:
        if e.get("what") != "spell" or not isinstance(e.get("max_energy"), int):
            return False, f"gaining control of {e.get('what')} is not read"
        return True, (f"gains control of the spell it chooses (Energy cost at most {e['max_energy']}): that spell "
                      "resolves under its player, with the new choices the entry states after the spell "
                      "(`target: [SPELL, ...]`; none: its old choices), where the showdown list has it (a counter's "
                      f"reading of the chain, RB-CARD-3, {_counters.RULE}; its choices, {CHOICES_RULE})")
    if k == "grant_ability" and e.get("when") == CONQUER:
        return True, CONQUER_WHY
    if k == "swap_locations":
        w = e.get("with") or {}
        if set(w) - {"count", "side", "kind", "location", "token", "tag"} or w.get("location") not in (
                None, "another location") or (tgt or {}).get("ref") not in ("self", "source"):
            return False, f"a swap with {w} is not modelled"
        return True, ("its unit and the unit chosen swap locations (into the battlefield from a base, or out of it; "
                      "RB-CARD-7)")
    if k == "heal":
        return True, "healed: its marked damage is removed (RB-MIGHT-8)"
    if k == "stun":
        return True, "Stunned: adds 0 to its side's total (RB-MIGHT-3)"
    if k in ("kill", "banish", "remove_to_deck", "return_to_hand", "recall"):
        return True, "leaves the battlefield"
    if k == "take_control":
        if e.get("then") == "recall":
            return True, "taken and recalled: leaves the battlefield"
        return False, TAKEN_MID_COMBAT
    if k == "move":
        return True, "moves (into the battlefield from base or another battlefield, or away from it)"
    if k == "prevent_damage":
        if isinstance(e.get("amount"), int) and not e.get("scope"):
            return True, f"prevents the next {e['amount']} damage: raises its lethal amount (RB-MIGHT-6)"
        # (a modelled "prevent all" would make the unit unkillable: leftover on it is RB-READ-4)
        return False, f"prevention of {e.get('amount')}" + (f" ({e['scope']})" if e.get("scope") else "")
    if k == "damage_double":
        return True, "damage dealt to it doubled (RB-MIGHT-7; threshold per rules_version)"
    if k == "counter":
        return _counters.support(e)
    if k in NO_COMBAT_EFFECT:
        return True, NO_COMBAT_EFFECT[k]
    return False, f"effect kind {k} is not interpreted"


def describe_effects(card: Card) -> tuple[list[dict], list[dict]]:
    """Each effect of ``card`` as modelled (``{what, how}``) or not (``{card, what, why}``)."""
    modelled, unmodelled = [], []
    for e in card.effects:
        e = paid_option(e)
        ok, text = effect_support(e)
        if ok and e.get("condition", "").startswith("you pay "):
            text += f" if its player pays its cost ({e['condition'][8:]}, beyond the card's): the entry states " \
                    "whether he did (`condition: true|false`, RB-CARD-8)"
        if ok and level_of(e.get("condition")) is not None:
            text += f"; [{e['condition']}] is read from its player's XP, the side's `xp:` (less an XP cost spent "\
                    "earlier), as his units' [Level N] abilities read it; not stated, the entry's `condition: " \
                    "true|false`, else the clause is NOT MODELLED (RB-CARD-2, RB-CARD-8, RB-CARD-4)"
        what = effect_text(e)
        if ok:
            modelled.append({"what": what, "how": text})
        else:
            unmodelled.append({"card": card.name, "what": what, "why": text})
    if card.unparsed:
        unmodelled.append({"card": card.name, "what": f"{card.unparsed} clause(s) of the card text",
                           "why": "not parsed into effects in the data (`unparsed`)"})
    for clause, why in card.not_modelled:  # named, with why, in data/effects_overlay.yaml (RB-CARD-4)
        unmodelled.append({"card": card.name, "what": f"clause(s) of the card text: \"{clause}\"", "why": why})
    modelled += _equipment.attached_reading(card)
    from .cost_changes import describe as _cost_change

    modelled += [{"what": "cost", "how": _cost_change(c)} for c in card.cost_changes]
    if any(k == "Hidden" for k, _ in card.keywords):
        modelled.append({"what": "[Hidden]", "how": "played from facedown (`facedown: true`): it has Reaction and "
                         "costs 0 Energy, its hide cost paid as it was hidden; checked with card_costs=stated "
                         "(RB-CARD-26, RB-CARD-2)"})
    if card.equipment:
        if card.equip_might_bonus is not None:
            modelled.append({"what": "Equipment", "how": f"+{card.equip_might_bonus} Might to the unit it is attached to"})
        else:
            unmodelled.append({"card": card.name, "what": "Equipment Might bonus",
                               "why": _equipment.NO_BONUS})
        cost, extra = _equipment.equip_clauses(card)
        for clause in extra:  # what its [Equip] prints beyond Energy and runes (RB-CARD-14): named, never dropped
            unmodelled.append({"card": card.name, "what": f"[Equip] (cost: {_equipment.symbols_text(cost)}): \"{clause}\"",
                               "why": _equipment.EQUIP_UNUSED})
    return modelled, unmodelled




# ---- resolving a play --------------------------------------------------------------------------------
class _Targets:
    """The entry's targets, consumed in order by the card's effects."""

    def __init__(self, play: Play, board: Board):
        self.play, self.board = play, board
        self.queue = list(play.targets)
        self.chosen: list[str] = []
        self.left: list[str] = []  #: targets gone before the card resolved (RB-CARD-11)
        #: the choices a unit's "When you play me" ability could not make: (what it chooses, why none fits)
        self.unfit: list[tuple[str, str]] = []
        #: the last keyword grant's (count, target spec) and units: the next grant asking for the same
        #: gives its keyword to the same unit ("give a unit [A] and [B]", RB-CARD-1)
        self.last_grant: tuple | None = None
        self.last_names: tuple[str, ...] = ()
        #: the units the card's last kill effect killed ("Kill a friendly unit. If you do ...", RB-CARD-8)
        self.killed: list[str] = []
        self.killed_might: dict[str, int] = {}  #: their Might as they died
        self.countered: str | None = None  #: the card a counter names (RB-CARD-3, RB-CARD-20)
        self.tokens: list[str] = []  #: the unit tokens the card's last token effect played ("ready it")
        self.played: list[str] | None = None  #: the unit its ``play_unit`` effect played (None: no such effect yet)
        #: its player paid the additional cost that spares his own units from its "each player kills" (SPARED_IF_PAID)
        self.spared = False

    def take(self, n: int, spec: Mapping[str, Any], *, at_most: bool = False, optional: bool = False) -> list[str]:
        if len(self.queue) < n and not (at_most or optional):
            if not self.queue and (why := self._none_fits(spec)) is not None:  # RB-CARD-10: that part does nothing
                self.unfit.append((_spec_text(spec), why))
                return []
            raise _err(self.play, f"needs {n} more target(s) ({_spec_text(spec)}); "
                       f"{len(self.queue)} left in `target`", "RB-CARD-1", "target")
        got, self.queue = self.queue[:n], self.queue[n:]
        if n > 1:
            distinct_choice(self.play, got, f"{'up to ' if at_most else ''}{_NUMBER_WORDS.get(n, n)} units")
        # a target that left the battlefield earlier in the chain (killed, moved ...): the card was on the
        # chain before it left, so that part does nothing to it; the card's other parts still happen (RB-CARD-11)
        left = [g for g in got if g in self.board.units and self.board.where(g) is None and g in self.board.gone]
        # a combat trigger chose its targets as it went on the chain, at the showdown's start: one moved off the
        # battlefield before it resolved is gone for it as well (RB-CARD-11, RB-SHOW-2)
        left += [g for g in got if self.play.trigger_of and g in getattr(self.board, "moved", ())
                 and (spec.get("location") in ("same_location", "battlefield", "in_combat")
                      or spec.get("state") == "attacking")
                 and self.board.where(g) != (_here(self.play, self.board) if spec.get("location") == "same_location"
                                             else "battlefield")]
        got = [g for g in got if g not in left]
        self.left += [g for g in left if g not in self.left]
        for name in got:
            check_target(self.play, self.board, name, spec, self.chosen)
        if spec.get("location") == "together" and len({spot(self.board, g) for g in got}) > 1:
            raise _err(self.play, f"{', '.join(got)} are not all at one location ("
                       + "; ".join(f"{g}: {_spot_text(self.board, g)}" for g in got)
                       + "): the card chooses its units at the same location", "RB-CARD-1", "target")
        self.chosen += [g for g in got if g not in self.chosen]
        return got

    def _none_fits(self, spec: Mapping[str, Any]) -> str | None:
        """Why no unit can be chosen for ``spec`` by a unit's "When you play me" ability or combat trigger (Teemo -
        Strategist's "When I defend, choose an enemy unit here" when the only one can't be chosen, RB-CARD-9), or by
        an Equipment's own "When you play this from face down, attach it to a unit you control" (triggered
        abilities: with no unit to choose, that part does nothing, RB-CARD-10), or None (it can choose one, or it is
        not such an ability: the entry must name it)."""
        play, board = self.play, self.board
        own_attach = play.facedown and play.card.equipment and any(
            e.get("trigger") == _equipment.FACEDOWN_PLAY for e in play.card.effects)
        if (play.unit is None and not own_attach and not play.trigger_of) or play.ability_of:
            return None
        if play.to == "elsewhere" and spec.get("location") in ("battlefield", "same_location", "in_combat"):
            return "the units it may choose are at the battlefield it entered, none of this combat's"
        for name in list(board.present) + list(board.base) + list(board.away):
            try:
                check_target(play, board, name, spec, self.chosen)
            except ScenarioError:
                continue
            return None
        return "no unit in play fits"


_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def distinct_choice(play: Play, names: list[str] | tuple[str, ...], what: str) -> None:
    """RB-CARD-1: one instruction that chooses several units ("two friendly units", "up to three units", "any number
    of units", a fight's two units) chooses that many *different* units: a unit named twice in it is refused (two
    copies of one card are two units, named "Name" and "Name (2)" by the scenario reader)."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            times = sum(1 for n in names if n == name)
            raise _err(play, f"{name} is named {'twice' if times == 2 else f'{times} times'}: choosing {what} is "
                       f"choosing different units, each at most once (a second unit of the same card is named "
                       f"\"{name} (2)\")", "RB-CARD-1", "target")
        seen.add(name)


def _spec_text(spec: Mapping[str, Any]) -> str:
    bits = []
    if spec.get("side"):
        bits.append(str(spec["side"]))
    if spec.get("state"):
        bits.append(str(spec["state"]))
    bits.append(str(spec.get("kind", "unit")))
    if spec.get("location") in ("another location", "elsewhere"):
        bits.append(f"at {spec['location'] if spec['location'] != 'elsewhere' else 'another battlefield'}")
    elif spec.get("location") == "with_chosen":
        bits.append("at the location of the unit chosen before")
    elif spec.get("location") == "together":
        bits.append("all at one location")
    elif spec.get("location"):
        bits.append(f"at the {'battlefield' if spec['location'] != 'base' else 'base'}")
    if spec.get("might_max") is not None:
        bits.append(f"with Might {spec['might_max']} or less")
    if spec.get("domain"):
        bits.append(f"of domain {spec['domain']}")
    if spec.get("other"):
        bits.append("(another one)")
    return " ".join(bits)


#: RB-CARD-26: target locations a card played from facedown may choose away from where it was hidden (its text
#: "explicitly restricts targeting in a way that makes this impossible", CR 811.1.d.2)
FACEDOWN_ELSEWHERE = ("base", "elsewhere", "another location")


#: RB-CARD-9: a target's ``chooser`` that is the controller of the unit picked (Atakhan: "the defender must kill one of
#: their units here"; Cull the Weak: "Each player kills one of their units"; Call to Battle: "choose an opponent. They
#: move a unit they control"): the card does not choose it, so "can't be chosen by enemy spells and abilities" does
#: not stop it
OWN_CHOOSERS = ("the defender", "the chosen opponent", "each player, own unit", "each opponent, own unit")
#: RB-CARD-9: "Each player kills one of their units" (Cull the Weak, Safety Inspector): one unit of each player, each
#: chosen by that player as it resolves; the entry states what each chose (at most one unit of each player)
EACH_PLAYER_OWN_UNIT = "each player, own unit"
#: RB-CARD-8: "If you paid my additional cost, you don't kill a unit this way" (Safety Inspector): whether its player
#: paid (`condition: true|false`) decides only whether he kills one of his own units too; his opponent kills one of his
#: either way
SPARED_IF_PAID = "you don't kill a unit this way if you paid the additional cost"


def check_target(play: Play, board: Board, name: str, spec: Mapping[str, Any], chosen: list[str]) -> None:
    """RB-CARD-1: ``name`` is a legal target for ``spec`` (else a ScenarioError with the rule id)."""
    u = board.units.get(name)
    where = board.where(name) if u is not None else None
    if u is None or where is None:
        raise _err(play, f"{name!r} is not a unit in play here (already gone, or not in the scenario)",
                   "RB-CARD-1", "target")
    # RB-CARD-9: "can't be chosen by enemy spells and abilities"; a unit its own controller picks ("the defender must
    # kill one of their units", "each player kills one of their units") is not chosen by the enemy's card
    if spec.get("chooser") not in OWN_CHOOSERS and (why := refused_target(board, play.by, name)) is not None:
        raise _err(play, why, "RB-CARD-1", "target")
    side = spec.get("side") or ("friendly" if "you control" in str(spec.get("kind") or "") else None)
    if side == "friendly" and u.side != play.by:
        raise _err(play, f"{name} is not a friendly unit of the {play.by}", "RB-CARD-1", "target")
    if spec.get("other") and name == play.source_unit and play.trigger_of:  # "another", "besides me"
        raise _err(play, f"{name} is the ability's own unit: this needs another unit", "RB-CARD-1", "target")
    if side == "enemy" and u.side == play.by:
        raise _err(play, f"{name} is not an enemy unit of the {play.by}", "RB-CARD-1", "target")
    loc = spec.get("location")
    here = _here(play, board)
    if loc == "same_location" and here != "battlefield" and where != here:
        raise _err(play, f"{name} is not at {play.source_unit}'s location ({here})", "RB-CARD-1", "target")
    if loc == "battlefield" and where not in ("battlefield", "elsewhere"):  # "at a battlefield": this one or another
        raise _err(play, f"{name} is not at a battlefield", "RB-CARD-1", "target")
    if loc == "with_chosen" and chosen and spot(board, name) != spot(board, chosen[-1]):
        # "an enemy unit at its location", "at the same battlefield": where the unit the card chose before it is
        raise _err(play, f"{name} is not at {chosen[-1]}'s location ({_spot_text(board, chosen[-1])}): the card "
                   f"chooses it at the location of the unit it chose before", "RB-CARD-1", "target")
    if loc == "in_combat" or loc == "same_location" and here == "battlefield":
        if where != "battlefield":
            raise _err(play, f"{name} is not at the battlefield", "RB-CARD-1", "target")
    if play.facedown and not (play.trigger_of or play.ability_of) and loc not in FACEDOWN_ELSEWHERE:
        at = "battlefield" if play.revealed_here else "elsewhere"  # RB-CARD-26: where it was hidden
        if where != at:
            raise _err(play, f"{name} is not at the battlefield where {play.card.name} was hidden ("
                       + ("this one" if at == "battlefield" else "another one: its player's hidden cards are at a "
                          "battlefield he controls") + "): a card played from facedown chooses only units there",
                       "RB-CARD-26", "target")
    if spec.get("state") == "attacking" and not (u.side == "attacker" and where == "battlefield"):
        raise _err(play, f"{name} is not attacking", "RB-CARD-1", "target")
    if spec.get("might_max") is not None and u.current_might > int(spec["might_max"]):
        raise _err(play, f"{name} has Might {u.current_might}, more than {spec['might_max']}", "RB-CARD-1", "target")
    src = board.units.get(play.source_unit) if play.source_unit else None
    if spec.get("might_less_than") == "self" and src is not None and u.current_might >= src.current_might:
        raise _err(play, f"{name} has Might {u.current_might}, not less than {play.source_unit}'s {src.current_might}",
                   "RB-CARD-1", "target")
    if spec.get("state") in _STATES and spec["state"] != "attacking" and not _in_state(u, spec["state"]):
        raise _err(play, f"{name} is not {spec['state']}", "RB-CARD-1", "target")
    if (why := unit_filter_refusal(u, spec)) is not None:  # token, tag, domain: the unit's own facts
        raise _err(play, why, "RB-CARD-1", "target")
    if loc == "base" and where != "base":  # "a unit at a base"
        raise _err(play, f"{name} is not at a base", "RB-CARD-1", "target")
    if spec.get("other") and name in chosen:
        raise _err(play, f"{name} was already chosen: this needs another unit", "RB-CARD-1", "target")


#: RB-CARD-1: the keys of a target record (the data's ``target``, and a swap's ``with``) that the interpreter reads
#: (:func:`check_target`, :func:`unit_filter_refusal`, :func:`_all`, the count and references of :func:`_consume`,
#: ``total_might_max`` and the ``chooser`` in :func:`_effect`); an effect whose target asks for another is not modelled
#: (RB-CARD-4): a filter not checked would let a unit it excludes be chosen
TARGET_KEYS_READ = {"count", "count_max", "side", "kind", "location", "state", "other", "might_max", "domain", "tag",
                    "tags", "not_tag", "token", "ref", "chosen", "chooser", "optional", "total_might_max",
                    "might_less_than"}
#: the values of ``might_less_than`` read: the Might of the ability's own unit ("with less Might than me")
MIGHT_LESS_THAN_READ = ("self",)


def unread_target_filters(spec: Any) -> list[str]:
    """RB-CARD-1, RB-CARD-4: the filters of a target record the interpreter does not check (``key=value``), [] when
    it checks them all."""
    if not isinstance(spec, dict):
        return []
    out = [f"{k}={spec[k]}" for k in sorted(set(spec) - TARGET_KEYS_READ)]
    if spec.get("might_less_than") is not None and spec["might_less_than"] not in MIGHT_LESS_THAN_READ:
        out.append(f"might_less_than={spec['might_less_than']}")
    if isinstance(spec.get("chosen"), dict):
        out += unread_target_filters(spec["chosen"])
    return out


def unit_filter_refusal(u: Unit, spec: Mapping[str, Any]) -> str | None:
    """RB-CARD-1: why unit ``u`` does not fit the filters of target record ``spec`` that are facts of the unit itself
    (a token unit, its tags, its domain), or None when it fits them. The one reading of these filters for a chosen
    target (:func:`check_target`), an "all" target (:func:`_all`) and a swap's other unit."""
    if spec.get("token") and not u.token:  # "your token units" (RB-CARD-15)
        return f"{u.name} is not a token unit" + (" (a custom unit is one only when stated `token: true`)"
                                                   if u.card_id is None else "")
    if spec.get("tag") and spec["tag"] not in u.tags:
        return f"{u.name} is not a {spec['tag']}"
    if spec.get("tags") and not set(spec["tags"]) & set(u.tags):
        return f"{u.name} is not a {' or '.join(spec['tags'])}"
    if spec.get("not_tag") and spec["not_tag"] in u.tags:
        return f"{u.name} is a {spec['not_tag']}: the card chooses a non-{spec['not_tag']} unit"
    if spec.get("domain") and spec["domain"] not in u.domains:
        return f"{u.name} is not a {spec['domain']} unit" + (" (a custom unit has no domains)"
                                                            if u.card_id is None else "")
    return None


def spot(board: Board, name: str) -> tuple[str | None, str | None]:
    """RB-CARD-1: the one location a unit is at: this battlefield, another battlefield, or one player's base (each
    player has his own base: two units at "base" of different sides are at two locations)."""
    where = board.where(name)
    return where, (board.units[name].side if where == "base" else None)


def _spot_text(board: Board, name: str) -> str:
    where, side = spot(board, name)
    return f"the {side}'s base" if where == "base" else "this battlefield" if where == "battlefield" \
        else "another battlefield"


def _here(play: Play, board: Board) -> str:
    """Where "here" is for a play: its unit's location (a unit's ability), else the battlefield."""
    src = play.source_unit
    return (board.where(src) or "battlefield") if src else "battlefield"


def _all(board: Board, play: Play, spec: Mapping[str, Any]) -> list[str]:
    """Every unit an ``all`` effect reaches (at the battlefield unless it says otherwise; "here" at a
    base: the units there)."""
    out = []
    pool = list(board.present)
    if spec.get("location") == "same_location" and _here(play, board) != "battlefield":
        where = _here(play, board)
        pool = [n for n in board.units if board.where(n) == where and board.units[n].side == board.units[
            play.source_unit].side]  # at a base or elsewhere only its own units: no enemy unit is there
    for name in pool:
        u = board.units[name]
        side = spec.get("side")
        if side == "friendly" and u.side != play.by or side == "enemy" and u.side == play.by:
            continue
        if unit_filter_refusal(u, spec) is not None:  # token, tag, domain (RB-CARD-1)
            continue
        if spec.get("state") and not _in_state(u, spec["state"]):
            continue
        out.append(name)
    return out


#: RB-CARD-1: the states an "all ... units" target reads off a unit ("kill all damaged enemy units here")
_STATES = {"attacking": lambda u: u.side == "attacker" and u.designated, "damaged": lambda u: u.marked > 0,
           "stunned": lambda u: u.stunned, "buffed": lambda u: u.buffed, "exhausted": lambda u: u.exhausted}


def _in_state(u: Unit, state: str) -> bool:
    """Whether ``u`` is in the target's ``state`` (RB-CARD-1); a state not in :data:`_STATES` is a
    data value the interpreter does not know: refused loudly rather than read as "any unit"."""
    if state not in _STATES:
        raise ValueError(f"target state {state!r} is not one the card interpreter reads")
    return _STATES[state](u)


#: RB-CARD-8: a trigger's conditions on the units at its unit's battlefield, read off the board as it resolves (no
#: choice of its player): (the board, the trigger's player) -> whether it holds
BOARD_CONDITIONS: dict[str, Callable[[Board, str], bool]] = {
    # Kha'Zix - Mutating Horror
    "an enemy unit is alone here": lambda board, by: sum(1 for n in board.present if board.units[n].side != by) == 1,
    # Dune Drake
    "if there is a ready enemy unit here": lambda board, by: any(board.units[n].side != by and not board.units[n].exhausted
                                                                 for n in board.present),
}


#: RB-CARD-8: a card's conditions on a fact of its player the scenario states on his side (``runes:``), read from it:
#: (the condition's words, the :class:`~..model.Player` field, whether it holds for the stated value and the number)
STATED_CONDITIONS: tuple[tuple[re.Pattern, str, Callable[[int, int], bool]], ...] = (
    (re.compile(r"(?i)(?:if |while )?you control (\d+) or fewer runes"), "runes", lambda v, n: v <= n),
    (re.compile(r"(?i)(?:if |while )?you (?:control|have) (\d+)(?:\+| or more) runes"), "runes", lambda v, n: v >= n),
)
#: RB-CARD-8: a card's conditions on the unit it chose that the scenario states on that unit (``empowered:``)
STATED_UNIT_CONDITIONS = {"it's [Empowered]": "empowered"}


def _player_fact(cond: Any, player: Any) -> tuple[bool, str, Any] | None:
    """RB-CARD-8: a condition on a fact of its player (:data:`STATED_CONDITIONS`) read from what ``player`` (a
    :class:`~..model.Player`) states: (whether it holds, the field, its value), or None (not such a condition, or
    not stated)."""
    for rx, field, holds in STATED_CONDITIONS:
        m = rx.fullmatch(str(cond or "").strip())
        if m is not None:
            v = getattr(player, field, None)
            return None if v is None else (holds(int(v), int(m.group(1))), field, v)
    return None


def stated_player_condition(cond: Any, player: Any) -> bool | None:
    """RB-CARD-8: whether a condition on a fact of its player (:data:`STATED_CONDITIONS`) holds for what ``player``
    states, or None (not such a condition, or not stated)."""
    got = _player_fact(cond, player)
    return None if got is None else got[0]


def _stated(play: Play, board: Board, cond: str, subject: str | None) -> tuple[bool, str] | None:
    """RB-CARD-8: whether ``cond`` holds, read from what the scenario states (its player's ``runes:``, his XP for
    "[Level N]" as the side's ``xp:`` states it, less what an XP cost spent, the chosen unit's ``empowered:``), and the
    field it read; None when it states nothing for it."""
    if level_of(cond) is not None:  # "[Level N]": read as a unit's [Level N] abilities read it (RB-CARD-2, RB-CARD-9)
        xp = side_xp(board.units, play.by)
        return None if xp is None else (bool(level_holds(cond, xp)), xp_words(board.units, play.by))
    for unit in board.units.values():  # its player's facts, as any of his units carries them
        got = _player_fact(cond, unit.player) if unit.side == play.by else None
        if got is not None:
            return got[0], f"{play.by}.{got[1]}: {got[2]}"
    field = STATED_UNIT_CONDITIONS.get(cond)
    if field is not None and subject is not None and subject in board.units:
        v = getattr(board.units[subject], field, None)
        return None if v is None else (bool(v), f"{subject}'s {field}: {str(bool(v)).lower()}")
    return None


def _instead_on(base: Mapping[str, Any], alt: Mapping[str, Any], targets: "_Targets", subject: str | None
                ) -> tuple[str, ...]:
    """The unit an undecided "Give it +3 Might instead" acts on (:attr:`.plays.Unmodelled.acts_on`): the one unit the
    Might change it replaces chooses next (the entry's next target), when both change only Might; else none known."""
    one = (base.get("target") or {}).get("count") == 1 and (alt.get("target") or {}).get("ref") == "chosen"
    if one and subject is not None and not targets.chosen and targets.queue[:1] == [subject] \
            and base.get("effect") == alt.get("effect") == "might_modifier":
        return (subject,)
    return ()


def _undecided(card: Card, e: Mapping[str, Any], play: Play, board: Board, subject: str | None,
               acts_on: tuple[str, ...] = ()) -> Unmodelled:
    """RB-CARD-4: a card's effect whose condition is left undecided, named NOT MODELLED with what the file would state
    to decide it. A condition read from a fact the scenario can state (:func:`_stated`: its player's XP for "[Level
    N]", the chosen unit's ``empowered:``) names that fact and the entry it belongs to (``unit_path``: the side, or
    the unit's entry), so that ``verify`` may read the scenario again with each value of it (:mod:`..open_facts`).
    ``acts_on``: the units whose Might alone the effect changes (:attr:`.plays.Unmodelled.acts_on`), named in ``what``."""
    cond = e.get("condition")
    what = effect_text(e) + (f" (on {', '.join(acts_on)})" if acts_on else "")
    if level_of(cond) is not None:
        mine = [u for u in board.units.values() if u.side == play.by and u.path]
        return Unmodelled(card.name, what, f"its [{cond}] reads the {play.by}'s XP, which the scenario does not state: "
                          "give the side's `xp: N` (or the entry's `condition: true|false`) (RB-CARD-2)",
                          unit_path=play.by if mine else None, acts_on=acts_on)
    field = STATED_UNIT_CONDITIONS.get(str(cond))
    if field is not None and subject is not None and subject in board.units:
        u = board.units[subject]
        return Unmodelled(card.name, what if acts_on else f"{what} (on {subject})",
                          f"whether {subject} is {cond[5:]} is not stated: give {subject}'s `{field}: true|false` (or "
                          "the entry's `condition: true|false`)", unit_path=u.path or None, acts_on=acts_on)
    return Unmodelled(card.name, what, "its condition is not checked by the model and the entry does not state it "
                      "(`condition: true|false`)", acts_on=acts_on)


def _level_read(play: Play, board: Board, cond: Any) -> list[Change]:
    """RB-CARD-2: a card's "[Level N]" condition read from its player's stated XP (:func:`_stated`), narrated; none
    when ``cond`` is no Level condition or his XP is not stated."""
    xp = side_xp(board.units, play.by) if level_of(cond) is not None else None
    if xp is None:
        return []
    return [Change("none", rules=("RB-CARD-2",), note=f"[{cond}] {'holds' if level_holds(cond, xp) else 'does not hold'}"
                   f": the {play.by}'s player has {xp} XP")]


def _condition(play: Play, board: Board, cond: str, subject: str | None, before: Mapping[str, Unit],
               previous_applied: bool | None, killed: list[str] | None = None) -> bool | None:
    got = _condition_of(play, board, cond, subject, before, previous_applied, killed)
    if isinstance(cond, str) and (stated := _stated(play, board, cond, subject)) is not None:
        holds, field = stated
        if play.condition is not None and bool(play.condition) != holds:  # RB-CARD-8: the board decides it
            raise _err(play, f"`condition: {str(bool(play.condition)).lower()}` contradicts the scenario's {field} "
                       f"(\"{cond}\" {'holds' if holds else 'does not hold'})", "RB-CARD-8", "condition")
        return holds
    return got


def _condition_of(play: Play, board: Board, cond: str, subject: str | None, before: Mapping[str, Unit],
                  previous_applied: bool | None, killed: list[str] | None = None) -> bool | None:
    """RB-CARD-8: whether a card's condition holds: decided from the board when it can be, else
    as the entry states (``condition:``), else None (not modelled, RB-CARD-4). ``killed``: the units
    the card's kill before this effect killed (None: no kill before it)."""
    if cond == "otherwise":
        return None if previous_applied is None else not previous_applied
    if cond == "you do" and killed is not None:  # the card's kill before it: did it kill a unit (RB-CARD-8)
        return bool(killed)
    if cond == KILLED_FOR_COST:  # a trigger's "kill me" cost: its unit died for it (RB-CARD-10, RB-CARD-8)
        return play.source_unit in (killed or [])
    if cond == "I'm [Empowered]" and play.source_unit in board.units and play.condition is None \
            and board.units[play.source_unit].empowered is not None:
        return bool(board.units[play.source_unit].empowered)  # its unit's stated status (RB-CARD-9, RB-CARD-8)
    if cond in ("it would die this turn", "a friendly unit would die"):
        return True  # the death replacement's own event, not a condition (RB-CARD-12, RB-CARD-18)
    if subject is not None and cond == "it's attacking":
        return board.units[subject].side == "attacker" and subject in board.present
    if subject is not None and cond == "it is the only unit you control there":
        return sum(1 for n in board.present if board.units[n].side == play.by) == 1
    if cond in BOARD_CONDITIONS and play.source_unit in board.present:  # read at its unit's battlefield
        return BOARD_CONDITIONS[cond](board, play.by)
    if subject is not None and cond == ALREADY_STUNNED:
        return before[subject].stunned
    if subject is not None and cond == "it's equipped":
        return bool(board.units[subject].equipment)
    return play.condition


def recasting(play: Play, board: Board, apply: Callable[[Change], Any] | None) -> Callable[[Change], Any] | None:
    """``apply``, followed, after an Equipment attached or detached that makes its unit a copy, by the unit's change
    of card (:func:`.equipment.recast_change`, RB-CARD-14)."""
    if apply is None:
        return None

    def applying(c: Change) -> Any:
        got = apply(c)
        r = _equipment.recast_change(c, play, board)
        if r is not None:
            apply(r)
        return got

    return applying


class _Changes(list):
    """The changes made so far; each is applied (``apply``) as soon as its effect resolves, so
    that a card's later effects see its earlier ones (e.g. +3 Might, then a fight)."""

    def __init__(self, apply: Callable[[Change], Any] | None):
        super().__init__()
        self._apply = apply

    def append(self, c: Change) -> None:
        super().append(c)
        if self._apply is not None:
            self._apply(c)

    def __iadd__(self, cs):
        for c in cs:
            self.append(c)
        return self


def check_cost(play: Play, flags: Mapping[str, str], board: Board | None = None) -> list[Unmodelled]:
    """RB-CARD-2 [card_costs]: the cost is stated and covers the card's, or ignored. A trigger costs
    nothing; a unit card played (RB-CARD-16) and an activated ability (RB-CARD-17) cost what a card does.
    A spell's cost is changed by the static cost changes of the units in combat on ``board`` (Vex,
    Cheerless, RB-CARD-9)."""
    card = play.card
    if play.again:  # a [Repeat] execution: its cost was paid, with the card's, as the spell was played (RB-CARD-25)
        return []
    # a combat trigger's additional cost of Energy and runes (RB-CARD-10) is checked as a card's
    if flags.get("card_costs", "ignore") == "stated" and (card.type != "ability" or play.ability_of or (
            play.trigger_of and (card.energy_cost or card.power_cost))):
        need = (card.energy_cost or 0, card.power_cost or 0)
        text, who, open_ = card.cost_text, [], []
        from .ability_costs import gear_ability_cost

        # the [Action] ability of a gear in play (no card is played): its own printed cost, not the gear card's
        ability = gear_ability_cost(play)
        if ability is not None:
            need, text = ability[:2], ability[2]
        if play.free:  # RB-CARD-27: played by an ability ignoring its cost; its additional costs are still paid
            need, text = (0, 0), "none of its cost (played by an ability, ignoring its cost)"
        extra = option_cost(card) if play.condition else (0, 0)  # "you may pay [rune] to ...", paid (RB-CARD-8)
        if not play.free and card.type != "ability" and ability is None:  # the card's printed cost changes (RB-CARD-2)
            from .cost_changes import reduced

            e, p, own, undecided = reduced(play, board, need[0], need[1])
            open_ = [Unmodelled(*u) for u in undecided]
            if own:
                need, text = (e, p), f"{e} Energy + {p} Power ({'; '.join(own)})"
                who = who + own
        if board is not None and card.type == "spell" and not play.free:
            e, p, more = spell_cost(need[0], need[1], play.by, board.units, board.present)
            if more:
                need = (e, p)
                text = f"{e} Energy + {p} Power (changed by {', '.join(more)}, RB-CARD-9)"
                who = who + more
        if play.from_hand and card.type == "spell" and not play.free:  # RB-CARD-16: the unit it plays, its cost
            e_u, p_u, how = hand_cost(play)
            if e_u or p_u:
                need = (need[0] + e_u, need[1] + p_u)
                text = f"{text}, and {how}"
        from .cost_changes import ignores_deflect

        # RB-MIGHT-10: [Deflect] on units chosen by a spell or an ability (a unit's, or a gear's in play)
        if board is not None and (card.type == "spell" or play.ability_of or ability is not None):
            tax, taxed = deflect_tax(board.units, play.targets + tuple(t for r in play.repeats for t in r.targets),
                                     play.by)
            if tax and ignores_deflect(card):  # "Ignore [Deflect] while paying this spell's cost" (RB-CARD-2)
                text = f"{text} ([Deflect] ignored while paying it: {', '.join(taxed)}, RB-MIGHT-10)"
                tax = 0
            if tax:
                need, text = (need[0], need[1] + tax), f"{text}, and {tax} Power for {', '.join(taxed)} (RB-MIGHT-10)"
        if play.repeats and board is not None:  # RB-CARD-25: each [Repeat] paid adds its cost
            from .repeat import cost as repeat_cost

            e_r, p_r, how_r = repeat_cost(play, board.units, board.present)
            need, text = (need[0] + e_r, need[1] + p_r), f"{text}, and {how_r}"
        if any(extra):
            need = (need[0] + extra[0], need[1] + extra[1])
            text = f"{text}, and {extra[0]} Energy + {extra[1]} Power for the option the entry says was paid"
        more = _additional.of_play(card) if play.condition else None  # its optional additional cost, paid (RB-CARD-8)
        if more is not None and (more.energy or more.power):
            need = (need[0] + more.energy, need[1] + more.power)
            text = f"{text}, and {more.energy} Energy + {more.power} Power for its additional cost ({more.words})"
        if play.free and need == (0, 0):
            return []
        if play.paid is None:
            raise _err(play, f"card_costs=stated: give `paid: {{energy: {need[0]}, power: {need[1]}}}`"
                       + (f" ({text})" if who else ""), "RB-CARD-2", "paid")
        if play.paid[0] < need[0] or play.paid[1] < need[1]:
            raise _err(play, f"paid {play.paid[0]} Energy + {play.paid[1]} Power; the "
                       f"{'ability' if play.ability_of or ability is not None else 'card'} costs {text}", "RB-CARD-2",
                       "paid")
        return open_
    return []


def spent_xp(play: Play, board: Board) -> Change | None:
    """RB-CARD-2: a trigger's additional cost "spend N XP" (``card.xp_cost``), used and paid as the entry states
    (``paid: {xp: N}``) from its player's XP (the side's ``xp:``, every unit of his carrying it): the change that
    spends it, or None when there is none. Refused: an entry that spends XP on a card with no such cost, spends
    another amount, does not say it paid, or whose player has less XP (or none stated)."""
    need = play.card.xp_cost
    if not need:
        if play.xp is not None:
            raise _err(play, f"`paid: {{xp: {play.xp}}}`: this ability has no \"spend N XP\" cost", "RB-CARD-2", "paid")
        return None
    if play.xp is None:
        raise _err(play, f"its additional cost spends {need} XP: give `paid: {{xp: {need}}}` (used), or "
                   "`decline: true` (not used)", "RB-CARD-2", "paid")
    if play.xp != need:
        raise _err(play, f"`paid: {{xp: {play.xp}}}`: its additional cost spends {need} XP", "RB-CARD-2", "paid")
    src = board.units.get(play.source_unit) if play.source_unit else None
    have = src.xp if src is not None else None
    if have is None:
        raise _err(play, f"it spends {need} XP of the {play.by}'s: give the side's `xp: N` (the XP he has as the "
                   "showdown begins)", "RB-CARD-2", "paid")
    if have < need:
        raise _err(play, f"the {play.by} has {have} XP: he can't spend {need}", "RB-CARD-2", "paid")
    return Change("spend_xp", amount=need, how=play.by, keyword=play.source_unit or play.card.name, rules=("RB-CARD-2",),
                  note=f"the {play.by} spends {need} XP ({have} -> {have - need})")


def interpret(play: Play, board: Board, flags: Mapping[str, str],
              apply: Callable[[Change], Any] | None = None) -> tuple[list[Change], list[Unmodelled]]:
    """The changes ``play`` makes (in order) and what of it is not modelled. ``apply(change)``
    is called on each change as its effect resolves (it must update ``board``'s dicts). Raises
    a ScenarioError citing the rule id for an illegal play."""
    card = play.card
    apply = recasting(play, board, apply)
    # RB-SHOW-4 (CR 806.1.c, 813.1.b-c): only Action and Reaction cards and abilities; a [Hidden]
    # card played from facedown gains Reaction (Unleashed rules update, data README)
    hidden = any(k == "Hidden" for k, _ in card.keywords)
    if play.facedown and not hidden:
        raise _err(play, "only a [Hidden] card can be played from facedown", "RB-SHOW-4", "facedown")
    # RB-CARD-9: "Your opponents' [Hidden] cards can't be revealed here": a card is revealed where it was hidden
    if play.facedown and not play.again and play.revealed_here:
        if (why := reveal_refused(board.units, board.present, play.by)) is not None:
            raise _err(play, why, "RB-CARD-9", "facedown")
    if card.type == "spell" and not play.again and not play.trigger_of:  # RB-CARD-9: "can't play spells with that name"
        if (why := name_refused(board.units, list(board.present) + list(board.away), play.by, card.name)):
            raise _err(play, why, "RB-CARD-9", "play")
    # RB-CARD-9: "Your Equipment everywhere have [Quick-Draw]"
    giver = quick_draw_from(board, play.by) if card.equipment and not _equipment.quick_draw(card) \
        and play.by in ("attacker", "defender") else None
    if not card.showdown_playable and not play.facedown and giver is None and not play.played_by:  # RB-CARD-27
        raise _err(play, f"a {card.speed}-speed {card.type} cannot be played in a showdown: only Action and "
                   "Reaction cards and abilities can" + (" (it is [Hidden]: played from facedown, `facedown: true`, "
                                                         "it has Reaction)" if hidden else ""), "RB-SHOW-4", "play")
    if play.declined:  # RB-CARD-10: a "you may" trigger its player does not use: nothing happens, nothing is paid
        c = Change("none", note="not used: its \"you may\" is the player's choice, and the entry declines it",
                   rules=("RB-CARD-10",))
        if apply is not None:
            apply(c)
        return [c], []
    unmodelled: list[Unmodelled] = check_cost(play, flags, board)
    if card.unparsed:
        unmodelled.append(Unmodelled(card.name, f"{card.unparsed} clause(s) of the card text",
                                     "not parsed into effects in the data (`unparsed`)"))
    for clause, why in card.not_modelled:  # named, with why, in data/effects_overlay.yaml (RB-CARD-4)
        unmodelled.append(Unmodelled(card.name, f"clause(s) of the card text: \"{clause}\"", why))
    effects = [paid_option(e) for e in card.effects] if card.type in PAID_OPTION_TYPES else list(card.effects)
    if not play.facedown and any(e.get("trigger") == _equipment.FACEDOWN_PLAY for e in effects):
        # RB-CARD-27: played from hand (by an ability), its "When you play this from face down" does not fire: an
        # Equipment enters play attached to no unit (RB-CARD-14)
        effects = [e for e in effects if e.get("trigger") != _equipment.FACEDOWN_PLAY]
        if card.equipment and not effects:
            c = Change("gear_enters", keyword=card.name, how=play.by, rules=("RB-CARD-14",))
            if apply is not None:
                apply(c)
            if play.targets:
                raise _err(play, f"takes no target played from hand: {', '.join(play.targets)} left over", "RB-CARD-1",
                           "target")
            return [c], unmodelled
    effects, revealed, unrevealed = _revealed_options(effects, card.name)
    unmodelled += unrevealed
    modes = [e for e in effects if e.get("mode_option") and not revealed_option(e)]
    if play.mode is not None and not modes:
        raise _err(play, f"`mode: {play.mode}`: it has no 'Choose one' options", "RB-CARD-1", "mode")
    if modes:
        if play.mode is None or not 1 <= play.mode <= len(modes):
            raise _err(play, f"'Choose one': give `mode:` 1..{len(modes)} (RB-CARD-1; "
                       + "; ".join(f"{i}: {effect_text(e)}" for i, e in enumerate(modes, 1)) + ")", "RB-CARD-1", "mode")
        keep = modes[play.mode - 1]
        effects = [e for e in effects if not e.get("mode_option") or e is keep]
    # the units as the card begins to resolve, for a condition that reads them so (RB-CARD-8); worked out only then
    before = dict(board.units) if any(e.get("condition") == ALREADY_STUNNED for e in effects) else {}
    targets = _Targets(play, board)
    counter = counter_effect(card, play.mode)
    if play.pays is not None and not (counter or {}).get("unless_controller_pays_energy") and not unless_of(card):
        raise _err(play, "`pays:` states whether a countered card's controller paid for a counter 'unless its "
                   "controller pays', or whether a player did what an 'unless' effect asks; this card has "
                   "neither", _counters.RULE, "pays")
    for field, reads in (("discard", lambda x: x.get("amount") == DISCARDED_ENERGY),
                         ("amounts", lambda x: x.get("effect") == "deal_damage" and x.get("split")),
                         ("trash", lambda x: x.get("effect") == "bonus_damage" and x.get("per") == IN_TRASH)):
        if getattr(play, field) is not None and not any(reads(x) for x in effects):
            raise _err(play, f"`{field}:` states a choice this card does not ask for", CHOICES_RULE, field)
    if counter is not None and targets.queue:
        targets.countered = targets.queue.pop(0)  # the countered card (RB-CARD-3, decided before it is played)
        if steals(play):  # the rest are the new choices of the spell it takes (resolved where that spell is)
            targets.queue = []
        if _counters.needs_unit(counter):  # "Choose a friendly unit at a battlefield. Counter ..." (RB-CARD-20)
            targets.take(1, {"side": "friendly", "kind": "unit", "location": "battlefield"})
    spend = spent_xp(play, board)  # RB-CARD-2: "spend N XP", paid before the effects (checked first)
    changes = _Changes(apply)
    changes += _gear.ability_source(play, board)  # RB-CARD-17: the gear whose [Action] ability it uses, in play
    if spend is not None:
        changes.append(spend)
    if revealed is not None:
        changes.append(revealed)
    if play.attach_from is not None and play.attach is None and not _gear.takes(card):
        raise _err(play, "`from:` names the unit whose Equipment `attach:` takes; give `attach:`", "RB-CARD-14",
                   "from")
    if (play.attach is not None or play.detach is not None) and not _equipment.takes(card):
        field = "attach" if play.attach is not None else "detach"
        raise _err(play, f"`{field}:` names the Equipment a card attaches or detaches; this card does neither",
                   "RB-CARD-14", field)
    if _equipment.quick_draw(card) or giver:  # CR 819.1.b: played in the showdown, it attaches to a friendly unit
        got = targets.take(1, {"side": "friendly", "kind": "unit"})
        if giver:
            changes.append(Change("none", note=f"{card.name} has [Quick-Draw] from {giver}'s static ability: it has "
                                  "Reaction and attaches as it is played", rules=("RB-CARD-9",)))
        # RB-CARD-11: the unit it was to attach to left play before it resolved: the gear is played all the same and
        # enters play attached to no unit, under its player (CR 819.1.d, CR 055: the impossible part is ignored)
        changes += _equipment.attach_played(play, board, got[0]) if got else _equipment.enters_unattached(play)
    # Which effects apply: an "instead" effect replaces the one before it when its condition holds.
    groups: list[list[dict]] = []
    for e in effects:
        if e.get("replaces_previous") and groups:
            groups[-1].append(e)
        else:
            groups.append([e])
    applied_prev: bool | None = None
    for group in groups:
        base, *alts = group
        chosen_alt = None
        for alt in alts:
            subject = targets.chosen[0] if targets.chosen else (play.targets[0] if play.targets else None)
            holds = _condition(play, board, str(alt.get("condition")), subject, before, applied_prev)
            changes += _level_read(play, board, alt.get("condition"))
            if holds is None:
                unmodelled.append(_undecided(card, alt, play, board, subject, _instead_on(base, alt, targets, subject)))
            elif holds:
                chosen_alt = alt
        e = chosen_alt or base
        if chosen_alt is not None:
            # the replaced effect still chooses its targets (the "instead" clause refers to them)
            _consume(base, targets, board, play)
        cond = e.get("condition") if chosen_alt is None else None
        if cond == SPARED_IF_PAID:  # RB-CARD-8: whether its player paid decides only whether his own unit dies too
            targets.spared = bool(play.condition)
            if play.condition is None and any(n in board.units and board.units[n].side == play.by
                                              for n in targets.queue[:2]):
                unmodelled.append(Unmodelled(card.name, effect_text(e), "whether its player paid its additional cost "
                                             "is not stated (`condition: true|false`): paid, he kills none of his own "
                                             "units"))
            cond = None
        if cond:
            subject = targets.chosen[0] if targets.chosen else None
            holds = _condition(play, board, str(cond), subject, before, applied_prev,
                               targets.killed if _paid_by_a_kill(e) or cond == KILLED_FOR_COST else None)
            if cond == THEY_DO and targets.played is not None:  # "If they do": the unit played (RB-CARD-8)
                holds = bool(targets.played)
            changes += _level_read(play, board, cond)
            if holds is None and str(cond).startswith("you pay ") and e.get("effect") in NO_COMBAT_EFFECT:
                # RB-CARD-8: whether the player paid to ready (exhaust) a unit is not stated: either way no combat
                # number changes (RB-CARD-4 asks for no statement); the unit stays as it was
                _consume(e, targets, board, play)
                changes.append(Change("none", rules=("RB-CARD-8",), note=f"{effect_text(e)}: whether its player paid "
                                      "is not stated (`condition: true|false`); " + NO_COMBAT_EFFECT[e["effect"]]
                                      + ": left as it was"))
                applied_prev = None
                continue
            paying = str(cond).startswith("you pay ")  # "you may pay N to ...": whether its player paid (RB-CARD-8)
            # an option of a "choose one that hasn't been chosen this turn" the entry says was not chosen: no target
            other_option = cond == OPTION_CHOSEN
            if holds is None:
                got = _consume({**e, "optional": True} if paying else e, targets, board, play)
                unmodelled.append(_undecided(card, e, play, board, subject, tuple(
                    g for g in got if g in board.units) if e.get("effect") == "might_modifier" and got else ()))
                applied_prev = None
                continue
            if not holds:
                if cond == THEY_DO and targets.played is not None:  # "If they do": no unit played, none to take
                    changes.append(Change("none", note=f"{effect_text(e)}: no unit was played", rules=("RB-CARD-8",)))
                    applied_prev = False
                    continue
                # an option not paid for chooses nothing: a target the entry gives it is still taken (RB-CARD-8)
                _consume({**e, "optional": True} if paying or other_option else e, targets, board, play)
                board_read = cond in BOARD_CONDITIONS and play.source_unit in board.present
                changes.append(Change("none", note=f"{effect_text(e)}: its condition does not hold" + (
                    f" (its player does not pay {cond[8:]}, as the entry states: `condition: false`)" if paying else
                    " (its player chooses another option, off the board, as the entry states: `condition: false`)"
                    if other_option else " (read off the board as it resolves)" if board_read else ""),
                    rules=("RB-CARD-8",) if paying or other_option or board_read else ()))
                applied_prev = False
                continue
            if cond in BOARD_CONDITIONS and play.source_unit in board.present:
                changes.append(Change("none", rules=("RB-CARD-8",),
                                      note=f"its condition holds ({cond}, read off the board as it resolves)"))
            if paying:
                changes.append(Change("none", rules=("RB-CARD-8", "RB-CARD-2"),
                                      note=f"its player pays {cond[8:]} for it, as the entry states (`condition: "
                                           "true`; its cost with card_costs=stated)"))
        ok, why = effect_support(e)
        if ok and _unstated(e, play):
            ok, why = False, _unstated(e, play)
        if not ok:
            unmodelled.append(Unmodelled(card.name, effect_text(e), why))
            if e.get("amount") == "chosen friendly unit might" and targets.queue:
                targets.queue.pop(0)  # the friendly unit it chose still was chosen
            got = _consume(e, targets, board, play, check=False)
            # the unit it chose is still "the chosen" one for the card's later effects ("Ready it", RB-CARD-1)
            targets.chosen += [g for g in got if g in board.units and g not in targets.chosen]
            applied_prev = None
            continue
        if e.get("unless"):  # RB-CARD-8: "... unless its controller lets you draw 2": his choice, stated by `pays:`
            if play.pays is None:
                unmodelled.append(Unmodelled(card.name, effect_text(e), f"it happens unless {e['unless']}, that "
                                             "player's choice as it resolves: the entry states whether he did "
                                             "(`pays: true|false`)"))
            if play.pays is not False:
                taken = _consume(e, targets, board, play)
                if play.pays:
                    changes.append(Change("none", taken[0] if taken else None, rules=("RB-CARD-8",),
                                          note=f"{effect_text(e)}" + (f" to {taken[0]}" if taken else "")
                                          + f": not done, as the entry states that {e['unless']}"))
                applied_prev = None if play.pays is None else False
                continue
        own_units = _each_own_unit_open(e, board, targets, play)  # before the effect kills the named ones
        got, applied_prev = _effect(e, play, board, targets, flags)
        unmodelled += _each_own_unit_unnamed(card.name, e, got, own_units)
        if e.get("effect") == "kill":  # each unit's Might where it is, as it dies (read before it leaves)
            targets.killed_might = {c.unit: board.units[c.unit].current_might for c in got
                                    if c.kind == "remove" and c.unit}
        changes += got
        if e.get("effect") == "kill":  # killed: gone from play once applied (not saved by a replacement)
            targets.killed = [c.unit for c in got if c.kind == "remove" and c.how == "killed"
                              and board.where(c.unit) is None]
    for c in changes:  # RB-CARD-4: an Equipment attached or detached whose Might bonus the data lacks
        if c.kind == "equip" and c.amount is None \
                and _equipment.stated_bonus(board.units, c.keyword) is None:  # (one stated: the card's, RB-CARD-5)
            unmodelled.append(Unmodelled(c.keyword or card.name, f"Equipment Might bonus ({c.how}ed: {c.unit})",
                                         _equipment.NO_BONUS, acts_on=(c.unit,) if c.unit else ()))
    # RB-CARD-4: an Equipment copying its unit's text, or making it a copy of a unit not stated (else :func:`recasting`)
    unmodelled += _equipment.copies_named(changes, play, board)
    for c in changes:  # RB-CARD-4: a gear taken that is not an Equipment: what it does at its new controller's base
        if c.kind == "none" and c.how == _equipment.TAKEN_OVER and _equipment.load_cards().card(c.keyword).effects:
            unmodelled.append(Unmodelled(c.keyword, f"the gear taken by {card.name}",
                                         "what the gear does under its new controller (its abilities, at his base) is "
                                         "not followed (RB-CARD-4)"))
    if play.extra_copy is None and any(c.kind == "token" for c in changes) and _tokens.zileans(play, board):
        unmodelled.append(Unmodelled(card.name, "the token units it plays, with Zilean, Time Mage at a battlefield",
                                     "whether its player plays an additional copy of the first one (\"once each turn "
                                     "... you may play that token and an additional copy of it instead\") is his "
                                     "choice: give the entry's `extra_copy: true|false` (RB-CARD-15, RB-CARD-4)"))
    for c in changes:  # RB-CARD-4: the "When you play me" abilities of a unit a card plays from hand
        if c.kind == "hand_unit":
            unmodelled += [Unmodelled(c.new.card_name or c.unit, f"{what} (unit {c.unit}, played by {card.name})", why)
                           for what, why in play.from_hand[2]]
    if targets.queue and not unrevealed:  # (the options not read would take the targets left: not checked)
        raise _err(play, f"takes fewer targets: {', '.join(targets.queue)} left over", "RB-CARD-1", "target")
    for what, why in targets.unfit:
        changes.append(Change("none", rules=("RB-CARD-10",), note=f"it chooses no {what}: {why}; that part does "
                                                                  "nothing"))
    if targets.left:
        changes.append(Change("none", rules=("RB-CARD-11",), note=f"{', '.join(targets.left)} left the battlefield "
                              "before it resolved: no effect on " + ("it" if len(targets.left) == 1 else "them")))
    return list(changes), unmodelled


def _count(spec: Mapping[str, Any]) -> tuple[int | None, bool]:
    """(how many targets an effect takes, whether that is a maximum); (None, _) for all/any."""
    if "count_max" in spec:
        return int(spec["count_max"]), True
    c = spec.get("count", 1)
    if c in ("all", "any"):
        return None, c == "any"
    return int(c), False


def _each_players_own(targets: _Targets, board: Board, play: Play, spec: Mapping[str, Any]) -> list[str]:
    """RB-CARD-9: "each player kills one of their units": the units the entry names, at most one of each player, each
    his own choice as the effect resolves (a player whose unit the entry does not name chose one outside this combat,
    or has none); with ``spared`` (:data:`SPARED_IF_PAID` holds) its player kills none of his own."""
    got = targets.take(min(2, len(targets.queue)), spec, at_most=True)
    sides = [board.units[g].side for g in got if g in board.units]
    if len(set(sides)) != len(sides):
        raise _err(play, "each player chooses one of his own units: name at most one unit of each player",
                   "RB-CARD-1", "target")
    if targets.spared and play.by in sides:
        raise _err(play, f"its player paid its additional cost (`condition: true`), so he kills none of his own "
                   f"units this way: {got[sides.index(play.by)]} is his", "RB-CARD-8", "target")
    return got


def _each_own_unit_open(e: Mapping[str, Any], board: Board, targets: _Targets, play: Play) -> dict[str, list[str]]:
    """RB-CARD-9 with RB-CARD-4: for "each player kills one of their units", each player's units in play the scenario
    lists, as the effect is about to resolve (the card's player's none when its additional cost spares them); empty
    for any other effect."""
    spec = e.get("target")
    if not isinstance(spec, dict) or spec.get("chooser") != EACH_PLAYER_OWN_UNIT:
        return {}
    return {side: [n for n, u in board.units.items() if u.side == side and board.where(n) is not None]
            for side in ("attacker", "defender") if not (targets.spared and side == play.by)}


def _each_own_unit_unnamed(card: str, e: Mapping[str, Any], got: list[Change],
                           own_units: Mapping[str, list[str]]) -> list[Unmodelled]:
    """RB-CARD-9 with RB-CARD-4: a player whose unit the entry does not name is read as killing one the scenario does
    not list (or as controlling none); a scenario cannot state that he controls no other unit, so where he has units
    in play the scenario lists (one of which he would then have to kill), that reading is named NOT MODELLED."""
    killed = {c.unit for c in got if c.kind == "remove" and c.unit}
    out = []
    for side, mine in own_units.items():
        if mine and not killed & set(mine):
            out.append(Unmodelled(card, effect_text(e), f"the {side} kills none of his units the scenario lists "
                                  f"({', '.join(mine)}): read as killing one it does not list; whether he controls "
                                  "another is not stated, and with none he must kill one of these, his choice (name "
                                  "it in `target`)"))
    return out


def _consume(e: Mapping[str, Any], targets: _Targets, board: Board, play: Play, check: bool = True) -> list[str]:
    """The targets an effect takes (checked against what it asks for)."""
    spec = e.get("target") or {}
    if not isinstance(spec, dict) or not spec:
        return []
    if "ref" in spec:
        ref = spec["ref"]
        inner = spec.get("chosen") if isinstance(spec.get("chosen"), dict) else None
        if ref == "the two chosen units":  # RB-CARD-1: each of the sides the card text gives them
            specs = pair_specs(play.card)
            while len(targets.chosen) < 2:
                need = 2 - len(targets.chosen)
                before = list(targets.chosen)
                got = targets.take(1, specs[-need] if len(specs) >= need else {"kind": "unit"})
                distinct_choice(play, before + got, "the two units")
            return targets.chosen[:2]
        if ref == _counters.CHOSEN_FRIENDLY:  # "Choose a friendly unit and a spell" (RB-CARD-20)
            return targets.take(1, {"side": "friendly", "kind": "unit"})
        if ref == THE_TOKEN:  # the unit tokens the card played before this effect (RB-CARD-15)
            return [n for n in targets.tokens if board.where(n)]
        if ref == EVENT_UNIT:  # "it": the unit whose event fired the trigger, selected by it, not chosen (RB-CARD-10)
            got, targets.queue = targets.queue[:1], targets.queue[1:]
            return [g for g in got if board.where(g)]
        if ref == "source":  # a unit's trigger acting on its unit ("me", RB-CARD-10)
            return [play.source_unit] if play.source_unit and board.where(play.source_unit) else []
        if ref == "chosen":
            if not targets.chosen:
                targets.take(1, inner or {"kind": "unit"}, optional=bool(e.get("optional")))
            return targets.chosen[:1]
        return []
    if spec.get("chooser") == EACH_PLAYER_OWN_UNIT and spec.get("count", 1) == 1 and check:
        return _each_players_own(targets, board, play, spec)
    n, at_most = _count(spec)
    if spec.get("count") == "any":
        got = list(targets.queue)
        targets.queue = []
        distinct_choice(play, got, "any number of units")
        for name in got:
            check_target(play, board, name, spec, [])
        targets.chosen += [g for g in got if g not in targets.chosen]
        return got
    if n is None:
        got = _all(board, play, spec)
        # "each *other* enemy unit": not the unit the card chose, nor the unit whose ability it is (RB-CARD-1)
        return [g for g in got if g not in targets.chosen and g != play.source_unit] if spec.get("other") else got
    if e.get("effect") == "grant_keyword" and targets.last_grant == (n, _same(spec)):
        # "give a unit [A] and [B]": one unit gets both keywords (RB-CARD-1)
        return list(targets.last_names)
    if not check:  # an effect not modelled: its targets are not checked, but still one choice of n units (RB-CARD-1)
        got, targets.queue = targets.queue[:n], targets.queue[n:]
        if n > 1:
            distinct_choice(play, got, f"{'up to ' if at_most else ''}{_NUMBER_WORDS.get(n, n)} units")
        return got
    got = targets.take(n, spec, at_most=at_most, optional=bool(e.get("optional")))
    if e.get("effect") == "grant_keyword":
        targets.last_grant, targets.last_names = (n, _same(spec)), tuple(got)
    return got


#: a unit the card text chooses for "the two chosen units" of a fight: "Choose a friendly unit and an enemy unit",
#: "Then choose an enemy unit", "Choose another enemy unit", "an enemy unit at a battlefield"
_PAIR_UNIT = re.compile(r"\b(?:choose|and) (?:a|an|(another)) (friendly|enemy) unit( at a battlefield)?", re.I)


def pair_specs(card: Card) -> list[dict]:
    """RB-CARD-1: the target rules of the units a fight's "the two chosen units" takes, in the card text's
    order (the record names neither side): "Choose a friendly unit and an enemy unit" is one friendly unit,
    then one enemy unit; "Then choose an enemy unit" after a unit the card chose before is that one, then an
    enemy unit; "Choose two units" names no side (an empty list). The last ones are the units still to take.

    >>> from .spells import load_cards
    >>> pair_specs(load_cards().card("Challenge"))
    [{'kind': 'unit', 'side': 'friendly'}, {'kind': 'unit', 'side': 'enemy'}]
    >>> pair_specs(load_cards().card("Dragon's Rage")), pair_specs(load_cards().card("Clash of Giants"))
    ([{'kind': 'unit', 'side': 'enemy', 'other': True}], [])
    """
    out = []
    for other, side, battlefield in _PAIR_UNIT.findall(card.text):
        spec: dict = {"kind": "unit", "side": side.lower()}
        if other:
            spec["other"] = True
        if battlefield:
            spec["location"] = "battlefield"
        out.append(spec)
    return out


def _same(spec: Mapping[str, Any]) -> str:
    return repr(sorted(spec.items()))


def _effect(e: Mapping[str, Any], play: Play, board: Board, targets: _Targets,
            flags: Mapping[str, str]) -> tuple[list[Change], bool]:
    """The changes one modelled effect makes; whether it applied (for an "otherwise")."""
    e = _resolve_amount(e, play, board, targets)
    k = e["effect"]
    if _replacements.gear_saver(e):  # RB-CARD-18: the gear stays in play; its replacement acts from the board
        if k == "recall" or play.card.type != "gear":
            return [], True
        return [Change("gear_in_play", keyword=play.card.name, how=play.by, rules=(_replacements.RULE,))], True
    if k == "prevent_damage" and e.get("scope") == _replacements.SPELL_SCOPE:
        return [Change("prevent_spell_damage", keyword=play.card.name, rules=(_replacements.RULE,))], True
    if k == "kill_on_damage" and _every_unit(e.get("target")):  # RB-CARD-23: every unit, for the rest of the turn
        return [Change("kill_on_damage_all", keyword=play.card.name, rules=(KILL_ON_DAMAGE_RULE,))], True
    if on_unit_played(e):  # RB-CARD-10: waits, for the rest of the turn, on a friendly unit played (:mod:`.events`)
        return [Change("on_unit_played", keyword=play.card.name, how=play.by, rules=("RB-CARD-10",))], True
    if _gear.is_gear_effect(e):  # RB-CARD-22: the gear it names are the entry's next targets
        return _gear.changes(e, play, board, targets.queue), True
    if k == "spell_lock":  # checked with the counters, on the showdown list (RB-CARD-20)
        return [Change("none", note="its controller can't play spells this turn", rules=(_counters.RULE,))], True
    if k == _ability_play.KIND:  # RB-CARD-27: the card it plays resolves right after it (the showdown's next step)
        return [Change("none", note=_ability_play.narration(play), rules=(_ability_play.RULE,))], True
    if k == "counter":  # which card it counters is decided before the showdown is played (RB-CARD-3)
        note = _counters.outcome(e, play, targets.countered)
        if note.endswith("is countered: it has no effect") and play.again \
                and targets.countered in play.earlier_targets:  # RB-CARD-25: the same card again (the same choices)
            note = f"{targets.countered} was countered by it already: nothing more"
        return ([Change("none", note=note, rules=(_counters.rule_of(e),))] if note else []), True
    spec = e.get("target") or {}
    names = _consume(e, targets, board, play)
    if isinstance(spec, dict) and spec.get("ref") == "chosen" and spec.get("might_max") is not None:
        # "... with Might N or less" read on the chosen unit: a condition, not a target rule
        names = [n for n in names if board.units[n].current_might <= int(spec["might_max"])]
        if not names:
            return [], False
    total_max = spec.get("total_might_max") if isinstance(spec, dict) else None
    if total_max is not None and sum(board.units[n].current_might for n in names) > int(total_max):
        raise _err(play, f"the targets' total Might is more than {total_max}", "RB-CARD-1", "target")
    if k == "swap_locations" and not _two_friendly(e):  # its unit, and the unit it chooses ("with")
        w = {key: v for key, v in (e.get("with") or {}).items() if key not in ("token", "tag")}
        names = names + targets.take(1, w, optional=bool(e.get("optional")))
    if k == "deal_damage" and e.get("split"):  # RB-CARD-21: split as the entry's `amounts:` states
        return _split(e, play, board, names), True
    if k == "bonus_damage":  # added to the card's damage as it is dealt (RB-CARD-21)
        return [], True
    if _spends_buff(e):  # RB-CARD-21: each unit named spends its buff (it must have one)
        for n in names:
            if not board.units[n].buffed:
                raise _err(play, f"{n} has no buff to spend", CHOICES_RULE, "target")
        return [Change("unbuff", n, rules=(CHOICES_RULE,), note=f"{n} spends its buff to be readied (readying "
                       "changes no combat damage)") for n in names], True
    out: list[Change] = []
    if k == PLAY_UNIT:  # RB-CARD-16: the unit card the entry names, from hand
        out = play_unit(e, play, board)
        targets.played = [c.unit for c in out if c.kind == "hand_unit"]
        targets.chosen = targets.played + [n for n in targets.chosen if n not in targets.played]
        return out, bool(targets.played)
    if k == "swap_locations" and _two_friendly(e):
        return _swap_two(e, play, board, names), True
    handler = HANDLERS[k]
    for name in names if k not in ("fight", "might_swap", "create_unit_token", "swap_locations", "draw", STEAL) \
            else [None]:
        instead = _instead(e, play, board, name) if name is not None and _chooses(e.get("target")) else None
        out += instead if instead is not None else handler(e, play, board, name, names)
    if k == "create_unit_token":
        targets.tokens = [c.unit for c in out if c.kind == "token"]
    return out, True


def _might(e, play, board, name, names) -> list[Change]:
    u = board.units[name]
    how, rules = "", ("RB-DMG-2",)
    if isinstance(e.get("value"), int):
        delta = int(e["value"])
        if e.get("_how"):
            how, rules = e["_how"], ("RB-DMG-2", "RB-CARD-13")
    elif tags_counted(e) is not None:  # "for each of the tags A, B ... among your units" (RB-CARD-13)
        found = [t for t in tags_counted(e) if any(t in board.units[n].tags for n in board.units
                                                   if board.units[n].side == play.by and board.where(n))]
        delta = int(e["value_per"]) * len(found)
        how = (f"{e['value_per']} for each tag among {play.by}'s units in play: "
               + (", ".join(found) if found else "none") + f", {delta}")
        rules = ("RB-DMG-2", "RB-CARD-13")
    else:  # value_per + per "enemy unit there"
        enemies = sum(1 for n in board.present if board.units[n].side != u.side)
        delta = int(e["value_per"]) * enemies
    if delta < 0 and _chooses(e.get("target")):  # RB-CARD-9: "it gives an additional -1 Might" (Mel, Newly Awakened)
        more, by = debuff_bonus(board.units, [n for n in board.units if board.where(n)], play.by)
        if more:
            how = (f"{how}; " if how else f"{delta}") + f" {more:+d} more ({', '.join(by)}'s static ability)"
            delta, rules = delta + more, rules + ("RB-CARD-9",)
    floor = e.get("min_might")
    if floor is not None and delta < 0:  # limited as it is applied, then kept at that amount (RB-CARD-9, CR 454.3.b)
        return [Change("might", name, delta, rules=rules, how=how, floor=int(floor))]
    return [Change("might", name, delta, rules=rules, how=how)]


def _instead(e, play: Play, board: Board, name: str) -> list[Change] | None:
    """RB-CARD-9: the chosen unit's own static replacement of what this effect would do to it ("If a spell or
    ability that chooses me would stun me, give me -Might, or return me to hand, give me +3 Might instead", Gangplank,
    Naval, while its condition holds), or None when none applies."""
    got = replacement_of(board.units[name], e)
    if got is None:
        return None
    value, what = got
    return [Change("might", name, value, rules=("RB-CARD-9",),
                   how=f"{value:+d} instead of {what} (its own static ability)")]


def _chooses(t: Any) -> bool:
    """Whether an effect's target record is one its card or ability chooses (a number of units, or the unit chosen
    first), not every unit that fits nor the source itself."""
    return isinstance(t, dict) and (isinstance(t.get("count"), int) or t.get("count_max") is not None
                                    or t.get("ref") == "chosen")


#: "increase its Might to the Might of another friendly unit" (the data's ``might_set`` value)
MIGHT_OF_ANOTHER = "might of another friendly unit"
#: "choose a unit here. Increase my Might to its Might" (the data's ``value_from`` of a ``might_set``)
MIGHT_OF_CHOSEN_HERE = "the Might of a chosen unit here"
_TAGS_PER = re.compile(r"^each of the tags (.+) among your units$")


def tags_counted(e: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The tags of a "for each of the tags A, B, C and D among your units" amount (the data's ``per``),
    or None when ``per`` is not of that form."""
    m = _TAGS_PER.match(str(e.get("per") or ""))
    if m is None:
        return None
    return tuple(t.strip() for t in re.split(r",|\band\b", m.group(1)) if t.strip())


def _might_set(e, play, board, name, names) -> list[Change]:
    """"Increase its Might to the Might of another friendly unit": the other unit's current Might, read as
    it resolves (``_to``); a unit already at or above it keeps its Might (RB-CARD-13)."""
    if e["_to"] is None:  # RB-CARD-11: the other unit left play before it resolved (:func:`_resolve_amount`)
        return [Change("none", name, rules=("RB-CARD-11",), note=f"{name}'s Might is not increased: {e['_how']}")]
    to, now = int(e["_to"]), board.units[name].current_might
    delta = max(0, to - now)
    how = f"{e['_how']}; {name} has {now}" + ("" if delta else ": not increased")
    return [Change("might", name, delta, rules=("RB-DMG-2", "RB-CARD-13"), how=how)]


def _double(e, play, board, name, names) -> list[Change]:
    return [Change("might", name, board.units[name].current_might, rules=("RB-DMG-2",), note="Might doubled")]


def _swap(e, play, board, name, names) -> list[Change]:
    if len(names) != 2:
        raise _err(play, "swaps the Might of exactly two units", "RB-CARD-1", "target")
    a, b = (board.units[n] for n in names)
    return [Change("might", a.name, b.current_might - a.current_might, rules=("RB-DMG-2",), note="Might swapped"),
            Change("might", b.name, a.current_might - b.current_might, rules=("RB-DMG-2",), note="Might swapped")]


def _buff(e, play, board, name, names) -> list[Change]:
    return [Change("buff", name, 1, rules=("RB-CARD-6",))]


def _buff_bonus(e, play, board, name, names) -> list[Change]:
    """RB-CARD-6: "Buffs give an additional +1 Might to friendly units this turn": each friendly unit buffed now, and
    (told once, with the first unit) each one buffed later this turn (:func:`.showdown._change`)."""
    value = int(e.get("value", 1))
    out = [Change("buff_bonus", name, value, how=play.by, rules=("RB-CARD-6",))] if name == names[0] else []
    if board.units[name].buffed:
        out.append(Change("might", name, value, rules=("RB-CARD-6",), note="its buff counts more"))
    return out


#: "give it my keywords" (the data's ``keyword``) and "+[my Might] Might" (its ``value_from``): read off the ability's
#: unit as it resolves (RB-CARD-13)
MY_KEYWORDS = "my keywords"
MY_MIGHT = "my Might"


def _give(e, play, board, name, names) -> list[Change]:
    kw = e["keyword"]
    if kw == MY_KEYWORDS:  # each keyword its unit has now (RB-CARD-13)
        src = board.units[play.source_unit] if play.source_unit in board.units else None
        if src is None:
            raise _err(play, "'my keywords' are its unit's: only a unit's ability has them", "RB-CARD-13")
        out = [Change("give", name, n, keyword=k, rules=("RB-CARD-13",))
               for k, ns in (("Assault", src.assault), ("Shield", src.shield)) for n in ns]
        out += [Change("give", name, None, keyword=k, rules=("RB-CARD-13",))
                for k, has in (("Tank", src.tank), ("Backline", src.backline)) if has]
        rest = [k for k in src.keywords if k.split()[0] in NO_EFFECT_KEYWORDS]
        if rest or not out:
            out.append(Change("none", name, note=f"{name} gains {src.name}'s keywords"
                              + (f" ({', '.join(rest)}: no effect on this combat's damage)" if rest else
                                 ": it has none that changes combat damage"), rules=("RB-CARD-13",)))
        return out
    if kw == "Deflect":  # no effect on damage; a Power tax on the opponent's cards choosing it (RB-MIGHT-10)
        return [Change("give", name, int(e.get("value") or 1), keyword=kw, rules=("RB-MIGHT-10",))]
    if kw in NO_EFFECT_KEYWORDS:
        return [Change("none", name, note=f"{name} gains {kw}: no effect on this combat's damage",
                       rules=(NO_EFFECT_KEYWORDS[kw],))]
    return [Change("give", name, int(e.get("value") or 1) if kw in ("Assault", "Shield") else None, keyword=kw)]


#: amounts read from the board as the effect resolves (RB-CARD-13): the data's words -> in words
AMOUNTS_READ = {"my Might": "its unit's Might", "my Assault": "its unit's Assault",
                "chosen friendly unit might": "the chosen friendly unit's Might"}


#: "Kill a friendly unit. If you do, give + its Might to another friendly unit" (the data's ``value``, ``cost``
#: and ``condition`` of the Might effect; the kill is the card's effect before it)
KILLED_MIGHT = ("killed unit might", "kill a friendly unit", "you do")


#: the rule of what a player chooses as a card resolves: an amount paid, a cost of its own (RB-CARD-21)
CHOICES_RULE = "RB-CARD-21"
#: "Pay any amount of [rune] to deal that much damage" (the data's ``amount``): the Power paid beyond the cost
RUNES_PAID = "runes paid"
#: "Discard 1. Deal its Energy cost as damage" (the data's ``amount``)
DISCARDED_ENERGY = "energy cost of the discarded card"
#: "1 Bonus Damage for each card with this name in your trash" (the data's ``per``)
IN_TRASH = "card with this name in your trash"


def _revealed_options(effects: list, name: str) -> tuple[list, Change | None, list[Unmodelled]]:
    """RB-CARD-10, RB-CARD-8: the options set by the domain of the rune a trigger reveals, as its entry states the
    domain (:data:`REVEALED` on them): the options of that domain kept, as plain effects, the others gone, and the
    change narrating it; not stated: the options gone, each named not modelled (RB-CARD-4)."""
    options = [e for e in effects if revealed_option(e)]
    if not options:
        return effects, None, []
    if any(REVEALED not in e for e in options):
        return [e for e in effects if not revealed_option(e)], None, [
            Unmodelled(name, effect_text(e), str(_unstated(e, None))) for e in options]
    domain, clause = options[0][REVEALED]
    out, kept = [], []
    for e in effects:
        if revealed_option(e):
            if e["mode_label"] != domain:
                continue
            e = {k: v for k, v in e.items() if k not in ("mode_option", "mode_rule", "mode_label", REVEALED)}
            kept.append(e)
        out.append(e)
    if kept:
        what = f"its {domain} option resolves"
    elif clause:
        what = f"its {domain} option ({clause}) is off the board: it changes no unit of this combat"
    else:
        what = f"it has no {domain} option: it does nothing"
    return out, Change("none", rules=("RB-CARD-10", "RB-CARD-8"),
                       note=f"it reveals {'an' if domain[0] in 'aeiou' else 'a'} {domain} rune, as the entry states "
                            f"(`revealed: {domain}`): {what}"), []


def _unstated(e: Mapping[str, Any], play: Play) -> str | None:
    """Why an effect the model reads cannot resolve: the player's choice it needs is not stated (RB-CARD-21), or what
    its trigger revealed is not (RB-CARD-10)."""
    if revealed_option(e) and REVEALED not in e:
        return ("the domain of the rune its trigger reveals sets which option resolves, and the entry does not state it "
                f"(`revealed: {'|'.join(RUNE_DOMAINS)}`, RB-CARD-10, RB-CARD-8)")
    if revealed_count(e) is not None and REVEALED not in e:
        kw, top = revealed_count(e)
        return (f"how many cards with [{kw}] it reveals among the top {top} cards of its player's Main Deck is not "
                f"stated (`revealed: N`, 0..{top}, RB-CARD-10)")
    if e.get("amount") == RUNES_PAID and _runes_paid(play) is None:
        return "the runes paid for it are not stated (`paid: {energy: E, power: N}`)"
    if e.get("amount") == DISCARDED_ENERGY and play.discard is None:
        return "the card discarded is the player's choice and the entry does not name it (`discard: CARD`)"
    if e.get("effect") == "deal_damage" and e.get("split") and play.amounts is None:
        return "how the damage is split is the player's choice and the entry does not state it (`amounts: {UNIT: N}`)"
    if e.get("effect") == "bonus_damage" and play.trash is None:
        return "how many cards of its name are in its player's trash is not stated (`trash: N`)"
    return None


def _spends_buff(e: Mapping[str, Any]) -> bool:
    """An effect whose cost is "spend its buff" (Overt Operation: "you may spend its buff to ready it")."""
    return e.get("effect") == "ready" and e.get("cost") == "spend its buff"


def _runes_paid(play: Play) -> int | None:
    """The Power a play paid beyond its card's Power cost (its ``paid:``), or None when not stated."""
    if play.paid is None:
        return None
    return max(0, play.paid[1] - (play.card.power_cost or 0))


def _paid_by_a_kill(e: Mapping[str, Any]) -> bool:
    return e.get("effect") == "might_modifier" and (e.get("value"), e.get("cost"), e.get("condition")) == KILLED_MIGHT


def _per_equipment(e: Mapping[str, Any]) -> bool:
    """"N for each Equipment attached to me" (Riven, Shattered): an amount counted on its unit."""
    return e.get("amount") == "variable" and e.get("per") == "Equipment attached to me" \
        and isinstance(e.get("amount_per"), int)


def _resolve_amount(e, play: Play, board: Board, targets: "_Targets") -> Mapping[str, Any]:
    """``e`` with an amount read from the board as it resolves (RB-CARD-13), as a number, and how it
    was read (``_how``, for the narration)."""
    a = e.get("amount")
    if _paid_by_a_kill(e):
        (victim,) = targets.killed
        n = max(0, targets.killed_might[victim])
        # no other friendly unit in play: nothing gets the Might (the entry names none)
        alone = not any(board.units[m].side == play.by and board.where(m) for m in board.units)
        return {**e, "value": n, "_how": f"{victim}'s Might as it died, {n}", **({"optional": True} if alone else {})}
    if a == RUNES_PAID:  # RB-CARD-21: the entry's `paid:` (checked stated before the effect resolves)
        n = _runes_paid(play) or 0
        return {**e, "amount": n, "_how": f"the {n} Power paid for it beyond its cost"}
    if a == DISCARDED_ENERGY:  # RB-CARD-21: the card the entry's `discard:` names
        from .spells import load_cards
        from .units import load_units

        found = load_cards().find(play.discard) or next(iter(load_units()._index.lookup(play.discard)), None)
        n = (getattr(found, "energy_cost", None) or 0) if found is not None else 0
        return {**e, "amount": n, "_how": f"the Energy cost of {getattr(found, 'name', play.discard)}, {n}"}
    bonus = [b for b in play.card.effects if b.get("effect") == "bonus_damage" and b.get("per") == IN_TRASH]
    if e.get("effect") == "deal_damage" and isinstance(a, int) and bonus and play.trash is not None:
        n = a + int(bonus[0]["amount_per"]) * play.trash  # RB-CARD-21: Bonus Damage, + to this instance
        return {**e, "amount": n, "_how": f"{a} + {bonus[0]['amount_per']} Bonus Damage for each of the {play.trash} "
                                          f"cards of its name in the trash, {n}"}
    if e.get("value") == _counters.COUNTERED_ENERGY:  # the countered spell's printed Energy cost (RB-CARD-20)
        from .spells import load_cards

        victim = load_cards().find(targets.countered or "")
        if victim is None:
            raise _err(play, "it counters a spell: name it first in `target`", _counters.RULE, "target")
        n = victim.energy_cost or 0
        return {**e, "value": n, "_how": f"{victim.name}'s Energy cost, {n}"}
    if e.get("effect") == "might_set":  # the unit it chooses, then another friendly unit: its Might now
        _consume(e, targets, board, play)
        here = str(e.get("value_from") or "").startswith(MIGHT_OF_CHOSEN_HERE)  # or a unit it chooses here
        got = targets.take(1, {"kind": "unit", "location": "same_location"} if here else
                           {"side": "friendly", "kind": "unit", "other": True})
        if not got:  # RB-CARD-11: the unit whose Might it reads left play before it resolved: that part does nothing
            return {**e, "_to": None, "_how": "the unit whose Might it reads left play before it resolved"}
        (other_unit,) = got
        m = board.units[other_unit].current_might
        return {**e, "_to": m, "_how": f"to {other_unit}'s Might, {m}"}
    if e.get("effect") == "might_modifier" and e.get("value") == "variable" and e.get("value_from") == MY_MIGHT:
        if not play.source_unit or play.source_unit not in board.units:
            raise _err(play, "'my Might' is its unit's: only a unit's ability has one", "RB-CARD-13")
        n = max(0, board.units[play.source_unit].current_might)
        return {**e, "value": n, "_how": f"{play.source_unit}'s Might, {n}"}
    if revealed_count(e) is not None and REVEALED in e:  # RB-CARD-10: as the trigger's entry states it
        kw, top = revealed_count(e)
        k = int(e[REVEALED])
        n = int(e["amount_per"]) * k
        return {**e, "amount": n, "_how": f"{e['amount_per']} for each of the {k} cards with [{kw}] among the top {top} "
                                          f"revealed, {n}"}
    if _per_equipment(e):
        if not play.source_unit:
            raise _err(play, "'for each Equipment attached to me' is its unit's: only a unit's ability has one",
                       "RB-CARD-13")
        u = board.units[play.source_unit]
        n = int(e["amount_per"]) * len(u.equipment)
        return {**e, "amount": n, "_how": f"{e['amount_per']} for each of the {len(u.equipment)} Equipment "
                                          f"attached to {u.name}, {n}"}
    if a not in AMOUNTS_READ:
        return e
    if a == "chosen friendly unit might":
        friend = next((n for n in targets.chosen if board.units[n].side == play.by), None)
        gone = next((n for n in targets.left if board.units[n].side == play.by), None)
        if friend is None and gone is None:  # "Choose a friendly unit. It deals damage equal to its Might ..."
            got = targets.take(1, {"side": "friendly", "kind": "unit"})
            friend = got[0] if got else None
            gone = None if got else next((n for n in targets.left if board.units[n].side == play.by), None)
        if friend is None:  # RB-CARD-11: the unit that deals the damage left play before it resolved: it deals none
            return {**e, "amount": 0, "_how": f"{gone or 'the unit chosen'} left play before it resolved: it deals "
                                              "none"}
        u = board.units[friend]
        n = max(0, u.current_might)
        return {**e, "amount": n, "_how": f"equal to {u.name}'s Might, {n}"}
    if not play.source_unit:
        raise _err(play, f"{a!r} is its unit's: only a unit's ability has one", "RB-CARD-13")
    u = board.units[play.source_unit]
    n = max(0, u.current_might) if a == "my Might" else sum(u.assault)
    return {**e, "amount": n, "_how": f"equal to {u.name}'s {'Might' if a == 'my Might' else 'Assault'}, {n}"}


#: "deal damage to a unit equal to the damage marked on it" (Morgana, Vindictive): read on the unit (RB-CARD-13)
MARKED_ON_IT = "the damage marked on it"


def _damage(e, play, board, name, names) -> list[Change]:
    # RB-READ-2 [marked_damage]: damage a spell marks now may count toward lethal in combat
    if e.get("amount") == MARKED_ON_IT:
        marked = board.units[name].marked
        e = {**e, "amount": marked, "_how": f"equal to the damage marked on it, {marked}"}
    n, how = int(e["amount"]), e.get("_how", "")
    if n <= 0:
        return [Change("none", note=f"{name} is dealt no damage ({how})")]
    stop = _prevented(play, board, name, n)  # RB-CARD-9: its own static prevention
    if stop:
        return stop
    bonus, said = _bonus(play, board, n, how)
    return [Change("damage", name, n + bonus, rules=("RB-READ-2",) + (("RB-CARD-13",) if how else ())
                   + (("RB-CARD-9",) if bonus else ()), how=said)]


def _prevented(play: Play, board: Board, name: str, n: int) -> list[Change]:
    """RB-CARD-9: the damage the play deals to ``name`` prevented whole by the unit's own static ability, or []."""
    why = damage_prevented(board.units, board.present, name, play.by)
    return [Change("none", name, note=f"deal {n} to {name}: prevented by {why}", rules=("RB-CARD-9",))] if why else []


def _bonus(play: Play, board: Board, n: int, how: str) -> tuple[int, str]:
    """RB-CARD-9: the Bonus Damage its player's units give the play's instance of ``n`` damage, and how it reads."""
    in_play = [u for u in board.units if board.where(u)]
    bonus, by = bonus_damage(board.units, in_play, play.by)
    if not bonus:
        return 0, how
    return bonus, (f"{how}; " if how else f"{n}") + f" +{bonus} Bonus Damage ({', '.join(by)})"


def _split(e, play: Play, board: Board, names: list[str]) -> list[Change]:
    """Damage equal to an amount (``e["amount"]``, read as it resolves) split among ``names`` as the entry's
    ``amounts:`` states: each unit named must be one of them (RB-CARD-1), the amounts must add up to it."""
    total, how = int(e["amount"]), e.get("_how", "")
    split = dict(play.amounts or ())
    if not names and not any(split.values()):  # "any number of" units: none chosen (none left to choose)
        return [Change("none", note=f"no unit is chosen: the {total} damage is dealt to none", rules=(CHOICES_RULE,))]
    wrong = [n for n in split if n not in names]
    if wrong:
        raise _err(play, f"`amounts:` names {', '.join(wrong)}: not " + _spec_text(e.get("target") or {})
                   + f" ({', '.join(names) or 'none'})", "RB-CARD-1", "amounts")
    if sum(split.values()) != total:
        raise _err(play, f"`amounts:` adds up to {sum(split.values())}; the damage to split is {total} ({how})",
                   CHOICES_RULE, "amounts")
    out = []
    for n, a in split.items():
        if a > 0 and _prevented(play, board, n, a):  # RB-CARD-9: its own static prevention
            out += _prevented(play, board, n, a)
        elif a > 0:  # each unit's share is an instance of the card's damage (Bonus Damage adds to each)
            bonus, more = _bonus(play, board, a, "")
            out.append(Change("damage", n, a + bonus, rules=("RB-READ-2",) + (("RB-CARD-13",) if how else ())
                              + (CHOICES_RULE,) + (("RB-CARD-9",) if bonus else ()),
                              how=f"{a} of {total}" + (f" ({how})" if how else ", split as the entry states")
                              + (f";{more[len(str(a)):]}" if bonus else "")))
    return out


def _fight(e, play, board, name, names) -> list[Change]:
    if len(names) != 2:
        raise _err(play, "a fight needs exactly two units", "RB-CARD-1", "target")

    a, b = (board.units[n] for n in names)
    out = []
    for src, dst in ((a, b), (b, a)):
        if src.current_might <= 0:
            continue
        # RB-CARD-9: the units deal a fight's damage, not the card: only a prevention of all damage applies
        why = damage_prevented(board.units, board.present, dst.name, None)
        out.append(Change("none", dst.name, note=f"{src.name} fights {dst.name}: {src.current_might} prevented by "
                          f"{why}", rules=("RB-CARD-9",)) if why else
                   Change("damage", dst.name, src.current_might, note=f"{src.name} fights {dst.name}"))
    return out


#: a death replacement's result (the data's ``result``) -> what happens instead (RB-CARD-12)
DEATH_REPLACEMENTS = {"heal, exhaust and recall": "healed, exhausted and recalled", "banish": "banished"}


def _replace_death(e, play, board, name, names) -> list[Change]:
    return [Change("replace_death", name, how=DEATH_REPLACEMENTS[str(e["result"])], keyword=play.card.name,
                   rules=("RB-CARD-12",))]


def _stun(e, play, board, name, names) -> list[Change]:
    return [Change("stun", name)]


def _heal(e, play, board, name, names) -> list[Change]:
    if not board.units[name].marked:
        return [Change("none", name, note=f"{name} has no damage to heal")]
    return [Change("heal", name, rules=("RB-MIGHT-8",))]


def _swap_places(e, play, board, name, names) -> list[Change]:
    """"Move me to its location and it to my original location" (RB-CARD-7): the ability's unit and
    the unit chosen (``with``) change places."""
    w = e.get("with") or {}
    if len(names) < 2:  # "you may choose ...": none chosen
        return [Change("none", note="no unit chosen: nothing moves")]
    me, other = names[0], names[1]
    u = board.units[other]
    if (why := unit_filter_refusal(u, w)) is not None:  # a token, a tag (RB-CARD-1)
        raise _err(play, why, "RB-CARD-1", "target")
    a, b = board.where(me), board.where(other)
    if w.get("location") == "another location" and a == b:
        raise _err(play, f"{other} is at {me}'s location: it needs a unit at another location", "RB-CARD-1", "target")
    if a == b:
        return [Change("none", me, note=f"{me} and {other} are both at the {a}: nothing moves")]
    return _moved(board, me, a, b) + _moved(board, other, b, a)


def _moved(board: Board, name: str, frm: str | None, to: str | None) -> list[Change]:
    """:func:`_to`, unless a static ability stops the move ("Units can't move to base": it stays, RB-CARD-9)."""
    if (stop := move_refused(board, name, to)) is not None:
        return [Change("none", name, note=stop, rules=("RB-CARD-9",))]
    return _to(name, frm, to)


def _to(name: str, frm: str | None, to: str | None) -> list[Change]:
    """The change that moves ``name`` from ``frm`` to ``to`` (battlefield, base, elsewhere)."""
    if to == "battlefield":
        return [Change("enter", name, rules=("RB-COMB-4", "RB-CARD-7"))]
    if frm == "battlefield":
        return [Change("remove", name, how="moved to its base" if to == "base" else "moved away",
                       rules=("RB-CARD-7",))]
    return [Change("remove", name, how="moved to its base" if to == "base" else "moved away", rules=("RB-CARD-7",),
                   note=f"not at this battlefield: {name} moves from {frm} to {to}")]


_LEAVE = {"kill": "killed", "banish": "banished", "remove_to_deck": "put into its deck",
          "return_to_hand": "returned to its owner's hand", "recall": "recalled", "take_control": "taken and recalled"}


def _leave(e, play, board, name, names) -> list[Change]:
    # a kill of several units at once: they would die together (RB-CARD-18: a replacement on one saves the others)
    together = tuple(names) if e["effect"] == "kill" and len(names) > 1 else ()
    if board.where(name) != "battlefield":  # at its base or elsewhere: it leaves play, cannot move in later
        return [Change("remove", name, how=_LEAVE[e["effect"]], rules=("RB-CARD-7",),
                       note="not at this battlefield: no effect on this combat's totals", together=together)]
    return [Change("remove", name, how=_LEAVE[e["effect"]],
                   rules=("RB-COMB-6", "RB-CARD-7") if e["effect"] in ("recall", "take_control") else ("RB-CARD-7",),
                   together=together)]


def _move(e, play, board, name, names) -> list[Change]:
    where = board.where(name)
    to = e.get("to")
    dest = "base" if to == "base" else (play.to or ("battlefield" if where == "base" else "elsewhere"))
    if "you control" in str(to or "") and play.controls_here is False and dest == "battlefield":
        # "a battlefield you control": this one only for the player who controls it (CR 187.4.b); his opponent's
        # unit goes to another battlefield he controls, out of this combat (RB-CARD-7)
        if play.to == "battlefield":
            raise _err(play, f"the {play.by} does not control this battlefield (CR 187.4.b): \"{to}\" is another "
                       "battlefield he controls (`to: elsewhere`)", "RB-CARD-7", "to")
        dest = "elsewhere"
    # RB-CARD-9: "can't move to base"
    if (stop := move_refused(board, name, dest)) is not None:
        return [Change("none", name, note=stop, rules=("RB-CARD-9",))]
    if dest == "battlefield" and where in ("base", "elsewhere"):  # into this combat, from its base or elsewhere
        return [Change("enter", name, rules=("RB-COMB-4", "RB-CARD-7"))]
    if dest == where and dest in ("battlefield", "base"):  # a unit can't move to where it is: no move (RB-CARD-7)
        return [Change("none", name, note=f"{name} is at {'the battlefield' if dest == 'battlefield' else 'its base'} "
                                          "already: it does not move", rules=("RB-CARD-7",))]
    if dest in ("base", "elsewhere") and where == "battlefield" or dest == "elsewhere" and where == "base" \
            or dest == "base" and where == "elsewhere":  # into another place (RB-CARD-7)
        return [Change("remove", name, how="moved to its base" if dest == "base" else "moved away",
                       rules=("RB-CARD-7",))]  # (a move, not a recall: RB-COMB-6 is not its rule)
    # from another battlefield to another, or from its base to another: still a move (its own "When I move" fires)
    return [Change("none", name, how=MOVED_ELSEWHERE if where != dest or dest == "elsewhere" else "", keyword=dest,
                   note=f"{name} moves ({where} to {dest}): no effect on this combat")]


def _prevent(e, play, board, name, names) -> list[Change]:
    if e.get("amount") == _replacements.NEXT_INSTANCE:
        return [Change("prevent_next", name, rules=(_replacements.RULE,))]
    return [Change("prevent", name, int(e["amount"]))]


def _kill_on_damage(e, play, board, name, names) -> list[Change]:
    return [Change("kill_on_damage", name, keyword=play.card.name, rules=(KILL_ON_DAMAGE_RULE,))]


def _double_damage(e, play, board, name, names) -> list[Change]:
    # RB-READ-3 [rules_version]: the lethal threshold after doubling from v1.4, before it earlier
    return [Change("double_damage", name, rules=("RB-READ-3",))]


def _counter(e, play, board, name, names) -> list[Change]:
    return []  # decided before the showdown is played (see showdown.countered)


def _nothing(e, play, board, name, names) -> list[Change]:
    return [Change("none", name, note=NO_COMBAT_EFFECT[e["effect"]])]


def _ready(e, play, board, name, names) -> list[Change]:
    """Readying a unit (RB-CARD-10 tracks it for "When I become ready"); one that can't be readied stays
    exhausted (RB-CARD-9)."""
    u = board.units[name]
    why = ready_refused(board.units, board.present, (board.base, board.away), name)
    if why is not None:
        return [Change("none", name, note=f"{why}: it stays exhausted" if u.exhausted else why, rules=("RB-CARD-9",))]
    if not u.exhausted:
        return [Change("none", name, note=f"{name} is ready already (readying changes no combat damage)")]
    return [Change("ready", name, note=f"{name} is readied (readying changes no combat damage by itself)",
                   rules=("RB-CARD-10",))]


HANDLERS: dict[str, Callable[..., list[Change]]] = {
    "might_modifier": _might, "might_set": _might_set, "might_double": _double, "might_swap": _swap, "buff": _buff,
    "buff_bonus": _buff_bonus, "grant_keyword": _give, "deal_damage": _damage, "fight": _fight, "stun": _stun,
    "kill": _leave, "banish": _leave, "remove_to_deck": _leave, "return_to_hand": _leave, "recall": _leave,
    "take_control": _leave, "move": _move, "prevent_damage": _prevent, "damage_double": _double_damage,
    "counter": _counter, _counters.UNCOUNTERABLE: _counter, _counters.COUNTERED_TO: _counter, "ready": _ready, "exhaust": _nothing, "grant_ability": _nothing, "draw": _nothing,
    "death_replacement": _replace_death, "kill_on_damage": _kill_on_damage, "heal": _heal, "swap_locations": _swap_places,
    "empower": lambda e, play, board, name, names: [Change("empower", name, rules=("RB-CARD-9",))],
}


HANDLERS.update(_equipment.HANDLERS)
HANDLERS.update(_tokens.HANDLERS)
HANDLERS.update(_replay.HANDLERS)


# ---- a unit played from hand by a card (RB-CARD-16) ----------------------------------------------------
#: "You may play a unit from hand ..." (Here to Help), "An opponent reveals their hand. You may choose a unit from it.
#: They play that unit ..." (Bone Skewer): the unit card is the entry's first target (RB-CARD-21)
PLAY_UNIT = "play_unit"
#: whose hand the unit comes from (the record's ``from``) -> who plays it
HAND_OF = {"hand": "its player", "opponent_hand": "his opponent"}
#: where it may go (the record's ``to``): a battlefield its player controls (this one only if he controls it, else
#: another, CR 355.2.a), or the battlefield the card chooses (this one or another)
PLAY_UNIT_TO = {"controlled_battlefield": "a battlefield its player controls (this one only if he controls it, "
                                          "CR 355.2.a, 187.4.b; else another)",
                "chosen_battlefield": "the battlefield the card chooses (this one or another)"}
#: "If they do, then do this: [Stun] it": the unit was played
THEY_DO = "they do"


def _play_unit_support(e: Mapping[str, Any]) -> tuple[bool, str]:
    if e.get("from") not in HAND_OF or e.get("to") not in PLAY_UNIT_TO:
        return False, f"a unit played from {e.get('from')} to {e.get('to')} is not read"
    cut = e.get("cost_reduction") or {}
    if set(cut) - {"energy"} or not isinstance(cut.get("energy", 0), int):
        return False, f"its cost reduction ({cut}) is not read"
    cost = ("ignoring its costs" if e.get("ignore_costs") else
            f"its cost reduced by {cut['energy']} Energy (paid with the card's, RB-CARD-2)" if cut else "at its cost")
    return True, (f"{HAND_OF[e['from']]} plays the unit card the entry names first in `target` (none named: no unit "
                  f"is chosen, its \"you may\") to {PLAY_UNIT_TO[e['to']]} (`to: battlefield | elsewhere`), {cost}: "
                  "printed Might, exhausted unless its card says it enters ready; at this battlefield it fights for "
                  "its player's side (designation at the next cleanup, RB-COMB-4); its \"When you play me\" "
                  f"abilities are named NOT MODELLED (RB-CARD-16, RB-CARD-7, {CHOICES_RULE})")


def hand_places(e: Mapping[str, Any], side: str, controller: str | None) -> tuple[str, ...]:
    """Where the unit a ``play_unit`` record plays for ``side`` may go: ``battlefield`` (this combat's) and
    ``elsewhere`` (another battlefield)."""
    if e.get("to") == "controlled_battlefield" and side != controller:
        return ("elsewhere",)
    return ("battlefield", "elsewhere")


def hand_cost(play: Play) -> tuple[int, int, str]:
    """RB-CARD-2: the (Energy, Power) its player pays for the unit a card plays from hand, and how it reads."""
    rec = next((e for e in play.card.effects if e.get("effect") == PLAY_UNIT), {})
    unit, _, _, (energy, power) = play.from_hand
    if rec.get("ignore_costs") or unit.side != play.by:
        return 0, 0, ""
    cut = int((rec.get("cost_reduction") or {}).get("energy", 0))
    e_u = max(0, energy - cut)
    return e_u, power, f"{e_u} Energy + {power} Power for {unit.card_name or unit.name} ({energy} Energy - {cut})"


def play_unit(e: Mapping[str, Any], play: Play, board: Board) -> list[Change]:
    """RB-CARD-16: the unit card the entry names enters play where the card lets it (the entry's ``to:``; not given,
    this battlefield when it may go there), under the player whose hand it came from."""
    if not play.from_hand:
        return [Change("none", note="no unit card chosen from the hand (its \"you may\"): nothing is played",
                       rules=(CHOICES_RULE,))]
    new, places, _, _ = play.from_hand
    if play.to is not None:
        dest = play.to
    else:  # this battlefield when it may go there, else the one place it may go (another battlefield)
        dest = "battlefield" if "battlefield" in places else places[0]
    if dest not in places:
        why = ("the card plays it to a battlefield" if dest == "base" else
               f"the {new.side} does not control this battlefield (it stays the Defender's during the combat, "
               "CR 187.4.b): only another battlefield he controls")
        raise _err(play, f"{new.name} cannot be played to {'the base' if dest == 'base' else dest}: {why}",
                   "RB-CARD-16", "to")
    from . import statics as _statics
    from .replay import ready_as_it_enters

    if (why := _statics.play_refused(board.units, board.present + board.away, new.side)) is not None:
        return [Change("none", note=f"{why}: {new.name} is not played", rules=("RB-CARD-16", "RB-CARD-9"))]
    now = _statics.side_xp(board.units, new.side)  # its player's XP now, which "[Level N]" reads (RB-CARD-2)
    if now is not None:
        new = replace(new, xp=now)
    new = replace(new, exhausted=not ready_as_it_enters(new, dest, board.units, board.present + board.base + board.away))
    rec_cost = "ignoring its costs" if e.get("ignore_costs") else (
        f"its cost reduced by {(e.get('cost_reduction') or {}).get('energy', 0)} Energy" if e.get("cost_reduction")
        else "at its cost")
    return [Change("hand_unit", new.name, new.current_might, keyword=rec_cost, how=dest, new=new,
                   rules=("RB-CARD-16", "RB-CARD-7") + (("RB-COMB-4",) if dest == "battlefield" else ()))]


# ---- two friendly units swap locations ("Choose a unit you control and another ... at a different location") -----
def _two_friendly(e: Mapping[str, Any]) -> bool:
    t = e.get("target") or {}
    return isinstance(t, dict) and t.get("count") == 2 and t.get("side") == "friendly" and not e.get("with")


def _has_keyword(u: Unit, kw: str) -> bool:
    return any(k.split()[0] == kw for k in u.keywords)


def _swap_two(e, play: Play, board: Board, names: list[str]) -> list[Change]:
    """The two units chosen, at different locations, move each to the other's (RB-CARD-7), if one of them has the
    record's ``if_keyword`` (read as it resolves)."""
    a, b = names
    wa, wb = board.where(a), board.where(b)
    if wa == wb == "elsewhere":
        raise _err(play, f"{a} and {b} are both at another battlefield: the model does not tell other battlefields "
                   "apart, and neither is in this combat (name units at this battlefield or a base)", "RB-CARD-1",
                   "target")
    if wa == wb:
        raise _err(play, f"{a} and {b} are both at {'the battlefield' if wa == 'battlefield' else 'the base'}: it "
                   "chooses another unit at a different location", "RB-CARD-1", "target")
    kw = e.get("if_keyword")
    if kw and not any(_has_keyword(board.units[n], kw) for n in names):
        return [Change("none", note=f"neither {a} nor {b} has [{kw}]: nothing moves", rules=("RB-CARD-8",))]
    return _moved(board, a, wa, wb) + _moved(board, b, wb, wa)


# ---- a granted "When I conquer" ability ---------------------------------------------------------------------
#: "This turn, that unit has 'When I conquer, you may move me to my base.'" (the record's ``when``)
CONQUER = "conquer"
CONQUER_WHY = ("the unit has, this turn, a \"When I conquer\" ability: it triggers only as its player conquers, which "
               "the Resolution Step decides after the combat's result (RB-RES-3, RB-RES-5), so it changes neither "
               "the damage nor who wins, conquers and scores; where the unit goes after that is outside the combat "
               "the model judges (RB-RES-8)")
#: why a unit taken by an enemy card during the combat ("Take control of an enemy unit at a battlefield") is not read
TAKEN_MID_COMBAT = ("a unit changing sides mid-combat: the digest gives a unit its Attacker or Defender designation by "
                    "its controller as the combat begins or, arriving later, at the next cleanup (RB-COMB-4), and no "
                    "rule for a unit already designated whose controller changes during the combat (a secondary "
                    "source reads CR 323.2 as giving it its new controller's designation at the next cleanup; nor "
                    "whether its Equipment stays attached), so which side's total and outcome it counts for is not "
                    "decided (RB-CARD-4)")


def _grant(e, play, board, name, names) -> list[Change]:
    if e.get("when") == CONQUER:
        return [Change("none", name, rules=("RB-RES-5", "RB-RES-3"), how=CONQUER, keyword=str(e.get("ability")),
                       note=f"{name} has \"{e.get('ability')}\" this turn: it could trigger only once the combat's "
                            "result is decided (its player conquers), so it changes no number or outcome of this "
                            "combat")]
    return _nothing(e, play, board, name, names)


# ---- a spell taken ("gain control of it and you may make new choices for it") ---------------------------------
STEAL = "gain_control_spell"


def takes_spell(p) -> bool:
    """Whether ``p`` is a play of a card that may take control of a spell (paid for or not)."""
    if p is None:
        return False
    effects = p.card.effects
    if type(effects) is tuple:
        return _counter_facts(effects)[0]
    return any(e.get("effect") == STEAL for e in effects)


def _counter_facts(effects: tuple) -> tuple[bool, dict]:
    """``(whether a card of these effect records may take control of a spell, its counter effect by mode)``:
    worked out once per records (each step of the showdown search asks again for every play of its line)."""
    return _per_record(_COUNTER_FACTS, effects, _read_counter_facts)


def _read_counter_facts(effects: tuple) -> tuple[bool, dict]:
    modes = [e for e in effects if e.get("mode_option")]
    by_mode = {m: _counter_of(effects, modes, m) for m in (None, *range(1, len(modes) + 1))}
    return any(e.get("effect") == STEAL for e in effects), by_mode


#: :func:`_counter_facts` by the records' id, each kept with its records
_COUNTER_FACTS: dict[int, tuple[tuple, tuple[bool, dict]]] = {}


def steals(p) -> bool:
    """Whether ``p`` is a play taking control of a spell: its card may, and its player paid for it (the entry's
    ``condition: true``)."""
    return takes_spell(p) and p.condition is True


def _undecided_steal(p) -> bool:
    return takes_spell(p) and p.condition is None


def _steal(e, play, board, name, names) -> list[Change]:
    return [Change("none", rules=(_counters.RULE, CHOICES_RULE),
                   note=f"the {play.by} pays for it and gains control of the spell it chooses: that spell resolves "
                        f"under the {play.by}, with the new choices the entry states")]


def stolen(plays: list, gone: set[int]) -> dict[int, tuple[Play, Play]]:
    """RB-CARD-20 read as counters are: for each play taking control of a spell (not itself countered), the index of
    the spell it takes (the latest earlier play of that card neither countered nor taken) -> (that spell as it
    resolves: under the taker, with the new choices the taker's entry gives after the spell, else its own; the
    taking play). A spell it may not take is refused."""
    out: dict[int, tuple[Play, Play]] = {}
    for i in range(len(plays) - 1, -1, -1):
        p = plays[i]
        if i in gone or not (steals(p) or _undecided_steal(p)):
            continue
        rec = next(e for e in p.card.effects if e.get("effect") == STEAL)
        if not p.targets:
            raise _err(p, "it names the spell it chooses in `target` (first), then that spell's new choices",
                       _counters.RULE, "target")
        want = p.targets[0].casefold()
        j = next((j for j in range(i - 1, -1, -1) if plays[j] is not None and j not in gone and j not in out
                  and plays[j].card.name.casefold() == want), None)
        if j is None:
            raise _err(p, f"no earlier play of {p.targets[0]!r} in this showdown to take (it chooses a spell on the "
                       "chain)", _counters.RULE, "target")
        victim = plays[j]
        if victim.card.type != "spell" or victim.unit is not None or victim.trigger_of or victim.ability_of:
            raise _err(p, f"{victim.card.name} is not a spell: it chooses a spell", "RB-CARD-1", "target")
        if (victim.card.energy_cost or 0) > int(rec["max_energy"]):
            raise _err(p, f"{victim.card.name} costs {victim.card.energy_cost} Energy: it chooses a spell with Energy "
                       f"cost no more than {rec['max_energy']}", "RB-CARD-1", "target")
        if counter_effect(victim.card, victim.mode) is not None:
            raise _err(p, f"{victim.card.name} is a counter: a counter taken is not modelled (its card on the chain "
                       "would change too)", "RB-CARD-4", "target")
        if steals(p):  # (its choice not stated: the spell it chose is checked, and resolves as played)
            out[j] = (replace(victim, by=p.by, targets=tuple(p.targets[1:]) or victim.targets), p)
    return out


HANDLERS.update({"grant_ability": _grant, STEAL: _steal})


def counter_effect(card: Card, mode: int | None) -> dict | None:
    """The card's counter effect, if it has one (in the chosen mode)."""
    effects = card.effects
    if type(effects) is tuple:
        by_mode = _counter_facts(effects)[1]
        if (mode or None) in by_mode:
            return by_mode[mode or None]
    return _counter_of(effects, [e for e in effects if e.get("mode_option")], mode)


def _counter_of(effects, modes: list, mode: int | None) -> dict | None:
    for e in effects:
        if e.get("effect") == "counter" and (not e.get("mode_option") or (mode and modes[mode - 1] is e)):
            return e
    return None


def countered(plays: list[Play], units: Mapping[str, Unit] | None = None, in_play=None,
              spared: dict | None = None, by: dict | None = None,
              links: list | None = None) -> tuple[set[int], list[Unmodelled]]:
    """RB-CARD-3, RB-CARD-20: which plays (indexes) are countered by a later counter naming their card
    (:mod:`.counters`); ``units``: the units by name, for counters that look at whose units a card chooses;
    ``in_play`` and ``spared``: the units in play and the cards they keep from being countered (RB-CARD-9); ``by``:
    filled with the counter of each play countered; ``links``: with ``(play, counter)`` for each play a counter
    chooses, on the chain until that counter was played."""
    gone, notes = _counters.countered(
        plays, lambda p: None if steals(p) or _undecided_steal(p) else counter_effect(p.card, p.mode), units,
        in_play, spared, by, links)
    for p in plays:  # "You may pay [rune]. If you do, gain control ... Otherwise, counter it": the player's choice
        if _undecided_steal(p):
            notes.append(Unmodelled(p.card.name, "its \"you may pay\": gain control of the spell, or counter it",
                                    "whether its player paid is his choice and the entry does not state it "
                                    "(`condition: true` paid, it takes the spell; `false`, it counters it): the spell "
                                    "it chooses resolves as played (RB-CARD-4, RB-CARD-8)"))
    return gone, notes


def unit_from(u: Unit, **changes: Any) -> Unit:
    return replace(u, **changes)


__all__ = ["Play", "Unmodelled", "Change", "Board", "interpret", "check_cost", "countered", "describe_effects", "effect_support",
           "other"]
