"""Shield-wall cancels one hit "if your opponent scored two or more hits": the hits of the opponent's
Combat roll and Leader re-roll, not Mûmakil's extra hit (WOTR-CARDX-8, stated as a card rule with its
reason). Southrons 3 Regulars 1 Elite and a Nazgûl play Mûmakil against Gondor 2/1/1 playing
Shield-wall: a Shadow Army that rolls one hit and gets Mûmakil's hit has scored one, and Shield-wall
cancels nothing (the other reading would give 419/1296 for one hit taken)."""
from __future__ import annotations

import json
from fractions import Fraction

from pycombat.cli import main
from pycombat.rulebook import load_rulebook

BATTLE = """game: wotr
politics: {Gondor: at_war, Southrons & Easterlings: at_war, Sauron: at_war}
attacker:
  region: Ash Mountains
  units: {Southrons & Easterlings: {regulars: 3, elites: 1}}
  nazgul: 1
  card: Mûmakil
defender:
  region: Dagorlad
  units: {Gondor: {regulars: 2, elites: 1, leaders: 1}}
  retreat_to: []
  card: Shield-wall
rules: {casualty_policy: regulars_first, max_rounds: 1}
"""


def test_the_reading_is_a_card_rule_with_its_reason():
    rule = load_rulebook("wotr").rules["WOTR-CARDX-8"]
    assert "Shield-wall" in rule.text and "Mûmakil" in rule.text and "Why:" in rule.text
    assert "Combat roll and Leader re-roll" in rule.text


def test_mumakils_extra_hit_does_not_count_toward_two_or_more(tmp_path, capsys):
    path = tmp_path / "b.yaml"
    path.write_text(BATTLE, encoding="utf-8")
    assert main(["odds", str(path), "--json"]) == 0
    taken = json.loads(capsys.readouterr().out)["round_table"][0]["defender"]["taken"]
    assert {int(k): Fraction(v["exact"]) for k, v in taken.items()} == {
        0: Fraction(1, 24), 1: Fraction(371, 1296), 2: Fraction(173, 648), 3: Fraction(7, 27), 4: Fraction(7, 48)}
