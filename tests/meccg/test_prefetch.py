"""``pycombat batch``'s MECCG prefetch judges a chunk's attacks together (up to 16 scenarios with
the same flags in one grounding, :class:`pycombat.solver.Instances`); each verdict must be the one
:func:`judge_attack` gives the scenario alone: legal or not, with the same rules, kinds, strikes,
targets and overt members (MECCG-INIT-1..4, MECCG-ALIGN-1..8, MECCG-STRUCT-2, MECCG-ASSIGN-1)."""
from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.batch import run_batch
from pycombat.errors import ScenarioError
from pycombat.games.meccg.assignment import legal
from pycombat.games.meccg.assignment.judge_closed import asp_only
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.solver import clear_caches, set_loaded
from pycombat.solver.closed import closed_forms

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
HEROES = ["Aragorn II", "Frodo", "Gimli", "Legolas", "Éowyn", "Sam Gamgee", "Goldberry", "Gandalf"]
MINIONS = ["Shagrat", "Lagduf", "Old Troll", "Bûrat", "Khamûl the Ringwraith", "Horseman in the Night", "Gorbag",
           "Ostisen"]
STATUS = st.sampled_from(["untapped", "untapped", "tapped", "wounded"])
STATUSES = ("untapped", "tapped", "wounded")


@st.composite
def scenario_docs(draw):
    """Hero and minion companies (either attacking, or both of one side) at one site or two, with the
    declaration's circumstances and the flags the attack program reads."""
    sides = draw(st.sampled_from([("minion", "hero"), ("hero", "minion"), ("hero", "hero"), ("minion", "minion")]))
    taken: set[str] = set()
    doc: dict = {"game": "meccg", "rules": {}}
    for role, alignment in zip(("attacker", "defender"), sides):
        pool = [n for n in (HEROES if alignment == "hero" else MINIONS) if n not in taken]
        names = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))
        taken.update(names)
        company = {"alignment": alignment, "site": draw(st.sampled_from(["Moria", "Moria", "Bree"])),
                   "members": [{"name": n, "status": draw(STATUS)} for n in names]}
        for field in ("entered_site", "influence_attempt_this_turn", "attacked_this_turn"):
            if draw(st.integers(0, 5)) == 0:
                company[field] = field != "entered_site"
        doc[role] = company
    if draw(st.booleans()):
        doc["rules"]["site_barred_ally_strikes"] = "strike"
    if draw(st.booleans()):
        doc["rules"]["phase2_assignment"] = "optional"
    return doc


def _alone(scenarios):
    previous = set_loaded(False)  # judged afresh, one by one, by the attack program (a grounding each)
    try:
        with asp_only():
            return [legal.judge_attack(s) for s in scenarios]
    finally:
        set_loaded(previous)


@SETTINGS
@given(st.lists(scenario_docs(), min_size=1, max_size=20))
def test_prefetched_verdicts_are_those_of_each_scenario_alone(docs):
    """Prefetched in groundings of many (the ASP path) or evaluated in Python (judge_closed.py), each verdict is
    the one the attack program gives the scenario alone."""
    scenarios = [scenario_from_dict(d) for d in docs]
    for path in (asp_only, contextlib.nullcontext):
        clear_caches(keep_parsed=True)
        distinct = {legal._attack_solver(s).key() for s in scenarios}
        with path():
            assert legal.prefetch_verdicts(scenarios) == len(distinct)
        prefetched = [legal._VERDICTS[legal._attack_solver(s).key()] for s in scenarios]
        assert prefetched == _alone(scenarios)


def test_more_than_one_grounding_and_mixed_flags():
    """40 distinct scenarios with two sets of flags: two groundings a set, every verdict the lone one."""
    docs = []
    for i in range(40):
        doc = {"game": "meccg", "rules": {"phase2_assignment": "optional"} if i % 2 else {},
               "attacker": {"alignment": "minion", "site": "Moria" if i % 3 else "Bree",
                            "members": [MINIONS[i % 8], MINIONS[(i + 1) % 8]]} if i % 5 else
                           {"alignment": "hero", "site": "Moria",
                            "members": [HEROES[(i + 4) % 8], HEROES[(i + 6) % 8]]},
               "defender": {"alignment": "hero", "site": "Moria",
                            "members": [{"name": HEROES[i % 8], "status": STATUSES[i // 8 % 3]},
                                        {"name": HEROES[(i + 3) % 8], "status": STATUSES[i // 24]}]}}
        docs.append(doc)
    scenarios = [scenario_from_dict(d) for d in docs]
    clear_caches(keep_parsed=True)
    distinct = {legal._attack_solver(s).key() for s in scenarios}
    assert len(distinct) == 40
    with asp_only():
        assert legal.prefetch_verdicts(scenarios) == len(distinct)
    got = [legal._VERDICTS[legal._attack_solver(s).key()] for s in scenarios]
    assert got == _alone(scenarios)
    assert {v.legal for v in got} == {True, False}


def test_a_refused_scenario_is_left_to_the_verb():
    """A covert Fallen-wizard company that an Orc makes overt: the verdict refuses the scenario, so the
    prefetch leaves it (the verb raises the error itself)."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
           "defender": {"alignment": "fallen-wizard", "status": "covert", "site": "Moria",
                        "members": ["Radagast", "Lagduf"]}}
    s = scenario_from_dict(doc)
    clear_caches(keep_parsed=True)
    assert legal.prefetch_verdicts([s]) == 0
    with pytest.raises(ScenarioError, match="MECCG-ALIGN-6"):
        legal.judge_attack(s)


def test_batch_lines_are_those_of_the_api(tmp_path):
    import pycombat

    docs = [{"game": "meccg", "title": f"t{i}",
             "attacker": {"alignment": "minion", "site": "Moria", "members": [MINIONS[i % 8], MINIONS[(i + 2) % 8]]},
             "defender": {"alignment": "hero", "site": "Moria" if i % 4 else "Bree",
                          "members": [HEROES[i % 8], HEROES[(i + 1) % 8], HEROES[(i + 5) % 8]]}}
            for i in range(24)]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs), encoding="utf-8")
    clear_caches(keep_parsed=True)
    out = io.StringIO()
    run_batch([str(path)], "enumerate", out=out, workers=1)
    lines = [json.loads(line)["result"] for line in out.getvalue().splitlines()]
    clear_caches(keep_parsed=True)
    api = [pycombat.load(d).run("enumerate").to_json() for d in docs]
    assert [{k: v for k, v in r.items() if k != "scenario"} for r in lines] == \
        [{k: v for k, v in r.items() if k != "scenario"} for r in api]
    assert any(not r["attack"]["legal"] for r in api) and any(r["attack"]["legal"] for r in api)


@SETTINGS
@given(scenario_docs(), st.booleans())
def test_the_verdict_grounded_on_the_counting_program_is_the_lone_one(doc, traces):
    """``enumerate`` counts a small scenario's assignments (or traces) first, then grounds attack.lp on
    that grounding (Solver.then_facts): the verdict is the attack program's alone."""
    s = scenario_from_dict(doc)
    clear_caches(keep_parsed=True)
    view = legal.LegalTraces(s) if traces else legal.LegalAssignments(s)
    counted = view.count_bounded(most=10 ** 6)
    got = legal.judge_attack_after(s, view.counting_solver())
    assert got is not None and legal.known_verdict(s) is got
    assert got == _alone([s])[0]
    assert view.count_bounded(most=10 ** 6) == counted  # (the program alone: its answers kept)


def test_no_target_and_no_kept_grounding():
    """Goldberry alone may not be attacked (no target: every strike is excess, MECCG-CARD-6); and a
    counting program whose grounding is not kept is grounded anew for the verdict."""
    doc = {"game": "meccg", "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Goldberry"]}}
    s = scenario_from_dict(doc)
    clear_caches(keep_parsed=True)
    view = legal.LegalAssignments(s)
    assert view.count_bounded() == (1, True)
    got = legal.judge_attack_after(s, view.counting_solver())
    assert got == _alone([s])[0] and got.no_target == (("Goldberry", "MECCG-CARD-6"),)
    clear_caches(keep_parsed=True)
    assert legal.judge_attack_after(s, view.counting_solver()) == got


def _distinct_legal_docs(n):
    statuses = STATUSES
    return [{"game": "meccg", "title": f"d{i}",
             "attacker": {"alignment": "minion", "site": "Moria",
                          "members": [MINIONS[i % 4], {"name": MINIONS[4 + i % 4], "status": statuses[i // 4 % 3]}]},
             "defender": {"alignment": "hero", "site": "Moria",
                          "members": [{"name": HEROES[0], "status": statuses[i // 12 % 3]}, HEROES[1 + i % 3]]}}
            for i in range(n)]


def test_a_batch_grounds_its_chunks_attacks_together(tmp_path):
    """The work of a batch, in groundings (not time): one chunk's 24 legal attacks are judged in two
    groundings by the ASP (16 a grounding), in none by the program's Python evaluation (judge_closed.py);
    their counts and listings need none more (closed form; the listing made in order from the
    characterisation, assignment/listing.py)."""
    from pycombat.solver import loaded_stats

    docs = _distinct_legal_docs(24)
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs), encoding="utf-8")
    # (the Python evaluation is off when the rules are read from another folder: the mutation battery's copy)
    for options in ({"count": True}, {}):
        for judge, groundings in ((asp_only, 2), (contextlib.nullcontext, 0 if closed_forms() else 2)):
            clear_caches(keep_parsed=True)
            before = loaded_stats()["grounded"]
            out = io.StringIO()
            with judge():
                run_batch([str(path)], "enumerate", out=out, workers=1, options=options, chunk_size=24)
            results = [json.loads(line)["result"] for line in out.getvalue().splitlines()]
            assert all(r["attack"]["legal"] for r in results) and len(results) == 24
            assert loaded_stats()["grounded"] - before == groundings
