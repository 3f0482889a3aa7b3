"""A company's site that is no site card but within two letters of one ("The Wind Thorne") is refused with the
site card it misspells (exit 2, naming file and field): read as a site of the file's own it would change the
site's kind and region and, at one company only, make the attack illegal (MECCG-INIT-2). A name far from every
site card is a site of the file's own, as before."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.sites import misspelled_site


def _doc(attacker_site, defender_site):
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": attacker_site, "members": ["Shagrat"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": defender_site, "members": ["Aragorn II"]}}


@pytest.mark.parametrize("name, meant", [("The Wind Thorne", "The Wind Throne"), ("Rivendel", "Rivendell"), ("Moira", "Moria"), ("Tharbd", "Tharbad"),
                                         ("The Wind Throne", None), ("Nowhere in particular", None), ("X", None)])
def test_misspelled_site(name, meant):
    assert misspelled_site(name) == meant


def test_a_misspelled_site_is_refused_naming_the_card(tmp_path, capsys):
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(_doc("The Wind Throne", "The Wind Thorne"), allow_unicode=True), encoding="utf-8")
    assert main(["verify", str(p)]) == 2
    err = capsys.readouterr().err
    assert "defender.site" in err and "'The Wind Thorne' is not a site card; did you mean 'The Wind Throne'?" in err
    assert "Traceback" not in err


def test_a_site_of_the_files_own_is_still_read():
    s = scenario_from_dict(_doc("Nowhere in particular", "Nowhere in particular"), file="<t>")
    assert s.defender.site_kind is None
    with pytest.raises(ScenarioError, match="did you mean .Rivendell."):
        scenario_from_dict(_doc("Rivendel", "Rivendel"), file="<t>")


def test_a_region_name_is_a_site_of_the_files_own():
    """Belfalas is a region of the data, two letters from the site card Tolfalas: no misspelling."""
    assert misspelled_site("Belfalas") is None
    assert scenario_from_dict(_doc("Belfalas", "Belfalas"), file="<t>").defender.site == "Belfalas"


def test_a_site_declared_with_its_kind_is_not_read_as_a_misspelling():
    doc = _doc("Rivendel", "Rivendel")
    for role in ("attacker", "defender"):
        doc[role]["site_kind"] = "haven"
    s = scenario_from_dict(doc, file="<t>")
    assert s.defender.site == "Rivendel" and s.defender.site_kind == "haven"
