"""optimize with Combat cards in hand and no round limit: a position that can repeat (no card, no hit)
has the fixed point of ``v = val(B + v Q)`` for value; the bounds reported are checked here against

* a value iteration over the dice, the cards and the hands written here from the rules (Regulars only,
  field battle, no Leaders): the game of at most K rounds with the worst (0) or best (1) continuation
  bounds the true value from both sides for every K, so the reported interval must meet each such
  interval, at the start and at every position the report lists;
* a bisection written here for random one-repeat matrix games (hypothesis): certified bounds, value
  iteration monotone in k, exact answers exactly the fixed points;

and the report's text and JSON (``exact: false`` with the interval, ``--tolerance``)."""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pycombat.cli import main
from pycombat.games.wotr.cards.fixed_point import Games, at, solve_repeat
from pycombat.games.wotr.cards.optimize import choose_cards
from pycombat.games.wotr.schema import scenario_from_dict

K = 40  #: rounds of the brute force's truncated games


def _scenario(att_hand, def_hand, na, nd):
    att = {"region": "Ash Mountains", "units": {"Sauron": {"regulars": na}}}
    dfn = {"region": "Dagorlad", "units": {"Gondor": {"regulars": nd}}, "retreat_to": []}
    if att_hand:
        att["hand"] = list(att_hand)
    if def_hand:
        dfn["hand"] = list(def_hand)
    return scenario_from_dict({"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
                               "attacker": att, "defender": dfn, "rules": {"casualty_policy": "regulars_first"}},
                              file="unlimited.yaml")


# ---- the brute force: Regulars only, field battle, no Leaders (no re-rolls) ------------------------------
@lru_cache(maxsize=None)
def _hits(dice: int, modifier: int) -> tuple:
    """Hits of a Combat roll: 5+ with the modifier, a natural 6 always hits, a natural 1 never (WOTR-HIT-1..4)."""
    c = Counter(sum(f == 6 or (f != 1 and f + modifier >= 5) for f in faces)
                for faces in product(range(1, 7), repeat=dice))
    return tuple((k, Fraction(n, 6 ** dice)) for k, n in sorted(c.items()))


@lru_cache(maxsize=None)
def _round(na: int, nd: int, ca, cd) -> tuple:
    """(attacker's, defender's) Regulars after a round with these cards, and its chance."""
    mod = {"Deadly Strife": 2, "Desperate Battle": 1}.get(ca, 0)  # both sides' Combat rolls
    dice_a = min(5, na, 3 if cd == "Daylight" else 5)  # Daylight: the attacker rolls at most 3 dice
    out: Counter = Counter()
    for ha, pa in _hits(dice_a, mod):
        for hd, pd in _hits(min(5, nd), mod):
            ha_ = ha - 1 if cd == "Shield-wall" and ha >= 2 else ha  # one of the attacker's hits cancelled
            hd_ = hd + 1 if cd == "No Quarter" and hd >= 1 else hd  # a bonus hit after scoring one
            a2, d2 = max(0, na - hd_), max(0, nd - ha_)
            if ca == "Great Host" and d2 and a2 >= 2 * d2:  # a bonus hit after the casualties
                d2 -= 1
            out[a2, d2] += pa * pd
    return tuple(out.items())


def _drop(hand: tuple, card) -> tuple:
    if card is None:
        return hand
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _value_of_game(a: list[list[Fraction]]) -> Fraction:
    """The value of a zero-sum game with at most 2 columns or 2 rows (the row player maximises): the
    minimum over the column mix of the best row, at the mixes where two rows' lines cross or an end."""
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
    assert m == 2, "the brute force solves games with 2 rows or 2 columns"
    return -_value_of_game([[-a[i][j] for i in range(m)] for j in range(n)])


def _options(hand: tuple) -> list:
    return [None] + sorted(set(hand))


@lru_cache(maxsize=None)
def _truncated(na: int, nd: int, ha: tuple, hd: tuple, rounds: int, after: Fraction) -> Fraction:
    """P(the attacker wins) when at most ``rounds`` more rounds are fought and a battle still going
    then is worth ``after``; both sides choose their cards optimally in every round."""
    if nd == 0:
        return Fraction(na > 0)
    if na == 0:
        return Fraction(0)
    if rounds == 0:
        return after
    return _value_of_game([[sum((p * _truncated(a2, d2, _drop(ha, ca), _drop(hd, cd), rounds - 1, after)
                                 for (a2, d2), p in _round(na, nd, ca, cd)), Fraction(0))
                            for cd in _options(hd)] for ca in _options(ha)])


def brute_bounds(na, nd, ha, hd, rounds=K) -> tuple[Fraction, Fraction]:
    """The true value lies between the truncated games with the worst and the best continuation."""
    return _truncated(na, nd, ha, hd, rounds, Fraction(0)), _truncated(na, nd, ha, hd, rounds, Fraction(1))


CASES = [  # (attacker's hand, defender's hand, attacker's Regulars, defender's Regulars)
    (("Deadly Strife",), ("Shield-wall",), 2, 2),
    (("Deadly Strife", "Desperate Battle"), ("No Quarter",), 2, 2),
    (("Great Host",), ("Daylight",), 3, 1),
    (("Deadly Strife",), ("No Quarter",), 1, 2),
    (("Deadly Strife",), ("Shield-wall",), 4, 2),  # irrational: some positions only bounded
    (("Desperate Battle",), ("Shield-wall",), 4, 3),  # positions only bounded, round 1 exact
]


@pytest.fixture(scope="module", params=CASES, ids=lambda c: "-".join(c[0] + c[1]) + f"-{c[2]}v{c[3]}")
def solved(request):
    att_hand, def_hand, na, nd = request.param
    return request.param, choose_cards(_scenario(att_hand, def_hand, na, nd), "win")


def test_the_brute_forces_bounds_close_in_and_are_monotone():
    """The brute force itself: the truncated games' values rise (worst continuation) and fall (best)
    with the number of rounds, and 40 rounds pin the value to 1e-6 in these battles."""
    lows = [_truncated(2, 2, ("Deadly Strife",), ("Shield-wall",), r, Fraction(0)) for r in range(0, K + 1, 5)]
    highs = [_truncated(2, 2, ("Deadly Strife",), ("Shield-wall",), r, Fraction(1)) for r in range(0, K + 1, 5)]
    assert lows == sorted(lows) and highs == sorted(highs, reverse=True)
    for case in CASES:
        lo, hi = brute_bounds(case[2], case[3], tuple(sorted(case[0])), tuple(sorted(case[1])))
        assert 0 <= hi - lo < Fraction(1, 10 ** 6)


def test_irrational_and_rational_fixed_points_are_both_met():
    """The cases include positions only bounded (an irrational fixed point) and exact ones."""
    bounded = [choose_cards(_scenario(*c), "win").repeat["bounded"] for c in CASES]
    assert any(bounded) and not all(bounded)
    cc = choose_cards(_scenario(("Deadly Strife",), ("Shield-wall",), 4, 2), "win")
    assert not cc.exact and cc.value < cc.value_hi and cc.json()["exact"] is False


def test_every_round_is_solved_with_the_repeats_bounded(solved):
    (att_hand, def_hand, na, nd), cc = solved
    assert cc.rounds == "every" and cc.why_first_only is None
    assert cc.repeat is not None and cc.repeat["positions"] > 0 and not cc.repeat["budget_reached"]
    hi = cc.value if cc.exact else cc.value_hi
    assert cc.value <= hi and hi - cc.value <= Fraction(1, 10 ** 9)


def test_the_interval_contains_the_true_value(solved):
    """lo <= v <= hi: the reported interval meets the brute force's [lo_K, hi_K] (which holds v), and
    is within the tolerance; so it is within 1e-6 of the brute force's, at round 1 and at every
    position the report lists (units, hands), each position's value its own game's."""
    (att_hand, def_hand, na, nd), cc = solved
    for c in cc.decisions:
        (a,), (d,) = c.units
        b_lo, b_hi = brute_bounds(a[0], d[0], c.hands["attacker"], c.hands["defender"])
        lo, hi = c.value, c.value if c.value_hi is None else c.value_hi
        assert lo <= b_hi and b_lo <= hi, (c.round, c.units, c.hands)
    b_lo, b_hi = brute_bounds(na, nd, tuple(sorted(att_hand)), tuple(sorted(def_hand)))
    hi = cc.value if cc.exact else cc.value_hi
    assert cc.value <= b_hi and b_lo <= hi
    assert cc.decisions[0].value == cc.value and cc.decisions[0].round == 1


def test_the_lower_bounds_strategy_guarantees_it(solved):
    """The attacker's mix reported at round 1 guarantees at least lo against every defender option:
    each column of the lower-bound matrix, weighted by the mix, is at least lo (and the matrix is the
    game at the lower bounds of the positions it leads to: its value is lo)."""
    _, cc = solved
    mix = [cc.attacker_mix.get(r, Fraction(0)) for r in cc.rows]
    assert sum(mix) == 1
    for j in range(len(cc.cols)):
        assert sum(m * row[j] for m, row in zip(mix, cc.matrix)) >= cc.value
    if not cc.exact:
        assert all(lo <= hi for r1, r2 in zip(cc.matrix, cc.matrix_hi) for lo, hi in zip(r1, r2))


def test_value_iteration_is_monotone_in_k(solved):
    """lo_k never falls and hi_k never rises, lo_k <= hi_k, at every repeating position; every
    position's bounds are ordered."""
    _, cc = solved
    assert cc.game.histories
    for hist in cc.game.histories.values():
        los = [lo for lo, _ in hist]
        his = [hi for _, hi in hist]
        assert los == sorted(los) and his == sorted(his, reverse=True)
        assert all(lo <= hi for lo, hi in hist)
    assert all(lo <= hi for lo, hi in cc.game.bounds.values())


def test_one_sided_hands_have_rational_fixed_points_and_are_exact():
    """With one side only choosing, each repeating position's game is a maximum of lines in v: its
    fixed point is rational, so the value is reported exact, equal to the brute force's limit."""
    cc = choose_cards(_scenario(("Deadly Strife",), (), 2, 2), "win")
    assert cc.exact and cc.repeat["bounded"] == 0 and cc.value_hi == cc.value
    b_lo, b_hi = brute_bounds(2, 2, ("Deadly Strife",), ())
    assert b_lo <= cc.value <= b_hi
    js = cc.json()
    assert js["exact"] is True and "value_interval" not in js


# ---- the fixed point of one repeating matrix game, against a bisection -----------------------------------
def _bisect(base, q, rounds=90) -> tuple[Fraction, Fraction]:
    """[a, b] holding the fixed point of v = val(base + v q) (2 rows or 2 columns): g(v) = val - v falls
    strictly (val rises at slope < 1), so it is positive below the fixed point and negative above."""
    a, b = Fraction(-1), Fraction(2)
    for _ in range(rounds):
        m = (a + b) / 2
        g = _value_of_game(at(base, q, m)) - m
        if g == 0:
            return m, m
        a, b = (m, b) if g > 0 else (a, m)
    return a, b


cell = st.fractions(min_value=0, max_value=1, max_denominator=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 3), st.integers(1, 2), st.data(), st.fractions(min_value=Fraction(1, 20),
                                                                        max_value=Fraction(9, 10), max_denominator=20))
def test_fixed_point_bounds_against_bisection(m, n, data, repeat):
    """Certified bounds lo <= v <= hi (v pinned by the bisection to 2**-90), within the tolerance,
    monotone in k; an exact answer is the fixed point itself (val(base + r q) == r)."""
    base = [[data.draw(cell) * (1 - repeat) if (i, j) == (0, 0) else data.draw(cell) for j in range(n)]
            for i in range(m)]
    q = [[repeat if (i, j) == (0, 0) else Fraction(0) for j in range(n)] for i in range(m)]
    tol = Fraction(1, 10 ** 9)
    fp = solve_repeat(base, base, q, Fraction(0), Fraction(1), tolerance=tol, bits=64, max_steps=10_000,
                      games=Games())
    a, b = _bisect(base, q)
    assert fp.lo.bound <= b and a <= fp.hi.bound
    assert fp.hi.bound - fp.lo.bound <= tol
    los, his = [x for x, _ in fp.history], [y for _, y in fp.history]
    assert los == sorted(los) and his == sorted(his, reverse=True)
    if fp.exact:
        assert _value_of_game(at(base, q, fp.lo.bound)) == fp.lo.bound
    # the lower bound's row mix guarantees it: every column at least lo
    for j in range(n):
        assert sum(x * fp.lo.matrix[i][j] for i, x in enumerate(fp.lo.x)) >= fp.lo.bound


def test_an_irrational_fixed_point_is_bounded_not_exact():
    """A 2x2 game whose fixed point solves v (2 - v) ... = an irrational quadratic root: not exact,
    bounds a few 2**-bits apart around it, the root's own bounds certified."""
    # rows: no card / card; columns: no card / card; (0,0) repeats with chance 1/2
    base = [[Fraction(0), Fraction(1)], [Fraction(1), Fraction(0)]]
    q = [[Fraction(1, 2), Fraction(0)], [Fraction(0), Fraction(0)]]
    # mixed: v = (0 + v/2) * 1 / ... : v = det / cofactor sum = (-1) / (v/2 - 2) -> v^2 - 4v + 2 = 0,
    # v = 2 - sqrt(2) (irrational, 0.5858)
    fp = solve_repeat(base, base, q, Fraction(0), Fraction(1), tolerance=Fraction(1, 10 ** 9), bits=80,
                      max_steps=1000, games=Games())
    assert not fp.exact
    lo, hi = fp.lo.bound, fp.hi.bound
    assert lo * lo - 4 * lo + 2 > 0 > hi * hi - 4 * hi + 2  # 2 - sqrt 2 lies between them
    assert hi - lo <= Fraction(1, 2 ** 70)


# ---- the report ----------------------------------------------------------------------------------------
def test_cli_reports_the_interval_in_text_and_json(capsys):
    assert main(["optimize", "examples/wotr/cards_hand_unlimited.yaml", "--json"]) == 0
    js = json.loads(capsys.readouterr().out)["combat_cards"]
    assert js["card_rounds"] == "every" and js["exact"] is False
    iv = js["value_interval"]
    lo, hi = Fraction(iv["lo"]["exact"]), Fraction(iv["hi"]["exact"])
    lo_x, hi_x = Fraction(iv["lo_exact"]["exact"]), Fraction(iv["hi_exact"]["exact"])
    assert lo <= lo_x <= hi_x <= hi and hi - lo <= Fraction(1, 10 ** 9)
    assert Fraction(js["value"]["exact"]) == lo_x
    assert float(iv["lo_decimal"]) <= float(iv["hi_decimal"])
    assert js["repeating_positions"]["positions"] > 0 and js["repeating_positions"]["bounded"] > 0
    assert main(["optimize", "examples/wotr/cards_hand_unlimited.yaml"]) == 0
    out = capsys.readouterr().out
    assert "positions can repeat" in out and "value between" in out and "attain the lower bound" in out
    assert "round 1 only" not in out


def test_tolerance_option_widens_or_narrows_the_interval(capsys):
    assert main(["optimize", "examples/wotr/cards_hand_unlimited.yaml", "--json", "--tolerance", "1/1000"]) == 0
    coarse = json.loads(capsys.readouterr().out)["combat_cards"]
    assert main(["optimize", "examples/wotr/cards_hand_unlimited.yaml", "--json", "--tolerance", "1e-12"]) == 0
    fine = json.loads(capsys.readouterr().out)["combat_cards"]
    w = {k: Fraction(v["value_interval"]["width"]["exact"]) for k, v in (("c", coarse), ("f", fine))}
    assert w["c"] <= Fraction(1, 1000) and w["f"] <= Fraction(1, 10 ** 12)
    assert coarse["repeating_positions"]["iterations"] <= fine["repeating_positions"]["iterations"]
    with pytest.raises(SystemExit) as exc:
        main(["optimize", "examples/wotr/cards_hand_unlimited.yaml", "--tolerance", "0"])
    assert exc.value.code == 2
    assert "--tolerance" in capsys.readouterr().err


# ---- options grouped by identical outcome distributions, against the brute force -------------------------
def _with_rounds(att_hand, def_hand, na, nd, max_rounds):
    s = _scenario(att_hand, def_hand, na, nd)
    if max_rounds is None:
        return s
    att = {"region": "Ash Mountains", "units": {"Sauron": {"regulars": na}}, "hand": list(att_hand)}
    dfn = {"region": "Dagorlad", "units": {"Gondor": {"regulars": nd}}, "retreat_to": [], "hand": list(def_hand)}
    return scenario_from_dict({"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
                               "attacker": att, "defender": dfn,
                               "rules": {"casualty_policy": "regulars_first", "max_rounds": max_rounds}},
                              file="rounds.yaml")


class _Play:
    """The final (attacker's, defender's) Regulars distribution when both follow the report's mixes
    (read at each position: units, hands, round), a round without cards and hits folded when it leads
    back to the same position (no round limit)."""

    def __init__(self, cc, max_rounds):
        self.max_rounds = max_rounds
        self.mix = {}
        for (_, st, hands), m in cc.game.strategies.items():
            (a,), (d,) = st[0], st[2]
            self.mix[a[0], d[0], hands[0], hands[1], st[4]] = m
        self.memo = {}

    def mixes(self, na, nd, ha, hd, rnd):
        for r in range(rnd, 0, -1):  # a round index the solver no longer counts: its last one
            got = self.mix.get((na, nd, ha, hd, r))
            if got is not None:
                return got
        return {"attacker": {"no card": Fraction(1)}, "defender": {"no card": Fraction(1)}}

    def cell(self, na, nd, ha, hd, rnd, ca, cd, fold=False) -> Counter:
        out = Counter()
        for (a2, d2), p in _round(na, nd, None if ca == "no card" else ca, None if cd == "no card" else cd):
            h2 = (_drop(ha, None if ca == "no card" else ca), _drop(hd, None if cd == "no card" else cd))
            if fold and (a2, d2, *h2) == (na, nd, ha, hd):
                out["again"] += p
                continue
            for o, q in self.dist(a2, d2, *h2, rnd + 1).items():
                out[o] += p * q
        return out

    def dist(self, na, nd, ha, hd, rnd) -> dict:
        if nd == 0 or na == 0 or (self.max_rounds is not None and rnd > self.max_rounds):
            return {(na, nd): Fraction(1)}
        k = (na, nd, ha, hd, rnd if self.max_rounds else 0)
        if k not in self.memo:
            m = self.mixes(na, nd, ha, hd, rnd)
            acc = Counter()
            for ca, x in m["attacker"].items():
                for cd, y in m["defender"].items():
                    if x * y:
                        for o, p in self.cell(na, nd, ha, hd, rnd, ca, cd, fold=self.max_rounds is None).items():
                            acc[o] += x * y * p
            stay = acc.pop("again", Fraction(0))
            self.memo[k] = {o: p / (1 - stay) for o, p in acc.items() if p}
        return self.memo[k]

    def option(self, na, nd, ha, hd, rnd, role, label) -> dict:
        m = self.mixes(na, nd, ha, hd, rnd)
        other = "defender" if role == "attacker" else "attacker"
        acc = Counter()
        for lbl, w in m[other].items():
            ca, cd = (label, lbl) if role == "attacker" else (lbl, label)
            if w:
                for o, p in self.cell(na, nd, ha, hd, rnd, ca, cd, fold=self.max_rounds is None).items():
                    acc[o] += w * p
        again = acc.pop("again", Fraction(0))
        if again:
            for o, p in self.dist(na, nd, ha, hd, rnd).items():
                acc[o] += again * p
        return {o: p for o, p in acc.items() if p}


@pytest.mark.parametrize("max_rounds", [3, None])
@pytest.mark.parametrize("att_hand,def_hand,na,nd", [
    (("Great Host",), (), 3, 2), (("Great Host",), (), 1, 2), (("Great Host", "Deadly Strife"), ("Shield-wall",), 2, 2),
    (("Desperate Battle",), ("Daylight",), 2, 1)])
def test_options_are_grouped_exactly_when_their_outcome_distributions_are_identical(att_hand, def_hand, na, nd,
                                                                                     max_rounds):
    """At every position reported, two options of one side share a group exactly when, each played
    once against the other side's mix and the report's mixes followed after, they give the same
    distribution of the final units (the brute force's); a side with one option is forced."""
    cc = choose_cards(_with_rounds(att_hand, def_hand, na, nd, max_rounds), "win")
    play = _Play(cc, max_rounds)
    grouped_somewhere = False
    for c in cc.decisions:
        (a,), (d,) = c.units
        for role, opts in c.options.items():
            dists = {o.label: play.option(a[0], d[0], c.hands["attacker"], c.hands["defender"], c.round, role,
                                          o.label) for o in opts}
            for o1 in opts:
                for o2 in opts:
                    if o1 is o2:
                        continue
                    same_group = o1.group is not None and o1.group == o2.group
                    assert same_group == (dists[o1.label] == dists[o2.label]), (c.round, c.units, c.hands, role)
                    grouped_somewhere |= same_group
        js = c.json()
        for role in ("attacker", "defender"):
            assert js[role]["forced"] == (len(c.options[role]) == 1)
    if att_hand == ("Great Host",) and (na == 1 or max_rounds):  # a single Regular never has twice the
        assert grouped_somewhere  # enemy's units: Great Host adds no hit, the same outcomes as no card


def test_the_work_budget_stops_with_true_but_wider_bounds():
    """A budget of a few matrix games stops the value iteration: the bounds stay true (they meet the
    brute force's), the report says the budget stopped it, and a larger budget only narrows them."""
    s = _scenario(("Deadly Strife",), ("Shield-wall",), 4, 2)
    small = choose_cards(s, "win", max_games=4)
    full = choose_cards(s, "win")
    assert small.repeat["budget_reached"] and not small.exact
    b_lo, b_hi = brute_bounds(4, 2, ("Deadly Strife",), ("Shield-wall",))
    assert small.value <= b_hi and b_lo <= small.value_hi
    full_hi = full.value if full.exact else full.value_hi
    assert small.value <= full.value <= full_hi <= small.value_hi
    assert small.value_hi - small.value > Fraction(1, 10 ** 9)
    assert any("work budget stopped" in line for line in small.lines())


def test_the_solvers_own_long_finite_horizon_is_below_the_upper_bound():
    """The card game with max_rounds = N (the package's exact every-round solver, a battle still going
    then counts as no win) rises with N towards the unlimited value: each stays at most hi, and 16
    rounds come within 1e-6 of lo."""
    att, dfn, na, nd = ("Deadly Strife",), ("Shield-wall",), 4, 2
    cc = choose_cards(_scenario(att, dfn, na, nd), "win")
    assert not cc.exact
    values = []
    for n in (4, 8, 16):
        s = _with_rounds(att, dfn, na, nd, n)
        fin = choose_cards(s, "win", max_positions=100_000, max_card_rounds=100_000)
        assert fin.rounds == "every" and fin.exact
        values.append(fin.value)
    assert values == sorted(values) and values[-1] <= cc.value_hi
    assert cc.value - values[-1] < Fraction(1, 10 ** 6)


class _PlayHands(_Play):
    """As :class:`_Play`, the hands left at the end kept in the outcome (a card still held was never played)."""

    def dist(self, na, nd, ha, hd, rnd) -> dict:
        if nd == 0 or na == 0 or (self.max_rounds is not None and rnd > self.max_rounds):
            return {(na, nd, ha, hd): Fraction(1)}
        return super().dist(na, nd, ha, hd, rnd)


@pytest.mark.parametrize("max_rounds", [3, None])
def test_the_chance_each_card_is_played_is_the_reported_mixes_summed_over_rounds(max_rounds):
    """Round 1's mix plus each later round's chance of playing a card (the report's ``later_rounds``, a
    repeating position's repeats folded in) is the chance the card ever leaves the hand when both
    follow the report's mixes (the brute force's)."""
    att, dfn, na, nd = ("Deadly Strife", "Great Host"), ("Shield-wall",), 3, 2
    cc = choose_cards(_with_rounds(att, dfn, na, nd, max_rounds), "win")
    ends = _PlayHands(cc, max_rounds).dist(na, nd, tuple(sorted(att)), tuple(sorted(dfn)), 1)
    for role, mix, hand_at in (("attacker", cc.attacker_mix, 2), ("defender", cc.defender_mix, 3)):
        for card in (att if role == "attacker" else dfn):
            reported = mix.get(card, Fraction(0)) + sum(
                (by.get(role, {}).get(card, Fraction(0)) for by in cc.later.values()), Fraction(0))
            played = sum((p for o, p in ends.items() if card not in o[hand_at]), Fraction(0))
            assert reported == played, (role, card)
