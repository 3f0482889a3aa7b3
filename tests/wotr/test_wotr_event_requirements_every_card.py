"""Every shipped Event card with a printed play requirement (WOTR-EVT-8), not only one card per
requirement text: each is played in the position where its requirement holds (may be played) and in
the one where it fails (refused, WOTR-EVT-8), the positions of :mod:`test_wotr_event_requirements`."""
from __future__ import annotations

import pytest

from pycombat.games.wotr.cards.requirements import event_records
from test_wotr_event_requirements import CASES, _verdict

CARDS = sorted(n for n, r in event_records().items() if r["play_requirement"])


def test_every_card_with_a_requirement_is_covered():
    assert len(CARDS) > len(CASES)  # several cards share a requirement text
    assert {event_records()[n]["play_requirement"] for n in CARDS} == set(CASES)


@pytest.mark.parametrize("card", CARDS)
def test_each_card_may_be_played_exactly_where_its_requirement_holds(card):
    text = event_records()[card]["play_requirement"]
    _, yes, no = CASES[text]
    got = _verdict(card, yes)
    assert got["verdict"] is True and "WOTR-EVT-8" in [r["rule"] for r in got["reasons"]], got
    bad = _verdict(card, no)
    assert bad["verdict"] is False and [r["rule"] for r in bad["reasons"]] == ["WOTR-EVT-8"], bad
