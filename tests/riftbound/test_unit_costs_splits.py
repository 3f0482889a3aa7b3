"""Units whose combat triggers split damage or have an additional cost, and whose conditional keywords and
static Might the board decides (RB-CARD-10, RB-CARD-21, RB-CARD-2, RB-CARD-8, RB-CARD-9), against the brute force
of ``test_unit_oracle.py`` (which reads the unit records by their meaning, sharing no code with the interpreter),
on boards drawn from these units only; and a few boards worked out by hand.

* Volibear, Furious: "When I attack, deal 5 damage split among any number of enemy units here": the entry states
  the units (`target: [...]`) and the split (`amounts: {UNIT: N}`, adding up to 5);
* "When I attack, you may pay 1 Energy / a rune to ..." (Sinister Poro, Icevale Archer, Baccai Reaper, Draven,
  Vanquisher): the entry stating the trigger pays; with card_costs=stated its `paid:` must cover the cost;
* Overzealous Fan: "When I defend, you may kill me to move an attacking unit to its base": it dies first;
* Dame the Despoiler (Empowered: "When I attack or defend, choose a unit here. Increase my Might to its Might this
  turn, then give me +1 Might"): the entry names the unit; not Empowered (as stated), the ability does nothing;
* Jax, Unmatched ("Your Equipment everywhere have [Quick-Draw]"): an Equipment without Reaction his player plays
  in the showdown attaches to the unit of his the entry names; the other player's is refused (RB-SHOW-4);
* Irelia, Fervent ("When you choose or ready me, give me +1 Might this turn"): her player's card, ability or
  trigger naming her fires it before it resolves; his card readying her (stated exhausted) fires it after;
* "Your token units have +1 Might / [Tank]" (Soul Shepherd; Lillia, Protector of Dreams): custom units stated
  `token: true` and the tokens cards play; Petal Pixie: +1 Might for each of its player's units with [Temporary]
  at its battlefield;
* Simian Ancestor ("When you buff me, ready me"): its player's card giving it a buff readies it;
* Disciple of Shen ([Shield 3] with exactly one other friendly unit here), Ancient Warmonger ([Assault] for each
  enemy unit here), Crimson Pigeons (+2 Might while attacking with another unit): worked out from the board.
"""
from __future__ import annotations

import pytest
from hypothesis import given

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.coverage import rows as coverage_rows
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict
from test_unit_oracle import SETTINGS, UNITS, _compare, boards

NEW = ["Volibear - Furious", "Overzealous Fan", "Sinister Poro", "Icevale Archer", "Baccai Reaper",
       "Draven - Vanquisher", "Disciple of Shen", "Ancient Warmonger", "Crimson Pigeons", "Dame the Despoiler", "Jax - Unmatched",
       "Irelia - Fervent", "Soul Shepherd", "Lillia - Protector of Dreams", "Petal Pixie",
       "Simian Ancestor"]
SPELLS = ["Challenge", "Incinerate", "Rune Prison", "Blood Rush", "Hextech Ray", "Doran's Blade", "Brutalizer",
          "Gentlemen's Duel", "Fight or Flight", "Stand United"]


def test_the_units_are_modelled_and_in_the_oracle():
    status = {r["name"]: r["status"] for r in coverage_rows() if r["type"] == "unit"}
    assert {n: status[n] for n in NEW} == {n: "modelled" for n in NEW}
    assert set(NEW) <= set(UNITS)


@SETTINGS
@given(boards(units=NEW, spells=SPELLS))
def test_costs_splits_and_board_conditions_against_the_oracle(case):
    doc, o = case
    _compare(doc, o)


def _run(doc):
    return play_showdown(scenario_from_dict({"game": "riftbound", **doc}, file="<t>"))


def _custom(name, might):
    return {"name": name, "custom": True, "might": might}


def test_volibear_splits_as_stated():
    sd = _run({"attacker": {"units": ["Volibear - Furious"]},
               "defender": {"units": [_custom("D1", 3), _custom("D2", 4)]},
               "showdown": [{"trigger": "Volibear - Furious", "target": ["D1", "D2"], "amounts": {"D1": 3, "D2": 2}}]})
    assert sd.unmodelled_json() == []
    assert [n for n, _, how in sd.board.removed if how == "killed"] == ["D1"]
    assert {u.name: u.marked for u in sd.board.defender} == {"D2": 2}


def test_volibear_split_must_add_up_and_name_enemies_here():
    base = {"attacker": {"units": ["Volibear - Furious", _custom("A2", 2)]},
            "defender": {"units": [_custom("D1", 3), _custom("D2", 4)]}}
    with pytest.raises(ScenarioError, match="adds up to 4"):
        _run({**base, "showdown": [{"trigger": "Volibear - Furious", "target": ["D1", "D2"],
                                    "amounts": {"D1": 2, "D2": 2}}]})
    with pytest.raises(ScenarioError, match="RB-CARD-1"):
        _run({**base, "showdown": [{"trigger": "Volibear - Furious", "target": ["D1", "A2"],
                                    "amounts": {"D1": 3, "A2": 2}}]})


def test_volibear_unstated_is_named_not_modelled():
    sd = _run({"attacker": {"units": ["Volibear - Furious"]}, "defender": {"units": [_custom("D1", 3)]}})
    assert [u["card"] for u in sd.unmodelled_json()] == ["Volibear - Furious"]


def test_a_trigger_cost_is_checked_with_card_costs_stated():
    doc = {"rules": {"card_costs": "stated"}, "attacker": {"units": ["Sinister Poro"]},
           "defender": {"units": [_custom("D1", 3), _custom("D2", 1)]},
           "showdown": [{"trigger": "Sinister Poro", "target": "D1"}]}
    with pytest.raises(ScenarioError, match=r"paid: \{energy: 1, power: 0\}.*RB-CARD-2"):
        _run(doc)
    doc["showdown"][0]["paid"] = {"energy": 1}
    sd = _run(doc)
    assert [(n, how) for n, _, how in sd.board.removed] == [("D1", "moved to its base")]
    # costs are left out of the judgement by default
    del doc["rules"], doc["showdown"][0]["paid"]
    assert [n for n, _, _ in _run(doc).board.removed] == ["D1"]


def test_overzealous_fan_dies_to_move_an_attacker_to_its_base():
    sd = _run({"attacker": {"units": [_custom("A1", 5), _custom("A2", 2)]},
               "defender": {"units": ["Overzealous Fan", _custom("D1", 2)]},
               "showdown": [{"trigger": "Overzealous Fan", "target": "A1"}]})
    assert [(n, how) for n, _, how in sd.board.removed] == [("Overzealous Fan", "killed"), ("A1", "moved to its base")]
    with pytest.raises(ScenarioError, match="not attacking"):
        _run({"attacker": {"units": [_custom("A1", 5)]}, "defender": {"units": ["Overzealous Fan", _custom("D1", 2)]},
              "showdown": [{"trigger": "Overzealous Fan", "target": "D1"}]})


def test_keywords_and_might_the_board_decides():
    def might(doc, name):
        sd = _run(doc)
        return next(u for u in sd.board.attacker + sd.board.defender if u.name == name).current_might

    two = {"attacker": {"units": ["Ancient Warmonger"]}, "defender": {"units": [_custom("D1", 1), _custom("D2", 1)]}}
    assert might(two, "Ancient Warmonger") == 4 + 2  # Assault 1 for each of the 2 enemy units here
    assert might({**two, "defender": {"units": ["Disciple of Shen", _custom("D1", 1)]}}, "Disciple of Shen") == 1 + 3
    assert might({**two, "defender": {"units": ["Disciple of Shen", _custom("D1", 1), _custom("D2", 1)]}},
                 "Disciple of Shen") == 1  # two other friendly units: no Shield
    assert might({"attacker": {"units": ["Crimson Pigeons", _custom("A2", 1)]}, "defender": {"units": [_custom("D1", 1)]}},
                 "Crimson Pigeons") == 5
    assert might({"attacker": {"units": ["Crimson Pigeons"]}, "defender": {"units": [_custom("D1", 1)]}},
                 "Crimson Pigeons") == 3
    assert might({"attacker": {"units": [_custom("A1", 1)]}, "defender": {"units": ["Crimson Pigeons", _custom("D1", 1)]}},
                 "Crimson Pigeons") == 3  # defending: not attacking with another unit


def test_dame_rises_to_the_might_of_the_unit_she_chooses():
    def dame(empowered, showdown):
        sd = _run({"attacker": {"units": [{"name": "Dame the Despoiler", "empowered": empowered}]},
                   "defender": {"units": [_custom("D1", 8), _custom("D2", 2)]}, "showdown": showdown})
        return sd.board.attacker[0].current_might, sd.unmodelled_json()

    assert dame(True, [{"trigger": "Dame the Despoiler", "target": "D1"}]) == (9, [])  # 8, then +1
    assert dame(True, [{"trigger": "Dame the Despoiler", "target": "D2"}]) == (6, [])  # never lowered, then +1
    assert dame(False, []) == (5, [])  # not Empowered: no ability to resolve
    might, missing = dame(True, [])
    assert might == 5 and [m["card"] for m in missing] == ["Dame the Despoiler"]  # its choice not stated


def test_jax_gives_his_players_equipment_quick_draw():
    doc = {"attacker": {"units": ["Jax - Unmatched", _custom("A2", 1)], "base": []},
           "defender": {"units": [_custom("D1", 6)]},
           "showdown": [{"play": "Doran's Blade", "by": "attacker", "target": "A2"}]}
    sd = _run(doc)
    assert {u.name: u.current_might for u in sd.board.attacker} == {"Jax - Unmatched": 5, "A2": 3}
    with pytest.raises(ScenarioError, match="RB-SHOW-4"):  # the Defender's Equipment: no Quick-Draw from Jax
        _run({**doc, "showdown": [{"play": "Doran's Blade", "by": "defender", "target": "D1"}]})
    with pytest.raises(ScenarioError, match="RB-SHOW-4"):  # no Jax in play
        _run({**doc, "attacker": {"units": [_custom("A2", 1)]}})


def test_irelia_when_her_player_chooses_or_readies_her():
    def irelia(showdown, exhausted=False):
        sd = _run({"attacker": {"units": [{"name": "Irelia - Fervent", "exhausted": exhausted}, _custom("A2", 1)]},
                   "defender": {"units": [_custom("D1", 3)]}, "showdown": showdown})
        return next(u for u in sd.board.attacker if u.name == "Irelia - Fervent").current_might

    assert irelia([]) == 4
    assert irelia([{"play": "Blood Rush", "by": "attacker", "target": "Irelia - Fervent"}]) == 4 + 1 + 2
    assert irelia([{"play": "Challenge", "by": "attacker", "target": ["Irelia - Fervent", "D1"]}]) == 5  # then fights
    # the enemy choosing her does not fire it (it is "you choose")
    assert irelia([{"play": "Hextech Ray", "by": "defender", "target": "Irelia - Fervent"}]) == 4


def test_token_units_and_temporary_units_are_read_from_the_board():
    # the Defender's tokens: his to play at this battlefield, which he controls (CR 352.2.a, 187.4.b)
    sd = _run({"defender": {"units": ["Soul Shepherd", "Lillia - Protector of Dreams", _custom("A4", 2),
                                      {**_custom("R1", 1), "token": True}]},
               "attacker": {"units": ["Petal Pixie", {**_custom("S1", 3), "keywords": ["Temporary"]},
                                      {**_custom("T2", 1), "keywords": ["Temporary"]}]},
               "showdown": [{"play": "Flurry of Feathers", "by": "defender", "mode": 2, "to": "battlefield"}]})
    dfd = {u.name: (u.current_might, u.tank) for u in sd.board.defender}
    assert dfd["R1"] == (2, True) and dfd["Bird 1"] == (2, True) and dfd["A4"] == (2, False)
    assert dfd["Soul Shepherd"] == (3, False)
    assert next(u for u in sd.board.attacker if u.name == "Petal Pixie").current_might == 2 + 2
    with pytest.raises(ScenarioError, match="token"):  # a unit card is no token
        _run({"attacker": {"units": [{"name": "Soul Shepherd", "token": True}]},
              "defender": {"units": [_custom("D1", 1)]}})


def test_simian_ancestor_is_readied_when_its_player_buffs_it():
    def run(by, buffed=False):
        sd = _run({"attacker": {"units": [{"name": "Simian Ancestor", "exhausted": True, "buffed": buffed}]},
                   "defender": {"units": [_custom("D1", 3)]},
                   "showdown": [{"play": "Stand United", "by": by, "target": "Simian Ancestor"}]})
        return next(u for u in sd.board.attacker).exhausted, [ln.text for ln in sd.lines if "When you buff me" in ln.text]

    exhausted, lines = run("attacker")
    assert not exhausted and len(lines) == 1 and "readied" in lines[0]
    assert run("attacker", buffed=True) == (True, [])  # already buffed: no new buff (RB-CARD-6), no trigger
