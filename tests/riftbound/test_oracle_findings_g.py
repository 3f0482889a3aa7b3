"""Model faults found by the units' oracle (tests/riftbound/test_unit_oracle.py) as it read Ava Achiever and Rek'Sai,
Swarm Queen (RB-CARD-27): each on its smallest scenario, with a control (both fixed in 60fadd6: an Equipment played from
hand enters unattached; a base unit moved in states its combat trigger after another's)."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

AVA = "Ava Achiever"


def _run(attacker, defender, showdown):
    doc = {"game": "riftbound", "attacker": attacker, "defender": defender, "showdown": showdown}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _custom(name, might):
    return {"name": name, "custom": True, "might": might}


def test_edge_of_night_played_from_hand_by_ava_enters_unattached():
    """Ava Achiever: "play a card with [Hidden] from your hand, ignoring its cost". Edge of Night ([Hidden]
    Equipment): "When you play this from face down, attach it to a unit you control (here)". From hand it is played,
    not from face down: it enters play attached to no unit, and A2 keeps its 2 Might (the model asked a target for that
    attach, and attached it, +2, when given one)."""
    sd = _run({"units": [AVA, _custom("A2", 2)]}, {"units": [_custom("D5", 5)]},
              [{"trigger": AVA, "plays": {"play": "Edge of Night"}}])
    assert {u.name: (u.current_might, tuple(u.equipment)) for u in sd.board.attacker} == {
        AVA: (4, ()), "A2": (2, ())}
    assert not sd.unmodelled


def test_control_edge_of_night_played_from_face_down_attaches():
    """Control: the Defender's Edge of Night played from face down attaches to his unit here (+2)."""
    sd = _run({"units": [_custom("A5", 5)]}, {"units": [_custom("D2", 2)]},
              [{"play": "Edge of Night", "by": "defender", "facedown": True, "target": "D2"}])
    assert [(u.name, u.current_might) for u in sd.board.defender] == [("D2", 4)]


FAEFOLK, DRAVEN = "Irresistible Faefolk", "Draven - Vanquisher"
#: Irresistible Faefolk ("When I move to a battlefield, you may move an enemy unit to that battlefield") brings the
#: Defender's base Draven, Vanquisher in as the combat is staged; both Dravens ("When I attack or defend, you may pay
#: [fury] ...") are at the battlefield as the combat begins, each trigger stated (declined)
BOARD = {"attacker": {"units": [{"name": FAEFOLK, "label": "A"}, _custom("A2", 4)]},
         "defender": {"units": [{"name": DRAVEN, "label": "D"}], "base": [{"name": DRAVEN, "label": "B"}]}}
MOVED_IN = {"trigger": "A", "when": "move", "target": "B"}


def test_a_base_unit_moved_in_states_its_combat_trigger_after_another():
    """RB-SHOW-2 / RB-COMB-4: a Defender's base unit a move trigger brought in is at the battlefield as the combat
    begins and its combat trigger fires: its entry may follow another combat-trigger entry (the reader took it only
    before every other one, refusing it as 'not a unit at the battlefield')."""
    sd = _run(BOARD["attacker"], BOARD["defender"],
              [MOVED_IN, {"trigger": "D", "decline": True}, {"trigger": "B", "decline": True}])
    assert sorted(u.name for u in sd.board.defender) == ["B", "D"] and not sd.unmodelled


def test_control_a_base_unit_moved_in_states_its_combat_trigger_first():
    sd = _run(BOARD["attacker"], BOARD["defender"],
              [MOVED_IN, {"trigger": "B", "decline": True}, {"trigger": "D", "decline": True}])
    assert sorted(u.name for u in sd.board.defender) == ["B", "D"] and not sd.unmodelled
