"""The given combat when a check before strikes are assigned changes the company (MECCG-FX-31).

A card played before strikes are assigned whose cost is a corruption check, the attack going on
(Wizard's Flame, a kept Vanishment: :func:`.before.pre_check`), has the check rolled before the
assignment. ``odds`` and ``replay`` follow the ``combat:`` block, whose assignment is the company's
as it stands if the maker passes. After a failed check (discarded or eliminated: the same company,
without him, MECCG-FX-22) the assignment is

* the block's ``after_check: {strikes: [...]}`` where the scenario states it, or else
* the block's own assignment without the maker's strike: his strike is unassigned, so an excess
  strike (MECCG-ASSIGN-5), allocated by default as the block's other excess strikes are (the last
  strike, MECCG-SEQ-3). It is used only where it is itself a legal complete assignment of the company
  without him (the three phases, MECCG-ASSIGN-2..4, in check mode): otherwise, or where the block
  names him anywhere else (a supporter, a payer), the scenario must state it, and the error says so.

Each outcome is a combat of its own (:func:`outcomes`): ``odds`` mixes their figures by the check's
exact chances (:func:`check_odds`), ``replay`` rolls the check (the block's ``check_roll:``, else the
next of ``--rolls``) and fights the outcome's strikes (:func:`replay`). The plays before strikes
are assigned were checked once, by the one play check, before the check (the card its maker was
needed for stays played, MECCG-FX-25).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from pycombat.dice import Dist, as_json, fmt
from pycombat.errors import ScenarioError
from ..cards import interpreter as cardfx
from ..model import Combat, Scenario
from . import before, strikes as S

#: the rules a replayed check is narrated with: the node before the assignment, the check a card costs
#: (its fates), the MPs an eliminated maker's player loses
RULES = (before.RULE, "MECCG-FX-25")
PENALTY_RULES = ("MECCG-BODY-7", "MECCG-BODY-9")


@dataclass(frozen=True)
class CheckOutcome:
    """One way the check goes: its ``label`` and ``fate`` (passes, discarded, eliminated), its exact
    ``chance``, the scenario whose ``combat:`` block the strikes then follow (None: nobody is left to
    assign a strike to), where that assignment comes from (``source``), and the MPs the maker's player
    loses (``penalty``: an eliminated maker's, MECCG-BODY-7/9)."""

    label: str
    fate: str
    chance: Fraction
    scenario: Scenario | None
    source: str
    penalty: int = 0

    def pairs(self) -> list[tuple[str, str]]:
        """``(defender, attacker)`` of each strike, in the defender's order."""
        if self.scenario is None:
            return []
        return [(st.defender, st.attacker) for st in self.scenario.combat.strikes]

    def excess(self) -> tuple[str, ...]:
        return () if self.scenario is None else self.scenario.combat.excess

    def assignment_text(self) -> str:
        """The assignment in words: who faces whose strike, the excess strikes."""
        if self.scenario is None:
            return "nobody is left in the company to assign a strike to: no strike is made"
        text = "; ".join(f"{d} faces {a}'s strike" for d, a in self.pairs())
        if self.excess():
            text += f"; excess strikes: {', '.join(self.excess())} (MECCG-ASSIGN-5)"
        return f"{text} ({self.source})"


def refuse_unused(scenario: Scenario) -> None:
    """A ``check_roll:`` or ``after_check:`` in a combat with no check before strikes are assigned
    in an attack that goes on is refused, naming the field."""
    combat = scenario.combat
    if combat is None or before.pre_check(scenario) is not None:
        return
    for key, given in (("check_roll", combat.check_roll), ("after_check", combat.after_check)):
        if given is not None:
            raise ScenarioError(f"no corruption check is made before strikes are assigned in this combat, the "
                                f"attack going on ({before.RULE}: a card played before strikes are assigned whose "
                                f"cost is one, under the scenario's flags): remove `{key}:`",
                                file=scenario.file, path=f"{combat.path}.{key}")


def _base(scenario: Scenario) -> Scenario:
    """The scenario the strikes are fought in once the attack goes on: the plays before the assignment
    checked (made once, before the check), the item a cost discarded gone (MECCG-FX-27), and no cancel
    left to roll (a cancel on a roll is the chance node before this one, MECCG-PRE-1)."""
    cancel = S.attack_cancel(scenario)
    combat = scenario.combat
    if cancel is None or cancel.chance == 0:
        return replace(scenario, combat=replace(combat, plays_checked=True))
    paid = S.after_costs(scenario)
    kept = tuple(c for c in combat.before_assignment if cardfx.model(c).play != "cancel")
    return replace(paid, combat=replace(combat, before_assignment=kept, cost_item=None, plays_checked=True))


def _err(scenario: Scenario, path: str, message: str, help: tuple[str, ...] = ()) -> ScenarioError:
    return ScenarioError(message, file=scenario.file, path=path, help=help)


def _stated(scenario: Scenario, pre: before.PreCheck, after: Scenario) -> Combat:
    """The ``after_check:`` block as the combat of the company without the maker: it may not name him."""
    combat = after.combat  # the plays before strikes are assigned checked already
    stated = combat.after_check
    for st in stated.strikes:
        for key in ("defender", "support", "payers", "untaps"):
            named = getattr(st, key)
            if pre.who == named or (isinstance(named, tuple) and pre.who in named):
                raise _err(scenario, f"{st.path}.{key}", f"{pre.who} is not in the company after he fails the "
                           f"corruption check {pre.card} costs: he left it before strikes are assigned ({before.RULE})")
    if not after.defender.members and stated.strikes:
        raise _err(scenario, f"{stated.path}.strikes", f"nobody is left in the company after {pre.who} fails the "
                   f"corruption check {pre.card} costs: no strike is assigned ({before.RULE}); give `strikes: []`")
    out = replace(combat, strikes=stated.strikes, excess=stated.excess, path=stated.path, after_check=None,
                  check_roll=None)
    if after.defender.members:
        broken = _broken(after, out)
        if broken:
            raise _err(scenario, f"{stated.path}.strikes", f"is not a legal complete assignment of the company "
                       f"without {pre.who} ({before.RULE}): it breaks {broken}")
    return out


def _broken(after: Scenario, combat: Combat) -> str:
    """Why ``combat``'s pairs are not a legal complete assignment of ``after``'s companies (the three
    phases in check mode, MECCG-ASSIGN-2..5), in words; "" when they are."""
    from ..assignment.legal import Assignment, LegalAssignments
    from pycombat.rulebook import load_rulebook

    view = LegalAssignments(replace(after, combat=combat))
    broken = view.violations(Assignment(tuple((st.attacker, st.defender) for st in combat.strikes), combat.excess))
    if not broken:
        return ""
    book = load_rulebook("meccg")  # the rule ids and their titles (an error is one short line)
    return ", ".join(f"{r} ({book.rule(r).summary.split('.')[0]})" for r in dict.fromkeys(v.rule for v in broken))


def _without_maker(scenario: Scenario, pre: before.PreCheck, after: Scenario, label: str) -> Combat:
    """The block's assignment without the maker's strike (his attacker's strike now excess), refused
    with what to add where he is named elsewhere or the three phases do not give it (MECCG-ASSIGN-2..5)."""
    combat = after.combat  # the plays before strikes are assigned checked already
    fix = f"if {label} he has left the company ({before.RULE})"
    add = (f"give the assignment then as `{combat.path}: after_check: {{strikes: [...]}}` (one block for both "
           "failed outcomes: he is discarded or eliminated, the company left is the same)",)
    kept = tuple(st for st in combat.strikes if st.defender != pre.who)
    for st in kept:
        for key in ("support", "payers", "untaps"):
            if pre.who in getattr(st, key):
                raise _err(scenario, f"{combat.path}.after_check", f"{fix} and {st.path}.{key} names him", add)
    striking = {st.attacker for st in kept}
    excess = tuple(m.name for m in scenario.attacker.members if m.name not in striking)
    reduced = replace(combat, strikes=kept, excess=excess, after_check=None, check_roll=None)
    if not after.defender.members:
        return reduced
    why = _broken(after, reduced)
    if why:
        raise _err(scenario, f"{combat.path}.after_check",
                   f"{fix} and the block without his strike breaks {why}", add)
    return reduced


def outcomes(scenario: Scenario, fates: tuple[str, ...] | None = None) -> list[CheckOutcome]:
    """Each way the check before strikes are assigned goes (:meth:`.before.PreCheck.branches`; ``fates``:
    only those), with the scenario whose combat block the strikes then follow. [] when there is no such
    check. Bad input (a stated assignment naming the maker or breaking the three phases, none stated
    where the block's own does not hold) is refused, naming the field."""
    pre = before.pre_check(scenario)
    if pre is None:
        return []
    base = _base(scenario)
    out = []
    for label, p, fate in pre.branches():
        if fates is not None and fate not in fates:
            continue
        if fate == "passes":
            out.append(CheckOutcome(label, fate, p, base, f"{scenario.combat.path}.strikes"))
            continue
        after = pre.scenario_after(base, fate)
        if scenario.combat.after_check is not None:
            combat, source = _stated(scenario, pre, after), f"{scenario.combat.after_check.path}.strikes"
        else:
            combat = _without_maker(scenario, pre, after, label)
            source = f"{scenario.combat.path}.strikes without {pre.who}'s strike"
        left = replace(after, combat=combat) if after.defender.members and combat.strikes else None
        out.append(CheckOutcome(label, fate, p, left, source, pre.penalty if fate == "eliminated" else 0))
    return out


# ---- odds ------------------------------------------------------------------------------------
@dataclass
class OutcomeOdds:
    """One outcome of the check and the odds of the strikes that follow it (None: no strike is made)."""

    outcome: CheckOutcome
    odds: S.CombatOdds | None
    kill_mp: Dist  #: joint (defending player's, attacking player's) kill MPs given this outcome
    fates: dict[str, Dist]  #: member -> his fate given this outcome (the maker's the check's when he fails)
    owner_mp_lost: tuple[Fraction, Fraction]  #: expected MPs the owners lose given it (MECCG-BODY-7/9)
    discarded_with_controller: dict = field(default_factory=dict)  #: MECCG-FX-19, given it
    items_discarded: dict = field(default_factory=dict)  #: MECCG-FX-17, given it


@dataclass
class CheckOdds:
    """The check's chance node and the odds after each outcome; the figures over all of them (and over
    a cancel on a roll played before, MECCG-PRE-1: ``cancel``)."""

    pre: before.PreCheck
    cancel: S.AttackCancel | None
    per_outcome: list[OutcomeOdds]
    kill_mp: Dist
    fates: dict[str, Dist]
    owner_mp_lost: tuple[Fraction, Fraction]
    discarded_with_controller: dict
    items_discarded: dict

    def as_json(self) -> dict:
        return {**self.pre.as_json(), "rules": list(RULES),
                "attack_goes_on": as_json(1 - (self.cancel.chance if self.cancel is not None else 0)),
                "member_fates": {n: {f: as_json(p) for f, p in d.items() if p} for n, d in self.fates.items()},
                "outcomes": [{"outcome": o.outcome.label, "fate": o.outcome.fate, "p": as_json(o.outcome.chance),
                              "assignment": [{"defender": d, "attacker": a} for d, a in o.outcome.pairs()],
                              "excess": list(o.outcome.excess()), "assignment_from": o.outcome.source,
                              "maker_mp_lost": o.outcome.penalty,
                              "strikes": strikes_json(o.odds) if o.odds is not None else [],
                              **figures_json(o.kill_mp, o.fates, o.owner_mp_lost)}
                             for o in self.per_outcome]}


def strikes_json(co: S.CombatOdds) -> list[dict]:
    """Each strike of a combat's odds as JSON (``odds``' ``strikes``)."""
    out = []
    for s, dist in zip(co.setups, co.per_strike):
        out.append({
            "index": s.index, "defender": s.defender.member.name, "attacker": s.attacker.member.name,
            "cancelled_by": s.cancelled_by.name if s.cancelled_by else None,
            "defender_prowess": s.defender.prowess, "attacker_prowess": s.attacker.prowess,
            "defender_body": s.defender.body, "attacker_body": s.attacker.body,
            "attacker_rolls": s.attacker.rolls, "defender_rolls": s.defender.rolls,
            "modifiers": {side.member.name: [{"amount": m.amount, "what": m.what, "rule": m.rule}
                                             for m in side.prowess_mods + side.body_mods]
                          for side in (s.defender, s.attacker)},
            "probabilities": {k: as_json(v) for k, v in S.strike_summary(dist).items()},
            "fates": {n: {k: as_json(v) for k, v in S.member_fates(dist, n).items()} for n in S.strike_members(s)},
        })
    return out


def figures_json(kill: Dist, fates: dict[str, Dist], lost: tuple[Fraction, Fraction]) -> dict:
    kd, ka = S.marginal(kill, 0), S.marginal(kill, 1)
    return {"kill_mp": {"defender_player": {str(k): as_json(v) for k, v in kd.items()},
                        "attacker_player": {str(k): as_json(v) for k, v in ka.items()}},
            "expected_kill_mp": {"defender_player": as_json(kd.expectation()),
                                 "attacker_player": as_json(ka.expectation())},
            "eliminated": {n: as_json(d["eliminated"]) for n, d in fates.items() if d["eliminated"]},
            "expected_owner_mp_lost": {"defender_player": as_json(lost[0]), "attacker_player": as_json(lost[1])}}


def _owner_lost(co: S.CombatOdds) -> tuple[Fraction, Fraction]:
    """Expected MPs the owners lose through "if eliminated" clauses and avatars (MECCG-BODY-7/9)."""
    return (sum((d.expectation(lambda o: o.penalty_defender_player) for d in co.per_strike), Fraction(0)),
            sum((d.expectation(lambda o: o.penalty_attacker_player) for d in co.per_strike), Fraction(0)))


def wounded(co: S.CombatOdds) -> dict[str, Fraction]:
    """Each member in a strike: the chance he loses it (is wounded, MECCG-SEQ-10)."""
    out: dict[str, Fraction] = {}
    for s, dist in zip(co.setups, co.per_strike):
        for n in (s.defender.member.name, s.attacker.member.name):
            out[n] = out.get(n, Fraction(0)) + S.member_fates(dist, n)["wounded"]
    return out


def _one(o: CheckOutcome, co: S.CombatOdds | None, pre: before.PreCheck, names: list[str]) -> OutcomeOdds:
    from .after_strikes import chances, item_discards

    kill = co.kill_mp if co is not None else Dist.point((0, 0))
    fates: dict[str, Dist] = {}
    for n in names:
        if o.fate != "passes" and n == pre.who:  # he left before strikes are assigned (MECCG-FX-22)
            fates[n] = Dist.point(o.fate)
        elif co is not None and n in co.fates:
            fates[n] = co.fates[n]
        else:
            fates[n] = Dist.point("unhurt")
    lost = _owner_lost(co) if co is not None else (Fraction(0), Fraction(0))
    lost = (lost[0] + o.penalty, lost[1])  # the maker is the defender's (MECCG-BODY-7/9)
    allies = chances(o.scenario, wounded(co)) if co is not None else {}
    items = item_discards(co.setups, co.per_strike) if co is not None else {}
    return OutcomeOdds(o, co, kill, fates, lost, allies, items)


def _mixed(parts: list[tuple[Fraction, dict]]) -> dict:
    """``{key: {..., p}}`` entries of each outcome, ``p`` weighted by the outcome's chance and summed."""
    out: dict[str, dict] = {}
    for w, entries in parts:
        for k, v in entries.items():
            got = out.setdefault(k, {**v, "p": Fraction(0)})
            got["p"] += w * v["p"]
    return out


def check_odds(scenario: Scenario) -> CheckOdds | None:
    """The odds of the given combat over the check before strikes are assigned (MECCG-FX-31): each
    outcome's own, and the figures mixed by their exact chances (after a cancel on a roll played
    before it, when the attack goes on). None: no such check."""
    pre = before.pre_check(scenario)
    if pre is None:
        return None
    S.setup_strikes(scenario)  # the block itself, and the plays before strikes are assigned: the one play check
    cancel = S.attack_cancel(scenario)
    rolled = cancel if cancel is not None and cancel.chance > 0 else None
    outs = outcomes(scenario)
    cos = [S.combat_odds(o.scenario) if o.scenario is not None else None for o in outs]
    names = list(dict.fromkeys([n for co in cos if co is not None for n in co.fates] + [pre.who]))
    per = [_one(o, co, pre, names) for o, co in zip(outs, cos)]
    node = Dist({i: o.outcome.chance for i, o in enumerate(per)})
    kill = node.bind(lambda i: per[i].kill_mp)
    fates = {n: node.bind(lambda i, n=n: per[i].fates[n]) for n in names}
    lost = tuple(sum((o.outcome.chance * o.owner_mp_lost[k] for o in per), Fraction(0)) for k in (0, 1))
    allies = _mixed([(o.outcome.chance, o.discarded_with_controller) for o in per])
    items = _mixed([(o.outcome.chance, o.items_discarded) for o in per])
    if rolled is not None:  # the attack cancelled first: nothing of this is made (MECCG-PRE-1, MECCG-FX-16/30)
        gone = rolled.cancelled_dist()
        kill = S.with_cancel(kill, rolled, (0, 0))
        fates = {n: S.with_cancel(d, rolled, gone.map(lambda o, n=n: dict(o.also).get(n, "cancelled")))
                 for n, d in fates.items()}
        on = 1 - rolled.chance
        lost = (on * lost[0] + rolled.chance * gone.expectation(lambda o: o.penalty_defender_player),
                on * lost[1] + rolled.chance * gone.expectation(lambda o: o.penalty_attacker_player))
        for entries in (allies, items):
            for v in entries.values():
                v["p"] *= on
    return CheckOdds(pre, rolled, per, kill, fates, lost, allies, items)


# ---- replay ----------------------------------------------------------------------------------
def replay(scenario: Scenario, flat_rolls: list[int] | None = None,
           after_attack=None) -> tuple[S.Replay, CheckOutcome | None, int | None]:
    """The given combat replayed with the check before strikes are assigned rolled first (after a cancel
    played before it, whose roll comes first): ``(replay, the check's outcome, its roll)``; the outcome
    None when there is no such check (or nothing was rolled for it: the attack was cancelled)."""
    pre = before.pre_check(scenario)
    if pre is None:
        return S.replay(scenario, flat_rolls, after_attack=after_attack), None, None
    combat = scenario.combat
    # a stated assignment after the check is checked whatever the roll; the block's own without the maker's
    # strike only where the roll needs it
    ways = {o.fate: o for o in outcomes(scenario, None if combat.after_check is not None else ("passes",))}
    got: list[tuple[CheckOutcome, int]] = []

    def check_first(src: S.RollSource, preamble: list) -> Scenario | None:
        if src.flat is None and combat.check_roll is None:
            raise ScenarioError(f"{pre.card}'s corruption check is rolled before strikes are assigned ({before.RULE}): "
                                "give its 2d6 total as `check_roll:` (or every roll with --rolls, this one first)",
                                file=scenario.file, path=f"{combat.path}.check_roll")
        roll = src.take((combat.check_roll,) if combat.check_roll is not None else (), 1,
                        f"{pre.card}'s corruption check (check_roll)", combat.path, scenario.file)[0]
        fate = pre.check.fate(roll)
        o = ways[fate] if fate in ways else outcomes(scenario, (fate,))[0]
        got.append((o, roll))
        lost = (f"; his player loses {o.penalty} MP [elimination_mp_clauses="
                f"{scenario.flags['elimination_mp_clauses']}]") if o.penalty else ""
        preamble.append(S.ReplayStep(
            f"{pre.card} is played before strikes are assigned; its cost, {pre.check.text(roll)}{lost}",
            RULES + (PENALTY_RULES if o.penalty else ())))
        gone = "" if o.fate == "passes" else f"{pre.who} has left the company: "
        preamble.append(S.ReplayStep(f"{gone}the assignment: {o.assignment_text()}",
                                     (before.RULE, "MECCG-ASSIGN-2", "MECCG-ASSIGN-3", "MECCG-ASSIGN-4")
                                     + (("MECCG-ASSIGN-5",) if o.excess() else ())))
        return o.scenario

    rep = S.replay(scenario, flat_rolls, before_strikes=check_first, after_attack=after_attack)
    return (rep, *got[0]) if got else (rep, None, None)


def check_line(odds: CheckOdds) -> str:
    """The chance node in words, for ``odds``' text."""
    pre = odds.pre
    ways = ", ".join(f"{o.outcome.label} {fmt(o.outcome.chance)}" for o in odds.per_outcome)
    return (f"{pre.card} is played before strikes are assigned; its cost, {pre.check.text()}: {ways}; the "
            f"assignment follows with the company as it stands, after each outcome its own ({', '.join(RULES)})")
