"""``pycombat card NAME --game wotr``: an Event card of the shipped data and its Combat card.

A name is an Event title or a Combat-card title (``cards.json``: the 96 Event cards, each with the
Combat card printed on its bottom half). The report gives the Event's deck, type and play
requirement, what the model applies of the Event half (the battle it starts, a card on the table,
the Political Track), and the Combat card's initiative, requirement, structured effects (as the
interpreter reads them, :mod:`.combat_round`), the rules that govern it, and what is not modelled of
either half.

>>> r = card("Relentless Assault")
>>> [c["event"] for c in r.card["cards"]], r.card["cards"][0]["combat_card"]["initiative"]
(['The Day Without Dawn', 'Rage of the Dunlendings', 'The King is Revealed'], '3')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pycombat.errors import UnknownNameError
from pycombat.names import closest, normalize, with_article
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
        return {"game": "wotr", "verb": "card", **self.card}


def _entry(r: dict[str, Any]) -> dict[str, Any]:
    from pycombat.rulebook import load_rulebook

    combat = load_combat_cards().card(r["combat_card"])
    book = load_rulebook("wotr")
    applied, event_missing = event_half(r)
    return {"id": r["id"], "event": r["title"], "side": r["side"], "deck": r["deck"], "type": r["event_type"],
            "play_requirement": r["play_requirement"], "persistent": bool(r["persistent"]),
            "combat_card": {"name": combat.name, "initiative": combat.initiative_printed,
                            "requirement": combat.requirement, "conditions": [dict(c) for c in combat.conditions],
                            "effects": [dict(e) for e in combat.effects], "note": combat.note,
                            "events": list(combat.events)},
            "event_effects": applied,
            "unmodelled": unmodelled(combat) + event_missing,
            "rules": [{"rule": rid, "text": book.rule(rid).summary} for rid in RULES if rid in book.rules]}


def _tag_words(t: dict[str, Any]) -> str:
    return f"{t.get('tag')}: " + ", ".join(f"{k} {v}" for k, v in t.items() if k != "tag")


def event_half(r: dict[str, Any]) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """What the model applies of the Event half (``[{what, rule}]``: the die results that play it, WOTR-DICE-8;
    its printed requirement, WOTR-EVT-8; the Army it moves, WOTR-MOVE-10; the battle an attacking card starts,
    WOTR-EVT-9; a card on the table, WOTR-EVT-10; the Political Track, WOTR-ATK-9, WOTR-POL-3) and what it
    does not (``[{card, what, why}]``: every other ``event_battle_tags`` entry, the part of an attacker a
    scenario cannot state, and the parts of the Event text ``data/event_halves.yaml`` lists), read from the
    same data and functions the verbs use (:mod:`.event_battle`, :mod:`.event_halves`)."""
    from . import event_battle as E
    from .event_halves import movement, movement_refusal, movement_words, unapplied_parts

    from .events import playing_results
    from ..position.scenario import DIE_LABEL

    title, applied, missing = r["title"], [], []
    results = playing_results(r["side"], r["deck"], r["event_type"])  # cards.lp's decision, as may_play's
    plain = [with_article(f"{DIE_LABEL[d]} result") for d, mouth in results if not mouth]
    words = ", ".join(plain[:-1]) + f" or {plain[-1]}" if len(plain) > 1 else "".join(plain)
    applied.append({"what": f"played as an action with {words} (position files)", "rule": "WOTR-DICE-8"})
    if any(mouth for _, mouth in results):
        applied.append({"what": "played with a Muster result too while the Mouth of Sauron is in play and his "
                                "Muster-as-Army is unused this turn: the Muster result is used as an Army result "
                                "(characters.json: \"once per turn a Muster die may be used as an Army die\")",
                        "rule": "WOTR-DICE-2"})
    if r["play_requirement"]:
        applied.append({"what": f"played only if its requirement holds: {r['play_requirement']} (checked in a "
                                "position; what the position does not state leaves the play not decided)",
                        "rule": "WOTR-EVT-8"})
    m = movement(title)
    if m is not None and movement_refusal(title) is None:
        applied.append({"what": f"{movement_words(m, r['side'])} (a position's `action: {{card: {{name: ...}}}}`: "
                                "every legal move, and claims on them)", "rule": "WOTR-MOVE-10"})
    for who, cond in E.attacker_conditions(r):
        applied.append({"what": f"starts an attack by {who}; the battle checks: " + _attacker_words(cond),
                        "rule": E.RULE})
        if cond.get("cannot_cease"):
            applied.append({"what": "the attacker cannot cease the attack" + (
                " unless the Free Peoples Army was already besieged"
                if cond["cannot_cease"] == "unless_defender_besieged" else ""), "rule": E.RULE})
    if E.starts_attack(r):
        applied.append({"what": "counts as an attack on the Political Track", "rule": "WOTR-ATK-9"})
    if E.political_battle(r):
        applied.append({"what": "counts as an attack on the Political Track: a battle in which the enemy cannot "
                                "fight back", "rule": "WOTR-POL-3"})
    missing += E.attacker_unchecked(r)
    for t in E.tags(r):
        tag = t.get("tag")
        if tag == "siege_rounds":
            applied.append({"what": f"the siege battle lasts {t['value']} rounds before the attacker must reduce an "
                                    "Elite to go on", "rule": E.RULE})
        elif tag == "fp_no_combat_card_first_round":
            applied.append({"what": "no Free Peoples Combat card in round 1"
                                    + (f" unless {t['unless']}" if t.get("unless") else ""), "rule": E.RULE})
        elif tag == "dice_reduction" and t.get("per") == "fp_unit_in_besieged_stronghold":
            applied.append({"what": "the besiegers roll one die fewer per unit of the besieged garrison, for the whole "
                                    "battle (at least one die), when the battle names `battle.garrison:`",
                            "rule": E.RULE})
        elif tag in E.TABLE_APPLIED:
            where = ", ".join(t["regions"]) if t.get("regions") else t.get("where", "")
            applied.append({"what": ("while on the table: no Shadow attack on an Army in " if tag == "no_shadow_attack"
                                     else "while on the table: no Free Peoples Combat card in a battle in ") + where,
                            "rule": E.TABLE_RULE})
        elif tag not in ("attack", "attack_option"):
            why = ("an effect of the moment it is played: give the position after it" if t.get("when") == "played"
                   else "this part of the Event is not applied by any verb")
            missing.append({"card": title, "what": _tag_words(t), "why": why})
    missing += unapplied_parts(r)  # the parts of the Event text that are neither battle tags nor a movement
    return applied, missing


def _attacker_words(cond: dict[str, Any]) -> str:
    from .event_battle import figure_words

    parts = []
    if cond.get("side"):
        parts.append(f"a {cond['side'].replace('_', ' ').title()} Army")
    if cond.get("kind"):
        parts.append(f"a {cond['kind']} battle")
    if cond.get("relief"):
        parts.append("the relief of a besieged Stronghold (WOTR-SIEGE-7)")
    parts += [f"with {figure_words(f)}" for f in cond.get("with", ())]
    return ", ".join(parts) or "nothing more"


def card(name: str) -> WotrCardReport:
    """The Event card(s) called ``name`` (an Event or Combat-card title, or an id); an unknown name
    is an error naming the closest titles."""
    found = _matches(name)
    if not found:
        titles = sorted({r["title"] for r in event_records().values()} | {r["combat_card"] for r in event_records().values()})
        raise UnknownNameError("WotR card", name, closest(name, titles))
    out = {"query": name, "found": True, "cards": [_entry(r) for r in found]}
    if len(found) > 1:  # a Combat-card title printed on several Event cards: every one of them, said so
        out["shared"] = {"combat_card": found[0]["combat_card"], "events": [r["title"] for r in found]}
    return WotrCardReport(game="wotr", verb="card", scenario=None, title=None, card=out)


def _effect_text(e: dict[str, Any]) -> str:
    parts = [str(e.get("effect"))]
    parts += [f"{k} {v}" for k, v in e.items() if k != "effect"]
    return ", ".join(parts)


def present(report: WotrCardReport, console) -> None:
    """The text form of :func:`card`."""
    shared = report.card.get("shared")
    if shared:
        console.print(f"{shared['combat_card']} is the Combat card of {len(shared['events'])} Event cards: "
                      f"{', '.join(shared['events'])}; each is shown below.")
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
        for e in c["event_effects"]:
            console.print(f"  Event: {e['what']} ({e['rule']})")
        for u in c["unmodelled"]:
            console.print(f"  NOT MODELLED: {u['card']}: {u['what']}: {u['why']}")
        for r in c["rules"]:
            console.print(f"  {r['rule']}: {r['text']}")
