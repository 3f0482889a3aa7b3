"""The ``enumerate`` verb for MECCG: the attack's legality, then its legal strike assignments.

Returns a :class:`EnumerateReport`; the CLI only prints it.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from pycombat.errors import TooLargeError
from pycombat.rulebook import load_rulebook
from .counting import closed_count
from .legal import (MAX_COUNT, MAX_COUNTED_MODELS, Assignment, AttackVerdict, LegalAssignments, LegalTraces, Trace,
                    judge_attack, judge_attack_after, known_verdict)
from .listing import assignments as ordered_assignments, shape, struck_before_controller
from ..model import Scenario

#: listing more than this many options needs --limit (or a larger --max-list)
DEFAULT_MAX_LIST = 100_000
#: about what one listed option holds until the listing is printed (measured: a million traces of ten
#: against ten, 980 MB); ``--limit N`` past ``--max-list`` is refused up front with N times this
BYTES_HELD = 1_000
#: companies of at most this many members are counted before their attack is judged (the attack
#: program is then grounded on the counting one's grounding); their count is small whether or not the
#: attack is legal, so counting first costs little when it is not
SMALL_COMPANY = 6


def _small(scenario: Scenario) -> bool:
    return len(scenario.attacker.members) <= SMALL_COMPANY and len(scenario.defender.members) <= SMALL_COMPANY


@dataclass
class EnumerateReport:
    scenario: Scenario
    attack: AttackVerdict
    traces: bool
    count: int | None = None
    options: list[Assignment | Trace] = field(default_factory=list)
    listed: bool = False
    truncated: bool = False
    #: False when ``count`` is a lower bound (counting stopped: the work is bounded)
    count_exact: bool = True
    #: False when the listing is in the canonical order (:mod:`.order`) only among the first
    #: ``MAX_COUNTED_MODELS`` orbits (or traces) the solver gave: a listing with ``--limit`` of an
    #: attack with more of them
    ordered: bool = True

    def reasons(self) -> list[dict[str, Any]]:
        """The rules that decide the attack's legality, with their text and source."""
        book = load_rulebook("meccg")
        out = []
        if not self.attack.legal:
            for v in self.attack.violations:
                rule = book.rule(v.rule)
                out.append({"rule": rule.id, "text": rule.summary, "source": rule.source, "detail": _detail(v.detail)})
        else:
            for rid in self.attack.allowed_by:
                rule = book.rule(rid)
                out.append({"rule": rule.id, "text": rule.summary, "source": rule.source})
        return out

    def as_json(self) -> dict[str, Any]:
        s = self.scenario
        out: dict[str, Any] = {
            "game": "meccg",
            "scenario": s.file,
            "title": s.title,
            "flags": dict(s.flags),
            "attack": {
                "legal": self.attack.legal,
                "kinds": {"attacker": self.attack.kinds[0], "defender": self.attack.kinds[1]},
                "reasons": self.reasons(),
                "strikes": list(self.attack.strikes),
                "targets": list(self.attack.targets),
                "no_strike": [{"member": m, "rule": r} for m, r in self.attack.no_strike],
                "no_target": [{"member": m, "rule": r} for m, r in self.attack.no_target],
            },
            "notion": "trace" if self.traces else "complete",
            "counted": "assignment traces" if self.traces else "complete assignments",  # (what `count` counts)
            "count": self.count if self.count is not None else len(self.options),
        }
        if not self.count_exact:
            out["count_exact"] = False  # `count` is a lower bound: counting stopped
        if self.listed:
            out["options"] = [_option_json(o) for o in self.options]
            if self.truncated:
                out["truncated"] = True
            if not self.ordered:
                out["ordered"] = False  # canonical order among the first orbits only
        return out


def _size(n: int) -> str:
    """``n`` bytes in MB (in KB under one MB)."""
    return f"{n // 10 ** 6:,} MB" if n >= 10 ** 6 else f"{max(1, n // 1000):,} KB"


def _detail(detail: Any) -> Any:
    if isinstance(detail, tuple):
        return [detail[0], *[_detail(d) for d in detail[1:]]]
    return detail


def _option_json(o: Assignment | Trace) -> dict[str, Any]:
    if isinstance(o, Trace):
        who = {1: "defender", 2: "attacker", 3: "defender"}
        return {"pairs": [{"attacker": s, "defender": t, "phase": p, "by": who[p]} for s, t, p in o.steps],
                "excess": list(o.excess)}
    return o.as_json()


def enumerate_assignments(scenario: Scenario, *, limit: int | None = None, count_only: bool = False,
                          traces: bool = False, max_list: int = DEFAULT_MAX_LIST) -> EnumerateReport:
    """Judge the attack, then count or stream its legal assignments (or traces).

    Without ``limit``, listing more than ``max_list`` options is refused up front
    (:class:`TooLargeError`) instead of filling memory and the screen. Options are listed in the
    canonical order (:mod:`.order`); complete assignments of a company without a Noble Hound are
    made in that order from the characterisation of ``assign_legal.lp`` (:mod:`.listing`), the
    others read from the solver and sorted.
    """
    view = LegalTraces(scenario) if traces else LegalAssignments(scenario)
    # the count the answer needs first (at most `most`), and the attack's verdict
    most = max_list if traces and not count_only else MAX_COUNT
    counted: tuple[int, bool] | None = None
    # a listing from the solver's orbits (traces; complete assignments with an ally struck before his controller,
    # MECCG-FX-18) merges the orbits its count read, not read again
    from_solver = not count_only and (traces or struck_before_controller(scenario))
    attack = known_verdict(scenario)
    if count_only and not traces:
        # the number of complete assignments in closed form, when it is one and as small as a count
        # the solver finishes (beyond, the solver's bounded count says where it stopped)
        attack = attack or judge_attack(scenario)
        n = closed_count(scenario, attack) if attack.legal else None
        if n is not None and n <= MAX_COUNTED_MODELS:
            counted = (n, True)
    elif attack is None and limit is None and _small(scenario) and (traces or struck_before_controller(scenario)):
        # counted first, then the attack program grounded on the counting program's grounding: one
        # grounding for both (the count is not used when the attack is not legal)
        counted = view.count_bounded(most=most, keep=from_solver)
        attack = judge_attack_after(scenario, view.counting_solver())
    if attack is None:
        attack = judge_attack(scenario)
    report = EnumerateReport(scenario=scenario, attack=attack, traces=traces)
    if not attack.legal:
        report.count = 0
        report.listed = not count_only
        return report
    # complete assignments made in order without a grounding (None: read from the solver)
    sh = None if traces or count_only else shape(scenario, attack)
    if sh is not None and counted is None:
        n = closed_count(scenario, attack)
        if n is not None and n <= MAX_COUNTED_MODELS:  # (beyond: the solver's bounded count, as --count)
            counted = (n, True)
    if counted is None and (limit is None or count_only):
        counted = view.count_bounded(most=most, keep=from_solver)
    elif counted is None and from_solver:  # the first N: counted first from a first solve, and the orbits the
        # count read listed in order, not read again
        counted = view.count_bounded(most=MAX_COUNT, keep=True, fresh=True)
    source = ordered_assignments(sh) if sh is not None else view.ordered() if traces else view
    where = f"{scenario.file}: " if getattr(scenario, "file", None) else ""
    noun = "traces" if traces else "complete assignments"
    if count_only:
        report.count, exact = counted
        if not exact:
            raise TooLargeError(f"{where}enumerate --count: at least {report.count:,} legal {noun} (counting "
                                "stopped there to answer in seconds); use --limit N to list the first N")
        return report
    report.listed = True
    if limit is None:
        if not traces:
            report.count, exact = counted
            if report.count > max_list or not exact:
                raise TooLargeError(
                    f"{where}{'at least ' if not exact else ''}{report.count:,} legal complete assignments: too many to list (the limit is "
                    f"{max_list:,}). Use --count for the number, --limit N for the first N, or "
                    + (f"--max-list {report.count} to list them all." if exact else "a larger --max-list."))
            report.options = list(source)
            report.ordered = getattr(source, "ordered", True)  # (a made listing: in order)
        else:
            # counted first (orbit sizes, nothing listed): refuse up front when they are too many
            n, exact = counted
            if n > max_list or not exact:
                raise TooLargeError(
                    f"{where}{'at least ' if not exact else ''}{n:,} legal traces: too many to list (the limit is "
                    f"{max_list:,}). Use --count for the number, --limit N for the first N, or "
                    + (f"--max-list {n} to list them all." if exact and n <= MAX_COUNT else "a larger --max-list."))
            report.options = list(itertools.islice(view.ordered(), max_list + 1))
            if len(report.options) > max_list:
                raise TooLargeError(
                    f"more than {max_list:,} legal traces: too many to list. Use --count for the number, "
                    f"--limit N for the first N, or a larger --max-list.")
            report.count = len(report.options)
            report.ordered = view.ordered_all
        return report
    if limit > max_list:
        # the first `limit` are held to be printed: past --max-list, refused up front when there are that many
        if counted is None:
            counted = view.count_bounded(most=MAX_COUNT)
        n, exact = counted
        if min(n, limit) > max_list or (not exact and limit > max_list):
            held = min(n, limit) if exact else limit
            raise TooLargeError(
                f"{where}enumerate --limit {limit:,}: {'at least ' if not exact else ''}{n:,} legal {noun}; the "
                f"first {held:,} held until printed (about {_size(held * BYTES_HELD)}) pass --max-list "
                f"{max_list:,}: use a smaller --limit, --count, or --max-list {held}")
    report.options = list(itertools.islice(source, limit))  # only the first `limit` are given
    report.ordered = view.ordered_all if traces else getattr(source, "ordered", True)
    if len(report.options) < limit:
        report.count = len(report.options)
    elif counted is not None:
        report.count, report.count_exact = counted
    else:
        report.count, report.count_exact = view.count_bounded(most=MAX_COUNT)
        report.count = max(report.count, len(report.options))
    report.truncated = not report.count_exact or report.count > len(report.options)
    return report
