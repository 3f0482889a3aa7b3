"""Issue 8: the movement encodings (asp_rules/wotr/move_*.lp) against the brute-force generator
(pycombat/games/wotr/movegen.py) on random positions on the real map (hypothesis), the counts of
known positions, and the counting shortcut (independent Character movers) against full listing."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycombat.errors import ScenarioError, TooLargeError
from pycombat.games.wotr.board import load_board, load_nations
from pycombat.games.wotr.characters import load_characters
from pycombat.games.wotr.movegen import BruteForce
from pycombat.games.wotr.moves import count_moves, legal_moves
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples" / "wotr"
BOARD = load_board()
REGIONS = sorted(BOARD.regions)
STRONGHOLDS = sorted(r for r, x in BOARD.regions.items() if x.settlement == "stronghold")
NATIONS = {n.id: n for n in load_nations()}
FP = sorted(n for n, x in NATIONS.items() if x.side == "free_peoples")
SH = sorted(n for n, x in NATIONS.items() if x.side == "shadow")
COMPANIONS = ["Gandalf the White", "Strider", "Boromir", "Legolas", "Gimli", "Meriadoc Brandybuck", "Peregrin Took"]
MINIONS = ["The Witch-king", "The Mouth of Sauron"]


def _units(draw, nations, leaders: bool):
    out = {}
    for nation in draw(st.lists(st.sampled_from(nations), min_size=1, max_size=2, unique=True)):
        u = {"regulars": draw(st.integers(0, 3)), "elites": draw(st.integers(0, 2))}
        if leaders:
            u["leaders"] = draw(st.integers(0, 1))
        if u["regulars"] + u["elites"] == 0:
            u["regulars"] = 1
        out[nation] = u
    return out


@st.composite
def positions(draw):
    side = draw(st.sampled_from(["free_peoples", "shadow"]))
    regions = draw(st.lists(st.sampled_from(REGIONS), min_size=2, max_size=5, unique=True))
    chars = {"free_peoples": list(COMPANIONS), "shadow": list(MINIONS)}
    content = {}
    nazgul_left = 3
    for r in regions:
        who = draw(st.sampled_from(["free_peoples", "shadow"]))
        entry: dict = {}
        if draw(st.booleans()) or who == "shadow" and nazgul_left == 0:
            entry["units"] = _units(draw, FP if who == "free_peoples" else SH, who == "free_peoples")
        if who == "shadow" and nazgul_left and draw(st.booleans()):
            n = draw(st.integers(1, min(2, nazgul_left)))
            entry["nazgul"] = n
            nazgul_left -= n
        pool = chars[who]
        if pool and draw(st.booleans()):
            k = draw(st.integers(1, min(2, len(pool))))
            picked = draw(st.lists(st.sampled_from(pool), min_size=k, max_size=k, unique=True))
            entry["characters"] = picked
            for c in picked:
                pool.remove(c)
        if not entry:
            entry["units"] = _units(draw, FP if who == "free_peoples" else SH, who == "free_peoples")
        content[BOARD.regions[r].name] = entry
    if draw(st.booleans()):  # a siege
        r = draw(st.sampled_from(STRONGHOLDS))
        inside = BOARD.regions[r].initial_control
        outside = "shadow" if inside == "free_peoples" else "free_peoples"
        units = {**_units(draw, FP if inside == "free_peoples" else SH, False),
                 **_units(draw, FP if outside == "free_peoples" else SH, False)}
        content[BOARD.regions[r].name] = {"units": units, "besieged": inside}
    politics = {NATIONS[n].name: ("at_war" if draw(st.booleans()) else {"steps": 1}) for n in NATIONS}
    control = {}
    for r in draw(st.lists(st.sampled_from([x for x in REGIONS if BOARD.regions[x].settlement
                                            in ("town", "city", "stronghold")]), max_size=3, unique=True)):
        if BOARD.regions[r].name not in content or "besieged" not in content[BOARD.regions[r].name]:
            control[BOARD.regions[r].name] = draw(st.sampled_from(["free_peoples", "shadow"]))
    faces = {"free_peoples": ["character", "army_muster", "will_of_the_west", "muster"],
             "shadow": ["army", "character", "muster", "army_muster"]}
    action = {"side": side, "die": draw(st.sampled_from(faces[side]))}
    if draw(st.integers(0, 5)) == 0:
        action = {"side": side, "die": "event", "card": {"name": "a card moving one Army", "moves": 2}}
    rules = {"stacking_check": draw(st.sampled_from(["forbid_move", "trim_at_end"])),
             "non_at_war_leaders": draw(st.sampled_from(["rearguard", "may_attack"])),
             "mouth_of_sauron_stronghold": draw(st.sampled_from(["rulebook", "seed"]))}
    return {"game": "wotr", "politics": politics, "position": {"regions": content, "control": control},
            "action": action, "rules": rules}


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(positions())
def test_asp_moves_equal_brute_force_on_random_positions(data):
    try:
        s = scenario_from_dict(data, file="random.yaml")
    except ScenarioError:
        return  # e.g. more figures than the box holds
    brute = BruteForce(s)
    n = brute.count()
    counted = count_moves(s)
    assert counted.total == n
    if n <= 4000:
        got = {m.moved for m in legal_moves(s, max_list=None)}
        assert got == brute.moves()
