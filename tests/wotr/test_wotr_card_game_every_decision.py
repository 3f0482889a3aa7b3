"""The card game's report of the players' decisions (casualty_policy=enumerate) covers every round,
those played after the last card can be played too (the no-card battle's casualties, cease and
retreat): checked against a walk written here that follows the play the report gives (each card
position's mixes, each decision's chosen option) through the brute force's own dice and casualty
rules (:mod:`test_wotr_card_game_decisions`), and finds every decision with the chance the report
gives; in the rounds without cards each option's value is the brute force's."""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest

from pycombat.games.wotr.cards import round_game
from pycombat.games.wotr.cards.optimize import choose_cards
from pycombat.games.wotr.schema import scenario_from_dict
from test_wotr_card_game_decisions import Brute, _drop, _hits, _scenario, _taken


def _units(nation: str, u) -> str:
    return f"{nation} {u[0]}R {u[1]}E" if sum(u) else "no units"


class Walk:
    """The game played as reported: ``reach[(round, kind, attacker, defender, hits)]`` = the chance."""

    def __init__(self, cc, rounds: int, retreat: bool, first_only: bool):
        self.rounds, self.retreat, self.first_only = rounds, retreat, first_only
        self.reach: dict[tuple, Fraction] = defaultdict(Fraction)
        self.choice: dict[tuple, str] = {}
        for d in cc.play.decisions:
            k = self.key(d.round, d.kind, d.attacker_units, d.defender_units, d.hits, d.hands)
            label = next(o.label for o in d.options if o.chosen)
            assert self.choice.setdefault(k, label) == label, k  # one play per decision
        self.mixes = {(c.round, c.attacker_units, c.defender_units, c.hands["attacker"], c.hands["defender"]):
                      (c.chosen("attacker"), c.chosen("defender")) for c in cc.decisions}

    @staticmethod
    def key(rnd, kind, a, d, hits, hands) -> tuple:
        taken = hits if kind == "attacker_casualties" else hits[0] if kind == "defender_casualties" else None
        return rnd, kind, a, d, taken, tuple(hands)

    def note(self, w, *k) -> str:
        self.reach[k] += w
        return self.choice.get(k)

    def position(self, a, d, ha, hd, rnd, w):
        if not w:
            return
        mix = self.mixes.get((rnd, _units("Sauron", a), _units("Gondor", d), ha, hd))
        if mix is None:  # no choice of card: neither side can play one (or holds none)
            assert not ha and not hd or self.first_only and rnd > 1
            mix = ({"no card": Fraction(1)}, {"no card": Fraction(1)})
        for ca, pa in mix[0].items():
            for cd, pd in mix[1].items():
                ca_, cd_ = (None if ca == "no card" else ca), (None if cd == "no card" else cd)
                left = ((), ()) if self.first_only else (_drop(ha, ca_), _drop(hd, cd_))
                self.round(a, d, ca_, cd_, left, rnd, w * pa * pd)

    def round(self, a, d, ca, cd, left, rnd, w):
        mod = {"Deadly Strife": 2}.get(ca, 0)
        for hit_a, qa in _hits(min(5, sum(a)), mod):
            for hit_d, qd in _hits(min(5, sum(d)), mod):
                i = hit_a - 1 if cd == "Shield-wall" and hit_a >= 2 else hit_a
                j = hit_d + 1 if cd == "No Quarter" and hit_d >= 1 else hit_d
                q = w * qa * qd
                a2 = a
                if j:
                    a2 = self.pick(q, rnd, "attacker_casualties", a, d, (i, j), "Sauron", _taken(*a, j), left)
                d2 = d
                if i:
                    d2 = self.pick(q, rnd, "defender_casualties", a2, d, (i, 0), "Gondor", _taken(*d, i), left)
                if ca == "Great Host" and sum(a2) and sum(d2) and sum(a2) >= 2 * sum(d2):
                    d2 = self.pick(q, rnd, "defender_casualties", a2, d2, (1, 0), "Gondor", _taken(*d2, 1), left)
                self.end(a2, d2, left, rnd, q)

    def pick(self, q, rnd, kind, a, d, hits, nation, results, left):
        label = self.note(q, *self.key(rnd, kind, _units("Sauron", a), _units("Gondor", d), hits, left))
        got = [u for u in results if f"left with {_units(nation, u)}" == label]
        assert len(got) == 1, (rnd, kind, a, d, hits, label)
        return got[0]

    def end(self, a, d, left, rnd, q):
        if not sum(a) or not sum(d) or rnd >= self.rounds:
            return
        where = (_units("Sauron", a), _units("Gondor", d))
        if self.note(q, rnd, "cease", *where, None, left) != "continue":
            return
        if self.retreat and self.note(q, rnd, "retreat", *where, None, left) != "stay":
            return
        self.position(a, d, left[0], left[1], rnd + 1, q)


CASES = [  # (attacker (R, E), defender (R, E), hands, max_rounds, retreat, objective, cards in round 1 only)
    ((2, 1), (1, 1), ("Deadly Strife",), ("Shield-wall",), 2, False, "losses", False),
    ((2, 1), (1, 1), ("Deadly Strife",), ("Shield-wall",), 3, True, "win", False),
    ((3, 0), (1, 1), ("Deadly Strife",), (), 3, True, "losses", False),
    ((2, 1), (2, 0), ("Deadly Strife",), ("No Quarter",), 3, True, "losses", True),
    ((2, 1), (1, 1), ("Great Host",), ("Shield-wall",), 3, False, "win", True),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}v{c[1]}-{'+'.join(c[2] + c[3])}-r{c[4]}"
                                                     f"{'-retreat' if c[5] else ''}-{c[6]}{'-first' if c[7] else ''}")
def test_every_decision_of_the_play_is_reported_with_its_chance(case, monkeypatch):
    att, dfn, ha, hd, rounds, retreat, objective, first_only = case
    monkeypatch.setattr(round_game, "MIN_CHANCE", Fraction(0))  # every decision listed, however unlikely
    cc = choose_cards(_scenario(att, dfn, ha, hd, rounds, retreat), objective,
                      **({"max_card_rounds": 1} if first_only else {}))
    assert cc.play is not None and cc.rounds == ("first" if first_only else "every")
    walk = Walk(cc, rounds, retreat, first_only)
    walk.position(att, dfn, tuple(sorted(ha)), tuple(sorted(hd)), 1, Fraction(1))
    reported: dict[tuple, Fraction] = defaultdict(Fraction)
    for d in cc.play.decisions:
        reported[walk.key(d.round, d.kind, d.attacker_units, d.defender_units, d.hits, d.hands)] += d.chance
    assert {k: v for k, v in walk.reach.items() if v} == dict(reported)
    assert cc.play.smaller == 0
    last = [d for d in cc.play.decisions if d.round == rounds]
    assert last and {d.kind for d in last} >= {"attacker_casualties", "defender_casualties"}


@pytest.mark.parametrize("case", [c for c in CASES if c[7]], ids=lambda c: f"{c[0]}v{c[1]}-r{c[4]}")
def test_the_rounds_without_cards_value_every_option_as_the_brute_force(case):
    """Cards in round 1 only: every decision of rounds 2 and 3 is the no-card battle's; each option's value
    is the brute force's value of what it leads to, with no card left."""
    att, dfn, ha, hd, rounds, retreat, objective, _ = case
    cc = choose_cards(_scenario(att, dfn, ha, hd, rounds, retreat), objective, max_card_rounds=1)
    brute = Brute(att, dfn, rounds, retreat, objective, first_only=True)
    none = ((), ())
    checked = defaultdict(int)
    for d in cc.play.decisions:
        if d.round < 2:
            continue
        (a,), (dd,) = d.units
        rnd = d.round
        for o in d.options:
            if d.kind == "attacker_casualties":
                a2 = next(u for u in _taken(*a, d.hits[1]) if o.label == f"left with {_units('Sauron', u)}")
                want = brute.defender_takes(a2, dd, d.hits[0], None, none, rnd)
            elif d.kind == "defender_casualties":
                d2 = next(u for u in _taken(*dd, d.hits[0]) if o.label == f"left with {_units('Gondor', u)}")
                want = brute.end(a, d2, none, rnd)
            elif d.kind == "cease":
                want = (brute.pay("attack_ceased", a, dd) if o.label == "cease the attack" else
                        min([brute.value(a, dd, (), (), rnd + 1)]
                            + ([brute.pay("defender_retreated", a, dd)] if retreat else [])))
            else:
                assert d.kind == "retreat"
                want = (brute.value(a, dd, (), (), rnd + 1) if o.label == "stay"
                        else brute.pay("defender_retreated", a, dd))
            assert o.value == want, (d.kind, rnd, o.label)
            checked[d.kind] += 1
    assert checked["attacker_casualties"] and checked["defender_casualties"] and checked["cease"]
    assert checked["retreat"] or not retreat


def _named(att, dfn, card, hd, rounds, retreat, later_round=None):
    """The attacker's ``card`` named for round 1 (or ``later_round``), the defender's hand ``hd``."""
    d = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
         "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": att[0], "elites": att[1]}},
                      "card": card if later_round is None else [{"name": card, "round": later_round}]},
         "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": dfn[0], "elites": dfn[1]}},
                      "hand": list(hd), **({} if retreat else {"retreat_to": []})},
         "rules": {"casualty_policy": "enumerate", "max_rounds": rounds, "replacement_pool": "unlimited"}}
    return scenario_from_dict(d, file="named.yaml")


@pytest.mark.parametrize("objective", ["win", "losses"])
@pytest.mark.parametrize("retreat", [False, True])
def test_a_card_named_for_round_one_is_played_and_the_players_still_choose(objective, retreat):
    """The attacker's card named for round 1 (`card:`) against the defender's hand, no policy named: the
    attacker's only round-1 option is that card, the defender chooses his card in every round, and both
    choose casualties, ceasing and retreating: the brute force with the attacker's row fixed in round 1."""
    att, dfn, hd = (2, 1), (1, 1), ("Shield-wall",)
    cc = choose_cards(_named(att, dfn, "Deadly Strife", hd, 2, retreat), objective)
    assert cc.rounds == "every" and cc.play is not None and cc.played_by_policy is None
    assert cc.rows == ["Deadly Strife"]
    brute = Brute(att, dfn, 2, retreat, objective)
    want = min(brute.round(att, dfn, "Deadly Strife", cd, ((), _drop(hd, cd)), 1) for cd in (None,) + hd)
    assert cc.value == want


def test_cards_named_for_later_rounds_say_which_decisions_a_policy_played():
    """A card named for round 2 with no policy named: round 1's game is valued by the card battle, which
    plays the decisions by a policy; the text and the JSON say which decisions, by what, and why."""
    cc = choose_cards(_named((2, 1), (1, 1), "Deadly Strife", ("Shield-wall",), 2, True, later_round=2), "win")
    assert cc.play is None and cc.rounds == "first"
    p = cc.json()["played_by_policy"]
    assert p["decisions"] == ["casualties", "ceasing", "retreating"]
    assert p["policy"]["casualty_policy"] == "regulars_first" and "later rounds" in p["why"]
    text = "\n".join(cc.lines())
    assert "not chosen by the players although no casualty policy is named (WOTR-CAS-12)" in text
    assert "casualty_policy=enumerate" not in text


@pytest.mark.parametrize("max_card_rounds, stopped", [(40, False), (545, True)])
def test_past_the_budget_the_players_still_choose_and_the_report_says_why(max_card_rounds, stopped):
    """Over the work budget (refused up front from its estimate, or stopped while it runs) the cards are
    chosen in round 1 only, the players still choose every other decision (no policy plays them), and
    the reason gives the estimate of what the whole game would cost; the value is the brute force's with
    the hands unused after round 1."""
    att, dfn, ha, hd = (3, 1), (2, 1), ("Deadly Strife", "Great Host"), ("Shield-wall",)
    cc = choose_cards(_scenario(att, dfn, ha, hd, 3, True), "win", max_card_rounds=max_card_rounds)
    assert cc.rounds == "first" and cc.play is not None and cc.played_by_policy is None
    why = cc.why_first_only
    assert "about 728 card-choice positions" in why and "455 card rounds to play" in why
    assert why.startswith("more than 545 card rounds to play (estimated up front:") is stopped
    assert cc.json()["first_round_only_because"] == why
    brute = Brute(att, dfn, 3, True, "win", first_only=True)
    assert cc.value == brute.value(att, dfn, tuple(sorted(ha)), tuple(sorted(hd)), 1)
