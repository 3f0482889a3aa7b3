"""What a showdown state keeps as plays are added instead of reading its whole line again at every step of the
search: whether a play of it counters a card (RB-CARD-3) or may take control of a spell (RB-CARD-20), and the
key of the units each side lost; each equal to what a full reading of the state gives."""
from __future__ import annotations

import yaml

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.interpreter import takes_spell
from pycombat.games.riftbound.cards.showdown import counters
from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.model import SIDES
from pycombat.games.riftbound.play.entries import Lines
from pycombat.games.riftbound.play.game import ShowdownGame
from pycombat.games.riftbound.play.solve import solve
from pycombat.games.riftbound.schema import example_path, scenario_from_dict


def _solved(name: str, hands: dict | None = None):
    doc = yaml.safe_load(example_path(name).read_text(encoding="utf-8"))
    if hands is not None:
        doc["hand"] = hands
    scenario = scenario_from_dict(doc)
    lines = Lines(scenario)
    captured = []
    real = Lines.__init__

    def keep(self, *a, **k):
        real(self, *a, **k)
        captured.append(self)

    Lines.__init__ = keep
    try:
        solve(scenario, Objective("kills_then_might"))
    finally:
        Lines.__init__ = real
    return captured or [lines]


def test_each_state_knows_its_counters_and_takers_as_a_full_reading_does():
    # Defy counters (RB-CARD-3); Rune Prison and Cleave are played before and after it
    seen = {"countering": 0, "plain": 0}
    for lines in _solved("showdown_hands.yaml"):
        for reached in lines._memo.values():
            if isinstance(reached, ScenarioError):
                continue
            plays = reached.progress.plays
            assert reached.progress.countering == any(p is not None and counters(p) for p in plays)
            assert reached.progress.taking == any(takes_spell(p) for p in plays)
            seen["countering" if reached.progress.countering else "plain"] += 1
    assert seen["countering"] and seen["plain"]


def test_the_lost_key_of_a_state_is_its_losses():
    lines = _solved("showdown_hands.yaml")[0]
    doc = yaml.safe_load(example_path("showdown_hands.yaml").read_text(encoding="utf-8"))
    scenario = scenario_from_dict(doc)
    game = ShowdownGame(lines, dict(scenario.hands), Objective("kills_then_might"))
    for reached in [r for r in lines._memo.values() if not isinstance(r, ScenarioError)]:
        first = game.lost_key(reached)
        lost = game.lost(reached)
        assert first == tuple(tuple((x.name, x.might) for x in lost[s]) for s in SIDES)
        assert game.lost_key(reached) is first  # worked out once a state
