"""Rell, Magnetic: "When I attack, you may play an Equipment with Energy cost no more than 2, ignoring its cost. If you
do, then do this: Attach it to me." (its clause structured in data/effects_overlay.yaml, a `kind: unit` record): a
combat trigger (RB-SHOW-2) whose entry names the Equipment played from hand (`attach:`); it is attached to Rell with
its Might bonus (RB-CARD-14, RB-CARD-5), and it is a gear card its player plays (RB-CARD-10: Darius, Trifarian's "When
you play your second card in a turn")."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.spells import load_cards
from pycombat.games.riftbound.schema import scenario_from_dict

RELL = "Rell - Magnetic"
D = {"name": "D", "custom": True, "might": 6}


def _run(showdown, att=(RELL,), **side):
    doc = {"game": "riftbound", "attacker": {"units": list(att), **side}, "defender": {"units": [D]},
           "showdown": showdown}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _might(sd, name=RELL):
    return sd.board.unit(name).current_might


def _equipment(most):
    """The Equipment cards with a Might bonus in the data and an Energy cost at most ``most`` / more."""
    cards = [c for c in load_cards().cards if c.equipment and c.equip_might_bonus is not None]
    return ([c for c in cards if (c.energy_cost or 0) <= most], [c for c in cards if (c.energy_cost or 0) > most])


def test_every_cheap_equipment_attaches_with_its_bonus_and_a_dear_one_is_refused():
    cheap, dear = _equipment(2)
    assert cheap and dear
    for c in cheap:
        sd = _run([{"trigger": RELL, "attach": c.name}])
        u = sd.board.unit(RELL)
        assert (u.current_might, u.equipment) == (4 + c.equip_might_bonus, (c.name,)), c.name
        assert not sd.unmodelled
    with pytest.raises(ScenarioError, match=r"Energy cost no more than 2 \(RB-CARD-1\)"):
        _run([{"trigger": RELL, "attach": dear[0].name}])


def test_declined_or_naming_none_plays_nothing_and_unstated_is_named():
    assert _might(_run([{"trigger": RELL, "decline": True}])) == 4
    assert _might(_run([{"trigger": RELL}])) == 4
    sd = _run([])
    assert _might(sd) == 4 and [u.card for u in sd.unmodelled] == [RELL]
    assert not card_report(RELL)["unmodelled"]


@pytest.mark.parametrize("before, fired", [(1, True), (0, False), (None, None)])
def test_the_equipment_played_is_a_card_its_player_plays(before, fired):
    """Darius, Trifarian: "When you play your second card in a turn, give me +2 Might this turn and ready me."""
    darius = "Darius - Trifarian"
    side = {} if before is None else {"cards_played": before}
    sd = _run([{"trigger": RELL, "attach": "Long Sword"}], att=(RELL, darius), **side)
    printed = scenario_from_dict({"game": "riftbound", "attacker": {"units": [darius]},
                                  "defender": {"units": [D]}}).attacker.units[0].current_might
    if fired is None:
        assert any(u.card == darius for u in sd.unmodelled)
    else:
        assert _might(sd, darius) == printed + (2 if fired else 0)
