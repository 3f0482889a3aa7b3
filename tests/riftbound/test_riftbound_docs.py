"""docs/riftbound.md shows real output: every `$ pycombat ...` line of its console blocks is
re-run here and its output compared, and its scenario sketch is a valid scenario."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import yaml

from pycombat.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "riftbound.md").read_text(encoding="utf-8")


def commands() -> list[tuple[str, str]]:
    """(command line after `$ pycombat `, expected output) for each command of each console block."""
    out = []
    for block in re.findall(r"```console\n(.*?)```", DOC, re.S):
        parts = re.split(r"^\$ pycombat (.*)$", block, flags=re.M)
        # parts: [before, cmd1, output1, cmd2, output2, ...]
        assert not parts[0].strip(), f"console block must start with `$ pycombat`: {block[:60]!r}"
        for cmd, expected in zip(parts[1::2], parts[2::2], strict=True):
            out.append((cmd, expected.strip("\n")))
    return out


COMMANDS = commands()


def test_the_doc_shows_every_verb():
    verbs = {shlex.split(c)[0] for c, _ in COMMANDS}
    assert verbs == {"enumerate", "odds", "optimize", "verify", "tree"}


@pytest.mark.parametrize("cmd, expected", COMMANDS, ids=[c for c, _ in COMMANDS])
def test_command_output_is_real(cmd, expected, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    args = [a.replace("/tmp/", f"{tmp_path}/") for a in shlex.split(cmd)]
    main(args)
    got = capsys.readouterr()
    text = (got.out + got.err).rstrip("\n").replace(f"{tmp_path}/", "/tmp/")
    assert text == expected


def test_the_scenario_sketch_is_a_valid_scenario(tmp_path):
    from pycombat.games.riftbound.schema import scenario_from_dict

    sketch = re.search(r"### Scenario files\n\n```yaml\n(.*?)```", DOC, re.S).group(1)
    s = scenario_from_dict(yaml.safe_load(sketch), file="sketch.yaml")
    assert s.game == "riftbound" and len(s.effects) == 2 and s.flags["excess_damage"] == "last"


def test_the_numbers_in_the_prose_are_current():
    rulings = list((ROOT / "examples" / "rulings" / "riftbound").glob("*.yaml"))
    assert f"The {len(rulings)} files of `examples/rulings/riftbound/`" in DOC
    assert "(87 splits)" in DOC
