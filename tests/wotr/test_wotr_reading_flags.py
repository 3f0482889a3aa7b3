"""Each reading flag a ruling file of examples/rulings/wotr/reading_*.yaml is about decides its claims
both ways: under the default every claim gets its expected verdict and names the flag as deciding it;
under the other value every verdict is the opposite (and the file's expectations fail, exit 1)."""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from pycombat.cli import main

ROOT = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "wotr"
#: ruling file -> (the flag, its default, the other reading)
FILES = {
    "reading_dice_reduction": ("dice_reduction_target", "dice", "strength"),
    "reading_replacement_pool": ("replacement_pool", "tracked", "unlimited"),
    "reading_cancelled_card": ("cancelled_card_counts_as_played", "yes", "no"),
    "political_order": ("political_activation_order", "activate_first", "advance_first"),
}


def _verify(path: Path, *flags: str) -> tuple[int, dict]:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["verify", str(path), "--json", *flags])
    return code, json.loads(buf.getvalue())


@pytest.mark.parametrize("stem", sorted(FILES))
def test_the_flag_decides_every_claim_both_ways(stem):
    flag, default, other = FILES[stem]
    path = ROOT / f"{stem}.yaml"
    code, data = _verify(path)
    assert code == 0
    first = {c["id"]: c["verdict"] for c in data["claims"]}
    assert set(first.values()) == {True, False}
    for c in data["claims"]:
        assert c["as_expected"] and c["decided_by_flags"] == {flag: default}, c
    code, data = _verify(path, "--flag", f"{flag}={other}")
    assert code == 1
    for c in data["claims"]:
        assert c["verdict"] is (not first[c["id"]]), c
        assert c["decided_by_flags"] == {flag: other}, c
