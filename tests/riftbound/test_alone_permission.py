"""Arachnoid Horror: "I can be played to an occupied battlefield if an enemy unit is alone there. Friendly units can be
played to an occupied battlefield if an enemy unit is alone there" (CR 355.2.b, RB-CARD-16): the Attacker plays his
unit card to the battlefield he does not control while one enemy unit is alone there, and only then."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

SHEN = {"play": "Shen - Kinkou", "by": "attacker", "to": "battlefield"}


def _doc(attacker, defenders):
    return {"game": "riftbound", "attacker": {"units": attacker},
            "defender": {"units": [{"name": f"D{m}", "custom": True, "might": m} for m in defenders]}}


def test_a_unit_of_its_player_enters_while_an_enemy_is_alone():
    sd = play_showdown(scenario_from_dict({**_doc(["Arachnoid Horror"], [9]), "showdown": [SHEN]}))
    assert [u.name for u in sd.board.attacker] == ["Arachnoid Horror", "Shen - Kinkou"]
    assert any("Arachnoid Horror's permission: an enemy unit, D9, is alone there" in ln.text for ln in sd.lines)


@pytest.mark.parametrize("attacker, defenders, why", [
    (["Arachnoid Horror"], [9, 2], "only if an enemy unit is alone there; there are 2 now"),
    (["Vanguard Sergeant"], [9], "this battlefield by the attacker"),  # no permission: the Defender's battlefield
])
def test_no_permission_no_unit_played_there(attacker, defenders, why):
    with pytest.raises(ScenarioError, match=why):
        play_showdown(scenario_from_dict({**_doc(attacker, defenders), "showdown": [SHEN]}))


def test_the_showdown_game_offers_the_battlefield_too():
    out = pycombat.load({**_doc(["Arachnoid Horror"], [9]), "hand": {"attacker": ["Shen - Kinkou"], "defender": []}}
                        ).run("optimize").to_json()
    options = {o["option"] for d in out["decisions"] for o in d["options"]}
    assert {"attacker plays Shen - Kinkou to the battlefield", "attacker plays Shen - Kinkou to the base"} <= options
