"""Helm of Fear (AS-126): "... only on your Ringwraith ... This item only affects a Ringwraith". Its text
bounds whom it affects, not who bears it (a `bearer:` term, MECCG-FX-35, would refuse the scenario): another
character may carry it (a transfer) and it gives him nothing, its -1 to body checks against the bearer
included (data/item_terms.yaml `affects`, read by the one interpreter; MECCG-FX-17)."""
from __future__ import annotations

from pycombat.cli import main
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict


def _doc(bearer: str, items=("Helm of Fear",)) -> dict:
    return {"game": "meccg",
            "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Boromir II"]},
            "defender": {"player": "Jim", "alignment": "minion", "site": "Moria",
                         "members": [{"name": bearer, "items": list(items)}]},
            "combat": {"strikes": [{"defender": bearer, "attacker": "Boromir II"}]}}


def _body_roll_mod(bearer: str, items=("Helm of Fear",)) -> int:
    return combat_odds(scenario_from_dict(_doc(bearer, items), file="<t>")).setups[0].defender.body_roll_mod


def test_the_minus_one_to_body_checks_acts_for_a_ringwraith_only():
    assert _body_roll_mod("Khamûl the Ringwraith") == -1
    assert _body_roll_mod("Ciryaher") == 0  # a Dúnadan: the helm affects only a Ringwraith
    assert _body_roll_mod("Ciryaher", ("Troth-ring",)) == -1  # the Troth-ring's -1 has no such bound


def test_a_non_ringwraith_bearer_is_accepted_and_his_body_check_is_unchanged():
    """Ciryaher (body 7) with the helm: a body-check roll of 8 eliminates him, no -1 taking it to 7; Khamûl
    (body 9) with it: 10 - 1 = 9 spares him."""
    import pycombat

    def verdict(bearer, roll):
        doc = _doc(bearer)
        doc["combat"]["strikes"][0]["rolls"] = {"attacker": [10], "defender": [3], "body": roll}
        doc["claims"] = [f"a body-check roll of {roll} eliminates {bearer}"]
        [v] = pycombat.load(doc).run("verify").to_json()["claims"]
        return v["verdict"]
    assert verdict("Ciryaher", 8) is True
    assert verdict("Khamûl the Ringwraith", 10) is False


def test_card_says_whom_the_helm_affects(capsys):
    assert main(["card", "Helm of Fear", "--game", "meccg"]) == 0
    out = capsys.readouterr().out
    assert "acts only for a Ringwraith bearer" in out and "body_check_roll -1 if race=Ringwraith" in out
