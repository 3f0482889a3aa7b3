"""The flag strike_against (card_flags.md, MECCG-FX-12): "a strike against X" is any strike X faces
(`faced`, the default: in CvCC both characters of a strike face one) or only one the attacking
company aims at a defending X (`targeted`). It decides Morgul-blade, The Fiery Blade, Flame of
Udûn's body-check bonus and Fatty Bolger; a verdict it flips names it."""
from __future__ import annotations

import pytest

from pycombat.games.meccg.cards import play
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim


def _morgul(role: str, reading: str):
    ringwraith = {"alignment": "minion", "site": "Moria", "members": ["Khamûl the Ringwraith"]}
    heroes = {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]}
    sides = {"attacker": ringwraith, "defender": heroes} if role == "attacker" else {"attacker": heroes, "defender": ringwraith}
    doc = {"game": "meccg", "rules": {"strike_against": reading}, **sides,
           "combat": {"strikes": [{"defender": "Khamûl the Ringwraith" if role == "defender" else "Aragorn II",
                                   "attacker": "Aragorn II" if role == "defender" else "Khamûl the Ringwraith"}]}}
    plain = combat_odds(scenario_from_dict(doc, file="<t>")).setups[0]
    sides[role]["in_play"] = ["Morgul-blade"]
    with_ = combat_odds(scenario_from_dict(doc, file="<t>")).setups[0]
    side = "defender" if role == "attacker" else "attacker"  # Aragorn's side of the strike
    return (getattr(with_, side).prowess - getattr(plain, side).prowess, getattr(with_, side).body - getattr(plain, side).body)


@pytest.mark.parametrize("role, reading, change", [
    ("attacker", "faced", (-1, -1)), ("attacker", "targeted", (0, 0)),
    ("defender", "faced", (-1, -1)), ("defender", "targeted", (-1, -1))])
def test_morgul_blade_under_both_readings(role, reading, change):
    assert _morgul(role, reading) == change


@pytest.mark.parametrize("reading, legal", [("faced", True), ("targeted", False)])
def test_fatty_bolger_in_an_attacking_company(reading, legal):
    doc = {"game": "meccg", "rules": {"strike_against": reading},
           "attacker": {"alignment": "hero", "site": "Moria", "members": ["Frodo", "Fatty Bolger"]},
           "defender": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]}}
    s = scenario_from_dict(doc, file="<t>")
    got = play.check(s, [play.Play("TW-495", "attacker", 1, facing="Frodo")])
    assert got.legal is legal
    c = Claim(id="c", kind="playable_at_step", text="", args={"card": "Fatty Bolger", "step": 1,
                                                              "defender": "Lagduf", "attacker": "Frodo"})
    v = verify(scenario_from_dict({**doc, "rules": {}}, file="<t>"), [c])[0]
    assert v.verdict is True and v.deciding_flags == {"strike_against": "faced"} and "MECCG-FX-12" in v.rules
