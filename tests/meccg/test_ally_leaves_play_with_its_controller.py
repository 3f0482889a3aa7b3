"""An ally leaves play with its controlling character (MECCG-BODY-4, CoE 3.I.2: an eliminated character's
"other non-follower cards are discarded", his allies among them; a character discarded takes them with him
too). War-wolf, Lagduf's ally, whose strike comes after Lagduf's: if Lagduf is eliminated or discarded in his
strike, War-wolf is discarded with him and its strike is not resolved: no roll, no wound, no kill MP for
anyone. ``odds`` (checked against a brute force over every die), ``replay``, ``verify`` and the game
``optimize`` solves (the defender choosing the strike order, MECCG-SEQ-1) agree."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.combat.game import CvccGame, Objective
from pycombat.games.meccg.combat.strikes import combat_odds, marginal
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import replay, verify

#: 2d6 totals and their chances (out of 36)
TWO_D6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def _doc(strikes: list[dict], *, allies=("War-wolf",), claims=()) -> dict:
    return {"game": "meccg",
            "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Faramir"]},
            "defender": {"player": "Jim", "alignment": "minion", "site": "Moria",
                         "members": ["Lagduf", *({"name": a, "ally_of": "Lagduf"} for a in allies)]},
            "combat": {"strikes": strikes},
            "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]}


LAGDUF_FIRST = [{"defender": "Lagduf", "attacker": "Aragorn II"}, {"defender": "War-wolf", "attacker": "Faramir"}]


def _brute_force_bobs_kill_mp() -> dict[int, Fraction]:
    """Bob's kill MPs over every die, written out from the printed cards: Lagduf (prowess 5, body 8, discarded
    on a body check of 8, 1 MP) faces Aragorn II (6/9), then War-wolf (2/7, 1 MP) faces Faramir (5/8) unless
    Lagduf left play; the loser's body check is eliminated above his body (MECCG-BODY-1/2)."""
    first: dict[tuple[int, bool], Fraction] = {}  # strike 1 over its three dice: (Bob's MP, Lagduf gone)
    for a1, d1, b1 in product(TWO_D6, repeat=3):
        p = TWO_D6[a1] * TWO_D6[d1] * TWO_D6[b1]
        mp, gone = 0, False
        if 6 + a1 > 5 + d1:  # Lagduf loses: Bob's body check
            if b1 == 8:
                gone = True  # discarded, no kill MP
            elif b1 > 8:
                mp, gone = 1, True
        first[(mp, gone)] = first.get((mp, gone), Fraction(0)) + p
    # strike 2 over its three dice, rolled only while Lagduf is in play: War-wolf loses and is eliminated
    wolf = sum((TWO_D6[a2] * TWO_D6[d2] * TWO_D6[b2] for a2, d2, b2 in product(TWO_D6, repeat=3)
                if 5 + a2 > 2 + d2 and b2 > 7), Fraction(0))
    out: dict[int, Fraction] = {}
    for (mp, gone), p in first.items():
        for extra, q in ((0, Fraction(1)),) if gone else ((1, wolf), (0, 1 - wolf)):
            out[mp + extra] = out.get(mp + extra, Fraction(0)) + p * q
    return {k: v for k, v in out.items() if v}


def test_odds_agree_with_a_brute_force_over_the_dice():
    co = combat_odds(scenario_from_dict(_doc(LAGDUF_FIRST), file="<t>"))
    got = dict(marginal(co.kill_mp, 1).items())
    assert got == _brute_force_bobs_kill_mp()
    assert got == {1: Fraction(48137675, 120932352), 0: Fraction(72794677, 120932352)}
    assert co.fates["War-wolf"]["discarded"] == Fraction(3605, 15552)  # P(Lagduf eliminated or discarded)


def test_odds_with_allies_that_face_no_strike():
    """Great Bats and the Regiment of Black Crows beside War-wolf: Bob never scores Lagduf's and War-wolf's MP
    together when Lagduf's strike comes first."""
    doc = _doc(LAGDUF_FIRST, allies=("Great Bats", "War-wolf", "Regiment of Black Crows"))
    kill_a = marginal(combat_odds(scenario_from_dict(doc, file="<t>")).kill_mp, 1)
    assert kill_a.prob(lambda k: k == 2) == 0


def test_in_the_other_order_both_may_be_eliminated():
    """War-wolf's strike first: it is resolved, then Lagduf's; the order is the defender's (MECCG-SEQ-1)."""
    doc = _doc(list(reversed(LAGDUF_FIRST)))
    kill_a = marginal(combat_odds(scenario_from_dict(doc, file="<t>")).kill_mp, 1)
    assert kill_a.prob(lambda k: k == 2) > 0


@pytest.mark.parametrize("body, fate, kill_mp", [(12, "eliminated", 1), (8, "discarded", 0)])
def test_replay_discards_the_ally_with_its_controller(body, fate, kill_mp):
    strikes = [{**LAGDUF_FIRST[0], "rolls": {"attacker": [12], "defender": [2], "body": body}}, LAGDUF_FIRST[1]]
    rep = replay(scenario_from_dict(_doc(strikes), file="<t>"))
    (_s1, steps1, o1), (_s2, steps2, o2) = rep.replay.strikes
    assert (o1.loser, o1.fate) == ("Lagduf", fate) and ("War-wolf", "discarded") in o1.also
    assert any(st.rules == ("MECCG-BODY-4",) and st.text.startswith("War-wolf, Lagduf's ally") for st in steps1)
    assert o2.result == "absent" and steps2[0].rules == ("MECCG-BODY-4",)
    assert rep.replay.kill_mp == (0, kill_mp)
    assert rep.replay.allies_gone == [("War-wolf", "Lagduf")]


def test_replay_refuses_dice_for_the_strike_of_an_ally_gone_with_its_controller():
    strikes = [{**LAGDUF_FIRST[0], "rolls": {"attacker": [12], "defender": [2], "body": 12}},
               {**LAGDUF_FIRST[1], "rolls": {"attacker": [12], "defender": [2], "body": 12}}]
    with pytest.raises(ScenarioError) as exc:
        replay(scenario_from_dict(_doc(strikes), file="<t>"))
    assert exc.value.path == "combat.strikes[1].rolls.attacker" and "MECCG-BODY-4" in str(exc.value)


def test_verify_says_the_ally_is_not_eliminated_in_its_strike():
    strikes = [{**LAGDUF_FIRST[0], "rolls": {"attacker": [12], "defender": [2], "body": 12}}, LAGDUF_FIRST[1]]
    claims = ["War-wolf is eliminated in strike 2", "strike 2 succeeds", "eliminating War-wolf gives the attacker 1 MP"]
    got = verify(scenario_from_dict(_doc(strikes, claims=claims), file="<t>")).verdicts
    assert [v.verdict for v in got] == [False, False, True]
    assert "MECCG-BODY-4" in got[0].rules and "MECCG-BODY-4" in got[1].rules


def _resolve(game: CvccGame, first: tuple[str, str]):
    """The position where ``first`` is resolved first, after the assignment Aragorn II -> Lagduf, Faramir ->
    War-wolf (every other decision the first legal one)."""
    st = game.new_initial_state().child((("Aragorn II", "Lagduf"), ("Faramir", "War-wolf")))
    while st.stage != "resolve":
        acts = st.legal_actions()
        st = st.child(first if st.stage == "order" else acts[0])
    return st


def test_optimize_drops_the_allys_strike_when_its_controller_leaves_play():
    """In the game optimize solves, every outcome of Lagduf's strike in which he leaves play leaves War-wolf's
    strike out (no strike left: the end); every other outcome still has it."""
    game = CvccGame(scenario_from_dict(_doc([]), file="<t>"), Objective("kill_mp"), prune=False, group_outcomes=False)
    st = _resolve(game, ("Aragorn II", "Lagduf"))
    seen = set()
    for o, p in st.chance_outcomes():
        assert p > 0
        nxt = st.child(o)
        leaves = o.loser == "Lagduf" and o.fate in ("eliminated", "discarded")
        seen.add(leaves)
        assert ("War-wolf" in {n for n, _f in o.also}) == leaves
        assert (nxt.stage == "end") == leaves, (o, nxt.stage)
    assert seen == {True, False}


def test_the_strike_order_changes_the_value_of_the_game():
    """The defender chooses the order (MECCG-SEQ-1): Lagduf first can end War-wolf's strike, War-wolf first
    cannot, so the two orders are worth different amounts."""
    from pycombat.tree.build import build_tree
    from pycombat.tree.graph import solve

    values = {}
    for prune in (True, False):  # the default game keeps both orders, and agrees with the unpruned one
        game = CvccGame(scenario_from_dict(_doc([]), file="<t>"), Objective("kill_mp"), prune=prune)
        st = game.new_initial_state().child((("Aragorn II", "Lagduf"), ("Faramir", "War-wolf")))
        while st.stage != "order":
            st = st.child(st.legal_actions()[0])
        values[prune] = {a: solve(build_tree(st.child(a)))[0] for a in st.legal_actions()}
        values[prune, "whole"] = solve(build_tree(st))[0]
    assert values[True] == values[False] and values[True, "whole"] == values[False, "whole"]
    assert len(values[True]) == 2 and len(set(values[True].values())) == 2
    assert values[True, "whole"] == max(values[True].values())  # the defender picks the better order
