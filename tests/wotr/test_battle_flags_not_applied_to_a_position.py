"""A position reads three interpretation flags (stacking_check, non_at_war_leaders, mouth_of_sauron_stronghold:
``position.scenario.POSITION_FLAGS``); every other flag is a battle's. A battle's flag set on a position file
(``rules:``) or with ``--flag`` changes nothing there, so it is never listed as in force: ``enumerate`` and
``verify`` name it as not applied, in the text and in the JSON (``flags_not_applied``)."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.games.wotr import verbs
from pycombat.games.wotr.position.scenario import POSITION_FLAGS
from pycombat.games.wotr.schema import scenario_from_dict

ROOT = Path(__file__).resolve().parents[2]
FOLDE = {
    "game": "wotr", "title": "Army/Muster die around the Folde",
    "politics": {"Gondor": "at_war", "Rohan": {"steps": 1, "active": True}, "Sauron": "at_war", "Isengard": "at_war"},
    "position": {"regions": {
        "Folde": {"units": {"Rohan": {"regulars": 2, "leaders": 1}, "Gondor": {"regulars": 1}}},
        "Westemnet": {"units": {"Isengard": {"regulars": 2}}},
        "Druadan Forest": {"units": {"Gondor": {"regulars": 2}}, "characters": ["Gimli"]},
        "Helm's Deep": {"units": {"Rohan": {"regulars": 2}, "Isengard": {"regulars": 3}}, "besieged": "free_peoples"},
        "Fords of Isen": {"units": {"Rohan": {"regulars": 1, "leaders": 1}}}},
        "control": {"Edoras": "shadow", "Westemnet": "shadow"}, "fellowship": {"region": "Rivendell"}},
    "action": {"side": "free_peoples", "die": "army_muster"},
    "claims": [{"id": "gondor-only", "claim": "1 Gondor Regular may move from Folde to Druadan Forest"}],
}
LABELED = {**copy.deepcopy(FOLDE), "rules": {"split_count": "labeled", "casualty_policy": "regulars_first"}}


def _run(tmp_path, capsys, doc: dict, *args: str) -> tuple[int, str]:
    path = tmp_path / "pos.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main([*args[:1], str(path), *args[1:]])
    return code, capsys.readouterr().out


def test_enumerate_names_battle_flags_as_not_applied(tmp_path, capsys):
    code, out = _run(tmp_path, capsys, LABELED, "enumerate", "--count")
    assert code == 0
    assert "Flags: all defaults; stacking_check=forbid_move" in out.splitlines()
    assert ("Not applied: casualty_policy=regulars_first (scenario), split_count=labeled (scenario): a battle's "
            "flags; a position reads only stacking_check, non_at_war_leaders, mouth_of_sauron_stronghold") in out
    code, out = _run(tmp_path, capsys, LABELED, "enumerate", "--count", "--json")
    got = json.loads(out)["flags_not_applied"]
    assert [(f["flag"], f["value"], f["origin"]) for f in got] == [("casualty_policy", "regulars_first", "scenario"),
                                                                 ("split_count", "labeled", "scenario")]


def test_a_position_flag_is_listed_in_force_and_nothing_is_named_not_applied(tmp_path, capsys):
    doc = {**copy.deepcopy(FOLDE), "rules": {"stacking_check": "trim_at_end"}}
    code, out = _run(tmp_path, capsys, doc, "enumerate", "--count")
    assert code == 0 and "Flags: stacking_check=trim_at_end (scenario)" in out.splitlines()
    assert "Not applied" not in out
    code, out = _run(tmp_path, capsys, doc, "enumerate", "--count", "--json")
    assert json.loads(out)["flags_not_applied"] == []


def test_verify_names_a_command_line_battle_flag_as_not_applied(tmp_path, capsys):
    code, out = _run(tmp_path, capsys, FOLDE, "verify", "--flag", "split_count=labeled")
    assert code == 0
    assert "Not applied: split_count=labeled (command line): a battle's flag;" in out
    assert re.search(r"^TRUE  1 Gondor Regular may move from Folde to Druadan Forest", out, re.M)
    code, out = _run(tmp_path, capsys, FOLDE, "verify", "--flag", "split_count=labeled", "--json")
    got = json.loads(out)["flags_not_applied"]
    assert [(f["flag"], f["value"], f["origin"]) for f in got] == [("split_count", "labeled", "command line")]


def test_battle_flags_change_no_count_of_a_position():
    plain = verbs.enumerate(scenario_from_dict(copy.deepcopy(FOLDE), file="p.yaml"), count=True).counted.total
    labeled = verbs.enumerate(scenario_from_dict(copy.deepcopy(LABELED), file="p.yaml"), count=True).counted.total
    assert plain == labeled == 587


def test_position_flags_are_those_the_movement_rules_read():
    """Every flag of flags.lp that the movement and card encodings or the brute force read is a position flag,
    and no other."""
    names = re.findall(r"^#const (\w+)", (ROOT / "asp_rules" / "wotr" / "flags.lp").read_text(encoding="utf-8"), re.M)
    readers = [ROOT / "asp_rules" / "wotr" / f for f in ("move_derive.lp", "move_generate.lp", "move_legal.lp",
                                                         "move_show.lp", "cards.lp")]
    readers.append(ROOT / "pycombat" / "games" / "wotr" / "position" / "movegen.py")
    text = "\n".join(p.read_text(encoding="utf-8") for p in readers)
    assert {n for n in names if re.search(rf"\b{n}\b", text)} == set(POSITION_FLAGS)


@pytest.mark.parametrize("argv", [["--flag", "stacking_check=trim_at_end"], []])
def test_the_flags_line_names_the_stacking_check_once(argv, capsys, monkeypatch):
    """The position's ``Flags:`` line names the stacking check once, whether it was set or is the default."""
    monkeypatch.chdir(ROOT)
    assert main(["enumerate", "examples/wotr/moves_siege_of_minas_tirith.yaml", "--count", *argv]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("Flags:"))
    assert line.count("stacking_check=") == 1, line
