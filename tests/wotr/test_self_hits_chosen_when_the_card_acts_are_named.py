"""Relentless Assault lets the Shadow choose its self-hits after both Combat cards are revealed, and
Onslaught after the casualties of the rolls (their card texts; WOTR-CARD-2); optimize's card game offers
each number of self-hits as one option of the secret card choice, so the player cannot fit it to the
card revealed or to the dice. That is named in `unmodelled` (text and JSON), not left silent: with
Onslaught against a Shield-wall the card game's value is 292/6561, where choosing the self-hits after
the casualties (one die per hit, 4+; keep a unit) would give 1510/19683."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pycombat.cli import main

BATTLE = """game: wotr
title: a card whose self-hits are chosen when it acts
politics: {Sauron: at_war, Gondor: at_war}
attacker: {region: Ash Mountains, units: {Sauron: {regulars: 4}}, nazgul: 1, hand: [%s]}
defender: {region: Dagorlad, units: {Gondor: {regulars: 2, elites: 1, leaders: 1}}, hand: [Shield-wall]}
battle: {action: army}
rules: {max_rounds: 1, replacement_pool: unlimited}
"""


def _optimize(capsys, tmp_path, card, *args):
    path = tmp_path / "battle.yaml"
    path.write_text(BATTLE % card)
    assert main(["optimize", str(path), *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("card, when", [
    ("Onslaught", "after the casualties of the Combat roll and the Leader re-roll"),
    ("Relentless Assault", "after both Combat cards are revealed, before the Combat roll"),
])
def test_the_card_game_names_the_self_hits_it_fixes_with_the_card(capsys, tmp_path, card, when):
    body = json.loads(_optimize(capsys, tmp_path, card, "--json"))
    entry = {"card": card, "what": f"the number of self-hits, which its text chooses {when}",
             "why": "the card game fixes it with the card, before the cards are revealed: each number is one "
                    "option of the secret card choice (WOTR-CARD-2)"}
    assert entry in body["unmodelled"]
    text = _optimize(capsys, tmp_path, card)
    assert f"! not modelled: {card}: the number of self-hits, which its text chooses {when}" in text


def test_the_value_is_that_of_the_self_hits_fixed_with_the_card(capsys, tmp_path):
    body = json.loads(_optimize(capsys, tmp_path, "Onslaught", "--json"))
    assert Fraction(body["combat_cards"]["value"]["exact"]) == Fraction(292, 6561)
    assert body["combat_cards"]["attacker_options"] == ["no card"] + [
        f"Onslaught ({k} self-hit{'s' if k > 1 else ''})" for k in range(1, 5)]


def test_no_entry_for_cards_that_choose_nothing_when_they_act(capsys, tmp_path):
    body = json.loads(_optimize(capsys, tmp_path, "Deadly Strife", "--json"))
    assert not [u for u in body["unmodelled"] if "self-hits" in u["what"]]
