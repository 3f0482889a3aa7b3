"""Invariants every game keeps, on random scenarios: nothing appears or vanishes, each event happens
once, simultaneous things are simultaneous, and every distribution sums to exactly 1.

* War of the Ring (WOTR-CAS): every figure is somewhere after each casualty choice (on the board, or
  a Regular available in the pool, or an Elite out of the game); a reduced Elite's Regular comes from
  the pool; after a whole battle no Nation has more figures or more Elites than it started with;
  every outcome distribution sums to 1.
* MECCG (MECCG-SEQ, MECCG-BODY): every assigned strike is resolved exactly once; a strike's kill MPs
  go to the player who did not lose the character, and are that character's; the joint kill-MP
  distribution sums to 1 and its mean is the sum of the strikes' means.
* Riftbound (RB-DMG-4, RB-RES-1): every unit is in one place after the cleanup (dead, or at the
  battlefield, or recalled); damage is dealt simultaneously, so a side's losses depend only on the
  other side's split; each split deals exactly its side's total.

Each invariant is checked on scenarios drawn by hypothesis, and each test is shown to fail when its
invariant is broken on purpose (the ``broken`` tests at the end).
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.wotr.battle.casualties import allocations, single_steps

SETTINGS = settings(max_examples=examples(80), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---- War of the Ring -----------------------------------------------------------------------------
@st.composite
def armies(draw):
    """Up to three Nations' (Regulars, Elites), a tracked pool of available Regulars, and hits."""
    n = draw(st.integers(1, 3))
    units = tuple((draw(st.integers(0, 4)), draw(st.integers(0, 3))) for _ in range(n))
    pool = tuple(draw(st.integers(0, 3)) for _ in range(n))
    return units, pool, draw(st.integers(0, 8))


def walk_casualties(units, pool, hits, choose, steps=single_steps):
    """Take ``hits`` one legal choice at a time (``choose`` picks an index); returns the ledger:
    per Nation (Regulars on the board, Elites on the board, Regulars available, Elites out)."""
    out = [0] * len(units)
    ledger = [tuple((r, e, p, 0) for (r, e), p in zip(units, pool))]
    while hits > 0 and any(r + e for r, e in units):
        options = steps(units, pool, hits)
        used, units2, pool2 = options[choose(len(options))]
        for i, ((r, e), (r2, e2)) in enumerate(zip(units, units2)):
            if e2 < e:
                out[i] += e - e2
            if r2 == r + 1 and e2 == e - 1:  # a reduced Elite: its Regular must come from the pool
                assert pool[i] >= 1 and pool2[i] == pool[i] - 1, (units, pool, units2, pool2)
        units, pool, hits = units2, pool2, hits - used
        ledger.append(tuple((r, e, p, x) for (r, e), p, x in zip(units, pool, out)))
    return ledger


@SETTINGS
@given(armies(), st.randoms(use_true_random=False))
def test_wotr_every_figure_is_somewhere_after_each_casualty_choice(army, rnd):
    units, pool, hits = army
    ledger = walk_casualties(units, pool, hits, lambda n: rnd.randrange(n))
    start = ledger[0]
    for state in ledger[1:]:
        for (r0, e0, p0, _), (r, e, p, out) in zip(start, state):
            assert r + p == r0 + p0  # a Regular is on the board or available (removed ones become available)
            assert e + out == e0  # an Elite is on the board or out of the game
            assert min(r, e, p) >= 0


@SETTINGS
@given(armies())
def test_wotr_no_allocation_makes_figures_or_regulars_from_nothing(army):
    units, pool, hits = army
    for final, _pool in allocations(units, pool, hits):
        for (r0, e0), p0, (r, e) in zip(units, pool, final):
            assert e <= e0 and r + e <= r0 + e0
            assert r <= r0 + min(p0 + r0, e0 - e)  # every extra Regular is a reduced Elite, from the pool


WOTR_BATTLE = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
               "attacker": {"region": "Ash Mountains"}, "defender": {"region": "Dagorlad", "retreat_to": []}}


@st.composite
def wotr_battles(draw):
    att = {"regulars": draw(st.integers(0, 3)), "elites": draw(st.integers(0, 2))}
    dfd = {"regulars": draw(st.integers(0, 3)), "elites": draw(st.integers(0, 2)),
           "leaders": draw(st.integers(0, 1))}
    if att["regulars"] + att["elites"] == 0:
        att["regulars"] = 1
    if dfd["regulars"] + dfd["elites"] == 0:
        dfd["elites"] = 1
    flags = {"max_rounds": draw(st.sampled_from(["none", "1", "2"])),
             "casualty_policy": draw(st.sampled_from(["enumerate", "regulars_first", "downgrade_first"]))}
    doc = {**WOTR_BATTLE, "attacker": {**WOTR_BATTLE["attacker"], "units": {"Sauron": att}},
           "defender": {**WOTR_BATTLE["defender"], "units": {"Gondor": dfd}}}
    return doc, flags


def _exact(p) -> Fraction:
    return Fraction(p["exact"])


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wotr_battles())
def test_wotr_battle_outcomes_sum_to_one_and_keep_every_figure_accounted(battle):
    import pycombat

    doc, flags = battle
    out = pycombat.load(doc, flags).odds().to_json()
    start = {"attacker": doc["attacker"]["units"]["Sauron"], "defender": doc["defender"]["units"]["Gondor"]}
    for name, pol in out["policies"].items():
        assert sum(_exact(p) for p in pol["outcomes"].values()) == 1, name
        assert sum(_exact(p) for p in pol["attacker_units_left"].values()) == 1
        assert sum(_exact(p) for p in pol["defender_units_left"].values()) == 1
        assert sum(_exact(d["p"]) for d in pol["detail"]) == 1
        for d in pol["detail"]:
            for role in ("attacker", "defender"):
                s = start[role]
                for r, e in d[role]:  # one (Regulars, Elites) per Nation: Sauron / Gondor
                    assert e <= s["elites"] and r + e <= s["regulars"] + s["elites"], (role, d)


# ---- MECCG ---------------------------------------------------------------------------------------
MINIONS = ["Shagrat", "Lagduf", "Old Troll", "Gorbag", "Ufthak", "Horseman in the Night", "Odoacer"]
HEROES = ["Aragorn II", "Gimli", "Legolas", "Éomer", "Faramir", "Frodo", "Gandalf", "Bilbo"]


@st.composite
def meccg_combats(draw):
    """A minion company attacking a hero company at Moria, with a legal assignment as its combat."""
    import pycombat

    att = draw(st.lists(st.sampled_from(MINIONS), min_size=1, max_size=3, unique=True))
    dfd = draw(st.lists(st.sampled_from(HEROES), min_size=1, max_size=3, unique=True))
    status = st.sampled_from(["untapped", "untapped", "tapped", "wounded"])
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                        "members": [{"name": n, "status": draw(status)} for n in att]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                        "members": [{"name": n, "status": draw(status)} for n in dfd]}}
    options = pycombat.load(doc).enumerate(limit=50).to_json()["options"]
    option = draw(st.sampled_from(options))
    strikes = [{"defender": p["defender"], "attacker": p["attacker"]} for p in option["pairs"]]
    if option["excess"] and strikes:
        strikes[0]["excess"] = list(option["excess"])
    doc["combat"] = {"strikes": strikes}
    return doc, option


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(meccg_combats())
def test_meccg_each_strike_once_and_kill_mps_to_the_right_player(combat):
    from pycombat.games.meccg.schema import scenario_from_dict
    from pycombat.games.meccg.combat.strikes import combat_odds, kill_mp

    doc, option = combat
    scenario = scenario_from_dict(doc)
    co = combat_odds(scenario)
    pairs = [(s.attacker.member.name, s.defender.member.name) for s in co.setups]
    assert sorted(pairs) == sorted((p["attacker"], p["defender"]) for p in option["pairs"])  # each strike once
    assert len({a for a, _ in pairs}) == len(pairs) and len({d for _, d in pairs}) == len(pairs)
    assert [s.index for s in co.setups] == list(range(1, len(pairs) + 1))
    mean_d = mean_a = Fraction(0)
    attacking, defending = scenario.attacker.alignment, scenario.defender.alignment  # (the scorers' alignments)
    for setup, dist in zip(co.setups, co.per_strike):
        assert sum(dist.values()) == 1
        for o, p in dist.items():
            a, d = setup.attacker.member, setup.defender.member
            if o.fate == "eliminated" and o.loser == a.name:  # the attacker's character: the defending player scores
                assert (o.kill_mp_defender_player, o.kill_mp_attacker_player) == (kill_mp(a, defending), 0)
            elif o.fate == "eliminated" and o.loser == d.name:
                assert (o.kill_mp_defender_player, o.kill_mp_attacker_player) == (0, kill_mp(d, attacking))
            else:
                assert (o.kill_mp_defender_player, o.kill_mp_attacker_player) == (0, 0)
            mean_d += p * o.kill_mp_defender_player
            mean_a += p * o.kill_mp_attacker_player
    assert sum(p for _, p in co.kill_mp.items()) == 1
    assert sum(p * k[0] for k, p in co.kill_mp.items()) == mean_d
    assert sum(p * k[1] for k, p in co.kill_mp.items()) == mean_a


# ---- Riftbound -----------------------------------------------------------------------------------
@st.composite
def riftbound_boards(draw):
    """Scenarios of custom units with Might and combat keywords (2 to 3 a side)."""
    def unit(i: int, side: str) -> dict:
        kws = draw(st.lists(st.sampled_from(["Tank", "Backline", "Assault", "Shield"]), max_size=2, unique=True))
        return {"name": f"{side}{i}", "custom": True, "might": draw(st.integers(1, 6)), "keywords": kws}
    att = [unit(i, "A") for i in range(draw(st.integers(1, 3)))]
    dfd = [unit(i, "D") for i in range(draw(st.integers(1, 3)))]
    return {"game": "riftbound", "attacker": {"player": "Ann", "units": att},
            "defender": {"player": "Bo", "units": dfd}}


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(riftbound_boards(), st.randoms(use_true_random=False))
def test_riftbound_every_unit_in_one_place_and_damage_simultaneous(doc, rnd):
    from pycombat.games.riftbound.damage.outcome import OUTCOMES, resolve
    from pycombat.games.riftbound.schema import scenario_from_dict
    from pycombat.games.riftbound.damage.splits import LegalSplits, derive

    scenario = scenario_from_dict(doc)
    first = resolve(scenario)
    board = first.board
    d = derive(board)
    listed = {s: list(LegalSplits(board, s)) for s in ("attacker", "defender")}
    for s, splits in listed.items():
        assert splits and all(sp.total == d.to_assign[s] for sp in splits)  # each split deals its side's total
    names = {s: [u.name for u in board.side(s)] for s in ("attacker", "defender")}
    deaths_of: dict[tuple[str, int], set] = {}
    for _ in range(4):
        chosen = {s: rnd.choice(listed[s]) for s in listed}
        r = resolve(scenario, chosen)
        for s in ("attacker", "defender"):  # one place each: dead, or still at the battlefield
            here = [n for n in names[s] if n in r.died] + list(r.survivors[s])
            assert sorted(here) == sorted(names[s]), (s, r.died, r.survivors)
        for s in ("attacker", "defender"):  # simultaneous: a side's losses depend only on the other's split
            other = "defender" if s == "attacker" else "attacker"
            key = (s, listed[other].index(chosen[other]))
            lost = {n for n in r.died if n in names[s]}
            assert deaths_of.setdefault(key, lost) == lost, (s, chosen)
    assert r.outcome in OUTCOMES


# ---- the invariants catch a broken rule ----------------------------------------------------------
def test_broken_casualty_rule_is_caught():
    """A choice that reduces an Elite without taking its Regular from the pool breaks the ledger."""
    def leaky(units, pool, hits):
        return [(1, ((r + 1, e - 1),) + units[1:], pool) for (r, e) in units[:1] if e]

    with pytest.raises(AssertionError):
        walk_casualties(((0, 1),), (0,), 1, lambda n: 0, steps=leaky)


def test_kill_mps_to_the_wrong_player_are_caught(monkeypatch):
    """Kill MPs credited to the player who lost the character: the MECCG invariant fails."""
    import random

    from pycombat.games.meccg.combat import strikes as strike

    def wrong(o):
        return o._replace(kill_mp_defender_player=o.kill_mp_attacker_player,
                          kill_mp_attacker_player=o.kill_mp_defender_player)
    original = strike.strike_outcomes
    monkeypatch.setattr(strike, "strike_outcomes", lambda setup, sc: original(setup, sc).map(wrong))
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": [{"name": "Shagrat"}]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": [{"name": "Aragorn II"}]},
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat"}]}}
    option = {"pairs": [{"attacker": "Shagrat", "defender": "Aragorn II"}], "excess": []}
    random.seed(0)
    with pytest.raises(AssertionError):
        test_meccg_each_strike_once_and_kill_mps_to_the_right_player.hypothesis.inner_test((doc, option))


def test_sequential_damage_is_caught(monkeypatch):
    """Damage dealt in turn (defenders killed first deal nothing) breaks the Riftbound invariant."""
    import random

    from pycombat.games.riftbound.damage import outcome

    original = outcome.resolve

    def in_turn(scenario, splits=None):
        r = original(scenario, splits)
        if "D0" in r.died:  # as if D0, killed first, took its damage back: no attacker dies
            died = tuple(n for n in r.died if not n.startswith("A"))
            return outcome.Resolution(r.board, r.splits, r.dealt, died,
                                      {"attacker": tuple(u.name for u in r.board.attacker),
                                       "defender": r.survivors["defender"]}, r.outcome, r.scores, r.lines, r.chosen)
        return r
    monkeypatch.setattr(outcome, "resolve", in_turn)
    doc = {"game": "riftbound",
           "attacker": {"player": "Ann", "units": [{"name": "A0", "custom": True, "might": 3, "keywords": []}]},
           "defender": {"player": "Bo", "units": [{"name": "D0", "custom": True, "might": 3, "keywords": []},
                                                  {"name": "D1", "custom": True, "might": 3, "keywords": []}]}}
    with pytest.raises(AssertionError):
        for seed in range(20):  # some draws kill D0 and some D1 with the same defender split
            test_riftbound_every_unit_in_one_place_and_damage_simultaneous.hypothesis.inner_test(
                doc, random.Random(seed))


def test_both_sides_deal_damage_at_once():
    """Two 3-Might units kill each other (RB-DMG-4): neither strikes first."""
    from pycombat.games.riftbound.damage.outcome import resolve
    from pycombat.games.riftbound.schema import scenario_from_dict

    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": [{"name": "A0", "custom": True, "might": 3}]},
           "defender": {"player": "Bo", "units": [{"name": "D0", "custom": True, "might": 3}]}}
    r = resolve(scenario_from_dict(doc))
    assert set(r.died) == {"A0", "D0"}  # both deal their damage at the same moment (RB-DMG-4)
