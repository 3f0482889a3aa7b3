"""An attack that is not legal (a hero company attacking a hero company, MECCG-ALIGN-1; companies at different
sites, MECCG-INIT-2) has no combat: `odds` and `replay` refuse to play it out as `optimize` does (exit 2, the
rule ids named), `enumerate` and "the attack is legal" give the verdict, and every claim about the combat (its
strikes, prowess, a card acting in it, what a strike does) is FALSE on the rules that make the attack illegal,
its negation TRUE."""
from __future__ import annotations

import pytest
import yaml

import pycombat
from pycombat.cli import main


def _doc(attacker: tuple[str, str, str], defender: tuple[str, str, str]) -> dict:
    def company(player, alignment, site, member):
        return {"player": player, "alignment": alignment, "site": site, "members": [{"name": member}]}

    return {"game": "meccg", "attacker": company("Jim", *attacker), "defender": company("Bob", *defender),
            "in_play": ["The Sun Shone Fiercely"],
            "combat": {"strikes": [{"defender": defender[2], "attacker": attacker[2],
                                    "rolls": {"attacker": 7, "defender": 7, "body": 5}}]}}


CASES = [  # (the attack, the rule that makes it illegal)
    (_doc(("hero", "The Wind Throne", "Aragorn II"), ("hero", "The Wind Throne", "Gimli")), "MECCG-ALIGN-1"),
    (_doc(("balrog", "Ancient Deep-hold", "Shagrat"), ("hero", "The Wind Throne", "Gimli")), "MECCG-INIT-2"),
]


@pytest.mark.parametrize("doc, rule", CASES)
@pytest.mark.parametrize("verb", ["odds", "replay", "optimize"])
def test_verbs_that_play_the_combat_out_refuse_it(doc, rule, verb, tmp_path, capsys):
    path = tmp_path / "attack.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main([verb, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"the attack is not legal ({rule})" in err and "Traceback" not in err


@pytest.mark.parametrize("doc, rule", CASES)
def test_claims_about_the_combat_are_false_on_the_rule_that_makes_it_illegal(doc, rule):
    a, d = doc["attacker"]["members"][0]["name"], doc["defender"]["members"][0]["name"]
    claims = ["the attack is legal", "The Sun Shone Fiercely has an effect in this combat", "strike 1 succeeds",
              f"{d} is wounded in strike 1", f"the final prowess of {a} in strike 1 is 6",
              f"{d} is not wounded in strike 1"]
    got = pycombat.load({**doc, "claims": claims}).run("verify").verdicts
    assert [v.verdict for v in got] == [False, False, False, False, False, True]
    assert all(v.rules == [rule] for v in got)
    assert all(any("there is no combat" in n for n in v.notes) for v in got[1:])


def test_the_same_claims_are_decided_on_the_combat_when_the_attack_is_legal():
    """The Balrog's company at the Wind Throne may attack the hero company (MECCG-ALIGN-3): Shagrat 6 - 2
    (The Sun Shone Fiercely) + 7 = 11 against Gimli's 5 + 2 (against an Orc) - 2 + 7 = 12, the strike fails."""
    doc = _doc(("balrog", "The Wind Throne", "Shagrat"), ("hero", "The Wind Throne", "Gimli"))
    claims = ["the attack is legal", "strike 1 fails", "the final prowess of Shagrat in strike 1 is 4",
              "The Sun Shone Fiercely has an effect in this combat"]
    got = pycombat.load({**doc, "claims": claims}).run("verify").verdicts
    assert [v.verdict for v in got] == [True, True, True, True]
    assert "MECCG-SEQ-10" in got[1].rules and "MECCG-FX-11" in got[2].rules
    assert [o.result for _, _, o in pycombat.load(doc).run("replay").replay.strikes] == ["fails"]
