"""verify decides claims about the strikes after a corruption check rolled before strikes are assigned
(MECCG-FX-31), its 2d6 given as `check_roll:`, where the roll fixes the strike: Wizard's Flame (-2 to each
attacker, the Wizard's check -3) under pre_assignment_attack_effects=allowed.

The expected verdicts are worked out here from the rules' words, not from pycombat: the check (2d6 - 3
against Alatar's corruption points: above passes, else he leaves the company before the assignment);
after a failed check the block's assignment without his strike, whose attacker's strike is then excess
(-1 to the defender of the strike it goes with, MECCG-ASSIGN-5); a strike compares prowess + roll.

The Wizard who makes the check is Alatar (TW-117), whose card prints no modifier to his corruption checks
(a Wizard who prints one, Gandalf's +1, is in tests/meccg/test_printed_corruption_check_modifiers.py)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

SETTINGS = settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
LAGDUF, ARAGORN, FLAME = 5, 6, -2  # printed prowess; Wizard's Flame -2 to the attack's prowess
ROLL = st.integers(2, 12)


def _doc(check_roll: int, cp: int, a: int, d: int, *, after_check: bool = False) -> dict:
    # a Alatar who passes leaves the block's strikes as they are: a body-check roll for a tie there is refused
    # (MECCG-SEQ-10: nobody is wounded); after a failed check the block's dice serve the strikes after it and
    # the block as given (a claim about a strike the roll does not fix), so the body roll stays
    tie = passes(check_roll, cp) and strike1(check_roll, cp, a, d) == "is ineffectual"
    combat = {"before_assignment": ["Wizard's Flame"], "check_roll": check_roll,
              "strikes": [{"defender": "Aragorn II", "attacker": "Lagduf",
                           "rolls": {"attacker": a, "defender": d, **({} if tie else {"body": 7})}},
                          {"defender": "Alatar", "attacker": "Shagrat", "rolls": {"attacker": 7, "defender": 7, "body": 7}}]}
    if after_check:  # the players' own assignment after he fails: Shagrat on Aragorn II, Lagduf's excess
        combat["after_check"] = {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat"}]}
    return {"game": "meccg", "rules": {"pre_assignment_attack_effects": "allowed"},
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat"]},
            "defender": {"alignment": "hero", "site": "Moria",
                         "members": [{"name": "Alatar", "corruption_points": cp}, "Aragorn II"]},
            "combat": combat}


def _claims() -> list[Claim]:
    return [Claim(id=f"r{i}", kind="strike_result", args={"strike": n, "result": r}, text="", path=f"claims[{i}]")
            for i, (n, r) in enumerate([(1, "succeeds"), (1, "fails"), (1, "is ineffectual"), (2, "fails")])] + [
        Claim(id="b", kind="body_check", args={"roll": 10, "result": "eliminates", "character": "Aragorn II"},
              text="", path="claims[4]")]


def passes(check_roll: int, cp: int) -> bool:
    return check_roll - 3 > cp


def strike1(check_roll: int, cp: int, a: int, d: int) -> str:
    att = LAGDUF + FLAME + a
    dfd = ARAGORN - (0 if passes(check_roll, cp) else 1) + d  # Shagrat's strike excess after he leaves
    return "succeeds" if att > dfd else "fails" if dfd > att else "is ineffectual"


@SETTINGS
@given(ROLL, st.integers(0, 8), ROLL, ROLL)
def test_the_roll_decides_the_strikes_it_fixes(check_roll, cp, a, d):
    got = verify(scenario_from_dict(_doc(check_roll, cp, a, d), file="<t>"), _claims())
    want = strike1(check_roll, cp, a, d)
    for v, result in zip(got[:3], ("succeeds", "fails", "is ineffectual")):
        assert v.decided and v.verdict == (result == want), (v.verdict, result, want, v.notes)
        assert "MECCG-FX-31" in v.rules
    # Alatar's own strike is made only if he passes
    assert got[3].decided == passes(check_roll, cp)
    # Aragorn II's body check: the same strike whatever the roll (9 body: 10 eliminates)
    assert got[4].decided and got[4].verdict is True


@SETTINGS
@given(ROLL, st.integers(0, 8), ROLL, ROLL)
def test_a_stated_assignment_after_a_failed_check_is_not_read_as_the_block(check_roll, cp, a, d):
    """after_check: states another assignment: a failed check leaves the block's strikes unmade, so a claim
    about them is not decided; a passed one decides them as before."""
    got = verify(scenario_from_dict(_doc(check_roll, cp, a, d, after_check=True), file="<t>"), _claims())
    assert all(v.decided == passes(check_roll, cp) for v in got[:4])
    if passes(check_roll, cp):
        want = strike1(check_roll, cp, a, d)
        assert [v.verdict for v in got[:3]] == [r == want for r in ("succeeds", "fails", "is ineffectual")]


def test_without_check_roll_nothing_changes():
    """No `check_roll:`: the check is not modelled for verify's claims about the strikes (MECCG-FX-10)."""
    doc = _doc(5, 2, 7, 7)
    del doc["combat"]["check_roll"]
    got = verify(scenario_from_dict(doc, file="<t>"), _claims())
    assert not any(v.decided for v in got[:4])
