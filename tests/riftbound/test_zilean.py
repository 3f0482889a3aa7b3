"""Zilean, Time Mage: "Once each turn, if you would play a token unit while I'm at a battlefield, you may play that
token and an additional copy of it instead." (its clause structured in data/effects_overlay.yaml, a `kind: unit`
record): the entry of a card playing tokens states the choice, `extra_copy: true|false` (RB-CARD-15); not stated while
a Zilean of its player is at a battlefield, it is named NOT MODELLED. Checked against the printed text."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.splits import derive
from pycombat.games.riftbound.schema import scenario_from_dict

ZILEAN = "Zilean - Time Mage"
FLURRY = {"play": "Flurry of Feathers", "by": "defender", "mode": 2, "to": "battlefield"}  # four 1 Might Birds


def _run(showdown, *, zilean_at="units", side="defender"):
    d = {"units": [{"name": "D", "custom": True, "might": 3}]}
    d.setdefault(zilean_at, []).append(ZILEAN) if side == "defender" else None
    a = {"units": [{"name": "A", "custom": True, "might": 9}] + ([ZILEAN] if side == "attacker" else [])}
    return play_showdown(scenario_from_dict({"game": "riftbound", "attacker": a, "defender": d,
                                             "showdown": showdown}, file="<t>"))


def _birds(sd):
    return [u.name for u in sd.board.defender if u.name.startswith("Bird")]


@pytest.mark.parametrize("extra, birds", [(True, 5), (False, 4)])
def test_the_extra_copy_is_one_more_token_where_the_card_plays_them(extra, birds):
    sd = _run([{**FLURRY, "extra_copy": extra}])
    assert len(_birds(sd)) == birds and not sd.unmodelled
    assert derive(sd.board).pool["defender"] == 3 + 5 + birds  # D, Zilean and the Birds at the battlefield
    # a later entry may name the fifth Bird
    if extra:
        sd = _run([{**FLURRY, "extra_copy": True}, {"play": "Ride The Wind", "by": "defender", "target": "Bird 5",
                                                    "to": "base"}])
        assert len(_birds(sd)) == 4


def test_not_stated_it_is_named_and_without_a_zilean_there_it_is_refused_or_moot():
    sd = _run([FLURRY])
    assert len(_birds(sd)) == 4 and [u.card for u in sd.unmodelled] == ["Flurry of Feathers"]
    assert "extra_copy" in sd.unmodelled[0].why
    # Zilean at its base: not at a battlefield, nothing to choose; `extra_copy: true` is refused
    sd = _run([FLURRY], zilean_at="base")
    assert len(_birds(sd)) == 4 and not sd.unmodelled
    with pytest.raises(ScenarioError, match="no Zilean, Time Mage at a battlefield"):
        _run([{**FLURRY, "extra_copy": True}], zilean_at="base")
    # the opponent's Zilean does not help him
    with pytest.raises(ScenarioError, match="RB-CARD-15"):
        _run([{**FLURRY, "extra_copy": True}], side="attacker")


def test_a_card_playing_no_token_cannot_state_it():
    with pytest.raises(ScenarioError, match="plays none"):
        _run([{"play": "Blood Rush", "by": "defender", "target": "D", "extra_copy": True}])


def test_the_card_is_modelled():
    assert not card_report(ZILEAN)["unmodelled"]


def test_once_each_turn():
    with pytest.raises(ScenarioError, match="once each turn") as exc:
        _run([{**FLURRY, "extra_copy": True}, {**FLURRY, "extra_copy": True}])
    assert "showdown[1].extra_copy" in str(exc.value)
    assert len(_birds(_run([{**FLURRY, "extra_copy": True}, {**FLURRY, "extra_copy": False}]))) == 9
