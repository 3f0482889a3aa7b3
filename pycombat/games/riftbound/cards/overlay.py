"""The project's overlay on the shipped card data (``data/effects_overlay.yaml``): structured effects for the
clauses the data leaves unparsed, or why the model does not read them, one record per card; read with the spells
and gear (:mod:`.spells`) and, for a record with ``kind: unit``, with the units (:mod:`.units`)."""
from __future__ import annotations

import functools
from importlib.resources import files as _resource_files

#: the package holding the shipped game data
DATA_PACKAGE = "pycombat.games.riftbound.data"
#: the project's structured effects for clauses the shipped data leaves unparsed (RB-CARD-24)
OVERLAY = "effects_overlay.yaml"


@functools.cache
def overlay() -> tuple[dict, ...]:
    """The records of :data:`OVERLAY` (read once)."""
    import yaml

    raw = _resource_files(DATA_PACKAGE).joinpath(OVERLAY).read_text(encoding="utf-8")
    return tuple((yaml.safe_load(raw) or {}).get("records") or ())


def clauses_of(o: dict) -> list[str]:
    """The printed clauses an overlay record structures: its ``clause``, one sentence or a list of them."""
    c = o.get("clause")
    return [str(x) for x in c] if isinstance(c, list) else [str(c)] if c else []
