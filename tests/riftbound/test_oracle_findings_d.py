"""Where the units' oracle (test_unit_oracle.py) and the model disagree on Mel, Defiant Soul, Renekton, Brute and
Aphelios, Exalted, decided from the printed text and the rules: each on the smallest scenario, with the control that
shows the rule still acts where it should.

Mel, Defiant Soul: "When I become [Empowered], banish an enemy unit at a battlefield with 3 Might or less." Empowered by
the Defender's Tornado Warrior from facedown, she fires at the cleanup after it (RB-CARD-10, RB-MIGHT-1). With no enemy
unit of 3 Might or less at a battlefield (none at this one, none at another), her trigger has no unit to choose: it
does nothing, and nothing is left to state (RB-CARD-10: a trigger with no legal target does nothing; the model's own
reading of Overzealous Fan's and Sinister Poro's triggers then, test_oracle_findings_more.py). The model named it NOT
MODELLED, asking for an entry `{trigger: Mel, Defiant Soul, when: empowered, target: ...}` whose every target it
refused (fixed: a trigger fired mid-showdown whose one target no unit in play fits does nothing, events.py
`_nothing_fits`). The oracle draws such boards: no entry, nothing banished (its `became`)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

MEL = "Mel, Defiant Soul"
TORNADO = {"play": "Tornado Warrior", "by": "defender", "facedown": True, "to": "battlefield", "target": MEL}


def _sd(attacker, showdown):
    return play_showdown(scenario_from_dict({
        "game": "riftbound", "attacker": {"units": attacker},
        "defender": {"units": [{"name": MEL, "empowered": False}]}, "showdown": showdown}, file="<t>"))


def test_mel_with_no_enemy_unit_to_banish_does_nothing():
    # A5 (5 Might) is the only enemy unit in play: more than 3, so no unit fits
    sd = _sd([{"name": "A5", "custom": True, "might": 5}], [TORNADO])
    assert sd.board.unit(MEL).empowered and not sd.board.removed
    assert sd.unmodelled_json() == []


def test_mel_with_no_enemy_unit_to_banish_refuses_every_target():
    """The control: no entry can state her target there (A5 has more than 3 Might), and with A3 there her entry
    banishes it."""
    with pytest.raises(ScenarioError, match="more than 3"):
        _sd([{"name": "A5", "custom": True, "might": 5}],
            [TORNADO, {"trigger": MEL, "when": "empowered", "target": "A5"}])
    sd = _sd([{"name": "A5", "custom": True, "might": 5}, {"name": "A3", "custom": True, "might": 3}],
             [TORNADO, {"trigger": MEL, "when": "empowered", "target": "A3"}])
    assert [r[0] for r in sd.board.removed] == ["A3"] and sd.unmodelled_json() == []
