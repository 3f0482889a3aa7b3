"""MECCG-FX-19: Great Bats and the Regiment of Black Crows are discarded if their controlling
character is wounded: `odds` gives the chance (that of the controller losing his strike, from the
strike's own result distribution), `replay` the line when he is; without `ally_of:` the ability is
named as not modelled."""
from __future__ import annotations

from fractions import Fraction

import pytest

from pycombat.games.meccg import verbs
from pycombat.games.meccg.cards.coverage import unmodelled
from pycombat.games.meccg.combat.strikes import strike_summary
from pycombat.games.meccg.schema import scenario_from_dict


def _doc(ally, rolls=None, ally_of="Shagrat"):
    strike = {"attacker": "Aragorn II", "defender": "Shagrat"}
    if rolls:
        strike["rolls"] = rolls
    member = {"name": ally, **({"ally_of": ally_of} if ally_of else {})}
    return {"game": "meccg",
            "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
            "defender": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", member]},
            "combat": {"strikes": [strike]}}


@pytest.mark.parametrize("ally", ["Great Bats", "Regiment of Black Crows"])
def test_odds_gives_the_chance_the_controller_is_wounded(ally):
    s = scenario_from_dict(_doc(ally), file="<t>")
    rep = verbs.odds(s)
    summary = strike_summary(rep.odds.per_strike[0])
    lose = summary["defender_loses"]  # Shagrat defends: he is wounded when he loses
    got = rep.discarded_with_controller[ally]
    assert got["controller"] == "Shagrat" and got["p"] == lose and Fraction(0) < got["p"] < 1
    assert unmodelled(s) == []
    assert rep.to_json()["discarded_with_controller"][ally]["rule"] == "MECCG-FX-19"


def test_replay_discards_the_ally_only_when_its_controller_is_wounded():
    wounded = verbs.replay(scenario_from_dict(_doc("Great Bats", {"attacker": [9], "defender": [5], "body": 4}),
                                              file="<t>")).to_json()
    assert wounded["discarded_with_controller"] == [{"ally": "Great Bats", "controller": "Shagrat", "rule": "MECCG-FX-19"}]
    spared = verbs.replay(scenario_from_dict(_doc("Great Bats", {"attacker": [4], "defender": [10], "body": 4}),
                                             file="<t>")).to_json()
    assert spared["discarded_with_controller"] == []


def test_without_its_controller_the_ability_is_named():
    s = scenario_from_dict(_doc("Great Bats", ally_of=None), file="<t>")
    assert [(u["card"], u["touches"]) for u in unmodelled(s)] == [("Great Bats", ["after"])]
