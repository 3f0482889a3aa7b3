"""An unknown game or card name given to the API is a typed error (:class:`pycombat.UnknownNameError`) with the
closest names as ``suggestions``, never a bare ``KeyError`` or a plain message."""
from __future__ import annotations

import pytest

import pycombat


@pytest.mark.parametrize("call", [lambda: pycombat.schema("mecg"), lambda: pycombat.example("mecg", "x.yaml"),
                                  lambda: pycombat.card("Old Troll", game="mecg"),
                                  lambda: pycombat.api.card_coverage("mecg")])
def test_an_unknown_game_is_an_unknown_name_with_the_closest(call):
    with pytest.raises(pycombat.UnknownNameError) as got:
        call()
    assert got.value.suggestions == ["meccg"] and got.value.kind == "game"
    assert "did you mean 'meccg'?" in str(got.value)


def test_an_unknown_card_in_every_game_is_an_unknown_name_with_the_closest():
    with pytest.raises(pycombat.UnknownNameError) as got:
        pycombat.card("Old Trol")
    assert got.value.suggestions[0] == "Old Troll" and "(meccg)" in str(got.value)


def test_a_position_lists_only_the_verbs_that_answer_it():
    position = pycombat.load(pycombat.example("wotr", "moves_setup_shadow_army.yaml"))
    assert position.verbs == ["enumerate", "verify"]
    with pytest.raises(pycombat.ScenarioError, match="a position scenario"):
        position.odds()
