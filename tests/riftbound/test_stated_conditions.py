"""RB-CARD-9 with RB-CARD-4: "I'm [Empowered]" and "[Level N]" static abilities apply as the scenario
states the unit's Empowered status (``empowered:``) and its controller's XP (``xp:``); not stated,
each is named NOT MODELLED. Checked against the card records read here, independently of the model.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "riftbound" / "data" / "units.json"
RECORDS = {r["name"]: r for r in json.loads(DATA.read_text())["records"] if not r.get("reprint_of")}


def _stated(e: dict) -> bool:
    c = e.get("condition")
    return c == "I'm [Empowered]" or bool(re.fullmatch(r"Level \d+", str(c)))


def _only_these(r: dict) -> bool:
    """A unit whose every static ability is a +N Might to itself under one of the stated conditions."""
    statics = [e for e in r.get("effects") or () if e.get("duration") == "static"]
    return bool(statics) and all(_stated(e) and e.get("effect") == "might_modifier" and isinstance(e.get("value"), int)
                                 and e.get("target") == {"ref": "self"} for e in statics) \
        and r.get("might") is not None \
        and not any(k.split()[0] in ("Assault", "Shield", "Tank", "Backline") for k in r.get("keywords") or ())


UNITS = sorted(n for n, r in RECORDS.items() if _only_these(r))


def _expected(name: str, empowered, xp) -> int:
    total = RECORDS[name]["might"]
    for e in RECORDS[name]["effects"]:
        if e.get("duration") != "static":
            continue
        c = e["condition"]
        holds = bool(empowered) if c == "I'm [Empowered]" else xp is not None and xp >= int(c.split()[1])
        total += e["value"] if holds else 0
    return total


def test_the_units_drawn_have_both_conditions():
    assert {"Punching Poro", "Gemhand Hunter", "Targonian Visionary"} <= set(UNITS)
    conds = {e["condition"] for n in UNITS for e in RECORDS[n]["effects"] if e.get("duration") == "static"}
    assert "I'm [Empowered]" in conds and any(c.startswith("Level") for c in conds)


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(UNITS), st.sampled_from([True, False, None])), min_size=1, max_size=3),
       st.one_of(st.none(), st.integers(0, 12)))
def test_might_follows_what_the_scenario_states(drawn, xp):
    units = [{"name": n, "label": f"U{i}", **({} if emp is None else {"empowered": emp})}
             for i, (n, emp) in enumerate(drawn)]
    side = {"player": "Ann", "units": units, **({} if xp is None else {"xp": xp})}
    s = scenario_from_dict({"game": "riftbound", "attacker": side,
                            "defender": {"player": "Bo", "units": [{"name": "Wall", "custom": True, "might": 5}]}})
    board = play_showdown(s).board
    for i, (n, emp) in enumerate(drawn):
        u = next(x for x in board.attacker if x.name == f"U{i}")
        assert u.current_might == _expected(n, emp, xp), (n, emp, xp)
        needs_emp = any(e.get("condition") == "I'm [Empowered]" for e in RECORDS[n]["effects"]
                        if e.get("duration") == "static")
        needs_xp = any(str(e.get("condition")).startswith("Level") for e in RECORDS[n]["effects"]
                       if e.get("duration") == "static")
        named = [what for what, _why in s.unit(f"U{i}").unstated]
        assert any(w.startswith('ability "I\'m [Empowered]"') for w in named) == (needs_emp and emp is None), named
        assert any(w.startswith("ability [Level") for w in named) == (needs_xp and xp is None), named


def test_a_unit_played_from_hand_is_not_empowered():
    """Empower is paid on a unit in play: a unit entering in the showdown is not Empowered."""
    from pycombat.games.riftbound.schema import _unit
    from pycombat.games.riftbound.cards.units import load_units
    from pycombat.scenario import Node

    u = _unit(Node({"name": "Punching Poro"}, file="f", path="p"), "attacker", load_units(), {}, fresh=True)
    assert u.empowered is False and not u.unstated


def test_empowered_keywords_follow_the_stated_empowered_status_rb_card_9():
    """Shadow Fiend ("[Empowered] [Assault 3]"): `empowered: true` gives the Assault, `empowered: false`
    withholds it even with `conditions_hold: true` (which covers only what cannot be stated otherwise),
    and neither stated names it NOT MODELLED."""
    def fiend(**extra):
        doc = {"game": "riftbound", "attacker": {"units": [{"name": "Shadow Fiend", **extra}]},
               "defender": {"units": ["Stalwart Poro"]}}
        return play_showdown(scenario_from_dict(doc))

    assert fiend(empowered=True).board.unit("Shadow Fiend").current_might == 5
    off = fiend(empowered=False, conditions_hold=True)
    assert off.board.unit("Shadow Fiend").current_might == 2 and not off.unmodelled
    assert any("Assault" in u["what"] for u in fiend().unmodelled_json())
