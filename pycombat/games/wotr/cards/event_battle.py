"""What an Event card played to start a battle does to it (WOTR-EVT-9): ``battle: {action: event,
card: TITLE}`` names a shipped Event card, whose ``event_battle_tags`` (cards.json) say whether it
starts an attack at all (``attack``, ``attack_option``) and what else it changes in that battle: a
siege battle of several rounds (``siege_rounds``), no Free Peoples Combat card in round 1 unless a
Companion is in the battle (``fp_no_combat_card_first_round``). A tag this module does not apply is
named as not modelled. A title that is no shipped card is taken as the file describes it (noted).

>>> e = event_card("Grond, Hammer of the Underworld")
>>> starts_attack(e), siege_rounds(e), bans_fp_first_round(e)
(True, 3, True)
>>> event_card("an Event card that allows an Army to attack") is None
True
"""
from __future__ import annotations

from typing import Any, Mapping

from pycombat.names import normalize
from .requirements import event_records

RULE = "WOTR-EVT-9"
TABLE_RULE = "WOTR-EVT-10"
#: the tags of a card on the table applied here (the others: named as not modelled, or spent when played)
TABLE_APPLIED = ("no_shadow_attack", "fp_no_combat_cards")
#: the tags applied to the battle here; the others are named as not modelled
APPLIED = ("attack", "attack_option", "siege_rounds", "fp_no_combat_card_first_round")


def event_card(name: str | None) -> Mapping[str, Any] | None:
    """The shipped Event card with this title (or id), or None."""
    if not name:
        return None
    key = normalize(name)
    return next((r for t, r in event_records().items() if normalize(t) == key or normalize(r["id"]) == key), None)


def tags(rec: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    return list((rec or {}).get("event_battle_tags") or ())


def starts_attack(rec: Mapping[str, Any]) -> bool:
    return any(t.get("tag") in ("attack", "attack_option") for t in tags(rec))


def siege_rounds(rec: Mapping[str, Any] | None) -> int:
    """The rounds a siege battle started by this card lasts before the attacker must reduce an Elite
    to go on (1 without the card, WOTR-SIEGE-3)."""
    return max([int(t["value"]) for t in tags(rec) if t.get("tag") == "siege_rounds"] + [1])


def bans_fp_first_round(rec: Mapping[str, Any] | None) -> bool:
    return any(t.get("tag") == "fp_no_combat_card_first_round" for t in tags(rec))


def garrison_dice_loss(rec: Mapping[str, Any] | None, garrison) -> int:
    """Help Unlooked For: the besiegers' Combat roll loses one die per unit of the besieged garrison, for
    the whole battle (0 without the card or without a garrison)."""
    if garrison is None:
        return 0
    return sum(int(t.get("value", 1)) * garrison.units for t in tags(rec)
               if t.get("tag") == "dice_reduction" and t.get("per") == "fp_unit_in_besieged_stronghold")


def unmodelled(rec: Mapping[str, Any] | None, garrison=None) -> list[dict[str, str]]:
    """``[{card, what, why}]``: the card's battle tags this module does not apply (the garrison's dice loss
    is applied when the battle names its ``garrison:``)."""
    out = []
    for t in tags(rec):
        if t.get("tag") in APPLIED:
            continue
        if t.get("tag") == "dice_reduction" and t.get("per") == "fp_unit_in_besieged_stronghold" and garrison is not None:
            continue
        why = ("give the besieged Army as `battle.garrison:`" if t.get("per") == "fp_unit_in_besieged_stronghold"
               else "this part of the Event is not applied to the battle")
        out.append({"card": rec["title"], "what": f"{t.get('tag')}: " + ", ".join(f"{k} {v}" for k, v in t.items()
                                                                             if k != "tag"), "why": why})
    return out


def table_protected(table) -> list[tuple[str, str]]:
    """``(region id, card title)`` for every region a card on the table protects from Shadow attacks."""
    from ..board import load_board

    board = load_board()
    out = []
    for title in table:
        for t in tags(event_card(title)):
            if t.get("tag") == "no_shadow_attack":
                out += [(board.region(r).id, title) for r in t.get("regions", ())]
    return out


def table_bans(table, region: str) -> dict[str, tuple[str, str]]:
    """Sides barred from Combat cards in a battle in ``region`` by the cards on the table (Denethor's Folly:
    no Free Peoples Combat card in Minas Tirith)."""
    from ..board import load_board

    board = load_board()
    for title in table:
        for t in tags(event_card(title)):
            if t.get("tag") == "fp_no_combat_cards" and board.region(t["where"]).id == region:
                return {"free_peoples": (f"{title} is on the table: no Free Peoples Combat card in {t['where']}",
                                         TABLE_RULE)}
    return {}


def table_unmodelled(table) -> list[dict[str, str]]:
    """The battle parts of the cards on the table not applied while they lie there (an effect of the
    moment they were played, e.g. Denethor's Folly's eliminated Leader, is already in the position)."""
    out = []
    for title in table:
        for t in tags(event_card(title)):
            if t.get("tag") in TABLE_APPLIED or t.get("when") == "played":
                continue
            out.append({"card": title, "what": f"{t.get('tag')}: " + ", ".join(f"{k} {v}" for k, v in t.items()
                                                                              if k != "tag"),
                        "why": "this part of the card on the table is not applied to the battle"})
    return out
