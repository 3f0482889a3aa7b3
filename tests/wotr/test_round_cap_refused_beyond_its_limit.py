"""A ``max_rounds`` cap beyond :data:`pycombat.games.wotr.spec.MAX_ROUNDS` is refused before any work (docs/limits.md),
from the file's ``rules:`` or the command line, in every verb that fights the battle; ``none`` (no cap, solved exactly)
and a cap within the limit are answered."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pycombat.cli import main
from pycombat.games.wotr.spec import MAX_ROUNDS

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "examples" / "wotr" / "skirmish.yaml"


@pytest.mark.parametrize("verb", ["odds", "optimize"])
def test_a_huge_cap_on_the_command_line_is_refused(verb, capsys):
    assert main([verb, str(SKIRMISH), "--flag", "max_rounds=99999999999999999999"]) == 2
    err = capsys.readouterr().err
    assert "--flag max_rounds" in err and f"more than the {MAX_ROUNDS}" in err and "`none`" in err
    assert "Traceback" not in err


def test_a_huge_cap_in_the_file_is_refused_naming_its_field(tmp_path, capsys):
    doc = yaml.safe_load(SKIRMISH.read_text(encoding="utf-8"))
    doc["rules"] = {**(doc.get("rules") or {}), "max_rounds": MAX_ROUNDS + 1}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    assert main(["odds", str(path)]) == 2
    assert "rules.max_rounds" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["none", "3"])
def test_no_cap_or_a_cap_within_the_limit_is_answered(value, capsys):
    assert main(["odds", str(SKIRMISH), "--flag", f"max_rounds={value}"]) == 0
