"""`pycombat batch --json-lines OUT`: OUT is checked before any input is read (one clear error naming
it, exit 2, never a traceback), and a batch refused before it answers anything leaves OUT as it was."""
from __future__ import annotations

from pathlib import Path

import pytest

import pycombat
from pycombat.cli import main

EX = Path(pycombat.__file__).resolve().parent.parent / "examples"
SCENARIO = str(EX / "riftbound" / "seed_example.yaml")


@pytest.mark.parametrize("args, words", [
    (["--verb", "od"], "--verb 'od': no game has this verb"),
    (["--verb", "tree"], "--verb tree requires --opt output=VALUE"),
    (["--verb", "tree", "--opt", "output=one.graphml"], "every input would write this one file"),
])
def test_a_refused_batch_leaves_an_earlier_output_file_as_it_was(tmp_path, capsys, args, words):
    out = tmp_path / "lines.jsonl"
    out.write_text('{"input": "an earlier batch"}\n', encoding="utf-8")
    assert main(["batch", SCENARIO, *args, "--workers", "1", "--json-lines", str(out)]) == 2
    assert words in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == '{"input": "an earlier batch"}\n'


def test_an_output_file_that_cannot_be_written_is_one_clear_error(tmp_path, capsys):
    for target, words in ((tmp_path / "no" / "such" / "lines.jsonl", "cannot write it: no folder"),
                          (tmp_path, "is a folder")):
        assert main(["batch", SCENARIO, "--verb", "enumerate", "--workers", "1", "--json-lines", str(target)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"pycombat: --json-lines {target}: ") and words in err
        assert "Traceback" not in err and "batch: " not in err  # refused before any input was read


def test_the_output_file_holds_one_line_per_input_when_the_batch_runs(tmp_path, capsys):
    out = tmp_path / "lines.jsonl"
    out.write_text("an earlier batch's lines\n" * 3, encoding="utf-8")
    assert main(["batch", SCENARIO, SCENARIO, "--verb", "enumerate", "--workers", "1", "--json-lines", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert [line.startswith('{"input":') for line in lines] == [True, True]
    assert "batch: 2 inputs: 2 answered, 0 failed" in capsys.readouterr().err
