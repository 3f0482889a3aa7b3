"""No data field unread: every combat value of the shipped MECCG data is read by a model, named by
an unmodelled entry of its card, or exempt for a stated reason.

The three data files (``characters.json``, ``items.json``, ``combat_cards.json``) are walked record
by record, field by field. A field with a value is *read* when the record rebuilt without it (the
field set to the loader's absent value: None, [], {} or False) derives something else than the
intact record. What a record derives:

* a character: its CardModel (``as_json()`` and every field of the dataclass), the Member that
  ``scenario_from_dict`` builds from it in a two-company scenario, and, for an ability played as a
  card (Fatty Bolger, Noble Steed ...), its play facts (``card_facts``, ``strike_card_facts``);
* an item: its CardModel (bonuses, slot, fx, unmodelled ...) and its play facts (``card_facts``,
  which the possession check reads);
* a combat card: its CardModel (items: the model comes from items.json), its play facts
  (``card_facts``, ``strike_card_facts``) and the verdicts of the two claim deciders that read card
  fields themselves (``hazard_effect``, ``strike_count``), under both values of their flags.

Records are rebuilt one at a time with the loader's own constructors (``character_from_record``
...) and the interpreter's own functions (``character_model`` ...), looked up on their modules at
call time: :func:`test_single_record_rebuild_is_the_loaded_database` shows that this gives what the
loaded database gives, :func:`test_a_field_dropped_from_the_json_changes_the_loaded_model_alike`
that a field dropped from the JSON the database reads (caches cleared and restored) changes the
loaded model exactly as the single-record rebuild says.

A field that is not read that way is still accounted for when

* an unmodelled or outside-combat entry of the card names it (its name or its value);
* it is not combat data at all: :data:`EXEMPT`, one reason each;
* it repeats a walked field in another form, or card_effects.yaml paraphrases it: :data:`ACCOUNTED`,
  a reason and a predicate that must hold for the record (a record where it fails is a gap);
* the card is an event with ``cvcc_relevant == "no"``: the interpreter models it as having no effect
  in company vs. company combat (``no_effect``), which covers every field of it.

Structured effect records (combat_cards.json ``effects``, characters.json ``combat_effects``) are
walked one by one: a record is covered when dropping it alone (replaced by a record of no kind, so
the list keeps its length) changes what the card derives, when its ``effect`` kind maps
(:data:`EFFECT_KINDS`) to something the card derives (an fx ``what`` with the record's value, a play
kind, a Member flag, a granted skill, a claim verdict), when an unmodelled or outside entry names it
(the kind's words and the record's number), or when the record itself says it has no effect in CvCC
(``cvcc: false``). card_effects.yaml paraphrases these records, so dropping one rarely changes a
model: the mapping is what checks the paraphrase. :data:`UNMAPPABLE` lists the kinds no model holds.

What is left is compared with :data:`KNOWN_GAPS` in both directions: a gap closed or a new gap fails.
"""
from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import json
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any, NamedTuple
from unittest import mock

import pytest

from pycombat.games.meccg import schema
from pycombat.games.meccg.cards import database, interpreter, play_facts, strike_effects
from pycombat.games.meccg.claims import combat as claims_combat
from pycombat.verdicts import Claim

FILES = ("characters.json", "items.json", "combat_cards.json")
STEM = {"characters.json": "characters", "items.json": "items", "combat_cards.json": "combat_cards"}
#: the structured effect records, walked one by one
EFFECT_FIELDS = {"characters.json": "combat_effects", "combat_cards.json": "effects"}

# ---- not combat data --------------------------------------------------------------------------
#: (file, field) -> why the field is not combat data at all (never walked)
EXEMPT: dict[tuple[str, str], str] = {
    # identity and provenance
    ("characters.json", "id"): "identity: the key everything derived is filed under",
    ("characters.json", "name"): "identity: the card's name",
    ("characters.json", "set"): "provenance: the printed set",
    ("characters.json", "gccg_match"): "provenance: whether the GCCG XML was compared",
    ("characters.json", "race_source"): "provenance: where `race` came from",
    ("characters.json", "alignment"): "identity: which record a name means (CardDB._narrow); combat reads the "
                                      "company's alignment, not the card's",
    ("items.json", "id"): "identity: the key everything derived is filed under",
    ("items.json", "name"): "identity: the card's name",
    ("items.json", "set"): "provenance: the printed set",
    ("items.json", "curated"): "provenance: whether the numbers were transcribed by hand",
    ("items.json", "stat_box_prowess"): "provenance: the raw CoE stat box prowess_bonus/prowess_max were read from",
    ("items.json", "stat_box_body"): "provenance: the raw CoE stat box body_bonus/body_max were read from",
    ("items.json", "note"): "prose: a transcriber's note on a value",
    ("combat_cards.json", "id"): "identity: the key everything derived is filed under",
    ("combat_cards.json", "name"): "identity: the card's name",
    ("combat_cards.json", "set"): "provenance: the printed set",
    ("combat_cards.json", "tag_source"): "provenance: how effect_tags were made",
    ("combat_cards.json", "auto_tags"): "provenance: the old regex tags, kept only for comparison",
    ("combat_cards.json", "curation"): "provenance: how the curation pass was done",
    ("combat_cards.json", "gccg_text_check"): "provenance: whether the GCCG text's numbers agree",
    ("combat_cards.json", "cvcc_note"): "prose: the curator's reading; shown (no_effect text, hazard_effect "
                                        "note), it decides nothing",
    # game data outside combat
    ("characters.json", "unique"): "uniqueness limits which cards are in play, not combat",
    ("characters.json", "manifestation_of"): "manifestations share uniqueness, not combat",
    ("characters.json", "home_site"): "where a character is played, outside combat",
    ("characters.json", "home_sites"): "where a character is played, outside combat",
    ("characters.json", "mp_type"): "the MP pile category of the card's owner, outside combat (kill MPs read `mp`)",
    ("items.json", "unique"): "uniqueness limits which cards are in play, not combat",
    ("items.json", "item_class"): "minor/major/greater decides where an item is played, outside combat",
    ("items.json", "mp"): "an item's MPs score in its owner's pile; no combat rule reads them",
    ("items.json", "mp_raw"): "the printed form of `mp`",
    ("items.json", "corruption_points"): "corruption checks are outside combat",
    ("combat_cards.json", "unique"): "uniqueness limits which cards are in play, not combat",
}


class Ctx(NamedTuple):
    """What an :data:`ACCOUNTED` predicate may look at."""

    rec: Mapping[str, Any]
    model: interpreter.CardModel | None  #: the intact card's model (None: an item's combat_cards record)
    entry: Mapping[str, Any] | None  #: the card's card_effects.yaml entry
    item: Mapping[str, Any] | None  #: the items.json record of an item's combat_cards.json record


def _item_tags_modelled(tags: Iterable[str], c: Ctx) -> bool:
    """Each tag names an effect kind the item's entry models ("prowess" in a tag about a strike
    "against-bearer" is the opposing strike's: Poison's -1/-2)."""
    def kinds(t: str) -> list[str]:
        out = [k for k in EFFECT_KINDS if k.replace("_", "-") in t]
        if "remain-untapped" in t:  # the Great-shield of Rohan: its warrior stays untapped
            out.append("no_tap")
        if "opposing-weapon" in t:  # the Whip of Many Thongs
            out.append("no_opponent_weapon")
        if "against-bearer" in t or "one-attack" in t:  # the opposing strike's, the attack's (Black Arrow)
            out = [f"opposing_strike_{k}" if k in ("prowess", "body") else k for k in out]
        return out

    def named(t: str) -> bool:  # the model names the tag: an ability without effect in CvCC, or unmodelled
        return any(u["what"].partition(": ")[2] == t for u in c.model.no_cvcc) or any(
            w in u["what"] for u in c.model.unmodelled for w in ("prowess", "body") if w in t)
    return bool(c.entry) and c.model is not None and all(
        named(t) or any(_in_model({"effect": kind}, c.model, {}) for kind in kinds(t)) for t in tags)


_MODE_KEYWORDS = {"Fell Rider mode": "fell-rider", "Heralded Lord mode": "heralded-lord"}
#: event keywords that only classify the card for other cards (cancel a spell, discard an environment ...)
_EVENT_CLASS_KEYWORDS = {"Spell", "Environment", "Corruption", "Flattery attempt"}
_CVCC_USE: dict[str, Callable[[interpreter.CardModel], bool]] = {
    # either player plays it: a card with no side, or a defender's cancel whose other use is the attacker's
    # against that cancel (keeps_attack, MECCG-FX-29)
    "attacker_or_defender": lambda m: m.side is None or (m.side == "defender" and bool(m.keeps_attack)),
    "attacker": lambda m: m.side != "defender",  # the model has no attacker-only side
    "defender": lambda m: m.side == "defender",
    "in_play": lambda m: m.play in ("in_play", "mode"),
    "state": lambda m: m.play == "state",
}


def _requires(c: Ctx, key: str, v: Any) -> bool:
    """The model requires ``v`` of the character (skill, or one of its races) or of its company."""
    m = c.model or (interpreter.model(c.rec["id"]) if c.item is not None else None)  # an item's: its model
    req = m.requires if m else {}
    got = req.get(key)
    return v == got or (isinstance(got, list) and v in got) or v == req.get("company_has")


#: (file, field) -> (reason, predicate on the record): the field repeats a walked field in another
#: form, or card_effects.yaml paraphrases it; a record where the predicate fails is a gap
ACCOUNTED: dict[tuple[str, str], tuple[str, Callable[[Ctx], bool]]] = {
    ("characters.json", "agent"): ("repeats card_type == 'agent'",
                                   lambda c: c.rec["agent"] == (c.rec["card_type"] == "agent")),
    ("characters.json", "leader"): ("repeats the keyword Leader (keywords, gccg_keywords)",
                                    lambda c: c.rec["leader"] == ("Leader" in _keywords(c.rec))),
    ("characters.json", "may_not_be_attacked_scope"): (
        "repeats may_not_be_attacked ('all'); the Ents' narrower scope is no CvCC limit",
        lambda c: (c.rec["may_not_be_attacked_scope"] == "all") == bool(c.rec["may_not_be_attacked"])),
    ("characters.json", "combat_tags"): ("the short-tag form of combat_effects, walked record by record",
                                         lambda c: bool(c.rec.get("combat_effects"))),
    ("items.json", "item_keywords"): (
        "the keywords other than a slot (Hoard, ring kinds, Palantír, Technology ...) decide where an item is "
        "played and which cards affect it, outside combat; a slot keyword is read (CardModel.slot)",
        lambda c: not set(c.rec["item_keywords"]) & set(interpreter.SLOTS)),
    ("items.json", "combat_tags"): (
        "an item with its own card_effects.yaml entry: the entry describes its use (item_model skips its tags); "
        "each tag must name an effect kind the entry models",
        lambda c: _item_tags_modelled(c.rec["combat_tags"], c)),
    ("combat_cards.json", "card_kind"): (
        "repeats type-subtype ('resource-item' for every item class)",
        lambda c: c.rec["card_kind"] in (f"{c.rec['type']}-{c.rec['subtype']}", f"{c.rec['type']}-item")
        and (c.rec["card_kind"] != f"{c.rec['type']}-item" or c.rec["subtype"].endswith("-item"))),
    ("combat_cards.json", "type"): ("play_facts.card_facts reads a missing type as 'resource'",
                                    lambda c: c.rec["type"] == "resource"),
    ("combat_cards.json", "subtype"): ("an item's: repeats items.json item_class",
                                       lambda c: c.item is not None
                                       and c.rec["subtype"] == f"{c.item['item_class']}-item"),
    ("combat_cards.json", "keywords"): (
        "an item's repeat items.json item_keywords; a mode card's name its model's mode; the others "
        f"({', '.join(sorted(_EVENT_CLASS_KEYWORDS))}) classify the card for cards outside CvCC combat",
        lambda c: (c.item is not None and list(c.rec["keywords"]) == list(c.item.get("item_keywords") or ()))
        or (c.item is None and all(k in _EVENT_CLASS_KEYWORDS
                                   or (c.model is not None and _MODE_KEYWORDS.get(k) == c.model.mode)
                                   for k in c.rec["keywords"]))),
    ("combat_cards.json", "effect_tags"): (
        "an item's repeat items.json combat_tags; an event's are the short form of its `effects`, walked "
        "record by record",
        lambda c: (c.item is not None and list(c.rec["effect_tags"]) == list(c.item.get("combat_tags") or ()))
        or (c.item is None and bool(c.rec.get("effects")))),
    ("combat_cards.json", "cvcc"): (
        "the hazard default repeats type == 'hazard' (every hazard gets MECCG-STRUCT-8); 'see-rules-notes' "
        "points at cvcc_note",
        lambda c: (c.rec["cvcc"].startswith("hazard:") and c.rec["type"] == "hazard")
        or (c.rec["cvcc"] == "see-rules-notes" and bool(c.rec.get("cvcc_note")))),
    ("combat_cards.json", "cvcc_relevant"): (
        "card_effects.yaml paraphrases it: every relevant or unclear event has an entry, an unclear one a flag",
        lambda c: c.entry is not None and c.model is not None
        and c.rec["cvcc_relevant"] in ("yes", "unclear") and (c.rec["cvcc_relevant"] == "yes" or bool(c.model.flag))),
    ("combat_cards.json", "cvcc_use"): (
        "card_effects.yaml paraphrases it: the model's play and side say who uses the card",
        lambda c: c.entry is not None and c.model is not None
        and _CVCC_USE.get(c.rec["cvcc_use"], lambda m: False)(c.model)),
    ("combat_cards.json", "required_skill"): ("card_effects.yaml paraphrases it: the model requires the skill",
                                              lambda c: _requires(c, "skill", c.rec["required_skill"])),
    ("combat_cards.json", "required_race"): ("card_effects.yaml paraphrases it: the model requires the race",
                                             lambda c: _requires(c, "race", c.rec["required_race"])),
}

# ---- structured effect records --------------------------------------------------------------
#: effect kind -> (what in a model accounts for it, words an unmodelled/outside entry names it by).
#: Targets: ("fx", what, sign): an fx record with that `what` (and the record's value times sign);
#: ("play", kind); ("model", attribute): a CardModel flag (``payer_body_check``, ``cost_check``); ("member", attribute): a
#: Member flag; ("grants",): the skill a placed card gives
#: (``grants_skill``) or an unmodelled entry granting one;
#: ("claim", decider): the decider's verdict on the card changes with its flag (strike_count reads effect_tags).
EFFECT_KINDS: dict[str, tuple[tuple[tuple, ...], tuple[str, ...]]] = {
    "prowess": ((("fx", "prowess", 1),), ("prowess",)),
    "body": ((("fx", "body", 1),), ("body",)),
    "no_tap": ((("fx", "no_tap", 1),), ("tap",)),
    "rolls": ((("fx", "rolls", 1),), ("roll",)),
    "cancel_strike": ((("fx", "cancel_strike", 1),), ("cancel",)),
    "ineffectual": ((("fx", "ineffectual", None),), ("ineffectual",)),
    "heal": ((("fx", "heal", None),), ("heal",)),
    "no_opponent_weapon": ((("fx", "no_opponent_weapon", None),), ("weapon",)),
    "untap": ((("fx", "untap", 1),), ("untap",)),
    "body_check_roll": ((("fx", "body_check_roll", 1), ("fx", "opponent_body_check_roll", 1)),
                        ("body check", "body-check")),
    "no_discard_on_body_check": ((("fx", "no_discard", 1),), ("not discarded",)),
    "attack_prowess": ((("fx", "opponent_prowess", 1),), ("prowess", "to attacks")),
    "attack_body": ((("fx", "opponent_body", 1),), ("body",)),
    "opposing_strike_prowess": ((("fx", "opponent_prowess", 1),), ("prowess",)),
    "opposing_strike_body": ((("fx", "opponent_body", 1),), ("body",)),
    "opposing_body": ((("fx", "opponent_body", 1),), ("body",)),
    "opponent_body": ((("fx", "halve_opponent_body", None),), ("body",)),
    "no_tap_penalty": ((("fx", "untap_penalty", -1),), ("penalty",)),  # -1 instead of -3: untap_penalty 1
    "cancel_attack": ((("play", "cancel"),), ("cancel",)),
    "environment": ((("play", "state"),), ()),
    "enables_cvcc": ((("play", "state"),), ()),
    "may_not_be_attacked": ((("member", "may_not_be_attacked"),), ()),
    "gain_skill": ((("grants",),), ("skill",)),
    "cost_only": ((("model", "cost_check"),), ("corruption",)),  # the check a card costs (MECCG-FX-25)
    "weapon_prowess": ((("fx", "weapon_prowess", 1),), ("weapon", "dagger", "sword")),
    "strikes": ((("claim", "strike_count"),), ("strike",)),
    "face_extra_strikes": ((), ("extra strike",)),
    "choose_defenders": ((), ("chooses defenders",)),
    "assign_all_strikes": ((), ("assign all strikes",)),
    "no_strikes_to": ((), ("no strikes",)),
    "attack_uncancelable": ((("model", "keeps_attack"),), ("cannot be cancelled",)),  # MECCG-FX-29
    "cancel_cancel": ((("model", "keeps_attack"),), ("cancelling a cancel", "cancels an effect")),  # MECCG-FX-29
    "body_check": ((("model", "payer_body_check"),), ("body check",)),  # the payer's body check (MECCG-FX-24)
    "replace_body_check": ((("fx", "opponent_off_to_side", None),), ("body check",)),  # No Better Use (MECCG-FX-28)
    "discard_item": ((("fx", "discard_opponent_item", None),), ("discard",)),  # Scourge of Fire (MECCG-FX-26)
    "discard_attacker": ((("fx", "opponent_discarded_if_survives", None),), ("discard",)),
    "discard_allies": ((("model", "wound_rolls"),), ("allies discarded", "discard")),  # MECCG-FX-31: Crowned with Storm's wound rolls
    "tap_all": ((("model", "wound_rolls"),), ("tapped",)),  # MECCG-FX-31: Crowned with Storm's wound rolls
    "wound_roll": ((("model", "wound_rolls"),), ("wound",)),  # MECCG-FX-31: Crowned with Storm's wound rolls
    "may_face_strike": ((), ("face a strike",)),
    "must_be_assigned_first": ((), ("assigned a strike before",)),
    "assignable_as_untapped": ((), ("as if untapped",)),
    "choose_strike_assignment": ((), ("strike assignment",)),
    "discarded_if_controller_wounded": ((), ("discarded if its controller is wounded",)),
}
#: the effect kinds that map to nothing a model holds (only an unmodelled entry can name them)
UNMAPPABLE = {kind for kind, (targets, _words) in EFFECT_KINDS.items() if not targets}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

# ---- what is read by nothing and named by nothing ------------------------------------------------
#: card id -> {gap: why}: a field ("file:field") or an effect record ("file:effects[kind]") that no
#: model reads and no unmodelled entry names. The test fails when this list changes either way.
KNOWN_GAPS: dict[str, dict[str, str]] = {}  # none left: every combat field is read or named


# ---- the data as the loader reads it ----------------------------------------------------------
@functools.cache
def _docs() -> dict[str, dict[str, Any]]:
    """The three JSON documents, read the way :func:`database.load_carddb` reads them (never mutated): items.json
    with the corrections of ``data/item_terms.yaml`` applied."""
    pkg = resources.files(database.DATA_PACKAGE)
    docs = {f: json.loads(pkg.joinpath(f).read_text(encoding="utf-8")) for f in FILES}
    docs["items.json"]["records"] = database.corrected_item_records(docs["items.json"]["records"])
    return docs


def _records(filename: str) -> list[dict[str, Any]]:
    return _docs()[filename]["records"]


@functools.cache
def _ids(filename: str) -> frozenset[str]:
    return frozenset(r["id"] for r in _records(filename))


@functools.cache
def _item_records() -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in _records("items.json")}


def _keywords(rec: Mapping[str, Any]) -> list[str]:
    return [*(rec.get("keywords") or ()), *(rec.get("gccg_keywords") or ())]


def _empty(value: Any) -> bool:
    return value is None or value is False or value == "" or value == [] or value == {}


def _absent(value: Any) -> Any:
    """The value the loader takes for a missing field (``rec.get`` -> None, ``or ()``, ``bool()``)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, list):
        return []
    if isinstance(value, dict):
        return {}
    return None


def _without(rec: Mapping[str, Any], filename: str, key: str) -> dict[str, Any]:
    """The record with ``key`` removed. The loader reads a character's keywords as the union of
    ``keywords`` and ``gccg_keywords``: removing one removes its values from the union."""
    out = dict(rec)
    out[key] = _absent(rec[key])
    if filename == "characters.json" and key in ("keywords", "gccg_keywords"):
        other = "gccg_keywords" if key == "keywords" else "keywords"
        out[other] = [k for k in rec.get(other) or () if k not in rec[key]]
    return out


# ---- what one record derives --------------------------------------------------------------------
def _guard(fn: Callable[[], Any]) -> Any:
    """What ``fn`` gives, or the error it raises (an error is something derived too)."""
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - any failure is a difference
        return ("error", type(e).__name__, str(e))


def _model_view(m: Any) -> Any:
    if not isinstance(m, interpreter.CardModel):
        return m  # an error
    return {"as_json": m.as_json(), "fields": dataclasses.asdict(m)}


def _facts(preds: Iterable[Any]) -> list[str]:
    return sorted(str(p) for p in preds)


def _own_alignment(card: database.CharacterCard) -> str:
    """A player whose company may hold the card (MECCG-FX-20): its own alignment's, a Fallen-wizard for a stage
    card, a Wizard for a neutral one, a Balrog player for a Balrog-specific one."""
    if card.balrog_specific:
        return "balrog"
    return card.alignment if card.alignment in schema.PREFERRED else "fallen-wizard" if card.alignment == "stage" \
        else "hero"


def _member_view(card: database.CharacterCard) -> dict[str, Any]:
    """The Member ``scenario_from_dict`` builds from the card (read from a one-card database)."""
    own = _own_alignment(card)
    other = "hero" if own in ("minion", "balrog") else "minion"
    one = database.CardDB([card], [], [])
    schema._MEMBERS.clear()  # keyed by id(db): a one-card database may get a freed database's id
    try:
        with mock.patch.object(schema, "load_carddb", lambda: one):
            s = schema.scenario_from_dict({
                "game": "meccg",
                "attacker": {"alignment": other, "site": "Site",
                             "members": [{"name": "Foe", "custom": True, "prowess": 1, "body": 1}]},
                "defender": {"alignment": own, "site": "Site", "members": [card.id]}})
    finally:
        schema._MEMBERS.clear()
    return dataclasses.asdict(s.defender.members[0])


@contextlib.contextmanager
def _as_model(card_id: str, m: Any):
    """``interpreter.model(card_id)`` answers ``m`` (the rebuilt record's model) meanwhile."""
    real = interpreter.model

    def model(cid: str) -> interpreter.CardModel:
        if cid != card_id:
            return real(cid)
        if not isinstance(m, interpreter.CardModel):
            raise RuntimeError(f"no model: {m}")
        return m

    with mock.patch.object(interpreter, "model", model):
        yield


def _play_facts(card: Any, m: Any) -> dict[str, Any]:
    with _as_model(card.id, m):
        return {"card_facts": _guard(lambda: _facts(play_facts.card_facts(card))),
                "strike_card_facts": _guard(lambda: _facts(play_facts.strike_card_facts(card)))}


@functools.cache
def _probe_scenario() -> Any:
    return schema.scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "minion", "site": "Site", "members": [
            {"name": "A1", "custom": True, "prowess": 1, "body": 1},
            {"name": "A2", "custom": True, "prowess": 1, "body": 1}]},
        "defender": {"alignment": "hero", "site": "Site", "members": [
            {"name": "D1", "custom": True, "prowess": 1, "body": 1}]}})


def _claim_views(card: database.CombatCard) -> dict[str, Any]:
    """The verdicts of the claim deciders that read a card's fields themselves."""
    base, one, out = _probe_scenario(), database.CardDB([], [], [card]), {}
    with mock.patch.object(claims_combat, "load_carddb", lambda: one):
        for decider, flag, values, args in (
                (claims_combat.hazard_effect, "hazard_scope", ("attack_or_strike", "all"), {}),
                (claims_combat.strike_count, "strike_count_modifiers", ("no_effect", "apply"), {"count": 1})):
            for value in values:
                s = dataclasses.replace(base, flags={**base.flags, flag: value})
                if decider is claims_combat.hazard_effect:  # asked of the card in play (one not in play has none)
                    s = dataclasses.replace(s, in_play=(card,))
                claim = Claim(id="c1", kind=decider.__name__, text="", args={"card": card.id, **args},
                              path="claims[0]")
                out[f"{decider.__name__}[{value}]"] = _guard(lambda: _verdict_view(decider(s, claim)))
    return out


def _verdict_view(v: Any) -> tuple[Any, ...]:
    return v.verdict, v.rules, v.notes


def _derive_character(rec: Mapping[str, Any]) -> dict[str, Any]:
    card = database.character_from_record(rec)
    m = _guard(lambda: interpreter.character_model(card))
    out = {"model": _model_view(m), "member": _guard(lambda: _member_view(card))}
    if isinstance(m, interpreter.CardModel) and m.play == "strike":  # an ability played as a card
        out.update(_play_facts(card, m))
    return out


def _derive_item(rec: Mapping[str, Any]) -> dict[str, Any]:
    card = database.item_from_record(rec, database.item_terms())
    return {"model": _model_view(_guard(lambda: interpreter.item_model(card))),
            "card_facts": _guard(lambda: _facts(play_facts.card_facts(card)))}


def _derive_combat_card(rec: Mapping[str, Any]) -> dict[str, Any]:
    card = database.combat_card_from_record(rec)
    out: dict[str, Any] = {}
    if card.id in _ids("items.json") or card.id in _ids("characters.json"):
        m: Any = interpreter.all_models()[card.id]  # all_models: items.json's model wins
    else:
        m = _guard(lambda: interpreter.event_model(card))
        out["model"] = _model_view(m)
    out.update(_play_facts(card, m))
    out.update(_claim_views(card))
    return out


DERIVE: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "characters.json": _derive_character, "items.json": _derive_item, "combat_cards.json": _derive_combat_card}


def _intact_model(filename: str, rec: Mapping[str, Any]) -> interpreter.CardModel | None:
    if filename == "characters.json":
        return interpreter.character_model(database.character_from_record(rec))
    if filename == "items.json":
        return interpreter.item_model(database.item_from_record(rec, database.item_terms()))
    if rec["id"] in _ids("items.json"):
        return None
    return interpreter.event_model(database.combat_card_from_record(rec))


# ---- accounting -------------------------------------------------------------------------------
def _texts(m: interpreter.CardModel | None) -> list[str]:
    """The unmodelled and outside-combat entries of a card, as lower-case text."""
    if m is None:
        return []
    return [f"{u.get('what', '')} {u.get('why', '')}".casefold() for u in (*m.unmodelled, *m.outside)]


def _named(m: interpreter.CardModel | None, field: str) -> bool:
    """An unmodelled or outside entry names the field. (Not its values: an item's entries start with
    the item's name, which holds keywords such as "The One Ring", and "Wizard" is in many texts.)"""
    return any(field in t or field.replace("_", " ") in t for t in _texts(m))


def _in_model(e: Mapping[str, Any], m: interpreter.CardModel, derived: Mapping[str, Any]) -> bool:
    """The effect record's kind maps to something of the model or of what the card derives
    (:data:`EFFECT_KINDS`)."""
    value, member = e.get("value"), derived.get("member")
    for target in EFFECT_KINDS.get(e.get("effect"), ((), ()))[0]:
        if target[0] == "fx":
            _, what, sign = target
            if any(f.what == what and (sign is None or not isinstance(value, int) or isinstance(value, bool)
                                       or f.amount == sign * value) for f in m.fx + m.company_fx + m.turn_fx):
                return True
        elif target[0] == "play" and m.play == target[1]:
            return True
        elif target[0] == "model" and getattr(m, target[1], False):
            return True
        elif target[0] == "member" and isinstance(member, dict) and member.get(target[1]):
            return True
        elif target[0] == "grants" and (m.grants_skill or any(u.get("grants") for u in m.unmodelled)):
            return True
        elif target[0] == "claim" and _verdict(derived, f"{target[1]}[apply]") != _verdict(
                derived, f"{target[1]}[no_effect]"):
            return True
    return False


def _verdict(derived: Mapping[str, Any], key: str) -> Any:
    """The true/false of a claim view (:func:`_verdict_view`), or its error."""
    v = derived.get(key)
    return v[0] if isinstance(v, tuple) else v


def _effect_named(e: Mapping[str, Any], m: interpreter.CardModel | None) -> bool:
    """An unmodelled or outside entry names the record: a word of its kind and its number."""
    words = EFFECT_KINDS.get(e.get("effect"), ((), ()))[1]
    value = e.get("value")
    for t in _texts(m):
        if not any(w in t for w in words):
            continue
        if isinstance(value, bool) or value is None or (isinstance(value, int) and (
                str(abs(value)) in t or _NUMBER_WORDS.get(abs(value), "?") in t)):
            return True
        if isinstance(value, str) and value.casefold() in t:
            return True
    return False


#: what stands in for a dropped effect record: the list keeps its length, so a card whose only record is
#: dropped does not fall back to its effect_tags (play_facts.card_facts reads tags only without records)
_NO_EFFECT = {"effect": "(dropped)", "cvcc": False}


def _effect_gaps(filename: str, rec: Mapping[str, Any], base: Any, m: interpreter.CardModel | None) -> list[str]:
    key = EFFECT_FIELDS[filename]
    records = list(rec.get(key) or ())
    gaps = []
    for i, e in enumerate(records):
        if e.get("cvcc") is False:
            continue  # the record says it has no effect in company vs. company combat
        if DERIVE[filename]({**rec, key: [*records[:i], _NO_EFFECT, *records[i + 1:]]}) != base:
            continue
        if m is not None and (_in_model(e, m, base) or _effect_named(e, m)):
            continue
        gaps.append(f"{STEM[filename]}:{key}[{e.get('effect')}]")
    return gaps


def walk(files: Iterable[str] = FILES, only: Iterable[str] | None = None) -> dict[str, list[str]]:
    """Card id -> its gaps (sorted), for the records of ``files`` (those of ``only`` if given)."""
    wanted = set(only) if only is not None else None
    yaml_cards = interpreter._yaml()["cards"]
    out: dict[str, list[str]] = {}
    for filename in files:
        for rec in _records(filename):
            if wanted is not None and rec["id"] not in wanted:
                continue
            if filename == "combat_cards.json" and rec.get("cvcc_relevant") == "no":
                continue  # modelled as having no effect in CvCC (interpreter.event_model: no_effect)
            base = DERIVE[filename](rec)
            m = _intact_model(filename, rec)
            ctx = Ctx(rec, m, yaml_cards.get(rec["id"]),
                      _item_records().get(rec["id"]) if filename == "combat_cards.json" else None)
            gaps: list[str] = []
            for key, value in rec.items():
                if _empty(value) or (filename, key) in EXEMPT:
                    continue
                if key == EFFECT_FIELDS.get(filename):
                    gaps += _effect_gaps(filename, rec, base, m)
                    continue
                if DERIVE[filename](_without(rec, filename, key)) != base or _named(m, key):
                    continue
                rule = ACCOUNTED.get((filename, key))
                if rule is not None and rule[1](ctx):
                    continue
                gaps.append(f"{STEM[filename]}:{key}")
            if gaps:
                out.setdefault(rec["id"], []).extend(gaps)
    return {cid: sorted(g) for cid, g in out.items()}


@pytest.fixture(scope="module")
def gaps() -> dict[str, list[str]]:
    return walk()


# ---- the tests ----------------------------------------------------------------------------------
def test_every_field_is_documented_and_every_exemption_names_one():
    for filename in FILES:
        documented = set(_docs()[filename]["fields"])
        used = {k for r in _records(filename) for k in r}
        assert used <= documented, f"{filename}: undocumented fields {sorted(used - documented)}"
    for filename, key in (*EXEMPT, *ACCOUNTED):
        assert key in _docs()[filename]["fields"], f"{filename}: no field {key!r}"
    assert not set(EXEMPT) & set(ACCOUNTED)


def test_no_data_field_unread(gaps):
    known = {cid: sorted(g) for cid, g in KNOWN_GAPS.items()}
    new = {cid: sorted(set(g) - set(known.get(cid, ()))) for cid, g in gaps.items()}
    closed = {cid: sorted(set(g) - set(gaps.get(cid, ()))) for cid, g in known.items()}
    new, closed = {k: v for k, v in new.items() if v}, {k: v for k, v in closed.items() if v}
    assert not new and not closed, (
        f"read by nothing and named by nothing (new): {json.dumps(new, indent=1, ensure_ascii=False)}\n"
        f"in KNOWN_GAPS but now read or named (closed): {json.dumps(closed, indent=1, ensure_ascii=False)}")
    assert {cid: sorted(g) for cid, g in gaps.items()} == known  # duplicates too


def test_single_record_rebuild_is_the_loaded_database():
    """The walker's one-record rebuild derives what the loaded database derives, record for record."""
    db, models = database.load_carddb(), interpreter.all_models()
    for rec in _records("characters.json"):
        card = db.character(rec["id"])
        assert database.character_from_record(rec) == card
        assert _model_view(models[card.id]) == _derive_character(rec)["model"], card.id
        own = _own_alignment(card)
        s = schema.scenario_from_dict({
            "game": "meccg",
            "attacker": {"alignment": "hero" if own in ("minion", "balrog") else "minion", "site": "Site",
                         "members": [{"name": "Foe", "custom": True, "prowess": 1, "body": 1}]},
            "defender": {"alignment": own, "site": "Site", "members": [card.id]}})
        assert dataclasses.asdict(s.defender.members[0]) == _derive_character(rec)["member"], card.id
    for rec in _records("items.json"):
        item = db.item(rec["id"])
        assert _model_view(models[item.id]) == _derive_item(rec)["model"], item.id
        assert _facts(play_facts.card_facts(item)) == _derive_item(rec)["card_facts"]
    for rec in _records("combat_cards.json"):
        card = db.card(rec["id"])
        assert card == database.combat_card_from_record(rec)
        got = _derive_combat_card(rec)
        if "model" in got:
            assert _model_view(models[card.id]) == got["model"], card.id
        assert _facts(play_facts.strike_card_facts(card)) == got["strike_card_facts"], card.id


@contextlib.contextmanager
def _loaded_from(changed: Mapping[str, list[dict[str, Any]]]):
    """The whole database loaded from changed records (``database._records`` patched), every cache
    that holds what it loaded cleared on the way in and on the way out."""
    real = database._records
    caches = (database.load_carddb, interpreter.all_models, interpreter.mode_cards, interpreter.strike_cards,
              strike_effects.load_effects)

    def clear() -> None:
        for cached in caches:
            cached.cache_clear()
        schema._MEMBERS.clear()

    def records(filename: str) -> list[dict[str, Any]]:
        return copy.deepcopy(changed[filename]) if filename in changed else real(filename)

    clear()
    try:
        with mock.patch.object(database, "_records", records):
            yield
    finally:
        clear()


def test_a_field_dropped_from_the_json_changes_the_loaded_model_alike():
    gimli = next(r for r in _records("characters.json") if r["id"] == "TW-159")
    glamdring = next(r for r in _records("items.json") if r["name"] == "Glamdring")
    before = {"TW-159": _model_view(interpreter.model("TW-159")), glamdring["id"]: _model_view(
        interpreter.model(glamdring["id"]))}
    for filename, rec, key in (("characters.json", gimli, "prowess_mods"), ("items.json", glamdring, "prowess_max")):
        dropped = _without(rec, filename, key)
        with _loaded_from({filename: [dropped if r["id"] == rec["id"] else r for r in _records(filename)]}):
            loaded = _model_view(interpreter.model(rec["id"]))
        assert loaded == DERIVE[filename](dropped)["model"] != before[rec["id"]]
    assert _model_view(interpreter.model("TW-159")) == before["TW-159"]  # the real data is back


def test_effect_kinds_cover_the_data_vocabulary():
    """Every effect kind of the data (but the records and cards with no effect in CvCC) is in the
    mapping table. The kinds it maps to no model target (:data:`UNMAPPABLE`) no model can hold: a
    record of one is covered only when dropping it changes what its card derives or when an unmodelled
    entry names it."""
    kinds = {e.get("effect") for f, key in EFFECT_FIELDS.items() for r in _records(f) for e in r.get(key) or ()
             if e.get("cvcc") is not False}
    kinds -= {e.get("effect") for r in _records("combat_cards.json") if r.get("cvcc_relevant") == "no"
              for e in r.get("effects") or ()}
    assert kinds - set(EFFECT_KINDS) == set()
    assert UNMAPPABLE == {"face_extra_strikes", "choose_defenders",
                          "assign_all_strikes", "no_strikes_to",
                          "may_face_strike", "must_be_assigned_first",
                          "assignable_as_untapped", "choose_strike_assignment", "discarded_if_controller_wounded"}


# ---- the method can fail -----------------------------------------------------------------------
def _known_plus(card_id: str, *opened: str) -> list[str]:
    """The card's known gaps and those a mutant opens (the walker's answer for a mutated project)."""
    return sorted([*KNOWN_GAPS.get(card_id, {}), *opened])


def test_mutant_item_model_ignoring_body_bonus_is_caught(monkeypatch):
    real = interpreter.item_model
    monkeypatch.setattr(interpreter, "item_model", lambda item: real(dataclasses.replace(item, body_bonus=None)))
    shield = next(r for r in _records("items.json") if r["name"] == "Shield of Iron-bound Ash")
    assert shield["body_bonus"]
    # its body_max, read only with the bonus, goes unread with it
    assert walk(["items.json"], only=[shield["id"]]) == {
        shield["id"]: _known_plus(shield["id"], "items:body_bonus", "items:body_max")}


def test_mutant_loader_dropping_discard_on_body_check_is_caught(monkeypatch):
    real = database.character_from_record
    monkeypatch.setattr(database, "character_from_record",
                        lambda rec: dataclasses.replace(real(rec), discard_on_body_check=()))
    assert walk(["characters.json"], only=["LE-11"]) == {
        "LE-11": _known_plus("LE-11", "characters:discard_on_body_check")}


def test_mutant_paraphrase_losing_an_effect_is_caught(monkeypatch):
    """Risky Blow's yaml entry without its body -1: the `effects` record body is unaccounted for."""
    raw = copy.deepcopy(interpreter._yaml())
    raw["cards"]["TW-319"]["fx"] = [f for f in raw["cards"]["TW-319"]["fx"] if f["what"] != "body"]
    monkeypatch.setattr(interpreter, "_yaml", lambda: raw)
    assert walk(["combat_cards.json"], only=["TW-319"]) == {
        "TW-319": _known_plus("TW-319", "combat_cards:effects[body]")}
