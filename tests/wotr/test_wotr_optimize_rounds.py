"""optimize chooses Combat cards in every round of a battle with max_rounds: the card game's values
(round 1 and every later position the optimal play reaches, each option of each side) checked
against a backward induction over the dice, the cards and the hands written here from the rules;
the value equals odds' with the optimal cards named; a later-round card makes the every-round game
worth more than round 1 only; the work budget keeps the choice to round 1 and says why."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest

from pycombat.games.wotr import verbs
from pycombat.games.wotr.cards.optimize import choose_cards
from pycombat.games.wotr.schema import scenario_from_dict

MAX_ROUNDS = 2


def _scenario(att_hand, def_hand, na, nd, *, att_card=None, def_card=None):
    att = {"region": "Ash Mountains", "units": {"Sauron": {"regulars": na}}}
    dfn = {"region": "Dagorlad", "units": {"Gondor": {"regulars": nd}}, "retreat_to": []}
    if att_hand:
        att["hand"] = list(att_hand)
    if def_hand:
        dfn["hand"] = list(def_hand)
    if att_card:
        att["card"] = att_card
    if def_card:
        dfn["card"] = def_card
    return scenario_from_dict({"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
                               "attacker": att, "defender": dfn,
                               "rules": {"casualty_policy": "regulars_first", "max_rounds": MAX_ROUNDS}},
                              file="rounds.yaml")


# ---- the brute force: Regulars only, field battle, no Leaders (no re-rolls) ------------------------------
@lru_cache(maxsize=None)
def _hits(dice: int, modifier: int) -> tuple:
    """Hits of a Combat roll: 5+ with the modifier, a natural 6 always hits, a natural 1 never (WOTR-HIT-1..4)."""
    c = Counter(sum(f == 6 or (f != 1 and f + modifier >= 5) for f in faces)
                for faces in product(range(1, 7), repeat=dice))
    return tuple((k, Fraction(n, 6 ** dice)) for k, n in sorted(c.items()))


def _round(na: int, nd: int, ca, cd) -> Counter:
    """(attacker's, defender's) Regulars after a round with these cards, and its chance."""
    mod = {"Deadly Strife": 2, "Desperate Battle": 1}.get(ca, 0)  # both sides' Combat rolls
    dice_a = min(5, na, 3 if cd == "Daylight" else 5)  # Daylight: the attacker rolls at most 3 dice
    out: Counter = Counter()
    for ha, pa in _hits(dice_a, mod):
        for hd, pd in _hits(min(5, nd), mod):
            if cd == "Shield-wall" and ha >= 2:  # one of the attacker's hits cancelled
                ha_ = ha - 1
            else:
                ha_ = ha
            hd_ = hd + 1 if cd == "No Quarter" and hd >= 1 else hd  # a bonus hit after scoring one
            a2, d2 = max(0, na - hd_), max(0, nd - ha_)
            if ca == "Great Host" and d2 and a2 >= 2 * d2:  # a bonus hit after the casualties
                d2 -= 1
            out[a2, d2] += pa * pd
    return out


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


def _cells(na, nd, ha, hd, rnd) -> list[list[Fraction]]:
    return [[sum((p * _value(a2, d2, _drop(ha, ca), _drop(hd, cd), rnd + 1)
                  for (a2, d2), p in _round(na, nd, ca, cd).items()), Fraction(0))
             for cd in _options(hd)] for ca in _options(ha)]


@lru_cache(maxsize=None)
def _value(na: int, nd: int, ha: tuple, hd: tuple, rnd: int) -> Fraction:
    """P(the attacker wins) with both choosing cards optimally in every round (backward induction)."""
    if nd == 0:
        return Fraction(na > 0)
    if na == 0 or rnd > MAX_ROUNDS:
        return Fraction(0)
    return _value_of_game(_cells(na, nd, ha, hd, rnd))


CASES = [  # (attacker's hand, defender's hand, attacker's Regulars, defender's Regulars)
    (("Deadly Strife", "Desperate Battle"), ("Shield-wall",), 3, 3),
    (("Deadly Strife",), ("No Quarter",), 3, 2),
    (("Great Host",), ("Daylight",), 4, 3),
    (("Great Host", "Deadly Strife"), (), 3, 3),
]


@pytest.mark.parametrize("att_hand,def_hand,na,nd", CASES)
def test_every_round_values_are_the_backward_induction(att_hand, def_hand, na, nd):
    """WOTR-CARD-2: round 1's value, and at every position the optimal play reaches (units, hands and
    round) the position's value and each option's value against the other side's reported mix."""
    cc = choose_cards(_scenario(att_hand, def_hand, na, nd), "win")
    assert cc.rounds == "every" and cc.why_first_only is None
    ha, hd = tuple(sorted(att_hand)), tuple(sorted(def_hand))
    assert cc.value == _value(na, nd, ha, hd, 1)
    assert cc.decisions[0].round == 1 and cc.decisions[0].chance == 1 and cc.decisions[0].value == cc.value
    assert any(c.round == 2 for c in cc.decisions)
    for c in cc.decisions:
        (a,), (d,) = c.units  # one Nation a side: (regulars, elites)
        na_, nd_ = a[0], d[0]
        h = (c.hands["attacker"], c.hands["defender"])
        assert c.value == _value(na_, nd_, h[0], h[1], c.round)
        cells = _cells(na_, nd_, h[0], h[1], c.round)
        labels = {"attacker": ["no card" if o is None else o for o in _options(h[0])],
                  "defender": ["no card" if o is None else o for o in _options(h[1])]}
        mix = {role: {o.label: o.plays for o in c.options[role]} for role in ("attacker", "defender")}
        x = [mix["attacker"][lbl] for lbl in labels["attacker"]]
        y = [mix["defender"][lbl] for lbl in labels["defender"]]
        assert sum(x) == 1 and sum(y) == 1
        want_a = {lbl: sum((v * q for v, q in zip(row, y)), Fraction(0)) for lbl, row in zip(labels["attacker"], cells)}
        want_d = {lbl: sum((cells[i][j] * x[i] for i in range(len(x))), Fraction(0))
                  for j, lbl in enumerate(labels["defender"])}
        for role, want, better in (("attacker", want_a, max), ("defender", want_d, min)):
            opts = c.options[role]
            assert {o.label: o.value for o in opts} == want
            best = better(want.values())
            assert best == c.value  # the optimal mix guarantees the value
            assert [o.difference for o in opts] == sorted(abs(o.value - best) for o in opts)
            assert all(o.difference == 0 for o in opts if o.plays)  # the mix plays only best options


def test_value_equals_odds_with_the_optimal_cards_named():
    """Great Host (a bonus hit after the casualties when twice the enemy's units) is best kept for
    round 2: the optimal play is no card in round 1 and Great Host in round 2 wherever the battle goes
    on (a best option at every position, the only one where it can score); odds with Great Host named
    for round 2 gives the same value, exactly, and named for round 1 less."""
    cc = choose_cards(_scenario(("Great Host",), (), 4, 3), "win")
    assert cc.attacker_mix == {"no card": 1}
    later = [c for c in cc.decisions if c.round == 2]
    assert later and all(o.difference == 0 for c in later for o in c.options["attacker"] if o.label == "Great Host")
    assert any(c.chosen("attacker") == {"Great Host": 1} for c in later)
    rep = verbs.odds(_scenario((), (), 4, 3, att_card={"name": "Great Host", "round": 2}))
    outs = rep.to_json()["policies"]["regulars_first"]["outcomes"]
    won = sum((Fraction(outs[k]["exact"]) for k in ("attacker_wins", "defender_retreated") if k in outs), Fraction(0))
    assert won == cc.value
    rep1 = verbs.odds(_scenario((), (), 4, 3, att_card="Great Host"))  # in round 1 it is worth less
    outs1 = rep1.to_json()["policies"]["regulars_first"]["outcomes"]
    assert Fraction(outs1["attacker_wins"]["exact"]) < cc.value


def test_a_later_round_card_makes_every_round_worth_more_than_round_one_only():
    """Kept to round 1 (the budget), Great Host is played in round 1 or never; chosen in every round it
    is kept for round 2, and the value is higher."""
    s = _scenario(("Great Host",), (), 4, 3)
    every = choose_cards(s, "win")
    first = choose_cards(s, "win", max_positions=1)
    assert every.rounds == "every" and first.rounds == "first" and "budget" in first.why_first_only
    assert first.attacker_mix == {"Great Host": 1} and every.attacker_mix == {"no card": 1}
    assert len(first.decisions) == 1 and first.decisions[0].value == first.value
    assert every.value > first.value
    assert every.value == _value(4, 3, ("Great Host",), (), 1)


def test_budget_fallback_names_its_reason_in_text_and_json():
    """Over the work budget (estimated before the game is solved) the choice is kept to round 1, and
    the text and the JSON say so and why; the round-1 options are still valued."""
    s = _scenario(("Deadly Strife", "Desperate Battle"), ("Shield-wall",), 3, 3)
    cc = choose_cards(s, "win", max_card_rounds=1)
    assert cc.rounds == "first" and "budget" in cc.why_first_only and "card rounds" in cc.why_first_only
    js = cc.json()
    assert js["card_rounds"] == "first" and js["first_round_only_because"] == cc.why_first_only
    assert [r["round"] for r in js["rounds"]] == [1]
    assert any(line.startswith("  round 1 only: about") for line in cc.lines())
    opts = js["rounds"][0]["positions"][0]["attacker"]["options"]
    assert {o["option"] for o in opts} == {"no card", "Deadly Strife", "Desperate Battle"}


def test_optimize_report_json_and_text_give_each_round():
    """The verb: the card section of the JSON lists the rounds with each option's exact value and
    difference, sorted best first, and the text lists round 2's positions; --decide attacker reports
    the attacker's options only."""
    s = _scenario(("Deadly Strife",), ("No Quarter",), 3, 2)
    rep = verbs.optimize(s)
    js = rep.to_json()["combat_cards"]
    assert [r["round"] for r in js["rounds"]] == [1, 2]
    for r in js["rounds"]:
        for pos in r["positions"]:
            for role in ("attacker", "defender"):
                diffs = [Fraction(o["difference"]["exact"]) for o in pos[role]["options"]]
                assert diffs == sorted(diffs) and diffs[0] == 0
    text = "\n".join(rep.cards.lines())
    assert "round 2, reached with chance" in text and "its options, best first" in text
    solo = verbs.optimize(s, decide="attacker").to_json()["combat_cards"]
    assert solo["sides_reported"] == ["attacker"]
    assert all("defender" not in pos for r in solo["rounds"] for pos in r["positions"])


def test_a_siege_chooses_cards_in_every_round_it_can_last():
    """A siege (WOTR-SIEGE-3: each further round costs the attacker an Elite reduced) cannot repeat a
    position, so the cards are chosen in every round without max_rounds; the rounds are counted along
    the optimal play (the battle state's own round index stops counting in a siege): with 2 Elites
    the siege lasts at most 3 rounds, and each reported choice plays only best options."""
    data = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "control": {"Minas Tirith": "free peoples"},
            "attacker": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 2, "elites": 2}},
                         "hand": ["Deadly Strife"]},
            "defender": {"region": "Minas Tirith", "besieged": True, "units": {"Gondor": {"regulars": 1, "elites": 1}},
                         "hand": ["Shield-wall"]},
            "battle": {"action": "army", "kind": "siege"},
            "rules": {"siege_extension": "extend_if_elite", "casualty_policy": "regulars_first"}}
    cc = choose_cards(scenario_from_dict(data, file="siege.yaml"), "win")
    assert cc.rounds == "every" and cc.why_first_only is None
    assert sorted({c.round for c in cc.decisions}) == [1, 2, 3]
    for rnd in (2, 3):
        assert sum(c.chance for c in cc.decisions if c.round == rnd) <= 1
    # a card is played once at most: over the rounds, the chance it is played is at most 1
    played = cc.attacker_mix.get("Deadly Strife", 0) + sum(by["attacker"].get("Deadly Strife", 0)
                                                          for by in cc.later.values())
    assert 0 < played <= 1
    for c in cc.decisions:
        for role, better in (("attacker", max), ("defender", min)):
            opts = c.options[role]
            assert better(o.value for o in opts) == c.value
            assert all(o.difference == 0 for o in opts if o.plays)
