"""A claim sentence that matches no form: one error line naming the file and field, the sentence
quoted whole, then the accepted kinds and example sentences, uncut (every game)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import tidy

ROOT = Path(__file__).resolve().parent.parent
ONE_RULING = {"meccg": "seed_attack_structure.yaml", "wotr": "attack_declaration.yaml",
              "riftbound": "seed_example.yaml"}


@pytest.mark.parametrize("game", sorted(ONE_RULING))
def test_an_unreadable_claim_lists_the_forms(game, tmp_path, capsys):
    data = yaml.safe_load((ROOT / "examples" / "rulings" / game / ONE_RULING[game]).read_text())
    data["claims"] = ["the moon is made of cheese"]
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(data))
    assert main(["verify", str(f)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"pycombat: {f}: claims[0].claim: cannot read the claim 'the moon is made of cheese'")
    assert err[1].startswith("  claim kinds (")
    kinds = err[1].split(": ", 1)[1].split(", ")
    assert len(kinds) == int(err[1].split("(")[1].split(")")[0]) >= 3
    assert "..." not in "\n".join(err[1:]), err  # nothing cut
    assert any(line.startswith("  sentences such as \"") for line in err[2:]), err


def test_an_apostrophe_is_no_quote():
    """tidy cuts a long quoted value, never the text between a closing quote and a word's apostrophe."""
    msg = "cannot read 'x'; such as " + ", ".join(f'"unit {i}\'s lethal damage is {i}"' for i in range(12))
    assert tidy(msg) == msg[:285] + "..." if len(msg) > 288 else tidy(msg) == msg
    assert "'..." not in tidy(msg)
    long_quote = "unknown '" + "y" * 200 + "'"
    assert tidy(long_quote).endswith("'...") and len(tidy(long_quote)) < 100
