"""`verify`'s claims about the strike after the attack that Our Own Wolves (AS-95) costs (MECCG-FX-32), checked
against a brute force written here from the rules' words:

* on the combat block's dice: the controller's 2d6 + his prowess as the attack left him (printed, -2 if wounded,
  else -1 if tapped) against the ally's printed prowess + 3: higher fails, equal is ineffectual, lower wounds
  him, and the body check (2d6, +1 if he was wounded before, greater than his body) eliminates him;
* "may ..." / "cannot ...": possible when some roll of the dice gives it (the ally surviving its own strike
  is always possible in these companies), each claim's negation the opposite verdict.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import pytest

from budget import examples  # noqa: E402
from test_after_attack_replay import _doc as _combat_doc  # noqa: E402 - the same combat
from test_crowned_with_storm import _wolf_doc, wolf_brute  # noqa: E402 - the brute force of the rolls
from pycombat.cli import main
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import verify
from pycombat.in_force import removed

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: printed prowess and body (characters.json)
PRINTED = {"Lagduf": (5, 8), "Deallus": (2, 7), "Wormtongue": (1, 8),
           "War-wolf": (2, 7), "War-warg": (3, 6), "The Warg-king": (4, 8)}
PENALTY = {"untapped": 0, "tapped": 1, "wounded": 2}


def _doc(ctrl, ally, status, claims, after=None, rolls=None) -> dict:
    """test_after_attack_replay's combat (the controller, his Wolf ally and Our Own Wolves played on the ally's
    strike), with the claims."""
    doc = _combat_doc(ctrl, ally, status, rolls, after)
    if rolls is None:
        del doc["combat"]["strikes"][0]["rolls"]
    return {**doc, "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]}


def _verdicts(doc) -> list:
    return [v.verdict for v in verify(scenario_from_dict(doc, file="<t>")).verdicts]


CTRL = st.sampled_from(["Lagduf", "Deallus", "Wormtongue"])
ALLY = st.sampled_from(["War-wolf", "War-warg", "The Warg-king"])
STATUS = st.sampled_from(["untapped", "tapped", "wounded"])


@SETTINGS
@given(CTRL, ALLY, STATUS, st.integers(2, 12), st.integers(2, 12))
def test_on_the_dice(ctrl, ally, status, roll, body):
    """The ally ties its strike of the attack (7 + its prowess + 3 against Aragorn II's 6 + its prowess + 4: nobody
    is wounded), then its strike after the attack is rolled ``roll`` (and ``body``, when the controller loses)."""
    a_prowess = PRINTED[ally][0] + 3
    rolls = {"attacker": a_prowess + 1, "defender": 7}
    mine = PRINTED[ctrl][0] - PENALTY[status] + roll
    strike = PRINTED[ally][0] + 3
    lost = mine < strike
    out = body + (1 if status == "wounded" else 0) > PRINTED[ctrl][1]
    claims = [f"{ally}'s strike after the attack fails", f"{ally}'s strike after the attack is ineffectual",
              f"{ally}'s strike after the attack wounds {ctrl}", f"{ally}'s strike after the attack eliminates {ctrl}",
              f"{ctrl} faces a strike after the attack"]
    after = [{"ally": ally, "roll": roll, **({"body": body} if lost else {})}]
    got = _verdicts(_doc(ctrl, ally, status, claims, after=after, rolls=rolls))
    assert got == [mine > strike, mine == strike, lost, lost and out, True]


def _possible(ctrl, ally, status):
    """What some roll gives: the controller's 2d6 (2..12) + his prowess against the strike's, the body check's."""
    mine = [PRINTED[ctrl][0] - PENALTY[status] + r for r in range(2, 13)]
    strike = PRINTED[ally][0] + 3
    lost = any(m < strike for m in mine)
    return {"fail": any(m > strike for m in mine), "be ineffectual": strike in mine, "wound": lost,
            "eliminate": lost and any(b + (1 if status == "wounded" else 0) > PRINTED[ctrl][1] for b in range(2, 13))}


@SETTINGS
@given(CTRL, ALLY, STATUS)
def test_may_and_cannot_from_the_odds(ctrl, ally, status):
    can = _possible(ctrl, ally, status)
    claims = [f"{ally}'s strike after the attack may {w}" + (f" {ctrl}" if w in ("wound", "eliminate") else "")
              for w in can]
    claims += [c.replace(" may ", " cannot ") for c in claims] + [f"{ctrl} may face a strike after the attack"]
    got = _verdicts(_doc(ctrl, ally, status, claims))
    assert got == list(can.values()) + [not v for v in can.values()] + [True]


def test_the_ally_eliminated_in_the_attack_makes_no_strike_after_it():
    """War-warg loses its strike and the body check eliminates it: no strike after the attack (MECCG-FX-32
    reads the allies still in play); Wormtongue faces none."""
    doc = _doc("Wormtongue", "War-warg", "untapped", ["Wormtongue faces a strike after the attack",
                                                      "War-warg's strike after the attack fails"],
               rolls={"attacker": 12, "defender": 2, "body": 12})
    rep = verify(scenario_from_dict(doc, file="<t>"))
    assert [v.verdict for v in rep.verdicts] == [False, False]
    assert rep.verdicts[0].rules == ["MECCG-FX-32"]
    assert "has left play" in rep.verdicts[0].notes[0]


def test_cited_rules_and_without_fx32_no_strike():
    doc = _doc("Wormtongue", "War-warg", "wounded", ["War-warg's strike after the attack eliminates Wormtongue",
                                                     "War-warg's strike after the attack may fail"],
               after=[{"ally": "War-warg", "roll": 4, "body": 9}], rolls={"attacker": 7, "defender": 7})
    got = verify(scenario_from_dict(doc, file="<t>")).verdicts
    assert [v.verdict for v in got] == [True, True]
    assert got[0].rules == ["MECCG-FX-32", "MECCG-SEQ-10", "MECCG-BODY-1"]
    assert got[1].rules == ["MECCG-FX-32", "MECCG-SEQ-10"]
    with removed("MECCG-FX-32"), pytest.raises(Exception, match="makes no strike after the attack"):
        verify(scenario_from_dict(doc, file="<t>"))


@pytest.mark.parametrize("claim, message", [
    ("Wormtongue's strike after the attack fails", "ally: Wormtongue makes no strike after the attack"),
    ("War-warg's strike after the attack wounds Aragorn II", "not a member of the defender company"),
    ("Lagduf faces a strike after the attack", "not a member of the defender company"),
    ({"kind": "after_attack_strike", "ally": "War-warg", "result": "kills"}, "result: one of eliminates"),
])
def test_bad_claims_are_clear_errors(tmp_path, capsys, claim, message):
    import yaml

    doc = _doc("Wormtongue", "War-warg", "wounded", [claim] if isinstance(claim, str) else [])
    if not isinstance(claim, str):
        doc["claims"] = [claim]
    p = tmp_path / "bad.yaml"
    p.write_text(yaml.safe_dump(doc), encoding="utf-8")
    assert main(["verify", str(p)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err, err


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 6), st.integers(5, 9), st.integers(1, 9), STATUS)
def test_may_after_the_rolls_before_strikes_are_assigned(p, b, mind, status):
    """After Crowned with Storm's wound rolls before strikes are assigned (a chance node before
    the assignment, MECCG-FX-31): "may" is read from the chances over every outcome of the rolls, the brute
    force of tests/meccg/test_crowned_with_storm.py."""
    doc = _wolf_doc((p, b, mind, status))
    doc["claims"] = [{"claim": "War-wolf's strike after the attack may eliminate Grishnak"},
                     {"claim": "War-wolf's strike after the attack may be ineffectual"},
                     {"claim": "Grishnak may face a strike after the attack"}]
    want = wolf_brute((p, b, mind, status))
    got = verify(scenario_from_dict(doc, file="<t>")).verdicts
    assert [v.verdict for v in got] == [want.get("eliminated", 0) > 0, want.get("tie", 0) > 0,
                                        want.get("none", 0) < 1]
    assert got[0].notes[-1] == f"P(eliminated) = {want.get('eliminated', 0)}"
