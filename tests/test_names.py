"""Tests for pycombat.names: normalisation, suggestions and the name index."""
from __future__ import annotations

import doctest

import pytest

from pycombat import names
from pycombat.names import NameIndex, closest, normalize, normalize_id


def test_doctests() -> None:
    result = doctest.testmod(names)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Éomer", "eomer"),
        ("Fána", "fana"),
        ("PALANTÍR of Orthanc", "palantir of orthanc"),
        ("Thrór’s Map", "thror's map"),
        ("Thrór‘s Map", "thror's map"),
        ("Thrór´s Map", "thror's map"),
        ("Thrór`s Map", "thror's map"),
        ("  Old   Troll\t", "old troll"),
        ("Saw-toothed Blade", "saw toothed blade"),
        ("weapon_max_order", "weapon max order"),
        ("“Two-headed” Troll", '"two headed" troll'),
        ("Straße", "strasse"),  # casefold, not lower
    ],
)
def test_normalize(raw: str, expected: str) -> None:
    assert normalize(raw) == expected


def test_normalize_is_idempotent() -> None:
    for raw in ("Éomer", "Dwarven Ring of Bávor’s Tribe", "Broad-headed Spear"):
        assert normalize(normalize(raw)) == normalize(raw)


def test_normalize_id() -> None:
    assert normalize_id("tw-156") == "TW-156"
    assert normalize_id(" Le_39 ") == "LE-39"
    assert normalize_id("ba 3") == "BA-3"


def test_closest_typo() -> None:
    assert closest("Odacer", ["Odoacer", "Gandalf", "Shagrat"]) == ["Odoacer"]


def test_closest_missing_word() -> None:
    assert closest("Broad Spear", ["Broad-headed Spear", "Saw-toothed Blade"]) == [
        "Broad-headed Spear"
    ]


def test_closest_word_containment_ranks_first() -> None:
    got = closest("Balrog", ["Bolg", "The Balrog", "Balrog of Moria", "The Balrog"])
    assert got[0] == "The Balrog"
    assert "Balrog of Moria" in got
    assert len(got) == len(set(got))


def test_closest_containment_needs_whole_words() -> None:
    assert closest("rog", ["The Balrog"]) == []


def test_closest_limits_and_orders() -> None:
    cands = ["Gimli", "Gimlin", "Gimly", "Glim", "Frodo"]
    got = closest("Gimli", cands, n=2)
    assert got == ["Gimli", "Gimlin"] or got == ["Gimli", "Gimly"]
    assert closest("Gimli", cands, n=0) == []
    assert closest("", cands) == []


def test_closest_ignores_accents() -> None:
    assert closest("Eowyn", ["Éowyn", "Éomer"])[0] == "Éowyn"


@pytest.fixture
def index() -> NameIndex[str]:
    return NameIndex(
        [
            ("Gandalf", "TW-156", "gandalf-hero"),
            ("Gandalf", "WH-4", "gandalf-fw"),
            ("The Balrog", "AS-71", "balrog-ally"),
            ("The Balrog", "BA-3", "balrog-avatar"),
            ("Éomer", "TW-146", "eomer"),
            ("Thrór’s Map", "TD-158", "map"),
        ]
    )


def test_index_lookup_by_name_returns_all_duplicates(index: NameIndex[str]) -> None:
    assert index.lookup("Gandalf") == ["gandalf-hero", "gandalf-fw"]
    assert index.lookup("the balrog") == ["balrog-ally", "balrog-avatar"]


def test_index_lookup_by_id_case_insensitive(index: NameIndex[str]) -> None:
    assert index.lookup("tw-156") == ["gandalf-hero"]
    assert index.lookup("ba-3") == ["balrog-avatar"]


def test_index_lookup_forgiving_spelling(index: NameIndex[str]) -> None:
    assert index.lookup("eomer") == ["eomer"]
    assert index.lookup("Thror's map") == ["map"]


def test_index_unknown(index: NameIndex[str]) -> None:
    assert index.lookup("Balrog") == []
    assert index.suggest("Balrog") == ["The Balrog"]
    assert index.suggest("Gandolf") == ["Gandalf"]


def test_index_names_and_len(index: NameIndex[str]) -> None:
    assert len(index) == 6
    assert index.names == ["Gandalf", "The Balrog", "Éomer", "Thrór’s Map"]
