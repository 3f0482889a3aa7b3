"""Conditions read as the rules say (RB-CARD-8, RB-CARD-4): one the board decides is read off the board, whatever an
entry states (Dune Drake: "When I attack, if there is a ready enemy unit here, give me +2 Might this turn"); one on
the unit a card chooses that the interpreter does not check is named NOT MODELLED, never dropped (RB-CARD-1): Decree
of Focus, "Choose a friendly unit that's in combat with an enemy Fury unit or that's
being chosen by an enemy Fury spell. Give it +4 Might this turn", played with no Fury unit in the combat; verify then
decides nothing that +4 could change."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.games.riftbound.cards.interpreter import effect_support
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.spells import load_cards
from pycombat.games.riftbound.schema import scenario_from_dict


def test_decree_of_focus_names_its_condition():
    (effect,) = load_cards().card("Decree of Focus").effects
    ok, why = effect_support(effect)
    assert not ok and "in combat with an enemy Fury unit" in why
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 6}]},
           "defender": {"units": [{"name": "D", "custom": True, "might": 4}]},
           "showdown": [{"play": "Decree of Focus", "by": "defender", "target": "D"}],
           "claims": ["the attacker conquers"]}
    report = pycombat.load(doc).run("verify")
    assert [u["card"] for u in report.to_json()["unmodelled"]] == ["Decree of Focus"]
    assert [v.verdict for v in report.verdicts] == [None]


@pytest.mark.parametrize("exhausted, might", [(True, 5), (False, 7)])
def test_a_condition_the_board_decides_is_read_off_the_board(exhausted, might):
    doc = {"game": "riftbound", "attacker": {"units": ["Dune Drake"]},
           "defender": {"units": [{"name": "D", "custom": True, "might": 3, "exhausted": exhausted}]},
           "showdown": [{"trigger": "Dune Drake", "condition": True}]}
    sd = play_showdown(scenario_from_dict(doc))
    assert sd.board.unit("Dune Drake").current_might == might and not sd.unmodelled


@pytest.mark.parametrize("unit, enemies, might", [
    ("Dune Drake", [{"exhausted": True}], 5), ("Dune Drake", [{"exhausted": True}, {}], 7),
    ("Kha'Zix - Mutating Horror", [{}], 6), ("Kha'Zix - Mutating Horror", [{}, {}], 4)])
def test_an_unstated_trigger_whose_condition_the_board_decides_resolves_by_itself(unit, enemies, might):
    """RB-CARD-8 with RB-CARD-10: "if there is a ready enemy unit here" and "an enemy unit is alone here" are no
    choice of the player: with no entry the trigger resolves, its condition read off the board, and nothing is named;
    verify decides the claim the +2 settles."""
    foes = [{"name": f"E{i}", "custom": True, "might": 3, **e} for i, e in enumerate(enemies)]
    doc = {"game": "riftbound", "attacker": {"units": [unit]}, "defender": {"units": foes}}
    sd = play_showdown(scenario_from_dict(doc))
    assert sd.board.unit(unit).current_might == might and not sd.unmodelled
    assert any("read off the board" in ln.text and "RB-CARD-8" in ln.rules for ln in sd.lines)
    claim = f"the attacker's total is {might}"
    report = pycombat.load({**doc, "claims": [claim]}).run("verify")
    assert [v.verdict for v in report.verdicts] == [True] and not report.to_json().get("unmodelled")
