"""The War of the Ring scenario documents (``game: wotr``), declared once: the readers (:mod:`.schema`
for battles, :mod:`.position.scenario` for positions) check files with them and ``pycombat schema wotr``
prints them as one JSON Schema.

A file is a *battle* (``attacker:``/``defender:``/``battle:``) or a *position* (``position:`` and
``action:``); the schema tells them apart the way the reader does: a file with ``position:`` or
``action:`` is a position (JSON Schema ``if``/``then``/``else``).

>>> s = json_schema()
>>> s["if"], sorted(s["then"]["required"]), sorted(s["else"]["required"])
({'anyOf': [{'required': ['position']}, {'required': ['action']}]}, ['action', 'game', 'position'], ['attacker', 'defender', 'game'])
>>> ARMY.keys[:3]
('region', 'units', 'nazgul')
"""
from __future__ import annotations

from dataclasses import dataclass

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
    Words,
    claims_spec,
    game_schema,
    registered_claim_book,
    with_claim_book,
)
from .model import ACTIONS, KINDS

GAME = "wotr"
_GAME = Const(GAME, "the game of this file", message="this reader is for `game: wotr`, not {value!r}")
_SIDE = "a side: free_peoples or shadow (also Free Peoples, FP)"
_NATION = "Nation name from the shipped data (Gondor, Rohan, Sauron, ...)"

#: limits of a WotR scenario: units of one kind in an Army (a region stacks at most 10
#: Army units; sieges and tests go beyond), a modifier of a die, a die count or Leadership
MAX_UNITS = 50
MAX_MODIFIER = 20
#: the most rounds a ``max_rounds`` cap may give (each round more states to solve; ``none`` solves a battle without a
#: cap exactly, so a larger cap is refused, never run for minutes)
MAX_ROUNDS = 100

#: a ``max_rounds`` cap written as text: the digits of 1 to :data:`MAX_ROUNDS` (leading zeros and surrounding
#: spaces as the flag reader takes them)
ROUND_CAP_PATTERN = r"^\s*0*(?:[1-9]\d?|100)\s*$"


@dataclass(frozen=True)
class WotrFlags(Flags):
    """The ``rules:`` mapping (:class:`pycombat.schemaspec.Flags`) with the ``max_rounds`` cap bounded as the
    reader bounds it (:func:`.reading._flags`): an integer from 1 to :data:`MAX_ROUNDS`, as a number or its
    digits.

    >>> cap = WotrFlags("wotr").json()["properties"]["max_rounds"]["anyOf"]
    >>> [o for o in cap if o.get("type") == "integer"]
    [{'type': 'integer', 'minimum': 1, 'maximum': 100}]
    >>> import re; [bool(re.match(ROUND_CAP_PATTERN, t)) for t in ("1", "100", "007", "0", "-5", "101")]
    [True, True, True, False, False, False]
    """

    def json(self) -> dict:
        out = super().json()
        cap = out["properties"]["max_rounds"]
        options = []
        for o in cap["anyOf"]:
            if o.get("type") == "integer":
                o = {**o, "minimum": 1, "maximum": MAX_ROUNDS}
            elif o.get("type") == "string" and "pattern" in o:
                o = {**o, "pattern": ROUND_CAP_PATTERN}
            options.append(o)
        cap["anyOf"] = options
        return out


# ---- shared by battles and positions ---------------------------------------------------------------
UNIT = Obj({
    "regulars": Int("Regular units", minimum=0, maximum=MAX_UNITS),
    "elites": Int("Elite units", minimum=0, maximum=MAX_UNITS),
    "leaders": Int("Leaders (Free Peoples; the Nazgûl are `nazgul:` of the Army)", minimum=0, maximum=MAX_UNITS),
}, "one Nation's figures")
UNITS = Map(UNIT, "Army units per Nation", key=f"a {_NATION}",
            message="must be a mapping of Nation to figures, e.g. {{Gondor: {{regulars: 3, elites: 1}}}}")
FORCE_FIELDS = {
    "units": UNITS,
    "nazgul": Int("Nazgûl figures (Shadow)", minimum=0, maximum=MAX_UNITS),
    "characters": List(Name("Character", "a Character with the Army (Companion or Minion)")),
}
#: a rearguard: the figures of the attacking Army that stay out of the battle (WOTR-SPLIT)
FORCE = Obj(FORCE_FIELDS, "figures: units per Nation, Nazgûl and Characters")
_STEPS = "steps from At War are 0 to 3, not {value}"
POLITICAL_TRACK = Obj({
    "steps": Int("steps from At War on the Political Track", minimum=0, maximum=3, message=_STEPS),
    "active": Bool("the Nation is active (a Nation At War always is, WOTR-POL-6)"),
}, "the Nation's position on the Political Track")
POLITICS = Map(AnyOf((
    Words("a political status", ("at_war", "active", "passive"),
          message="{value!r} is not a political status: at_war, or {{steps: N, active: true|false}}"),
    Int("steps from At War on the Political Track", minimum=0, maximum=3, message=_STEPS),
    POLITICAL_TRACK,
), "a Nation's political status: at_war, active, passive, a number of steps, or {steps: N, active: ...}"),
    "political status per Nation (default: the setup position)", key=f"a {_NATION}")

# ---- battles ---------------------------------------------------------------------------------------
_HIT = "a hit number is 1 to 7 (a natural 6 always hits, WOTR-HIT-4), not {value!r}"
EFFECTS = Obj({
    "combat_roll": Int("added to each Combat roll die", minimum=-MAX_MODIFIER, maximum=MAX_MODIFIER),
    "reroll": Int("added to each Leader re-roll die", minimum=-MAX_MODIFIER, maximum=MAX_MODIFIER),
    "dice": Int("more (or fewer) Combat roll dice", minimum=-MAX_MODIFIER, maximum=MAX_MODIFIER),
    "leadership": Int("more (or less) Leadership", minimum=-MAX_MODIFIER, maximum=MAX_MODIFIER),
    "hit": Int("the hit number of the Combat roll", minimum=1, maximum=7, message=_HIT),
    "reroll_hit": Int("the hit number of the Leader re-roll", minimum=1, maximum=7, message=_HIT),
    "no_reroll": Bool("no Leader re-roll this round"),
}, "a Combat card's effect on one side's rolls")
CARD = Obj({
    "round": Int("the battle round the card is played in", minimum=1),
    "by": Str("who plays it", enum=("attacker", "defender")),
    "name": Str("the card's name (for the output)"),
    "initiative": Int("the card's initiative number (lower resolves first, WOTR-CARD-3)", minimum=0),
    "attacker": EFFECTS,
    "defender": EFFECTS,
}, "a Combat card played in a round", required=("round", "by"))
#: a named Combat card (data/cards.json) played by an Army: its name, or its name with the round and
#: the player's choices (read by :func:`.cards.battle.read_card`)
NAMED_CARD = Obj({
    "name": Name("Combat card", "the card's name or the title of its Event (WOTR-CARD-1)"),
    "round": Int("the battle round the card is played in (default 1)", minimum=1),
    "self_hits": Int("hits the player takes on his own Army for the card's effect (e.g. Relentless Assault)",
                     minimum=0),
    "forfeit": Int("Leadership forfeited for the card's effect (e.g. Dread and Despair)", minimum=1),
    "sacrifice": Str("the figure given up for the card's effect", enum=("leader", "companion", "none")),
}, "a Combat card with the player's choices", required=("name",))
_NAMED_ONE = AnyOf((Name("Combat card", "played in round 1"), NAMED_CARD),
                   "a Combat card: its name (round 1) or {name, round, self_hits, forfeit, sacrifice}")
NAMED_CARDS = AnyOf((Name("Combat card", "played in round 1"), NAMED_CARD,
                     List(_NAMED_ONE, "one card per round (WOTR-CARD-2)")),
                    "the Combat card(s) this Army's player plays: a name (round 1), a mapping with the round and "
                    "the choices, or a list of those (one per round, WOTR-CARD-2)")
HAND = List(Name("Combat card", "a card in the player's hand, of the Army's side (WOTR-EVT-1)"),
            "Combat cards the player holds: `optimize` chooses which to play (or none) in every round "
            "(round 1 only when positions can repeat or over its work budget)")
#: does/die of another Army the action activates (WOTR-ATK-4, WOTR-DICE-2)
ACTIVATION_DOES = ("attack", "move")
ACTIVATION_DIE = ("same", "own")


def _army(role: str) -> Obj:
    fields = {
        "region": Name("region", f"where the {role}'s Army is"),
        **FORCE_FIELDS,
        "side": Str(f"the Army's side, when its figures do not tell ({_SIDE})"),
        "rearguard": FORCE,
        "besieged": Bool("the Army is inside its Stronghold, under siege (WOTR-SITE-4)"),
        "replacements": Map(Int("Regulars available", minimum=0, message="must be a whole number, 0 or more, "
                                                                          "not {value!r}"),
                            "Regulars available to replace Elites, per Nation (WOTR-CAS-5)", key=f"a {_NATION}"),
        "retreat_to": List(Name("region", "a region the defender may retreat to (adjacent, WOTR-END-3)")),
        "player": Str("the player's name"),
        "card": NAMED_CARDS,
        "hand": HAND,
    }
    return Obj(fields, f"the {role}'s Army", required=("region",))


ATTACKER, DEFENDER = _army("attacker"), _army("defender")
ARMY = ATTACKER
BATTLE = Obj({
    "action": Str("the action die result used to attack (default army)", enum=ACTIONS),
    "card": Str("the Event card that allows the attack (with action: event)"),
    "kind": Str("field battle, siege or sortie (default: field between two regions)", enum=KINDS),
    "white_rider": Bool("Gandalf the White's White Rider ability is used (WOTR-STR-11)"),
    "cards": List(CARD, "Combat cards played, by round"),
    "fellowship_region": Name("region", "where the Fellowship is (for Combat cards that require it)"),
    "garrison": Obj({k: v for k, v in ATTACKER.fields.items() if k in ("units", "nazgul", "characters")},
                    "a relief battle's besieged Army, inside the Stronghold of the defender's region (it does not "
                    "fight, WOTR-SIEGE-7; cards count its units, WOTR-EVT-9)"),
    "also_activates": List(Obj({
        "army": Obj({k: v for k, v in ATTACKER.fields.items() if k not in ("card", "hand")},
                    "the other Army (of the attacker's side)", required=("region",)),
        "does": Str("what that Army does (default attack)", enum=ACTIVATION_DOES),
        "die": Str("same: on this action die (default); own: with a die of its own", enum=ACTIVATION_DIE),
    }, "another Army of the attacker's side the action activates", required=("army",)),
        "other Armies the action would activate (WOTR-ATK-4: one Army result attacks with one Army)"),
}, "how the battle is fought")
ACTIVATION = BATTLE.fields["also_activates"].item

#: the dice of one side in one round of ``replay`` (read by :func:`.battle.replay.read_rolls`)
_FACES = List(Int("a die face", minimum=1, maximum=6, message="a die face is 1 to 6, not {value!r}"))
ROLL_SIDE = Obj({
    "combat": _FACES,
    "reroll": _FACES,
    "card_attack": _FACES,
    "card_attack_after": _FACES,
}, "one side's dice in a round: the Combat roll, the Leader re-roll, a Combat card's own attack roll "
   "(before or after the Combat roll, WOTR-CARD-6)")
ROLL_ROUND = Obj({"attacker": ROLL_SIDE, "defender": ROLL_SIDE}, "the dice of one battle round")
ROLLS = List(ROLL_ROUND, "the dice of `replay`, round by round (also given with --rolls)")
CONTROL = Map(Str(_SIDE), "who controls a Settlement", key="a region name from the shipped data")

BATTLE_SCENARIO = Obj({
    "game": _GAME,
    "title": Str("a title for the output", nullable=True),
    "description": Anything("free text, kept with the scenario"),
    "control": CONTROL,
    "in_play": List(Name("Character", "a Character in play elsewhere on the board")),
    "table": List(Name("Event card", "a Persistent Event card on the table (WOTR-EVT-5, WOTR-EVT-10)")),
    "attacker": ATTACKER,
    "defender": DEFENDER,
    "politics": POLITICS,
    "battle": BATTLE,
    "rules": WotrFlags(GAME),
    "claims": claims_spec(),
    "rolls": ROLLS,
}, "A War of the Ring battle: the attacking and the defending Army, how the battle is fought, claims.",
    required=("game", "attacker", "defender"))

# ---- positions -------------------------------------------------------------------------------------
#: die results a player may use (WOTR-DICE-1)
DIE_RESULTS = ("army", "character", "muster", "army_muster", "event", "will_of_the_west", "eye")
REGION = Obj({
    **FORCE_FIELDS,
    "besieged": AnyOf((Bool(), Str(_SIDE)), "the side inside the Stronghold under siege (true: its controller)"),
}, "the figures in a region (they replace the setup's); empty: no figures", nullable=True)
REINFORCEMENTS = Map(Obj({
    "regulars": Int("Regular units", minimum=0, maximum=MAX_UNITS),
    "elites": Int("Elite units", minimum=0, maximum=MAX_UNITS),
    "leaders": Int("Leaders", minimum=0),
    "nazgul": Int("Nazgûl", minimum=0),
}, "one Nation's reinforcements"), "figures available to muster per Nation (default: the figure totals less "
   "the map)", key=f"a {_NATION}")
FELLOWSHIP = Obj({
    "region": Name("region", "where the Fellowship is (default Rivendell)"),
    "companions": List(Name("Character", "a Companion in the Fellowship")),
    "progress": Int("the Fellowship's step on the Fellowship Track (0 at the start; unknown if not given)",
                    minimum=0, maximum=12),
    "revealed": Bool("the Fellowship is revealed (unknown if not given)"),
}, "the Fellowship (default: the starting Companions not on the map, in Rivendell)")
POSITION = Obj({
    "setup": Bool("start from the setup Armies (default false)"),
    "control": CONTROL,
    "regions": Map(REGION, "regions whose figures replace the setup's", key="a region name from the shipped data",
                   nullable=True),
    "fellowship": AnyOf((Name("region", "the Fellowship's region"), FELLOWSHIP), "the Fellowship"),
    "reinforcements": REINFORCEMENTS,
}, "the board")
MOVE_CARD = Obj({
    "moves": Int("how many regions the Army moves (a shipped card: its printed number, the default)", minimum=1,
                 maximum=4, message="an Event card moves an Army at most a few regions; give 1 to 4"),
    "name": Str("the card's name: a shipped Event card's title (its printed movement, icon and play requirement) "
                "or a card the file describes"),
    "armies": Int("how many Armies it moves (only 1 is modelled)", minimum=1),
    "type": Str("the card's icon", enum=("army", "character", "muster")),
    "custom": Bool("a card the file describes, under a title of its own (required when the title is close to a "
                   "shipped Event card's, which is otherwise refused as a misspelling)"),
}, "an Event card that moves one Army up to N regions (WOTR-MOVE-10)", required=("name",))
ACTION = Obj({
    "side": Str(f"whose action it is: {_SIDE}"),
    "die": Str("the action die result", enum=DIE_RESULTS),
    "card": MOVE_CARD,
    "mouth_muster_used": Bool("the Mouth of Sauron's Muster-as-Army already used this turn"),
    "elven_ring_used": Bool("an Elven Ring already used by this player this turn (WOTR-DICE-7)"),
    "elven_rings": Int("Elven Rings this player holds (the game has three; WOTR-DICE-7)", minimum=0, maximum=3,
                       message="must be a whole number from 0 to 3 (the game has three Elven Rings), not {value!r}"),
}, "the action die result to judge", required=("side", "die"))
HAND_CARD = Obj({
    "name": Str("the card's name"),
    "type": Str("character, army or muster (the icon of a Character or Strategy card), or strategy; required for a "
                "card the file describes, a shipped card's printed icon by default",
                enum=("character", "army", "muster", "strategy")),
    "attack": Bool("an \"Attack...\" card (WOTR-ATK-9)"),
    "persistent": Bool("the card stays in play (WOTR-EVT-5)"),
    "musters": Bool("the card brings units or Leaders into play (WOTR-EVT-6; a shipped card: as its Event prints, "
                    "the default)"),
    "custom": Bool("a card the file describes, under a title of its own (required when the title is close to a "
                   "shipped Event card's, which is otherwise refused as a misspelling)"),
}, "an Event card the file describes, or a shipped card by its title", required=("name",),
    message="a card is a shipped Event card's title, or {{name: ..., type: character|army|muster|strategy}}")
HAND_ENTRY = AnyOf((Str("a shipped Event card's title (cards.json: its deck, icon and play requirement, WOTR-EVT-8)"),
                    HAND_CARD), "an Event card in the acting player's hand")
PLAYED_CARD = Obj({
    "name": Str("the card's name"),
    "custom": Bool("a card of the file's own, under a title of its own (required when the title is close to a "
                   "shipped Event card's, which is otherwise refused as a misspelling)"),
}, "a card of the file's own already played or discarded", required=("name",),
    message="a card played is a shipped Event card's title, or {{name: ..., custom: true}}")
PLAYED_ENTRY = AnyOf((Str("a shipped Event card's title, or a card of the file's own under a title no shipped card's "
                          "is close to"), PLAYED_CARD), "an Event card already played or discarded (WOTR-EVT-3)")
_DECK = "each Event deck has 24 cards (RB p.4)"
DECKS = Obj({
    "character": Int("cards left in the Character Event deck", minimum=0, maximum=24, message=_DECK),
    "strategy": Int("cards left in the Strategy Event deck", minimum=0, maximum=24, message=_DECK),
}, "cards left in the acting player's two Event decks")

POSITION_SCENARIO = Obj({
    "game": _GAME,
    "title": Str("a title for the output", nullable=True),
    "description": Anything("free text, kept with the scenario"),
    "politics": POLITICS,
    "position": AnyOf((Words("the setup position", ("setup",),
                             message="must be `setup` or a mapping, not {value!r}"), POSITION), "the board"),
    "action": ACTION,
    "hand": List(HAND_ENTRY, "the acting player's hand (WOTR-EVT)"),
    "played": List(PLAYED_ENTRY, "the Event cards already played or discarded (WOTR-EVT-3)"),
    "decks": DECKS,
    "rules": WotrFlags(GAME),
    "claims": claims_spec(),
}, "A War of the Ring position: the board, an action die result to judge, the acting player's cards, claims.",
    required=("game", "position", "action"))

SCENARIO = ByKeys(("position", "action"), POSITION_SCENARIO, BATTLE_SCENARIO,
                  "A War of the Ring scenario: a battle (attacker, defender, battle) or a position (position, "
                  "action) -- a file with `position:` or `action:` is a position.")


def full_spec() -> ByKeys:
    """:data:`SCENARIO` with the ``claims:`` of battles and of positions closed by their claim books
    (kinds and their fields): what the JSON Schema describes. The readers check with the open
    specs and leave the claims' own fields to the claim reader (read by ``verify``)."""
    return ByKeys(SCENARIO.when, with_claim_book(POSITION_SCENARIO, registered_claim_book(GAME, "position")),
                  with_claim_book(BATTLE_SCENARIO, registered_claim_book(GAME, "battle")), SCENARIO.description)


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of a WotR scenario file (a battle or a position)."""
    return game_schema(GAME, full_spec(), "pycombat War of the Ring scenario")
