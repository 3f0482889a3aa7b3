"""A unit's triggered "give ... +N Might / a keyword this turn" whose event may have come earlier in the turn, before the
showdown (Darius - Trifarian: "When you play your second card in a turn, give me +2 Might this turn"; Ravenbloom
Student: "When you play a spell, give me +1 Might this turn"; Inviolus Vox: "When I conquer, give a friendly unit +8
Might this turn"): what it gave lasts through the combat (RB-CARD-9). It applies as many times as it fired: the unit's
``fired_this_turn:``, or what its side states decides it (``cards_played``: none fired with 0 cards played, "your
second card" once with 2 or more; ``discarded_this_turn: false``); otherwise the clause is named NOT MODELLED with how
to state it, and verify decides only claims it cannot change."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.units import earlier_effects, load_units
from pycombat.games.riftbound.schema import scenario_from_dict

DARIUS = "Darius - Trifarian"


def _doc(unit, played=None, defender_might=6, claims=(), hand=None) -> dict:
    attacker = {"player": "Ann", "units": [unit]}
    if played is not None:
        attacker["cards_played"] = played
    doc = {"game": "riftbound", "battlefield": "Zaun Warrens", "attacker": attacker,
           "defender": {"player": "Bo", "units": [{"name": "D", "custom": True, "might": defender_might}]}}
    if claims:
        doc["claims"] = [{"claim": c} for c in claims]
    if hand is not None:
        doc["hand"] = hand
    return doc


def _might(doc, name) -> int:
    sd = play_showdown(scenario_from_dict(doc))
    return next(u.current_might for u in sd.board.attacker if u.name == name)


def _earlier_named(doc) -> list[dict]:
    sd = play_showdown(scenario_from_dict(doc))
    return [u for u in sd.unmodelled_json() if "(earlier this turn)" in u["what"]]


@pytest.mark.parametrize("played, might", [(0, 5), (1, 5), (2, 7), (3, 7)])
def test_darius_second_card_decided_by_cards_played(played, might):
    doc = _doc(DARIUS, played)
    assert _might(doc, DARIUS) == might
    assert _earlier_named(doc) == []


def test_darius_after_a_second_card_conquers_in_every_verb():
    doc = _doc(DARIUS, 2, claims=["the attacker conquers"])
    assert [v.verdict for v in pycombat.load(doc).run("verify").verdicts] == [True]
    assert pycombat.load(doc).run("odds").to_json()["outcome"] == "conquer"
    assert set(pycombat.load(doc).run("enumerate").to_json()["outcomes"]) == {"conquer"} \
        if "outcomes" in pycombat.load(doc).run("enumerate").to_json() else True
    game = _doc(DARIUS, 2, hand={"attacker": [], "defender": []})
    assert pycombat.load(game).run("optimize", objective="conquer").solution.value == 1
    assert pycombat.load(_doc(DARIUS, 1, hand={"attacker": [], "defender": []})).run(
        "optimize", objective="conquer").solution.value == 0


@pytest.mark.parametrize("played, might", [(2, 6), (1, 6), (0, 4)])
def test_a_card_in_the_showdown_fires_it_only_as_the_second(played, might):
    """Stupefy (-1 Might) on Darius (5) in the showdown: with 2 cards played before, it is the third (his +2 came
    before the showdown, not again: 5 + 2 - 1); with 1 before, it is the second (+2 then); with none, the first."""
    doc = _doc(DARIUS, played)
    doc["showdown"] = [{"play": "Stupefy", "by": "attacker", "target": DARIUS}]
    assert _might(doc, DARIUS) == might


def test_not_stated_it_is_named_and_verify_decides_only_what_it_cannot_change():
    named = _earlier_named(_doc(DARIUS))
    assert len(named) == 1 and "`fired_this_turn: 0|1`" in named[0]["why"] and "cards_played" in named[0]["why"]
    close = pycombat.load(_doc(DARIUS, claims=["the attacker conquers"])).run("verify").verdicts
    assert [v.verdict for v in close] == [None]  # 5 or 7 against 6: it decides the claim
    far = pycombat.load(_doc(DARIUS, defender_might=9, claims=["the attacker conquers"])).run("verify").verdicts
    assert [v.verdict for v in far] == [False]  # 5 or 7 against 9: it cannot change it


@pytest.mark.parametrize("fired, might", [(0, 5), (1, 7)])
def test_fired_this_turn_states_it(fired, might):
    doc = _doc({"name": DARIUS, "fired_this_turn": fired})
    assert _might(doc, DARIUS) == might
    assert _earlier_named(doc) == []


def test_a_trigger_firing_at_each_event_applies_each_time():
    """Ravenbloom Student (2): three spells played before the showdown, +1 each."""
    assert _might(_doc({"name": "Ravenbloom Student", "fired_this_turn": 3}), "Ravenbloom Student") == 5
    assert _earlier_named(_doc("Ravenbloom Student", played=0)) == []
    named = _earlier_named(_doc("Ravenbloom Student", played=1))  # a card played: a spell or not, not stated
    assert len(named) == 1 and "`fired_this_turn` (how many times" in named[0]["why"]
    verdicts = pycombat.load(_doc("Ravenbloom Student", played=1, defender_might=1,
                                  claims=["the attacker conquers"])).run("verify").verdicts
    assert [v.verdict for v in verdicts] == [None]  # a count without bound: not read again, not decided


def test_a_bonus_given_to_another_unit_is_named_until_stated():
    """Inviolus Vox's "When I conquer, give a friendly unit +8 Might this turn": which unit got it is stated on that
    unit; `fired_this_turn: 0` says it did not fire."""
    assert len(_earlier_named(_doc("Inviolus Vox"))) == 1
    assert _earlier_named(_doc({"name": "Inviolus Vox", "fired_this_turn": 0})) == []
    assert _might(_doc({"name": "Inviolus Vox", "fired_this_turn": 0}), "Inviolus Vox") == 8


def test_a_keyword_given_earlier_applies():
    """Irelia - Fervent's "When you choose or ready me, give me +1 Might this turn" fired twice earlier."""
    card = load_units().unit("Irelia - Fervent")
    assert _might(_doc({"name": "Irelia - Fervent", "fired_this_turn": 2}), "Irelia - Fervent") == card.might + 2


def test_discarded_this_turn_false_says_a_discard_trigger_did_not_fire():
    doc = _doc("Jinx - Rebel")
    assert len(_earlier_named(doc)) == 1
    doc["attacker"]["discarded_this_turn"] = False
    assert _earlier_named(doc) == []


@pytest.mark.parametrize("unit, field, message", [
    ({"name": DARIUS, "fired_this_turn": 2}, "fired_this_turn", "at most once a turn"),
    ({"name": "Vanguard Sergeant", "fired_this_turn": 1}, "fired_this_turn", "has none"),
    ({"name": "C", "custom": True, "might": 3, "fired_this_turn": 1}, "fired_this_turn", "has no card"),
])
def test_a_wrong_fired_this_turn_is_refused_naming_the_field(unit, field, message):
    with pytest.raises(ScenarioError, match=message) as err:
        scenario_from_dict(_doc(unit))
    assert field in str(err.value.path)


@pytest.mark.parametrize("unit, played", [(DARIUS, 1), ("Ravenbloom Student", 0)])
def test_fired_this_turn_against_what_the_side_states_is_refused(unit, played):
    """No card played (or one only) this turn, yet its "When you play ..." fired: self-contradictory."""
    with pytest.raises(ScenarioError, match="cannot have fired") as err:
        scenario_from_dict(_doc({"name": unit, "fired_this_turn": 1}, played))
    assert "fired_this_turn" in str(err.value.path)


def test_fired_this_turn_zero_with_two_cards_played_is_allowed():
    """Darius came into play after his player's second card: it did not fire for him."""
    assert _might(_doc({"name": DARIUS, "fired_this_turn": 0}, 2), DARIUS) == 5


EARLIER_UNITS = sorted({c.name for c in load_units().cards if earlier_effects(c)})


def test_the_family_covers_the_named_units():
    assert {DARIUS, "Reluctant Leader", "Ravenbloom Student", "Diana - No Longer Human", "Jinx - Rebel",
            "Spectral Centaur", "Inviolus Vox", "Teemo - Scout", "Eclipse Herald", "Prize of Progress",
            "Fretful Feline", "Lux - Illuminated"} <= set(EARLIER_UNITS)


@pytest.mark.parametrize("name", EARLIER_UNITS)
def test_every_such_unit_is_named_when_nothing_is_stated_and_silent_when_stated(name):
    assert _earlier_named(_doc(name)), name
    assert _earlier_named(_doc({"name": name, "fired_this_turn": 0})) == [], name
