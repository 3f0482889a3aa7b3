"""The matching solver's refusal once its positions pass ``--max-nodes`` says what in the file to change:
with cards in hand (they multiply the positions: the strikes made are carried), hold fewer cards or
use ``--objective survive`` (one character's strike), besides a smaller combat or a larger bound."""
from __future__ import annotations

import pytest

from pycombat import api
from pycombat.errors import TooLargeError
from pycombat.games.meccg.combat import matching

HAND = ["Risky Blow", "Dodge", "Lucky Strike", "Risky Blow", "Dodge", "Lucky Strike", "Dodge", "Risky Blow"]


def _eight(hand: list[str] | None) -> dict:
    def side(names, tapped):
        return [{"name": n, **({"status": "tapped"} if k >= 4 else {})} for k, n in enumerate(names)]
    out = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Dol Guldur",
                        "members": side(["Shagrat", "Lagduf", "Old Troll", "Horseman in the Night", "Odoacer",
                                         "Lieutenant of Angmar", "Gorbag", "Ufthak"], 4)},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Dol Guldur",
                        "members": side(["Aragorn II", "Gimli", "Legolas", "Éomer", "Frodo", "Bilbo",
                                         "Boromir II", "Faramir"], 4)}}
    if hand:
        out["defender"]["hand"] = hand
    return out


def test_a_refusal_with_cards_in_hand_names_fewer_cards_and_survive(monkeypatch):
    stored = [0]
    real = matching._Matching._store

    def counted(self, key, value):
        stored[0] += 1
        return real(self, key, value)

    monkeypatch.setattr(matching._Matching, "_store", counted)
    # 3,393 phase-I choices (4 untapped targets, 8 strikes): 2,993 positions more are allowed, one more than the
    # 2,992 of the assignment phases without the cards (counted up front), far fewer than the 90,483 with them
    with pytest.raises(TooLargeError) as exc:
        api.load(_eight(HAND)).optimize(max_nodes=6_386)
    assert stored[0] == 2_993  # the search stops at the bound
    assert str(exc.value) == (
        "the scenario: optimize: the assignment phases have more than 2,993 positions besides the 3,393 phase-I "
        "choices, more than --max-nodes 6,386 in all; hold fewer cards, use --objective survive, solve a "
        "smaller combat or raise --max-nodes")
