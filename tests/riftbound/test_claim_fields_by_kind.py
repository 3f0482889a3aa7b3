"""A `kind:` claim's fields are those of its kind, each of its type (pycombat.games.riftbound.claims.KIND_FIELDS): a
number given as text (`value: '3'`), a missing required field, a field that belongs to another kind or a word the kind
does not take is refused when the scenario is read (exit 2, naming the field), never decided as a claim that is simply
FALSE ("the defender's total is 3" with `value: '3'` was FALSE while `value: 3` is TRUE)."""
from __future__ import annotations

import json

import pytest
import yaml

from pycombat import api
from pycombat.cli import main
from pycombat.errors import ScenarioError

#: 4 + 1 attacks 3: the defender's total is 3, D3's lethal damage is 3
DOC = {"game": "riftbound", "title": "4 + 1 attacks 3",
       "attacker": {"player": "Ann", "units": [{"name": "A4", "custom": True, "might": 4},
                                               {"name": "A1", "custom": True, "might": 1}]},
       "defender": {"player": "Bo", "units": [{"name": "D3", "custom": True, "might": 3}]}}


def _path(tmp_path, claims):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({**DOC, "claims": claims}, sort_keys=False), encoding="utf-8")
    return str(path)


def _verdicts(claims) -> list:
    return [c["verdict"] for c in api.load({**DOC, "claims": claims}).verify().to_json()["claims"]]


@pytest.mark.parametrize("claim, message", [
    ({"kind": "total", "side": "defender", "value": "3"}, "claims[0]: value: a whole number, 0 or more, not '3'"),
    ({"kind": "total", "side": "defender"}, "claims[0]: value: missing; a claim of kind `total` takes `side`, `value`"),
    ({"kind": "total", "side": "defender", "value": True}, "value: a whole number, 0 or more, not True"),
    ({"kind": "total", "side": "defender", "value": -1}, "value: a whole number, 0 or more, not -1"),
    ({"kind": "split_count", "side": "attacker", "value": "1"}, "value: a whole number, 0 or more, not '1'"),
    ({"kind": "excess", "side": "attacker", "value": None}, "value: a whole number, 0 or more, not None"),
    ({"kind": "might", "unit": "A4", "value": "4"}, "value: a whole number (it may be below 0), not '4'"),
    ({"kind": "lethal", "unit": "D3", "value": "3"}, "value: a whole number, 0 or more, or never"),
    ({"kind": "fate", "unit": "D3", "value": "die"}, "value: dies or survives, not 'die'"),
    ({"kind": "fate", "unit": "D3", "value": "dies", "modal": "may"}, "modal: will or must or can, not 'may'"),
    ({"kind": "outcome", "outcome": "win"}, "outcome: one of conquer, keep, recall, nobody, defender_conquers"),
    ({"kind": "outcome"}, "outcome: missing; a claim of kind `outcome` takes `outcome`, `modal` (optional)"),
    ({"kind": "scores", "value": 1}, "value: hold (a Hold) or conquer"),
    ({"kind": "total", "side": "defender", "value": 3, "unit": "A1"},
     "unit: not a field of a claim of kind `total`, which takes `side`, `value`"),
    ({"kind": "damage_step", "side": "attacker"}, "side: not a field of a claim of kind `damage_step`, which takes no field"),
    ({"kind": "total", "side": "both", "value": 3}, "side: attacker or defender, not 'both'"),
    ({"kind": "keyword_effect", "unit": "D3", "keyword": "Tank"}, "keyword: Deflect or Ganking"),
    ({"kind": "rule", "statement": "a recall is a dance"}, "statement: not one of the procedure statements read"),
    ({"kind": "fate", "unit": 3, "value": "dies"}, "unit: a name, not 3"),
    ({"kind": "split_legal", "split": {"D3": 5}}, "side: missing; the split judged is the attacker's or the defender's"),
    ({"claim": "the attacker conquers", "value": 3},
     "value: not a field of a claim of kind `outcome`, which takes `outcome`, `modal` (optional)"),
])
def test_a_field_not_of_its_kind_or_type_is_refused(claim, message, tmp_path, capsys):
    with pytest.raises(ScenarioError) as exc:
        api.load({**DOC, "claims": [claim]})
    assert message in str(exc.value)
    assert main(["verify", _path(tmp_path, [claim])]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_each_kind_decides_its_typed_fields():
    """The same claims with their fields of the right type are decided: the total 3 (not 4), D3's lethal 3."""
    assert _verdicts([{"kind": "total", "side": "defender", "value": 3},
                      {"kind": "total", "side": "defender", "value": 4},
                      {"kind": "lethal", "unit": "D3", "value": 3},
                      {"kind": "lethal", "unit": "D3", "value": "never"},
                      {"kind": "fate", "unit": "D3", "value": "dies"},
                      {"kind": "keyword_effect", "unit": "D3", "keyword": "deflect"},
                      {"kind": "rule", "statement": "A recall is a move."}]) == [True, False, True, False, True, False,
                                                                                  False]


def test_a_sentence_and_its_kind_read_alike():
    """"D3's lethal damage is 3" reads its number as the `kind: lethal` claim's (a whole number, not the text "3")."""
    read = api.load({**DOC, "claims": ["D3's lethal damage is 3", "D3 needs 3 damage to die",
                                       "D3's lethal damage is never"]})
    from pycombat.games.riftbound.claims import book
    from pycombat.verdicts import parse_claims

    assert [c.args["value"] for c in parse_claims(read.model.claims, book(), read.model)] == [3, 3, "never"]
    assert _verdicts(["D3's lethal damage is 3", "D3 needs 3 damage to die"]) == [True, True]


def test_verify_json_of_typed_claims(tmp_path, capsys):
    assert main(["verify", _path(tmp_path, [{"kind": "total", "side": "defender", "value": 3}]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["claims"][0]["verdict"] is True
