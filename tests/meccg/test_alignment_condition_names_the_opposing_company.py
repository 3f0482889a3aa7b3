"""A card whose condition is the alignment of the player it is played against (Power Against the Shadow, AS-53:
"against a minion or Balrog company") is refused, in words, naming the company that fails it and its player's
alignment, never the character it was played for nor the data's ``opponent_alignment=`` key (MECCG-SEQ-7,
MECCG-FX-8). odds, replay and verify say the same."""
from __future__ import annotations

import copy

import pytest

import pycombat
from pycombat.errors import ScenarioError

# an overt Fallen-wizard company (Saru's) attacks a hero company, whose Aragorn II plays Power Against the Shadow
DOC = {"game": "meccg", "title": "Power Against the Shadow against a Fallen-wizard",
       "attacker": {"player": "Saru", "alignment": "fallen-wizard", "status": "overt", "site": "Moria",
                    "members": ["Lagduf", "Asternak"]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Gimli"]},
       "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Lagduf",
                               "defender_cards": ["Power Against the Shadow"]},
                              {"defender": "Gimli", "attacker": "Asternak"}]},
       "claims": [{"id": "pas", "claim": "Power Against the Shadow may be played at step 6 of the strike against "
                                         "Aragorn II"}]}
SAID = ("Power Against the Shadow is played only against a minion or Balrog player's company; Saru's attacking "
        "company (Fallen-wizard, overt) is not one")


@pytest.mark.parametrize("verb", ["odds", "replay"])
def test_the_refusal_names_the_attacking_company_and_its_alignment(verb):
    with pytest.raises(ScenarioError) as err:
        pycombat.load(copy.deepcopy(DOC)).run(verb)
    assert err.value.path == "combat.strikes[0].defender_cards"
    assert SAID in err.value.message
    assert "opponent_alignment" not in err.value.message and "Aragorn II does not qualify" not in err.value.message


def test_verify_says_it_beside_the_verdict():
    doc = copy.deepcopy(DOC)
    doc["combat"]["strikes"][0].pop("defender_cards")
    (c,) = pycombat.load(doc).run("verify").to_json()["claims"]
    assert c["verdict"] is False
    assert any(SAID in n for n in c["notes"]), c["notes"]
    # against a minion company it may be played
    doc["attacker"].update(player="Jim", alignment="minion")
    doc["attacker"].pop("status")
    (c,) = pycombat.load(doc).run("verify").to_json()["claims"]
    assert c["verdict"] is True
