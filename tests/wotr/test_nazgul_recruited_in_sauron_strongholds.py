"""WOTR-DICE-4 (RB p.26, "Recruiting new units and Leaders"): "Nazgûl are always recruited in the
Strongholds of the Sauron Nation": a Sauron Town or City is no place for one, whatever the die; the
sentence may leave out the Nation of a Nazgûl (always Sauron's) but not of a unit."""
from __future__ import annotations

import pytest

from pycombat.cli import main

SCENARIO = """game: wotr
title: "Muster die: Nazgûl"
politics: {Sauron: at_war}
position: setup
action: {side: shadow, die: muster}
claims:
  - {id: town, kind: place, by: muster_die, nation: Sauron, figure: nazgul, count: 1, region: Nurn}
  - {id: city, claim: "a Muster die may recruit 1 Sauron Nazgûl in Angmar"}
  - {id: stronghold, claim: "a Muster die may recruit 1 Nazgûl in Barad-dur"}
  - {id: regular-town, claim: "a Muster die may recruit 1 Sauron Regular in Nurn"}
"""


def _verdicts(out: str) -> dict[str, str]:
    return {line.rsplit("(", 1)[1].rstrip(")"): line.split()[0] for line in out.splitlines()
            if line.startswith(("TRUE", "FALSE"))}


def test_a_nazgul_is_recruited_only_in_a_sauron_stronghold(tmp_path, capsys):
    path = tmp_path / "nazgul.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert _verdicts(out) == {"town": "FALSE", "city": "FALSE", "stronghold": "TRUE", "regular-town": "TRUE"}
    assert "WOTR-DICE-4: nazgul outside a sauron stronghold: Nurn" in out
    assert "WOTR-DICE-4: nazgul outside a sauron stronghold: Angmar" in out


@pytest.mark.parametrize("figure", ["Regular", "Elite", "Leader"])
def test_a_unit_sentence_without_its_nation_is_refused_naming_the_field(tmp_path, capsys, figure):
    path = tmp_path / "unit.yaml"
    path.write_text(SCENARIO.split("claims:")[0] + "claims:\n"
                    f"  - {{id: x, claim: \"a Muster die may recruit 1 {figure} in Nurn\"}}\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "claims[0].claim: names no Nation" in err and "Traceback" not in err
