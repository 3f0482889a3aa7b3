"""A play of the showdown game as a ``showdown:`` entry, and the one legality check.

A play is an :class:`Entry`: the card, who plays it, its targets, its mode, where a unit goes. Whether
it may be played now is decided by the scenario reader and the card interpreter, the same code that
reads a ``showdown:`` list (RB-CARD-1 targets, RB-CARD-2 costs, RB-CARD-3 counters, RB-CARD-16 units
from hand): the entry is appended to the plays resolved so far and the showdown is read and played
(:meth:`Lines.run`); a refusal (:class:`~pycombat.errors.ScenarioError`) means it may not. Targets are
checked against the board as it is when the card is played; when the chain resolves, a card whose
targets no longer fit is refused again and resolves with no effect (RB-CARD-11), which is named.

A chain resolves last in, first out (RB-SHOW-3, RB-CARD-3): :func:`resolution_order`.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from pycombat.errors import ScenarioError
from .hands import HandCard


@dataclass(frozen=True)
class Entry:
    """One play: a card from ``by``'s hand with its choices (hashable: a game action)."""

    card: str
    by: str
    targets: tuple[str, ...] = ()
    mode: int | None = None
    to: str | None = None  #: a unit card's destination (base | battlefield)
    counter: bool = False  #: its target is a card on the chain (RB-CARD-3)

    def as_dict(self) -> dict:
        """The ``showdown:`` entry the reader reads."""
        out: dict[str, Any] = {"play": self.card, "by": self.by}
        if self.targets:
            out["target"] = list(self.targets)
        if self.mode is not None:
            out["mode"] = self.mode
        if self.to is not None:
            out["to"] = self.to
        return out

    def label(self) -> str:
        text = f"{self.card}"
        if self.mode is not None:
            text += f" (mode {self.mode})"
        if self.targets:
            text += (" countering " if self.counter else " on ") + ", ".join(self.targets)
        if self.to is not None:
            text += f" to the {self.to}"
        return text


class Lines:
    """The showdowns of one scenario with plays appended, each read and played once (a memo). Each
    play is read by the scenario reader's own entry reader (:func:`..schema.play_entry`) after the
    file's entries and the plays before it; the showdown is then played by
    :func:`..cards.showdown.play_showdown`."""

    def __init__(self, scenario):
        self.scenario = scenario
        self.stated = len(scenario.document.get("showdown") or [])  #: the file's own showdown entries
        self._memo: dict[tuple[Entry, ...], Any] = {}
        self._read: dict[tuple[Entry, ...], Any] = {(): ((), frozenset(scenario.names))}
        self.reads = 0  #: showdowns played (the work done)

    def _parsed(self, plays: tuple[Entry, ...]):
        """``(Play objects, unit names known after them)`` or the reader's ScenarioError."""
        if plays in self._read:
            return self._read[plays]
        before = self._parsed(plays[:-1])
        if isinstance(before, ScenarioError):
            out: Any = before
        else:
            from ..schema import play_entry

            names = set(before[1])
            entry = plays[-1].as_dict()
            if self.scenario.flags.get("card_costs") == "stated":  # RB-CARD-2: its player pays the cost
                entry["paid"] = cost(plays[-1].card)
            try:
                p = play_entry(entry, self.scenario, names, f"showdown[{self.stated + len(plays) - 1}]")
                out = (before[0] + (p,), frozenset(names))
            except ScenarioError as exc:
                out = exc
        self._read[plays] = out
        return out

    def run(self, plays: tuple[Entry, ...]):
        """``(scenario, showdown)`` with ``plays`` appended to the file's showdown, or the ScenarioError
        the reader or the interpreter raised."""
        if plays in self._memo:
            return self._memo[plays]
        from dataclasses import replace
        from ..cards.showdown import play_showdown

        parsed = self._parsed(plays)
        if isinstance(parsed, ScenarioError):
            out: Any = parsed
        else:
            self.reads += 1
            scenario = replace(self.scenario, effects=self.scenario.effects + parsed[0])
            try:
                out = (scenario, play_showdown(scenario))
            except ScenarioError as exc:
                out = exc
        self._memo[plays] = out
        return out

    def legal(self, resolved: tuple[Entry, ...], entry: Entry, chain: tuple[Entry, ...] = ()) -> bool:
        """Whether ``entry`` may be played on the board ``resolved`` leaves (a counter: with the card it
        counters, from ``chain``, just before it)."""
        if entry.counter:
            victim = next((c for c in reversed(chain) if c.card.casefold() == entry.targets[0].casefold()), None)
            return victim is not None and not isinstance(self.run(resolved + (victim, entry)), ScenarioError)
        return not isinstance(self.run(resolved + (entry,)), ScenarioError)

    def failing(self, plays: tuple[Entry, ...]) -> int | None:
        """The index (in ``plays``) of the play the reader refuses, or None when all resolve."""
        out = self.run(plays)
        if not isinstance(out, ScenarioError):
            return None
        m = re.match(r"showdown\[(\d+)\]", out.path or "")
        if m is None or int(m.group(1)) < self.stated:
            raise out  # a refusal not of a play: the file itself is wrong
        return int(m.group(1)) - self.stated

    def resolve(self, resolved: tuple[Entry, ...], chain: tuple[Entry, ...]) -> tuple[tuple[Entry, ...],
                                                                                          tuple[Entry, ...]]:
        """The chain resolved after ``resolved``: the plays kept in resolution order, and those whose
        targets no longer fit as they resolve (no effect, RB-CARD-11)."""
        order = list(resolution_order(chain))
        fizzled = []
        while True:
            k = self.failing(resolved + tuple(order))
            if k is None:
                return resolved + tuple(order), tuple(fizzled)
            k -= len(resolved)
            if k < 0:  # ``resolved`` was played before: the same plays cannot be refused now
                raise RuntimeError(f"a play resolved earlier was refused on replay: {resolved[k]}")
            fizzled.append(order.pop(k))


def cost(name: str) -> dict[str, int]:
    """A card's cost as a play states it paid (``paid: {energy, power}``, RB-CARD-2)."""
    from ..cards.spells import load_cards
    from ..cards.units import load_units

    card = load_cards().card(name) if load_cards().find(name) is not None else load_units().unit(name)
    return {"energy": card.energy_cost or 0, "power": card.power_cost or 0}


def target_bound(name: str, cap: int) -> int:
    """The most targets a spell's effects can ask for, from its data (at most ``cap``): longer target
    lists are not tried, since the interpreter would refuse them as left over (RB-CARD-1). An effect
    whose count the data does not give as a number, a gear and a unit card count ``cap``."""
    from ..cards.spells import load_cards

    if load_cards().find(name) is None or load_cards().card(name).type != "spell":
        return cap  # a unit's play triggers; a gear (a Quick-Draw Equipment takes a unit besides its effects)
    total = 0
    for e in load_cards().card(name).effects:
        spec = e.get("target")
        if not isinstance(spec, dict) or not spec:
            continue
        if "ref" in spec:
            return cap
        n = spec.get("count_max", spec.get("count", 1))
        if n == "all":
            continue
        if not isinstance(n, int):
            return cap
        total += n
    return min(total, cap)


def resolution_order(chain: tuple[Entry, ...]) -> tuple[Entry, ...]:
    """The chain last in, first out (RB-SHOW-3); a counter's target card is listed just before the
    counter (the showdown list's form of RB-CARD-3: it then has no effect wherever it stands).

    >>> a, b = Entry("Cleave", "attacker", ("X",)), Entry("Defy", "defender", ("Cleave",), counter=True)
    >>> [e.card for e in resolution_order((a, b))]
    ['Cleave', 'Defy']
    >>> [e.card for e in resolution_order((a, Entry("Blood Rush", "defender", ("Y",))))]
    ['Blood Rush', 'Cleave']
    """
    order = list(reversed(chain))
    for c in [e for e in order if e.counter]:
        at = chain.index(c)
        victim = next((v for v in reversed(chain[:at]) if v.card.casefold() == c.targets[0].casefold()), None)
        if victim is None or order.index(victim) < order.index(c):
            continue
        order.remove(victim)
        order.insert(order.index(c), victim)
    return tuple(order)


def candidates(card: HandCard, by: str, names: list[str], chain: tuple[Entry, ...],
               max_targets: int = 2, modes: int = 0) -> list[Entry]:
    """Every entry to try for ``card``: its modes, its targets (none, or up to ``max_targets`` distinct
    units of ``names`` in order), a unit's destination; a counter targets a card on the chain."""
    if card.counter:
        return [Entry(card.name, by, (c.card,), counter=True)
                for c in dict.fromkeys(chain)]
    targets = [()] + [p for k in range(1, max_targets + 1) for p in itertools.permutations(names, k)]
    if card.kind == "unit":
        return [Entry(card.name, by, t, to=to) for to in ("battlefield", "base") for t in targets[: 1 + len(names)]]
    return [Entry(card.name, by, t, mode=m) for m in (range(1, modes + 1) if modes else (None,)) for t in targets]
