"""A battle's `hand:` is a hand a player can hold, read in the one place hands are read
(cards/plan.py): no more copies of a Combat card than there are Event cards carrying it (each Event
card is unique, WOTR-CARD-1), and no more than the hand limit of 6 cards (WOTR-EVT-2), the cards
named in `card:` counted with it. Anything else is refused, exit 2, naming the field."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main
from pycombat.games.wotr.cards.catalog import load_combat_cards


def _write(tmp_path, hand, card=None):
    doc = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
           "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 3}}, "nazgul": 1,
                        "hand": ["Deadly Strife"]},
           "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 1, "elites": 1, "leaders": 1}},
                        "hand": hand, "retreat_to": []},
           "rules": {"max_rounds": 1, "replacement_pool": "unlimited"}}
    if card is not None:
        doc["defender"]["card"] = card
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("verb", ["odds", "optimize", "enumerate"])
def test_more_copies_than_event_cards_carry_is_refused(tmp_path, capsys, verb):
    copies = len(load_combat_cards().card("Valour").events)
    assert copies == 3
    assert main([verb, _write(tmp_path, ["Valour"] * (copies + 1))]) == 2
    err = capsys.readouterr().err
    assert "hand.yaml: defender.hand:" in err and "4 copies of Valour" in err and "only 3 Event cards" in err
    assert "Traceback" not in err


def test_a_named_card_counts_with_the_hand(tmp_path, capsys):
    assert main(["odds", _write(tmp_path, ["Valour"] * 3, card="Valour")]) == 2
    assert "4 copies of Valour with the cards named in `card:`" in capsys.readouterr().err


def test_more_than_the_hand_limit_is_refused(tmp_path, capsys):
    hand = ["Valour", "Valour", "Shield-wall", "Shield-wall", "Heroic Death", "Heroic Death", "Fateful Strike"]
    assert main(["optimize", _write(tmp_path, hand)]) == 2
    err = capsys.readouterr().err
    assert "defender.hand:" in err and "7 cards" in err and "hand limit of 6 (WOTR-EVT-2)" in err


def test_a_full_legal_hand_is_read(tmp_path, capsys):
    hand = ["Valour", "Valour", "Valour", "Shield-wall", "Heroic Death", "Fateful Strike"]
    assert main(["enumerate", _write(tmp_path, hand)]) == 0
