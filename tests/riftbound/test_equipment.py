"""Equipment attached and detached in a showdown (RB-CARD-14): the Might bonus moves with the
Equipment, the entry names which Equipment and from where, and an illegal play is refused with the
rule id. Random boards against the brute force are in test_riftbound_cards.py
(test_equipment_attached_and_detached_against_the_oracle)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.coverage import coverage
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import example_path, load_scenario, scenario_from_dict


def _doc(showdown, att=None, dfd=None, att_gear=(), dfd_gear=()):
    return {"game": "riftbound",
            "attacker": {"units": att or [{"name": "A3", "custom": True, "might": 3, "equipment": ["Long Sword"]},
                                          {"name": "A1", "custom": True, "might": 1}],
                         "gear": list(att_gear)},
            "defender": {"units": dfd or [{"name": "D3", "custom": True, "might": 3,
                                           "equipment": ["Sterak's Gage"]}],
                         "base": [{"name": "DB", "custom": True, "might": 2}], "gear": list(dfd_gear)},
            "showdown": showdown}


def _might(doc) -> dict[str, int]:
    sd = play_showdown(scenario_from_dict(doc))
    assert not sd.unmodelled
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}


def _refused(doc) -> str:
    with pytest.raises(ScenarioError) as exc:
        play_showdown(scenario_from_dict(doc))
    return str(exc.value)


def test_detach_an_enemy_equipment_takes_its_bonus_away():
    assert _might(_doc([])) == {"A3": 5, "A1": 1, "D3": 6}
    got = _might(_doc([{"play": "Angle Shot", "by": "attacker", "target": "D3", "detach": "Sterak's Gage"}]))
    assert got == {"A3": 5, "A1": 1, "D3": 3}


def test_attach_from_another_unit_moves_the_bonus():
    got = _might(_doc([{"play": "Angle Shot", "by": "attacker", "target": "A1", "attach": "Long Sword"}]))
    assert got == {"A3": 3, "A1": 3, "D3": 6}


def test_attach_an_unattached_one_first_or_the_one_from_names():
    doc = _doc([{"play": "Angle Shot", "by": "attacker", "target": "A1", "attach": "Long Sword"}],
               att_gear=["Long Sword"])
    assert _might(doc) == {"A3": 5, "A1": 3, "D3": 6}  # the unattached Long Sword
    doc["showdown"][0]["from"] = "A3"
    assert _might(doc) == {"A3": 3, "A1": 3, "D3": 6}  # A3's


def test_detached_equipment_can_be_attached_again_and_a_detach_can_kill():
    detach = {"play": "Angle Shot", "by": "attacker", "target": "D3", "detach": "Sterak's Gage"}
    again = {"play": "Angle Shot", "by": "defender", "target": "DB", "attach": "Sterak's Gage"}
    sd = play_showdown(scenario_from_dict(_doc([detach, again])))
    text = "\n".join(ln.text for ln in sd.lines)
    assert "Sterak's Gage is detached from D3: -3 Might (now 3)" in text
    assert "Sterak's Gage is attached to DB: +3 Might (now 5)" in text
    # 4 damage is not lethal for D3 at 6 Might; without the Gage it is, at the cleanup (RB-MIGHT-1)
    burn = {"play": "Incinerate", "by": "attacker", "target": "D3"}
    hit = [burn, {**burn}]
    assert "D3" in _might(_doc(hit))
    sd = play_showdown(scenario_from_dict(_doc(hit + [detach])))
    assert [u.name for u in sd.board.defender] == []


def test_quick_draw_and_edge_of_night_from_facedown():
    got = _might(_doc([{"play": "Long Sword", "by": "defender", "target": "D3"}]))
    assert got["D3"] == 8
    got = _might(_doc([{"play": "Edge of Night", "by": "defender", "target": "D3", "facedown": True}]))
    assert got["D3"] == 8  # 6 + Edge of Night's 2
    # the Attacker's hidden cards are at a battlefield he controls, another one: played there, not here (RB-CARD-26)
    assert "RB-CARD-26" in _refused(_doc([{"play": "Edge of Night", "by": "attacker", "target": "A1",
                                           "facedown": True}]))
    # "attach it to a unit you control (here)": not a unit at the base
    assert "RB-CARD-1" in _refused(_doc([{"play": "Edge of Night", "by": "defender", "target": "DB",
                                          "facedown": True}]))
    assert "RB-SHOW-4" in _refused(_doc([{"play": "Edge of Night", "by": "attacker", "target": "A1"}]))


@pytest.mark.parametrize("entry, rule, words", [
    ({"play": "Angle Shot", "by": "attacker", "target": "D3"}, "RB-CARD-14", "give `attach: EQUIPMENT`"),
    ({"play": "Angle Shot", "by": "attacker", "target": "D3", "attach": "Long Sword", "detach": "Long Sword"},
     "RB-CARD-14", "give `attach: EQUIPMENT`"),
    # the same controller: the defender's unit cannot get the attacker's Long Sword
    ({"play": "Angle Shot", "by": "attacker", "target": "D3", "attach": "Long Sword"}, "RB-CARD-1",
     "same controller"),
    ({"play": "Angle Shot", "by": "attacker", "target": "A1", "detach": "Long Sword"}, "RB-CARD-1",
     "not attached to A1"),
    ({"play": "Blood Rush", "by": "attacker", "target": "A1", "attach": "Long Sword"}, "RB-CARD-14",
     "does neither"),
    ({"play": "Angle Shot", "by": "attacker", "target": "A1", "attach": "Long Sword", "from": "D3"},
     "RB-CARD-1", "`from: D3`"),
])
def test_illegal_equipment_plays_are_refused(entry, rule, words):
    msg = _refused(_doc([entry]))
    assert rule in msg and words in msg, msg


def test_two_holders_need_from():
    att = [{"name": n, "custom": True, "might": 1, **({"equipment": ["Long Sword"]} if n != "A0" else {})}
           for n in ("A0", "A1", "A2")]
    msg = _refused(_doc([{"play": "Angle Shot", "by": "attacker", "target": "A0", "attach": "Long Sword"}], att=att))
    assert "give `from: UNIT`" in msg and "RB-CARD-14" in msg


def test_bad_names_in_the_scenario_are_clear_errors():
    doc = _doc([], att_gear=["Blood Rush"])
    with pytest.raises(ScenarioError, match=r"attacker\.gear\[0\].*not Equipment"):
        scenario_from_dict(doc)
    doc = _doc([{"play": "Angle Shot", "by": "attacker", "target": "D3", "detach": "Blood Rush"}])
    with pytest.raises(ScenarioError, match=r"detach.*not Equipment"):
        scenario_from_dict(doc)


def test_a_bonus_in_no_source_is_named_not_modelled():
    sd = play_showdown(scenario_from_dict(_doc([{"play": "Cloth Armor", "by": "attacker", "target": "A1"}])))
    assert any(u["card"] == "Cloth Armor" and "Might bonus" in u["what"] for u in sd.unmodelled_json())


def test_the_example_and_the_coverage():
    s = load_scenario(example_path("equipment.yaml"))
    sd = play_showdown(s)
    assert {u.name: u.current_might for u in sd.board.defender} == {"Sunlit Guardian": 6, "D1": 4}
    rows = {c["name"]: c for c in coverage().cards}
    assert rows["Angle Shot"]["status"] == "modelled" and rows["Edge of Night"]["status"] == "modelled"


def test_damage_for_each_equipment_attached_counts_as_it_resolves():
    """Riven, Shattered: "When I attack, deal 2 to an enemy unit here for each Equipment attached to
    me" (RB-CARD-13, RB-CARD-14): counted on the board, so none attached deals 0."""
    for equipment, dealt in (([], 0), (["Long Sword"], 2), (["Long Sword", "Doran's Shield"], 4)):
        doc = {"game": "riftbound",
               "attacker": {"units": [{"name": "Riven, Shattered", "equipment": equipment}]},
               "defender": {"units": [{"name": "D9", "custom": True, "might": 9}]},
               "showdown": [{"trigger": "Riven, Shattered", "target": "D9"}]}
        sd = play_showdown(scenario_from_dict(doc))
        assert not sd.unmodelled
        assert sd.board.defender[0].marked == dealt
