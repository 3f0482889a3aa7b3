"""A card in play on a member whose use taps him (MECCG-FX-23, card_effects.yaml ``source: placed``):
Lore of the Ages (TD-129) on an Elf, "tap the bearer: all characters in his company +1 prowess
against one attack" (MECCG-FX-8). The bearer must be untapped; he pays once; he is tapped for the
rest of the attack (no support, -1 on a later strike of his own); the card needs its Elf."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

LORE = "Lore of the Ages"


def _doc(strikes, *, on="Legolas", status="untapped", members=("Gimli", "Aragorn II"), attackers=("Lagduf", "Shagrat")):
    in_play = [{"card": LORE, "member": on}] if on else []
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": list(attackers)},
            "defender": {"alignment": "hero", "site": "Moria", "in_play": in_play,
                         "members": [{"name": "Legolas", "status": status}, *members]},
            "combat": {"strikes": strikes}}


def _odds(doc):
    return combat_odds(scenario_from_dict(doc, file="<t>"))


def test_plus_one_to_every_character_for_the_rest_of_the_attack():
    strikes = [{"defender": "Gimli", "attacker": "Lagduf"}, {"defender": "Aragorn II", "attacker": "Shagrat"}]
    plain = _odds(_doc(strikes))
    used = [dict(strikes[0], defender_cards=[LORE]), strikes[1]]
    lore = _odds(_doc(used))
    assert [s.defender.prowess for s in lore.setups] == [s.defender.prowess + 1 for s in plain.setups]
    assert [s.attacker.prowess for s in lore.setups] == [s.attacker.prowess for s in plain.setups]
    assert lore.setups[0].defender.prowess == 5 + 2 + 1  # Gimli: +2 against Orcs, +1 Lore of the Ages


def test_the_bearer_pays_once_and_is_tapped_for_the_rest_of_the_attack():
    twice = [{"defender": "Gimli", "attacker": "Lagduf", "defender_cards": [LORE]},
             {"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": [LORE]}]
    with pytest.raises(ScenarioError, match="Legolas, who bears Lore of the Ages, must be untapped"):
        _odds(_doc(twice))
    support = [{"defender": "Gimli", "attacker": "Lagduf", "defender_cards": [LORE]},
               {"defender": "Aragorn II", "attacker": "Shagrat", "support": ["Legolas"]}]
    with pytest.raises(ScenarioError, match="Legolas.*not untapped.*MECCG-SEQ-6"):
        _odds(_doc(support))
    # without the card he may still support
    _odds(_doc([support[0] | {"defender_cards": []}, support[1]]))
    # his own later strike: tapped, -1 (MECCG-SEQ-9)
    own = [{"defender": "Gimli", "attacker": "Lagduf", "defender_cards": [LORE]},
           {"defender": "Legolas", "attacker": "Shagrat"}]
    plain = [own[0] | {"defender_cards": []}, own[1]]
    used, unused = _odds(_doc(own)).setups[1].defender, _odds(_doc(plain)).setups[1].defender
    assert (used.member.status, unused.member.status) == ("tapped", "untapped")
    assert used.prowess == unused.prowess - 1 + 1  # tapped -1, and Lore of the Ages +1 for him too


@pytest.mark.parametrize("status, on, verdict", [("untapped", "Legolas", True), ("tapped", "Legolas", False),
                                                  ("wounded", "Legolas", False), ("untapped", None, False)])
def test_the_play_check_asks_for_an_untapped_bearer(status, on, verdict):
    s = scenario_from_dict(_doc([{"defender": "Gimli", "attacker": "Lagduf"}], on=on, status=status,
                                attackers=("Lagduf",)), file="<t>")
    claim = Claim(id="c", kind="playable_at_step", text="", args={"card": LORE, "step": 6, "defender": "Gimli"})
    v = verify(s, [claim])[0]
    assert v.verdict is verdict
    if not verdict:
        assert "MECCG-FX-23" in v.rules


def test_only_an_elf_bears_it():
    with pytest.raises(ScenarioError, match="Lore of the Ages is not played on Gimli"):
        _odds(_doc([{"defender": "Gimli", "attacker": "Lagduf"}], on="Gimli", attackers=("Lagduf",)))
