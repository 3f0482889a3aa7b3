"""A member who left play in an earlier strike of the attack takes no further part in it, in every verb.

* An ally leaves play with its controlling character (MECCG-BODY-4): Great Lord of Goblin-gate, Shagrat's ally,
  cannot tap for his +2 (MECCG-CARD-2, MECCG-FX-4) once Shagrat is eliminated: ``replay`` refuses the play with
  the file's dice, ``verify`` says it may not be played, and ``odds``, which does not follow the dice for a card,
  refuses it rather than counting the +2 in every case.
* "X survives strike N" is FALSE for a character who left play before strike N (he does not stay in play), and
  a claim on a strike not resolved because of it cites the rule by which he left: MECCG-FX-24 for the member who
  paid No Waiting to Wonder and lost his body check, MECCG-BODY-4 for an ally with its controller.
* "X may support Y in strike N" is FALSE for a member gone earlier (MECCG-SEQ-6): an ally with its controller,
  a Wizard who failed the corruption check Kindling of the Spirit cost (MECCG-FX-25).
"""
from __future__ import annotations

import pytest

import pycombat
from pycombat.errors import PycombatError
from test_replay_names_every_member_who_left_and_every_field import PAYER  # noqa: E402


def _verdicts(doc: dict) -> dict:
    out = pycombat.load(doc).run("verify").to_json()
    return {c["id"]: (c["verdict"], [r["rule"] for r in c["reasons"]]) for c in out["claims"]}


def _claims(*sentences: str) -> list[dict]:
    return [{"id": f"c{i}", "claim": c} for i, c in enumerate(sentences)]


def _great_lord(second_cards: list[str], claims=()) -> dict:
    # strike 1: Shagrat 6 - 1 (tapped) + 2 against Aragorn II 6 + 12: Shagrat loses; body check 12 > 9: eliminated
    second = {"defender": "Gimli", "attacker": "Lagduf", "rolls": {"attacker": 7, "defender": 7, "body": 4}}
    if second_cards:
        second["attacker_cards"] = second_cards
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                         "members": ["Shagrat", "Lagduf", {"name": "Great Lord of Goblin-gate", "ally_of": "Shagrat"}]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Gimli"]},
            "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat",
                                    "rolls": {"attacker": 2, "defender": 12, "body": 12}}, second]},
            "claims": _claims(*claims)}


def test_replay_refuses_the_ability_of_an_ally_gone_with_its_controller():
    with pytest.raises(PycombatError) as exc:
        pycombat.load(_great_lord(["Great Lord of Goblin-gate"])).run("replay")
    assert exc.value.path == "combat.strikes[1].attacker_cards"
    assert "Great Lord of Goblin-gate left play earlier in the attack (with Shagrat" in exc.value.message
    assert "MECCG-FX-4" in exc.value.message


def test_odds_refuses_a_card_whose_member_may_be_gone_instead_of_counting_it_always():
    with pytest.raises(PycombatError) as exc:
        pycombat.load(_great_lord(["Great Lord of Goblin-gate"])).run("odds")
    assert exc.value.path == "combat.strikes[1].attacker_cards"
    assert "may leave play in an earlier strike (MECCG-BODY-4)" in exc.value.message


def test_verify_the_ally_gone_with_its_controller_may_not_be_played():
    got = _verdicts(_great_lord([], ["Great Lord of Goblin-gate may be played at step 1 of the strike against Gimli",
                                     "Great Lord of Goblin-gate may be played at step 1 of the strike against "
                                     "Aragorn II"]))
    assert got["c0"] == (False, ["MECCG-FX-4", "MECCG-BODY-4"])
    assert got["c1"][0] is True  # strike 1: Shagrat is still in play


def _payer(claims) -> dict:
    # strike 1: Shagrat 6 - 4 + 12 = 14 against Aragorn II 6 + 2 = 8: Aragorn II loses; Frodo, who tapped to pay
    # No Waiting to Wonder, makes a body check: 11 > 9, eliminated (MECCG-FX-24); strike 2 is his own
    return {**PAYER, "claims": _claims(*claims)}


def test_a_character_gone_before_his_strike_does_not_survive_it():
    got = _verdicts(_payer(["Frodo survives strike 2", "Lagduf survives strike 2", "strike 2 fails",
                            "Frodo is wounded in strike 2"]))
    assert got["c0"] == (False, ["MECCG-FX-24"])
    assert got["c1"][0] is True  # his opponent stays in play
    assert "MECCG-FX-24" in got["c2"][1] and "MECCG-FX-25" not in got["c2"][1] and got["c2"][0] is False
    assert got["c3"] == (False, ["MECCG-FX-24"])


def test_an_ally_gone_with_its_controller_does_not_survive_its_own_later_strike():
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                        "members": [{"name": "Lieutenant of Angmar", "status": "tapped"},
                                    {"name": "Lagduf", "status": "tapped"}]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                        "members": ["Éomer", {"name": "Bill the Pony", "ally_of": "Éomer"}]},
           "combat": {"strikes": [{"defender": "Éomer", "attacker": "Lieutenant of Angmar",
                                   "rolls": {"attacker": 12, "defender": 2, "body": 12}},
                                  {"defender": "Bill the Pony", "attacker": "Lagduf"}]},
           "claims": _claims("Bill the Pony survives strike 2", "Bill the Pony is eliminated in strike 2")}
    got = _verdicts(doc)
    assert got["c0"] == (False, ["MECCG-BODY-4"])
    assert got["c1"] == (False, ["MECCG-BODY-4"])


def test_a_member_gone_earlier_may_not_support():
    # Éomer (3 + 1) against the Lieutenant of Angmar (8): 6 against 20, body check 12 > 8: eliminated, and
    # Goldberry, his ally, leaves play with him (MECCG-BODY-4)
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "The Wind Throne",
                        "members": ["Lieutenant of Angmar", "Shagrat"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "The Wind Throne",
                        "members": ["Éomer", "Aragorn II", "Faramir", {"name": "Goldberry", "ally_of": "Éomer"}]},
           "combat": {"strikes": [{"defender": "Éomer", "attacker": "Lieutenant of Angmar", "support": ["Faramir"],
                                   "rolls": {"attacker": 12, "defender": 2, "body": 12}},
                                  {"defender": "Aragorn II", "attacker": "Shagrat",
                                   "rolls": {"attacker": 7, "defender": 7}}]},
           "claims": _claims("Goldberry may support Aragorn II in strike 2", "Goldberry may support Éomer in strike 1")}
    got = _verdicts(doc)
    assert got["c0"][0] is False and got["c0"][1][:2] == ["MECCG-SEQ-6", "MECCG-BODY-4"]
    assert got["c1"][0] is True
    # Gandalf fails the corruption check Kindling of the Spirit cost (3 - 1 = 2, not above his 2 points): discarded
    kindling = {"game": "meccg",
                "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                             "members": ["Lagduf", {"name": "Shagrat", "status": "tapped"}]},
                "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                             "members": ["Aragorn II", {"name": "Gandalf", "corruption_points": 2}, "Gimli"]},
                "combat": {"strikes": [
                    {"defender": "Aragorn II", "attacker": "Lagduf", "defender_cards": ["Kindling of the Spirit"],
                     "rolls": {"cards": [3], "attacker": 7, "defender": 7, "body": 7}},
                    {"defender": "Gimli", "attacker": "Shagrat", "rolls": {"attacker": 7, "defender": 7, "body": 7}}]},
                "claims": _claims("Gandalf may support Gimli in strike 2")}
    assert _verdicts(kindling)["c0"] == (False, ["MECCG-SEQ-6", "MECCG-FX-25"])


def test_an_ally_leaving_with_its_controller_in_his_strike_is_discarded_in_it():
    """Goldberry neither faces nor supports Éomer's strike, but leaves play with him when he is eliminated in it
    (MECCG-BODY-4), as ``replay`` narrates: a claim on what happens to her in that strike is answered."""
    def doc(body: int) -> dict:
        return {"game": "meccg",
                "attacker": {"player": "Jim", "alignment": "minion", "site": "The Wind Throne",
                             "members": ["Lieutenant of Angmar"]},
                "defender": {"player": "Bob", "alignment": "hero", "site": "The Wind Throne",
                             "members": ["Éomer", {"name": "Goldberry", "ally_of": "Éomer"}]},
                "combat": {"strikes": [{"defender": "Éomer", "attacker": "Lieutenant of Angmar",
                                        "rolls": {"attacker": 12, "defender": 2, "body": body}}]},
                "claims": _claims("Goldberry is discarded in strike 1", "Goldberry survives strike 1",
                                  "Goldberry is eliminated in strike 1")}
    assert _verdicts(doc(12)) == {"c0": (True, ["MECCG-BODY-4"]), "c1": (False, ["MECCG-BODY-4"]),
                                  "c2": (False, ["MECCG-BODY-4"])}
    assert [v for v, _r in _verdicts(doc(5)).values()] == [False, True, False]  # Éomer survives, wounded
