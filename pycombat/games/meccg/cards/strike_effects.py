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

    def find(self, query: str, *, file: str | None = None, path: str | None = None) -> CardModel:
        found = self._index.lookup(query)
        if found:
            return found[0]
        raise UnknownNameError("combat card (one played during a strike sequence)", query,
                               self._index.suggest(query) or sorted(e.name for e in self.effects.values())[:5],
                               file=file, path=path)


@functools.cache
def load_effects() -> EffectRegistry:
    return EffectRegistry(strike_cards())
