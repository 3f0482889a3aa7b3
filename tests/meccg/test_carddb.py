"""Tests for pycombat.games.meccg.cards.database against the shipped data (facts from meccg.md §11)."""
from __future__ import annotations

import doctest

import pytest

from pycombat.errors import ScenarioError, UnknownNameError
from pycombat.games.meccg.cards import database as carddb
from pycombat.games.meccg.cards.database import CardDB, CharacterCard, CombatCard, ItemCard, load_carddb


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_carddb()


def test_doctests() -> None:
    result = doctest.testmod(carddb)
    assert result.attempted > 0
    assert result.failed == 0


def test_load_is_cached_and_complete(db: CardDB) -> None:
    assert load_carddb() is db
    assert (len(db.characters), len(db.items), len(db.combat_cards)) == (231, 168, 213)
    assert all(isinstance(c, CharacterCard) for c in db.characters)


# ------------------------------------------------------------------ digest §11 facts


@pytest.mark.parametrize(
    ("name", "card_id", "prowess", "body", "mp"),
    [
        ("Gandalf", "TW-156", 6, 9, None),
        ("Gimli", "TW-159", 5, 8, 2),
        ("Aragorn II", "TW-120", 6, 9, 3),
        ("Frodo", "TW-152", 1, 9, 2),
        ("Éomer", "TW-146", 3, 8, 1),
        ("Shagrat", "LE-39", 6, 9, 2),
        ("Blackbole", "LE-152", 5, 9, 2),
        ("Horseman in the Night", "LE-16", 3, 7, 1),
        ("Lagduf", "LE-18", 5, 8, 1),
        ("Old Troll", "LE-29", 5, 9, 1),
        ("Lieutenant of Angmar", "LE-20", 8, 9, 3),
        ("The Balrog", "BA-3", 8, 11, None),
    ],
)
def test_character_stats(db: CardDB, name: str, card_id: str, prowess: int, body: int, mp) -> None:
    card = db.character(card_id)
    assert card.name == name
    assert (card.prowess, card.body, card.mp) == (prowess, body, mp)


def test_gimli(db: CardDB) -> None:
    gimli = db.character("Gimli")
    assert (gimli.id, gimli.prowess, gimli.body, gimli.mp) == ("TW-159", 5, 8, 2)
    assert gimli.race == "Dwarf" and "Warrior" in gimli.skills
    assert gimli.prowess_mods == ({"value": 2, "against": ["Orc"]},)
    assert "Longbeard" in gimli.keywords  # from the GCCG keywords


def test_discard_on_body_check(db: CardDB) -> None:
    assert db.character("Shagrat").discard_on_body_check == (9,)
    assert db.character("Lagduf").discard_on_body_check == (8,)
    assert db.character("Old Troll").discard_on_body_check == (8,)
    assert db.character("Gimli").discard_on_body_check == ()


def test_shagrat_keywords_are_a_deduplicated_union(db: CardDB) -> None:
    assert db.character("Shagrat").keywords == ("Leader", "Uruk-hai")


def test_elimination_clauses(db: CardDB) -> None:
    assert db.character("Aragorn II").mp_if_eliminated == -3
    assert db.character("Frodo").mp_if_eliminated == -2
    assert db.character("Gimli").mp_if_eliminated is None


def test_allies(db: CardDB) -> None:
    blackbole = db.character("Blackbole")
    assert blackbole.card_type == "ally" and blackbole.race is None
    assert blackbole.may_not_face_strikes_at_site
    assert not blackbole.may_not_be_attacked
    goldberry = db.character("Goldberry")
    assert goldberry.id == "TW-245"
    assert goldberry.may_not_be_attacked
    assert goldberry.prowess is None and goldberry.mp == 1


def test_odoacer_is_in_the_db(db: CardDB) -> None:
    odoacer = db.character("Odoacer")
    assert (odoacer.id, odoacer.race, odoacer.prowess, odoacer.body) == ("LE-28", "Man", 4, 6)


def test_items(db: CardDB) -> None:
    glamdring = db.item("Glamdring")
    assert isinstance(glamdring, ItemCard)
    assert (glamdring.id, glamdring.prowess_bonus, glamdring.prowess_max, glamdring.mp) == (
        "TW-244",
        3,
        8,
        2,
    )
    assert glamdring.conditional_bonuses == ({"against": ["Orc"], "prowess_max": 9},)
    assert "Weapon" in glamdring.item_keywords
    spear = db.item("Broad-headed Spear")
    assert (spear.id, spear.prowess_bonus, spear.prowess_max) == ("LE-304", 2, 8)
    assert spear.prowess_warrior_only
    blade = db.item("saw toothed blade")
    assert (blade.id, blade.prowess_bonus, blade.prowess_max, blade.mp) == ("LE-342", 1, 8, None)
    aiglos = db.item("DM-166")
    assert (aiglos.prowess_bonus, aiglos.prowess_max, aiglos.body_bonus) == (2, 11, 1)


def test_cards_are_hashable(db: CardDB) -> None:
    assert len({db.item("Glamdring"), db.item("Glamdring"), db.character("Gimli")}) == 2


# ------------------------------------------------------------------ lookup rules


def test_lookup_by_id_is_case_insensitive(db: CardDB) -> None:
    assert db.character("tw-156").name == "Gandalf"
    assert db.character("le-39").name == "Shagrat"


def test_accents_and_apostrophes(db: CardDB) -> None:
    assert db.character("eomer").id == "TW-146"
    assert db.character("EOMER").name == "Éomer"
    assert db.item("Thror's Map", prefer_alignment="hero").id == "TD-158"


def test_the_balrog_ambiguity(db: CardDB) -> None:
    with pytest.raises(ScenarioError) as info:
        db.character("The Balrog", file="s.yaml", path="attacker.members[0].name")
    err = info.value
    assert not isinstance(err, UnknownNameError)
    assert "ambiguous" in err.message
    assert "AS-71 (minion, AS)" in err.message and "BA-3 (balrog, BA)" in err.message
    assert "id" in err.message
    assert (err.file, err.path) == ("s.yaml", "attacker.members[0].name")
    assert db.character("The Balrog", prefer_alignment="balrog").id == "BA-3"
    assert db.character("The Balrog", prefer_alignment="minion").id == "AS-71"


def test_gandalf_by_alignment(db: CardDB) -> None:
    with pytest.raises(ScenarioError, match="TW-156 \\(hero, TW\\), WH-4 \\(fallen-wizard, WH\\)"):
        db.character("Gandalf")
    assert db.character("Gandalf", prefer_alignment="hero").id == "TW-156"
    assert db.character("Gandalf", prefer_alignment="fallen-wizard").id == "WH-4"


def test_balrog_player_falls_back_to_minion_cards(db: CardDB) -> None:
    # The One Ring: TW-347 (hero) and LE-326 (minion); no balrog version
    assert db.item("The One Ring", prefer_alignment="balrog").id == "LE-326"


def test_fallen_wizard_falls_back_to_hero_or_minion(db: CardDB) -> None:
    # both hero and minion versions remain: still ambiguous
    with pytest.raises(ScenarioError, match="ambiguous"):
        db.item("Scroll of Isildur", prefer_alignment="fallen-wizard")


def test_identical_reprints_are_not_ambiguous(db: CardDB) -> None:
    assert db.character("Boromir II").id == "TW-134"
    assert db.card("Doors of Night").id == "TW-28"
    assert db.card("Dark Quarrels").id == "TW-207"


def test_single_record_ignores_preference(db: CardDB) -> None:
    assert db.character("Gimli", prefer_alignment="minion").id == "TW-159"


def test_card_prefers_combat_cards(db: CardDB) -> None:
    quarrels = db.card("Orc Quarrels")
    assert isinstance(quarrels, CombatCard)
    assert (quarrels.id, quarrels.alignment, quarrels.type) == ("LE-216", "minion", "resource")
    glamdring = db.card("Glamdring")
    assert isinstance(glamdring, CombatCard) and glamdring.card_kind == "resource-item"
    strokes = db.card("Swift Strokes")
    assert strokes.required_skill == "Warrior" and "roll-twice-choose" in strokes.effect_tags
    assert db.card("Halfling Stealth").required_race == "Hobbit"


# ------------------------------------------------------------------ unknown names


def test_unknown_character_suggests(db: CardDB) -> None:
    with pytest.raises(UnknownNameError) as info:
        db.character("Odacer", file="s.yaml", path="attacker.members[2].name")
    err = info.value
    assert err.kind == "character" and err.name == "Odacer"
    assert err.suggestions[0] == "Odoacer"
    assert str(err).startswith("s.yaml: attacker.members[2].name: unknown character 'Odacer'")


def test_unknown_item_suggests(db: CardDB) -> None:
    with pytest.raises(UnknownNameError) as info:
        db.item("Broad Spear")
    assert info.value.kind == "item"
    assert "Broad-headed Spear" in info.value.suggestions


def test_unknown_card_suggests(db: CardDB) -> None:
    with pytest.raises(UnknownNameError) as info:
        db.card("Orc Quarels")
    assert info.value.kind == "card"
    assert info.value.suggestions[0] == "Orc Quarrels"


def test_balrog_suggests_the_balrog(db: CardDB) -> None:
    with pytest.raises(UnknownNameError) as info:
        db.character("Balrog")
    assert info.value.suggestions[0] == "The Balrog"


def test_item_lookup_does_not_find_characters(db: CardDB) -> None:
    with pytest.raises(UnknownNameError):
        db.item("Gimli")
