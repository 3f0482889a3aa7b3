"""RB-SHOW-4 with RB-CARD-3 (CR 806.1.c): a counter chooses a card still on the chain, so every card listed between
the card countered and its counter was played on an open chain, where only Reactions can be: an [Action] card there
is refused, as the showdown game from hands (optimize) never plays one."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(showdown):
    return {"game": "riftbound",
            "attacker": {"units": [{"name": "A3", "custom": True, "might": 3},
                                   {"name": "A2", "custom": True, "might": 2}]},
            "defender": {"units": [{"name": "D5", "custom": True, "might": 5},
                                   {"name": "D1", "custom": True, "might": 1}]},
            "showdown": showdown}


PRIMAL = {"play": "Primal Strength", "by": "attacker", "target": "A3"}
RAY = {"play": "Hextech Ray", "by": "defender", "target": "A3"}
WALL = {"play": "Wind Wall", "by": "defender", "target": "Primal Strength"}


def test_an_action_between_a_card_and_its_counter_is_refused():
    with pytest.raises(ScenarioError) as exc:
        play_showdown(scenario_from_dict(_doc([PRIMAL, RAY, WALL])))
    assert exc.value.path == "showdown[1].play"
    assert "RB-SHOW-4" in str(exc.value) and "Primal Strength is still on the chain" in str(exc.value)


def test_an_action_after_the_chain_closed_is_played():
    sd = play_showdown(scenario_from_dict(_doc([PRIMAL, WALL, RAY])))
    might = {u.name: u.current_might for u in sd.board.attacker}
    assert might == {"A2": 2}  # Primal Strength countered: A3 (Might 3) dies to the 3 damage
    assert any("deal 3 to A3" in line.text for line in sd.lines)


def test_reactions_between_a_card_and_its_counter_are_played():
    mine = {"play": "Wind Wall", "by": "attacker", "target": "Wind Wall"}
    sd = play_showdown(scenario_from_dict(_doc([PRIMAL, WALL, mine])))
    assert {u.name: u.current_might for u in sd.board.attacker} == {"A3": 10, "A2": 2}


def test_a_card_a_later_counter_chooses_does_not_close_its_chain():
    mine = {"play": "Wind Wall", "by": "attacker", "target": "Wind Wall"}
    sd = play_showdown(scenario_from_dict(_doc([PRIMAL, WALL, mine])))
    texts = [line.text for line in sd.lines]
    first = next(k for k, t in enumerate(texts) if "(attacker) plays Primal Strength" in t)
    last = max(k for k, t in enumerate(texts) if "plays Wind Wall" in t)
    between = texts[first + 1:last]
    assert not any("The chain resolved" in t for t in between)
    assert any(t.startswith("Primal Strength stays on the chain") for t in between)
    assert texts[last + 1] == "The chain resolved and Focus passes."
