"""A strike-result verdict cites a modification's rule only when taking the rule away changes the verdict
(claims.combat._deciding_modifications). The counterfactual replay with the rule taken away reads the file's
dice as they are: a die it leaves unused is no fault of the file (the file is checked under the rules in
force), so it neither refuses the replay (which would cite the rule though the verdict does not rest on it)
nor searches the other readings of the flags for a reading that rolls it.

The combat is Wizard's Flame (MECCG-FX-13: -2 to each attacker) before strikes are assigned, with Alatar's
corruption check (MECCG-FX-31) passed: Lagduf (prowess 5) on Aragorn II (prowess 6), the strike's dice given.
"""
from __future__ import annotations

import pytest

from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat import before_outcomes
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.in_force import removed_rules
from pycombat.verdicts import Claim

LAGDUF, ARAGORN, FLAME = 5, 6, -2


def _doc(a: int, d: int) -> dict:
    return {"game": "meccg", "rules": {"pre_assignment_attack_effects": "allowed"},
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat"]},
            "defender": {"alignment": "hero", "site": "Moria",
                         "members": [{"name": "Alatar", "corruption_points": 1}, "Aragorn II"]},
            "combat": {"before_assignment": ["Wizard's Flame"], "check_roll": 9,  # 9 - 3 > 1: he passes
                       "strikes": [{"defender": "Aragorn II", "attacker": "Lagduf",
                                    "rolls": {"attacker": a, "defender": d, "body": 7}},
                                   {"defender": "Alatar", "attacker": "Shagrat",
                                    "rolls": {"attacker": 7, "defender": 7, "body": 7}}]}}


def _result(att: int, dfd: int) -> str:
    return "succeeds" if att > dfd else "fails" if dfd > att else "is ineffectual"


CASES = [(a, d) for a in range(2, 13) for d in range(2, 13)
         if _result(LAGDUF + FLAME + a, ARAGORN + d) != "is ineffectual"]  # (a tie needs no body roll)


@pytest.mark.parametrize("a,d", CASES[::7])
def test_the_flame_is_cited_exactly_where_the_verdict_rests_on_it(a, d):
    claims = [Claim(id=r, kind="strike_result", args={"strike": 1, "result": r}, text="", path=f"claims[{i}]")
              for i, r in enumerate(("succeeds", "fails", "is ineffectual"))]
    got = verify(scenario_from_dict(_doc(a, d), file="<t>"), claims)
    actual = _result(LAGDUF + FLAME + a, ARAGORN + d)
    without = _result(LAGDUF + a, ARAGORN + d)  # the strike with the -2 taken away
    for claim, v in zip(claims, got):
        want = claim.id == actual
        assert v.decided and v.verdict == want, (claim.id, v.notes)
        assert ("MECCG-FX-13" in v.rules) == ((claim.id == without) != want), (claim.id, a, d, v.rules)


def test_no_other_reading_is_searched_with_a_rule_taken_away(monkeypatch):
    """The search of the other readings for a die the file gives (one replay per flag value) is made for
    the file as it is, never inside a counterfactual replay."""
    seen = []
    real = before_outcomes.reading_flags

    def counted(scenario):
        seen.append(removed_rules())
        return real(scenario)

    monkeypatch.setattr(before_outcomes, "reading_flags", counted)
    a, d = 2, 2  # the strike fails, with or without the -2
    claims = [Claim(id="c", kind="strike_result", args={"strike": 1, "result": "succeeds"}, text="", path="claims[0]")]
    got = verify(scenario_from_dict(_doc(a, d), file="<t>"), claims)
    assert got[0].decided and got[0].verdict is False
    assert "MECCG-FX-13" not in got[0].rules
    assert all(not r for r in seen), seen
