"""A claim about a round beyond spec.MAX_ROUNDS (the cap on `max_rounds`, docs/limits.md) is refused up
front, exit 2, naming the claim and its `round` field and the cap, before any battle is solved; a claim
about hits reads "1 hit", not "1 hits"."""
from __future__ import annotations

import yaml

from pycombat.cli import main
from pycombat.games.wotr.spec import MAX_ROUNDS


def _write(tmp_path, claim):
    doc = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
           "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 3}}, "nazgul": 1,
                        "hand": ["Relentless Assault"]},
           "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "leaders": 1}}, "retreat_to": []},
           "claims": [{"id": "c", "claim": claim}]}
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return str(path)


def test_a_card_round_beyond_the_cap_is_refused(tmp_path, capsys):
    assert main(["verify", _write(tmp_path, "the attacker may play Relentless Assault in round 3000")]) == 2
    err = capsys.readouterr().err
    assert "r.yaml: claims[0]: round: 3000 is beyond the 100 rounds" in err and str(MAX_ROUNDS) in err
    assert "Traceback" not in err


def test_a_hit_round_beyond_the_cap_is_refused(tmp_path, capsys):
    claim = f"the attacker scores at least 1 hit in round {MAX_ROUNDS + 1} with probability 1/2"
    assert main(["verify", _write(tmp_path, claim)]) == 2
    assert "round: 101 is beyond" in capsys.readouterr().err


def test_the_cap_itself_is_answered_and_one_hit_is_singular(tmp_path, capsys):
    assert main(["verify", _write(tmp_path, "the attacker scores at least 1 hit in round 1 with probability "
                                            "65/81")]) == 0
    out = capsys.readouterr().out
    assert "P(at least 1 hit) = 65/81" in out and "1 hits" not in out and "1 missed die re-rolled" in out
