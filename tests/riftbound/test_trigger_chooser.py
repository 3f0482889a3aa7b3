"""RB-CARD-9: a trigger whose data names another player as the one who chooses (Atakhan: "When I attack, the defender
must kill one of their units here", ``chooser: the defender``) has that choice made by him in the showdown game, and
``card`` says whose choice it is."""
from __future__ import annotations

import json

import yaml

from pycombat.cli import main
from pycombat.games.riftbound.cards.lookup import card_report

DOC = {"game": "riftbound", "attacker": {"player": "Ann", "units": ["Atakhan"]},
       "defender": {"player": "Bo", "units": [{"name": "D8", "custom": True, "might": 8},
                                              {"name": "D1", "custom": True, "might": 1}]},
       "hand": {"attacker": [], "defender": []}}


def test_the_defender_chooses_which_of_his_units_atakhan_kills(tmp_path, capsys):
    f = tmp_path / "atakhan.yaml"
    f.write_text(yaml.safe_dump(DOC))
    assert main(["optimize", str(f), "--objective", "conquer", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # the Attacker choosing would kill D8 and conquer (1); the Defender kills D1 and holds (0)
    assert out["value"] == "0"
    assert main(["optimize", str(f), "--objective", "conquer"]) == 0
    text = capsys.readouterr().out
    assert "defender states a combat trigger of the attacker's" in text
    assert "Atakhan's combat trigger on D1" in text.split("Line of best play")[1]


def test_the_card_lookup_says_whose_choice_it_is():
    assert "chosen by the defender" in json.dumps(card_report("Atakhan"))
