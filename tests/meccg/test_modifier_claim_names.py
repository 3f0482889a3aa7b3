""""M applies to X's prowess" names M as every other name field does (pycombat.names.normalize: case, accents,
straight or curly apostrophes): the exact name of one of X's modifications, or of a card, item or character of the
data; anything else, a prefix or a misspelling, is refused naming the field, with the closest name (exit 2)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pycombat.cli import main

SEED = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "meccg" / "seed_strike_results.yaml"


def _run(tmp_path, capsys, claim: str) -> tuple[int, str, str]:
    text = SEED.read_text(encoding="utf-8").split("claims:")[0].replace(
        "items: [Glamdring]", "items: [\"Durin's Axe\"]")  # Gimli carries Durin’s Axe, typed with a straight apostrophe
    text += f'claims:\n  - {{id: c, claim: "{claim}"}}\n'
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    code = main(["verify", str(p)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("claim, verdict", [
    ("Durin's Axe applies to Gimli's prowess", "TRUE"),        # straight apostrophe: the card is Durin’s Axe
    ("Durin’s Axe applies to Gimli's prowess", "TRUE"),
    ("durin's axe applies to Gimli's prowess", "TRUE"),
    ("Durin's Axe does not apply to Gimli's prowess", "FALSE"),
    ("Glamdring applies to Gimli's prowess", "FALSE"),          # a card of the data that does not modify him
    ("Swift Strokes applies to Gimli's prowess", "FALSE"),      # Old Troll's card, on his own prowess
    ("support applies to Gimli's prowess", "TRUE"),             # Goldberry's support (MECCG-SEQ-6)
    ("Goldberry applies to Gimli's prowess", "TRUE"),
])
def test_a_modifier_is_named_by_its_folded_name(tmp_path, capsys, claim, verdict):
    code, out, err = _run(tmp_path, capsys, claim)
    assert code == 0, err
    assert out.splitlines()[1].startswith(verdict), out


@pytest.mark.parametrize("claim, message", [
    ("D applies to Gimli's prowess", "modifier: no card, item or modification called 'D'"),
    ("Glamdrng applies to Gimli's prowess", "did you mean 'Glamdring'?"),
    ("Swift Stroke applies to Gimli's prowess", "did you mean 'Swift Strokes'?"),
    ("Durins Axe applies to Gimli's prowess", "did you mean 'Durin’s Axe'?"),
])
def test_a_prefix_or_a_misspelt_modifier_is_refused_with_the_closest_name(tmp_path, capsys, claim, message):
    code, _out, err = _run(tmp_path, capsys, claim)
    assert code == 2
    assert "claims[0]" in err and message in err, err
