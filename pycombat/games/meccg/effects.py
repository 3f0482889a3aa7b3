"""Combat effects of cards, declared as data (``data/effects.yaml``) and read here.

One generic mechanism (:mod:`.strike`) applies them; there is no code path per card.

>>> reg = load_effects()
>>> reg.find("Swift Strokes").rolls, reg.find("risky blow").body
(2, -1)
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

import yaml

from ...errors import ScenarioError, UnknownNameError
from ...names import NameIndex

SOURCES = ("hand", "item", "ally")
KEYS = {"name", "rule", "source", "discard", "needs_skill", "needs_race", "bearer", "target_race", "prowess",
        "body", "rolls", "cancel_strike", "untap"}


@dataclass(frozen=True)
class Effect:
    id: str
    name: str
    rule: str
    source: str = "hand"
    discard: bool = False
    needs_skill: str | None = None
    needs_race: str | None = None
    bearer: str | None = None
    target_race: str | None = None
    prowess: int = 0
    body: int = 0
    rolls: int = 1
    cancel_strike: bool = False
    untap: bool = False

    @property
    def skill_card(self) -> bool:
        """A resource that requires a skill: at most one per step (MECCG-SEQ-2, MECCG-SEQ-7)."""
        return self.needs_skill is not None and self.source == "hand"


class EffectRegistry:
    def __init__(self, effects: dict[str, Effect]):
        self.effects = effects
        self._index: NameIndex[Effect] = NameIndex((e.name, e.id, e) for e in effects.values())

    def find(self, query: str, *, file: str | None = None, path: str | None = None) -> Effect:
        found = self._index.lookup(query)
        if found:
            return found[0]
        raise UnknownNameError("combat card (one whose effect pycombat knows)", query,
                               self._index.suggest(query) or sorted(e.name for e in self.effects.values()),
                               file=file, path=path)


@functools.cache
def load_effects() -> EffectRegistry:
    text = resources.files("pycombat.games.meccg.data").joinpath("effects.yaml").read_text(encoding="utf-8")
    raw = yaml.safe_load(text)
    effects = {}
    for card_id, fields in raw.items():
        unknown = set(fields) - KEYS
        if unknown or fields.get("source", "hand") not in SOURCES:  # our data file: fail loudly
            raise ScenarioError(f"effects.yaml: {card_id}: bad fields {sorted(unknown)}")
        effects[card_id] = Effect(id=card_id, **fields)
    return EffectRegistry(effects)
