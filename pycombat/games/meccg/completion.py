"""The names of MECCG's shipped data by the kind the scenario's name fields declare (the web form's completion).

>>> kinds = names()
>>> "Gandalf" in kinds["character or ally"], "Glamdring" in kinds["item"], "Glamdring" in kinds["card"]
(True, True, True)
"""
from __future__ import annotations

from .cards.database import load_carddb


def names() -> dict[str, list[str]]:
    db = load_carddb()
    characters = sorted({c.name for c in db.characters})
    items = sorted({c.name for c in db.items})
    return {
        "character or ally": characters,
        "item": items,
        "card": sorted({c.name for c in db.combat_cards} | set(items)),
    }
