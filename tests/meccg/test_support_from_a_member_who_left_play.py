"""A supporter who left play earlier in the attack gives no support (MECCG-SEQ-6: only a member in play
taps for +1). Goldberry, Éomer's ally, supports Aragorn II's strike after Éomer's own; when Éomer is
eliminated in his strike she leaves play with him (MECCG-BODY-4), and Aragorn's strike is fought at his
own prowess. ``odds`` mixes both ways (checked against a brute force over every die here), ``replay`` and
``verify`` follow the file's dice, and the JSON names the chance the support is lost."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import yaml

import pycombat
from pycombat.cli import main

TWO_D6 = [a + b for a, b in product(range(1, 7), repeat=2)]


def _doc(éomer_status: str = "wounded", rolls: tuple | None = None, claims: list[str] = ()) -> dict:
    first = {"defender": "Éomer", "attacker": "Old Troll"}
    second = {"defender": "Aragorn II", "attacker": "Shagrat", "support": ["Goldberry"]}
    if rolls is not None:
        first["rolls"] = {"attacker": rolls[0], "defender": rolls[1], "body": rolls[2]}
        second["rolls"] = {"attacker": rolls[3], "defender": rolls[4]}
        if rolls[5] is not None:
            second["rolls"]["body"] = rolls[5]
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "The Wind Throne", "members": ["Shagrat", "Old Troll"]},
            "defender": {"alignment": "hero", "site": "The Wind Throne",
                         "members": ["Aragorn II", {"name": "Éomer", "status": éomer_status},
                                     {"name": "Goldberry", "ally_of": "Éomer"}]},
            "combat": {"strikes": [first, second]},
            "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]}


def _brute_force(éomer_status: str) -> tuple[Fraction, Fraction]:
    """(the chance Éomer is eliminated in strike 1, the chance Aragorn II wins strike 2): every die.
    Éomer prowess 3 (-2 wounded, MECCG-SEQ-9), body 8, +1 to the body roll if wounded before (MECCG-BODY-1);
    Old Troll prowess 5; Aragorn II prowess 6 (+1 with Goldberry's support); Shagrat prowess 6."""
    wounded = éomer_status == "wounded"
    prowess = 3 - (2 if wounded else 0)
    eliminated = Fraction(0)
    for a, d in product(TWO_D6, repeat=2):
        if 5 + a > prowess + d:  # Éomer loses: body check, eliminated above his body 8
            eliminated += Fraction(sum(1 for b in TWO_D6 if b + (1 if wounded else 0) > 8), 36 ** 3)

    def wins(p: int) -> Fraction:
        return Fraction(sum(1 for a, d in product(TWO_D6, repeat=2) if p + d > 6 + a), 36 ** 2)
    return eliminated, (1 - eliminated) * wins(7) + eliminated * wins(6)


@pytest.mark.parametrize("status", ["wounded", "untapped"])
def test_odds_fight_the_strike_without_the_support_of_an_ally_gone_with_its_controller(status):
    gone, aragorn_wins = _brute_force(status)
    out = pycombat.load(_doc(status)).run("odds").to_json()
    second = out["strikes"][1]
    assert second["probabilities"]["defender_wins"]["exact"] == f"{aragorn_wins.numerator}/{aragorn_wins.denominator}"
    lost = second["support_lost"]["Goldberry"]
    assert lost["exact"] == f"{gone.numerator}/{gone.denominator}"
    assert lost["rules"] == ["MECCG-SEQ-6", "MECCG-BODY-4"]
    assert "support_lost" not in out["strikes"][0]


def test_odds_text_says_the_support_may_be_lost(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(_doc(), allow_unicode=True), encoding="utf-8")
    assert main(["odds", str(path)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Strike 2: Goldberry may leave play before it 2725/7776 (0.3504) (MECCG-BODY-4)" in text


@pytest.mark.parametrize("body, verdict", [(9, True), (8, False)])
def test_replay_and_verify_follow_the_dice(body, verdict):
    # strike 1: 5 + 9 > 3 + 2, Éomer (untapped) wounded; a body roll of 9 > 8 eliminates him, 8 does not;
    # strike 2's body roll of 2 (for Shagrat, when he loses: a tie needs none) spares him
    doc = _doc("untapped", rolls=(9, 2, body, 7, 7, None if verdict else 2),
               claims=["Éomer is eliminated in strike 1", "strike 2 is ineffectual", "strike 2 fails"])
    rep = pycombat.load(doc).run("replay").to_json()
    steps = [st["text"] for st in rep["strikes"][1]["steps"]]
    if verdict:  # Goldberry gone: 6 + 7 = 13 against 6 + 7 = 13, a tie
        assert any("Goldberry left play earlier in the attack (with Éomer, its controller): no support" in t
                   for t in steps)
        assert rep["strikes"][1]["result"] == "tie"
    else:  # she supports: 7 + 7 = 14 > 13, Aragorn II wins
        assert any("Goldberry taps to support Aragorn II: +1" in t for t in steps)
        assert rep["strikes"][1]["result"] == "fails"
    verdicts = [v.verdict for v in pycombat.load(doc).run("verify").verdicts]
    assert verdicts == [verdict, verdict, not verdict]


@pytest.mark.parametrize("body, prowess", [(9, 6), (8, 7)])
def test_final_prowess_claims_count_the_support_of_a_member_still_in_play(body, prowess):
    doc = _doc("untapped", rolls=(9, 2, body, 7, 7, None if prowess == 6 else 2))
    doc["claims"] = [{"id": f"p{v}", "kind": "final_prowess", "character": "Aragorn II", "strike": 2, "value": v}
                     for v in (6, 7)]
    verdicts = pycombat.load(doc).run("verify").verdicts
    assert [v.verdict for v in verdicts] == [prowess == 6, prowess == 7]
    assert ("MECCG-BODY-4" in verdicts[0].rules) == (prowess == 6)


def test_final_prowess_without_the_earlier_dice_asks_for_them(tmp_path, capsys):
    doc = _doc()
    doc["claims"] = [{"id": "p7", "kind": "final_prowess", "character": "Aragorn II", "strike": 2, "value": 7}]
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "combat.strikes[0].rolls" in err and "Goldberry, who supports strike 2, may leave play" in err
