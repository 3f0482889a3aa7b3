"""A `hand:` holding a card its player can never play in this attack (a minion holding Risky Blow, a hero
card, MECCG-FX-20) is refused by every verb as optimize refuses it: one error naming the file and the hand
entry, exit 2, no traceback (cards/play.py's refuse_hands, the one check)."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main

DOC = {"game": "meccg",
       "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"],
                    "hand": ["Risky Blow"]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Frodo"]},
       "combat": {"strikes": [{"defender": "Frodo", "attacker": "Shagrat", "rolls": {"attacker": 7, "defender": 7}}]},
       "claims": [{"claim": "the final prowess of Shagrat in strike 1 is 6"}]}


@pytest.mark.parametrize("verb", ["odds", "replay", "enumerate", "verify", "optimize"])
def test_every_verb_refuses_a_hand_optimize_refuses(verb, tmp_path, capsys):
    path = tmp_path / "bad_hand.yaml"
    path.write_text(yaml.safe_dump(DOC))
    assert main([verb, str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad_hand.yaml: attacker.hand[0]: Risky Blow is a hero card" in err and "MECCG-FX-20" in err
    assert "Traceback" not in err
