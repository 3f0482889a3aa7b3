"""`pycombat batch` with a verb that writes a file (`tree -o`, WotR `odds --plot`): the file name is
required and must hold `{stem}` or `{index}`, filled in per input, so no input overwrites another's
file; a batch without it is refused before any input is read (exit 2), never a Python error per line."""
from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
import yaml

import pycombat
from pycombat import batch
from pycombat.cli import main
from pycombat.errors import PycombatError

EX = Path(pycombat.__file__).resolve().parent.parent / "examples"
FILES = [EX / "meccg" / "two_on_two.yaml", EX / "wotr" / "skirmish.yaml"]


def test_tree_without_an_output_is_refused_up_front(capsys):
    assert main(["batch", *map(str, FILES), "--verb", "tree"]) == 2
    out, err = capsys.readouterr()
    assert not out and "--verb tree requires --opt output=" in err and "{stem}" in err


def test_one_output_for_every_input_is_refused(tmp_path, capsys):
    assert main(["batch", *map(str, FILES), "--verb", "tree", "--opt", f"output={tmp_path / 't.graphml'}"]) == 2
    out, err = capsys.readouterr()
    assert not out and "every input would write this one file" in err
    assert not (tmp_path / "t.graphml").exists()


def test_each_input_writes_its_own_file(tmp_path, capsys):
    folder = tmp_path / "in"
    folder.mkdir()
    for f in FILES:
        shutil.copy(f, folder / f.name)
    stream = tmp_path / "two.jsonl"
    line = json.dumps(yaml.safe_load(FILES[1].read_text(encoding="utf-8")))
    stream.write_text(line + "\n" + line + "\n", encoding="utf-8")
    (tmp_path / "trees").mkdir()
    out = io.StringIO()
    summary = batch.run_batch([str(folder), str(stream)], "tree", out=out, workers=1,
                              options={"output": str(tmp_path / "trees" / "{stem}.graphml")})
    assert summary.failed == 0, out.getvalue()
    written = sorted(p.name for p in (tmp_path / "trees").iterdir())
    assert written == ["skirmish.graphml", "two-1.graphml", "two-2.graphml", "two_on_two.graphml"]
    for p in (tmp_path / "trees").iterdir():
        assert p.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_the_api_names_a_missing_required_option():
    with pytest.raises(PycombatError, match="-o/--output is required"):
        pycombat.load(FILES[0]).tree(None)


def test_two_inputs_of_one_file_name_are_refused_before_any_is_answered(tmp_path, capsys):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        shutil.copy(FILES[0], tmp_path / folder / "same.yaml")
    pattern = str(tmp_path / "{stem}.graphml")
    assert main(["batch", str(tmp_path / "a" / "same.yaml"), str(tmp_path / "b" / "same.yaml"), "--verb", "tree",
                 "--opt", f"output={pattern}"]) == 2
    out, err = capsys.readouterr()
    assert not out and "would both write" in err and "{index}" in err
    assert not (tmp_path / "same.graphml").exists()
    assert main(["batch", str(tmp_path / "a" / "same.yaml"), str(tmp_path / "b" / "same.yaml"), "--verb", "tree",
                 "--opt", f"output={tmp_path / '{stem}_{index}.graphml'}"]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in tmp_path.glob("*.graphml")) == ["same_0.graphml", "same_1.graphml"]
