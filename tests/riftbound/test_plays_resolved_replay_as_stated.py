"""optimize's ``plays_resolved`` is the ``showdown:`` list ``verify`` and ``odds`` read (docs/riftbound.md): under
``card_costs=stated`` each play carries what its player paid as the search played it (``paid: {energy, power}``, its
cost and the Power of the [Deflect] of the enemy units it chooses, RB-CARD-2, RB-MIGHT-10), so the line replays as
it is, to the same outcome."""
from __future__ import annotations

import json

from pycombat.cli import main
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict

#: Pouty Poro has [Deflect]: Incinerate on it costs its 2 Energy and 1 Power more
DOC = {"game": "riftbound", "rules": {"card_costs": "stated"},
       "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3}]},
       "defender": {"player": "Bo", "units": ["Pouty Poro"]},
       "hand": {"attacker": ["Incinerate"], "defender": ["Discipline"]}}


def _optimized(capsys, tmp_path) -> dict:
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(DOC), encoding="utf-8")
    assert main(["optimize", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_plays_resolved_carry_what_each_play_paid(capsys, tmp_path):
    got = _optimized(capsys, tmp_path)
    paid = {p["play"]: p["paid"] for p in got["plays_resolved"]}
    assert paid == {"Discipline": {"energy": 2, "power": 0}, "Incinerate": {"energy": 2, "power": 1}}


def test_the_line_of_plays_resolved_replays_to_the_same_outcome(capsys, tmp_path):
    got = _optimized(capsys, tmp_path)
    stated = {k: v for k, v in DOC.items() if k != "hand"}
    stated["showdown"] = [{k: v for k, v in p.items() if k != "label"} for p in got["plays_resolved"]]
    text = {"conquer": "the attacker conquers", "keep": "the defender keeps the battlefield",
            "nobody": "the battlefield is nobody's"}[got["outcome"]]
    stated["claims"] = [{"id": "o", "claim": text, "expect": True}]
    report = verbs.verify(scenario_from_dict(stated))
    assert [v.verdict for v in report.verdicts] == [True]
    # the board the stated showdown leaves for the damage step: every unit but those the line lost in the showdown
    board = verbs.odds(scenario_from_dict(stated)).board
    lost = {u for side in got["lost_in_showdown"].values() for u in side}
    assert {u.name for u in board.attacker + board.defender} == {"A3", "Pouty Poro"} - lost
