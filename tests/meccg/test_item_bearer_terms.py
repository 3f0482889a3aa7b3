"""Items as printed (MECCG-FX-3, MECCG-FX-35): an item gives only the bonuses it prints (a Gold Ring none);
"Warrior only:" heads every part of its text (the modifier to the opposing strike's body too); an item whose
text limits its bearer ("Only a Wizard may bear this item", "a prowess of 6 or more", "The Balrog only") or
that "cannot be duplicated on a given character" is refused, as it is read, on a member it does not allow."""
from __future__ import annotations

import dataclasses
import json
from importlib.resources import files

import pytest

import pycombat
from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import interpreter
from pycombat.games.meccg.cards.database import item_terms, load_carddb
from pycombat.games.meccg.cards.play import may_break_possession, possession, possession_by_rules
from pycombat.games.meccg.schema import scenario_from_dict

GOLD_RINGS = ("TW-196", "TW-231", "LE-297", "LE-303", "LE-311", "LE-312", "LE-315")


def _shared_items() -> list[dict]:
    """items.json as shipped (the shared data's copy, uncorrected)."""
    return json.loads(files("pycombat.games.meccg.data").joinpath("items.json").read_text(encoding="utf-8"))["records"]


def _doc(defenders, attackers=("Lagduf",), *, attacker="minion", defender="hero", claims=()):
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": attacker, "site": "Moria", "members": list(attackers)},
            "defender": {"player": "Bob", "alignment": defender, "site": "Moria", "members": list(defenders)},
            "combat": {"strikes": [{"defender": (d if isinstance(d, str) else d["name"]),
                                    "attacker": (a if isinstance(a, str) else a["name"])}
                                   for d, a in zip(defenders, attackers)]},
            "claims": [{"claim": c} for c in claims]}


def _verdicts(doc) -> list[bool | None]:
    report = pycombat.load(doc).run("verify").to_json()
    return [c["verdict"] if c["decided"] else None for c in report["claims"]]


# ---- an item gives only the bonuses it prints -----------------------------------------------------
def test_no_item_has_a_prowess_bonus_without_a_printed_stat_box_or_the_datas_evidence():
    """Every item with a prowess bonus prints it in a stat box, or comes from a set whose records carry no stat
    boxes at all (the CoE DB gives none for it) and is hand-transcribed (`curated`); a Gold Ring, which no set
    prints a stat box on, never has one."""
    db = load_carddb()
    shared = {r["id"]: r for r in _shared_items()}
    boxed_sets = {r["set"] for r in shared.values() if r.get("stat_box_prowess") or r.get("stat_box_body")}
    assert not any(shared[i].get("stat_box_prowess") for i in shared if shared[i]["item_class"] == "gold-ring")
    for item in db.items:
        rec = shared[item.id]
        if item.prowess_bonus is None and not any("prowess_bonus" in c for c in item.conditional_bonuses):
            continue
        assert item.item_class != "gold-ring", item.id
        if rec["set"] in boxed_sets:
            assert rec["stat_box_prowess"] not in (None, "-"), item.id
        else:
            assert rec["curated"], item.id


@pytest.mark.parametrize("ring", GOLD_RINGS)
def test_a_gold_ring_gives_its_bearer_no_prowess(ring):
    assert _shared_items() and load_carddb().item(ring).prowess_bonus is None
    model = interpreter.model(ring)
    assert not model.variants and not model.fx
    gimli = {"name": "Gimli", "items": [ring]}
    doc = _doc([gimli], defender="hero" if ring.startswith("TW") else "minion",
               attacker="minion" if ring.startswith("TW") else "hero",
               attackers=["Lagduf" if ring.startswith("TW") else "Aragorn II"])
    if ring.startswith("LE"):  # a minion Dwarf bears the minion ring
        doc["defender"]["members"] = [{"name": "Gulla", "items": [ring]}]
        doc["combat"]["strikes"] = [{"defender": "Gulla", "attacker": "Aragorn II"}]
        doc["claims"] = [{"claim": "the final prowess of Gulla in strike 1 is 5"}]
    else:
        doc["claims"] = [{"claim": "the final prowess of Gimli in strike 1 is 7"}]  # 5, +2 against an Orc
    assert _verdicts(doc) == [True]


def test_the_corrections_name_the_shared_record_they_correct():
    """Each correction names its items.json record by id and name, gives its source, and changes a value the
    shared copy holds (the shipped items.json is not edited)."""
    shared = {r["id"]: r for r in _shared_items()}
    corrections = item_terms()["corrections"]
    assert set(GOLD_RINGS) <= set(corrections)
    for card_id, entry in corrections.items():
        assert entry["name"] == shared[card_id]["name"] and "printed text" in entry["source"]
        assert any(shared[card_id][k] != v for k, v in entry["set"].items()), card_id


# ---- "Warrior only:" heads every part ---------------------------------------------------------------
def test_every_part_of_a_warrior_only_item_needs_a_warrior():
    for item in load_carddb().items:
        if not item.prowess_warrior_only:
            continue
        model = interpreter.model(item.id)
        for f in model.fx:
            if f.carried:
                assert f.cond.get("skill") == "Warrior", (item.id, f)


@pytest.mark.parametrize("bearer, attacker, weapon, claim, verdict", [
    ("Frodo", "Lagduf", "Aiglos", "a body-check roll of 7 eliminates Lagduf", False),  # body 8: no -2
    ("Aragorn II", "Lagduf", "Aiglos", "a body-check roll of 7 eliminates Lagduf", True),  # a warrior: 8 - 2
])
def test_aiglos_modifies_the_opposing_body_only_for_a_warrior(bearer, attacker, weapon, claim, verdict):
    assert _verdicts(_doc([{"name": bearer, "items": [weapon]}], [attacker], claims=[claim])) == [verdict]


@pytest.mark.parametrize("bearer, weapon, claim, verdict", [
    ("Ciryaher", "Ancient Black Axe", "a body-check roll of 9 eliminates Aragorn II", False),  # body 9: no -1
    ("Lagduf", "Ancient Black Axe", "a body-check roll of 9 eliminates Aragorn II", True),  # a warrior: 9 - 1
])
def test_the_ancient_black_axe_modifies_the_opposing_body_only_for_a_warrior(bearer, weapon, claim, verdict):
    doc = _doc([{"name": bearer, "items": [weapon]}], ["Aragorn II"], attacker="hero", defender="minion",
               claims=[claim])
    assert _verdicts(doc) == [verdict]


@pytest.mark.parametrize("bearer, verdict", [("Ostisen", False), ("Lagduf", True)])
def test_the_mechanical_bow_modifies_the_strike_it_taps_to_face_only_for_a_warrior(bearer, verdict):
    doc = _doc([{"name": bearer, "items": ["Mechanical Bow"]}], ["Legolas"], attacker="hero", defender="minion",
               claims=["a body-check roll of 8 eliminates Legolas"])  # Legolas body 8: 7 with the bow's -1
    assert _verdicts(doc) == [verdict]


# ---- who may bear an item ----------------------------------------------------------------------------
@pytest.mark.parametrize("item, bearer, alignment, words", [
    ("Wizard’s Staff", "Frodo", "hero", "race=Wizard/Fallen-wizard (Frodo is a Hobbit)"),
    ("Wizard’s Ring", "Aragorn II", "hero", "race=Wizard/Fallen-wizard (Aragorn II is a Dúnadan)"),
    ("Thong of Fire", "Lagduf", "minion", "min_prowess=6 (Lagduf has prowess 5)"),
    ("Usriev of Treachery", "Orc Brawler", "minion", "min_prowess=5 (Orc Brawler has prowess 3)"),
    ("Whip", "Eradan", "minion", "race=Orc/Troll (Eradan is a Dúnadan)"),
])
def test_an_item_on_a_member_it_does_not_allow_is_refused_naming_both(item, bearer, alignment, words):
    other = "minion" if alignment == "hero" else "hero"
    doc = _doc([{"name": bearer, "items": [item]}], ["Lagduf" if other == "minion" else "Aragorn II"],
               attacker=other, defender=alignment)
    with pytest.raises(ScenarioError, match=r"MECCG-FX-35") as err:
        scenario_from_dict(doc, file="<t>")
    assert err.value.path == "defender.members[0].items"
    assert item in str(err.value) and bearer in str(err.value) and words in str(err.value)


@pytest.mark.parametrize("item, bearer, alignment, claim", [
    ("Wizard’s Staff", "Gandalf", "hero", "the final prowess of Gandalf in strike 1 is 8"),
    ("Thong of Fire", "Shagrat", "minion", "the final prowess of Shagrat in strike 1 is 7"),
    ("Usriev of Treachery", "Lagduf", "minion", "the final prowess of Lagduf in strike 1 is 6"),
])
def test_an_item_on_a_member_it_allows_gives_its_bonus(item, bearer, alignment, claim):
    other = "minion" if alignment == "hero" else "hero"
    doc = _doc([{"name": bearer, "items": [item]}], ["Lagduf" if other == "minion" else "Aragorn II"],
               attacker=other, defender=alignment, claims=[claim])
    assert _verdicts(doc) == [True]


def test_a_scenario_with_an_item_its_bearer_may_not_bear_exits_2(tmp_path, capsys):
    path = tmp_path / "staff.yaml"
    path.write_text(json.dumps(_doc([{"name": "Frodo", "items": ["Wizard’s Staff"]}])), encoding="utf-8")
    for verb in ("odds", "verify", "enumerate"):
        assert main([verb, str(path)]) == 2
        err = capsys.readouterr().err
        assert "defender.members[0].items" in err and "Wizard’s Staff" in err and "Traceback" not in err


@pytest.mark.parametrize("item", sorted(item_terms()["no_duplicate"]))
def test_an_item_that_cannot_be_duplicated_is_on_a_character_once(item):
    card = load_carddb().item(item)
    bearer = {"hero": "Gandalf", "minion": "Lagduf"}[card.alignment]
    other = "minion" if card.alignment == "hero" else "hero"
    foe = "Lagduf" if other == "minion" else "Aragorn II"
    once = _doc([{"name": bearer, "items": [card.id]}], [foe], attacker=other, defender=card.alignment)
    assert scenario_from_dict(once).defender.members[0].items == (card,)
    twice = _doc([{"name": bearer, "items": [card.id, card.id]}], [foe], attacker=other, defender=card.alignment)
    with pytest.raises(ScenarioError, match=r"cannot be duplicated on a given character: .* carries 2 copies "
                                            r"\(MECCG-FX-35\)") as err:
        scenario_from_dict(twice, file="<t>")
    assert err.value.path == "defender.members[0].items" and card.name in str(err.value)


def test_two_members_may_each_bear_one_copy():
    doc = _doc([{"name": "Aragorn II", "items": ["Magic Ring of Courage"]},
                {"name": "Legolas", "items": ["Magic Ring of Courage"]}], ["Lagduf", "Shagrat"],
               claims=["the final prowess of Aragorn II in strike 1 is 8"])
    assert _verdicts(doc) == [True]


def test_the_table_and_the_rules_agree_on_bearer_terms():
    """may_break_possession (the table read before the ASP program) says yes exactly when play_terms.lp refuses."""
    base = scenario_from_dict(_doc(["Gandalf", "Frodo"], ["Lagduf", "Shagrat"]))
    db = load_carddb()
    for items in ([], ["TD-170"], ["TW-363"], ["TW-227"], ["TW-227", "TW-227"], ["TW-224", "TW-225"]):
        for k in (0, 1):
            members = list(base.defender.members)
            members[k] = dataclasses.replace(members[k], items=tuple(db.item(i) for i in items))
            s = dataclasses.replace(base, defender=dataclasses.replace(base.defender, members=tuple(members)))
            refused = possession_by_rules(s)
            assert may_break_possession(s) == bool(refused) and possession(s) == refused
            assert {r.rule for _, _, r in refused} <= {"MECCG-FX-35"}


# ---- `card` shows them -------------------------------------------------------------------------------
@pytest.mark.parametrize("name, bearer, once", [
    ("Thong of Fire", "a character with a prowess of 6 or more only", False),
    ("Wizard’s Staff", "a character of race Wizard/Fallen-wizard only", False),
    ("Wizard’s Ring", "a character of race Wizard/Fallen-wizard only", True),
    ("Magic Ring of Courage", None, True),
])
def test_card_shows_who_may_bear_the_item(capsys, name, bearer, once):
    assert main(["card", name, "--json"]) == 0
    card = json.loads(capsys.readouterr().out)["cards"][0]
    if bearer:
        assert card["stats"]["bearer"].startswith(bearer)
    else:
        assert "bearer" not in card["stats"]
    assert ("one_per_character" in card["stats"]) == once
    assert "MECCG-FX-35" in {r["rule"] for r in card["rules"]}


@pytest.mark.parametrize("name", ["Aiglos", "Ancient Black Axe", "Mechanical Bow", "Thong of Fire"])
def test_card_shows_the_warrior_condition_on_every_part(capsys, name):
    assert main(["card", name, "--json"]) == 0
    card = json.loads(capsys.readouterr().out)["cards"][0]
    parts = card["effects"] + card["bonuses"]
    assert parts and all((p.get("if") or {}).get("skill") == "Warrior" for p in parts
                         if not (p.get("stat") == "body" and name == "Mechanical Bow"))
