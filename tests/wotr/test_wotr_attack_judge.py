"""The WotR attack verdict (check mode on a split: the violated rules and both sides' numbers) is read
off this process's judge (:func:`pycombat.solver.judged_facts`: each scenario one more instance of the
check program on a long-lived Control); every verdict must be the one the scenario's own check-mode
grounding gives (WOTR-ATK, WOTR-SPLIT, WOTR-STACK, WOTR-SIEGE), on every shipped battle example, on the
rearguard splits of some, and on hypothesis-drawn battles judged one after another."""
from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples
from pycombat import registry
from pycombat.errors import PycombatError
from pycombat.games.wotr.battle import splits
from pycombat.games.wotr.battle.facts import consts
from pycombat.games.wotr.battle.judge_closed import asp_only
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from pycombat.solver import clear_caches, judged_facts, rule_files, set_judging

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import diverse_scenarios  # noqa: E402  (real names from the shipped data, seeded)

_SHIPPED = Path(registry.get("wotr").examples)
#: the game's examples and its rulings examples
EXAMPLES = sorted(_SHIPPED.rglob("*.yaml")) + sorted((_SHIPPED.parent / "rulings" / "wotr").rglob("*.yaml"))


def _fields(v):
    return v.legal, v.attacking, v.rearguard, v.violations, v.numbers


def _outcomes(cases, judging: bool):
    """Each (scenario, attacking part)'s verdict (or the error it raises), judged one after another with
    the judge on or off, nothing remembered between the two runs."""
    clear_caches(keep_parsed=True)
    previous = set_judging(judging)
    out = []
    try:
        with asp_only():  # (the ASP paths; the Python evaluation is test_wotr_judge_closed.py's)
            for s, attacking in cases:
                try:
                    out.append(_fields(splits._judge(s, attacking)))
                except PycombatError as exc:
                    out.append((type(exc).__name__, str(exc)))
    finally:
        set_judging(previous)
    return out


def _judge_answers(s) -> bool:
    """Whether the judge answers the scenario's default split (rather than leaving it to check mode)."""
    _, _, facts = splits._judged(s, None)
    return judged_facts(rule_files(splits.RULES, splits.BASE + ("show.lp",)), facts=facts,
                        signatures=splits._JUDGED_SIGNATURES, consts=consts(s),
                        decoder=splits._decode_judged) is not None


def _battles(paths):
    out = []
    for p in paths:
        try:
            s = load_scenario(p)
        except PycombatError:
            continue  # (an example of a refused file)
        if getattr(s, "kind", None) != "position":
            out.append(s)
    return out


def test_every_battle_example_and_its_splits_are_judged_as_alone():
    battles = _battles(EXAMPLES)
    assert len(battles) >= 25
    cases = [(s, None) for s in battles]
    for s in battles[:8]:  # every legal split of some (the verdicts optimize and the claims ask for)
        cases += [(s, sp.attacking) for sp in splits.LegalSplits(s)]
    assert len(cases) > len(battles)
    judged = _outcomes(cases, True)
    assert judged == _outcomes(cases, False)
    assert {o[0] for o in judged} == {True, False}  # (legal and illegal attacks among them)
    clear_caches(keep_parsed=True)
    assert all(_judge_answers(s) for s in battles)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32 - 1), st.integers(1, 40))
def test_diverse_battles_one_after_another_are_judged_as_alone(seed, n):
    battles = [scenario_from_dict(d) for d in diverse_scenarios.wotr(n, seed)]
    clear_caches(keep_parsed=True)
    assert all(_judge_answers(s) for s in battles)  # (the judge answers them: not a vacuous comparison)
    cases = [(s, None) for s in battles]
    assert _outcomes(cases, True) == _outcomes(cases, False)
