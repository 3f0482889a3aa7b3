"""The card game with casualties, ceasing and retreating chosen by the players (casualty_policy=enumerate):
its value checked against a brute force written here from the rules (one Nation a side, Regulars and
Elites, no Leaders: no re-roll; field battle; replacement_pool=unlimited), which solves the same game
by plain recursion: the cards (a matrix game), the dice, the attacker's casualties (max), the
defender's (min, WOTR-CAS-2), Great Host's extra hit after them, then cease (WOTR-ROUND-3) and retreat
(WOTR-END-3); and the report of every decision (options valued, forced ones marked) in text and JSON."""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pycombat.games.wotr.cards.optimize import choose_cards
from pycombat.games.wotr.schema import scenario_from_dict


def _scenario(att, dfn, ha, hd, max_rounds, retreat, policy="enumerate", stronghold=False):
    a = {"region": "Osgiliath" if stronghold else "Ash Mountains",
         "units": {"Sauron": {"regulars": att[0], "elites": att[1]}}, "hand": list(ha)}
    d = {"region": "Minas Tirith" if stronghold else "Dagorlad",
         "units": {"Gondor": {"regulars": dfn[0], "elites": dfn[1]}}, "hand": list(hd)}
    if not retreat:
        d["retreat_to"] = []
    return scenario_from_dict({"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
                               "attacker": a, "defender": d,
                               "rules": {"casualty_policy": policy, "max_rounds": max_rounds,
                                         "replacement_pool": "unlimited"}}, file="decisions.yaml")


# ---- the brute force ---------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _hits(dice: int, modifier: int) -> tuple:
    """A Combat roll: 5+ with the modifier, a natural 6 always hits, a natural 1 never (WOTR-HIT-1..4)."""
    c = Counter(sum(f == 6 or (f != 1 and f + modifier >= 5) for f in faces)
                for faces in product(range(1, 7), repeat=dice))
    return tuple((k, Fraction(n, 6 ** dice)) for k, n in sorted(c.items()))


@lru_cache(maxsize=None)
def _taken(r: int, e: int, h: int) -> frozenset:
    """Every (Regulars, Elites) after ``h`` hits: a hit removes a Regular or turns an Elite into a
    Regular, two hits remove an Elite (WOTR-CAS-3/4); hits beyond the Army are lost (WOTR-CAS-10)."""
    if h <= 0 or r + e == 0:
        return frozenset({(r, e)})
    out = set()
    if r:
        out |= _taken(r - 1, e, h - 1)
    if e:
        out |= _taken(r + 1, e - 1, h - 1)
        if h >= 2:
            out |= _taken(r, e - 1, h - 2)
    return frozenset(out)


def _solve_matrix(a: list[list[Fraction]]) -> Fraction:
    """A zero-sum game with 2 rows or 2 columns (the row player maximises), by the crossing lines."""
    m, n = len(a), len(a[0])
    if n == 1:
        return max(r[0] for r in a)
    if m == 1:
        return min(a[0])
    if n == 2:
        cands = {Fraction(0), Fraction(1)}
        for i in range(m):
            for k in range(i + 1, m):
                den = (a[i][0] - a[i][1]) - (a[k][0] - a[k][1])
                if den:
                    y = (a[k][1] - a[i][1]) / den
                    if 0 <= y <= 1:
                        cands.add(y)
        return min(max(r[0] * y + r[1] * (1 - y) for r in a) for y in cands)
    assert m == 2
    return -_solve_matrix([[-a[i][j] for i in range(m)] for j in range(n)])


class Brute:
    def __init__(self, att, dfn, max_rounds, retreat, objective, first_only=False, stronghold=False):
        self.hp0 = (att[0] + 2 * att[1], dfn[0] + 2 * dfn[1])
        self.stronghold = stronghold  #: the defender may retreat into his Stronghold before each round (WOTR-SITE-2)
        self.max_rounds, self.retreat, self.objective = max_rounds, retreat, objective
        self.first_only = first_only  #: cards in round 1 only (the hands unused after it)
        self.value = lru_cache(maxsize=None)(self._value)

    def pay(self, kind, a, d) -> Fraction:
        if self.objective == "win":
            return Fraction(kind in ("attacker_wins", "defender_retreated"))
        return Fraction((self.hp0[1] - d[0] - 2 * d[1]) - (self.hp0[0] - a[0] - 2 * a[1]))

    def _value(self, a, d, ha, hd, rnd) -> Fraction:
        rows = []
        for ca in [None] + sorted(set(ha)):
            row = []
            for cd in [None] + sorted(set(hd)):
                left = ((), ()) if self.first_only else (_drop(ha, ca), _drop(hd, cd))
                row.append(self.round(a, d, ca, cd, left, rnd))
            rows.append(row)
        v = _solve_matrix(rows)
        if self.stronghold:  # before the cards; at most 5 units go in (WOTR-SITE-5): never more here
            v = min(v, self.pay("retreated_into_siege", a, d))
        return v

    def round(self, a, d, ca, cd, left, rnd) -> Fraction:
        mod = {"Deadly Strife": 2}.get(ca, 0)  # +2 to both sides' Combat rolls
        total = Fraction(0)
        for hit_a, pa in _hits(min(5, sum(a)), mod):
            for hit_d, pd in _hits(min(5, sum(d)), mod):
                i = hit_a - 1 if cd == "Shield-wall" and hit_a >= 2 else hit_a  # one hit cancelled
                j = hit_d + 1 if cd == "No Quarter" and hit_d >= 1 else hit_d  # one more hit
                total += pa * pd * max(self.defender_takes(a2, d, i, ca, left, rnd) for a2 in _taken(*a, j))
        return total

    def defender_takes(self, a, d, i, ca, left, rnd) -> Fraction:
        best = None
        for d2 in _taken(*d, i):
            if ca == "Great Host" and sum(a) and sum(d2) and sum(a) >= 2 * sum(d2):  # one more hit, at once
                v = min(self.end(a, d3, left, rnd) for d3 in _taken(*d2, 1))
            else:
                v = self.end(a, d2, left, rnd)
            best = v if best is None else min(best, v)
        return best

    def end(self, a, d, left, rnd) -> Fraction:
        if not sum(a) or not sum(d):
            kind = "both_destroyed" if not sum(a) and not sum(d) else "attacker_wins" if sum(a) else "defender_holds"
            return self.pay(kind, a, d)
        if rnd >= self.max_rounds:
            return self.pay("round_limit", a, d)
        go_on = self.value(a, d, left[0], left[1], rnd + 1)
        if self.retreat:
            go_on = min(go_on, self.pay("defender_retreated", a, d))
        return max(go_on, self.pay("attack_ceased", a, d))


def _drop(hand, card):
    if card is None:
        return hand
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


CASES = [  # (attacker (R, E), defender (R, E), attacker's hand, defender's hand, max_rounds, retreat, objective)
    ((2, 1), (1, 1), ("Deadly Strife",), ("Shield-wall",), 2, False, "losses"),
    ((2, 1), (1, 1), ("Deadly Strife",), ("Shield-wall",), 2, True, "losses"),
    ((1, 1), (2, 1), ("Great Host",), ("No Quarter",), 2, True, "win"),
    ((3, 1), (1, 1), ("Great Host", "Deadly Strife"), ("Shield-wall",), 2, False, "losses"),
    ((2, 2), (2, 1), ("Deadly Strife",), ("No Quarter", "Shield-wall"), 1, False, "losses"),
    ((1, 2), (1, 1), ("Great Host",), ("Shield-wall",), 2, True, "losses"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}v{c[1]}-{'+'.join(c[2] + c[3])}-r{c[4]}"
                                                     f"{'-retreat' if c[5] else ''}-{c[6]}")
def test_the_card_game_with_decisions_is_the_brute_force(case):
    att, dfn, ha, hd, rounds, retreat, objective = case
    cc = choose_cards(_scenario(att, dfn, ha, hd, rounds, retreat), objective)
    assert cc.rounds == "every" and cc.exact and cc.play is not None
    brute = Brute(att, dfn, rounds, retreat, objective)
    assert cc.value == brute.value(att, dfn, tuple(sorted(ha)), tuple(sorted(hd)), 1)


def test_a_named_policy_is_played_not_chosen_and_is_never_better_for_both():
    """casualty_policy named: the policy plays (no decision reported); the decided game's value is that
    of a game in which each side may also play the policy, so it differs from the policy's in general."""
    case = ((2, 1), (1, 1), ("Deadly Strife",), ("Shield-wall",), 2, True)
    fixed = choose_cards(_scenario(*case, policy="regulars_first"), "losses")
    free = choose_cards(_scenario(*case), "losses")
    assert fixed.play is None and free.play is not None
    assert free.value != fixed.value


def test_every_decision_is_reported_with_its_options_valued():
    att, dfn, ha, hd, rounds, retreat, objective = CASES[1]
    cc = choose_cards(_scenario(att, dfn, ha, hd, rounds, retreat), objective)
    play = cc.play
    kinds = {d.kind for d in play.decisions}
    assert {"attacker_casualties", "defender_casualties", "cease", "retreat"} <= kinds
    for d in play.decisions:
        best = d.options[0]
        assert best.difference == 0 and sum(o.chosen for o in d.options) == 1
        assert all(o.difference >= 0 for o in d.options)
        chosen = next(o for o in d.options if o.chosen)
        assert chosen.difference == 0  # the play takes a best option
        assert d.forced == (len(d.options) == 1)
    assert any(d.forced for d in play.decisions) and any(not d.forced for d in play.decisions)
    # the round-1 decisions' chances add up to at most the chance of a round 1 (every branch is one play)
    js = cc.json()
    assert js["decisions"]["decisions"] and js["decisions"]["forced"] == len(play.forced)
    json.dumps(js)
    text = "\n".join(cc.lines(top=3))
    assert "Casualties, ceasing and retreating in the card game" in text
    assert "the defender stays or retreats" in text and "(best, played)" in text


def test_a_casualty_choice_is_valued_by_what_follows_it():
    """Each casualty option's value is the brute force's value of the position it leaves (round 2's
    game, max_rounds 2): the round-1 attacker casualty decisions checked option by option."""
    att, dfn, ha, hd, rounds, retreat, objective = CASES[0]
    cc = choose_cards(_scenario(att, dfn, ha, hd, rounds, retreat), objective)
    brute = Brute(att, dfn, rounds, retreat, objective)
    checked = 0
    for d in cc.play.decisions:
        if d.kind != "defender_casualties" or d.round != 2:
            continue
        a, dd = d.units
        for o in d.options:  # the round-2 defender's options: the battle ends after round 2
            r, e = ((0, 0) if o.label.endswith("no units") else
                    (int(x) for x in o.label.split("Gondor ")[1].replace("R", "").replace("E", "").split()))
            assert o.value == brute.end(a[0], (r, e), ((), ()), 2)
            checked += 1
    assert checked


CARDS_A = ("Deadly Strife", "Great Host")
CARDS_D = ("Shield-wall", "No Quarter")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.tuples(st.integers(0, 2), st.integers(0, 2)).filter(lambda u: 0 < sum(u) <= 3),
       st.tuples(st.integers(0, 2), st.integers(0, 1)).filter(lambda u: 0 < sum(u) <= 2),
       st.lists(st.sampled_from(CARDS_A), min_size=0, max_size=2), st.lists(st.sampled_from(CARDS_D), max_size=1),
       st.integers(1, 2), st.booleans(), st.sampled_from(["win", "losses"]))
def test_random_small_card_games_are_the_brute_force(att, dfn, ha, hd, rounds, retreat, objective):
    """Random small battles (0-2 Regulars and Elites a side, up to two cards in the attacker's hand and
    one in the defender's, 1-2 rounds, with or without a retreat, either objective)."""
    if not ha and not hd:
        return
    cc = choose_cards(_scenario(att, dfn, tuple(ha), tuple(hd), rounds, retreat), objective)
    brute = Brute(att, dfn, rounds, retreat, objective)
    assert cc.value == brute.value(att, dfn, tuple(sorted(ha)), tuple(sorted(hd)), 1)


def test_kept_to_round_one_the_decisions_are_still_chosen():
    """Over the card rounds' budget the cards are chosen in round 1 only; the casualties, ceasing and
    retreating are still the players' (round 1's, then the no-card battle solved optimally): the brute
    force with the hands emptied after round 1."""
    att, dfn, ha, hd, rounds, retreat, objective = CASES[3]
    cc = choose_cards(_scenario(att, dfn, ha, hd, rounds, retreat), objective, max_card_rounds=1)
    assert cc.rounds == "first" and "card rounds" in cc.why_first_only and cc.play is not None
    brute = Brute(att, dfn, rounds, retreat, objective, first_only=True)
    assert cc.value == brute.value(att, dfn, tuple(sorted(ha)), tuple(sorted(hd)), 1)
    assert "decisions" in cc.json()


def test_no_playable_card_is_the_no_card_battle_solved_optimally():
    """With hands but no card left to play after round 1, the rest is the no-card battle of ``optimize``
    (every decision optimal): a 1-card hand, 2 rounds, the value equals the brute force."""
    att, dfn = (2, 0), (1, 1)
    cc = choose_cards(_scenario(att, dfn, ("Great Host",), (), 2, True), "losses")
    assert cc.value == Brute(att, dfn, 2, True, "losses").value(att, dfn, ("Great Host",), (), 1)


@pytest.mark.parametrize("objective", ["win", "losses"])
def test_the_defender_chooses_the_stronghold_before_the_cards(objective):
    """A field battle at the defender's Stronghold (Minas Tirith): before each round, cards included, the
    defender may retreat into it (WOTR-SITE-2); the brute force takes the least of that and the round's
    game; the decision is reported (kind ``stronghold``)."""
    att, dfn = (2, 1), (1, 1)
    s = _scenario(att, dfn, ("Deadly Strife",), ("Shield-wall",), 2, False, stronghold=True)
    cc = choose_cards(s, objective)
    brute = Brute(att, dfn, 2, False, objective, stronghold=True)
    assert cc.value == brute.value(att, dfn, ("Deadly Strife",), ("Shield-wall",), 1)
    held = [d for d in cc.play.decisions if d.kind == "stronghold"]
    assert held and held[0].round == 1 and held[0].chance == 1
    assert {o.label for o in held[0].options} == {"fight the round", "retreat into the Stronghold"}
