"""A move claim may count its figures in words ("one Nazgûl", "two Nazgûl", "a Nazgûl"): read as the digits
are, the same verdicts (WOTR-CHMOVE-1, WOTR-CHMOVE-7)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pycombat import api

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path, digits, words", [
    ("examples/rulings/wotr/moves_army_shadow.yaml", "1 Nazgûl may move from Osgiliath to Pelargir", "a Nazgûl"),
    ("examples/rulings/wotr/moves_army_shadow.yaml", "1 Nazgûl may move from Osgiliath to Pelargir with a Character die",
     "one Nazgûl"),
    ("examples/rulings/wotr/moves_shadow_characters.yaml", "2 Nazgûl may move from Morannon to Fangorn", "two Nazgûl"),
])
def test_a_count_in_words_reads_as_its_digits(tmp_path, path, digits, words):
    doc = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    (claim,) = [c for c in doc["claims"] if c.get("claim") == digits]  # (that claim alone: the ruling's position)
    said = digits.replace(digits.split(" may ")[0], words, 1)
    verdicts = {}
    for text in (digits, said):
        one = {**doc, "claims": [{**claim, "claim": text}]}
        (got,) = api.load(one).verify().to_json()["claims"]
        assert got["claim"] == text
        verdicts[text] = (got["verdict"], got["reasons"])
    assert verdicts[said] == verdicts[digits] and verdicts[digits][0] == claim["expect"]
