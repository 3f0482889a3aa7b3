"""The showdown game's payoff: every end position scored on ONE scale for the whole game (RB-MODEL-7).

An end position of the game from both hands (:mod:`.game`) is the board after the Combat Damage Step. Its value
is the Attacker's score minus the Defender's, each score read over **the whole combat**: the units each side
*lost* in it, in the showdown (a spell, an ability, a trigger, a cleanup killing them: the showdown's removals
``killed``, ``killed at its base``, ``killed at another battlefield``) and in the damage step (the other side's
split), each with its Might as it died: in the showdown, its record's current Might when it was killed (printed,
the showdown's changes, Assault or Shield while it had the designation: :attr:`..model.Unit.current_might`; a
static ability of another unit is not on the record), in the damage step its current Might on the board the
showdown left, as the damage step's own game reads it (:class:`~..damage.game.JointGame`).

**A unit a side loses counts for the other side whoever killed it.** A unit killed by its own side's card
(sacrificed, or caught by its own area damage) is that side's *loss*: the value is zero-sum, so the loss lowers
that side's score against the other exactly as a kill by the enemy would; it is not called a kill by the enemy
(the narration's ``killed`` lists the damage step's kills). A unit that left play otherwise (returned to a hand,
recalled, put into a deck, banished) is not lost. A unit killed at its base or at another battlefield, by a cleanup
or by a card's kill, is lost as one killed at the battlefield is (:func:`..model.died`, the one reading of a removal
every verb uses).

The lexicographic objectives become one exact number with weights chosen from **bounds computed up front from
the scenario** (:func:`bounds`): for each side, the most units it can lose (its units in play, the unit cards of
its hand, and the tokens the cards can make, counted generously) and the most Might they can have (their Might,
plus every number a card of the scenario can add). For two end positions the weights must keep the order of the
first criterion whatever the second:

* ``kills_then_might``: a kill counts ``1 + Ma + Md`` (``Ms``: the Might side ``s`` can lose), a point of Might 1:
  the Might part of a value lies in ``[-Ma, Md]``, so two values' Might parts differ by less than one kill;
* ``might_then_kills``: a point of Might counts ``1 + Na + Nd`` (``Ns``: the units side ``s`` can lose), a kill 1;
* ``custom``: a point of value counts 1, a kill ``1 / ((1 + Na + Nd) * L)``, ``L`` the common denominator of the
  values: two values' value parts differ by a multiple of ``1/L``, their kill parts by less;
* ``protect``: a protected unit lost costs ``1 + Ta + Td`` (``Ts``: the most the other parts of side ``s``'s
  score can be).

Every end position the search reaches is **checked** against the bounds (:meth:`Scale.value`); one that breaks
them raises :class:`ScaleBroken` with larger bounds, and the game is solved again with those (:func:`.solve.solve`):
never a value on a wrong scale.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable, Mapping

from pycombat.errors import PycombatError

from ..damage.game import Objective
from ..model import SIDES, died, other

@dataclass(frozen=True)
class Bounds:
    """What each side can lose over the whole combat, as the weights assume it (see the module docstring)."""

    units: Mapping[str, int]  #: side -> the most units it can lose
    might: Mapping[str, int]  #: side -> the most Might (at least 0 each) those units can have in all
    den: int = 1  #: the common denominator of every score value (``custom``)
    #: side -> the most value (in absolute value) its units lost can weigh (``custom``)
    value: Mapping[str, Fraction] = field(default_factory=lambda: {s: Fraction(0) for s in SIDES})

    def grown(self, side: str, *, units: int = 0, might: int = 0, den: int = 1, value: Fraction = Fraction(0)
              ) -> "Bounds":
        """These bounds made large enough for what side ``side`` lost at an end position (at least doubled)."""
        u, m, v = dict(self.units), dict(self.might), dict(self.value)
        if units > u[side]:
            u[side] = max(units, 2 * u[side])
        if might > m[side]:
            m[side] = max(might, 2 * m[side])
        if value > v[side]:
            v[side] = max(value, 2 * v[side])
        return Bounds(u, m, math.lcm(self.den, den), v)


class ScaleBroken(PycombatError):
    """An end position lost more than the bounds the weights assume: solve again with ``bounds``
    (:func:`.solve.solve` does). Where nothing solves again (``tree`` writing the whole game), a refusal with its
    reason, never values on two scales."""

    def __init__(self, bounds: Bounds, why: str):
        super().__init__(f"the showdown game's scale: {why}; its values would not be on one scale",
                         help=("optimize solves the game again with larger weights; the tree written by `tree` "
                               "keeps the weights read up front (RB-MODEL-7)",))
        self.bounds = bounds


def _numbers(effects: Any) -> int:
    """Every positive number a card's effects state as an amount, a value or a Might (what a card can add)."""
    if isinstance(effects, Mapping):
        return sum(v if k in ("value", "amount", "might") and isinstance(v, int) and not isinstance(v, bool) and v > 0
                   else _numbers(v) for k, v in effects.items())
    if isinstance(effects, (list, tuple)):
        return sum(_numbers(e) for e in effects)
    return 0


def _equipment_bonus(card, units) -> int:
    """The Might bonus an Equipment card gives the unit it is attached to (RB-CARD-5: the data's, else the one the
    scenario states for it on a unit), 0 for another card or one stated nowhere."""
    if card is None or not getattr(card, "equipment", False):
        return 0
    if card.equip_might_bonus is not None:
        return max(0, card.equip_might_bonus)
    return max(0, next((b for u in units for g, b in u.stated_bonus if g == card.name), 0))


def _repeat_grants(units, hand_units) -> int:
    """How many units of the scenario (in play, or unit cards of a hand) give their player's spells one more [Repeat]
    (RB-CARD-25, :func:`..cards.repeat.grants`): each may add an execution to any spell, counted generously."""
    from ..cards.repeat import grants

    return sum(1 for statics in [u.statics for u in units] + [c.abilities for c in hand_units]
               if any(grants(e) for e in statics))


def bounds(scenario, objective: Objective) -> Bounds:
    """The bounds read from the scenario up front: each side's units in play (at the battlefield, at its base,
    played before), the unit cards of its hand, and what every card of the scenario can add (each number its
    effects or abilities state, as many times as a spell can execute them: once, and once more for each [Repeat]
    printed on it or given by a unit of the scenario, RB-CARD-25; and the Might bonus of every Equipment of the
    scenario, in a hand, attached, or in play attached to none, which a card may attach, RB-CARD-5, RB-CARD-14:
    each added to every side's Might; and one more unit a side for each card of a hand or unit in play whose effects
    make tokens). A bound, not a proof: :meth:`Scale.check` checks it at every end position reached."""
    from ..cards.repeat import printed
    from ..cards.spells import load_cards
    from ..cards.units import load_units

    units: dict[str, list] = {s: [] for s in SIDES}
    for u in (*scenario.attacker.units, *scenario.defender.units, *scenario.reserve,
              *getattr(scenario, "played_units", ())):
        units[u.side].append(u)
    might = {s: sum(max(0, u.current_might) + sum(u.assault) + sum(u.shield) for u in units[s]) for s in SIDES}
    count = {s: len(units[s]) for s in SIDES}
    values = {s: sum((abs(u.value) for u in units[s] if u.value is not None), Fraction(0)) for s in SIDES}
    dens = [u.value.denominator for s in SIDES for u in units[s] if u.value is not None]
    extra, makers = 0, 0
    for s in SIDES:
        for u in units[s]:
            if u.card_id is not None:
                abilities = load_units().unit(u.card_id).abilities
                extra += _numbers(abilities)
                makers += 1 if "token" in repr(abilities) else 0
            extra += _numbers(list(u.statics))
    hands = getattr(scenario, "hands", {}) or {}
    every = [u for s in SIDES for u in units[s]]
    cards = {s: [load_cards().find(h.name) for h in hands.get(s, ())] for s in SIDES}
    hand_units = [load_units().unit(h.name) for s in SIDES for h, c in zip(hands.get(s, ()), cards[s]) if c is None]
    repeats = _repeat_grants(every, hand_units)
    for s in SIDES:
        for h, card in zip(hands.get(s, ()), cards[s]):
            if card is not None:
                effects = card.effects
                # RB-CARD-25: each [Repeat] paid executes its effects once more; RB-CARD-5: a Quick-Draw Equipment
                # played attaches with its bonus
                times = 1 + (len(printed(card)) + repeats if card.type == "spell" else 0)
                extra += _numbers(effects) * times + _equipment_bonus(card, every)
            else:
                unit = load_units().unit(h.name)
                effects = unit.abilities
                count[s] += 1
                might[s] += max(0, unit.might or 0) + (unit.assault or 0) + (unit.shield or 0)
                extra += _numbers(effects)
            makers += 1 if "token" in repr(effects) else 0
    # RB-CARD-14: an Equipment in play, attached or not, that a card may attach to another unit (its bonus with it)
    for name in {g for u in every for g in u.equipment} | {g for s in SIDES for g in scenario.gear.get(s, ())}:
        extra += _equipment_bonus(load_cards().find(name), every)
    return Bounds({s: count[s] + makers for s in SIDES}, {s: might[s] + extra for s in SIDES},
                  math.lcm(*dens) if dens else 1, values)


@dataclass(frozen=True)
class Lost:
    """A unit a side lost in the combat: its name, its Might as it died (at least 0), its ``value:``."""

    name: str
    might: int
    value: Fraction | None


class Scale:
    """The weights of one solve of the showdown game (shared by every game of its trigger choices), and the
    value of each end position on them (checked against the bounds they assume)."""

    def __init__(self, objective: Objective, b: Bounds):
        self.objective, self.bounds = objective, b
        na, nd = b.units["attacker"], b.units["defender"]
        self.w_kill = 1 + b.might["attacker"] + b.might["defender"]  # kills_then_might: a kill
        self.w_might = 1 + na + nd  # might_then_kills: a point of Might
        self.eps = Fraction(1, (1 + na + nd) * b.den)  # custom: a kill
        # protect: the most the rest of a killer's score can be (it kills all the other side can lose)
        top = {s: self._base_top(other(s)) for s in SIDES}
        self.w_protect = 1 + top["attacker"] + top["defender"]

    def _base_top(self, loser: str) -> Fraction:
        b, name = self.bounds, self.objective.name
        if name == "might_then_kills":
            return Fraction(b.might[loser] * self.w_might + b.units[loser])
        if name == "custom":
            return b.value[loser] + b.units[loser] * self.eps
        return Fraction(b.units[loser] * self.w_kill + b.might[loser])

    def describe(self) -> str:
        """The weights, as the text's scale line shows them."""
        name = self.objective.name
        if name == "might_then_kills":
            text = f"a point of Might lost counts {self.w_might}, a unit lost 1"
        elif name == "custom":
            text = f"a point of value lost counts 1, a unit lost {self.eps}"
        else:
            text = f"a unit lost counts {self.w_kill}, a point of its Might 1"
        if self.objective.protect:
            text += f", a protected unit lost -{self.w_protect} to the other side"
        b = self.bounds
        return (f"{text} (the whole combat, one scale: each side loses at most {b.units['attacker']} / "
                f"{b.units['defender']} units (Attacker / Defender) of at most {b.might['attacker']} / "
                f"{b.might['defender']} Might in all, checked at every end position)")

    def check(self, lost: Mapping[str, tuple[Lost, ...]], values: Mapping[str, Fraction]) -> None:
        """Raise :class:`ScaleBroken` when an end position lost more than the bounds assume."""
        b = self.bounds
        for s in SIDES:
            units, might = len(lost[s]), sum(x.might for x in lost[s])
            v = values[s]
            if units > b.units[s] or might > b.might[s] or b.den % v.denominator or abs(v) > b.value[s]:
                raise ScaleBroken(b.grown(s, units=units, might=might, den=v.denominator, value=abs(v)),
                                  f"the {s} lost {units} units of {might} Might (value {v}): more than the bounds "
                                  f"{b.units[s]}, {b.might[s]}, {b.value[s]} (denominator {b.den})")

    def _value_of(self, lost: tuple[Lost, ...]) -> Fraction:
        if self.objective.score is not None:
            return Fraction(self.objective.score(tuple(x.name for x in lost)))
        return sum((x.value or Fraction(0) for x in lost), Fraction(0))

    def score(self, loser: str, lost: tuple[Lost, ...], value: Fraction) -> Fraction:
        """What side ``loser``'s losses ``lost`` are worth to the other side."""
        name = self.objective.name
        kills, might = len(lost), sum(x.might for x in lost)
        if name == "might_then_kills":
            base = Fraction(might * self.w_might + kills)
        elif name == "custom":
            base = value + kills * self.eps
        else:
            base = Fraction(kills * self.w_kill + might)
        spared = sum(1 for x in lost if x.name in self.objective.protect)
        return base - spared * self.w_protect

    def value(self, lost: Mapping[str, tuple[Lost, ...]]) -> Fraction:
        """The Attacker's score minus the Defender's for an end position whose losses are ``lost`` (side -> units
        that side lost), checked first."""
        values = {s: self._value_of(lost[s]) for s in SIDES} if self.objective.name == "custom" else \
            {s: Fraction(0) for s in SIDES}
        self.check(lost, values)
        return self.score("defender", lost["defender"], values["defender"]) - \
            self.score("attacker", lost["attacker"], values["attacker"])


def showdown_losses(progress) -> dict[str, tuple[Lost, ...]]:
    """Side -> the units it lost in the showdown the state ``progress`` reached (:func:`died`), in order, each with
    its record's Might when it died."""
    out: dict[str, list[Lost]] = {s: [] for s in SIDES}
    for name, side, how in progress.removed:
        if died(how):
            u = progress.units.get(name)
            out[side].append(Lost(name, max(0, u.current_might) if u is not None else 0,
                                  u.value if u is not None else None))
    return {s: tuple(v) for s, v in out.items()}


def combat_losses(showdown: Mapping[str, tuple[Lost, ...]], board, killed: Iterable[tuple[str, ...]]
                  ) -> dict[str, tuple[Lost, ...]]:
    """The losses over the whole combat: those of the showdown, then the damage step's on ``board``
    (``killed``: the defenders the Attacker's split kills, the attackers the Defender's kills)."""
    ka, kd = killed
    out = dict(showdown)
    for loser, names in (("defender", ka), ("attacker", kd)):
        got = []
        for n in names:
            u = board.unit(n)
            got.append(Lost(n, max(0, u.current_might), u.value))
        out[loser] = tuple(out[loser]) + tuple(got)
    return out
