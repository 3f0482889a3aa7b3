"""The `claims:` of a scenario are read (and a bad entry refused, exit 2, naming the field) when the scenario is
read, whatever the verb: a misspelt field (`expcet:`) is refused by enumerate, odds, replay and optimize as by
verify, and by `pycombat.load`."""
from __future__ import annotations

import pytest
import yaml

import pycombat
from pycombat.cli import main
from pycombat.errors import ScenarioError

DOC = {"game": "meccg",
       "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Gimli"]},
       "combat": {"strikes": [{"defender": "Gimli", "attacker": "Shagrat",
                               "rolls": {"attacker": 7, "defender": 7, "body": 5}}]},
       "claims": [{"id": "typo", "claim": "the attack has 1 strikes", "expcet": True}]}


@pytest.mark.parametrize("verb", ["enumerate", "odds", "replay", "optimize", "verify"])
def test_every_verb_refuses_a_misspelt_claim_field(verb, tmp_path, capsys):
    path = tmp_path / "claim_typo.yaml"
    path.write_text(yaml.safe_dump(DOC))
    assert main([verb, str(path)]) == 2
    err = capsys.readouterr().err
    assert "claim_typo.yaml: claims[0].expcet: unknown field 'expcet'" in err and "did you mean 'expect'" in err
    assert "Traceback" not in err


def test_load_refuses_a_claim_no_sentence_reads(tmp_path):
    path = tmp_path / "claim_unread.yaml"
    path.write_text(yaml.safe_dump({**DOC, "claims": ["Gimli sings a song"]}))
    with pytest.raises(ScenarioError, match=r"claims\[0\]"):
        pycombat.load(str(path))


def test_good_claims_leave_the_other_verbs_as_they_were(tmp_path, capsys):
    path = tmp_path / "claim_ok.yaml"
    path.write_text(yaml.safe_dump({**DOC, "claims": [{"claim": "the attack has 1 strikes", "expect": True}]}))
    assert main(["enumerate", str(path), "--count"]) == 0
    assert main(["verify", str(path)]) == 0
