"""The fact boundary: Riftbound boards <-> the ASP predicates of ``asp_rules/riftbound``.

Input predicates are documented in ``asp_rules/riftbound/input.lp``, output predicates in
``show.lp`` and :data:`BOARD_TEXT` (derive.lp's numbers). Both directions go through these clorm classes, never
through string parsing.
"""
from __future__ import annotations

import math

from fractions import Fraction
from typing import Iterable, Mapping

from clorm import ConstantField, IntegerField, Predicate, RawField, StringField

from pycombat.solver import predicate
from ..model import Board, Split, Unit


# ---- input -----------------------------------------------------------------------------
class UnitP(Predicate):
    unit = StringField
    side = ConstantField

    class Meta:
        name = "unit"


class PrintedMight(Predicate):
    unit = StringField
    might = IntegerField

    class Meta:
        name = "printed_might"


class MightChange(Predicate):
    unit = StringField
    index = IntegerField
    amount = IntegerField

    class Meta:
        name = "might_change"


class Assault(Predicate):
    unit = StringField
    index = IntegerField
    amount = IntegerField

    class Meta:
        name = "assault"


class Shield(Predicate):
    unit = StringField
    index = IntegerField
    amount = IntegerField

    class Meta:
        name = "shield"


def _unary(name: str):
    """``name(Unit)``."""
    return predicate(name, unit=StringField)


Stunned, NoCombatDamage, PreventAll, Tank, Backline, Immune, Protect = (
    _unary("stunned"), _unary("no_combat_damage"), _unary("prevent_all"), _unary("tank"), _unary("backline"),
    _unary("immune"), _unary("protect"))
#: ``kill_on_damage(U)``: U is killed the next time it takes damage (RB-CARD-23)
KillOnDamage = _unary("kill_on_damage")


class Marked(Predicate):
    unit = StringField
    amount = IntegerField

    class Meta:
        name = "marked"


class Prevent(Predicate):
    unit = StringField
    amount = IntegerField

    class Meta:
        name = "prevent"


class DoubleDamage(Predicate):
    unit = StringField
    index = IntegerField

    class Meta:
        name = "double_damage"


class IgnoresTank(Predicate):
    side = ConstantField

    class Meta:
        name = "ignores_tank"


class Assigning(Predicate):
    side = ConstantField

    class Meta:
        name = "assigning"


class WipedOut(Predicate):
    """``wiped_out(S)`` (outcome.lp): asked as an assumption, never given as a fact."""

    side = ConstantField

    class Meta:
        name = "wiped_out"


class Value(Predicate):
    unit = StringField
    value = IntegerField

    class Meta:
        name = "value"


# ---- candidates and output -----------------------------------------------------------------
class Assign(Predicate):
    side = ConstantField
    unit = StringField
    amount = IntegerField

    class Meta:
        name = "assign"


class Step(Predicate):
    side = ConstantField
    index = IntegerField
    unit = StringField
    amount = IntegerField

    class Meta:
        name = "step"


# ---- derived (derive.lp), read once per board --------------------------------------------
class Might(Predicate):
    unit = StringField
    might = IntegerField

    class Meta:
        name = "might"


class Lethal(Predicate):
    unit = StringField
    lethal = IntegerField

    class Meta:
        name = "lethal"


class Unkillable(Predicate):
    unit = StringField

    class Meta:
        name = "unkillable"


class Pool(Predicate):
    side = ConstantField
    damage = IntegerField

    class Meta:
        name = "pool"


class ToAssign(Predicate):
    side = ConstantField
    damage = IntegerField

    class Meta:
        name = "to_assign"


class Target(Predicate):
    side = ConstantField
    unit = StringField

    class Meta:
        name = "target"


class Dump(Predicate):
    side = ConstantField
    unit = StringField

    class Meta:
        name = "dump"


class Tier(Predicate):
    side = ConstantField
    unit = StringField
    tier = IntegerField

    class Meta:
        name = "tier"


class Dual(Predicate):
    side = ConstantField
    unit = StringField

    class Meta:
        name = "dual"


class Big(Predicate):
    side = ConstantField

    class Meta:
        name = "big"


class Excess(Predicate):
    side = ConstantField
    damage = IntegerField

    class Meta:
        name = "excess"


class TotalLethal(Predicate):
    side = ConstantField
    total = IntegerField

    class Meta:
        name = "total_lethal"


class DamageStep(Predicate):
    class Meta:
        name = "damage_step"


class Violation(Predicate):
    rule = StringField
    detail = RawField

    class Meta:
        name = "violation"


OUTPUT_PREDICATES = (Assign, Step)
DERIVED_PREDICATES = (Might, Lethal, Unkillable, Pool, ToAssign, Target, Dump, Tier, Dual, Big, Excess, TotalLethal,
                      DamageStep)


def _quiet_show(p: type) -> str:
    args = ", ".join(f"X{i}" for i in range(p.meta.arity))
    atom = f"{p.meta.name}({args})" if args else p.meta.name
    return f"#show {atom} : {atom}, not assigning_some.\n"


#: What derive.lp says about a board, shown (splits.derive reads it off the grounding of BASE alone).
DERIVED_TEXT = "".join(f"#show {p.meta.name}/{p.meta.arity}.\n" for p in DERIVED_PREDICATES)
#: A side's board program (splits.BOARD with the fact ``assigning(S)``): its answers are the side's
#: splits with what each leaves, and carry nothing of derive.lp's numbers.
SIDE_TEXT = "assigning_some :- assigning(_).\n" + "".join(_quiet_show(p) for p in DERIVED_PREDICATES)


def values(fact: Predicate) -> tuple:
    """A decoded fact's field values, in the predicate's order: what ``tuple(fact)`` gives, read
    without clorm's field descriptors (each access checks the instance's type: reading the splits of
    a batch of small boards through them cost about 5% of its time).  tests/riftbound/test_instances.py
    checks it against ``tuple(fact)``."""
    return fact._field_values


def unit_facts(u: Unit) -> list[Predicate]:
    """Everything about one unit that ``input.lp`` reads."""
    out: list[Predicate] = [UnitP(unit=u.name, side=u.side), PrintedMight(unit=u.name, might=u.might)]
    # the showdown's changes, then the static abilities reaching it (RB-CARD-9)
    changes = u.might_changes + tuple(a for _, a in u.static)
    out += [MightChange(unit=u.name, index=i, amount=n) for i, n in enumerate(changes, start=1)]
    out += [Assault(unit=u.name, index=i, amount=n) for i, n in enumerate(u.assault)]
    out += [Shield(unit=u.name, index=i, amount=n) for i, n in enumerate(u.shield)]
    if u.stunned:
        out.append(Stunned(unit=u.name))
    if u.no_combat_damage:
        out.append(NoCombatDamage(unit=u.name))
    if u.marked:
        out.append(Marked(unit=u.name, amount=u.marked))
    if u.prevent:
        out.append(Prevent(unit=u.name, amount=u.prevent))
    if u.prevent_all:
        out.append(PreventAll(unit=u.name))
    out += [DoubleDamage(unit=u.name, index=i) for i in range(1, u.doubled + 1)]
    if u.tank:
        out.append(Tank(unit=u.name))
    if u.backline:
        out.append(Backline(unit=u.name))
    if u.immune:
        out.append(Immune(unit=u.name))
    if u.kill_on_damage:  # RB-CARD-23
        out.append(KillOnDamage(unit=u.name))
    return out


def board_facts(board: Board, assigning: Iterable[str] = ()) -> list[Predicate]:
    """The board's facts, with ``assigning(S)`` for each side whose splits are wanted."""
    out: list[Predicate] = []
    for u in board.attacker + board.defender:
        out += unit_facts(u)
    out += side_facts(board)
    out += [Assigning(side=s) for s in assigning]
    return out


def side_facts(board: Board) -> list[Predicate]:
    """The board's facts about a side rather than one unit (``ignores_tank/1``): with the units'
    :func:`unit_facts`, every fact of :func:`board_facts` but ``assigning/1``."""
    return [IgnoresTank(side=side) for side in ("attacker", "defender") if board.ignores_tank(side)]


def value_facts(values: Mapping[str, Fraction]) -> list[Predicate]:
    """``value(U, V)`` with the fractions scaled to integers by one common denominator."""
    if not values:
        return []
    den = math.lcm(*(Fraction(v).denominator for v in values.values()))
    return [Value(unit=u, value=int(Fraction(v) * den)) for u, v in values.items()]


def split_facts(split: Split) -> list[Predicate]:
    """A candidate split as ``step/4`` facts (a sequence) or ``assign/3`` facts (a vector)."""
    if split.steps is not None:
        return [Step(side=split.side, index=k, unit=u, amount=a) for k, (u, a) in enumerate(split.steps, start=1)]
    return [Assign(side=split.side, unit=u, amount=a) for u, a in split.amounts]
