"""Equipment that copies (RB-CARD-14, RB-CARD-4): Shady Spectacles ("As this is attached to a unit, choose another
friendly unit. The equipped unit becomes a copy of that unit for as long as this is attached to it") stated attached
with the unit it copies (`copy_of:`) builds the unit from that card, keeping its own name, damage, buff and Might
changes; attached by a card in the showdown, the unit the entry's `copy_of:` names is copied, and detached, the unit is its own card
again (the keywords it was given kept); the unit copied not stated, it is named NOT MODELLED. Svellsongur's copied
text is named on a unit with printed text, and only there."""
from __future__ import annotations

import json
from importlib.resources import files

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError, UnknownNameError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.verbs import verify

SPECS, SVELL = "Shady Spectacles", "Svellsongur"


def _records(name: str) -> dict[str, dict]:
    raw = files("pycombat.games.riftbound.data").joinpath(name).read_text(encoding="utf-8")
    return {r["name"]: r for r in json.loads(raw)["records"]}


UNITS = _records("units.json")


def _plain_static(r: dict) -> int | None:
    """The +N of "other friendly units here have +N Might" when that is the card's only text, else None (0: no text)."""
    if r.get("keywords") or r.get("unparsed_clauses") or r.get("conditional_keywords"):
        return None
    effects = r.get("effects") or []
    if not effects:
        return 0
    if len(effects) != 1:
        return None
    e = effects[0]
    want = {"count": "all", "kind": "unit", "side": "friendly", "other": True, "location": "same_location"}
    if e.get("effect") == "might_modifier" and e.get("duration") == "static" and e.get("target") == want \
            and set(e) == {"effect", "value", "target", "duration"}:
        return int(e["value"])
    return None


#: unit cards with a fixed Might whose only text (if any) is "other friendly units here have +N Might": what a copy
#: of each does, read from the records by the test
COPYABLE = {n: (r["might"], _plain_static(r)) for n, r in UNITS.items()
            if isinstance(r.get("might"), int) and _plain_static(r) is not None}


def _doc(equipment: list, showdown=(), claims=(), **unit) -> dict:
    return {"game": "riftbound", "attacker": {"units": [{"name": "A1", "custom": True, "might": 9}]},
            "defender": {"units": [{"name": "Brazen Buccaneer", "equipment": equipment, **unit},
                                   {"name": "D1", "custom": True, "might": 1}]},
            "showdown": list(showdown), "claims": list(claims)}


def _run(doc: dict):
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _might(sd) -> dict:
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}


def test_there_are_copyable_units_of_both_kinds():
    assert any(s == 0 for _, s in COPYABLE.values()) and any(s for _, s in COPYABLE.values())


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(COPYABLE)), st.integers(0, 3), st.booleans(), st.integers(0, 2))
def test_a_copy_is_the_copied_card_with_its_own_state(copied, bonus, buffed, damage):
    """The unit (a Brazen Buccaneer, 5 Might, no text) is the copied card's Might with its own buff and the Might bonus
    stated; the copied card's static ability reaches D1; its damage stays marked."""
    printed, static = COPYABLE[copied]
    doc = _doc([{"card": SPECS, "might_bonus": bonus, "copy_of": copied}], buffed=buffed, damage=damage)
    might = printed + bonus + int(buffed)
    if damage >= might:  # the copy's Might counts: damage that is lethal for it is refused (RB-MIGHT-1)
        with pytest.raises(ScenarioError, match=f"{damage} damage marked is lethal for its Might {might}"):
            _run(doc)
        return
    sd = _run(doc)
    got = _might(sd)
    assert got["Brazen Buccaneer"] == might
    assert got["D1"] == 1 + static
    unit = next(u for u in sd.board.defender if u.name == "Brazen Buccaneer")
    assert unit.marked == damage and unit.copy_of == UNITS[copied]["name"] and unit.card_name == UNITS[copied]["name"]
    assert sd.unmodelled_json() == []


def test_a_copy_takes_the_copied_keywords():
    sd = _run(_doc([{"card": SPECS, "might_bonus": 0, "copy_of": "Sunlit Guardian"}]))
    unit = next(u for u in sd.board.defender if u.name == "Brazen Buccaneer")
    assert unit.tank and unit.current_might == 3 + 1  # Sunlit Guardian: 3, Shield, Tank (Shield while defending)
    assert "a copy of Sunlit Guardian" in unit.describe()


def test_without_the_unit_copied_it_is_named_and_board_claims_are_not_decided():
    doc = _doc([{"card": SPECS, "might_bonus": 0}],
               claims=[{"claim": "the defender keeps the battlefield"}, {"claim": "the attacker assigns first"}])
    sd = _run(doc)
    assert [u["what"] for u in sd.unmodelled_json()] == [
        "Shady Spectacles: the equipped unit becomes a copy of another friendly unit (unit Brazen Buccaneer)"]
    board, procedure = verify(scenario_from_dict(doc, file="<t>")).verdicts
    assert board.verdict is None and procedure.verdict is True


def test_detached_in_the_showdown_it_is_its_own_card_again():
    """Garen - Commander's copy (5, "other friendly units here +1") stated buffed, damaged and given Tank: detached, a
    Brazen Buccaneer (5, no text) with its buff, damage and Tank; D1 loses the +1."""
    doc = _doc([{"card": SPECS, "might_bonus": 0, "copy_of": "Garen - Commander"}], buffed=True, damage=1,
               keywords=["Tank"],
               showdown=[{"play": "Angle Shot", "by": "attacker", "target": "Brazen Buccaneer", "detach": SPECS}])
    sd = _run(doc)
    unit = next(u for u in sd.board.defender if u.name == "Brazen Buccaneer")
    assert (unit.copy_of, unit.card_name, unit.might, unit.marked, unit.tank, unit.buffed) == (
        None, "Brazen Buccaneer", 5, 1, True, True)
    assert _might(sd) == {"A1": 9, "Brazen Buccaneer": 6, "D1": 1}
    assert sd.unmodelled_json() == []


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(COPYABLE)), st.sampled_from(sorted(COPYABLE)), st.booleans(), st.integers(0, 3))
def test_attached_in_the_showdown_it_copies_the_unit_named(first, second, buffed, assault):
    """A1 (a Brazen Buccaneer, 5, given Assault N by the scenario) gets Shady Spectacles from its side's gear, copying
    the unit at its base; then Angle Shot moves it to A2 copying another: each is the copied card's Might with its own
    buff and the Assault it was given, and the first is itself again (brute force from the records)."""
    att = [{"name": "Brazen Buccaneer", "label": "A1", "buffed": buffed,
            **({"keywords": [f"Assault {assault}"]} if assault else {})},
           {"name": "A2", "custom": True, "might": 1}]
    base = [{"name": UNITS[first]["name"], "label": "B1"}, {"name": UNITS[second]["name"], "label": "B2"}]
    doc = {"game": "riftbound", "attacker": {"units": att, "base": base, "gear": [SPECS]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 9}]},
           "showdown": [{"play": "Angle Shot", "by": "attacker", "target": "A1", "attach": SPECS, "copy_of": "B1"}]}
    printed, static = COPYABLE[first]
    sd = _run(doc)
    got = _might(sd)
    assert got["A1"] == printed + int(buffed) + assault  # (Assault while attacking, RB-MIGHT-4)
    assert got["A2"] == 1 + static
    named = sd.unmodelled_json()
    assert [u["what"] for u in named] == ["Equipment Might bonus (attached: A1)"]
    doc["showdown"].append({"play": "Angle Shot", "by": "attacker", "target": "A2", "attach": SPECS, "from": "A1",
                            "copy_of": "B2"})
    printed2, static2 = COPYABLE[second]
    got = _might(_run(doc))
    assert got["A1"] == 5 + int(buffed) + assault + static2
    assert got["A2"] == printed2


def test_attached_with_no_unit_named_it_is_named():
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A1", "custom": True, "might": 2}], "gear": [SPECS]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 9}]},
           "showdown": [{"play": "Angle Shot", "by": "attacker", "target": "A1", "attach": SPECS}]}
    named = [u["what"] for u in _run(doc).unmodelled_json()]
    assert "the equipped unit becomes a copy of another friendly unit (attached: A1)" in named


@pytest.mark.parametrize("copy_of, words", [
    ("A1", "another unit its controller has in play"), ("D1", "another unit its controller has in play"),
    ("Nobody", "is not a unit"),
])
def test_a_bad_copy_of_is_refused_naming_it(copy_of, words):
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A1", "custom": True, "might": 2}], "gear": [SPECS]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 9}]},
           "showdown": [{"play": "Angle Shot", "by": "attacker", "target": "A1", "attach": SPECS, "copy_of": copy_of}]}
    with pytest.raises(ScenarioError, match=words) as e:
        _run(doc)
    assert e.value.path.endswith("copy_of")


def test_copy_of_on_a_play_attaching_no_such_equipment_is_refused():
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A1", "custom": True, "might": 2},
                                                       {"name": "A2", "custom": True, "might": 2}],
                                             "gear": ["Long Sword"]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 9}]},
           "showdown": [{"play": "Angle Shot", "by": "attacker", "target": "A1", "attach": "Long Sword",
                         "copy_of": "A2"}]}
    with pytest.raises(ScenarioError, match="this play attaches none"):
        _run(doc)


def test_copy_of_on_another_equipment_or_twice_is_refused():
    with pytest.raises(ScenarioError, match="makes no unit a copy") as e:
        _run(_doc([{"card": "Serrated Dirk", "might_bonus": 1, "copy_of": "Garen - Commander"}]))
    assert e.value.path.endswith("equipment[0].copy_of")
    with pytest.raises(ScenarioError, match="two Equipment make this unit a copy"):
        _run(_doc([{"card": SPECS, "might_bonus": 0, "copy_of": "Garen - Commander"},
                   {"card": SPECS, "might_bonus": 0, "copy_of": "Sunlit Guardian"}]))
    with pytest.raises(UnknownNameError) as e:
        _run(_doc([{"card": SPECS, "might_bonus": 0, "copy_of": "Garen Comander"}]))
    assert "Garen - Commander" in e.value.suggestions


def test_a_custom_copy_or_a_copy_given_might_is_refused():
    doc = _doc([])
    doc["defender"]["units"][1]["equipment"] = [{"card": SPECS, "might_bonus": 0, "copy_of": "Garen - Commander"}]
    with pytest.raises(ScenarioError, match="a custom unit states its own Might") as e:
        _run(doc)
    assert e.value.path.endswith("equipment[0].copy_of")
    with pytest.raises(ScenarioError, match="a copy has the Might printed on the card it copies") as e:
        _run(_doc([{"card": SPECS, "might_bonus": 0, "copy_of": "Garen - Commander"}], might=7))
    assert e.value.path.endswith("might")


def test_svellsongur_is_named_on_a_unit_with_text_only():
    plain = _run(_doc([{"card": SVELL, "might_bonus": 1}]))  # Brazen Buccaneer: no text
    assert plain.unmodelled_json() == [] and _might(plain)["Brazen Buccaneer"] == 6
    doc = _doc([])
    doc["defender"]["units"][0] = {"name": "Garen - Commander", "equipment": [{"card": SVELL, "might_bonus": 1}]}
    named = _run(doc).unmodelled_json()
    assert [u["what"] for u in named] == ["Svellsongur's copied text (unit Garen - Commander)"]


def test_a_custom_units_own_keywords_go_as_it_becomes_a_copy():
    """A custom unit's `keywords:` are its own (printed): a copy has the copied card's instead; detached, it has them
    again."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A1", "custom": True, "might": 2, "keywords": ["Tank"]}],
                                             "gear": [SPECS], "base": ["Brazen Buccaneer"]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 9}]},
           "showdown": [{"play": "Angle Shot", "by": "attacker", "target": "A1", "attach": SPECS,
                         "copy_of": "Brazen Buccaneer"}]}
    a1 = next(u for u in _run(doc).board.attacker if u.name == "A1")
    assert (a1.might, a1.tank, a1.keywords) == (5, False, ())
    doc["showdown"].append({"play": "Angle Shot", "by": "attacker", "target": "A1", "detach": SPECS})
    a1 = next(u for u in _run(doc).board.attacker if u.name == "A1")
    assert (a1.might, a1.tank, a1.keywords, a1.copy_of) == (2, True, ("Tank",), None)


def test_the_showdown_game_chooses_the_unit_copied():
    """Angle Shot in hand and Shady Spectacles unattached: the game tries each unit as the one copied (none left
    unstated), and copying the 3-Might Sunlit Guardian at the base is the Attacker's best (5 damage kills D1)."""
    import pycombat

    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 2}, {"name": "A2", "custom": True, "might": 2}],
                        "gear": [SPECS], "base": ["Sunlit Guardian"]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 5}]},
           "hand": {"attacker": ["Angle Shot"], "defender": []}}
    got = pycombat.load(doc).optimize().to_json()
    first = got["decisions"][0]["options"]
    labels = [o["option"] for o in first]
    attaching = [x for x in labels if "attaching Shady Spectacles" in x]
    assert attaching and all("(a copy of " in x for x in attaching)
    best = [o["option"] for o in first if o["difference"]["exact"] == "0/1"]
    assert best and all("(a copy of Sunlit Guardian)" in x for x in best if x != "attacker passes")
    assert "attacker passes" not in best
