"""RB-MIGHT-3..5: an outcome or survival verdict cites the Might rule (Stun, Assault, Shield) that changed a total or a
lethal amount it turns on, and only such a rule: the verdict's answer read with that rule's effect taken off the
units comes out otherwise."""
from __future__ import annotations

from pathlib import Path

import pytest

from pycombat import api

ROOT = Path(__file__).resolve().parents[2]


def _rules(defenders: list[dict], claims: list[str], splits: dict | None = None, attackers=None) -> dict[str, list]:
    doc = {"game": "riftbound", "title": "citations",
           "attacker": {"player": "Ann", "units": attackers or [{"name": "A3", "custom": True, "might": 3}]},
           "defender": {"player": "Bo", "units": [{"custom": True, **d} for d in defenders]},
           "claims": [{"id": str(i), "claim": c} for i, c in enumerate(claims)]}
    if splits:
        doc["splits"] = splits
    return {c["claim"]: (c["verdict"], [r["rule"] for r in c["reasons"]])
            for c in api.load(doc).verify().to_json()["claims"]}


SHIELDED = [{"name": "P", "might": 2, "keywords": ["Shield"]}, {"name": "Q", "might": 1}]
PLAIN = [{"name": "P", "might": 2}, {"name": "Q", "might": 1}]
CLAIMS = ["the defender keeps the battlefield", "Q can survive", "Q can die"]


def test_shield_decides_the_outcome_and_who_can_survive_and_is_cited():
    """A3 against P (Might 2, Shield: 3 defending) and Q: the Defender keeps the battlefield and Q can survive only
    because of the Shield (without it 3 kills both)."""
    got = _rules(SHIELDED, CLAIMS)
    assert got["the defender keeps the battlefield"][0] is True and got["Q can survive"][0] is True
    for claim in CLAIMS:
        assert "RB-MIGHT-5" in got[claim][1], claim


def test_without_a_shield_no_might_rule_is_cited():
    got = _rules(PLAIN, CLAIMS)
    assert got["the defender keeps the battlefield"][0] is False and got["Q can survive"][0] is False
    assert not any(r in ("RB-MIGHT-3", "RB-MIGHT-4", "RB-MIGHT-5") for _, rules in got.values() for r in rules)


def test_a_shield_that_changes_nothing_the_verdict_turns_on_is_not_cited():
    """A9 kills P and Q with or without the Shield: the Attacker conquers either way."""
    got = _rules(SHIELDED, ["the attacker conquers", "Q can survive"],
                 attackers=[{"name": "A9", "custom": True, "might": 9}])
    assert got["the attacker conquers"][0] is True and got["Q can survive"][0] is False
    assert all("RB-MIGHT-5" not in rules for _, rules in got.values())


def test_stated_splits_cite_the_shield_that_spares_the_unit():
    """With the splits stated, P takes 2: its Shield (lethal 3) keeps it alive, and so the Defender keeps the
    battlefield; without the Shield both defenders would die."""
    got = _rules(SHIELDED, ["the defender keeps the battlefield", "P survives"],
                 splits={"attacker": {"P": 2, "Q": 1}, "defender": {"A3": 4}})
    assert got["the defender keeps the battlefield"][0] is True and got["P survives"][0] is True
    assert all("RB-MIGHT-5" in rules for _, rules in got.values())


@pytest.mark.parametrize("claim", ["the battlefield is nobody's", "the defender keeps the battlefield"])
def test_a_stunned_attacker_decides_equal_totals_and_is_cited(claim):
    """examples/rulings/riftbound/equal_totals_stunned.yaml: 3 + 2 against 5, the 2 Stunned (RB-MIGHT-3): it adds
    nothing, so the Defender survives; without the Stun every unit dies (nobody's)."""
    s = api.load(ROOT / "examples" / "rulings" / "riftbound" / "equal_totals_stunned.yaml")
    got = {c["claim"]: [r["rule"] for r in c["reasons"]] for c in s.verify().to_json()["claims"]}
    assert "RB-MIGHT-3" in got[claim]
