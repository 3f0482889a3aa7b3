"""The cards and abilities that can be used during a strike sequence, found by name.

Their effects are data (``data/card_effects.yaml``) read by the one interpreter
(:mod:`.interpreter`); this module only indexes the ones whose ``play`` is ``strike``.

>>> reg = load_effects()
>>> reg.find("Swift Strokes").rolls, reg.find("risky blow").body
(2, -1)
"""
from __future__ import annotations

import functools

from pycombat.errors import UnknownNameError
from pycombat.names import NameIndex
from .interpreter import CardModel, strike_cards

#: A card played in a strike (kept as a name for the modules that import it).
Effect = CardModel


class EffectRegistry:
    def __init__(self, effects: dict[str, CardModel]):
        self.effects = effects
        self._index: NameIndex[CardModel] = NameIndex((e.name, e.id, e) for e in effects.values())

    def find(self, query: str, *, prefer_alignment: str | None = None, file: str | None = None,
             path: str | None = None) -> CardModel:
        """The card or ability named ``query``; where a hero and a minion printing share the name, the
        one of ``prefer_alignment`` (the player's alignment, as the card database chooses)."""
        found = self._index.lookup(query)
        if len(found) > 1 and prefer_alignment:
            from .database import _narrow, load_carddb

            db = load_carddb()
            records = [db.card(e.id) if e.kind != "character" else db.character(e.id) for e in found]
            kept = {c.id for c in _narrow(records, prefer_alignment)}
            found = [e for e in found if e.id in kept] or found
        if found:
            return found[0]
        raise UnknownNameError("combat card (one played during a strike sequence)", query,
                               self._index.suggest(query) or sorted(e.name for e in self.effects.values())[:5],
                               file=file, path=path)


@functools.cache
def load_effects() -> EffectRegistry:
    return EffectRegistry(strike_cards())
