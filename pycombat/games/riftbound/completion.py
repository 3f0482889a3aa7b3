"""The names of Riftbound's shipped data by the kind the scenario's name fields declare (the web form's completion).

>>> kinds = names()
>>> len(kinds["unit card"]) > 100, set(kinds["Equipment card"]) <= set(kinds["gear card"]) <= set(kinds["card"])
(True, True)
>>> set(kinds["spell card"]) <= set(kinds["card"]) and "Frigid Touch" in kinds["spell card"]
True
"""
from __future__ import annotations

from .cards.units import load_units
from .cards.spells import load_cards


def names() -> dict[str, list[str]]:
    units = sorted(set(load_units().names))
    cards = load_cards()
    return {
        "unit card": units,
        "Equipment card": sorted({c.name for c in cards.cards if c.equipment}),
        "gear card": sorted({c.name for c in cards.cards if c.type == "gear"}),
        "spell card": sorted({c.name for c in cards.cards if c.type == "spell"}),
        "card": sorted({c.name for c in cards.cards} | set(units)),
    }
