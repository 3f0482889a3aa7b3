"""RB-CARD-11 for a card that reads a unit it chose, as it resolves: when that unit left play while the card was on the
chain (killed by a Reaction played on it in response), the part reading it does nothing, and the card's other parts
still happen. Convergent Mutation ("increase its Might to the Might of another friendly unit") does not increase its
unit; Last Breath ("Ready a friendly unit. It deals damage equal to its Might to an enemy unit") deals no damage, and
the enemy unit it names is not taken for the friendly one."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

BARRAGE = {"play": "Cannon Barrage", "by": "defender"}  # [Reaction]: 2 to each attacker, kills the 2-Might one


def _showdown(attackers, *plays):
    doc = {"game": "riftbound",
           "attacker": {"player": "Ann", "units": [{"name": n, "custom": True, "might": m} for n, m in attackers]},
           "defender": {"player": "Bo", "units": [{"name": "D5", "custom": True, "might": 5}]},
           "showdown": [BARRAGE, *plays]}
    return play_showdown(scenario_from_dict(doc))


def _line(sd, card):
    return next(ln for ln in sd.lines if ln.text.startswith(f"Ann (attacker) plays {card}"))


def test_might_read_from_a_unit_gone_is_not_copied():
    sd = _showdown([("A3", 3), ("A2", 2)], {"play": "Convergent Mutation", "by": "attacker", "target": ["A3", "A2"]})
    assert [(u.name, u.current_might) for u in sd.board.attacker] == [("A3", 3)]
    line = _line(sd, "Convergent Mutation")
    assert "A3's Might is not increased" in line.text and "RB-CARD-11" in line.rules


def test_damage_dealt_by_a_unit_gone_is_none():
    sd = _showdown([("A2", 2), ("A6", 6)], {"play": "Last Breath", "by": "attacker", "target": ["A2", "D5"]})
    (d5,) = sd.board.defender
    assert d5.marked == 0
    line = _line(sd, "Last Breath")
    assert "A2 left play before it resolved: it deals none" in line.text and "RB-CARD-11" in line.rules
