"""WOTR-POL-1 (RB p.34): only a Free Peoples Nation is ever passive; a Shadow Nation's counter starts
active side up and nothing turns it back. A file giving a Shadow Nation `active: false` (or `passive`)
is refused, exit 2, naming the field, as a Nation At War given `active: false` is."""
from __future__ import annotations

import pytest

from pycombat.cli import main


@pytest.mark.parametrize("politics,field", [
    ("{Sauron: {steps: 1, active: false}, Gondor: at_war}", "politics.Sauron.active"),
    ("{Isengard: passive, Gondor: at_war}", "politics.Isengard"),
])
def test_a_passive_shadow_nation_is_refused(tmp_path, capsys, politics, field):
    path = tmp_path / "passive_shadow.yaml"
    path.write_text(f"""game: wotr
title: passive Shadow Nation
politics: {politics}
attacker:
  region: Osgiliath
  units: {{Gondor: {{regulars: 3}}}}
defender:
  region: North Ithilien
  units: {{Sauron: {{regulars: 2}}}}
""", encoding="utf-8")
    code = main(["odds", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"{field}: a Shadow Nation is always active" in err
    assert "Traceback" not in err


def test_a_shadow_nation_steps_from_war_stays_active(tmp_path, capsys):
    """`Sauron: {steps: 1}` is accepted: a Shadow Nation one step from war, active."""
    path = tmp_path / "sauron_one_step.yaml"
    path.write_text("""game: wotr
title: Sauron one step
politics: {Sauron: {steps: 1}, Gondor: at_war}
attacker:
  region: Osgiliath
  units: {Gondor: {regulars: 3}}
defender:
  region: North Ithilien
  units: {Sauron: {regulars: 2}}
claims:
  - {id: w, claim: "after the attack, Sauron is At War", expect: true}
""", encoding="utf-8")
    assert main(["verify", str(path)]) == 0
