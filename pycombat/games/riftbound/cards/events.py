"""Units' triggers on what happens during the showdown (RB-CARD-10): "When you play a spell", "When you
play a gear", "When you play another unit", "When you stun an enemy unit".

A unit in play (at the battlefield, at its base or at another battlefield) whose controller plays a
card, or stuns an enemy unit, has its ability triggered; it goes on the chain and is read like a
combat trigger, through the one interpreter (an ability of the unit, "me" = the unit; RB-CARD-10):

* played: "When you play a spell / a gear / another unit" triggers as the card is played and goes on
  the chain above it, so it resolves before the card (a card countered later was still played: its
  triggers resolve all the same, RB-CARD-3). A unit token a card plays is a unit played: "When you play
  another unit" triggers as the token enters, during the card's resolution, and resolves right after it.
* stunned: "When you stun an enemy unit" triggers once for each enemy unit (of the player who controls
  the card, ability or triggered ability) that the card, ability or triggered ability stunned (Vex, Apathetic's
  "[Stun] it" among them), and resolves right after it. A readying or a stun is passed to the triggers waiting on
  it once: by the innermost card or trigger that caused it (a trigger resolving at a cleanup inside another's).

A triggered ability that needs a choice (a "choose one" option, a condition the board does not decide,
a target, a "you may", a split, a cost) has it stated by a showdown entry ``{trigger: UNIT, when: KIND,
target: ...}`` (:data:`KINDS`) listed right after the entry whose resolution fires it: the showdown keeps
those entries aside while that entry resolves (``run.pending``), and each firing of that unit's trigger of
that kind takes the first one (RB-CARD-10); one left over is refused. One player's triggers fired together resolve
in the order he chooses: those his entries state in the entries' order, then the others in the board's order. A
firing not stated is named NOT MODELLED as it fires (RB-CARD-4).

* a spell that costs 5 or more (its printed Energy cost), a card played from face down ([Hidden]), a unit
  token played ("When you play a token unit", right after the card that played it), a card discarded as a card
  resolves (the entry's ``discard:``, RB-CARD-21; right after it).
* the second card: "When you play your second card in a turn" triggers as its player plays a card (a spell,
  a gear, a unit; a unit he plays anew, RB-CARD-24, right after the card that played it) that is his second this
  turn, counting the cards the side's ``cards_played:`` says he played before the showdown; not stated, it is
  named NOT MODELLED as he plays a card.

* played anew: a unit a card has its owner play anew (RB-CARD-24) is played: its own "When you play me" abilities
  trigger as it enters ("to a battlefield" ones only when it enters one, this or another; never "from face down"),
  with its owner's "When you play another unit", right after the card (``{trigger: UNIT, when: played, ...}``).

* chosen: "When you choose me" (Irelia, Fervent: "When you choose or ready me") triggers as its player's card,
  ability or trigger names it among its targets, and resolves before it; "When you ready me" as its player's
  card or ability readies it while exhausted, right after it.

* buffed: "When you buff me" triggers as its player's card or ability gives it a buff (it had none: a second
  buff does nothing, RB-CARD-6), and resolves right after it.

* a unit played this turn: a card's "When a friendly unit is played this turn, buff it" (Rally the Troops) waits, for
  the rest of the turn, on each unit its player plays after it resolved (a unit card from hand, RB-CARD-16; a unit
  token a card or ability plays, RB-CARD-15): it acts on that unit right after the play that put it in (the unit's
  own "When you play me" abilities first), read by the one interpreter as the card's ability choosing that unit.

* readied: "When I become ready" triggers as a card or ability readies its unit while it is exhausted (the
  scenario's ``exhausted:``; a unit that can't be readied, or an enemy of a Mageseeker Warden at a
  battlefield, is not, RB-CARD-9), and resolves right after what readied it. Readying changes no combat
  damage by itself.

* died: "When another friendly unit dies" triggers as a unit of its controller dies during the showdown (killed by
  a card or ability, or by lethal damage at a cleanup, RB-MIGHT-1; not a unit banished, recalled or saved by a
  replacement, RB-CARD-12/18), once for each such unit, and resolves after that cleanup and the dying units' own
  Deathknells (RB-CARD-19): at the battlefield, and killed by a card or ability at its base or at another
  battlefield (not in this combat: its own Deathknell is not followed there). A unit killed by combat damage dies
  at the combat cleanup, where lethality is checked once (RB-RES-2): the trigger then resolves after the combat's
  outcome is decided and cannot change it.

* a friendly unit moved: "When a friendly unit moves from my location, I may be moved with it" triggers as a card,
  ability or trigger moves another unit of its side from where it is (the battlefield, or their base; a recall is
  no move, RB-COMB-6), and resolves after what moved it and that unit's own move triggers (:mod:`.moves`), moving it
  to the same place. Whether to use it: an entry ``{trigger: UNIT, when: move}`` (or ``decline: true``); not
  stated, NOT MODELLED. A unit at another battlefield is not told apart from one at a second: named NOT MODELLED.

* the first gear: "the first time you play a non-token gear each turn" triggers as its player plays a gear card in
  the showdown that is his first this turn: the first of the showdown, and none before it when the side's
  ``cards_played: 0`` says he played no card before the showdown; else the entry states it (``condition:
  true|false``, RB-CARD-8). Its "ready something besides me" (and First Mate's "ready another unit") is a choice only
  when a unit it may choose waits on its readying, exhausted ("When I become ready"), or is its player's with a
  trigger on being chosen ("When you choose or ready me"); else it changes nothing in the combat, used or not. A
  trigger choosing a unit of its player's fires that unit's "When you choose me" first, as a card does.

* defended: "When you defend at a battlefield, you may move me there" fires as its player's combat begins and he is
  the Defender: a combat trigger (:mod:`.triggers`, RB-SHOW-2), listed here for what the card lookup says of it.

* an opponent's unit: "When an opponent plays a unit while I'm at a battlefield, [Stun] it. They can't move it this
  turn." triggers as the other player plays a unit (a unit card from hand, a unit token a card plays, a unit played
  anew) while the unit is at a battlefield (this one or another; not at its base); "it" is the unit played, selected
  by the ability itself, not targeted. It resolves once the unit is in play (right after the card that played it):
  on the chain above a unit card, it would resolve first and find the unit not yet in play, and a Stun that waits
  for it gives the same board. "They can't move it this turn": a later card or ability of its controller that moves
  it is refused (one clear error naming the entry); a recall is no move (RB-COMB-6): Soraka, Wanderer may recall it.

* stunned at a battlefield: "When you [Stun] an enemy unit at a battlefield, you may move me to that battlefield"
  fires like "When you stun an enemy unit", for an enemy unit stunned at this battlefield or another (not at its
  base); "that battlefield" is where the stunned unit is. Whether to move is the player's (an entry ``{trigger:
  UNIT, when: stun}``, or ``decline: true``); not stated, it is named NOT MODELLED, unless the unit is at this
  battlefield already and the stunned unit too (a unit can't move to where it is: nothing to choose).

* Mighty: "When a unit you control becomes [Mighty]" (a unit is Mighty while it has 5+ Might, the cards' reminder
  text) triggers for each unit of its controller in play that was not Mighty at the last cleanup and is at this one
  (RB-MIGHT-1: the cleanup after each card, ability or trigger resolves; the Might with every static ability
  applied, RB-CARD-9), once each time; "it" is that unit. A unit that enters play already Mighty (played, or played
  anew) does not become Mighty: it was not a unit in play without 5 Might. A "you may pay ... to ready it" stated by
  an entry ``{trigger: UNIT, when: mighty}`` is paid and readies it; not stated, it is named NOT MODELLED only when
  readying could change something (the unit exhausted, with a trigger on becoming ready); else it changes nothing in
  the combat, used or not.
"""
from __future__ import annotations

import functools
from typing import Any, Mapping

from pycombat.frozen import replace
from .ability_costs import gear_ability_cost  # noqa: F401  (the cost check reads it from there)
from .plays import Play, Unmodelled, event_of, gear_ability  # noqa: F401  (what a play is)

RULE = "RB-CARD-10"
#: the triggers fired here, and the event each waits for
EVENTS = {"When you play a spell": "spell", "When you play a gear": "gear", "When you play another unit": "unit",
          "When you stun an enemy unit": "stun", "When you play your second card in a turn": "second",
          "When I become ready": "ready", "When you play a card from [Hidden]": "facedown",
          "When you play a card from face down": "facedown", "When you play a token unit": "token",
          "When you play a spell that costs :rb_energy_5: or more": "spell5",
          "When you discard one or more cards": "discard",
          "When you choose or ready me": ("chosen", "ready_by_you"), "When you buff me": "buffed_by_you",
          "When another friendly unit dies": "dies", "When another non-Recruit unit you control dies": "dies_non_recruit",
          "When you play a card on an opponent's turn": "opp_turn_card",
          "When an opponent plays a unit while I'm at a battlefield": "opp_unit",
          "When a unit you control becomes [Mighty]": "mighty",
          "When you [Stun] an enemy unit at a battlefield": "stun_at",
          "When a friendly unit moves from my location": "follow",
          "When you play me or the first time you play a non-token gear each turn": "first_gear",
          "When you attach an Equipment to me": "attached",
          "When my Might becomes 10 or more": "might10", "When I become [Empowered]": "empowered",
          "When you recycle one or more cards to your Main Deck": "recycle",
          # a unit card discarded from its player's hand by a card's `discard:` (Mask Mother): fired from the trash
          "When you discard me": "discarded_me",
          "When an opponent plays a gear": "opp_gear",
          "When you use an activated ability of a gear": "gear_ability",
          # fired as its player's combat begins, on the combat chain with the units' own (:mod:`.triggers`)
          "When you defend at a battlefield": "defend"}
#: a unit's own move during the showdown: its "When I move" triggers (:mod:`.moves`), whose choice an entry
#: ``{trigger: UNIT, when: move}`` states right after what moved it
OWN_MOVE = "own_move"
#: a unit played anew (RB-CARD-24): its own "When you play me" abilities (:data:`.unitplay.PLAY_TRIGGERS`) fire as it
#: enters; those "to a battlefield" only when it enters one (this or another), and never those "from face down"
PLAYED_ME, PLAYED_ME_AT = "played_me", "played_me_at_battlefield"
#: the kinds of event a showdown entry ``{trigger: UNIT, when: KIND}`` names, and the events of each
KINDS = {"played": (PLAYED_ME, PLAYED_ME_AT),
         "play": ("spell", "gear", "unit", "second", "facedown", "token", "spell5", "opp_unit", "first_gear",
                  "opp_gear", "gear_ability", "opp_turn_card"),
         "stun": ("stun", "stun_at"), "ready": ("ready", "ready_by_you"), "chosen": ("chosen",),
         "buffed": ("buffed_by_you",), "discard": ("discard", "discarded_me"), "mighty": ("mighty", "might10"),
         "empowered": ("empowered",), "recycle": ("recycle",),
         # "When another friendly unit dies", and the unit's own Deathknell ("When I die", :mod:`.deathknell`)
         "dies": ("dies", "dies_non_recruit", "deathknell"),
         # a unit moving during the showdown: another's ("follow") or its own ("When I move", :mod:`.moves`)
         "move": ("follow", OWN_MOVE), "attach": ("attached",)}
#: the kind of each event
KIND_OF = {ev: k for k, evs in KINDS.items() for ev in evs}
#: "a spell that costs 5 or more": its printed Energy cost (what it costs, before any change to what is paid)
COSTLY = 5
#: the side's count of cards played this turn, kept in the showdown's turn effects while a unit waits on it
SECOND_KEY = "cards played this turn by the "
#: the showdown's turn effects: the cards whose "When a friendly unit is played this turn" waits, by player
PLAYED_KEY = "when a friendly unit is played this turn, for the "
#: the showdown's turn effects: how many of the showdown's removals (``run.removed``) were passed to "When another
#: friendly unit dies", kept while a unit waits on it
DIED_KEY = "units removed from the battlefield passed to death triggers"
#: the showdown's turn effects: the units killed during it at their base or at another battlefield, ``(unit, side,
#: base|elsewhere)`` (not in ``run.removed``: they were not at this battlefield), and how many were passed to death
#: triggers
DIED_AWAY_KEY = "units killed at their base or at another battlefield"
DIED_AWAY_SEEN = "units killed away from the battlefield passed to death triggers"
#: the showdown's turn effects: the units their controller can't move this turn ("They can't move it this turn")
UNMOVABLE_KEY = "units their controller can't move this turn"
#: the showdown's turn effects: the units in play that are Mighty (5+ Might), kept while a unit waits on one becoming so
MIGHTY_KEY = "units in play that are Mighty"
#: the showdown's turn effects: for the units waiting on their own change of state ("When my Might becomes 10 or more",
#: "When I become [Empowered]"), whether it holds at the last cleanup (None: not stated)
BECOMING_KEY = "units waiting on their own Might reaching 10 or their becoming Empowered"
#: "When my Might becomes 10 or more"
TEN = 10
#: the tag of the Recruit tokens ("When another non-Recruit unit you control dies")
RECRUIT = "Recruit"
#: "it": the unit whose play fired the trigger, chosen by the trigger itself (not a target the player picks)
TRIGGERING = {"ref": "triggering unit"}
#: the events whose "it" is a unit (:data:`TRIGGERING`): the unit played (an enemy), the unit become Mighty (a friend)
ON_UNIT = {"opp_unit": "enemy", "mighty": "friendly"}
#: effects that change nothing in a combat whichever way the trigger's condition goes (the interpreter
#: reads readying as no change: exhausted units deal and take combat damage alike)
NO_EFFECT = ("ready", "exhaust")


def triggered(unit, event: str) -> tuple[dict, ...]:
    """The unit's abilities that ``event`` triggers (its card's records), none for a token or custom unit."""
    if unit.card_id is None:
        return ()
    if event in (PLAYED_ME, PLAYED_ME_AT):
        return _played_me(unit.card_id, event == PLAYED_ME_AT)
    return _by_event(unit.card_id).get(event, ())


@functools.cache
def _played_me(card_id: str, at_battlefield: bool) -> tuple[dict, ...]:
    """A unit card's "When you play me" abilities that fire as its owner plays it anew (RB-CARD-24): not from face
    down; "to a battlefield" ones when ``at_battlefield``."""
    from .unitplay import PLAY_TRIGGERS
    from .units import load_units

    fires = ("always", "battlefield") if at_battlefield else ("always",)
    return tuple(x for e in load_units().unit(card_id).abilities
                 if PLAY_TRIGGERS.get(e.get("trigger")) in fires and not e.get("activated")
                 for x in _gear_effects(_one_option(e)))


@functools.cache
def _by_event(card_id: str) -> dict[str, tuple[dict, ...]]:
    """A unit card's abilities with one of :data:`EVENTS`' triggers, by event (read once a card)."""
    from .units import load_units

    out: dict[str, list[dict]] = {}
    for e in load_units().unit(card_id).abilities:
        if e.get("trigger") in EVENTS and not e.get("activated"):
            for ev in events_of(e["trigger"]):
                out.setdefault(ev, []).extend(_gear_effects(_one_option(e)))
    return {k: tuple(v) for k, v in out.items()}


#: "choose one that hasn't been chosen this turn —" (the records' ``mode_rule``), whose records hold only the
#: options that change a combat (Aphelios, Exalted's "Buff a friendly unit"; its "Ready 2 runes" and "Channel 1 rune
#: exhausted" are off the board)
ONCE_A_TURN = "choose one that hasn't been chosen this turn"


def _one_option(e: Mapping[str, Any]) -> Mapping[str, Any]:
    """An option of a "choose one that hasn't been chosen this turn" list as a condition its entry states
    (RB-CARD-8): chosen, it acts; another option is chosen, it does nothing here. Any other record as it is."""
    from .interpreter import OPTION_CHOSEN

    if e.get("mode_option") and e.get("mode_rule") == ONCE_A_TURN and not e.get("condition"):
        return {**{k: v for k, v in e.items() if k not in ("mode_option", "mode_rule", "mode_label")},
                "condition": OPTION_CHOSEN}
    return e


#: "you may banish me to banish it" (Ravenbloom Prefect): the cost, its unit banished
BANISH_ME = "banish me"
#: "it": the gear an opponent played, whose play fired the trigger
TRIGGERING_GEAR = {"ref": "triggering gear"}


def _gear_effects(e: Mapping[str, Any]) -> tuple[Mapping[str, Any], ...]:
    """RB-CARD-10 with RB-CARD-22: "When an opponent plays a gear, you may banish me to banish it" as the interpreter
    reads it: its unit banished (the cost), then the gear played, the ability's target as it fires (both optional: the
    "you may" covers them). Any other record as it is."""
    if e.get("target") != TRIGGERING_GEAR or e.get("cost") != BANISH_ME:
        return (e,)
    rest = {k: v for k, v in e.items() if k not in ("cost", "target")}
    return ({**rest, "effect": "banish", "target": {"ref": "self"}},
            {**rest, "target": {"kind": "gear", "count": 1}})


def events_of(trigger: str) -> tuple[str, ...]:
    """The events a trigger of :data:`EVENTS` waits for ("When you choose or ready me": two); none for another (a
    "When you play me", fired as a card has its owner play the unit anew: :data:`PLAYED_ME`)."""
    ev = EVENTS.get(trigger, ())
    return ev if isinstance(ev, tuple) else (ev,)


#: a "When I become ready, choose one to give me this turn" option chosen before the showdown, not stated (RB-CARD-10)
READY_CHOICE_WHAT = "the keyword it got as it became ready earlier this turn ({}), if it did"
READY_CHOICE_WHY = ("its player chose one as it became ready (its Awaken, or a card readying it) before the showdown, "
                    "which the scenario does not say: give the one it has among its `keywords:` (`keywords: []`: none) "
                    "(RB-CARD-10, RB-CARD-4)")


#: how the scenario states it (the card listing)
READY_CHOICE_HOW = ("its player's choice before the showdown: stated by the unit's `keywords:` (`keywords: [Assault 2]`; "
                    "`keywords: []`: none); not stated, named NOT MODELLED where it can change the combat (an attacker's "
                    "Assault, a defender's Shield, Tank or Backline, Deflect with card_costs=stated) (RB-CARD-10, "
                    "RB-CARD-4)")


def ready_options(card) -> tuple[str, ...]:
    """The keywords a unit card's "When I become ready, choose one to give me this turn" offers (each option that gives
    the unit a keyword this turn), as written ("Assault 2"); empty for a card with no such choice."""
    return tuple(f"{e['keyword']} {e['value']}" if e.get("keyword") in ("Assault", "Shield", "Deflect")
                 and e.get("value") is not None else str(e.get("keyword"))
                 for e in card.abilities if e.get("trigger") in EVENTS and "ready" in events_of(e["trigger"])
                 and e.get("mode_option") and e.get("effect") == "grant_keyword" and e.get("duration") == "this_turn")


def ready_choice_matters(options: tuple[str, ...], role: str, flags) -> bool:
    """Whether one of ``options`` can change this combat for a unit of ``role``: Assault for an attacker, Shield for a
    defender (RB-MIGHT-4, RB-MIGHT-5), Tank or Backline (RB-ORD-2, RB-ORD-3), Deflect's tax with card_costs=stated
    (RB-MIGHT-10); Ganking never (RB-MIGHT-11)."""
    kinds = {o.split()[0] for o in options}
    return bool(kinds & {"Tank", "Backline"} or "Assault" in kinds and role == "attacker"
                or "Shield" in kinds and role == "defender"
                or "Deflect" in kinds and (flags or {}).get("card_costs") == "stated")


def waits_on_ready(card) -> bool:
    """Whether a unit card has a trigger on its becoming ready (it then needs its ``exhausted:`` stated)."""
    return any(e.get("trigger") in EVENTS and not e.get("activated")
               and {"ready", "ready_by_you"} & set(events_of(e["trigger"])) for e in card.abilities)


def _readied_by(run, readied: list[tuple[str, str]], side: str) -> list[tuple[str, str]]:
    """The units readied, each for "When I become ready", and those of ``side`` (readied by their own player)
    for "When you ready me" too."""
    return readied + [(n, "ready_by_you") for n, _ in readied if run.units[n].side == side]


def _listening(run) -> bool:
    """Whether any unit of the showdown has such a trigger, or a side states the cards it played this turn (a unit
    played later may wait on the count); else nothing here can fire."""
    sc = run.scenario
    return any(k.startswith(PLAYED_KEY) for k in run.turn) or sc.attacker.cards_played is not None or sc.defender.cards_played is not None or any(
        u.card_id is not None and _by_event(u.card_id) for u in run.units.values())


def kinds_of(unit) -> set[str]:
    """The kinds of event (:data:`KINDS`) the unit's card has a trigger for during the showdown (its own move
    triggers among them: a card or ability may move it)."""
    if unit.card_id is None:
        return set()
    from .units import MOVE_TRIGGERS, load_units

    from .deathknell import choice_of, read

    card = load_units().unit(unit.card_id)
    moves = any(e.get("trigger") in MOVE_TRIGGERS and not e.get("activated") for e in card.abilities)
    dies = choice_of(read(card)) is not None  # its Deathknell's choice, stated as it dies
    return {KIND_OF[ev] for ev in _by_event(unit.card_id) if ev in KIND_OF} | ({"move"} if moves else set()) | (
        {"dies"} if dies else set()) | ({"played"} if _played_me(unit.card_id, True) else set())


def reads(e: Mapping[str, Any]) -> tuple[bool, str]:
    """``(read, how or why not)`` for a unit ability with one of :data:`EVENTS`' triggers: a choice it needs is
    stated by a showdown entry ``{trigger: UNIT, when: KIND, ...}`` right after what fires it."""
    if len(parts := _gear_effects(e)) > 1:  # "you may banish me to banish it"
        from .interpreter import effect_support
        from .triggers import as_ability

        bad = [w for ok, w in (effect_support(as_ability(p, own_cost=True)) for p in parts) if not ok]
        if bad:
            return False, "; ".join(bad)
        return True, (f"{WHEN['opp_gear']}: its unit is banished as the cost, then the gear (RB-CARD-22); whether to use "
                      "it is the player's, stated by an entry `{trigger: UNIT, when: play}` right after that gear "
                      "(`decline: true`: not used; not stated: named as not modelled)")
    ok, why = _alone(_one_option(e))
    when = WHEN.get(events_of(e["trigger"])[0])
    if ok:
        return ok, f"{when}: {why}" if when else why
    e = _as_read(e)
    from .interpreter import effect_support
    from .triggers import as_ability, needs_choice

    supported, how = effect_support(as_ability(e, own_cost=True))
    if not supported:
        return ok, why
    choice = "which option" if e.get("mode_option") else needs_choice([e])
    how = f"{when}: {how}" if when else how
    if events_of(e["trigger"]) == ("defend",):  # a combat trigger (RB-SHOW-2): stated before the other entries
        return True, (f"{how}; {choice} is the player's, stated as a combat trigger entry `{{trigger: UNIT}}` before "
                      "the other entries, the Defender's first (not used: `decline: true`; not stated: named as not "
                      "modelled)")
    kind = next(k for k, evs in KINDS.items() if set(events_of(e["trigger"])) & set(evs))
    return True, (f"{how}; {choice} is the player's, stated by an entry `{{trigger: UNIT, when: {kind}, ...}}` right "
                  "after the entry whose resolution fires it (not stated: named as not modelled as it fires)")


#: what fires the triggers whose event the general account of :func:`reads` does not name (RB-CARD-10)
WHEN = {"opp_turn_card": "fired as its player plays a card (a spell, a gear, a unit card from hand; a unit he plays anew) "
                         "when the scenario's `turn:` is his opponent's (not stated: named as not modelled), before "
                         "that card",
        "dies_non_recruit": "fired as another unit of its controller without the tag Recruit dies during the showdown "
                            "(as \"When another friendly unit dies\"), after the cleanup that finds it",
        "attached": "fired as its player's card or ability attaches an Equipment to it during the showdown (RB-CARD-14), "
                    "right after it",
        "follow": "fired as a card, ability or trigger moves another friendly unit during the showdown from where "
                  "this unit is (the battlefield or their base; a recall is no move, RB-COMB-6), once its cause and "
                  "the moved unit's own move triggers resolved; it moves to that unit's destination",
        "first_gear": "fired as its player plays a gear in the showdown, before it, when that gear is his first this "
                      "turn: the first of the showdown, and none before it (the side's `cards_played: 0`; else the "
                      "entry states it, `condition: true|false`)",
        "might10": "fired at the cleanup (RB-MIGHT-1) that finds its Might 10 or more when it was less at the one before "
                   "(every static ability applied; a unit entering play with it does not become so), and resolved "
                   "after it",
        "empowered": "fired at the cleanup (RB-MIGHT-1) after a card or ability empowered it (Tornado Warrior; Renekton, "
                     "Brute's own trigger) when it was not [Empowered] (its status before: `empowered: false`; not "
                     "stated, the firing is named as not modelled), and resolved after it",
        "discarded_me": "fired from the trash as a card of its player's discards this unit card from his hand (the "
                        "entry's `discard:`, RB-CARD-21), right after that card; its entry `{trigger: CARD, when: "
                        "discard, ...}` names the card discarded",
        "gear_ability": "fired as its player uses the [Action] activated ability of a gear in play (the entry of a gear "
                        "whose effects are that ability: Divining Shells, Forgotten Signpost), before it resolves",
        "opp_gear": "fired as an opponent plays a gear card (from hand, from facedown, or by an ability), once it is in "
                    "play, right after it",
        "recycle": "fired as its player's card with [Predict] (a spell) or [Vision] (a unit card played) recycles the "
                   "card he looked at (the entry's `recycled: true`; not stated while the unit waits: named as not "
                   "modelled), right after it",
        "defend": "fired as its player's combat begins and he is the Defender, for his unit at the battlefield or at "
                  "his base, on the combat chain with the Defender's \"When I defend\" triggers (RB-SHOW-2): it moves "
                  "a unit at the base into the combat (RB-CARD-7); one at the battlefield is there already"}


def _alone(e: Mapping[str, Any]) -> tuple[bool, str]:
    """``(read, how or why not)`` for the ability resolving by itself, no choice stated."""
    from .interpreter import effect_support
    from .triggers import as_ability, needs_choice

    if e.get("mode_option"):
        return False, (f"its trigger ({e['trigger']}) fires during the showdown; which option is the player's "
                       "(RB-CARD-4)")
    on_unit = bool(set(ON_UNIT) & set(events_of(e["trigger"])))
    asked = {**e, "target": {"ref": "self"}} if on_unit and e.get("target") == TRIGGERING else e  # "it": no choice
    if on_unit:
        effects, unmovable = _on_triggering((e,))
        if unmovable:
            return True, ("the unit played can't be moved by its controller this turn: a later card or ability of "
                          "his moving it is refused (RB-CARD-10)")
        e = effects[0]
    ok, why = effect_support(as_ability(e, own_cost=True))
    if not ok:
        return False, why
    choice = needs_choice([asked])
    # readying or exhausting its own unit changes nothing whichever way its choice goes (a unit the player chooses
    # may be one waiting on its readying: a choice)
    if choice is not None and not on_unit and e.get("effect") in NO_EFFECT and not (e.get("mode_option") or (
            e.get("target") or {"ref": "self"}).get("ref") != "self"):
        return True, f"{why}, whether or not {e['condition']}" if e.get("condition") else f"{why}, used or not"
    if choice is not None:
        return False, f"its trigger ({e['trigger']}) fires during the showdown; {choice} is the player's"
    return True, why


#: the showdown's turn effects: the units whose "choose one that hasn't been chosen this turn" option was chosen
ONCE_KEY = "options chosen this turn by the units"


def _once_a_turn(run, name: str, trig: str, stated) -> None:
    """RB-CARD-8: the option the entry says its player chose, refused when he chose it earlier this turn."""
    done = run.turn.get(ONCE_KEY, ())
    if (name, trig) in done:
        from pycombat.errors import ScenarioError

        raise ScenarioError(f"{name}'s \"{trig}\": its option was chosen earlier this turn; it chooses one that hasn't "
                            "been (`condition: false`: another option, off the board) (RB-CARD-8)",
                            path=f"{stated.path}.condition")
    run.turn[ONCE_KEY] = done + ((name, trig),)


def _as_read(e: Mapping[str, Any]) -> Mapping[str, Any]:
    """``e`` with "it", the unit played, read as the unit the trigger acts on (:func:`_on_triggering`); an option
    chosen once a turn as its entry's condition (:func:`_one_option`)."""
    if set(ON_UNIT) & set(events_of(e["trigger"])):
        return _on_triggering((e,))[0][0]
    return _one_option(e)


def _exhausted(run) -> set[str]:
    """The units exhausted now: a snapshot kept open until :func:`_readied` reads it."""
    return _opened(run, "exhausted", {n for n, u in run.units.items() if u.exhausted})


def _stunned(run) -> set[str]:
    """The units stunned now: a snapshot kept open until :func:`_stunned_since` reads it."""
    return _opened(run, "stunned", {n for n, u in run.units.items() if u.stunned})


def _opened(run, kind: str, snapshot: set[str]) -> set[str]:
    """``snapshot`` kept among the open ones of ``kind`` while the card or trigger that took it resolves: a trigger
    resolving inside it (at a nested cleanup) that passes a unit's readying or stun on to the triggers waiting on it
    marks that unit there, so the card or trigger does not pass it on a second time (RB-CARD-10: one event, one
    firing)."""
    run.__dict__.setdefault("_open_snapshots", []).append((kind, snapshot))
    return snapshot


def _passed_on(run, kind: str, before: set[str], names: list[str]) -> None:
    """``before`` read (closed), and the units ``names`` marked in every snapshot of ``kind`` still open: readied
    ones are no longer exhausted before, stunned ones stunned before."""
    opened = run.__dict__.get("_open_snapshots", [])
    opened[:] = [(k, x) for k, x in opened if x is not before]
    for k, x in opened:
        if k == kind:
            if kind == "exhausted":
                x.difference_update(names)
            else:
                x.update(names)


def _readied(run, before: set[str]) -> list[tuple[str, str]]:
    """The units in play readied since ``before``: each fires its own "When I become ready"."""
    out = [(n, "ready") for n in _in_play(run) if n in before and not run.units[n].exhausted]
    _passed_on(run, "exhausted", before, [n for n, _ in out])
    return out


def _stunned_since(run, before: set[str], by: str) -> list[str]:
    """The enemy units of ``by`` stunned since ``before`` (in play or not: stunned as the card resolved)."""
    out = [n for n, u in run.units.items() if u.stunned and n not in before and u.side != by]
    _passed_on(run, "stunned", before, out)
    return out


def _in_play(run) -> list[str]:
    return list(run.present) + list(run.base) + list(run.away)


def _in_stated_order(run, names_events: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """One player's triggers fired together resolve in the order he chooses (RB-CARD-10): those his entries state, in
    the order of the entries, then the others in their order. Triggers of both players keep theirs."""
    if len({run.units[n].side for n, _ in names_events if n in run.units}) != 1:
        return names_events
    pending = getattr(run, "pending", None) or []

    def rank(item: tuple[str, str]) -> int:
        name, event = item
        return next((i for i, p in enumerate(pending) if p.trigger_of == name and p.fired_by == KIND_OF.get(event)),
                    len(pending))

    return sorted(names_events, key=rank)


def _fire(run, names_events: list[tuple[str, str]], cause: str, on: str | None = None, to: str | None = None,
          condition: str | None = None, card=None, gear: tuple[str, str | None] | None = None) -> None:
    """Resolve each (unit, event) trigger in order on ``run`` (a showdown :class:`~.showdown.Progress`); ``on``: the
    unit its "it" (``ref: triggering unit``) is; ``to``: where its move goes ("that battlefield"); ``condition``: one
    the board does not decide, for the entry to state (RB-CARD-8); ``card``: a unit card not in play whose ability
    fires (:func:`discarded_card`); ``gear``: the gear "it" is (its name, the unit it is attached to or None)."""
    from .triggers import ability_card, needs_choice

    for name, event in _in_stated_order(run, names_events) if card is None else names_events:
        u = card if card is not None else run.units.get(name)
        if u is None or card is None and name not in _in_play(run):
            continue
        effects = triggered(u, event)
        if not effects:
            continue
        if condition is not None:
            effects = tuple({**x, "condition": condition} for x in effects)
        unmovable = False
        own = [{**x, "target": {"ref": "self"}} if x.get("target") == TRIGGERING else x
               for x in effects]  # "it" is no choice: the unit whose event fired it
        if on is not None:
            effects, unmovable = _on_triggering(effects)
            if unmovable:
                run.turn[UNMOVABLE_KEY] = tuple(sorted(set(run.turn.get(UNMOVABLE_KEY, ())) | {on}))
        trig = effects[0]["trigger"]
        stated = _stated(run, name, event)
        choice = needs_choice(effects if on is None else own)
        if choice is not None and on is None and all(_alone(x)[0] for x in effects) and not (
                stated is None and _readies(effects) and not _readies_nothing(run, u, effects)):  # it changes nothing here
            # (whether a gear is the first this turn the entry states, when it states the trigger)
            effects, choice = tuple({k: v for k, v in x.items() if k != "condition" or v == FIRST_GEAR and stated is not None}
                                    for x in effects), None
        if choice is not None and stated is None and on is not None and _changes_nothing(run, effects, on):
            run.say(f"{cause} triggers {name}'s \"{trig}\" ability: readying {on} changes nothing in this combat "
                    f"({'it is ready' if not run.units[on].exhausted else 'no trigger of it waits on its readying'}),"
                    " used or not.", (RULE,))
            continue
        if choice is not None and stated is None and on is None and _readies_nothing(run, u, effects):
            run.say(f"{cause} triggers {name}'s \"{trig}\" ability: readying changes nothing in this combat (no "
                    "unit it may choose waits on its readying or on being chosen), used or not.", (RULE,))
            continue
        if choice in ("its target", "whether to use it") and stated is None and on is None and gear is None \
                and (none := _nothing_to_choose(run, u, effects, trig)) is not None:
            run.say(f"{cause} triggers {name}'s \"{trig}\" ability: {none[0]}, so it does nothing (nothing to "
                    "choose).", (RULE, "RB-CARD-1") + none[1])
            continue
        if choice is not None and stated is None:
            run.unmodelled.append(Unmodelled(u.card_name or name, f"its ability \"{trig}\" (unit {name}), triggered by "
                                             f"{cause}", f"{choice} is the player's and not stated: give an entry "
                                             f"`{{trigger: {name}, when: {KIND_OF[event]}, ...}}` right after the entry "
                                             "that fires it (RB-CARD-4)", fired=(u.side, name, KIND_OF[event])
                                             if card is None and KIND_OF[event] != "move" else None, fired_effects=tuple(effects)))
            run.say(f"  not modelled: {name}'s \"{trig}\" ability triggered by {cause} ({choice} is the player's)",
                    ("RB-CARD-4",))
            continue
        ready_before, stunned_before = _exhausted(run), _stunned(run)
        buffed_before = {m for m, v in run.units.items() if v.buffed}
        play = Play(card=ability_card(u, effects, trig), by=u.side, trigger_of=name, path=f"{u.path}.trigger",
                    targets=(on,) if on is not None else ())
        if stated is not None:  # RB-CARD-10: the player's choice, stated by the entry
            play = as_stated(stated, play, trig)
            from .interpreter import OPTION_CHOSEN

            if play.condition and any(x.get("condition") == OPTION_CHOSEN for x in effects):
                _once_a_turn(run, name, trig, stated)
            if on is not None:  # "it" is the unit whose event fired the trigger, not a choice
                if play.targets and play.targets[0] != on:
                    from pycombat.errors import ScenarioError

                    raise ScenarioError(f"{name}'s \"{trig}\" ability acts on {on}, the unit whose event fired it, "
                                        f"not on {play.targets[0]} (RB-CARD-10)", path=f"{stated.path}.target")
                play = replace(play, targets=(on,) + play.targets[1:])
        if gear is not None:  # "it": the gear played, not a choice
            play = replace(play, targets=(gear[0],), attach_from=gear[1])
        if to is not None:
            if stated is not None and stated.to not in (None, to):
                from pycombat.errors import ScenarioError

                raise ScenarioError(f"{name}'s \"{trig}\" ability moves it to {_TO[to]}: `to: {stated.to}` is not where "
                                    "it goes (RB-CARD-10)", path=f"{stated.path}.to")
            play = replace(play, to=to)
        if on is None and gear is None:  # the units it chooses (not "it", the unit or gear its event is about)
            _choosing(run, play)
        moving: list = []
        said, missing = run.resolve(play, moving)
        run.unmodelled.extend(missing)
        run.say(f"{cause} triggers {name}'s \"{trig}\" ability; it goes on the chain and resolves: "
                + ("; ".join(x.text for x in said) or "no modelled effect") + ".",
                tuple(dict.fromkeys((RULE,) + tuple(r for x in said for r in x.rules))))
        if unmovable:
            run.say(f"  {on} can't be moved by its controller this turn.", (RULE,))
        for m in missing:
            run.say(f"  not modelled: {m.what} ({m.why})", ("RB-CARD-4",))
        run._settle()  # the cleanup after it resolves (RB-MIGHT-1)
        run.on_moves(moving, f"{name}'s \"{trig}\" ability")  # the moved units' own "When I move" triggers
        if buffed := [m for m in _in_play(run) if m not in buffed_before and run.units[m].buffed
                      and run.units[m].side == u.side]:
            _fire(run, [(m, "buffed_by_you") for m in buffed], f"{name}'s ability buffing it")
        if readied := _readied(run, ready_before):
            _fire(run, _readied_by(run, readied, u.side), f"{name}'s ability readying it")
        # "When you stun an enemy unit": an enemy unit its trigger stunned, its player's
        _on_stuns(run, u.side, _stunned_since(run, stunned_before, u.side))

fire = _fire  #: resolve (unit, event) triggers on a showdown (:func:`_fire`)
#: where a trigger's move goes, in words
_TO = {"battlefield": "the battlefield", "base": "its base", "elsewhere": "another battlefield"}


def _nothing_to_choose(run, u, effects, trig: str) -> tuple[str, tuple[str, ...]] | None:
    """Why the trigger has nothing to choose and cannot be used (what is missing, and the rules besides RB-CARD-1
    that say so), or None: no enemy gear for one that takes an enemy gear (:func:`_no_enemy_gear`), else no unit
    in play for one that chooses a unit (:func:`_nothing_fits`)."""
    from .equipment import ENEMY_GEAR

    if any(e.get("what") == ENEMY_GEAR for e in effects):
        return (("the enemy controls no gear (none in play, his side's `gear_elsewhere: 0`): it takes none",
                 ("RB-CARD-14",)) if _no_enemy_gear(run, u, effects) else None)
    return ("no unit in play fits its target", ()) if _nothing_fits(run, u, effects, trig) else None


def _nothing_fits(run, u, effects, trig: str) -> bool:
    """RB-CARD-10 with RB-CARD-1: a trigger whose only choice is one unit for its one effect (whether to use it, for a
    "you may"), and no unit in play is a legal target for it now (each tried through the interpreter, nothing
    applied, and none a stun would change, :func:`.triggers.stun_changes_nothing`): it has nothing to choose, and
    cannot be used."""
    from pycombat.errors import ScenarioError

    from .interpreter import interpret
    from .triggers import ability_card, stun_changes_nothing

    if len(effects) != 1 or (effects[0].get("target") or {}).get("count") != 1:
        return False
    play = Play(card=ability_card(u, effects, trig), by=u.side, trigger_of=u.name, path=f"{u.path}.trigger")
    view = run.view()
    for n in _in_play(run):
        if stun_changes_nothing(run.units[n], effects[0], u.side):
            continue  # stunned already: no unit to stun there (the stun changes nothing, RB-CARD-10)
        try:
            interpret(replace(play, targets=(n,)), view, run.scenario.flags, lambda c: None)
        except ScenarioError:
            continue
        return False
    return True


def _no_enemy_gear(run, u, effects) -> bool:
    """RB-CARD-10 with RB-CARD-1: a trigger that takes an enemy gear ("move an enemy gear to your base ... If it's an
    Equipment, attach it to me", Akshan, Mischievous) when the enemy controls none: no gear of his listed
    (`gear:`), none attached to his units in play, and his side's `gear_elsewhere: 0` stated (not stated, he may
    have some the scenario does not list): it has nothing to take, and cannot be used."""
    from .equipment import ENEMY_GEAR

    if len(effects) != 1 or effects[0].get("effect") != "attach_equipment" or effects[0].get("what") != ENEMY_GEAR:
        return False
    enemy = "defender" if u.side == "attacker" else "attacker"
    theirs = [v for v in run.units.values() if v.side == enemy]
    if not theirs or theirs[0].player.gear_elsewhere != 0 or run.loose.get(enemy):
        return False
    return not any(run.live[n].equipment for n in _in_play(run) if run.units[n].side == enemy)


def _readies(effects) -> bool:
    """Whether the trigger only readies a unit its player chooses (not its own)."""
    return all(e.get("effect") == "ready" and (e.get("target") or {}).get("ref") is None for e in effects)


def _readies_nothing(run, u, effects) -> bool:
    """Whether the trigger only readies a unit its player chooses and readying changes nothing here (readying changes
    no combat damage by itself, RB-CARD-10): no unit it may choose is exhausted with a trigger on becoming ready
    ("When I become ready", any side's unit the target allows; "When you ready me", its player's), nor one of its
    player's with a trigger on being chosen ("When you choose or ready me", Irelia, Fervent: choosing her, ready or
    not, gives her +1 Might)."""
    from .triggers import fires_when_chosen

    if not _readies(effects):
        return False
    targets = [e.get("target") or {} for e in effects]
    other = any(t.get("other") for t in targets)
    exhausted_only = any(t.get("state") == "exhausted" for t in targets)
    sides = {t.get("side") or ("friendly" if "you control" in str(t.get("kind")) else None) for t in targets}
    enemy = "defender" if u.side == "attacker" else "attacker"

    def matters(n: str) -> bool:
        v = run.units[n]
        if v.card_id is None or other and n == u.name or v.side == enemy and sides == {"friendly"} \
                or v.side == u.side and sides == {"enemy"}:
            return False
        ev = set(_by_event(v.card_id))
        mine = v.side == u.side
        return v.exhausted and ("ready" in ev or mine and "ready_by_you" in ev) \
            or mine and fires_when_chosen(v.card_id) and (v.exhausted or not exhausted_only)

    return not any(matters(n) for n in _in_play(run))


def _changes_nothing(run, effects, on: str) -> bool:
    """Whether the trigger's effects only ready ``on`` and readying it changes nothing: it is ready, or nothing of it
    waits on its readying (readying changes no combat damage by itself)."""
    u = run.units[on]
    return all(e.get("effect") == "ready" for e in effects) and (
        not u.exhausted or not (u.card_id is not None and {"ready", "ready_by_you"} & set(_by_event(u.card_id))))


def _on_triggering(effects: tuple[dict, ...]) -> tuple[tuple[dict, ...], bool]:
    """The trigger's effects with "it" (:data:`TRIGGERING`) read as the unit whose event fired it (given as the play's
    target; selected by the ability, not chosen: not checked as a target is, RB-CARD-1), and whether it says "They
    can't move it this turn" (kept by the showdown, :func:`_unmoved`, not by the interpreter)."""
    from .interpreter import EVENT_UNIT

    out, unmovable = [], False
    for e in effects:
        if e.get("target") == TRIGGERING and e.get("effect") == "movement_restriction" and "can't move it" in str(
                e.get("restriction")):
            unmovable = True
            continue
        out.append({**e, "target": {"ref": EVENT_UNIT}} if e.get("target") == TRIGGERING else e)
    return tuple(out), unmovable


def stated(run, name: str, event: str) -> Play | None:
    """The first entry still waiting (``run.pending``) that states the choice of ``name``'s trigger on ``event``,
    taken off the list; None if there is none."""
    pending = getattr(run, "pending", None) or []
    for i, p in enumerate(pending):
        if p.trigger_of == name and p.fired_by == KIND_OF.get(event):
            return pending.pop(i)
    return None


_stated = stated  # (``_fire`` names its entry ``stated``)


def as_stated(stated: Play, play: Play, trig: str) -> Play:
    """RB-CARD-10: the trigger ``play`` (its effects as fired) with the choices of the entry ``stated``: its targets,
    option, condition, destination, split and payment; declined (``decline: true``), it does nothing and pays
    nothing, which only a trigger optional as a whole allows."""
    from pycombat.errors import ScenarioError

    card = play.card
    if stated.declined:
        if not all(e.get("optional") or e.get("replaces_previous") for e in card.effects):
            raise ScenarioError(f"{play.trigger_of}'s \"{trig}\" ability is not optional as a whole (a part of it has "
                                "no \"you may\"): it cannot be declined (RB-CARD-10)", path=stated.path)
        card = replace(card, effects=(), energy_cost=None, power_cost=None, keywords=())
    return replace(stated, card=card, trigger_of=play.trigger_of, by=play.by, fired_by=None)


def on_play(run, play: Play) -> dict:
    """RB-CARD-10: the "When you play ..." triggers of ``play``'s player, resolved before the card; and the
    snapshot :func:`after` compares with (which units were stunned, which were in play)."""
    first_gear = _gear_played(run, play)
    if not _listening(run) and not play.replayed:  # a unit played anew (RB-CARD-24) is looked at after the card
        return {}
    event = event_of(play)
    if event == "gear_ability":  # "When you use an activated ability of a gear": no card is played
        mine = [n for n in _in_play(run) if run.units[n].side == play.by]
        _fire(run, [(n, event) for n in mine], f"{_player(run, play.by)} using {play.card.name}'s ability")
    elif event is not None:
        mine = [n for n in _in_play(run) if run.units[n].side == play.by
                and not (event == "unit" and play.unit is not None and n == play.unit.name)]
        what = {"spell": "a spell", "gear": "a gear", "unit": "a unit"}[event]
        _fire(run, [(n, event) for n in mine], f"{_player(run, play.by)} playing {what} ({play.card.name})")
        if event == "spell" and (play.card.energy_cost or 0) >= COSTLY:
            _fire(run, [(n, "spell5") for n in mine], f"{_player(run, play.by)} playing a spell that costs "
                                                       f"{play.card.energy_cost} ({play.card.name})")
        if play.facedown:
            _fire(run, [(n, "facedown") for n in mine], f"{_player(run, play.by)} playing a card from face down "
                                                         f"({play.card.name})")
        if first_gear is not False and event == "gear":  # "the first time you play a non-token gear each turn"
            _fire(run, [(n, "first_gear") for n in mine], f"{_player(run, play.by)} playing {play.card.name}, "
                  + ("his first gear this turn" if first_gear else "his first gear in the showdown"),
                  condition=None if first_gear else FIRST_GEAR)
        _card_played(run, play.by, play.card.name)
    _choosing(run, play)
    return _snapshot(run)


def _choosing(run, play: Play) -> None:
    """RB-CARD-10: "When you choose me" (Irelia, Fervent) of each unit of ``play``'s player that the card or ability
    chooses (its entry's targets), resolved before it."""
    chosen = [n for n in dict.fromkeys(play.targets) if n in run.units and n in _in_play(run)
              and run.units[n].side == play.by]
    if chosen and play.by in ("attacker", "defender"):
        for n in chosen:
            _fire(run, [(n, "chosen")], f"{_player(run, play.by)} choosing {n} with {play.card.name}")


def _snapshot(run) -> dict:
    """What :func:`after` compares with: which units were stunned, in play, where, exhausted, buffed, equipped."""
    return {"stunned": _stunned(run), "units": set(run.units), "where": _where(run),
            "exhausted": _exhausted(run), "buffed": {n for n, u in run.units.items() if u.buffed},
            "equipment": {n: len(u.equipment) for n, u in run.units.items()}}


#: the showdown's turn effects: the player played a gear card (a non-token gear) during it
GEAR_KEY = "a gear played this turn by the "
#: "the first time you play a non-token gear each turn": a gear played first in the showdown is the first this
#: turn when the side played no card before it (`cards_played: 0`); else the entry states it (RB-CARD-8)
FIRST_GEAR = "it is the first non-token gear you play this turn"


def _gear_played(run, play: Play) -> bool | None:
    """RB-CARD-10: whether ``play``, a gear card its player plays, is his first non-token gear this turn (None: the
    first of the showdown, and whether he played one before it is not stated); False for any other play."""
    if event_of(play) != "gear" or play.by not in ("attacker", "defender"):
        return False
    key = GEAR_KEY + play.by
    if run.turn.get(key):
        return False
    run.turn[key] = True
    return True if run.scenario.side(play.by).cards_played == 0 else None


def _name_waiting(run, units: list[str], trigger: str, why: str) -> None:
    """RB-CARD-4: each of ``units``' ability on ``trigger`` named NOT MODELLED, for ``why`` (what is not stated)."""
    for n in units:
        u = run.units[n]
        run.unmodelled.append(Unmodelled(u.card_name or n, f"its ability \"{trigger}\" (unit {n})", why))


def _card_played(run, side: str, card: str) -> None:
    """RB-CARD-10: the card ``card`` the player ``side`` plays (a card from hand, or a unit he plays anew, RB-CARD-24):
    "When you play your second card in a turn" (:func:`_second`) and "When you play a card on an opponent's turn",
    which fires when the scenario's ``turn:`` is the other player's (not stated: named NOT MODELLED, RB-CARD-4)."""
    _second(run, side, card)
    waiting = [n for n in _in_play(run) if run.units[n].side == side and triggered(run.units[n], "opp_turn_card")]
    if not waiting:
        return
    turn = run.scenario.turn
    if turn is None:
        _name_waiting(run, waiting, "When you play a card on an opponent's turn",
                      "whose turn it is is not stated: give the scenario's `turn: attacker|defender` (RB-CARD-4)")
    elif turn != side:
        _fire(run, [(n, "opp_turn_card") for n in waiting], f"{_player(run, side)} playing {card} on his opponent's "
                                                              "turn")


def _second(run, side: str, card: str) -> None:
    """RB-CARD-10: the card ``card`` the player ``side`` plays (a card from hand, or a unit he plays anew,
    RB-CARD-24) counted among his cards this turn (kept when the side states ``cards_played``); on the second, "When
    you play your second card in a turn" fires."""
    waiting = [n for n in _in_play(run) if run.units[n].side == side and triggered(run.units[n], "second")]
    key = SECOND_KEY + side
    before = run.scenario.side(side).cards_played
    if before is None:
        _name_waiting(run, waiting, "When you play your second card in a turn",
                      f"which card the {side} plays is his second this turn: give the side's `cards_played: N` (cards "
                      "played this turn before the showdown; RB-CARD-4)")
        return
    count = int(run.turn.get(key, before)) + 1
    run.turn[key] = count
    if count == 2:
        _fire(run, [(n, "second") for n in waiting], f"{_player(run, side)} playing a second card this turn "
                                                     f"({card}; {before} before the showdown)")


def after(run, play, snapshot: dict) -> None:
    """RB-CARD-10: after ``play`` resolved, the "When you play another unit" triggers of each unit token it
    played and the "When you stun an enemy unit" triggers of each enemy unit it stunned, its player's."""
    by = play.by
    if by in ("attacker", "defender") and getattr(play, "discard", None):  # "If you've discarded a card this turn"
        _discarded(run, [n for n in _in_play(run) if run.units[n].side == by], play.card.name)
        if (gone := discarded_card(play.discard, by)) is not None:  # "When you discard me", from the trash
            _fire(run, [(gone.name, "discarded_me")], f"{_player(run, by)} discarding it with {play.card.name}",
                  card=gone)
    if by not in ("attacker", "defender") or not snapshot:
        _passed_on(run, "exhausted", snapshot.get("exhausted"), [])  # (the snapshots closed: nothing passed on)
        _passed_on(run, "stunned", snapshot.get("stunned"), [])
        return
    entered = [n for n in run.units if n not in snapshot["units"]
               and not (getattr(play, "unit", None) is not None and n == play.unit.name)]
    tokens = [n for n in entered if run.units[n].side == by and run.units[n].token]
    # RB-CARD-24: a unit banished and played anew by its owner (either side's)
    anew = [n for n in entered if not run.units[n].token]
    stunned = _stunned_since(run, snapshot["stunned"], by)
    who = _player(run, by)
    if buffed := [n for n in _in_play(run) if n not in snapshot["buffed"] and run.units[n].buffed
                  and run.units[n].side == by]:
        _fire(run, [(n, "buffed_by_you") for n in buffed], f"{play.card.name} buffing it")
    if readied := _readied(run, snapshot["exhausted"]):
        _fire(run, _readied_by(run, readied, by), f"{play.card.name} readying it")
    attached = [n for n in _in_play(run) if run.units[n].side == by
                and len(run.units[n].equipment) > snapshot["equipment"].get(n, 0)]
    if attached:
        _fire(run, [(n, "attached") for n in attached], f"{play.card.name} attaching an Equipment to it")
    if play.trigger_of and play.attach and _plays_equipment(play):  # a gear card its player played (Rell, Magnetic)
        _gear_by_ability(run, play, who)
        _gear_by_opponent(run, by, play.attach, who, play.trigger_of)
    elif event_of(play) == "gear":
        _gear_by_opponent(run, by, play.card.name, who, next(
            (n for n in attached if play.card.name in run.units[n].equipment), None))
    _recycled(run, play, who)
    if getattr(play, "discard", None):  # a card discarded as the card resolved ("Discard 1. ...", RB-CARD-21)
        mine = [n for n in _in_play(run) if run.units[n].side == by]
        _fire(run, [(n, "discard") for n in mine], f"{who} discarding {play.discard}")
    _unmoved(run, play, snapshot)
    played = ([play.unit.name] if getattr(play, "unit", None) is not None else []) + tokens
    _played_this_turn(run, by, [n for n in played if n in _in_play(run)], play.card.name)
    for n in played:  # "When an opponent plays a unit while I'm at a battlefield"
        _by_opponent(run, n, f"{who} playing the unit {n}")
    for t in tokens:
        mine = [n for n in _in_play(run) if run.units[n].side == by and n != t]
        _fire(run, [(n, "unit") for n in mine], f"{who} playing the unit token {t}")
        _fire(run, [(n, "token") for n in mine], f"{who} playing the unit token {t}")
    for n in anew:
        owner = run.units[n].side
        for what, why in run.units[n].unstated:
            run.unmodelled.append(Unmodelled(run.units[n].card_name or n, f"{what} (unit {n}, played anew)", why))
        if n in _in_play(run):
            _played_this_turn(run, owner, [n], play.card.name)
            mine = [m for m in _in_play(run) if run.units[m].side == owner and m != n]
            # its own "When you play me" and its owner's "When you play another unit", fired together
            own = PLAYED_ME if n in run.base else PLAYED_ME_AT
            _fire(run, [(n, own)] + [(m, "unit") for m in mine], f"{_player(run, owner)} playing {n} anew")
            _card_played(run, owner, f"{n}, played anew")  # "its owner plays it": a card he plays
            _by_opponent(run, n, f"{_player(run, owner)} playing {n} anew")
    _on_stuns(run, by, stunned)


#: the keywords that look at the top card of the Main Deck and may recycle it: a spell's [Predict], a unit's [Vision]
#: as it is played
LOOKS = ("Predict", "Vision")


def looks(play: Play) -> bool:
    """Whether ``play`` is a card whose [Predict] (a spell) or [Vision] (a unit card played) lets its player recycle
    the top card of his Main Deck (the entry's ``recycled:``): the gear's [Action] ability used, no card is played,
    and its [Vision] ("When you play this") does not fire (Divining Shells)."""
    if event_of(play) == "gear_ability":
        return False
    card = play.unit if getattr(play, "unit", None) is not None else play.card
    kws = {k for k, _ in getattr(play.card, "keywords", ())} | set(getattr(card, "keywords", ()) or ())
    return bool(kws & set(LOOKS))


def _recycled(run, play: Play, who: str) -> None:
    """RB-CARD-10: "When you recycle one or more cards to your Main Deck" of ``play``'s player's units, when the card's
    [Predict] / [Vision] recycled the card he looked at (the entry's ``recycled: true``), right after it; not stated
    while such a unit waits, named NOT MODELLED."""
    by = play.by
    mine = [n for n in _in_play(run) if run.units[n].side == by and triggered(run.units[n], "recycle")]
    if not mine or play.trigger_of or play.ability_of or not looks(play):
        return
    if play.recycled is None:
        _name_waiting(run, mine, "When you recycle one or more cards to your Main Deck",
                      f"whether {play.card.name}'s [Predict] / [Vision] recycled the card its player looked at: give "
                      "the entry's `recycled: true|false` (RB-CARD-4)")
        return
    if play.recycled:
        _fire(run, [(n, "recycle") for n in mine], f"{who} recycling the card {play.card.name} looked at")


def discarded_card(name: str | None, side: str):
    """RB-CARD-10: the unit card ``name`` discarded from ``side``'s hand, as a unit not in play whose "When you discard
    me" ability fires from the trash (Mask Mother); None for a card with no such ability."""
    from pycombat.errors import UnknownNameError

    from ..model import Unit
    from .units import load_units

    if not name:
        return None
    try:
        found = load_units().unit(name)
    except UnknownNameError:  # a spell or gear card discarded: no unit card
        return None
    if "discarded_me" not in _by_event(found.id):
        return None
    return Unit(name=found.name, side=side, might=found.might or 0, card_id=found.id, card_name=found.name,
                path="discarded")


def _gear_by_opponent(run, by: str, gear: str, who: str, holder: str | None) -> None:
    """RB-CARD-10: "When an opponent plays a gear" of each unit of ``by``'s opponent in play, acting on the gear
    ``gear`` he played, once it is in play: attached to ``holder`` (the unit it was attached to as it was played,
    not another copy of it), or unattached; gone already, it is not there to act on: nothing fires."""
    waiting = [n for n in _in_play(run) if run.units[n].side != by and triggered(run.units[n], "opp_gear")]
    if not waiting:
        return
    on = [holder] if holder is not None and holder in _in_play(run) and gear in run.units[holder].equipment else []
    if not on and gear not in run.loose.get(by, ()):
        run.say(f"{gear} is no longer in play: the opponent's \"When an opponent plays a gear\" has nothing to act on.",
                (RULE,))
        return
    _fire(run, [(n, "opp_gear") for n in waiting], f"{who} playing the gear {gear}", gear=(gear, on[0] if on else None))


def _plays_equipment(play: Play) -> bool:
    """Whether ``play``, a unit's ability, plays an Equipment card from its player's hand (RB-CARD-14)."""
    from .equipment import FROM_HAND

    return any(e.get("what") == FROM_HAND for e in play.card.effects)


def _gear_by_ability(run, play: Play, who: str) -> None:
    """RB-CARD-10: the Equipment card a unit's ability played from its player's hand (``play.attach``) is a gear he
    plays: his "When you play a gear", "the first time you play a non-token gear each turn" and "When you play your
    second card in a turn" fire, right after the ability."""
    by, gear = play.by, play.attach
    mine = [n for n in _in_play(run) if run.units[n].side == by]
    cause = f"{who} playing a gear ({gear}, with {play.trigger_of}'s ability)"
    _fire(run, [(n, "gear") for n in mine], cause)
    key = GEAR_KEY + by
    if not run.turn.get(key):
        run.turn[key] = True
        first = run.scenario.side(by).cards_played == 0
        _fire(run, [(n, "first_gear") for n in mine], cause + (", his first gear this turn" if first else
                                                               ", his first gear in the showdown"),
              condition=None if first else FIRST_GEAR)
    _card_played(run, by, gear)


def _on_stuns(run, by: str, stunned: list[str]) -> None:
    """RB-CARD-10: the "When you stun an enemy unit" and "When you [Stun] an enemy unit at a battlefield" triggers of
    ``by``'s units, for each enemy unit in ``stunned`` that his card, ability or trigger stunned, right after it."""
    who = _player(run, by)
    for s in stunned:
        mine = [n for n in _in_play(run) if run.units[n].side == by]
        _fire(run, [(n, "stun") for n in mine], f"{who} stunning the enemy unit {s}")
        if s in run.present or s in run.away:  # "... an enemy unit at a battlefield": moving "to that battlefield"
            there = "battlefield" if s in run.present else "elsewhere"
            for n in [m for m in mine if triggered(run.units[m], "stun_at")]:
                if there == "battlefield" and n in run.present:
                    run.say(f"{who} stunning the enemy unit {s} at the battlefield triggers {n}'s \"When you [Stun] an "
                            f"enemy unit at a battlefield\" ability: {n} is at that battlefield already, it can't "
                            "move there: nothing happens.", (RULE, "RB-CARD-7"))
                    continue
                _fire(run, [(n, "stun_at")], f"{who} stunning the enemy unit {s} at "
                      + ("the battlefield" if there == "battlefield" else "another battlefield"), to=there)


#: a conditional keyword held once its player has discarded a card this turn (Raging Soul)
DISCARDED = "If you've discarded a card this turn"


def _discarded(run, units: list[str], cause: str) -> None:
    """RB-CARD-9: "If you've discarded a card this turn, I have [Assault]": held from the card its player discards in
    the showdown (before it, as the scenario's `conditions_hold` states), for each such unit of his not holding it."""
    from .statics import grant
    from .units import load_units

    for n in units:
        u = run.units[n]
        if u.card_id is None:
            continue
        for ck in load_units().unit(u.card_id).conditional_keywords:
            if ck.get("condition") != DISCARDED or ck.get("keyword") not in ("Assault", "Shield", "Tank", "Backline") \
                    or any(DISCARDED in k for k in u.keywords):
                continue
            u = run.units[n] = grant(u, ck["keyword"], int(ck.get("value") or 1), DISCARDED)
            run.say(f"{n}: its player discarded a card this turn ({cause}): it has {ck['keyword']} now "
                    f"(now Might {u.current_might})", ("RB-CARD-9", "RB-CARD-21"))


def _played_this_turn(run, by: str, units: list[str], cause: str) -> None:
    """RB-CARD-10: the "When a friendly unit is played this turn" abilities of the cards ``by`` played earlier this
    turn, each acting on each unit in ``units`` (played by ``cause``), in the order the cards resolved."""
    from .interpreter import on_unit_played
    from .spells import load_cards

    for card_name in run.turn.get(PLAYED_KEY + by, ()):
        card = load_cards().card(card_name)
        effects = [{**{k: v for k, v in e.items() if k not in ("trigger", "target")},
                    "target": {"count": 1, "side": "friendly", "kind": "unit"}} for e in card.effects
                   if on_unit_played(e)]
        ability = replace(card, id=f"{card.id}/played", name=f"{card.name}'s \"When a friendly unit is played this "
                          "turn\" ability", type="ability", effects=effects, energy_cost=None, power_cost=None,
                          unparsed=0)
        for n in units:
            if n not in _in_play(run):
                continue
            said, missing = run.resolve(Play(card=ability, by=by, targets=(n,), path=f"{run.units[n].path}.played"))
            run.unmodelled.extend(missing)
            run.say(f"{_player(run, by)} playing {n} ({cause}) triggers {ability.name}; it goes on the chain and "
                    "resolves: " + ("; ".join(x.text for x in said) or "no modelled effect") + ".",
                    tuple(dict.fromkeys((RULE,) + tuple(r for x in said for r in x.rules))))
            run._settle()


def on_deaths(run) -> None:
    """RB-CARD-10: "When another friendly unit dies" of each unit in play, for each unit of its side the showdown
    killed since the last call (``run.removed`` entries ``(unit, side, "killed")``), in the order they died; then
    for each killed at its base or at another battlefield (the showdown's turn effects, :data:`DIED_AWAY_KEY`)."""
    if not any(u.card_id is not None and {"dies", "dies_non_recruit"} & set(_by_event(u.card_id))
               for u in run.units.values()):
        return
    while True:
        seen, away = int(run.turn.get(DIED_KEY, 0)), int(run.turn.get(DIED_AWAY_SEEN, 0))
        died = run.turn.get(DIED_AWAY_KEY, ())
        if seen < len(run.removed):
            n, side, how = run.removed[seen]
            run.turn[DIED_KEY] = seen + 1  # before firing: a death the trigger causes is passed on by the nested cleanup
            where = ""
        elif away < len(died):
            (n, side, where), how = died[away], "killed"
            run.turn[DIED_AWAY_SEEN] = away + 1
        else:
            return
        if how != "killed":
            continue
        mine = [m for m in _in_play(run) if run.units[m].side == side and m != n]
        # "another non-Recruit unit you control": a unit without the tag Recruit (a Recruit token has it)
        recruit = n in run.units and RECRUIT in run.units[n].tags
        _fire(run, [(m, ev) for m in mine for ev in ("dies",) + (() if recruit else ("dies_non_recruit",))],
              f"{n}'s death (a friendly unit" + (", at its base)" if where == "base" else ", at another battlefield)"
                                                 if where else ")"))


def _mighty_now(run) -> tuple[tuple[str, bool], ...]:
    """Each unit in play, and whether it is Mighty."""
    from .statics import MIGHTY_AT

    live = run.live
    return tuple(sorted((n, live[n].current_might >= MIGHTY_AT) for n in _in_play(run)))


def _waits_on_mighty(run) -> bool:
    return any(u.card_id is not None and "mighty" in _by_event(u.card_id) for u in run.units.values())


def start(run) -> None:
    """The units Mighty as the showdown begins, kept when a unit waits on one becoming so, and the state of each unit
    waiting on its own Might reaching 10 or its becoming [Empowered] (RB-CARD-10)."""
    if _waits_on_mighty(run):
        run.turn[MIGHTY_KEY] = _mighty_now(run)
    if any(u.card_id is not None and {"might10", "empowered"} & set(_by_event(u.card_id)) for u in run.units.values()):
        run.turn[BECOMING_KEY] = _becoming_now(run)


def _becoming_now(run) -> tuple[tuple[str, str, bool | None], ...]:
    """``(unit, event, holds)`` for each unit in play waiting on its own Might reaching 10 (``might10``: its Might,
    every static ability applied, is 10 or more) or its becoming [Empowered] (``empowered``: its status, None when
    the scenario does not state it)."""
    live, out = run.live, []
    for n in _in_play(run):
        u = run.units[n]
        if u.card_id is None:
            continue
        evs = _by_event(u.card_id)
        if "might10" in evs:
            out.append((n, "might10", live[n].current_might >= TEN))
        if "empowered" in evs:
            out.append((n, "empowered", u.empowered))
    return tuple(out)


def on_becoming(run) -> None:
    """RB-CARD-10 at a cleanup (RB-MIGHT-1): "When my Might becomes 10 or more" of a unit whose Might is 10 or more now
    and was not at the last cleanup, and "When I become [Empowered]" of a unit [Empowered] now and not before (a card
    or ability empowered it: Tornado Warrior, Renekton, Brute's own trigger); a unit entering play does not become so.
    Not Empowered before and not stated (``empowered:``), whether it became so is not known: named NOT MODELLED."""
    if BECOMING_KEY not in run.turn:
        return
    before = {(n, ev): v for n, ev, v in run.turn[BECOMING_KEY]}
    now = _becoming_now(run)
    run.turn[BECOMING_KEY] = now  # before firing: the nested cleanups pass on what the triggers change
    for n, ev, holds in now:
        if not holds or (n, ev) not in before or before[n, ev]:
            continue
        if before[n, ev] is None:  # its status before the card empowered it is not stated
            u = run.units[n]
            trig = triggered(u, ev)[0]["trigger"]
            run.unmodelled.append(Unmodelled(u.card_name or n, f"its ability \"{trig}\" (unit {n})",
                                             "whether it becomes [Empowered] now depends on whether it was before, "
                                             "which the scenario does not state (`empowered: true|false`) (RB-CARD-4)"))
            run.say(f"  not modelled: {n}'s \"{trig}\" ability (its [Empowered] status before is not stated)",
                    ("RB-CARD-4",))
            continue
        cause = (f"{n}'s Might reaching {run.live[n].current_might}" if ev == "might10"
                 else f"{n} becoming [Empowered]")
        _fire(run, [(n, ev)], cause)


def on_mighty(run) -> None:
    """RB-CARD-10 at a cleanup (RB-MIGHT-1): "When a unit you control becomes [Mighty]" of each unit in play, for each
    unit of its side Mighty now and not at the last cleanup."""
    if MIGHTY_KEY not in run.turn:
        return
    now = _mighty_now(run)
    before = dict(run.turn[MIGHTY_KEY])
    became = [n for n, mighty in now if mighty and before.get(n) is False]  # in play, and not Mighty, before
    run.turn[MIGHTY_KEY] = now  # before firing: the nested cleanups pass on what the triggers change
    for n in became:
        mine = [m for m in _in_play(run) if run.units[m].side == run.units[n].side and triggered(run.units[m], "mighty")]
        for m in mine:
            _fire(run, [(m, "mighty")], f"{n} becoming Mighty ({run.live[n].current_might} Might)", on=n)


def _where(run) -> dict[str, str]:
    return {**{n: "battlefield" for n in run.present}, **{n: "base" for n in run.base},
            **{n: "elsewhere" for n in run.away}}


def _by_opponent(run, played: str, cause: str) -> None:
    """RB-CARD-10: "When an opponent plays a unit while I'm at a battlefield" of each enemy unit of ``played`` at a
    battlefield (here or another), acting on ``played`` (in play: a unit played to a place, or a token)."""
    if played not in _in_play(run):
        return
    side = run.units[played].side
    at = [n for n in list(run.present) + list(run.away) if run.units[n].side != side and triggered(run.units[n], "opp_unit")]
    for n in at:
        _fire(run, [(n, "opp_unit")], cause, on=played)


def _unmoved(run, play, snapshot: dict) -> None:
    """"They can't move it this turn": a unit its controller's card or ability moved (its place before ``play`` and
    after differ, still in play) while it can't be moved by him is refused (RB-CARD-10); recalled to its base (a card's
    recall, a death replaced by a recall) it was not moved (RB-COMB-6)."""
    from pycombat.errors import ScenarioError

    now = _where(run)
    for n in run.turn.get(UNMOVABLE_KEY, ()):
        was = snapshot.get("where", {}).get(n)
        last = next((how for m, _, how in reversed(run.removed) if m == n), "")
        if now.get(n) == "base" and "recalled" in last:  # a recall is no move (RB-COMB-6): Soraka, Wanderer's save
            continue
        if was is not None and n in now and now[n] != was and run.units[n].side == play.by:
            raise ScenarioError(f"{n} can't be moved by its controller this turn (an enemy ability: \"They can't move "
                                "it this turn\", RB-CARD-10)", path=play.path)


def _player(run, side: str) -> str:
    s = run.scenario.attacker if side == "attacker" else run.scenario.defender
    return s.player or side
