"""``pycombat card NAME --game wotr``: an Event card of the shipped data and its Combat card.

A name is an Event title or a Combat-card title (``cards.json``: the 96 Event cards, each with the
Combat card printed on its bottom half). The report gives the Event's deck, type and play
requirement, and the Combat card's initiative, requirement, structured effects (as the interpreter
reads them, :mod:`.combat_round`), the rules that govern it and what is not modelled.

>>> r = card("Relentless Assault")
>>> [c["event"] for c in r.card["cards"]], r.card["cards"][0]["combat_card"]["initiative"]
(['The Day Without Dawn', 'Rage of the Dunlendings', 'The King is Revealed'], '3')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pycombat.errors import UnknownNameError
from pycombat.names import closest, normalize
from pycombat.report import Report
from .catalog import load_combat_cards, unmodelled
from .requirements import event_records

#: the rules a Combat card's play and effects rest on (the digest's WOTR-CARD section)
RULES = ("WOTR-CARD-1", "WOTR-CARD-2", "WOTR-CARD-4", "WOTR-CARD-5", "WOTR-CARD-7")


def _matches(name: str) -> list[dict[str, Any]]:
    key = normalize(name)
    return [r for r in event_records().values() if key in (normalize(r["title"]), normalize(r["combat_card"]), normalize(r["id"]))]


@dataclass
class WotrCardReport(Report):
    """An Event card (or the Events whose bottom half is a Combat card) with its Combat card."""

    card: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"game": "wotr", **self.card}


def _entry(r: dict[str, Any]) -> dict[str, Any]:
    from pycombat.rulebook import load_rulebook

    combat = load_combat_cards().card(r["combat_card"])
    book = load_rulebook("wotr")
    return {"id": r["id"], "event": r["title"], "side": r["side"], "deck": r["deck"], "type": r["event_type"],
            "play_requirement": r["play_requirement"], "persistent": bool(r["persistent"]),
            "combat_card": {"name": combat.name, "initiative": combat.initiative_printed,
                            "requirement": combat.requirement, "conditions": [dict(c) for c in combat.conditions],
                            "effects": [dict(e) for e in combat.effects], "note": combat.note,
                            "events": list(combat.events)},
            "unmodelled": unmodelled(combat),
            "rules": [{"rule": rid, "text": book.rule(rid).summary} for rid in RULES if rid in book.rules]}


def card(name: str) -> WotrCardReport:
    """The Event card(s) called ``name`` (an Event or Combat-card title, or an id); an unknown name
    is an error naming the closest titles."""
    found = _matches(name)
    if not found:
        titles = sorted({r["title"] for r in event_records().values()} | {r["combat_card"] for r in event_records().values()})
        raise UnknownNameError("WotR card", name, closest(name, titles))
    return WotrCardReport(game="wotr", verb="card", scenario=None, title=None,
                          card={"query": name, "found": True, "cards": [_entry(r) for r in found]})


def _effect_text(e: dict[str, Any]) -> str:
    parts = [str(e.get("effect"))]
    parts += [f"{k} {v}" for k, v in e.items() if k != "effect"]
    return ", ".join(parts)


def present(report: WotrCardReport, console) -> None:
    """The text form of :func:`card`."""
    for c in report.card["cards"]:
        cc = c["combat_card"]
        console.print(f"{c['event']} ({c['id']}): {c['side'].replace('_', ' ')} {c['deck']} deck, {c['type']} Event"
                      + (", persistent" if c["persistent"] else ""))
        console.print(f"  play requirement: {c['play_requirement'] or 'none printed'}")
        console.print(f"  Combat card: {cc['name']} (initiative {cc['initiative']}); requirement: "
                      f"{cc['requirement'] or 'none'}")
        for e in cc["effects"]:
            console.print(f"  effect: {_effect_text(e)}")
        if cc["note"]:
            console.print(f"  note: {cc['note']}")
        for u in c["unmodelled"]:
            console.print(f"  NOT MODELLED: {u['what']}: {u['why']}")
        for r in c["rules"]:
            console.print(f"  {r['rule']}: {r['text']}")
