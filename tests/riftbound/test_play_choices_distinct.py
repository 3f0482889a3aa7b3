"""Each play the showdown game offers is one distinct choice with a label of its own: a counter names a card by its
name and counters the newest card of that name on the chain (RB-CARD-3), so it is offered once a name, its label
saying whose card and where when the chain holds two of that name; a card giving one effect to each unit it
chooses alike ("two friendly units each +2") is offered once a set of units, not once each order."""
from __future__ import annotations

from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.play.entries import Lines
from pycombat.games.riftbound.play.game import ShowdownGame
from pycombat.games.riftbound.schema import scenario_from_dict

DOC = {"game": "riftbound", "attacker": {"player": "Ann", "units": ["Shipyard Skulker"]},
       "defender": {"player": "Bo", "units": ["Mega-Mech", "Vanguard Sergeant"]},
       "hand": {"attacker": ["Defy", "Stupefy"], "defender": ["Stupefy", "Back to Back"]}}


def _play(state, label: str):
    acts = {state.action_to_string(a): a for a in state.legal_actions()}
    assert label in acts, sorted(acts)
    return state.child(acts[label])


def _labels(state) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_a_counter_is_offered_once_a_name_and_says_which_card_it_counters():
    s = scenario_from_dict(DOC)
    st = ShowdownGame(Lines(s), dict(s.hands), Objective()).new_initial_state()
    st = _play(_play(st, "attacker plays Stupefy on Mega-Mech"), "attacker passes")
    st = _play(_play(st, "defender plays Stupefy on Shipyard Skulker"), "defender passes")
    labels = _labels(st)
    assert labels == ["attacker passes", "attacker plays Defy countering Stupefy (the defender's, 2nd on the chain)"]
    assert len(set(st.legal_actions())) == len(st.legal_actions())


def test_one_effect_given_to_each_of_two_units_is_one_choice_a_pair():
    s = scenario_from_dict(DOC)
    st = ShowdownGame(Lines(s), dict(s.hands), Objective()).new_initial_state()
    st = _play(_play(st, "attacker plays Stupefy on Mega-Mech"), "attacker passes")
    pairs = [label for label in _labels(st) if "Back to Back" in label]
    assert pairs == ["defender plays Back to Back on Mega-Mech, Vanguard Sergeant"]
