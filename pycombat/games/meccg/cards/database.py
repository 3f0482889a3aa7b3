"""The shipped MECCG card database: characters, items and combat-relevant cards.

The data lives in ``pycombat/games/meccg/data/{characters,items,combat_cards}.json``, each
``{"source": [...], "fields": {...}, "records": [...]}``; the ``fields`` entry of each file
documents every column. This module turns the records into frozen dataclasses and finds
them by CoE id (``TW-156``) or by name, forgiving case, accents, typographic apostrophes and
hyphens.

>>> db = load_carddb()
>>> db.character("Gimli").prowess, db.character("gimli").body
(5, 8)
>>> db.character("Gandalf", prefer_alignment="hero").id
'TW-156'
>>> db.item("Glamdring").prowess_max
8
"""
from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, TypeVar

from pycombat.errors import ScenarioError, UnknownNameError
from pycombat.names import NameIndex, closest

__all__ = ["CharacterCard", "ItemCard", "CombatCard", "CardDB", "load_carddb"]

#: Package holding the JSON files.
DATA_PACKAGE = "pycombat.games.meccg.data"

#: For a preferred alignment, the alignments accepted, tier by tier, when a name has several
#: records. Cards of the neutral/dual alignments are usable by every player, so they are the
#: last tier for everyone.
_ALIGNMENT_TIERS: Mapping[str, tuple[tuple[str, ...], ...]] = {
    "balrog": (("balrog",), ("minion",)),
    "fallen-wizard": (("fallen-wizard",), ("hero", "minion")),
}
_SHARED_ALIGNMENTS = ("neutral", "dual")

Card = TypeVar("Card", "CharacterCard", "ItemCard", "CombatCard")


@dataclass(frozen=True)
class CharacterCard:
    """A character, avatar, ally or agent (``card_type``), as printed.

    ``keywords`` is the union of the CoE DB keywords and the GCCG ones (e.g. ``Uruk-hai``,
    ``Ent``). ``discard_on_body_check`` lists the body-check results on which an Orc or Troll
    is discarded rather than eliminated (MECCG-BODY-2).
    """

    id: str
    name: str
    set: str
    alignment: str
    card_type: str
    race: str | None
    skills: tuple[str, ...]
    prowess: int | None
    body: int | None
    mind: int | None
    mp: int | None
    mp_if_eliminated: int | None
    avatar: bool
    keywords: tuple[str, ...]
    may_not_be_attacked: bool
    may_not_face_strikes_at_site: bool
    discard_on_body_check: tuple[int, ...]
    makes_company_overt: bool
    prowess_mods: tuple[dict[str, Any], ...] = field(default=(), hash=False)
    combat_tags: tuple[str, ...] = ()
    #: structured combat abilities (the combat_cards.json vocabulary plus vs_race, mode, cvcc)
    combat_effects: tuple[dict[str, Any], ...] = field(default=(), hash=False)
    #: "all", or the limit printed on the card (the Ents: automatic-attacks and hazards keyed to his site)
    may_not_be_attacked_scope: str | None = None
    direct_influence: int | None = None  #: the influence it may spend (rolls of influence, MECCG-FX-16)
    unique: bool = False  #: a unique card: in play once at most (MECCG-FX-33)
    #: the card it is a manifestation of (counted as one with it for uniqueness, MECCG-FX-33)
    manifestation_of: str | None = None
    #: "All of his corruption checks are modified by +N" (data/character_terms.yaml ``corruption_check``): N,
    #: added to every corruption check he makes (cards/rolls.py ``check_modifiers``, MECCG-FX-22/25/30/31)
    check_modifier: int = 0
    #: "Balrog specific" (data/character_terms.yaml ``balrog_specific``): only a Balrog player's (MECCG-FX-20)
    balrog_specific: bool = False
    #: the printed text of the terms above (the overlay's ``source``), shown by ``pycombat card``
    terms_source: tuple[str, ...] = ()


@dataclass(frozen=True)
class ItemCard:
    """An item with its combat numbers (``None`` where the card prints none).

    ``conditional_bonuses`` holds the raw variants, e.g. Glamdring's
    ``{"against": ["Orc"], "prowess_max": 9}``.
    """

    id: str
    name: str
    set: str
    alignment: str
    item_class: str
    item_keywords: tuple[str, ...]
    mp: int | None
    prowess_bonus: int | None
    prowess_max: int | None
    prowess_warrior_only: bool
    body_bonus: int | None
    body_max: int | None
    conditional_bonuses: tuple[dict[str, Any], ...] = field(default=(), hash=False)
    combat_tags: tuple[str, ...] = ()
    body_warrior_only: bool = False
    strike_body_mod: int | None = None  #: modifies the body of the strike the bearer faces
    unique: bool = False  #: a unique item (Map to Mithril is placed only with a non-unique weapon)
    corruption_points: int = 0  #: its bearer's corruption points from it (a corruption check, MECCG-FX-22)
    #: who may bear it at all (data/item_terms.yaml ``bearer``: race, card, min_prowess; MECCG-FX-35)
    bearer_requires: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    #: "cannot be duplicated on a given character" (data/item_terms.yaml ``no_duplicate``: "character", MECCG-FX-35)
    no_duplicate: str | None = None
    #: whom the item acts for at all (data/item_terms.yaml ``affects``: race; "This item only affects a
    #: Ringwraith"): every part of it needs such a bearer (MECCG-FX-17); another may carry it, for nothing
    affects_requires: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class CombatCard:
    """A resource or hazard that matters in combat (events, allies' cards, items as cards).

    ``cvcc`` is the database's note on the card's status in company vs. company combat.
    """

    id: str
    name: str
    set: str
    alignment: str
    card_kind: str
    type: str
    subtype: str
    keywords: tuple[str, ...]
    required_skill: str | None
    required_race: str | None
    effect_tags: tuple[str, ...]
    cvcc: str | None
    #: structured effects (what, value, target, scope, when, cost, condition, ...)
    effects: tuple[dict[str, Any], ...] = field(default=(), hash=False)
    cvcc_relevant: str | None = None  #: yes / no / unclear (None for items)
    cvcc_use: str | None = None
    cvcc_note: str | None = None
    unique: bool = False  #: a unique card: in play once at most (MECCG-FX-33)


def _tuple(value: Iterable[Any] | None) -> tuple[Any, ...]:
    """``None`` -> ``()``, a list -> a tuple (order kept, duplicates dropped).

    >>> _tuple(None), _tuple(["Leader", "Uruk-hai", "Leader"])
    ((), ('Leader', 'Uruk-hai'))
    """
    return tuple(dict.fromkeys(value or ()))


def _dicts(value: Iterable[Mapping[str, Any]] | None) -> tuple[dict[str, Any], ...]:
    """A tuple of shallow copies of raw JSON objects (``None`` -> ``()``)."""
    return tuple(dict(item) for item in value or ())


def _listed(value: Any) -> list[Any]:
    """A list as is; one JSON object -> a one-element list; ``None`` -> ``[]`` (older data had a
    single ``prowess_mods`` object on some cards).

    >>> _listed({"value": 2}), _listed(None), _listed([{"value": 1}])
    ([{'value': 2}], [], [{'value': 1}])
    """
    if value is None:
        return []
    return [value] if isinstance(value, Mapping) else list(value)


def character_from_record(rec: Mapping[str, Any]) -> CharacterCard:
    """Build a :class:`CharacterCard` from one ``characters.json`` record, with the printed terms of
    ``data/character_terms.yaml`` for its id (``corrections`` of the record's fields, ``corruption_check``,
    ``balrog_specific``)."""
    terms = character_terms()
    correction = terms["corrections"].get(rec["id"]) or {}
    rec = {**rec, **(correction.get("set") or {})}
    check = terms["corruption_check"].get(rec["id"]) or {}
    specific = terms["balrog_specific"].get(rec["id"]) or {}
    return CharacterCard(
        id=rec["id"],
        name=rec["name"],
        set=rec["set"],
        alignment=rec["alignment"],
        card_type=rec["card_type"],
        race=rec.get("race"),
        skills=_tuple(rec.get("skills")),
        prowess=rec.get("prowess"),
        body=rec.get("body"),
        mind=rec.get("mind"),
        mp=rec.get("mp"),
        mp_if_eliminated=rec.get("mp_if_eliminated"),
        avatar=bool(rec.get("avatar")),
        keywords=_tuple([*(rec.get("keywords") or ()), *(rec.get("gccg_keywords") or ())]),
        may_not_be_attacked=bool(rec.get("may_not_be_attacked")),
        may_not_face_strikes_at_site=bool(rec.get("may_not_face_strikes_at_site")),
        discard_on_body_check=tuple(int(n) for n in rec.get("discard_on_body_check") or ()),
        makes_company_overt=bool(rec.get("makes_company_overt")),
        prowess_mods=_dicts(_listed(rec.get("prowess_mods"))),
        combat_tags=_tuple(rec.get("combat_tags")),
        combat_effects=_dicts(rec.get("combat_effects")),
        may_not_be_attacked_scope=rec.get("may_not_be_attacked_scope"),
        direct_influence=rec.get("direct_influence"),
        unique=bool(rec.get("unique")),
        manifestation_of=rec.get("manifestation_of"),
        check_modifier=int(check.get("amount") or 0),
        balrog_specific=bool(specific),
        terms_source=tuple(str(t["source"]) for t in (correction, check, specific) if t),
    )


def item_from_record(rec: Mapping[str, Any], terms: Mapping[str, Any] | None = None) -> ItemCard:
    """Build an :class:`ItemCard` from one ``items.json`` record, with the bearer terms of
    ``data/item_terms.yaml`` (its ``bearer`` and ``no_duplicate`` entries for the record's id)."""
    terms = terms or {}
    bearer = {k: v for k, v in ((terms.get("bearer") or {}).get(rec["id"]) or {}).items() if k in BEARER_KEYS}
    affects = {k: v for k, v in ((terms.get("affects") or {}).get(rec["id"]) or {}).items() if k in AFFECTS_KEYS}
    return ItemCard(
        id=rec["id"],
        name=rec["name"],
        set=rec["set"],
        alignment=rec["alignment"],
        item_class=rec["item_class"],
        item_keywords=_tuple(rec.get("item_keywords")),
        unique=bool(rec.get("unique")),
        mp=rec.get("mp"),
        prowess_bonus=rec.get("prowess_bonus"),
        prowess_max=rec.get("prowess_max"),
        prowess_warrior_only=bool(rec.get("prowess_warrior_only")),
        body_bonus=rec.get("body_bonus"),
        body_max=rec.get("body_max"),
        conditional_bonuses=_dicts(rec.get("conditional_bonuses")),
        combat_tags=_tuple(rec.get("combat_tags")),
        body_warrior_only=bool(rec.get("body_warrior_only")),
        strike_body_mod=rec.get("strike_body_mod"),
        corruption_points=int(rec.get("corruption_points") or 0),
        bearer_requires=bearer,
        no_duplicate="character" if rec["id"] in (terms.get("no_duplicate") or {}) else None,
        affects_requires=affects,
    )


def combat_card_from_record(rec: Mapping[str, Any]) -> CombatCard:
    """Build a :class:`CombatCard` from one ``combat_cards.json`` record."""
    return CombatCard(
        id=rec["id"],
        name=rec["name"],
        set=rec["set"],
        alignment=rec["alignment"],
        card_kind=rec["card_kind"],
        type=rec["type"],
        subtype=rec["subtype"],
        keywords=_tuple(rec.get("keywords")),
        required_skill=rec.get("required_skill"),
        required_race=rec.get("required_race"),
        effect_tags=_tuple(rec.get("effect_tags")),
        cvcc=rec.get("cvcc"),
        effects=_dicts(rec.get("effects")),
        cvcc_relevant=rec.get("cvcc_relevant"),
        cvcc_use=rec.get("cvcc_use"),
        cvcc_note=rec.get("cvcc_note"),
        unique=bool(rec.get("unique")),
    )


def _index(cards: Iterable[Card]) -> NameIndex[Card]:
    """A name/id index over cards."""
    return NameIndex((card.name, card.id, card) for card in cards)


def _narrow(hits: Sequence[Card], prefer_alignment: str | None) -> list[Card]:
    """The records of ``hits`` matching the preferred alignment (all of them if none do).

    >>> db = load_carddb()
    >>> [c.id for c in _narrow(db.characters_named("The Balrog"), "balrog")]
    ['BA-3']
    >>> [c.id for c in _narrow(db.characters_named("Gandalf"), "minion")]
    ['TW-156', 'WH-4']
    """
    if not prefer_alignment:
        return list(hits)
    wanted = prefer_alignment.strip().lower()
    tiers = _ALIGNMENT_TIERS.get(wanted, ((wanted,),)) + (_SHARED_ALIGNMENTS,)
    for tier in tiers:
        kept = [card for card in hits if card.alignment in tier]
        if kept:
            return kept
    return list(hits)


def _same_card(cards: Sequence[Card]) -> bool:
    """True if the cards differ at most in id, set and curation notes (reprints of one card)."""
    def bare(c: Card) -> Card:
        if isinstance(c, CombatCard):
            return dataclasses.replace(c, id="", set="", cvcc_note=None)
        if isinstance(c, CharacterCard):  # the overlay's printed text names the card's id
            return dataclasses.replace(c, id="", set="", terms_source=())
        return dataclasses.replace(c, id="", set="")

    first = bare(cards[0])
    return all(bare(c) == first for c in cards[1:])


def _choose(
    kind: str,
    query: str,
    hits: Sequence[Card],
    prefer_alignment: str | None,
    file: str | None,
    path: str | None,
) -> Card:
    """Pick one record among the records sharing a name, or raise an ambiguity error."""
    if len(hits) == 1:
        return hits[0]
    kept = _narrow(hits, prefer_alignment)
    if len(kept) == 1 or _same_card(kept):
        return kept[0]
    choices = ", ".join(f"{c.id} ({c.alignment}, {c.set})" for c in kept)
    raise ScenarioError(
        f"{kind} name {query!r} is ambiguous: it may be {choices}; give the card id instead "
        f"(e.g. {kept[0].id!r})",
        file=file,
        path=path,
    )


class CardDB:
    """Look MECCG cards up by id or by name.

    Several records may share a name (hero and minion versions, Fallen-wizard avatars,
    reprints in two sets). ``prefer_alignment`` (the player's alignment: hero, minion, balrog
    or fallen-wizard) keeps the records of that alignment; a Balrog player also accepts
    minion cards and a Fallen-wizard player hero or minion cards, when no card of his own
    alignment exists. Reprints that differ only in id and set are not ambiguous.
    """

    def __init__(
        self,
        characters: Iterable[CharacterCard],
        items: Iterable[ItemCard],
        combat_cards: Iterable[CombatCard],
    ):
        self.characters: tuple[CharacterCard, ...] = tuple(characters)
        self.items: tuple[ItemCard, ...] = tuple(items)
        self.combat_cards: tuple[CombatCard, ...] = tuple(combat_cards)
        self._characters = _index(self.characters)
        self._items = _index(self.items)
        self._combat = _index(self.combat_cards)

    def __repr__(self) -> str:
        return (
            f"CardDB({len(self.characters)} characters, {len(self.items)} items, "
            f"{len(self.combat_cards)} combat cards)"
        )

    def characters_named(self, query: str) -> list[CharacterCard]:
        """Every character record matching ``query`` (id or name); may be empty."""
        return self._characters.lookup(query)

    def character(
        self,
        query: str,
        *,
        prefer_alignment: str | None = None,
        file: str | None = None,
        path: str | None = None,
    ) -> CharacterCard:
        """The character, ally, avatar or agent with this id or name.

        >>> db = load_carddb()
        >>> db.character("eomer").name, db.character("le-39").discard_on_body_check
        ('Éomer', (9,))
        >>> db.character("Odacer")
        Traceback (most recent call last):
        ...
        pycombat.errors.UnknownNameError: unknown character 'Odacer'; did you mean 'Odoacer'?
        """
        hits = self._characters.lookup(query)
        if not hits:
            raise UnknownNameError(
                "character", query, self._characters.suggest(query), file=file, path=path
            )
        return _choose("character", query, hits, prefer_alignment, file, path)

    def item(
        self,
        query: str,
        *,
        prefer_alignment: str | None = None,
        file: str | None = None,
        path: str | None = None,
    ) -> ItemCard:
        """The item with this id or name.

        >>> db = load_carddb()
        >>> db.item("Broad Spear")
        Traceback (most recent call last):
        ...
        pycombat.errors.UnknownNameError: unknown item 'Broad Spear'; did you mean 'Broad-headed Spear'?
        """
        hits = self._items.lookup(query)
        if not hits:
            raise UnknownNameError("item", query, self._items.suggest(query), file=file, path=path)
        return _choose("item", query, hits, prefer_alignment, file, path)

    def card(
        self,
        query: str,
        *,
        prefer_alignment: str | None = None,
        file: str | None = None,
        path: str | None = None,
    ) -> CombatCard | ItemCard:
        """Any card that can be in play: a combat card if one matches, else an item.

        >>> db = load_carddb()
        >>> db.card("Doors of Night").card_kind
        'hazard-permanent-event'
        >>> db.card("Swift Strokes").required_skill
        'Warrior'
        """
        hits: list[Any] = self._combat.lookup(query) or self._items.lookup(query)
        if not hits:
            names = self._combat.names + self._items.names
            raise UnknownNameError("card", query, closest(query, names), file=file, path=path)
        return _choose("card", query, hits, prefer_alignment, file, path)


    def find_card(self, query: str, *, prefer_alignment: str | None = None, file: str | None = None,
                  path: str | None = None) -> CombatCard | ItemCard | None:
        """:meth:`card`, or ``None`` when no combat card or item has that name or id (no suggestion
        is computed: for a probe that falls back to another kind of record).

        >>> db = load_carddb()
        >>> db.find_card("Aragorn II") is None, db.find_card("Sable Shield").id
        (True, 'LE-341')
        """
        if not (self._combat.lookup(query) or self._items.lookup(query)):
            return None
        return self.card(query, prefer_alignment=prefer_alignment, file=file, path=path)

def _records(filename: str) -> list[dict[str, Any]]:
    """The ``records`` list of one shipped JSON file."""
    text = resources.files(DATA_PACKAGE).joinpath(filename).read_text(encoding="utf-8")
    return json.loads(text)["records"]


#: the overlay on items.json: corrections of its records and the bearer terms it does not hold
ITEM_TERMS = "item_terms.yaml"
#: what a ``bearer:`` entry of the overlay may require of the item's bearer (MECCG-FX-35)
BEARER_KEYS = ("race", "card", "min_prowess")
#: what an ``affects:`` entry asks of the bearer for the item to act at all ("This item only affects a Ringwraith")
AFFECTS_KEYS = ("race",)
_TERM_SECTIONS = ("corrections", "bearer", "no_duplicate", "affects")


@functools.cache
def item_terms() -> dict[str, Any]:
    """``data/item_terms.yaml``: ``corrections`` (fields of items.json records the printed card contradicts),
    ``bearer`` and ``no_duplicate`` (bearer terms), ``affects`` (whom the item acts for), each keyed by card id
    with the card's ``name`` and a ``source``."""
    import yaml

    text = resources.files(DATA_PACKAGE).joinpath(ITEM_TERMS).read_text(encoding="utf-8")
    data = yaml.safe_load(text) or {}
    unknown = set(data) - set(_TERM_SECTIONS)
    if unknown:
        raise ValueError(f"{ITEM_TERMS}: unknown section(s) {sorted(unknown)}; known: {list(_TERM_SECTIONS)}")
    return {k: dict(data.get(k) or {}) for k in _TERM_SECTIONS}


def corrected_item_records(records: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """items.json records with the overlay's ``corrections`` applied; every overlay entry must name a record
    by its id and name, and a correction may only set fields the record has.

    >>> [r["prowess_bonus"] for r in corrected_item_records(_records("items.json")) if r["id"] == "TW-196"]
    [None]
    """
    terms = item_terms()
    by_id = {r["id"]: dict(r) for r in records}
    for section in _TERM_SECTIONS:
        for card_id, entry in terms[section].items():
            rec = by_id.get(card_id)
            if rec is None or entry.get("name") != rec["name"] or not entry.get("source"):
                raise ValueError(f"{ITEM_TERMS}: {section}.{card_id} must name an items.json record by id and "
                                 f"name ({rec['name'] if rec else 'no such id'!r}) and give its `source`")
            if section == "bearer" and not set(entry) - {"name", "source"} <= set(BEARER_KEYS):
                raise ValueError(f"{ITEM_TERMS}: bearer.{card_id}: known terms are {list(BEARER_KEYS)}")
            if section == "affects" and not set(entry) - {"name", "source"} <= set(AFFECTS_KEYS):
                raise ValueError(f"{ITEM_TERMS}: affects.{card_id}: known terms are {list(AFFECTS_KEYS)}")
            if section == "corrections":
                fields = dict(entry.get("set") or {})
                if not fields or set(fields) - set(rec):
                    raise ValueError(f"{ITEM_TERMS}: corrections.{card_id}.set must set fields of the record")
                rec.update(fields)
    return [by_id[r["id"]] for r in records]


#: the overlay on characters.json: printed terms its fields do not hold
CHARACTER_TERMS = "character_terms.yaml"
_CHARACTER_SECTIONS = {"corrections": ("set",), "corruption_check": ("amount",), "balrog_specific": ()}


@functools.cache
def character_terms() -> dict[str, Any]:
    """``data/character_terms.yaml``: ``corrections`` (``set``: fields of a characters.json record the printed
    card contradicts), ``corruption_check`` ("All of his corruption checks are modified by +N": ``amount``) and
    ``balrog_specific``, each keyed by card id with the card's ``name`` and its printed text (``source``); every
    entry must name a characters.json record by id and name.

    >>> character_terms()["corruption_check"]["TW-152"]["amount"]
    4
    """
    import yaml

    text = resources.files(DATA_PACKAGE).joinpath(CHARACTER_TERMS).read_text(encoding="utf-8")
    data = yaml.safe_load(text) or {}
    unknown = set(data) - set(_CHARACTER_SECTIONS)
    if unknown:
        raise ValueError(f"{CHARACTER_TERMS}: unknown section(s) {sorted(unknown)}; known: {list(_CHARACTER_SECTIONS)}")
    records = {r["id"]: r for r in _records("characters.json")}
    names = {card_id: r["name"] for card_id, r in records.items()}
    out: dict[str, Any] = {}
    for section, keys in _CHARACTER_SECTIONS.items():
        out[section] = dict(data.get(section) or {})
        for card_id, entry in out[section].items():
            if names.get(card_id) != entry.get("name") or not entry.get("source"):
                raise ValueError(f"{CHARACTER_TERMS}: {section}.{card_id} must name a characters.json record by id "
                                 f"and name ({names.get(card_id, 'no such id')!r}) and give its `source`")
            if section == "corrections":
                fields = entry.get("set")
                if set(entry) - {"name", "source", "set"} or not isinstance(fields, dict) or not fields \
                        or set(fields) - set(records[card_id]):
                    raise ValueError(f"{CHARACTER_TERMS}: corrections.{card_id}.set must set fields of the record")
                continue
            extra = set(entry) - {"name", "source", *keys}
            if extra or any(not isinstance(entry.get(k), int) or isinstance(entry.get(k), bool) for k in keys):
                raise ValueError(f"{CHARACTER_TERMS}: {section}.{card_id}: its terms are {list(keys) or 'none'} "
                                 "(integers)")
    return out


@functools.cache
def load_carddb() -> CardDB:
    """The shipped card database (parsed once, then cached)."""
    terms = item_terms()
    return CardDB(
        characters=[character_from_record(r) for r in _records("characters.json")],
        items=[item_from_record(r, terms) for r in corrected_item_records(_records("items.json"))],
        combat_cards=[combat_card_from_record(r) for r in _records("combat_cards.json")],
    )
