"""The movement encodings (asp_rules/wotr/move_*.lp) against the brute-force generator
(pycombat/games/wotr/position/movegen.py) on random positions on the real map (hypothesis), the counts of
known positions, and the counting shortcut (independent Character movers) against full listing."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycombat.errors import ScenarioError, TooLargeError
from pycombat.games.wotr.board import load_board, load_nations
from pycombat.games.wotr.characters import load_characters
from pycombat.games.wotr.position.movegen import BruteForce
from pycombat.games.wotr.position.moves import count_moves, legal_moves
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from budget import examples  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples" / "wotr"
BOARD = load_board()
REGIONS = sorted(BOARD.regions)
STRONGHOLDS = sorted(r.id for r in BOARD.settlements("stronghold"))
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
    for name, entry in content.items():  # an Army holds the Settlement it stands in, but as besieger (WOTR-CAPT-1)
        r = BOARD.regions[next(x for x in REGIONS if BOARD.regions[x].name == name)]
        sides = {NATIONS[n].side for n in entry.get("units", {})}
        if r.settlement in ("town", "city", "stronghold") and len(sides) == 1 and "besieged" not in entry:
            control[name] = sides.pop()
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


@settings(max_examples=examples(70), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
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


# ---- check mode agrees with the generator ------------------------------------------------------------
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(positions(), st.randoms(use_true_random=False))
def test_check_mode_agrees_with_brute_force(data, rnd):
    """A candidate is legal in check mode (move_legal.lp without the generator) exactly when the brute
    force lists it: a few legal moves, and candidates made by sending a moving group elsewhere."""
    from pycombat.games.wotr.position.moves import check_move

    try:
        s = scenario_from_dict(data, file="random.yaml")
    except ScenarioError:
        return
    brute = BruteForce(s)
    if brute.count() > 3000:
        return
    legal = sorted(brute.moves())
    for moved in rnd.sample(legal, min(3, len(legal))):
        steps: dict = {}
        for g, f, t, c in moved:
            steps.setdefault((f, t), {})[g] = c
        assert check_move(s, [(f, t, c) for (f, t), c in steps.items()]).legal, moved
        # the same figures sent to a random region instead
        f, t = next(iter(steps))
        other = rnd.choice(REGIONS)
        if other == f:
            continue
        cand = dict(steps)
        cand[(f, other)] = cand.pop((f, t))
        key = tuple(sorted((g, ff, tt, c) for (ff, tt), gs in cand.items() for g, c in gs.items()))
        verdict = check_move(s, [(ff, tt, c) for (ff, tt), c in cand.items()])
        assert verdict.legal == (key in brute.moves()), (cand, verdict.violations)
        if not verdict.legal:
            assert verdict.violations and all(v.rule.startswith("WOTR-") for v in verdict.violations)


# ---- counts of known positions (computed by the brute force) ------------------------------------------------
SETUP_COUNTS = [("shadow", "army", 46305), ("shadow", "army_muster", 46305), ("shadow", "character", 88529391),
                ("shadow", "muster", 0), ("shadow", "event", 0), ("free_peoples", "army_muster", 16573),
                ("free_peoples", "character", 75), ("free_peoples", "will_of_the_west", 16573)]


@pytest.mark.parametrize("side,die,count", SETUP_COUNTS, ids=[f"{a}-{b}" for a, b, _ in SETUP_COUNTS])
def test_setup_counts(side, die, count):
    """The 2e setup (no Nation At War yet): the number of legal moves of each die result, by the ASP and by
    the brute force (like perft tables)."""
    s = scenario_from_dict({"game": "wotr", "position": "setup", "action": {"side": side, "die": die}}, file="x")
    assert count_moves(s).total == count
    assert BruteForce(s).count() == count


def test_setup_army_moves_listed_equal_brute_force():
    s = load_scenario(EX / "moves_setup_shadow_army.yaml")
    assert {m.moved for m in legal_moves(s)} == BruteForce(s).moves()


def test_counting_shortcut_equals_listing():
    """Character moves are counted as a product over independent movers: the same number as listing them."""
    s = load_scenario(EX / "moves_companions.yaml")
    listed = legal_moves(s, max_list=None)
    assert len(listed) == count_moves(s).total == 2135
    assert {m.moved for m in listed} == BruteForce(s).moves()


def test_explosion_is_refused_not_hung():
    s = load_scenario(EX / "moves_setup_shadow_character.yaml")
    with pytest.raises(TooLargeError, match="88,529,391 legal moves: more than --max-list 100,000"):
        legal_moves(s)


def test_siege_example():
    s = load_scenario(EX / "moves_siege_of_minas_tirith.yaml")
    assert count_moves(s).total == BruteForce(s).count() == 4605


# ---- the position reader --------------------------------------------------------------------------------------
@pytest.mark.parametrize("change,message", [
    ({"action": {"side": "free_peoples", "die": "army"}}, "the Free Peoples dice have no Army face (WOTR-DICE-1)"),
    ({"action": {"side": "shadow", "die": "will_of_the_west"}}, "the Shadow dice have no Will of the West face"),
    ({"position": {"regions": {"Minas Tirit": {}}}}, "unknown region 'Minas Tirit'; did you mean 'Minas Tirith'"),
    ({"position": {"regions": {"Osgiliath": {"characters": ["Legolass"]}}}}, "did you mean 'Legolas'"),
    ({"position": {"regions": {"Osgiliath": {"units": {"Gondor": {"leaders": 1}}}}}}, "WOTR-MOVE-7"),
    ({"position": {"regions": {"Osgiliath": {"units": {"Gondor": {"regulars": 1}, "Sauron": {"regulars": 1}}}}}},
     "only possible in a siege"),
    ({"position": {"regions": {"Osgiliath": {"units": {"Sauron": {"regulars": 11}}}}}}, "WOTR-STACK-1"),
    ({"position": {"regions": {"Minas Tirith": {"units": {"Gondor": {"regulars": 6}, "Sauron": {"regulars": 2}},
                                                "besieged": "free_peoples"}}}}, "WOTR-SITE-5"),
    ({"position": {"regions": {"Edoras": {"characters": ["Saruman"]}}}}, "WOTR-CHMOVE-8"),
    ({"position": {"regions": {"Edoras": {"characters": ["Gollum"]}}}}, "never on the map"),
    ({"attacker": {"region": "Osgiliath"}}, "a battle (attacker/defender/battle) or a position"),
    ({"hand": [{"name": "X", "type": "army"}, {"name": "x", "type": "muster"}]}, "twice in the hand"),
])
def test_bad_positions_are_clear_errors(change, message):
    data = {"game": "wotr", "position": {"regions": {"Osgiliath": {"units": {"Sauron": {"regulars": 2}}}}},
            "action": {"side": "shadow", "die": "army"}}
    data.update(change)
    with pytest.raises(ScenarioError, match=None) as exc:
        scenario_from_dict(data, file="bad.yaml")
    assert message in str(exc.value) and str(exc.value).startswith("bad.yaml: ")
