"""Annie, Fiery: "Your spells and abilities deal 1 Bonus Damage" (RB-CARD-9): each instance of damage its player's
spell or ability deals is 1 more (a split's every share, a Deathknell's every unit); an opponent's is not, nor
combat damage nor a fight (the units deal that)."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

S = {"name": "S", "custom": True, "might": 9}
X = {"name": "X", "custom": True, "might": 9}


def _marked(att, dfd, showdown):
    doc = {"game": "riftbound", "attacker": {"units": att}, "defender": {"units": dfd}, "showdown": showdown}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    return {u.name: u.marked for u in sd.board.attacker + sd.board.defender}, sd


def test_a_spell_of_annies_player_deals_one_more():
    play = [{"play": "Incinerate", "by": "attacker", "target": "S"}]
    assert _marked([X], [S], play)[0]["S"] == 2
    got, sd = _marked([{"name": "Annie - Fiery"}, X], [S], play)
    assert got["S"] == 3 and any("+1 Bonus Damage (Annie - Fiery)" in ln.text and "RB-CARD-9" in ln.rules
                                 for ln in sd.lines)


def test_the_opponents_spell_is_not_changed():
    got, _ = _marked([{"name": "Annie - Fiery"}, X], [S], [{"play": "Incinerate", "by": "defender", "target": "X"}])
    assert got["X"] == 2


def test_an_ability_of_her_side_too():
    """Kog'Maw's Deathknell (an ability) with Annie on its side: 4 + 1 to every unit at the battlefield."""
    got, _ = _marked([{"name": "Kog'Maw - Caustic"}, {"name": "Annie - Fiery", "might": 9}, X], [S],
                     [{"kill": "Kog'Maw - Caustic", "by": "defender"}])
    assert (got["X"], got["S"], got["Annie - Fiery"]) == (5, 5, 5)
