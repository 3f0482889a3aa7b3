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


# ---- rolls of cards played in a strike: a fixed number, or a corruption check (MECCG-FX-22) -----
CHECK_RULE = "MECCG-FX-22"
COST_RULE = "MECCG-FX-25"  #: a corruption check a card costs: its effect stands whatever the check does


@dataclass(frozen=True)
class StrikeRoll:
    """The roll a card played in a strike hangs on, for the member it is played for: 2d6 + ``bonus``
    must be greater than ``greater_than`` for the card to act. A corruption check (``check``) that
    fails also costs the member: at ``greater_than`` or one less he is discarded, lower eliminated."""

    card: str
    bonus: int
    greater_than: int
    check: bool = False  #: a corruption check (MECCG-FX-22), else a plain roll (MECCG-FX-16)
    why: str = ""  #: where ``greater_than`` comes from
    #: a corruption check the card costs (MECCG-FX-25): the card acts whatever it does; ``who`` makes it
    cost: bool = False
    who: str = ""

    @property
    def rule(self) -> str:
        return COST_RULE if self.cost else CHECK_RULE if self.check else RULE

    def passes(self, roll: int) -> bool:
        """The card acts on this 2d6 total."""
        return roll + self.bonus > self.greater_than

    def fate(self, roll: int) -> str:
        """What this 2d6 total does to the member: ``passes``, or (a corruption check failed)
        ``discarded`` at his corruption points or one less, ``eliminated`` below."""
        total = roll + self.bonus
        if total > self.greater_than or not self.check:
            return "passes" if total > self.greater_than else "fails"
        return "discarded" if total >= self.greater_than - 1 else "eliminated"

    def fates(self) -> dict[str, Fraction]:
        """The exact chance of each :meth:`fate` (a plain roll: ``passes`` or ``fails``).

        >>> r = StrikeRoll("The One Ring", -2, 6, check=True)
        >>> {k: str(v) for k, v in r.fates().items()}
        {'eliminated': '5/12', 'discarded': '11/36', 'passes': '5/18'}
        """
        out: dict[str, Fraction] = {}
        for roll, p in sorted(two_d6().items()):
            f = self.fate(roll)
            out[f] = out.get(f, Fraction(0)) + p
        return out

    def text(self, roll: int | None = None) -> str:
        """``corruption check: 2d6 - 2 > 6 (Frodo's corruption points: The One Ring 6)``, and a roll's result."""
        what = (f"corruption check ({self.who} makes it, the card's cost)" if self.cost
                else "corruption check" if self.check else "roll")
        adds = f" {'+' if self.bonus >= 0 else '-'} {abs(self.bonus)}" if self.bonus else ""
        head = f"{self.card}'s {what}: 2d6{adds} > {self.greater_than}" + (f" ({self.why})" if self.why else "")
        if roll is None:
            return head
        total = roll + self.bonus
        fate = self.fate(roll)
        said = {"passes": f"{self.who} passes" if self.cost else "it acts", "fails": "no effect",
                "discarded": "the check fails: discarded (at his corruption points or one less)",
                "eliminated": "the check fails: eliminated (below his corruption points less one)"}[fate]
        return f"{head}: rolls {roll}{adds} = {total}: {said}"


def corruption_points(m: Member) -> tuple[int, str]:
    """The member's corruption points and where they come from: the scenario's stated total, else
    the printed corruption points of the items he carries (MECCG-FX-22)."""
    if m.corruption_points is not None:
        return m.corruption_points, f"{m.name}'s corruption points as the scenario states them"
    carried = [(i.name, i.corruption_points) for i in m.items if i.corruption_points]
    parts = ", ".join(f"{n} {cp}" for n, cp in carried) or "no item with corruption points"
    return sum(cp for _n, cp in carried), f"{m.name}'s corruption points: {parts}"


def check_maker(card: "cardfx.CardModel", member: Member, company: Company | None = None) -> Member | None:
    """Who makes the corruption check ``card`` costs when it is played for ``member`` (MECCG-FX-25):
    ``member`` when he is of the race the card names (``by``), else the first of his ``company`` who is;
    None when the maker is of a race that makes none (``unless_race``: a Ringwraith) or the card costs none.

    >>> from pycombat.games.meccg.schema import scenario_from_dict
    >>> s = scenario_from_dict({"game": "meccg",
    ...     "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
    ...     "defender": {"alignment": "hero", "site": "Moria", "members": ["Sam Gamgee", "Gandalf"]}})
    >>> kindling = cardfx.card_model("Kindling of the Spirit")
    >>> check_maker(kindling, s.defender.member("Sam Gamgee"), s.defender).name
    'Gandalf'
    """
    cost = card.cost_check
    if not cost:
        return None
    if cost.get("stated"):  # the character its player names (``{card, member}``); none named: not modelled
        named = dict(getattr(company, "makers", ()) or ()).get(card.name)
        maker = next((m for m in (company.members if company else ()) if m.name == named), None)
        if maker is None:
            return None
        return None if _unless(cost, maker) else maker
    race = (cost.get("by") or "").casefold()
    maker = member if not race or (member.race or "").casefold() == race else next(
        (m for m in (company.members if company else ()) if (m.race or "").casefold() == race
         and m.card_type != "ally"), member)
    return None if _unless(cost, maker) else maker


def _unless(cost: Mapping[str, Any], maker: Member) -> bool:
    """The maker is of a race that makes no check (``unless_race``: "unless a Ringwraith", MECCG-FX-25)."""
    return (maker.race or "").casefold() in {r.casefold() for r in cost.get("unless_race") or ()}


def check_modifiers(maker: Member, company: Company | None) -> tuple[int, str]:
    """The modifiers of every corruption check ``maker`` makes in the combat, and their words (``""``: none): his
    own printed one ("All of his corruption checks are modified by +4": Frodo; data/character_terms.yaml) and those
    the cards in play in ``company`` give him (card_effects.yaml ``fx: corruption_check``, where the card's
    requirements hold for him: Fellowship's +1 in a company of four or more, MECCG-FX-7). The one computation of
    a check's modifiers: a card's use (MECCG-FX-22), its cost (MECCG-FX-25/30/31), in every verb."""
    total, parts = 0, []
    if maker.check_modifier:  # his own printed modifier (data/character_terms.yaml), in every verb's check
        total += maker.check_modifier
        parts.append(f"{maker.check_modifier:+d} {maker.name}'s own (printed: all of his corruption checks)")
    for card in getattr(company, "in_play", ()) if company is not None else ():
        m = cardfx.model(card.id)
        if m.play != "in_play":
            continue
        ctx = cardfx.Ctx(me=maker, company=company, scenario=None)
        if cardfx.holds(m.requires, ctx) is not None:
            continue
        got = sum(f.amount for f in m.fx if f.what == "corruption_check" and cardfx.holds(f.cond, ctx) is None)
        if got:
            total += got
            parts.append(f"{got:+d} {m.name}")
    rule = " (MECCG-FX-7)" if len(parts) > bool(maker.check_modifier) else ""
    return total, (", ".join(parts) + rule) if parts else ""


def strike_roll(card: "cardfx.CardModel", member: Member, company: Company | None = None) -> StrikeRoll | None:
    """The roll ``card``, played for ``member`` in a strike, hangs on (None: it needs none), or the
    corruption check it costs, made by :func:`check_maker` in his ``company`` (MECCG-FX-25): its
    modifier, or the one its ``at_site`` gives for the company's kind of site (Nenya: -1 at a Haven)."""
    maker = check_maker(card, member, company)
    if maker is not None:
        cp, why = corruption_points(maker)
        cost = card.cost_check
        mod = int((cost.get("at_site") or {}).get(getattr(company, "site_kind", None), cost["corruption_check"]))
        extra, said = check_modifiers(maker, company)
        return StrikeRoll(card.name, mod + extra, cp, True, why + (f"; {said}" if said else ""), cost=True,
                          who=maker.name)
    roll = card.roll
    if not roll:
        return None
    if "corruption_check" in roll:
        cp, why = corruption_points(member)
        extra, said = check_modifiers(member, company)
        return StrikeRoll(card.name, int(roll["corruption_check"]) + extra, cp, True, why + (f"; {said}" if said else ""))
    return StrikeRoll(card.name, 0, int(roll["greater_than"]))
