"""A claim given by `kind:` and fields is read with its kind's fields and their types (claims/fields.py, the
claim book's check, run when the scenario is read): a number given as text (`value: '13'`), a field the kind
needs left out, or a field of another kind (`card:` on a `final_prowess` claim) is refused naming the field,
exit 2, never decided on a value of the wrong type; a sentence's numbers are read as numbers."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.meccg.claims.fields import KIND_FIELDS
from pycombat.games.meccg.claims.verify import CLAIM_KINDS, book, verify
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import parse_claims

BASE = {"game": "meccg",
        "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
        "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                     "members": [{"name": "Thorin II", "items": ["Orcrist"]}]},
        "combat": {"strikes": [{"attacker": "Shagrat", "defender": "Thorin II", "defender_cards": ["Biter and Beater!"],
                                "rolls": {"attacker": 7, "defender": 7, "body": 9}}]}}
PROWESS = {"kind": "final_prowess", "character": "Thorin II", "strike": 1}


def _doc(*claims):
    return {**BASE, "claims": list(claims)}


def _refusal(*claims) -> str:
    with pytest.raises(ScenarioError) as got:
        scenario_from_dict(_doc(*claims), file="<t>")
    return str(got.value)


def test_every_claim_kind_has_its_fields():
    assert set(KIND_FIELDS) == set(CLAIM_KINDS)


def test_a_number_given_as_text_is_refused_naming_the_field():
    assert "claims[0]: value: a whole number, not '13'" in _refusal({**PROWESS, "value": "13"})
    assert "strike: a strike number, 1 or more, not '1'" in _refusal({**PROWESS, "strike": "1", "value": 13})
    assert "value: a whole number, not True" in _refusal({**PROWESS, "value": True})
    assert "count: a whole number, 0 or more, not 'two'" in _refusal({"kind": "strike_count", "count": "two"})
    assert "roll: a 2d6 total, 2 to 12, not 13" in _refusal(
        {"kind": "body_check", "roll": 13, "result": "spares", "character": "Thorin II"})


def test_a_field_the_kind_needs_is_refused_when_missing():
    msg = _refusal(PROWESS)
    assert "a `final_prowess` claim needs `value`" in msg and "character, strike, value" in msg


def test_a_field_of_another_kind_is_refused_naming_the_kinds_fields():
    msg = _refusal({**PROWESS, "value": 13, "card": "Aiglos"})
    assert "`card` is not a field of a `final_prowess` claim" in msg and "character, strike, value" in msg


def test_a_bad_result_word_is_refused_not_a_traceback():
    assert "result: one of succeeds, fails" in _refusal({"kind": "strike_result", "strike": 1, "result": "wins"})


def test_a_whole_number_value_is_decided():
    s = scenario_from_dict(_doc({**PROWESS, "value": 13}), file="<t>")
    assert [v.verdict for v in verify(s, parse_claims(s.claims, book(), s))] == [True]


def test_a_sentence_and_the_same_kind_claim_are_one_claim():
    s = scenario_from_dict(_doc("strike 1 fails", {"kind": "strike_result", "strike": 1, "result": "fails"}),
                           file="<t>")
    a, b = parse_claims(s.claims, book(), s)
    assert a.args == b.args == {"strike": 1, "result": "fails"}
    va, vb = verify(s, [a, b])
    assert va.verdict == vb.verdict and va.verdict is not None


def test_verify_exits_2_on_a_value_given_as_text(tmp_path, capsys):
    path = tmp_path / "value_as_text.yaml"
    path.write_text(yaml.safe_dump(_doc({**PROWESS, "value": "13"})))
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "value_as_text.yaml: claims[0]: value: a whole number, not '13'" in err and "Traceback" not in err
