"""Heimerdinger, Inventor: "I have all [exhaust] abilities of all friendly legends, units, and gear" (RB-CARD-17). An
entry `{ability: Heimerdinger - Inventor, of: Shadow, target: ...}` uses the exhaust ability of a friendly unit in play
as his own: its cost exhausts him (so he uses one once), "me" is Heimerdinger; the showdown game from both hands
searches those uses too. A friendly gear's exhaust ability (`of: GEAR`) is his too (Forgotten Signpost's), with its
other cost parts read as the gear's own ability reads them; Divining Shells' "Kill this" is NOT MODELLED (what "this"
kills then is a rules question). A legend's exhaust abilities are named NOT MODELLED in the card listing (no data)."""
from __future__ import annotations

import re

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.coverage import coverage
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

HEIM = "Heimerdinger - Inventor"


def _doc(showdown=(), defender_units=None, base=("Shadow",), **extra) -> dict:
    return {"game": "riftbound",
            "attacker": {"units": [{"name": "A1", "custom": True, "might": 4},
                                   {"name": "A2", "custom": True, "might": 2}]},
            "defender": {"units": defender_units or [HEIM, {"name": "D2", "custom": True, "might": 3}],
                         "base": list(base)},
            "showdown": list(showdown), **extra}


def _run(doc: dict):
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _use(target: str = "A1", of: str = "Shadow", by: str = HEIM) -> dict:
    return {"ability": by, "of": of, "target": target}


def test_he_uses_a_friendly_units_exhaust_ability_as_his_own():
    sd = _run(_doc([_use("A1")]))
    units = {u.name: u for u in sd.board.attacker + sd.board.defender}
    assert units["A1"].stunned and not units["A2"].stunned
    assert sum(u.contribution for u in sd.board.attacker) == 2  # A1 Stunned adds 0 (RB-MIGHT-3)
    assert units[HEIM].exhausted  # its cost exhausts him, not Shadow
    assert any("uses Heimerdinger - Inventor's ability (of Shadow)" in line.text for line in sd.lines)
    assert sd.unmodelled_json() == []


def test_its_target_rules_are_the_abilitys():  # Shadow's: "[Stun] an attacking enemy unit"
    with pytest.raises(ScenarioError, match="D2 is not an enemy unit"):
        _run(_doc([_use("D2")]))


def test_the_exhaust_cost_lets_him_use_it_once():
    with pytest.raises(ScenarioError, match="exhausted"):
        _run(_doc([_use("A1"), _use("A2")]))
    with pytest.raises(ScenarioError, match="exhausted"):
        _run(_doc([_use("A1")], defender_units=[{"name": HEIM, "exhausted": True},
                                                {"name": "D2", "custom": True, "might": 3}]))


@pytest.mark.parametrize("entry, words", [
    ({"ability": "D2", "of": "Shadow", "target": "A1"}, "has no other unit's abilities"),
    (_use(of="A1"), "is not a friendly unit (or gear) of Heimerdinger"),
    (_use(of="Shadw"), "did you mean 'Shadow'"),
    (_use(of="D2"), "D2 is a custom unit or a token"),
])
def test_bad_entries_name_the_field(entry, words):
    with pytest.raises(ScenarioError, match=re.escape(words)) as e:
        _run(_doc([entry]))
    assert e.value.path.startswith("showdown[0]")


def test_a_friendly_unit_without_an_exhaust_ability_gives_none():
    doc = _doc([_use(of="Sunlit Guardian")], base=("Sunlit Guardian",))
    with pytest.raises(ScenarioError, match="no activated ability with an exhaust cost"):
        _run(doc)


def test_the_listing_names_what_is_not_read():
    row = next(r for r in coverage().cards if r["name"] == HEIM)
    assert row["status"] == "partly"
    assert [u["what"] for u in row["unmodelled"]] == ["the exhaust abilities of its player's legend"]
    assert any("exhaust abilities" in m for m in row["modelled"])


def test_the_showdown_game_searches_his_borrowed_ability():
    import pycombat

    def best(base):
        doc = _doc(base=base, hand={"attacker": [], "defender": []})
        return pycombat.load(doc).optimize().to_json()

    with_shadow, without = best(["Shadow"]), best([])
    options = [o["option"] for d in with_shadow["decisions"] for o in d.get("options", ())]
    assert any("Heimerdinger - Inventor's ability (of Shadow) on A1" in o for o in options), options
    # the Attacker's 6 against 4 + 3: stunning A1 (4) leaves A2's 2, which kills no defender; without Shadow A1 and A2
    # deal 6, and the defender loses a unit
    assert with_shadow["value"] != without["value"]


def test_a_friendly_gears_exhaust_ability_is_his_too():
    sd = _run(_doc([{"ability": HEIM, "of": "Forgotten Signpost", "target": "D3", "to": "battlefield"}],
                   base=({"name": "D3", "custom": True, "might": 5},)))
    assert "D3" in [u.name for u in sd.board.defender] and sd.unmodelled_json() == []
    units = {u.name: u for u in sd.board.defender}
    assert units[HEIM].exhausted


def test_kill_this_through_him_is_named():
    sd = _run(_doc([{"ability": HEIM, "of": "Divining Shells", "target": "D2"}]))
    assert [u["what"] for u in sd.unmodelled_json()] == ["its cost 'Kill this'"]
    assert "rules question" in sd.unmodelled_json()[0]["why"]
    assert {u.name: u.current_might for u in sd.board.defender}["D2"] == 5


def test_a_gear_without_an_exhaust_ability_is_refused():
    with pytest.raises(ScenarioError, match="no gear with an exhaust ability") as e:
        _run(_doc([{"ability": HEIM, "of": "Long Sword", "target": "D2"}]))
    assert e.value.path.endswith(".of")
