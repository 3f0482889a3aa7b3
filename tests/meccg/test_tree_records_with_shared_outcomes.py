"""The combat game gives a strike's chance outcomes as one tuple shared by every chance state with those
outcomes (:meth:`CvccGame.outcome_items`), and labels the steps of a strike once each: the sweep's
records (every state's words, every edge's label, weight, reward and value) are those of the same game
giving a list of its own at each chance state and labelling every step afresh."""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

import pycombat.tree.sweep as sweep_mod
from pycombat.games.meccg.combat.game import CvccGame, CvccState
from pycombat.games.meccg.combat.optimize import objective_from
from pycombat.games.meccg.schema import load_scenario, scenario_from_dict
from pycombat.tree import CHANCE

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "meccg"


def _cost_payer():
    """Bob holds No Waiting to Wonder (its cost taps a Hobbit, MECCG-FX-24): cards played in strikes."""
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
        "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                     "members": ["Aragorn II", "Éomer", "Sam Gamgee"], "hand": ["No Waiting to Wonder"]}},
        file="<t>")


SCENARIOS = {"two_on_two": lambda: load_scenario(EXAMPLES / "two_on_two.yaml"),
             "crowned_with_storm": lambda: load_scenario(EXAMPLES / "crowned_with_storm.yaml"),
             "cost_payer": _cost_payer}


def _game(scenario, objective):
    return CvccGame(scenario, objective_from(objective, None, scenario))


@pytest.mark.parametrize("objective", [None, "eliminations"])
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_sweep_records_equal_with_lists_and_fresh_labels(name, objective, monkeypatch):
    scenario = SCENARIOS[name]()
    game = _game(scenario, objective)
    fast = sweep_mod.sweep(game.new_initial_state())
    # the same game, each chance state giving a list of its own, each step labelled afresh
    shared = CvccState.chance_outcomes
    monkeypatch.setattr(CvccState, "chance_outcomes", lambda s: list(shared(s)))
    words = CvccGame.action_to_string
    monkeypatch.setattr(CvccGame, "action_to_string", lambda g, s, a: g._step_label(s, a)
                        if s.stage in ("attacker", "defender") else words(g, s, a))
    plain = sweep_mod.sweep(_game(scenario, objective).new_initial_state())
    assert asdict(fast) == asdict(plain)
    assert fast.players.count(CHANCE) > 10


def test_chance_states_of_one_strike_share_their_outcomes():
    game = _game(load_scenario(EXAMPLES / "two_on_two.yaml"), None)
    seen: list = []
    todo, keys = [game.new_initial_state()], set()
    while todo:
        s = todo.pop()
        if s.key() in keys:
            continue
        keys.add(s.key())
        if s.current_player() == CHANCE:
            outs = s.chance_outcomes()
            if s.stage == "resolve":
                assert type(outs) is tuple and outs == tuple(game.outcomes(s).items())
            seen.append((s.stage, game._outcome_key(s) if s.stage == "resolve" else None, outs))
            todo += [s.child(a) for a, _p in outs]
        elif not s.is_terminal():
            todo += [s.child(a) for a in s.legal_actions()]
    resolve = [(k, outs) for stage, k, outs in seen if stage == "resolve"]
    by_key: dict = {}
    for k, outs in resolve:
        by_key.setdefault(k, set()).add(id(outs))
    assert len(resolve) == 308 and len(by_key) < len(resolve)
    assert all(len(ids) == 1 for ids in by_key.values())  # one tuple per outcome key
