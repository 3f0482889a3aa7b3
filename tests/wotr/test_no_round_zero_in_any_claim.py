"""WOTR-ROUND-1: a battle's rounds are counted from 1. A claim about round 0, of any kind (hits, hit number,
a card's play, an elimination, a siege going on), as a sentence or as `kind:` fields, is refused: exit 2,
naming the file, the claim and its `round` field, never answered with another round's numbers."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main

DAGORLAD = {"politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 3}}, "nazgul": 1,
                         "hand": ["Relentless Assault"]},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "leaders": 1}},
                         "retreat_to": []}}
EDORAS = {"politics": {"Sauron": "at_war", "Rohan": "at_war"},
          "attacker": {"region": "Folde", "units": {"Sauron": {"regulars": 3}}, "characters": ["The Witch-king"]},
          "defender": {"region": "Edoras", "units": {"Rohan": {"regulars": 2, "leaders": 1}}, "retreat_to": []}}


def _write(tmp_path, battle, claim):
    doc = {"game": "wotr", **battle, "claims": [{"id": "c", **({"claim": claim} if isinstance(claim, str) else claim)}]}
    path = tmp_path / "round0.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("battle,claim", [
    (DAGORLAD, "the attacker scores at least 1 hit in round 0 with probability 65/81"),  # round 1's number
    (DAGORLAD, "the defender scores exactly 0 hits in round 0 with probability 1"),
    (EDORAS, "the attacker hits on 6 in round 0"),
    (EDORAS, "the attacker hits on 5 in round 0"),  # was answered TRUE, round 0 read as a later round
    (DAGORLAD, "the attacker may play Relentless Assault in round 0"),
    (DAGORLAD, "Relentless Assault may be played in round 0"),
    (DAGORLAD, "the defender may lose a Leader in round 0"),
    (DAGORLAD, "the siege battle may go on to round 0"),
    (DAGORLAD, {"kind": "hits", "role": "attacker", "compare": "at least", "hits": 1, "round": 0,
                "probability": "65/81"}),
    (EDORAS, {"kind": "hit_number", "role": "attacker", "value": 5, "round": 0}),
])
def test_round_zero_is_refused_by_every_claim_kind(tmp_path, capsys, battle, claim):
    assert main(["verify", _write(tmp_path, battle, claim)]) == 2
    captured = capsys.readouterr()
    assert "round0.yaml: claims[0]: round: a round number, 1 or more, not 0" in captured.err
    assert "WOTR-ROUND-1" in captured.err and "Traceback" not in captured.err
    assert "TRUE" not in captured.out and "FALSE" not in captured.out


def test_round_one_is_still_answered(tmp_path, capsys):
    assert main(["verify", _write(tmp_path, DAGORLAD, "the attacker scores at least 1 hit in round 1 with "
                                                       "probability 65/81")]) == 0
    assert capsys.readouterr().out.startswith("TRUE")
