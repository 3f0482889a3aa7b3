"""RB-MODEL-7 [best_split_objective=custom]: the objective weighs the units' `value:`. With no unit holding one there
is nothing to weigh: every verb that picks a best split refuses it with the same error (exit 2), odds as optimize
does, never answering under another objective instead."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main

DOC = {"game": "riftbound", "title": "custom",
       "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3}]},
       "defender": {"player": "Bo", "units": [{"name": "D1", "custom": True, "might": 1},
                                             {"name": "D2", "custom": True, "might": 2}]}}
MESSAGE = "best_split_objective=custom weighs the units' `value:`; no unit of this scenario has one"


def _path(tmp_path, doc):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("argv", [["odds", "--flag", "best_split_objective=custom"],
                                  ["optimize", "--objective", "custom"],
                                  ["optimize", "--flag", "best_split_objective=custom"]])
def test_custom_without_values_is_refused_alike(argv, capsys, tmp_path):
    assert main([argv[0], _path(tmp_path, DOC), *argv[1:]]) == 2
    err = capsys.readouterr().err
    assert MESSAGE in err and "Traceback" not in err


def test_custom_with_values_weighs_them(capsys, tmp_path):
    """D1 valued 5, D2 valued 1: the Attacker's best split under custom kills D1 (then D2 with what is left)."""
    doc = {**DOC, "defender": {"player": "Bo", "units": [{"name": "D1", "custom": True, "might": 1, "value": 5},
                                                        {"name": "D2", "custom": True, "might": 2, "value": 1}]}}
    assert main(["odds", _path(tmp_path, doc), "--flag", "best_split_objective=custom"]) == 0
    out = capsys.readouterr().out
    assert "(its best (custom) split: no split given)" in out


def test_stated_splits_need_no_objective(capsys, tmp_path):
    """Both splits stated: odds picks no best split, so the objective is not read."""
    doc = {**DOC, "splits": {"attacker": {"D1": 1, "D2": 2}, "defender": {"A3": 3}}}
    assert main(["odds", _path(tmp_path, doc), "--flag", "best_split_objective=custom"]) == 0
