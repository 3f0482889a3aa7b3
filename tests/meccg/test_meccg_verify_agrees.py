"""One answer per question: on random company-versus-company attacks (the diverse benchmark's generator: real
characters, allies, items, statuses and sites), ``verify`` decides "D may take A's strike in phase P" exactly as the
legal traces ``enumerate --traces`` lists say (MECCG-ASSIGN-2..4): true when some legal trace has that step (for
the first two members of each company: every claim is decided again under each flag's values).
"""
from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bench_modules import bench_module  # noqa: E402
from budget import examples  # noqa: E402
import pycombat
from pycombat.games.meccg.assignment import legal
from pycombat.games.meccg.schema import scenario_from_dict

#: the most legal traces a drawn attack may have (its listing is read whole)
MOST_TRACES = 3000
PHASES = {1: "I", 2: "II", 3: "III"}


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.filter_too_much])
@given(st.integers(0, 2**32))
def test_verify_decides_the_phases_the_traces_list(seed):
    (doc,) = bench_module("diverse_scenarios").meccg(1, seed=seed)
    s = scenario_from_dict(doc)
    assume(legal.judge_attack(s).legal)
    traces = []
    for trace in legal.LegalTraces(s):
        traces.append(trace)
        assume(len(traces) <= MOST_TRACES)
    steps = {step for trace in traces for step in trace.steps}  # (attacker, defender, phase)
    claims = [(f"{d.name} may take {a.name}'s strike in phase {PHASES[p]}", (a.name, d.name, p) in steps)
              for a in s.attacker.members[:2] for d in s.defender.members[:2] for p in PHASES]
    report = pycombat.load({**doc, "claims": [{"claim": c} for c, _ in claims]}).run("verify").to_json()
    for (claim, want), got in zip(claims, report["claims"], strict=True):
        assert got["claim"] == claim
        if not got["decided"]:  # MECCG-FX-10: only with something the claim could hang on named NOT MODELLED
            assert got.get("unmodelled"), got
            continue
        assert got["verdict"] is want, (claim, got.get("notes"))
