"""One answer per question: on random field battles (the diverse benchmark's generator, real regions, Nations,
Leaders and Characters), ``verify`` decides what ``odds`` reports (WOTR-STR-3..5, WOTR-HIT, WOTR-ROUND-2).

For each battle, ``odds`` (as a user runs it, its JSON) gives each side's combat strength, dice, Leadership and
re-roll dice, and the round-1 distribution of the hits each side scores; each becomes a claim ("the attacker's combat
strength is 8", "the defender scores exactly 2 hits in round 1 with probability 80/243", and a strength or dice one
more, false), and ``verify`` must decide each as ``odds`` says.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench_modules import bench_module  # noqa: E402
from budget import examples  # noqa: E402
import pycombat


def claims_of(report: dict) -> list[tuple[str, bool]]:
    claims = []
    for role in ("attacker", "defender"):
        a = report["attacking"][role]
        claims += [(f"the {role}'s combat strength is {a['strength']}", True),
                   (f"the {role}'s combat strength is {a['strength'] + 1}", False),
                   (f"the {role} rolls {a['dice']} dice", True), (f"the {role} rolls {a['dice'] + 1} dice", False),
                   (f"the {role}'s leadership is {a['leadership']}", True),
                   (f"the {role} re-rolls up to {a['reroll_dice']} dice", True)]
    first = next(r for r in report["round_table"] if r["round"] == 1)
    for role in ("attacker", "defender"):
        claims += [(f"the {role} scores exactly {k} hits in round 1 with probability {p['exact']}", True)
                   for k, p in first[role]["scored"].items()]
    return claims


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_verify_decides_what_odds_reports(seed):
    (doc,) = bench_module("diverse_scenarios").wotr(1, seed=seed)
    claims = claims_of(pycombat.load(doc).run("odds").to_json())
    report = pycombat.load({**doc, "claims": [{"claim": c} for c, _ in claims]}).run("verify").to_json()
    for (claim, want), got in zip(claims, report["claims"], strict=True):
        assert got["claim"] == claim and got["decided"], got
        assert got["verdict"] is want, (claim, got.get("notes"))
