"""MECCG-SEQ-6: at step 5 the defender may tap untapped members with no strike of their own to support his
character, +1 prowess each. "X taps in strike N" holds of a supporter of strike N; he faces no strike in
it, so he is not wounded and stays in play (an ally discarded with his wounded controller is MECCG-FX-19's).
The scenario: Beregond supports Aragorn II (-3 not to tap) against the wounded Lagduf."""
from __future__ import annotations

import subprocess
import sys

import pytest
import yaml

import pycombat

DOC = {
    "game": "meccg",
    "attacker": {"player": "A", "alignment": "minion", "site": "Moria",
                 "members": [{"name": "Shagrat"}, {"name": "Lagduf", "status": "wounded"},
                             {"name": "Odoacer", "status": "tapped"}]},
    "defender": {"player": "D", "alignment": "hero", "site": "Moria",
                 "members": [{"name": "Aragorn II"}, {"name": "Éomer", "status": "wounded"},
                             {"name": "Faramir", "status": "tapped"}, {"name": "Beregond"}]},
    "combat": {"strikes": [
        {"attacker": "Lagduf", "defender": "Aragorn II", "defender_untapped": True, "support": ["Beregond"],
         "rolls": {"attacker": 5, "defender": 9, "body": 7}},
        {"attacker": "Shagrat", "defender": "Faramir", "attacker_untapped": True, "rolls": {"attacker": 9, "defender": 8}},
        {"attacker": "Odoacer", "defender": "Éomer", "rolls": {"attacker": 6, "defender": 6, "body": 7}}]},
}


def _verdicts(claims):
    got = pycombat.load({**DOC, "claims": claims}).run("verify").to_json()["claims"]
    return [(c["verdict"], [r["rule"] for r in c["reasons"]]) for c in got]


def test_a_supporter_taps_in_the_strike_he_supports():
    [(verdict, rules)] = _verdicts(["Beregond taps in strike 1"])
    assert verdict is True and rules == ["MECCG-SEQ-6"]
    [(verdict, _r)] = _verdicts(["Beregond does not tap in strike 1"])
    assert verdict is False
    assert [v for v, _r in _verdicts(["Aragorn II taps in strike 1"])] == [False]  # he took -3 (MECCG-SEQ-5)


@pytest.mark.parametrize("claim, want", [("Beregond is wounded in strike 1", False),
                                         ("Beregond is eliminated in strike 1", False),
                                         ("Beregond survives strike 1", True)])
def test_a_supporter_faces_no_strike(claim, want):
    [(verdict, rules)] = _verdicts([claim])
    assert verdict is want and rules == ["MECCG-SEQ-6"]


def test_a_member_in_no_part_of_the_strike_is_still_refused(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({**DOC, "claims": ["Beregond taps in strike 2"]}, allow_unicode=True),
                    encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pycombat", "verify", str(path)], capture_output=True, text=True)
    assert out.returncode == 2 and "Beregond is not in strike 2" in out.stderr and "Traceback" not in out.stderr
    path.write_text(yaml.safe_dump({**DOC, "claims": ["Beregond taps in strike 1"]}, allow_unicode=True),
                    encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pycombat", "verify", str(path)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("TRUE  Beregond taps in strike 1")
