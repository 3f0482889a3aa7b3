"""Riftbound effect records (the `effects` of units.json, spells.json and gear.json) in words, as
every listing of what is modelled or not names them.

>>> effect_text({"effect": "might_modifier", "value": 2, "condition": "while I'm attacking"})
"might_modifier value=2 if while I'm attacking"
"""
from __future__ import annotations

from typing import Any, Mapping


def effect_text(e: Mapping[str, Any]) -> str:
    """An effect record in words: its kind, its numbers and its condition."""
    parts = [str(e.get("effect"))]
    for key in ("keyword", "value", "amount", "value_per", "count", "token", "might", "to", "what"):
        if e.get(key) is not None:
            parts.append(f"{key}={e[key]}")
    if e.get("condition"):
        cond = str(e["condition"])
        parts.append(cond if cond.lower().startswith("if ") else f"if {cond}")
    if e.get("replaces_previous"):
        parts.append("(instead)")
    if e.get("mode_option"):
        parts.append("(a 'Choose one' option)")
    return " ".join(parts)


def immunity(e: Mapping[str, Any]) -> bool:
    """A static "I don't take damage" ability (``prevent_damage`` of all damage to its own unit, a condition on it):
    the unit's ``immune:`` the scenario states (RB-ORD-7)."""
    return (e.get("effect") == "prevent_damage" and e.get("amount") == "all" and e.get("duration") == "static"
            and (e.get("target") or {}).get("ref") == "self" and not e.get("trigger"))


#: a condition of a "don't take damage" clause that counts the unit's moves: a move during the showdown may make it
#: hold, which the scenario's ``immune:`` (as the showdown begins) does not say (RB-CARD-4)
MOVE_COUNTED = "moved"
