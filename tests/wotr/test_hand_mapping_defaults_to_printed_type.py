"""A `hand:` entry written as a mapping under a shipped card's title is the printed card: a field left
out is the printed one (`type:` the printed icon), so `{name: The Eagles are Coming!}` is read as the
title alone; a field that contradicts the print is still refused."""
from __future__ import annotations

import copy

import yaml

import pycombat
from pycombat.cli import main

DOC = {"game": "wotr", "title": "eagles far", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
       "position": {"regions": {"Minas Tirith": {"units": {"Gondor": {"regulars": 3}}, "characters": ["Legolas"]},
                                "Osgiliath": {"units": {"Sauron": {"regulars": 4}}, "nazgul": 1}},
                    "fellowship": {"region": "Rivendell", "companions": ["Gimli"]}},
       "action": {"side": "free_peoples", "die": "event"},
       "hand": ["The Eagles are Coming!"],
       "claims": [{"id": "c", "claim": "The Eagles are Coming! may be played"},
                  {"id": "k", "claim": "The Eagles are Coming! may be played with a Character die"}]}


def _verdicts(doc: dict) -> dict[str, dict]:
    return {c["id"]: (c["verdict"], [r["rule"] for r in c["reasons"]])
            for c in pycombat.load(doc).verify().to_json()["claims"]}


def test_a_mapping_without_type_is_the_printed_card():
    mapped = copy.deepcopy(DOC)
    mapped["hand"] = [{"name": "The Eagles are Coming!"}]
    got = _verdicts(mapped)
    assert got == _verdicts(DOC)
    assert got["c"][0] is True and got["k"][0] is True  # a Character card: a Character result plays it


def test_a_mapping_whose_type_contradicts_the_print_is_still_refused(tmp_path, capsys):
    doc = copy.deepcopy(DOC)
    doc["hand"] = [{"name": "The Eagles are Coming!", "type": "army"}]
    path = tmp_path / "eagles.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "hand[0].type:" in capsys.readouterr().err


def test_a_described_card_still_needs_its_type(tmp_path, capsys):
    doc = copy.deepcopy(DOC)
    doc["hand"] = [{"name": "a card of my own"}]
    doc["claims"] = [{"id": "c", "claim": "a card of my own may be played"}]
    path = tmp_path / "own.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "hand[0].type: is required" in capsys.readouterr().err
