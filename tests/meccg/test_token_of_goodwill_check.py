"""Token of Goodwill (DM-160): its cancel's roll (2d6 + the diplomat's unused direct influence > 7,
MECCG-FX-16) and the corruption check its cost is (made by the diplomat who rolls, 2d6 against his
corruption points) are two independent 2d6 rolled when it is played: beside the cancelled attack
(MECCG-FX-30), or, where the roll fails, before strikes are assigned in the attack that goes on (MECCG-FX-31).

Checked against a brute force over the 36 x 36 pairs of rolls written here from the rules' words."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import coverage
from pycombat.games.meccg.combat.before_outcomes import check_odds, replay
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict

SETTINGS = settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
TWO_D6 = [a + b for a, b in product(range(1, 7), repeat=2)]
UNUSED_DI = 1  # Adrazar's unused direct influence (the cancel's roll adds it)


def _doc(cp: int, **combat) -> dict:
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Bill Ferny"]},
            "defender": {"alignment": "hero", "site": "Moria",
                         "members": [{"name": "Adrazar", "corruption_points": cp},
                                     {"name": "Frodo", "items": ["Dagger of Westernesse"]}]},
            "combat": {"before_assignment": ["Token of Goodwill"], "cost_item": "Dagger of Westernesse",
                       "strikes": [{"defender": "Frodo", "attacker": "Bill Ferny"}], **combat}}


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def check_fate(roll: int, cp: int) -> str:
    return "passes" if roll > cp else "discarded" if roll >= cp - 1 else "eliminated"


def brute(cp: int) -> dict[str, Fraction]:
    """Adrazar's fate over both rolls (he faces no strike): the cancel's roll, then the check."""
    out: dict[str, Fraction] = {}
    for cancel, check in product(TWO_D6, TWO_D6):
        fate = check_fate(check, cp)
        if fate == "passes":
            fate = "cancelled" if cancel + UNUSED_DI > 7 else "unhurt"
        out[fate] = out.get(fate, Fraction(0)) + Fraction(1, 36 * 36)
    return out


@SETTINGS
@given(st.integers(0, 9))
def test_odds_mix_both_rolls(cp):
    s = _s(_doc(cp))
    co = check_odds(s)
    want = brute(cp)
    got = {k: v for k, v in co.fates["Adrazar"].items() if v}
    assert got == {k: v for k, v in want.items() if v}
    assert co.cancel.chance == Fraction(sum(1 for t in TWO_D6 if t + UNUSED_DI > 7), 36)
    assert co.cancel.check.who == "Adrazar" and "MECCG-FX-30" in co.cancel.rules and co.pre.rule == "MECCG-FX-31"
    # Frodo: cancelled with the roll's chance, else his strike as fought without the dagger (the cost's item)
    plain = _doc(cp)
    plain["combat"] = {"strikes": plain["combat"]["strikes"]}
    plain["defender"]["members"][1] = "Frodo"
    strike = combat_odds(_s(plain)).fates["Frodo"]
    p = co.cancel.chance
    frodo = dict(co.fates["Frodo"].items())
    assert frodo.get("cancelled") == p
    for fate, q in strike.items():
        assert frodo.get(fate, 0) == (1 - p) * q


def test_verbs_that_branch_on_it_list_nothing_open():
    """odds/replay/optimize model the check; verify's claims about the strikes see it named (MECCG-FX-10)."""
    from pycombat.games.meccg.combat.before import modelled_here

    s = _s(_doc(5))
    listed = [e for e in coverage.unmodelled_json(s) if e["card"] == "Token of Goodwill"]
    assert listed and "corruption check" in listed[0]["what"]
    assert not [e for e in modelled_here(s, coverage.unmodelled_json(s)) if e["card"] == "Token of Goodwill"]
    assert not [e for e in coverage.unmodelled_json(_s(_doc(0))) if e["card"] == "Token of Goodwill"]  # never fails


@pytest.mark.parametrize("cancel", [5, 8])
@pytest.mark.parametrize("check", range(2, 13))
def test_replay_rolls_both(cancel, check):
    cp = 5
    doc = _doc(cp, cancel_roll=cancel, check_roll=check)
    doc["combat"]["strikes"][0]["rolls"] = {"attacker": 7, "defender": 7, "body": 7}
    if cancel + UNUSED_DI > 7:  # cancelled: no strike is made, its dice are refused (MECCG-PRE-1)
        with pytest.raises(ScenarioError, match=r"strike 1 needs no attacker roll: the attack is cancelled"):
            replay(_s(doc))
        del doc["combat"]["strikes"][0]["rolls"]
    rep, outcome, _roll = replay(_s(doc))
    text = " ".join(step.text for step in rep.preamble)
    fate = check_fate(check, cp)
    words = {"passes": "passes", "discarded": "discarded", "eliminated": "eliminated"}[fate]
    if cancel + UNUSED_DI > 7:
        assert "the attack is cancelled; its cost" in text and words in text and rep.strikes == []
        assert "MECCG-FX-30" in rep.preamble[-1].rules
    else:
        assert outcome.fate == fate and words in text
        assert (len(rep.strikes) == 1) and rep.strikes[0][0].defender.member.name == "Frodo"


@pytest.mark.parametrize("cp", [6, 8])
def test_optimize_pays_the_check(cp):
    """optimize: Adrazar (he faces no strike) survives exactly where the check does not discard or
    eliminate him (either takes him out of play), whatever is played."""
    s = _s(_doc(cp))
    fates = brute(cp)
    out = fates.get("eliminated", Fraction(0)) + fates.get("discarded", Fraction(0))
    assert fates.get("eliminated", 0) > 0 and fates.get("discarded", 0) > 0
    assert solve_combat(s, objective_from("survive", "Adrazar", s), max_nodes=50_000).value == 1 - out
