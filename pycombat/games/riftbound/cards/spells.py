"""The shipped Riftbound spell and gear data (``data/spells.json``, ``data/gear.json``).

A card is its data record: cost, speed, ``showdown_playable`` and the structured ``effects``
the one interpreter (:mod:`.interpreter`) reads. The card lookup (``pycombat card NAME --game
riftbound``, :mod:`.lookup`) shows a unit, spell or gear with what the model does with each of
its effects and what it does not model.

>>> db = load_cards()
>>> db.card("blood rush").speed, db.card("Blood Rush").showdown_playable
('action', True)
>>> db.card("Blod Rush")
Traceback (most recent call last):
...
pycombat.errors.UnknownNameError: unknown spell or gear card 'Blod Rush'; did you mean 'Blood Rush' or 'Blood Rose'?
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib.resources import files as _resource_files
from typing import Any

from pycombat.errors import DataError, UnknownNameError
from pycombat.names import NameIndex
from .overlay import DATA_PACKAGE, OVERLAY, clauses_of, overlay  # noqa: F401  (read with the spells and gear)


@dataclass(frozen=True)
class Card:
    """One spell or gear card (the data record, read-only)."""

    id: str
    name: str
    type: str  #: spell | gear
    speed: str  #: action | reaction | normal
    showdown_playable: bool
    energy_cost: int | None
    power_cost: int | None
    effects: tuple[dict, ...]
    unparsed: int  #: number of text clauses the data does not turn into effects (0: none)
    equipment: bool = False
    equip_might_bonus: int | None = None
    domains: tuple[str, ...] = ()
    keywords: tuple[tuple[str, Any], ...] = ()
    text: str = ""  #: the printed text (what an effect record leaves to it, such as which sides two units are)
    #: XP its player spends as an additional cost (a unit trigger's "you may spend N XP to", RB-CARD-10)
    xp_cost: int = 0
    #: printed clauses named with why the model does not read them (the overlay's ``not_modelled``, RB-CARD-4)
    not_modelled: tuple[tuple[str, str], ...] = ()
    #: what an Equipment does to the unit it is attached to beyond its Might bonus (the overlay's ``while_attached``:
    #: ``{effect: become_copy}``, ``{effect: copy_text}``, read by :mod:`.equipment`, RB-CARD-14)
    while_attached: tuple[dict, ...] = ()
    #: its own printed cost changes (the overlay's ``cost_changes``, read by :mod:`.cost_changes`, RB-CARD-2)
    cost_changes: tuple[dict, ...] = ()

    @property
    def cost_text(self) -> str:
        parts = [f"{self.energy_cost or 0} Energy"]
        if self.power_cost:
            parts.append(f"{self.power_cost} Power")
        return " + ".join(parts)


class CardDB:
    """Spells and gear by name or id (one record per card name)."""

    def __init__(self, records: list[dict]):
        self.cards: list[Card] = []
        self._index: NameIndex[Card] = NameIndex([])
        for r in records:
            unparsed = int(r.get("unparsed_clauses") or (1 if r.get("unparsed") else 0)) if r.get("unparsed") else 0
            card = Card(id=r["id"], name=r["name"], type=r.get("type", "spell"), speed=r.get("speed", "normal"),
                        showdown_playable=bool(r.get("showdown_playable")), energy_cost=r.get("energy_cost"),
                        power_cost=r.get("power_cost"), effects=tuple(r.get("effects") or ()), unparsed=unparsed,
                        equipment=bool(r.get("equipment")), equip_might_bonus=r.get("equip_might_bonus"),
                        domains=tuple(r.get("domains") or ()),
                        keywords=tuple(sorted((str(k), v) for k, v in (r.get("keywords") or {}).items())),
                        text=str(r.get("text") or ""),
                        not_modelled=tuple(tuple(x) for x in r.get("not_modelled") or ()),
                        while_attached=tuple(dict(x) for x in r.get("while_attached") or ()),
                        cost_changes=tuple(dict(x) for x in r.get("cost_changes") or ()))
            self.cards.append(card)
            self._index.add(card.name, card.id, card)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def names(self) -> list[str]:
        return self._index.names

    def find(self, name: str) -> Card | None:
        found = self._index.lookup(name)
        return found[0] if found else None

    def card(self, name: str, *, file: str | None = None, path: str | None = None) -> Card:
        """The spell or gear called ``name`` (or with that id); unknown names get suggestions."""
        found = self.find(name)
        if found is None:
            raise UnknownNameError("spell or gear card", name, self._index.suggest(name), file=file, path=path)
        return found


@functools.cache
def load_cards() -> CardDB:
    """The shipped spells and gear (cached)."""
    from .printed_keywords import with_card_keywords

    records: list[dict] = []
    for name in ("spells.json", "gear.json"):
        raw = _resource_files(DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8")
        records += [with_card_keywords(r) for r in json.loads(raw)["records"]]  # a keyword printed without brackets
    return CardDB(with_overlay(records, tuple(o for o in overlay() if o.get("kind") != "unit")))


#: RB-CARD-1: the target locations an overlay record's ``targets`` may state for an effect of the data that words
#: where its units are relative to each other: ``battlefield`` (at a battlefield), ``with_chosen`` (at the location of
#: the unit the card chose before, "an enemy unit at its location"), ``together`` (the units this target chooses all
#: at one location, any: this battlefield, one player's base, another battlefield; "up to three units at the same
#: location")
TARGET_LOCATIONS = ("battlefield", "with_chosen", "together")


def with_overlay(records: list[dict], extra: tuple[dict, ...]) -> list[dict]:
    """``records`` with each overlay record's effects added to its card (by id), the clause it structures
    counted as parsed. A card missing, or whose printed text no longer contains the clause, is refused (the
    data changed under the overlay: :data:`OVERLAY` must be read again)."""
    by_id = {r["id"]: i for i, r in enumerate(records)}
    out = list(records)
    for k, o in enumerate(extra):
        where = f"{OVERLAY}: records[{k}] ({o.get('name')})"
        i = by_id.get(o.get("id"))
        if i is None or out[i]["name"] != o.get("name"):
            raise DataError(f"{where}: no card {o.get('id')} called {o.get('name')!r} in the data")
        r = dict(out[i])
        clauses = clauses_of(o)
        text = " ".join(str(r.get("text") or "").split())
        if not clauses:
            raise DataError(f"{where}: no `clause` quoted")
        for clause in clauses:
            if " ".join(clause.split()) not in text:
                raise DataError(f"{where}: the card's printed text no longer contains the clause {clause!r}")
        if o.get("cost_changes"):  # the card's own printed cost changes (RB-CARD-2), a clause the data drops
            from .cost_changes import check_record

            for j, c in enumerate(o["cost_changes"]):
                if (why := check_record(c)) is not None:
                    raise DataError(f"{where}: cost_changes[{j}]: {why}")
            r["cost_changes"] = [*(r.get("cost_changes") or ()), *(dict(c) for c in o["cost_changes"])]
            out[i] = r
            continue
        if o.get("targets"):  # where the units the clause chooses are, relative to each other (RB-CARD-1)
            effects_now = [dict(e) for e in r.get("effects") or ()]
            for j, patch in enumerate(o["targets"]):
                i_e = patch.get("effect") if isinstance(patch, dict) else None
                if not isinstance(i_e, int) or not 0 <= i_e < len(effects_now) \
                        or not isinstance(effects_now[i_e].get("target"), dict) \
                        or patch.get("location") not in TARGET_LOCATIONS:
                    raise DataError(f"{where}: targets[{j}]: give `effect` (the index of one of the card's effects "
                                    f"with a target) and `location` (one of {', '.join(TARGET_LOCATIONS)})")
                effects_now[i_e] = {**effects_now[i_e], "target": {**effects_now[i_e]["target"],
                                                                    "location": patch["location"]}}
            r["effects"] = effects_now
            out[i] = r
            continue
        if o.get("while_attached"):  # an Equipment's clause on the unit it is attached to (with what is not read)
            if o.get("effects") or not isinstance(o["while_attached"], dict):
                raise DataError(f"{where}: `while_attached` is one effect record, given without `effects`")
            r["while_attached"] = [*(r.get("while_attached") or ()), dict(o["while_attached"])]
        elif bool(o.get("effects")) == bool(o.get("not_modelled")):
            raise DataError(f"{where}: give either `effects` (what the clause does) or `not_modelled` (why the "
                            "model does not read it), not both or neither")
        effects = [dict(e) for e in o.get("effects") or ()]
        old = list(r.get("effects") or ())
        r["effects"] = effects + old if o.get("position") == "first" else old + effects
        r["combat_effects"] = list(dict.fromkeys([*(r.get("combat_effects") or ()), *(e["effect"] for e in effects)]))
        left = int(r.get("unparsed_clauses") or (1 if r.get("unparsed") else 0)) - len(clauses)
        r["unparsed_clauses"], r["unparsed"] = max(left, 0), left > 0
        r["overlay"] = " ".join(filter(None, (r.get("overlay"), *clauses)))
        if o.get("not_modelled"):  # a clause named, with why the model does not read it (RB-CARD-4)
            r["not_modelled"] = [*(r.get("not_modelled") or ()), (" ".join(clauses), str(o["not_modelled"]))]
        out[i] = r
    return out
