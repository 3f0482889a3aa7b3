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
        parts.append(f"if {e['condition']}")
    if e.get("replaces_previous"):
        parts.append("(instead)")
    if e.get("mode_option"):
        parts.append("(a 'Choose one' option)")
    return " ".join(parts)
