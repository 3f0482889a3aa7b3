"""RB-DMG-3, RB-DMG-4, RB-MIGHT-1: a side's stated split (the file's `splits:`) is read by every claim it decides,
whether or not the other side's is stated too. A unit's fate turns on the other side's split alone: with the Attacker's
split stated and legal, "D3a survives" and "D3b dies" read it, as odds deals it. An outcome needs both splits: with one
stated, it is decided over the legal splits of the side that states none. A stated split that is illegal is refused
(the one stated-split error, RB-JUDGE-3) by every claim that reads it as played, also beside a claim that judges it
("this split is legal", FALSE with the rule it breaks)."""
from __future__ import annotations

import pytest
import yaml

from pycombat import api
from pycombat.cli import main
from pycombat.errors import ScenarioError

#: A5 against two 3-Might defenders; the Attacker's split stated: D3a 2 (short of lethal), D3b 3 (lethal)
ONE_SPLIT = {"game": "riftbound", "battlefield": "X",
             "attacker": {"player": "A", "units": [{"name": "A5", "custom": True, "might": 5}]},
             "defender": {"player": "B", "units": [{"name": "D3a", "custom": True, "might": 3},
                                                   {"name": "D3b", "custom": True, "might": 3}]},
             "splits": {"attacker": {"D3a": 2, "D3b": 3}}}


def _verdicts(doc: dict, claims: list[str]) -> dict[str, dict]:
    doc = {**doc, "claims": [{"id": str(i), "claim": c} for i, c in enumerate(claims)]}
    return {c["claim"]: c for c in api.load(doc).verify().to_json()["claims"]}


def _rules(c: dict) -> list[str]:
    return [r["rule"] for r in c["reasons"]]


def test_a_defenders_fate_reads_the_attackers_stated_split_alone():
    got = _verdicts(ONE_SPLIT, ["D3a survives", "D3a dies", "D3b dies", "D3b survives"])
    assert {k: c["verdict"] for k, c in got.items()} == {
        "D3a survives": True, "D3a dies": False, "D3b dies": True, "D3b survives": False}
    assert "RB-MIGHT-1" in _rules(got["D3a survives"]) and "RB-DMG-4" in _rules(got["D3b dies"])
    assert any("the attacker's stated split (D3a 2, D3b 3)" in n and "D3a receives 2" in n
               for n in got["D3a survives"]["notes"])


def test_verify_agrees_with_odds_on_the_units_the_stated_split_kills():
    odds = api.load(ONE_SPLIT).run("odds").to_json()
    assert odds["splits"]["attacker"]["chosen"] == "scenario"
    got = _verdicts(ONE_SPLIT, ["D3a dies", "D3b dies"])
    for unit in ("D3a", "D3b"):
        assert got[f"{unit} dies"]["verdict"] is (unit in odds["died"]), unit


def test_what_can_happen_is_still_read_over_every_legal_split():
    """"can" asks what the rules allow, not what the stated split does: D3a can die (the split D3a 3, D3b 2)."""
    got = _verdicts(ONE_SPLIT, ["D3a can die", "D3a can survive"])
    assert got["D3a can die"]["verdict"] is True and got["D3a can survive"]["verdict"] is True


def test_an_attackers_fate_reads_the_defenders_stated_split_alone():
    doc = {**ONE_SPLIT, "splits": {"defender": {"A5": 6}}}
    got = _verdicts(doc, ["A5 dies", "A5 survives"])
    assert got["A5 dies"]["verdict"] is True and got["A5 survives"]["verdict"] is False


def test_an_outcome_with_one_split_stated_is_read_over_the_other_sides_legal_splits():
    """The Attacker's split kills D3b and spares D3a; every legal split of the Defender's 6 kills A5: the Defender
    keeps the battlefield, and the note says which split was read and over what."""
    got = _verdicts(ONE_SPLIT, ["the defender keeps the battlefield", "the attacker conquers",
                                "the battlefield is nobody's"])
    assert {k: c["verdict"] for k, c in got.items()} == {
        "the defender keeps the battlefield": True, "the attacker conquers": False,
        "the battlefield is nobody's": False}
    note = " ".join(got["the defender keeps the battlefield"]["notes"])
    assert "the attacker's stated split (D3a 2, D3b 3)" in note and "legal splits of the defender" in note


def test_an_outcome_the_stated_split_decides_is_read_from_it():
    """Under marked_damage=ignore the outcome turns on the split (RB-MODEL-4 no longer holds): A4 against D3a (Might
    3, 2 damage marked, lethal 3 under the flag) and D3b (Might 3). The stated "D3b 3, D3a 1" kills both (D3a's
    2 + 1 reach its Might at the cleanup, RB-MIGHT-1); "D3a 3, D3b 1" would spare D3b. The Defender's 6 kills A4
    whatever he assigns: with the stated split the battlefield is nobody's."""
    doc = {"game": "riftbound", "battlefield": "X", "rules": {"marked_damage": "ignore"},
           "attacker": {"player": "A", "units": [{"name": "A4", "custom": True, "might": 4}]},
           "defender": {"player": "B", "units": [{"name": "D3a", "custom": True, "might": 3, "damage": 2},
                                                 {"name": "D3b", "custom": True, "might": 3}]},
           "splits": {"attacker": [{"D3b": 3}, {"D3a": 1}]}}
    got = _verdicts(doc, ["the battlefield is nobody's", "the defender keeps the battlefield"])
    assert got["the battlefield is nobody's"]["verdict"] is True
    assert got["the defender keeps the battlefield"]["verdict"] is False
    other = {**doc, "splits": {"attacker": [{"D3a": 3}, {"D3b": 1}]}}
    got = _verdicts(other, ["the battlefield is nobody's", "the defender keeps the battlefield"])
    assert got["the battlefield is nobody's"]["verdict"] is False
    assert got["the defender keeps the battlefield"]["verdict"] is True


def test_who_scores_and_whether_there_is_a_result_read_the_stated_split():
    """The same board: the stated "D3b 3, D3a 1" leaves nobody, so the combat ends in No Result (RB-RES-3) and
    nobody scores; over every legal split the Defender could also keep the battlefield."""
    doc = {"game": "riftbound", "battlefield": "X", "rules": {"marked_damage": "ignore"},
           "attacker": {"player": "A", "units": [{"name": "A4", "custom": True, "might": 4}]},
           "defender": {"player": "B", "units": [{"name": "D3a", "custom": True, "might": 3, "damage": 2},
                                                 {"name": "D3b", "custom": True, "might": 3}]},
           "splits": {"attacker": [{"D3b": 3}, {"D3a": 1}]}}
    got = _verdicts(doc, ["the combat ends in no result", "the attacker scores"])
    assert got["the combat ends in no result"]["verdict"] is True
    assert got["the attacker scores"]["verdict"] is False
    assert "RB-DMG-4" in _rules(got["the combat ends in no result"])
    other = {**doc, "splits": {"attacker": [{"D3a": 3}, {"D3b": 1}]}}
    assert _verdicts(other, ["the combat ends in no result"])["the combat ends in no result"]["verdict"] is False


#: the Attacker's split stated illegal (RB-DMG-7: D3b over its lethal while D3a lacks lethal)
ILLEGAL = {**ONE_SPLIT, "splits": {"attacker": {"D3a": 1, "D3b": 4}}}


def _write(tmp_path, doc: dict, claims: list[str]):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({**doc, "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]},
                                   sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("claim", ["D3a survives", "D3b dies", "the attacker conquers",
                                   "the defender keeps the battlefield"])
def test_a_claim_that_reads_an_illegal_stated_split_meets_the_error_beside_a_claim_judging_it(claim, capsys,
                                                                                               tmp_path):
    path = _write(tmp_path, ILLEGAL, ["this split is legal", claim])
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "splits.attacker: D3a 1, D3b 4 is not a legal split of the attacker's damage (RB-DMG-7)" in err
    assert "Traceback" not in err


def test_the_api_raises_the_stated_split_error_for_such_a_claim():
    doc = {**ILLEGAL, "claims": [{"claim": "this split is legal"}, {"claim": "D3a survives"}]}
    with pytest.raises(ScenarioError, match=r"splits\.attacker: D3a 1, D3b 4 is not a legal split"):
        api.load(doc).verify()


@pytest.mark.parametrize("claim", ["D3a's lethal damage is 3", "the attacker may assign D3a 3, D3b 2",
                                   "D3a can survive", "A5 survives"])
def test_claims_that_do_not_read_the_illegal_split_are_answered_beside_the_claim_judging_it(claim, capsys, tmp_path):
    """A lethal amount, a split of the claim's own, what can happen, an attacker's fate (the Defender's split, not
    stated): none reads the Attacker's stated split as played."""
    path = _write(tmp_path, ILLEGAL, ["this split is legal", claim])
    assert main(["verify", str(path), "--json"]) == 0
    import json

    got = json.loads(capsys.readouterr().out)["claims"]
    assert got[0]["verdict"] is False and [r["rule"] for r in got[0]["reasons"]] == ["RB-DMG-7"]
    assert got[1]["verdict"] is not None
