"""A unit played anew (RB-CARD-24) enters ready as its card says and is its owner's card played; "it" of a trigger on
another unit's event is that unit, no choice (RB-CARD-10); a readying or a stun is passed to the triggers waiting on
it once."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import Progress, play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

D9 = {"name": "D9", "custom": True, "might": 9}


def _run(doc):
    run, effects = Progress.begin(scenario_from_dict(doc, file="<t>"))
    run.extend(effects)
    return run


@pytest.mark.parametrize("xp, ready, might", [(2, False, 3), (3, True, 4)])
def test_a_unit_played_anew_enters_ready_at_its_level(xp, ready, might):
    """Scorchclaw: "[Level 3] I have +1 Might and enter ready": played anew (Thrill of the Hunt) by a side at 3 XP it
    enters ready with 4 Might; at 2 XP exhausted with 3."""
    run = _run({"game": "riftbound", "attacker": {"units": ["Scorchclaw"], "xp": xp}, "defender": {"units": [D9]},
                "showdown": [{"play": "Thrill of the Hunt", "by": "attacker", "target": "Scorchclaw",
                              "to": "battlefield"}]})
    u = run.live["Scorchclaw (replayed)"]  # its static abilities applied (RB-CARD-9)
    assert (u.exhausted, u.current_might) == (not ready, might)


def test_a_unit_that_enters_ready_at_a_battlefield_played_anew_to_its_base_enters_exhausted():
    """Shadow: "If you play me to a battlefield, I enter ready": played anew to its base (Portal Rescue), exhausted."""
    run = _run({"game": "riftbound", "attacker": {"units": [{"name": "A5", "custom": True, "might": 5}]},
                "defender": {"units": ["Shadow"]},
                "showdown": [{"play": "Portal Rescue", "by": "defender", "target": "Shadow"}]})
    assert run.base == ["Shadow (replayed)"] and run.units["Shadow (replayed)"].exhausted


@pytest.mark.parametrize("wurm", [True, False])
def test_a_friendly_unit_making_others_enter_ready_readies_a_unit_played_anew(wurm):
    """Magma Wurm at its base ("Other friendly units enter ready"): Flame Chompers played anew enters ready; without
    it, exhausted."""
    run = _run({"game": "riftbound", "attacker": {"units": ["Flame Chompers"], "base": ["Magma Wurm"] if wurm else []},
                "defender": {"units": [D9]},
                "showdown": [{"play": "Thrill of the Hunt", "by": "attacker", "target": "Flame Chompers",
                              "to": "battlefield"}]})
    assert run.units["Flame Chompers (replayed)"].exhausted is not wurm


@pytest.mark.parametrize("before, might", [(0, 7), (1, 7), (2, 7)])
def test_the_second_card_counts_a_unit_played_anew_once(before, might):
    """Darius, Trifarian ("When you play your second card in a turn, +2 Might this turn"): Thrill of the Hunt and the
    unit it plays anew are two cards; the second of the turn fires it once (with 0 or 1 before), with 2 before
    neither is: the second came before the showdown, and its +2 lasts this turn (RB-CARD-9)."""
    sd = play_showdown(scenario_from_dict(
        {"game": "riftbound", "attacker": {"units": ["Darius - Trifarian", "Flame Chompers"], "cards_played": before},
         "defender": {"units": [D9]},
         "showdown": [{"play": "Thrill of the Hunt", "by": "attacker", "target": "Flame Chompers",
                       "to": "battlefield"}]}, file="<t>"))
    assert next(u.current_might for u in sd.board.attacker if u.name == "Darius - Trifarian") == might


def test_it_of_a_trigger_on_a_units_event_is_that_unit():
    """Fiora, Worthy's "ready it" acts on the unit become Mighty: an entry naming another unit is refused."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
           "defender": {"units": ["Fiora - Worthy", {"name": "Irelia - Fervent", "exhausted": True}]},
           "showdown": [{"play": "Primal Strength", "by": "defender", "target": "Irelia - Fervent"},
                        {"trigger": "Fiora - Worthy", "when": "mighty", "target": "Fiora - Worthy"}]}
    with pytest.raises(ScenarioError, match=r"acts on Irelia - Fervent.*RB-CARD-10") as exc:
        play_showdown(scenario_from_dict(doc, file="<t>"))
    assert exc.value.path.endswith(".target")


def test_a_stun_by_vex_apathetic_fires_eclipse_herald_once_per_stun():
    """The attacker plays Flame Chompers anew to the battlefield; Vex, Apathetic stuns it: the defender stunned one
    enemy unit, and Eclipse Herald ("When you stun an enemy unit, ready me and give me +1 Might this turn") has
    7 + 1; the stunned unit deals nothing."""
    run = _run({"game": "riftbound", "attacker": {"units": ["Flame Chompers"]},
                "defender": {"units": ["Vex - Apathetic", "Eclipse Herald"]},
                "showdown": [{"play": "Thrill of the Hunt", "by": "attacker", "target": "Flame Chompers",
                              "to": "battlefield"}]})
    assert run.units["Flame Chompers (replayed)"].stunned
    assert run.live["Eclipse Herald"].current_might == 8


@pytest.mark.parametrize("card, xp, left", [("Scorchclaw", None, ["Level 3"]), ("Scorchclaw", 2, []),
                                            ("Shadow", None, []), ("Flame Chompers", None, []),
                                            ("Vayne - Hunter", 5, ["If an opponent controls a battlefield"])])
def test_the_enter_ready_conditions_not_decided_for_a_unit_played_anew(card, xp, left):
    """"[Level N]" is decided by its player's stated XP, "If you play me to a battlefield" by where it goes; any other
    condition is not (named when the unit's readiness could change the showdown)."""
    from pycombat.games.riftbound.cards import replay
    from pycombat.games.riftbound.cards.units import load_units

    assert replay.undecided(load_units().unit(card), xp) == left


@pytest.mark.parametrize("wurm", [True, False])
def test_a_unit_played_from_hand_enters_exhausted_unless_a_card_says_ready(wurm):
    """A unit enters play exhausted (RB-CARD-9): Shen - Kinkou played from hand with [Reaction] is exhausted; with
    Magma Wurm at its player's base ("Other friendly units enter ready") it enters ready."""
    run = _run({"game": "riftbound", "attacker": {"units": [D9]},
                "defender": {"units": ["Pakaa Cub"], "base": ["Magma Wurm"] if wurm else []},
                "showdown": [{"play": "Shen - Kinkou", "by": "defender", "to": "battlefield"}]})
    assert "Shen - Kinkou" in run.present and run.units["Shen - Kinkou"].exhausted is not wurm


@pytest.mark.parametrize("xp, might", [(0, 3), (3, 4)])
@pytest.mark.parametrize("first", ["custom", "card"])
def test_a_unit_a_trigger_plays_reads_its_players_xp_whatever_unit_is_listed_first(xp, might, first):
    """Gustwalker ("[Level 3] I have +1 Might and [Ganking]"), played to the battlefield by Rek'Sai - Swarm Queen's
    "When I attack": its player's stated XP decides its Level (RB-CARD-9), read from his units in play, a custom unit
    listed first too; nothing is named NOT MODELLED."""
    units = [{"name": "A0", "custom": True, "might": 1}, "Rek'Sai - Swarm Queen"]
    run = _run({"game": "riftbound", "attacker": {"units": units if first == "custom" else units[::-1], "xp": xp},
                "defender": {"units": [D9]},
                "showdown": [{"trigger": "Rek'Sai - Swarm Queen",
                              "plays": {"play": "Gustwalker", "to": "battlefield"}}]})
    assert run.live["Gustwalker"].current_might == might
    assert run.finish().unmodelled_json() == []


@pytest.mark.parametrize("hold", [True, False])
def test_a_units_stated_discard_condition_is_its_players_for_the_unit_played_anew(hold):
    """Raging Soul ("If you've discarded a card this turn, I have [Assault] and [Ganking]") stated with
    `conditions_hold:` says whether its player discarded a card this turn (RB-CARD-9): played anew (Portal Rescue),
    the fresh unit reads the same fact, and nothing is named NOT MODELLED."""
    run = _run({"game": "riftbound", "attacker": {"units": [{"name": "Raging Soul", "conditions_hold": hold}, D9]},
                "defender": {"units": [{"name": "D1", "custom": True, "might": 1}]},
                "showdown": [{"play": "Portal Rescue", "by": "attacker", "target": "Raging Soul", "to": "base"}]})
    assert run.finish().unmodelled_json() == []
    assert run.units["Raging Soul (replayed)"].assault == ((1,) if hold else ())


def test_two_units_saying_otherwise_of_their_players_discard_each_keep_their_own():
    """Two Raging Souls, one stated `conditions_hold: false`, the other `true`: each is read as stated, and the unit
    played anew, whose player's discard is then not stated, names it NOT MODELLED (RB-CARD-4)."""
    souls = [{"name": "Raging Soul", "conditions_hold": False},
             {"name": "Raging Soul", "label": "R2", "conditions_hold": True}]
    run = _run({"game": "riftbound", "attacker": {"units": souls}, "defender": {"units": [D9]},
                "showdown": [{"play": "Portal Rescue", "by": "attacker", "target": "R2", "to": "base"}]})
    assert run.units["Raging Soul"].assault == ()
    assert ["discarded_this_turn" in u["why"] for u in run.finish().unmodelled_json()] == [True]


def test_a_unit_a_triggers_card_plays_anew_is_named_by_later_entries():
    """Rek'Sai - Swarm Queen's "When I attack" plays Thrill of the Hunt, which plays the base's Ravenbloom Prefect anew
    at the battlefield (RB-CARD-27, RB-CARD-24): the fresh unit's trigger on the opponent's gear is stated by a later
    entry, by its name, as the answer asks when it is not."""
    doc = {"game": "riftbound",
           "attacker": {"units": ["Rek'Sai - Swarm Queen"], "base": [{"name": "Ravenbloom Prefect", "label": "B"}]},
           "defender": {"units": [D9]},
           "showdown": [{"trigger": "Rek'Sai - Swarm Queen",
                         "plays": {"play": "Thrill of the Hunt", "target": ["B"], "to": "battlefield"}},
                        {"play": "Long Sword", "by": "defender", "target": ["D9"]}]}
    asked = play_showdown(scenario_from_dict(doc, file="<t>")).unmodelled_json()
    assert [u["what"].startswith('its ability "When an opponent plays a gear" (unit B (replayed))') for u in asked] \
        == [True]
    doc["showdown"].append({"trigger": "B (replayed)", "when": "play", "decline": True})
    assert play_showdown(scenario_from_dict(doc, file="<t>")).unmodelled_json() == []


def test_a_combat_trigger_with_no_unit_it_may_choose_does_that_part_without_one():
    """Teemo - Strategist: "When I defend, choose an enemy unit here ... Deal 1 to that unit for each card with [Hidden]
    revealed": the only enemy unit, Baron Nashor, can't be chosen by enemy abilities (RB-CARD-9), so the trigger is
    stated without a target and that part does nothing (RB-CARD-10); a unit that may be chosen must still be named."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "Baron Nashor", "stunned": True}]},
           "defender": {"units": ["Teemo - Strategist"]},
           "showdown": [{"trigger": "Teemo - Strategist", "revealed": 2}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert sd.unmodelled_json() == [] and sd.board.attacker[0].marked == 0
    assert any("chooses no enemy unit at the battlefield: no unit in play fits" in line.text for line in sd.lines)
    doc["attacker"]["units"].append({"name": "A2", "custom": True, "might": 2})
    with pytest.raises(ScenarioError, match=r"needs 1 more target\(s\)"):
        play_showdown(scenario_from_dict(doc, file="<t>"))
