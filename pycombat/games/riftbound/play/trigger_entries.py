"""A trigger awaiting its player's choice in the game from both hands, and the trigger entries to try for it.

An :class:`Awaiting` trigger is one whose choice (a target, a "Choose one" option, whether to use a "you may" ability
and pay its cost, how damage is split: RB-CARD-10, RB-CARD-21) the scenario leaves to its player: a combat or move
trigger (:mod:`.triggers`, RB-SHOW-2, RB-COMB-2), or a trigger fired as an entry resolves (a Deathknell,
RB-CARD-19; a trigger on an event, RB-CARD-10), chosen as it goes on the chain (:mod:`.triggers`, :mod:`.game`).
:func:`entries` lists the trigger entries to try for it; the scenario reader and the interpreter decide which are
legal (the one legality check).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from ..model import SIDES
from ..cards.events import KINDS

#: a target's ``chooser`` in the data -> who, of a trigger of ``side``'s, chooses it (RB-CARD-9)
CHOOSERS = {"the defender": lambda side: "defender", "the attacker": lambda side: "attacker",
            "the chosen opponent": lambda side: SIDES[1 - SIDES.index(side)],
            "each opponent, own unit": lambda side: SIDES[1 - SIDES.index(side)]}

#: the kinds of trigger the game chooses, in the order their choices are made: the Attacker's "When I move" ones as
#: his units moved in (resolved before the combat is held, RB-COMB-2), then the combat triggers (RB-SHOW-2)
WHEN = ("move", "combat")
#: the kinds of trigger fired as an entry resolves whose choices the game makes as they fire (RB-CARD-10, RB-CARD-19):
#: the ``when:`` of their entries
FIRED = frozenset(KINDS) - {"move"}


@dataclass(frozen=True)
class Awaiting:
    """A trigger the scenario does not state: whose it is, its unit, and its kind (:data:`WHEN`)."""

    side: str
    unit: str
    when: str = "combat"
    effects: tuple[dict, ...] = field(default=(), compare=False, hash=False, repr=False)
    #: a trigger that resolves by itself (no choice; its one target when only one unit fits): its player still orders
    #: it among his triggers (RB-SHOW-2), so it is stated too, with these targets (None: a trigger with choices)
    fixed: tuple[str, ...] | None = field(default=None, compare=False, hash=False)
    #: a trigger fired as an entry stated before it resolved (its ``when`` a kind of :data:`FIRED`, RB-CARD-10): where
    #: its entry goes in the file's ``showdown:``, right after the entry whose resolution fires it
    at: int | None = None

    @property
    def chooser(self) -> str:
        """Who makes its choices (RB-CARD-9, RB-CARD-21): the player its choosing effects' ``chooser`` names ("the
        defender must kill one of their units here": the Defender; "the chosen opponent", "each opponent": its
        player's opponent), else its player (and its player when they name several)."""
        named = {CHOOSERS[c](self.side) for e in self.effects if _chooses(e)
                 and (c := str((e.get("target") or {}).get("chooser"))) in CHOOSERS}
        return named.pop() if len(named) == 1 else self.side

    @property
    def group(self) -> tuple[int, int]:
        """When its choice is made: by kind (:data:`WHEN`; a trigger fired by those, as it fires), then the
        Attacker's before the Defender's."""
        return WHEN.index(self.when) if self.when in WHEN else len(WHEN), SIDES.index(self.side)


def entries(a: Awaiting, names: list[str], flags: dict) -> list[dict]:
    """Every trigger entry to try for ``a`` (the reader refuses those its rules do not allow): declined if
    it may be, and used with each choice its effects ask for: as many units of ``names`` as its effects choose,
    in order (the units of "any number": as sets), a split of its damage among the units named, each
    "Choose one" option, its condition said to hold or not; its additional cost paid on the entry
    (``paid:``: XP always, Energy and Power with ``card_costs=stated``, RB-CARD-2)."""
    from ..cards.interpreter import MIGHT_OF_CHOSEN_HERE
    from ..cards.triggers import trigger_cost, xp_cost

    from ..cards.interpreter import EACH_PLAYER_OWN_UNIT

    if a.fixed is not None:  # it resolves by itself: only its place among its player's triggers is chosen
        return [{"trigger": a.unit, **({"target": list(a.fixed)} if a.fixed else {})}]
    effects = a.effects
    if any((e.get("target") or {}).get("chooser") == EACH_PLAYER_OWN_UNIT for e in effects):
        # "each player kills one of their units": each player's own choice (RB-CARD-9), which the trigger's player
        # does not make for his opponent: not searched, so it stays unstated and named NOT MODELLED
        return []
    out: list[dict] = []
    head: dict[str, Any] = {"trigger": a.unit, **({"when": a.when} if a.when != "combat" else {})}
    if any(e.get("optional") for e in effects):
        out.append({**head, "decline": True})
    chosen = [e for e in effects if _chooses(e) or str(e.get("value_from") or "").startswith(MIGHT_OF_CHOSEN_HERE)]
    split = next((e for e in effects if e.get("split")), None)
    if split is not None:  # "deal N split among any number of ...": the units and each one's share (RB-CARD-21)
        targets = [()]
        shares = [({n: p for n, p in zip(t, parts)}, t) for k in range(1, len(names) + 1)
                  for t in itertools.combinations(names, k)
                  for parts in _compositions(int(split.get("amount") or 0), k)]
    else:
        shares = [({}, ())]
        most = 0
        many = False
        for e in chosen:
            count = (e.get("target") or {}).get("count", 1)
            if count == "any":
                many = True
            most += len(names) if count == "any" else count if isinstance(count, int) else 1
        most = min(most, len(names))
        pick = itertools.combinations if many and len(chosen) == 1 else itertools.permutations
        # (with a unit to choose, a "you may" stated without one is declined: tried as ``decline``)
        targets = [t for k in range(1, most + 1) for t in pick(names, k)] if chosen else [()]
    modes = sum(1 for e in effects if e.get("mode_option"))
    conditions = (True, False) if any(e.get("condition") for e in effects) else (None,)
    paid: dict[str, int] = {}
    for e in effects:
        energy, power, _, _ = trigger_cost(e)
        if flags.get("card_costs") == "stated" and (energy or power):
            paid["energy"], paid["power"] = paid.get("energy", 0) + energy, paid.get("power", 0) + power
        if xp_cost(e):
            paid["xp"] = paid.get("xp", 0) + xp_cost(e)
    paid = {k: v for k, v in paid.items() if v}
    for t in targets:
        for amounts, named in shares:
            for m in (range(1, modes + 1) if modes else (None,)):
                for c in conditions:
                    entry: dict[str, Any] = dict(head)
                    if named or t:
                        entry["target"] = list(named or t)
                    if amounts:
                        entry["amounts"] = dict(amounts)
                    if m is not None:
                        entry["mode"] = m
                    if c is not None:
                        entry["condition"] = c
                    if paid:
                        entry["paid"] = dict(paid)
                    out.append(entry)
    return out


def _when(entry: dict) -> str:
    """The kind of trigger a trigger entry states (:data:`WHEN`; or the event a trigger fired during the showdown
    fires on, ``{trigger: UNIT, when: dies}``, RB-CARD-10)."""
    return "combat" if entry.get("when") in (None, "combat") else entry["when"]


def _sided(a: Awaiting, names: list[str], units: dict) -> list[str]:
    """``names`` without the units no chosen target of the trigger's may be: of the other side when every one is
    "friendly", of its own when every one is "enemy" (the reader would refuse them, RB-CARD-1)."""
    sides = {(e.get("target") or {}).get("side") for e in a.effects if _chooses(e)}
    if sides == {"friendly"}:
        return [n for n in names if n not in units or units[n].side == a.side]
    if sides == {"enemy"}:
        return [n for n in names if n not in units or units[n].side != a.side]
    return names


def _chooses(e: dict) -> bool:
    t = e.get("target") or {}
    return bool(t) and t.get("ref") != "self" and t.get("count") != "all"


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """``total`` as an ordered sum of ``parts`` positive numbers.

    >>> _compositions(3, 2)
    [(1, 2), (2, 1)]
    """
    if parts <= 0 or total < parts:
        return []
    return [tuple(b - a for a, b in zip((0,) + cut, cut + (total,)))
            for cut in itertools.combinations(range(1, total), parts - 1)]


#: how a trigger entry's ``paid:`` keys read in a label
PAID_WORDS = {"energy": "Energy", "power": "Power", "xp": "XP"}


def trigger_label(unit: str, kind: str, e: dict) -> str:
    """A trigger entry ``e`` (``{trigger: UNIT, ...}``) of ``unit``'s trigger (``kind``: how its event reads) as an
    option reads: declined, or its mode, damage split or targets, condition and what it pays."""
    if e.get("decline"):
        return f"declines {unit}'s {kind} trigger"
    text = f"{unit}'s {kind} trigger"
    if "mode" in e:
        text += f" (option {e['mode']})"
    if "amounts" in e:
        text += " splitting " + ", ".join(f"{n} {v}" for n, v in e["amounts"].items())
    elif e.get("target"):
        text += " on " + ", ".join(e["target"])
    if "condition" in e:
        text += ", its condition " + ("holding" if e["condition"] else "not holding")
    if "paid" in e:
        text += ", paying " + " and ".join(f"{v} {PAID_WORDS.get(k, k)}" for k, v in e["paid"].items())
    return text
