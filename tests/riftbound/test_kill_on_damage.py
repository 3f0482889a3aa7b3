"""RB-CARD-23: "kill it the next time it takes damage" (Noxian Guillotine) and "when any unit takes
damage this turn, kill it" (Imperial Decree), under both readings of ``kill_on_damage_lethal``.

The damage step is checked against a brute force written here, independent of the model: every
damage vector of the right total over the defenders, legal by the digest's RB-MODEL-3 statement with
lethal amounts worked out here (``might``: the Might-based amount; ``one``: 1 dealt), and each
defender's fate at the cleanup (any damage dealt kills a marked unit). The encodings (closed forms
off), the closed forms, the Python kill classes and the wipe-out question must all agree with it.
The showdown side (a card's damage kills, prevention that stops it all does not, death replacements
still apply), verify both ways and the coverage listing follow.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_riftbound_bruteforce import boards as keyword_boards

from pycombat import solver
from pycombat.games.riftbound.cards.coverage import coverage
from pycombat.games.riftbound.cards.interpreter import effect_support
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage import splits
from pycombat.games.riftbound.damage.bruteforce import replay_orders
from pycombat.games.riftbound.damage.game import kill_classes
from pycombat.games.riftbound.damage.judge import needs
from pycombat.games.riftbound.damage.outcome import resolve, wipe_values
from pycombat.games.riftbound.damage.splits import LegalSplits, derive
from pycombat.games.riftbound.model import Board, Unit
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.verbs import verify
from pycombat.rulebook import load_rulebook

DEFAULTS = load_rulebook("riftbound").defaults()
SETTINGS = settings(max_examples=examples(160), deadline=None, suppress_health_check=[HealthCheck.too_slow])
GUILLOTINE = "Noxian Guillotine"


# ---- the brute force (independent of model.Unit.lethal / dies_with and of the encodings) -------------

def lethal_bf(u: Unit, flags) -> int | None:
    """The amount lethal-first asks for (None: all damage prevented, never lethal)."""
    if u.prevent_all:
        return None
    if u.kill_on_damage and flags["kill_on_damage_lethal"] == "one":
        need = 1  # 1 dealt kills it
    else:
        counted = u.marked if flags["marked_damage"] == "remaining" else 0
        need = max(1, u.might - counted)
    need += u.prevent
    f = 2 ** u.doubled
    return -(-need // f) if flags["rules_version"] == "v1.4" else need


def dies_bf(u: Unit, a: int) -> bool:
    dealt = 0 if u.prevent_all or a == 0 else max(0, a * 2 ** u.doubled - u.prevent)
    if u.kill_on_damage and dealt > 0:
        return True  # it took damage
    return u.marked + dealt > 0 and u.marked + dealt >= u.current_might  # (printed Might on the simple boards)


def legal_bf(defenders, total: int, flags) -> dict[tuple, frozenset]:
    """Every legal vector (as the solver lists it: (unit, amount > 0) in unit order) with the units it kills.
    One tier (no Tank, no Backline), ``excess_damage = free``: if the total reaches every lethal amount,
    each unit gets at least its own; else no unit gets more than its own and at most one gets less but
    not nothing (RB-MODEL-3)."""
    names = [u.name for u in defenders]
    lethal = {u.name: lethal_bf(u, flags) for u in defenders}
    big = all(v is not None for v in lethal.values()) and total >= sum(lethal.values())
    out = {}
    for vec in itertools.product(range(total + 1), repeat=len(names)):
        if sum(vec) != total:
            continue
        d = dict(zip(names, vec))
        if big:
            ok = all(d[n] >= lethal[n] for n in names)
        else:
            short = [n for n in names if d[n] > 0 and (lethal[n] is None or d[n] < lethal[n])]
            over = [n for n in names if lethal[n] is not None and d[n] > lethal[n]]
            ok = len(short) <= 1 and not over
        if ok:
            key = tuple((n, d[n]) for n in names if d[n] > 0)
            out[key] = frozenset(u.name for u in defenders if dies_bf(u, d[u.name]))
    return out


@st.composite
def simple_boards(draw):
    flags = dict(DEFAULTS, marked_damage=draw(st.sampled_from(["remaining", "ignore"])),
                 rules_version=draw(st.sampled_from(["v1.3", "v1.4"])),
                 kill_on_damage_lethal=draw(st.sampled_from(["might", "one"])))
    defenders = []
    for i in range(draw(st.integers(1, 3))):
        might = draw(st.integers(1, 5))
        marked = draw(st.integers(0, might - 1))
        defenders.append(Unit(f"D{i}", "defender", might, marked=marked,
                              prevent=draw(st.sampled_from([0, 0, 1, 2])),
                              doubled=draw(st.sampled_from([0, 0, 1])),
                              prevent_all=draw(st.sampled_from([False] * 8 + [True])),
                              kill_on_damage=draw(st.sampled_from([None, GUILLOTINE, GUILLOTINE]))))
    attacker = Unit("A", "attacker", draw(st.integers(1, 8)))
    return Board((attacker,), tuple(defenders), flags)


def _answers(board: Board, closed: bool):
    """The attacker's legal vectors, their count and the wipe-out values, closed forms on or off."""
    before = splits.CLOSED_FORMS
    splits.CLOSED_FORMS = closed
    solver.clear_caches(keep_parsed=True)
    try:
        view = LegalSplits(board, "attacker")
        vectors = {s.amounts for s in view}
        return vectors, view.count(), wipe_values(board, "attacker"), derive(board).lethal
    finally:
        splits.CLOSED_FORMS = before
        solver.clear_caches(keep_parsed=True)


@SETTINGS
@given(simple_boards())
def test_splits_kills_and_wipe_out_against_the_brute_force(board):
    bf = legal_bf(board.defender, board.attacker[0].might, board.flags)
    for closed in (False, True):
        vectors, count, wipe, lethal = _answers(board, closed)
        assert vectors == set(bf), (closed, board)
        assert count == len(bf)
        assert wipe == frozenset(len(k) == len(board.defender) for k in bf.values()), (closed, board)
        assert {u.name: lethal[u.name] for u in board.defender if not u.prevent_all} \
            == {u.name: lethal_bf(u, board.flags) for u in board.defender if not u.prevent_all}
    # the cleanup's kills (model.Unit.dies_with, what kill_classes groups by) against the brute force
    got = Counter()
    for c in kill_classes(board, "attacker"):
        got[frozenset(c.killed)] += c.count
    assert got == Counter(bf.values())


@SETTINGS
@given(simple_boards())
def test_the_judges_most_kills_against_the_brute_force(board):
    """RB-JUDGE-1's "it can kill N" is the most units a legal split kills (the readings under which
    lethal and the cleanup's kills differ for unmarked units, marked_damage=ignore and doubling before
    v1.4, are left out: there the judge counts lethal amounts)."""
    if board.flags["marked_damage"] != "remaining" or any(u.doubled or u.prevent_all for u in board.defender):
        return
    bf = legal_bf(board.defender, board.attacker[0].might, board.flags)
    assert needs(board, "attacker")["kills_possible"] == max(len(k) for k in bf.values()), board


@st.composite
def marked_keyword_boards(draw):
    """The brute-force tests' boards (every keyword, every flag) with some units marked."""
    b = draw(keyword_boards())
    mark = lambda us: tuple(replace(u, kill_on_damage=draw(st.sampled_from([None, None, GUILLOTINE])))  # noqa: E731
                            for u in us)
    return Board(mark(b.attacker), mark(b.defender),
                 dict(b.flags, kill_on_damage_lethal=draw(st.sampled_from(["might", "one"]))))


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(marked_keyword_boards())
def test_encodings_and_closed_forms_agree_with_the_replayed_orders(board):
    """With Tank, Backline, immune units and every flag: the encodings and the closed forms list what a
    replay of every lethal-first order lists (lethal read off the model), and wipe out alike."""
    for side in ("attacker", "defender"):
        replay = replay_orders(board, side)
        for closed in (False, True):
            before = splits.CLOSED_FORMS
            splits.CLOSED_FORMS = closed
            solver.clear_caches(keep_parsed=True)
            try:
                assert {s.amounts for s in LegalSplits(board, side)} == replay, (closed, side, board)
                assert wipe_values(board, side) == _wipe_bf(board, side, replay)
            finally:
                splits.CLOSED_FORMS = before
                solver.clear_caches(keep_parsed=True)


def _wipe_bf(board: Board, side: str, vectors) -> frozenset[bool]:
    if not board.damage_step:
        return frozenset({not board.side("defender" if side == "attacker" else "attacker")})
    opp = board.defender if side == "attacker" else board.attacker
    return frozenset(all(dies_bf(u, dict(v).get(u.name, 0)) and not u.immune for u in opp) for v in vectors)


# ---- the two readings on one board -------------------------------------------------------------------

def _board(flag: str) -> Board:
    return Board((Unit("A4", "attacker", 4),),
                 (Unit("G", "defender", 3, kill_on_damage=GUILLOTINE), Unit("D3", "defender", 3)),
                 dict(DEFAULTS, kill_on_damage_lethal=flag))


def test_might_keeps_the_might_based_amount_and_one_makes_1_lethal():
    might, one = _board("might"), _board("one")
    assert {s.amounts for s in LegalSplits(might, "attacker")} == {(("G", 3), ("D3", 1)), (("G", 1), ("D3", 3))}
    assert {s.amounts for s in LegalSplits(one, "attacker")} == {(("G", 1), ("D3", 3))}
    # under `might` G dies either way round: 3 is lethal, 1 is damage taken
    assert {frozenset(c.killed) for c in kill_classes(might, "attacker")} == {frozenset({"G"}),
                                                                            frozenset({"G", "D3"})}
    assert wipe_values(might, "attacker") == frozenset({False, True})
    assert wipe_values(one, "attacker") == frozenset({True})
    # RB-JUDGE-1 counts the short kill: 4 damage kills both
    assert needs(might, "attacker")["kills_possible"] == 2 and "RB-CARD-23" in needs(might, "attacker")["rules"]
    assert needs(one, "attacker")["kills_possible"] == 2
    unmarked = Board(might.attacker, (replace(might.defender[0], kill_on_damage=None), might.defender[1]), might.flags)
    assert needs(unmarked, "attacker")["kills_possible"] == 1


def test_prevention_that_stops_it_all_means_no_damage_taken():
    u = Unit("G", "defender", 5, kill_on_damage=GUILLOTINE, prevent=2)
    assert not u.dies_with(2) and u.dies_with(3)
    assert not replace(u, prevent_all=True).dies_with(9)
    assert u.lethal(dict(DEFAULTS, kill_on_damage_lethal="one")) == 3
    assert u.lethal(dict(DEFAULTS)) == 7


# ---- the showdown --------------------------------------------------------------------------------------

ATT = [{"name": "A4", "custom": True, "might": 4}, {"name": "A2", "custom": True, "might": 2}]
DEF = [{"name": "G", "custom": True, "might": 5}, {"name": "D3", "custom": True, "might": 3}]


def _s(showdown, claims=(), rules=None):
    data = {"game": "riftbound", "attacker": {"units": ATT}, "defender": {"units": DEF},
            "showdown": showdown, "claims": list(claims)}
    if rules:
        data["rules"] = rules
    return scenario_from_dict(data, file="<t>")


GUILLOTINE_ON_G = {"play": GUILLOTINE, "by": "attacker", "target": "G", "condition": False}


def test_a_cards_damage_kills_the_marked_unit_in_the_showdown():
    sd = play_showdown(_s([GUILLOTINE_ON_G, {"damage": 1, "unit": "G", "by": "attacker"}]))
    assert ("G", "defender", "killed") in sd.board.removed
    assert any("RB-CARD-23" in ln.rules and ln.text.startswith("Cleanup: G took damage") for ln in sd.lines)
    assert sd.unmodelled_json() == []


def test_the_mark_is_used_once_and_waits_for_the_combat_damage():
    sd = play_showdown(_s([GUILLOTINE_ON_G]))
    (g,) = [u for u in sd.board.defender if u.name == "G"]
    assert g.kill_on_damage == GUILLOTINE
    r = resolve(_s([GUILLOTINE_ON_G]), {"attacker": _split(sd.board, "attacker", G=3, D3=3),
                                        "defender": _split(sd.board, "defender", A4=4, A2=4)})
    assert set(r.died) >= {"G", "D3"}
    assert any("RB-CARD-23" in ln.rules and "G (took 3: Noxian Guillotine kills it)" in ln.text for ln in r.lines)


def _split(board, side, **amounts):
    from pycombat.games.riftbound.model import Split
    return Split(side, tuple(amounts.items()))


def test_damage_prevented_in_full_is_no_damage_taken():
    sd = play_showdown(_s([GUILLOTINE_ON_G, {"prevent": 2, "unit": "G", "by": "defender"},
                           {"damage": 2, "unit": "G", "by": "attacker"}]))
    (g,) = [u for u in sd.board.defender if u.name == "G"]
    assert g.kill_on_damage == GUILLOTINE and g.marked == 0  # still waiting
    sd = play_showdown(_s([GUILLOTINE_ON_G, {"play": "Unyielding Spirit", "by": "defender"},
                           {"play": "Incinerate", "by": "attacker", "target": "G"}]))
    assert "G" in [u.name for u in sd.board.defender]
    sd = play_showdown(_s([GUILLOTINE_ON_G, {"play": "Incinerate", "by": "attacker", "target": "G"}]))
    assert "G" not in [u.name for u in sd.board.defender]


def test_a_death_replacement_still_applies():
    sd = play_showdown(_s([GUILLOTINE_ON_G, {"play": "Tactical Retreat", "by": "defender", "target": "G"},
                           {"damage": 1, "unit": "G", "by": "attacker"}]))
    assert ("G", "defender", "healed, exhausted and recalled instead of dying") in sd.board.removed


def test_imperial_decree_reaches_every_unit_and_the_combat_damage():
    sd = play_showdown(_s([{"play": "Imperial Decree", "by": "defender"},
                           {"damage": 1, "unit": "A2", "by": "defender"}]))
    assert ("A2", "attacker", "killed") in sd.board.removed
    assert all(u.kill_on_damage == "Imperial Decree" for u in sd.board.attacker + sd.board.defender)
    assert sd.unmodelled_json() == []


def test_verify_both_ways():
    claims = [{"id": "legal", "claim": "the attacker may assign G 5, D3 1", "expect": True},
              {"id": "dies", "claim": "G dies", "expect": True},
              {"id": "lethal", "claim": "G's lethal damage is 5", "expect": True}]
    might = {c["id"]: c for c in verify(_s([GUILLOTINE_ON_G], claims)).to_json()["claims"]}
    one = {c["id"]: c for c in verify(_s([GUILLOTINE_ON_G], claims,
                                         {"kill_on_damage_lethal": "one"})).to_json()["claims"]}
    assert {k: v["verdict"] for k, v in might.items()} == {"legal": True, "dies": True, "lethal": True}
    assert {k: v["verdict"] for k, v in one.items()} == {"legal": False, "dies": True, "lethal": False}
    assert all(v["decided"] for v in list(might.values()) + list(one.values()))
    assert "RB-CARD-23" in [r["rule"] for r in one["legal"]["reasons"]]
    assert "RB-CARD-23" in [r["rule"] for r in might["dies"]["reasons"]]
    # without the card, the same claims: G (5 Might) does not always die
    plain = {c["id"]: c["verdict"] for c in verify(_s([], claims)).to_json()["claims"]}
    assert plain == {"legal": True, "dies": False, "lethal": True}


def test_coverage_lists_both_cards_as_modelled():
    rows = {c["name"]: c for c in coverage().cards}
    assert rows[GUILLOTINE]["status"] == "modelled"
    assert rows["Imperial Decree"]["status"] == "modelled"
    # another target or duration is not read
    assert not effect_support({"effect": "kill_on_damage", "target": {"count": 1, "kind": "unit"}})[0]


@pytest.mark.parametrize("flag", ["might", "one"])
def test_the_flag_is_a_const_of_the_encodings(flag):
    """The same board under each value: the solver's lethal amount follows the flag."""
    vectors, _, _, lethal = _answers(_board(flag), closed=False)
    assert lethal["G"] == (3 if flag == "might" else 1)


def test_the_showdown_player_weighs_guillotine_against_a_brute_force():
    """``optimize`` from hands (riftbound/play/): Noxian Guillotine is one of the attacker's options, and
    the value under optimal play equals the showdown test's brute force over every line."""
    from test_showdown_play import Brute, _doc

    from pycombat.games.riftbound import verbs

    doc = _doc(["Jinx - Demolitionist"], ["Blue Sentinel", "Stalwart Poro"], [GUILLOTINE], [])
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == Brute(doc).value()
    labels = {o.label for _, d in report.solution.decisions for o in d.options}
    assert f"attacker plays {GUILLOTINE} on Blue Sentinel" in labels
