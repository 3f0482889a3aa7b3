"""The MECCG scenario document (``game: meccg``), declared once: the reader (:mod:`.schema`) checks
files with it and ``pycombat schema meccg`` prints it as JSON Schema.

>>> s = json_schema()
>>> s["properties"]["attacker"]["properties"]["alignment"]["enum"]
['hero', 'minion', 'balrog', 'fallen-wizard']
>>> "prowess" in MEMBER.keys and "strikes" in COMBAT.keys
True
"""
from __future__ import annotations

from ...schemaspec import (
    AnyOf,
    Anything,
    Bool,
    Const,
    Flags,
    Int,
    List,
    Name,
    Obj,
    Str,
    claims_spec,
    game_schema,
    registered_claim_book,
    with_claim_book,
)
from .model import ALIGNMENTS, FW_STATUSES, STATUSES
from .sites import SITE_KINDS

GAME = "meccg"
#: When a company's player may declare the attack (MECCG-INIT-1: only the first is legal).
DECLARATION_MOMENTS = ("end_of_site_phase", "during_site_phase", "organization_phase", "long_event_phase",
                       "movement_hazard_phase", "end_of_turn")
CARD_TYPES = ("character", "ally", "avatar", "agent")
#: a Ringwraith's mode (MECCG-FX-6; the same tuple as cardfx.MODES, which a test checks)
MODES = ("normal", "fell-rider", "heralded-lord", "black-rider")

#: limits of a MECCG scenario: a stat (prowess, body, marshalling and stage points) and the
#: members a company may have (the work of `optimize`/`tree` is bounded by --max-nodes besides)
MAX_STAT = 99
MAX_MEMBERS = 30

ROLL = Int("a 2d6 roll total", minimum=2, maximum=12,
           message="a 2d6 roll is a whole number from 2 to 12, not {value!r}")
ROLLS = Obj({
    "attacker": AnyOf((ROLL, List(ROLL, nullable=False)), "the attacker's roll (a list when it rolls again)",
                      message="a 2d6 roll is a whole number from 2 to 12, not {value!r}"),
    "defender": AnyOf((ROLL, List(ROLL, nullable=False)), "the defender's roll (a list when it rolls again)",
                      message="a 2d6 roll is a whole number from 2 to 12, not {value!r}"),
    "body": ROLL,
    "cards": AnyOf((ROLL, List(ROLL, nullable=False)), "the rolls of cards played in this strike that act only on a "
                   "roll (MECCG-FX-16), in the order they were played",
                   message="a 2d6 roll is a whole number from 2 to 12, not {value!r}"),
    "payer_body": AnyOf((ROLL, List(ROLL, nullable=False)), "the body check of each member who paid a card's cost "
                        "(No Waiting to Wonder's Hobbit, MECCG-FX-24): a list when two copies' payers check, in "
                        "the order the cards were played",
                        message="a 2d6 roll is a whole number from 2 to 12, not {value!r}"),
}, "the dice of this strike for `replay` (2d6 totals; `payer_body`: the body check of the member who paid a "
   "card's cost, No Waiting to Wonder's Hobbit, MECCG-FX-24)")

#: a card played with the character who makes the corruption check it costs, where the card leaves him to its
#: player (its caster: Our Own Wolves, The Tormented Earth; MECCG-FX-25/30/31)
MADE_BY = Obj({"card": Name("card", "the card"),
               "member": Str("the character of the playing company who makes the corruption check it costs "
                             "(a member's name or label)")},
              "a card with the maker of the corruption check it costs", required=("card", "member"))

STRIKE = Obj({
    "defender": Str("the defending character facing the strike (a member's name or label)"),
    "attacker": Str("the attacking member making the strike (a member's name or label)"),
    "attacker_cards": List(Name("card", "a card the attacker plays on this strike (effects data)")),
    "defender_cards": List(AnyOf((Name("card", "a card the defender plays on this strike (effects data)"), MADE_BY),
                                 "a card the defender plays on this strike, or one with the maker of its check")),
    "excess": List(Str("an attacking member whose strike is excess, giving -1 prowess (MECCG-ASSIGN-5)")),
    "support": List(Str("a defending member who taps to support (+1 prowess, MECCG-SEQ-6)")),
    "untaps": List(Str("a member a card played on this strike untaps besides the character it is played for, "
                       "where its player chooses whom (Waybread's one other character, MECCG-FX-1)")),
    "payers": List(Str("a member who taps to pay the cost of a card played on this strike (No Waiting to "
                       "Wonder: an untapped Hobbit other than the character it is played for), chosen by its "
                       "player; default the first who can, in company order (MECCG-FX-24)")),
    "discards": Str("the item a card played on this strike discards, borne by the character facing its player's "
                    "(Scourge of Fire), chosen by that player; default his only item (MECCG-FX-26)"),
    "attacker_weapon": Str("the weapon the attacker uses (a weapon that member carries; default: the best, MECCG-FX-3)"),
    "defender_weapon": Str("the weapon the defender uses (a weapon that member carries; default: the best, MECCG-FX-3)"),
    "rolls": ROLLS,
    "attacker_untapped": Bool("the attacker chooses not to tap (-3 prowess, MECCG-SEQ-4)"),
    "defender_untapped": Bool("the defender chooses not to tap (-3 prowess, MECCG-SEQ-5)"),
}, "one strike: who faces whom, the cards played and the dice", required=("defender", "attacker"))

COMBAT = Obj({
    "strikes": List(STRIKE, "the complete strike assignment, in the defender's strike order"),
    "before_assignment": List(AnyOf((Name("card", "a card the defender plays before strikes are assigned: one that "
                                                  "cancels the attack (MECCG-PRE-1; on a roll, MECCG-FX-16) or changes "
                                                  "it as a whole (MECCG-PRE-5)"), MADE_BY),
                                    "a card played before strikes are assigned, or one with the maker of its check"),
                              "cards played before strikes are assigned (a change to the attack needs "
                              "pre_assignment_attack_effects=allowed)"),
    "cost_item": Str("the item the cost of a card played before strikes are assigned discards (Token of Goodwill: "
                     "\"discard a minor item\"), borne by a member of the playing company, chosen by its player; "
                     "default the only one of that class (MECCG-FX-27)"),
    "cancel_roll": Int("the 2d6 total rolled for a cancel played before strikes are assigned that works on a roll "
                       "(MECCG-FX-16), or for the corruption check a cancel with no roll costs (MECCG-FX-30), for "
                       "`replay`; refused where no such card is played", minimum=2, maximum=12),
    "check_roll": Int("the 2d6 total rolled for the corruption check a card played before strikes are assigned "
                      "costs in an attack that goes on (Wizard's Flame; MECCG-FX-31), for `replay`",
                      minimum=2, maximum=12),
    "after_attack": List(Obj({"ally": Str("the ally that makes the strike after the attack"),
                              "roll": Int("the 2d6 total its controller rolls against it", minimum=2, maximum=12),
                              "body": Int("the 2d6 total of the body check against him when he loses it",
                                          minimum=2, maximum=12)},
                             "one strike after the attack's strikes", required=("ally", "roll")),
                         "the dice of the strikes after the attack's strikes that a card played in it costs (Our "
                         "Own Wolves; MECCG-FX-32), for `replay`"),
    "wound_rolls": List(Obj({"member": Str("the member who rolls"),
                             "roll": Int("his 2d6 total", minimum=2, maximum=12)},
                            "one member's wound roll", required=("member", "roll")),
                        "the dice of the wound rolls a card played before strikes are assigned makes (Crowned "
                        "with Storm; MECCG-FX-31), for `replay`"),
    "after_check": Obj({"strikes": List(STRIKE, "the complete strike assignment of the company without the check's "
                                                "maker, in the defender's strike order")},
                       "the assignment made after that check fails (MECCG-FX-31); default: the one above without "
                       "the maker's strike, where the three phases allow it", required=("strikes",)),
}, "a given combat for `replay` and `verify`", required=("strikes",))

MEMBER_FIELDS = {
    "name": Name("character or ally", "the card (or, with custom: true, the member's own name)"),
    "custom": Bool("a member not in the card database: give its stats (prowess, body, ...) here"),
    "type": Str("the card type of a custom member", enum=CARD_TYPES),
    "race": Str("race (overrides the card's)"),
    "skills": List(Str("a skill"), "skills (override the card's)"),
    "prowess": Int("prowess (overrides the card's)", minimum=0, maximum=MAX_STAT),
    "body": Int("body (overrides the card's)", minimum=0, maximum=MAX_STAT),
    "mp": Int("marshalling points (override the card's)", minimum=-MAX_STAT, maximum=MAX_STAT),
    "mind": Int("mind (overrides the card's; Crowned with Storm's wound rolls read it, MECCG-FX-31)", minimum=0,
                maximum=MAX_STAT),
    "keywords": List(Str("a keyword"), "keywords (override the card's)"),
    "may_not_be_attacked": Bool("the member may not be attacked (overrides the card)"),
    "may_not_face_strikes_at_site": Bool("the member may not face strikes at this site (overrides the card)"),
    "makes_company_overt": Bool("the member makes a covert company overt (overrides the card)"),
    "discard_on_body_check": List(Int("a body check roll", minimum=2, maximum=12), "body check rolls on which the member is discarded"),
    "avatar": Bool("the member is an avatar (overrides the card)"),
    "assignable_as_untapped": Bool("the member may be assigned strikes as if untapped (overrides the card, "
                                   "MECCG-FX-18)"),
    "struck_before_controller": Bool("the ally must be assigned a strike before the member it is an ally of "
                                     "(overrides the card, MECCG-FX-18)"),
    "status": Str("the member's state", enum=STATUSES),
    "mode": Str("a Ringwraith's mode: Fell Rider, Heralded Lord or Black Rider (MECCG-FX-6)", enum=MODES),
    "items": List(Name("item", "an item the member carries")),
    "ally_of": Str("the member an ally is with (a member of this company)"),
    "follower_of": Str("the member whose direct influence controls this character (a member of this company): "
                       "his unused direct influence is less this follower's mind (MECCG-FX-16)"),
    "label": Str("a unique name for this member in the output and claims (for two copies of a card that is not "
                 "unique: a unique one is in play once at most, MECCG-FX-33)"),
    "restored": List(Name("item", "an item he carries that Reforging restored (Ringil, Belegennon): its restored "
                          "form acts (MECCG-FX-3)")),
    "corruption_points": Int("the character's corruption points, every card on him counted (default: those of the "
                             "items he carries); a corruption check a card calls for is rolled against them "
                             "(MECCG-FX-22)", minimum=0, maximum=MAX_STAT),
}
MEMBER_OBJ = Obj(MEMBER_FIELDS, "a member with its status, items and overrides", required=("name",))
MEMBER = MEMBER_OBJ
#: card fields a member may override inline
OVERRIDABLE = ("race", "skills", "prowess", "body", "mp", "mind", "keywords", "may_not_be_attacked",
               "may_not_face_strikes_at_site", "makes_company_overt", "discard_on_body_check", "avatar",
               "assignable_as_untapped", "struck_before_controller")

#: a card in play placed on one member (Gloom, Freeze the Flesh, To Fealty Sworn ...)
PLACED = Obj({"card": Name("card", "the card"),
              "member": Str("the member it is placed on (a member's name or label)"),
              "item": Name("item", "the item of that member it is placed with (Map to Mithril, Barrow-blade: "
                                   "a weapon he carries)")},
             "a card in play placed on a member", required=("card", "member"))
IN_PLAY_CARD = AnyOf((Name("card", "a card in play on this player's side"), PLACED),
                     "a card in play, or one placed on a member")

COMPANY = Obj({
    "alignment": Str("the player's alignment", enum=ALIGNMENTS),
    "player": Str("the player's name (default: attacker / defender)"),
    "status": Str("a Fallen-wizard company's declared status", enum=FW_STATUSES),
    "site": Str("the site where the combat happens (a site card's name gives its kind, region and whether it is "
                "an Under-deeps site)"),
    "site_kind": Str("the site's kind, when `site` is no site card's name or to override it", enum=SITE_KINDS),
    "site_region": Str("the site's region, when `site` is no site card's name or to override it"),
    "under_deeps": Bool("the site is an Under-deeps site (when `site` is no site card's name or to override it)"),
    "stage_points": Int("a Fallen-wizard player's stage points (MECCG-ALIGN-8)", minimum=0, maximum=MAX_STAT),
    "entered_site": Bool("the company entered the site this turn (default true)"),
    "declared_at": Str("when the attack is declared (MECCG-INIT-1: only end_of_site_phase is legal)",
                       enum=DECLARATION_MOMENTS),
    "influence_attempt_this_turn": Bool("the company made an influence attempt this turn"),
    "attacked_this_turn": Bool("the company already attacked this turn"),
    "in_play": List(IN_PLAY_CARD, "cards in play on this player's side (a unique card once at most, MECCG-FX-33)"),
    "avatar_in_play": Str("this player's avatar in play (his Wizard, Ringwraith, Balrog or Fallen-wizard), by card name, "
                          "wherever it is: in this company or in another of his companies; `none` when he has none in "
                          "play. Cards that hang on it read it (\"your Ringwraith is in play\": Above the Abyss; "
                          "\"Hoarmûrath the Ringwraith is your Ringwraith\": Hoarmûrath Unleashed). Default: the "
                          "company's avatar member; none in it, not known, and those cards' condition is named as not "
                          "stated (MECCG-FX-10)"),
    "hand": List(AnyOf((Str("a card in hand whose strike effect pycombat knows (effects data), for `optimize`",
                            message="a card name (a string)"), MADE_BY),
                       "a card in hand, or one with the maker of its check")),
    "members": List(AnyOf((Name("character or ally", "the member's card"), MEMBER_OBJ), "a company member"),
                    "the company's characters and allies", min_items=1, max_items=MAX_MEMBERS,
                    few_message="a company needs at least one member"),
}, "a company", required=("alignment", "site", "members"))

SCENARIO = Obj({
    "game": Const(GAME, "the game of this file", message="this reader is for `game: meccg`, not {value!r}"),
    "title": Str("a title for the output", nullable=True),
    "description": Anything("free text, kept with the scenario"),
    "attacker": COMPANY,
    "defender": COMPANY,
    "in_play": List(AnyOf((Name("card", "a card in play for both sides (e.g. a long event)"), PLACED),
                          "a card in play for both sides, or one placed on a member"),
                    "cards in play for both sides"),
    "rules": Flags(GAME),
    "combat": COMBAT,
    "claims": claims_spec(),
}, "A Middle-earth CCG combat: two companies, the cards in play, optionally a given combat and claims.",
    required=("game", "attacker", "defender"))


def full_spec() -> Obj:
    """:data:`SCENARIO` with its ``claims:`` closed by the game's claim book (kinds and their fields):
    what the JSON Schema describes. The reader checks with :data:`SCENARIO` and leaves the claims'
    own fields to the claim reader (claims are read by ``verify``, after the scenario is built)."""
    return with_claim_book(SCENARIO, registered_claim_book(GAME))


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of a MECCG scenario file."""
    return game_schema(GAME, full_spec(), "pycombat MECCG scenario")
