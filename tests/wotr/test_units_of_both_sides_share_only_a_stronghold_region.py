"""WOTR-MOVE-4, WOTR-SITE-4: units of both sides share a region only in a siege, and only a region with a
Stronghold holds one. A position giving both sides' units in a region without a Stronghold is refused saying
so (never advising `besieged:`, which such a region refuses); in a Stronghold region the refusal asks which
side is inside."""
from __future__ import annotations

import pytest

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.wotr.schema import scenario_from_dict


def _refusal(region: str) -> str:
    data = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "position": {"regions": {region: {"units": {"Gondor": {"regulars": 2}, "Sauron": {"regulars": 2}}}}},
            "action": {"side": "shadow", "die": "army"}}
    with pytest.raises(ScenarioError) as exc:
        scenario_from_dict(data, file="both.yaml")
    return str(exc.value)


@pytest.mark.parametrize("region, has", [("Pelargir", "a City"), ("Osgiliath", "a Fortification"),
                                         ("Edoras", "a City"), ("Dagorlad", "no Settlement")])
def test_both_sides_in_a_region_without_a_stronghold_is_refused_without_advising_a_siege(region, has):
    msg = _refusal(region)
    assert msg.startswith(f"both.yaml: position.regions.{region}.units: units of both sides in {region}: ")
    assert f"{region} has no Stronghold (it has {has})" in msg
    assert "only a region with a Stronghold holds one" in msg
    assert "besieged:" not in msg


def test_both_sides_in_a_stronghold_region_asks_which_side_is_besieged():
    msg = _refusal("Dol Amroth")
    assert "say which side is inside the Stronghold with `besieged: free_peoples|shadow`" in msg


def test_the_besieged_refusal_names_the_settlement_in_words(tmp_path, capsys):
    path = tmp_path / "pelargir.yaml"
    path.write_text("""game: wotr
politics: {Sauron: at_war, Gondor: at_war}
position:
  regions:
    Pelargir: {units: {Gondor: {regulars: 2}, Sauron: {regulars: 2}}, besieged: free_peoples}
action: {side: shadow, die: army}
""", encoding="utf-8")
    assert main(["enumerate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Pelargir has no Stronghold (it has a City): only an Army in a Stronghold is besieged" in err
