"""A unit card played in the showdown leaves the chain as it is finalized and enters at once (CR 337.1.c, 359.2);
only a spell lingers on the chain for answers (CR 359.3, 359.3.c):

* played on an empty chain, it is in play and Focus passes to the other player (CR 337.1.c.1.a): nobody answers it
  "before it enters";
* played in answer to a spell, it is in play before the spell resolves, and the spell's controller, whose item is
  the newest on the chain, has priority (CR 337.1.c.3).
"""
from __future__ import annotations

from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.play.entries import Lines
from pycombat.games.riftbound.play.game import ShowdownGame
from pycombat.games.riftbound.schema import scenario_from_dict


def _state(hands: dict):
    s = scenario_from_dict({"game": "riftbound",
                            "attacker": {"player": "Ann", "units": ["Petty Officer"]},
                            "defender": {"player": "Bo", "units": ["Vanguard Sergeant"]},
                            "hand": hands})
    return ShowdownGame(Lines(s), dict(s.hands), Objective()).new_initial_state()


def _play(state, label: str):
    acts = {state.action_to_string(a): a for a in state.legal_actions()}
    assert label in acts, sorted(acts)
    return state.child(acts[label])


def test_a_unit_played_on_an_empty_chain_enters_and_focus_passes():
    st = _play(_state({"attacker": ["Discipline"], "defender": ["Shen - Kinkou"]}), "attacker passes")
    st = _play(st, "defender plays Shen - Kinkou to the battlefield")
    assert not st.chain and [e.card for e in st.resolved] == ["Shen - Kinkou"]
    assert "Shen - Kinkou" in st.at.progress.present
    assert st.focus == st.mover == "attacker" and st.passes == 0
    assert str(st) == "attacker to act (attacker has Focus, chain empty)"
    # Shen is in play: the Attacker may choose it at once
    assert "attacker plays Discipline on Shen - Kinkou" in {st.action_to_string(a) for a in st.legal_actions()}


def test_a_unit_played_in_answer_enters_before_the_spell_resolves():
    st = _state({"attacker": ["Hextech Ray", "Discipline"], "defender": ["Soulspinner"]})
    st = _play(_play(st, "attacker plays Hextech Ray on Vanguard Sergeant"), "attacker passes")
    st = _play(st, "defender plays Soulspinner to the battlefield")
    # Soulspinner is in play, Hextech Ray still waits, and its controller has priority (CR 337.1.c.3)
    assert [e.card for e in st.resolved] == ["Soulspinner"] and [e.card for e in st.live] == ["Hextech Ray"]
    assert "Soulspinner" in st.at.progress.present
    assert st.mover == "attacker" and st.focus == "attacker" and st.passes == 0
    assert "attacker plays Discipline on Soulspinner" in {st.action_to_string(a) for a in st.legal_actions()}
