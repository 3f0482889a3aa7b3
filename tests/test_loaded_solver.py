"""The loaded solver: rule files parsed once per process, a grounded program reused by the
queries of the same program, and answers equal to solving afresh (caches off)."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pycombat
from pycombat import solver
from pycombat.solver import Solver, cache


@pytest.fixture(autouse=True)
def _loaded():
    previous = solver.set_loaded(True)
    yield
    solver.set_loaded(previous)


def _program(n: int, k: int) -> str:
    return f"{{ p(1..{n}) }} = {k}. q(X) :- p(X), X > 1. #show p/1. #show q/1."


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 5), st.integers(0, 5), st.sampled_from(["count", "models", "brave", "cautious", "sat"]))
def test_every_query_on_a_reused_grounding_equals_brute_force(n, k, first):
    """Whatever query grounds the program first, the next ones (on the kept grounding) agree with itertools."""
    subsets = [set(c) for c in itertools.combinations(range(1, n + 1), k)] if k <= n else []
    s = Solver(texts=[_program(n, k)])
    queries = {
        "count": lambda: s.count() == len(subsets),
        "models": lambda: sorted(sorted(a[1] for a in m.decoded if a[0] == "p") for m in s.models())
        == sorted(sorted(c) for c in subsets),
        "brave": lambda: (s.brave() is None) if not subsets else
        sorted(a[1] for a in s.brave() if a[0] == "p") == sorted(set().union(*subsets)),
        "cautious": lambda: (s.cautious() is None) if not subsets else
        sorted(a[1] for a in s.cautious() if a[0] == "p") == sorted(set.intersection(*subsets)),
        "sat": lambda: s.satisfiable() == bool(subsets),
    }
    order = [first] + [q for q in queries if q != first] + [first]
    for q in order:
        assert queries[q](), q
    # and a new Solver of the same program reuses it (no new grounding)
    before = solver.loaded_stats()
    assert Solver(texts=[_program(n, k)]).count() == len(subsets)
    after = solver.loaded_stats()
    assert after["grounded"] == before["grounded"]


def test_a_half_read_stream_does_not_block_the_next_query():
    s = Solver(texts=[_program(4, 2)])
    it = s.models()
    next(it)  # the grounding is busy while this stream is open
    assert s.count() == 6  # a fresh grounding answers meanwhile
    assert len(list(it)) == 5


def _riftbound(a: int, d: int) -> dict:
    return {"game": "riftbound", "battlefield": "Bench",
            "attacker": {"player": "Ann", "units": [{"name": "A", "custom": True, "might": a},
                                                    {"name": "B", "custom": True, "might": 2}]},
            "defender": {"player": "Bo", "units": [{"name": "D", "custom": True, "might": d},
                                                   {"name": "E", "custom": True, "might": 1}]}}


def _meccg(status: str) -> dict:
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                         "members": ["Shagrat", {"name": "Lagduf", "status": status}, "Old Troll"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                         "members": ["Aragorn II", {"name": "Éomer", "status": status}]}}


CASES = [(_riftbound(3, 4), "enumerate"), (_riftbound(5, 1), "enumerate"), (_meccg("tapped"), "enumerate"),
         (_meccg("wounded"), "enumerate"), (_meccg("untapped"), "enumerate"),
         ({"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
           "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": 2}}},
           "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 1, "leaders": 1}},
                        "retreat_to": ["Osgiliath"]}}, "enumerate")]


def test_the_loaded_solver_answers_as_solving_afresh_and_parses_each_file_once():
    fresh = []
    solver.set_loaded(False)
    for data, verb in CASES:
        fresh.append(pycombat.load(data).run(verb).to_json())
    solver.set_loaded(True)
    loaded = [pycombat.load(data).run(verb).to_json() for data, verb in CASES]
    assert loaded == fresh
    # a second round: every rule file is parsed already, groundings are new (new facts) or reused
    before = solver.loaded_stats()
    again = [pycombat.load(data).run(verb).to_json() for data, verb in CASES]
    after = solver.loaded_stats()
    assert again == fresh
    assert after["parsed"] == before["parsed"]
    assert after["parse_hits"] > before["parse_hits"]


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 5), st.integers(0, 5), st.sets(st.integers(1, 6), max_size=3), st.sets(st.integers(1, 6), max_size=3))
def test_counts_under_assumptions_equal_brute_force(n, k, yes, no):
    """count/satisfiable under (atom, value) assumptions: the k-subsets of 1..n holding every `yes`
    and no `no` (an atom the program cannot derive is false), counted by itertools."""
    subsets = [set(c) for c in itertools.combinations(range(1, n + 1), k)] if k <= n else []
    want = [c for c in subsets if yes <= c and not (no & c)]
    s = Solver(texts=[_program(n, k)])
    assumed = [(pycombat.solver.symbol_of(("p", x)), True) for x in sorted(yes)]
    assumed += [(pycombat.solver.symbol_of(("p", x)), False) for x in sorted(no)]
    assert s.count(assumptions=assumed) == len(want)
    assert s.satisfiable(assumptions=assumed) == bool(want)
    assert s.count() == len(subsets)  # the same grounding, no assumption left behind


def _switched(n: int) -> str:
    """Each switch s(I) (an #external) allows a choice of p(I); nothing else is chosen."""
    return f"#external s(1..{n}). {{ p(I) }} :- s(I). #show p/1."


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 4), st.lists(st.sets(st.integers(1, 5), max_size=4), min_size=1, max_size=4))
def test_assumptions_on_externals_switch_them_for_that_query_only(n, queries):
    """An #external is false unless a query assumes it: each query's models and count are the
    subsets of the switches it turns on (brute force), whatever the queries before it assumed."""
    s = Solver(texts=[_switched(n)])
    for on in queries:
        on = {i for i in on if i <= n} | ({n + 1} if 5 in on else set())  # n + 1: not an external at all
        assumed = [(pycombat.solver.symbol_of(("s", i)), True) for i in sorted(on)]
        switches = sorted(i for i in on if i <= n) if n + 1 not in on else None
        want = [] if switches is None else [set(c) for r in range(len(switches) + 1)
                                            for c in itertools.combinations(switches, r)]
        got = [{a[1] for a in m.decoded} for m in s.models(assumptions=assumed)]
        assert sorted(map(sorted, got)) == sorted(map(sorted, want))
        assert s.count(assumptions=assumed) == len(want)
        assert s.count() == 1  # nothing assumed: every switch is off again


def test_a_bounded_stream_left_open_frees_its_grounding_and_is_cached():
    """next(models(limit=1)) (the stream never finished) leaves the grounding free for the next
    query of the same program, and its answers are remembered."""
    solver.clear_caches()
    text = _program(4, 2)
    first = next(Solver(texts=[text]).models(limit=1))
    before = solver.loaded_stats()
    again = next(Solver(texts=[text]).models(limit=1))
    n = Solver(texts=[text]).count()
    after = solver.loaded_stats()
    assert again.symbols == first.symbols
    assert after["grounded"] == before["grounded"]  # the count reused the kept grounding
    assert after["answer_hits"] == before["answer_hits"] + 1
    assert n == 6


def test_the_answer_cache_stays_within_its_bounds(monkeypatch):
    """Past its bound on entries (or symbols), the oldest answers are dropped, never the newest."""
    solver.clear_caches()
    monkeypatch.setattr(cache, "_ANSWERS_MAX", 3)
    texts = [_program(3, 1) + f" r({i})." for i in range(6)]
    for t in texts:
        assert Solver(texts=[t]).count() == 3
    assert len(cache._ANSWERS) == 3
    before = solver.loaded_stats()["answer_hits"]
    Solver(texts=[texts[-1]]).count()
    assert solver.loaded_stats()["answer_hits"] == before + 1
    Solver(texts=[texts[0]]).count()
    assert solver.loaded_stats()["answer_hits"] == before + 1  # the first one was dropped


def test_clear_caches_forgets_game_memos_and_keeps_parsed_files_on_request():
    m = solver.memo()
    m["k"] = 1
    Solver(texts=[_program(3, 1)]).count()
    parsed = solver.loaded_stats()["parsed"]
    solver.clear_caches(keep_parsed=True)
    assert m == {}
    Solver(texts=[_program(3, 1)]).count()
    assert solver.loaded_stats()["parsed"] == parsed  # the text was not parsed again
    m["k"] = 2
    solver.clear_caches()
    assert m == {}
