"""`replay --rolls` takes the dice from the command line: when the file holds `rolls:` too, the replay says once that
they are not read (nothing the file says is dropped unsaid), in the text and in the JSON notes; without `--rolls`, or
without file dice, nothing is said."""
from __future__ import annotations

import json

import yaml

from pycombat.cli import main
from pycombat.games.wotr.schema import example_path

ROLLS = "[{attacker: {combat: [6, 5, 3, 1, 2], reroll: [6, 4, 1]}, defender: {combat: [5, 2, 1], reroll: [6]}}]"
SAID = "--rolls gives the dice: the file's `rolls:` (2 rounds) are not read"


def _json(capsys, *args) -> dict:
    assert main(["replay", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_files_dice_not_read_are_named_once(capsys):
    path = str(example_path("replay_osgiliath.yaml"))
    notes = [n["text"] for n in _json(capsys, path, "--rolls", ROLLS)["notes"]]
    assert notes.count(SAID) == 1
    assert main(["replay", path, "--rolls", ROLLS]) == 0
    assert capsys.readouterr().out.count(f"  - {SAID}\n") == 1


def test_nothing_is_said_without_the_option_or_without_file_dice(capsys, tmp_path):
    path = example_path("replay_osgiliath.yaml")
    assert not [n for n in _json(capsys, str(path))["notes"] if "not read" in n["text"]]
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc.pop("rolls")
    bare = tmp_path / "bare.yaml"
    bare.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert not [n for n in _json(capsys, str(bare), "--rolls", ROLLS)["notes"] if "not read" in n["text"]]
