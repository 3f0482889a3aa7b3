"""Units' printed abilities against a brute force written here from the card records (RB-CARD-4,
RB-CARD-9, RB-CARD-10, RB-CARD-18, RB-CARD-27, RB-SHOW-2, RB-MIGHT, RB-ORD, RB-DMG, RB-MODEL).

The oracle below reads each unit's record of ``units.json`` (its printed keywords, ``effects`` with
their ``trigger``, ``conditional_keywords``) by its meaning and shares no code with the interpreter:
static Might changes and granted keywords with the conditions a board decides, [Level N] and
[Empowered] as the scenario states them, "while I'm [Mighty]", Gearhead's doubled Equipment, the
combat triggers ("When I attack", "When I defend", "When I attack or defend") resolved Defender's
first, each with its target and condition stated, the [Action] abilities of Ezreal, Dashing and
Shadow, Kog'Maw's Deathknell in the showdown, Soraka's death replacement, "deals no combat damage"
and "ignores Tank here", the triggers on another unit's death (Spectral Centaur), on a unit an opponent plays
(Vex, Apathetic), on a stun at a battlefield (Vex, Mocking) and on a unit becoming [Mighty] (Fiora, Worthy), their
choices stated right after the entry that fires them; what a unit reads of its player as its side states it (points,
trash, runes, what he spent and whether he gained XP this turn, token units and gear elsewhere), the damage it prevents
(enemy spells and abilities under 7+ runes, out of combat while [Empowered]), "If I have moved twice this turn, I don't
take damage" (Kayn, Unleashed: as the scenario's `immune:` states it, RB-ORD-7; a move in the showdown and a unit played
anew named), the statics of a unit at another battlefield reaching units anywhere, "When I attack or defend one on one"
(RB-READ-7), an XP cost, "When you defend at a battlefield, you may move me there" (Loyal Pup at its base), "When a
friendly unit moves from my location, I may be moved with it" (Stealthy Pursuer), "When I become ready, choose one"
(Jayce, Hammer in Hand), a ready on its player's first gear (Jayce, Brilliant Inventor), "When my Might becomes 10 or
more, empower me" (Renekton, Brute), "When I become [Empowered], banish an enemy unit at a battlefield with 3 Might or
less" (Mel, Defiant Soul, empowered by Tornado Warrior from facedown), "When you attach an Equipment to me, choose one"
(Aphelios, Exalted: the buff, the one option on the board, as the entry's `condition:` says; Angle Shot, Equipment with
[Quick-Draw]), "When you play a card from face down, deal 2 to an enemy unit" (Katarina, Reckless: [Hidden] spells
played from facedown too), "When you recycle one or more cards to your Main Deck, buff a friendly unit" (Karma,
Channeler: Eclipse's [Predict], `recycled:`), "When you discard me" (Mask Mother, from the trash: Get Excited!'s
`discard:`), Rell, Magnetic's Equipment from hand attached as it attacks (`attach:`), Zilean, Time Mage's additional
token (`extra_copy:`, once each turn), "When an opponent plays a gear, you may banish me to banish it" (Ravenbloom
Prefect: the Prefect banished, then the gear played, once it is in play; `when: play` or `decline: true`), "When you use
an activated ability of a gear, give me +1 Might this turn" (Prize of Progress: Divining Shells' entry uses the ability
of the gear in play, no card played), a combat trigger playing a card (RB-CARD-27: Ava Achiever's [Hidden] card from
hand ignoring its cost, a unit "here"; Rek'Sai, Swarm Queen's card from the deck, a unit here or where its player may
play units; the entry's `plays:`, the card resolving next, its speed unchecked, never from face down, what it fires
as any card played; `decline: true`; not stated: named); and units played from hand
(RB-CARD-16: [Reaction], [Ambush], [Hidden] from facedown) where their player may put them, entering exhausted, with
their "When you play me" abilities (Evelynn's "from face down on your turn" with the scenario's `turn:`; Keeper of
Masks' tokens that become copies of it; Tideturner swapping places with a unit of its player's; Pyke, Dockside
Butcher's "if you paid the additional cost" as the entry's `condition:` states it; Stalking Wolf's cost, a Bird, Cat,
Dog or Poro of its player's killed, `kills:`); a token whose name the scenario
reader does not know (a move trigger's past those it names ahead) named by a later entry is expected refused. A unit at
its base or another battlefield with lethal damage dies there, out of this combat. A combat trigger set by what it
reveals takes the entry's `revealed:` (Twisted Fate, Gambler: the rune's domain picks the option, "2 to an enemy unit
here and 1 to all other enemy units here" or "Stun an enemy unit", anywhere; Teemo, Strategist: 1 to the unit it chose
for each card with [Hidden], one instance); Kayle, Justified has +2 Might for each time it is Empowered
(`empowered: 0..3`); a spell choosing an Empowered Gangplank, Naval gives it +3 Might instead of a stun, a -Might or a
return to hand, and one of an Empowered Mel, Newly Awakened's player gives a unit it chooses 1 more -Might (drawn on
their own boards, whose units choose nothing); an opponent's play is refused, one error naming the entry's field, when
Noxus Saboteur is at the battlefield where the card from facedown is revealed, or it is the spell an enemy Fallen
Feline at a battlefield named (`named:`), these two clauses as the project's ``data/effects_overlay.yaml`` structures
them (RB-CARD-9). The spells come from
the oracle of ``test_riftbound_cards.py``
(the effect records of the spell and gear pool), with the four that banish a unit and have its owner play it anew
(Portal Rescue, Arcane Shift, Thrill of the Hunt, Temporal Breach: RB-CARD-24, their clause as the project's
``data/effects_overlay.yaml`` structures it, read here as data; a unit played anew resolves its own "When you play
me" abilities that act on itself with no choice, Sett - Brawler's buff, Teemo - Scout's +3, and those that choose one
unit, Field Musicians' +3, Blastcone Fae's -2, Harnessed Dragon's kill, the entry `when: played` stating it).
Hypothesis draws boards of 1-4 units a side from every unit whose coverage is "modelled" (but Azir, Sovereign, whose
trigger moves tokens the boards do not hold) and the "partly" ones whose open part the scenario states (`conditions_hold`) or is named on
its own (a Deathknell at the combat cleanup): buffed, stunned, exhausted, Empowered, with Equipment,
the sides' XP; their triggers stated, abilities used and spells played after them. It compares every
unit's final Might, Tank, Backline, Stun and marked damage, the units killed and recalled instead of
dying, the units left, each side's total, the number of legal splits of each side and the outcome.

A second test: every unit whose coverage is "modelled" or "partly" and whose record is combat
relevant (or has clauses the data could not structure) either changes an answer on boards built for
it (against a plain unit of the same Might, name, tags and printed Assault, Shield, Tank and
Backline) or is named NOT MODELLED there; and one whose record has nothing that could act changes
no answer unless named.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from overlay_corrections import corrected  # noqa: E402
from pycombat.games.riftbound.cards.coverage import rows as coverage_rows
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import Progress, play_showdown
from pycombat.games.riftbound.cards.spells import clauses_of, overlay
from pycombat.games.riftbound.damage.outcome import outcome_classes
from pycombat.games.riftbound.damage.splits import LegalSplits, derive
from pycombat.games.riftbound.schema import scenario_from_dict
from test_riftbound_cards import BONUS, EQUIP_CARDS, GEAR, POOL, SPELLS, TOKEN_CARDS
from test_riftbound_cards import Oracle as SpellOracle

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "riftbound" / "data" / "units.json"
RECORDS = {r["name"]: r for r in json.loads(DATA.read_text())["records"] if not r.get("reprint_of")}
#: the unit clauses the data left unparsed that the project's overlay structures (``data/effects_overlay.yaml``, read
#: here as data): "Your opponents' [Hidden] cards can't be revealed here" (Noxus Saboteur), "While I'm at a battlefield,
#: opponents can't play spells with that name" (Fallen Feline)
UNIT_OVERLAY = {o["name"]: o for o in yaml.safe_load((DATA.parent / "effects_overlay.yaml").read_text())["records"]
                if o.get("kind") == "unit"}


def _overlaid(r: dict) -> dict:
    """The record with the clause the overlay structures read as its effects (for :func:`reading` only)."""
    o = UNIT_OVERLAY.get(r["name"])
    if not o:
        return r
    if o.get("corrections") or o.get("card_facts"):  # the data's reading of the clause corrected
        r = corrected(r, o)
        if "effects" not in o:
            return r
    return {**r, "effects": list(r.get("effects") or ()) + list(o["effects"]),
            "combat_effects": list(r.get("combat_effects") or ()) + [e["effect"] for e in o["effects"]],
            "unparsed_clauses": [c for c in r.get("unparsed_clauses") or () if c != o["clause"]]}

# ---- what a unit's record says, read here -----------------------------------------------------------
#: triggers that cannot fire for a unit already at the battlefield when the combat begins, or fire
#: after the combat's outcome (conquering, holding, the combat's end: RB-RES-5, RB-RES-6, RB-RES-8)
NOT_HERE = {"When you play me", "When you play me to a battlefield", "When I hold",
            "When I hold (resolves at the start of your next Main Phase)", "When a combat that I was in ends",
            "When you play me from face down", "When you play me from face down on your turn",
            "At the start of your Beginning Phase", "When I conquer", "When I'm played and when I conquer",
            "The first time I conquer each turn",
            "When I conquer a battlefield that was uncontrolled", "When I conquer after an attack",
            # played before the combat; conquering, scoring, a turn's start: after it or outside it
            "When you play me or when I conquer", "When you play me or when I score",
            "When you play me or at the start of your Beginning Phase",
            # a card is hidden on its player's turn in an Open State, never in a showdown (CR 811.1.b)
            "When you hide a card"}
#: RB-SHOW-2: the combat triggers and the sides whose units they fire for
COMBAT_TRIGGERS = {"When I attack": ("attacker",), "When I defend": ("defender",),
                   "When I attack or defend": ("attacker", "defender"), "When you play me or I attack": ("attacker",),
                   "When I attack or defend one on one": ("attacker", "defender")}
#: fires only when its unit is the only one of its side at the battlefield as the combat begins and the enemy has one
#: unit there too (RB-READ-7, flag one_on_one=both_sides, the default)
ONE_ON_ONE = "When I attack or defend one on one"
#: "you may spend N XP to ...": its player's XP, less N once paid (what its "[Level N]" abilities read)
XP_COST = re.compile(r"spend (\d+) XP")
#: keywords with no effect on combat damage (RB-MIGHT-10, RB-MIGHT-11; Vision acts as the unit is played)
NO_DAMAGE_KEYWORDS = ("Deflect", "Ganking", "Vision")
#: static conditions decided from the board or the scenario's statement
ATTACKING_WITH = "while I'm attacking with another unit"
PAIRED = "while I'm at a battlefield with exactly one other unit you control"
STATIC_CONDITIONS = (None, "While I'm attacking or defending alone", "While I'm buffed",
                     "While you have another unit here", "While there's a stunned enemy unit here",
                     "While I'm at a battlefield", "I'm [Empowered]", ATTACKING_WITH, PAIRED)
#: "I have [Assault] equal to the number of enemy units here" (a conditional keyword counted on the board)
ENEMIES_HERE = "equal to the number of enemy units here"
PER = ("buffed friendly unit at my battlefield", "other unit you control here with my name",
       "your units with [Temporary] at my battlefield")
MIGHTY = "While I'm [Mighty]"
#: the static readings that change no Might or keyword (read by the damage total, the targets, moves, buffs, the
#: damage dealt)
GUARDS = ("no_damage_unless_pair", "less_no_combat_damage", "less_untargetable", "untargetable", "no_base",
          "unlimited", "base_plays", "no_ready", "no_ready_enemies", "quick_draw", "immune", "no_reveal", "named_spell",
          "chosen_plus", "debuff_bonus", "token_copy")
#: "Your opponents' [Hidden] cards can't be revealed here" (Noxus Saboteur); "While I'm at a battlefield, opponents
#: can't play spells with that name" (Fallen Feline: the spell it named as it was played, the scenario's `named:`)
NO_REVEAL, NAMED_SPELL = "hidden cards can't be revealed here", "spells with the named name"
#: "I can be [Empowered] up to three times. I have +2 Might for each time I'm [Empowered]" (Kayle, Justified): how many
#: times, the scenario's `empowered: 0..3`
TIMES_EMPOWERED = "time I'm [Empowered]"
#: a combat trigger whose option or amount is set by what it reveals, stated by its entry (`revealed:`): "reveal the top
#: rune of your rune deck ... Do one of the following based on its domain" (Twisted Fate, Gambler: the domain); "Deal 1
#: to that unit for each card with [Hidden] revealed this way" (Teemo, Strategist: how many of the 5)
BY_DOMAIN, HIDDEN_REVEALED = "the option is set by its domain", "card with [Hidden] among the top 5 cards"
DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")
#: "[Empowered] If a spell or ability that chooses me would stun me, give me -Might, or return me to hand, give me +3
#: Might instead" (Gangplank, Naval); "[Empowered] If a spell or ability you control would give -Might to a unit it
#: chooses, it gives an additional -1 Might" (Mel, Newly Awakened): read for the units a spell chooses (the boards
#: drawing them have no unit whose trigger or ability chooses a unit: :data:`CHOOSING_READ`)
CHOSEN_REPLACED = "stun, -Might or return to hand from a spell or ability that chooses me"
DEBUFF_SCOPE = "your spells and abilities that give -Might to a unit they choose"


def _reveals(e: dict) -> bool:
    return bool(e.get("mode_option") and BY_DOMAIN in str(e.get("mode_rule"))) \
        or str(e.get("per")).startswith(HIDDEN_REVEALED)
#: "If I have moved twice this turn, I don't take damage" (Kayn, Unleashed): whether it holds as the showdown begins is
#: the scenario's `immune:` (drawn); while it holds the unit is dealt no damage: none from a spell, an ability, a fight
#: or a Deathknell, and none of the combat damage (no lethal amount: not a target of the split, never killed by
#: damage, RB-ORD-7 with immune_targets=exclude). A move during the showdown (or by a move trigger before it) is a
#: move the condition counts: the model names it when the clause did not hold already, and a unit played anew (a new
#: object) has the clause named, the scenario not stating it
MOVED_TWICE = "I have moved twice this turn"
#: "Your Equipment everywhere have [Quick-Draw]": the target of that grant as the record writes it
YOUR_EQUIPMENT = {"count": "all", "side": "friendly", "kind": "gear", "tag": "Equipment", "location": "anywhere"}
DEATHKNELL = "When I die (Deathknell)"
UNLESS_PAIR = "unless I'm at a battlefield with exactly one other unit you control"
LESS_HERE = {"no_combat_damage": {"count": "all", "side": "enemy", "kind": "unit", "location": "same_location",
                                  "might_less_than": "self"},
             "untargetable": {"count": "all", "side": "friendly", "kind": "unit", "location": "same_location",
                              "might_less_than": "self"}}
#: triggers on what happens in the showdown (RB-CARD-10): the event each waits for
#: the triggers on the unit's own move: fired before the showdown, as the unit moved this turn (an
#: attacker did: it moved in, staging the combat; a defender as the scenario's `moved:` says)
MOVE_TRIGGERS = ("When I move", "When I move to a battlefield", "The first time I move each turn",
                 "When I move from a location", "When I move from a battlefield")
#: fired only by a move that started at a battlefield: where an attacker (or a defender that moved) came from is
#: drawn and stated by the trigger's entry (`condition:`); a move during the showdown says it
FROM_BF = "When I move from a battlefield"
EVENT_TRIGGERS = {"When you play a spell": "spell", "When you play a gear": "gear",
                  "When you play another unit": "unit", "When you stun an enemy unit": "stun",
                  "When you play your second card in a turn": "second", "When I become ready": "ready",
                  "When you play a card from [Hidden]": "facedown", "When you play a card from face down": "facedown",
                  "When you play a token unit": "token", "When you play a spell that costs :rb_energy_5: or more": "spell5",
                  "When you discard one or more cards": "discard",
                  "When you choose or ready me": "chosen_ready", "When you buff me": "buffed",
                  # a gear's [Action] activated ability its player uses (Divining Shells' entry): no card played
                  "When you use an activated ability of a gear": "gear_ability"}
#: triggers on what happens to other units in the showdown, read by their printed words (RB-CARD-10): "When another
#: friendly unit dies, give me +N Might this turn" (Spectral Centaur); "When an opponent plays a unit while I'm at a
#: battlefield, [Stun] it. They can't move it this turn." (Vex, Apathetic); "When you [Stun] an enemy unit at a
#: battlefield, you may move me to that battlefield" (Vex, Mocking); "When a unit you control becomes [Mighty], you may
#: pay [Order] to ready it" (Fiora, Worthy; a unit is Mighty while it has 5+ Might)
FRIEND_DIES = "When another friendly unit dies"
OPP_PLAYS = "When an opponent plays a unit while I'm at a battlefield"
STUN_AT_BF = "When you [Stun] an enemy unit at a battlefield"
BECOMES_MIGHTY = "When a unit you control becomes [Mighty]"
#: triggers on a unit's own change of state, found at the cleanup (RB-MIGHT-1) that finds it changed since the one before
#: (a unit entering play does not "become" so): "When my Might becomes 10 or more, empower me" (Renekton, Brute); "When
#: I become [Empowered], banish an enemy unit at a battlefield with 3 Might or less" (Mel, Defiant Soul: empowered by
#: Tornado Warrior, her status before stated, `empowered: false`; her target stated by an entry `{trigger: Mel, when:
#: empowered, target: UNIT}` right after what fired it). And "When you attach an Equipment to me, choose one that hasn't
#: been chosen this turn" (Aphelios, Exalted): fired right after a card of its player's attaches an Equipment to it
#: (Angle Shot; an Equipment with [Quick-Draw]); "Buff a friendly unit" is the one option on the board, its entry
#: `{trigger: Aphelios, when: attach, condition: true, target: UNIT}` (`condition: false`: another option, off the
#: board; the buff chosen once this turn, only another)
MIGHT_TEN, BECOME_EMPOWERED = "When my Might becomes 10 or more", "When I become [Empowered]"
ATTACHED, ONCE_A_TURN = "When you attach an Equipment to me", "choose one that hasn't been chosen this turn"
#: "my Might becomes 10 or more"
TEN = 10
#: "When you play a card from face down, deal 2 to an enemy unit" (Katarina, Reckless): fired as its player plays a card
#: from facedown, on the chain above that card (it resolves first); "an enemy unit": any in play, not restricted to where
#: the card was hidden (RB-CARD-26 restricts the card's own targets); its target stated by an entry `{trigger: UNIT,
#: when: play, target: ...}` right after the card. "When you recycle one or more cards to your Main Deck, buff a friendly
#: unit" (Karma, Channeler): fired as its player's [Predict] spell recycles the card he looked at (the entry's
#: `recycled: true`), right after it, its target stated `{trigger: UNIT, when: recycle, target: ...}`. "When you discard
#: me, you may pay 1 Energy to give a friendly unit +2 Might this turn" (Mask Mother): fired from the trash as a card of
#: its player's discards it from his hand (Get Excited!'s `discard: Mask Mother`), right after that card, its entry
#: `{trigger: Mask Mother, when: discard, target: ...}` or `decline: true`
FACEDOWN_PLAY = ("When you play a card from face down", "When you play a card from [Hidden]")
RECYCLE, DISCARD_ME = "When you recycle one or more cards to your Main Deck", "When you discard me"
ANY_ENEMY, ANY_FRIEND = {"count": 1, "side": "enemy", "kind": "unit"}, {"count": 1, "side": "friendly", "kind": "unit"}
#: "When I attack, you may play an Equipment with Energy cost no more than 2, ignoring its cost. If you do, then do this:
#: Attach it to me" (Rell, Magnetic; the overlay's clause): its entry names the Equipment from hand (`attach:`, one with
#: a Might bonus), attached with its bonus (RB-CARD-14); a gear its player plays (his "When you play a gear", his first
#: gear, his second card)
FROM_HAND = "an Equipment its player plays from hand"
#: "Once each turn, if you would play a token unit while I'm at a battlefield, you may play that token and an
#: additional copy of it instead" (Zilean, Time Mage; the overlay's clause): a card of its player's playing unit tokens
#: (Flurry of Feathers) plays one more as its entry's `extra_copy:` (drawn) says, once each turn for each Zilean at a
#: battlefield (this one or another); once used, the entry states `extra_copy: false`
TOKEN_COPY = "token_copy"
#: "As an additional cost to play me, kill a Bird, Cat, Dog, or Poro you control. You may play me to its battlefield
#: (even if you don't have other units there)" (Stalking Wolf; the overlay's cost): the unit its entry's `kills:` names,
#: killed as it is played (RB-CARD-16, RB-CARD-2); it enters by [Ambush] or where that unit was
KILL_COST = "play_cost_kill"
#: "When you defend at a battlefield, you may move me there" (Loyal Pup): a unit at its base comes in as the combat
#: begins, its trigger with the Defender's
DEFEND_HERE = "When you defend at a battlefield"
#: "When a friendly unit moves from my location, I may be moved with it" (Stealthy Pursuer)
FOLLOWS = "When a friendly unit moves from my location"
#: "When you play me or the first time you play a non-token gear each turn" (Jayce, Brilliant Inventor)
FIRST_GEAR = "When you play me or the first time you play a non-token gear each turn"
#: "When an opponent plays a gear, you may banish me to banish it" (Ravenbloom Prefect): fired once the gear card an
#: opponent played is in play (an Equipment with [Quick-Draw] attached as played, the Equipment Rell, Magnetic's trigger
#: plays; a gear from facedown too, which no board here plays), right after what its attaching fired; its entry
#: `{trigger: UNIT, when: play}` uses it (the Prefect banished, then the gear: its unit loses its Might bonus) or
#: declines (`decline: true`)
OPP_GEAR, TRIGGERING_GEAR, BANISH_ME = "When an opponent plays a gear", {"ref": "triggering gear"}, "banish me"
TRIGGERING = {"ref": "triggering unit"}
#: RB-CARD-27, a combat trigger playing a card (the overlay's clause, effect `play_card`): "When I attack, you may pay
#: [mind rune] to play a card with [Hidden] from your hand, ignoring its cost. If it's a unit, play it here." (Ava
#: Achiever: `from: hand`, `what:` the card's filter, `unit_to: [battlefield]`); "When I attack, you may reveal the top
#: 2 cards of your Main Deck. You may banish one, then play it. If it is a unit, you may play it here." (Rek'Sai, Swarm
#: Queen: `from: main_deck`, `unit_to: [battlefield, played]`). Its entry names the card played, `plays: {play: CARD,
#: ...}` (the card's own choices with it, no `by`); `decline: true` or no `plays:`: not used; not stated at all: named.
#: The card is played by the ability as it resolves and resolves next, before the combat triggers still waiting; its
#: speed is not checked (a normal-speed card too); played from hand or from the deck, never from face down ("When you
#: play a card from face down" does not fire); a unit card enters "here" (this combat's battlefield) or, with "you may
#: play it here", where its player may play units (his base, another battlefield he controls)
PLAY_CARD, HIDDEN_CARD = "play_card", "a card with [Hidden]"
#: the record's `unit_to` words: "here", this combat's battlefield; "played", where its player may play units
UNIT_TO = ("battlefield", "played")
#: the triggers of a unit card on its own play (a unit played anew fires them: the model names them, RB-CARD-4)
PLAY_ME = ("When you play me", "When you play me or I attack", "When you play me to a battlefield",
           "When you play me from face down", "When you play me from face down on your turn",
           "When I'm played and when I conquer", "When you play me or when I conquer", "When you play me or when I score",
           "When you play me or at the start of your Beginning Phase",
           "When you play me or the first time you play a non-token gear each turn")
#: the "When you play me" abilities with one target a unit played anew resolves with its entry's `target:` (the
#: effect, and the keys its target may have: "give a unit +3 Might this turn", "kill an enemy unit")
ANEW_TARGETED = {"might_modifier": {"count", "kind"}, "kill": {"count", "kind", "side"}}


def _self_plays(card: str) -> list[dict] | None:
    """A card's "When you play me" abilities when each, with no condition, cost or option, acts on the unit itself (a
    buff of itself, Might it gives itself: resolved by themselves) or on one unit it chooses (:data:`ANEW_TARGETED`:
    the entry `{trigger: UNIT (replayed), when: played, target: ...}` states it), as the unit is played anew
    (RB-CARD-24); None when another one has a choice or another effect (such a unit is not drawn as the one played
    anew)."""
    # (with the clauses the overlay structures: Akshan, Mischievous's "When you play me ... move an enemy gear")
    effects = [e for e in _overlaid(RECORDS[card])["effects"] if e.get("trigger") in PLAY_ME]
    if any(e.get("condition") or e.get("cost") or e.get("optional") or e.get("mode_option")
           or type(e.get("value", 1)) is not int or e["trigger"] in (FROM_FACEDOWN, ON_MY_TURN)
           or not (e.get("target") == {"ref": "self"} and e["effect"] in ("buff", "might_modifier")
                   or e["effect"] in ANEW_TARGETED and e.get("target", {}).get("count") == 1
                   and set(e["target"]) <= ANEW_TARGETED[e["effect"]]) for e in effects):
        return None
    return effects


#: a unit token an ability plays anywhere counts for "each token unit you control" (the data lists those made outside
#: "here" with no combat effect)
TOKENS = "create_unit_token"
#: each unit's event triggers the oracle resolves: (event, effect) (filled by :func:`reading`)
EVENTS: dict[str, list[tuple[str, dict]]] = {}
#: each unit's [Action] abilities the oracle uses (filled by :func:`reading`)
ABILITIES: dict[str, list[dict]] = {}
#: each unit's triggers on its own move the oracle resolves before the showdown (filled by :func:`reading`)
MOVES: dict[str, list[dict]] = {}
#: a trigger's condition: how the oracle decides it (the scenario then states it)
TRIGGER_CONDITIONS = ("if there is a ready enemy unit here", "an enemy unit is alone here", "I'm [Empowered]",
                      "your units have all 4 tags (Bird, Cat, Dog, Poro)", "if you control 4 or fewer runes")


#: what a side states of its player (its keys in the scenario), read by his units' static abilities: the amount a Might
#: change is counted from ("My Might is increased by your points / the number of cards in your trash"), a condition on
#: him ("While you have 8+ runes", "If you've spent :rb_energy_4: or more to play a spell this turn", "If you've spent
#: at least :rb_rune_rainbow::rb_rune_rainbow: this turn", "If you've gained XP this turn"), what a count adds beyond
#: the board ("+1 Might for each token unit you control", "for each friendly gear", "[Assault] equal to the number of
#: gear you control": the token units in play and those elsewhere; the gear the scenario lists and those elsewhere)
FROM_PLAYER = {"your points": "points", "the number of cards in your trash": "trash"}
PER_PLAYER = {"token unit you control": "tokens_elsewhere", "friendly gear": "gear_elsewhere"}
GEAR_ASSAULT = "equal to the number of gear you control"
ENEMY_SPELLS = "enemy spells and abilities"
#: "[Empowered] I have +3 Might and can't be dealt damage unless I'm in combat" (the data joins the two conditions)
EMPOWERED_OUT_OF_COMBAT = "I'm [Empowered]; unless I'm in combat"


def player_condition(cond) -> tuple[str, int] | None:
    """A condition on the unit's player, read from its words: (the side's field, the least value that fulfils it)."""
    c = str(cond or "")
    if c == "If you've gained XP this turn":
        return "gained_xp", 1
    if m := re.fullmatch(r"While you (?:have|control) (\d+)(?:\+| or more) runes", c):
        return "runes", int(m.group(1))
    if m := re.fullmatch(r"If you've spent :rb_energy_(\d+): or more to play a spell this turn", c):
        return "spell_energy", int(m.group(1))
    if m := re.fullmatch(r"If you've spent at least ((?::rb_rune_rainbow:)+) this turn", c):
        return "power", m.group(1).count(":rb_rune_rainbow:")
    return None


def _player_static(e: dict) -> str | None:
    """How the oracle reads a static ability on what its player's side states, or None."""
    t, cond = e.get("target") or {}, e.get("condition")
    if t != {"ref": "self"}:
        return None
    if e["effect"] == "might_modifier" and e.get("value") == "variable" and e.get("value_from") in FROM_PLAYER \
            and not cond:
        return "player_value"
    if e["effect"] == "might_modifier" and e.get("per") in PER_PLAYER and type(e.get("value_per")) is int \
            and not cond:
        return "player_per"
    if player_condition(cond) is not None and e["effect"] == "might_modifier" and type(e.get("value")) is int:
        return "player_cond"
    if player_condition(cond) is not None and e["effect"] == "grant_keyword" and e["keyword"] in NO_DAMAGE_KEYWORDS:
        return "inert"
    if e["effect"] == "prevent_damage" and e.get("amount") == "all" and (
            e.get("from") == ENEMY_SPELLS and (player_condition(cond) or ("",))[0] == "runes"
            or not e.get("from") and cond == EMPOWERED_OUT_OF_COMBAT):
        # "prevent all damage that enemy spells and abilities would deal to me"; "can't be dealt damage"
        return "prevent"
    return None


def _level(cond) -> int | None:
    m = re.fullmatch(r"Level (\d+)", str(cond or ""))
    return int(m.group(1)) if m else None


def _static(e: dict) -> str | None:
    """How the oracle reads a static ability: 'might', 'keyword', 'double', 'saver', 'inert' (no effect
    on this combat's numbers), or None (not read here)."""
    t = e.get("target") or {}
    cond = e.get("condition")
    if e["effect"] == "cost_modifier":
        return "inert"  # spells' costs: checked only with card_costs=stated, never drawn here
    if e["effect"] == TOKEN_COPY and cond == "While I'm at a battlefield" and e.get("optional") \
            and e.get("once") == "each turn":
        return "token_copy"  # one more unit token, as a card's entry states (:meth:`Oracle._play_card`)
    if e["effect"] == "grant_keyword" and e.get("keyword") == "Repeat" and t.get("kind") == "spell":
        return "inert"  # "your spells have [Repeat]": paid only as an entry says (`repeat:`), which no board here does
    if e["effect"] == "extra_trigger" and e.get("what") == "Deathknell effects" and t == {"side": "friendly"} \
            and not cond:
        return "extra_knell"  # "Your [Deathknell] effects trigger an additional time"
    if e["effect"] == "bonus_damage" and e.get("scope") == "your spells and abilities" and not t and not cond:
        return "bonus"  # "Your spells and abilities deal N Bonus Damage": each instance of their damage N more
    if e["effect"] == "equipment_might_double" and t == {"ref": "self"} and not cond:
        return "double"
    if e["effect"] == "death_replacement" and e.get("result") == "heal, exhaust and recall" and not cond \
            and t.get("side") == "friendly" and t.get("other") and t.get("might_less_than") == "self":
        return "saver"
    if e["effect"] == "no_combat_damage" and t == {"ref": "self"} and not cond:
        return "no_damage"
    if e["effect"] == "prevent_damage" and e.get("amount") == "all" and t == {"ref": "self"} and cond == MOVED_TWICE \
            and not e.get("from"):
        return "immune"  # "If I have moved twice this turn, I don't take damage": as the scenario's `immune:` says
    if e["effect"] == "no_combat_damage" and t == {"ref": "self"} and cond == UNLESS_PAIR:
        return "no_damage_unless_pair"  # "I don't deal combat damage unless I'm at a battlefield with one other"
    if e["effect"] in ("no_combat_damage", "untargetable") and t == LESS_HERE[e["effect"]]:
        return "less_" + e["effect"]  # "enemy units here with less Might than me" / "your units here with less ..."
    if e["effect"] == "untargetable" and t == {"ref": "self"} and e.get("by") == "enemy spells and abilities" \
            and (cond in (None, "unless I'm in combat") or _level(cond) is not None):
        return "untargetable"
    if e["effect"] == "movement_restriction" and e.get("restriction") == "can't move to base" and not cond:
        return "no_base" if t in ({"ref": "self"}, {"count": "all", "kind": "unit"}) else None
    if e["effect"] == "movement_restriction" and "to move multiple units" in e.get("restriction", ""):
        return "inert"  # standard moves only: none in a showdown (RB-COMB-5)
    if e["effect"] == "ready_restriction" and t == {"ref": "self"} and e.get("restriction") == "can't be readied":
        return "no_ready"  # "I can't be readied"
    if e["effect"] == "ready_restriction" and t == {"count": "all", "side": "enemy", "kind": "unit or gear"} \
            and cond == "While I'm at a battlefield":
        return "no_ready_enemies"  # "While I'm at a battlefield, spells and abilities can't ready enemy units"
    if e["effect"] == "unlimited_buffs" and t == {"ref": "self"}:
        return "unlimited"
    if e["effect"] == "play_restriction" and e.get("restriction") == "can only play units to their base":
        return "base_plays"  # while I'm at a battlefield: opponents play units only to their base
    if e["effect"] == "play_restriction" and t == {"side": "enemy", "kind": "player"} and (
            e.get("restriction") == NO_REVEAL and not cond
            or e.get("restriction") == NAMED_SPELL and cond == "While I'm at a battlefield"):
        return "no_reveal" if e["restriction"] == NO_REVEAL else "named_spell"  # an opponent's play refused
    if e["effect"] == "effect_replacement" and e.get("replaces") == CHOSEN_REPLACED and t == {"ref": "self"} \
            and e.get("result") == {"effect": "might_modifier", "value": 3, "target": {"ref": "self"}} \
            and cond == "I'm [Empowered]":
        return "chosen_plus"  # a stun, -Might or return to hand of a card choosing it: +3 Might instead
    if e["effect"] == "debuff_bonus" and e.get("scope") == DEBUFF_SCOPE and type(e.get("value")) is int \
            and cond == "I'm [Empowered]":
        return "debuff_bonus"  # a -Might its player's card gives a unit it chooses: N more
    if e["effect"] == "uncounterable" and e.get("scope") == "your spells and abilities" and cond == "I'm [Empowered]":
        return "inert"  # its player's cards can't be countered: no spell these boards play counters (asserted below)
    if e["effect"] == "might_modifier" and e.get("per") == TIMES_EMPOWERED and type(e.get("value_per")) is int \
            and t == {"ref": "self"} and not cond:
        return "empowered_times"  # +N Might for each time it is Empowered, as the scenario states
    if e["effect"] == "ignore_tank" and not cond:
        return "ignore_tank"
    if e["effect"] == "grant_keyword" and e.get("keyword") == "Quick-Draw" and t == YOUR_EQUIPMENT and not cond:
        return "quick_draw"  # its player's Equipment have Reaction and attach to a unit of his as played
    if cond not in STATIC_CONDITIONS and _level(cond) is None:
        return None
    if not (t == {"ref": "self"} or (t.get("count") == "all" and t.get("kind") == "unit"
                                     and set(t) <= {"count", "kind", "side", "other", "tag", "state", "location",
                                                    "token"})):
        return None
    if e["effect"] == "grant_keyword":
        if e["keyword"] in NO_DAMAGE_KEYWORDS:
            return "inert"
        return "keyword" if e["keyword"] in ("Assault", "Shield", "Tank", "Backline") else None
    if e["effect"] == "might_modifier" and (type(e.get("value")) is int or (
            type(e.get("value_per")) is int and e.get("per") in PER)):
        return "might"
    return None


def _trigger_read(e: dict) -> bool:
    """A combat trigger the oracle resolves: its kind, amount, target and condition."""
    t = e.get("target") or {}
    if e.get("split") and not (e["effect"] == "deal_damage" and type(e.get("amount")) is int
                               and t.get("count") == "any"):
        return False  # "deal N damage split among any number of enemy units here" is read
    if e.get("cost") not in (None, "kill me") and not re.fullmatch(r"\d+ (energy|\w+ runes?)( \(.*\))?", e["cost"]) \
            and not XP_COST.fullmatch(e["cost"]):
        return False  # Energy and runes (paid, nothing else on the board), "kill me" and XP spent are read
    if e.get("mode_option") and not _reveals(e) or (e.get("condition") and e["condition"] not in TRIGGER_CONDITIONS):
        return False
    if t.get("ref") not in (None, "self") or set(t) - {"count", "side", "kind", "location", "state", "other",
                                                        "might_max", "chooser", "ref"}:
        return False
    if t.get("count") not in (None, 1, "all", "any") or t.get("state") not in (None, "damaged", "attacking"):
        return False
    k = e["effect"]
    if k == "deal_damage":
        return type(e.get("amount")) is int or e.get("amount") in ("my Might", "my Assault") or (
            e.get("amount") == "variable" and (e.get("per") == "Equipment attached to me" or _reveals(e)))
    if k == "might_modifier":
        return type(e.get("value")) is int
    if k == "might_double":  # "double my Might this combat"
        return t == {"ref": "self"}
    if k == "might_set":  # "choose a unit here. Increase my Might to its Might" (never lowered)
        return str(e.get("value_from") or "").startswith("the Might of a chosen unit here")
    if k == "grant_keyword":
        return e.get("keyword") in ("Assault", "Shield", "Tank", "Backline")
    if k == "move":
        return e.get("to") == "base" and t.get("count") in ("any", 1)
    if k == PLAY_CARD:  # "you may ... play a card ..." (RB-CARD-27): its entry names the card
        return e.get("from") in ("hand", "main_deck") and e.get("what") in (None, HIDDEN_CARD) \
            and bool(e.get("optional")) and bool(e.get("unit_to")) and set(e["unit_to"]) <= set(UNIT_TO) and not t
    if k == "attach_equipment":  # "you may play an Equipment with Energy cost no more than N ... Attach it to me"
        return e.get("what") == FROM_HAND and type(e.get("energy_max")) is int and t == {"ref": "self"}
    return k in ("kill", "stun", "ready")


def _move_read(e: dict) -> bool:
    """A trigger on the unit's own move the oracle resolves before the showdown: Recruit tokens played here, +N
    Might to itself or to another friendly unit, damage to a unit at the battlefield ("instead" more if I'm
    [Empowered]), readying a friendly exhausted unit, an enemy or friendly unit moved into the battlefield from
    its base or an enemy one here moved to another battlefield; a condition the board does not decide stated; a
    cost of runes (paid, nothing else on the board)."""
    t = e.get("target") or {}
    if e.get("mode_option") and not (e.get("mode_rule") and e.get("mode_label")):
        return False  # an option set by a card drawn or revealed: stated as a condition (Hwei's "Unit")
    if e.get("cost") not in (None,) and not re.fullmatch(r"\d+ (energy|\w+ runes?)|\[Burn \d+\]", e["cost"]):
        return False  # runes paid; a [Burn N] (cards to the trash): nothing else on the board
    if e.get("condition") and e.get("replaces_previous") and e["condition"] != "I'm [Empowered]":
        return False
    k = e["effect"]
    if k == "create_unit_token":
        return type(e.get("count")) is int and type(e.get("might")) is int and e.get("to") in ("here", "moved_from") \
            and e.get("keyword") in (None, "Temporary")
    if k == "might_modifier" and e.get("value_from") == "my Might":  # "+[my Might] Might" to the unit it chose
        return e.get("value") == "variable" and t == {"ref": "chosen"}
    if k == "might_modifier":
        return type(e.get("value")) is int and (t == {"ref": "self"} or t.get("count") == 1)
    if k == "grant_keyword":  # "give another friendly unit my keywords"
        return e.get("keyword") == "my keywords" and t.get("ref") == "chosen" and t.get("chosen", {}).get("count") == 1
    if k == "deal_damage":
        return type(e.get("amount")) is int
    if k == "move":
        return e.get("to") in INTO_HERE + ("a different battlefield",)
    return k == "ready"


#: the permissions where a unit may be played that the oracle and the model read (the others are named as it is played)
READ_PERMISSIONS = ("a battlefield you're attacking",
                    "a battlefield where there are enemy units (with Ambush), even if you don't have units there",
                    "the killed unit's battlefield (even if you don't have other units there)")
#: where a move trigger's "move" takes a unit into the trigger's battlefield (from its player's base)
INTO_HERE = ("that battlefield", "the same battlefield")


def _ability_read(e: dict) -> bool:
    """An [Action] ability the oracle uses (RB-CARD-17): "Move me to your base" (Ezreal, Dashing), "[Stun] an
    enemy unit attacking here" (Shadow), for a cost of Energy, runes and exhausting the unit."""
    t = e.get("target") or {}
    cost = [p.strip() for p in str(e["activated"]).split(",")]
    if e.get("speed") not in ("action", "reaction") or e.get("use_restriction") or e.get("condition") \
            or not all(p == "exhaust" or p.endswith((" energy", " rune", " runes")) for p in cost):
        return False
    return (e["effect"] == "move" and e.get("to") == "base" and t == {"ref": "self"}) or (
        e["effect"] == "stun" and t == {"count": 1, "side": "enemy", "kind": "unit", "location": "same_location",
                                        "state": "attacking"})


def reading(r: dict) -> tuple[list[dict], list[tuple[dict, str]], list[str]]:
    """The record's combat triggers, its static abilities with how each is read, and what the oracle
    cannot read (the unit is then left out of its boards, with the reason). Its [Action] abilities the
    oracle uses are in :data:`ABILITIES`."""
    triggers, statics, unread = [], [], []
    r = _overlaid(r)
    abilities = ABILITIES.setdefault(r["name"], [])
    abilities.clear()
    moves = MOVES.setdefault(r["name"], [])
    moves.clear()
    events = EVENTS.setdefault(r["name"], [])
    events.clear()
    for e in r.get("effects") or ():
        trig = e.get("trigger")
        if e.get("effect") not in (r.get("combat_effects") or ()):
            if e.get("effect") == TOKENS and not e.get("activated") and trig not in NOT_HERE:
                # tokens played at the base by a trigger during the showdown (Viktor, Leader; a Deathknell): checked in
                # test_played_and_token_triggers.py
                unread.append(f"tokens its trigger plays at its base: {trig}")
            continue  # the data: no effect on a combat
        if trig == "At the start of your Beginning Phase" and e.get("duration") == "this_turn" \
                and (e.get("target") or {}) == {"ref": "self"}:
            # what it gives the unit lasts the turn, through a combat on its player's turn (RB-CARD-9): read from the
            # unit's `conditions_hold:` and the scenario's `turn:` in test_turn_start_effects.py
            unread.append(f"turn-start effect: {e}")
            continue
        if trig in NOT_HERE or e.get("effect") in ("play_location", "enters_ready"):
            continue
        if e.get("effect") == KILL_COST and not trig and set(e.get("target") or {}) == {"count", "side", "kind", "tags"}:
            continue  # the cost of its play from hand: read as it is played (:meth:`Oracle.hand_play`)
        if e.get("activated"):
            if _ability_read(e):
                abilities.append(e)
            continue  # normal speed (CR 806.1.c) or an [Action] ability: used only when a scenario says so
        if trig in COMBAT_TRIGGERS and _reveals(e) and (e.get("target") or {}).get("ref") == "chosen":
            e = {**e, "target": e["target"]["chosen"]}  # "choose an enemy unit here and reveal ...": that unit
        if trig in COMBAT_TRIGGERS:
            (triggers if _trigger_read(e) else unread).append(e if _trigger_read(e) else f"trigger: {e}")
            continue
        t = e.get("target") or {}
        if trig == DEATHKNELL and e["effect"] == "deal_damage" and type(e.get("amount")) is int \
                and t.get("count") == "all" and t.get("location") == "same_location" and not e.get("condition") \
                and set(t) <= {"count", "kind", "location"}:
            statics.append((e, "deathknell"))  # "Deal N to all units at my battlefield" as it dies
            continue
        if trig == FRIEND_DIES and e["effect"] == "might_modifier" and type(e.get("value")) is int \
                and t == {"ref": "self"} and not any(e.get(k) for k in ("condition", "optional", "cost",
                                                                         "mode_option")):
            events.append(("friend_dies", e))
            continue
        if trig == OPP_PLAYS and t == TRIGGERING and not e.get("condition") and (
                e["effect"] == "stun" or e["effect"] == "movement_restriction"
                and e.get("restriction") == "its controller can't move it this turn"):
            events.append(("opp_unit" if e["effect"] == "stun" else "opp_unit_lock", e))
            continue
        if trig == STUN_AT_BF and e["effect"] == "move" and t == {"ref": "self"} and e.get("to") == "that battlefield" \
                and not e.get("condition") and not e.get("cost"):
            events.append(("stun_at_bf", e))  # "you may": stated by an entry (or declined)
            continue
        if trig == OPP_GEAR and e["effect"] == "banish" and t == TRIGGERING_GEAR and e.get("optional") \
                and e.get("cost") == BANISH_ME and not any(e.get(k) for k in ("condition", "mode_option")):
            events.append(("opp_gear", e))  # "you may banish me to banish it": stated by an entry (or declined)
            continue
        if trig == FIRST_GEAR and e["effect"] == "ready" and e.get("optional") and not e.get("cost") \
                and (t.get("other") and t.get("state") == "exhausted" and t.get("count") == 1):
            events.append(("first_gear", e))  # "you may ready something besides me that's exhausted"
            continue
        if trig == FOLLOWS and e["effect"] == "move" and t == {"ref": "self"} \
                and e.get("to") == "the moving unit's destination" and not e.get("condition") and not e.get("cost"):
            events.append(("follow", e))  # "I may be moved with it": stated by an entry (or declined)
            continue
        if trig == "When I become ready" and e.get("mode_option") and e.get("mode_rule") == "choose one" \
                and e["effect"] == "grant_keyword" and t == {"ref": "self"}:
            events.append(("ready_mode", e))  # "choose one to give me this turn": the option stated (`mode:`)
            continue
        if trig == DEFEND_HERE and e["effect"] == "move" and t == {"ref": "self"} \
                and e.get("to") == "that battlefield" and not e.get("condition") and not e.get("cost"):
            events.append(("defend_here", e))  # "you may": stated by an entry (or declined)
            continue
        if trig == BECOMES_MIGHTY and e["effect"] == "ready" and t == TRIGGERING and not e.get("condition") \
                and re.fullmatch(r"\d+ \w+ runes?", str(e.get("cost") or "0 energy runes")):
            events.append(("mighty", e))  # "you may pay a rune": runes paid, nothing else on the board
            continue
        if trig == MIGHT_TEN and e["effect"] == "empower" and t == {"ref": "self"} \
                and not any(e.get(k) for k in ("condition", "optional", "cost", "mode_option")):
            events.append(("might10", e))  # "empower me": no choice, it resolves by itself
            continue
        if trig == BECOME_EMPOWERED and e["effect"] == "banish" and set(t) == {
                "count", "side", "kind", "location", "might_max"} and (t["count"], t["side"], t["kind"], t["location"]) \
                == (1, "enemy", "unit", "battlefield") and type(t["might_max"]) is int \
                and not any(e.get(k) for k in ("condition", "optional", "cost", "mode_option")):
            events.append(("empowered", e))  # its target stated by an entry
            continue
        if trig == ATTACHED and e["effect"] == "buff" and e.get("mode_option") and e.get("mode_rule") == ONCE_A_TURN \
                and t == {"count": 1, "side": "friendly", "kind": "unit"} and not e.get("condition"):
            events.append(("attach", e))  # the one option on the board, as its entry's `condition:` says
            continue
        if trig in FACEDOWN_PLAY and e["effect"] == "deal_damage" and type(e.get("amount")) is int \
                and t == ANY_ENEMY and not any(e.get(k) for k in ("condition", "optional", "cost", "mode_option")):
            events.append(("facedown_damage", e))  # "deal 2 to an enemy unit": its target stated by an entry
            continue
        if trig == RECYCLE and e["effect"] == "buff" and t == ANY_FRIEND \
                and not any(e.get(k) for k in ("condition", "optional", "cost", "mode_option")):
            events.append(("recycle", e))  # "buff a friendly unit": its target stated by an entry
            continue
        if trig == DISCARD_ME and e["effect"] == "might_modifier" and type(e.get("value")) is int and t == ANY_FRIEND \
                and e.get("optional") and re.fullmatch(r"\d+ energy", str(e.get("cost") or "0 energy")) \
                and not any(e.get(k) for k in ("condition", "mode_option")):
            events.append(("discarded_me", e))  # fired from the trash for the card discarded (never for one in play)
            continue
        if trig in EVENT_TRIGGERS and t == {"ref": "self"} and not e.get("mode_option") and (
                e["effect"] == "ready" or not e.get("condition") and (
                    e["effect"] == "buff" or e["effect"] == "might_modifier" and type(e.get("value")) is int)):
            events.append((EVENT_TRIGGERS[trig], e))  # readying: the same whether its condition holds or not
            continue
        if trig in MOVE_TRIGGERS and e["effect"] == "might_modifier" and type(e.get("value")) is int \
                and t == {"ref": "self"} and not any(e.get(k) for k in ("condition", "optional", "cost", "mode_option")):
            statics.append((e, "moved_from" if trig == FROM_BF else "moved"))  # "When I move ...: I get +N this turn", fired before the showdown
            continue
        if trig in MOVE_TRIGGERS:  # the other triggers on its own move, resolved before the showdown
            (moves if _move_read(e) else unread).append(e if _move_read(e) else f"move trigger: {e}")
            continue
        if trig or e.get("duration") != "static":
            unread.append(f"ability: {e}")
            continue
        how = _player_static(e) or _static(e)
        if how is None:
            unread.append(f"static: {e}")
        elif how != "inert":
            statics.append((e, how))
    for ck in r.get("conditional_keywords") or ():
        if ck["keyword"] in NO_DAMAGE_KEYWORDS or ck["keyword"] == "Temporary":
            continue
        if ck["keyword"] == "Empowered" and any(how == "empowered_times" for _, how in statics):
            continue  # "I can be [Empowered] up to three times": its status, as the scenario states it
        grant = {"effect": "grant_keyword", "keyword": ck["keyword"], "value": ck.get("value") or 1,
                 "target": {"ref": "self"}, "condition": ck["condition"]}
        if ck["condition"] == MIGHTY and ck["keyword"] in ("Assault", "Shield"):
            statics.append((grant, "mighty"))
        elif ck["condition"] == PAIRED:
            statics.append((grant, "keyword"))  # decided from the board
        elif ck["condition"] == ENEMIES_HERE and ck["keyword"] == "Assault":
            statics.append(({**grant, "condition": None}, "enemies_here"))
        elif ck["condition"] == GEAR_ASSAULT and ck["keyword"] == "Assault":
            statics.append(({**grant, "condition": None, "per": "friendly gear"}, "gear_assault"))
        elif ck["keyword"] in ("Assault", "Shield", "Tank", "Backline") \
                and not str(ck["condition"]).startswith("equal to the number of"):
            statics.append((grant, "stated"))  # as the scenario's `conditions_hold` states it (a count: not a yes/no)
        else:
            unread.append(f"conditional keyword: {ck}")
    if r.get("damage_immunity_text") and not any(how == "immune" for _, how in statics):
        unread.append("a 'don't take damage' clause")
    if r.get("unparsed_clauses"):
        unread.append("clauses the data could not structure")
    return triggers, statics, unread


COVERAGE = {c["name"]: c["status"] for c in coverage_rows() if c["type"] == "unit"}
MODELLED = sorted(n for n, r in RECORDS.items() if COVERAGE.get(n) == "modelled" and r["might"] is not None)
#: modelled units the oracle does not read, and why
NOT_IN_ORACLE = {n: reading(RECORDS[n])[2] for n in MODELLED if reading(RECORDS[n])[2]}
#: "partly" units whose only part the model leaves open is a keyword under a condition the scenario
#: states (`conditions_hold`)
STATED = sorted(n for n, r in RECORDS.items() if COVERAGE.get(n) == "partly" and r["might"] is not None
                and not reading(r)[2] and any(how == "stated" for _, how in reading(r)[1]))
#: "partly" units whose only part left open is their Deathknell should they die at the combat cleanup
#: (named NOT MODELLED on every board they are on; in a showdown it is read)
KNELL = sorted(n for n, r in RECORDS.items() if COVERAGE.get(n) == "partly" and r["might"] is not None
               and not reading(r)[2] and any(how == "deathknell" for _, how in reading(r)[1]))
UNITS = [n for n in MODELLED if n not in NOT_IN_ORACLE] + STATED + KNELL
READING = {n: reading(RECORDS[n]) for n in UNITS}
#: units with a trigger on another unit's death, play, stun or becoming [Mighty]
OTHER_EVENT_UNITS = sorted(n for n in UNITS if any(ev in ("friend_dies", "opp_unit", "stun_at_bf", "mighty")
                                                   for ev, _ in EVENTS[n]))
#: units where the interpreter departs from the card text (each would have a strict xfail test below)
INTERPRETER_WRONG: dict[str, str] = {}
#: the units drawn: every one the oracle reads; those with a trigger, a static ability, an [Action]
#: ability or a printed Assault, Shield, Tank or Backline drawn more often
#: units whose reading acts on the units a spell chooses (Gangplank, Naval; Mel, Newly Awakened): the choices of a
#: unit's trigger or ability are not tracked as a card's here, so they are drawn on their own boards
#: (:data:`CHOOSING_BOARD`), with units that choose nothing
CHOOSING_READ = sorted(n for n in UNITS if any(how in ("chosen_plus", "debuff_bonus") for _, how in READING[n][1]))
DRAWN = [n for n in UNITS if n not in INTERPRETER_WRONG and n not in CHOOSING_READ]
ACTIVE = [n for n in DRAWN if READING[n][0] or READING[n][1] or ABILITIES[n] or any(
    RECORDS[n][k] for k in ("assault", "shield", "tank", "backline"))]
#: a few units whose readings meet on one board: the death replacement, a Deathknell, "while I'm
#: [Mighty]", a clamp, Tank given by a trigger and ignored, the doubled Equipment, a trigger reading
#: its unit's Might
FOCUS = ["Soraka - Wanderer", "Kog'Maw - Caustic", "Karthus - Eternal", "Annie - Fiery", "Fiora - Victorious", "Leona - Zealot", "Yuumi - Magical Cat",
         "Dune Surfer", "Gearhead", "Yasuo - Remorseful", "Sunlit Guardian", "Garen - Commander",
         "Caitlyn - Patrolling", "Anivia - Primal"]
FOCUS_SPELLS = ["Incinerate", "Blood Rush", "Rune Prison", "Hextech Ray", "Challenge", "Gust"]


#: modelled units whose newer readings this oracle does not draw yet (a unit whose reading is added to the model is
#: listed here until this oracle reads it): the units whose trigger plays unit tokens at their player's base during
#: the showdown (a Deathknell, Viktor's), checked against the card text in test_played_and_token_triggers.py
NOT_READ_YET: list[str] = ["Carrion Dredger", "Ferrous Forerunner", "Machine Evangel", "Noxian Emissary",
                           "Viktor - Innovator", "Viktor - Leader"]
#: the units whose triggers wait on their own change of state or on an Equipment attached to them (:data:`MIGHT_TEN`)
OWN_EVENT_UNITS = sorted(n for n in UNITS if any(ev in ("might10", "empowered", "attach") for ev, _ in EVENTS[n]))
#: the units whose static ability reaches "your [Empowered] units" (Aurok General)
EMPOWERED_READERS = sorted(n for n in UNITS if any((e.get("target") or {}).get("state") == "empowered"
                                                   for e, _ in READING[n][1]))
#: the units that can be Empowered more than once, the scenario stating how many times (`empowered: 0..3`)
TIMES_UNITS = sorted(n for n in UNITS if any(how == "empowered_times" for _, how in READING[n][1]))
#: the units refusing an opponent's play from facedown at their battlefield / of the spell they named
NO_REVEAL_UNITS = sorted(n for n in UNITS if any(how == "no_reveal" for _, how in READING[n][1]))
NAMING_UNITS = sorted(n for n in UNITS if any(how == "named_spell" for _, how in READING[n][1]))
#: the units whose "don't take damage" clause the scenario states (`immune:`, drawn)
IMMUNE_UNITS = sorted(n for n in UNITS if any(how == "immune" for _, how in READING[n][1]))


def test_the_oracle_reads_every_modelled_unit_but_a_few_named_ones():
    # Ambessa, Respected and Feared: its Empowered "kill an enemy unit here with less Might than me" is checked
    # in test_empowered_units.py; Forsaken Baccai, Oasis Raider: what their turn-start ability gives them this turn,
    # in test_turn_start_effects.py
    assert set(NOT_IN_ORACLE) - set(NOT_READ_YET) == {"Azir - Sovereign", "Ambessa, Respected and Feared",
                                                      "Forsaken Baccai", "Oasis Raider"}, NOT_IN_ORACLE
    assert set(NOT_READ_YET) <= set(NOT_IN_ORACLE)  # a unit read here leaves the list
    assert IMMUNE_UNITS == ["Kayn - Unleashed"]
    assert not set(OTHER_EVENT_UNITS) & set(NOT_IN_ORACLE)
    assert len(UNITS) >= 250
    with_triggers = {n for n in UNITS if READING[n][0]}
    assert {"Yasuo - Remorseful", "Anivia - Primal", "Warwick - Hunter", "Yuumi - Magical Cat", "Atakhan",
            "Corrupted Dragon", "Riven, Shattered", "Kha'Zix - Mutating Horror"} <= with_triggers
    kinds = {how for n in UNITS for _, how in READING[n][1]}
    assert kinds == {"might", "keyword", "double", "saver", "no_damage", "ignore_tank", "mighty", "stated",
                     "deathknell", "enemies_here", "moved", "moved_from", "extra_knell", "bonus", "player_value",
                     "player_per", "player_cond", "gear_assault", "prevent", "empowered_times"} | set(GUARDS)
    assert "Akali, Silent" in {n for n in UNITS if any(how == "moved" for _, how in READING[n][1])}
    with_events = {n for n in UNITS if EVENTS[n]}
    assert {"Ravenbloom Student", "Diana - No Longer Human", "Revna the Lorekeeper", "Eclipse Herald",
            "Cithria of Cloudfield", "Reluctant Leader", "Pit Crew"} <= with_events
    assert {n: sorted({ev for ev, _ in EVENTS[n]}) for n in OTHER_EVENT_UNITS} == {
        "Spectral Centaur": ["friend_dies"], "Vex - Apathetic": ["opp_unit", "opp_unit_lock"],
        "Vex - Mocking": ["stun_at_bf"], "Fiora - Worthy": ["mighty"]}
    assert {n: sorted({ev for ev, _ in EVENTS[n]}) for n in OWN_EVENT_UNITS} == {
        "Renekton, Brute": ["might10"], "Mel, Defiant Soul": ["empowered"], "Aphelios - Exalted": ["attach"]}
    assert KNELL == ["Kog'Maw - Caustic"]
    assert sorted(n for n in UNITS if ABILITIES[n]) == ["Ezreal - Dashing", "Shadow"]
    # Raging Soul: read with its conditional keyword stated (`conditions_hold`), "partly" or "modelled"
    assert {"Raging Soul", "Shadow Fiend"} <= set(UNITS)
    # read from the board: a split trigger, triggers with a cost, keywords and Might under board conditions
    assert {"Volibear - Furious", "Overzealous Fan", "Sinister Poro", "Icevale Archer", "Baccai Reaper",
            "Draven - Vanquisher", "Disciple of Shen", "Ancient Warmonger", "Crimson Pigeons",
            "Dame the Despoiler", "Jax - Unmatched", "Irelia - Fervent", "Soul Shepherd",
            "Lillia - Protector of Dreams", "Petal Pixie", "Simian Ancestor"} <= set(UNITS)


# ---- the oracle ------------------------------------------------------------------------------------
class Oracle(SpellOracle):
    """The showdown and the damage step with units' printed abilities, from the records' meaning."""

    def __init__(self, att, dfd, base, states, xp, equipped, cards=None, player=None):
        self.states, self.xp = states, dict(xp)  #: each side's XP now (less what a trigger spent)
        #: what each side states of its player (:data:`PLAYER_FIELDS`)
        self.player = player or {s: {} for s in ("attacker", "defender")}
        self.dealer: str | None = None  #: the side whose Deathknell deals damage now
        self.gear_played: set[str] = set()  #: the sides that played a gear card in the showdown
        self.cards = dict(cards or {"attacker": 0, "defender": 0})  #: cards played this turn, before the showdown
        self.pending: list[str] = []  #: units readied whose "When I become ready" waits for what readied them
        self.moving: list[list[str]] = []  #: units moved whose own move triggers wait for what moved them
        self.moved_now: list[str] = []  #: the units moved during the showdown (their next move is not their first)
        self.base_names = set(base)  #: the units at a base as the combat is staged
        self.died: list[str] = []
        self.saved: list[str] = []
        #: units that died whose Deathknell has not resolved yet, each ``[unit, additional times]``: the copies are
        #: counted as it dies (every copy on the chain before the first resolves, RB-CARD-19)
        self.knells: list[list] = []
        self.actor: str | None = None  #: the side whose card, ability or trigger is resolving (who readies, chooses)
        self.locked: list[str] = []  #: units their controller can't move this turn ("They can't move it this turn")
        self.deaths: list[str] = []  #: units that died whose "When another friendly unit dies" triggers wait
        self.extra: list[dict] = []  #: entries stating the choices of the triggers the last resolution fired
        self.fresh: list[str] = []  #: units a card played anew (RB-CARD-24)
        self.entry_keys: dict = {}  #: the played card's entry keys beyond its targets (`to:`, `facedown:`)
        self.draw = None  #: hypothesis's draw, for the choices of triggers fired mid-showdown
        self.seen: set[str] = set()  #: which of these readings acted on the board (hypothesis's statistics)
        #: the units whose "don't take damage" clause the model names NOT MODELLED: played anew (the scenario states
        #: no `immune:` for it), or moved while it did not hold (whether that move makes it hold is not stated)
        self.named: set[str] = set()
        self.played_tokens: list[str] = []  #: the tokens a unit played from hand just played (an opponent's Vex waits)
        #: the unit tokens whose names the scenario reader does not know, so that a later entry naming one is refused: a
        #: move trigger's beyond those it knows (:func:`_compare`; the tokens a unit's "When you play me" plays it knows)
        self.unnamed: list[str] = []
        self.died_away: list[str] = []  #: units killed at their base or another battlefield (what it fires: named)
        #: the unit tokens move triggers played; the names the scenario reader knows for them: for each unit of the
        #: scenario with such a trigger, its tokens once and once more for each showdown entry ("Recruit 1", "Recruit
        #: 2", ... the first numbers, counted in :func:`_compare`), so a token the move trigger of a unit played in
        #: the showdown played a later entry can't name
        self.move_tokens: list[str] = []
        counts: dict[str, int] = {}
        for n in list(att) + list(dfd) + list(base):
            for e in MOVES.get(states.get(n, {}).get("card"), ()):
                if e["effect"] == "create_unit_token":
                    counts[e["token"]] = counts.get(e["token"], 0) + e["count"]
        self.token_counts = counts
        super().__init__(att, dfd, base, equipped, {})
        #: whether a "When a unit you control becomes [Mighty]" is on the board, and the units Mighty at the last
        #: cleanup (a unit in play with 5+ Might; one entering play Mighty did not become so)
        #: the gear each side's units have attached as the showdown begins (the gear the scenario lists; read by the
        #: Might below)
        self.gear_listed = {s: sum(len(y["equip"]) for y in self.u.values() if y["side"] == s) + len(self.gear[s])
                            for s in ("attacker", "defender")}
        self.watch_mighty = any(ev == "mighty" for y in self.u.values() if y.get("card")
                                for ev, _ in EVENTS.get(y["card"], []))
        self.mighty = self._mighty_now() if self.watch_mighty else set()
        #: for each unit waiting on its own Might reaching 10 or its becoming [Empowered], whether that held at the last
        #: cleanup (``"unit|event"``), kept from the showdown's start (:meth:`start_becoming`; None before: the move
        #: triggers resolved before it change nothing a unit "becomes")
        self.becoming: dict | None = None
        #: the units whose option "Buff a friendly unit" ("choose one that hasn't been chosen this turn") was chosen
        self.once: list[str] = []
        self.zileans_used: list[str] = []  #: the Zileans whose "Once each turn ... an additional copy" was used
        #: the units whose trigger played unit tokens with a Zilean of their side at a battlefield, no entry stating
        #: the additional copy (`extra_copy:`): the model names that choice NOT MODELLED
        self.zilean_named: list[str] = []
        #: the units whose trigger playing a card (RB-CARD-27) no entry states: the model names them NOT MODELLED
        self.unstated: list[str] = []

    def zileans(self, side) -> tuple[list[str], list[str]]:
        """The Zilean, Time Mage of ``side`` at a battlefield (this one or another), and those whose "once each turn"
        additional token copy is not used yet."""
        at = [n for n, y in self.u.items() if y["side"] == side and y["where"] in ("bf", "elsewhere")
              and y.get("card") and any(how == "token_copy" for _, how in READING[y["card"]][1])]
        return at, [n for n in at if n not in self.zileans_used]

    def _add(self, name, side, where):
        st_ = self.states.get(name, {})
        card = st_.get("card")
        r = RECORDS[card] if card else None
        self.u[name] = {"side": side, "printed": r["might"] if r else st_["might"],
                        "delta": (1 if st_.get("buffed") else 0) + (sum(
                            e["value"] for e, how in READING[card][1]
                            if how == "moved" or how == "moved_from" and st_.get("from_bf"))
                            if card and where == "bf" and not st_.get("fresh")
                            and (side == "attacker" or st_.get("moved")) else 0),
                        "assault": r["assault"] if r else 0, "shield": r["shield"] if r else 0,
                        "tank": bool(r and r["tank"]), "backline": bool(r and r["backline"]),
                        "stunned": bool(st_.get("stunned")), "marked": 0, "prevent": 0,
                        "buffed": bool(st_.get("buffed")), "doubled": 0, "where": where,
                        "tags": (r.get("tags") or []) if r else [], "domains": (r.get("domains") or []) if r else [],
                        "equip": [], "card": card, "exhausted": bool(st_.get("exhausted")),
                        # Empowered or not; how many times for a unit that can be more than once (Kayle, Justified)
                        "empowered": st_.get("empowered") if r and card in TIMES_UNITS else bool(st_.get("empowered")),
                        "hold": bool(st_.get("hold")),
                        "no_damage": bool(r and r["no_combat_damage"] and not any(
                            e.get("effect") == "no_combat_damage" and e.get("condition") for e in r["effects"])),
                        "ignores_tank": bool(r and r["ignores_tank_here"]),
                        "token": bool(st_.get("token")),
                        "immune": bool(st_.get("immune")),  # as the scenario states it (a fresh unit: not)
                        # [Temporary] stated on the board, or printed on the card (Sprite, a token unit)
                        "temporary": bool(st_.get("temporary")) or bool(r and any(
                            k.split()[0] == "Temporary" for k in r.get("keywords") or ()))}

    # RB-CARD-9: the static abilities that reach a unit ----------------------------------------------
    def _holds(self, cond, src) -> bool:
        y = self.u[src]
        mine = [m for m in self.present(y["side"])]
        if cond in (None, "While I'm at a battlefield"):
            return True
        if cond == "While I'm attacking or defending alone":
            return mine == [src]
        if cond == "While I'm buffed":
            return y["buffed"]
        if cond == "While you have another unit here":
            return len(mine) > 1
        if cond == "While there's a stunned enemy unit here":
            enemy = "defender" if y["side"] == "attacker" else "attacker"
            return any(self.u[m]["stunned"] for m in self.present(enemy))
        if cond == "I'm [Empowered]":
            return y["empowered"]
        if cond == ATTACKING_WITH:
            return y["side"] == "attacker" and len(mine) > 1
        if cond == PAIRED:
            return len(mine) == 2
        return self.xp[y["side"]] >= _level(cond)

    def _fits(self, t, src, n) -> bool:
        y, x = self.u[src], self.u[n]
        if t.get("ref") == "self":
            return src == n
        if t.get("other") and src == n or (t["side"] == "friendly") != (y["side"] == x["side"]):
            return False
        if t.get("token") and not x.get("token"):  # "your token units"
            return False
        if t.get("tag") and t["tag"] not in x["tags"] or t.get("state") == "buffed" and not x["buffed"]:
            return False
        if t.get("state") == "empowered" and not x["empowered"]:  # "your [Empowered] units": as each states it
            return False
        return not (t.get("state") == "stunned" and not x["stunned"])

    def reached(self, n):
        """(Might, Assault, Shield, Tank, Backline) of ``n`` with every static ability reaching it."""
        x = self.u[n]
        here = x["where"] == "bf"
        might = super().might(n) - ((x["assault"] if x["side"] == "attacker" else x["shield"]) if here else 0)
        assault, shield, tank, backline = x["assault"], x["shield"], x["tank"], x["backline"]
        clamps, mighty = [], []
        for src, y in self.u.items():
            if y["where"] not in ("bf", "base", "elsewhere") or not y.get("card"):
                continue
            for e, how in READING[y["card"]][1]:
                # RB-CARD-9: a source at its base or at another battlefield reaches the units its words reach
                # anywhere ("Your token units have [Tank]"): not "here", nor under a condition (read at the battlefield)
                t = e.get("target") or {}
                if how in ("saver", "no_damage", "ignore_tank", "deathknell", "moved", "moved_from", "extra_knell",
                           "bonus", "prevent") + GUARDS:
                    continue
                if t.get("location") == "same_location" and not (y["where"] == "bf" and here):
                    continue
                if e.get("condition") and y["where"] != "bf":
                    continue  # a conditional static ability is read at the battlefield only
                if how == "mighty":
                    if src == n:
                        mighty.append(e)
                    continue
                if how in ("player_value", "player_per", "player_cond", "gear_assault"):
                    if src != n:
                        continue
                    if how == "player_cond":  # a condition on its player, as his side states it (at the battlefield)
                        field, least = player_condition(e["condition"])
                        might += e["value"] if here and self.player[y["side"]].get(field, 0) >= least else 0
                    elif how == "player_value":
                        might += self.player[y["side"]].get(FROM_PLAYER[e["value_from"]], 0)
                    else:
                        got = self.per_player(e["per"], y["side"])
                        if how == "player_per":
                            might += e["value_per"] * got
                        else:
                            assault += got
                    continue
                if how == "empowered_times":  # +N Might for each time it is Empowered (a fresh unit: none)
                    if src == n and x["empowered"]:
                        might += e["value_per"] * int(x["empowered"])
                        self.seen.add(f"Empowered {int(x['empowered'])} times")
                    continue
                if how == "enemies_here":  # Assault for each enemy unit at its battlefield (none at a base)
                    if src == n and here:
                        assault += len(self.present("defender" if x["side"] == "attacker" else "attacker"))
                    continue
                if how == "stated":  # a keyword held "[Empowered]" follows its status (a card may empower it)
                    if src != n or not (y["empowered"] if e.get("condition") == "Empowered" else y["hold"]):
                        continue
                elif not self._holds(e.get("condition"), src) or not self._fits(t, src, n):
                    continue
                if how == "double":
                    might += sum(BONUS[g] for g in x["equip"])
                elif how == "might" and e.get("value_per") is not None:
                    mine = [m for m in self.present(y["side"])] if y["where"] == "bf" else []
                    if e["per"] == "buffed friendly unit at my battlefield":
                        might += e["value_per"] * sum(1 for m in mine if self.u[m]["buffed"])
                    elif e["per"] == "your units with [Temporary] at my battlefield":
                        might += e["value_per"] * sum(1 for m in mine if self.u[m].get("temporary"))
                    else:
                        might += e["value_per"] * sum(1 for m in mine if m != src and self.u[m]["card"] == y["card"])
                elif how == "might" and e.get("min_might") is not None:
                    clamps.append(e)
                elif how == "might":
                    might += e["value"]
                elif e["keyword"] == "Assault":
                    assault += e.get("value") or 1
                elif e["keyword"] == "Shield":
                    shield += e.get("value") or 1
                elif e["keyword"] == "Tank":
                    tank = True
                elif e["keyword"] == "Backline":
                    backline = True
        if here:  # RB-MIGHT-4/5: only with its designation, in the combat (RB-COMB-4)
            might += assault if x["side"] == "attacker" else shield
        for e in clamps:  # "to a minimum of": read after every other change, never raising
            might = max(might + e["value"], min(might, e["min_might"]))
        for e in mighty:  # "while I'm [Mighty]" (5+ Might), its own bonus not counted (mighty_own_keyword)
            if here and might >= 5:
                v = e["value"]
                if e["keyword"] == "Assault":
                    assault += v
                    might += v if x["side"] == "attacker" else 0
                else:
                    shield += v
                    might += v if x["side"] == "defender" else 0
        return might, assault, shield, tank, backline

    def might(self, n):
        return self.reached(n)[0]

    def per_player(self, per, side) -> int:
        """What "for each token unit you control" / "each friendly gear" counts for ``side``'s player: the token units
        of his in play now, or the gear his side listed as the showdown began; and those its side states elsewhere."""
        if per == "friendly gear":
            listed = self.gear_listed[side]
        else:
            listed = sum(1 for y in self.u.values() if y["side"] == side and y.get("token")
                         and y["where"] in ("bf", "base", "elsewhere"))
        return listed + self.player[side].get(PER_PLAYER[per], 0)

    def damage(self, n, amount):
        """Damage a spell, an ability or a trigger deals to ``n`` now, unless its own static ability prevents it:
        "While you control 7 or more runes, prevent all damage that enemy spells and abilities would deal to me" (its
        side's stated runes); "[Empowered] I can't be dealt damage unless I'm in combat" (away from the battlefield). A
        fight's damage the units deal: not prevented by the first."""
        x = self.u[n]
        if x.get("immune"):  # "I don't take damage" holds (`immune: true`): none is dealt (RB-ORD-7)
            self.seen.add("damage to a unit that can't be dealt damage: none dealt")
            return
        by = self.dealer or self.actor
        for e, how in READING[x["card"]][1] if x.get("card") else ():
            if how != "prevent":
                continue
            if e.get("from") == ENEMY_SPELLS:
                field, least = player_condition(e["condition"])
                if by is not None and by != x["side"] and not self.fighting \
                        and self.player[x["side"]].get(field, 0) >= least:
                    self.seen.add("damage prevented: enemy spells and abilities")
                    return
            elif x["empowered"] and x["where"] != "bf":
                self.seen.add("damage prevented: out of combat" + (" (a fight)" if self.fighting and amount else ""))
                return
        super().damage(n, amount)

    fighting = False

    def pair(self, e, a, b):
        self.fighting = True
        try:
            super().pair(e, a, b)
        finally:
            self.fighting = False

    def pool(self, side):
        return sum(max(0, self.might(n)) for n in self.present(side) if not self.deals_nothing(n))

    # RB-CARD-9: "don't deal combat damage", "can't be chosen", "can't move to base", any number of buffs -----
    def _in_play(self):
        return [(src, y, e, how) for src, y in self.u.items()
                if y.get("card") and y["where"] in ("bf", "base", "elsewhere") for e, how in READING[y["card"]][1]]

    def deals_nothing(self, n) -> bool:
        x = self.u[n]
        if x["stunned"] or x["no_damage"]:
            return True
        for src, y, e, how in self._in_play():
            if how == "no_damage_unless_pair" and src == n and len([m for m in self.present(x["side"]) if m != n]) != 1:
                return True
            if how == "less_no_combat_damage" and y["where"] == "bf" and y["side"] != x["side"] \
                    and self.might(n) < self.might(src):
                return True
        return False

    def untargetable(self, n, by) -> bool:
        """Whether ``by``'s spells and abilities may not choose ``n``."""
        x = self.u[n]
        if x["side"] == by:
            return False
        for src, y, e, how in self._in_play():
            c = e.get("condition")
            if how == "untargetable" and src == n and not (c == "unless I'm in combat" and y["where"] == "bf") \
                    and not (_level(c) is not None and self.xp[y["side"]] < _level(c)):
                return True
            if how == "less_untargetable" and y["side"] == x["side"] and y["where"] == x["where"] \
                    and self.might(n) < self.might(src):
                return True
        return False

    #: while a card played from facedown chooses its targets: where it was hidden ("bf": the Defender's, at this
    #: battlefield he controls; "elsewhere": the Attacker's), the only place it chooses units (RB-CARD-26)
    hidden_at: str | None = None

    def candidates(self, by, spec, chosen):
        got = super().candidates(by, spec, chosen)
        if self.hidden_at and spec.get("count") != "all" and spec.get("location") not in (
                "base", "elsewhere", "another location"):
            got = [n for n in got if self.u[n]["where"] == self.hidden_at]
        return got if spec.get("count") == "all" else [n for n in got if not self.untargetable(n, by)]

    def no_base(self, n) -> bool:
        return any(how == "no_base" and (src == n or (e.get("target") or {}).get("count") == "all")
                   for src, y, e, how in self._in_play())

    def bonus(self, side) -> int:
        """The Bonus Damage ``side``'s spells and abilities deal: each "Your spells and abilities deal N Bonus
        Damage" of his units in play."""
        return sum(e["amount"] for m, y in self.u.items() if y["side"] == side and y.get("card")
                   and y["where"] in ("bf", "base", "elsewhere") for e, how in READING[y["card"]][1] if how == "bonus")

    # RB-CARD-10: "When you play a spell / a gear", "When you stun an enemy unit", "When I become ready" -------
    def ready(self, n):
        """Ready ``n`` (a spell's or an ability's): unless it can't be readied; exhausted, it becomes ready and
        its "When I become ready" resolves once what readied it has (:meth:`flush`)."""
        x = self.u[n]
        for src, y, e, how in self._in_play():
            if how == "no_ready" and src == n or how == "no_ready_enemies" and y["where"] in ("bf", "elsewhere") \
                    and y["side"] != x["side"]:
                return
        if x["exhausted"]:
            x["exhausted"] = False
            self.pending.append(n)

    def flush(self):
        """The "When I become ready" of the units readied by what just resolved."""
        while self.pending:
            n = self.pending.pop(0)
            x = self.u[n]
            options = []
            for ev, e in EVENTS.get(x["card"], []) if x.get("card") else ():
                # "When I become ready"; "When you ready me": readied by its own player's card or ability
                if (ev == "ready" or ev == "chosen_ready" and self.actor == x["side"]) \
                        and x["where"] in ("bf", "base", "elsewhere"):
                    x["delta"] += e["value"]
                if ev == "ready_mode" and x["where"] in ("bf", "base", "elsewhere"):
                    options.append(e)
            if options:  # "choose one to give me this turn": the option its entry states, right after what readied it
                k = self.draw(st.integers(1, len(options)))
                self.extra.append({"trigger": n, "when": "ready", "mode": k})
                self.seen.add(f"readied: option {k} given")
                self.effect({**options[k - 1], "duration": "this_turn"}, n)
            self.cleanup()

    # RB-CARD-10: a unit moved after the combat was staged fires its own move triggers ------------------------------
    def move(self, n, to):
        """Move ``n`` (a card's, an ability's or a trigger's move) to ``to``; its own triggers wait (:meth:`moves`)."""
        x = self.u[n]
        self.may_move(n)
        if x["where"] != to and x["where"] != "gone":
            self.moving.append([n, x["where"], to])
            x["where"] = to

    def moves(self):
        """The move triggers of the units moved by what just resolved, in the order they moved, each once its
        cause and its cleanup are done: "When I move" and "When I move from a location" on any move, "When I move
        to a battlefield" on one to a battlefield, "The first time I move each turn" on a unit's first (an attacker
        moved in; a defender or a unit at its base as its `moved:` says). What the oracle resolves by itself: "+N
        Might this turn" to itself, unit tokens played where it is now; a trigger with any other part is left
        (the interpreter names it: no entry states a choice mid-showdown). Then the units that may follow it
        (:meth:`follow`)."""
        while self.moving:
            step = self.moving.pop(0)
            self._own_moves(step)
            self.follow(*step)

    def _own_moves(self, step):
        """The own move triggers of the unit ``step`` moved."""
        for n, src, dst in [step]:
            x = self.u[n]
            if x.get("card") in IMMUNE_UNITS and not x.get("immune"):
                self.named.add(n)  # a move its "moved twice" counts: whether it makes the clause hold, not stated
                self.seen.add("a unit whose clause did not hold moved: named")
            if n in self.fresh:  # played anew in the showdown: a new object, not moved this turn
                first = n not in self.moved_now
            elif n in self.states and x["side"] == "attacker" and n not in self.base_names:
                first = False  # it moved in, staging the combat
            elif n in self.states:
                first = n not in self.moved_now and not self.states[n].get("moved")
            else:
                first = n not in self.moved_now
            self.moved_now.append(n)
            card = x.get("card")
            if not card or x["where"] == "gone":
                continue
            fires = {"When I move": True, "When I move from a location": True,
                     "When I move to a battlefield": dst != "base", "The first time I move each turn": first,
                     FROM_BF: src != "base"}
            statics = [e for e, how in READING[card][1] if how in ("moved", "moved_from")]
            groups: dict = {}
            for e in _overlaid(RECORDS[card])["effects"]:
                if fires.get(e.get("trigger")) and (e in statics or e in MOVES.get(card, [])):
                    groups.setdefault(e["trigger"], []).append(e)
            for trig, effects in groups.items():
                if not all(e in statics or e["effect"] == "create_unit_token" and _no_choice([e]) for e in effects):
                    continue  # a choice: named NOT MODELLED
                self.actor = x["side"]
                for e in effects:
                    if e in statics:
                        x["delta"] += e["value"]
                        continue
                    if self.zileans(x["side"])[0]:  # no entry states Zilean's additional copy: named
                        self.zilean_named.append(n)
                    i, made = 0, []
                    for _ in range(e["count"]):
                        i += 1
                        while f"{e['token']} {i}" in self.u:
                            i += 1
                        # "here": where it is now; "there" (moved_from): where it moved from
                        self.u[f"{e['token']} {i}"] = token_unit(x["side"], e, src if e.get("to") == "moved_from"
                                                                 else x["where"])
                        made.append(f"{e['token']} {i}")
                        self.move_tokens.append(made[-1])
                    for _ in range(e["count"]):
                        self.fire(x["side"], "unit")
                        self.fire(x["side"], "token")
                    for tk in made:
                        self.opp_played(tk)
                self.cleanup()
                self.flush()

    def follow(self, n, src, dst):
        """"When a friendly unit moves from my location, I may be moved with it" (Stealthy Pursuer): each unit of
        ``n``'s side with it at ``src`` (the battlefield, its base) moves to ``dst`` too or stays, its entry stating
        which right after what moved ``n``; then its own move is like any other (another unit with it may follow it)."""
        x = self.u[n]
        with_it = [m for m, y in self.u.items() if m != n and y["side"] == x["side"] and y["where"] == src
                   and y.get("card") and any(ev == "follow" for ev, _ in EVENTS.get(y["card"], []))]
        # two of them at one place: each one moved fires the other's again, on the chain above the first (not drawn)
        assume(len(with_it) <= 1)
        for m in with_it:
            y = self.u[m]
            # another battlefield: the model holds one place for all of them (whether it is the same one: named)
            assume(src != "elsewhere")
            self.seen.add("a friendly unit moved from its location: followed or not")
            if self.draw(st.booleans()):
                self.extra.append({"trigger": m, "when": "move"})
                self.actor = y["side"]
                self.move(m, dst)
                self.cleanup()
            else:
                self.extra.append({"trigger": m, "when": "move", "decline": True})

    def fire(self, by, event, exclude=None):
        for src, y in list(self.u.items()):
            if y["side"] != by or y["where"] not in ("bf", "base", "elsewhere") or not y.get("card") or src == exclude:
                continue
            for ev, e in EVENTS.get(y["card"], []):
                if ev == "facedown_damage" and event == "facedown":
                    self.facedown_damage(src, e, by)
                    continue
                if ev != event:
                    continue
                if e["effect"] == "ready":
                    self.ready(src)
                elif e["effect"] == "buff":
                    self.effect(e, src)
                else:
                    y["delta"] += e["value"]
            self.cleanup()
            self.flush()

    def facedown_damage(self, n, e, by):
        """"When you play a card from face down, deal 2 to an enemy unit" of ``n``: as ``by`` plays a card from facedown,
        before it resolves; the enemy unit its entry names (any in play that ``by``'s abilities may choose: where the
        card was hidden restricts the card's targets only, RB-CARD-26), none to choose: no entry."""
        cands = [m for m, z in self.u.items() if z["side"] != by and z["where"] in ("bf", "base", "elsewhere")
                 and not self.untargetable(m, by)]
        if not cands:
            self.seen.add("a card from face down: no enemy unit to deal 2 to")
            return
        m = self.draw(st.sampled_from(cands))
        self.seen.add(f"a card from face down: 2 to an enemy unit at {self.u[m]['where']}")
        self.extra.append({"trigger": n, "when": "play", "target": m})
        self.actor = by
        self.effect({**e, "duration": "this_turn"}, m)

    def recycled(self, by):
        """"When you recycle one or more cards to your Main Deck, buff a friendly unit" of each unit of ``by``'s in play,
        as his [Predict] spell recycled the card he looked at (its entry's `recycled:`, drawn), right after it."""
        self.entry_keys["recycled"] = recycled = self.draw(st.booleans())
        for n, y in list(self.u.items()):
            if y["side"] != by or y["where"] not in ("bf", "base", "elsewhere") or not y.get("card"):
                continue
            for ev, e in EVENTS.get(y["card"], []):
                if ev != "recycle" or not recycled:
                    continue
                cands = [m for m, z in self.u.items() if z["side"] == by and z["where"] in ("bf", "base", "elsewhere")]
                m = self.draw(st.sampled_from(cands))
                self.seen.add("a card recycled: a friendly unit buffed" + (" (buffed already)" if self.u[m]["buffed"]
                                                                           else ""))
                self.extra.append({"trigger": n, "when": "recycle", "target": m})
                self.actor = by
                self.chosen(by, [m])  # a unit of his its ability chooses: its "When you choose me" first
                self.effect({**e, "duration": "this_turn"}, m)
                self.cleanup()
                self.flush()

    def discarded(self, by, card):
        """"When you discard me, you may pay 1 Energy to give a friendly unit +2 Might this turn": the unit card
        ``card`` its player's card discarded from his hand fires it from the trash, right after that card: its entry
        names the friendly unit (any of his in play) or declines."""
        for ev, e in EVENTS.get(card, []) if card in RECORDS else ():
            if ev != "discarded_me":
                continue
            cands = [m for m, z in self.u.items() if z["side"] == by and z["where"] in ("bf", "base", "elsewhere")]
            m = self.draw(st.sampled_from([None] + cands)) if cands else None
            if m is None:  # declined; with no friendly unit in play it does nothing, no entry (test_oracle_findings_e.py)
                self.seen.add("a unit card discarded: its trigger " + ("declined" if cands else "with no unit"))
                if cands:
                    self.extra.append({"trigger": card, "when": "discard", "decline": True})
                continue
            self.seen.add(f"a unit card discarded: +{e['value']} to a friendly unit at {self.u[m]['where']}")
            self.extra.append({"trigger": card, "when": "discard", "target": m})
            self.actor = by
            self.chosen(by, [m])
            self.effect({**e, "duration": "this_turn"}, m)
            self.cleanup()
            self.flush()

    def stuns(self, by, before):
        for n, x in list(self.u.items()):
            if x["stunned"] and n not in before and x["side"] != by:
                self.fire(by, "stun")
                if x["where"] in ("bf", "elsewhere"):
                    self.stunned_at(by, n)

    def stunned_at(self, by, n):
        """"When you [Stun] an enemy unit at a battlefield, you may move me to that battlefield": each unit of ``by``'s
        with it, in play, resolves it right after what stunned ``n``: its entry states the move or declines it. At
        this battlefield already (and ``n`` too), it has nothing to choose: no entry."""
        where = self.u[n]["where"]
        for m, y in list(self.u.items()):
            if y["side"] != by or y["where"] not in ("bf", "base", "elsewhere") or not y.get("card"):
                continue
            for ev, _ in EVENTS.get(y["card"], []):
                if ev != "stun_at_bf" or where == y["where"] == "bf":
                    continue
                self.seen.add("a stun at a battlefield: move stated")
                if self.draw(st.booleans()):
                    self.extra.append({"trigger": m, "when": "stun"})
                    self.actor = by
                    self.move(m, where)
                    self.cleanup()
                    self.moves()
                else:
                    self.extra.append({"trigger": m, "when": "stun", "decline": True})

    def may_move(self, n):
        """"They can't move it this turn": a card, ability or trigger of its controller moving it is refused (the
        scenario reader refuses the entry): such boards are not drawn."""
        assume(not (n in self.locked and self.actor == self.u[n]["side"]))

    def opp_played(self, n):
        """A unit ``n`` its player just played (a fresh unit played anew, a unit token): "When an opponent plays a
        unit while I'm at a battlefield, [Stun] it. They can't move it this turn" of each enemy unit at a
        battlefield (here or elsewhere; not at a base), right after the card or ability that played it."""
        x = self.u[n]
        for src, y in list(self.u.items()):
            if y["side"] == x["side"] or y["where"] not in ("bf", "elsewhere") or not y.get("card") \
                    or x["where"] == "gone":
                continue
            evs = [ev for ev, _ in EVENTS.get(y["card"], [])]
            # "[Stun] it" chooses nothing: a unit that "can't be chosen by enemy spells and abilities" is stunned all
            # the same
            if "opp_unit" in evs:
                before = {m for m, z in self.u.items() if z["stunned"]}
                x["stunned"] = True
                self.seen.add("an opponent's unit played: stunned")
                if "opp_unit_lock" in evs:
                    self.locked.append(n)
                # its controller stunned an enemy unit: his "When you stun an enemy unit" and "When you [Stun] an
                # enemy unit at a battlefield" fire
                self.actor = y["side"]
                self.cleanup()
                self.stuns(y["side"], before)
                self.moves()

    #: (the index of the entry the model must refuse, why: "facedown" or "named"), or None
    refused: tuple | None = None

    def refusal(self, by, card, facedown, dest) -> str | None:
        """Whether ``by``'s play of ``card`` (from facedown; a unit to ``dest``, a spell None) is refused (RB-CARD-9):
        "named" when an enemy Fallen Feline at a battlefield (this one or another) named it ("While I'm at a
        battlefield, opponents can't play spells with that name"); "facedown" when it is the Defender's card revealed
        here (a spell, a unit to this battlefield: his hidden cards are here, at the battlefield he controls) with an
        enemy Noxus Saboteur here ("Your opponents' [Hidden] cards can't be revealed here"), at its base it stops
        nothing, nor at this battlefield for a card revealed at another (the Attacker's hidden cards are at a
        battlefield he controls, another one; a unit the Defender plays from facedown `to: elsewhere`); "skip" (not
        drawn) for a card revealed at another battlefield with an enemy Saboteur at one (which one is not stated), or
        when both refuse it."""
        enemy = [(src, y, how) for src, y, e, how in self._in_play() if y["side"] != by]
        named = any(how == "named_spell" and y["where"] in ("bf", "elsewhere") and self.states.get(src, {}).get("named")
                    == card for src, y, how in enemy)
        saboteurs = {y["where"] for src, y, how in enemy if how == "no_reveal"} - {"base"} if facedown else set()
        here = by == "defender" and dest in (None, "bf")
        if named and saboteurs or "elsewhere" in saboteurs and not here:
            return "skip"
        if saboteurs and not here:
            self.seen.add("a card from facedown revealed at another battlefield, a Noxus Saboteur here: played")
            return None
        if named:
            self.seen.add("a spell a Fallen Feline named: refused")
            return "named"
        if "bf" in saboteurs:
            self.seen.add("a card from facedown with a Noxus Saboteur here: refused")
            return "facedown"
        self.seen.update(["a card from facedown with a Noxus Saboteur at another battlefield"] if saboteurs else [])
        return None

    def base_only(self, side) -> bool:
        """Whether ``side`` may play units only to its base (an enemy's "While I'm at a battlefield, your opponents can
        only play units to their base", RB-CARD-9)."""
        return any(how == "base_plays" and y["side"] != side and y["where"] in ("bf", "elsewhere")
                   for _, y, _, how in self._in_play())

    # RB-CARD-24: "Banish a (friendly) unit, then its owner plays it ..." -----------------------------------------
    def replayable(self, n) -> bool:
        """A unit the boards banish and replay: not one whose fresh copy has "When you play me" abilities or a
        keyword under a condition the scenario states (the model names those, checked on their own)."""
        card = self.u[n].get("card")
        if card in NAMING_UNITS:
            return False  # played anew it names a spell anew, which no entry states: not drawn
        if card and any(e.get("effect") == "play_location" and e.get("where") not in READ_PERMISSIONS
                        for e in RECORDS[card]["effects"]):
            return False  # a permission to be played elsewhere the model names as the unit is played, anew too
            # ("occupied enemy battlefield", Dauntless Vanguard: test_unit_plays.py): not drawn
        return not card or not (card in STATED or any(how == "stated" for _, how in READING[card][1])
                                or _self_plays(card) is None)

    def played_anew(self, n) -> None:
        """The fresh unit ``n``'s own "When you play me" abilities, as it enters (RB-CARD-24, RB-CARD-10): those the
        boards draw act on itself with no choice ("buff me", "I get +3 Might this turn") or on a unit it chooses,
        which an entry `{trigger: n, when: played, target: ...}` after the card's states (none to choose: no entry,
        it does nothing); "to a battlefield" ones only when it entered one. They resolve before its owner's "When you
        play another unit" (the model's order when no entry states one)."""
        x = self.u[n]
        for e in _self_plays(x["card"]) if x.get("card") and x["where"] != "gone" else ():
            if e["trigger"] == "When you play me to a battlefield" and x["where"] == "base":
                continue
            m = n
            if e["target"] != {"ref": "self"}:
                cands = self.play_me_targets(n, e["target"], x["side"])
                if not cands:
                    self.seen.add(f"a unit played anew: its own play ability ({e['effect']}), nothing to choose")
                    continue
                m = self.draw(st.sampled_from(cands))
                self.extra.append({"trigger": n, "when": "played", "target": m})
                self.actor = x["side"]
                self.chosen(x["side"], [m])
            self.seen.add(f"a unit played anew: its own play ability ({e['effect']})"
                          + (" on a unit it chose" if m != n else ""))
            self.effect({**e, "duration": "this_turn"}, m)
            self.cleanup()

    def replay(self, e, n, by, pick) -> list[str]:
        """Banish ``n`` (not a death: no Deathknell, no "when a unit dies"; its damage, buff, Might changes go with
        it; its Equipment stays in play unattached); its owner then plays a fresh unit of its card, ignoring its
        cost: printed Might, no damage, no buff, exhausted (unless its card says it enters ready), not [Empowered],
        where ``e`` says (the entry's `to:`
        when there is a choice). A token ceases to exist. The fresh units played (their triggers wait for the
        card to finish)."""
        x = self.u[n]
        side, was = x["side"], x["where"]
        x["where"] = "gone"
        self.gear[side] += x["equip"]
        x["equip"] = []
        if x.get("token"):
            return []
        to = e["to"]
        if to == "same":
            dest = was
        else:
            permitted = any(p.get("effect") == "play_location" and (
                p.get("where") == "a battlefield you're attacking" and side == "attacker"
                or str(p.get("where")).startswith("a battlefield where there are enemy units"))
                for p in (RECORDS[x["card"]]["effects"] if x.get("card") else ()))
            places = (["base"] + (["battlefield"] if side == "defender" or permitted else []) + ["elsewhere"]
                      if to == "played" else list(to))  # CR 355.2.a: his base, a battlefield he controls
            (place,) = pick(places, 1)
            self.entry_keys["to"] = place
            dest = {"base": "base", "battlefield": "bf", "elsewhere": "elsewhere"}[place]
        if dest in ("bf", "elsewhere") and self.base_only(side):
            return []  # "opponents can only play units to their base": it stays banished
        fresh = f"{n} (replayed)"
        self.seen.add(f"played anew to {dest}")
        if x.get("card") in IMMUNE_UNITS:
            self.named.add(fresh)  # a new object: the scenario states no `immune:` for it
        ready = x.get("card") and any(e.get("effect") == "enters_ready" and (
            not e.get("condition") or e["condition"] == "If you play me to a battlefield" and dest != "base")
            for e in RECORDS[x["card"]]["effects"])  # "I enter ready" (only the interpreter's cards' abilities
        # see it: no board here uses a fresh unit's [Action] ability; tested below)
        self.states[fresh] = ({"card": x["card"], "exhausted": not ready, "empowered": False, "moved": False,
                               "fresh": True}
                              if x.get("card") else {"might": x["printed"], "temporary": x.get("temporary"),
                                                     "exhausted": True, "fresh": True})
        self._add(fresh, side, "base")
        self.u[fresh]["where"] = dest
        self.fresh.append(fresh)
        if self.watch_mighty and self.might(fresh) >= 5:
            self.mighty.add(fresh)  # it entered play Mighty: it did not become so
        return [fresh]

    # RB-CARD-10: "When another friendly unit dies", "When a unit you control becomes [Mighty]" --------------------
    def friend_died(self):
        """Each unit that died fires "When another friendly unit dies, give me +N Might this turn" of each other unit
        of its side in play, after the cleanup and the Deathknells."""
        while self.deaths:
            d = self.deaths.pop(0)
            for c, y in self.u.items():
                if c != d and y["side"] == self.u[d]["side"] and y["where"] in ("bf", "base", "elsewhere") \
                        and y.get("card"):
                    gain = sum(e["value"] for ev, e in EVENTS.get(y["card"], []) if ev == "friend_dies")
                    y["delta"] += gain
                    self.seen.update(["a friendly unit died: +Might"] if gain else [])

    def _mighty_now(self) -> set[str]:
        return {n for n, x in self.u.items() if x["where"] in ("bf", "base", "elsewhere") and self.might(n) >= 5}

    def became_mighty(self):
        """The units in play with 5+ Might now that had less at the last cleanup: each fires "When a unit you control
        becomes [Mighty], you may pay [Order] to ready it" of each unit of its side in play. Readying changes an answer
        only for an exhausted unit with a trigger on becoming ready: then its entry pays (readying it) or declines;
        else nothing is stated."""
        now = self._mighty_now()
        new = [n for n in self.u if n in now and n not in self.mighty]
        self.mighty = now
        for n in new:
            x = self.u[n]
            self.seen.add("a unit became Mighty")
            wakes = x["exhausted"] and x.get("card") and any(ev in ("ready", "chosen_ready")
                                                             for ev, _ in EVENTS.get(x["card"], []))
            for f, y in list(self.u.items()):
                if y["side"] != x["side"] or y["where"] not in ("bf", "base", "elsewhere") or not y.get("card") \
                        or not wakes or not any(ev == "mighty" for ev, _ in EVENTS.get(y["card"], [])):
                    continue
                self.seen.add("a unit became Mighty: readying stated")
                # paid, it readies a unit with "When you choose or ready me" once
                if self.draw(st.booleans()):
                    self.extra.append({"trigger": f, "when": "mighty", "target": n})
                    self.actor = x["side"]
                    self.ready(n)
                    self.flush()
                else:
                    self.extra.append({"trigger": f, "when": "mighty", "decline": True})
                wakes = x["exhausted"]

    # RB-CARD-10: "When my Might becomes 10 or more", "When I become [Empowered]", "When you attach an Equipment to me"
    def _becoming_now(self) -> dict:
        out = {}
        for n, x in self.u.items():
            if x["where"] not in ("bf", "base", "elsewhere") or not x.get("card"):
                continue
            for ev, _ in EVENTS.get(x["card"], []):
                if ev == "might10":
                    out[f"{n}|{ev}"] = self.might(n) >= TEN
                elif ev == "empowered":
                    out[f"{n}|{ev}"] = bool(x["empowered"])
        return out

    def start_becoming(self):
        """As the showdown begins (after the move triggers): the state of each unit waiting on its own change."""
        if any(ev in ("might10", "empowered") for y in self.u.values() if y.get("card")
               for ev, _ in EVENTS.get(y["card"], [])):
            self.becoming = self._becoming_now()

    def became(self):
        """At a cleanup: "When my Might becomes 10 or more" of a unit with 10+ Might now that had less at the last one
        ("empower me": it is [Empowered] from now on); "When I become [Empowered]" of a unit Empowered now that was not
        ("banish an enemy unit at a battlefield with 3 Might or less": the unit its entry names, right after what fired
        it). A unit not in play at the last cleanup (it entered since) did not become so."""
        if self.becoming is None:
            return
        before, now = self.becoming, self._becoming_now()
        self.becoming = now  # before firing: the nested cleanups pass on what the triggers change
        for key, holds in now.items():
            if not holds or before.get(key) is not False:
                continue
            n, ev = key.rsplit("|", 1)
            x = self.u[n]
            if x["where"] not in ("bf", "base", "elsewhere"):
                continue
            self.actor = x["side"]
            if ev == "might10":
                self.seen.add("a unit's Might became 10 or more: empowered" + (" (already)" if x["empowered"] else ""))
                self.empower(n)
                self.cleanup()
                continue
            e = next(e for v, e in EVENTS[x["card"]] if v == "empowered")
            cands = [m for m, y in self.u.items() if y["side"] != x["side"] and y["where"] in ("bf", "elsewhere")
                     and self.might(m) <= e["target"]["might_max"] and not self.untargetable(m, x["side"])]
            if not cands:  # no unit it may choose: it does nothing, no entry (test_oracle_findings_d.py)
                self.seen.add("a unit became Empowered: no enemy unit to banish")
                continue
            m = self.draw(st.sampled_from(cands))
            self.seen.add(f"a unit became Empowered: an enemy unit banished at {self.u[m]['where']}")
            self.extra.append({"trigger": n, "when": "empowered", "target": m})
            self.u[m]["where"] = "gone"  # banished: no death (no Deathknell, no "when a unit dies")
            self.cleanup()
            self.flush()

    def empower(self, n):
        """A card or ability empowers ``n`` (RB-CARD-9): [Empowered] from now on; once more for one that can be so up
        to three times (Kayle, Justified); its "[Empowered]" abilities and keywords apply from now on."""
        x = self.u[n]
        if x.get("card") in TIMES_UNITS:
            x["empowered"] = min(3, int(x["empowered"]) + 1)
        else:
            x["empowered"] = True

    def attached(self, by, before: dict):
        """"When you attach an Equipment to me, choose one that hasn't been chosen this turn" of each unit of ``by``'s
        in play that has more Equipment than ``before`` (his card attached one to it), right after that card: its entry
        chooses "Buff a friendly unit" (`condition: true`, the unit it buffs: any of his in play) or another option, off
        the board (`condition: false`); once the buff was chosen this turn, only another."""
        for n, x in list(self.u.items()):
            if x["side"] != by or x["where"] not in ("bf", "base", "elsewhere") or not x.get("card") \
                    or len(x["equip"]) <= before.get(n, 0):
                continue
            for ev, e in EVENTS.get(x["card"], []):
                if ev != "attach":
                    continue
                take = n not in self.once and self.draw(st.integers(0, 3)) > 0  # the buff, more often
                self.seen.add("an Equipment attached: " + ("the buff chosen" if take else "another option"))
                if not take:
                    self.extra.append({"trigger": n, "when": "attach", "condition": False})
                    continue
                cands = [m for m, y in self.u.items() if y["side"] == by and y["where"] in ("bf", "base", "elsewhere")]
                m = self.draw(st.sampled_from(cands))
                self.once.append(n)
                self.extra.append({"trigger": n, "when": "attach", "condition": True, "target": m})
                self.actor = by
                self.chosen(by, [m])
                self.effect({"effect": "buff", "value": e.get("value", 1), "target": {"count": 1}}, m)
                self.cleanup()
                self.flush()

    def chosen(self, by, names):
        """"When you choose me": each unit of ``by``'s among ``names`` (chosen by his card or ability) gets its
        trigger's Might, before the effect that chose it."""
        for m in names:
            y = self.u.get(m) if isinstance(m, str) else None  # (the parent also draws a count with its picks)
            if y is not None and y["side"] == by and y["where"] in ("bf", "base", "elsewhere") and y.get("card"):
                for ev, e in EVENTS.get(y["card"], []):
                    if ev == "chosen_ready":
                        y["delta"] += e["value"]
                        if self.watch_mighty:  # the cleanup after it resolves: a unit may have become [Mighty]
                            self.became_mighty()
                        self.became()

    #: whether the [Hidden] card played now, playable in a showdown from hand too ([Action]), is played from facedown
    facedown_now = False
    #: whether the card played now is played by a unit's ability (RB-CARD-27): its speed is not checked, and it is not
    #: played from face down (from its player's hand or his Main Deck)
    by_ability = False
    #: the units the card resolving now chose (what "a spell that chooses me" reads)
    choosing_now: set = frozenset()
    #: how many Equipment each unit had as the card resolving now was played (:meth:`attached`)
    equips: dict = {}

    def play(self, rec, by, pick):
        try:
            return self._play_card(rec, by, pick)
        finally:
            self.choosing_now = frozenset()

    def _play_card(self, rec, by, pick):
        self.actor = by
        self.equips = {n: len(x["equip"]) for n, x in self.u.items()}  # an Equipment its card attaches fires
        seen: set[str] = set()
        self.choosing_now = seen

        def choosing(cands, k, pick=pick):  # a unit chosen (the first time this card names it) fires its trigger
            got = pick(cands, k)
            self.chosen(by, [g for g in got if isinstance(g, str) and g not in seen])
            seen.update(g for g in got if isinstance(g, str))
            return got

        pick = choosing
        gear = any(g is rec for g in GEAR)
        if rec.get("equipment") and not rec["showdown_playable"] and not self.by_ability and not any(
                how == "quick_draw" and y["side"] == by for _, y, _, how in self._in_play()):
            return None  # an Equipment without Quick-Draw has no Reaction: not played in a showdown
        self.entry_keys = {}
        if (rec.get("keywords") or {}).get("Hidden") and not self.by_ability and (
                not rec["showdown_playable"] or self.facedown_now):
            self.entry_keys["facedown"] = True  # [Hidden]: from face down it has Reaction (RB-SHOW-4)
            self.fire(by, "facedown")
        # a gear whose effects are its [Action] activated ability (Divining Shells): that ability of the gear in play is
        # used, no card is played: no "When you play a gear", no card counted
        ability = gear and bool(rec["effects"]) and all(e.get("activated") for e in rec["effects"])
        self.gear_card = gear and not ability  #: a gear card played (an opponent's "When an opponent plays a gear")
        if ability:  # "When you use an activated ability of a gear, give me +1 Might this turn": before it resolves
            self.seen.update([f"a gear's ability used by the {by}: Prize of Progress +1"] if any(
                ev == "gear_ability" for y in self.u.values() if y["side"] == by and y.get("card")
                and y["where"] in ("bf", "base", "elsewhere") for ev, _ in EVENTS.get(y["card"], [])) else [])
            self.fire(by, "gear_ability")
        else:
            self.fire(by, "gear" if gear else "spell")  # on the chain above the card
        if gear and not ability and by not in self.gear_played:
            self.gear_played.add(by)
            self.first_gear(by)
        if not gear and (rec.get("energy_cost") or 0) >= 5:
            self.fire(by, "spell5")  # "a spell that costs 5 or more": its printed Energy cost
        if not ability:
            self.cards[by] += 1  # its player's cards this turn: the second fires "When you play your second card"
        if not ability and self.cards[by] == 2:
            self.fire(by, "second")
        if rec["name"] in TOKEN_CARDS:  # RB-CARD-15: unit tokens played, each a unit played after the card
            had = set(self.u)
            zileans = [n for n, y in self.u.items() if y["side"] == by and y["where"] in ("bf", "elsewhere")
                       and y.get("card") and any(how == "token_copy" for _, how in READING[y["card"]][1])]
            free = [n for n in zileans if n not in self.zileans_used]
            if zileans:  # "you may play that token and an additional copy of it instead": once each turn
                self.entry_keys["extra_copy"] = extra = bool(free) and self.draw(st.booleans())
                if extra:
                    rec = {**rec, "effects": [{**e, "count": e["count"] + 1} if e["effect"] == "create_unit_token"
                                              else e for e in rec["effects"]]}
                self.seen.add("a token card with a Zilean at a battlefield: " + (
                    "one more token" if extra else "no more (used this turn)" if not free else "no more"))
            self.entry_keys.update(self.token_play(rec, by, pick))
            e = next(e for e in rec["effects"] if e["effect"] == "create_unit_token")
            made = [n for n in self.u if n not in had]
            if any(self.u[n]["where"] != "base" for n in made) and self.base_only(by):
                return None  # the scenario reader refuses it: not drawn
            if self.entry_keys.get("extra_copy"):
                self.zileans_used.append(free[0])
            # the brute-force split count lists the orders of the units assigned damage: a side of more than 6 units
            # at the battlefield is not drawn
            assume(len(self.present(by)) <= 6)
            self.seen.add("unit tokens played by a card")
            for n in made:
                self.u[n] = token_unit(by, e, self.u[n]["where"])
                if self.watch_mighty and self.might(n) >= 5:
                    self.mighty.add(n)
            self.cleanup()
            for n in made:
                self.fire(by, "unit")
                self.fire(by, "token")
                self.opp_played(n)
            self.flush()
            self.moves()
            return []
        before = {n for n, x in self.u.items() if x["stunned"]}
        if self.entry_keys.get("facedown"):
            self.hidden_at = "bf" if by == "defender" else "elsewhere"
        try:
            return self._resolve_card(rec, by, pick, before)
        finally:
            self.hidden_at = None

    def _resolve_card(self, rec, by, pick, before):
        replays, fresh = [e for e in rec["effects"] if e["effect"] == "banish_replay"], []
        banished: list[str] = []
        for e in replays:  # RB-CARD-24: the banish and the play anew first, as the card's text orders them
            cands = [c for c in self.candidates(by, e["target"], banished) if c not in banished and self.replayable(c)]
            if not cands:
                return None
            (n,) = pick(cands, 1)
            banished.append(n)
            fresh += self.replay(e, n, by, pick)
        discard = None
        if any(e.get("amount") == DISCARDED_COST for e in rec["effects"]):  # "Discard 1. Deal its Energy cost ..."
            discard = self.entry_keys["discard"] = self.draw(st.sampled_from(DISCARDS))
            rec = {**rec, "effects": [{**e, "amount": COST[discard]} if e.get("amount") == DISCARDED_COST else e
                                      for e in rec["effects"]]}
        if rec["name"] in EQUIP_CARDS:  # "Attach that Equipment to that unit or detach ..." (Angle Shot, RB-CARD-14)
            keys = self.equip_play(rec, by, pick)
            got = None if keys is None else keys.pop("target")
            self.entry_keys.update(keys or {})
            if got is not None:
                self.chosen(by, got)  # "When you choose me" (the entry's target)
                self.seen.add("Angle Shot: " + ("attached" if "attach" in keys else "detached"))
        else:
            got = super().play({**rec, "effects": [e for e in rec["effects"] if e["effect"] != "banish_replay"]}, by,
                               pick)
        if got is not None:
            got = banished + got
            if discard:  # "When you discard me" of the card discarded, from the trash (before the rest, as the model)
                self.discarded(by, discard)
            for n in fresh:  # a unit played: its owner's "When you play another unit", an opponent's Vex
                owner = self.u[n]["side"]
                self.cards[owner] += 1  # a card its owner played: his "When you play your second card" counts it
                if self.cards[owner] == 2:
                    self.fire(owner, "second")
                if self.u[n]["where"] != "gone":
                    self.played_anew(n)
                    self.fire(self.u[n]["side"], "unit", exclude=n)
                    self.opp_played(n)
            self.flush()
            self.attached(by, self.equips)
            if self.gear_card:  # the gear in play now, attached to the unit its entry names: an opponent's Prefect
                self.opp_gear(by, rec["name"], got[-1])
            if (rec.get("keywords") or {}).get("Predict"):  # "Look at the top card ... You may recycle it."
                self.recycled(by)
            if discard:  # "When you discard one or more cards" of his units
                self.fire(by, "discard")
            self.stuns(by, before)
            self.moves()
        return got

    # RB-CARD-16: a unit card played from hand in the showdown ---------------------------------------------------
    turn: str | None = None  #: whose turn it is (the scenario's `turn:`), when units are played from hand

    def gear_by_ability(self, by):
        """The Equipment a unit's ability played from ``by``'s hand is a gear card he plays: his "When you play a
        gear", his first gear's and his second card's triggers, right after the ability (RB-CARD-10)."""
        self.actor = by
        self.fire(by, "gear")
        if by not in self.gear_played:
            self.gear_played.add(by)
            self.first_gear(by)
        self.cards[by] += 1
        if self.cards[by] == 2:
            self.fire(by, "second")

    #: whether the card resolving now is a gear card played (not a gear's [Action] ability used)
    gear_card = False

    def opp_gear(self, by, gear, holder):
        """"When an opponent plays a gear, you may banish me to banish it" (Ravenbloom Prefect) of each unit of ``by``'s
        opponent in play (here, at its base or at another battlefield), once the gear ``gear`` ``by`` played is in play,
        attached to ``holder``: right after the card (or the ability that played it) and what its attaching fired. Its
        entry uses it (the Prefect is banished, the cost: no death; then the gear: ``holder`` loses its Might bonus) or
        declines it. Once the gear is banished, another Prefect fired by the same play can only decline (the model
        refuses its use: the gear is no longer in play). Its own player's gear fires nothing."""
        waiting = [n for n, y in self.u.items() if y["side"] != by and y["where"] in ("bf", "base", "elsewhere")
                   and y.get("card") and any(ev == "opp_gear" for ev, _ in EVENTS.get(y["card"], []))]
        if not waiting:
            return
        # the gear in play, attached to ``holder`` or (None) to no unit, among its player's (none here is gone by now: a
        # gear no longer in play would fire nothing)
        x = self.u[holder] if holder is not None else {"where": "no unit", "equip": self.gear[by]}
        assume(x["where"] in ("bf", "base", "elsewhere", "no unit") and gear in x["equip"])
        # "it": the copy just played, not another (test_oracle_findings_f.py)
        if holder is not None and any(m != holder and y["side"] == by and y["where"] in ("bf", "base", "elsewhere")
                                      and gear in y["equip"] for m, y in self.u.items()):
            self.seen.add("an opponent's gear played: another copy of it on another unit of his")
        gone = False
        for n in waiting:
            y = self.u[n]
            if gone or self.draw(st.integers(0, 2)) == 0:  # used, more often
                self.seen.add("an opponent's gear: the Prefect declines" + (" (the gear banished already)" if gone
                                                                            else ""))
                self.extra.append({"trigger": n, "when": "play", "decline": True})
                continue
            self.seen.add(f"an opponent's gear on a unit at {x['where']}: banished with the Prefect at {y['where']}")
            self.extra.append({"trigger": n, "when": "play"})
            self.actor = y["side"]
            y["where"] = "gone"  # banished, the cost: no death (no Deathknell, no "when a friendly unit dies")
            x["equip"].remove(gear)  # then the gear: its Might bonus lost (unattached: none)
            gone = True
            self.cleanup()
            self.flush()

    def first_gear(self, by):
        """"When you play me or the first time you play a non-token gear each turn, you may ready something besides me
        that's exhausted" (Jayce, Brilliant Inventor): on ``by``'s first gear card of the showdown, before it resolves.
        It is his first this turn when he played no card before the showdown (`cards_played: 0`); else the entry states
        whether it is (`condition:`). Its entry names the exhausted unit of his readied, or declines."""
        for n, y in list(self.u.items()):
            if y["side"] != by or y["where"] not in ("bf", "base", "elsewhere") or not y.get("card") \
                    or not any(ev == "first_gear" for ev, _ in EVENTS.get(y["card"], [])):
                continue
            entry: dict = {"trigger": n, "when": "play"}
            if self.cards[by] != 0:  # cards played before: whether a gear was among them, stated
                entry["condition"] = self.draw(st.booleans())
                if not entry["condition"]:
                    self.extra.append(entry)
                    continue
            cands = [m for m, x in self.u.items() if m != n and x["side"] == by and x["exhausted"]
                     and x["where"] in ("bf", "base", "elsewhere")]
            m = self.draw(st.sampled_from([None] + cands))
            self.seen.add("a first gear: something readied" if m else "a first gear: nothing readied")
            if m is None:
                self.extra.append({"trigger": n, "when": "play", "decline": True})
                continue
            self.extra.append({**entry, "target": m})
            self.actor = by
            self.chosen(by, [m])  # its ability chooses it: "When you choose or ready me" fires for each
            self.ready(m)
            self.flush()

    def hand_play(self, card, by, draw, ability: tuple[str, ...] | None = None) -> dict | None:
        """Play the unit card ``card`` from ``by``'s hand: the entry's keys (its `to:`, `facedown:` and the targets of
        its "When you play me" abilities), or None when it has no legal play here. Only a unit with Reaction speed is
        played in a showdown (RB-SHOW-4): [Reaction] (to its player's base, a battlefield he controls, i.e. this one
        for the Defender, or one its card permits: "a battlefield you're attacking"); [Ambush] (as a Reaction, only to
        a battlefield where its player has units, or where there are enemy units when its card says so); [Hidden]
        (from facedown, where it was hidden: a battlefield its player controlled). His "When you play a unit", "When
        you play a card from [Hidden]" and "your second card" triggers resolve first (on the chain above it); it
        enters exhausted (no unit in these pools says it enters ready) at its printed Might with its player's XP; its
        "When you play me" abilities resolve; then an opponent's "When an opponent plays a unit" (Vex, Apathetic)."""
        if card in self.u:
            return None  # one copy of each card a showdown
        r = RECORDS[card]
        kws = {k.split()[0] for k in r.get("keywords") or ()}
        where = {p.get("where") for p in r["effects"] if p.get("effect") == "play_location"}
        enemy = "defender" if by == "attacker" else "attacker"
        keys: dict = {}
        cost = next((e for e in _overlaid(r)["effects"] if e.get("effect") == KILL_COST), None)
        killed = None
        if cost:  # "As an additional cost to play me, kill a Bird, Cat, Dog, or Poro you control": the entry's `kills:`
            cands = [m for m, y in self.u.items() if y["side"] == by and y["where"] in ("bf", "base", "elsewhere")
                     and set(y["tags"]) & set(cost["target"]["tags"])]
            if not cands:
                return None
            killed = keys["kills"] = draw(st.sampled_from(cands))
        if ability is not None:  # RB-CARD-27: played by a unit's ability, where it lets it enter (no speed checked)
            places = list(ability)
            if not places:
                return None
        elif "Reaction" in kws:
            places = ["base"] + (["battlefield"] if by == "defender" or (
                by == "attacker" and "a battlefield you're attacking" in where) else []) + ["elsewhere"]
        elif "Ambush" in kws:
            trophy = any(str(w).startswith("a battlefield where there are enemy units") for w in where)
            # "You may play me to its battlefield (even if you don't have other units there)": where the unit killed was
            was = self.u[killed]["where"] if killed else None
            places = (["battlefield"] if self.present(by) or trophy and self.present(enemy) or was == "bf" else []) \
                + (["elsewhere"] if was == "elsewhere" else [])
            if not places:
                return None
        else:  # [Hidden]: from facedown, where it was hidden (a battlefield its player controlled)
            keys["facedown"] = True
            places = ["battlefield", "elsewhere"] if by == "defender" else ["elsewhere"]
        to = draw(st.sampled_from(places))
        keys["to"] = to
        dest = {"base": "base", "battlefield": "bf", "elsewhere": "elsewhere"}[to]
        if dest != "base" and self.base_only(by):
            return None  # "your opponents can only play units to their base": the scenario reader refuses it
        verdict = self.refusal(by, card, keys.get("facedown"), dest)
        if verdict == "skip":
            return None
        if verdict:
            self.refused = (None, verdict)
            return keys
        if dest == "bf":
            assume(len(self.present(by)) < 6)  # the brute-force split count: at most 6 units a side
        self.actor = by
        if killed:  # the cost, paid as it is played (RB-CARD-2): a death (at its base or another battlefield: a card's
            # kill there, not a cleanup's, its friends' death triggers fire)
            self.seen.add(f"a unit killed for a unit's cost at {self.u[killed]['where']}")
            self.effect({"effect": "kill"}, killed)
            self.cleanup()
        self.fire(by, "unit")  # "When you play another unit": it is not in play yet
        if keys.get("facedown"):
            self.fire(by, "facedown")
        self.cards[by] += 1
        if self.cards[by] == 2:
            self.fire(by, "second")
        self.states[card] = {"card": card, "exhausted": True, "empowered": False, "moved": False, "fresh": True}
        self._add(card, by, dest)
        self.fresh.append(card)
        self.seen.add(f"a unit played from hand to {dest}")
        if self.watch_mighty and self.might(card) >= 5:
            self.mighty.add(card)  # it entered play Mighty: it did not become so
        self.cleanup()
        x = self.u[card]
        before = {m for m, y in self.u.items() if y["stunned"]}
        targets: list = []
        self.actor = by
        hidden = dest if keys.get("facedown") else None  # from facedown: it chooses only there (RB-CARD-26)
        for e in r["effects"]:
            if e.get("trigger") not in ("When you play me", "When you play me to a battlefield", ON_MY_TURN,
                                        FROM_FACEDOWN) \
                    or e.get("trigger") == "When you play me to a battlefield" and dest == "base" \
                    or e.get("trigger") == FROM_FACEDOWN and not keys.get("facedown") \
                    or e.get("trigger") == ON_MY_TURN and not (keys.get("facedown") and self.turn == by):
                continue
            if e.get("condition") == PAID:  # "if you paid the additional cost": whether he paid, the entry's
                if "condition" not in keys:  # `condition:` (one for the card's abilities)
                    keys["condition"] = draw(st.booleans())
                    self.seen.add(f"a unit played from hand, its additional cost paid: {keys['condition']}")
            # not paid: it does nothing, but a unit it would choose is chosen all the same, as it goes on the chain
            # (its entry's target, as a combat trigger's whose condition fails)
            idle = e.get("condition") == PAID and not keys["condition"]
            t = e.get("target") or {}
            if idle and (t.get("ref") == "self" or t.get("count") == "all" or not t
                         or e["effect"] in ("create_unit_token", "swap_locations", "move")):
                continue
            if e["effect"] == "create_unit_token":  # "play N <token> unit tokens here. They become copies of me"
                # a Zilean, Time Mage of its player at a battlefield: one more, as the entry's `extra_copy:` (drawn) says
                zileans, free = self.zileans(by)
                if zileans:
                    keys["extra_copy"] = extra = bool(free) and draw(st.booleans())
                    if extra:
                        e = {**e, "count": e["count"] + 1}
                        self.zileans_used.append(free[0])
                    self.seen.add("a unit's own tokens with a Zilean at a battlefield: "
                                  + ("one more" if extra else "no more (used this turn)" if not free else "no more"))
                self._copies(card, e, by)
                continue
            if e["effect"] == "swap_locations":
                # "you may choose a unit you control at another location. Move me to its location and it to my original
                # location": one of his units in play elsewhere than it (another battlefield is one place here: the
                # model tells no two apart), or none
                cands = [None] + [m for m, y in self.u.items() if m != card and y["side"] == by
                                  and y["where"] in ("bf", "base", "elsewhere") and y["where"] != x["where"]]
                m = draw(st.sampled_from(cands))
                if m is None or x["where"] == "gone":
                    continue
                mine, its = x["where"], self.u[m]["where"]
                targets.append(m)
                self.chosen(by, [m])
                self.seen.add(f"a unit played from hand swaps places: {mine} and {its}")
                # "Units can't move to base" (Minotaur Reckoner) keeps a unit where it is, the other still moving
                for who, dest in ((card, its), (m, mine)):
                    if dest == "base" and self.no_base(who):
                        self.seen.add("a swap stopped short of a base")
                    else:
                        self.move(who, dest)
                continue
            if e["effect"] == "move" and e.get("to") == "this unit's location":
                # "move an enemy unit at a different location to my battlefield": from its base into this one, or from
                # here or its base to the other battlefield (one at another battlefield: not drawn,
                # test_oracle_findings.py)
                cands = [None] + [m for m, y in self.u.items() if y["side"] == enemy and y["where"] != x["where"]
                                  and y["where"] in ("bf", "base") and not self.untargetable(m, by)]
                m = draw(st.sampled_from(cands))
                if m is not None and x["where"] in ("bf", "elsewhere"):
                    targets.append(m)
                    self.seen.add("a unit played from face down on its turn moves an enemy unit")
                    self.move(m, x["where"])
                continue

            def here(side, t=t):  # "here": the unit's location as its ability resolves
                return [m for m, y in self.u.items() if y["side"] == side and y["where"] == x["where"]] \
                    if x["where"] in ("bf", "base") else []
            k = e["effect"]
            if t.get("ref") == "self":
                if x["where"] != "gone":
                    self.effect({**e, "duration": "this_turn"}, card)
                continue
            if t.get("count") == "all":  # "your other units here": [Shield] / [Assault] this turn; "heal your units"
                for m in here(by):
                    if not (t.get("other") and m == card):
                        if k == "heal":
                            self.u[m]["marked"] = 0
                        else:
                            self.effect({**e, "duration": "this_turn"}, m)
                continue
            cands = self.play_me_targets(card, t, by, hidden)
            if "count_max" in t or e.get("optional"):  # "up to one", "you may": none chosen is a choice
                cands = [None] + cands
            if not cands:
                continue  # nothing fits (none here, or it entered another battlefield): that part does nothing
            # a unit waiting on its becoming [Empowered] (Mel, Defiant Soul) drawn more often for a card empowering one
            waiting = [m for m in cands if k == "empower" and m and any(
                ev == "empowered" for ev, _ in EVENTS.get(self.u[m].get("card"), []))]
            m = draw(st.sampled_from(waiting if waiting and draw(st.booleans()) else cands))
            if m is None:
                continue
            targets.append(m)
            self.chosen(by, [m])
            if idle:
                self.seen.add("a unit played from hand, its additional cost not paid: a target chosen, nothing done")
                continue
            if k == "deal_damage" and e["amount"] == "the damage marked on it":
                e = {**e, "amount": self.u[m]["marked"]}
            self.effect({**e, "duration": "this_turn"}, m)
        if targets:
            keys["target"] = targets if len(targets) > 1 else targets[0]
        self.cleanup()
        self.flush()
        if x["where"] != "gone":
            self.opp_played(card)
        for tk in self.played_tokens:
            self.opp_played(tk)
        self.played_tokens = []
        self.stuns(by, before)
        self.moves()
        return keys

    def play_me_targets(self, card, t, by, hidden=None) -> list[str]:
        """The units the "When you play me" ability of the unit ``card`` of ``by``'s may choose for its target ``t``
        (``hidden``: where it was played from face down, where alone it chooses, RB-CARD-26)."""
        x = self.u[card]
        side = {"enemy": "defender" if by == "attacker" else "attacker", "friendly": by}.get(t.get("side"))
        if t.get("location") == "same_location":  # "here": the unit's location as its ability resolves
            cands = [m for m, y in self.u.items() if (side is None or y["side"] == side) and y["where"] == x["where"]] \
                if x["where"] in ("bf", "base") else []
        elif t.get("location") == "battlefield":  # "at a battlefield": the model (and the spells' oracle) reads
            # this combat's only (a unit at another battlefield is refused: test_oracle_findings.py)
            cands = [m for m, y in self.u.items() if y["where"] == "bf" and (side is None or y["side"] == side)]
        else:  # "a unit": any unit in play
            cands = [m for m, y in self.u.items() if y["where"] in ("bf", "base", "elsewhere")
                     and (side is None or y["side"] == side)]
        cands = [m for m in cands if not self.untargetable(m, by)]
        if t.get("other"):  # "another unit": not the one played
            cands = [m for m in cands if m != card]
        if t.get("might_max") is not None:  # "with 3 Might or less" (Windsinger), as it is now (RB-CARD-1)
            cands = [m for m in cands if self.might(m) <= t["might_max"]]
        if hidden and t.get("location") not in ("base", "elsewhere", "another location"):
            cands = [m for m in cands if self.u[m]["where"] == hidden]
        return cands

    def _copies(self, card, e, by):
        """Unit tokens played where ``card`` is now, each a copy of its printed card (Might, keywords, tags, abilities;
        none of its damage, buff or Might changes), exhausted; each a unit played: its player's "When you play another
        unit" and "When you play a token unit" fire after the ability; an opponent's Vex, Apathetic after the card's
        own play (:attr:`played_tokens`)."""
        x = self.u[card]
        if x["where"] == "gone":
            return
        base, made = re.sub(r"\s*\(copy of me\)$", "", e["token"]), []
        if x["where"] == "bf":  # the brute-force split count: at most 6 units a side at the battlefield
            assume(len(self.present(by)) + e["count"] <= 6)
        for _ in range(e["count"]):
            i = 1
            while f"{base} {i}" in self.u:
                i += 1
            tk = f"{base} {i}"
            self.states[tk] = {"card": card, "exhausted": not e.get("ready"), "empowered": False, "moved": False,
                               "fresh": True, "token": True}
            self._add(tk, by, x["where"])
            made.append(tk)
        self.seen.add(f"unit tokens played as copies of a unit played from hand, to {x['where']}")
        for _ in made:
            self.fire(by, "unit")
            self.fire(by, "token")
        self.played_tokens += made

    def vector_count(self, side):
        """The parent's count with the Tank and Backline the statics give (a side with a unit that
        ignores Tank here assigns as if no enemy unit had it)."""
        enemy = "defender" if side == "attacker" else "attacker"
        keep = {n: (x["tank"], x["backline"]) for n, x in self.u.items()}
        ignore = any(self.u[m]["ignores_tank"] for m in self.present(side))
        # RB-ORD-7 (immune_targets=exclude): a unit that can't be dealt damage is no target of the split; the parent
        # counts over the others, with the totals and lethal amounts read on the whole board first
        targets = [n for n in self.present(enemy) if not self.u[n].get("immune")]
        self.seen.update(["the combat damage: a unit that can't be dealt damage is no target"]
                         if len(targets) < len(self.present(enemy)) else [])
        mine, pool, lethal = self.present(side), self.pool(side), {n: self.lethal(n) for n in targets}
        try:
            for n in targets:
                _, _, _, tank, backline = self.reached(n)
                self.u[n]["tank"], self.u[n]["backline"] = tank and not ignore, backline
            self.present = {side: mine, enemy: targets}.get
            self.pool, self.lethal = lambda s_: pool, lethal.get
            return super().vector_count(side)
        finally:
            del self.present, self.pool, self.lethal
            for n, (t, b) in keep.items():
                self.u[n]["tank"], self.u[n]["backline"] = t, b

    def outcome(self) -> str:
        """The parent's outcome, a side with a unit that can't be dealt damage never wiped out (RB-ORD-7)."""
        left = {}
        for side, enemy in (("attacker", "defender"), ("defender", "attacker")):
            mine = self.present(side)
            wiped = not any(self.u[n].get("immune") for n in mine) and bool(self.present(enemy)) \
                and self.pool(enemy) >= sum(self.lethal(n) for n in mine)
            left[side] = bool(mine) and not wiped
        return {(True, True): "recall", (True, False): "conquer", (False, True): "keep",
                (False, False): "nobody"}[(left["attacker"], left["defender"])]

    # RB-MIGHT-1 with RB-CARD-18: lethal damage kills, unless a friendly Soraka here saves the unit -------
    def _saver(self, n, mights) -> bool:
        x = self.u[n]  # (at another battlefield: not known to be the same one as the saver's, none saves it)
        return x["where"] in ("bf", "base") and any(
            y["where"] == x["where"] and m != n and y["side"] == x["side"] and y["card"]
            and any(how == "saver" for _, how in READING[y["card"]][1]) and mights[n] < mights[m]
            for m, y in self.u.items())

    def saved_from_a_kill(self, n) -> bool:
        """RB-CARD-18 with RB-CARD-7: a unit a card or ability kills would die: a friendly Soraka where it is, with more
        Might, heals, exhausts and recalls it instead (at its base it stays there); whether it was saved."""
        x = self.u[n]
        mights = {m: self.might(m) for m, y in self.u.items() if y["where"] in ("bf", "base", "elsewhere")}
        if not self._saver(n, mights):
            return False
        if x["where"] == "bf":
            self.saved.append(n)
        x.update(where="base", marked=0, exhausted=True)
        return True

    def cleanup(self):
        """The units with lethal damage die at once (CR 323.5), the savers judged on the board as it was;
        a death that lowers another unit's Might (its static source gone) is checked again at once."""
        while True:
            mights = {n: self.might(n) for n, x in self.u.items() if x["where"] in ("bf", "base", "elsewhere")}
            for n, x in self.u.items():  # lethal damage kills away from this combat too, out of it (RB-MIGHT-1)
                if x["where"] in ("base", "elsewhere") and x["marked"] > 0 and x["marked"] >= mights[n]:
                    if self._saver(n, mights):  # a friendly Soraka at its base: it stays there, healed, exhausted
                        x.update(marked=0, exhausted=True)
                        continue
                    x["where"] = "gone"
                    self.died_away.append(n)
            dying = [n for n, x in self.u.items()
                     if x["where"] == "bf" and x["marked"] > 0 and x["marked"] >= mights[n]]
            if not dying:
                if self.knells:
                    self.knell()  # the cleanup is over: the Deathknells go on the chain
                    continue
                if self.deaths:
                    self.friend_died()
                    continue
                if self.watch_mighty:
                    self.became_mighty()
                self.became()  # RB-CARD-10: after the units becoming [Mighty], as the model's cleanup orders them
                return
            saved = {n for n in dying if self._saver(n, mights)}  # on the board as it was, savers dying too
            died = set(dying) - saved
            for n in dying:
                if n in died:
                    self.dies_knelling(n, died)
            for n in dying:
                x = self.u[n]
                if n in saved:
                    x.update(where="base", marked=0, exhausted=True)
                    self.saved.append(n)
                else:
                    x["where"] = "gone"
                    self.died.append(n)
                    self.deaths.append(n)

    def dies_knelling(self, n: str, dying) -> None:
        """RB-CARD-19: ``n`` dies at the battlefield (with ``dying``): its Deathknell fires once, and once more for
        each "Your [Deathknell] effects trigger an additional time" of its side in play or dying with it (looked
        back on), counted now: every copy goes on the chain before the first resolves."""
        side = self.u[n]["side"]
        extra = sum(1 for m, y in self.u.items() if y["side"] == side and y.get("card")
                    and (y["where"] in ("bf", "base", "elsewhere") or m in dying)
                    for _, how in READING[y["card"]][1] if how == "extra_knell")
        self.knells.append([n, extra])

    def knell(self):
        """RB-CARD-19: each unit that died at the battlefield fires its Deathknell ("deal N to all units at
        my battlefield"), one at a time, a cleanup after each."""
        while self.knells:
            n, extra = self.knells.pop(0)
            card = self.u[n]["card"]
            side = self.u[n]["side"]
            for e, how in READING[card][1] if card else ():
                if how == "deathknell":
                    for _ in range(1 + extra):
                        self.dealer = side
                        for m in self.present("attacker") + self.present("defender"):
                            self.damage(m, e["amount"] + self.bonus(side))
                        self.dealer = None
                        self.cleanup()

    def effect(self, e, n):
        x = self.u[n]
        k, value = e["effect"], e.get("value")
        lowers = k == "might_modifier" and type(value) is int and value < 0
        if n in self.choosing_now and (e.get("target") or {}).get("count") != "all":  # a unit the card chose
            if (k in ("stun", "return_to_hand") or lowers) and any(
                    how == "chosen_plus" and src == n and x["empowered"] for src, _, _, how in self._in_play()):
                x["delta"] += 3  # "give me +3 Might instead"
                self.seen.add(f"a card choosing an Empowered Gangplank: +3 instead of {k}")
                return
            if lowers:  # each Empowered "it gives an additional -1 Might" of the card's player's units in play
                more = sum(e_["value"] for src, y, e_, how in self._in_play()
                           if how == "debuff_bonus" and y["side"] == self.actor and y["empowered"])
                e = {**e, "value": value + more}
                self.seen.update(["a -Might to a unit chosen, more with an Empowered Mel"] if more else [])
        if e["effect"] == "move" and e.get("to") == "base" and self.no_base(n):
            return  # it can't move to base: it stays
        if e["effect"] == "empower":  # "you may empower something here" (Tornado Warrior)
            self.seen.add("a unit empowered by a card" + (" (already)" if x["empowered"] else "")
                          + (": Mel, Defiant Soul" if x.get("card") == "Mel, Defiant Soul" else ""))
            self.empower(n)
            return
        if e["effect"] == "buff" and x["buffed"] and any(how == "unlimited" and src == n
                                                         for src, y, _, how in self._in_play()):
            x["delta"] += 1 + self.buff_more[x["side"]]  # (each buff counts more this turn: Stand United)
            return
        if e["effect"] == "ready":
            self.ready(n)
            return
        if e["effect"] == "kill" and self.u[n]["where"] in ("bf", "base") and self.saved_from_a_kill(n):
            return
        if e["effect"] == "kill" and self.u[n]["where"] == "bf":
            self.died.append(n)
            self.dies_knelling(n, {n})
        if e["effect"] == "kill" and self.u[n]["where"] in ("bf", "base", "elsewhere"):
            self.deaths.append(n)
        if e["effect"] == "kill" and self.u[n]["where"] in ("base", "elsewhere"):
            x["killed_away"] = True  # a card's kill away from this combat: a death there (the showdown's removals)
        if e["effect"] == "move":
            self.may_move(n)
        if e["effect"] == "deal_damage" and e["amount"] > 0 and self.actor:  # its player's Bonus Damage
            e = {**e, "amount": e["amount"] + self.bonus(self.actor)}
        was, where = x["buffed"], x["where"]
        super().effect(e, n)
        if e["effect"] == "move" and x["where"] != where:
            self.moving.append([n, where, x["where"]])
        if e["effect"] == "buff" and not was and x["buffed"] and self.actor == x["side"] and x.get("card"):
            for ev, _ in EVENTS.get(x["card"], []):
                if ev == "buffed":  # "When you buff me, ready me"
                    self.ready(n)


# ---- random boards --------------------------------------------------------------------------------
#: "Banish a (friendly) unit, then its owner plays it ..." (RB-CARD-24): the spell records with the clause the data
#: left unparsed structured by the project's overlay (``data/effects_overlay.yaml``, read here as data: its effects
#: first where it says so)
OVERLAY = yaml.safe_load((DATA.parent / "effects_overlay.yaml").read_text())["records"]
REPLAY = {}
for _o in OVERLAY:
    if not any(e.get("effect") == "banish_replay" for e in _o.get("effects") or ()):
        continue  # the overlay's other clauses: not drawn here
    _r = next(r for r in SPELLS if r["name"] == _o["name"])
    REPLAY[_o["name"]] = {**_r, "effects": (list(_o["effects"]) + list(_r["effects"]) if _o.get("position") == "first"
                                            else list(_r["effects"]) + list(_o["effects"]))}
SPELL_POOL = [n for n in POOL if n not in EQUIP_CARDS and n not in TOKEN_CARDS] + sorted(REPLAY)
SPELL_NAMES = {r["name"] for r in SPELLS}
#: the Equipment with a Might bonus whose Energy cost is at most N (what Rell, Magnetic's trigger may play)
CHEAP = {k: sorted(r["name"] for r in GEAR if r.get("equipment") and r.get("equip_might_bonus") is not None
                   and (r.get("energy_cost") or 0) <= k) for k in (2,)}
#: "Discard 1. Deal its Energy cost to a unit at a battlefield" (Get Excited!): the card discarded, the entry's
#: `discard:` (drawn): a unit card whose "When you discard me" fires from the trash, or a spell; its printed Energy cost
DISCARDED_COST = "energy cost of the discarded card"
DISCARDS = ["Mask Mother", "Rune Prison"]
COST = {**{r["name"]: r["energy_cost"] for r in SPELLS}, **{n: r["energy_cost"] for n, r in RECORDS.items()}}
EQUIPMENT = sorted(BONUS)[:6]


def _declinable(effects) -> bool:
    """A trigger its player may leave unused as a whole: each part a "you may" (or its "instead")."""
    return all(e.get("optional") or e.get("replaces_previous") for e in effects)


def _snapshot(o: Oracle):
    """What a card's play may change before it turns out to have no legal play (restored by :func:`_restore`)."""
    return (json.dumps([o.u, o.died, o.saved, o.cards, o.pending, o.moved_now, o.gear, o.states, o.locked, o.fresh,
                        sorted(o.mighty), o.becoming, o.once, o.died_away]),
            [list(v) for v in (o.gear_played, o.deaths, o.knells, o.extra, o.zileans_used, o.move_tokens, o.unnamed,
                               o.played_tokens, o.moving, o.zilean_named)], dict(o.xp))


def _restore(o: Oracle, snap) -> None:
    o.u, o.died, o.saved, o.cards, o.pending, o.moved_now, o.gear, o.states, o.locked, o.fresh, mighty, o.becoming, \
        o.once, o.died_away = json.loads(snap[0])
    o.mighty = set(mighty)
    gear_played, o.deaths, o.knells, o.extra, o.zileans_used, o.move_tokens, o.unnamed, o.played_tokens, o.moving, \
        o.zilean_named = snap[1]
    o.gear_played, o.xp = set(gear_played), dict(snap[2])
    o.refused, o.entry_keys = None, {}


def _record(card: str) -> dict:
    """The spell or gear record of a card name (the overlay's replaying ones with their clause)."""
    return REPLAY.get(card) or next(r for r in SPELLS + GEAR if r["name"] == card)


def _hidden(card: str) -> bool:
    """Whether a card has [Hidden] (its printed keywords)."""
    if card in RECORDS:
        return "Hidden" in {k.split()[0] for k in RECORDS[card].get("keywords") or ()}
    return bool((_record(card).get("keywords") or {}).get("Hidden"))


def _ability_plays(o: Oracle, n: str, e: dict, card: str, draw) -> dict | None:
    """RB-CARD-27: ``n``'s ability (``e``) plays ``card`` as it resolves: the entry's `plays:` (the card's own choices,
    no `by`), or None when it has no legal play here. A unit card enters where the ability lets it: "here" (this
    combat's battlefield, whoever controls it); "where its player may play units" (his base, another battlefield he
    controls, this one only for the Defender, who controls it). A spell or gear: played as any card of his (its
    targets, its "When you play a spell / a gear" triggers first), its speed not checked, not from face down."""
    side = o.u[n]["side"]
    o.actor = side
    if card in RECORDS:  # a unit card
        places = (["battlefield"] if "battlefield" in e["unit_to"] else []) + (
            ["base", "elsewhere"] + (["battlefield"] if side == "defender" else []) if "played" in e["unit_to"] else [])
        keys = o.hand_play(card, side, draw, ability=tuple(dict.fromkeys(places)))
        if keys is None or o.refused:
            return None
        o.seen.add(f"{o.u[n]['card']}: a unit card played to {keys['to']}")
        return {"play": card, **keys}
    rec = _record(card)
    if rec.get("equipment") and not rec["showdown_playable"]:  # no [Quick-Draw]: played from hand (not from face
        # down: its "When you play this from face down, attach it" does not fire), it enters attached to no unit
        o.gear[side].append(card)
        o.seen.add(f"{o.u[n]['card']}: an Equipment played, unattached")
        o.gear_by_ability(side)  # a gear card its player played: his "When you play a gear", first gear, second card
        o.opp_gear(side, card, None)  # an opponent's "When an opponent plays a gear"
        return {"play": card}
    if o.refusal(side, card, False, None):  # a spell an enemy Fallen Feline named: refused (not drawn)
        return None
    unless = any(x.get("unless") for x in rec["effects"])
    o.pays = draw(st.booleans()) if unless else False
    o.by_ability = True
    try:
        targets = o.play(rec, side, lambda cands, k: draw(st.permutations(cands))[:k])
    finally:
        o.by_ability = False
    if targets is None:
        return None
    o.seen.add(f"{o.u[n]['card']}: a {'gear' if any(g is rec for g in GEAR) else 'spell'} played"
               + (" (normal speed)" if not rec["showdown_playable"] else ""))
    return {"play": card, "target": targets, **({"pays": o.pays} if unless else {}), **o.entry_keys}


def _card_trigger_entry(o: Oracle, n: str, e: dict, draw) -> dict | None:
    """RB-CARD-27: ``n``'s "When I attack, you may ... play a card": not stated at all (named NOT MODELLED: None), not
    used (`decline: true`, or stated with no `plays:`), or the card its entry names, played as it resolves."""
    how = draw(st.sampled_from(["unstated", "unused"] + ["plays"] * 6))
    if how == "unstated":
        o.unstated.append(n)
        o.seen.add(f"{o.u[n]['card']}: its trigger not stated (named)")
        return None
    if how == "unused":
        o.seen.add(f"{o.u[n]['card']}: its trigger not used")
        return {"trigger": n, "decline": True} if draw(st.booleans()) else {"trigger": n}
    if e["from"] == "hand":  # "a card with [Hidden] from your hand": a spell or a unit card
        pool = AVA_UNITS if draw(st.integers(0, 2)) == 0 else AVA_SPELLS
    else:  # a card of his Main Deck: any (a spell, a gear, a unit card)
        pool = REK_UNITS if draw(st.booleans()) else REK_SPELLS
    pool = [c for c in pool if e.get("what") != HIDDEN_CARD or _hidden(c)]
    for card in draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True)):
        snap = _snapshot(o)
        plays = _ability_plays(o, n, e, card, draw)
        if plays is not None:
            return {"trigger": n, "plays": plays}
        _restore(o, snap)
    o.seen.add(f"{o.u[n]['card']}: no card with a legal play drawn: not used")
    return {"trigger": n, "decline": True}


def _trigger_entry(o: Oracle, n: str, draw) -> dict | None:
    """Resolve ``n``'s combat trigger in the oracle; the scenario's entry stating it."""
    x = o.u[n]
    side, enemy = x["side"], "defender" if x["side"] == "attacker" else "attacker"
    effects = READING[x["card"]][0]
    effects = [e for e in effects if side in COMBAT_TRIGGERS[e["trigger"]]]
    if len(effects) == 1 and effects[0]["effect"] == PLAY_CARD:  # RB-CARD-27
        entry = _card_trigger_entry(o, n, effects[0], draw)
        o.cleanup()
        o.flush()
        o.moves()
        return entry
    alone = [m for m in o.began if o.u[m]["side"] == side] == [n] and len(o.began) == 2
    effects = [e for e in effects if e["trigger"] != ONE_ON_ONE or alone]
    o.seen.update(["one on one: its trigger fires"] if any(e["trigger"] == ONE_ON_ONE for e in effects) else [])
    if not effects:
        return None
    xp_cost = sum(int(XP_COST.fullmatch(e["cost"]).group(1)) for e in effects
                  if XP_COST.fullmatch(e.get("cost") or ""))
    if xp_cost and o.xp[side] < xp_cost:  # it can't be paid: its player leaves it unused
        return {"trigger": n, "decline": True}
    if _declinable(effects) and draw(st.integers(0, 4)) == 0:  # RB-CARD-10: "you may", not used: nothing happens
        return {"trigger": n, "decline": True}
    entry: dict = {"trigger": n}
    if any(_reveals(e) for e in effects):  # RB-CARD-10: what it reveals, a fact its player knows: the entry states it
        if any(e.get("mode_option") for e in effects):  # the domain of the rune: its option, or none (mind: Draw 1)
            entry["revealed"] = draw(st.sampled_from(DOMAINS))
            effects = [e for e in effects if not e.get("mode_option") or e.get("mode_label") == entry["revealed"]]
        else:  # how many of the cards revealed have [Hidden]
            entry["revealed"] = draw(st.integers(0, 5))
        o.seen.add(f"a trigger revealed {entry['revealed']}")
    chosen: list[str] = []
    before = {m for m, y in o.u.items() if y["stunned"]}
    o.actor = side
    if xp_cost:  # spent as it resolves (the entry states it paid): his "[Level N]" abilities read what is left
        o.xp[side] -= xp_cost
        entry["paid"] = {"xp": xp_cost}
        o.seen.add("XP spent by a trigger")
    paid = True  # "you may kill me to ...": it dies first; the rest happens only if it did
    if any(e.get("cost") == "kill me" for e in effects):
        paid = x["where"] in ("bf", "base") and not o.saved_from_a_kill(n)  # recalled instead: it did not die
        if paid:
            o.died.append(n)
            o.deaths.append(n)
            if x["where"] == "bf":
                o.dies_knelling(n, {n})
            x["where"] = "gone"
    for e in effects:
        t = e.get("target") or {}
        cond = e.get("condition")
        if e["effect"] == "attach_equipment":  # an Equipment from his hand, attached to it: a gear he plays
            assume(x["where"] == "bf")  # (moved or killed by an earlier trigger before it resolves: not drawn)
            g = entry["attach"] = draw(st.sampled_from(CHEAP[e["energy_max"]]))
            x["equip"].append(g)
            o.seen.add("an Equipment from hand attached by a combat trigger")
            o.cleanup()
            o.gear_by_ability(side)
            o.opp_gear(side, g, n)  # a gear card he played: an opponent's "When an opponent plays a gear"
            continue
        if cond:
            here_e = o.present(enemy)
            holds = {"if there is a ready enemy unit here": any(not o.u[m]["exhausted"] for m in here_e),
                     "an enemy unit is alone here": len(here_e) == 1,
                     "I'm [Empowered]": x["empowered"],
                     "your units have all 4 tags (Bird, Cat, Dog, Poro)": {"Bird", "Cat", "Dog", "Poro"} <= {
                         tg for m in o.present(side) for tg in o.u[m]["tags"]},
                     }.get(cond)
            if holds is None and (few := re.fullmatch(r"if you control (\d+) or fewer runes", cond)):
                holds = o.player[side]["runes"] <= int(few.group(1))  # (the side states its runes: RB-CARD-8)
            if holds is None:
                holds = draw(st.booleans())
            entry["condition"] = holds
        if e["effect"] == "might_set":  # its unit, to the Might of a unit it chooses here (itself, or any other)
            if cond and not entry["condition"]:
                continue  # not Empowered: the ability does nothing and chooses nothing
            assume(x["where"] == "bf")
            cands = [m for s_ in ("attacker", "defender") for m in o.present(s_) if not o.untargetable(m, side)]
            c = draw(st.sampled_from(cands))
            entry["target"] = c
            o.chosen(side, [c])  # "When you choose me" resolves first
            x["delta"] += max(0, o.might(c) - o.might(n))
            continue
        if t.get("ref") == "self":  # "me": the unit wherever it is in play (moved to its base by an earlier trigger)
            names = [n] if x["where"] in ("bf", "base") else []
        else:
            # its unit recalled (a Soraka) before it resolves, its target chosen "here" at the battlefield: the
            # interpreter refuses the entry rather than let the ability do nothing; such boards are not drawn
            assume(not (x["where"] != "bf" and t.get("location") == "same_location" and t.get("count") != "all"))

            def at(s_):  # "here": where the trigger's unit is as it resolves (a Soraka may have recalled it); one that
                # left play since (killed by a card a trigger before it played, RB-CARD-27): where it last was, this
                # battlefield (unless it died away from it)
                if t.get("location") == "same_location" and x["where"] != "bf" \
                        and not (x["where"] == "gone" and n not in o.died_away):
                    return [m for m, y in o.u.items() if y["side"] == s_ and y["where"] == x["where"]]
                return o.present(s_)

            cands = [m for m in at(enemy if t.get("side") == "enemy" else side if t.get("side") == "friendly"
                                   else None) if not (t.get("other") and m == n)] \
                if t.get("side") else [m for s in ("attacker", "defender") for m in at(s)
                                       if not (t.get("other") and m == n)]  # "a unit": it may be the trigger's own
            if t.get("other") and t.get("side") == "enemy":  # "all other enemy units here": other than the one chosen
                cands = [m for m in cands if m not in chosen]
            if _reveals(e) and not t.get("location") and t.get("side") == "enemy":  # "an enemy unit": at its base too
                cands += [m for m, y in o.u.items() if y["side"] == enemy and y["where"] == "base"]
            if t.get("state") == "damaged":
                cands = [m for m in cands if o.u[m]["marked"] > 0]
            if t.get("state") == "attacking":
                cands = [m for m in cands if o.u[m]["side"] == "attacker" and o.u[m]["where"] == "bf"]
            if t.get("count") != "all" and not (t.get("chooser") == "the defender" and side == "attacker"):
                # RB-CARD-9: "can't be chosen by enemy spells and abilities"; "the defender must kill one of their units
                # here" (Atakhan): its player chooses one of his own, none of them is chosen by an enemy
                cands = [m for m in cands if not o.untargetable(m, side)]
            if t.get("might_max") is not None:
                cands = [m for m in cands if o.might(m) <= t["might_max"]]
            if t.get("count") == "all":
                names = cands
            elif t.get("count") == "any":
                names = draw(st.lists(st.sampled_from(cands), unique=True)) if cands else []
                entry["target"] = list(names)
                o.chosen(side, names)
                if e.get("split"):  # how the N damage is split among them, adding up to N (none: dealt to none)
                    left, split = e["amount"], {}
                    for i, m in enumerate(names):
                        split[m] = left if i == len(names) - 1 else draw(st.integers(0, left))
                        left -= split[m]
                    entry["amounts"] = split
            elif chosen:
                names = chosen
            else:
                if not cands:  # the units that fitted as the combat began have left: stated, it does nothing
                    gone = [m for m in o.began if o.u[m]["where"] != "bf" and (t.get("side") != "enemy" or
                            o.u[m]["side"] == enemy) and (t.get("side") != "friendly" or o.u[m]["side"] == side)
                            and not (t.get("other") and m == n)
                            and (t.get("state") != "attacking" or o.u[m]["side"] == "attacker")]
                    if not gone:  # no unit to choose: it does nothing, and nothing is paid (RB-CARD-10)
                        return entry if "revealed" in entry else None
                    entry["target"] = gone[0]
                    chosen = [gone[0]]
                    continue
                names = [draw(st.sampled_from(cands))]
                chosen = names
                entry["target"] = names[0]
                o.chosen(side, names)
        if cond and not entry["condition"] or not paid:
            continue  # the target is chosen as the trigger goes on the chain; the condition fails: no effect
        for m in names:
            k = e["effect"]
            if k == "deal_damage":
                amount = e["amount"]
                if amount == "my Might":
                    amount = max(0, o.might(n))
                elif amount == "my Assault":
                    amount = o.reached(n)[1]
                elif amount == "variable" and _reveals(e):  # for each card with [Hidden] revealed: one instance
                    amount = e["amount_per"] * entry["revealed"]
                elif amount == "variable":
                    amount = e["amount_per"] * len(x["equip"])
                dealt = entry["amounts"][m] if e.get("split") else amount
                o.damage(m, dealt + (o.bonus(side) if dealt > 0 else 0))  # Bonus Damage: each instance
            elif k == "move":
                if not o.no_base(m):
                    o.move(m, "base")
            elif k == "ready":
                o.ready(m)
            else:
                o.effect({**e, "duration": "this_turn"}, m)
    o.cleanup()
    o.flush()
    o.stuns(side, before)
    o.moves()
    return entry


def _move_entry(o: Oracle, n: str, draw, stated: bool = True) -> dict | None:
    """Resolve ``n``'s triggers on its own move before the showdown; the scenario's entry stating them (None: none
    resolves; ``stated=False``: no entry states them, Zilean's additional token copy among them). An attacker moved
    in; a defender stated `moved: true` moved earlier in the turn, and only its triggers that change Might and
    keywords this turn resolve now (the rest is the board as stated)."""
    x = o.u[n]
    side, enemy = x["side"], "defender" if x["side"] == "attacker" else "attacker"
    effects = MOVES.get(x["card"]) or []
    if not effects or not (side == "attacker" or o.states[n].get("moved")):
        return None
    if side != "attacker" and any(e["effect"] not in ("might_modifier", "grant_keyword") for e in effects):
        return None
    if _declinable(effects) and draw(st.integers(0, 4)) == 0:  # RB-CARD-10: "you may", not used: nothing happens
        return {"trigger": n, "when": "move", "decline": True}
    entry: dict = {"trigger": n, "when": "move"}
    o.actor = side
    groups: list[list[dict]] = []
    for e in effects:  # an "instead" effect replaces the one before it when its condition holds
        if e.get("replaces_previous") and groups:
            groups[-1].append(e)
        else:
            groups.append([e])
    for first, *alts in groups:
        e = next((a for a in alts if x["empowered"]), first)  # "instead, if I'm [Empowered]"
        if first.get("condition") or first.get("mode_option"):  # the revealed card, the discarded card's type
            entry["condition"] = draw(st.booleans())
            if not entry["condition"]:
                continue
        t, k = first.get("target") or {}, e["effect"]
        if t.get("ref") == "chosen" and "chosen" in t:
            t = t["chosen"]  # it chooses this unit; the effects after it act on the same one
        if k == "create_unit_token":  # "<token> 1", "<token> 2", ...: the first unused numbers, here
            zileans, free = o.zileans(side)
            if zileans and not stated:  # no entry: the model names the choice, and plays no additional copy
                o.zilean_named.append(n)
            elif zileans:  # Zilean, Time Mage's additional copy of the first token, as the entry's `extra_copy:` says
                entry["extra_copy"] = extra = bool(free) and draw(st.booleans())
                if extra:
                    e = {**e, "count": e["count"] + 1}
                    o.zileans_used.append(free[0])
                o.seen.add("a move trigger's tokens with a Zilean at a battlefield: "
                           + ("one more" if extra else "no more"))
            i, made = 0, []
            for _ in range(e["count"]):
                i += 1
                while f"{e['token']} {i}" in o.u:
                    i += 1
                # "there" (moved_from): an attacker moved in from its base (none of these has [Ganking])
                o.u[f"{e['token']} {i}"] = token_unit(side, e, "base" if e.get("to") == "moved_from" else "bf")
                made.append(f"{e['token']} {i}")
                o.move_tokens.append(made[-1])
            for _ in range(e["count"]):  # RB-CARD-10: a unit token played is a unit played, after this trigger
                o.fire(side, "unit")
                o.fire(side, "token")
            for tk in made:  # an opponent's "When an opponent plays a unit" (Vex, Apathetic)
                o.opp_played(tk)
            continue
        if t.get("ref") == "self":
            names = [n]
        elif t.get("ref") == "chosen":
            names = [entry["target"]] if "target" in entry else []
        else:
            if k == "move" and e["to"] in INTO_HERE:  # a unit of that side at its base comes here
                pool = [m for m, y in o.u.items() if y["where"] == "base"
                        and y["side"] == (enemy if t.get("side") == "enemy" else side)]
            else:  # "anything you control": its player's
                whose = t.get("side") or ("friendly" if "you control" in str(t.get("kind")) else None)
                pool = [m for s_ in ("attacker", "defender") for m in o.present(s_)
                        if not whose or (o.u[m]["side"] == side) == (whose == "friendly")]
            cands = [m for m in pool if not (t.get("other") and m == n) and not o.untargetable(m, side)
                     and (t.get("state") != "exhausted" or o.u[m]["exhausted"])
                     and (t.get("might_less_than") != "self" or o.might(m) < o.might(n))]
            names = [draw(st.sampled_from(cands))] if cands and (not first.get("optional") or draw(st.booleans())) \
                else []
            if not cands and not first.get("optional") and set(entry) == {"trigger", "when"}:
                return None  # no unit fits: it resolves by itself, doing nothing
            if names:
                entry["target"] = names[0]
                o.chosen(side, names)
        for m in names:
            if k == "deal_damage":
                o.damage(m, e["amount"] + o.bonus(side))
            elif k == "move":
                o.move(m, "bf" if e["to"] in INTO_HERE else "elsewhere")
            elif k == "ready":
                o.ready(m)
            elif k == "grant_keyword":  # its unit's keywords as it has them now
                _, assault, shield, tank, backline = o.reached(n)
                y = o.u[m]
                y["assault"], y["shield"] = y["assault"] + assault, y["shield"] + shield
                y["tank"], y["backline"] = y["tank"] or tank, y["backline"] or backline
            elif e.get("value_from") == "my Might":
                o.u[m]["delta"] += max(0, o.might(n))
            else:
                o.effect({**e, "duration": "this_turn"}, m)
    o.cleanup()
    o.flush()
    o.moves()
    return entry


def _ready_choice(card: str) -> bool:
    """Whether the card's record has a "When I become ready, choose one to give me this turn" (options giving it a
    keyword): the one chosen before the showdown is stated by the unit's `keywords:` (here: none)."""
    return any(e.get("trigger") == "When I become ready" and e.get("mode_option") and e["effect"] == "grant_keyword"
               for e in RECORDS[card].get("effects") or ())


def _fired_earlier(card: str) -> bool:
    """Whether the card has a triggered "give ... this turn" Might or keyword ability whose event may have come earlier
    this turn, before the showdown (RB-CARD-9): the oracle's boards state it fired none then (`fired_this_turn: 0`)."""
    from pycombat.games.riftbound.cards.units import is_earlier

    return any(is_earlier(e) for e in RECORDS[card].get("effects") or ())


def token_unit(side: str, e: dict, where: str) -> dict:
    """A unit token a move trigger plays (``e``: its record) at ``where``."""
    return {"side": side, "printed": e["might"], "delta": 0, "assault": 0, "shield": 0, "tank": False,
            "backline": False, "stunned": False, "marked": 0, "prevent": 0, "buffed": False, "doubled": 0,
            "where": where, "tags": [e["token"]], "domains": [], "equip": [], "card": None,
            "exhausted": False, "empowered": False, "hold": False, "no_damage": False,
            "ignores_tank": False, "token": True, "temporary": e.get("keyword") == "Temporary", "immune": False}


def _no_choice(effects: list[dict]) -> bool:
    """A move trigger that needs no choice (tokens played here, +N Might to itself): it resolves by itself when
    no entry states it, after the stated ones."""
    return not any(e.get("optional") or e.get("condition") or e.get("mode_option")
                   or e.get("target") and e["target"].get("ref") != "self"
                   or e["effect"] not in ("create_unit_token", "might_modifier") for e in effects)


def _use_ability(o: Oracle, n: str, e: dict, draw) -> dict | None:
    """Maybe use ``n``'s [Action] ability (RB-CARD-17): its entry, or None. An exhaust cost needs a ready unit."""
    x = o.u[n]
    if x["where"] not in ("bf", "base") or ("exhaust" in e["activated"] and x["exhausted"]) or not draw(st.booleans()):
        return None
    entry: dict = {"ability": n}
    o.actor = x["side"]
    if e["effect"] == "move":
        if not o.no_base(n):
            o.move(n, "base")
    else:
        cands = [m for m in o.present("attacker") if x["side"] == "defender" and x["where"] == "bf"
                 and not o.untargetable(m, x["side"])]
        if not cands:
            return None
        m = draw(st.sampled_from(cands))
        before = {m for m, y in o.u.items() if y["stunned"]}
        o.u[m]["stunned"] = True
        entry["target"] = m
    if "exhaust" in e["activated"]:
        x["exhausted"] = True
    o.cleanup()  # a unit moved away takes its static abilities with it
    if e["effect"] == "stun":
        o.stuns(x["side"], before)
    o.moves()
    return entry


def _empowered(card):
    """Whether a unit is Empowered; how many times for one that can be more than once (`empowered: 0..3`)."""
    return st.integers(0, 3) if card in TIMES_UNITS else st.booleans()


def _nameable(spells) -> list[str]:
    """The spells a Fallen Feline may have named: those the showdown may play (any spell when none is)."""
    return [n for n in spells or SPELL_POOL if n in SPELL_NAMES] or sorted(SPELL_NAMES)


@st.composite
def boards(draw, units=None, spells=None, most=None, lead=None, at_base=None, lead_state=None, hand=None, hand_by=None,
           facedown=False, lead_on=None):
    """A board, its showdown and the oracle that resolved it: 1-4 units a side drawn from ``units`` (on one side, first,
    one unit of each list in ``lead``, when given, in ``lead_state``), a unit at a base (from ``at_base``, when given:
    always), up to ``most`` spells (and, with ``hand``, units played from hand among them, by a side of ``hand_by``
    when given); with ``facedown``, a [Hidden] spell playable from hand is played from facedown half the time; the lead
    units on ``lead_on``'s side when given (else either)."""
    sides: dict = {"attacker": [], "defender": []}
    states: dict = {}
    equipped: dict = {}
    hidden_too = facedown
    lead_side = (lead_on or draw(st.sampled_from(list(sides)))) if lead else None
    for side in sides:
        for i in range(draw(st.integers(len(lead) if side == lead_side else 1, 4))):
            if lead and side == lead_side and i < len(lead):
                card = draw(st.sampled_from(lead[i]))
                name = f"{side[0].upper()}{i} {card}"
                states[name] = {"card": card}
            elif draw(st.integers(0, 3)):
                card = draw(st.sampled_from(units or (ACTIVE if draw(st.booleans()) else DRAWN)))
                name = f"{side[0].upper()}{i} {card}"
                states[name] = {"card": card}
            else:
                name = f"{side[0].upper()}{i}"
                states[name] = {"might": draw(st.integers(0, 6)), "token": draw(st.booleans()),
                                "temporary": draw(st.integers(0, 3)) == 0}
            states[name].update(buffed=draw(st.booleans()), stunned=draw(st.integers(0, 3)) == 0,
                                exhausted=draw(st.booleans()), empowered=draw(_empowered(states[name].get("card"))))
            if states[name].get("card") in NAMING_UNITS:  # the spell it named as it was played
                states[name]["named"] = draw(st.sampled_from(_nameable(spells)))
            if lead and side == lead_side and i < len(lead):
                states[name].update(lead_state or {})
            if states[name].get("card") in IMMUNE_UNITS:
                states[name]["immune"] = draw(st.booleans())  # its "don't take damage" clause holds, as stated
            if any(how == "stated" for _, how in READING.get(states[name].get("card"), ((), ()))[1]):
                # its conditional keyword: the condition stated (Empowered: as `empowered:` says)
                states[name]["hold"] = states[name]["empowered"]
            if any(how in ("moved", "moved_from") for _, how in READING.get(states[name].get("card"), ((), ()))[1]) \
                    or MOVES.get(states[name].get("card")):
                # whether it moved this turn: an attacker did (stated or not); a defender as drawn
                if side == "defender" or draw(st.booleans()):
                    states[name]["moved"] = side == "attacker" or draw(st.booleans())
                if any(how == "moved_from" for _, how in READING[states[name]["card"]][1]):
                    states[name]["from_bf"] = draw(st.booleans())  # moved in from another battlefield (or its base)
            equipped[name] = draw(st.lists(st.sampled_from(EQUIPMENT), max_size=1))
            sides[side].append(name)
    base = {}
    if at_base or draw(st.booleans()):
        card = draw(st.sampled_from(at_base or units or ACTIVE))
        name = f"B {card}"
        empowered = draw(_empowered(card))
        states[name] = {"card": card, "buffed": False, "empowered": empowered,
                        **({"named": draw(st.sampled_from(_nameable(spells)))} if card in NAMING_UNITS else {}),
                        # its conditional keyword: the condition stated (Empowered: as `empowered:` says)
                        **({"hold": empowered} if any(how == "stated" for _, how in READING[card][1]) else {}),
                        **({"moved": False} if any(how in ("moved", "moved_from") for _, how in READING[card][1])
                           or MOVES.get(card) else {}),
                        **({"immune": draw(st.booleans())} if card in IMMUNE_UNITS else {})}
        equipped[name] = []
        base[name] = draw(st.sampled_from(["attacker", "defender"]))
    xp = {s: draw(st.sampled_from([0, 3, 6, 11])) for s in sides}
    cards = {s: draw(st.integers(0, 2)) for s in sides}
    player = {s: {k: draw(v) for k, v in PLAYER_FIELDS.items()} for s in sides}
    if "Divining Shells" in (spells or SPELL_POOL):  # its [Action] ability kills it as it is used (RB-CARD-17): each
        for s in sides:  # use is of a gear of its player's the scenario does not list, which he must have
            player[s]["gear_elsewhere"] = max(player[s]["gear_elsewhere"], most or (3 if spells else 2))
    o = Oracle(sides["attacker"], sides["defender"], base, states, xp, equipped, cards, player)
    if hand:
        o.turn = draw(st.sampled_from(["attacker", "defender"]))
    o.draw = draw
    showdown = []

    def add(entry):  # an entry, then the entries stating the choices of the triggers it fired
        if entry:
            showdown.append(entry)
        showdown.extend(o.extra)
        o.extra.clear()
    for side in ("defender", "attacker"):  # RB-COMB-2: the move triggers, before the showdown: the moves earlier
        by_itself = []  # in the turn (a defender's), then the one staging the combat
        moved = [n for n in sides[side] if o.u[n]["where"] == "bf"]  # all on the chain as they moved: a unit
        for n in moved:  # an earlier trigger kills has its own trigger resolve all the same
            if states[n].get("card") and "from_bf" in states[n] and (side == "attacker" or states[n].get("moved")):
                add({"trigger": n, "when": "move", "condition": states[n]["from_bf"]})
                continue  # where it came from, stated (its +N Might is in the oracle's units from the start)
            if states[n].get("card"):
                if MOVES.get(states[n]["card"]) and _no_choice(MOVES[states[n]["card"]]) and draw(st.booleans()):
                    by_itself.append(n)  # not stated: it resolves after the stated ones
                    continue
                add(_move_entry(o, n, draw))
        for n in by_itself:
            if o.u[n]["where"] == "bf":
                _move_entry(o, n, draw, stated=False)
                add(None)
    o.began = o.present("attacker") + o.present("defender")
    o.start_becoming()  # RB-CARD-10: what a unit "becomes" from here on (the model's showdown start)
    held = bool(o.present("attacker") and o.present("defender"))  # CR 456.2: a side moved away, no combat
    fired: list[dict] = []  # the choices of the triggers the combat chain fires: listed after its last trigger

    def add(entry):  # noqa: F811 (a combat trigger's entry; the choices it fires wait)
        if entry:
            showdown.append(entry)
        fired.extend(o.extra)
        o.extra.clear()
    for n, s_ in base.items():  # "When you defend at a battlefield, you may move me there": first of the Defender's
        card = states[n].get("card")
        if held and s_ == "defender" and any(ev == "defend_here" for ev, _ in EVENTS.get(card, [])):
            o.seen.add("a unit at its base defends: moved in or declined")
            if draw(st.booleans()):
                o.actor = "defender"
                o.move(n, "bf")
                o.cleanup()
                o.moves()
                add({"trigger": n})
            else:
                add({"trigger": n, "decline": True})
    # an attacker's unit a move trigger brought in from his base attacks as the combat begins, but the scenario reader
    # takes no entry stating its combat trigger (only the units listed at the battlefield and the Defender's base
    # units): reported, such boards are not drawn
    assume(not any(o.u[m]["side"] == "attacker" and states.get(m, {}).get("card") and READING[states[m]["card"]][0]
                   for m in o.began if m not in sides["attacker"]))
    for side in ("defender", "attacker"):  # RB-SHOW-2: the Defender's triggers resolve first
        # at the battlefield as the showdown begins: those listed there, and those a move trigger brought in (RB-COMB-4)
        for n in sides[side] + [m for m in o.began if m not in sides[side] and o.u[m]["side"] == side]:
            if states.get(n, {}).get("card") and n in o.began and held:
                add(_trigger_entry(o, n, draw))
    showdown.extend(fired)

    def add(entry):  # noqa: F811 (an entry, then the entries stating the choices of the triggers it fired)
        if entry:
            showdown.append(entry)
        showdown.extend(o.extra)
        o.extra.clear()
    for n in sides["attacker"] + sides["defender"] + list(base):
        card = states[n].get("card")
        for e in ABILITIES.get(card, []) if card else ():
            add(_use_ability(o, n, e, draw))
    for _ in range(draw(st.integers(0, most or (3 if spells else 2)))):
        if hand and draw(st.booleans()):  # RB-CARD-16: a unit card from hand
            card, by = draw(st.sampled_from(hand)), draw(st.sampled_from(hand_by or ["attacker", "defender"]))
            snapshot = json.dumps([o.u, o.died, o.saved, o.cards, o.pending, o.moved_now, o.gear, o.states, o.locked,
                                   o.fresh, sorted(o.mighty), o.becoming, o.once, o.died_away])
            keys = o.hand_play(card, by, draw)
            if keys is not None and o.refused:  # the model refuses it: the last entry
                o.refused = (len(showdown), o.refused[1])
                showdown.append({"play": card, "by": by, **keys})
                break
            if keys is None:
                o.u, o.died, o.saved, o.cards, o.pending, o.moved_now, o.gear, o.states, o.locked, o.fresh, mighty, \
                    o.becoming, o.once, o.died_away = json.loads(snapshot)
                o.mighty, o.extra, o.deaths, o.knells = set(mighty), [], [], []
                continue
            add({"play": card, "by": by, **keys})
            continue
        pick = draw(st.sampled_from(spells or SPELL_POOL))
        rec = REPLAY.get(pick) or next(r for r in SPELLS + GEAR if r["name"] == pick)
        if rec["name"] in TOKEN_CARDS:
            rec = {**rec, "effects": [e for e in rec["effects"] if e["effect"] == "create_unit_token"]}
        by = draw(st.sampled_from(["attacker", "defender"]))
        facedown = bool((rec.get("keywords") or {}).get("Hidden")) and (
            not rec["showdown_playable"] or hidden_too and draw(st.booleans()))
        verdict = o.refusal(by, rec["name"], facedown, None)
        if verdict == "skip":
            continue
        if verdict:  # the model refuses it (before its targets): the last entry
            o.refused = (len(showdown), verdict)
            showdown.append({"play": rec["name"], "by": by, **({"facedown": True} if facedown else {})})
            break
        snapshot = json.dumps([o.u, o.died, o.saved, o.cards, o.pending, o.moved_now, o.gear, o.states, o.locked,
                               o.fresh, sorted(o.mighty), o.becoming, o.once, o.died_away])
        gear_played = set(o.gear_played)
        unless = any(e.get("unless") for e in rec["effects"])  # RB-CARD-8: whether the player asked did it
        o.pays = draw(st.booleans()) if unless else False
        o.facedown_now = facedown
        targets = o.play(rec, by, lambda cands, k: draw(st.permutations(cands))[:k])
        o.facedown_now = False
        if targets is None:
            o.u, o.died, o.saved, o.cards, o.pending, o.moved_now, o.gear, o.states, o.locked, o.fresh, mighty, \
                o.becoming, o.once, o.died_away = json.loads(snapshot)
            o.mighty, o.extra, o.deaths, o.knells, o.gear_played = set(mighty), [], [], [], gear_played
            continue
        add({"play": rec["name"], "by": by, "target": targets, **({"pays": o.pays} if unless else {}),
             **o.entry_keys})

    # "your [Empowered] units have ...": each custom unit's Empowered status is stated too when a unit reads it
    reads_empowered = any(s.get("card") in EMPOWERED_READERS for s in states.values())

    def entry(n):
        s = states[n]
        out = {"name": s["card"], "label": n} if s.get("card") else {"name": n, "custom": True, "might": s["might"]}
        if not s.get("card") and reads_empowered:
            out["empowered"] = bool(s.get("empowered"))
        if s.get("token"):
            out["token"] = True  # a unit token ("your token units")
        if s.get("temporary"):
            out["keywords"] = ["Temporary"]
        for k in ("buffed", "stunned", "exhausted"):
            if s.get(k):
                out[k] = True
        if s.get("card"):
            out["empowered"] = s["empowered"] if s["card"] in TIMES_UNITS else bool(s.get("empowered"))
            out["exhausted"] = bool(s.get("exhausted"))
        if "named" in s:
            out["named"] = s["named"]
        if "hold" in s:
            out["conditions_hold"] = s["hold"]
        if "moved" in s:
            out["moved"] = s["moved"]
        if "immune" in s:
            out["immune"] = s["immune"]
        if equipped[n]:
            out["equipment"] = list(equipped[n])
        if s.get("card") and _ready_choice(s["card"]):  # "When I become ready, choose one": none chosen earlier
            out.setdefault("keywords", [])
        if s.get("card") and _fired_earlier(s["card"]):  # a "this turn" trigger that may have fired before: it did not
            out["fired_this_turn"] = 0
        return out

    doc = {"game": "riftbound", "showdown": showdown, **({"turn": o.turn} if o.turn else {})}
    for side in sides:
        p = player[side]
        doc[side] = {"units": [entry(n) for n in sides[side]], "xp": xp[side], "cards_played": cards[side],
                     "base": [entry(n) for n, s in base.items() if s == side],
                     "points": p["points"], "trash": p["trash"], "runes": p["runes"],
                     "spent_this_turn": {"power": p["power"], "spell_energy": p["spell_energy"]},
                     "gained_xp_this_turn": bool(p["gained_xp"]), "tokens_elsewhere": p["tokens_elsewhere"],
                     "gear_elsewhere": p["gear_elsewhere"]}
    return doc, o


#: what a side states of its player, as drawn (the oracle's names; the scenario's keys in :func:`boards`)
PLAYER_FIELDS = {"points": st.integers(0, 8), "trash": st.integers(0, 12), "runes": st.integers(4, 12),
                 "power": st.integers(0, 3), "spell_energy": st.integers(0, 6), "gained_xp": st.integers(0, 1),
                 "tokens_elsewhere": st.integers(0, 2), "gear_elsewhere": st.integers(0, 2)}
#: the units reading what their side states of their player
PLAYER_UNITS = sorted(n for n in UNITS if any(how in ("player_value", "player_per", "player_cond", "gear_assault")
                                              or how == "prevent" for _, how in READING[n][1]))
#: the model holds what a side states of its player as the showdown began; what the showdown could change of it (a
#: card played puts a card in the trash, Power paid recycles runes, gear played) it names, with the value held
HELD = re.compile(r"is held|as the showdown begins are counted")
#: the unit a "don't take damage" clause named NOT MODELLED is on: moved ("its ... clause (unit U), if ...") or played
#: anew ("a ... clause (unit U, played anew)")
IMMUNE_NAMED = re.compile(r"'don't take damage' clause \(unit (.+?)(?:\), if |, played anew\)$)")


SETTINGS = settings(max_examples=examples(800), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def _compare(doc, o: Oracle):
    for what in sorted(w for w in o.seen if w.startswith(tuple(CARD_PLAYERS))):
        event(what)  # RB-CARD-27: what a trigger playing a card did, on every board (hypothesis's statistics)
    known = {f"{tk} {i}" for tk, k in o.token_counts.items() for i in range(1, k * (1 + len(doc["showdown"])) + 1)}
    unknown = o.unnamed + [t for t in o.move_tokens if t not in known]
    named = [t for t in unknown if any(f'"{t}"' in json.dumps(e) for e in doc["showdown"])]
    if named:  # a later entry names a token whose name the reader does not know: it refuses the entry
        with pytest.raises(ScenarioError, match="is not a unit of this combat"):
            play_showdown(scenario_from_dict(doc, file="<hypothesis>"))
        event("a token whose name the reader does not know, named by a later entry: refused")
        return
    if o.refused:  # RB-CARD-9: the play a unit's restriction refuses, one error naming the entry's field
        i, why = o.refused
        with pytest.raises(ScenarioError) as got:
            play_showdown(scenario_from_dict(doc, file="<hypothesis>"))
        words = {"facedown": "can't be revealed here", "named": f"named {doc['showdown'][i]['play']}:"}[why]
        assert words in str(got.value) and "RB-CARD-9" in str(got.value), str(got.value)
        assert got.value.path == f"showdown[{i}].{'facedown' if why == 'facedown' else 'play'}", got.value.path
        event(f"a play refused: {why}")
        return
    sd = play_showdown(scenario_from_dict(doc, file="<hypothesis>"))
    unmodelled = sd.unmodelled_json()
    # a "don't take damage" clause the scenario does not state: named for exactly the units the oracle expects
    immune = [u for u in unmodelled if u["card"] in IMMUNE_UNITS and IMMUNE_NAMED.search(u["what"])]
    assert {IMMUNE_NAMED.search(u["what"]).group(1) for u in immune} == o.named, immune
    # named, and not read by either: a Deathknell at the combat cleanup; a "When I move" fired by a card moving its
    # unit after the combat was staged that needs a choice (no entry states it mid-showdown)
    # a death away from this combat: what it fires there is named, for units the oracle killed there only
    away = [u for u in unmodelled if u["what"].startswith("its death at ")]
    assert {re.search(r"\(unit (.+)\)$", u["what"]).group(1) for u in away} <= set(o.died_away), away
    # RB-CARD-27: a trigger playing a card that no entry states: named, for exactly the units the oracle left unstated
    unstated = [u for u in unmodelled if u["card"] in CARD_PLAYERS and u["what"].startswith("its combat trigger")]
    assert sorted(re.search(r"unit (.+)\)$", u["what"]).group(1) for u in unstated) == sorted(o.unstated), unstated
    # Zilean's additional token copy for a move trigger fired during the showdown (no entry states it): named, for the
    # units the oracle found so
    copies = [u for u in unmodelled if "`extra_copy: true|false`" in u["why"] and u["card"].endswith("ability")]
    assert {u["card"].split("'s \"")[0] for u in copies} <= set(o.zilean_named), copies
    assert [u for u in unmodelled if not (u["card"] in KNELL and "combat cleanup" in u["why"])
            and "moves the unit during the showdown" not in u["why"] and u not in immune and u not in away
            and u not in unstated and u not in copies
            and not (u["card"] in PLAYER_UNITS and HELD.search(u["why"]))] == []
    board = sd.board
    for side in ("attacker", "defender"):
        assert sorted(u.name for u in board.side(side)) == sorted(o.present(side))
        for u in board.side(side):
            might, _, _, tank, backline = o.reached(u.name)
            got = (u.current_might, u.tank, u.backline, u.stunned, u.marked)
            assert got == (might, tank, backline, o.u[u.name]["stunned"], o.u[u.name]["marked"]), u.describe()
    assert sorted(n for n, _, how in board.removed if how.startswith("killed at ")) == sorted(
        o.died_away + [n for n, x in o.u.items() if x.get("killed_away")])
    killed = sorted(n for n, _, how in board.removed if how == "killed")
    saved = sorted(n for n, _, how in board.removed if "recalled instead of dying" in how)
    assert (killed, saved) == (sorted(o.died), sorted(o.saved)), board.removed
    if not board.damage_step:
        return
    d = derive(board)
    for side in ("attacker", "defender"):
        assert d.pool[side] == o.pool(side), side
        assert LegalSplits(board, side).count() == o.vector_count(side), side
    if not any(u.doubled for u in board.attacker + board.defender):
        assert outcome_classes(board).outcomes == {o.outcome()}


@SETTINGS
@given(boards())
def test_units_abilities_against_the_oracle(case):
    doc, o = case
    _compare(doc, o)


#: units with a combat or move trigger whose player may leave it unused (`decline: true`, RB-CARD-10)
DECLINABLE = sorted(n for n in UNITS if (READING[n][0] and _declinable(READING[n][0])) or
                    (MOVES.get(n) and _declinable(MOVES[n])))


def test_declinable_units_are_drawn():
    assert {"Baccai Reaper", "Akali, Deadly Weapon"} <= set(DECLINABLE) and len(DECLINABLE) >= 8, DECLINABLE


@SETTINGS
@given(boards(units=DECLINABLE, spells=FOCUS_SPELLS))
def test_declined_triggers_against_the_oracle(case):
    """A "you may" trigger stated `decline: true` does nothing and pays nothing; used, it resolves as read."""
    doc, o = case
    _compare(doc, o)


@SETTINGS
@given(boards(units=FOCUS, spells=FOCUS_SPELLS))
def test_units_whose_readings_meet_against_the_oracle(case):
    """Soraka's replacement with damage spells, Fiora's Mighty Shield under Leona's clamp, Yuumi's Tank
    against Dune Surfer's side, Gearhead's Equipment, Yasuo's Might read as his trigger resolves."""
    doc, o = case
    _compare(doc, o)


#: units with a "When I move" trigger fired before the showdown (their Might this turn), with units reading Might
MOVED = sorted(n for n in UNITS if any(how in ("moved", "moved_from") for _, how in READING[n][1]) or MOVES.get(n)) \
    + ["Yasuo - Remorseful", "Gearhead", "Soraka - Wanderer"]


@SETTINGS
@given(boards(units=MOVED, spells=FOCUS_SPELLS))
def test_units_that_moved_this_turn_against_the_oracle(case):
    """A "When I move" trigger that fired as the unit moved this turn (an attacker: the move staging the
    combat; a defender: `moved: true`) resolves before the showdown (RB-CARD-10, RB-COMB-2): Might to itself or to
    another unit, Recruit tokens played here, damage, readying, units moved in from a base or away."""
    assert {"Akali, Silent", "Noxian Drummer", "Corina Veraza", "Ribbon Dancer", "Miss Fortune - Captain",
            "Imposing Challenger", "Irresistible Faefolk", "Akali, Deadly Weapon", "Pakaa Protector",
            "Fae Porter", "Kato the Arm", "Lillia - Fae Fawn", "Hwei - Brooding Painter",
            "Shadow Order Disciple"} <= set(MOVED)
    doc, o = case
    _compare(doc, o)


#: units whose readings act on what happens in the showdown (RB-CARD-10) or guard (RB-CARD-9), with spells that
#: fire, stun, choose, move to base and buff
EVENT_UNITS = ["Ravenbloom Student", "Diana - No Longer Human", "Eclipse Herald", "Revna the Lorekeeper", "Pit Crew",
               "Darius - Trifarian", "Fretful Feline", "Maduli the Gatekeeper", "Mageseeker Warden",
               "Ruin Runner", "Alpha Wildclaw", "Baron Nashor", "Vilemaw", "Sacred Protector", "Determined Sentry",
               "Minotaur Reckoner", "Lee Sin - Ascetic", "Soraka - Wanderer", "Shadow"]
EVENT_SPELLS = ["Rune Prison", "Fight or Flight", "Stand United", "Hextech Ray", "Flurry of Blades", "Back Off",
                "Wallop", "Last Breath"]


@SETTINGS
@given(boards(units=EVENT_UNITS, spells=EVENT_SPELLS))
def test_units_on_events_and_guards_against_the_oracle(case):
    """Spells fire "When you play a spell" and "When you stun an enemy unit" before and after they resolve, can't
    choose a guarded unit, can't move a unit to base past "can't move to base", buff Lee Sin again; Vilemaw and
    Sacred Protector set combat damage to nothing."""
    assert set(EVENT_UNITS) <= set(UNITS)
    doc, o = case
    _compare(doc, o)


#: the units whose triggers wait on another unit's death, play, stun or becoming [Mighty], each with the units those
#: triggers act on (readied, played for, stunning, dying with a Deathknell, saved) and the spells that make them act
#: (banishing and replaying a unit, RB-CARD-24; playing unit tokens; stunning, killing, dealing damage, raising and
#: lowering Might, moving)
DEATHS = dict(units=["Spectral Centaur", "Kog'Maw - Caustic", "Soraka - Wanderer", "Overzealous Fan"],
              spells=["Hidden Blade", "Hextech Ray", "Last Breath", "Challenge", "Temporal Breach"],
              lead=[["Spectral Centaur"]])
PLAYED = dict(units=["Vex - Apathetic", "Reluctant Leader", "Mageseeker Warden", "Akali, Silent", "Shadow",
                     "Noxian Drummer", "Corina Veraza", "Sett - Brawler", "Teemo - Scout", "Field Musicians",
                     "Blastcone Fae", "Harnessed Dragon"],
              spells=sorted(REPLAY) + ["Flurry of Feathers"], lead=[["Vex - Apathetic"]])
STUNS = dict(units=["Vex - Mocking", "Eclipse Herald", "Shadow", "Vex - Apathetic"],
             spells=["Rune Prison", "Back Off", "Fight or Flight", "Thrill of the Hunt", "Portal Rescue"],
             at_base=["Vex - Mocking"])
MIGHTY_ = dict(units=["Fretful Feline", "Irelia - Fervent", "Reluctant Leader", "Fiora - Worthy"],
               spells=["Eclipse", "Primal Strength", "Blood Rush", "Stand United", "Portal Rescue", "Arcane Shift"],
               lead=[["Fiora - Worthy"], ["Irelia - Fervent", "Fretful Feline"]],
               lead_state={"exhausted": True, "buffed": False})
GROUPS = (DEATHS, PLAYED, STUNS, MIGHTY_)
OTHERS = sorted({n for g in GROUPS for n in g["units"] + sum(g.get("lead", []), []) + g.get("at_base", [])})
OTHER_SPELLS = sorted({n for g in GROUPS for n in g["spells"]})


def _others_test(n, *groups):
    @settings(SETTINGS, max_examples=examples(n))
    @given(st.one_of([boards(most=5, **g) for g in groups]))
    def test(case):
        doc, o = case
        try:
            _compare(doc, o)
        finally:  # what acted on the board, the damage step's readings included
            for what in sorted(o.seen):
                event(what)
    return test


# A friendly unit's death (Spectral Centaur's +2, after the cleanup and the Deathknells), an opponent's unit played
# (Vex, Apathetic stuns it and locks it), a stun at a battlefield (Vex, Mocking moves in or declines), a unit becoming
# [Mighty] (Fiora, Worthy readies it or declines), with units banished and played anew by Portal Rescue, Arcane
# Shift, Thrill of the Hunt and Temporal Breach (RB-CARD-24). The quick tier draws a few boards for each; the long tier
# more, on all of them together.
test_friendly_deaths_against_the_oracle = _others_test(160, DEATHS)
test_units_played_anew_against_the_oracle = _others_test(160, PLAYED)
test_stuns_at_a_battlefield_against_the_oracle = _others_test(160, STUNS)
test_units_becoming_mighty_against_the_oracle = _others_test(160, MIGHTY_)
#: Renekton, Brute ("When my Might becomes 10 or more, empower me"), first on one side, with Aurok General (+2 to its
#: side's Empowered units) there, spells raising Might to 10 (Primal Strength, Punch First, an Equipment with
#: [Quick-Draw] from Jax, Unmatched) and lowering it (Eclipse); Mel, Defiant Soul ("When I become [Empowered], banish an
#: enemy unit at a battlefield with 3 Might or less"), first on one side, not Empowered, with units reading the
#: Empowered status (Aurok General, Shadow Fiend's [Empowered] Assault, Kayle Empowered once more) and Tornado Warrior
#: played from facedown by the Defender ("you may empower something here": at this battlefield or another, where it
#: was hidden, RB-CARD-26; the Attacker's, at another battlefield, on the boards of units from hand); Aphelios,
#: Exalted ("When you attach an Equipment to me, choose one ...: Buff a friendly unit"), two first on one side with Jax,
#: Unmatched (its player's Equipment have [Quick-Draw]: played in the showdown, each attaches to a unit of his), Angle
#: Shot attaching an Equipment from another unit of its player's (or detaching one) and a buff readying (Simian
#: Ancestor)
RENEKTON_ = dict(units=["Renekton, Brute", "Aurok General", "Jax - Unmatched", "Fiora - Worthy"],
                 spells=["Primal Strength", "Punch First", "Eclipse", "Long Sword", "Sterak's Gage"],
                 lead=[["Renekton, Brute"], ["Aurok General", "Jax - Unmatched"]])
MEL_ = dict(units=["Mel, Defiant Soul", "Aurok General", "Shadow Fiend", "Kayle, Justified", "Renekton, Brute"],
            spells=["Eclipse", "Incinerate", "Punch First"], lead=[["Mel, Defiant Soul"]],
            lead_state={"empowered": False}, hand=["Tornado Warrior"], hand_by=["defender"])
APHELIOS_ = dict(units=["Aphelios - Exalted", "Simian Ancestor", "Renekton, Brute", "Jax - Unmatched"],
                 spells=["Long Sword", "Sterak's Gage", "Angle Shot", "Angle Shot", "Incinerate"],
                 lead=[["Aphelios - Exalted"], ["Aphelios - Exalted"], ["Jax - Unmatched"]])
BECOMING = (RENEKTON_, MEL_, APHELIOS_)


def test_the_units_on_their_own_change_and_on_an_equipment_attached_are_drawn():
    got = {n for g in BECOMING for n in g["units"] + sum(g["lead"], [])}
    assert got <= set(DRAWN) and set(OWN_EVENT_UNITS) <= got and "Tornado Warrior" in HAND
    assert "Angle Shot" in EQUIP_CARDS and {n for g in BECOMING for n in g["spells"]} - {"Angle Shot"} <= set(SPELL_POOL)


test_units_becoming_empowered_or_equipped_against_the_oracle = _others_test(400, *BECOMING)
#: Katarina, Reckless ("When you play a card from face down, deal 2 to an enemy unit"), first on one side, with [Hidden]
#: spells played from facedown (the Defender's choose at this battlefield, the Attacker's at another, RB-CARD-26) and
#: from hand, [Hidden] units from facedown, a Noxus Saboteur refusing them, units saving, dying, reading a death and
#: preventing an enemy ability's damage (Esteemed Hierophant); Karma, Channeler ("When you recycle one or more cards to
#: your Main Deck, buff a friendly unit"), first on one side, with Eclipse's [Predict] (`recycled:` drawn), units with
#: any number of buffs (Lee Sin, Ascetic) and readied by a buff (Simian Ancestor); Mask Mother ("When you discard me, you
#: may pay 1 Energy to give a friendly unit +2 Might this turn": Get Excited! discarding her, or a spell, from its
#: player's hand), with a Mask Mother in play (it fires only from the trash) and units reading Might
KATARINA_ = dict(units=["Katarina - Reckless", "Noxus Saboteur", "Soraka - Wanderer", "Kog'Maw - Caustic",
                        "Spectral Centaur", "Esteemed Hierophant"],
                 spells=["Wages of Pain", "Hidden Blade", "Back Off", "Fight or Flight", "Temporal Breach",
                         "Incinerate"],
                 lead=[["Katarina - Reckless"]], hand=["Teemo - Strategist", "Spiderling", "Pakaa Cub"], facedown=True)
KARMA_ = dict(units=["Karma - Channeler", "Lee Sin - Ascetic", "Simian Ancestor", "Soraka - Wanderer",
                     "Fiora - Worthy"],
              spells=["Eclipse", "Eclipse", "Incinerate", "Stand United"], lead=[["Karma - Channeler"]])
MASK_ = dict(units=["Mask Mother", "Lee Sin - Ascetic", "Soraka - Wanderer", "Fiora - Worthy", "Irelia - Fervent",
                    "Kog'Maw - Caustic"],
             spells=["Get Excited!", "Get Excited!", "Incinerate", "Blood Rush"])
#: Rell, Magnetic ("When I attack, you may play an Equipment with Energy cost no more than 2 ... Attach it to me"),
#: first on one side, with units on a gear played (Jayce, Brilliant Inventor's first gear readying Jayce, Hammer in
#: Hand), a second card (Darius, Trifarian), doubling Equipment (Gearhead), counting gear (Ornn, Forge God: what the
#: showdown plays is held, named); Zilean, Time Mage ("Once each turn ... you may play that token and an additional
#: copy"), first on one side, with Flurry of Feathers' Birds and units on a unit or token played, counting tokens;
#: Stalking Wolf from hand (its cost a Bird, Cat, Dog or Poro of its player's killed, `kills:`), with such units
#: (Birds from Flurry of Feathers among them), units on a death and on an opponent's unit played
RELL_ = dict(units=["Rell - Magnetic", "Darius - Trifarian", "Jayce, Brilliant Inventor", "Jayce, Hammer in Hand",
                    "Gearhead", "Ornn - Forge God"],
             spells=["Incinerate", "Long Sword", "Blood Rush"], lead=[["Rell - Magnetic"]])
ZILEAN_ = dict(units=["Zilean - Time Mage", "Reluctant Leader", "Vex - Apathetic", "Soul Shepherd",
                      "Illaoi, Prophet of the Great Kraken", "Cithria of Cloudfield"],
               spells=["Flurry of Feathers", "Flurry of Feathers", "Incinerate", "Back Off"],
               lead=[["Zilean - Time Mage"]])
WOLF_ = dict(units=["Stalwart Poro", "Loyal Pup", "Fretful Feline", "Yuumi - Magical Cat", "Spectral Centaur",
                    "Kog'Maw - Caustic", "Soraka - Wanderer", "Vex - Apathetic", "Zilean - Time Mage"],
             spells=["Flurry of Feathers", "Incinerate"], hand=["Stalking Wolf"],
             at_base=["Stalwart Poro", "Pouty Poro", "Loyal Pup"])
CARD_EVENTS = (KATARINA_, KARMA_, MASK_, RELL_, ZILEAN_, WOLF_)


def test_the_units_on_a_card_from_face_down_recycled_or_discarded_are_drawn():
    assert {n for g in CARD_EVENTS for n in g["units"]} <= set(DRAWN) and set(KATARINA_["hand"]) <= set(HAND)
    assert {n: sorted({ev for ev, _ in EVENTS[n]}) for n in ("Katarina - Reckless", "Karma - Channeler",
                                                              "Mask Mother")} == {
        "Katarina - Reckless": ["facedown_damage"], "Karma - Channeler": ["recycle"], "Mask Mother": ["discarded_me"]}
    hidden = [n for n in KATARINA_["spells"] if (next(r for r in SPELLS if r["name"] == n).get("keywords") or {})
              .get("Hidden")]
    assert len(hidden) >= 4 and "Predict" in next(r for r in SPELLS if r["name"] == "Eclipse")["keywords"]
    assert DISCARDS[0] in RECORDS and DISCARDS[1] in SPELL_NAMES
    assert [n for n in UNITS if any(e["effect"] == "attach_equipment" for e in READING[n][0])] == ["Rell - Magnetic"]
    assert [n for n in UNITS if any(how == "token_copy" for _, how in READING[n][1])] == ["Zilean - Time Mage"]
    assert "Stalking Wolf" in HAND and "Flurry of Feathers" in TOKEN_CARDS and "Long Sword" in CHEAP[2]
    # checked for real by the boards built for each unit (test_every_unit_with_combat_text_changes_an_answer_or_is_named)
    assert all(_parts(RECORDS[n], role) for n, role in (("Karma - Channeler", "attacker"), ("Karma - Channeler",
               "defender"), ("Zilean - Time Mage", "defender"), ("Rell - Magnetic", "attacker"),
               ("Katarina - Reckless", "attacker"), ("Katarina - Reckless", "defender")))


test_units_on_cards_from_face_down_recycled_or_discarded_against_the_oracle = _others_test(480, *CARD_EVENTS)
#: Ravenbloom Prefect ("When an opponent plays a gear, you may banish me to banish it"), first on one side (a second
#: copy, here or at a base, now and then), with gear cards played by either side (Long Sword, Sterak's Gage, Spinning
#: Axe: [Quick-Draw], attached as played; the Equipment Rell, Magnetic's trigger plays from hand; Jax, Unmatched's
#: [Quick-Draw] for the other Equipment), units reading Equipment (Gearhead's doubling, Aphelios, Exalted's
#: "When you attach an Equipment to me"), a unit dying from the bonus lost (damage spells), a death saved; Prize of
#: Progress ("When you use an activated ability of a gear, give me +1 Might this turn"), first on one side, with
#: Divining Shells' ability used (no card played: Darius, Trifarian's second card and Jayce, Brilliant Inventor's first
#: gear do not fire), gear cards played, units reading Might
PREFECT_ = dict(units=["Ravenbloom Prefect", "Rell - Magnetic", "Gearhead", "Aphelios - Exalted", "Jax - Unmatched",
                       "Soraka - Wanderer", "Kog'Maw - Caustic"],
                spells=["Long Sword", "Sterak's Gage", "Spinning Axe", "Incinerate", "Hextech Ray"],
                lead=[["Ravenbloom Prefect"]])
PRIZE_ = dict(units=["Prize of Progress", "Darius - Trifarian", "Jayce, Brilliant Inventor", "Jayce, Hammer in Hand",
                     "Fiora - Worthy", "Yasuo - Remorseful"],
              spells=["Divining Shells", "Divining Shells", "Long Sword", "Blood Rush", "Incinerate"],
              lead=[["Prize of Progress"]])
#: the Prefect at a base too (it fires from there: banished from its base, the gear still banished)
PREFECT_BASE_ = {**PREFECT_, "at_base": ["Ravenbloom Prefect"]}
GEAR_EVENTS = (PREFECT_, PREFECT_BASE_, PRIZE_)


def test_the_units_on_a_gear_played_or_used_are_drawn():
    assert {n for g in GEAR_EVENTS for n in g["units"]} <= set(DRAWN)
    assert {n: sorted({ev for ev, _ in EVENTS[n]}) for n in ("Ravenbloom Prefect", "Prize of Progress")} == {
        "Ravenbloom Prefect": ["opp_gear"], "Prize of Progress": ["gear_ability"]}
    gear = {r["name"]: r for r in GEAR}
    shells = gear["Divining Shells"]  # its combat effects are all its activated ability: used, no card played
    assert shells["effects"] and all(e.get("activated") for e in shells["effects"]) and "Divining Shells" in SPELL_POOL
    assert all(gear[n].get("equipment") and n in SPELL_POOL for n in ("Long Sword", "Sterak's Gage", "Spinning Axe"))
    assert "Long Sword" in CHEAP[2]
    # checked for real by the boards built for each unit (test_every_unit_with_combat_text_changes_an_answer_or_is_named)
    assert all(_parts(RECORDS[n], role) for n in ("Ravenbloom Prefect", "Prize of Progress")
               for role in ("attacker", "defender"))


# An opponent's gear played (Ravenbloom Prefect banished with it, or declined) and a gear's ability used (Prize of
# Progress): the quick tier draws a few boards; the long tier more, with the other event units' boards.
test_units_on_a_gear_played_or_used_against_the_oracle = _others_test(600, *GEAR_EVENTS)
test_more_units_on_other_units_events_and_replays_against_the_oracle = pytest.mark.long(
    _others_test(800, *GROUPS, *BECOMING, *CARD_EVENTS, *GEAR_EVENTS, dict(units=OTHERS, spells=OTHER_SPELLS)))


#: the unit cards played from hand in the showdown (RB-CARD-16): every unit the oracle reads with [Reaction], [Ambush]
#: or [Hidden] whose "When you play me" abilities it reads too ("+N Might this turn" to itself, a keyword to its other
#: units here, damage to an enemy unit here, "-2 Might to a unit, to a minimum of 1", damage equal to a unit's marked
#: damage, healing its units here and moving up to one enemy unit to base, returning a friendly unit to hand, moving an
#: enemy unit at a different location to its battlefield on its player's turn), unit tokens played as its copies,
#: swapping places with a unit of its player's, an additional cost paid (:data:`HAND_MORE`)
HAND_READ = {("might_modifier", "self"), ("grant_keyword", "all"), ("heal", "all"), ("deal_damage", 1),
             ("might_modifier", 1), ("move", None), ("return_to_hand", 1), ("move", 1), ("ready", "self"),
             ("empower", 1)}
#: "When you play me from face down, you may empower something here" (Tornado Warrior)
FROM_FACEDOWN = "When you play me from face down"
#: "You may pay :rb_rune_fury: as an additional cost to play me. When you play me, if you paid the additional cost,
#: ready me and give me +2 Might this turn" (Pyke, Dockside Butcher): whether he paid, the entry's `condition:`
PAID, ADDITIONAL = "if you paid the additional cost", "as an additional cost to play me"
#: "you may choose a unit you control at another location. Move me to its location and it to my original location"
#: (Tideturner): the unit it may choose
SWAP_WITH = {"count": 1, "side": "friendly", "kind": "unit", "location": "another location"}
#: "When you play me from face down on your turn, you may move an enemy unit at a different location to my battlefield"
#: (Evelynn, Entrancing): the scenario's `turn:` says whose turn it is
ON_MY_TURN = "When you play me from face down on your turn"


def _hand_read(r: dict) -> bool:
    for e in r["effects"]:
        if e.get("trigger") in PLAY_ME:
            t = e.get("target") or {}
            if e["effect"] == "create_unit_token":  # tokens played here that become copies of it
                if not (e.get("might") == "copy of me" and e.get("to") == "here" and type(e.get("count")) is int):
                    return False
                continue
            if e["effect"] == "swap_locations":  # it and a unit of its player's elsewhere change places
                if not (t == {"ref": "self"} and e.get("with") == SWAP_WITH and e.get("optional")):
                    return False
                continue
            if e.get("condition") and not (e["condition"] == PAID and any(
                    ADDITIONAL in c for c in r.get("non_combat_clauses") or ())) \
                    or e["effect"] == "move" and e.get("to") not in ("base", "this unit's location") \
                    or (e["effect"], "self" if t.get("ref") == "self" else t.get("count")) not in HAND_READ:
                return False
    return True


HAND = sorted(n for n in UNITS if {k.split()[0] for k in RECORDS[n].get("keywords") or ()} & {
    "Reaction", "Ambush", "Hidden"} and _hand_read(RECORDS[n]))
#: the units on the boards units from hand meet: those on "When you play a unit" and the unit an opponent plays, on a
#: stun, on a card from [Hidden], on a second card; damaged, Tank, can't be chosen, "only to their base"
HAND_BOARD = ["Vex - Apathetic", "Reluctant Leader", "Mageseeker Warden", "Eclipse Herald", "Darius - Trifarian",
              "Akali, Silent", "Soraka - Wanderer", "Kog'Maw - Caustic", "Spectral Centaur", "Fiora - Worthy",
              "Vex - Mocking"]
HAND_SPELLS = ["Incinerate", "Rune Prison", "Hextech Ray", "Blood Rush", "Challenge", "Thrill of the Hunt"]


def test_the_units_played_from_hand_are_drawn():
    assert {"Shen - Kinkou", "Rengar - Pouncing", "Rengar - Trophy Hunter", "Janna - Savior", "Teemo - Scout",
            "Mischievous Marai", "Blastcone Fae", "Morgana, Vindictive", "Grim Apothecary", "Chakram Dancer",
            "Lord Broadmane", "Inferna", "Vilemaw", "Disciple of Shen", "Spiderling",
            "Evelynn - Entrancing"} | set(HAND_MORE) <= set(HAND), HAND
    assert set(HAND_BOARD) | set(HAND_MORE_BOARD["units"]) <= set(UNITS)


def _hand_test(n, hand=HAND, **kw):
    @settings(SETTINGS, max_examples=examples(n))
    @given(boards(most=4, hand=hand, **kw))
    def test(case):
        doc, o = case
        try:
            _compare(doc, o)
        finally:  # what acted on the board, the damage step's readings included
            for what in sorted(o.seen):
                event(what)
    return test


# Units played from hand (RB-CARD-16) where their player may put them, with their "When you play me" abilities, among
# units on the events a unit played fires and spells: the quick tier draws a few boards; the long tier more, on every
# unit the oracle reads.
test_units_played_from_hand_against_the_oracle = _hand_test(60, units=HAND + HAND_BOARD, spells=HAND_SPELLS)
test_more_units_played_from_hand_against_the_oracle = pytest.mark.long(_hand_test(800))

#: RB-CARD-27: the units whose combat trigger plays a card (read from the overlay's `play_card` clause)
CARD_PLAYERS = sorted(n for n in UNITS if any(e["effect"] == PLAY_CARD for e in READING[n][0]))
#: what Ava Achiever's "a card with [Hidden] from your hand" may be on these boards: the [Hidden] spells the oracle
#: reads (Temporal Breach among them: normal speed, played all the same), the [Hidden] unit cards it plays from hand
#: (their "When you play me" read; "When you play me from face down" does not fire: played from hand), Edge of Night
#: ([Hidden] Equipment: from hand it enters attached to no unit, its "When you play this from face down, attach it" not
#: firing: test_oracle_findings_g.py, fixed)
AVA_SPELLS = sorted(c for c in SPELL_POOL + EQUIP_CARDS if c not in ("Divining Shells", "Angle Shot") and _hidden(c))
AVA_UNITS = sorted(c for c in HAND if _hidden(c))
#: what Rek'Sai, Swarm Queen's "banish one, then play it" may be: any spell or Equipment the oracle reads, a few spells
#: of normal speed (played by the ability all the same), Edge of Night (unattached), any unit card it reads played (not
#: one whose play the model names or which asks more of its entry: a permission to be played elsewhere, "I enter
#: ready", a unit killed for its cost, a spell named as it is played, a condition the scenario states
#: (`conditions_hold:`), [Vision]'s card looked at, a "When you play me, you may <cost> to ..." the model names:
#: Profiteer's disempowering)
REK_NORMAL = ["Vengeance", "Isolate", "Firestorm", "Singularity"]
REK_SPELLS = sorted(c for c in SPELL_POOL if c != "Divining Shells") + REK_NORMAL + ["Edge of Night"]
REK_UNITS = sorted(n for n in DRAWN if _hand_read(RECORDS[n]) and n not in set(STATED) | set(NAMING_UNITS)
                   | set(IMMUNE_UNITS) | set(CARD_PLAYERS) and "Vision" not in str(RECORDS[n].get("keywords"))
                   and not any(how == "stated" for _, how in READING[n][1]) and not any(
                       e.get("effect") in ("play_location", "enters_ready", KILL_COST)
                       or e.get("trigger") in PLAY_ME and e.get("cost") for e in _overlaid(RECORDS[n])["effects"]))
#: Ava Achiever, first on the Attacker's side, with units on a spell played (Ravenbloom Student), a unit played
#: (Reluctant Leader, Cithria of Cloudfield; an enemy Vex, Apathetic stunning it), a second card (Darius, Trifarian), a
#: card from face down (Katarina, Reckless; Ember Monk: none fires), a Spiderling counting one played beside it, the
#: combat triggers resolving after the card (Sinister Poro, Warwick, Hunter, Volibear, Furious: their targets gone) and
#: before it (the Defender's Ezreal, Dashing and Teemo, Strategist dealing damage: Ava killed, her card played all the
#: same, a unit card "here"), an enemy Ravenbloom Prefect on the Edge of Night played, a death saved and a Deathknell
AVA_ = dict(units=["Ava Achiever", "Ravenbloom Student", "Reluctant Leader", "Cithria of Cloudfield",
                   "Darius - Trifarian", "Katarina - Reckless", "Ember Monk", "Vex - Apathetic", "Spiderling",
                   "Sinister Poro", "Warwick - Hunter", "Volibear - Furious", "Soraka - Wanderer", "Kog'Maw - Caustic",
                   "Ezreal - Dashing", "Teemo - Strategist", "Ravenbloom Prefect"],
            spells=["Incinerate", "Back Off", "Rune Prison"],
            lead=[["Ava Achiever"], ["Ravenbloom Student", "Reluctant Leader", "Darius - Trifarian",
                                     "Katarina - Reckless", "Ember Monk", "Cithria of Cloudfield"]], lead_on="attacker")
#: Rek'Sai, Swarm Queen, first on the Attacker's side, with units on a spell (one that costs 5 or more: Lux,
#: Illuminated), a unit played, a gear an opponent plays (Ravenbloom Prefect), Equipment doubled (Gearhead), a unit
#: becoming [Mighty] (Fiora, Worthy), the combat triggers after the card
REK_ = dict(units=["Rek'Sai - Swarm Queen", "Lux - Illuminated", "Ravenbloom Student", "Cithria of Cloudfield",
                   "Reluctant Leader", "Darius - Trifarian", "Vex - Apathetic", "Ravenbloom Prefect", "Gearhead",
                   "Fiora - Worthy", "Warwick - Hunter", "Volibear - Furious", "Kog'Maw - Caustic"],
            spells=["Incinerate", "Back Off", "Long Sword"],
            lead=[["Rek'Sai - Swarm Queen"], ["Lux - Illuminated", "Ravenbloom Student", "Cithria of Cloudfield",
                                               "Reluctant Leader", "Darius - Trifarian", "Gearhead"]],
            lead_on="attacker")
CARD_PLAYS = (AVA_, REK_)


def test_the_units_whose_trigger_plays_a_card_are_drawn():
    assert CARD_PLAYERS == ["Ava Achiever", "Rek'Sai - Swarm Queen"]
    assert {n for g in CARD_PLAYS for n in g["units"]} <= set(DRAWN)
    assert {"Hidden Blade", "Back Off", "Fight or Flight", "Wages of Pain", "Temporal Breach"} <= set(AVA_SPELLS)
    assert {"Pakaa Cub", "Teemo - Scout", "Spiderling", "Tornado Warrior"} <= set(AVA_UNITS)
    assert "Edge of Night" in AVA_SPELLS and all(_hidden(c) for c in AVA_SPELLS + AVA_UNITS)
    normal = [n for n in AVA_SPELLS + REK_SPELLS if not _record(n)["showdown_playable"]]
    assert set(normal) == {"Temporal Breach", "Edge of Night", *REK_NORMAL}, normal
    assert {"Pakaa Cub", "Teemo - Scout", "Reluctant Leader"} <= set(REK_UNITS) and len(REK_UNITS) >= 100
    # checked for real by the boards built for each unit (test_every_unit_with_combat_text_changes_an_answer_...)
    assert all(_parts(RECORDS[n], "attacker") and not _parts(RECORDS[n], "defender") for n in CARD_PLAYERS)


# Ava Achiever's and Rek'Sai, Swarm Queen's trigger playing a card (RB-CARD-27): the quick tier draws a few boards; the
# long tier more.
test_units_whose_trigger_plays_a_card_against_the_oracle = _others_test(60, *CARD_PLAYS)
test_more_units_whose_trigger_plays_a_card_against_the_oracle = pytest.mark.long(_others_test(800, *CARD_PLAYS))

#: the units whose trigger reveals (Twisted Fate, Gambler: the rune's domain; Teemo, Strategist: how many cards with
#: [Hidden], `revealed:`), Empowered up to three times (Kayle, Justified: `empowered: 0..3`) and refusing an
#: opponent's play (Noxus Saboteur: from facedown at its battlefield; Fallen Feline: the spell it named, `named:`), one
#: of them always on the board, with units reading them (Annie, Fiery's Bonus Damage on a revealed count; Aurok
#: General's Empowered units; a stun's triggers), spells from facedown ([Hidden]) and damage spells, and [Hidden] units
#: played from facedown (RB-CARD-9, RB-CARD-10)
REVEAL_AND_REFUSE = ["Twisted Fate - Gambler", "Teemo - Strategist", "Kayle, Justified", "Noxus Saboteur",
                     "Fallen Feline"]
REVEAL_BOARD = dict(units=REVEAL_AND_REFUSE + ["Annie - Fiery", "Aurok General", "Eclipse Herald", "Vex - Mocking",
                                               "Soraka - Wanderer"],
                    spells=["Hidden Blade", "Fight or Flight", "Back Off", "Temporal Breach", "Incinerate",
                            "Hextech Ray", "Rune Prison"],
                    lead=[REVEAL_AND_REFUSE], hand=["Teemo - Strategist", "Teemo - Scout", "Spiderling", "Pakaa Cub"])


def test_the_units_revealing_and_refusing_plays_are_drawn():
    assert set(REVEAL_BOARD["units"]) <= set(UNITS) and set(REVEAL_BOARD["hand"]) <= set(HAND)
    assert (NO_REVEAL_UNITS, NAMING_UNITS, TIMES_UNITS) == (["Noxus Saboteur"], ["Fallen Feline"], ["Kayle, Justified"])
    assert all(any(_reveals(e) for e in READING[n][0]) for n in ("Twisted Fate - Gambler", "Teemo - Strategist"))
    hidden = [n for n in REVEAL_BOARD["spells"] if (next(r for r in SPELLS if r["name"] == n).get("keywords") or {})
              .get("Hidden")]
    assert len(hidden) >= 3, hidden


test_revealing_and_refusing_units_against_the_oracle = _hand_test(80, **REVEAL_BOARD)


#: Gangplank, Naval and Mel, Newly Awakened, one of them always on the board, Empowered or not, with units that choose
#: nothing (Aurok General's Empowered units, Kayle), and the spells giving -Might (to a minimum, or to every unit
#: there), stunning and returning to hand a unit they choose (RB-CARD-9)
CHOOSING_BOARD = dict(units=CHOOSING_READ + ["Aurok General", "Kayle, Justified", "Stalwart Poro"],
                      spells=["Frigid Touch", "Eclipse", "Decree of Insight", "Defiant Dance", "Smoke Screen",
                              "Stupefy", "Siphon Power", "Rune Prison", "Thwonk!", "Back Off", "Heroic Charge",
                              "Facebreaker", "Rebuke", "Gust", "Star-Crossed"],
                      lead=[CHOOSING_READ])


def test_the_units_reading_what_a_spell_chooses_are_drawn():
    assert CHOOSING_READ == ["Gangplank, Naval", "Mel, Newly Awakened"]
    assert not set(CHOOSING_READ) & set(DRAWN + HAND)
    for n in CHOOSING_BOARD["units"]:  # no trigger or ability of theirs chooses a unit
        assert not (READING[n][0] or ABILITIES[n] or MOVES[n] or EVENTS[n]), n
    # "can't be countered" changes nothing on these boards: no spell they play counters
    assert not [n for n in SPELL_POOL for e in (REPLAY.get(n) or next(r for r in SPELLS + GEAR if r["name"] == n))[
        "effects"] if "counter" in e["effect"]]


test_spells_choosing_empowered_units_against_the_oracle = _hand_test(60, hand=None, **CHOOSING_BOARD)


#: the units from hand whose "When you play me" plays copies of it, swaps places or reads an additional cost paid:
#: "play two Reflection unit tokens here. They become copies of me" (Keeper of Masks: the tokens' Might, keywords,
#: [Temporary] and tags its card's; each a unit and a token played); "you may choose a unit you control at another
#: location. Move me to its location and it to my original location" (Tideturner: both moves fire what a move fires);
#: "if you paid the additional cost, ready me and give me +2 Might this turn" (Pyke, Dockside Butcher: `condition:`)
HAND_MORE = ["Keeper of Masks", "Tideturner", "Pyke - Dockside Butcher"]
#: with units on a unit or token played (Reluctant Leader, Cithria, Lillia, Vex, Apathetic), counting token and
#: [Temporary] units (Soul Shepherd, Petal Pixie), on a move (Akali, Silent; Noxian Drummer; Stealthy Pursuer follows),
#: moved (Kayn: named when his clause did not hold), on a unit becoming [Mighty] (Fiora, Worthy readies it); Zilean,
#: Time Mage's additional copy of the first token a unit's own play ability plays (`extra_copy:`)
HAND_MORE_BOARD = dict(units=["Reluctant Leader", "Cithria of Cloudfield", "Lillia - Protector of Dreams",
                              "Vex - Apathetic", "Soul Shepherd", "Petal Pixie", "Akali, Silent", "Noxian Drummer",
                              "Kayn - Unleashed", "Fiora - Worthy", "Zilean - Time Mage"],
                       spells=["Incinerate", "Fight or Flight", "Blood Rush", "Rune Prison"],
                       at_base=["Stealthy Pursuer", "Akali, Silent", "Kayn - Unleashed", "Noxian Drummer"])
test_units_playing_copies_swapping_places_or_paying_more_against_the_oracle = _hand_test(
    60, hand=HAND_MORE, **HAND_MORE_BOARD)


#: units reading their player's state, with spells dealing damage (prevented by Esteemed Hierophant's runes, Ambessa's
#: "unless I'm in combat" at its base), playing unit tokens (Illaoi counts them), moving units to base, fighting
PLAYER_SPELLS = ["Incinerate", "Hextech Ray", "Flurry of Feathers", "Fight or Flight", "Challenge",
                 "Thrill of the Hunt"]


def test_the_units_reading_their_players_state_are_drawn():
    assert set(PLAYER_UNITS) == {"Ambessa, The Wolf", "Dr. Mundo - Expert", "Draven - Showboat", "Esteemed Hierophant",
                                 "Illaoi, Prophet of the Great Kraken", "Master Yi - Meditative", "Ornn - Forge God",
                                 "Prepared Neophyte", "Repair Specialist", "Sivir - Mercenary", "Wily Newtfish"}
    assert set(PLAYER_SPELLS) <= set(SPELL_POOL) | set(TOKEN_CARDS)


#: Might counted from the side's points, trash, token units and gear, under its runes, its spending and the XP it gained
#: this turn; damage prevented by its runes or out of combat (RB-CARD-9, RB-CARD-18)
PLAYER_STATE = dict(units=PLAYER_UNITS + ["Kog'Maw - Caustic", "Gearhead"], spells=PLAYER_SPELLS, at_base=PLAYER_UNITS)


#: "When I attack or defend one on one, double my Might this combat" (fired only one unit against one, RB-READ-7) and
#: "you may spend 3 XP to deal damage equal to my Might" (its side's "[Level N]" units read the XP left), with the units
#: whose Might a double and a damage read, and spells raising Might and dealing damage
ONE_AND_XP = dict(units=["Fiora - Peerless", "Kha'Zix - Evolving Hunter", "Scorchclaw", "Gustwalker", "Mosstomper",
                         "Soraka - Wanderer", "Yasuo - Remorseful"],
                  spells=["Blood Rush", "Incinerate", "Primal Strength", "Challenge"],
                  lead=[["Fiora - Peerless", "Kha'Zix - Evolving Hunter"]])

#: "When you defend at a battlefield, you may move me there" (Loyal Pup at the Defender's base), with units reading who
#: is here (alone, another unit here, Tank given to another) and triggers choosing a unit here
DEFEND = dict(units=["Yuumi - Magical Cat", "Garen - Commander", "Sunlit Guardian", "Warwick - Hunter",
                     "Disciple of Shen", "Fiora - Peerless", "Soraka - Wanderer"],
              spells=["Incinerate", "Fight or Flight", "Blood Rush"], at_base=["Loyal Pup"])
#: "When a friendly unit moves from my location, I may be moved with it" (Stealthy Pursuer, at a base or here) with
#: units and spells moving friendly units from a base in (Fae Porter, Loyal Pup) or from here to base (Ezreal, Dashing's
#: ability, Overzealous Fan, Fight or Flight, Back Off); "When I become ready, choose one to give me this turn" (Jayce,
#: Hammer in Hand) with what readies it (Wallop, Darius's and Fiora's triggers)
FOLLOW = dict(units=["Fae Porter", "Ezreal - Dashing", "Overzealous Fan", "Jayce, Hammer in Hand"],
              spells=["Fight or Flight", "Back Off", "Flash", "Wallop"],
              at_base=["Stealthy Pursuer", "Loyal Pup"], lead=[["Stealthy Pursuer"]])
READIED = dict(units=["Darius - Trifarian", "Fiora - Worthy", "Stealthy Pursuer"],
               spells=["Wallop", "Last Breath", "Primal Strength", "Blood Rush"],
               lead=[["Jayce, Hammer in Hand"]], lead_state={"exhausted": True})
#: "... the first time you play a non-token gear each turn, you may ready something besides me that's exhausted" (Jayce,
#: Brilliant Inventor), with gear played (Jax, Unmatched gives Equipment [Quick-Draw]) and units whose readying counts
FIRST_GEAR_ = dict(units=["Jax - Unmatched", "Irelia - Fervent", "Fretful Feline", "Jayce, Hammer in Hand"],
                   spells=["Divining Shells", "Long Sword", "Spinning Axe", "Sterak's Gage", "Wallop"],
                   lead=[["Jayce, Brilliant Inventor"], ["Jax - Unmatched"]])
#: "If I have moved twice this turn, I don't take damage" (Kayn, Unleashed, first on one side, his `immune:` drawn) with
#: what deals damage (spells, a fight, a split trigger, a Deathknell at the battlefield, the combat), moves him during
#: the showdown (Fight or Flight, Back Off, a trigger moving units to base) and plays him anew (Thrill of the Hunt,
#: Portal Rescue)
IMMUNE = dict(units=["Kayn - Unleashed", "Kog'Maw - Caustic", "Volibear - Furious", "Overzealous Fan",
                     "Soraka - Wanderer", "Sunlit Guardian"],
              spells=["Incinerate", "Hextech Ray", "Challenge", "Fight or Flight", "Back Off", "Thrill of the Hunt",
                      "Portal Rescue"], lead=[["Kayn - Unleashed"]])
# The quick tier draws a few boards of each; the long tier more, on all of them together.
test_units_that_cant_be_dealt_damage_against_the_oracle = _others_test(60, IMMUNE)
test_units_reading_their_players_state_against_the_oracle = _others_test(60, PLAYER_STATE)
test_one_on_one_and_xp_costs_against_the_oracle = _others_test(60, ONE_AND_XP)
test_defending_from_base_against_the_oracle = _others_test(60, DEFEND)
test_following_and_readied_options_against_the_oracle = _others_test(60, FOLLOW, READIED, FIRST_GEAR_)
test_more_player_state_one_on_one_xp_defence_and_following_against_the_oracle = pytest.mark.long(
    _others_test(800, PLAYER_STATE, ONE_AND_XP, DEFEND, FOLLOW, READIED, FIRST_GEAR_, IMMUNE))


@pytest.mark.parametrize("immune", [True, False])
def test_kayn_immune_as_stated_in_the_oracle_and_the_model(immune):
    """Kayn, Unleashed (6) and D1 defend against A9, Incinerate (2) on Kayn. His clause holding: no damage from the
    spell, A9's 9 has one target (D1: one split), and Kayn is left: both sides stay (recall). Not holding: 2 marked,
    lethal 4, and 9 >= 4 + 1 wipes the defenders out: the attacker conquers (one split per way to spread the 4 left:
    5)."""
    states = {"A9": {"might": 9}, "Kayn - Unleashed": {"card": "Kayn - Unleashed", "immune": immune},
              "D1": {"might": 1}}
    o = Oracle(["A9"], ["Kayn - Unleashed", "D1"], {}, states, {"attacker": 0, "defender": 0},
               {n: [] for n in states})
    o.play(next(r for r in SPELLS if r["name"] == "Incinerate"), "attacker", lambda cands, k: ["Kayn - Unleashed"])
    assert o.u["Kayn - Unleashed"]["marked"] == (0 if immune else 2)
    assert (o.vector_count("attacker"), o.outcome()) == ((1, "recall") if immune else (5, "conquer"))
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
           "defender": {"units": [{"name": "Kayn - Unleashed", "immune": immune},
                                  {"name": "D1", "custom": True, "might": 1}]},
           "showdown": [{"play": "Incinerate", "by": "attacker", "target": "Kayn - Unleashed"}]}
    _compare(doc, o)


def test_evelynn_played_from_face_down_on_her_turn_moves_an_enemy_unit_in():
    """Evelynn, Entrancing played from facedown by the defender on his turn to the battlefield: "you may move an enemy
    unit at a different location to my battlefield" brings A2 in from the attacker's base: the attacker's total is
    9 + 2."""
    sd = play_showdown(scenario_from_dict(
        {"game": "riftbound", "turn": "defender",
         "attacker": {"units": [{"name": "A9", "custom": True, "might": 9}],
                      "base": [{"name": "A2", "custom": True, "might": 2}]},
         "defender": {"units": ["Pakaa Cub"]},
         "showdown": [{"play": "Evelynn - Entrancing", "by": "defender", "facedown": True, "to": "battlefield",
                       "target": "A2"}]}, file="<t>"))
    assert sorted(u.name for u in sd.board.attacker) == ["A2", "A9"] and derive(sd.board).pool["attacker"] == 11


def test_the_other_event_units_and_the_replay_spells_are_drawn():
    assert set(OTHER_EVENT_UNITS) <= set(DRAWN) and set(OTHERS) <= set(UNITS)
    assert sorted(REPLAY) == ["Arcane Shift", "Portal Rescue", "Temporal Breach", "Thrill of the Hunt"]
    assert set(REPLAY) <= set(SPELL_POOL) and set(REPLAY) <= set(OTHER_SPELLS)
    assert {e["to"] if isinstance(e["to"], str) else tuple(e["to"]) for r in REPLAY.values() for e in r["effects"]
            if e["effect"] == "banish_replay"} == {"same", "played", ("base",), ("battlefield", "elsewhere")}


def test_vex_apathetic_stuns_the_unit_played_even_one_that_cant_be_chosen():
    """Portal Rescue on Akali, Silent: the fresh Akali is played to its base, where "I can't be chosen by enemy spells
    and abilities unless I'm in combat" holds. Vex, Apathetic's trigger names no target ("it": the unit played), so
    Akali is stunned and nothing is refused or named."""
    doc = {"game": "riftbound", "attacker": {"units": ["Akali, Silent"]}, "defender": {"units": ["Vex - Apathetic"]},
           "showdown": [{"play": "Portal Rescue", "by": "attacker", "target": "Akali, Silent"}]}
    run, effects = Progress.begin(scenario_from_dict(doc, file="<t>"))
    run.extend(effects)
    sd = run.finish()
    assert run.base == ["Akali, Silent (replayed)"] and run.units["Akali, Silent (replayed)"].stunned
    assert sd.unmodelled_json() == []


@pytest.mark.parametrize("listener", ["Eclipse Herald", "Vex - Mocking"])
def test_a_stun_by_vex_apathetic_fires_its_players_stun_triggers(listener):
    """The attacker plays Flame Chompers anew to the battlefield (Thrill of the Hunt); the defender's Vex, Apathetic
    stuns it: the defender stunned an enemy unit at a battlefield. Eclipse Herald ("When you stun an enemy unit, ready
    me and give me +1 Might this turn") has 7 + 1; Vex, Mocking at the defender's base ("you may move me to that
    battlefield"), its entry stating the move, comes in: the defender's total is Vex's 4 + Mocking's 5 + Shield 1."""
    doc = {"game": "riftbound", "attacker": {"units": ["Flame Chompers"]},
           # (Eclipse Herald stunned no enemy unit earlier this turn, before the showdown: `fired_this_turn: 0`)
           "defender": {"units": ["Vex - Apathetic"] + ([{"name": listener, "fired_this_turn": 0}]
                                                        if listener == "Eclipse Herald" else []),
                        "base": [listener] if listener == "Vex - Mocking" else []},
           "showdown": [{"play": "Thrill of the Hunt", "by": "attacker", "target": "Flame Chompers",
                         "to": "battlefield"}]
           + ([{"trigger": listener, "when": "stun"}] if listener == "Vex - Mocking" else [])}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    if listener == "Eclipse Herald":
        assert next(u.current_might for u in sd.board.defender if u.name == listener) == 8
    else:
        assert derive(sd.board).pool["defender"] == 4 + 5 + 1
    assert sd.unmodelled_json() == []


def test_a_unit_played_anew_reads_its_sides_xp():
    """Scorchclaw (3; [Level 3] +1 Might) of a side at 11 XP, played anew to the battlefield (Thrill of the Hunt): 4,
    nothing named."""
    doc = {"game": "riftbound", "attacker": {"units": ["Scorchclaw"], "xp": 11},
           "defender": {"units": [{"name": "D9", "custom": True, "might": 9}]},
           "showdown": [{"play": "Thrill of the Hunt", "by": "attacker", "target": "Scorchclaw", "to": "battlefield"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert [(u.name, u.current_might) for u in sd.board.attacker] == [("Scorchclaw (replayed)", 4)]
    assert sd.unmodelled_json() == []


def test_a_unit_played_anew_that_enters_ready_can_use_its_ability():
    """The defender plays Shadow anew to the battlefield (Thrill of the Hunt): it enters ready, and its ability
    ("[Stun] an enemy unit attacking here", exhausting it) stuns A5: the attacker deals nothing."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A5", "custom": True, "might": 5}]},
           "defender": {"units": ["Shadow"]},
           "showdown": [{"play": "Thrill of the Hunt", "by": "defender", "target": "Shadow", "to": "battlefield"},
                        {"ability": "Shadow (replayed)", "target": "A5"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert [u.stunned for u in sd.board.attacker] == [True] and derive(sd.board).pool["attacker"] == 0


def test_fiora_readying_irelia_fires_her_trigger_once():
    """Irelia, Fervent (4, exhausted) chosen by Primal Strength: +1 (5: Mighty), before the card; Fiora, Worthy's
    trigger readies her: +1; Primal Strength: +7. 4 + 1 + 1 + 7 = 13."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
           "defender": {"units": ["Fiora - Worthy", {"name": "Irelia - Fervent", "exhausted": True,
                                                     "fired_this_turn": 0}]},
           "showdown": [{"play": "Primal Strength", "by": "defender", "target": "Irelia - Fervent"},
                        {"trigger": "Fiora - Worthy", "when": "mighty", "target": "Irelia - Fervent"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert next(u.current_might for u in sd.board.defender if u.name == "Irelia - Fervent") == 13
    assert sd.unmodelled_json() == []


def test_a_unit_played_anew_is_its_owners_second_card():
    """The attacker, no card played before, plays Thrill of the Hunt (his first card), then Flame Chompers anew (his
    second): Darius, Trifarian ("When you play your second card in a turn, give me +2 Might this turn and ready me")
    has 5 + 2."""
    doc = {"game": "riftbound", "attacker": {"units": ["Darius - Trifarian", "Flame Chompers"], "cards_played": 0},
           "defender": {"units": [{"name": "D9", "custom": True, "might": 9}]},
           "showdown": [{"play": "Thrill of the Hunt", "by": "attacker", "target": "Flame Chompers",
                         "to": "battlefield"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert next(u.current_might for u in sd.board.attacker if u.name == "Darius - Trifarian") == 7
    assert sd.unmodelled_json() == []


def test_warwick_kills_only_the_damaged_enemy_units():
    """Warwick, Hunter: "When I attack, kill all damaged enemy units here": D2 has 1 damage marked and
    dies; D3, undamaged, stays."""
    doc = {"game": "riftbound", "attacker": {"units": ["Warwick - Hunter"]},
           "defender": {"units": [{"name": "D2", "custom": True, "might": 2, "damage": 1},
                                  {"name": "D3", "custom": True, "might": 3}]}}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert [n for n, _, how in sd.board.removed if how == "killed"] == ["D2"]
    assert [u.name for u in sd.board.defender] == ["D3"]


# ---- every unit with combat text changes an answer or is named ----------------------------------------
#: keywords that change no number of a combat whose units are already in play: the cost and play-from-hand
#: keywords (Accelerate, Empower, Legion, Hidden, Ambush, Reaction, Weaponmaster act as a unit is played),
#: Hunt (XP on conquering or holding), Temporary (killed at its controller's next Beginning Phase), and the
#: keywords of RB-MIGHT-10/11; Deathknell is judged from its effects
SILENT_KEYWORDS = ("Accelerate", "Empower", "Legion", "Hidden", "Ambush", "Reaction", "Weaponmaster", "Hunt",
                   "Temporary", "Deathknell") + NO_DAMAGE_KEYWORDS


def _parts(r: dict, role: str) -> list[str]:
    """What on the record could change this combat for a unit on ``role``'s side, read from the record:
    the parts left once every part that cannot act here (with the reason in the comments) is set aside."""
    out = []
    for k in r.get("keywords") or ():
        word = k.split()[0]
        if word in SILENT_KEYWORDS or word in PRINTED:
            continue  # a printed Assault, Shield, Tank, Backline: the plain unit it is compared with has it too
        out.append(f"keyword {k}")
    for ck in r.get("conditional_keywords") or ():
        if ck["keyword"] in ("Assault", "Shield", "Tank", "Backline") \
                and (ck["keyword"], role) not in (("Assault", "defender"), ("Shield", "attacker")):
            out.append(f"conditional keyword {ck['keyword']} ({ck['condition']})")
    for e in r.get("effects") or ():
        if e.get("effect") not in (r.get("combat_effects") or ()):
            continue
        trig = e.get("trigger")
        if trig in NOT_HERE or e.get("effect") in ("play_location", "enters_ready", "cost_modifier"):
            continue  # played already; after the outcome; where it is played from; spells' costs (card_costs)
        if trig in COMBAT_TRIGGERS and role not in COMBAT_TRIGGERS[trig] or trig == "When you defend at a battlefield" \
                and role == "attacker":
            continue  # "When I attack" on a defender (RB-SHOW-2); "When you defend" on the attacker's side
        if e.get("activated"):
            if _ability_read(e) and not (e["effect"] == "stun" and role == "attacker"):
                out.append(f"[Action] ability: {e['effect']}")  # used on the first board
            continue  # normal speed (CR 806.1.c), or an [Action] ability no scenario here uses
        if e.get("effect") == "grant_keyword" and (e.get("keyword") in NO_DAMAGE_KEYWORDS or (
                e.get("duration") == "static" and (e.get("keyword"), role) in (("Assault", "defender"),
                                                                                ("Shield", "attacker"))
                and (e.get("target") or {}).get("side") != "enemy")):
            continue  # no damage effect; Assault given to the Defender's own units (Shield to the Attacker's)
        if e.get("effect") in ("ready", "exhaust") and trig:
            continue  # readying changes no combat damage (whatever fires it: a combat trigger, an event, a gear played)
        if trig == "When you [Stun] an enemy unit at a battlefield" and e.get("effect") == "move":
            continue  # on these boards its player stuns only while it is at that battlefield: it can't move there
            # (at its base, moved in when stated: test_unit_events_more.py)
        if e.get("effect") == "ready_restriction" or "to move multiple units" in str(e.get("restriction")):
            continue  # readying changes no combat damage; standard moves are not made in a showdown (RB-COMB-5)
        if e.get("condition") == ATTACKING_WITH and role == "defender":
            continue  # "while I'm attacking with another unit": never on the Defender's side
        if e.get("keyword") == "Quick-Draw":
            continue  # acts as its player plays an Equipment: test_unit_costs_splits.py
        if e.get("keyword") == "Repeat":
            continue  # acts as its player repeats a spell (an entry's `repeat:`), no board here does: test_repeat.py
        if e.get("effect") in ("uncounterable", "debuff_bonus") and e.get("duration") == "static":
            continue  # acts on a counter of its player's spell, on his spells giving -Might, which no board here plays
            # for its side: test_empowered_units.py
        if (e.get("target") or {}).get("token") and role == "attacker" or "[Temporary]" in str(e.get("per")):
            continue  # acts on token units: the Attacker's tokens go to his base (CR 352.2.a), not into this combat's
            # answers; counts [Temporary] units, which no board here has: test_unit_costs_splits.py
        if trig == "When you attach an Equipment to me":
            continue  # no board here has a card attach an Equipment to it: test_attach_trigger.py
        if trig == DISCARD_ME:
            continue  # it fires from the trash for the card its player's card discards (Get Excited!'s `discard:`),
            # never for a unit in play: the plain unit's board discards one the same (the oracle's Mask Mother boards)
        if e.get("effect") == "play_cost_kill":
            continue  # a cost paid as the card is played from hand (`kills:`), not by a unit in play: test_unit_plays.py
            # and the oracle's boards playing Stalking Wolf from hand
        if e.get("effect") == "empower" and (e.get("target") or {}) == {"ref": "self"} and not any(
                x.get("condition") == "I'm [Empowered]" for x in r.get("effects") or ()) and all(
                ck["keyword"] in NO_DAMAGE_KEYWORDS for ck in r.get("conditional_keywords") or ()
                if ck["condition"] == "Empowered"):
            continue  # empowering itself, its own "[Empowered]" keywords change no combat damage (Renekton, Brute's
            # Deflect and Ganking: test_becoming_triggers.py; another unit reading its status: the oracle's boards)
        if e.get("duration") == "static" and (e.get("effect") == "extra_trigger" or e.get("effect") == "bonus_damage"
                                               and role == "defender"):
            continue  # a friendly Deathknell fired again; its player's damage 1 more: no board here shows it (a
            # Kog'Maw; the Defender's damage spells on E9 kill it with or without it): test_extra_deathknell.py,
            # test_bonus_damage.py and the oracle's boards (the Attacker's two damage spells on E9 kill it with it)
        out.append(f"{trig or e.get('duration') or 'ability'}: {e['effect']}")
    if r["no_combat_damage"]:
        out.append("deals no combat damage")
    if r["ignores_tank_here"]:
        out.append("ignores Tank here")
    if r.get("damage_immunity_text"):
        out.append("a 'don't take damage' clause")
    # a clause the project's overlay structures is read: Noxus Saboteur's refuses the Defender's card from facedown at
    # its battlefield (the Tornado Warrior board, for the Attacker's Saboteur; the Defender's own cards it lets be);
    # Fallen Feline's the spell it named, which no board here states (test_play_restrictions.py)
    # Zilean, Time Mage's additional token copy (`extra_copy:`), the Defender's tokens played here (the Attacker's go to
    # his base or another battlefield: no answer of this combat shows them, CR 352.2.a); Rell, Magnetic's "When I attack,
    # you may play an Equipment ... Attach it to me" (`attach:`) on the Attacker's side
    structured = {c: o for o in overlay() if o.get("kind") == "unit" for c in clauses_of(o)}
    out += [f"clause {c!r}" for c in r.get("unparsed_clauses") or () if c not in structured
            or any(e.get("restriction") == NO_REVEAL and role == "attacker"
                   or e.get("effect") == TOKEN_COPY and role == "defender"
                   or e.get("effect") in ("attach_equipment", PLAY_CARD)
                   and role in COMBAT_TRIGGERS.get(e.get("trigger"), ())
                   for e in structured[c]["effects"])]
    return out


#: the keywords the plain unit a unit is compared with is given as printed (RB-ORD-2/3, RB-MIGHT-4/5)
PRINTED = ("Assault", "Shield", "Tank", "Backline")


def _printed(r: dict) -> list[str]:
    out = [k for k in r.get("keywords") or () if k.split()[0] in PRINTED]
    return out + (["Backline"] if r["backline"] and "Backline" not in out else [])


CHECKED = sorted(n for n, r in RECORDS.items() if COVERAGE.get(n) in ("modelled", "partly") and r["might"] is not None
                 and (r["combat_relevant"] or r.get("unparsed_clauses")))


def _variants(name: str, role: str, twin: bool) -> list[dict]:
    """Boards built for the unit (labelled U) on ``role``'s side, or for a plain unit of its Might,
    tags and printed Assault, Shield, Tank and Backline in its place (``twin``, its second copy too):
    alone against a Tank and a damaged unit (its [Action] ability used); with a buffed Mech friend and
    a second copy against a stunned unit; buffed, Empowered, equipped, its side at 12 XP with its
    conditions holding, against an exhausted unit; at its base; killed in the showdown; its friend
    dealt lethal damage in the showdown; the spells and units of the comments below; an enemy spell stunning it while
    it is Empowered."""
    r = RECORDS[name]
    enemy = "defender" if role == "attacker" else "attacker"
    me = ({"name": "U", "custom": True, "might": r["might"], "tags": list(r.get("tags") or []),
           "keywords": _printed(r)} if twin
          else {"name": name, "label": "U"})
    plain = {} if twin else {"empowered": False}
    friend = {"name": "F2", "custom": True, "might": 2, "buffed": True, "tags": ["Mech"]}
    copy = {**me, "name": "U2"} if twin else {"name": name, "label": "U2", "empowered": False}
    extra = {} if twin else {"empowered": True, "conditions_hold": True}
    if r.get("damage_immunity_text") and not twin:
        plain["immune"] = extra["immune"] = False
    boards = [
        ({role: [{**me, **plain}], enemy: [{"name": "E3", "custom": True, "might": 3, "keywords": ["Tank"]},
                                          {"name": "E2", "custom": True, "might": 2, "damage": 1}]}, [], None),
        ({role: [{**me, **plain}, friend, copy], enemy: [{"name": "E3", "custom": True, "might": 3, "stunned": True},
                                                         {"name": "E1", "custom": True, "might": 1}]}, [], None),
        ({role: [{**me, **extra, "buffed": True, "equipment": ["Long Sword"]}, friend],
          enemy: [{"name": "E5", "custom": True, "might": 5, "exhausted": True}]}, [], 12),
        ({role: [friend], enemy: [{"name": "E4", "custom": True, "might": 4}]}, [{**me, **plain}], None),
        ({role: [{**me, **plain}, friend], enemy: [{"name": "E6", "custom": True, "might": 6}]},
         [{"kill": "U", "by": enemy}], None),
        ({role: [{**me, **plain}, friend], enemy: [{"name": "E6", "custom": True, "might": 6}]},
         [{"damage": 3, "unit": "F2", "by": enemy}], None),
        # a spell of its player stunning an enemy unit; the enemy's spells choosing it or its friend, moving it
        # (or its friend) to base; a buff on it buffed; a unit its player plays; a unit the enemy plays to the
        # battlefield
        ({role: [{**me, **plain}, friend], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Rune Prison", "by": role, "target": "E3"}], None),
        ({role: [{**me, **plain}, friend], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Rune Prison", "by": enemy, "target": "U"}], 16),
        ({role: [{**me, **plain}, friend], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Rune Prison", "by": enemy, "target": "F2"}], None),
        ({role: [{**me, **plain}, friend], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Fight or Flight", "by": enemy, "target": "U"}], None),
        ({role: [{**me, **plain}, friend], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Fight or Flight", "by": enemy, "target": "F2"}], None),
        ({role: [{**me, **plain, "buffed": True}], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Stand United", "by": role, "target": "U"}], None),
        ({role: [{**me, **plain}], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Shen - Kinkou", "by": role, "to": "base"}], None),
        ({role: [{**me, **plain}], enemy: [{"name": "E9", "custom": True, "might": 9}]},
         # a card from facedown: the Defender's here; the Attacker's at another battlefield, where it can choose
         # none of this combat's units (RB-CARD-26): a [Hidden] unit played there choosing itself; Get Excited! before
         # Falling Comet, which may kill E9: each [Action] card on its own chain, naming a unit in play (RB-SHOW-4)
         [{"play": "Wages of Pain", "by": role, "target": "E9", "facedown": True} if role == "defender" else
          {"play": "Blastcone Fae", "by": role, "facedown": True, "to": "elsewhere", "target": "Blastcone Fae"},
          {"play": "Get Excited!", "by": role, "target": "E9", "discard": "Rune Prison"},
          {"play": "Falling Comet", "by": role, "target": "E9"}], None),
        ({role: [{**me, **plain}], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Shen - Kinkou" if enemy == "defender" else "Diana - No Longer Human", "by": enemy,
           "to": "battlefield"}], None),
        # the enemy's spell stunning it while it is Empowered, its conditions holding
        ({role: [{**me, **extra}, friend], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Rune Prison", "by": enemy, "target": "U"}], 16),
        # the Defender's Tornado Warrior from facedown empowering it (RB-CARD-9); "When I become [Empowered]" choosing
        # the enemy's E3 (an entry the plain unit's board is refused and played without)
        ({role: [{**me, **plain}], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Tornado Warrior", "by": "defender", "facedown": True, "to": "battlefield", "target": "U"},
          {"trigger": "U", "when": "empowered", "target": "E3"}], None),
        # its player's [Predict] recycling ("When you recycle one or more cards ...": buffing it); a card of his playing
        # unit tokens with an additional copy (`extra_copy:`, to this battlefield for the Defender); "When I attack, you
        # may play an Equipment ... Attach it to me" (`attach:`): entries the plain unit's board is refused and played
        # without (:func:`_try`)
        ({role: [{**me, **plain}], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Eclipse", "by": role, "target": "E3", "recycled": True},
          {"trigger": "U", "when": "recycle", "target": "U"}], None),
        ({role: [{**me, **plain}], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Flurry of Feathers", "by": role, "mode": 2, "to": "battlefield" if role == "defender" else "base",
           "extra_copy": True}], None),
        ({role: [{**me, **plain}], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"trigger": "U", "attach": "Long Sword"}], None),
        # the enemy plays a gear (Long Sword, [Quick-Draw], attached to E3): "When an opponent plays a gear, you may
        # banish me to banish it" used (an entry the plain unit's board is refused and played without); its player
        # uses a gear's [Action] ability (Divining Shells' entry: "When you use an activated ability of a gear")
        ({role: [{**me, **plain}], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Long Sword", "by": enemy, "target": "E3"}, {"trigger": "U", "when": "play"}], None),
        ({role: [{**me, **plain}], enemy: [{"name": "E3", "custom": True, "might": 3}]},
         [{"play": "Divining Shells", "by": role, "target": "U"}], None),
    ]
    out = []
    for i, (sides, rest, xp) in enumerate(boards):
        doc = {"game": "riftbound", "showdown": [], role: {"units": sides[role]}, enemy: {"units": sides[enemy]}}
        if i == 3:
            doc[role]["base"], rest = rest, []
        if xp is not None:
            doc[role]["xp"] = xp
        if not twin:  # the unit's combat trigger, stated with the first unit that fits and its condition holding
            for e in r.get("effects") or ():
                if e.get("trigger") in COMBAT_TRIGGERS and role in COMBAT_TRIGGERS[e["trigger"]] and i not in (3, 5):
                    t = e.get("target") or {}
                    t = t.get("chosen") or t
                    pick = ("F2" if t.get("side") == "friendly" else sides[enemy][0]["name"])
                    entry = {"trigger": "U", "condition": True}
                    if t.get("ref") != "self" and t.get("count") != "all":
                        entry["target"] = [pick] if t.get("count") == "any" or e.get("split") else pick
                    doc["showdown"] = [entry]
                    break
        if not twin and i not in (3, 5) and any(e.get("effect") == PLAY_CARD and role in COMBAT_TRIGGERS[e["trigger"]]
                                                for e in (UNIT_OVERLAY.get(name) or {}).get("effects") or ()):
            # RB-CARD-27: the card its trigger plays (the overlay's clause), stated: Hidden Blade on the first enemy
            doc["showdown"] = [{"trigger": "U", "plays": {"play": "Hidden Blade", "target": sides[enemy][0]["name"]}}]
        if not twin and i == 0:  # its [Action] ability used (RB-CARD-17)
            for e in r.get("effects") or ():
                if e.get("activated") and _ability_read(e) and not (e["effect"] == "stun" and role == "attacker"):
                    doc["showdown"].append({"ability": "U", **({"target": "E3"} if e["effect"] == "stun" else {})})
        doc["showdown"] += rest
        out.append(doc)
    return out


def _answers(doc: dict):
    """Every answer a board gives: each unit's Might, Tank, Backline, Stun, damage and where it is; the
    units removed and how; each side's total and legal split count; the outcome; and what is named
    NOT MODELLED."""
    sd = play_showdown(scenario_from_dict(doc, file="<board>"))
    board = sd.board
    units = sorted((u.name, u.side, u.current_might, u.tank, u.backline, u.stunned, u.marked)
                   for u in board.attacker + board.defender)
    got = [units, sorted(board.removed)]
    if board.damage_step:
        d = derive(board)
        got += [d.pool, [LegalSplits(board, s).count() for s in ("attacker", "defender")],
                sorted(outcome_classes(board).outcomes)]
    return got, {u["card"] for u in sd.unmodelled_json()}


def _try(doc: dict):
    from pycombat.errors import ScenarioError

    try:
        return _answers(doc)
    except ScenarioError:  # the stated trigger (or additional token copy) does not fit this board: the board without it
        try:
            return _answers({**doc, "showdown": [{k: v for k, v in e.items() if k != "extra_copy"}
                                                 for e in doc["showdown"] if "trigger" not in e]})
        except ScenarioError:  # a play the board refuses (a unit that can't be chosen, a play restricted)
            return ["refused"], set()


@pytest.mark.parametrize("role", ["attacker", "defender"])
def test_every_unit_with_combat_text_changes_an_answer_or_is_named(role):
    silent, unread_changes = [], []
    for name in CHECKED:
        r = RECORDS[name]
        parts = _parts(r, role)
        changed = named = False
        for doc, plain in zip(_variants(name, role, False), _variants(name, role, True)):
            (got, unnamed), (want, _) = _try(doc), _try(plain)
            named = named or r["name"] in unnamed
            changed = changed or got != want
            if changed or named:
                break
        if parts and not (changed or named):
            silent.append((name, parts))
        if not parts and changed and not named:
            unread_changes.append(name)
    assert not silent, silent
    assert not unread_changes, unread_changes


# ---- the two readings of a trigger's target fixed in cards/triggers.py -----------------------------------
def _yuumi(friends, showdown):
    doc = {"game": "riftbound", "showdown": showdown,
           "attacker": {"units": [{"name": "A3", "custom": True, "might": 3}]},
           "defender": {"units": ["Yuumi - Magical Cat"] + friends}}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def test_a_might_change_and_a_keyword_given_together_go_to_one_unit():
    """Yuumi, Magical Cat: "give one of your other units here +3 Might and [Tank] this turn": one stated
    target gets both (RB-CARD-1, RB-CARD-10); the other friendly unit gets neither."""
    friends = [{"name": "D2", "custom": True, "might": 2}, {"name": "D4", "custom": True, "might": 4}]
    sd = _yuumi(friends, [{"trigger": "Yuumi - Magical Cat", "target": "D2"}])
    got = {u.name: (u.current_might, u.tank) for u in sd.board.defender}
    assert got == {"Yuumi - Magical Cat": (1, False), "D2": (5, True), "D4": (4, False)}
    assert sd.unmodelled_json() == []


def test_a_trigger_with_no_unit_to_choose_does_nothing_and_is_not_a_missing_choice():
    """Yuumi defending alone: no other friendly unit here, so no choice is left to state: the trigger
    resolves doing nothing, and nothing is named NOT MODELLED; with one friend there, that friend is the only unit it
    may choose and it resolves on it; with two, the choice is the player's and an unstated trigger is named
    (RB-CARD-10, RB-CARD-1, RB-CARD-4)."""
    sd = _yuumi([], [])
    assert sd.unmodelled_json() == []
    assert [(u.name, u.current_might, u.tank) for u in sd.board.defender] == [("Yuumi - Magical Cat", 1, False)]
    one = _yuumi([{"name": "D2", "custom": True, "might": 2}], [])
    assert one.unmodelled_json() == []
    assert [(u.name, u.current_might, u.tank) for u in one.board.defender] == [("Yuumi - Magical Cat", 1, False),
                                                                                ("D2", 5, True)]
    named = _yuumi([{"name": "D2", "custom": True, "might": 2}, {"name": "D4", "custom": True, "might": 4}],
                   []).unmodelled_json()
    assert [u["card"] for u in named] == ["Yuumi - Magical Cat"] and "its combat trigger" in named[0]["what"]
