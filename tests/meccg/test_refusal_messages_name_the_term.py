"""A refused play or claim says which term fails, in words: "a strike against" its bearer read under
strike_against=targeted (MECCG-FX-12, Iron Shield of Old on the attacking side), and the sentence "... has an
effect in this combat", asked of a card that is no hazard (it is a hazard's, MECCG-STRUCT-8; a claim that
cannot be asked is refused, exit 2, as every malformed claim is)."""
from __future__ import annotations

import json

from pycombat.cli import main


def _iron_shield(claims=()) -> dict:
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                         "members": [{"name": "Gorbag", "items": ["Iron Shield of Old"]}]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
            "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Gorbag",
                                    "attacker_cards": ["Iron Shield of Old"]}]},
            "claims": list(claims)}


def _run(tmp_path, capsys, verb, doc, *args):
    p = tmp_path / "s.yaml"
    p.write_text(json.dumps(doc), encoding="utf-8")
    code = main([verb, str(p), *args])
    return code, capsys.readouterr()


def test_a_strike_against_the_bearer_under_the_targeted_reading_is_named_in_words(tmp_path, capsys):
    code, out = _run(tmp_path, capsys, "odds", _iron_shield(), "--flag", "strike_against=targeted")
    assert code == 2
    assert "combat.strikes[0].attacker_cards: Iron Shield of Old acts only on a strike against its bearer" in out.err
    assert "strike_against=targeted" in out.err and "struck=True" not in out.err
    code, _out = _run(tmp_path, capsys, "odds", _iron_shield())  # the default reading: any strike he faces
    assert code == 0


def test_has_an_effect_asked_of_an_item_is_refused_as_a_hazards_sentence(tmp_path, capsys):
    doc = _iron_shield(["Iron Shield of Old has an effect in this combat"])
    code, out = _run(tmp_path, capsys, "verify", doc)
    assert code == 2
    assert "claims[0]: card: Iron Shield of Old is not a hazard" in out.err and "MECCG-STRUCT-8" in out.err
