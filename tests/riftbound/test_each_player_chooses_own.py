"""Cards that have each player choose one of his own units or gear (RB-CARD-9, RB-CARD-22, RB-CARD-8).

Safety Inspector: "When you play me, each player must kill one of their units. If you paid my additional cost, you
don't kill a unit this way." Acceptable Losses: "Each player kills one of their gear." Each player's choice is his
own: a ``showdown:`` entry states what each chose (at most one of each player's), and the showdown game from both
hands never makes the opponent's choice for the card's player; where it does not search that choice it names it
NOT MODELLED.
"""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.showdown import Progress
from pycombat.games.riftbound.play.entries import candidates
from pycombat.games.riftbound.play.hands import HandCard
from pycombat.games.riftbound.play.triggers import Awaiting, entries
from pycombat.games.riftbound.schema import scenario_from_dict

FRESH = "Safety Inspector (replayed)"


def _inspector(*after):
    """The Defender plays Safety Inspector anew (Thrill of the Hunt, RB-CARD-24); its "When you play me" resolves."""
    doc = {"game": "riftbound",
           "defender": {"units": ["Safety Inspector", {"name": "D2", "custom": True, "might": 2}]},
           "attacker": {"units": [{"name": "E4", "custom": True, "might": 4},
                                  {"name": "E9", "custom": True, "might": 9}]},
           "showdown": [{"play": "Thrill of the Hunt", "by": "defender", "target": "Safety Inspector",
                         "to": "battlefield"}, *after]}
    run, effects = Progress.begin(scenario_from_dict(doc, file="<t>"))
    run.extend(effects)
    sd = run.finish()
    return ({s: sorted(u.name for u in getattr(sd.board, s)) for s in ("attacker", "defender")},
            [u["what"] for u in sd.unmodelled_json()])


def test_each_player_kills_one_of_his_own_units_the_entry_names_one_of_each():
    left, unmodelled = _inspector({"trigger": FRESH, "when": "played", "target": ["E9", "D2"], "condition": False})
    assert left == {"attacker": ["E4"], "defender": [FRESH]} and unmodelled == []


def test_each_player_kills_one_two_units_of_one_player_are_refused():
    with pytest.raises(ScenarioError, match="at most one unit of each player.*RB-CARD-1"):
        _inspector({"trigger": FRESH, "when": "played", "target": ["E9", "E4"], "condition": False})


def test_its_additional_cost_paid_spares_only_its_players_own_units():
    left, unmodelled = _inspector({"trigger": FRESH, "when": "played", "target": ["E9"], "condition": True})
    assert left == {"attacker": ["E4"], "defender": ["D2", FRESH]} and unmodelled == []
    with pytest.raises(ScenarioError, match="kills none of his own.*D2.*RB-CARD-8"):
        _inspector({"trigger": FRESH, "when": "played", "target": ["E9", "D2"], "condition": True})


def test_whether_the_cost_was_paid_is_named_only_when_it_decides_a_unit():
    left, unmodelled = _inspector({"trigger": FRESH, "when": "played", "target": ["E9"]})
    # (named once: the defender's kill of a unit the scenario does not list, not whether the cost was paid)
    assert left == {"attacker": ["E4"], "defender": ["D2", FRESH]} and len(unmodelled) == 1
    left, unmodelled = _inspector({"trigger": FRESH, "when": "played", "target": ["E9", "D2"]})
    assert left["attacker"] == ["E4"] and len(unmodelled) == 1 and "additional cost" in unmodelled[0]


def test_the_hand_game_names_each_players_own_gear_choice_and_never_makes_it():
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 4, "equipment": ["Long Sword"]}]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 5, "equipment": ["Long Sword"]}]},
           "hand": {"attacker": ["Acceptable Losses"], "defender": []}}
    report = verbs.optimize(scenario_from_dict(doc))
    named = [u for u in report.solution.unmodelled if u["card"] == "Acceptable Losses"]
    assert len(named) == 1 and "each player's choice of one of his own gear" in named[0]["what"]
    assert "RB-CARD-22" in named[0]["why"]
    # the plays the search tries name none of the opponent's gear: his choice is never made by the card's player
    # (its player's own gear, his own choice, is tried: RB-CARD-22)
    played = [o.label for _, d in report.solution.decisions for o in d.options if "Acceptable Losses" in o.label]
    assert sorted(played) == ["attacker plays Acceptable Losses", "attacker plays Acceptable Losses on Long Sword (on A1)"]


def test_without_gear_in_play_the_gear_choice_is_not_named():
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 4}]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 5}]},
           "hand": {"attacker": ["Acceptable Losses"], "defender": []}}
    report = verbs.optimize(scenario_from_dict(doc))
    assert not [u for u in report.solution.unmodelled if u["card"] == "Acceptable Losses"]


def test_a_unit_card_whose_play_has_each_player_choose_names_no_unit_in_the_search():
    tried = candidates(HandCard("Safety Inspector", "unit", "reaction"), "defender", ["E4", "E9", "D2"], ())
    assert tried and all(e.targets == () for e in tried)


def test_a_trigger_having_each_player_choose_is_not_searched_for_one_player():
    effect = {"effect": "kill", "target": {"count": 1, "kind": "unit", "chooser": "each player, own unit"},
              "trigger": "When I attack"}
    assert entries(Awaiting("attacker", "A1", "combat", (effect,)), ["A1", "D1"], {}) == []
    plain = {"effect": "kill", "target": {"count": 1, "kind": "unit"}, "trigger": "When I attack"}
    assert entries(Awaiting("attacker", "A1", "combat", (plain,)), ["A1", "D1"], {})


def test_a_player_whose_unit_the_entry_does_not_name_is_named_when_he_has_units_listed():
    # not paid: the defender kills one of his units; the entry names none of his (D2, Safety Inspector listed): read as
    # one the scenario does not list, which no scenario field can confirm, so named NOT MODELLED (RB-CARD-9, RB-CARD-4)
    left, unmodelled = _inspector({"trigger": FRESH, "when": "played", "target": ["E9"], "condition": False})
    assert left == {"attacker": ["E4"], "defender": ["D2", FRESH]}
    assert len(unmodelled) == 1
    # naming none of either player's: both named
    left, unmodelled = _inspector({"trigger": FRESH, "when": "played", "target": [], "condition": False})
    assert left == {"attacker": ["E4", "E9"], "defender": ["D2", FRESH]} and len(unmodelled) == 2
