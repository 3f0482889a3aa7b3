"""WOTR-CAPT-1 (RB p.32): an enemy Army that enters a region with a City, a Town or an unoccupied Stronghold
captures it, and it stands in an enemy Stronghold's region only as its besieger (the besieged player keeps the
Stronghold, WOTR-SITE-7). A position with an Army in a Settlement its enemy controls, without a siege, is
refused (exit 2, naming the file, the region's field and the control it implies), never judged under the
setup's controller; with the control stated the position is read and judged."""
from __future__ import annotations

import pytest

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict

MORGUL_HELD = """game: wotr
politics: {Sauron: at_war, Gondor: at_war}
position:
  regions:
    Minas Morgul: {units: {Gondor: {regulars: 3}}}
    South Ithilien: {characters: [Strider]}
CONTROL
  fellowship: {region: Rivendell}
action: {side: free_peoples, die: character}
claims:
  - {claim: Strider may move from South Ithilien to Gorgoroth}
"""


def _run(tmp_path, capsys, text: str, verb: str = "verify"):
    path = tmp_path / "pos.yaml"
    path.write_text(text, encoding="utf-8")
    code = main([verb, str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_free_peoples_army_in_shadow_stronghold_without_control_is_refused(tmp_path, capsys):
    code, out, err = _run(tmp_path, capsys, MORGUL_HELD.replace("CONTROL\n", ""))
    assert code == 2 and "Traceback" not in err and "FALSE" not in out
    assert ("pos.yaml: position.regions.Minas Morgul: an Army of the Free Peoples stands in Minas Morgul, controlled by "
            "the Shadow, without a siege: give `control: {Minas Morgul: free_peoples}` (WOTR-CAPT-1)") in err
    assert "Minas Morgul: a Stronghold, controlled by the Shadow from the setup's control" in err
    assert "the Army: Gondor" in err


def test_stated_control_of_the_army_side_is_judged(tmp_path, capsys):
    code, out, err = _run(tmp_path, capsys, MORGUL_HELD.replace("CONTROL", "  control: {Minas Morgul: free_peoples}"))
    assert code == 0, err
    # Minas Morgul is no Shadow-controlled Stronghold: Strider need not stop there (WOTR-CHMOVE-5)
    assert "TRUE  Strider may move from South Ithilien to Gorgoroth" in out


def test_stated_enemy_control_is_refused_naming_the_control_entry(tmp_path, capsys):
    code, _, err = _run(tmp_path, capsys, MORGUL_HELD.replace("CONTROL", "  control: {Minas Morgul: shadow}"))
    assert code == 2 and "give `control: {Minas Morgul: free_peoples}`" in err
    assert "from the file's `position.control.Minas Morgul`" in err


def test_shadow_army_in_free_peoples_city_and_stronghold_is_refused(tmp_path, capsys):
    text = """game: wotr
politics: {Sauron: at_war, Gondor: at_war}
position:
  regions:
    Minas Tirith: {units: {Sauron: {regulars: 2}}}
    Pelargir: {units: {Sauron: {regulars: 2}}}
    Morannon: {nazgul: 1}
  control: {Minas Tirith: shadow}
action: {side: shadow, die: character}
claims:
  - {claim: 1 Nazgûl may move from Morannon to Minas Tirith}
"""
    code, _, err = _run(tmp_path, capsys, text)
    assert code == 2
    assert "position.regions.Pelargir: an Army of the Shadow stands in Pelargir, controlled by the Free Peoples" in err
    assert "give `control: {Pelargir: shadow}`" in err and "Pelargir: a City" in err
    code, out, err = _run(tmp_path, capsys, text.replace("{Minas Tirith: shadow}",
                                                         "{Minas Tirith: shadow, Pelargir: shadow}"))
    assert code == 0, err
    # a Shadow-controlled Minas Tirith is no Free Peoples Stronghold closed to a Nazgûl (WOTR-CHMOVE-7)
    assert "TRUE  1 Nazgûl may move from Morannon to Minas Tirith" in out


def test_setup_army_under_stated_enemy_control_is_refused():
    data = {"game": "wotr", "position": {"setup": True, "control": {"Minas Tirith": "shadow"}},
            "action": {"side": "shadow", "die": "army"}}
    with pytest.raises(ScenarioError) as exc:
        scenario_from_dict(data, file="setup.yaml")
    assert str(exc.value).startswith("setup.yaml: position.control.Minas Tirith: an Army of the Free Peoples stands in "
                                     "Minas Tirith, controlled by the Shadow")


@pytest.mark.parametrize("region", [
    # the besieger stands in the region of the enemy Stronghold it besieges (WOTR-SITE-7)
    {"Minas Tirith": {"units": {"Gondor": {"regulars": 2}, "Sauron": {"regulars": 4}}, "besieged": "free_peoples"}},
    # Characters are no Army: a Companion alone captures nothing
    {"Minas Morgul": {"characters": ["Strider"]}},
    # an Army in its own side's Settlement
    {"Minas Tirith": {"units": {"Gondor": {"regulars": 2}}}},
])
def test_positions_without_an_army_in_an_enemy_settlement_are_read(region):
    data = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "position": {"regions": region}, "action": {"side": "shadow", "die": "army"}}
    s = scenario_from_dict(data, file="ok.yaml")
    assert verbs.enumerate(s, count=True).counted.total >= 0
