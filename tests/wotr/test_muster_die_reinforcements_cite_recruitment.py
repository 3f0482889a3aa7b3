"""A Muster die recruits from the player's available reinforcements (WOTR-DICE-4, RB p.26 "Recruiting new units
and Leaders"): with none of the figure left, the refusal cites the Muster result's rule; a card's figures come
from the reinforcements too (WOTR-EVT-6), and its refusal cites the card rule."""
from __future__ import annotations

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict

DOC = {"game": "wotr", "politics": {"Gondor": "at_war", "Elves": "at_war"},
       "position": {"regions": {"Pelargir": {"units": {"Gondor": {"regulars": 10}}},
                                "Lossarnach": {"units": {"Gondor": {"regulars": 5, "leaders": 4}}}},
                    "reinforcements": {"Elves": {"regulars": 0, "elites": 1}, "Gondor": {"regulars": 0}}},
       "action": {"side": "free_peoples", "die": "muster"},
       "hand": [{"name": "a card that recruits", "type": "muster", "musters": True}],
       "claims": [{"id": "die-regular", "claim": "a Muster die may recruit 1 Gondor Regular in Lamedon"},
                  {"id": "die-elf", "claim": "a Muster die may recruit 1 Elves Regular in Rivendell"},
                  {"id": "die-elite", "claim": "a Muster die may recruit 1 Elves Elite in Rivendell"},
                  {"id": "card-regular", "claim": "a card that recruits may bring 1 Gondor Regular into Lamedon"}]}


def test_none_left_cites_the_muster_rule_for_a_die_and_the_card_rule_for_a_card():
    got = {c["id"]: c for c in verbs.verify(scenario_from_dict(DOC, file="reinf.yaml")).to_json()["claims"]}
    assert got["die-regular"]["verdict"] is False
    assert got["die-regular"]["notes"] == ["WOTR-DICE-4: not in the reinforcements: Gondor, regular, 1, 0"]
    assert [r["rule"] for r in got["die-regular"]["reasons"]] == ["WOTR-DICE-4"]
    assert got["die-elf"]["notes"] == ["WOTR-DICE-4: not in the reinforcements: Elves, regular, 1, 0"]
    assert got["die-elite"]["verdict"] is True
    assert got["card-regular"]["verdict"] is False
    assert "WOTR-EVT-6: not in the reinforcements: Gondor, regular, 1, 0" in got["card-regular"]["notes"]
    assert "WOTR-DICE-4" not in [r["rule"] for r in got["card-regular"]["reasons"]]
