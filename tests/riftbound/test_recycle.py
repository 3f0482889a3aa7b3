"""Karma, Channeler: "When you recycle one or more cards to your Main Deck, buff a friendly unit." (RB-CARD-10). A
spell's [Predict] ("Look at the top card of your Main Deck. You may recycle it.", Eclipse, Abandon) recycles it as
the entry's `recycled:` says; the trigger's target is stated by an entry `{trigger: Karma - Channeler, when: recycle,
target: UNIT}` right after. Checked against the printed text."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

KARMA = "Karma - Channeler"
ECLIPSE = {"play": "Eclipse", "by": "defender", "target": "A"}  # [Predict]; give a unit -4 Might this turn


def _run(showdown, friend_buffed=False):
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 9}]},
           "defender": {"units": [KARMA, {"name": "F", "custom": True, "might": 2, "buffed": friend_buffed}]},
           "showdown": showdown}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _might(sd, name):
    return sd.board.unit(name).current_might


@pytest.mark.parametrize("recycled, target, f_might", [(True, "F", 3), (True, None, 2), (False, None, 2)])
def test_a_predict_recycling_buffs_a_friendly_unit(recycled, target, f_might):
    entries = [{**ECLIPSE, "recycled": recycled}] + (
        [{"trigger": KARMA, "when": "recycle", "target": target}] if target else [])
    sd = _run(entries)
    assert _might(sd, "F") == f_might and _might(sd, "A") == 5
    # recycled and the target not stated: named; kept (false): nothing fires
    assert bool(sd.unmodelled) == (recycled and target is None)


def test_not_stated_whether_it_recycled_is_named_and_a_card_without_predict_refuses_it():
    sd = _run([ECLIPSE])
    assert [u.card for u in sd.unmodelled] == [KARMA] and "recycled" in sd.unmodelled[0].why
    with pytest.raises(ScenarioError, match=r"\[Predict\] or \[Vision\]"):
        _run([{"play": "Blood Rush", "by": "defender", "target": "F", "recycled": True}])
    # the trigger fires only when it recycled: an entry for it after `recycled: false` is left over
    with pytest.raises(ScenarioError):
        _run([{**ECLIPSE, "recycled": False}, {"trigger": KARMA, "when": "recycle", "target": "F"}])


def test_a_buffed_unit_gets_no_second_buff_and_karma_is_modelled():
    sd = _run([{**ECLIPSE, "recycled": True}, {"trigger": KARMA, "when": "recycle", "target": "F"}], friend_buffed=True)
    assert _might(sd, "F") == 3  # 2 + its one buff (a unit has at most one, RB-CARD-6)
    assert not card_report(KARMA)["unmodelled"]


def test_the_opponent_recycling_fires_nothing():
    sd = _run([{"play": "Eclipse", "by": "attacker", "target": "F", "recycled": True}])
    assert _might(sd, "F") == -2 and not sd.unmodelled  # 2 - 4 (Might may go below 0, RB-MIGHT-2)


def test_a_gear_whose_entry_uses_its_ability_plays_no_card_and_its_vision_does_not_fire():
    """Divining Shells ("[Vision] ... [Action] Kill this, exhaust: Give a unit +2 Might"): its entry uses the [Action]
    ability of the gear in play, no card is played, so Karma waits for nothing, and `recycled:` is refused on it."""
    shells = {"play": "Divining Shells", "by": "defender", "target": "F"}
    sd = _run([shells])
    assert _might(sd, "F") == 4 and not sd.unmodelled
    with pytest.raises(ScenarioError, match=r"no card is played") as got:
        _run([{**shells, "recycled": True}])
    assert got.value.path == "showdown[0].recycled"
