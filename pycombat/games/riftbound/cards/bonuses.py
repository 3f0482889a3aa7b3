"""The Equipment Might bonuses of the shipped gear data (``data/gear.json``), by card name.

Read on their own, without the card database (:mod:`.spells`), so that the static abilities
(:mod:`.statics`, Gearhead's "double its base Might bonus", RB-CARD-9) can use them without an import
cycle. The names are those the card database gives (an attached Equipment is kept by that name).

>>> equip_bonus("Long Sword"), equip_bonus("Serrated Dirk")
(2, None)
"""
from __future__ import annotations

import functools
import json
from importlib.resources import files as _resource_files

#: the package of the shipped data (the same as :data:`.units.DATA_PACKAGE`)
DATA_PACKAGE = "pycombat.games.riftbound.data"


@functools.cache
def _bonuses() -> dict[str, int | None]:
    raw = json.loads(_resource_files(DATA_PACKAGE).joinpath("gear.json").read_text(encoding="utf-8"))
    return {r["name"]: r.get("equip_might_bonus") for r in raw["records"]}


def equip_bonus(name: str) -> int | None:
    """The base Might bonus of the Equipment called ``name`` (None: in no source, or not Equipment)."""
    return _bonuses().get(name)
