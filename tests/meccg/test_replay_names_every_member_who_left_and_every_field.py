"""``replay`` of a whole combat transcript: its result names every member who left play, not only the strikes'
losers (the member who paid No Waiting to Wonder and lost his body check, MECCG-FX-24; the Wizard who failed the
corruption check Kindling of the Spirit cost, MECCG-FX-25), in the text and in ``--json`` (each strike's
``others``); and a strike's ``discards:`` with no card played there that discards an item is refused naming the
field (MECCG-FX-26), as ``untaps:`` and ``payers:`` with nothing to use them are."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import pycombat
from pycombat.cli import main
from pycombat.errors import PycombatError

PAYER = {"game": "meccg",
         "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
         "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                      "members": ["Aragorn II", "Frodo", "Sam Gamgee"]},
         "combat": {"strikes": [
             # Shagrat 6 - 4 + 12 = 14 against Aragorn II 6 + 2: Aragorn loses, body 5: wounded; Frodo paid the
             # card's cost and makes a body check: 11 > 9, eliminated (2 kill MP to Jim)
             {"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": ["No Waiting to Wonder"],
              "payers": ["Frodo"], "rolls": {"attacker": 12, "defender": 2, "body": 5, "payer_body": 11}},
             {"defender": "Frodo", "attacker": "Lagduf"}]}}


def test_the_result_names_the_payer_eliminated_by_his_body_check(tmp_path, capsys):
    path = tmp_path / "payer.yaml"
    path.write_text(yaml.safe_dump(PAYER, allow_unicode=True))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    result = out[out.index("Result:"):]
    assert "  Aragorn II: wounded" in result and "  Frodo: eliminated (MECCG-FX-24)" in result
    js = pycombat.load(PAYER).run("replay").to_json()
    assert [s["others"] for s in js["strikes"]] == [[{"member": "Frodo", "fate": "eliminated",
                                                      "rule": "MECCG-FX-24"}], []]
    assert js["kill_mp"] == {"defender_player": 0, "attacker_player": 2}


def test_the_result_names_the_wizard_discarded_by_the_check_a_card_cost(capsys):
    ruling = Path(__file__).resolve().parents[2] / "examples/rulings/meccg/kindling_wizard_check.yaml"
    assert main(["replay", str(ruling)]) == 0
    out = capsys.readouterr().out
    assert out[out.index("Result:"):].splitlines()[1:] == ["  Lagduf: wounded", "  Gandalf: discarded (MECCG-FX-25)"]


def test_discards_without_a_card_that_discards_is_refused():
    doc = json.loads(json.dumps(PAYER))
    doc["combat"]["strikes"] = [
        {"defender": "Aragorn II", "attacker": "Shagrat", "discards": "Glamdring",
         "rolls": {"attacker": 7, "defender": 7}},
        {"defender": "Frodo", "attacker": "Lagduf", "rolls": {"attacker": 2, "defender": 6}}]
    for verb in ("replay", "odds"):
        with pytest.raises(PycombatError) as exc:
            pycombat.load(doc).run(verb)
        assert exc.value.path == "combat.strikes[0].discards"
        assert "no card played on this strike discards an item" in exc.value.message
        assert "MECCG-FX-26" in exc.value.message
