"""A company's site (sites.json): its kind, region and Under-deeps read from the site card of the
company's alignment, or stated; the cards that hang on them (Drughu, The Sun Shone Fiercely,
Glance of Arien, The Sun Unveiled, Farmer Maggot) checked against the raw records, and named as
not modelled while the site is unknown (MECCG-FX-10/11)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards.coverage import unmodelled
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.sites import site_named
from pycombat.verdicts import Claim

SITES = json.loads((Path(__file__).resolve().parents[2] / "pycombat/games/meccg/data/sites.json").read_text())["records"]
NAMES = sorted({r["name"] for r in SITES})


def _raw(name: str, alignment: str) -> dict:
    recs = [r for r in SITES if r["name"] == name]
    return next((r for r in recs if r["alignment"] == alignment), recs[0])


def _company(alignment, site, members, **more):
    return {"alignment": alignment, "site": site, "members": members, **more}


def _odds(site, *, hero_in_play=(), in_play=(), minion=("Lagduf",), hero_attacks=False, **site_fields):
    """The minion company attacks the hero one (Gimli faces the first minion), or with ``hero_attacks`` the other
    way round (Gimli strikes it)."""
    foe = _company("minion", site, list(minion), **site_fields)
    hero = _company("hero", site, ["Aragorn II", "Gimli"], in_play=list(hero_in_play), **site_fields)
    doc = {"game": "meccg", "in_play": list(in_play), "attacker": foe, "defender": hero,
           "combat": {"strikes": [{"defender": "Gimli", "attacker": minion[0]}]}}
    if hero_attacks:
        doc.update(attacker=hero, defender=foe, combat={"strikes": [{"defender": minion[0], "attacker": "Gimli"}]})
    s = scenario_from_dict(doc, file="<t>")
    return s, combat_odds(s).setups[0]


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(NAMES), st.sampled_from(["hero", "minion"]))
def test_a_site_card_gives_the_company_its_kind_region_and_under_deeps(name, alignment):
    s, _ = _odds(name)
    company = s.defender if alignment == "hero" else s.attacker
    raw = _raw(name, alignment)
    assert (company.site_kind, company.site_region, company.under_deeps) == (
        raw["site_type"], raw.get("region"), bool(raw.get("under_deeps")))


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(NAMES), st.booleans())
def test_drughu_and_the_sun_shone_fiercely_follow_the_site(name, doors):
    """Drughu: +2 to its company at a Ruins & Lairs (played this turn: its company attacks, MECCG-FX-7); The Sun
    Shone Fiercely: -2 (-1 with Doors of Night) to Orcs, Trolls, Dwarves and Ringwraiths away from the Under-deeps."""
    in_play = ["The Sun Shone Fiercely"] + (["Doors of Night"] if doors else [])
    _, plain = _odds(name, hero_attacks=True)
    s, st_ = _odds(name, hero_in_play=["Drughu"], in_play=in_play, hero_attacks=True)
    hero = _raw(name, "hero")
    sun = 0 if hero.get("under_deeps") else (-1 if doors else -2)
    drughu = 2 if hero["site_type"] == "ruins-and-lairs" else 0
    assert st_.attacker.prowess - plain.attacker.prowess == drughu + sun  # Gimli: a Dwarf
    minion_sun = 0 if _raw(name, "minion").get("under_deeps") else (-1 if doors else -2)
    assert st_.defender.prowess - plain.defender.prowess == minion_sun  # Lagduf: an Orc
    assert unmodelled(s) == []


def test_a_stated_site_wins_and_an_unknown_one_is_named():
    _, st_ = _odds("Moria", hero_in_play=["Drughu"], site_kind="ruins-and-lairs", hero_attacks=True)
    _, plain = _odds("Moria", site_kind="ruins-and-lairs", hero_attacks=True)
    assert st_.attacker.prowess == plain.attacker.prowess + 2
    s, st_ = _odds("A hidden glade", hero_in_play=["Drughu"], in_play=["The Sun Shone Fiercely"], hero_attacks=True)
    whats = {(u["card"], u["what"]) for u in unmodelled(s)}
    assert ("Drughu", "its condition on the site (site_kind)") in whats
    assert ("The Sun Shone Fiercely", "its condition on the site (under_deeps)") in whats
    # on the defending company Drughu ended with an earlier turn (MECCG-FX-7): whatever the site, it gives nothing
    s, st_ = _odds("A hidden glade", hero_in_play=["Drughu"], in_play=["The Sun Shone Fiercely"])
    assert "Drughu" not in {u["card"] for u in unmodelled(s)}
    with pytest.raises(ScenarioError, match="site_kind: 'ruins-and-lair' is not one of haven"):
        _odds("Moria", site_kind="ruins-and-lair")


def test_glance_of_arien_on_the_balrog_away_from_the_under_deeps():
    doc = {"game": "meccg", "in_play": ["Glance of Arien"],
           "attacker": _company("balrog", "Moria", ["BA-3"]),
           "defender": _company("hero", "Moria", ["Aragorn II"]),
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "The Balrog"}]}}
    base = {**doc, "in_play": []}
    a = combat_odds(scenario_from_dict(doc, file="<t>")).setups[0].attacker
    b = combat_odds(scenario_from_dict(base, file="<t>")).setups[0].attacker
    assert (a.prowess - b.prowess, a.body - b.body) == (-2, -1)
    doc["in_play"] = ["Glance of Arien", "Gates of Morning"]
    base["in_play"] = ["Gates of Morning"]
    a = combat_odds(scenario_from_dict(doc, file="<t>")).setups[0].attacker
    b = combat_odds(scenario_from_dict(base, file="<t>")).setups[0].attacker
    assert (a.prowess - b.prowess, a.body - b.body) == (-4, -2)
    doc["attacker"]["under_deeps"] = True
    a = combat_odds(scenario_from_dict(doc, file="<t>")).setups[0].attacker
    assert (a.prowess, a.body) == (b.prowess, b.body)


@pytest.mark.parametrize("site, expected", [("Bag End", True), ("The Worthy Hills", True), ("Moria", False),
                                            ("A hidden glade", None)])
def test_farmer_maggot_cancels_only_in_the_shire_arthedain_or_cardolan(site, expected):
    doc = {"game": "meccg", "attacker": _company("minion", site, ["Lagduf"]),
           "defender": _company("hero", site, ["Frodo", "Sam Gamgee"])}
    s = scenario_from_dict(doc, file="<t>")
    v = verify(s, [Claim(id="c", kind="cancels_attack", text="", args={"card": "Farmer Maggot"})])[0]
    assert v.verdict is expected, (v.rules, v.details, v.unmodelled)


def test_the_sun_unveiled_needs_a_free_hold():
    def verdict(site):
        doc = {"game": "meccg", "in_play": ["Gates of Morning"], "rules": {"the_sun_unveiled": "applies"},
               "attacker": _company("minion", site, ["Lagduf"]),
               "defender": _company("hero", site, [{"name": "Aragorn II", "status": "tapped"}])}
        s = scenario_from_dict(doc, file="<t>")
        c = Claim(id="c", kind="playable_at_step", text="", args={"card": "The Sun Unveiled", "step": 6,
                                                                  "defender": "Aragorn II", "attacker": "Lagduf"})
        return verify(s, [c])[0].verdict
    assert site_named("Bree", "hero").kind == "border-hold" and site_named("Edoras", "hero").kind == "free-hold"
    assert verdict("Edoras") is True
    assert verdict("Bree") is False
    assert verdict("A hidden glade") is None
