"""WOTR-POL-3 (RB p.35): the three "Ents Awake" cards and "Dead Men of Dunharrow" count as battles in
which the enemy cannot fight back: each counts as an attack on the Political Track, though it
starts no attack by an Army. Read from data/event_attackers.yaml (`political_battles:`), not from the
card's name in code; another card with its own hit roll (Faramir's Rangers) is no such battle."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.games.wotr.cards.event_battle import event_card, political_battle, starts_attack

CARDS = ["The Ents Awake: Treebeard", "The Ents Awake: Huorns", "The Ents Awake: Entmoot", "Dead Men of Dunharrow"]


def _claims(hand: list[str]) -> dict[str, dict]:
    doc = {"game": "wotr", "politics": {"Gondor": "at_war", "Rohan": "at_war"},
           "position": {"regions": {"Fangorn": {"characters": ["Gandalf the White", "Legolas"]},
                                    "Helm's Deep": {"units": {"Rohan": {"regulars": 2}}, "characters": ["Aragorn"]}}},
           "action": {"side": "free_peoples", "die": "event"}, "hand": hand,
           "claims": [{"id": c, "claim": f"{c} counts as an attack on the Political Track"} for c in hand]}
    return {c["id"]: c for c in pycombat.load(doc).verify().to_json()["claims"]}


def test_the_ents_and_the_dead_men_count_as_attacks_on_the_political_track():
    got = _claims(CARDS)
    for card in CARDS:
        assert got[card]["verdict"] is True, got[card]
        assert {r["rule"] for r in got[card]["reasons"]} == {"WOTR-POL-3"}


def test_a_card_with_its_own_hit_roll_is_no_political_battle():
    (claim,) = _claims(["Faramir's Rangers"]).values()
    assert claim["verdict"] is False
    assert {r["rule"] for r in claim["reasons"]} == {"WOTR-ATK-9", "WOTR-POL-3"}


@pytest.mark.parametrize("title,battle", [(c, True) for c in CARDS] + [("Faramir's Rangers", False),
                                                                      ("The Spirit of Mordor", False)])
def test_political_battles_come_from_the_data(title, battle):
    rec = event_card(title)
    assert political_battle(rec) is battle
    assert not starts_attack(rec)  # no attack by an Army: the battle judge does not let them attack
