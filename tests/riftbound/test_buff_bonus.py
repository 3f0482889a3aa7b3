"""Stand United: "Buff a friendly unit. Buffs give an additional +1 Might to friendly units this turn" (RB-CARD-6):
the bonus reaches the friendly units buffed as it resolves and, for the rest of the turn, each one buffed later
(Overt Operation buffs every friendly unit); not the other player's."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _might(doc) -> dict:
    sd = play_showdown(scenario_from_dict(doc))
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}


def test_a_unit_buffed_later_this_turn_gets_the_bonus_too():
    units = [{"name": "D1", "custom": True, "might": 3}, {"name": "D2", "custom": True, "might": 5}]
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 4}]},
           "defender": {"units": units},
           "showdown": [{"play": "Stand United", "by": "defender", "target": "D1"},
                        {"play": "Overt Operation", "by": "defender"}]}
    assert _might(doc) == {"A": 4, "D1": 3 + 1 + 1, "D2": 5 + 1 + 1}
    doc["showdown"] = doc["showdown"][1:] + doc["showdown"][:1]  # buffed first: the same
    assert _might(doc) == {"A": 4, "D1": 3 + 1 + 1, "D2": 5 + 1 + 1}
    doc["showdown"] = [{"play": "Stand United", "by": "defender", "target": "D1"},
                       {"play": "Overt Operation", "by": "attacker"}]  # the other player's buffs: no bonus
    assert _might(doc) == {"A": 4 + 1, "D1": 3 + 1 + 1, "D2": 5}
