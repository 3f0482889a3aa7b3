"""The given combat when a chance node before strikes are assigned changes the companies (MECCG-FX-31).

Wound rolls (Crowned with Storm, :class:`.before.StormNode`): after each outcome the strikes follow the
``combat:`` block's assignment without the strikes of the members gone, where the three phases give it for
the companies as they stand (:func:`_storm_outcomes`); ``replay`` reads the rolls from ``wound_rolls:`` or
``--rolls``; the strikes after the attack (MECCG-FX-32) follow each outcome (:func:`mixed_after_attack`).
A corruption check:

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
from typing import Any

from pycombat.dice import Dist, as_json, fmt
from pycombat.errors import ScenarioError
from ..assignment.legal import excess_strikes, with_excess
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
    #: wound rolls (MECCG-FX-31): ``(member, change)`` of each member reached (:data:`.before.CHANGES`)
    changes: tuple[tuple[str, str], ...] = ()
    #: wound rolls: the outcome's (kill MPs to the defending player, to the attacking player, MPs the defending
    #: player loses, the attacking player), from the members it eliminates (MECCG-BODY-5/7/9)
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)

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
            if self.changes:
                return "nobody is left to strike or to be struck: no strike is made"
            return "nobody is left in the company to assign a strike to: no strike is made"
        text = "; ".join(f"{d} faces {a}'s strike" for d, a in self.pairs())
        if self.excess():
            text += f"; excess strikes: {', '.join(self.excess())} (MECCG-ASSIGN-5)"
        return f"{text} ({self.source})"


def under_reading(scenario: Scenario) -> Scenario:
    """The scenario as another reading of its flags takes it (``verify``'s readings side by side): the
    wound rolls stated for members that reading's wound rolls do not reach (flag
    ``crowned_with_storm_reach``) are the dice of no roll under it, so they are left out; under the
    scenario's own flags such a roll is refused (:func:`refuse_unused`). Its excess strikes are those of
    that reading (who commits a strike may differ: flag ``site_barred_ally_strikes``, MECCG-STRUCT-2), an
    ``excess:`` naming a member that commits no strike under it left out (:func:`with_excess`)."""
    scenario = with_excess(scenario, refuse=False)
    combat = scenario.combat
    if combat is None or not combat.wound_rolls:
        return scenario
    pre = before.pre_check(scenario)
    if not isinstance(pre, before.StormNode):
        return scenario
    reached = {r.name for r in pre.rolled}
    kept = tuple(w for w in combat.wound_rolls if w[0] in reached)
    return scenario if len(kept) == len(combat.wound_rolls) else replace(scenario, combat=replace(combat, wound_rolls=kept))


#: set while :func:`used_under_other_reading` replays the file under another reading (no nested search)
_PROBING: list[bool] = []


def reading_flags(scenario: Scenario) -> list[str]:
    """The interpretation flags ``verify`` decides a claim of ``scenario`` under every value of: the
    digest's, less the card flags of cards not in the scenario."""
    from pycombat.rulebook import load_rulebook

    from ..cards.coverage import card_flag_names, present_card_flags

    skip = card_flag_names() - present_card_flags(scenario)
    return [n for n in load_rulebook("meccg").flags if n not in skip]


def used_under_other_reading(scenario: Scenario, path: str, field: str) -> str | None:
    """``flag=value`` of another reading of one interpretation flag (:func:`reading_flags`) under which
    the file's ``field`` die of the strike at ``path`` is rolled, None when none rolls it: such a die is
    the file's for that reading and is not refused under this one (MECCG-SEQ-10 and the flag's rules)."""
    if _PROBING:
        return None
    from pycombat.rulebook import load_rulebook

    book = load_rulebook("meccg")
    _PROBING.append(True)
    try:
        for name in reading_flags(scenario):
            for value in book.flags[name].values:
                if value == scenario.flags[name]:
                    continue
                record: set = set()
                try:
                    other = under_reading(replace(scenario, flags={**scenario.flags, name: value}))
                    S.replay(other, refuse_unused=False, record=record)
                except ScenarioError:  # (the dice taken before the refusal are recorded)
                    pass
                if (path, field) in record:
                    return f"{name}={value}"
    finally:
        _PROBING.pop()
    return None


def refuse_unused(scenario: Scenario) -> None:
    """A ``check_roll:`` or ``after_check:`` in a combat with no check before strikes are assigned
    in an attack that goes on is refused, naming the field; so is a ``cancel_roll:`` where no card played
    before strikes are assigned cancels on a roll (MECCG-FX-16) or costs a check rolled when it is played
    (MECCG-FX-30)."""
    combat = scenario.combat
    if combat is None:
        return
    if combat.cancel_roll is not None:
        try:  # (one the attacker keeps the attack from refuses it there, MECCG-FX-29)
            cancel = S.attack_cancel(scenario)
        except ScenarioError:  # a cancel whose roll the data cannot fix: refused where it is rolled, not here
            cancel = False
        if cancel is not False and (cancel is None or "cancel_roll" not in S.cancel_fields(cancel)):
            said = (f"{cancel.card} cancels the attack with no roll and costs no check (MECCG-PRE-1)"
                    if cancel is not None else "no card played before strikes are assigned cancels the attack")
            raise ScenarioError(f"no roll is made for a cancel in this combat: {said}; `cancel_roll:` is a cancel's "
                                f"roll ({S.rolls.RULE}) or the check it costs ({S.CANCEL_CHECK_RULE}): remove "
                                f"`cancel_roll: {combat.cancel_roll}`", file=scenario.file,
                                path=f"{combat.path}.cancel_roll")
    pre = before.pre_check(scenario)
    if not isinstance(pre, before.StormNode) and combat.wound_rolls:
        raise ScenarioError(f"no wound rolls are made before strikes are assigned in this combat ({before.STORM_RULE}: "
                            "a card played then whose members at the site roll to be wounded): remove `wound_rolls:`",
                            file=scenario.file, path=f"{combat.path}.wound_rolls")
    if isinstance(pre, before.StormNode):
        for key, given in (("check_roll", combat.check_roll), ("after_check", combat.after_check)):
            if given is not None:
                raise ScenarioError(f"no corruption check is made before strikes are assigned in this combat: "
                                    f"{pre.card}'s wound rolls are ({before.STORM_RULE}; give them as `wound_rolls:`, "
                                    f"each outcome's assignment is the block's without the members gone): remove "
                                    f"`{key}:`", file=scenario.file, path=f"{combat.path}.{key}")
        reached = {r.name for r in pre.rolled}
        for name, _roll, path in combat.wound_rolls:
            if name not in reached:
                raise ScenarioError(f"{name} makes no wound roll for {pre.card} ({before.STORM_RULE}; "
                                    f"crowned_with_storm_reach={pre.reach}): those who do are "
                                    f"{', '.join(sorted(reached)) or 'nobody'}", file=scenario.file, path=f"{path}.member")
        return
    if pre is not None:
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
    excess = excess_strikes(after, kept)  # MECCG-ASSIGN-5: the committed strikes no target received
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
    if isinstance(pre, before.StormNode):
        return _storm_outcomes(scenario, pre, fates)
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


def _storm_outcomes(scenario: Scenario, pre: "before.StormNode", only: tuple | None = None) -> list[CheckOutcome]:
    """Each outcome of the wound rolls (MECCG-FX-31) with the scenario its strikes follow: the companies as it
    leaves them, and the ``combat:`` block's assignment without the strikes of members gone (their attackers'
    strikes excess, MECCG-ASSIGN-5), refused, naming the outcome, where the three phases (MECCG-ASSIGN-2..4) do
    not give it as a legal complete assignment of those companies or where the block names a member gone
    elsewhere. ``only``: just the outcomes with these changes."""
    base = _base(scenario)
    combat = base.combat
    out = []
    for label, p, changes in pre.branches():
        if only is not None and changes not in only:
            continue
        after = pre.scenario_after(base, changes)
        gone = [n for n, _c in pre.gone(changes)]
        fix = f"if {label} ({before.STORM_RULE})"
        kept = tuple(st for st in combat.strikes if st.defender not in gone and st.attacker not in gone)
        for st in kept:
            for key in ("support", "payers", "untaps"):
                named = [n for n in getattr(st, key) if n in gone]
                if named:
                    raise _err(scenario, f"{st.path}.{key}", f"{fix} {named[0]} has left play before strikes are "
                               f"assigned, and {st.path}.{key} names him")
        excess = excess_strikes(after, kept)  # MECCG-ASSIGN-5: the committed strikes no target received
        reduced = replace(combat, strikes=kept, excess=excess, after_check=None, check_roll=None, wound_rolls=())
        both = bool(after.defender.members and after.attacker.members)
        if both:
            why = _broken(after, reduced)
            if why:
                raise _err(scenario, f"{combat.path}.strikes", f"{fix} the block's assignment"
                           + (f" without the strikes of {', '.join(gone)}" if gone else "")
                           + f" breaks {why}; `optimize` assigns anew after each outcome")
        source = f"{combat.path}.strikes" + (f" without the strikes of {', '.join(gone)}"
                                             if len(kept) < len(combat.strikes) else "")
        left = replace(after, combat=reduced) if both and kept else None
        out.append(CheckOutcome(label, "wound_rolls", p, left, source, 0, changes, pre.scores(changes)))
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
    #: the strikes after the attack's a card played in it costs (MECCG-FX-32), given it (None: none)
    after_attack: Any = None


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
    #: the strikes after the attack (MECCG-FX-32) over every outcome: an :class:`.after_attack.AfterOdds`
    #: (None: no outcome has any)
    after_attack: Any = None

    def _outcome_json(self, o: OutcomeOdds) -> dict:
        """What one outcome changed: the maker's MPs lost (a check), or each member's change (wound rolls)."""
        out: dict = {}
        if o.outcome.changes:
            kd, ka, pd, pa = o.outcome.scores
            out["changes"] = dict(o.outcome.changes)
            out["kill_mp_scored"] = {"defender_player": kd, "attacker_player": ka}
            out["mp_lost"] = {"defender_player": pd, "attacker_player": pa}
        else:
            out["maker_mp_lost"] = o.outcome.penalty
        if o.after_attack is not None:
            out["strikes_after_attack"] = o.after_attack.as_json()
        return out

    def as_json(self) -> dict:
        rules = (before.STORM_RULE, "MECCG-BODY-5") if isinstance(self.pre, before.StormNode) else RULES
        return {**self.pre.as_json(), "rules": list(rules),
                "attack_goes_on": as_json(1 - (self.cancel.chance if self.cancel is not None else 0)),
                "member_fates": {n: {f: as_json(p) for f, p in d.items() if p} for n, d in self.fates.items()},
                "outcomes": [{"outcome": o.outcome.label, "fate": o.outcome.fate, "p": as_json(o.outcome.chance),
                              "assignment": [{"defender": d, "attacker": a} for d, a in o.outcome.pairs()],
                              "excess": list(o.outcome.excess()), "assignment_from": o.outcome.source,
                              **self._outcome_json(o),
                              "strikes": strikes_json(o.odds) if o.odds is not None else [],
                              **figures_json(o.kill_mp, o.fates, o.owner_mp_lost)}
                             for o in self.per_outcome]}


def strikes_json(co: S.CombatOdds) -> list[dict]:
    """Each strike of a combat's odds as JSON (``odds``' ``strikes``)."""
    out = []
    for i, (s, dist) in enumerate(zip(co.setups, co.per_strike)):
        lost = S.support_lost(co.setups, co.per_strike, i)
        tapped = S.aside_tapped(co.setups, co.per_strike, i)
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
            "fates": {n: {k: as_json(v) for k, v in S.member_fates(dist, n).items()} for n in S.fate_names(s, dist)},
            # a supporter who may leave play before the strike: the chance, when it is fought without his +1
            **({"support_lost": {n: {**as_json(p), "rules": ["MECCG-SEQ-6", *rules]}
                                 for n, (p, rules) in lost.items()}} if lost else {}),
            # a member who may have tapped earlier to put a loser off to the side: then he is tapped here
            **({"tapped_before": {n: {**as_json(p), "rules": ["MECCG-FX-28"]} for n, p in tapped.items()}}
               if tapped else {}),
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
    kd, ka, pd, pa = o.scores  # wound rolls: the members they eliminate (MECCG-FX-31, MECCG-BODY-5/7/9)
    if kd or ka:
        kill = kill.map(lambda t: (t[0] + kd, t[1] + ka))
    left = dict(o.changes)
    fates: dict[str, Dist] = {}
    for n in names:
        if left.get(n) in ("eliminated", "discarded"):  # out of play before strikes are assigned (MECCG-FX-31)
            fates[n] = Dist.point(left[n])
        elif o.fate not in ("passes", "wound_rolls") and n == pre.who:  # he left before the assignment (MECCG-FX-22)
            fates[n] = Dist.point(o.fate)
        elif co is not None and n in co.fates:
            fates[n] = co.fates[n]
        else:
            fates[n] = Dist.point("unhurt")
    lost = _owner_lost(co) if co is not None else (Fraction(0), Fraction(0))
    lost = (lost[0] + o.penalty + pd, lost[1] + pa)  # the maker is the defender's (MECCG-BODY-7/9)
    allies = chances(o.scenario, wounded(co)) if co is not None else {}
    items = item_discards(co.setups, co.per_strike) if co is not None else {}
    after = None
    if co is not None:  # the strikes after the attack, of the Wolf allies still in play (MECCG-FX-32)
        from .after_attack import after_odds

        after = after_odds(o.scenario, co.setups)
    return OutcomeOdds(o, co, kill, fates, lost, allies, items, after)


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
    gone = [n for o in outs for n, c in o.changes if c in ("eliminated", "discarded")]
    names = list(dict.fromkeys([n for co in cos if co is not None for n in co.fates]
                               + ([pre.who] if pre.who is not None else []) + gone))
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
    return CheckOdds(pre, rolled, per, kill, fates, lost, allies, items,
                     mixed_after_attack(per, rolled.chance if rolled is not None else Fraction(0)))


def mixed_after_attack(per: list[OutcomeOdds], cancel_chance: Fraction = Fraction(0)):
    """The strikes after the attack (MECCG-FX-32) over every outcome of the node before the assignment: each
    outcome's own (those of the Wolf allies still in play after it, their controllers as it and the strikes
    left them), an outcome without one counting it as not made; the attack cancelled first, none is made.
    None: no outcome has any."""
    from .after_attack import AfterOdds, AfterResult

    strikes = list(dict.fromkeys(a for o in per if o.after_attack is not None for a in o.after_attack.strikes))
    if not strikes:
        return None
    none = AfterResult("none")

    def aligned(o: OutcomeOdds) -> Dist:
        if o.after_attack is None:
            return Dist.point(tuple(none for _ in strikes))
        at = {a: i for i, a in enumerate(o.after_attack.strikes)}
        return o.after_attack.joint.map(lambda t: tuple(t[at[a]] if a in at else none for a in strikes))

    node = Dist({i: o.outcome.chance for i, o in enumerate(per)})
    joint = node.bind(lambda i: aligned(per[i]))
    return AfterOdds(strikes, joint, 1 - cancel_chance)


# ---- replay ----------------------------------------------------------------------------------
def replay(scenario: Scenario, flat_rolls: list[int] | None = None,
           after_attack=None) -> tuple[S.Replay, CheckOutcome | None, int | None]:
    """The given combat replayed with the check before strikes are assigned rolled first (after a cancel
    played before it, whose roll comes first): ``(replay, the check's outcome, its roll)``; the outcome
    None when there is no such check (or nothing was rolled for it: the attack was cancelled)."""
    pre = before.pre_check(scenario)
    if pre is None:
        return S.replay(scenario, flat_rolls, after_attack=after_attack, other_reading=used_under_other_reading), None, None
    if isinstance(pre, before.StormNode):
        return _storm_replay(scenario, pre, flat_rolls, after_attack)
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

    rep = S.replay(scenario, flat_rolls, before_strikes=check_first, after_attack=after_attack,
                   other_reading=used_under_other_reading)
    if got and got[0][0].penalty:  # the maker is the defender's (MECCG-BODY-7/9)
        rep = replace(rep, owner_mp_lost=(rep.owner_mp_lost[0] + got[0][0].penalty, rep.owner_mp_lost[1]))
    return (rep, *got[0]) if got else (rep, None, None)


def _storm_replay(scenario: Scenario, pre: "before.StormNode", flat_rolls: list[int] | None,
                  after_attack=None) -> tuple[S.Replay, CheckOutcome | None, tuple | None]:
    """The given combat replayed with the wound rolls before strikes are assigned (MECCG-FX-31) rolled first,
    one 2d6 per member who rolls in :attr:`.before.StormNode.rolled`'s order (the combat's ``wound_rolls:``, or
    the next of ``--rolls``), then the outcome's assignment (:func:`_storm_outcomes`): ``(replay, the outcome,
    ((member, roll), ...))``."""
    combat = scenario.combat
    stated = {name: (roll, path) for name, roll, path in combat.wound_rolls}
    got: list = []

    def rolls_first(src: S.RollSource, preamble: list) -> Scenario | None:
        hits, rolled = {}, []
        for r in pre.rolled:
            if src.flat is None and r.name not in stated:
                raise ScenarioError(f"{pre.card}'s wound rolls are made before strikes are assigned "
                                    f"({before.STORM_RULE}): give {r.name}'s 2d6 total in `wound_rolls: [{{member: "
                                    f"{r.name}, roll: N}}]` (or every roll with --rolls, these first, in the order "
                                    f"{', '.join(x.name for x in pre.rolled)})",
                                    file=scenario.file, path=f"{combat.path}.wound_rolls")
            given = (stated[r.name][0],) if r.name in stated else ()
            roll = src.take(given, 1, f"{r.name}'s wound roll ({pre.card})", combat.path, scenario.file)[0]
            hits[r.name] = r.hit(roll)
            rolled.append((r.name, roll))
            fate = ("eliminated (already wounded)" if r.wounded else "wounded") if hits[r.name] else "not wounded"
            preamble.append(S.ReplayStep(f"{pre.card}: {r.name} rolls {roll}: {roll} - {r.minus} = {roll - r.minus} "
                                         f"{'>' if hits[r.name] else '<='} his body {r.body}: {fate}",
                                         (before.STORM_RULE,)))
        changes = pre.way_of(hits)
        o = _storm_outcomes(scenario, pre, (changes,))[0]
        got.append((o, tuple(rolled)))
        off = [n for n, c in changes if c == "discarded"]
        taps = [n for n, c in changes if c == "tapped"]
        kd, ka, pd, pa = o.scores
        said = "; ".join(x for x in (
            f"discarded (no body): {', '.join(off)}" if off else "", f"tapped: {', '.join(taps)}" if taps else "",
            f"kill MPs scored: {scenario.defender.player} {kd}, {scenario.attacker.player} {ka}" if kd or ka else "",
            f"MPs lost [elimination_mp_clauses={scenario.flags['elimination_mp_clauses']}]: "
            f"{scenario.defender.player} {pd}, {scenario.attacker.player} {pa}" if pd or pa else "") if x)
        if said:
            preamble.append(S.ReplayStep(f"{pre.card}: {said}", (before.STORM_RULE,) + (
                ("MECCG-BODY-5",) if kd or ka else ()) + (PENALTY_RULES if pd or pa else ())))
        preamble.append(S.ReplayStep(f"the companies as they stand: the assignment: {o.assignment_text()}",
                                     (before.STORM_RULE, "MECCG-ASSIGN-2", "MECCG-ASSIGN-3", "MECCG-ASSIGN-4")
                                     + (("MECCG-ASSIGN-5",) if o.excess() else ())))
        return o.scenario

    rep = S.replay(scenario, flat_rolls, before_strikes=rolls_first, after_attack=after_attack,
                   other_reading=used_under_other_reading)
    if got:
        o, rolled = got[0]
        kd, ka, pd, pa = o.scores
        if kd or ka:  # the members the rolls eliminated score for the opposing player (MECCG-BODY-5)
            rep = replace(rep, kill_mp=(rep.kill_mp[0] + kd, rep.kill_mp[1] + ka))
        if pd or pa:  # and cost their owners MPs (MECCG-BODY-7/9)
            rep = replace(rep, owner_mp_lost=(rep.owner_mp_lost[0] + pd, rep.owner_mp_lost[1] + pa))
        return rep, o, rolled
    return rep, None, None


def check_line(odds: CheckOdds) -> str:
    """The chance node in words, for ``odds``' text."""
    pre = odds.pre
    if isinstance(pre, before.StormNode):
        return pre.text()
    ways = ", ".join(f"{o.outcome.label} {fmt(o.outcome.chance)}" for o in odds.per_outcome)
    return (f"{pre.card} is played before strikes are assigned; its cost, {pre.check.text()}: {ways}; the "
            f"assignment follows with the company as it stands, after each outcome its own ({', '.join(RULES)})")
