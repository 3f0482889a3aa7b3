"""A member's inline ``race`` and ``skills`` (README, scenario files): a misspelled race or skill would be read as
one of the file's own, and every race or skill test (race-based cancels MECCG-PRE-3, "+N against R", overtness
MECCG-ALIGN-6, "Warrior only" cards) would quietly miss it. So a skill is one of the five, a race a letter or two
from a database race is refused as a misspelling naming the field, "Half-orc" (the data's race Orc with the
keyword Half-orc) is refused with the way to write it, and case and accents are folded to the database's
spelling."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict


def _doc(defender_member: dict, attacker_alignment: str = "minion") -> dict:
    return {"game": "meccg",
            "attacker": {"alignment": attacker_alignment, "site": "Moria", "members": ["Horseman in the Night"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": [defender_member]}}


@pytest.mark.parametrize("race, hint", [("Hobbitt", "did you mean 'Hobbit'"), ("Dunadann", "did you mean 'Dúnadan'"),
                                        ("Half-orc", "`race: Orc` with `keywords: [Half-orc]`"),
                                        ("Elves", "did you mean 'Elf'"), ("Dwarves", "did you mean 'Dwarf'"),
                                        ("Men", "did you mean 'Man'"), ("Dúnedain", "did you mean 'Dúnadan'"),
                                        ("Hobbits", "did you mean 'Hobbit'")])
def test_a_misspelled_race_is_refused_naming_the_field(race, hint):
    with pytest.raises(ScenarioError) as e:
        scenario_from_dict(_doc({"name": "Frodo", "race": race}), file="<t>")
    assert e.value.path == "defender.members[0].race"
    assert hint in str(e.value)


def test_a_race_is_read_in_the_databases_spelling_and_one_of_the_files_own_is_kept():
    s = scenario_from_dict(_doc({"name": "Frodo", "race": "dunadan"}), file="<t>")
    assert s.member("Frodo").race == "Dúnadan"
    s = scenario_from_dict(_doc({"name": "Frodo", "race": "Ent"}), file="<t>")
    assert s.member("Frodo").race == "Ent"


def test_a_skill_is_one_of_the_five():
    with pytest.raises(ScenarioError) as e:
        scenario_from_dict(_doc({"name": "Frodo", "skills": ["Warior"]}), file="<t>")
    assert e.value.path == "defender.members[0].skills[0]"
    assert "did you mean 'Warrior'" in str(e.value)
    s = scenario_from_dict(_doc({"name": "Frodo", "skills": ["warrior"]}), file="<t>")
    assert s.member("Frodo").skills == ("Warrior",)
