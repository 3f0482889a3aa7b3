"""Model faults found by the units' oracle (tests/riftbound/test_unit_oracle.py) as it read Ravenbloom Prefect and Prize
of Progress: each on its smallest scenario, with a control (the one found is fixed: events.py `_gear_by_opponent` took
the gear of that name on the last unit holding one, not the copy just played)."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

PREFECT = "Ravenbloom Prefect"


def _run(a_units, showdown):
    doc = {"game": "riftbound", "attacker": {"units": a_units}, "defender": {"units": [PREFECT]},
           "showdown": showdown}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _mights(sd):
    return {u.name: (u.current_might, u.equipment) for u in sd.board.attacker}


SWORD_ON_A = [{"play": "Long Sword", "by": "attacker", "target": "A"}, {"trigger": PREFECT, "when": "play"}]


def test_the_prefect_banishes_the_gear_played_not_another_copy_of_it():
    """RB-CARD-10 / RB-CARD-22: "When an opponent plays a gear, you may banish me to banish it": "it" is the gear card
    just played. The Attacker's A2 has a Long Sword attached as the showdown begins; he plays another Long Sword,
    attached to A; the Defender's Prefect banishes itself and that Long Sword: A loses its +2, A2 keeps its own."""
    sd = _run([{"name": "A", "custom": True, "might": 3},
               {"name": "A2", "custom": True, "might": 1, "equipment": ["Long Sword"]}], SWORD_ON_A)
    assert (PREFECT, "defender", "banished") in sd.board.removed
    assert _mights(sd) == {"A": (3, ()), "A2": (3, ("Long Sword",))}


def test_control_the_prefect_banishes_the_one_long_sword_played():
    sd = _run([{"name": "A", "custom": True, "might": 3}, {"name": "A2", "custom": True, "might": 1}], SWORD_ON_A)
    assert (PREFECT, "defender", "banished") in sd.board.removed
    assert _mights(sd) == {"A": (3, ()), "A2": (1, ())} and not sd.unmodelled
    # the copy played on the last unit holding one: the model banishes the right one
    sd = _run([{"name": "A", "custom": True, "might": 3, "equipment": ["Long Sword"]},
               {"name": "A2", "custom": True, "might": 1}],
              [{"play": "Long Sword", "by": "attacker", "target": "A2"}, {"trigger": PREFECT, "when": "play"}])
    assert _mights(sd) == {"A": (5, ("Long Sword",)), "A2": (1, ())}
