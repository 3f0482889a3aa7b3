"""Names and splits as written in a Riftbound scenario: what the scenario reader and the claims share.

Below both :mod:`.schema` (which reads a file's ``splits:``) and :mod:`.claims` (which reads a
claim's ``split:`` and unit names), so that neither imports the other.

>>> key("Caitlyn, Patrolling") == key("caitlyn - patrolling")
True
"""
from __future__ import annotations

from collections.abc import Iterable

from ...names import closest, normalize
from ...scenario import Node
from .model import Scenario, Split, other


def key(name: str) -> str:
    """Matching key of a unit name: case, accents, hyphens, and the comma of official names."""
    return normalize(name.replace(",", " "))


def unit_ref(node: Node, names: set[str] | list[str], what: str = "unit") -> str:
    """A unit of the scenario named at ``node`` (any case), with the closest name suggested."""
    name = node.as_str()
    for n in names:
        if key(n) == key(name):
            return n
    hint = closest(name, list(names), n=1)
    extra = f"; did you mean {hint[0]!r}?" if hint else ""
    raise node.error(f"{name!r} is not a {what} of this combat{extra}")


def parse_split(node: Node, side: str, scenario: Scenario, joining: Iterable[str] = ()) -> Split:
    """A split as written: ``{unit: damage, ...}`` (a vector) or a list of ``{unit: damage}`` /
    ``[unit, damage]`` steps (a sequence, RB-MODEL-6). Units must be in the combat or may join it in
    the showdown: a unit at a base a card moves in, one played from hand (RB-CARD-16), or a unit token
    played (``joining``: the tokens' names, RB-CARD-15); which side they are on, and whether they are at
    the battlefield when damage is dealt, is for the rules to judge (RB-DMG-3)."""
    names = list(dict.fromkeys([u.name for u in scenario.side(other(side)).units + scenario.side(side).units]
                               + [u.name for u in scenario.reserve + scenario.played_units] + sorted(joining)))
    order = {n: i for i, n in enumerate(names)}
    if isinstance(node.value, dict):
        amounts = []
        for k, sub in node.items():
            unit = unit_ref(Node(k, file=node.file, path=sub.path), names)
            amount = _amount(sub)
            if amount:
                amounts.append((unit, amount))
        amounts.sort(key=lambda p: order[p[0]])
        return Split(side, tuple(amounts))
    if isinstance(node.value, list):
        steps = []
        for i, raw in enumerate(node.value):
            item = Node(raw, file=node.file, path=f"{node.path}[{i}]")
            if isinstance(item.value, dict) and len(item.value) == 1:
                ((k, sub),) = list(item.items())
                unit = unit_ref(Node(k, file=item.file, path=sub.path), names)
                steps.append((unit, _amount(sub, positive=True)))
            elif isinstance(item.value, list) and len(item.value) == 2:
                unit = unit_ref(Node(item.value[0], file=item.file, path=f"{item.path}[0]"), names)
                amount = _amount(Node(item.value[1], file=item.file, path=f"{item.path}[1]"), positive=True)
                steps.append((unit, amount))
            else:
                raise item.error("a step is {unit: damage} or [unit, damage]")
        total: dict[str, int] = {}
        for u, a in steps:
            total[u] = total.get(u, 0) + a
        amounts = sorted(((u, a) for u, a in total.items() if a), key=lambda p: order[p[0]])
        return Split(side, tuple(amounts), tuple(steps))
    raise node.error("a split is a mapping {unit: damage} (a vector) or a list of {unit: damage} steps (a sequence)")


def _amount(node: Node, positive: bool = False) -> int:
    v = node.value
    if isinstance(v, bool) or not isinstance(v, int):
        raise node.error(f"damage must be a whole number, not {v!r}")
    if v < (1 if positive else 0):
        raise node.error(f"damage must be at least {1 if positive else 0}, not {v}")
    return v
