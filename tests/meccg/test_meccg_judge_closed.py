"""The attack program's Python evaluation (:mod:`pycombat.games.meccg.assignment.judge_closed`) derives exactly
the atoms a grounding of flags.lp, input.lp, derive.lp and attack.lp shows (violations of MECCG-INIT-1..4 and
MECCG-ALIGN-1..8 / MECCG-OPT-2 with their details, allowed_by, kinds, overt members, strikes and targets of
MECCG-STRUCT-1/2, MECCG-ASSIGN-1, MECCG-CARD-6/7, the inconsistency of a covert company that is overt), on
hypothesis-drawn fact sets over every input predicate (legal and illegal, odd ones included: a company with two
alignments, a member in both companies, several sites), on diverse scenarios and on every shipped example; and
the judge gives the verdict the ASP gives."""
from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench_modules import bench_module
from budget import examples
from pycombat import registry
from pycombat.errors import PycombatError
from pycombat.games.meccg.assignment import facts as F
from pycombat.games.meccg.assignment import legal
from pycombat.games.meccg.assignment.judge_closed import asp_only, evaluate, verdict_atoms
from pycombat.games.meccg.schema import load_scenario, scenario_from_dict
from pycombat.solver import RULES_DIR_VARIABLE, Solver, clear_caches, rule_files, to_python

FILES = rule_files(legal.RULES, legal.ATTACK)
NAMES = ("A", "B", "C", "D", "E")
RACES = ("man", "dunadan", "elf", "dwarf", "hobbit", "orc", "troll", "wizard", "ringwraith", "fallen_wizard",
         "balrog")
ALIGNMENTS = ("hero", "minion", "balrog", "fallen_wizard")
FLAG_VALUES = {"site_barred_ally_strikes": ("none", "strike"), "ptv_defender_balrog": ("allowed", "forbidden"),
               "fw_stage_gt10": ("off", "on")}


def _atoms(got: dict) -> dict:
    return {name: sorted(set(args), key=repr) for name, args in got.items()}


def _asp(facts, consts) -> dict:
    solver = Solver(files=FILES, consts=consts, facts=facts, texts=[legal._ATTACK_SHOW])
    answers = list(solver.models(limit=2))
    assert len(answers) == 1
    got: dict = {}
    for sym in answers[0].symbols:
        got.setdefault(sym.name, []).append(tuple(to_python(a) for a in sym.arguments))
    return _atoms(got)


def _closed(facts, consts) -> dict:
    got = evaluate(facts, consts)
    assert got is not None
    return _atoms(got)


@st.composite
def fact_sets(draw):
    """Facts over every input predicate the attack program reads (and those it does not); half of them
    ``tame`` (one alignment a company, one site each, members of one company only)."""
    tame = draw(st.booleans())
    facts: list = []
    for role in ("attacker", "defender"):
        n_align = 1 if tame else draw(st.integers(0, 2))
        facts += [F.Player(role, a) for a in draw(st.lists(st.sampled_from(ALIGNMENTS), min_size=n_align,
                                                           max_size=n_align, unique=True))]
        if draw(st.integers(0, 3)) == 0:
            facts.append(F.Declared(role, draw(st.sampled_from(("overt", "covert")))))
        for site in draw(st.lists(st.sampled_from(("moria", "bree")), min_size=1, max_size=1 if tame else 2,
                                  unique=True)):
            facts.append(F.AtSite(role, site))
        if draw(st.integers(0, 3)):
            facts.append(F.DeclaredAt(role, draw(st.sampled_from(("end_of_site_phase", "during_site_phase")))))
        for cls in (F.EnteredSite, F.InfluenceAttempt, F.AttackedThisTurn):
            if draw(st.integers(0, 2) if cls is F.EnteredSite else st.integers(0, 5)) == 0 or (
                    cls is F.EnteredSite and draw(st.booleans())):
                facts.append(cls(role))
        if draw(st.integers(0, 2)) == 0:
            facts.append(F.StagePoints(role, draw(st.integers(0, 14))))
        for card in draw(st.lists(st.sampled_from(("BA-42", "TW-1")), max_size=2, unique=True)):
            facts.append(F.InPlay(role, card))
    taken: set[str] = set()
    for role in ("attacker", "defender"):
        pool = [n for n in NAMES if not tame or n not in taken]
        names = draw(st.lists(st.sampled_from(pool), max_size=4, unique=True)) if pool else []
        taken.update(names)
        facts += [F.MemberOf(role, m) for m in names]
    for m in sorted(taken):
        for r in draw(st.lists(st.sampled_from(RACES), max_size=1 if tame else 2, unique=True)):
            facts.append(F.Race(m, r))
        for k in draw(st.lists(st.sampled_from(("half_orc", "leader")), max_size=2, unique=True)):
            facts.append(F.Keyword(m, k))
        for cls in (F.Ally, F.Avatar, F.MayNotBeAttacked, F.SiteBarred, F.MakesOvert, F.FellRider,
                    F.AssignableAsUntapped):
            if draw(st.integers(0, 4)) == 0:
                facts.append(cls(m))
        facts.append(F.Status(m, draw(st.sampled_from(("untapped", "tapped", "wounded")))))
        if draw(st.integers(0, 4)) == 0:
            facts.append(F.Skill(m, "warrior"))
    if len(taken) > 1 and draw(st.integers(0, 5)) == 0:
        a, b = sorted(taken)[:2]
        facts.append(F.BeforeController(a, b))
    consts = {name: draw(st.sampled_from(values)) for name, values in FLAG_VALUES.items()}
    return facts, consts


@settings(max_examples=examples(600), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fact_sets())
def test_closed_judge_equals_the_attack_program_on_drawn_facts(case):
    facts, consts = case
    assert _closed(facts, consts) == _asp(facts, consts)


def _scenario_cases(scenarios):
    for s in scenarios:
        facts = F.scenario_facts(s)
        yield s, facts, legal.consts(s)


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32 - 1))
def test_closed_judge_equals_the_attack_program_on_diverse_scenarios(seed):
    copy = os.environ.get(RULES_DIR_VARIABLE)  # a changed copy of the rules (the mutation battery) is judged by itself
    docs = bench_module("diverse_scenarios").meccg(10, seed)
    for s, facts, consts in _scenario_cases([scenario_from_dict(d) for d in docs]):
        if not copy:
            assert verdict_atoms(facts, consts) is not None  # (the closed form covers them: the path used)
        assert _closed(facts, consts) == _asp(facts, consts)


def test_closed_judge_equals_the_attack_program_on_the_examples_and_rulings():
    shipped = Path(registry.get("meccg").examples)
    paths = sorted(shipped.rglob("*.yaml")) + sorted((shipped.parent / "rulings" / "meccg").rglob("*.yaml"))
    seen: set = set()
    n = 0
    for p in paths:
        try:
            s = load_scenario(p)
        except PycombatError:
            continue
        facts, consts = F.scenario_facts(s), legal.consts(s)
        asp = _asp(facts, consts)
        assert _closed(facts, consts) == asp, p
        n += 1
        seen.add(not asp.get("violation"))
        seen.update(r for r, _ in asp.get("violation", []))
    assert n >= 50 and True in seen and False in seen and len(seen) > 6  # (legal and illegal, several rules)


@pytest.mark.parametrize("flags", [{}, {"fw_stage_gt10": "on"}])
def test_the_judge_gives_the_verdict_the_asp_gives(flags):
    """The verdict (and a covert company that is overt, refused with the same message) through either path."""
    docs = bench_module("diverse_scenarios").meccg(40, 7)
    docs.append({"game": "meccg", "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
                 "defender": {"alignment": "fallen-wizard", "status": "covert", "site": "Moria",
                              "members": ["Shagrat", "Gorbag"]}})
    refused = 0
    for d in docs:
        d = {**d, "rules": {**d.get("rules", {}), **flags}}
        try:
            s = scenario_from_dict(d)
        except PycombatError:
            continue
        got = []
        for closed in (True, False):
            clear_caches(keep_parsed=True)  # (each path judges: no verdict remembered from the other)
            try:
                with contextlib.nullcontext() if closed else asp_only():
                    got.append(legal.judge_attack(s))
            except PycombatError as exc:
                got.append(str(exc))
        assert got[0] == got[1], d
        refused += isinstance(got[0], str)
    assert refused >= 1  # (the covert company that is overt)
