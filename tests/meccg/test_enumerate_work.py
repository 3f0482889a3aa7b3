"""The work a batch chunk's MECCG ``enumerate`` does per scenario: the attack program a chunk's
prefetch made for a scenario is the one its verb reads (not made again), and a Solver looks its rule
files up once (its key and its Control read the same statements)."""
from __future__ import annotations

import os

import pytest

from pycombat.games.meccg.assignment import legal
from pycombat.games.meccg.schema import load_scenario
from pycombat.solver import Solver, clear_caches, is_loaded, rule_files
from pycombat.solver import programs


@pytest.fixture
def made(monkeypatch):
    """How many Solvers ``legal`` makes (counted)."""
    count = [0]

    class Counted(Solver):
        def __post_init__(self):
            count[0] += 1
            super().__post_init__()

    monkeypatch.setattr(legal, "Solver", Counted)
    return count


def test_the_verb_reads_the_attack_program_the_prefetch_made(made):
    assert is_loaded()
    clear_caches()
    names = ("wind_throne.yaml", "two_on_two.yaml", "eight_vs_eight.yaml")
    scenarios = [load_scenario(legal.example_path(n)) for n in names]
    legal.prefetch_verdicts(scenarios)
    assert made[0] == len(scenarios)  # one attack program a scenario
    prefetched = [legal.known_verdict(s) for s in scenarios]
    assert made[0] == len(scenarios) and all(v is not None for v in prefetched)  # none made again
    # and each is the verdict of the scenario judged alone, afresh
    clear_caches()
    alone = [legal.judge_attack(load_scenario(legal.example_path(n))) for n in names]
    assert prefetched == alone


def test_a_scenario_object_not_in_the_chunk_gets_its_own_program(made):
    """An equal scenario read again is another object: its own program (the chunk's is found by
    identity), with the same verdict."""
    clear_caches()
    first = load_scenario(legal.example_path("two_on_two.yaml"))
    legal.prefetch_verdicts([first])
    again = load_scenario(legal.example_path("two_on_two.yaml"))
    before = made[0]
    assert legal.known_verdict(again) == legal.known_verdict(first)
    assert made[0] == before + 1


def test_a_solver_stats_its_rule_files_once(monkeypatch):
    clear_caches()
    calls = []
    real = os.stat

    class CountingOs:
        def __getattr__(self, name):
            return getattr(os, name)

        def stat(self, path, *args, **kwargs):
            calls.append(str(path))
            return real(path, *args, **kwargs)

    monkeypatch.setattr(programs, "os", CountingOs())
    files = rule_files(legal.RULES, legal.ATTACK)
    s = Solver(files=files, texts=["#show kind/2."], facts=[])
    s.key()
    s.count()  # grounds: the Control adds the statements the key was made of
    assert len(calls) == len(files)
