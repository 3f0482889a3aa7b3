"""A move claim may count its figures in words ("one Nazgûl", "two Nazgûl", "a Nazgûl"): read as the digits
are, the same verdicts (WOTR-CHMOVE-1, WOTR-CHMOVE-7)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pycombat import api

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path, digits, words", [
    ("examples/rulings/wotr/moves_army_shadow.yaml", "1 Nazgûl may move from Osgiliath to Pelargir", "a Nazgûl"),
    ("examples/rulings/wotr/moves_army_shadow.yaml", "1 Nazgûl may move from Osgiliath to Pelargir with a Character die",
     "one Nazgûl"),
    ("examples/rulings/wotr/moves_shadow_characters.yaml", "2 Nazgûl may move from Morannon to Fangorn", "two Nazgûl"),
])
def test_a_count_in_words_reads_as_its_digits(tmp_path, path, digits, words):
    text = (ROOT / path).read_text(encoding="utf-8")
    assert digits in text
    said = digits.replace(digits.split(" may ")[0], words, 1)
    changed = tmp_path / "words.yaml"
    changed.write_text(text.replace(f"claim: {digits},", f"claim: {said},"), encoding="utf-8")
    before = {c["id"]: c["verdict"] for c in api.load(ROOT / path).verify().to_json()["claims"]}
    after = {c["id"]: (c["claim"], c["verdict"]) for c in api.load(changed).verify().to_json()["claims"]}
    cid = next(k for k, (claim, _) in after.items() if claim == said)
    assert after[cid][1] == before[cid]
