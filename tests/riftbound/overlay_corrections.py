"""The project's overlay (``data/effects_overlay.yaml``) read as data by the tests' own readers of units.json: a
``kind: unit`` record's ``corrections`` (the data's reading of a clause, mended: "there" is where the unit moved
from) and ``card_facts`` applied to the unit's record, as the printed card says."""
from __future__ import annotations

from typing import Any, Mapping


def corrected(r: Mapping[str, Any], o: Mapping[str, Any]) -> dict:
    """Unit record ``r`` with overlay record ``o``'s corrections of its effects and its card facts."""
    effects = [dict(e) for e in r.get("effects") or ()]
    for fix in o.get("corrections") or ():
        for e in effects:
            if all(e.get(k) == v for k, v in fix["match"].items()):
                e.update(fix["set"])
    return {**r, **(o.get("card_facts") or {}), "effects": effects}
