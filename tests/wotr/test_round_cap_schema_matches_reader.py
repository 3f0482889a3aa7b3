"""The ``max_rounds`` cap (1 to :data:`pycombat.games.wotr.spec.MAX_ROUNDS`, or ``none``; docs/limits.md) is
refused where the file is read, by ``pycombat.load`` as by every verb, for a battle and a position; and the
JSON Schema (``pycombat schema wotr``) accepts exactly the values the reader accepts: the integer bounded by
``minimum``/``maximum``, its digits by a pattern that refuses ``0``, negatives and values above the cap."""
from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
import yaml

import pycombat
from pycombat.errors import ScenarioError
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.games.wotr.spec import MAX_ROUNDS, json_schema

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "examples" / "wotr" / "skirmish.yaml"
POSITION = ROOT / "examples" / "wotr" / "moves_companions.yaml"

VALUES = [1, 3, MAX_ROUNDS, MAX_ROUNDS + 1, 0, -5, 5000, "1", "100", "007", " 12 ", "0", "-5", "101", "5000",
          "none", None, "x"]


def _doc(path: Path, value) -> dict:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["rules"] = {**(doc.get("rules") or {}), "max_rounds": value}
    return doc


def _reader_accepts(doc: dict) -> bool:
    try:
        scenario_from_dict(doc, file="s.yaml")
    except ScenarioError as exc:
        assert exc.path == "rules.max_rounds"
        return False
    return True


@pytest.mark.parametrize("path", [SKIRMISH, POSITION], ids=["battle", "position"])
@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_schema_accepts_the_cap_exactly_when_the_reader_does(path, value, monkeypatch):
    monkeypatch.chdir(ROOT)
    doc = _doc(path, value)
    schema_ok = jsonschema.Draft202012Validator(json_schema()).is_valid(doc)
    assert schema_ok == _reader_accepts(doc)


def test_the_cap_in_the_schema_is_bounded_by_minimum_and_maximum():
    cap = json_schema()["else"]["properties"]["rules"]["properties"]["max_rounds"]["anyOf"]
    assert {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS} in cap


@pytest.mark.parametrize("value", [MAX_ROUNDS + 1, str(MAX_ROUNDS + 1)])
def test_load_refuses_a_cap_beyond_the_limit_when_read(value, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(_doc(SKIRMISH, value)), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        pycombat.load(str(path))
    assert err.value.path == "rules.max_rounds"
    assert f"more than the {MAX_ROUNDS}" in str(err.value)


def test_load_takes_a_cap_at_the_limit(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(_doc(SKIRMISH, MAX_ROUNDS)), encoding="utf-8")
    assert pycombat.load(str(path)).flags["max_rounds"] == str(MAX_ROUNDS)
