"""The one weapon a character uses in a strike (MECCG-FX-3): the one the strike names (`defender_weapon:`,
`attacker_weapon:`), which must be a weapon he carries, else the best one he carries: the one leaving him
the most prowess, the -3 for not tapping that it spares him counted (Thong of Fire, MECCG-SEQ-5)."""
from __future__ import annotations

import json

import pytest

from pycombat.cli import main
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict


def _gimli(weapon: str, items=("Glamdring", "Miruvor")) -> dict:
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                         "members": [{"name": "Gimli", "items": list(items)}]},
            "combat": {"strikes": [{"defender": "Gimli", "attacker": "Lagduf", "defender_weapon": weapon}]}}


@pytest.mark.parametrize("verb", ["odds", "replay", "verify", "optimize"])
def test_a_named_item_that_is_no_weapon_is_refused(tmp_path, capsys, verb):
    p = tmp_path / "s.yaml"
    p.write_text(json.dumps(_gimli("Miruvor")), encoding="utf-8")
    assert main([verb, str(p)]) == 2
    err = capsys.readouterr().err
    assert "combat.strikes[0].defender_weapon: Miruvor is not a weapon" in err and "Glamdring" in err
    assert "Traceback" not in err


def test_a_named_weapon_is_used():
    s = combat_odds(scenario_from_dict(_gimli("Glamdring", ("Glamdring", "Orcrist")), file="<t>")).setups[0]
    assert any("Glamdring" in m.what for m in s.defender.prowess_mods)


def _gorbag(untapped: bool, weapon: str | None = None) -> dict:
    strike = {"defender": "Gorbag", "attacker": "Aragorn II", "defender_untapped": untapped}
    if weapon:
        strike["defender_weapon"] = weapon
    return {"game": "meccg",
            "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
            "defender": {"player": "Jim", "alignment": "minion", "site": "Moria",
                         "members": [{"name": "Gorbag", "items": ["Ancient Black Axe", "Thong of Fire"]}]},
            "combat": {"strikes": [strike]}}


def _prowess(doc: dict) -> int:
    return combat_odds(scenario_from_dict(doc, file="<t>")).setups[0].defender.prowess


@pytest.mark.parametrize("untapped, best, prowess", [
    (True, "Thong of Fire", 7),        # 6 + 1, and no -3 (Thong of Fire); the Axe: 6 + 3 - 3 = 6
    (False, "Ancient Black Axe", 9),   # tapping: 6 + 3; the Thong: 6 + 1
])
def test_the_default_weapon_is_the_one_leaving_the_most_prowess(untapped, best, prowess):
    assert _prowess(_gorbag(untapped)) == prowess == _prowess(_gorbag(untapped, best))
    other = "Ancient Black Axe" if best == "Thong of Fire" else "Thong of Fire"
    assert _prowess(_gorbag(untapped, other)) < prowess
