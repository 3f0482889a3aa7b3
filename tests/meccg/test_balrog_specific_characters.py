"""Characters printed "Balrog specific" (Azog BA-2, Bolg BA-4 ...; data/character_terms.yaml) are held only by a
Balrog player's company (MECCG-FX-20): another player's scenario is refused as it is read, naming the member."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict


def _doc(alignment: str, members: list) -> dict:
    return {"game": "meccg",
            "attacker": {"alignment": alignment, "site": "Moria", "members": members},
            "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Gimli"]}}


@pytest.mark.parametrize("name", ["Azog", "Bolg", "Umagaur", "Hill-troll"])
def test_a_ringwraith_players_company_refuses_a_balrog_specific_character(name):
    with pytest.raises(ScenarioError) as exc:
        scenario_from_dict(_doc("minion", ["Shagrat", name]), file="azog.yaml")
    assert exc.value.path == "attacker.members[1].name" and name in exc.value.message
    assert "Balrog specific" in exc.value.message and "MECCG-FX-20" in exc.value.message


def test_a_balrog_players_company_holds_them():
    s = scenario_from_dict(_doc("balrog", ["The Balrog", "Azog", "Bolg"]), file="<t>")
    assert [m.name for m in s.attacker.members] == ["The Balrog", "Azog", "Bolg"]


def test_the_command_line_exits_2_naming_the_member(tmp_path, capsys):
    from pycombat.cli import main

    import yaml
    p = tmp_path / "azog_rw.yaml"
    p.write_text(yaml.safe_dump({**_doc("minion", ["Azog", "Bolg"]), "claims": [{"claim": "the attack is legal"}]}))
    assert main(["verify", str(p)]) == 2
    err = capsys.readouterr().err
    assert "attacker.members[0].name" in err and "Azog is Balrog specific" in err and "Traceback" not in err
