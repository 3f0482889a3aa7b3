"""A chance node before strikes are assigned that changes the companies (MECCG-FX-31): a corruption
check a card costs, or the wound rolls a card makes (Crowned with Storm: :class:`StormNode`, whose
outcomes are the companies as they stand, each member unchanged, tapped, wounded, eliminated or
discarded, with the same :meth:`~StormNode.branches` and :meth:`~StormNode.scenario_after`).

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
...                  "members": [{"name": "Alatar", "corruption_points": 2}, "Aragorn II"]},
...     "combat": {"before_assignment": ["Wizard's Flame"],
...                "strikes": [{"attacker": "Lagduf", "defender": "Alatar"},
...                            {"attacker": "Shagrat", "defender": "Aragorn II"}]}})
>>> [(label, str(p)) for label, p, _fate in pre_check(s).branches()]
[('Alatar passes his corruption check', '13/18'), ('Alatar fails his corruption check: discarded', '7/36'), ('Alatar fails his corruption check: eliminated', '1/12')]
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from pycombat.dice import fmt, two_d6
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


def pre_check(scenario: Scenario) -> "PreCheck | StormNode | None":
    """The chance node before strikes are assigned that changes the companies: the wound rolls of a card
    played then (MECCG-FX-31, :class:`StormNode`), or the corruption check a card the defender played before
    strikes are assigned costs in an attack that goes on (MECCG-FX-31): a card whose record has ``cost_check``
    and is not a cancel, or a cancel whose attack the attacker's card keeps (Vanishment against Indûr
    Unleashed, MECCG-FX-29), acting under the scenario's flags (``only_if``, e.g. Wizard's Flame only under
    ``pre_assignment_attack_effects=allowed``, MECCG-PRE-5), made by the maker its ``by`` names. None:
    no such card, or the rules switched off. Both in one combat is refused (two nodes are not modelled)."""
    storm = storm_node(scenario)  # wound rolls (MECCG-FX-31): the node before the assignment, alone
    check = _corruption_check(scenario)
    if storm is not None and check is not None:
        from pycombat.errors import ScenarioError

        raise ScenarioError(f"{storm.card}'s wound rolls and the corruption check {check.card} costs are both made "
                            f"before strikes are assigned ({RULE}): two chance nodes before the assignment in one "
                            "combat are not modelled; leave one of the cards out",
                            file=scenario.file, path=f"{scenario.combat.path}.before_assignment")
    return storm if storm is not None else check


def _corruption_check(scenario: Scenario) -> PreCheck | None:
    """MECCG-FX-31's check (:func:`pre_check`)."""
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


def bound(scenario: Scenario, max_nodes: int, verb: str) -> None:
    """Refuse up front a game whose wound rolls before the assignment (MECCG-FX-31) lead to more than
    ``max_nodes`` complete assignments over all their outcomes: each outcome is followed by its own assignment
    phases, and each legal complete assignment ends them in a state of its own (counted fast, per outcome)."""
    pre = pre_check(scenario)
    if not isinstance(pre, StormNode):
        return
    from pycombat.errors import TooLargeError
    from ..assignment.legal import LegalAssignments

    total = 0
    ways = pre.ways()
    for k, (_label, _p, changes) in enumerate(pre.branches()):
        after = pre.scenario_after(scenario, changes)
        if not (after.attacker.members and after.defender.members):
            continue
        n, exact = LegalAssignments(after).count_bounded(most=max_nodes - total)
        total += n
        if total > max_nodes or not exact:
            raise TooLargeError(f"{scenario.file or 'the scenario'}: {verb}: {pre.card}'s wound rolls ({STORM_RULE}) go "
                                f"{len(ways):,} ways, and the first {k + 1} alone are followed by at least {total:,} "
                                f"complete assignments (one node each), more than --max-nodes {max_nodes:,}; raise "
                                "--max-nodes or solve a smaller combat")


def modelled_here(scenario: Scenario, entries: list[dict]) -> list[dict]:
    """``entries`` (unmodelled parts, MECCG-FX-10) without the check :func:`pre_check` finds: for a verb
    that branches on it (``optimize``, ``tree``, ``enumerate``, ``odds``, ``replay``) it is modelled."""
    pre = pre_check(scenario)
    if pre is None:
        return entries
    what = STORM_WHAT if isinstance(pre, StormNode) else WHAT
    return [e for e in entries if not (e.get("id") == pre.card_id and what in e["what"])]


# ---- wound rolls before strikes are assigned (MECCG-FX-31) -------------------------------------------------
STORM_RULE = "MECCG-FX-31"  #: wound rolls before strikes are assigned (Crowned with Storm)
#: what one member's wound roll and the card do to him, in the order they are shown
CHANGES = ("wounded", "eliminated", "discarded", "tapped", "unchanged")
#: the words of the entry coverage lists for the wound rolls (MECCG-FX-31) where ``verify`` reads one assignment
STORM_WHAT = "wound rolls"
#: the most outcomes the node is enumerated for (2 ** 12 wound rolls); more is refused up front with the count
MAX_OUTCOMES = 4096


@dataclass(frozen=True)
class Reached:
    """A member a wound-roll card reaches (MECCG-FX-31): the ``role`` of his company, his ``name``, the body his
    roll is made against (None: he rolls nothing), whether he was wounded already (a lost roll then eliminates
    him), whether he is discarded (an ally with no body) and whether he taps (untapped, an ally or a character
    with a mind); ``kill``: his kill MPs to the opposing player, ``penalty``: his owner's MP penalty
    (MECCG-BODY-5/7/9), if he is eliminated."""

    role: str
    name: str
    body: int | None
    wounded: bool
    discarded: bool
    taps: bool
    kill: int = 0
    penalty: int = 0
    minus: int = 1

    def chance(self) -> Fraction:
        """The chance his roll wounds him: 2d6 - ``minus`` above his body."""
        if self.body is None:
            return Fraction(0)
        return sum((p for r, p in two_d6().items() if r - self.minus > self.body), Fraction(0))

    def hit(self, roll: int) -> bool:
        return self.body is not None and roll - self.minus > self.body

    def change(self, hit: bool) -> str:
        if self.discarded:
            return "discarded"
        if hit:
            return "eliminated" if self.wounded else "wounded"
        return "tapped" if self.taps else "unchanged"


@dataclass(frozen=True)
class StormWay:
    """One outcome of the wound rolls: the companies as they stand (``changes``: member -> what happened to
    him, every reached member), its exact ``chance`` (the ways of the rolls that leave them, summed)."""

    changes: tuple[tuple[str, str], ...]
    chance: Fraction

    @property
    def label(self) -> str:
        hit = [f"{n} {c}" for n, c in self.changes if c in ("wounded", "eliminated")]
        off = [f"{n} discarded" for n, c in self.changes if c == "discarded"]
        tapped = [n for n, c in self.changes if c == "tapped"]
        head = ", ".join(hit) if hit else "no roll wounds"
        return head + (f"; {', '.join(off)}" if off else "") + (f"; tapped: {', '.join(tapped)}" if tapped else "")


@dataclass(frozen=True)
class StormNode:
    """The wound rolls a card played before strikes are assigned makes (MECCG-FX-31, Crowned with Storm), by
    the player of the ``role`` company, reaching ``reached`` (flag ``reach``): a chance node whose outcomes are
    the companies as they stand, each followed by its own assignment. Used where :class:`PreCheck` is: the same
    :meth:`branches` and :meth:`scenario_after`; ``who`` is None (no one maker)."""

    card: str
    card_id: str
    role: str
    reach: str
    reached: tuple[Reached, ...]

    rule = STORM_RULE
    who = None
    penalty = 0

    @property
    def rolled(self) -> tuple[Reached, ...]:
        """The members who roll, in the order their dice are given (``wound_rolls:``, ``--rolls``)."""
        return tuple(r for r in self.reached if r.body is not None and not r.discarded)

    def ways(self) -> list[StormWay]:
        """Every outcome with its exact chance: the independent rolls, the ways that leave the same companies
        merged; in the order of the first way of the rolls that reaches each (no roll wounds first)."""
        if self.size() > MAX_OUTCOMES:  # refused up front, with how many ways the rolls go
            from pycombat.errors import TooLargeError

            raise TooLargeError(f"{self.card}'s {len(self.rolled)} wound rolls ({STORM_RULE}) go {self.size():,} ways, "
                                f"each followed by its own assignment and strikes: more than the {MAX_OUTCOMES:,} the "
                                "node before the assignment is enumerated for; solve a smaller combat (or read the "
                                "card as reaching only the Wizard's company: crowned_with_storm_reach=opposing)")
        acc: dict[tuple, Fraction] = {(): Fraction(1)}
        for r in self.rolled:
            q = r.chance()
            nxt: dict[tuple, Fraction] = {}
            for hits, p in acc.items():
                for hit, w in ((False, 1 - q), (True, q)):
                    if w:
                        key = hits + ((r.name, hit),)
                        nxt[key] = nxt.get(key, Fraction(0)) + p * w
            acc = nxt
        merged: dict[tuple, Fraction] = {}
        for hits, p in acc.items():
            got = dict(hits)
            changes = tuple((r.name, r.change(got.get(r.name, False))) for r in self.reached)
            merged[changes] = merged.get(changes, Fraction(0)) + p
        return [StormWay(c, p) for c, p in merged.items()]

    def size(self) -> int:
        """How many ways the rolls can go before equal outcomes merge (2 to the number of rolls that can
        both wound and miss)."""
        return 2 ** sum(1 for r in self.rolled if 0 < r.chance() < 1)

    def branches(self) -> list[tuple[str, Fraction, tuple]]:
        """``(label, chance, changes)`` of each outcome (:meth:`ways`)."""
        return [(w.label, w.chance, w.changes) for w in self.ways()]

    def way_of(self, hits: dict[str, bool]) -> tuple:
        """The outcome (its changes) of the rolls that wound exactly the members ``hits`` marks."""
        return tuple((r.name, r.change(hits.get(r.name, False))) for r in self.reached)

    def gone(self, changes: tuple) -> tuple[tuple[str, str], ...]:
        """``(member, fate)`` of each member the outcome takes out of play (eliminated or discarded)."""
        return tuple((n, c) for n, c in changes if c in ("eliminated", "discarded"))

    def scores(self, changes: tuple) -> tuple[int, int, int, int]:
        """``(kill MPs to the defending player, to the attacking player, MPs the defending player loses, the
        attacking player)`` of the outcome: an eliminated member's (MECCG-BODY-5/7/9)."""
        by = {r.name: r for r in self.reached}
        kd = ka = pd = pa = 0
        for n, c in changes:
            if c != "eliminated":
                continue
            r = by[n]
            if r.role == "attacker":
                kd, pa = kd + r.kill, pa + r.penalty
            else:
                ka, pd = ka + r.kill, pd + r.penalty
        return kd, ka, pd, pa

    def outcome(self, changes: tuple):
        """The outcome as a strike :class:`.strikes.Outcome` (its kill MPs and penalties, the members gone), for
        the game's rewards; None when nobody leaves play."""
        from .strikes import Outcome

        gone = self.gone(changes)
        if not gone:
            return None
        kd, ka, pd, pa = self.scores(changes)
        return Outcome("wound_rolls", None, None, kd, ka, pd, pa, also=gone)

    def scenario_after(self, scenario: Scenario, changes: tuple) -> Scenario:
        """``scenario`` as the assignment after the outcome finds it: members eliminated or discarded gone, the
        wounded wounded, the tapped tapped (the card stays played; its rolls are not made again)."""
        what = dict(changes)

        def after(m):
            c = what.get(m.name, "unchanged")
            if c in ("eliminated", "discarded"):
                return None
            if c == "wounded":
                return replace(m, status="wounded")
            if c == "tapped" and m.status == "untapped":
                return replace(m, status="tapped")
            return m

        out = {}
        for role in ("attacker", "defender"):
            company = scenario.company(role)
            members = tuple(x for x in map(after, company.members) if x is not None)
            out[role] = replace(company, members=members)
        return replace(scenario, **out)

    def company_words(self, changes: tuple) -> str:
        return f"the companies after {self.card}: {StormWay(changes, Fraction(0)).label}"

    def text(self) -> str:
        rolls = "; ".join(f"{r.name} {fmt(r.chance())}" + (" (eliminated: already wounded)" if r.wounded else "")
                          for r in self.rolled)
        off = [r.name for r in self.reached if r.discarded]
        taps = [r.name for r in self.reached if r.taps and not r.discarded]
        return (f"{self.card} is played before strikes are assigned [crowned_with_storm_reach={self.reach}]: "
                f"wounded on 2d6 - 1 above his body: {rolls or 'nobody rolls'}"
                + (f"; discarded (no body): {', '.join(off)}" if off else "")
                + (f"; tapped otherwise: {', '.join(taps)}" if taps else "")
                + f"; {len(self.ways())} outcomes, each followed by its own assignment ({STORM_RULE})")

    def as_json(self) -> dict:
        from pycombat.dice import as_json

        return {"card": self.card, "rule": STORM_RULE, "role": self.role, "reach": self.reach,
                "rolls": [{"member": r.name, "company": r.role, "body": r.body, "wounded_before": r.wounded,
                           "wound_chance": as_json(r.chance())} for r in self.rolled],
                "discarded": [r.name for r in self.reached if r.discarded],
                "taps": [r.name for r in self.reached if r.taps and not r.discarded]}

    def reach_roles(self) -> tuple[str, ...]:
        other = "defender" if self.role == "attacker" else "attacker"
        return (other,) if self.reach == "opposing" else (other, self.role)


def _standing_body(scenario: Scenario, role: str, m) -> int | None:
    """``m``'s body as it stands before strikes are assigned: printed, with the body modifications of the cards
    in play on him and his items (MECCG-FX-3/7), as a strike's side reads them (no strike's own)."""
    from . import strikes as S

    if m.body is None:
        return None
    other = scenario.company("defender" if role == "attacker" else "attacker")
    ctx = cardfx.Ctx(me=m, company=scenario.company(role), scenario=scenario, opp_company=other)
    mine = S._records(S.standing_cards(scenario, role, m), ctx, scenario)
    mine += S._own_items(scenario, m, ctx, None)
    _weapon, _rest, body = S._item_mods(scenario, m, ctx, None, m.prowess or 0, [],
                                        [(f, c) for f, c in mine if f.what == "weapon_prowess"])
    amounts = [x.amount for x in body] + [f.amount for f, _c in mine if f.what == "body" and f.maximum is None]
    return m.body + sum(amounts)


def storm_node(scenario: Scenario) -> StormNode | None:
    """The wound rolls a card played before strikes are assigned makes (MECCG-FX-31): None when no such card
    is in the combat's ``before_assignment``, or the rule is switched off. Who plays it is the play check's
    (:func:`..cards.play.before_player`); whether he may, too (checked where the plays are)."""
    combat = scenario.combat
    if combat is None or not in_force(STORM_RULE):
        return None
    from ..cards.play import before_player
    from .strikes import kill_mp, owner_penalty

    for cid in combat.before_assignment:
        m = cardfx.model(cid)
        w = m.wound_rolls
        if not w:
            continue
        role = before_player(scenario, cid)
        if not combat.plays_checked:  # the one play check, whatever verb asks (MECCG-FX-31's terms)
            from pycombat.errors import ScenarioError
            from ..cards import play

            got = play.check(scenario, play.before_plays(scenario))
            if not got.legal:
                raise ScenarioError(got.refusals[0].text, file=scenario.file, path=f"{combat.path}.before_assignment")
        reach = scenario.flags.get(w["reach_flag"], "site")
        node = StormNode(m.name, m.id, role, reach, ())
        reached = []
        for r in node.reach_roles():
            company = scenario.company(r)
            scorer = scenario.company("defender" if r == "attacker" else "attacker").alignment
            for x in company.members:
                ally = x.card_type == "ally"
                if x.card_id is None and x.card_type in ("character", "agent") and x.mind is None:
                    from pycombat.errors import ScenarioError

                    raise ScenarioError(f"{x.name} is a custom {x.card_type} without `mind:`, and {m.name} reaches "
                                        f"every character with a mind below {w['mind_below']} ({STORM_RULE}): give "
                                        "his mind", file=scenario.file, path=f"{r}.members")
                rolls = (x.mp or 0) < w["ally_mp_below"] if ally else (x.mind is not None
                                                                         and x.mind < w["mind_below"])
                bodiless = ally and x.body is None and bool(w["discard_bodiless"])
                taps = bool(w["taps"]) and x.status == "untapped" and (ally or x.mind is not None)
                if not (rolls or bodiless or taps):
                    continue
                reached.append(Reached(r, x.name, _standing_body(scenario, r, x) if rolls and not bodiless else None,
                                       x.status == "wounded", bodiless, taps, kill_mp(x, scorer),
                                       owner_penalty(x, scenario.flags), int(w["minus"])))
        return replace(node, reached=tuple(reached))
    return None
