"""MECCG's verbs: each computes its answer and returns a report object (printing is in :mod:`.present`).

>>> from pycombat.games.meccg.assignment.legal import example_path
>>> from pycombat.games.meccg.schema import load_scenario
>>> s = load_scenario(example_path("wind_throne.yaml"))
>>> enumerate(s, count=True).count
288
>>> enumerate(s, count=True).to_json()["attack"]["legal"]
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from ...collector import pausing
from ...dice import Dist, as_json
from ...errors import PycombatError, ScenarioError, illegal_attack
from ...report import Report, VerifyReport
from .cards import play
from .cards.coverage import lines_of, unmodelled_json, unoffered
from .combat import after_strikes
from .model import Scenario


def _base(s: Scenario, verb: str) -> dict:
    return {"game": "meccg", "verb": verb, "scenario": s.file, "title": s.title, "flags": dict(s.flags)}


def _head(report: Report) -> dict:
    """What every MECCG report's JSON opens with (:meth:`pycombat.report.Report.head`)."""
    return report.head()


# ---- batch -----------------------------------------------------------------------------------------
#: the verbs whose answer starts with the attack's verdict (MECCG-INIT, MECCG-ALIGN)
_JUDGING = ("enumerate", "verify", "optimize", "tree")


def prefetch(verb: str, scenarios: list[Scenario]) -> None:
    """``Game.prefetch`` (``pycombat batch``): the attacks of a chunk's scenarios judged together, a
    few groundings for the chunk (:func:`.assignment.legal.prefetch_verdicts`); each verb then reads
    its scenario's verdict from the memo, the one it would make alone."""
    if verb in _JUDGING:
        from .assignment.legal import prefetch_verdicts

        prefetch_verdicts(scenarios)


# ---- enumerate -------------------------------------------------------------------------------------
@dataclass
class EnumerateReport(Report):
    """The attack's legality (with the rules that decide it) and its legal assignments or traces."""

    result: Any = None  #: :class:`.assignment.enumerate.EnumerateReport`: attack verdict, count, options
    count_only: bool = False
    unmodelled: list = field(default_factory=list)  #: what the model does not interpret (MECCG-FX-10)
    #: a check before strikes are assigned (MECCG-FX-31): ``{outcome, p, count}`` per way it goes, the
    #: legal assignments of the company it leaves; the listed ones are those after the first (he passes)
    after_check: list = field(default_factory=list)

    @property
    def count(self) -> int:
        return self.result.count if self.result.count is not None else len(self.result.options)

    @property
    def legal(self) -> bool:
        return self.result.attack.legal

    def to_json(self) -> dict:
        out = {**_head(self), **self.result.as_json(), "unmodelled": self.unmodelled}
        if self.after_check:
            out["check_before_assignment"] = [{**o, "p": as_json(o["p"])} for o in self.after_check]
        return out


def enumerate(scenario: Scenario, *, limit: int | None = None, count: bool = False, traces: bool = False,
              max_list: int | None = None) -> EnumerateReport:
    """Whether the attack is legal and why, then every legal complete assignment (or trace)."""
    from .assignment.enumerate import DEFAULT_MAX_LIST, enumerate_assignments
    from .combat.before import modelled_here

    from .combat.strikes import after_costs

    play.refuse_hands(scenario)  # a hand optimize refuses, every verb refuses (MECCG-FX-20)
    # the assignment is made with the companies as the costs of the cards played before it left them (MECCG-FX-27)
    result = enumerate_assignments(after_costs(scenario), limit=limit, count_only=count, traces=traces,
                                   max_list=max_list or DEFAULT_MAX_LIST)
    return EnumerateReport(**_base(scenario, "enumerate"), result=result, count_only=count,
                           unmodelled=modelled_here(scenario, unmodelled_json(scenario)),
                           after_check=_after_check(scenario, traces))


def _after_check(scenario: Scenario, traces: bool) -> list[dict]:
    """Per outcome of a check before strikes are assigned (MECCG-FX-31), how many legal assignments (or
    traces) the company it leaves has: the maker who fails is in none. [] when there is no such check."""
    from .assignment.enumerate import enumerate_assignments
    from .combat.before import pre_check

    pre = pre_check(scenario)
    if pre is None:
        return []
    out = []
    for label, p, fate in pre.branches():
        after = pre.scenario_after(scenario, fate)
        n = enumerate_assignments(after, count_only=True, traces=traces).count if after.defender.members else 0
        # the assignments listed are the companies' as given: those after a passed check (not after wound rolls)
        out.append({"outcome": label, "p": p, "count": n, "rule": pre.rule, "listed": fate == "passes"})
    return out


# ---- odds ------------------------------------------------------------------------------------------
@dataclass
class OddsReport(Report):
    """Per strike the exact probabilities of each result and fate; the kill-MP distributions."""

    odds: Any = None  #: :class:`.combat.strikes.CombatOdds`
    players: tuple[str, str] = ("", "")  #: (defending player, attacking player)
    alignments: tuple[str, str] = ("", "")
    defaults: list[str] = field(default_factory=list)
    kill_mp: tuple[Dist, Dist] | None = None  #: (defending player's, attacking player's)
    eliminated: dict[str, Fraction] = field(default_factory=dict)
    owner_mp_lost: tuple[Fraction, Fraction] = (Fraction(0), Fraction(0))
    plot: str | None = None
    unmodelled: list = field(default_factory=list)  #: what the model does not interpret (MECCG-FX-10)
    #: allies discarded when their controller is wounded (MECCG-FX-19): ally -> {controller, p, rule}
    discarded_with_controller: dict = field(default_factory=dict)
    #: items discarded after the strikes (Sable Shield's roll, MECCG-FX-17): item -> {bearer, above, p, rule}
    items_discarded: dict = field(default_factory=dict)
    #: a check before strikes are assigned (MECCG-FX-31): :class:`.combat.before_outcomes.CheckOdds`, each
    #: outcome with its own assignment's odds; ``odds`` is then the first outcome's (he passes) and the
    #: kill MPs, eliminations and MPs lost are over every outcome
    check: Any = None
    #: the strikes after the attack's strikes a card played in it costs (MECCG-FX-32):
    #: :class:`.combat.after_attack.AfterOdds`, their kill MPs besides ``kill_mp`` (None: there are none)
    after_attack: Any = None
    #: cards in play lasting the turn that ended with an earlier one: no effect on the defending company
    #: (MECCG-FX-7, :func:`.combat.strikes.ended_in_play`)
    ended: list = field(default_factory=list)

    def to_json(self) -> dict:
        from .combat.before_outcomes import strikes_json

        kill_d, kill_a = self.kill_mp
        strikes = strikes_json(self.odds)
        # a cancel on a roll before a check before strikes are assigned: the chance node before it (MECCG-FX-31)
        cancel = self.check.cancel if self.check is not None and self.check.cancel is not None else self.odds.cancel
        out = {**_head(self),
               "defaults": self.defaults, "strikes": strikes,
               "kill_mp": {"defender_player": {str(k): as_json(v) for k, v in kill_d.items()},
                           "attacker_player": {str(k): as_json(v) for k, v in kill_a.items()}},
               "expected_kill_mp": {"defender_player": as_json(kill_d.expectation()),
                                    "attacker_player": as_json(kill_a.expectation())},
               "eliminated": {n: as_json(p) for n, p in self.eliminated.items()},
               "attack_cancelled": None if cancel is None else cancel.as_json(),
               "expected_owner_mp_lost": {"defender_player": as_json(self.owner_mp_lost[0]),
                                          "attacker_player": as_json(self.owner_mp_lost[1]),
                                          "flag": f"elimination_mp_clauses={self.flags['elimination_mp_clauses']}"}}
        if self.plot:
            out["plot"] = self.plot
        if self.discarded_with_controller:
            out["discarded_with_controller"] = {a: {"controller": v["controller"], "p": as_json(v["p"]),
                                                    "rule": v["rule"]}
                                                for a, v in self.discarded_with_controller.items()}
        if self.items_discarded:
            out["items_discarded"] = {i: {**v, "p": as_json(v["p"])} for i, v in self.items_discarded.items()}
        if self.after_attack is not None:  # MECCG-FX-32
            out["strikes_after_attack"] = self.after_attack.as_json()
        if self.check is not None:  # MECCG-FX-31: top-level strikes are those if the maker passes
            out["strikes_if"] = self.check.per_outcome[0].outcome.label
            out["check_before_assignment"] = self.check.as_json()
        out["ended_cards"] = self.ended
        out["unmodelled"] = self.unmodelled
        return out


def odds(scenario: Scenario, *, plot: str | None = None) -> OddsReport:
    """The exact odds of the scenario's ``combat:`` block (``plot``: draw the kill-MP distributions)."""
    from .combat.before import modelled_here
    from .combat.before_outcomes import check_odds, refuse_unused
    from .combat.strikes import combat_odds, defaults_used, ended_in_play, marginal

    refuse_unused(scenario)
    play.refuse_hands(scenario)  # a hand optimize refuses, every verb refuses (MECCG-FX-20)
    _legal_attack(scenario, "odds", "combat to compute odds for")  # no combat to play out (MECCG-INIT, -ALIGN)
    check = check_odds(scenario)  # a check before strikes are assigned: a chance node first (MECCG-FX-31)
    co = combat_odds(scenario) if check is None else check.per_outcome[0].odds
    a, d = scenario.attacker, scenario.defender
    joint = co.kill_mp if check is None else check.kill_mp
    kill_d, kill_a = marginal(joint, 0), marginal(joint, 1)
    # MECCG-BODY-7/9 [elimination_mp_clauses]: MPs the owners lose on top of the kill MPs
    pen_d = sum((dist.expectation(lambda o: o.penalty_defender_player) for dist in co.per_strike), Fraction(0))
    pen_a = sum((dist.expectation(lambda o: o.penalty_attacker_player) for dist in co.per_strike), Fraction(0))
    if check is not None:
        pen_d, pen_a = check.owner_mp_lost
    if plot:
        from ...plot import plot_distributions

        plot_distributions({f"{d.player} (defender) kill MPs": kill_d, f"{a.player} (attacker) kill MPs": kill_a},
                           plot, title=scenario.title or "kill MPs", xlabel="kill MPs")
    from .combat.before_outcomes import wounded

    after = None
    if check is None:
        from .combat.after_attack import after_odds

        fates, allies = co.fates, after_strikes.chances(scenario, wounded(co))
        items = after_strikes.item_discards(co.setups, co.per_strike)
        # the strikes after the attack's a card played in it costs (MECCG-FX-32), joint with how it went
        after = after_odds(scenario, co.setups, co.cancel.chance if co.cancel is not None else Fraction(0))
    else:
        fates, allies, items = check.fates, check.discarded_with_controller, check.items_discarded
        after = check.after_attack  # MECCG-FX-32 after each outcome of the node, mixed by its chances
    return OddsReport(**_base(scenario, "odds"), odds=co, players=(d.player, a.player),
                      alignments=(d.alignment, a.alignment), defaults=defaults_used(scenario),
                      kill_mp=(kill_d, kill_a), eliminated={n: dist["eliminated"] for n, dist in fates.items()},
                      owner_mp_lost=(pen_d, pen_a), plot=plot,
                      unmodelled=modelled_here(scenario, unmodelled_json(scenario)),  # MECCG-FX-31 modelled here
                      discarded_with_controller=allies, items_discarded=items, check=check, after_attack=after,
                      ended=ended_in_play(scenario))


# ---- replay ----------------------------------------------------------------------------------------
@dataclass
class ReplayReport(Report):
    """The combat resolved with given dice, step by step, each step with its rule ids."""

    replay: Any = None  #: :class:`.combat.strikes.Replay`
    players: tuple[str, str] = ("", "")
    #: allies discarded after the strikes because their controller was wounded: (ally, controller) (MECCG-FX-19)
    discarded_with_controller: list = field(default_factory=list)
    unmodelled: list = field(default_factory=list)  #: what the model does not interpret (MECCG-FX-10)
    #: a check before strikes are assigned (MECCG-FX-31): ``(outcome, roll)``, the
    #: :class:`.combat.before_outcomes.CheckOutcome` the roll gave (None: none was rolled)
    check: Any = None
    check_card: str | None = None  #: the card whose cost the check is
    check_who: str | None = None  #: who makes it
    #: the dice the file gives that ``--rolls`` replaced, not read: ``(path, value)`` each
    file_dice_not_read: list = field(default_factory=list)
    #: cards in play lasting the turn that ended with an earlier one (MECCG-FX-7): named in the preamble too
    ended: list = field(default_factory=list)
    #: per strike, the members besides its loser who left play in it: ``(member, fate, rule)`` each
    #: (a payer's body check, MECCG-FX-24; a failed check a card cost, MECCG-FX-25; an ally, MECCG-BODY-4)
    others_left: list = field(default_factory=list)

    @property
    def notes(self) -> list[str]:
        """What the reader is told once, above the steps: the file's dice ``--rolls`` replaced."""
        if not self.file_dice_not_read:
            return []
        groups: dict[str, list[str]] = {}  # a strike's `rolls:` on one line, each other field on its own
        for path, value in self.file_dice_not_read:
            head, _dot, key = path.rpartition(".")
            if head.endswith(".rolls"):
                groups.setdefault(head, []).append(f"{key}: {value}")
            else:
                groups[path] = [str(value)]
        return ["--rolls gives every die, in the order rolled: the file's dice are not read ("
                + "; ".join(f"{head} {{{', '.join(keys)}}}" if head.endswith(".rolls") else f"{head}: {keys[0]}"
                            for head, keys in groups.items()) + ")"]

    def to_json(self) -> dict:
        r = self.replay
        out = {**_head(self),
                "preamble": [{"text": st.text, "rules": list(st.rules)} for st in r.preamble],
                "strikes": [{"index": s.index, "defender": s.defender.member.name,
                             "attacker": s.attacker.member.name,
                             "steps": [{"text": st.text, "rules": list(st.rules)} for st in steps],
                             "result": o.result, "loser": o.loser, "fate": o.fate,
                             "others": [{"member": n, "fate": f, "rule": rule} for n, f, rule in others]}
                            for (s, steps, o), others in zip(r.strikes, self.others_left or [[]] * len(r.strikes))],
                "kill_mp": {"defender_player": r.kill_mp[0], "attacker_player": r.kill_mp[1]},
                "owner_mp_lost": {"defender_player": r.owner_mp_lost[0], "attacker_player": r.owner_mp_lost[1],
                                  "flag": f"elimination_mp_clauses={self.flags['elimination_mp_clauses']}"},
                "discarded_with_controller": [{"ally": a, "controller": c, "rule": after_strikes.RULE}
                                              for a, c in self.discarded_with_controller],
                "left_with_controller": [{"ally": a, "controller": c, "rule": "MECCG-BODY-4"}
                                         for a, c in r.allies_gone],
                "ended_cards": self.ended,
                "unmodelled": self.unmodelled}
        if self.file_dice_not_read:  # --rolls replaced them: said once
            out["notes"] = self.notes
            out["file_dice_not_read"] = [{"path": p, "value": v} for p, v in self.file_dice_not_read]
        if r.after_attack:  # MECCG-FX-32: once every strike of the attack is resolved
            out["strikes_after_attack"] = [
                {"card": a.card, "ally": a.ally, "controller": a.controller, "prowess": a.prowess,
                 "steps": [{"text": st.text, "rules": list(st.rules)} for st in steps], "result": res.result,
                 "fate": res.fate, "kill_mp_attacker_player": res.kill_mp} for a, steps, res in r.after_attack]
        if self.check is not None:
            from .combat.before_outcomes import RULES

            o, roll = self.check
            out["check_before_assignment"] = {
                "card": self.check_card, "who": self.check_who, "roll": roll, "outcome": o.label,
                "fate": o.fate, "maker_mp_lost": o.penalty, "rules": list(RULES),
                "assignment": [{"defender": d, "attacker": a} for d, a in o.pairs()], "excess": list(o.excess()),
                "assignment_from": o.source}
            if o.changes:  # wound rolls (MECCG-FX-31): each member's roll and change, what the eliminations scored
                kd, ka, pd, pa = o.scores
                out["check_before_assignment"].update(
                    rules=["MECCG-FX-31", "MECCG-BODY-5"], roll=[{"member": n, "roll": v} for n, v in roll],
                    changes=dict(o.changes), kill_mp_scored={"defender_player": kd, "attacker_player": ka},
                    mp_lost={"defender_player": pd, "attacker_player": pa})
        return out


def parse_rolls(text: str | None) -> list[int] | None:
    """``"8,8,6"`` (every 2d6 total in the order rolled) as numbers; None stays None.

    >>> parse_rolls("8, 8,6")
    [8, 8, 6]
    >>> parse_rolls([8, 13])  # (a list, from the Python API: checked alike)
    Traceback (most recent call last):
    ...
    pycombat.errors.PycombatError: --rolls: 13 is not a 2d6 total (2 to 12)
    """
    if text is None:
        return None
    if not isinstance(text, str):
        if not isinstance(text, (list, tuple)) or not all(type(x) is int for x in text):
            raise PycombatError(f"--rolls: expected 2d6 totals (whole numbers 2 to 12) as a list or as text such as "
                                f"\"8,8,6\", not {str(text)[:80]!r}")
        rolls = list(text)
    else:
        try:
            rolls = [int(x) for x in text.replace(" ", "").split(",") if x]
        except ValueError:
            raise PycombatError(f"--rolls {text!r}: expected 2d6 totals separated by commas, e.g. 8,8,6,6") from None
    bad = [r for r in rolls if not 2 <= r <= 12]
    if bad:
        raise PycombatError(f"--rolls: {bad[0]} is not a 2d6 total (2 to 12)")
    return rolls


def replay(scenario: Scenario, *, rolls: str | list[int] | None = None) -> ReplayReport:
    """Resolve the ``combat:`` block with the file's dice or ``rolls`` (``"8,8,6,..."``). With ``rolls`` the
    file's dice are not read, and the report says so, naming each (:attr:`ReplayReport.notes`)."""
    from .combat.before import modelled_here, pre_check
    from .combat.before_outcomes import refuse_unused, replay as _replay
    from .combat.strikes import ended_in_play, file_dice, others_left

    refuse_unused(scenario)
    play.refuse_hands(scenario)  # a hand optimize refuses, every verb refuses (MECCG-FX-20)
    _legal_attack(scenario, "replay", "combat to replay")  # no combat to play out (MECCG-INIT, -ALIGN)
    # a check before strikes are assigned is rolled first, then the assignment after it (MECCG-FX-31)
    from .combat.after_attack import replay_after, resolved

    flat = parse_rolls(rolls)
    r, outcome, roll = _replay(scenario, flat, after_attack=replay_after)
    pre = pre_check(scenario)
    fought = outcome.scenario if outcome is not None and outcome.scenario is not None else scenario
    return ReplayReport(**_base(scenario, "replay"), replay=r,
                        players=(scenario.defender.player, scenario.attacker.player),
                        unmodelled=resolved(modelled_here(scenario, unmodelled_json(scenario))),
                        discarded_with_controller=after_strikes.discarded(
                            fought, (o.loser for _, _, o in r.strikes if o.loser)),
                        check=None if outcome is None else (outcome, roll),
                        check_card=pre.card if pre else None, check_who=pre.who if pre else None,
                        file_dice_not_read=file_dice(scenario) if flat is not None else [],
                        ended=ended_in_play(scenario),
                        others_left=[others_left(fought, st, o) for st, _steps, o in r.strikes])


# ---- verify ----------------------------------------------------------------------------------------
def _check_fields(scenario: Scenario) -> None:
    """The combat's fields for the check before strikes are assigned (MECCG-FX-31), refused as ``odds``
    and ``replay`` refuse them: a ``check_roll:`` or ``after_check:`` with no such check, a stated
    assignment after it that names its maker or breaks the three phases. The dice of an attack the file's
    cancel cancels before strikes are assigned (MECCG-PRE-1) are refused as ``replay`` refuses them, whatever
    the claims: no claim reads them."""
    from .combat.before_outcomes import outcomes, refuse_unused
    from .combat.strikes import cancelled_on_the_file, refuse_dice_after_cancel

    refuse_unused(scenario)
    cancel = cancelled_on_the_file(scenario) if scenario.combat is not None else None
    if cancel is not None:
        refuse_dice_after_cancel(scenario, cancel)
    if scenario.combat is not None and scenario.combat.after_check is not None:
        outcomes(scenario)


def verify(scenario: Scenario) -> VerifyReport:
    """Every claim of the scenario's ``claims:``, with the rules that decide it."""
    from .claims.verify import book, verify as _verify
    from ...verdicts import parse_claims

    if not scenario.claims:
        raise ScenarioError("the scenario has no claims to verify", file=scenario.file, path="claims")
    _check_fields(scenario)
    play.refuse_hands(scenario)  # a hand optimize refuses, every verb refuses (MECCG-FX-20)
    claims = parse_claims(scenario.claims, book(), scenario)
    verdicts = _verify(scenario, claims)
    _same_after_check(scenario, claims, verdicts)
    _over_wound_rolls(scenario, claims, verdicts)
    # what the model does not interpret, as every verb names it (MECCG-FX-10); a claim one of them could change
    # is NOT DECIDED, and each verdict's notes say which
    unread = unmodelled_json(scenario)
    lead = lines_of(unread)
    if lead:
        lead = [f"Not modelled ({len(unread)}; a claim one of them could change is NOT DECIDED, MECCG-FX-10):",
                *lead[1:]]
    return VerifyReport(**_base(scenario, "verify"), verdicts=verdicts, extra={"unmodelled": unread},
                        lead=tuple(lead))


#: claims about a strike of the combat block that the card entry of a check before strikes are assigned
#: (touching strike cancels and body checks, MECCG-FX-10) leaves decided, though the assignment after a
#: failed check can change them
_READ_AFTER_CHECK = ("final_prowess", "modifier_applies")


def _same_after_check(scenario: Scenario, claims: list, verdicts: list) -> None:
    """A claim about a strike's prowess decided on the ``combat:`` block's assignment (the company's if the
    maker of a check before strikes are assigned passes, MECCG-FX-31) stays decided only where each failed
    outcome's assignment (as ``odds`` and ``replay`` take it) gives the same verdict; a strike that outcome
    does not make (the maker's) does not count. Otherwise it is not decided, the outcome named."""
    from dataclasses import replace

    from .claims.verify import decide
    from .combat.before import RULE, pre_check
    from .combat.before_outcomes import outcomes

    todo = [(c, v) for c, v in zip(claims, verdicts) if c.kind in _READ_AFTER_CHECK and v.verdict is not None]
    if not todo or scenario.combat is None or pre_check(scenario) is None:
        return
    try:
        after = [o for o in outcomes(scenario) if o.fate != "passes"]
    except ScenarioError as exc:  # no assignment after a failed check: nothing to compare with
        for _c, v in todo:
            v.verdict, v.rules, v.deciding_flags, v.readings = None, v.rules + [RULE], {}, []
            v.notes = list(v.notes) + [f"not decided: the assignment after a failed check is not known ({exc})"]
        return
    pairs = [(st.attacker, st.defender) for st in scenario.combat.strikes]
    for c, v in todo:
        for o in after:
            if o.scenario is None:
                continue
            now = [(st.attacker, st.defender) for st in o.scenario.combat.strikes]
            args = dict(c.args)
            n = args.get("strike")
            if isinstance(n, int) and 1 <= n <= len(pairs):
                if pairs[n - 1] not in now:  # that strike is not made after this outcome
                    continue
                args["strike"] = now.index(pairs[n - 1]) + 1
            elif args.get("character") == pre_check(scenario).who:
                continue
            try:
                other = decide(o.scenario, replace(c, args=args)).verdict
            except PycombatError:
                other = None
            if other != v.verdict:  # not decided: no flag decides it either
                v.verdict, v.rules, v.deciding_flags, v.readings = None, v.rules + [RULE], {}, []
                v.notes = list(v.notes) + [f"not decided: if {o.label} ({RULE}) the assignment is "
                                           f"{o.assignment_text()}, and there the verdict is {other}"]
                break


def _over_wound_rolls(scenario: Scenario, claims: list, verdicts: list) -> None:
    """A claim not decided only because wound rolls before strikes are assigned (Crowned with Storm, MECCG-FX-31)
    could change it is decided where every outcome of the rolls (the one the combat's `wound_rolls:` give, when
    they give every roll) gives one verdict on the companies it leaves, with the `combat:` block's assignment as
    `odds` takes it there; otherwise it stays not decided, the reason named. Decided, it is decided again under
    every other value of each interpretation flag (as ``verify`` does for every claim): the flags that flip it
    are named, with their readings side by side."""
    from dataclasses import replace

    from ...rulebook import load_rulebook
    from ...verdicts import FlagReadings, Reading, readings_mode
    from .cards.coverage import blocking, card_flag_names, present_card_flags
    from .combat.before import StormNode, pre_check
    from .combat.before_outcomes import under_reading

    pre = pre_check(scenario) if scenario.combat is not None else None
    if not isinstance(pre, StormNode):
        return
    todo = []
    for c, v in zip(claims, verdicts):
        blockers = blocking(scenario, c) if v.verdict is None else []
        if blockers and all(e["id"] == pre.card_id for e in blockers):
            todo.append((c, v))
    if not todo:
        return
    book = load_rulebook("meccg")
    skip = card_flag_names() - present_card_flags(scenario)
    names = [n for n in book.flags if n not in skip]
    origin = getattr(scenario, "flag_origin", None) or {}
    show_all = readings_mode() == "all"
    for c, v in todo:
        verdict, rules, why, notes, n = _decided_over_rolls(scenario, c)
        if verdict is None:
            v.notes = list(v.notes) + [f"not decided over the wound rolls' outcomes ({pre.rule}): " + why]
            continue
        v.verdict, v.rules = verdict, rules
        first = f"if {n[0]}: " if len(n) > 1 else ""
        v.notes = [first + x for x in notes or ()] + [
            f"decided after {'the wound rolls given' if len(n) == 1 else f'each of the {len(n)} outcomes of the wound rolls'}"
            f" ({pre.card}, {pre.rule}), each with the combat block's assignment as odds takes it"]
        v.deciding_flags, table = {}, []
        for name in names:  # the readings, as verify_claims makes them for every other claim
            chosen = scenario.flags[name]
            rows, flips = [Reading(chosen, verdict, None, chosen=True)], False
            for other in book.flags[name].values:
                if other == chosen:
                    continue
                try:
                    alt = under_reading(replace(scenario, flags={**scenario.flags, name: other}))
                    got, alt_rules, alt_why, _n, _m = _decided_over_rolls(alt, c)
                    row = Reading(other, got, alt_rules) if got is not None else Reading(other, None, [], error=alt_why)
                except PycombatError as exc:  # not readable under this value: it flips nothing
                    row = Reading(other, None, [], error=str(exc))
                rows.append(row)
                flips |= not row.error and row.verdict != verdict
            if flips:
                v.deciding_flags[name] = chosen
                v.rules = list(dict.fromkeys(v.rules + [r.id for r in book.rules.values() if name in r.flags]))
            if flips or show_all:
                table.append(FlagReadings(name, chosen, origin.get(name, "default"), flips, rows))
        v.readings = table


def _decided_over_rolls(scenario: Scenario, c) -> tuple[bool | None, list[str], str, list[str] | None, list[str]]:
    """``(verdict, rules, why not, notes, outcome labels)``: the claim decided on every outcome of the wound
    rolls before strikes are assigned (only the stated one when ``wound_rolls:`` give every roll); the verdict
    is None, ``why`` saying why, when an outcome does not decide it or two give different verdicts."""
    from dataclasses import replace

    from .claims.verify import decide
    from .combat.before import StormNode, pre_check
    from .combat.before_outcomes import outcomes

    pre = pre_check(scenario)
    if not isinstance(pre, StormNode):
        return None, [], "no wound rolls are made before strikes are assigned under this reading", None, []
    try:
        outs = outcomes(scenario)
    except ScenarioError as exc:  # the block does not hold after some outcome: nothing to decide on
        return None, [], exc.message, None, []
    stated = {n: r for n, r, _p in scenario.combat.wound_rolls}
    if pre.rolled and all(r.name in stated for r in pre.rolled):  # the rolls given settle the outcome
        way = pre.way_of({r.name: r.hit(stated[r.name]) for r in pre.rolled})
        outs = [o for o in outs if o.changes == way]
    pairs = [(st.attacker, st.defender) for st in scenario.combat.strikes]
    got, rules, notes = set(), [], None
    for o in outs:
        if o.scenario is None:
            return None, [], f"if {o.label} no strike is made", None, []
        combat = o.scenario.combat
        plain = replace(o.scenario, combat=replace(combat, before_assignment=tuple(
            x for x in combat.before_assignment if x != pre.card_id)))
        args = dict(c.args)
        n = args.get("strike")
        if isinstance(n, int) and 1 <= n <= len(pairs):
            now = [(st.attacker, st.defender) for st in combat.strikes]
            if pairs[n - 1] not in now:
                return None, [], f"if {o.label} strike {n} is not made", None, []
            args["strike"] = now.index(pairs[n - 1]) + 1
        try:
            other = decide(plain, replace(c, args=args))
        except PycombatError as exc:
            return None, [], f"if {o.label}: {exc}", None, []
        if other.verdict is None:
            return None, [], f"if {o.label} it is not decided either", None, []
        got.add(other.verdict)
        rules += other.rules
        notes = list(other.notes) if notes is None else notes  # the first outcome's account of it
    if len(got) != 1:
        return None, [], "they give different verdicts", None, []
    return got.pop(), list(dict.fromkeys(rules + [pre.rule])), "", notes, [o.label for o in outs]


# ---- optimize and tree ------------------------------------------------------------------------------
def _legal_attack(scenario: Scenario, verb: str, nothing: str = "combat to solve"):
    """The attack's verdict; an illegal attack is refused (no combat to solve, to compute odds for, to
    replay: every verb that plays the combat out), with its rules."""
    from ...rulebook import load_rulebook
    from .assignment.legal import judge_attack

    verdict = judge_attack(scenario)
    if not verdict.legal:  # no combat: the game would otherwise be played out unchecked (found by tools/fuzz.py)
        book = load_rulebook("meccg")
        raise illegal_attack(f"{scenario.file or 'the scenario'}: {verb}", nothing,
                             ((v.rule, v.detail, book.rule(v.rule).summary) for v in verdict.violations))
    return verdict


#: with cards in hand, a combat of at most this many complete assignments, whose full game is guessed
#: (:func:`_full_game_guess`) at most this size, is solved as the full game (every decision on the line
#: valued); a larger one by the matching solver when its cards allow it (the choice does not depend on
#: ``--max-nodes``, which bounds the solver chosen)
FULL_GAME_ASSIGNMENTS = 1_000
FULL_GAME_GUESS = 2_000_000


def _full_game_guess(scenario: Scenario, verdict, assignments: int) -> int:
    """A rough size of the full game with cards in hand, to choose the solver (both are exact): each
    complete assignment, each order the defender may resolve its strikes in (MECCG-SEQ-1), each set of
    the cards in both hands played (MECCG-SEQ-2/7). Six against six with three cards a hand: 720 x 720 x
    64, well past what the full game solves in seconds; three against three with two: 6 x 6 x 16."""
    cards = len(scenario.attacker.hand or ()) + len(scenario.defender.hand or ())
    return assignments * math.factorial(min(len(verdict.strikes or ()), 12)) * 2 ** cards


def _bound(scenario: Scenario, max_nodes: int, verb: str) -> None:
    """Refuse up front a game whose tree has more than ``max_nodes`` nodes for sure: each legal
    complete assignment ends the assignment phases in a state of its own (the state keeps the
    pairs), so the tree has at least as many nodes as there are complete assignments (counted
    fast, without listing them)."""
    from ...errors import TooLargeError
    from .assignment.legal import LegalAssignments

    _legal_attack(scenario, verb)
    from .combat.before import bound
    bound(scenario, max_nodes, verb)  # wound rolls before the assignment: every outcome's assignments (MECCG-FX-31)
    # counted to the end where the solver's answers allow (the number `enumerate --count` prints), else a lower bound
    n, exact = LegalAssignments(scenario).count_bounded(most=None)
    if n > max_nodes or not exact:
        head = f"{scenario.file or 'the scenario'}: {verb}: the game tree has at least one node for each of its "
        if exact:
            raise TooLargeError(f"{head}{n:,} legal complete assignments, more than --max-nodes {max_nodes:,}; raise "
                                "--max-nodes or solve a smaller combat")
        raise TooLargeError(f"{head}legal complete assignments, more than can be counted up front (over {n:,}); solve "
                            "a smaller combat")


def _bound_carried(scenario: Scenario, max_nodes: int, m) -> None:
    """Refuse up front a matching game with cards in hand that carries several pairs to the strikes'
    game (cards that may change their strikes): those pairs make the positions grow with the
    complete assignments, at least one each as in the full game (:func:`_bound`). The message names
    the cards that force it. Not called with at most one pair carried (the positions are at most
    those of the game without cards times one more than the kinds of pairs,
    :meth:`.combat.matching._Matching.carried_most`) nor with one side's cards alone (carried as what
    they are worth, :meth:`.combat.matching._Matching._one_sided`): there the matching game's own
    bound on its positions applies."""
    from ...errors import TooLargeError

    try:
        _bound(scenario, max_nodes, "optimize")
    except TooLargeError as exc:
        cards = m.carried_cards()
        kinds = len(m.carried_kinds())
        why = (f"The cards in both hands worth playing ({', '.join(cards) or 'none'}) may change up to "
               f"{m.carried_most()} strikes of one assignment.",
               "Their strikes' game is not decided by what the strikes are worth per pair of hands left, so the "
               f"matching solver carries the strikes made, as multisets of {kinds} kinds, up to "
               f"{m.carried_multisets():,} per position.",
               "It carries less with one side's cards alone, or under --objective survive.")
        raise TooLargeError(str(exc), help=why) from None


@dataclass
class OptimizeReport(Report):
    """The value under optimal play, the first decision's alternatives and the principal line."""

    solved: Any = None  #: :class:`.combat.optimize.Solved`
    objective: Any = None
    choices: list[tuple[str, Fraction, bool]] = field(default_factory=list)
    line: list = field(default_factory=list)
    unmodelled: list = field(default_factory=list)  #: what the model does not interpret (MECCG-FX-10)
    #: every decision on the line of best play, each option with its value and difference from the best
    decisions: list = field(default_factory=list)  #: :class:`pycombat.tree.options.Decision`
    top: int = 10  #: how many options the text shows per decision (JSON: all)
    #: ``options -> options`` with the groups of identical outcome distributions numbered (None: not grouped)
    first_group: Any = field(default=None, repr=False)
    #: a check before strikes are assigned (MECCG-FX-31): ``(outcome, chance, value)``, each outcome valued
    #: with the assignment after it; ``choices`` are those after the first outcome
    check_outcomes: list = field(default_factory=list)
    #: cards in play lasting the turn that ended with an earlier one (MECCG-FX-7)
    ended: list = field(default_factory=list)

    @property
    def value(self) -> Fraction:
        return self.solved.value

    def first_options(self) -> list:
        """The first decision's options, best first for its mover, valued in the report's terms
        (:func:`.combat.optimize.report_value`), each with its difference from the best."""
        from ...tree.options import rank
        from .combat.optimize import first_mover_maximises

        chosen = next((k for k in range(len(self.choices)) if self.choices[k][2]), None)  # (`enumerate` is a verb here)
        rows = rank([(label, v) for label, v, _b in self.choices], first_mover_maximises(self.solved), chosen=chosen)
        return self.first_group(rows) if self.first_group is not None and len(rows) > 1 else rows

    def _who(self, player: int) -> str:
        from .combat.optimize import who

        return who(player, self.solved.game.scenario)

    def to_json(self) -> dict:
        from ...tree import format_fraction

        from .combat.optimize import shown_outcomes  # each strike outcome of a chance step, with its probability

        stats = self.solved.solution.stats
        return {
            **_head(self), "objective": self.objective.name, "character": self.objective.character,
            "value": format_fraction(self.solved.value), "value_float": float(self.solved.value),
            "first_choices": [{"choice": o.label, "value": format_fraction(o.value), "best": o.chosen,
                               "difference": format_fraction(o.difference),
                               **({"group": o.group} if o.group is not None else {})} for o in self.first_options()],
            "decisions": [d.json(self._who) for d in self.decisions],
            "principal_line": [{"kind": st.kind, "player": st.player, "state": st.state, "action": st.action,
                                "prob": format_fraction(st.prob) if st.prob is not None else None,
                                **({"outcomes": [{"outcome": label, "prob": format_fraction(p)}
                                                 for label, p in shown_outcomes(self.solved, st)]}
                                   if st.kind == "chance" else {})}
                               for st in self.line],
            "tree": {"nodes": stats.nodes, "edges": stats.edges, "transpositions": stats.transpositions,
                     "merged_edges": stats.merged_edges}, "seconds": round(self.solved.seconds, 3),
            "attack_cancelled": None if self.solved.game.cancel is None else self.solved.game.cancel.as_json(),
            "check_before_assignment": None if self.solved.game.pre is None else {
                **self.solved.game.pre.as_json(), "first_choices_after": self.check_outcomes[0][0],
                "outcomes": [{"outcome": lab, "p": format_fraction(p), "value": format_fraction(v)}
                             for lab, p, v in self.check_outcomes]},
            "ended_cards": self.ended,
            "unmodelled": self.unmodelled}


@pausing  # (the solved game and its report are freed by reference counting: no collection walks them)
def unweighed_payers(scenario) -> list[dict]:
    """The costs paid before strikes are assigned whose payer the file leaves to the default while another member
    could pay (:func:`.combat.strikes.defaulted_payers`): optimize plays the default payer and does not weigh the
    player's choice, so it is named (a value "under optimal play" rests on it)."""
    from .combat.strikes import defaulted_payers

    return [{"card": card, "what": f"who pays its cost: {who} by default ({', '.join(others)} could instead)",
             "why": "optimize does not weigh the choice of payer; name each ({card: " + card + ", member: NAME}) "
                    "to compare (MECCG-FX-24)"}
            for card, who, others in defaulted_payers(scenario) if others]


def optimize(scenario: Scenario, *, objective: str | None = None, character: str | None = None,
             max_nodes: int = 2_000_000, progress: Callable[[int], object] | None = None,
             top: int = 10) -> OptimizeReport:
    """Solve the combat as a two-player game with the dice as chance, exactly; every decision on
    the line of best play with each option's value (``top``: how many the text shows)."""
    from .combat.before import modelled_here
    from .combat.optimize import (check_values, decisions, first_choices, first_grouping, line, objective_from,
                                  solve_combat)

    from .combat.matching import NotIndependent, fast_reason, prepare, solve_fast
    from .combat.strikes import ended_in_play

    obj = objective_from(objective, character, scenario)
    solved = prepared = None
    fast = fast_reason(scenario, obj) is None
    if fast and (scenario.attacker.hand or scenario.defender.hand):
        # a small combat with cards is solved as the full game, which values every decision on the
        # line (the matching solver values the first decision's options only)
        from .assignment.legal import LegalAssignments

        verdict = _legal_attack(scenario, "optimize")
        n, exact = LegalAssignments(scenario).count_bounded(most=FULL_GAME_ASSIGNMENTS)
        fast = n > FULL_GAME_ASSIGNMENTS or not exact or _full_game_guess(scenario, verdict, n) > FULL_GAME_GUESS
    if fast:  # independent strikes: the game over matchings
        try:
            prepared = prepare(scenario, obj, max_nodes=max_nodes, progress=progress)
            if (scenario.attacker.hand or scenario.defender.hand) and prepared.m.alloc is None \
                    and prepared.m.carried_most() > 1 and prepared.m.carried_multisets() > max_nodes:
                _bound_carried(scenario, max_nodes, prepared.m)
            solved = solve_fast(scenario, obj, max_nodes=max_nodes, progress=progress, prepared=prepared)
        except NotIndependent:  # an outcome removes a later striker (MECCG-FX-24/25): the full game
            solved = None
    if solved is None:
        _bound(scenario, max_nodes, "optimize")
        solved = solve_combat(scenario, obj, max_nodes=max_nodes, progress=progress)
    unmodelled = modelled_here(scenario, unmodelled_json(scenario))  # rolled before the assignment (MECCG-FX-31)
    report = OptimizeReport(**_base(scenario, "optimize"), solved=solved, objective=obj,
                            choices=first_choices(solved), line=line(solved), check_outcomes=check_values(solved),
                            unmodelled=unmodelled + unoffered(scenario) + unweighed_payers(scenario),
                            decisions=decisions(solved), top=top, first_group=first_grouping(solved, max_nodes),
                            ended=ended_in_play(scenario))
    solved.game.release()  # its remembered positions are freed with the report, not by the cycle collector
    return report


@dataclass
class TreeReport(Report):
    """Where the game tree was written, and its size; with ``depth``, which nodes carry values."""

    output: str = ""
    stats: str = ""
    depth: int | None = None
    values: str | None = None  #: with ``depth``: which nodes are valued (the others are marked unsolved)
    valued: int | None = None  #: with ``depth``: how many nodes carry their exact value
    nodes: int | None = None  #: with ``depth``: how many nodes the file holds
    unmodelled: list = field(default_factory=list)  #: what the tree's game does not interpret (MECCG-FX-10)
    #: cards in play lasting the turn that ended with an earlier one (MECCG-FX-7)
    ended: list = field(default_factory=list)

    def to_json(self) -> dict:
        return {**_head(self), **super().to_json(), "ended_cards": self.ended, "unmodelled": self.unmodelled}


def tree(scenario: Scenario, *, output: str, depth: int | None = None, objective: str | None = None,
         character: str | None = None, max_nodes: int = 2_000_000,
         progress: Callable[[int], object] | None = None) -> TreeReport:
    """Build the combat's game tree (identical states merged) and write it (GraphML, DOT or PNG).

    With ``depth`` only the first ``depth`` plies are made (the assignment phases one choice at a
    time, :mod:`.combat.plies`), each node with its exact value where it is known without the tree
    below (the whole game solved when small, else the matching game for the assignment phases) and
    marked ``solved: false`` otherwise; refused only when those plies have more than ``max_nodes``
    nodes."""
    from ...tree import export, export_path
    from .combat.before import modelled_here
    from .combat.game import CvccGame
    from .combat.optimize import objective_from

    obj = objective_from(objective, character, scenario)
    out = export_path(output)
    if depth is not None:
        from .combat.plies import plan_plies

        plan = plan_plies(scenario, obj, _legal_attack(scenario, "tree"), depth, max_nodes)
        game, hits = plan.game, [0]

        def value_of(state):
            v = plan.value_of(state)
            hits[0] += v is not None
            return v
    else:
        _bound(scenario, max_nodes, "tree")  # the assignment phases are built whole
        game, value_of = CvccGame(scenario, obj), None
    try:
        stats, _ = export(game.new_initial_state(), out, depth=depth, max_nodes=max_nodes, progress=progress,
                          player_names=("defender", "attacker"), value_of=value_of)
    finally:
        game.release()  # its remembered positions are freed now, not by the cycle collector at exit
    unmodelled = modelled_here(scenario, unmodelled_json(scenario)) + unoffered(scenario)  # as optimize's game
    from .combat.strikes import ended_in_play

    ended = ended_in_play(scenario)  # MECCG-FX-7
    if depth is None:
        return TreeReport(**_base(scenario, "tree"), output=str(out), stats=str(stats), depth=depth,
                          unmodelled=unmodelled, ended=ended)
    return TreeReport(**_base(scenario, "tree"), output=str(out), stats=str(stats), depth=depth, values=plan.values,
                      valued=hits[0] + stats.terminal, nodes=stats.nodes, unmodelled=unmodelled, ended=ended)


# ---- card lookup -----------------------------------------------------------------------------------
@dataclass
class CardReport(Report):
    """A card of the shipped data: its stats, its modelled effects (with rule ids), what is not modelled."""

    card: dict = field(default_factory=dict)  #: :func:`.cards.lookup.card_report`

    def to_json(self) -> dict:
        return {"game": "meccg", "verb": "card", **self.card}


def card(name: str) -> CardReport:
    """``pycombat card NAME --game meccg``: the card(s) called ``name``; an unknown name is an error
    naming the closest cards (matching on words too)."""
    from ...errors import UnknownNameError
    from .cards.lookup import card_report

    found = card_report(name)
    if not found.get("found"):
        raise UnknownNameError("MECCG card", name, list(found.get("suggestions", []))[:3])
    return CardReport(game="meccg", verb="card", scenario=None, title=None, card=found)
