"""MECCG-FX-10: a part not modelled that changes only the attack's body by a number the data gives (Staff Asunder's
"-2 to the attack's body", combat_cards.json ``attack_body``) leaves undecided only the claims it could change: each
claim is decided again with the attacking company's body B and B-2; one verdict under both, and it is decided,
naming the part as set aside."""
from __future__ import annotations

import pytest

from pycombat.games.meccg.verbs import verify
from pycombat.games.meccg.schema import scenario_from_dict

DOC = {"game": "meccg", "rules": {"pre_assignment_attack_effects": "allowed"},
       "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": [{"name": "Gandalf", "items": ["Wizard’s Staff"]}]},
       "combat": {"strikes": [{"defender": "Gandalf", "attacker": "Lagduf", "defender_cards": ["Staff Asunder"],
                               "rolls": {"attacker": 6, "defender": 7, "body": 7, "cards": [10]}}]}}


def _verdicts(*claims: str):
    return verify(scenario_from_dict({**DOC, "claims": list(claims)}, file="<t>")).verdicts


@pytest.mark.parametrize("claim, verdict", [
    ("Lagduf is wounded in strike 1", True),                 # 18 against 11: wounded, whatever his body
    ("a body-check roll of 12 spares Lagduf", False),        # 12 eliminates at body 8 and at 6
    ("a body-check roll of 3 eliminates Lagduf", False),     # 3 spares at body 8 and at 6
    ("a body-check roll of 7 spares Gandalf", True),         # a defender: his body 9 is not the attack's
    ("strike 1 fails", True),
    ("eliminating Lagduf gives the defender 1 MP", True),
])
def test_a_claim_the_body_change_cannot_change_is_decided(claim, verdict):
    v = _verdicts(claim)[0]
    assert v.verdict is verdict, v
    assert any("unable to change this verdict" in n and "Staff Asunder" in n for n in v.notes), v.notes


@pytest.mark.parametrize("claim, would", [
    ("a body-check roll of 7 spares Lagduf", True),          # 7 spares at body 8, eliminates at 6
    ("Lagduf is eliminated in strike 1", False),             # the body check of 7 eliminates him at body 6
])
def test_a_claim_the_body_change_could_change_is_not_decided(claim, would):
    v = _verdicts(claim)[0]
    assert v.verdict is None and v.unmodelled[0]["card"] == "Staff Asunder", v
    assert v.unmodelled[0]["what"] == "-2 to the attack's body"
    assert any(f"the verdict would be {would}" in n for n in v.notes), v.notes
