"""A Combat card choice at one position of the card game, as reported: each side's optimal mix and
what each of its options is worth.

At a position the two players choose secretly and together (WOTR-CARD-2): a zero-sum matrix game
whose cells are the attacker's expected objective. An option's value is that expectation when its
side plays it and the other side plays its optimal mix; the best option's value is the game's value,
every option the optimal mix plays is a best option, and an option's difference is how much worse it
is for its own side than the best (the attacker maximises, the defender minimises; a difference is
never negative). All values are exact Fractions. The options are ranked and printed in the format of
every ``optimize`` decision (:mod:`pycombat.tree.options`); a side with a single option is forced.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..battle.optimize import figures_text as _figures_text, units_text as _units_text
from pycombat.tree.options import Option, option_lines, rank
from .combat_round import ROLES


#: one option of one side at a position: ``plays`` is the chance the optimal mix plays it
OptionValue = Option


@dataclass
class PositionChoice:
    """The card choice at a position the optimal play reaches (round 1's start, or a later round's)."""

    round: int
    chance: Fraction  #: the chance the position is reached when both sides play optimally
    attacker_units: str
    defender_units: str
    hands: dict[str, tuple[str, ...]]  #: role -> the cards it still holds
    value: Fraction  #: the value of the position's game (the attacker's expected objective)
    options: dict[str, list[OptionValue]] = field(default_factory=dict)  #: role -> options, best first
    lost_to_cards: tuple = ((), ())  #: figures the cards of earlier rounds eliminated (attacker's, defender's)
    units: tuple = ()  #: (attacker's units, defender's units) as the battle state holds them: (regulars, elites) per Nation
    #: the certified upper bound of the value when the position can repeat and its value is not exact
    #: (``value`` is then the lower bound, and the options are valued at it)
    value_hi: Fraction | None = None

    def chosen(self, role: str) -> dict[str, Fraction]:
        """The side's optimal mix (the options it plays with a positive chance)."""
        return {o.label: o.plays for o in self.options.get(role, ()) if o.plays}

    def json(self, roles=ROLES) -> dict:
        from pycombat.dice import as_json

        out = {"round": self.round, "chance": as_json(self.chance), "attacker_units": self.attacker_units,
               "defender_units": self.defender_units, "hands": {r: list(h) for r, h in self.hands.items()},
               "value": as_json(self.value)}
        if self.value_hi is not None:
            out.update(exact=False, value_interval=[as_json(self.value), as_json(self.value_hi)])
        if any(self.lost_to_cards):
            out["lost_to_cards"] = {r: [str(x) for x in lost] for r, lost in zip(ROLES, self.lost_to_cards)}
        for role in roles:
            if role in self.options:
                out[role] = {"plays": {k: as_json(v) for k, v in self.chosen(role).items()},
                             "forced": len(self.options[role]) == 1,
                             "options": [o.json() for o in self.options[role]]}
        return out

    def _value(self, short) -> str:
        if self.value_hi is None:
            return short(self.value)
        return f"between {short(self.value)} and {short(self.value_hi)} (options valued at the lower bound)"

    def lines(self, short, roles=ROLES, indent: str = "    ", top: int | None = None) -> list[str]:
        """The position, then for each side that has a choice (not a forced one: a single option) its mix
        and its options best first (at most ``top``)."""
        hands = "; ".join(f"the {r} holds {', '.join(h) if h else 'no card'}" for r, h in self.hands.items())
        lost = "".join(f"; the {r} lost {', '.join(map(str, x))} to cards" for r, x in zip(ROLES, self.lost_to_cards)
                       if x)
        out = [f"{indent}round {self.round}, reached with chance {short(self.chance)}: attacker "
               f"{self.attacker_units}, defender {self.defender_units}; {hands}{lost}; value {self._value(short)}"]
        for role in roles:
            opts = self.options.get(role)
            if not opts or len(opts) < 2:
                continue
            mix = ", ".join(f"{k} {short(v)}" for k, v in self.chosen(role).items())
            out.append(f"{indent}  the {role} plays {mix}; its options, best first:")
            out.extend(option_lines(opts, short, top=top, indent=indent + "    "))
        return out


def units_text(setup, role: str, units) -> str:
    """A side's units by Nation (``Sauron 3R 0E``) in a set-up."""
    return _units_text(setup, role, units)


def figures_text(setup, role: str, units) -> str:
    """A side's units by Nation, then its Leaders, Nazgûl and Characters (``Gondor 2R 0E, 1 Leader``)."""
    return _figures_text(setup, role, units)


def option_values(labels: dict[str, list[str]], matrix: list[list[Fraction]], x: list[Fraction],
                  y: list[Fraction]) -> dict[str, list[OptionValue]]:
    """Each side's options at a position, best first: the attacker's row values against the
    defender's mix ``y``, the defender's column values against the attacker's mix ``x``."""
    rows = [sum((a * q for a, q in zip(row, y)), Fraction(0)) for row in matrix]
    cols = [sum((matrix[i][j] * x[i] for i in range(len(matrix))), Fraction(0)) for j in range(len(matrix[0]))]
    return {"attacker": rank(zip(labels["attacker"], rows), True, plays=x),
            "defender": rank(zip(labels["defender"], cols), False, plays=y)}
