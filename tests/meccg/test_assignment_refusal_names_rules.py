"""A `combat:` block whose strikes are not a legal complete assignment is refused naming every rule it
breaks, whole: the ids in the one-line message, each rule's text on a line of its own below it, so a
long rule text never cuts off the rule that decides (MECCG-CARD-6: Goldberry may not be attacked)."""
from __future__ import annotations

from pathlib import Path

from pycombat.cli import main

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "meccg" / "wind_throne.yaml"


def test_goldberry_given_a_strike_is_refused_naming_her_rule(tmp_path, capsys):
    text = EXAMPLE.read_text(encoding="utf-8")
    anchor = "    - defender: Gandalf\n      attacker: Lagduf\n"
    assert anchor in text and "Éomer <- Horseman" in text
    # Horseman's strike moved from Éomer to Goldberry (an ally "may not be attacked")
    text = text.replace("    - defender: Éomer\n      attacker: Horseman in the Night\n",
                        "    - defender: Goldberry\n      attacker: Horseman in the Night\n")
    path = tmp_path / "goldberry.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["odds", str(path)]) == 2
    out, err = capsys.readouterr()
    first, *below = err.splitlines()
    assert not out and "combat.strikes" in first and "MECCG-CARD-6" in first
    assert any(line.strip().startswith("MECCG-CARD-6: Goldberry (TW-245)") for line in below)
    assert "Traceback" not in err
