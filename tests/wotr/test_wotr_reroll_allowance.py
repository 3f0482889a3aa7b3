"""WOTR-STR-5: the Leader re-roll allowance is min(Leadership, 5, dice that can miss): a small Army
with much Leadership never reports more re-roll dice than it rolls (ASP, Python and JSON agree)."""
from __future__ import annotations

import json
from pathlib import Path

from pycombat.cli import main
from pycombat.games.wotr.battle.odds_details import reroll_allowance
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.battle.splits import judge_attack

SMALL = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
         # one Regular with 3 Leaders, Merry and Pippin: Leadership 5 but a single die
         "attacker": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 1, "leaders": 3}},
                      "characters": ["Meriadoc Brandybuck", "Peregrin Took"]},
         "defender": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 2}}, "nazgul": 4,
                      "characters": ["The Witch-king"]},
         "battle": {"action": "character"}}


def test_small_army_much_leadership(tmp_path, capsys):
    s = scenario_from_dict(SMALL, file="small.yaml")
    v = judge_attack(s)
    assert v.legal
    n = v.numbers
    assert n.leadership == (5, 6)
    assert n.dice == (1, 2)
    assert n.reroll == (1, 2)  # not 5: only the dice rolled can miss
    setup = battle_setup(s)
    a, d = setup.start[0], setup.start[2]
    assert (setup.attacker.reroll_dice(a), setup.defender.reroll_dice(d)) == n.reroll
    rows = reroll_allowance(setup)
    assert rows[0]["attacker"] == {"dice": 1, "leadership": 5, "reroll_allowance": 1}
    assert rows[0]["defender"]["reroll_allowance"] == 2
    f = tmp_path / "small.json"
    f.write_text(json.dumps(SMALL))
    assert main(["odds", str(f), "--json", "--flag", "casualty_policy=regulars_first"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["attacking"]["attacker"]["reroll_dice"] == 1
    assert data["reroll_allowance"][0]["attacker"]["reroll_allowance"] == 1


def test_allowance_never_exceeds_dice_or_five():
    for regs in range(1, 7):
        for lead in range(0, 4):
            data = json.loads(json.dumps(SMALL))
            data["attacker"]["units"]["Gondor"] = {"regulars": regs, "leaders": lead}
            s = scenario_from_dict(data, file="x.yaml")
            n = judge_attack(s).numbers
            lead_total = lead + 2
            assert n.reroll[0] == min(lead_total, 5, min(regs, 5))
