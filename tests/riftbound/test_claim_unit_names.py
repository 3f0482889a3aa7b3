"""A claim names a unit as the output, the splits and the showdown entries name it: by its display name, its `label:`
when the scenario gives one, else its card's name. A card name that is only the card of labelled units is refused
(exit 2, naming the claim), never resolved to one of them."""
from __future__ import annotations

import json

from pycombat import api
from pycombat.cli import main


def _doc(claims: list, defender_units: list | None = None, **extra) -> dict:
    return {"game": "riftbound", "title": "a labelled Ramhound attacks",
            "attacker": {"player": "Ann", "units": [{"name": "Trusty Ramhound", "label": "R1"}]},
            "defender": {"player": "Bo", "units": defender_units if defender_units is not None else
                         ["Trusty Ramhound", {"name": "D1", "custom": True, "might": 1}]},
            "claims": claims, **extra}


def test_a_card_name_in_a_claim_is_the_unlabelled_unit_of_that_name():
    got = {c["claim"]: c for c in api.load(_doc([
        {"claim": "Trusty Ramhound's might is 3"}, {"claim": "Trusty Ramhound dies"},
        {"claim": "R1's might is 2"}, {"claim": "R1 dies"}])).verify().to_json()["claims"]}
    # the defender's Trusty Ramhound: 2 +1 by its own ability while defending; the Attacker's 2 + 0 damage
    # cannot kill it (R1 2 < 3); R1, Might 2, takes the defender's 3 + 1 and always dies
    assert got["Trusty Ramhound's might is 3"]["verdict"] is True
    assert got["Trusty Ramhound dies"]["verdict"] is False
    assert got["R1's might is 2"]["verdict"] is True
    assert got["R1 dies"]["verdict"] is True


def test_the_card_of_a_labelled_unit_is_no_name_for_a_claim(tmp_path, capsys):
    path = tmp_path / "labelled.yaml"
    path.write_text(json.dumps(_doc([{"claim": "Trusty Ramhound dies"}],
                                    defender_units=[{"name": "D1", "custom": True, "might": 1}])))
    code = main(["verify", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert f"{path}: claims[0]" in err
    assert "'Trusty Ramhound' is no unit's name here: it is the card of 'R1', named by its label" in err


def test_splits_and_claims_name_the_same_unit():
    # the defender's split names "Trusty Ramhound": the Attacker's labelled one is R1, so it is refused (it names
    # the defender's own unit), as the claim naming "Trusty Ramhound" reads the defender's unit
    doc = _doc([{"claim": "the defender may assign R1 2, Trusty Ramhound 2"},
                {"claim": "the defender may assign R1 4"}])
    got = api.load(doc).verify().to_json()["claims"]
    assert [c["verdict"] for c in got] == [False, True]
    assert [v["detail"] for v in got[0]["violations"]] == [["own_unit", "defender", "Trusty Ramhound"]]
