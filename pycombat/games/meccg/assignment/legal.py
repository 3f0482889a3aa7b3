"""MECCG CvCC: is the attack legal, and every legal strike assignment (MECCG-ASSIGN).

The ASP encodings in ``asp_rules/meccg`` decide legality; this module grounds a scenario,
asks the solver, and streams the answers.

*Complete assignments* (MECCG-ASSIGN-7) are streamed through symmetry breaking: strikes of
members with the same ``strike_profile`` (untapped or not: all the assignment rules read)
are interchangeable, so clingo enumerates one representative per orbit
(``symmetry.lp``) and Python expands each representative into its orbit by permuting those
strikes.  Counting multiplies orbit sizes and never lists anything.  The direct encoding
(no symmetry breaking) is kept for checking and for the tests that compare both.

*Traces* (which pair was made by whom in which phase) come from ``trace.lp``.

*The attack's verdict* (``attack.lp``, deterministic) comes from its own program
(:func:`judge_attack`), or is read off a grounding made anyway: the counting program's, with
attack.lp grounded on it (:func:`judge_attack_after`, what ``enumerate`` does for small companies),
or one grounding for a batch chunk's scenarios (:func:`prefetch_verdicts`). All three give the same
verdict, remembered under the attack program's key.

>>> from pycombat.games.meccg.schema import load_scenario
>>> s = load_scenario(example_path("wind_throne.yaml"))
>>> legal = LegalAssignments(s)
>>> legal.count()
288
>>> next(iter(legal)) in legal
True
"""
from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass
from importlib.resources import files as _resource_files
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, NamedTuple, Sequence

from pycombat.errors import ScenarioError, SolverError
from pycombat.solver import (MAX_INSTANCES, Decoder, Instances, Solver, Violation, check, is_loaded, judged_facts,
                             memo, rule_files, to_python)
from .judge_closed import verdict_atoms
from .facts import OUTPUT_PREDICATES, Assign, StrikeProfile, TAssign, assignment_facts, scenario_facts, trace_facts
from .order import Ranks
from ..model import Scenario

RULES = "pycombat.asp_rules.meccg"
BASE = ("flags.lp", "input.lp", "derive.lp")
ATTACK = BASE + ("attack.lp",)
COMPLETE_CHECK = BASE + ("assign_legal.lp",)
COMPLETE = COMPLETE_CHECK + ("assign_generate.lp", "enforce.lp", "show.lp")
COMPLETE_SYMMETRIC = COMPLETE + ("symmetry.lp", "symmetry_complete.lp")
TRACE_CHECK = BASE + ("trace.lp",)
TRACE = TRACE_CHECK + ("trace_generate.lp", "enforce.lp", "show.lp")
TRACE_SYMMETRIC = TRACE + ("symmetry.lp", "symmetry_trace.lp")


def example_path(name: str) -> Path:
    """A scenario shipped with the package (``examples/meccg/<name>`` in the repository)."""
    return Path(str(_resource_files("pycombat.examples").joinpath("meccg", name)))


def consts(scenario: Scenario) -> dict[str, str]:
    """The interpretation flags as ``#const`` values (``asp_rules/meccg/flags.lp``)."""
    return {name: value for name, value in scenario.flags.items()}


class Assignment(NamedTuple):
    """A complete assignment: (attacking member, defending member) pairs and the excess strikes.

    Pairs are ordered as the defending company lists its members; excess as the attacking
    company lists its members.  (A named tuple: millions of them are streamed.)
    """

    pairs: tuple[tuple[str, str], ...]
    excess: tuple[str, ...] = ()

    def target_of(self, strike: str) -> str | None:
        for s, t in self.pairs:
            if s == strike:
                return t
        return None

    def as_json(self) -> dict:
        return {"pairs": [{"attacker": s, "defender": t} for s, t in self.pairs], "excess": list(self.excess)}


@dataclass(frozen=True)
class Trace:
    """A phase-by-phase assignment: (attacking member, defending member, phase) triples.

    Phases 1 and 3 are the defender's (MECCG-ASSIGN-2, -4), phase 2 the attacker's (-3).
    """

    steps: tuple[tuple[str, str, int], ...]
    excess: tuple[str, ...] = ()

    def assignment(self, target_order: Sequence[str]) -> Assignment:
        rank = {t: i for i, t in enumerate(target_order)}
        pairs = tuple(sorted(((s, t) for s, t, _ in self.steps), key=lambda p: rank[p[1]]))
        return Assignment(pairs, self.excess)

    def as_json(self) -> dict:
        who = {1: "defender", 2: "attacker", 3: "defender"}
        return {
            "steps": [{"phase": p, "by": who[p], "attacker": s, "defender": t} for s, t, p in self.steps],
            "excess": list(self.excess),
        }


@dataclass(frozen=True)
class AttackVerdict:
    """Whether the attacker's company may attack the defender's (MECCG-INIT, MECCG-ALIGN)."""

    legal: bool
    violations: tuple[Violation, ...]
    allowed_by: tuple[str, ...]  #: rule ids that allow it (when legal)
    kinds: tuple[str, str]  #: company kinds: hero, ringwraith, balrog, fw_overt, fw_covert
    strikes: tuple[str, ...]  #: attacking members that commit a strike (MECCG-STRUCT-1/2)
    targets: tuple[str, ...]  #: defending members that may be attacked (MECCG-ASSIGN-1)
    no_strike: tuple[tuple[str, str], ...]  #: (member, rule id)
    no_target: tuple[tuple[str, str], ...]  #: (member, rule id)
    conditions_met: tuple[str, ...] = ()  #: MECCG-INIT rules the declaration satisfies
    overt: tuple[str, ...] = ()  #: roles whose company is overt (MECCG-ALIGN-6)
    overt_by: tuple[tuple[str, str, str], ...] = ()  #: (role, why, member)


def _show(*sigs: str) -> str:
    return "".join(f"#show {s}.\n" for s in sigs)


#: what the attack program answers (attack.lp and derive.lp): the atoms a verdict is made of
ATTACK_SHOWN = (("violation", 2), ("allowed_by", 1), ("kind", 2), ("strike", 1), ("target", 1), ("no_strike", 2),
                ("no_target", 2), ("inconsistent", 2), ("condition_met", 1), ("overt", 1), ("overt_by", 3))
_ATTACK_SHOW = _show(*(f"{n}/{a}" for n, a in ATTACK_SHOWN))


def _attack_solver(scenario: Scenario) -> Solver:
    last = _LAST_ATTACK[0]  # (a verb asks about one scenario several times: its program's key is made once)
    if last is None or last[0] is not scenario:
        got = _CHUNK_ATTACK[0].get(id(scenario))  # (made by prefetch_verdicts for the batch chunk)
        if got is not None and got[0] is scenario:
            last = _LAST_ATTACK[0] = got
        else:
            last = _LAST_ATTACK[0] = (scenario, Solver(files=rule_files(RULES, ATTACK), consts=consts(scenario),
                                                       facts=scenario_facts(scenario), texts=[_ATTACK_SHOW]))
    return last[1]


def _scenario_facts(scenario: Scenario) -> list:
    """The scenario's facts, made once for its attack program and every other program of it."""
    return _attack_solver(scenario).facts


#: (the last scenario asked about, its attack program): one tuple, replaced whole, so that a thread
#: never reads one scenario's program for another's
_LAST_ATTACK: list = [None]
#: id(scenario) -> (scenario, its attack program), for the scenarios of the last batch chunk
#: :func:`prefetch_verdicts` saw (a dict replaced whole, as _LAST_ATTACK; the scenario is checked by
#: identity, so an id reused by another object finds nothing)
_CHUNK_ATTACK: list = [{}]


def judge_attack(scenario: Scenario) -> AttackVerdict:
    """Decide MECCG-INIT-2..4 and MECCG-ALIGN-1..8 for the scenario, with reasons."""
    solver = _attack_solver(scenario)
    # the same companies and flags judged a moment ago (or by prefetch_verdicts) are answered from the memo
    return _VERDICTS.remember(solver.key() if is_loaded() else None, lambda: _judge(scenario, solver))


def excess_strikes(scenario: Scenario, strikes: Iterable[Any]) -> tuple[str, ...]:
    """The excess strikes of an assignment whose strikes are ``strikes`` (each with its ``attacker``):
    the strikes committed (MECCG-STRUCT-1/2, as :func:`judge_attack` decides: a member that commits no
    strike, such as an ally barred from facing strikes at a site, has none to be excess) that no
    defending character received (MECCG-STRUCT-9, MECCG-ASSIGN-5), in the attacking company's order."""
    striking = {st.attacker for st in strikes}
    return tuple(n for n in _verdict_unkept(scenario).strikes if n not in striking)


def _verdict_unkept(scenario: Scenario) -> AttackVerdict:
    """The verdict of :func:`judge_attack`, from the attack program evaluated in Python where that covers it
    (judge_closed.py), so that reading a scenario makes no attack program of it (a verb, or a batch chunk's
    prefetch, makes the one it reads); else :func:`judge_attack`'s."""
    got = verdict_atoms(scenario_facts(scenario), consts(scenario))
    return _verdict(scenario, got) if got is not None else judge_attack(scenario)


def with_excess(scenario: Scenario, refuse: bool = True) -> Scenario:
    """The scenario with its ``combat:`` block's excess strikes (and its ``after_check:`` block's) those of
    :func:`excess_strikes` under its flags. ``refuse``: an ``excess:`` a strike states naming a member that
    commits no strike is refused, naming the field (MECCG-STRUCT-1/2: there is no such strike to allocate);
    otherwise (another reading of the flags, ``verify``'s readings side by side) it is left out, as no
    strike under that reading."""
    from dataclasses import replace

    combat = scenario.combat
    if combat is None:
        return scenario
    jv = _verdict_unkept(scenario)
    committed = set(jv.strikes)

    def settled(block):
        strikes = []
        for st in block.strikes:
            stray = [e for e in st.excess if e not in committed]
            if stray and refuse:
                why = [r for n, r in jv.no_strike if n == stray[0]] or ["MECCG-STRUCT-1"]
                raise ScenarioError(f"{stray[0]!r} commits no strike in this attack ({', '.join(why)}), so has no "
                                    "excess strike to allocate", file=scenario.file, path=f"{st.path}.excess")
            strikes.append(replace(st, excess=tuple(e for e in st.excess if e in committed)) if stray else st)
        return replace(block, strikes=tuple(strikes), excess=excess_strikes(scenario, block.strikes))

    after = settled(combat.after_check) if combat.after_check is not None else None
    out = replace(settled(combat), after_check=after)
    return scenario if out == combat else replace(scenario, combat=out)  # (the same object where nothing changes)


def _judge(scenario: Scenario, solver: Solver) -> "AttackVerdict":
    # the attack program is stratified: this process's judge grounds the scenario as one more instance
    # of it on a long-lived Control and reads the verdict off the grounding (judged_facts: None when
    # the grounding is not a set of facts; then the scenario's own program answers)
    got = verdict_atoms(solver.facts, solver.consts)  # the same program evaluated in Python (judge_closed.py)
    if got is not None:
        return _verdict(scenario, got)
    atoms = judged_facts(rule_files(RULES, ATTACK), facts=solver.facts, signatures=ATTACK_SHOWN,
                         consts=solver.consts, decoder=_atom)
    if atoms is not None:
        found: dict[str, list[tuple]] = {}
        for name, args in atoms:
            found.setdefault(name, []).append(args)
        return _verdict(scenario, found)
    answers = list(solver.models(limit=2))
    if len(answers) != 1:  # the attack program is deterministic: anything else is our bug
        raise SolverError(f"attack.lp gave {len(answers)} answer sets instead of one")
    got: dict[str, list[tuple]] = {}
    for sym in answers[0].symbols:
        got.setdefault(sym.name, []).append(tuple(to_python(a) for a in sym.arguments))
    return _verdict(scenario, got)


def _verdict(scenario: Scenario, got: dict[str, list[tuple]]) -> AttackVerdict:
    """The verdict made of the attack program's answer: its atoms' arguments by predicate name."""
    inconsistent = sorted(got.get("inconsistent", []), key=repr)
    if inconsistent:  # (the first in a fixed order: the grounding's order of atoms is not one)
        role, detail = inconsistent[0]
        why, member = detail[1], detail[2]
        raise ScenarioError(
            f"status: covert, but {member!r} makes the company overt ({why}; MECCG-ALIGN-6)",
            file=scenario.file, path=f"{role}.status")
    order_a = [m.name for m in scenario.attacker.members]
    order_d = [m.name for m in scenario.defender.members]
    kinds = dict(got.get("kind", []))
    violations = tuple(sorted((Violation(r, d) for r, d in got.get("violation", [])),
                              key=lambda v: (v.rule, repr(v.detail))))
    verdict = AttackVerdict(
        legal=not violations,
        violations=violations,
        allowed_by=tuple(sorted(r for (r,) in got.get("allowed_by", []))),
        kinds=(kinds.get("attacker", "?"), kinds.get("defender", "?")),
        strikes=tuple(n for n in order_a if (n,) in got.get("strike", [])),
        targets=tuple(n for n in order_d if (n,) in got.get("target", [])),
        no_strike=tuple(sorted(got.get("no_strike", []), key=lambda p: order_a.index(p[0]))),
        no_target=tuple(sorted(got.get("no_target", []), key=lambda p: order_d.index(p[0]))),
        conditions_met=tuple(sorted(r for (r,) in got.get("condition_met", []))),
        overt=tuple(sorted(r for (r,) in got.get("overt", []))),
        overt_by=tuple(sorted(got.get("overt_by", []))),
    )
    return verdict


def _atom(sym: Any) -> tuple[str, tuple]:
    """An atom as (its name, its arguments in Python): the decoder of :func:`prefetch_verdicts`."""
    return sym.name, tuple(to_python(a) for a in sym.arguments)


def prefetch_verdicts(scenarios: Sequence[Scenario]) -> int:
    """Judge the attacks of many scenarios in few groundings, into the memo :func:`judge_attack`
    answers from (``pycombat batch``'s prefetch); returns how many were judged.

    The attack program (attack.lp on derive.lp) is stratified: its one answer set is what grounding
    makes facts, so :class:`pycombat.solver.Instances` (up to ``MAX_INSTANCES`` scenarios with the
    same flags in one grounding) reads each verdict off the grounding without a solve. A group
    where an atom is not a fact, and a scenario the verdict refuses (a covert company that is overt),
    are left to :func:`judge_attack`, which answers them alone. Each verdict is the one
    :func:`judge_attack` gives the scenario alone (``tests/meccg/test_prefetch.py``)."""
    if not is_loaded():
        return 0
    groups: dict[tuple, dict[tuple, tuple[Scenario, list]]] = {}
    chunk: dict[int, tuple[Scenario, Solver]] = {}
    judged = 0
    for s in scenarios:
        solver = _attack_solver(s)
        chunk[id(s)] = (s, solver)
        key = solver.key()
        if key in _VERDICTS:
            continue
        got = verdict_atoms(solver.facts, solver.consts)  # evaluated in Python: no grounding needed
        if got is not None:
            judged += _kept(key, s, got)
        else:
            groups.setdefault(tuple(sorted(solver.consts.items())), {}).setdefault(key, (s, solver.facts))
    _CHUNK_ATTACK[0] = chunk
    files = rule_files(RULES, ATTACK)
    for flags, todo in groups.items():
        items = list(todo.items())
        for start in range(0, len(items), MAX_INSTANCES):
            chunk = items[start:start + MAX_INSTANCES]
            inst = Instances(files, instances=[facts for _, (_, facts) in chunk], consts=dict(flags), decoder=_atom)
            answers = inst.facts(ATTACK_SHOWN)
            if answers is None:
                continue
            for (key, (s, _)), atoms in zip(chunk, answers):
                found: dict[str, list[tuple]] = {}
                for name, args in atoms:
                    found.setdefault(name, []).append(args)
                judged += _kept(key, s, found)
    return judged


def _kept(key: Any, s: Scenario, got: dict[str, list[tuple]]) -> bool:
    """The verdict the attack program's atoms ``got`` give ``s``, remembered under ``key``; False (nothing kept)
    when it refuses the scenario (a covert company that is overt: :func:`judge_attack` raises it)."""
    try:
        verdict = _verdict(s, got)
    except ScenarioError:
        return False
    _VERDICTS.remember(key, lambda: verdict)
    return True


def known_verdict(scenario: Scenario) -> AttackVerdict | None:
    """The verdict :func:`judge_attack` remembers for the scenario (judged a moment ago, or by
    :func:`prefetch_verdicts` or :func:`judge_attack_after`), or None."""
    return _VERDICTS.get(_attack_solver(scenario).key()) if is_loaded() else None


def judge_attack_after(scenario: Scenario, solver: Solver) -> AttackVerdict | None:
    """The verdict of :func:`judge_attack`, with attack.lp grounded on ``solver``'s kept grounding: a
    program of the scenario on BASE (its facts, flags, flags.lp, input.lp, derive.lp) with
    enforce.lp, whose questions were asked (:meth:`Solver.then_facts`); remembered as
    :func:`judge_attack`'s (a grounding not kept is made anew). None when the program has no answer
    set (then ask :func:`judge_attack`). The same verdict as the attack program alone gives
    (``tests/meccg/test_prefetch.py``): its atoms are facts of the grounding; the other program's
    atoms that are no facts (its choices) are left out, and none of its violations is a fact (it has
    an answer set, and enforce.lp forbids every violation)."""
    if not is_loaded():
        return None
    key = _attack_solver(scenario).key()
    known = _VERDICTS.get(key)
    if known is not None:
        return known
    if not solver.satisfiable():  # (answered from its answers when they were all read)
        return None
    atoms = solver.then_facts(rule_files(RULES, ATTACK[len(BASE):]), signatures=ATTACK_SHOWN, decoder=_atom)
    if atoms is None:
        return None
    got: dict[str, list[tuple]] = {}
    for name, args in atoms:
        got.setdefault(name, []).append(args)
    verdict = _verdict(scenario, got)
    return _VERDICTS.remember(key, lambda: verdict)


#: program key -> the AttackVerdict made of its answer (values: frozen, shared)
_VERDICTS = memo(limit=512)


#: answers read by a bounded count (about 2 s of solving) before it gives a lower bound
MAX_COUNTED_MODELS = 20_000
#: a count past this is not finished (an orbit of 20 alike strikes alone has 20! members)
MAX_COUNT = 10 ** 12
#: clasp's search configuration for the traces' orbits: the symmetry-breaking constraints make the default one
#: backtrack; ``frumpy`` reads the first 2,088 orbits of 12 members a side in 0.8 s instead of 2.4 (the same on
#: small companies; ``bench/oversized.py``)
COUNTING_OPTIONS = ("--configuration=frumpy",)


def _orbit_size(pairs: Sequence[tuple[str, str]], classes: dict[str, list[str]]) -> int:
    """How many complete assignments a representative stands for: in each class of alike strikes,
    the ways to seat its placed strikes (the permutations of the class onto their targets)."""
    placed = {s for s, _ in pairs}
    size = 1
    for strikes in classes.values():
        size *= math.perm(len(strikes), sum(1 for s in strikes if s in placed))
    return size


def _classes(decoded: Sequence[Any], srank: dict[str, int]) -> dict[str, list[str]]:
    """An answer's classes of alike strikes (its ``strike_profile`` atoms): profile -> strikes, each class in the
    attacking company's order (``srank``)."""
    classes: dict[str, list[str]] = {}
    for a in decoded:
        if isinstance(a, StrikeProfile):
            classes.setdefault(str(a.profile), []).append(a.strike)
    for strikes in classes.values():
        strikes.sort(key=srank.__getitem__)
    return classes


def _seatings(slots: Sequence[Sequence[str]], everyone: Sequence[str]
              ) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every way to give each slot a different strike of its own list (``slots[i]``, in the attacking company's
    order), with the strikes of ``everyone`` left unused: a depth-first walk, so the positions taken come in
    lexicographic order (the lists are classes of alike strikes: two slots' lists are the same or disjoint)."""
    used: set[str] = set()
    chosen: list[str] = [""] * len(slots)

    def walk(i: int) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
        if i == len(slots):
            yield tuple(chosen), tuple(s for s in everyone if s not in used)
            return
        for s in slots[i]:
            if s not in used:
                used.add(s)
                chosen[i] = s
                yield from walk(i + 1)
                used.discard(s)

    return walk(0)


def _first_orbits(read: Callable[[bool], Iterable]) -> tuple[list, Iterator | None]:
    """``(first, rest)``: the representatives ``read(fresh)`` gives, at most ``MAX_COUNTED_MODELS`` of them (as a
    bounded count reads), and None, or past that many (a company of some 20 members, only with ``--limit``) the first
    ones of a first solve (the same every time) and an iterator over the others."""
    reps = iter(read(False))
    first = list(itertools.islice(reps, MAX_COUNTED_MODELS))
    if next(reps, None) is None:
        return first, None
    reps = iter(read(True))
    return list(itertools.islice(reps, MAX_COUNTED_MODELS)), reps


def _counted_orbits(reps: Iterable, size: Callable[[Any], int], *, most: int | None, models: int | None, keep: bool
                    ) -> tuple[int, bool, list]:
    """``(n, exact, read)``: the orbit sizes (``size(representative)``) of ``reps`` summed, stopped (``exact``
    False) once past ``most`` (unless that was the last) or once ``models`` representatives were read; ``read``:
    those counted (``keep``)."""
    total, read = 0, []
    reps = iter(reps)
    for i, rep in enumerate(reps):
        if models is not None and i >= models:
            return total, False, read
        if keep:
            read.append(rep)
        total += size(rep)
        if most is not None and total > most:
            return total, next(reps, None) is None, read
    return total, True, read


def _listed_orbits(kept: tuple[list, bool, bool] | None, read: Callable[[bool], Iterable]
                   ) -> tuple[list, Iterator | None]:
    """``(first, rest)`` as :func:`_first_orbits`, from the representatives a count kept when it has all of them
    or read them from a first solve (those, then the others past them), else read anew."""
    if kept is None or not (kept[1] or kept[2]):
        return _first_orbits(read)
    first, complete, _fresh = kept
    return first, None if complete else itertools.islice(read(True), len(first), None)


def _merged_orbits(first: Sequence, rest: Iterator | None, orbit: Callable[[Any], Iterator[tuple]]) -> Iterator[Any]:
    """The options of the orbits of the representatives ``first`` merged in the canonical order (:mod:`.order`),
    then those of ``rest`` in the solver's order; ``orbit(representative)`` gives an orbit's options with their keys,
    in order."""
    for _key, option in heapq.merge(*(orbit(r) for r in first)):
        yield option
    for r in rest or ():
        for _key, option in orbit(r):
            yield option


class LegalAssignments:
    """A lazy view of the legal complete assignments of a scenario (python-chess style).

    Iterating streams them; :meth:`count` counts without listing; ``a in view`` checks one
    candidate in check mode; :meth:`violations` says which rules a candidate breaks.
    ``symmetry=False`` streams straight from the direct encoding (slower; for checking).
    """

    def __init__(self, scenario: Scenario, *, symmetry: bool = True):
        self.scenario = scenario
        self.symmetry = symmetry
        self._consts = consts(scenario)
        self._target_order = [m.name for m in scenario.defender.members]
        self._strike_order = [m.name for m in scenario.attacker.members]
        self._trank = {t: i for i, t in enumerate(self._target_order)}
        self._srank = {s: i for i, s in enumerate(self._strike_order)}
        self._ranks = Ranks(self._strike_order, self._target_order)
        self._solvers: dict[tuple[str, ...], Solver] = {}
        #: False once a listing met more orbits than it orders (see :meth:`__iter__`)
        self.ordered = True
        #: the representatives a count kept for a listing: (them, the count was exact, read from a first solve)
        self._kept: tuple[list, bool, bool] | None = None

    # -- solving ----------------------------------------------------------------------------
    @property
    def _facts(self) -> list:
        """The scenario's facts, those of its attack program (made when a program first needs them)."""
        return _scenario_facts(self.scenario)

    def _solver(self, files: tuple[str, ...]) -> Solver:
        got = self._solvers.get(files)  # (one Solver a program: its key is made once)
        if got is None:
            got = self._solvers[files] = Solver(files=rule_files(RULES, files), consts=self._consts,
                                                facts=self._facts, decoder=Decoder(OUTPUT_PREDICATES))
        return got

    def counting_solver(self) -> Solver:
        """The program :meth:`count_bounded` asks (its grounding is kept: :func:`judge_attack_after`)."""
        return self._solver(COMPLETE_SYMMETRIC if self.symmetry else COMPLETE)

    def representatives(self, fresh: bool = False) -> Iterator[tuple[list[tuple[str, str]], dict[str, list[str]]]]:
        """Stream one representative per orbit: (pairs, strikes by profile), in the solver's order
        (``fresh``: that of a first solve, see :meth:`Solver.models`)."""
        for ans in self._solver(COMPLETE_SYMMETRIC).models(fresh=fresh):
            pairs = [(a.strike, a.target) for a in ans.decoded if isinstance(a, Assign)]
            yield pairs, _classes(ans.decoded, self._srank)

    def _orbit(self, pairs: list[tuple[str, str]], classes: dict[str, list[str]]
               ) -> Iterator[tuple[tuple[int, ...], Assignment]]:
        """A representative's whole orbit, each assignment with its key, in the canonical order: a
        depth-first walk over the orbit's targets in the defending company's order, each taking the
        unused strikes of its strike's class in the attacking company's order (the classes are
        independent, so the walk meets the vectors in lexicographic order)."""
        cls = {s: strikes for strikes in classes.values() for s in strikes}
        covered = sorted(((t, cls[s]) for s, t in pairs), key=lambda p: self._trank[p[0]])
        order = tuple(t for t, _ in covered)
        key_of = self._ranks.assignment_key
        new = tuple.__new__
        for chosen, left in _seatings([c for _, c in covered], sorted(cls, key=self._srank.__getitem__)):
            placed = tuple(zip(chosen, order))
            yield key_of(placed), new(Assignment, (placed, left))

    def __iter__(self) -> Iterator[Assignment]:
        """The legal complete assignments in the canonical order (:mod:`.order`): every orbit's
        representative is read (or those a count kept: :meth:`count_bounded`) and the orbits, each walked in
        order, merged (:attr:`ordered` is False past ``MAX_COUNTED_MODELS`` orbits: :func:`_first_orbits`)."""
        key_of = self._ranks.assignment_key
        if not self.symmetry:
            yield from sorted(self._direct(), key=lambda a: key_of(a.pairs))
            return
        first, rest = _listed_orbits(self._kept, self.representatives)
        self.ordered = rest is None
        yield from _merged_orbits(first, rest, lambda r: self._orbit(*r))

    def _direct(self) -> Iterator[Assignment]:
        strikes = None
        for ans in self._solver(COMPLETE).models():
            pairs = [(a.strike, a.target) for a in ans.decoded if isinstance(a, Assign)]
            if strikes is None:
                strikes = [a.strike for a in ans.decoded if isinstance(a, StrikeProfile)]
                strikes.sort(key=self._srank.__getitem__)
            used = {s for s, _ in pairs}
            pairs.sort(key=lambda p: self._trank[p[1]])
            yield Assignment(tuple(pairs), tuple(s for s in strikes if s not in used))

    def count_bounded(self, *, most: int | None = None, models: int = MAX_COUNTED_MODELS, keep: bool = False,
                      fresh: bool = False) -> tuple[int, bool]:
        """``(n, exact)``: the number of legal complete assignments, or (``exact`` False) a lower
        bound ``n`` once it passes ``most`` or once ``models`` solver answers were read (a
        20-member company has too many orbits to count in seconds). ``keep``: the representatives read
        are kept for a listing (:meth:`__iter__`); ``fresh``: read from a first solve (the same every time)."""
        if not self.symmetry:
            n = self._solver(COMPLETE).count(limit=models + 1)
            return min(n, models), n <= models and (most is None or n <= most)
        total, exact, read = _counted_orbits(self.representatives(fresh=fresh), lambda r: _orbit_size(*r), most=most,
                                             models=models, keep=keep)
        if keep:
            self._kept = (read, exact, fresh)
        return total, exact

    def count(self) -> int:
        """The number of legal complete assignments, computed from orbit sizes."""
        if not self.symmetry:
            return self._solver(COMPLETE).count()
        return sum(_orbit_size(pairs, classes) for pairs, classes in self.representatives())

    # -- check mode -------------------------------------------------------------------------
    def violations(self, candidate: Assignment) -> list[Violation]:
        """The rules (ids) that ``candidate`` breaks; empty when it is legal."""
        facts = self._facts + assignment_facts(candidate.pairs, candidate.excess)
        return check(rule_files(RULES, COMPLETE_CHECK), facts, consts=self._consts)

    def __contains__(self, candidate: object) -> bool:
        return isinstance(candidate, Assignment) and not self.violations(candidate)


class LegalTraces:
    """A lazy view of the legal assignment traces (MECCG-ASSIGN-2..4, phase by phase)."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self._consts = consts(scenario)
        self._target_order = [m.name for m in scenario.defender.members]
        self._trank = {t: i for i, t in enumerate(self._target_order)}
        self._srank = {m.name: i for i, m in enumerate(scenario.attacker.members)}
        self._ranks = Ranks([m.name for m in scenario.attacker.members], self._target_order)
        self._counting: Solver | None = None
        #: False once a listing met more orbits than it merges in order (see :meth:`ordered`)
        self.ordered_all = True
        #: the representatives a count kept for a listing: (them, the count was exact, read from a first solve)
        self._kept: tuple[list, bool, bool] | None = None

    @property
    def _facts(self) -> list:
        """The scenario's facts, those of its attack program (made when a program first needs them)."""
        return _scenario_facts(self.scenario)

    def _solver(self) -> Solver:
        return Solver(files=rule_files(RULES, TRACE), consts=self._consts, facts=self._facts,
                      decoder=Decoder(OUTPUT_PREDICATES))

    def __iter__(self) -> Iterator[Trace]:
        """The legal traces in the solver's order (the combat game reads them all); a listing
        takes :meth:`ordered`."""
        return self._read()

    def _read(self, fresh: bool = False) -> Iterator[Trace]:
        for ans in self._solver().models(fresh=fresh):
            steps = [(a.strike, a.target, a.phase) for a in ans.decoded if isinstance(a, TAssign)]
            strikes = [a.strike for a in ans.decoded if isinstance(a, StrikeProfile)]
            used = {s for s, _, _ in steps}
            steps.sort(key=lambda x: (x[2], self._trank[x[1]]))
            excess = tuple(sorted((s for s in strikes if s not in used), key=self._srank.__getitem__))
            yield Trace(tuple(steps), excess)

    def ordered(self) -> Iterator[Trace]:
        """The legal traces in the canonical order (:mod:`.order`): one representative per orbit of traces under
        renaming alike strikes (the counting program's answers), each orbit walked in order, merged. The
        representatives a count kept (:meth:`count_bounded` with ``keep``) are not read again: all of them when the
        count is exact; else those of a first solve the count read (their orbits hold more traces than it counts),
        followed by the others in the solver's order. Without a kept count, past ``MAX_COUNTED_MODELS`` orbits the
        first ones are merged (:func:`_first_orbits`). :attr:`ordered_all` is False when some orbits follow
        unmerged."""
        first, rest = _listed_orbits(self._kept, self.representatives)
        self.ordered_all = rest is None
        yield from _merged_orbits(first, rest, lambda r: self._orbit(*r))

    def representatives(self, fresh: bool = False) -> Iterator[tuple[list[tuple[str, str, int]], dict[str, list[str]]]]:
        """One representative per orbit (the counting program's answers): (its steps, strikes by profile, each class
        in the attacking company's order), in the solver's order (``fresh``: that of a first solve)."""
        for ans in self.counting_solver().models(fresh=fresh):
            steps = [(a.strike, a.target, a.phase) for a in ans.decoded if isinstance(a, TAssign)]
            yield steps, _classes(ans.decoded, self._srank)

    def _orbit(self, steps: list[tuple[str, str, int]], classes: dict[str, list[str]]
               ) -> Iterator[tuple[tuple[tuple[int, int, int], ...], Trace]]:
        """A representative's whole orbit, each trace with its key, in the canonical order. Renaming alike strikes
        keeps each step's phase and target (a target takes one strike, MECCG-ASSIGN-7), so the steps sorted by
        (phase, target) are the orbit's; a depth-first walk over them, each taking the unused strikes of its strike's
        class in the attacking company's order, meets the keys in lexicographic order."""
        cls = {s: strikes for strikes in classes.values() for s in strikes}
        trank, srank = self._trank, self._srank
        covered = sorted(((p, trank[t], t, cls[s]) for s, t, p in steps))
        for chosen, left in _seatings([c for *_, c in covered], sorted(cls, key=srank.__getitem__)):
            key = tuple((p, r, srank[s]) for (p, r, _t, _c), s in zip(covered, chosen))
            yield key, Trace(tuple((s, t, p) for (p, _r, t, _c), s in zip(covered, chosen)), left)

    def count(self) -> int:
        """The number of legal traces, computed from orbit sizes (without listing them)."""
        return self.count_bounded(models=None)[0]

    def count_bounded(self, *, most: int | None = None, models: int | None = MAX_COUNTED_MODELS, keep: bool = False,
                      fresh: bool = False) -> tuple[int, bool]:
        """``(n, exact)`` as :meth:`LegalAssignments.count_bounded`: one representative per orbit of
        traces under renaming alike strikes (symmetry.lp), each counted as its orbit's size. ``keep``: the
        representatives read are kept for :meth:`ordered`; ``fresh``: read from a first solve (the same every time:
        a listing of the orbits a count that stops early read)."""
        total, exact, read = _counted_orbits(self.representatives(fresh=fresh),
                                             lambda r: _orbit_size([(s, t) for s, t, _p in r[0]], r[1]), most=most,
                                             models=models, keep=keep)
        if keep:
            self._kept = (read, exact, fresh)
        return total, exact

    def counting_solver(self) -> Solver:
        """The program :meth:`count_bounded` asks (its grounding is kept: :func:`judge_attack_after`)."""
        if self._counting is None:
            self._counting = Solver(files=rule_files(RULES, TRACE_SYMMETRIC), consts=self._consts,
                                    facts=self._facts, decoder=Decoder(OUTPUT_PREDICATES), options=COUNTING_OPTIONS)
        return self._counting

    def violations(self, trace: Trace) -> list[Violation]:
        facts = self._facts + trace_facts(trace.steps)
        return check(rule_files(RULES, TRACE_CHECK), facts, consts=self._consts)

    def __contains__(self, trace: object) -> bool:
        return isinstance(trace, Trace) and not self.violations(trace)
