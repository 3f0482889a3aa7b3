"""Cards that cancel an attack only on a roll (MECCG-FX-16): who rolls, what is added, the exact chance.

A card's ``roll:`` record in ``data/card_effects.yaml`` says what the roll must beat and what is
added to 2d6 (read from combat_cards.json ``effects[].roll``):

* ``greater_than``: a number, or a number per attacking race (Flatter a Foe: Men 11, Orcs 12, ...);
* ``adds``: ``{count: Ranger}`` (one per member of the playing company with that skill),
  ``{unused_influence: true}`` (the roller's direct influence less the mind of each follower he
  controls, ``follower_of:``), ``{skill: Diplomat, amount: 2}`` (when the roller has that skill);
* ``roller``: ``any`` (a member of the playing company rolls) or a skill he needs; absent: the
  player rolls, and no member's numbers enter the roll.

Who rolls is the playing player's decision: the member named ``from:`` when one is named, else the
one with the best chance (the first in company order on a tie).

>>> from pycombat.games.meccg.schema import scenario_from_dict
>>> s = scenario_from_dict({"game": "meccg",
...     "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
...     "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Gimli"]}})
>>> r = cancel_roll(s, "BA-29")
>>> r.text()
'2d6 + 1 (rangers in the company: Aragorn II) > 7: 7/12 (0.5833)'
>>> r.chance
Fraction(7, 12)
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from pycombat.dice import as_json, fmt, two_d6
from pycombat.errors import ScenarioError
from ..model import Company, Member, Scenario
from . import interpreter as cardfx

RULE = "MECCG-FX-16"


@dataclass(frozen=True)
class CancelRoll:
    """The roll a card's cancel hangs on, with its exact chance (``chance`` None: not decided, ``why``)."""

    card: str  #: the card's name
    roller: str | None  #: the member who rolls (None: the player)
    terms: tuple[tuple[int, str], ...]  #: what is added to 2d6: (amount, why)
    greater_than: int | None
    chance: Fraction | None
    why: str | None = None  #: why the chance is not decided (chance None) or nobody may roll (chance 0)

    @property
    def bonus(self) -> int:
        return sum(a for a, _ in self.terms)

    def text(self) -> str:
        """``2d6 + 2 (rangers ...) > 7: 13/18 (0.7222)``, or why it is not decided or cannot be made."""
        if self.why is not None:
            return f"{self.card}'s roll: {self.why}"
        adds = "".join(f" {'+' if a >= 0 else '-'} {abs(a)} ({why})" for a, why in self.terms)
        who = f"{self.roller} rolls " if self.roller else ""
        return f"{who}2d6{adds} > {self.greater_than}: {fmt(self.chance)}"

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card, "roller": self.roller, "rule": RULE,
                               "adds": [{"amount": a, "why": w} for a, w in self.terms],
                               "greater_than": self.greater_than}
        if self.chance is None:
            out["chance"], out["why"] = None, self.why
        else:
            out["chance"] = as_json(self.chance)
        return out


def chance_above(bonus: int, greater_than: int) -> Fraction:
    """P(2d6 + ``bonus`` > ``greater_than``), exactly.

    >>> chance_above(0, 7), chance_above(2, 7), chance_above(0, 12), chance_above(10, 5)
    (Fraction(5, 12), Fraction(13, 18), Fraction(0, 1), Fraction(1, 1))
    """
    return two_d6().prob(lambda r: r + bonus > greater_than)


def roll_of(card_id: str) -> Mapping[str, Any] | None:
    """The card's ``roll:`` record (None: its cancel needs no roll)."""
    return cardfx.model(card_id).roll


def _has_skill(m: Member, skill: str) -> bool:
    return skill.casefold() in {s.casefold() for s in m.skills}


def unused_influence(company: Company, m: Member) -> tuple[int, str]:
    """The member's direct influence less the mind of each follower he controls, and the words."""
    di = m.direct_influence or 0
    followers = [f for f in company.members if f.follower_of == m.name]
    used = sum(f.mind or 0 for f in followers)
    if not followers:
        return di, f"{m.name}'s unused direct influence"
    names = ", ".join(f"{f.name} (mind {f.mind or 0})" for f in followers)
    return di - used, f"{m.name}'s direct influence {di} less followers {names}"


def _terms(roll: Mapping[str, Any], company: Company, roller: Member | None) -> tuple[tuple[int, str], ...]:
    out = []
    for add in roll.get("adds") or ():
        if "count" in add:
            skill = str(add["count"])
            who = [m.name for m in company.members if _has_skill(m, skill)]
            out.append((len(who), f"{skill.lower()}s in the company: {', '.join(who) or 'none'}"))
        elif add.get("unused_influence") and roller is not None:
            out.append(unused_influence(company, roller))
        elif "skill" in add and roller is not None and _has_skill(roller, str(add["skill"])):
            out.append((int(add["amount"]), f"{roller.name} is a {str(add['skill']).lower()}"))
    return tuple(out)


def _threshold(roll: Mapping[str, Any], attackers: Company) -> tuple[int | None, str | None]:
    gt = roll.get("greater_than")
    if isinstance(gt, int):
        return gt, None
    numbers = {}
    for m in attackers.members:
        race = next((r for r in gt if cardfx.race_is(m, [r])), None)
        if race is None:
            return None, f"{m.name} is of none of the races the card names"
        numbers[m.name] = gt[race]
    if len(set(numbers.values())) > 1:
        detail = ", ".join(f"{n} {v}" for n, v in numbers.items())
        return None, f"the card gives no single number for this company ({detail})"
    return next(iter(numbers.values()), None), None


def cancel_roll(scenario: Scenario, card_id: str, by: str = "defender", roller: str | None = None) -> CancelRoll | None:
    """The roll ``card_id``'s cancel hangs on when ``by`` plays it (None: no roll), with the roller
    chosen as the module docstring says. A named roller who may not roll is refused."""
    roll = roll_of(card_id)
    if roll is None:
        return None
    name = cardfx.model(card_id).name
    company, attackers = scenario.company(by), scenario.company("attacker" if by == "defender" else "defender")
    gt, why = _threshold(roll, attackers)
    who = roll.get("roller")
    if who is None:
        candidates: list[Member | None] = [None]
    else:
        candidates = [m for m in company.members if m.card_type != "ally" and (who == "any" or _has_skill(m, who))]
        if roller is not None:
            named = [m for m in company.members if roller.casefold() in (m.name.casefold(), m.card_name.casefold())]
            if not named or named[0] not in candidates:
                need = "a character" if who == "any" else f"a {who.lower()}"
                raise ScenarioError(f"{roller!r} may not make {name}'s roll: it needs {need} of the "
                                    f"{by}'s company ({RULE})")
            candidates = named[:1]
        if not candidates:
            need = "a character" if who == "any" else f"a {who.lower()}"
            return CancelRoll(name, None, (), gt, Fraction(0), f"no member of the {by}'s company may make it "
                                                               f"(it needs {need})")
    best = None
    for m in candidates:
        terms = _terms(roll, company, m)
        chance = None if gt is None else chance_above(sum(a for a, _ in terms), gt)
        got = CancelRoll(name, None if m is None else m.name, terms, gt, chance, why)
        if best is None or (chance is not None and chance > best.chance):
            best = got
    return best
