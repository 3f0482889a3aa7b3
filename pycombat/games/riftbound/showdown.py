"""The combat showdown (RB-SHOW): the scenario's effects, in the order they resolved, and
the cleanup after each (RB-MIGHT-1). The result is the :class:`~.model.Board` at the Combat
Damage Step and a narration with the rule ids applied.

>>> from pycombat.games.riftbound.schema import example_path, load_scenario
>>> sd = play_showdown(load_scenario(example_path("seed_example.yaml")))
>>> [u.name for u in sd.board.attacker], [u.name for u in sd.board.defender]
(['A4', 'A1'], ['D3'])
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...errors import ScenarioError
from .model import Board, Effect, Scenario, Unit


@dataclass(frozen=True)
class Line:
    """One narrated step: the text and the rule ids it applies."""

    text: str
    rules: tuple[str, ...] = ()


@dataclass
class Showdown:
    board: Board
    lines: list[Line] = field(default_factory=list)


def _who(scenario: Scenario, side: str | None) -> str:
    if side is None:
        return "A player"
    return f"{scenario.side(side).player} ({side})"


def play_showdown(scenario: Scenario) -> Showdown:
    """Apply the showdown's effects in order, with a cleanup after each (RB-MIGHT-1)."""
    units: dict[str, Unit] = {u.name: u for u in scenario.attacker.units + scenario.defender.units}
    present = list(units)
    removed: list[tuple[str, str, str]] = []
    lines: list[Line] = []
    a, d = scenario.attacker, scenario.defender
    where = f" at {scenario.battlefield}" if scenario.battlefield else ""
    lines.append(Line(f"{a.player} moved {', '.join(a.names)} onto the battlefield{where}, where {d.player}'s "
                      f"{', '.join(d.names)} stand: it is contested and a combat is staged. {a.player} is the "
                      f"Attacker, {d.player} the Defender.", ("RB-COMB-1", "RB-COMB-4")))
    lines.append(Line(f"The showdown begins; {a.player}, the Attacker, gains Focus. Only Action and Reaction cards "
                      "and abilities can be played.", ("RB-SHOW-1", "RB-SHOW-2", "RB-SHOW-4")))
    for e in scenario.effects:
        if e.unit not in present:
            gone = next((how for n, _, how in removed if n == e.unit), "gone")
            raise ScenarioError(f"{e.unit} is no longer at the battlefield (it was {gone} earlier in the showdown)",
                                file=scenario.file, path=f"{e.path}")
        u = units[e.unit]
        card = f"{e.card}: " if e.card else ""
        text, rules = _apply(e, u, units)
        lines.append(Line(f"{_who(scenario, e.by)} plays {card}{text}.", rules))
        if e.kind == "remove":
            present.remove(e.unit)
            removed.append((e.unit, u.side, e.how))
        # RB-MIGHT-1 (CR 143.2.a, 323.5): at each cleanup, lethal marked damage kills
        for name in list(present):
            v = units[name]
            if v.marked > 0 and v.marked >= v.current_might:
                present.remove(name)
                removed.append((name, v.side, "killed"))
                lines.append(Line(f"Cleanup: {name} has {v.marked} damage, at least its Might {v.current_might}: it "
                                  "is killed.", ("RB-MIGHT-1",)))
        lines.append(Line("The chain resolved and Focus passes.", ("RB-SHOW-3",)))
    lines.append(Line("Both players pass in turn: the showdown ends.", ("RB-SHOW-3",)))
    board = Board(attacker=tuple(units[n] for n in present if units[n].side == "attacker"),
                  defender=tuple(units[n] for n in present if units[n].side == "defender"),
                  flags=scenario.flags, removed=tuple(removed))
    return Showdown(board, lines)


def _apply(e: Effect, u: Unit, units: dict[str, Unit]) -> tuple[str, tuple[str, ...]]:
    """Apply one effect to ``units`` (in place); the narration and its rule ids."""
    n = e.unit
    if e.kind == "might":
        units[n] = replace(u, might_changes=u.might_changes + (e.amount,))
        return (f"{n} gets {e.amount:+d} Might (now {units[n].current_might}); Might counts toward damage dealt and "
                "lethal alike", ("RB-DMG-2", "RB-DMG-5"))
    if e.kind == "stun":
        units[n] = replace(u, stunned=True)
        return (f"{n} is Stunned: it adds 0 to its side's total but still needs its full Might to die",
                ("RB-MIGHT-3",))
    if e.kind == "prevent":
        if e.amount is None:
            units[n] = replace(u, prevent_all=True)
            return f"prevent all damage to {n}: no amount is lethal for it", ("RB-MIGHT-6",)
        units[n] = replace(u, prevent=u.prevent + e.amount)
        return (f"prevent the next {e.amount} damage to {n}: its lethal amount rises by {e.amount}",
                ("RB-MIGHT-6",))
    if e.kind == "double_damage":
        units[n] = replace(u, doubled=u.doubled + 1)
        return (f"double the damage dealt to {n} (the threshold is read after the doubling from v1.4; before, when "
                "dealt)", ("RB-MIGHT-7",))
    if e.kind == "immune":
        units[n] = replace(u, immune=True)
        return f"{n} cannot be dealt damage: it has no lethal amount", ("RB-ORD-7",)
    if e.kind == "give":
        if e.keyword == "Tank":
            units[n] = replace(u, tank=True, keywords=u.keywords + ("Tank",))
            return f"{n} gains Tank", ("RB-ORD-2",)
        if e.keyword == "Backline":
            units[n] = replace(u, backline=True, keywords=u.keywords + ("Backline",))
            return f"{n} gains Backline", ("RB-ORD-3",)
        if e.keyword == "Assault":
            units[n] = replace(u, assault=u.assault + (e.amount,), keywords=u.keywords + (f"Assault {e.amount}",))
            return f"{n} gains Assault {e.amount} (instances add up)", ("RB-MIGHT-4",)
        units[n] = replace(u, shield=u.shield + (e.amount,), keywords=u.keywords + (f"Shield {e.amount}",))
        return f"{n} gains Shield {e.amount} (instances add up)", ("RB-MIGHT-5",)
    if e.kind == "damage":
        if u.immune or u.prevent_all:
            return f"deal {e.amount} to {n}: none is dealt", ("RB-ORD-7",) if u.immune else ("RB-MIGHT-6",)
        raw = e.amount * 2 ** u.doubled
        stopped = min(u.prevent, raw)
        units[n] = replace(u, marked=u.marked + raw - stopped, prevent=u.prevent - stopped)
        extra = f" ({stopped} prevented)" if stopped else ""
        return (f"deal {e.amount} to {n}{extra}: {units[n].marked} damage marked; damage does not lower Might",
                ("RB-DMG-11",) + (("RB-MIGHT-6",) if stopped else ()))
    # remove: killed, recalled (RB-COMB-6: not a move), banished, moved away
    rules = ("RB-COMB-6",) if e.how == "recalled" else ("RB-SHOW-4",)
    return f"{n} is {e.how} and leaves the battlefield", rules
