"""The shipped Riftbound spell and gear data (``data/spells.json``, ``data/gear.json``) and the
card lookup (``pycombat card NAME --game riftbound``).

A card is its data record: cost, speed, ``showdown_playable`` and the structured ``effects``
the one interpreter (:mod:`.interpreter`) reads. :func:`card_report` shows a unit, spell or
gear with what the model does with each of its effects and what it does not model.

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

from ...errors import UnknownNameError
from ...names import NameIndex, closest
from .carddb import DATA_PACKAGE, load_units


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
                        keywords=tuple(sorted((str(k), v) for k, v in (r.get("keywords") or {}).items())))
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
    records: list[dict] = []
    for name in ("spells.json", "gear.json"):
        raw = _resource_files(DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8")
        records += json.loads(raw)["records"]
    return CardDB(records)


# ---- card lookup -------------------------------------------------------------------------------
def card_report(name: str) -> dict:
    """A unit, spell or gear card as JSON-ready data: its combat facts, each effect with what
    the interpreter does with it (``modelled``) or why not (``unmodelled``), and for an unknown
    name the closest names among all cards (``suggestions``)."""
    from .interpreter import describe_effects

    units, cards = load_units(), load_cards()
    card = cards.find(name)
    if card is not None:
        modelled, unmodelled = describe_effects(card)
        out: dict[str, Any] = {
            "name": card.name, "id": card.id, "type": card.type, "speed": card.speed,
            "showdown_playable": card.showdown_playable, "cost": {"energy": card.energy_cost,
                                                                  "power": card.power_cost},
            "rule": "RB-SHOW-4",
            "modelled": modelled, "unmodelled": unmodelled,
        }
        if card.equipment:
            out["equipment"] = {"might_bonus": card.equip_might_bonus}
        return out
    found = units._index.lookup(name) or units._index.lookup(name.replace(",", " "))
    if found:
        u = [c for c in found if c.reprint_of is None][0] if any(c.reprint_of is None for c in found) else found[0]
        unmodelled = [{"card": u.name, "what": f"conditional keyword {ck.get('keyword')}"
                       + (f" {ck.get('value')}" if ck.get("value") else ""),
                       "why": f"only while {ck.get('condition')}: give `conditions_hold: true|false` in the scenario"}
                      for ck in u.conditional_keywords]
        if u.damage_immunity_text:
            unmodelled.append({"card": u.name, "what": "a 'don't take damage' clause",
                               "why": "conditional: mark the unit `immune: true` when it holds (RB-ORD-7)"})
        return {"name": u.name, "id": u.id, "type": "unit", "might": u.might, "keywords": list(u.keywords),
                "tank": u.tank, "backline": u.backline, "assault": u.assault, "shield": u.shield,
                "no_combat_damage": u.no_combat_damage, "ignores_tank_here": u.ignores_tank_here,
                "modelled": [{"what": k, "how": _UNIT_KEYWORD_RULES.get(k.split()[0], "no effect on combat damage")}
                             for k in u.keywords],
                "unmodelled": unmodelled}
    every = list(dict.fromkeys(cards.names + units.names))
    return {"name": name, "type": None, "error": f"unknown card {name!r}", "suggestions": closest(name, every, n=3)}


_UNIT_KEYWORD_RULES = {
    "Tank": "assigned lethal damage before non-Tank units (RB-ORD-2)",
    "Backline": "assigned damage only after the others have lethal (RB-ORD-3)",
    "Assault": "+X Might while attacking (RB-MIGHT-4)",
    "Shield": "+X Might while defending (RB-MIGHT-5)",
    "Deflect": "targeting tax only; no effect on damage assignment (RB-MIGHT-10)",
    "Ganking": "a move between battlefields; no effect on damage (RB-MIGHT-11)",
}


def card_lines(report: dict) -> list[str]:
    """The text form of :func:`card_report`."""
    if report.get("type") is None:
        hint = report.get("suggestions") or []
        return [report["error"] + ("; did you mean " + " or ".join(repr(h) for h in hint) + "?" if hint else "")]
    lines = []
    if report["type"] == "unit":
        lines.append(f"{report['name']} ({report['id']}): unit, Might {report['might']}")
        if report["keywords"]:
            lines.append("  keywords: " + ", ".join(report["keywords"]))
    else:
        cost = report["cost"]
        lines.append(f"{report['name']} ({report['id']}): {report['type']}, {report['speed']}, cost "
                     f"{cost['energy'] or 0} Energy" + (f" + {cost['power']} Power" if cost["power"] else ""))
        lines.append("  " + ("playable in a showdown (Action or Reaction)" if report["showdown_playable"]
                             else "not playable in a showdown: only Action and Reaction cards are") + " (RB-SHOW-4)")
        if "equipment" in report:
            b = report["equipment"]["might_bonus"]
            lines.append("  Equipment: " + (f"+{b} Might when attached" if b is not None
                                           else "Might bonus unknown (in no source)"))
    for m in report["modelled"]:
        lines.append(f"  modelled: {m['what']}: {m['how']}")
    for u in report["unmodelled"]:
        lines.append(f"  NOT modelled: {u['what']}: {u['why']}")
    if not report["modelled"] and not report["unmodelled"]:
        lines.append("  no combat effect in the data")
    return lines
