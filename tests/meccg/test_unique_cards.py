"""Unique cards (MECCG-FX-33): a character, ally or item the data marks ``unique`` is in play once at most, in either
company, a card and its manifestations (``manifestation_of``) counted as one; a scenario that holds one twice is
refused as it is read, naming the second entry and the first. The brute force reads the shipped records itself."""
from __future__ import annotations

import json
import re
from importlib.resources import files

import pytest
from hypothesis import event, given, settings, strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict


def _records(name):
    data = json.loads(files("pycombat.games.meccg.data").joinpath(name).read_text(encoding="utf-8"))
    return data["records"] if isinstance(data, dict) else data


CHARS = {c["name"]: c for c in _records("characters.json") if c["alignment"] == "minion"
         and c["card_type"] == "character"}
ITEMS = {i["name"]: i for i in _records("items.json") if i["alignment"] == "minion" and i["item_class"] == "minor"}
#: a few unique and a few non-unique minion characters and minor items
NAMES = sorted([n for n, c in CHARS.items() if c["unique"]][:4] + [n for n, c in CHARS.items() if not c["unique"]][:2])
MINOR = sorted([n for n, i in ITEMS.items() if i["unique"]][:2] + [n for n, i in ITEMS.items() if not i["unique"]][:2])


def _doc(attackers, defenders):
    def company(alignment, members):
        return {"alignment": alignment, "site": "Moria", "members": members}

    return {"game": "meccg", "attacker": company("minion", attackers), "defender": company("hero", defenders)}


def test_the_samples_hold_unique_and_other_cards():
    assert {CHARS[n]["unique"] for n in NAMES} == {True, False}
    assert {ITEMS[n]["unique"] for n in MINOR} == {True, False}


@settings(max_examples=examples(60), deadline=None)
@given(members=st.lists(st.tuples(st.sampled_from(NAMES), st.lists(st.sampled_from(MINOR), max_size=2, unique=True)),
                        min_size=1, max_size=4))
def test_a_company_is_refused_exactly_when_it_holds_a_unique_card_twice(members):
    entries = [{"name": n, "items": items} for n, items in members]
    cards = [n for n, _ in members if CHARS[n]["unique"]] + [i for _, items in members for i in items
                                                            if ITEMS[i]["unique"]]
    twice = len(cards) != len(set(cards))
    event("a unique card twice" if twice else "none twice")
    doc = _doc(entries, ["Aragorn II"])
    if twice:
        with pytest.raises(ScenarioError, match=r"is unique and is in play already \(attacker\.members\[\d\]"
                                                r"\.(name|items\[\d\])\).*\(MECCG-FX-33\)") as err:
            scenario_from_dict(doc, file="<t>")
        assert err.value.path.startswith("attacker.members[")
    else:
        s = scenario_from_dict(doc, file="<t>")
        assert len(s.attacker.members) == len(members)  # a non-unique card twice: numbered copies


def test_a_unique_character_in_both_companies_is_refused_and_no_label_is_asked_for():
    doc = _doc(["Lagduf"], ["Aragorn II"])
    doc["attacker"] = {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]}
    with pytest.raises(ScenarioError, match="Aragorn II is unique") as err:
        scenario_from_dict(doc, file="<t>")
    assert "label" not in str(err.value)


def test_a_unique_character_in_both_companies_is_refused_even_labelled():
    doc = _doc([{"name": "Odoacer"}], [{"name": "Aragorn II"}])
    doc["attacker"]["alignment"] = "hero"
    doc["attacker"]["members"] = [{"name": "Aragorn II", "label": "Strider"}]
    with pytest.raises(ScenarioError, match=r"defender\.members\[0\]\.name: Aragorn II is unique and is in play "
                                            r"already \(attacker\.members\[0\]\.name\)"):
        scenario_from_dict(doc, file="<t>")


def test_a_card_and_its_manifestation_count_as_one():
    # the hero Gandalf and the Fallen-wizard Gandalf are two cards of one Wizard; The Witch-king is a
    # manifestation of The Witch-king of Angmar, not of another Ringwraith card
    doc = _doc(["Lagduf"], ["Gandalf"])
    doc["attacker"] = {"alignment": "fallen-wizard", "site": "Moria",
                       "members": [{"name": "Gandalf", "label": "the Grey Pilgrim"}]}
    with pytest.raises(ScenarioError, match="Gandalf is unique.*MECCG-FX-33"):
        scenario_from_dict(doc, file="<t>")
    # Mistress Lobelia is a manifestation of Lobelia Sackville-Baggins: two names, one card
    doc = _doc(["Lagduf"], ["Mistress Lobelia"])
    doc["attacker"] = {"alignment": "hero", "site": "Moria", "members": ["Lobelia Sackville-Baggins"]}
    with pytest.raises(ScenarioError, match=r"defender\.members\[0\]\.name: Mistress Lobelia is unique and is in play "
                                            r"already \(attacker\.members\[0\]\.name\)"):
        scenario_from_dict(doc, file="<t>")
    marked = {c["name"]: c.get("manifestation_of") for c in _records("characters.json")}
    assert marked["The Witch-king"] == "The Witch-king of Angmar"
    doc = _doc(["The Witch-king", "Lagduf"], ["Aragorn II"])
    assert [m.name for m in scenario_from_dict(doc, file="<t>").attacker.members] == ["The Witch-king", "Lagduf"]


def test_copies_of_a_card_that_is_not_unique_are_numbered():
    dagger = ["Dagger of Westernesse"]
    heroes = [{"name": "Aragorn II", "items": dagger}, {"name": "Legolas", "items": dagger}]
    s = scenario_from_dict(_doc(["Orc Captain", "Orc Captain"], heroes), file="<t>")
    assert [m.name for m in s.attacker.members] == ["Orc Captain", "Orc Captain (2)"]


def test_a_card_that_is_not_unique_in_both_companies_needs_a_label():
    doc = _doc(["Orc Captain"], ["Aragorn II"])
    doc["defender"] = {"alignment": "minion", "site": "Moria", "members": ["Orc Captain"]}
    with pytest.raises(ScenarioError, match=r"defender\.members\[0\]\.name: 'Orc Captain' is in both companies; give "
                                            r"one of them a `label`"):
        scenario_from_dict(doc, file="<t>")
    doc["defender"]["members"] = [{"name": "Orc Captain", "label": "the other captain"}]
    assert scenario_from_dict(doc, file="<t>").defender.members[0].name == "the other captain"


COMBAT = {c["name"]: c for c in _records("combat_cards.json")}
#: cards in play not carried by a member: unique permanent events (a hero ally's card, hazards) and environments
#: that are not unique, by where each may be listed (a company's resources are its own player's alignment)
IN_PLAY = {"attacker.in_play": ["Balrog of Moria", "Spawn of Ungoliant", "Doors of Night"],
           "defender.in_play": ["Farmer Maggot", "Balrog of Moria", "Spawn of Ungoliant", "Doors of Night"],
           "in_play": ["Farmer Maggot", "Balrog of Moria", "Doors of Night", "The Sun Shone Fiercely"]}


def test_the_in_play_samples_hold_unique_and_other_cards():
    assert {COMBAT[n]["unique"] for names in IN_PLAY.values() for n in names} == {True, False}


@settings(max_examples=examples(60), deadline=None)
@given(lists=st.fixed_dictionaries({where: st.lists(st.sampled_from(names), max_size=3)
                                    for where, names in IN_PLAY.items()}))
def test_in_play_lists_are_refused_exactly_when_they_hold_a_unique_card_twice(lists):
    placed = [(f"{where}[{i}]", n) for where in IN_PLAY for i, n in enumerate(lists[where])]
    first: dict[str, str] = {}
    second = None
    for path, name in placed:  # the brute force: the first repeat of a unique card, in reading order
        if COMBAT[name]["unique"] and name in first:
            second = (path, name, first[name])
            break
        first.setdefault(name, path)
    event("a unique card twice" if second else "none twice")
    doc = _doc(["Lagduf"], ["Aragorn II"])
    doc["attacker"]["in_play"], doc["defender"]["in_play"] = lists["attacker.in_play"], lists["defender.in_play"]
    doc["in_play"] = lists["in_play"]
    if second:
        path, name, other = second
        with pytest.raises(ScenarioError, match=f"{name} is unique and is in play already "
                                                f"\\({re.escape(other)}\\).*\\(MECCG-FX-33\\)") as err:
            scenario_from_dict(doc, file="<t>")
        assert err.value.path == path
    else:
        s = scenario_from_dict(doc, file="<t>")
        assert [c.name for c in s.in_play] == lists["in_play"]


def test_a_unique_card_placed_twice_or_listed_beside_the_item_is_refused():
    doc = _doc(["Lagduf"], [{"name": "Aragorn II", "items": ["Narsil"]}])
    anduril = {"card": "Andúril, the Flame of the West", "member": "Aragorn II"}
    doc["defender"]["in_play"] = [anduril]
    assert [c.name for c in scenario_from_dict(doc, file="<t>").defender.in_play] == [anduril["card"]]
    doc["in_play"] = [anduril]
    with pytest.raises(ScenarioError, match=r"Andúril, the Flame of the West is unique and is in play already "
                                            r"\(defender\.in_play\[0\]\.card\)") as err:
        scenario_from_dict(doc, file="<t>")
    assert err.value.path == "in_play[0].card"
    doc = _doc(["Lagduf"], [{"name": "Aragorn II", "items": ["Glamdring"]}])
    doc["defender"]["in_play"] = ["Glamdring"]  # the item's card listed as in play besides: a second Glamdring
    with pytest.raises(ScenarioError, match=r"Glamdring is unique and is in play already \(defender\.members\[0\]"
                                            r"\.items\[0\]\)"):
        scenario_from_dict(doc, file="<t>")


#: the Ringwraiths (minion avatars)
AVATARS = sorted({c["name"] for c in _records("characters.json") if c["card_type"] == "avatar"
                  and c["alignment"] == "minion"})


@settings(max_examples=examples(40), deadline=None)
@given(members=st.lists(st.sampled_from(AVATARS[:6] + ["Lagduf", "Orc Captain"]), min_size=1, max_size=4, unique=True),
       stated=st.booleans())
def test_a_company_is_refused_exactly_when_it_holds_two_avatars(members, stated):
    """MECCG-FX-34: one avatar a player; an avatar by its card, or stated (``avatar: true``)."""
    entries = [{"name": n, "avatar": True} if stated and n == "Orc Captain" else n for n in members]
    avatars = [n for n in members if n in AVATARS or (stated and n == "Orc Captain")]
    doc = _doc(entries, ["Aragorn II"])
    event("two avatars" if len(avatars) > 1 else "one or none")
    if len(avatars) > 1:
        with pytest.raises(ScenarioError, match=f"{re.escape(avatars[1])} is an avatar and the attacker's company has "
                                                f"one already \\({re.escape(avatars[0])}\\).*\\(MECCG-FX-34\\)") as err:
            scenario_from_dict(doc, file="<t>")
        assert err.value.path == f"attacker.members[{members.index(avatars[1])}].name"
    else:
        assert len(scenario_from_dict(doc, file="<t>").attacker.members) == len(members)
