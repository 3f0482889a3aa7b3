"""A chance node before strikes are assigned that changes a company (MECCG-FX-31).

A card played before strikes are assigned whose cost is a corruption check (Wizard's Flame: the
Wizard's check -3, under ``pre_assignment_attack_effects=allowed``, MECCG-PRE-5; a Vanishment whose
cancel the attacker's Indûr Unleashed defeats, MECCG-FX-29) is played, and its check rolled, before
the assignment. The attack goes on; a maker who fails is discarded (at his
corruption points or one less) or eliminated (below), MECCG-FX-22: he leaves the company before the
assignment, so no strike is assigned to him and he does not support one, and the three assignment
phases (MECCG-ASSIGN-2..4) are played by the company as it stands after the check. The card's own
effect stands whatever the check does (MECCG-FX-25).

:func:`pre_check` finds the check; :meth:`PreCheck.branches` gives its exact chance node, each
branch with the scenario the assignment that follows it is made in (:meth:`PreCheck.scenario_after`).
:class:`.game.CvccGame` branches on it first, so ``optimize`` and ``tree`` value every outcome with
its own assignment; :mod:`.before_outcomes` gives ``odds`` and ``replay`` each outcome's given
assignment. A cancel's check (the attack cancelled) is MECCG-FX-30, not this.

>>> from pycombat.games.meccg.schema import scenario_from_dict
>>> s = scenario_from_dict({"game": "meccg", "rules": {"pre_assignment_attack_effects": "allowed"},
...     "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat"]},
...     "defender": {"alignment": "hero", "site": "Moria",
...                  "members": [{"name": "Gandalf", "corruption_points": 2}, "Aragorn II"]},
...     "combat": {"before_assignment": ["Wizard's Flame"],
...                "strikes": [{"attacker": "Lagduf", "defender": "Gandalf"},
...                            {"attacker": "Shagrat", "defender": "Aragorn II"}]}})
>>> [(label, str(p)) for label, p, _fate in pre_check(s).branches()]
[('Gandalf passes his corruption check', '13/18'), ('Gandalf fails his corruption check: discarded', '7/36'), ('Gandalf fails his corruption check: eliminated', '1/12')]
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from pycombat.in_force import in_force
from ..cards import interpreter as cardfx, rolls
from ..model import Scenario

RULE = "MECCG-FX-31"  #: a corruption check before strikes are assigned in an attack that goes on
#: how each way the check goes is said, for the chance node's labels
_WORDS = {"passes": "passes his corruption check", "discarded": "fails his corruption check: discarded",
          "eliminated": "fails his corruption check: eliminated"}
#: the words of the card record's ``unmodelled`` part this node models: ``verify``, whose claims about the
#: strikes read the one assignment the combat block names, still lists it
WHAT = "corruption check"


@dataclass(frozen=True)
class PreCheck:
    """The corruption check ``card`` costs, made by ``check.who`` of the ``role`` company, before strikes
    are assigned in an attack that goes on (MECCG-FX-31); ``penalty``: the MPs his player loses if he is
    eliminated (MECCG-BODY-7/9)."""

    card: str
    card_id: str
    check: rolls.StrikeRoll
    role: str = "defender"
    penalty: int = 0

    rule = RULE

    @property
    def who(self) -> str:
        return self.check.who

    def branches(self) -> list[tuple[str, Fraction, str]]:
        """``(label, chance, fate)`` for each way the check goes, in the order passes, discarded, eliminated."""
        fates = self.check.fates()
        return [(f"{self.who} {_WORDS[f]}", fates[f], f) for f in ("passes", "discarded", "eliminated")
                if fates.get(f)]

    def text(self) -> str:
        ways = ", ".join(f"{_WORDS[f]} {p}" for _l, p, f in self.branches())
        return (f"{self.card} is played before strikes are assigned; its cost, {self.check.text()}: {ways}; "
                f"the assignment follows with the company as it stands ({RULE})")

    def as_json(self) -> dict:
        from pycombat.dice import as_json
        return {"card": self.card, "who": self.who, "role": self.role, "modifier": self.check.bonus,
                "corruption_points": self.check.greater_than, "rule": RULE,
                "fates": {f: as_json(p) for _l, p, f in self.branches()}}

    def scenario_after(self, scenario: Scenario, fate: str) -> Scenario:
        """``scenario`` as the assignment after the check finds it: the maker gone on a failed check
        (MECCG-FX-22). The card's effect stays (MECCG-FX-25); the check is not made again (the game
        made from it is told so)."""
        company = scenario.company(self.role)
        if fate != "passes":
            company = replace(company, members=tuple(m for m in company.members if m.name != self.who))
        return replace(scenario, **{self.role: company})


def pre_check(scenario: Scenario) -> PreCheck | None:
    """The corruption check a card the defender played before strikes are assigned costs in an attack
    that goes on (MECCG-FX-31): a card whose record has ``cost_check`` and is not a cancel, or a cancel
    whose attack the attacker's card keeps (Vanishment against Indûr Unleashed, MECCG-FX-29), acting under
    the scenario's flags (``only_if``, e.g. Wizard's Flame only under
    ``pre_assignment_attack_effects=allowed``, MECCG-PRE-5), made by the maker its ``by`` names. None:
    no such card, or the rule switched off."""
    combat = scenario.combat
    if combat is None or not in_force(RULE):
        return None
    from .strikes import owner_penalty

    kept = None
    for cid in combat.before_assignment:
        m = cardfx.model(cid)
        if not m.cost_check:
            continue
        on_roll = m.play == "cancel" and m.cost_check.get("roller")  # Token of Goodwill: its roller's check
        if m.play == "cancel":  # its check is MECCG-FX-30's unless the attacker keeps the attack (MECCG-FX-29)
            if kept is None:
                from ..cards.keeps import attack_kept
                kept = attack_kept(scenario) or False
            if not kept and not on_roll:  # a cancel on a roll: the attack goes on where the roll fails
                continue
        need = m.cost_check.get("only_if") or {}
        if any(scenario.flags.get(f) != v for f, v in need.items()):
            continue
        company = scenario.defender
        if not company.members:
            continue
        by = (m.cost_check.get("by") or "").casefold()
        makers = [x for x in company.members if x.card_type != "ally" and (not by or (x.race or "").casefold() == by)]
        if not makers:  # nobody left of the race that makes it (the play check needs one to play the card)
            continue
        # its maker: of the race it names, the character its player names (``stated``; none named: no check),
        # or the member who makes the cancel's roll, rolled beside it (``roller``, MECCG-FX-30)
        if on_roll:
            r = rolls.cancel_roll(scenario, cid, "defender")
            if r is None or r.roller is None:
                continue
            check = rolls.strike_roll(m, company.member(r.roller), company)
        else:
            check = rolls.strike_roll(m, makers[0], company)
        if check is None:  # a maker of a race that makes none ("unless a Ringwraith")
            continue
        return PreCheck(m.name, m.id, check, "defender", owner_penalty(company.member(check.who), scenario.flags))
    return None


def modelled_here(scenario: Scenario, entries: list[dict]) -> list[dict]:
    """``entries`` (unmodelled parts, MECCG-FX-10) without the check :func:`pre_check` finds: for a verb
    that branches on it (``optimize``, ``tree``, ``enumerate``, ``odds``, ``replay``) it is modelled."""
    pre = pre_check(scenario)
    if pre is None:
        return entries
    return [e for e in entries if not (e.get("id") == pre.card_id and WHAT in e["what"])]
