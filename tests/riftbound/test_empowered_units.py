"""Units whose combat keywords hold only while they are [Empowered] (RB-CARD-9): the keyword follows the unit's
stated `empowered:`, as its "if I'm [Empowered]" static abilities and triggers do; not stated, the answer names it
NOT MODELLED. Each card below gives another answer Empowered than not."""
from __future__ import annotations

import pytest

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _sd(att, dfd, showdown=()):
    return play_showdown(scenario_from_dict({"game": "riftbound", "attacker": {"units": att},
                                             "defender": {"units": dfd}, "showdown": list(showdown)}))


def _might(sd, name):
    return next(u.current_might for u in sd.board.attacker + sd.board.defender if u.name == name)


def _printed(name):
    from pycombat.games.riftbound.cards.units import load_units
    return load_units().unit(name).might


P = {"name": "P", "custom": True, "might": 1}


@pytest.mark.parametrize("name, side, bonus", [
    ("Shadow Fiend", "attacker", 3), ("Baccai Sandspinner", "attacker", 2),
    ("Ambessa, Respected and Feared", "attacker", 2),
    ("Serene Ascetic", "defender", 3), ("Grumpy Rockbear", "defender", 3)])
def test_the_keyword_follows_the_stated_status(name, side, bonus):
    for emp, might in ((True, _printed(name) + bonus), (False, _printed(name))):
        me = {"name": name, "empowered": emp}
        sd = _sd([me], [P]) if side == "attacker" else _sd([P], [me])
        assert _might(sd, name) == might, (name, emp)
        # (Ambessa's Empowered trigger waits for its target: the test below)
        assert not [u for u in sd.unmodelled if "trigger" not in u.what], (name, emp)
        assert bool(sd.unmodelled) == (emp and name.startswith("Ambessa"))
    sd = _sd([{"name": name}], [P]) if side == "attacker" else _sd([P], [{"name": name}])
    assert any("empowered: true|false" in u.why for u in sd.unmodelled)


def test_ambessa_kills_a_weaker_enemy_here_only_empowered():
    """"[Empowered] When I attack, kill an enemy unit here with less Might than me" (RB-CARD-10, RB-CARD-1)."""
    weak, strong = {"name": "W", "custom": True, "might": 3}, {"name": "S", "custom": True, "might": 9}
    sd = _sd([{"name": "Ambessa, Respected and Feared", "empowered": True}], [weak, strong],
             [{"trigger": "Ambessa, Respected and Feared", "target": "W"}])
    assert [u.name for u in sd.board.defender] == ["S"] and not sd.unmodelled
    sd = _sd([{"name": "Ambessa, Respected and Feared", "empowered": False}], [weak, strong])
    assert [u.name for u in sd.board.defender] == ["W", "S"] and not sd.unmodelled
