"""MECCG card effects as data, and the one interpreter that applies them (MECCG-FX).

Every card, item and character/ally ability becomes a :class:`CardModel`: a list of effect
records (:class:`Fx`: what it modifies, by how much, under which conditions), the moment it
acts (``play``: strike / before_assignment / in_play / mode / state / cancel / ability), and the
parts the model does not interpret (``unmodelled``). The records come from
``data/card_effects.yaml`` (events and special abilities) and, read the same way for every card,
from ``items.json`` (prowess/body bonuses, maxima, conditional variants) and ``characters.json``
(race bonuses "+N against Orcs", Fell Rider modifiers, "opponent's body halved").

There is no per-card code here: :func:`holds` evaluates a record's conditions and
:func:`side_values` turns the records that hold into prowess/body modifications with rule ids.
The strike model (:mod:`..combat.strikes`), odds, replay, verify and optimize's ``hand:`` all read cards
through this module.

>>> m = card_model("Swift Strokes")
>>> m.play, m.requires, [(f.what, f.amount) for f in m.fx]
('strike', {'skill': 'Warrior'}, [('prowess', 1), ('rolls', 2)])
>>> [(f.what, f.amount, f.cond) for f in card_model("Gimli").fx]
[('prowess', 2, {'opponent_race': ['Orc']})]
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any, Iterable, Mapping

import yaml

from pycombat.errors import ScenarioError
from pycombat.names import normalize
from .database import CharacterCard, CombatCard, ItemCard, load_carddb

PLAYS = ("strike", "before_assignment", "in_play", "mode", "state", "cancel", "ability")
WHATS = ("prowess", "body", "rolls", "cancel_strike", "ineffectual", "untap", "heal", "no_opponent_weapon", "no_tap",
         "body_check_roll", "no_discard", "no_wound", "opponent_discarded_if_survives", "opponent_off_to_side",
         "untap_others", "weapon_prowess",
         "opponent_prowess", "opponent_body", "opponent_body_check_roll", "halve_opponent_body", "untap_penalty",
         "discard_opponent_item", "corruption_check")
COND_KEYS = ("skill", "race", "not_race", "bearer", "not_bearer", "keyword", "company_has", "company_size_min",
             "company_size_max", "struck",
             "own_alignment", "opponent_alignment", "status", "not_self", "opponent_race", "not_opponent_race",
             "doors_of_night", "gates_of_morning", "taps", "mode", "site_kind", "site_region", "under_deeps", "own_skill",
             "attackers_race", "own_or_controller", "itself", "carries", "controller", "source_assigned",
             "any_of", "defending", "opponent_overt", "restored", "untapped_member", "opponent_bears_item",
             "avatar_in_play")
#: conditions on the company's site (:mod:`..sites`): unknown when the site is no site card and the
#: company does not state it; a card hanging on them is then named as not modelled (coverage.py)
SITE_KEYS = ("site_kind", "site_region", "under_deeps")
#: a condition on the card's player's avatar in play, wherever it is ("your Ringwraith is in play": a race;
#: "Hoarmûrath the Ringwraith is your Ringwraith": a card name): read on the company's ``avatar_in_play``
#: (its avatar member, or the file's ``avatar_in_play:``); not known, it holds here and is named as not stated
#: (coverage.py, MECCG-FX-10), so no verdict rests on it
AVATAR_KEYS = ("avatar_in_play",)
ENTRY_KEYS = ("name", "play", "rule", "source", "discard", "side", "lasts", "requires", "fx", "unmodelled", "flag",
              "payer_body_check",
              "mode", "whole_company", "roll", "placed_on", "grants_skill", "carrier", "no_cvcc", "carrier_requires",
              "source_taps", "company_fx", "placed_with", "turn_fx", "cost_check", "keeps_attack",
              "after_attack_strike", "wound_rolls", "targets", "no_duplicate", "pays_item",
              "company_excludes")
#: whom a card lasting the attack (``lasts: attack``) acts on after its strike: every member of its company who
#: meets its requirements (``company``, the default: Kindling of the Spirit, Driven as by a Madness), or only the
#: character it was played for (``character``: Some Secret Art of Flame, "the sorcery-using character facing
#: the attack"; Wizard's Fire, "the Wizard"), who faces no other strike (MECCG-FX-8)
TARGETS = ("company", "character")
#: a card that "cannot be duplicated against a given attack" (``no_duplicate: attack``) or "on a given turn"
#: (``turn``: Scourge of Fire; company vs. company combat is made in one turn, so it is the same limit within the
#: attack): its player plays it once in the attack (the play check, MECCG-FX-8)
NO_DUPLICATE = ("attack", "turn")
#: what a card placed with an item allows (``placed_with``): the item's slot, ``unique: false``, or its names
PLACED_WITH_KEYS = ("slot", "unique", "names")
#: how long a played card acts: its strike, the rest of the attack, or the turn (an item discarded
#: earlier in the turn, listed in its company's ``in_play:``, acts from the start of the attack)
LASTS = ("strike", "attack", "turn")
#: what an unmodelled part can change (card_effects.yaml ``touches``; coverage.DEPENDS reads it)
TOUCHES = ("prowess", "body", "body_check", "status", "strike_cancel", "attack_cancel", "assignment", "after")
#: what alone an unmodelled part can act on (card_effects.yaml ``acts_on``): the allies of the company facing the
#: card's company; with none there, the part does nothing (coverage.unmodelled leaves it out)
ACTS_ON = ("opposing_allies",)
#: who may carry an item used as a card: the character it is used for, or any member of its company
CARRIERS = ("bearer", "company")
#: the word of an item's data for its form restored by Reforging (Ringil, Belegennon)
RESTORED = "restored"
ROLL_KEYS = ("greater_than", "adds", "roller", "corruption_check")
#: a corruption check a strike card (MECCG-FX-25), a cancel (MECCG-FX-30) or another card played before strikes are
#: assigned (MECCG-FX-31, ``only_if``: the flag readings under which it is played at all) costs (``cost_check``): its modifier, who makes it (``by``: a
#: race, the character the card is played for if he is of it, else the first of his company who is), and the
#: races that make none (``unless_race``: "unless a Ringwraith"), and its modifier at a kind of site
#: (``at_site: {haven: -1}``: Nenya), or that its maker is the character its player names (``stated: true``: the
#: caster of Our Own Wolves, ``{card: X, member: Y}`` where it is played; none named, the check is not modelled)
#: A cancel on a roll may cost one too, made by the member who rolls (``roller: true``: Token of Goodwill's diplomat)
COST_CHECK_KEYS = ("corruption_check", "by", "unless_race", "at_site", "only_if", "stated", "roller")
#: an attacker's card that keeps his company's attack from being cancelled (``keeps_attack``, MECCG-FX-29):
#: what must hold of the attacking company (``requires``) and how the defender's cancel fails (``how``:
#: ``uncancellable``, the attack cannot be cancelled; ``cancels_cancel``, the cancel's effect is cancelled)
KEEPS_ATTACK_KEYS = ("requires", "how")
#: a strike after the attack's strikes that a strike card costs (``after_attack_strike``, MECCG-FX-8): each ally
#: of the playing company named in ``from`` faces its controller with one strike at its prowess + ``prowess_plus``
AFTER_ATTACK_STRIKE_KEYS = ("from", "prowess_plus")
KEEPS_ATTACK_HOWS = ("uncancellable", "cancels_cancel")
#: a card played before strikes are assigned that has members at the site roll to be wounded (``wound_rolls``,
#: MECCG-FX-31, Crowned with Storm): each character whose mind is below ``mind_below`` and each ally worth fewer
#: MPs than ``ally_mp_below`` rolls 2d6 and is wounded (eliminated if already wounded) when the roll less
#: ``minus`` is above his body; bodiless allies are discarded (``discard_bodiless``), every ally and character
#: with a mind left untapped taps (``taps``); the other company must meet ``against``; which companies it
#: reaches is the card flag ``reach_flag``
WOUND_ROLLS_KEYS = ("mind_below", "ally_mp_below", "minus", "discard_bodiless", "taps", "against", "reach_flag")
#: Ringwraith modes a member may be in (``mode:``), and the card that puts it there.
MODES = ("normal", "fell-rider", "heralded-lord", "black-rider")
#: the flag deciding what "a strike against X" covers (card_flags.md, MECCG-FX-12)
AGAINST_FLAG = "strike_against"
#: the flag deciding whether a character who loses his strike unwounded (``no_wound``) taps (card_flags.md)
UNWOUNDED_TAPS_FLAG = "unwounded_loser_taps"
#: the readings of a card flag on a weapon bonus (``weapon_prowess`` with ``flag:``): the weapon's
#: maximum stays and caps the raised bonus (MECCG-FX-2), or rises with it
WEAPON_MAX_READINGS = ("kept", "raised")
#: Rule ids of the interpreter (pycombat/games/meccg/card_rules.md).
WEAPON_RULE = "MECCG-FX-2"
ITEM_RULE = "MECCG-FX-3"
RACE_RULE = "MECCG-FX-4"
HALVE_RULE = "MECCG-FX-5"
MODE_RULE = "MECCG-FX-6"
NO_CVCC_RULE = "MECCG-FX-10"
ITEM_ABILITY_RULE = "MECCG-FX-17"
WEAPON_CARD_RULE = "MECCG-FX-21"
#: Item slots: a character uses at most one item of each (CoE 2.iv "a character may use only one
#: weapon, one armor, one shield and one helmet"); other items all apply.
SLOTS = ("Weapon", "Armor", "Shield", "Helmet")
#: an item's combat tag giving its bearer a skill (the Magic Rings of Courage, Nature, Stealth ...)
GRANT_TAG = "grants-skill="


@dataclass(frozen=True)
class Fx:
    """One effect record: ``what`` is modified by ``amount`` when ``cond`` holds."""

    what: str
    amount: int = 0
    cond: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)
    maximum: int | None = None  #: items: the maximum printed with a bonus
    rule: str | None = None  #: the record's own rule, when it differs from its card's
    carried: bool = False  #: an item's record that acts while the item is carried (not when it is used)
    #: ``weapon_prowess``: the card flag deciding whether the weapon's maximum rises with the bonus
    #: (:data:`WEAPON_MAX_READINGS`); None: it stays (MECCG-FX-2)
    flag: str | None = None

    def as_json(self) -> dict:
        out: dict[str, Any] = {"what": self.what, "amount": self.amount}
        if self.rule:
            out["rule"] = self.rule
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.cond:
            out["if"] = dict(self.cond)
        if self.flag:
            out["flag"] = self.flag
        return out


@dataclass(frozen=True)
class ItemVariant:
    """An item's prowess or body bonus: the base one (no condition) or a conditional variant."""

    stat: str  #: prowess | body
    bonus: int
    maximum: int | None
    cond: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)
    label: str = ""
    #: the maximum as a multiple of the bearer's printed value of ``stat`` (The One Ring: prowess at most
    #: double the bearer's starting prowess); :func:`item_variant` turns it into ``maximum`` for the bearer
    times_printed: int | None = None


@dataclass(frozen=True)
class CardModel:
    """What the interpreter knows about one card (see the module docstring)."""

    id: str
    name: str
    kind: str  #: event | item | character
    play: str
    rule: str
    source: str = "hand"
    discard: bool = False
    side: str | None = None
    lasts: str = "strike"
    #: a member's abilities acting on the other members of its company that meet their conditions, while it is
    #: in play (Creature of an Older World: +2 prowess to your Ringwraith)
    company_fx: tuple[Fx, ...] = ()
    #: a member's ability used earlier in the turn on a company, acting on its every member for the rest of
    #: the turn: that company's ``in_play:`` names the member's card (Dwar the Ringwraith: +1 prowess, +1 body)
    turn_fx: tuple[Fx, ...] = ()
    source_taps: str = "first"  #: an ally's or member's ability: it taps to be used (so must be untapped),
    #: or "after": it taps afterwards if untapped and may be used tapped (Radagast's Black Bird)
    carrier: str = "bearer"  #: an item used as a card: carried by the character it is for, or by any member
    carrier_requires: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)  #: on the
    #: member who carries and uses such an item (Athelas: a Dúnadan), with ``carrier: company``
    requires: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)
    fx: tuple[Fx, ...] = ()
    unmodelled: tuple[Mapping[str, str], ...] = field(default=(), hash=False, compare=False)
    flag: str | None = None
    mode: str | None = None
    whole_company: bool = False
    no_effect: str | None = None  #: why the card has no effect in CvCC (modelled as nothing)
    variants: tuple[ItemVariant, ...] = ()  #: items: prowess/body bonus variants
    slot: str | None = None  #: items: Weapon, Armor, Shield, Helmet or None
    outside: tuple[Mapping[str, str], ...] = field(default=(), hash=False, compare=False)  #: costs and
    #: consequences outside the combat (corruption checks, MP piles): shown, never applied, no verdict hangs on them
    placed_on: bool = False  #: in play on one member it names (``{card, member}``), acting on that member only
    payer_body_check: bool = False  #: the member who paid its cost makes a body check when its character loses (MECCG-FX-24)
    grants_skill: str | None = None  #: the skill a placed card gives its member (To Fealty Sworn)
    #: placed with one item its member carries (``{card, member, item}``), of this kind: ``slot``,
    #: ``unique: false``, ``names`` (Map to Mithril: a non-unique Weapon); its weapon_prowess acts on that item
    placed_with: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)
    roll: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)  #: a cancel on a roll
    #: a strike after the attack's strikes the card costs (MECCG-FX-8): ``{from: [ally names], prowess_plus: N}``
    after_attack_strike: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)
    #: a corruption check the card costs (MECCG-FX-25): its effect stands whatever the check does
    cost_check: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)
    #: (MECCG-FX-16, :mod:`.rolls`): what 2d6 must beat and what is added
    no_cvcc: tuple[Mapping[str, str], ...] = field(default=(), hash=False, compare=False)  #: parts (an
    #: item's abilities) that act only where company vs. company combat never is: modelled as nothing
    #: the attacker's use of the card against the defender's cancel of the attack (MECCG-FX-29):
    #: ``{requires: {...}, how: uncancellable | cancels_cancel}``, listed in the attacking company's ``in_play:``
    keeps_attack: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)
    #: members at the site roll to be wounded before strikes are assigned (MECCG-FX-31): :data:`WOUND_ROLLS_KEYS`
    wound_rolls: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)
    #: whom a card lasting the attack acts on after its strike (:data:`TARGETS`)
    targets: str = "company"
    #: "cannot be duplicated against a given attack" (:data:`NO_DUPLICATE`), or None
    no_duplicate: str | None = None
    #: items of the character a strike card is played for that its cost puts out of play when it is played
    #: (Staff Asunder: "Wizard's Staff goes to the MP pile"): gone before the roll, with their bonuses and
    #: corruption points (MECCG-FX-15); its ``requires: {carries: ...}`` makes him carry them
    pays_item: tuple[str, ...] = ()
    #: a mode card: the kinds of member (card types) its company never holds ("discard all allies; none may join")
    company_excludes: tuple[str, ...] = ()

    @property
    def lasts_for_company(self) -> bool:
        """The card acts, after the strike it is played in, on the later strikes of its company's members
        (it lasts the attack or the turn, and acts on the company, MECCG-FX-8)."""
        return self.lasts in ("attack", "turn") and self.targets == "company"

    # compatibility with the strike model's card records ------------------------------------
    @property
    def needs_skill(self) -> str | None:
        return self.requires.get("skill")

    @property
    def needs_race(self) -> str | None:
        races = self.requires.get("race")
        return races[0] if races else None

    @property
    def bearer(self) -> str | None:
        return self.requires.get("bearer")

    def total(self, what: str) -> int:
        return sum(f.amount for f in self.fx if f.what == what and not f.cond)

    @property
    def prowess(self) -> int:
        return self.total("prowess")

    @property
    def body(self) -> int:
        return self.total("body")

    @property
    def rolls(self) -> int:
        return max([f.amount for f in self.fx if f.what == "rolls"] + [1])

    @property
    def cancel_strike(self) -> bool:
        return any(f.what == "cancel_strike" for f in self.fx)

    @property
    def ineffectual(self) -> bool:
        """The card makes the strike ineffectual: no roll, a tie (MECCG-SEQ-10)."""
        return any(f.what == "ineffectual" for f in self.fx)

    @property
    def untap(self) -> bool:
        return any(f.what == "untap" for f in self.fx)

    @property
    def modelled(self) -> bool:
        """True if nothing of the card is left uninterpreted."""
        return not self.unmodelled

    def as_json(self) -> dict:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "kind": self.kind, "play": self.play,
                               "rule": self.rule, "effects": [f.as_json() for f in self.fx]}
        if self.requires:
            out["requires"] = dict(self.requires)
        if self.source != "hand":
            out["source"] = self.source
        if self.side:
            out["side"] = self.side
        if self.lasts != "strike":
            out["lasts"] = self.lasts
        if self.targets != "company":
            out["targets"] = self.targets
        if self.no_duplicate:
            out["no_duplicate"] = self.no_duplicate
        if self.pays_item:
            out["pays_item"] = list(self.pays_item)
        if self.company_excludes:
            out["company_excludes"] = list(self.company_excludes)
        if self.source_taps != "first":
            out["source_taps"] = self.source_taps
        if self.company_fx:
            out["for_the_company"] = [f.as_json() for f in self.company_fx]
        if self.turn_fx:
            out["used_earlier_this_turn"] = [f.as_json() for f in self.turn_fx]
        if self.carrier != "bearer":
            out["carrier"] = self.carrier
        if self.variants:
            out["bonuses"] = [{"stat": v.stat, "bonus": v.bonus, "maximum": v.maximum, "if": dict(v.cond) or None}
                              for v in self.variants]
        if self.flag:
            out["flag"] = self.flag
        if self.no_effect:
            out["no_effect_in_cvcc"] = self.no_effect
        if self.no_cvcc:
            out["parts_without_effect_in_cvcc"] = [dict(u) for u in self.no_cvcc]
        if self.outside:
            out["outside_combat"] = [dict(u) for u in self.outside]
        if self.roll:
            out["roll"] = dict(self.roll)
        if self.placed_on:
            out["placed_on"] = True
        if self.grants_skill:
            out["grants_skill"] = self.grants_skill
        if self.placed_with:
            out["placed_with"] = dict(self.placed_with)
        if self.keeps_attack:
            out["keeps_attack"] = dict(self.keeps_attack)
        if self.wound_rolls:
            out["wound_rolls"] = dict(self.wound_rolls)
        out["unmodelled"] = [dict(u) for u in self.unmodelled]
        return out


# ---- loading the data ------------------------------------------------------------------------
@functools.cache
def _yaml() -> dict:
    text = resources.files("pycombat.games.meccg.data").joinpath("card_effects.yaml").read_text(encoding="utf-8")
    # libyaml's parser when PyYAML has it (the same safe constructor: the same data, ten times faster)
    raw = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 - a safe loader
    for cid, entry in raw["cards"].items():  # our own data file: fail loudly on a typo
        bad = set(entry) - set(ENTRY_KEYS)
        conds = {**(entry.get("requires") or {}), **(entry.get("carrier_requires") or {})}
        for sub in conds.get("any_of") or ():
            conds = {**conds, **sub}
        bad |= {k for k in conds if k not in COND_KEYS}
        for f in list(entry.get("fx") or ()) + list(entry.get("company_fx") or ()) + list(entry.get("turn_fx") or ()):
            if f.get("what") not in WHATS or set(f) - {"what", "amount", "if", "max", "flag"} or (
                    "max" in f and f.get("what") not in ("body", "prowess")) or (
                    "flag" in f and f.get("what") != "weapon_prowess"):
                bad.add(f"fx {f}")
            bad |= {k for k in (f.get("if") or {}) if k not in COND_KEYS}
        if set(entry.get("placed_with") or {}) - set(PLACED_WITH_KEYS) or (
                entry.get("placed_with") and not entry.get("placed_on")):
            bad.add("placed_with")
        roll = entry.get("roll")
        if roll is not None:
            bad |= {f"roll {k}" for k in roll if k not in ROLL_KEYS}
            bad |= {f"roll adds {a}" for a in roll.get("adds") or () if not set(a) <= {"count", "unused_influence", "skill", "amount"}}
            check = set(roll) == {"corruption_check"} and isinstance(roll["corruption_check"], int)
            if entry.get("play") != "cancel" and not check and (
                    set(roll) != {"greater_than"} or not isinstance(roll["greater_than"], int)):
                bad.add("roll: a card other than a cancel rolls 2d6 against one number, nothing added, or makes "
                        "a corruption check")
        cost = entry.get("cost_check")
        if cost is not None and (set(cost) - set(COST_CHECK_KEYS) or not isinstance(cost.get("corruption_check"), int)
                                 or entry.get("play") not in ("strike", "cancel", "before_assignment")
                                 or bool(entry.get("roll")) != bool(cost.get("roller"))
                                 or (cost.get("roller") and entry.get("play") != "cancel")):
            bad.add("cost_check: a strike card's, a cancel's (no roll; on a roll, made by its roller: roller: true) "
                    "or a card's played before strikes are assigned {corruption_check: N, by: <race>, unless_race: "
                    "[...], only_if: {flag: value}}")
        after = entry.get("after_attack_strike")
        if after is not None and (set(after) != set(AFTER_ATTACK_STRIKE_KEYS) or entry.get("play") != "strike"
                                  or not isinstance(after.get("prowess_plus"), int)
                                  or not all(isinstance(n, str) for n in after.get("from") or ()) or not after.get("from")):
            bad.add("after_attack_strike: a strike card's {from: [ally names], prowess_plus: N}")
        keeps = entry.get("keeps_attack")
        if keeps is not None and (set(keeps) - set(KEEPS_ATTACK_KEYS) or keeps.get("how") not in KEEPS_ATTACK_HOWS
                                  or set(keeps.get("requires") or {}) - set(COND_KEYS)):
            bad.add("keeps_attack: {requires: {...}, how: uncancellable | cancels_cancel}")
        wounds = entry.get("wound_rolls")
        if wounds is not None and (set(wounds) != set(WOUND_ROLLS_KEYS) or entry.get("play") != "before_assignment"
                                   or not all(isinstance(wounds[k], int) for k in ("mind_below", "ally_mp_below", "minus"))
                                   or set(wounds.get("against") or {}) - set(COND_KEYS)):
            bad.add("wound_rolls: a before_assignment card's {mind_below: N, ally_mp_below: N, minus: N, "
                    "discard_bodiless: bool, taps: bool, against: {...}, reach_flag: <flag>}")
        bad |= {f"touches {t}" for u in entry.get("unmodelled") or () for t in u.get("touches") or () if t not in TOUCHES}
        bad |= {f"acts_on {u['acts_on']}" for u in entry.get("unmodelled") or ()
                if u.get("acts_on") not in (None, *ACTS_ON)}
        bad |= {f"bearer {u['bearer']}" for u in entry.get("unmodelled") or ()
                if "bearer" in u and (not isinstance(u["bearer"], dict) or set(u["bearer"]) - {"race", "skill"})}
        bad |= {"ally_unique" for u in entry.get("unmodelled") or () if u.get("ally_unique", False) is not False}
        if entry.get("targets", "company") not in TARGETS or entry.get("no_duplicate", "attack") not in NO_DUPLICATE \
                or ("targets" in entry and entry.get("lasts") != "attack"):
            bad.add("targets (company | character, on a card that lasts the attack) or no_duplicate (attack | turn)")
        pays = entry.get("pays_item")
        if pays is not None and (entry.get("play") != "strike" or not isinstance(pays, list)
                                 or not all(isinstance(n, str) for n in pays)
                                 or not pays or (entry.get("requires") or {}).get("carries") is None):
            bad.add("pays_item: a strike card's [item names], each one its requires: {carries: ...} asks for")
        excl = entry.get("company_excludes")
        if excl is not None and (entry.get("play") != "mode" or not isinstance(excl, list)
                                 or not excl or not all(x in ("ally",) for x in excl)):
            bad.add("company_excludes: a mode card's [ally]")
        if entry.get("lasts", "strike") not in LASTS or entry.get("carrier", "bearer") not in CARRIERS \
                or entry.get("source_taps", "first") not in ("first", "after"):
            bad.add("lasts or carrier")
        if bad or entry.get("play") not in PLAYS:
            raise ScenarioError(f"card_effects.yaml: {cid}: bad fields {sorted(map(str, bad))}")
    return raw


def _fx_list(raw: Iterable[Mapping[str, Any]] | None) -> tuple[Fx, ...]:
    return tuple(Fx(what=f["what"], amount=int(f.get("amount", 0)), cond=dict(f.get("if") or {}),
                    maximum=f.get("max"), rule=f.get("rule"), flag=f.get("flag")) for f in raw or ())


def _from_entry(cid: str, name: str, kind: str, entry: Mapping[str, Any], *, extra_fx: tuple[Fx, ...] = (),
                extra_unmodelled: tuple[Mapping[str, str], ...] = ()) -> CardModel:
    parts = [{"what": u["what"], "why": u["why"],
              **{k: True for k in ("limits_play", "narrows", "widens", "grants") if u.get(k)},
              **{k: u[k] for k in ("settled_by", "only_if", "touches", "acts_on", "bearer", "alternative", "in_play",
                                    "ends_below") if u.get(k) or (k == "touches" and k in u)},
              **({"ally_unique": u["ally_unique"]} if "ally_unique" in u else {})}
             for u in entry.get("unmodelled") or ()]
    # "... outside combat": a cost or consequence outside this combat, not an unmodelled combat effect
    outside = tuple(u for u in parts if "outside" in u["why"] and "combat" in u["why"])
    parts = [u for u in parts if u not in outside]
    return CardModel(outside=outside,
        id=cid, name=name, kind=kind, play=entry["play"], rule=entry["rule"], source=entry.get("source", "hand"),
        discard=bool(entry.get("discard")), side=entry.get("side"), lasts=entry.get("lasts", "strike"),
        source_taps=entry.get("source_taps", "first"), company_fx=_fx_list(entry.get("company_fx")),
        turn_fx=_fx_list(entry.get("turn_fx")),
        requires=dict(entry.get("requires") or {}), fx=extra_fx + _fx_list(entry.get("fx")),
        unmodelled=tuple(extra_unmodelled) + tuple(parts),
        flag=entry.get("flag"), mode=entry.get("mode"), whole_company=bool(entry.get("whole_company")),
        roll=entry.get("roll"), cost_check=dict(entry["cost_check"]) if entry.get("cost_check") else None,
        placed_on=bool(entry.get("placed_on")), payer_body_check=bool(entry.get("payer_body_check")), grants_skill=entry.get("grants_skill"),
        placed_with=dict(entry["placed_with"]) if entry.get("placed_with") else None,
        carrier=entry.get("carrier", "bearer"), carrier_requires=dict(entry.get("carrier_requires") or {}),
        keeps_attack=dict(entry["keeps_attack"]) if entry.get("keeps_attack") else None,
        after_attack_strike=dict(entry["after_attack_strike"]) if entry.get("after_attack_strike") else None,
        wound_rolls=dict(entry["wound_rolls"]) if entry.get("wound_rolls") else None,
        targets=entry.get("targets", "company"), no_duplicate=entry.get("no_duplicate"),
        pays_item=tuple(entry.get("pays_item") or ()), company_excludes=tuple(entry.get("company_excludes") or ()),
        no_cvcc=tuple({"what": f"{name}: {u['what']}", "why": u["why"]} for u in entry.get("no_cvcc") or ()))


def event_model(card: CombatCard) -> CardModel:
    """The model of an event or faction (combat_cards.json)."""
    entry = _yaml()["cards"].get(card.id)
    if entry is not None:
        return _from_entry(card.id, card.name, "event", entry)
    if card.cvcc_relevant == "no" or card.cvcc == "barred-by-card-text":
        why = card.cvcc_note or card.cvcc or "no effect in company vs. company combat"
        rule = "MECCG-STRUCT-8" if card.type == "hazard" else ("MECCG-PRE-9" if card.cvcc == "barred-by-card-text"
                                                                else NO_CVCC_RULE)
        return CardModel(id=card.id, name=card.name, kind="event", play="state", rule=rule, no_effect=why)
    return CardModel(id=card.id, name=card.name, kind="event", play="state", rule=NO_CVCC_RULE,
                     unmodelled=({"what": "; ".join(card.effect_tags) or "its effect",
                                  "why": "no effect record for this card"},))


def _races(value: Any) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


#: what a character's unmodelled ability of this kind can change (characters.json ``combat_effects``)
#: abilities the assignment rules read from the member (schema -> assignment facts): may not be
#: attacked (MECCG-ASSIGN-1), assigned strikes as if untapped, before its controller (MECCG-FX-18)
ASSIGNMENT_ABILITIES = ("may_not_be_attacked", "assignable_as_untapped", "must_be_assigned_first",
                        "discarded_if_controller_wounded")  # the last: after the strikes (MECCG-FX-19)
KIND_TOUCHES = {"cancel_attack": ("attack_cancel",), "cancel_strike": ("strike_cancel",)}


def character_model(card: CharacterCard) -> CardModel:
    """The abilities of a character, ally, avatar or agent (characters.json).

    Plain abilities are read the same way for every card: ``prowess_mods`` (``against`` races:
    a race bonus, MECCG-FX-4; ``mode``: the avatar's own Fell Rider modifier, MECCG-FX-6),
    ``opponent_body`` halved (Éowyn and the like, MECCG-FX-5), ``may_not_be_attacked`` (read by
    the assignment rules, MECCG-ASSIGN-1). Abilities marked ``cvcc: false`` have no effect in
    CvCC. The rest comes from ``card_effects.yaml`` or is reported unmodelled.
    """
    fx: list[Fx] = []
    unmodelled: list[dict[str, str]] = []
    for pm in card.prowess_mods:
        if pm.get("mode"):
            mode = normalize(str(pm["mode"])).replace(" ", "-")
            fx.append(Fx("prowess", int(pm["value"]), {"mode": mode}, rule=MODE_RULE))
        elif pm.get("against") is not None:
            fx.append(Fx("prowess", int(pm["value"]), {"opponent_race": _races(pm["against"])}, rule=RACE_RULE))
    entry = _yaml()["cards"].get(card.id)
    for e in card.combat_effects:
        kind = e.get("effect")
        if e.get("cvcc") is False or kind == "prowess" or kind in ASSIGNMENT_ABILITIES:
            continue  # no effect in CvCC / read above / read by the assignment rules
        if kind == "opponent_body" and e.get("mode") == "halve_round_up":
            fx.append(Fx("halve_opponent_body", 0, {"opponent_race": _races(e.get("vs_race"))}, rule=HALVE_RULE))
            continue
        if entry is None:
            what = kind + (f" ({e['target']})" if e.get("target") else "")
            unmodelled.append({"what": what, "why": "this ability is not modelled",
                               **({"touches": list(KIND_TOUCHES[kind])} if kind in KIND_TOUCHES else {})})
    if entry is not None:
        # a tapping ability (play: strike) keeps its plain abilities, which still apply to itself
        return _from_entry(card.id, card.name, "character", entry, extra_fx=tuple(fx),
                           extra_unmodelled=tuple(unmodelled))
    rule = RACE_RULE if any("opponent_race" in f.cond for f in fx) else MODE_RULE if fx else RACE_RULE
    if any(f.what == "halve_opponent_body" for f in fx):
        rule = HALVE_RULE
    return CardModel(id=card.id, name=card.name, kind="character", play="ability", rule=rule, fx=tuple(fx),
                     unmodelled=tuple(unmodelled))


def has_restored_form(item: ItemCard) -> bool:
    """The item has a form Reforging restores (a ``when: restored`` bonus, a ``restored+`` tag)."""
    return any(RESTORED in str(raw.get("when", "")) for raw in item.conditional_bonuses) or any(
        t.startswith(RESTORED + "+") for t in item.combat_tags)


#: the flag deciding whether a company's attack in CvCC is a detainment attack (card_flags.md): a bonus
#: "against detainment attacks" (Paltry Ring) acts nowhere under `no_effect`, and is open under `applies`
DETAINMENT_FLAG = "cvcc_detainment"
DETAINMENT_WHY = ("whether a company's attack is a detainment attack the CvCC rules do not say (flag cvcc_detainment): "
                  "read as one, the bonus is not modelled")


def _item_cond(raw: Mapping[str, Any], item: str = "") -> tuple[dict[str, Any] | None, str, str | None]:
    """(condition, label, why-unmodelled) of one ``conditional_bonuses`` entry of ``item``."""
    if "against" in raw:
        races = raw["against"]
        if isinstance(races, str):  # e.g. "detainment attacks": not a race
            return None, f"against {races}", f"a bonus against {races} (not a race; not modelled)"
        return {"opponent_race": list(races)}, f"against {'/'.join(races)}", None
    if "bearer_race" in raw:
        return {"race": [raw["bearer_race"]]}, f"{raw['bearer_race']} bearer", None
    if "bearer_skill" in raw:
        return {"skill": raw["bearer_skill"]}, f"{raw['bearer_skill']} bearer", None
    if "bearer_not_race" in raw:
        return {"not_race": [raw["bearer_not_race"]]}, f"non-{raw['bearer_not_race']} bearer", None
    when = str(raw.get("when", ""))
    if RESTORED in when:  # restored by Reforging: the member's `restored:` names it (MECCG-FX-3)
        return {"restored": item}, "restored (Reforging)", None
    if "Doors of Night" in when:
        return {"doors_of_night": True}, "Doors of Night in play", None
    if "taps to face a strike" in when:
        bearer = when.split(" taps")[0]
        return {"bearer": bearer, "taps": True}, f"{bearer} taps to face the strike", None
    return None, when or "condition", f"when {when}: the condition is not in the scenario"


def item_model(item: ItemCard) -> CardModel:
    """An item's bonuses (MECCG-FX-2/3) and its other combat tags (data ``item_tags`` or unmodelled)."""
    variants: list[ItemVariant] = []
    unmodelled: list[dict[str, str]] = []
    # "This item only affects a Ringwraith" (item_terms.yaml `affects`): every part needs such a bearer (MECCG-FX-17)
    only: dict[str, Any] = {"race": list(item.affects_requires["race"])} if item.affects_requires.get("race") else {}
    base_cond: dict[str, Any] = {**({"skill": "Warrior"} if item.prowess_warrior_only else {}), **only}
    maxima = _yaml().get("item_maxima", {}).get(item.id, {})  # a maximum its note states (MECCG-FX-2)
    if item.prowess_bonus is not None:
        variants.append(ItemVariant("prowess", item.prowess_bonus, item.prowess_max, base_cond, item.name,
                                    maxima.get("prowess_times_printed")))
    if item.body_bonus is not None:
        bcond = {**({"skill": "Warrior"} if item.body_warrior_only else {}), **only}
        variants.append(ItemVariant("body", item.body_bonus, item.body_max, bcond, item.name,
                                    maxima.get("body_times_printed")))
    fx: list[Fx] = []
    # "Warrior only:" heads every part of the text (MECCG-FX-3): the item's other parts need a warrior too
    if item.strike_body_mod:
        fx.append(Fx("opponent_body", int(item.strike_body_mod), dict(base_cond), carried=True))
    for raw in item.conditional_bonuses:
        cond, label, why = _item_cond(raw, item.name)
        if why and raw.get("against") == "detainment attacks":  # whether a company's attack ever is one: a flag
            unmodelled.append({"what": f"{item.name}: {label}", "why": DETAINMENT_WHY, "touches": ["prowess", "body"],
                               "only_if": {DETAINMENT_FLAG: "applies"}})
            continue
        if why:  # a bonus under a condition not in the scenario: it can change prowess or body only
            unmodelled.append({"what": f"{item.name}: {label}", "why": why, "touches": ["prowess", "body"]})
            continue
        if raw.get("applies_to"):  # the Iron Crown: its body bonus only for a non-Hobbit
            variants = [ItemVariant(v.stat, v.bonus, v.maximum, {**v.cond, **cond}, v.label) for v in variants]
            continue
        if "prowess_bonus" in raw or "prowess_max" in raw:
            base = next((v for v in variants if v.stat == "prowess"), None)
            bonus = raw.get("prowess_bonus", base.bonus if base else 0)
            maximum = raw.get("prowess_max", base.maximum if base else None)
            variants.append(ItemVariant("prowess", bonus, maximum, {**base_cond, **cond}, f"{item.name} ({label})"))
        if "strike_body_mod" in raw:
            fx.append(Fx("opponent_body", int(raw["strike_body_mod"]), {**base_cond, **cond}, carried=True))
    tags = _yaml().get("item_tags", {})
    entry = _yaml()["cards"].get(item.id)
    grants = None
    no_cvcc: list[dict[str, str]] = []
    for t in item.combat_tags:
        if t.startswith(GRANT_TAG):  # a skill for the bearer (schema.py gives it to him for every rule)
            grants = t[len(GRANT_TAG):]
            # "+2 prowess only if the bearer is already a warrior": the skill he has without the item
            variants = [replace(v, cond={"own_skill": grants, **{k: c for k, c in v.cond.items() if k != "skill"}})
                        if v.cond.get("skill") == grants else v for v in variants]
            continue
        if t in tags:
            if isinstance(tags[t], Mapping) and "no_effect" in tags[t]:  # for attacks no company makes (MECCG-FX-17)
                no_cvcc.append({"what": f"{item.name}: {t}", "why": tags[t]["no_effect"]})
            elif isinstance(tags[t], Mapping):  # not modelled, and what it can change
                unmodelled.append({"what": f"{item.name}: {t}", "why": tags[t]["unmodelled"], "limits_play": True,
                                   "touches": list(tags[t]["touches"]),
                                   **({"only_if": dict(tags[t]["only_if"])} if tags[t].get("only_if") else {})})
            else:
                fx.extend(replace(f, carried=True, cond={**base_cond, **f.cond}) for f in _fx_list(tags[t]))
        elif entry is not None:  # the item's own entry (e.g. Cram used as a card) describes its use
            continue
        else:
            # the whole ability is not modelled, its use (a tap, a discard) with it: it may limit the play
            unmodelled.append({"what": f"{item.name}: {t}", "why": "this item ability is not modelled",
                               "limits_play": True})
    slot = next((s for s in SLOTS if s in item.item_keywords), None)
    if entry is not None:  # an item also used as a card (Cram), or with an ability of its own
        m = _from_entry(item.id, item.name, "item", entry, extra_fx=tuple(fx), extra_unmodelled=tuple(unmodelled))
        return dataclasses.replace(m, variants=tuple(variants), slot=slot, grants_skill=grants or m.grants_skill,
                                   no_cvcc=tuple(no_cvcc) + m.no_cvcc, requires={**only, **m.requires})
    flagged = any((u.get("only_if") or {}).get(DETAINMENT_FLAG) for u in unmodelled)
    return CardModel(id=item.id, name=item.name, kind="item", play="in_play", rule=ITEM_RULE, fx=tuple(fx),
                     unmodelled=tuple(unmodelled), variants=tuple(variants), slot=slot, grants_skill=grants,
                     no_cvcc=tuple(no_cvcc), flag=DETAINMENT_FLAG if flagged and not fx and not variants else None)


@functools.cache
def all_models() -> dict[str, CardModel]:
    """Every card in the database by id (events, items, characters)."""
    db = load_carddb()
    out: dict[str, CardModel] = {}
    for c in db.characters:
        out[c.id] = character_model(c)
    for i in db.items:
        out[i.id] = item_model(i)
    for e in db.combat_cards:
        if e.id not in out:
            out[e.id] = event_model(e)
    return out


def model(card_id: str) -> CardModel:
    return all_models()[card_id]


def card_model(query: str) -> CardModel:
    """The model of a card named by id or name (events first, then items, then characters)."""
    db = load_carddb()
    for finder in (db._combat.lookup, db._items.lookup, db._characters.lookup):
        hits = finder(query)
        if hits:
            return model(hits[0].id)
    raise KeyError(query)


# ---- the interpreter -------------------------------------------------------------------------
def _fold(s: str | None) -> str:
    return normalize(s or "")


def hazard_attack_races(card_id: str, doors_of_night: bool) -> tuple[str, ...] | None:
    """The races of the attacking characters whose strikes a hazard modifying attacks would modify, were it not
    taken away in CvCC (MECCG-STRUCT-8; card_effects.yaml ``hazard_attacks``), those Doors of Night adds when it
    is in play; None when the data does not limit it to some races."""
    entry = _yaml().get("hazard_attacks", {}).get(card_id)
    if entry is None:
        return None
    return tuple(entry.get("races") or ()) + (tuple(entry.get("doors_of_night") or ()) if doors_of_night else ())


def race_is(member, races: Iterable[str]) -> bool:
    """The member's race is one of ``races`` (a Half-orc counts as an Orc, MECCG-ALIGN-6; a
    Ringwraith counts as a Nazgûl)."""
    wanted = {_fold(r) for r in races}
    if "nazgul" in wanted:
        wanted.add("ringwraith")
    mine = {_fold(member.race)}
    if any(_fold(k) == "half orc" for k in getattr(member, "keywords", ())):
        mine.add("orc")
    return bool(mine & wanted)


def _has_skill(member, skill: str) -> bool:
    return _fold(skill) in {_fold(s) for s in member.skills}


def _is_card(member, name: str) -> bool:
    return _fold(member.card_name).startswith(_fold(name))


@dataclass(frozen=True)
class Ctx:
    """Where a record is evaluated: the member it would modify, the opposing member (None
    outside a strike), both companies and the scenario."""

    me: Any
    company: Any
    scenario: Any
    opponent: Any = None
    opp_company: Any = None
    taps: bool | None = None  #: the member taps to face the strike (took no -3)
    self_name: str | None = None  #: the member facing the strike (for not_self)


def hazards_off(scenario) -> bool:
    """MECCG-STRUCT-8 [hazard_scope=all]: the seed's reading, no hazard has any effect in CvCC."""
    return (getattr(scenario, "flags", None) or {}).get("hazard_scope") == "all"


def is_environment(card) -> bool:
    """An environment card (keyword ``Environment``: Doors of Night, Gates of Morning, The Sun Shone Fiercely ...):
    in play for every company, whichever ``in_play:`` list names it (MECCG-FX-7)."""
    return "Environment" in (getattr(card, "keywords", ()) or ())


def environments_of_companies(scenario) -> list:
    """The environments a company's ``in_play:`` lists (either company's): in play for both (:func:`is_environment`)."""
    return [c for role in ("attacker", "defender")
            for c in getattr(getattr(scenario, role, None), "in_play", ()) or () if is_environment(c)]


def _in_play_names(scenario, company) -> set[str]:
    """The cards in play that act (with hazard_scope=all no hazard does, MECCG-STRUCT-8: "with Doors of Night"):
    the scenario's, the company's own, and an environment either company lists (MECCG-FX-7)."""
    cards = list(getattr(scenario, "in_play", ())) + list(getattr(company, "in_play", ())) + \
        environments_of_companies(scenario)
    off = hazards_off(scenario)
    return {_fold(c.name) for c in cards if not (off and getattr(c, "type", None) == "hazard")}


def holds(cond: Mapping[str, Any], ctx: Ctx) -> str | None:
    """None if every condition holds, else the first failing one, in words."""
    me = ctx.me
    for key, val in cond.items():
        ok = True
        if key == "skill":
            ok = _has_skill(me, val)
        elif key == "race":
            ok = race_is(me, _races(val))
        elif key == "not_race":
            ok = not race_is(me, _races(val))
        elif key == "bearer":
            ok = _is_card(me, val)
        elif key == "not_bearer":
            ok = not _is_card(me, val)
        elif key == "keyword":
            ok = _fold(val) in {_fold(k) for k in me.keywords}
        elif key == "company_has":
            ok = any(race_is(m, [val]) or _has_skill(m, val) or _is_card(m, val)
                     or _fold(val) in {_fold(k) for k in m.keywords} for m in ctx.company.members) \
                or _fold(val) in _in_play_names(ctx.scenario, ctx.company)
        elif key == "struck":  # "a strike against X": any X faces, or only one aimed at a defending X
            ok = ctx.scenario.flags.get(AGAINST_FLAG, "faced") == "faced" or ctx.company.role == "defender"
        elif key == "defending":  # the card's company is the one attacked ("a strike against your company")
            ok = (ctx.company.role == "defender") == bool(val)
        elif key == "untapped_member":  # a member of the card's company, by card name, is untapped (Scourge of Fire)
            ok = any(_is_card(m, val) and getattr(m, "status", "untapped") == "untapped" for m in ctx.company.members)
        elif key == "opponent_bears_item":  # the character facing the card's player bears an item (MECCG-FX-26)
            ok = bool(ctx.opponent is not None and getattr(ctx.opponent, "items", ())) == bool(val)
        elif key == "company_size_max":
            ok = len(ctx.company.members) <= int(val)
        elif key == "company_size_min":
            ok = len(ctx.company.members) >= int(val)
        elif key == "own_alignment":
            ok = ctx.company.alignment in val
        elif key == "opponent_alignment":
            opp = ctx.opp_company or ctx.scenario.company("defender" if ctx.company.role == "attacker" else "attacker")
            ok = opp.alignment in val
        elif key == "status":
            ok = me.status in val
        elif key == "not_self":
            ok = ctx.self_name is None or me.name != ctx.self_name
        elif key == "own_or_controller":  # an ally's ability for itself or the character it is an ally of
            src = next((m for m in ctx.company.members if m.name == ctx.self_name), None)
            ok = src is None or me.name in (src.name, src.ally_of)
        elif key == "any_of":  # one of several sets of conditions (Foe Dismayed: a leader's or The Balrog's company)
            ok = any(holds(sub, ctx) is None for sub in val)
            if not ok:
                return " or ".join(holds(sub, ctx) or "" for sub in val)
        elif key == "controller":  # an ally's ability for the character it is an ally of (War-warg)
            src = next((m for m in ctx.company.members if m.name == ctx.self_name), None)
            ok = src is None or me.name == src.ally_of
        elif key == "source_assigned":  # the ally faces a strike of this attack too (War-warg)
            combat = getattr(ctx.scenario, "combat", None)
            ok = ctx.self_name is None or (combat is not None and ctx.self_name in
                                           {st.defender for st in combat.strikes})
        elif key == "carries":  # the member carries one of these items (Andúril is placed with Narsil)
            ok = bool({_fold(n) for n in _races(val)} & {_fold(i.name) for i in getattr(me, "items", ())})
        elif key == "itself":  # an ally's ability for a strike against itself only (Radagast's Black Bird)
            ok = ctx.self_name is None or me.name == ctx.self_name
        elif key == "opponent_race":
            ok = ctx.opponent is not None and race_is(ctx.opponent, _races(val))
        elif key == "not_opponent_race":  # not for a strike by one of these (The One Ring: Undead, Nazgul)
            ok = ctx.opponent is None or not race_is(ctx.opponent, _races(val))
        elif key == "doors_of_night":
            ok = ("doors of night" in _in_play_names(ctx.scenario, ctx.company)) == bool(val)
        elif key == "gates_of_morning":
            ok = ("gates of morning" in _in_play_names(ctx.scenario, ctx.company)) == bool(val)
        elif key == "taps":  # "when tapping to face a strike": he taps to face it only if untapped as it starts
            # and he takes no -3 not to tap (MECCG-SEQ-4/5); a tapped or wounded character does not tap to face it
            ok = ctx.taps is None or (bool(ctx.taps) and getattr(me, "status", "untapped") == "untapped") == bool(val)
        elif key == "mode":
            ok = getattr(me, "mode", None) == val
        elif key == "own_skill":  # a skill the member has without the cards that grant it
            ok = _has_skill(me, val) and _fold(val) not in {_fold(s) for s in getattr(me, "granted_skills", ())}
        elif key == "site_kind":
            ok = getattr(ctx.company, "site_kind", None) in _races(val)
        elif key == "site_region":
            ok = getattr(ctx.company, "site_region", None) in _races(val)
        elif key == "attackers_race":  # "an attack by R": every attacking member is of one of them (MECCG-PRE-3)
            att = ctx.scenario.company("attacker")
            ok = all(race_is(m, _races(val)) for m in att.members)
        elif key == "opponent_overt":  # "in combat with an overt company": the other company (MECCG-ALIGN-6)
            ok = opponent_overt(ctx) == bool(val)
        elif key == "restored":  # the item is restored by Reforging (the member's `restored:`)
            ok = _fold(val) in {_fold(n) for n in getattr(me, "restored", ())}
        elif key == "under_deeps":
            known = getattr(ctx.company, "under_deeps", None)
            ok = known is not None and known == bool(val)
        elif key == "avatar_in_play":  # the player's avatar in play, anywhere (not known: named by coverage.py)
            ok = avatar_is(ctx.company, val) is not False
        if not ok:
            return f"{key}={' or '.join(map(str, val)) if isinstance(val, (list, tuple)) else val}"
    return None


def avatar_is(company, want: str) -> bool | None:
    """Whether ``company``'s player has an avatar in play (anywhere) of race ``want`` or named ``want``
    (``avatar_in_play``); None when the company does not say who his avatar is."""
    known = getattr(company, "avatar_in_play", None)
    if known is None:
        return None
    if not known:
        return False
    return _fold(known).startswith(_fold(want)) or _fold(getattr(company, "avatar_race", None)) == _fold(want) \
        or (_fold(want) == "nazgul" and _fold(getattr(company, "avatar_race", None)) == "ringwraith")


def opponent_overt(ctx: Ctx) -> bool:
    """The company opposing ``ctx.company`` is overt (MECCG-ALIGN-6), as the attack program decides it."""
    from ..assignment.legal import judge_attack  # the attack program reads card facts: imported when asked

    other = "defender" if ctx.company.role == "attacker" else "attacker"
    return other in judge_attack(ctx.scenario).overt


def weapon_bonus(prowess_before: int, bonus: int, maximum: int | None) -> int:
    """MECCG-FX-2 (CoE 3.V.vii): a bonus with a maximum never lifts prowess past the maximum and
    never lowers it: ``max(0, min(bonus, maximum - prowess_before))``.

    >>> weapon_bonus(5, 3, 8), weapon_bonus(6, 3, 8), weapon_bonus(8, 3, 8), weapon_bonus(9, 3, 8)
    (3, 2, 0, 0)
    >>> weapon_bonus(9, 3, None), weapon_bonus(4, -1, 8)
    (3, -1)
    """
    if maximum is None or bonus <= 0:
        return bonus
    return max(0, min(bonus, maximum - prowess_before))


def carried_fx(m: CardModel) -> tuple[Fx, ...]:
    """An item's records that act while its bearer carries it (bonuses aside: :func:`item_variant`);
    the records of its use (a card it is used as, MECCG-FX-17) act only when it is used."""
    return tuple(f for f in m.fx if f.carried)


def item_variant(m: CardModel, stat: str, ctx: Ctx) -> ItemVariant | None:
    """The bonus an item gives ``ctx.me`` for ``stat``: the last conditional variant whose
    conditions hold, else the base one if its conditions hold (MECCG-FX-3)."""
    chosen = None
    for v in m.variants:
        if v.stat != stat:
            continue
        if holds(v.cond, ctx) is None:
            chosen = v
    if chosen is not None and chosen.times_printed is not None:  # MECCG-FX-2: its maximum for this bearer
        printed = getattr(ctx.me, stat, None) or 0
        chosen = dataclasses.replace(chosen, maximum=chosen.times_printed * printed)
    return chosen


@functools.cache
def mode_cards() -> tuple[CardModel, ...]:
    """The Ringwraith mode cards (``play: mode``): Fell Rider, Heralded Lord (MECCG-FX-6)."""
    return tuple(m for m in all_models().values() if m.play == "mode")


@functools.cache
def strike_cards() -> dict[str, CardModel]:
    """Cards played (or abilities used) during a strike sequence, by id (MECCG-SEQ-2/7/8)."""
    return {cid: m for cid, m in all_models().items() if m.play == "strike"}


def site_conditions(m: CardModel) -> bool:
    """The card has a record or requirement on the company's site (:data:`SITE_KEYS`)."""
    conds = [m.requires] + [f.cond for f in m.fx]
    return any(k in c for c in conds for k in SITE_KEYS)
