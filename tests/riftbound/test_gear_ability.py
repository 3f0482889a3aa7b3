"""The entry of a gear whose combat effect is its [Action] activated ability (Divining Shells: "[Action] Kill this,
exhaust: Give a unit +2 Might this turn"; Forgotten Signpost) uses that ability of the gear in play: no card is
played (RB-CARD-10). Prize of Progress's "When you use an activated ability of a gear, give me +1 Might this turn"
fires, before it resolves; "When you play a gear" and "When you play your second card in a turn" (Darius, Trifarian)
do not. Checked against the printed text."""
from __future__ import annotations

import pytest

from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

from earlier_this_turn import none_before  # noqa: E402  (nothing fired before the showdown)

PRIZE, DARIUS = "Prize of Progress", "Darius - Trifarian"


def _run(units, showdown, **side):
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 3}]},
           "defender": {"units": none_before(units), **side}, "showdown": showdown}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _might(sd, name):
    return sd.board.unit(name).current_might


@pytest.mark.parametrize("by, prize", [("defender", 3 + 1 + 2), ("attacker", 3)])
def test_prize_of_progress_fires_on_its_players_gear_ability(by, prize):
    target = PRIZE if by == "defender" else "A"
    sd = _run([PRIZE], [{"play": "Divining Shells", "by": by, "target": target}])
    assert _might(sd, PRIZE) == prize and not sd.unmodelled
    assert any("uses Divining Shells's [Action] ability" in x.text for x in sd.lines)


def test_using_a_gear_ability_is_no_card_played():
    """Darius, Trifarian ("When you play your second card in a turn, +2 Might and ready me"): one card played before
    the showdown, then Divining Shells' ability: still one card played, Darius does not fire."""
    darius = _might(_run([DARIUS], []), DARIUS)  # printed, nothing played
    sd = _run([DARIUS], [{"play": "Divining Shells", "by": "defender", "target": "A"}], cards_played=1)
    assert _might(sd, DARIUS) == darius and not sd.unmodelled
    # a spell played after it is his second card: Darius fires then
    sd = _run([DARIUS], [{"play": "Divining Shells", "by": "defender", "target": "A"},
                         {"play": "Blood Rush", "by": "defender", "target": DARIUS}], cards_played=1)
    assert _might(sd, DARIUS) == darius + 2


def test_prize_of_progress_is_modelled():
    assert not card_report(PRIZE)["unmodelled"]
