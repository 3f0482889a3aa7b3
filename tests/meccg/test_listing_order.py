"""The canonical order of ``enumerate``'s listings (``assignment/order.py``) and the listing made in
that order without a grounding (``assignment/listing.py``).

Checked against brute forces written here: every injective placement of strikes on targets,
filtered by the rules as ``assign_legal.lp`` words them (MECCG-STRUCT-5, MECCG-ASSIGN-3/4), and the
canonical key computed from the members' order. The solver's listing (``assign_legal.lp``, with and
without symmetry breaking) gives the same set; every path lists it in the same order (one
scenario through the API, ``--limit N``, ``pycombat batch``)."""
from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
import pycombat
from pycombat.batch import run_batch
from pycombat.games.meccg.assignment import legal
from pycombat.errors import TooLargeError
from pycombat.games.meccg.assignment.enumerate import DEFAULT_MAX_LIST, enumerate_assignments
from pycombat.games.meccg.assignment.legal import Assignment, LegalAssignments, judge_attack
from pycombat.games.meccg.assignment.listing import STATED, assignments, shape
from pycombat.games.meccg.present import enumerate as present_enumerate
from pycombat.games.meccg.schema import load_scenario, scenario_from_dict

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
MINIONS = ["Shagrat", "Lagduf", "Old Troll", "Bûrat", "Gorbag", "Ostisen"]
MINION_ALLIES = ["Great Troll", "Blackbole", "Great Bats"]
HEROES = ["Aragorn II", "Frodo", "Gimli", "Legolas", "Éowyn", "Sam Gamgee"]
HERO_ALLIES = ["Goldberry", "Noble Hound"]
STATUS = st.sampled_from(["untapped", "untapped", "tapped", "wounded"])


@st.composite
def companies(draw, characters, allies):
    names = draw(st.lists(st.sampled_from(characters), min_size=1, max_size=4, unique=True))
    names += draw(st.lists(st.sampled_from(allies), max_size=min(2, len(allies)), unique=True))
    order = draw(st.permutations(names))  # the company's order: the listing's
    members = [{"name": n, "status": draw(STATUS)} for n in order]
    lead = next(m["name"] for m in members if m["name"] in characters)
    for m in members:
        if m["name"] in allies:
            m["ally_of"] = lead
    return members


@st.composite
def scenario_docs(draw):
    minions = draw(companies(MINIONS, MINION_ALLIES))
    heroes = draw(companies(HEROES, HERO_ALLIES))
    sides = [("minion", minions), ("hero", heroes)] if draw(st.booleans()) else [("hero", heroes), ("minion", minions)]
    doc = {"game": "meccg", "rules": {"phase2_assignment": draw(st.sampled_from(["mandatory", "optional"])),
                                      "site_barred_ally_strikes": draw(st.sampled_from(["none", "strike"]))}}
    for role, (alignment, members) in zip(("attacker", "defender"), sides):
        doc[role] = {"alignment": alignment, "site": "Moria", "members": members}
    return doc


def brute_key(scenario, a: Assignment) -> tuple[int, ...]:
    """The canonical key, from the members' order: per defending member, the attacking member's
    position whose strike it takes (none: after all)."""
    attackers = [m.name for m in scenario.attacker.members]
    on = {t: s for s, t in a.pairs}
    return tuple(attackers.index(on[m.name]) if m.name in on else len(attackers) for m in scenario.defender.members)


def brute_legal(scenario, verdict) -> set[Assignment]:
    """Every placement of strikes on targets that assign_legal.lp's rules allow, by brute force."""
    strikes, targets = list(verdict.strikes), list(verdict.targets)
    untapped = {m.name for c in (scenario.attacker, scenario.defender) for m in c.members if m.status == "untapped"}
    p1 = {m.name for m in scenario.defender.members if m.name in untapped or m.assignable_as_untapped}
    mandatory = scenario.flags["phase2_assignment"] == "mandatory"
    out = set()
    for k in range(min(len(strikes), len(targets)) + 1):
        for ts in itertools.combinations(targets, k):
            for ss in itertools.permutations(strikes, k):  # MECCG-STRUCT-5: one-to-one
                pairs = dict(zip(ts, ss))
                excess = [s for s in strikes if s not in ss]
                if excess and len(pairs) < len(targets):  # MECCG-ASSIGN-4
                    continue
                if mandatory and any(s in untapped for s in excess) and any(  # MECCG-ASSIGN-3
                        t not in p1 and s not in untapped for t, s in pairs.items()):
                    continue
                out.add(Assignment(tuple((pairs[t], t) for t in targets if t in pairs), tuple(excess)))
    return out


@SETTINGS
@given(scenario_docs())
def test_the_listing_is_the_solvers_set_in_the_canonical_order(doc):
    s = scenario_from_dict(doc)
    verdict = judge_attack(s)
    if not verdict.legal:
        event("attack not legal")
        return
    solver = list(LegalAssignments(s))
    assert solver == sorted(solver, key=lambda a: brute_key(s, a))  # the solver's path: ordered too
    assert len(set(solver)) == len(solver)
    sh = shape(s, verdict)
    if sh is None:  # MECCG-FX-18: left to the solver
        event("Noble Hound: solver only")
        assert any(m.name == "Noble Hound" for m in s.defender.members)
        return
    made = list(assignments(sh))
    assert made == solver
    assert set(made) == brute_legal(s, verdict)
    if len(verdict.strikes) + len(verdict.targets) <= 7:
        assert list(LegalAssignments(s, symmetry=False)) == made
    event(f"{min(len(made), 50) // 10 * 10}+ assignments")


@SETTINGS
@given(scenario_docs(), st.integers(1, 12))
def test_limit_lists_the_first_n_of_the_same_order(doc, n):
    s = scenario_from_dict(doc)
    full = enumerate_assignments(s)
    first = enumerate_assignments(s, limit=n)
    assert first.options == full.options[:n]
    assert first.count == full.count and first.truncated == (full.count > n)


def test_traces_are_listed_in_the_canonical_order():
    s = load_scenario(ROOT / "examples/meccg/two_on_two.yaml")
    attackers = [m.name for m in s.attacker.members]
    defenders = [m.name for m in s.defender.members]
    full = enumerate_assignments(s, traces=True).options
    key = [tuple(sorted((p, defenders.index(t), attackers.index(a)) for a, t, p in o.steps)) for o in full]
    assert key == sorted(key) and len(set(key)) == len(key) > 1
    assert enumerate_assignments(s, traces=True, limit=3).options == full[:3]


def test_past_the_ordered_orbits_the_listing_says_so(monkeypatch):
    """Beyond MAX_COUNTED_MODELS orbits (here 3 of 6) the order is canonical among the first ones only:
    the view says so, and the set is still whole."""
    s = load_scenario(ROOT / "examples/meccg/wind_throne.yaml")
    whole = list(LegalAssignments(s))
    monkeypatch.setattr(legal, "MAX_COUNTED_MODELS", 3)
    view = LegalAssignments(s)
    got = list(view)
    assert sorted(got) == sorted(whole) and not view.ordered
    assert enumerate_assignments(s, limit=5).ordered  # (the listing itself is made in order: no solver)
    big = LegalAssignments(s)
    monkeypatch.setattr(legal, "MAX_COUNTED_MODELS", 10 ** 6)
    assert list(big) == whole and big.ordered


def noble_hound_doc() -> dict:
    """A company whose Noble Hound is struck before his controller (MECCG-FX-18): listed from the solver."""
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria",
                         "members": ["Shagrat", {"name": "Lagduf", "status": "tapped"}, "Gorbag", "Bûrat"]},
            "defender": {"alignment": "hero", "site": "Moria",
                         "members": [{"name": "Frodo", "status": "tapped"}, {"name": "Noble Hound", "ally_of": "Frodo"},
                                     "Aragorn II"]}}


def test_a_listing_past_the_ordered_orbits_is_marked(monkeypatch):
    """A Noble Hound's company (MECCG-FX-18: listed from the solver) whose count stops early (here once its orbits
    hold more than 2 assignments): the orbits it read are listed in order, then the others; the JSON says
    ``ordered: false`` and the text says so; the count is a lower bound, and every option listed is legal."""
    doc = noble_hound_doc()
    full = pycombat.load(doc).run("enumerate").to_json()
    assert "ordered" not in full
    from pycombat.games.meccg.assignment import enumerate as enumerate_module

    monkeypatch.setattr(enumerate_module, "MAX_COUNT", 2)
    report = pycombat.load(doc).run("enumerate", limit=2)
    got = report.to_json()
    assert got["ordered"] is False and got["count_exact"] is False and 2 < got["count"] <= full["count"]
    assert all(o in full["options"] for o in got["options"])
    every = pycombat.load(doc).run("enumerate", limit=full["count"] + 1).to_json()["options"]
    assert sorted(map(json.dumps, every)) == sorted(map(json.dumps, full["options"]))  # each once
    text = io.StringIO()
    present_enumerate(report, Console(file=text, width=200))
    assert "canonical order among the first orbits" in text.getvalue()


@pytest.mark.parametrize("traces", [False, True])
def test_a_listing_past_the_ordered_orbits_is_the_same_every_time(monkeypatch, traces):
    """Past the ordered orbits the first options are the solver's: those of a first solve, so the same
    question asked again in the process (the grounding kept, with what clasp learnt) lists the same."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria",
                        "members": ["Shagrat", {"name": "Lagduf", "status": "tapped"}, "Gorbag", "Bûrat", "Ufthak"]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": "Frodo", "status": "tapped"}, {"name": "Noble Hound", "ally_of": "Frodo"},
                                    "Aragorn II", "Gimli"]}}
    monkeypatch.setattr(legal, "MAX_COUNTED_MODELS", 3)
    listings = []
    for _ in range(3):
        view = legal.LegalTraces(scenario_from_dict(doc)) if traces else None
        if view is not None:
            listings.append(list(itertools.islice(view.ordered(), 12)))
            assert view.ordered_all is False
        else:
            from pycombat.games.meccg.assignment import enumerate as enumerate_module

            monkeypatch.setattr(enumerate_module, "MAX_COUNT", 3)  # the count stops early: its orbits first
            got = pycombat.load(doc).run("enumerate", limit=12).to_json()
            assert got["ordered"] is False
            listings.append(got["options"])
    assert listings[0] == listings[1] == listings[2]


def trace_key(scenario, trace) -> tuple:
    """The canonical key of a trace, from the members' order: its steps as (phase, target position, strike
    position), sorted."""
    attackers = [m.name for m in scenario.attacker.members]
    defenders = [m.name for m in scenario.defender.members]
    return tuple(sorted((p, defenders.index(t), attackers.index(a)) for a, t, p in trace.steps))


@SETTINGS
@given(scenario_docs(), st.integers(1, 12))
def test_traces_are_the_solvers_set_in_the_canonical_order(doc, n):
    """The orbits of traces (the counting program's representatives, each walked in order) merged: the solver's
    traces without symmetry breaking (trace.lp), each once, sorted by the key computed here; ``--limit N`` their
    first N."""
    s = scenario_from_dict(doc)
    if not judge_attack(s).legal:
        event("attack not legal")
        return
    every = list(legal.LegalTraces(s))  # trace.lp, no symmetry breaking: the solver's order
    assert len(set(every)) == len(every)
    want = sorted(every, key=lambda t: trace_key(s, t))
    view = legal.LegalTraces(s)
    assert list(view.ordered()) == want and view.ordered_all
    if len(want) > DEFAULT_MAX_LIST:  # listing them all is refused up front, with the count
        with pytest.raises(TooLargeError, match="legal traces: too many to list"):
            enumerate_assignments(s, traces=True)
    full = enumerate_assignments(s, traces=True, max_list=max(DEFAULT_MAX_LIST, len(want)))
    assert full.options == want and full.count == len(want) and full.ordered
    first = enumerate_assignments(s, traces=True, limit=n)
    assert first.options == want[:n] and first.count == len(want) and first.truncated == (len(want) > n)
    event(f"{min(len(want), 50) // 10 * 10}+ traces")


def test_a_trace_listing_reads_the_orbits_it_counted_once(monkeypatch):
    """``enumerate --traces --limit N`` counts first, from a first solve, and lists the orbits the count read, not
    read again. A count that stops early (its orbits already hold more traces than it counts) lists those orbits in
    order, then the others in the solver's order: every trace once."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf", "Gorbag", "Bûrat"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Frodo", "Aragorn II", "Gimli"]}}
    s = scenario_from_dict(doc)
    every = sorted(legal.LegalTraces(s), key=lambda t: trace_key(s, t))
    reads = []
    real = legal.LegalTraces.representatives

    def counted(self, fresh=False):
        reads.append(fresh)
        yield from real(self, fresh)

    monkeypatch.setattr(legal.LegalTraces, "representatives", counted)
    report = enumerate_assignments(s, traces=True, limit=4)
    assert reads == [True] and report.options == every[:4] and report.ordered and report.count == len(every)
    from pycombat.games.meccg.assignment import enumerate as enumerate_module

    monkeypatch.setattr(enumerate_module, "MAX_COUNT", 20)  # the count stops once its orbits hold more than 20
    reads.clear()
    report = enumerate_assignments(s, traces=True, limit=10)
    assert reads == [True] and not report.ordered and not report.count_exact and report.count > 20
    keys = [trace_key(s, t) for t in report.options]
    assert keys == sorted(keys) and set(report.options) <= set(every)
    reads.clear()
    report = enumerate_assignments(s, traces=True, limit=len(every) + 1)
    assert reads == [True, True]  # (the orbits after the counted ones: read past them, from a first solve)
    assert sorted(report.options, key=lambda t: trace_key(s, t)) == every and not report.ordered


def test_the_characterisation_covers_every_rule_of_assign_legal():
    """A rule added to assign_legal.lp must be added to listing.py (or the listing left to the solver)."""
    text = (ROOT / "asp_rules/meccg/assign_legal.lp").read_text(encoding="utf-8")
    rules = set(re.findall(r'violation\("(MECCG-[A-Z]+-\d+)"', text))
    rules |= {"MECCG-STRUCT-2", "MECCG-ASSIGN-1"}  # violation(R, ...) with R the verdict's rule
    assert rules == set(STATED)


MECCG_EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*.yaml")
                        if re.search(r"^game: meccg", p.read_text(encoding="utf-8"), re.M))


#: the three largest examples, whose trace listings take most of this test's time (the long tier lists them)
LARGE = ("ten_vs_ten.yaml", "ten_vs_ten_hands.yaml", "eight_vs_eight.yaml")


@pytest.mark.parametrize("kind", ["options", "traces", "traces-large"])
def test_batch_lists_as_the_api_does(tmp_path, kind):
    """Every MECCG example: ``pycombat batch`` (prefetch, one worker) writes the options the API gives,
    in the same order (the traces of the three largest examples in the long tier)."""
    traces = kind != "options"
    examples = [p for p in MECCG_EXAMPLES if kind == "options" or (p.name in LARGE) == (kind == "traces-large")]
    assert len(examples) == (3 if kind == "traces-large" else len(MECCG_EXAMPLES) - 3 * (kind == "traces"))
    opts = {"traces": True, "limit": 40} if traces else {"limit": 40}
    api = {}
    for p in examples:
        try:
            api[str(p)] = pycombat.load(p).run("enumerate", **opts).to_json()
        except Exception as exc:  # noqa: BLE001 - a refused example is refused alike in the batch
            api[str(p)] = type(exc).__name__
    out = io.StringIO()
    run_batch([str(p) for p in examples], "enumerate", out=out, workers=1,
              options={k: str(v) if not isinstance(v, bool) else v for k, v in opts.items()})
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == len(examples)
    listed = 0
    for p, line in zip(examples, lines):
        want = api[str(p)]
        if isinstance(want, str):
            assert "result" not in line or line.get("error")
            continue
        got = line["result"]
        assert got["count"] == want["count"] and got.get("options") == want.get("options"), p
        listed += bool(want.get("options"))
    assert listed > (2 if kind == "traces-large" else 20)


def _diverse(n: int) -> list[dict]:
    """``bench/diverse_scenarios.py``'s MECCG batch (real names, items, statuses, sites)."""
    import importlib.util
    import sys

    name = "diverse_scenarios"  # (its own name: bench/diverse.py imports it so)
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return list(sys.modules[name].meccg(n, 34))


def test_diverse_scenarios_list_the_solvers_set_in_order():
    """The benchmark's distinct scenarios (items, sites, card effects): ``enumerate`` lists exactly
    the solver's assignments (assign_legal.lp, orbits expanded), in the canonical order."""
    checked = 0
    for doc in _diverse(examples(240)):
        s = scenario_from_dict(doc)
        report = enumerate_assignments(s, max_list=20_000)
        if not report.attack.legal:
            continue
        solver = list(LegalAssignments(s))
        assert report.options == solver and report.count == len(solver)
        assert [brute_key(s, a) for a in solver] == sorted(brute_key(s, a) for a in solver)
        checked += 1
    assert checked > examples(240) // 2


@pytest.mark.parametrize("limit", [None, 2])
def test_a_listing_from_the_solver_reads_the_orbits_once(monkeypatch, limit):
    """Complete assignments listed from the solver (a Noble Hound struck before his controller, MECCG-FX-18): the
    count keeps the orbits it read and the listing merges them, not read again; with ``--limit`` from a first solve
    (the same every time). The listing is the solver's set in the canonical order."""
    doc = noble_hound_doc()
    s = scenario_from_dict(doc)
    want = sorted(LegalAssignments(s, symmetry=False), key=lambda a: brute_key(s, a))
    reads = []
    real = LegalAssignments.representatives

    def counted(self, fresh=False):
        reads.append(fresh)
        yield from real(self, fresh)

    monkeypatch.setattr(LegalAssignments, "representatives", counted)
    report = enumerate_assignments(s, limit=limit)
    assert reads == [limit is not None]
    assert report.options == want[:limit] and report.count == len(want) and report.ordered
