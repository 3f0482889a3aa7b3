"""docs/wotr.md shows real output: every `$ pycombat ...` command in its console blocks is re-run
here and compared with the text shown (timings normalised)."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from pycombat.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "wotr.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```console\n\$ (pycombat [^\n]*)\n(.*?)```", DOC, re.S)


def normalise(text: str) -> str:
    return re.sub(r"solved exactly \(([\d,]+) battle states, \d+\.\d s\)", r"solved exactly (\1 battle states, 0.0 s)",
                  text.rstrip("\n"))


def test_the_doc_has_a_block_per_verb():
    verbs = {shlex.split(cmd)[1] for cmd, _ in BLOCKS}
    assert verbs == {"enumerate", "odds", "optimize", "verify", "tree"}


@pytest.mark.parametrize("cmd,expected", BLOCKS, ids=[c for c, _ in BLOCKS])
def test_console_block_is_real_output(cmd, expected, capsys, monkeypatch, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    argv = shlex.split(cmd)[1:]
    code = main(argv)
    got = normalise(capsys.readouterr().out)
    assert code == 0
    assert got == normalise(expected)
