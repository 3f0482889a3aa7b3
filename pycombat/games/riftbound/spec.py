"""The Riftbound scenario document (``game: riftbound``), declared once: the reader (:mod:`.schema`)
checks files with it and ``pycombat schema riftbound`` prints it as JSON Schema.

>>> s = json_schema()
>>> s["properties"]["showdown"]["items"]["else"]["else"]["else"]["oneOf"][0]
{'required': ['might']}
>>> s["properties"]["showdown"]["items"]["else"]["else"]["if"]
{'required': ['ability']}
>>> s["properties"]["showdown"]["items"]["if"], s["properties"]["showdown"]["items"]["else"]["if"]
({'required': ['play']}, {'required': ['trigger']})
>>> EFFECT.keys[-3:]
('unit', 'by', 'card')
"""
from __future__ import annotations

from ...schemaspec import (
    AnyOf,
    Anything,
    Bool,
    ByKeys,
    Const,
    Flags,
    Int,
    List,
    Map,
    Name,
    Obj,
    Str,
    Tuple,
    Words,
    claims_spec,
    game_schema,
    registered_claim_book,
    with_claim_book,
)
from .model import SIDES

# A string-or-list field (a target or targets, `repeat`, `scored_this_turn`) takes no null: its list branch is declared
# `nullable=False`, as the reader refuses `target: ~` (a List alone reads null as "not given", [])

GAME = "riftbound"
#: effect key -> what it does (each showdown entry has exactly one)
EFFECT_KINDS = ("might", "prevent", "damage", "stun", "kill", "recall", "banish", "remove", "double_damage", "give",
                "immune")
#: effects whose value is the unit (the rest take `unit:` and an amount)
UNIT_VALUED = ("stun", "kill", "recall", "banish", "remove", "double_damage", "immune")
GIVABLE = ("Tank", "Backline", "Assault", "Shield")

#: limits of a Riftbound scenario: printed Mights are below 20; a unit's Might, a damage
#: amount, the units a side has at one battlefield, the showdown's effects
MAX_MIGHT = 99
MAX_UNITS = 20
MAX_EFFECTS = 60
MAX_HAND = 6  #: cards a hand may hold (the showdown game grows fast with them)

_UNIT_REF = "a unit of this combat (its name or label, any case)"
EFFECT = Obj({
    "might": Int("a Might change of `unit` until the end of the turn", minimum=-MAX_MIGHT, maximum=MAX_MIGHT),
    "prevent": AnyOf((Int("damage to `unit` prevented", minimum=1, maximum=MAX_MIGHT), Words("prevent all damage to `unit`", ("all",))),
                     "damage to `unit` prevented: a number, or all"),
    "damage": Int("damage dealt to `unit` (marked before combat damage)", minimum=1, maximum=MAX_MIGHT),
    "stun": Str(f"stun {_UNIT_REF}"),
    "kill": Str(f"kill {_UNIT_REF} (it leaves the combat)"),
    "recall": Str(f"recall {_UNIT_REF} (it leaves the combat)"),
    "banish": Str(f"banish {_UNIT_REF} (it leaves the combat)"),
    "remove": Str(f"remove {_UNIT_REF} from the combat"),
    "double_damage": Str(f"{_UNIT_REF} deals double damage"),
    "give": Str("a keyword given to `unit`: " + ", ".join(GIVABLE) + " (Assault and Shield may take a number)"),
    "immune": Str(f"{_UNIT_REF} cannot be damaged"),
    "unit": Str(f"the unit the effect applies to: {_UNIT_REF}"),
    "by": Str("who played it", enum=SIDES),
    "card": Str("the card that had the effect (for the output)"),
}, "one showdown effect, in the order they resolved: exactly one of " + ", ".join(EFFECT_KINDS),
    exactly_one=EFFECT_KINDS,
    exactly_one_message="a showdown effect has exactly one of: {one_of}{has}",
    dependent_required={k: ("unit",) for k in EFFECT_KINDS if k not in UNIT_VALUED})

#: where a card may move a unit (``to:`` of a play)
DESTINATIONS = ("battlefield", "base", "elsewhere")
#: the domains of a rune (the card data's domains, lower case as the records' ``mode_label`` writes them): what a
#: trigger that reveals the top rune of its player's rune deck states it revealed (``revealed:``)
RUNE_DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")
#: the most cards a scenario may state an ability revealed (a count of them: ``revealed: N``)
MAX_REVEALED = 40
_REVEALED = AnyOf((Str("the domain of the rune it revealed (\"reveal the top rune of your rune deck\"; the option of "
                       "that domain resolves, RB-CARD-10, RB-CARD-8)", enum=RUNE_DOMAINS),
                   Int("how many of the cards it revealed it counts (\"for each card with [Hidden] revealed this "
                       "way\"; at most the number revealed, RB-CARD-10)", minimum=0, maximum=MAX_REVEALED)),
                  "what the ability revealed, a fact its player knows as it resolves: a rune's domain, or how many of "
                  "the revealed cards it counts (not given: named as not modelled, RB-CARD-4)")
_TARGET = Str("a target: a unit of this combat (any case, the units at the bases included), or for a "
              "counter the card countered")
#: a spell's execution once more for a [Repeat] paid, with the choices made anew (RB-CARD-25)
_REPEATED = Obj({
    "target": AnyOf((_TARGET, List(_TARGET, "several targets, in the card's order", nullable=False)), "its target(s) (not given: "
                    "the first execution's)"),
    "mode": Int("which of the card's modes (1, 2, ...) for a 'choose one' card", minimum=1),
    "amounts": Map(Int("damage", minimum=0), "damage split among units: unit -> damage", key=_UNIT_REF),
    "discard": Name("card", "the card discarded (RB-CARD-21)"),
    "trash": Int("cards with the card's name in its player's trash (RB-CARD-21)", minimum=0),
    "to": Str("where the card moves its target", enum=DESTINATIONS),
    "condition": Bool("the card's condition holds"),
    "cost": Int("which of the spell's [Repeat] this pays (1, 2 ... in printed order, then the ones units give; "
                "not given: the next)", minimum=1),
}, "one execution more, with the choices made anew (a choice not given: the first execution's)")
PLAY = Obj({
    "play": Name("card", "a spell, gear or unit card played in the showdown (RB-CARD, read from the card data)"),
    "by": Str("who played it", enum=SIDES),
    "target": AnyOf((_TARGET, List(_TARGET, "several targets, in the card's order", nullable=False)), "the card's target(s); the unit card a spell plays from a hand (first), the spell a card takes or counters (first)"),
    "mode": Int("which of the card's modes (1, 2, ...) for a 'choose one' card", minimum=1),
    "condition": Bool("the card's condition holds (true/false; not given: named as not modelled, RB-CARD-4)"),
    "pays": Bool("a counter 'unless its controller pays': the countered card's controller paid (RB-CARD-20)"),
    "revealed": _REVEALED,
    "discard": Name("card", "the card discarded for 'Discard 1. Deal its Energy cost ...' (RB-CARD-21)"),
    "amounts": Map(Int("damage", minimum=0), "damage split among units as the player chose: unit -> damage "
                   "(RB-CARD-21)", key=_UNIT_REF),
    "trash": Int("cards with the card's name in its player's trash (RB-CARD-21)", minimum=0),
    "to": Str("where the card moves its target; for a unit card played, where it enters (RB-CARD-16)",
              enum=DESTINATIONS),
    "tokens_to": Str("for a unit card played whose own \"When you play me\" plays unit tokens without saying where "
                     "(Illaoi, Prophet of the Great Kraken): where its player puts them, its base or a battlefield he "
                     "controls (RB-CARD-15)", enum=("base", "battlefield", "elsewhere")),
    "label": Str("the name a unit card played from hand gets in the output, claims and later entries "
                 "(default: its card name)"),
    "paid": Obj({"energy": Int("energy paid", minimum=0), "power": Int("power paid", minimum=0)},
                "an optional additional cost paid (for the card's 'if you paid' clause)"),
    "facedown": Bool("the card was played face down (hidden)"),
    "respond": AnyOf((Bool("true: played while the combat triggers are on the chain, before they resolve (a Closed "
                           "State: a Reaction card, RB-SHOW-4): it resolves before them; such entries are listed right "
                           "after the combat triggers, in the order they resolve (the last played first, RB-SHOW-2)"),
                      Str("`combat`: as `true`; `move`: played while the Attacker's \"When I move\" triggers are on the "
                          "chain, before the combat is held (RB-COMB-2): listed right after them, it resolves before "
                          "them", enum=("combat", "move"))),
                     "a Reaction played in answer to triggers on the chain (RB-SHOW-2, RB-SHOW-4)"),
    "hidden": Str("where a spell or gear played from facedown was hidden: `here` (this battlefield; the Defender's "
                  "default when he controls it) or `elsewhere` (another battlefield its player controls; the "
                  "Attacker's always, CR 187.4.b); its targets are chosen there (RB-CARD-26)", enum=("here", "elsewhere")),
    "kills": Str("a unit card whose additional cost kills a unit its player controls (Stalking Wolf: \"kill a Bird, "
                 "Cat, Dog, or Poro you control\"): the unit killed as it is played (RB-CARD-16)"),
    "recycled": Bool("a spell's [Predict] or a unit card's [Vision] (\"look at the top card of your Main Deck. You may "
                     "recycle it\"): its player recycled it (true) or not (false), for \"When you recycle one or more "
                     "cards\" (Karma, Channeler; RB-CARD-10)"),
    "extra_copy": Bool("Zilean, Time Mage's replacement: the first token unit the card plays comes with an "
                       "additional copy (true) or not (false); for a card playing tokens while its player's Zilean is "
                       "at a battlefield, once each turn (RB-CARD-15)"),
    "attach": Name("Equipment card", "the Equipment the card attaches to its unit (same controller; RB-CARD-14)"),
    "detach": Name("Equipment card", "the Equipment the card detaches from its unit (RB-CARD-14)"),
    "from": Str("the unit whose Equipment `attach:` moves (not given: an unattached one, else the one other "
                "unit with it)"),
    "copy_of": Str("the other friendly unit in play that an Equipment the card attaches and that makes its unit a "
                   "copy (Shady Spectacles: \"choose another friendly unit. The equipped unit becomes a copy of that "
                   "unit\") chose (RB-CARD-14)"),
    "repeat": AnyOf((Bool("[Repeat] paid: the spell is executed once more with the same choices (RB-CARD-25)"),
                     _REPEATED, List(AnyOf((Bool("once more with the same choices"), _REPEATED),
                                           "one execution more"), "one per [Repeat] paid, in order", nullable=False)),
                    "[Repeat] paid as the spell is played (RB-CARD-25): each paid executes its instructions once "
                    "more, with choices made anew or the same"),
}, "a card played in the showdown, read by the one card interpreter (RB-CARD)", required=("play", "by"))

TRIGGER = Obj({
    "trigger": Str("the unit whose \"When I attack\" / \"When I defend\" ability resolves (RB-SHOW-2, RB-CARD-10)"),
    "by": Str("the player whose unit it is (optional; checked: an entry of `optimize --json`'s `triggers_stated` "
              "gives it)", enum=SIDES),
    "when": Str("which of the unit's triggers: `combat` (\"When I attack\" / \"When I defend\", as the showdown "
                "begins) or `move` (\"When I move\", resolved before the showdown as the unit moved, RB-COMB-2; after an "
                "entry of the showdown itself, or for a unit not at the battlefield: a move during the showdown, its "
                "own or a friendly unit's from its location, RB-CARD-10); not "
                "given: the one kind the unit has; or a trigger fired during the showdown (RB-CARD-10): `play`, `stun`, "
                "`ready`, `chosen`, `buffed`, `discard`, `dies` (another friendly unit's death, or the unit's own "
                "Deathknell that needs a choice, RB-CARD-19), `mighty` (a unit becoming Mighty, or its own Might reaching 10), "
                "`attach` (an Equipment attached to it), `empowered` (it becoming [Empowered]), `recycle` (its player's "
                "[Predict] / [Vision] recycling a card, `recycled: true`), `played` (its own \"When you play me\" as "
                "a card has its owner play it anew, RB-CARD-24), stated right after the entry whose resolution fires it",
                enum=("combat", "move", "play", "stun", "ready", "chosen", "buffed", "discard", "dies", "mighty",
                      "attach", "empowered", "recycle", "played")),
    "target": AnyOf((_TARGET, List(_TARGET, "several targets, in the ability's order", nullable=False)), "the ability's target(s)"),
    "mode": Int("which of the ability's options (1, 2, ...) for a 'choose one' ability", minimum=1),
    "condition": Bool("the ability's condition holds (true/false; not given: named as not modelled, RB-CARD-4)"),
    "revealed": _REVEALED,
    "to": Str("where the ability moves its target", enum=DESTINATIONS),
    "amounts": Map(Int("damage", minimum=0), "damage split among the units it chooses as the player chose: unit -> "
                   "damage (RB-CARD-21)", key=_UNIT_REF),
    "paid": Obj({"energy": Int("energy paid", minimum=0), "power": Int("power paid", minimum=0),
                 "xp": Int("XP spent for its additional cost \"spend N XP\": from the side's `xp:`, which must cover "
                       "it; the XP left is what the side's \"[Level N]\" static abilities read after it (RB-CARD-2)",
                       minimum=0)},
                "what was paid for its additional cost (\"you may pay ... to\"; Energy and Power checked with "
                "card_costs=stated, XP always, RB-CARD-2)"),
    "attach": Name("Equipment card", "the Equipment the trigger plays from its player's hand and attaches to its unit "
                   "(Rell, Magnetic; RB-CARD-14)"),
    "plays": Obj({k: v for k, v in PLAY.fields.items() if k not in ("by", "facedown", "hidden")},
                 "the card the trigger plays as it resolves (Ava Achiever: a card with [Hidden] from hand, ignoring its "
                 "cost; Rek'Sai, Swarm Queen: one of the top 2 of the Main Deck): a showdown play entry without `by` "
                 "(its player is the trigger's); a unit card's `to:` is where the ability lets it enter (RB-CARD-27)",
                 required=("play",)),
    "extra_copy": Bool("Zilean, Time Mage's replacement: the first token unit the trigger plays comes with an "
                       "additional copy (true) or not (false), once each turn (RB-CARD-15)"),
    "decline": Bool("true: the player does not use this optional (\"you may\") trigger: it does nothing and nothing "
                    "is paid (RB-CARD-10); with no other key but `trigger` and `when`"),
}, "a unit's combat trigger, on the chain as the showdown begins: the Defender's resolve first, then the "
   "Attacker's (RB-SHOW-2)", required=("trigger",))

ABILITY = Obj({
    "ability": Str("the unit (in play: at the battlefield or at its base) whose activated [Action] / [Reaction] "
                   "ability is used (RB-CARD-17)"),
    "target": AnyOf((_TARGET, List(_TARGET, "several targets, in the ability's order", nullable=False)), "the ability's target(s)"),
    "mode": Int("which of the ability's options (1, 2, ...) for a 'choose one' ability", minimum=1),
    "condition": Bool("the ability's condition holds (true/false; not given: named as not modelled, RB-CARD-4)"),
    "to": Str("where the ability moves its target", enum=DESTINATIONS),
    "paid": Obj({"energy": Int("energy paid", minimum=0), "power": Int("power paid", minimum=0)},
                "what was paid for its cost (with card_costs=stated, RB-CARD-2)"),
    "attach": Name("Equipment card", "the Equipment the ability attaches to its unit (RB-CARD-14)"),
    "copy_of": Str("the other friendly unit in play that an Equipment the ability attaches and that makes its unit a "
                   "copy (Shady Spectacles) chose (RB-CARD-14)"),
    "of": Str("the friendly unit in play, or the gear of its player, whose exhaust ability the unit has and uses "
              "(Heimerdinger, Inventor: \"I have all [exhaust] abilities of all friendly legends, units, and gear\"; "
              "RB-CARD-17)"),
}, "a unit's activated ability used in the showdown, by the unit's controller (RB-CARD-17)", required=("ability",))

UNIT_OBJ = Obj({
    "name": Name("unit card", "the card (or, with custom: true, the unit's own name)"),
    "custom": Bool("a unit not in the card data: give its `might` (and `keywords`)"),
    "might": Int("Might (overrides the card's)", minimum=-MAX_MIGHT, maximum=MAX_MIGHT),
    "keywords": List(Str("a keyword as printed, e.g. Tank, Assault 2, Shield, Deflect (or Stun)"),
                     "keywords beyond the card's"),
    "damage": Int("damage already marked on the unit", minimum=0, maximum=MAX_MIGHT),
    "stunned": Bool("the unit is stunned (RB-MIGHT-3)"),
    "immune": Bool("the unit cannot be damaged"),
    "deals_combat_damage": Bool("false: the unit deals no combat damage"),
    "value": AnyOf((Int(), Str(max_length=40, pattern=r"^\s*[-+]?\d+(\.\d+)?(\s*/\s*\d+)?\s*$")),
                   "the unit's value for `optimize`: a whole number or a fraction such as 3/2",
                   message="must be a whole number or a fraction such as 3/2, not {value!r}"),
    "label": Str("a unique name for this unit in the output and claims (for two copies of a card)"),
    "equipment": List(AnyOf((Name("Equipment card", "an Equipment card attached to the unit (its Might bonus, RB-CARD-5)"),
                             Obj({"card": Name("Equipment card", "the Equipment card attached to the unit"),
                                  "might_bonus": Int("the Might bonus printed on the card (only for an Equipment whose "
                                                     "bonus the data lacks, RB-CARD-5)", minimum=0, maximum=MAX_MIGHT),
                                  "copy_of": Name("unit card", "the other friendly unit an Equipment that makes its "
                                                  "unit a copy chose as it was attached (Shady Spectacles: \"the "
                                                  "equipped unit becomes a copy of that unit\"): the unit is built "
                                                  "from that card, keeping its damage, buff, Might changes and "
                                                  "Equipment (RB-CARD-14)")},
                                 "an Equipment attached, with its printed Might bonus or the unit it copies stated",
                                 required=("card",))),
                            "an Equipment card, or `{card: NAME, might_bonus: N}` for one whose bonus the data lacks "
                            "(`copy_of: UNIT` for Shady Spectacles)"),
                      "Equipment attached to the unit"),
    "buffed": Bool("the unit has a buff: +1 Might (RB-CARD-6)"),
    "moved": Bool("the unit moved this turn (an attacker did: the move that staged this combat, RB-COMB-1): its "
                  "\"When I move\" triggers resolve before the showdown (RB-CARD-10, RB-COMB-2; for a defender or a "
                  "unit at its base, which moved earlier, only their Might and keyword changes); not given for a "
                  "defender or a unit at its base: named as not modelled, RB-CARD-4"),
    "exhausted": Bool("the unit is exhausted (a unit that made a standard move is, CR 144.2): an ability whose cost "
                      "exhausts it cannot be used (RB-CARD-17)"),
    "domains": List(Str("a domain, e.g. Fury"), "the unit's domains (overrides the card's; for card conditions)"),
    "tags": List(Str("a tag, e.g. Yordle"), "the unit's tags (overrides the card's; for card conditions)"),
    "conditions_hold": Bool("the conditions of the card's conditional combat keywords hold (true: they apply; "
                            "false: they do not; not given: named as not modelled, RB-CARD-4)"),
    "fired_this_turn": Int("how many times the unit's triggered \"give ... +N Might / a keyword this turn\" ability "
                           "fired earlier this turn, before the showdown (Darius - Trifarian's \"When you play your "
                           "second card in a turn\", Ravenbloom Student's \"When you play a spell\", Inviolus Vox's "
                           "\"When I conquer\"): what it gave itself applies that many times; not given and not "
                           "decided by its side's `cards_played` / `discarded_this_turn`: named as not modelled, "
                           "RB-CARD-9, RB-CARD-4", minimum=0, maximum=99),
    "token": Bool("a custom unit that is a unit token (a Recruit, a Sprite): \"your token units\" abilities reach it "
                  "(RB-CARD-9, RB-CARD-15)"),
    "named": Name("spell card", "the spell the unit named as it was played (\"When you play me, name a spell\": "
                  "Fallen Feline's opponents can't play it while it is at a battlefield, RB-CARD-9)"),
    "empowered": AnyOf((Bool("the unit is [Empowered]: its \"I'm [Empowered]\" static abilities apply (RB-CARD-9; not "
                             "given: those abilities are named as not modelled, RB-CARD-4)"),
                        Int("how many times it is [Empowered], for a card that \"can be [Empowered] up to N times\" "
                            "(0..N; RB-CARD-9)", minimum=0)),
                       "whether (or how many times) the unit is [Empowered]"),
}, "a unit with its state and overrides", required=("name",))
UNIT = AnyOf((Name("unit card", "the unit's card"), UNIT_OBJ), "a unit at the battlefield")


#: limits of what a side states of its player: points (a game is won at its Victory Score, far below), runes (a rune
#: deck holds 12), cards and gear counted
MAX_POINTS = 99
MAX_RUNES = 12
MAX_CARDS = 99
_NOT_GIVEN = "not given: those abilities are named as not modelled, RB-CARD-4"


def _side(role: str) -> Obj:
    return Obj({
        "player": Str("the player's name"),
        "xp": Int("the player's XP: a unit's [Level N] static abilities apply at N or more XP (RB-CARD-9; not given: "
                  "those abilities are named as not modelled, RB-CARD-4)", minimum=0, maximum=99),
        "cards_played": Int("cards the player played this turn before the showdown (\"When you play your second card "
                            "in a turn\", RB-CARD-10; not given: named as not modelled, RB-CARD-4)", minimum=0, maximum=99),
        # what a unit's static abilities read of its controller (RB-CARD-9), as the showdown begins; not given: those
        # abilities are named as not modelled (RB-CARD-4)
        "points": Int(f"the player's points: \"My Might is increased by your points\" (RB-CARD-9; {_NOT_GIVEN})",
                      minimum=0, maximum=MAX_POINTS),
        "trash": Int("cards in the player's trash: \"increased by the number of cards in your trash\" (RB-CARD-9; "
                     f"{_NOT_GIVEN}; the cards the showdown puts there are not added: named as not modelled)",
                     minimum=0, maximum=MAX_CARDS),
        "runes": Int("runes the player controls (a rune deck holds 12): \"while you have 8+ runes\", \"while you "
                     f"control 7 or more runes\" (RB-CARD-9; {_NOT_GIVEN})", minimum=0, maximum=MAX_RUNES),
        "spent_this_turn": Obj({
            "power": Int("Power (runes of any domain) the player spent this turn: \"if you've spent at least "
                         "[rainbow][rainbow] this turn\"", minimum=0, maximum=MAX_CARDS),
            "spell_energy": Int("the most Energy the player spent to play one spell this turn: \"if you've spent "
                                "[4 Energy] or more to play a spell this turn\"", minimum=0, maximum=MAX_CARDS),
        }, "what the player spent this turn before the showdown (RB-CARD-9; a part not given: the abilities reading "
           "it are named as not modelled, RB-CARD-4)"),
        "discarded_this_turn": Bool("the player discarded a card this turn before the showdown: \"If you've discarded "
                                    "a card this turn\" (Raging Soul's [Assault], RB-CARD-9; a card he discards in the "
                                    f"showdown makes it hold from then on, RB-CARD-21; {_NOT_GIVEN})"),
        "gained_xp_this_turn": Bool(f"the player gained XP this turn: \"if you've gained XP this turn\" (RB-CARD-9; "
                                    f"{_NOT_GIVEN})"),
        "tokens_elsewhere": Int("token units the player controls that the scenario does not list (at other "
                                "battlefields): \"for each token unit you control\" counts them with the token units "
                                f"in the scenario (RB-CARD-9; {_NOT_GIVEN})", minimum=0, maximum=MAX_CARDS),
        "gear_elsewhere": Int("gear the player controls that the scenario does not list (the scenario lists the "
                              "Equipment attached to the side's units and its `gear:`): \"for each friendly gear\", "
                              "\"equal to the number of gear you control\" count them with those (RB-CARD-9; "
                              f"{_NOT_GIVEN})", minimum=0, maximum=MAX_CARDS),
        "units": List(UNIT, f"the {role}'s units at the battlefield", min_items=1, max_items=MAX_UNITS,
                      few_message=f"the {role} needs at least one unit at the battlefield (RB-COMB-1)"),
        "base": List(UNIT, f"the {role}'s units at its base (not in the combat; cards may move them in)"),
        "gear": List(Name("gear card", "an Equipment card in play attached to no unit, or a gear whose death "
                                       "replacement stands while it is in play (Zhonya's Hourglass, RB-CARD-18)"),
                     f"the {role}'s gear in play: Equipment attached to no unit, which a card may attach (RB-CARD-14), "
                     "and death-replacement gear (RB-CARD-18)"),
    }, f"the {role}: its units at the battlefield (and at its base)", required=("units",))


ATTACKER, DEFENDER = _side("attacker"), _side("defender")
SIDE = ATTACKER

_AMOUNT = Int("damage assigned to that unit", minimum=0, maximum=10 * MAX_MIGHT, prefix="damage ")
_STEP_AMOUNT = Int("damage assigned in this step", minimum=1, maximum=10 * MAX_MIGHT, prefix="damage ")
_STEP_MESSAGE = "a step is {{unit: damage}} or [unit, damage]"
SPLIT = AnyOf((
    Map(_AMOUNT, "a vector: unit -> damage", key=_UNIT_REF),
    List(AnyOf((Map(_STEP_AMOUNT, key=_UNIT_REF, min_properties=1, max_properties=1, message=_STEP_MESSAGE),
                Tuple((Str(_UNIT_REF), _STEP_AMOUNT), message=_STEP_MESSAGE)),
               "a step: {unit: damage} or [unit, damage]", message=_STEP_MESSAGE),
         "a sequence of steps (RB-MODEL-6)", nullable=False),
), "a damage split: a mapping {unit: damage} (a vector) or a list of {unit: damage} steps (a sequence)",
    message="a split is a mapping {{unit: damage}} (a vector) or a list of {{unit: damage}} steps (a sequence)")
SPLITS = Obj({side: SPLIT for side in SIDES}, "the damage splits the players chose (for `verify`)")

BATTLEFIELD = Obj({
    "name": Str("the battlefield's name"),
    "scored_this_turn": AnyOf((
        Bool("the attacker already scored this battlefield this turn (RB-RES-5)"),
        List(Str("a side", enum=SIDES), "the sides that already scored this battlefield this turn (RB-RES-5)",
             max_items=2, nullable=False)),
        "who already scored this battlefield this turn: true (the attacker) or a list of sides (RB-RES-5: a player "
        "scores each battlefield at most once per turn)"),
    "controlled_by": Str("who controls it as the combat begins: the defender (the default: he held it, CR 187.4.a-b) "
                         "or nobody (a showdown at an empty battlefield that became a combat, CR 316.5.b.1.a: the "
                         "Defender left there alone then establishes control, a Conquer that scores, RB-RES-4, "
                         "RB-RES-5); a unit may be played to a battlefield its player controls (RB-CARD-16)",
                         enum=("defender", "nobody")),
}, "the battlefield")

SCENARIO = Obj({
    "game": Const(GAME, "the game of this file", message="this reader is for `game: riftbound`, not {value!r}"),
    "title": Str("a title for the output", nullable=True),
    "description": Anything("free text, kept with the scenario"),
    "battlefield": AnyOf((Str("the battlefield's name"), BATTLEFIELD), "the battlefield: a name or a mapping"),
    "rules": Flags(GAME),
    "turn": Str("whose turn it is: \"on your turn\" abilities read it (Evelynn - Entrancing's \"When you play me "
                "from face down on your turn\", RB-CARD-16); not given: those abilities are named as not modelled "
                "(RB-CARD-4)", enum=SIDES),
    "attacker": ATTACKER,
    "defender": DEFENDER,
    "showdown": List(ByKeys(("play",), PLAY, ByKeys(("trigger",), TRIGGER, ByKeys(
        ("ability",), ABILITY, EFFECT, "a unit's activated ability (`ability:`) or an effect stated directly"),
        "a unit's combat trigger (`trigger:`), a unit's activated ability (`ability:`) or an effect stated directly"),
                            "a card played (`play:`), a unit's combat trigger (`trigger:`), a unit's activated "
                            "ability (`ability:`) or an effect stated directly"),
                     "the showdown's effects and the cards played, in the order they resolved",
                     max_items=MAX_EFFECTS),
    "hand": Obj({side: List(Name("card", f"a spell, gear or unit card in the {side}'s hand, of Action or Reaction "
                                          "speed (RB-SHOW-4)"), f"the {side}'s hand", max_items=MAX_HAND)
                 for side in SIDES},
                "each player's hand: optimize and tree then play the showdown from both hands as a game (who plays "
                "what, in which order, when to pass; RB-SHOW-3), before the damage step"),
    "splits": SPLITS,
    "claims": claims_spec(),
}, "A Riftbound combat at one battlefield: the units of both sides, the showdown's effects, optionally the "
   "damage splits and claims.", required=("game", "attacker", "defender"), unknown_first=True)


def full_spec() -> Obj:
    """:data:`SCENARIO` with its ``claims:`` closed by the game's claim book (kinds and their fields):
    what the JSON Schema describes. The reader checks with :data:`SCENARIO` and leaves the claims'
    own fields to the claim reader (claims are read by ``verify``, after the scenario is built)."""
    return with_claim_book(SCENARIO, registered_claim_book(GAME))


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of a Riftbound scenario file."""
    return game_schema(GAME, full_spec(), "pycombat Riftbound scenario")
