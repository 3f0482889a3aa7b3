"""CR 187.4.b, RB-CARD-7: "Move that unit to a battlefield you control" (Resonating Strike) moves the Attacker's unit to
another battlefield he controls, never into this combat's (the Defender's); an entry stating `to: battlefield` for him
is refused (exit 2, naming ``showdown[i].to``) and the showdown game never offers it. The Defender's unit moves in."""
from __future__ import annotations

import json

import pytest
import yaml

from pycombat.cli import main

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _sd(entry, hand=None):
    doc = {"game": "riftbound", "battlefield": "Zaun Warrens",
           "attacker": {"units": [{"name": "A3", "custom": True, "might": 3}],
                        "base": [{"name": "AB2", "custom": True, "might": 2}]},
           "defender": {"units": [{"name": "D4", "custom": True, "might": 4}],
                        "base": [{"name": "DB3", "custom": True, "might": 3}]},
           "showdown": [entry]}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def test_the_attackers_unit_does_not_move_into_the_defenders_battlefield():
    sd = _sd({"play": "Resonating Strike", "by": "attacker", "target": "AB2"})
    assert [u.name for u in sd.board.attacker] == ["A3"]


def test_stating_this_battlefield_for_the_attacker_is_refused():
    with pytest.raises(ScenarioError, match="does not control this battlefield") as e:
        _sd({"play": "Resonating Strike", "by": "attacker", "target": "AB2", "to": "battlefield"})
    assert e.value.path == "showdown[0].to"


def test_the_defenders_unit_moves_in():
    sd = _sd({"play": "Resonating Strike", "by": "defender", "target": "DB3"})
    assert {u.name: u.current_might for u in sd.board.defender} == {"D4": 4, "DB3": 5}


def test_the_showdown_game_never_moves_the_attackers_unit_in(tmp_path, capsys):
    doc = {"game": "riftbound", "battlefield": "Zaun Warrens",
           "attacker": {"units": [{"name": "A3", "custom": True, "might": 3}],
                        "base": [{"name": "AB2", "custom": True, "might": 2}]},
           "defender": {"units": [{"name": "D4", "custom": True, "might": 4}]},
           "hand": {"attacker": ["Resonating Strike"], "defender": []}}
    f = tmp_path / "r.yaml"
    f.write_text(yaml.safe_dump(doc))
    assert main(["optimize", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # AB2 moved in would make 7 against 4 and conquer; moved to another battlefield, the best is A3 leaving too
    assert out["value"] == "0" and out["value_for"] == "attacker"
