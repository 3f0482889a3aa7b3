"""A strike one of whose characters left play earlier in the attack is not resolved (no roll, MECCG-SEQ-9): "the
final prowess of X in strike N is V" is FALSE there, as the file's dice have it, citing the rule by which he left
(the member who paid No Waiting to Wonder and lost his body check: MECCG-FX-24; an ally with its controlling
character: MECCG-BODY-4), as the claims on that strike's result say it is not resolved. Where the file does not
give the die that decides whether he left, the prowess is the strike's as it is set up, decided without the die
(tests/meccg/test_status_in_the_attack.py, Healing Herbs for a payer tapped earlier)."""
from __future__ import annotations

import pycombat


def _verdicts(doc: dict) -> list:
    out = pycombat.load(doc).run("verify").to_json()
    return [(c["verdict"], [r["rule"] for r in c["reasons"]]) for c in out["claims"]]


def _payer(payer_body=11, rolls=True) -> dict:
    first = {"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": ["No Waiting to Wonder"],
             "payers": ["Frodo"]}
    if rolls:  # Shagrat 12 + 6 - 1 against Aragorn II 2 + 6 - 4: Aragorn II loses; Frodo's body check 11 > 9
        first["rolls"] = {"attacker": 12, "defender": 2, "body": 5, "payer_body": payer_body}
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                         "members": ["Aragorn II", "Frodo", "Sam Gamgee"]},
            "combat": {"strikes": [first, {"defender": "Frodo", "attacker": "Lagduf"}]},
            "claims": [{"claim": "the final prowess of Frodo in strike 2 is 0"},
                       {"claim": "the final prowess of Lagduf in strike 2 is 5"},
                       {"claim": "strike 2 is ineffectual"}]}


def test_the_prowess_in_a_strike_not_resolved_is_false_citing_why():
    assert _verdicts(_payer()) == [(False, ["MECCG-FX-24"]), (False, ["MECCG-FX-24"]),
                                   (False, ["MECCG-SEQ-9", "MECCG-SEQ-10", "MECCG-FX-24"])]


def test_the_prowess_in_a_strike_resolved_is_its_own():
    doc = _payer(payer_body=4)  # Frodo survives his body check: strike 2 is resolved
    doc["claims"] = doc["claims"][:2]
    assert [v for v, _r in _verdicts(doc)] == [True, True]


def test_without_the_die_that_decides_it_the_prowess_is_the_strikes_as_set_up():
    doc = _payer(rolls=False)
    doc["claims"] = doc["claims"][:2]
    assert [v for v, _r in _verdicts(doc)] == [True, True]


def test_an_ally_gone_with_its_controller():
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                        "members": ["Éomer", {"name": "Gwaihir", "ally_of": "Éomer"}]},
           # Shagrat 12 + 5 against Éomer 2 + 6: body check 12 > 8, Éomer eliminated, Gwaihir with him
           "combat": {"strikes": [{"defender": "Éomer", "attacker": "Shagrat",
                                   "rolls": {"attacker": 12, "defender": 2, "body": 12}},
                                  {"defender": "Gwaihir", "attacker": "Lagduf"}]},
           "claims": [{"claim": "the final prowess of Lagduf in strike 2 is 5"}]}
    assert _verdicts(doc) == [(False, ["MECCG-BODY-4"])]
