"""`pycombat card NAME` without `--game` looks in every game's data; an unknown name gets the closest
names over all games, each game's own suggestions kept (spelling and shared words: "Frodo Baggins"
suggests Frodo, as README says) and ranked by the words they share with the name, then spelling."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.cli import main
from pycombat.errors import ScenarioError


def test_a_name_sharing_a_word_is_suggested_first(capsys):
    assert main(["card", "Frodo Baggins"]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'Frodo' (meccg)" in err and "(give --game to look in one game)" in err


@pytest.mark.parametrize("typo,want", [("Glamdrin", "Glamdring"), ("Wind Wal", "Wind Wall"),
                                       ("Mumakill", "Mûmakil")])
def test_a_misspelling_is_suggested(typo, want):
    with pytest.raises(ScenarioError) as got:
        pycombat.card(typo)
    assert f"'{want}'" in str(got.value)


def test_a_known_name_is_found_in_its_game(capsys):
    assert main(["card", "Glamdring"]) == 0
    assert "Glamdring" in capsys.readouterr().out
