"""Gear on the board killed or returned to hand (RB-CARD-22) against an independent reading of the cards.

Thermo Beam "Kill all gear"; Salvage "You may kill up to one gear"; Factory Recall "Return a gear to its
owner's hand"; Acceptable Losses "Each player kills one of their gear". The gear in play is each side's
``gear:`` and its units' ``equipment:``; an Equipment gives its unit its printed Might bonus only while
attached (Long Sword +2, Sterak's Gage +3). The oracle below is written from that text; on random boards
and plays (hypothesis) the package must agree: refused or not, each unit's Might and Equipment, and the
gear left in play unattached.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import Progress
from pycombat.games.riftbound.schema import scenario_from_dict

BONUS = {"Long Sword": 2, "Sterak's Gage": 3}
LOOSE = ["Long Sword", "Sterak's Gage", "Zhonya's Hourglass"]
UNITS = {"A1": "attacker", "A2": "attacker", "D1": "defender", "D2": "defender"}
CARDS = ["Thermo Beam", "Salvage", "Factory Recall", "Acceptable Losses"]


class Refused(Exception):
    pass


def oracle(equipment: dict[str, list[str]], loose: dict[str, list[str]], play: dict):
    """(each unit's Equipment, each side's unattached gear) after the play; raises Refused."""
    equipment = {u: list(v) for u, v in equipment.items()}
    loose = {s: list(v) for s, v in loose.items()}
    card, names = play["play"], play.get("target", [])
    names = [names] if isinstance(names, str) else list(names)
    if card == "Thermo Beam":
        if names:
            raise Refused
        return {u: [] for u in equipment}, {s: [] for s in loose}

    def find(name):
        hits = {("loose", s) for s, gs in loose.items() if name in gs}
        hits |= {("on", u) for u, gs in equipment.items() if name in gs}
        mine = {h for h in hits if h == ("on", play.get("from"))}
        hits = mine or hits
        if len(hits) != 1:
            raise Refused
        return hits.pop()

    def remove(name, where):
        kind, at = where
        (loose[at] if kind == "loose" else equipment[at]).remove(name)

    if card in ("Salvage", "Factory Recall"):
        if len(names) > 1 or card == "Factory Recall" and not names:
            raise Refused
        for n in names:
            remove(n, find(n))
    else:  # Acceptable Losses: at most one of each player's
        if len(names) > 2:
            raise Refused
        found = [find(n) for n in names]
        owners = [at if kind == "loose" else UNITS[at] for kind, at in found]
        if len(set(owners)) != len(owners):
            raise Refused
        for n, w in zip(names, found):
            remove(n, w)
    return equipment, loose


def package(equipment, loose, play):
    doc = {"game": "riftbound", "showdown": [play]}
    for side in ("attacker", "defender"):
        doc[side] = {"units": [{"name": u, "custom": True, "might": 4, "equipment": equipment[u]}
                               for u, s in UNITS.items() if s == side], "gear": loose[side]}
    run, effects = Progress.begin(scenario_from_dict(doc))
    run.extend(effects)
    b = run.board()
    units = {u.name: u for u in b.attacker + b.defender}
    for u in units.values():  # Might: printed + the bonus of each Equipment still attached
        assert u.current_might == 4 + sum(BONUS[g] for g in u.equipment)
    return {n: list(units[n].equipment) for n in UNITS}, {s: list(run.loose.get(s, [])) for s in ("attacker",
                                                                                                 "defender")}


@st.composite
def boards(draw):
    equipment = {u: draw(st.lists(st.sampled_from(sorted(BONUS)), max_size=2)) for u in UNITS}
    loose = {s: draw(st.lists(st.sampled_from(LOOSE), max_size=2)) for s in ("attacker", "defender")}
    in_play = sorted({g for v in equipment.values() for g in v} | {g for v in loose.values() for g in v}) or LOOSE
    card = draw(st.sampled_from(CARDS))
    play = {"play": card, "by": draw(st.sampled_from(["attacker", "defender"]))}
    names = draw(st.lists(st.sampled_from(in_play), max_size=3 if card == "Acceptable Losses" else 1))
    if names:
        play["target"] = names
    if draw(st.booleans()):
        play["from"] = draw(st.sampled_from(sorted(UNITS)))
    return equipment, loose, play


@settings(max_examples=int(os.environ.get("RB_GEAR_EXAMPLES", "300")), deadline=None)
@given(boards())
def test_gear_cards_agree_with_the_printed_text(board):
    equipment, loose, play = board
    try:
        want = oracle(equipment, loose, play)
    except Refused:
        with pytest.raises(ScenarioError, match="RB-CARD-"):
            package(equipment, loose, play)
        return
    got = package(equipment, loose, play)
    assert (got[0], {s: sorted(v) for s, v in got[1].items()}) == (want[0], {s: sorted(v) for s, v in want[1].items()})


def test_a_killed_hourglass_saves_no_one():
    """Zhonya's Hourglass saves the next friendly unit that would die (RB-CARD-18); killed first, it does not."""
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 2}], "gear": ["Zhonya's Hourglass"]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 5}]},
           "showdown": [{"play": "Hextech Ray", "by": "defender", "target": "A1"}]}
    run, effects = Progress.begin(scenario_from_dict(doc))
    run.extend(effects)
    assert [u.name for u in run.board().attacker] == []  # saved: recalled to its base
    assert "A1" in run.base
    doc["showdown"].insert(0, {"play": "Salvage", "by": "defender", "target": "Zhonya's Hourglass"})
    run, effects = Progress.begin(scenario_from_dict(doc))
    run.extend(effects)
    assert "A1" not in run.base and any(n == "A1" and how == "killed" for n, _, how in run.removed)
