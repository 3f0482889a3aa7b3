"""``replay`` on the strike after the attack's strikes that Our Own Wolves (AS-95) costs
(MECCG-FX-32), checked against a brute force written here from the rules' words: the ally's strike of the
attack (MECCG-SEQ-9/10, the body check MECCG-BODY-1), then, if the ally is still in play, the
controller's 2d6 + his prowess as the attack left him (-2 wounded, -1 tapped) against the ally's printed
prowess + 3: higher fails, equal ineffectual, lower wounds him and the body check (+1 if wounded before)
above his body eliminates him, on a discard number discards him (MECCG-BODY-2)."""
from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import replay

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: prowess, body, MP, discard numbers (characters.json)
PRINTED = {"Lagduf": (5, 8, 1, (8,)), "Deallus": (2, 7, 1, ()), "Wormtongue": (1, 8, 2, ()),
           "War-wolf": (2, 7, 1, ()), "War-warg": (3, 6, 1, ()), "The Warg-king": (4, 8, 2, ())}
ARAGORN = 6  # Aragorn II's prowess, untapped: no modifier


def _doc(ctrl: str, ally: str, status: str, rolls: dict, after: list | None) -> dict:
    combat = {"strikes": [{"defender": ally, "attacker": "Aragorn II", "defender_cards": ["Our Own Wolves"],
                           "rolls": rolls}]}
    if after is not None:
        combat["after_attack"] = after
    return {"game": "meccg",
            "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
            "defender": {"alignment": "minion", "site": "Moria",
                         "members": [{"name": ctrl, "status": status}, {"name": ally, "ally_of": ctrl}]},
            "combat": combat}


def brute(ctrl: str, ally: str, status: str, ra: int, rd: int, rb: int, roll: int, body: int) -> tuple[str, str | None]:
    """``(result, fate)`` of the strike after the attack, from the rules' words."""
    a_prowess, a_body = PRINTED[ally][0], PRINTED[ally][1]
    if ARAGORN + ra > a_prowess + 3 + rd and rb > a_body:  # the ally lost its strike and its body check
        return "none", None
    c_prowess, c_body, _mp, discard = PRINTED[ctrl]
    mine = c_prowess + roll - {"wounded": 2, "tapped": 1, "untapped": 0}[status]
    strike = a_prowess + 3
    if mine > strike:
        return "fails", None
    if mine == strike:
        return "tie", None
    check = body + (1 if status == "wounded" else 0)
    if check in discard:
        return "succeeds", "discarded"
    return "succeeds", "eliminated" if check > c_body else "survives"


PAIRS = [("Lagduf", "War-wolf"), ("Deallus", "War-warg"), ("Wormtongue", "War-warg"), ("Wormtongue", "The Warg-king")]


@SETTINGS
@given(pair=st.sampled_from(PAIRS), status=st.sampled_from(["untapped", "tapped", "wounded"]),
       dice=st.tuples(*[st.integers(2, 12)] * 5))
def test_replay_matches_the_brute_force(pair, status, dice):
    ctrl, ally = pair
    ra, rd, rb, roll, body = dice
    want = brute(ctrl, ally, status, ra, rd, rb, roll, body)
    # only the dice the combat uses (one it never needs is refused): the body check of the attack's strike
    # unless it is a tie (MECCG-SEQ-10), the controller's roll if the ally is still in play, his body check if
    # he loses that strike
    tie = ARAGORN + ra == PRINTED[ally][0] + 3 + rd
    after = {"ally": ally, **({} if want[0] == "none" else {"roll": roll}),
             **({"body": body} if want[0] == "succeeds" else {})}
    s = scenario_from_dict(_doc(ctrl, ally, status, {"attacker": ra, "defender": rd, **({} if tie else {"body": rb})},
                                [after] if want[0] != "none" else None), file="<t>")
    rep = replay(s)
    [(a, steps, res)] = rep.replay.after_attack
    assert (res.result, res.fate) == want
    assert "MECCG-FX-32" in steps[0].rules
    ally_lost = ARAGORN + ra > PRINTED[ally][0] + 3 + rd
    scored = (PRINTED[ctrl][2] if want[1] == "eliminated" else 0) + (PRINTED[ally][2] if want[0] == "none" else 0)
    assert rep.replay.kill_mp[1] == scored  # the attacker player's: the ally's and the controller's (MECCG-BODY-5)
    j = rep.to_json()
    assert j["strikes_after_attack"][0]["result"] == want[0]
    assert all(u["what"].find("MECCG-FX-32") < 0 for u in j["unmodelled"])  # resolved here
    # the same with every die given in order on --rolls
    someone_lost = ARAGORN + ra != PRINTED[ally][0] + 3 + rd  # the loser's body check (either side's)
    assert ally_lost <= someone_lost
    flat = [ra, rd] + ([rb] if someone_lost else []) + ([] if want[0] == "none" else [roll]) \
        + ([body] if want[0] == "succeeds" else [])
    s2 = scenario_from_dict(_doc(ctrl, ally, status, {}, None), file="<t>")
    [(_a, _st, res2)] = replay(s2, rolls=flat).replay.after_attack
    assert (res2.result, res2.fate) == want


def test_missing_roll_is_one_clear_error():
    doc = _doc("Wormtongue", "War-warg", "wounded", {"attacker": 7, "defender": 7}, None)
    with pytest.raises(ScenarioError, match="after_attack"):
        replay(scenario_from_dict(doc, file="<t>"))
    doc["combat"]["after_attack"] = [{"ally": "War-wolf", "roll": 5}]
    with pytest.raises(ScenarioError, match="War-wolf makes no strike after the attack"):
        replay(scenario_from_dict(doc, file="<t>"))
    doc["combat"]["after_attack"] = [{"ally": "War-warg", "roll": 2}]  # he loses: the body check's roll
    with pytest.raises(ScenarioError, match="body"):
        replay(scenario_from_dict(doc, file="<t>"))


def test_cli_missing_roll_exits_2(tmp_path):
    import yaml

    doc = _doc("Wormtongue", "War-warg", "wounded", {"attacker": 7, "defender": 7}, None)
    f = tmp_path / "s.yaml"
    f.write_text(yaml.safe_dump(doc))
    out = subprocess.run([sys.executable, "-m", "pycombat", "replay", str(f)], capture_output=True, text=True)
    assert out.returncode == 2 and "combat.after_attack" in out.stderr



@pytest.mark.parametrize("roll, result", [(12, "fails"), (7, "ineffectual")])
def test_a_body_roll_for_an_afterwards_strike_he_does_not_lose_is_refused(roll, result):
    """Wormtongue (1, wounded: -2) against War-warg's strike at 3 + 3 = 6 after a tied strike of the attack:
    12 - 1 = 11 > 6 fails, 7 - 1 = 6 is ineffectual; either way nobody is wounded (MECCG-SEQ-10), so the body
    check's roll the file gives is refused, naming the field, never ignored."""
    doc = _doc("Wormtongue", "War-warg", "wounded", {"attacker": 7, "defender": 7},
               [{"ally": "War-warg", "roll": roll, "body": 9}])
    with pytest.raises(ScenarioError) as exc:
        replay(scenario_from_dict(doc, file="<t>"))
    assert exc.value.path == "combat.after_attack[0].body"
    assert "needs no body-check roll" in str(exc.value) and result in str(exc.value) and "MECCG-SEQ-10" in str(exc.value)
    del doc["combat"]["after_attack"][0]["body"]  # without it: resolved
    [(_a, _steps, res)] = replay(scenario_from_dict(doc, file="<t>")).replay.after_attack
    assert res.result == {"fails": "fails", "ineffectual": "tie"}[result]
