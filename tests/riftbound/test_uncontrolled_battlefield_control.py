"""RB-RES-4 and RB-RES-5 at a battlefield nobody controlled as the combat began (``battlefield: {controlled_by:
nobody}``, CR 316.5.b.1.a): the Defender left there alone (his units alone survive, or the attackers are recalled)
does not keep the battlefield, he establishes control of it; gaining control of a battlefield he has not scored this
turn is a Conquer, which scores ("the scorer need not be the player who applied Contested"). Every verb says so:
``odds`` (its result line, outcome and JSON), ``verify`` (its outcome and score claims), ``enumerate`` and
``optimize``; ``scored_this_turn`` names the sides that already scored it (then no Conquer, no score)."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.damage.outcome import Control, resolve
from pycombat.games.riftbound.schema import scenario_from_dict

A2 = {"name": "A", "custom": True, "might": 2}


def _doc(defender: dict, battlefield: dict | None = None, **extra) -> dict:
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": [A2]},
           "defender": {"player": "Bo", "units": [defender]}, **extra}
    if battlefield is not None:
        doc["battlefield"] = {"name": "Open Field", **battlefield}
    return doc


WINS = {"name": "D", "custom": True, "might": 4}  # the Defender's 4 kills A; A's 2 does not kill D
STUNNED = {"name": "D", "custom": True, "might": 4, "stunned": True}  # nobody dies: the attackers are recalled
NOBODY = {"controlled_by": "nobody"}


@pytest.mark.parametrize("defender, outcome", [(WINS, "keep"), (STUNNED, "recall")])
def test_the_defender_left_alone_at_an_uncontrolled_battlefield_conquers_and_scores(defender, outcome):
    r = resolve(scenario_from_dict(_doc(defender, NOBODY), file="<t>"))
    assert r.outcome == outcome  # the outcome class: who has units left (RB-RES-7)
    assert (r.scores, r.scorer) == (True, "defender")
    assert r.control.gains(outcome) == r.control.conquers(outcome) == "defender"
    result = next(ln for ln in r.lines if ln.text.startswith("Result:"))
    assert "Open Field was uncontrolled, so Bo establishes control of it: he conquers it and scores" in result.text
    assert "keeps" not in result.text and {"RB-RES-4", "RB-RES-5"} <= set(result.rules)
    js = pycombat.load(_doc(defender, NOBODY)).run("odds").to_json()
    assert js["scorer"] == "defender" and js["scores"] is True
    assert js["control"]["before"] is None
    assert js["control"]["after"][outcome] == {"controller": "defender", "gains_control": "defender",
                                               "conquers": "defender", "scorer": "defender"}
    assert "keeps" not in js["outcome_text"] and "he conquers it and scores" in js["outcome_text"]


@pytest.mark.parametrize("defender", [WINS, STUNNED])
def test_the_defender_keeps_only_a_battlefield_he_controlled(defender):
    """The same combats at the Defender's own battlefield (the default): he keeps it and scores nothing."""
    r = resolve(scenario_from_dict(_doc(defender, {}), file="<t>"))
    assert (r.scores, r.scorer) == (False, None)
    assert "keeps Open Field" in next(ln.text for ln in r.lines if ln.text.startswith("Result:"))


CLAIMS = ["the defender keeps the battlefield", "the defender can keep the battlefield",
          "the defender conquers the battlefield", "the defender can conquer", "the defender scores",
          "the defender does not score", "the defender scores a hold", "the attacker conquers", "the attacker scores"]


@pytest.mark.parametrize("defender", [WINS, STUNNED])
@pytest.mark.parametrize("splits", [False, True])
def test_verify_claims_at_an_uncontrolled_battlefield(defender, splits):
    extra = {"splits": {"attacker": {"D": 2}, "defender": {"A": 0} if defender is STUNNED else {"A": 4}}} \
        if splits else {}
    if defender is STUNNED and splits:
        extra["splits"]["defender"] = {}
    doc = _doc(defender, NOBODY, claims=CLAIMS, **extra)
    verdicts = pycombat.load(doc).run("verify").verdicts
    assert [v.verdict for v in verdicts] == [False, False, True, True, True, False, False, False, False]
    keep = verdicts[0]
    assert any("Bo did not control Open Field" in n and "establishes control" in n for n in keep.notes)
    assert {"RB-RES-4", "RB-RES-5"} <= set(verdicts[2].rules)
    assert "RB-RES-6" in verdicts[6].rules  # a Hold is not a combat outcome


def test_verify_claims_at_the_defenders_battlefield():
    """The default control: "the defender scores" is read (it was refused before) and is false; he keeps it."""
    verdicts = pycombat.load(_doc(WINS, {}, claims=CLAIMS)).run("verify").verdicts
    assert [v.verdict for v in verdicts] == [True, True, False, False, False, True, False, False, False]


def test_a_defender_who_scored_it_this_turn_takes_control_without_a_conquer():
    doc = _doc(WINS, {**NOBODY, "scored_this_turn": ["defender"]}, claims=CLAIMS)
    verdicts = pycombat.load(doc).run("verify").verdicts
    assert [v.verdict for v in verdicts] == [False, False, False, False, False, True, False, False, False]
    r = resolve(scenario_from_dict(doc, file="<t>"))
    assert (r.scores, r.scorer, r.control.gains("keep"), r.control.conquers("keep")) == (False, None, "defender", None)
    assert "no Conquer and scores nothing" in next(ln.text for ln in r.lines if ln.text.startswith("Result:"))


def test_scored_this_turn_true_still_means_the_attacker():
    s = scenario_from_dict(_doc({"name": "D", "custom": True, "might": 1}, {"scored_this_turn": True}), file="<t>")
    assert Control.of(s).scored == {"attacker"}
    r = resolve(s)
    assert (r.outcome, r.scores, r.scorer) == ("conquer", False, None)


def test_the_attacker_conquering_an_uncontrolled_battlefield_scores_as_before():
    r = resolve(scenario_from_dict(_doc({"name": "D", "custom": True, "might": 1}, NOBODY), file="<t>"))
    assert (r.outcome, r.scores, r.scorer) == ("conquer", True, "attacker")


@pytest.mark.parametrize("value, message, path", [
    (["bo"], "'bo' is not one of attacker, defender", "battlefield.scored_this_turn[0]"),
    (["defender", "defender"], "defender is listed twice", "battlefield.scored_this_turn[1]"),
    ("yes", "must be true or false or a list", "battlefield.scored_this_turn"),
])
def test_a_bad_scored_this_turn_is_refused(value, message, path):
    with pytest.raises(ScenarioError, match=message) as err:
        scenario_from_dict(_doc(WINS, {"scored_this_turn": value}), file="<t>")
    assert err.value.path == path


def test_enumerate_and_optimize_name_the_defenders_conquest():
    doc = _doc(WINS, NOBODY)
    enum = pycombat.load(doc).run("enumerate").to_json()
    assert enum["outcomes"] == ["keep"] and "he conquers it and scores" in enum["outcome_texts"]["keep"]
    opt = pycombat.load(doc).run("optimize").to_json()
    assert opt["joint"]["outcome"] == "keep" and "he conquers it and scores" in opt["joint"]["outcome_text"]
