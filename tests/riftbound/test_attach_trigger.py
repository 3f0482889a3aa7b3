"""Aphelios, Exalted: "When you attach an Equipment to me, choose one that hasn't been chosen this turn — Ready 2
runes. / Channel 1 rune exhausted. / Buff a friendly unit." (RB-CARD-10): fired as its player's card attaches an
Equipment to it during the showdown (Relentless Pursuit, RB-CARD-14), right after that card. The buff is the one
option on the board: the entry after the card states whether it was chosen (`condition: true` with its target;
`false`: another option, off the board); chosen twice in a turn is refused; not stated, it is named NOT MODELLED."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

APH = "Aphelios - Exalted"
PURSUIT = {"play": "Relentless Pursuit", "by": "attacker", "target": APH, "to": "battlefield", "attach": "Long Sword"}


def _sd(showdown):
    return play_showdown(scenario_from_dict({
        "game": "riftbound", "defender": {"units": [{"name": "D6", "custom": True, "might": 6}]},
        "attacker": {"units": [{"name": "A3", "custom": True, "might": 3}], "base": [APH],
                     "gear": ["Long Sword", "Long Sword"]}, "showdown": showdown}, file="<t>"))


def _state(sd):
    return {u.name: (u.current_might, u.buffed) for u in sd.board.attacker}


def test_the_buff_option_chosen_buffs_the_unit_its_entry_names():
    # the printed text: Aphelios moves in with Long Sword (+2): 4 + 2; A3 gets a buff (+1)
    sd = _sd([PURSUIT, {"trigger": APH, "when": "attach", "condition": True, "target": "A3"}])
    assert _state(sd) == {"A3": (4, True), APH: (6, False)} and not sd.unmodelled
    assert any("attaching an Equipment to it triggers" in ln.text and "RB-CARD-10" in ln.rules for ln in sd.lines)


def test_another_option_changes_nothing_here():
    sd = _sd([PURSUIT, {"trigger": APH, "when": "attach", "condition": False}])
    assert _state(sd) == {"A3": (3, False), APH: (6, False)} and not sd.unmodelled


def test_not_stated_it_is_named():
    sd = _sd([PURSUIT])
    assert [u.card for u in sd.unmodelled] == [APH] and "when: attach" in sd.unmodelled[0].why


def test_the_buff_option_is_chosen_once_a_turn():
    again = {**PURSUIT, "to": "battlefield"}  # at the battlefield already: it does not move; the second Sword attaches
    two = [PURSUIT, {"trigger": APH, "when": "attach", "condition": True, "target": "A3"}, again,
           {"trigger": APH, "when": "attach", "condition": True, "target": APH}]
    with pytest.raises(ScenarioError) as e:
        _sd(two)
    assert "chosen earlier this turn" in str(e.value) and e.value.path == "showdown[3].condition"
    two[3] = {"trigger": APH, "when": "attach", "condition": False}
    sd = _sd(two)
    assert _state(sd) == {"A3": (4, True), APH: (8, False)}


def test_the_card_lookup_reads_it():
    report = card_report(APH)
    assert not report["unmodelled"] and any("when: attach" in m["how"] for m in report["modelled"])
