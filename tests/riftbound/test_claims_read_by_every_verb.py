"""The claims are read with the scenario, for every verb: an entry `verify` refuses (an unknown field, a field of its
kind's of the wrong type) is refused by `enumerate`, `odds`, `optimize` and `pycombat.load()` alike (exit 2, naming
the field), never answered as if the file had no claims."""
from __future__ import annotations

import pytest
import yaml

from pycombat import api
from pycombat.cli import main
from pycombat.errors import ScenarioError

DOC = {"game": "riftbound", "title": "three against two",
       "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3}]},
       "defender": {"player": "Bo", "units": [{"name": "D1", "custom": True, "might": 1},
                                             {"name": "D2", "custom": True, "might": 2}]}}
BAD = [({"claim": "the attacker conquers", "expcet": True}, "claims[0].expcet: unknown field 'expcet'"),
       ({"kind": "total", "side": "attacker", "value": "3"}, "claims[0]: value: a whole number, 0 or more, not '3'"),
       ({"claim": "the attacker dances"}, "claims[0].claim: cannot read the claim 'the attacker dances'")]


@pytest.mark.parametrize("claim, message", BAD)
@pytest.mark.parametrize("argv", [["enumerate", "--count"], ["odds"], ["optimize"], ["verify"]])
def test_every_verb_refuses_a_bad_claim(argv, claim, message, tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({**DOC, "claims": [claim]}, sort_keys=False), encoding="utf-8")
    assert main([argv[0], str(path), *argv[1:]]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("claim, message", BAD)
def test_load_refuses_a_bad_claim(claim, message):
    with pytest.raises(ScenarioError) as exc:
        api.load({**DOC, "claims": [claim]})
    assert message in str(exc.value)


def test_good_claims_leave_the_other_verbs_alone():
    s = api.load({**DOC, "claims": ["the attacker conquers", {"kind": "total", "side": "attacker", "value": 3}]})
    assert s.enumerate(count=True).to_json()["sides"]["attacker"]["count"] == 1
