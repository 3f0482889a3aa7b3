"""MECCG claim sentences: a negative sentence ("does not <verb>", "is not", "may not", "cannot") is read as its
positive form with the verdict flipped, whatever the verb; "X survives strike N" holds when he stays in play
(not eliminated, discarded, returned to hand or put off to the side in it); a member a claim misspells is refused
with the closest member's name."""
from __future__ import annotations

from pathlib import Path

import pytest

from pycombat.cli import main

SEED = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "meccg" / "seed_strike_results.yaml"


def _run(tmp_path, capsys, claim: str) -> tuple[int, str, str]:
    text = SEED.read_text(encoding="utf-8").split("claims:")[0] + f"claims:\n  - {claim}\n"
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    code = main(["verify", str(p)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("claim, verdict", [
    ("strike 2 succeeds", "TRUE"),                 # the seed's dice: Old Troll wounds Gimli
    ("strike 2 does not succeed", "FALSE"),
    ("strike 2 doesn't fail", "TRUE"),
    ("Gimli does not tap in strike 2", "TRUE"),
    ("a body-check roll of 12 does not eliminate Gimli", "FALSE"),
    ("a body-check roll of 12 does not spare Gimli", "TRUE"),
    ("Gimli survives strike 2", "TRUE"),
    ("Gimli does not survive strike 2", "FALSE"),
    ("Shagrat survives strike 3", "FALSE"),        # eliminated by the body check of 10
    ("Shagrat is not eliminated in strike 3", "FALSE"),
])
def test_negative_and_survival_sentences(tmp_path, capsys, claim, verdict):
    code, out, err = _run(tmp_path, capsys, claim)
    assert code == 0, err
    assert out.splitlines()[1].startswith(verdict), out


@pytest.mark.parametrize("claim, message", [
    ("Gimly is wounded in strike 2", "character: 'Gimly' is not a member of the two companies; did you mean 'Gimli'?"),
    ("{kind: strike_effect, character: Aragon II, strike: 3, effect: is wounded}",
     "character: 'Aragon II' is not a member of the two companies; did you mean 'Aragorn II'?"),
    ("Aragorn II may take Glamdrin from Gimli", "item: Gimli carries no 'Glamdrin'; did you mean 'Glamdring'?"),
])
def test_a_misspelt_name_in_a_claim_is_refused_with_the_closest(tmp_path, capsys, claim, message):
    code, _out, err = _run(tmp_path, capsys, claim)
    assert code == 2
    assert message in err, err
