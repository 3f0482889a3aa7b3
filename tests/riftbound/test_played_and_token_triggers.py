"""A unit's "When you play me" trigger with a second event ("When I'm played and when I conquer", "When you play me or
when I score") fires as a card or ability plays the unit in the showdown (RB-CARD-16, RB-CARD-27) and changes nothing
for a unit already on the board; unit tokens its abilities play at its player's base count for the abilities reading
his token units (RB-CARD-15, RB-CARD-9); "When you play a card on an opponent's turn" and "When another non-Recruit
unit you control dies" fire as those events happen (RB-CARD-10)."""
from __future__ import annotations

import json

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.acting import can_act
from pycombat.games.riftbound.cards.showdown import Progress, play_showdown
from pycombat.games.riftbound.cards.unitplay import PLAY_TRIGGERS
from pycombat.games.riftbound.cards.units import COMBAT_TRIGGERS, load_units
from pycombat.games.riftbound.verbs import verify
from pycombat.games.riftbound.schema import scenario_from_dict

D9 = {"name": "D9", "custom": True, "might": 9}
A9 = {"name": "A9", "custom": True, "might": 9}
ILLAOI = "Illaoi, Prophet of the Great Kraken"


def _run(doc):
    run, effects = Progress.begin(scenario_from_dict(doc, file="<t>"))
    run.extend(effects)
    return run


def _might(doc, unit):
    return _run(doc).live[unit].current_might


def _rek_sai_plays(card, **more):
    """Rek'Sai, Swarm Queen's attack trigger playing ``card`` here (RB-CARD-27), Illaoi beside her."""
    return {"game": "riftbound",
            "attacker": {"units": ["Rek'Sai - Swarm Queen", ILLAOI], "tokens_elsewhere": 0},
            "defender": {"units": [D9]},
            "showdown": [{"trigger": "Rek'Sai - Swarm Queen", "plays": {"play": card, "to": "battlefield", **more}}]}


@pytest.mark.parametrize("sett", ["Sett - Brawler", "Sett, Brawler"])
def test_a_unit_played_by_an_ability_gets_its_buff_when_played(sett):
    """Sett, Brawler ("When I'm played and when I conquer, buff me"; its reprint: "When you play me or when I
    conquer"): played by Rek'Sai's trigger it is buffed as it enters, 4 + 1 Might."""
    assert _might(_rek_sai_plays(sett), sett) == 5


def test_a_token_its_play_ability_puts_at_the_base_counts_for_illaoi():
    """Sprite Queen played here ("When you play me ..., play a ready 3 Might Sprite unit token ... to your base"):
    the Sprite is a token unit Illaoi's player controls, +1 Might for her (the data lists no combat effect for it)."""
    assert _might(_rek_sai_plays("Sprite Queen"), ILLAOI) == 5


def test_where_a_played_units_own_tokens_go_is_stated_apart_from_the_unit():
    """Illaoi played here: her "play a Tentacle unit token" does not say where; the entry's `tokens_to:` does (the
    unit itself goes where `to:` says). Not given: one error naming `tokens_to`. Given for a unit whose play abilities
    play no such tokens: refused."""
    doc = _rek_sai_plays(ILLAOI, tokens_to="base")
    assert _might(doc, f"{ILLAOI} (2)") == 5 and _might(doc, ILLAOI) == 5
    with pytest.raises(ScenarioError) as err:
        _run(_rek_sai_plays(ILLAOI))
    assert err.value.path.endswith("tokens_to")
    with pytest.raises(ScenarioError, match="tokens_to"):
        scenario_from_dict(_rek_sai_plays("Sett - Brawler", tokens_to="base"), file="<t>")


def test_a_compound_play_trigger_of_a_unit_on_the_board_changes_nothing():
    """On the board, "When you play me or when I conquer" is past and after the outcome: not named as not modelled;
    every such trigger fires when the unit is played (a data guard: a new wording is classified)."""
    sd = play_showdown(scenario_from_dict({"game": "riftbound", "attacker": {"units": ["Sett, Brawler"]},
                                           "defender": {"units": [D9]}}, file="<t>"))
    assert sd.unmodelled_json() == []
    units = load_units()
    for name in units.names:
        card = units.unit(name)
        for e in card.abilities:
            t = str(e.get("trigger") or "")
            if ("play me" in t or "I'm played" in t) and not e.get("activated"):
                assert t in PLAY_TRIGGERS, t
                assert t in COMBAT_TRIGGERS or not can_act(e, "defender", card), (name, t)


def test_a_unit_played_anew_by_a_card_resolves_its_play_buff():
    """Arcane Shift plays Sett - Brawler anew: it is played, so its "When I'm played" buff fires as it enters (it needs
    no choice): 5 Might, not a silent 4, and nothing named."""
    sd = play_showdown(scenario_from_dict(
        {"game": "riftbound", "attacker": {"units": [A9]}, "defender": {"units": [{"name": "Sett - Brawler"}]},
         "showdown": [{"play": "Arcane Shift", "by": "defender", "target": ["Sett - Brawler", "A9"],
                       "to": "battlefield"}]}, file="<t>"))
    assert {u.name: u.current_might for u in sd.board.defender} == {"Sett - Brawler (replayed)": 5}
    assert not any("Sett - Brawler (replayed)" in u["what"] for u in sd.unmodelled_json())


def _viktor(turn):
    doc = {"game": "riftbound", "attacker": {"units": [A9]},
           "defender": {"units": ["Viktor - Innovator", ILLAOI], "tokens_elsewhere": 0},
           "showdown": [{"play": "Incinerate", "by": "defender", "target": "A9"}],
           "claims": [{"claim": f"{ILLAOI}'s might is 5"}]}
    return {**doc, "turn": turn} if turn else doc


@pytest.mark.parametrize("turn, might, verdict", [("attacker", 5, True), ("defender", 4, False), (None, 4, None)])
def test_a_card_played_on_the_opponents_turn_makes_viktors_recruit(turn, might, verdict):
    """Viktor - Innovator ("When you play a card on an opponent's turn, play a 1 Might Recruit unit token in your
    base"): Bo's Incinerate on Ann's turn makes a Recruit, Illaoi's +1; on his own turn none; whose turn not stated,
    the trigger is named and verify does not decide."""
    s = scenario_from_dict(_viktor(turn), file="<t>")
    sd = play_showdown(s)
    assert sd.board.unit(ILLAOI).current_might == might
    assert bool(sd.unmodelled_json()) is (turn is None)
    assert verify(s).verdicts[0].verdict is verdict


@pytest.mark.parametrize("dying, might", [({"name": "D2", "custom": True, "might": 1}, 5),
                                          ({"name": "Recruit", "might": 1}, 4)])
def test_a_non_recruit_friendly_death_makes_viktor_leaders_recruit(dying, might):
    """Viktor - Leader ("When another non-Recruit unit you control dies, play a 1 Might Recruit unit token into your
    base"): D2 killed by Incinerate makes a Recruit (Illaoi +1); a Recruit token killed makes none."""
    doc = {"game": "riftbound", "attacker": {"units": [A9]},
           "defender": {"units": ["Viktor - Leader", ILLAOI, dying], "tokens_elsewhere": 0},
           "showdown": [{"play": "Incinerate", "by": "attacker", "target": dying["name"]}]}
    run = _run(doc)
    assert dying["name"] not in run.present
    tokens_left = 0 if dying["name"] == "Recruit" else 1
    assert run.live[ILLAOI].current_might == might == 4 + tokens_left


@pytest.mark.parametrize("unit", ["Carrion Dredger", "Noxian Emissary"])
def test_a_deathknell_playing_tokens_at_the_base_is_not_a_rules_question_at_the_combat_cleanup(unit):
    """Carrion Dredger's Deathknell plays a Bird token at its base: whether it resolves before or after the Result
    (RB-READ-8), the units at the battlefield are the same, so nothing is named as not modelled."""
    sd = play_showdown(scenario_from_dict({"game": "riftbound", "attacker": {"units": [A9]},
                                           "defender": {"units": [{"name": unit, "empowered": False}]}},
                                          file="<t>"))
    assert sd.unmodelled_json() == [], json.dumps(sd.unmodelled_json())


@pytest.mark.parametrize("empowered, recruits", [(True, 2), (False, 0)])
def test_an_empowered_deathknell_follows_the_units_stated_status(empowered, recruits):
    """Noxian Emissary ("[Deathknell] If I'm [Empowered], play two 1 Might Recruit unit tokens to your base"), killed
    by Incinerate: `empowered: true` makes two Recruits, `false` none; neither asks the player's choice."""
    run = _run({"game": "riftbound", "attacker": {"units": [A9]},
                "defender": {"units": [{"name": "Noxian Emissary", "empowered": empowered}, D9]},
                "showdown": [{"play": "Incinerate", "by": "attacker", "target": "Noxian Emissary"}]})
    assert sorted(n for n in run.base if n.startswith("Recruit")) == [f"Recruit {k}" for k in range(1, recruits + 1)]
    assert run.unmodelled == []


@pytest.mark.parametrize("extra, recruits", [(True, 2), (False, 1), (None, 1)])
def test_a_trigger_entry_states_zileans_additional_token(extra, recruits):
    """Noxian Drummer moved in ("When I move to a battlefield, play a 1 Might Recruit unit token here") beside Zilean,
    Time Mage ("you may play that token and an additional copy of it instead"): the trigger's entry states the choice
    (`extra_copy:`); not stated, one Recruit and the choice named as not modelled."""
    entry = {"trigger": "Noxian Drummer", "when": "move", **({} if extra is None else {"extra_copy": extra})}
    sd = play_showdown(scenario_from_dict(
        {"game": "riftbound", "attacker": {"units": ["Zilean - Time Mage", "Noxian Drummer"]},
         "defender": {"units": [D9]}, "showdown": [entry]}, file="<t>"))
    assert sorted(u.name for u in sd.board.attacker if u.name.startswith("Recruit")) == [
        f"Recruit {k}" for k in range(1, recruits + 1)]
    assert bool(sd.unmodelled_json()) is (extra is None)


def test_extra_copy_on_a_trigger_playing_no_tokens_is_refused():
    with pytest.raises(ScenarioError) as err:
        scenario_from_dict({"game": "riftbound", "attacker": {"units": ["Zilean - Time Mage", "Anivia - Primal"]},
                            "defender": {"units": [D9]},
                            "showdown": [{"trigger": "Anivia - Primal", "extra_copy": True}]}, file="<t>")
    assert err.value.path.endswith("extra_copy")
