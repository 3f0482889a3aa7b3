"""optimize solves every legal split (WOTR-SPLIT-1); a file that names its own split with `rearguard:` is
told what that split is worth beside the best one, in the text and in the JSON (`file_split`), not left
out without a word."""
from __future__ import annotations

import json
from fractions import Fraction

from pycombat.cli import main

BATTLE = """game: wotr
title: a raid with a rearguard named
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Ash Mountains
  units: {Sauron: {regulars: 1, elites: 2}}
  nazgul: 1
  %s
defender: {region: Dagorlad, units: {Gondor: {regulars: 1, elites: 2, leaders: 1}}}
battle: {action: army}
rules: {max_rounds: 2, replacement_pool: unlimited}
"""


def _run(capsys, tmp_path, rearguard: str, *args):
    path = tmp_path / "raid.yaml"
    path.write_text(BATTLE % rearguard)
    assert main(["optimize", str(path), *args]) == 0
    return capsys.readouterr().out


def test_the_files_split_is_named_with_its_value(capsys, tmp_path):
    named = "rearguard: {units: {Sauron: {regulars: 1}}}"
    body = json.loads(_run(capsys, tmp_path, named, "--json"))
    own = body["file_split"]
    assert (own["attacking"], own["rearguard"]) == ("Sauron: 2 Elites; 1 Nazgûl", "Sauron: 1 Regular")
    listed = next(sp for sp in body["splits"] if sp["rearguard"] == "Sauron: 1 Regular"
                  and sp["attacking"] == own["attacking"])
    assert own["value"] == listed["value"] and own["difference"] == listed["difference"]
    assert Fraction(own["difference"]["exact"]) > 0  # the whole Army is better here
    text = _run(capsys, tmp_path, named)
    line = next(x for x in text.splitlines() if x.startswith("  The file's split"))
    worse = Fraction(own["difference"]["exact"])
    assert line == ("  The file's split (rearguard Sauron: 1 Regular; optimize solves every legal split, WOTR-SPLIT-1): "
                    f"0 (0.0000) ({worse.numerator}/{worse.denominator} ({float(worse):.4f}) worse than the best)")


def test_no_line_when_the_file_names_no_rearguard(capsys, tmp_path):
    body = json.loads(_run(capsys, tmp_path, "", "--json"))
    assert "file_split" not in body
    assert "The file's split" not in _run(capsys, tmp_path, "")
