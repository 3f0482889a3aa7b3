"""WOTR-CAPT-1/2: only a Town, a City or a Stronghold is captured and takes a Control marker. A
Fortification (Osgiliath, the Fords of Isen) is no Settlement: ``control:`` naming one is refused with exit 2,
naming the field, in a battle file and in a position file alike; a real Settlement is accepted."""
from __future__ import annotations

import pytest

from pycombat.cli import main

BATTLE = """game: wotr
control: {{{region}: shadow}}
politics: {{Sauron: at_war, Gondor: at_war}}
attacker:
  region: North Ithilien
  units: {{Sauron: {{regulars: 3}}}}
defender:
  region: Osgiliath
  units: {{Gondor: {{regulars: 2}}}}
"""
POSITION = """game: wotr
politics: {{Sauron: at_war}}
position:
  regions:
    North Ithilien: {{units: {{Sauron: {{regulars: 1}}}}}}
  control: {{{region}: shadow}}
action: {{side: shadow, die: army}}
"""


@pytest.mark.parametrize("template,field", [(BATTLE, "control.Osgiliath"), (POSITION, "position.control.Osgiliath")])
def test_fortification_control_is_refused(tmp_path, capsys, template, field):
    path = tmp_path / "control.yaml"
    path.write_text(template.format(region="Osgiliath"), encoding="utf-8")
    assert main(["enumerate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{field}: Osgiliath holds a Fortification, not a Settlement" in err
    assert "WOTR-CAPT-2" in err and "Traceback" not in err


@pytest.mark.parametrize("template", [BATTLE, POSITION])
def test_settlement_control_is_accepted(tmp_path, capsys, template):
    path = tmp_path / "control.yaml"
    path.write_text(template.format(region="Pelargir"), encoding="utf-8")
    assert main(["enumerate", str(path)]) == 0, capsys.readouterr().err
