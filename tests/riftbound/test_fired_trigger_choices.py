"""RB-CARD-10, RB-CARD-19 in the game from both hands: a trigger fired as a stated trigger resolves whose choice is its
player's (Ruined Rex's "[Deathknell] Deal 4 to an enemy unit" as Yasuo's combat trigger kills Rex) is that player's
decision as it goes on the chain, each option a `{trigger: UNIT, when: dies, ...}` entry the reader takes right after
the entry whose resolution fires it; the value weighs it and it is no longer named NOT MODELLED. Checked against a
brute force over the same choices stated in the file (each read by ``optimize`` with nothing left to choose)."""
from __future__ import annotations

import pytest

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict

YASUO, REX = "Yasuo - Remorseful", "Ruined Rex"


def _doc(a_might: int, d_might: int, showdown=()):
    return {"game": "riftbound",
            "attacker": {"player": "Ann", "units": [YASUO, {"name": "A", "custom": True, "might": a_might}]},
            "defender": {"player": "Bo", "units": [REX, {"name": "D", "custom": True, "might": d_might}]},
            "showdown": list(showdown), "hand": {"attacker": [], "defender": []}}


def _value(doc) -> int:
    return verbs.optimize(scenario_from_dict(doc)).solution.value


def _brute(a_might: int, d_might: int) -> int:
    """The Attacker's best Yasuo target, the Defender answering with his best Deathknell target where Rex dies."""
    best = None
    for yasuo in (REX, "D"):
        first = {"trigger": YASUO, "target": yasuo}
        if yasuo != REX:
            v = _value(_doc(a_might, d_might, [first]))
        else:
            v = min(_value(_doc(a_might, d_might, [first, {"trigger": REX, "when": "dies", "target": t}]))
                    for t in (YASUO, "A"))
        best = v if best is None else max(best, v)
    return best


@pytest.mark.parametrize("a_might, d_might, want", [(4, 2, 29), (3, 5, 34)])
def test_the_deathknell_fired_by_a_trigger_is_its_players_decision(a_might, d_might, want):
    report = verbs.optimize(scenario_from_dict(_doc(a_might, d_might)))
    sol = report.solution
    assert sol.value == want == _brute(a_might, d_might)
    assert not any("when: dies" in u["why"] for u in sol.unmodelled)  # (its choice is no longer left unstated)


def test_the_decision_is_the_deathknells_player_and_each_option_an_entry():
    sol = verbs.optimize(scenario_from_dict(_doc(4, 2))).solution
    made = [(phase, d) for phase, d in sol.decisions if phase == "triggers"]
    assert len(made) == 2  # Yasuo's target (the Attacker), then Rex's Deathknell (the Defender)
    assert [a for phase, a in sol.line if phase == "triggers"][1] == \
        "defender states Ruined Rex's \"dies\" trigger on Yasuo - Remorseful"
    fired = sol.triggers[1]
    assert fired.side == "defender" and fired.entry() == {"trigger": REX, "when": "dies", "target": [YASUO]}


#: a play of the game kills Rex: Ann's Void Seeker (4) on Ruined Rex, 2 damage marked on it (Might 6)
PLAYED = {"game": "riftbound",
          "attacker": {"player": "Ann", "units": [{"name": "A4", "custom": True, "might": 4},
                                                  {"name": "A3", "custom": True, "might": 3}]},
          "defender": {"player": "Bo", "units": [{"name": REX, "damage": 2}, {"name": "D2", "custom": True, "might": 2}]},
          "hand": {"attacker": ["Void Seeker"], "defender": []}}


def _minimax(state):
    """Every line of the game played out (no pruning, no table): the Attacker's value."""
    from pycombat.tree import TERMINAL

    if state.current_player() == TERMINAL:
        return state.returns()[0]
    values = [_minimax(state.child(a)) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


def test_the_deathknell_fired_by_a_play_is_its_players_decision():
    from pycombat.games.riftbound.damage.game import Objective
    from pycombat.games.riftbound.play.entries import Lines
    from pycombat.games.riftbound.play.game import ShowdownGame

    scenario = scenario_from_dict(PLAYED)
    sol = verbs.optimize(scenario).solution
    assert sol.value == 36  # (the Deathknell left out: 72, Rex's death for nothing)
    game = ShowdownGame(Lines(scenario), dict(scenario.hands), Objective())
    assert _minimax(game.new_initial_state()) == 36
    assert ("showdown", "defender states Ruined Rex's \"dies\" trigger on A4") in sol.line
    choice = next(d for _, d in sol.decisions if "\"dies\" trigger" in d.state)
    assert [(o.label, o.value) for o in choice.options] == [
        ("defender states Ruined Rex's \"dies\" trigger on A4", -36),
        ("defender states Ruined Rex's \"dies\" trigger on A3", -37)]
    assert {"trigger": REX, "when": "dies", "target": ["A4"]} in sol.entries
    assert not any("when: dies" in u["why"] for u in sol.unmodelled)


def test_a_deathknell_the_files_own_trigger_fires_is_searched_and_not_named():
    doc = _doc(4, 2, [{"trigger": YASUO, "target": REX}])
    sol = verbs.optimize(scenario_from_dict(doc)).solution
    assert sol.value == 29
    assert not any("when: dies" in u["why"] for u in sol.unmodelled)
