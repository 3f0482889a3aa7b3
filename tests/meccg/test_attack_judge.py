"""The MECCG attack verdict through the Python API is read off this process's judge
(:func:`pycombat.solver.judged_facts`: each scenario one more instance of attack.lp on a long-lived
Control); every verdict must be the one the scenario's own Control gives (legal or not, the rules,
kinds, strikes, targets and overt members: MECCG-INIT-1..4, MECCG-ALIGN-1..8, MECCG-STRUCT-2,
MECCG-ASSIGN-1), on every shipped example and on hypothesis-drawn scenarios."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples
from pycombat import registry
from pycombat.errors import PycombatError
from pycombat.games.meccg.assignment import legal
from pycombat.games.meccg.assignment.judge_closed import asp_only
from pycombat.games.meccg.schema import load_scenario, scenario_from_dict
from pycombat.solver import clear_caches, judged_facts, rule_files, set_judging

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import diverse_scenarios  # noqa: E402  (real names from the shipped data, seeded)

_SHIPPED = Path(registry.get("meccg").examples)
#: the game's examples and its rulings examples
EXAMPLES = sorted(_SHIPPED.rglob("*.yaml")) + sorted((_SHIPPED.parent / "rulings" / "meccg").rglob("*.yaml"))


def _outcome(scenario, judging: bool):
    """The attack verdict (or the error it raises) with the judge on or off, nothing remembered."""
    clear_caches(keep_parsed=True)
    previous = set_judging(judging)
    try:
        return "verdict", _asp_judge(scenario)
    except PycombatError as exc:
        return type(exc).__name__, str(exc)
    finally:
        set_judging(previous)


def _asp_judge(scenario):
    """The verdict by the ASP paths (the judge, or the scenario's own Control); the Python evaluation of the
    same program is test_meccg_judge_closed.py's."""
    with asp_only():
        return legal._judge(scenario, legal._attack_solver(scenario))


def _judge_answers(scenario) -> bool:
    """Whether the judge answered (rather than leaving the scenario to its own Control)."""
    solver = legal._attack_solver(scenario)
    return judged_facts(rule_files(legal.RULES, legal.ATTACK), facts=solver.facts, signatures=legal.ATTACK_SHOWN,
                        consts=solver.consts, decoder=legal._atom) is not None


def _scenarios(paths):
    out = []
    for p in paths:
        try:
            out.append(load_scenario(p))
        except PycombatError:
            continue  # (an example of a refused file: no attack to judge)
    return out


def test_every_example_is_judged_as_alone():
    scenarios = _scenarios(EXAMPLES)
    assert len(scenarios) >= 60
    for s in scenarios:
        assert _outcome(s, True) == _outcome(s, False), s.file
    # and on one long-lived Control, one after another (no clearing in between)
    clear_caches(keep_parsed=True)
    assert sum(_judge_answers(s) for s in scenarios) == len(scenarios)
    clear_caches(keep_parsed=True)
    together = [_asp_judge(s) for s in scenarios if _outcome(s, False)[0] == "verdict"]
    clear_caches(keep_parsed=True)
    set_judging(False)
    try:
        alone = [_asp_judge(s) for s in scenarios if _outcome(s, False)[0] == "verdict"]
    finally:
        set_judging(True)
    assert together == alone


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32 - 1), st.integers(1, 40))
def test_diverse_scenarios_one_after_another_are_judged_as_alone(seed, n):
    scenarios = [scenario_from_dict(d) for d in diverse_scenarios.meccg(n, seed)]
    clear_caches(keep_parsed=True)
    assert all(_judge_answers(s) for s in scenarios)  # (the judge answers them: not a vacuous comparison)
    clear_caches(keep_parsed=True)
    judged = [_asp_judge(s) for s in scenarios]
    previous = set_judging(False)
    try:
        alone = [_asp_judge(s) for s in scenarios]
    finally:
        set_judging(previous)
    assert judged == alone


def test_a_refused_scenario_is_refused_alike():
    """A covert Fallen-wizard company that an Orc makes overt: both paths refuse it (MECCG-ALIGN-6)."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
           "defender": {"alignment": "fallen-wizard", "status": "covert", "site": "Moria",
                        "members": ["Radagast", "Lagduf"]}}
    s = scenario_from_dict(doc)
    got = _outcome(s, True)
    assert got == _outcome(s, False)
    assert got[0] == "ScenarioError" and "MECCG-ALIGN-6" in got[1]
