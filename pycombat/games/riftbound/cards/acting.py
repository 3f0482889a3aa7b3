"""Which of a unit's printed abilities can act in a combat (RB-CARD-4): the rest of what
:mod:`.units` reads, with the modules that read the abilities played or replacing (RB-CARD-16..18)."""
from __future__ import annotations

import re

from .abilities import reads
from .replacements import unit_saver
from .units import COMBAT_TRIGGERS, COMPOUND_PLAY, MOVE_TRIGGERS, OUTSIDE_TRIGGERS, UnitCard, is_turn_start


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
    if e.get("effect") in ("play_location", "play_cost_kill"):  # how the card is played from hand: read then (RB-CARD-16)
        return False
    if unit_saver(e):  # read from the board as units would die (RB-CARD-18)
        return False
    from .deathknell import is_read

    if is_read(e, card):  # fired as the unit dies in the showdown; named by the showdown after it (RB-CARD-19)
        return False
    from .events import EVENTS, reads as event_reads

    if e.get("trigger") in EVENTS and event_reads(e)[0]:  # fired by the showdown as it happens (RB-CARD-10)
        return False
    if e.get("activated"):  # an [Action] / [Reaction] ability is used by an `ability:` entry (RB-CARD-17)
        if reads(e)[0]:
            return False
    if _standard_move_cost(e):  # no effect on a combat (idle_reason)
        return False
    trigger = e.get("trigger")
    if trigger in OUTSIDE_TRIGGERS:
        return False
    if trigger in COMBAT_TRIGGERS and role not in COMBAT_TRIGGERS[trigger]:  # "When I attack" on a defender ...
        return False
    return not (e.get("effect") == "prevent_damage" and card.damage_immunity_text)


#: why "Any amount of your damage is enough to kill enemy units" (``lethal_damage_any``) is not read (RB-CARD-4)
LETHAL_ANY = ("a static ability whose effect on combat damage is a rules question the digest does not settle: whether "
              "it makes 1 damage lethal when its player assigns combat damage (the lethal amount the digest defines is "
              "the unit's Might, RB-MODEL-1, RB-DMG-5; its section on the questions players ask lists Elder Dragon's "
              "threshold, unanswered) or only kills an enemy unit once dealt any damage of his, the Might-based "
              "lethal kept for the assignment (the question the flag kill_on_damage_lethal settles for \"kill it the "
              "next time it takes damage\", RB-CARD-23, but not for this card) (RB-CARD-9, RB-CARD-4)")


def _standard_move_cost(e: dict) -> bool:
    """A static cost on moving several units at once (Mageseeker Investigator): standard moves only."""
    return e.get("effect") == "movement_restriction" and "to move multiple units" in str(e.get("restriction"))


def idle_reason(e: dict) -> str:
    """Why an ability :func:`can_act` rules out cannot change a combat's answer (RB-CARD-4)."""
    trigger = str(e.get("trigger") or "")
    if _standard_move_cost(e):
        return "a cost on standard moves, which cannot be made during a showdown or a combat (RB-COMB-5)"
    from .unitplay import ALONE, PLAY_TRIGGERS
    from .units import is_earlier

    if is_earlier(e):  # RB-CARD-9: its "this turn" change may come from before the showdown
        return ("fired before this combat (the unit played, a conquest earlier this turn), what it gave lasts this "
                "turn, through the combat: the unit's `fired_this_turn: N` states how many times (what it gave "
                "another unit is stated on that unit); not stated and not decided by its side's `cards_played: 0`, "
                "named NOT MODELLED (RB-CARD-9)")
    if trigger in PLAY_TRIGGERS and trigger not in COMBAT_TRIGGERS:  # "When you play me", alone or with another event
        other = re.split(r" (?:or|and) ", trigger, maxsplit=1)[1:] if trigger in COMPOUND_PLAY else ()
        return _played_before(e) + "".join(f"; its other event (\"{o}\") {COMPOUND_PLAY[trigger]}" for o in other)
    if e.get("effect") == "play_location" and e.get("where") == ALONE:
        return ("a permission to play a unit card to this battlefield while one enemy unit is alone there (its own, or "
                "its player's units' while it is in play): read as a unit is played, checked on the board as it "
                "enters (CR 355.2.b, RB-CARD-16)")
    if e.get("effect") == "play_cost_kill":
        return ("an additional cost paid as the card is played from hand: in a showdown, the unit its entry names "
                "(`kills:`) is killed as it is played (RB-CARD-16, RB-CARD-2)")
    if "conquer" in trigger:
        return ("fires as the unit conquers, after the combat's outcome is decided (RB-RES-5): it cannot change "
                "this combat's answer")
    if is_turn_start(e):
        return ("fires at the start of its player's turn (RB-RES-6), and what it gives the unit lasts that turn, through "
                "a combat fought in it: on his turn it is in force when the unit states `conditions_hold: true` (its "
                "condition held as the turn began), not with `false`; not stated, it is named NOT MODELLED; on the "
                "other player's turn (`turn:`) it is over (RB-CARD-9)")
    if "hold" in trigger.split() or trigger.startswith("At the start of"):
        return ("fires at the start of a turn (holding is scored in the Beginning Phase, RB-RES-6), not during a "
                "combat: it cannot change this combat's answer")
    if trigger.startswith("When a combat") and trigger.endswith("ends"):
        return ("fires as the combat ends (RB-RES-8), after its outcome is decided (RB-RES-7): it cannot change "
                "this combat's answer")
    if trigger == "When you hide a card":
        return ("fires when its player hides a card, which he does on his turn in an Open State, never during a chain "
                "or a showdown (CR 811.1.b): not during a combat")
    if e.get("activated") and e.get("speed") == "normal":
        return "an ability of normal speed cannot be used in a showdown (CR 806.1.c)"
    return "no effect on a combat: a normal-speed ability or a trigger outside combat (CR 806.1.c; RB-CARD-4)"


def _played_before(e: dict) -> str:
    """Why a "When you play me" ability of a unit on the board changes nothing now, and what it does when a card or an
    ability plays the unit during the showdown."""
    from .interpreter import effect_support, paid_option
    from .triggers import as_ability

    ok, how = effect_support(paid_option(as_ability(e)))  # "you may pay ... to": the play's `condition:`
    later = (f"; played during the showdown by a card or an ability (Rek'Sai, Swarm Queen, RB-CARD-27; played anew, "
             f"RB-CARD-24: `{{trigger: UNIT, when: played, ...}}`), it resolves as the unit enters: {how}" if ok else "")
    return ("fired when the unit was played, before this combat: the board as the scenario states it holds its "
            f"result{later}")


#: triggers on an event a scenario's showdown has no entry for, with what is missing (RB-CARD-4)
UNSEEN = {
    "When you discard me": "the card being discarded from its player's hand, which no showdown entry states",
    "When you buff me": "a buff the unit gets, which the showdown does not pass to triggers",
    "When I move from a battlefield": "the unit moving from a battlefield: whether an attacker moved in from another "
                                      "battlefield or from its base is not in the scenario, and a card moving a unit "
                                      "during the showdown does not fire it",
}
def unread_reason(e: dict) -> str:
    """Why the model does not read the unit ability ``e`` that could act in a combat (RB-CARD-4): the
    reason :mod:`.statics` gives for a static ability, else what the trigger waits for."""
    from .statics import reads

    trigger = e.get("trigger")
    if e.get("effect") == "lethal_damage_any" and not trigger:
        return LETHAL_ANY
    if not trigger and not e.get("activated"):
        why = reads(e)
        return f"a static ability the model does not read: {why} (RB-CARD-9)" if why else "unit abilities are not modelled"
    if trigger in MOVE_TRIGGERS:
        from .moves import support

        return support(e)[1]
    from .events import EVENTS, reads as event_reads

    if trigger in EVENTS:
        return event_reads(e)[1]
    if trigger == "When I die (Deathknell)":
        from .deathknell import why_not

        return why_not(e) or "its Deathknell is not fired with the card's others (RB-CARD-19)"
    if trigger in UNSEEN:
        return f"its trigger ({trigger}) waits on {UNSEEN[trigger]}"
    if trigger:
        return f"its trigger ({trigger}) can fire during the showdown; the model does not fire it"
    return "unit abilities are not modelled"
