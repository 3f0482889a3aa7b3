"""Without max_rounds, a round in which nobody scores a hit leaves the position as it was: the end-of-round
decision (cease, WOTR-ROUND-3; stay or retreat, WOTR-END-3) and, in a Stronghold's region, the choice
before the next round (WOTR-SITE-2) come again. An option that goes on ("continue", "stay", "fight the
round") is worth that round fought once, the same decision then taken again optimally (docs/wotr.md:
"the option taken and play going on optimally"), not the value of going on at every repetition.

Checked against a backward induction written here from the rules: one Nation a side, replacements
unlimited, the dice face by face, each position's value the fixed point of its round (a round without
hits returns to the same end-of-round decision)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from field_battle_brute import army_hits as hits, take
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import load_scenario

FIELD = """game: wotr
title: a raid that can stall
politics: {Sauron: at_war, Gondor: at_war}
attacker: {region: Ash Mountains, units: {Sauron: {regulars: 2, elites: 1}}, nazgul: 1}
defender: {region: Dagorlad, units: {Gondor: {regulars: 2, leaders: 1}}, retreat_to: [North Ithilien]}
rules: {replacement_pool: unlimited}
battle: {action: army}
"""
STRONGHOLD = """game: wotr
title: before the walls of Helm's Deep
politics: {Isengard: at_war, Rohan: at_war}
attacker: {region: Fords of Isen, units: {Isengard: {regulars: 1, elites: 1}}}
defender: {region: Helm's Deep, units: {Rohan: {elites: 3, leaders: 1}}, retreat_to: [Westemnet]}
rules: {replacement_pool: unlimited}
battle: {action: army}
"""




def hp(u):
    return u[0] + 2 * u[1]


class Brute:
    def __init__(self, objective, start, leadership, stronghold):
        self.objective, self.a0, self.d0 = objective, *start
        self.lead, self.stronghold = leadership, stronghold
        self.memo: dict = {}

    def pay(self, kind, a, d):
        if self.objective == "win":
            return Fraction(kind in ("attacker_wins", "defender_retreated"))
        if self.objective == "destroy":
            return Fraction(kind in ("attacker_wins", "both_destroyed"))
        return Fraction((hp(self.d0) - hp(d)) - (hp(self.a0) - hp(a)))  # losses

    def once(self, a, d, again):
        """The round from (a, d) fought once; no hits lead to ``again`` (the end-of-round value there)."""
        total = Fraction(0)
        for i, p in hits(a, self.lead[0]).items():
            for j, q in hits(d, self.lead[1]).items():
                if (i, j) == (0, 0):
                    total += p * q * again
                else:  # the attacker's casualties first, then the defender's (WOTR-CAS-2)
                    total += p * q * max(min(self.end(a2, d2) for d2 in take(d, i)) for a2 in take(a, j))
        return total

    def ends(self, a, d, start):
        """The end-of-round options at (a, d), the next round worth ``start``: {cease, stay, retreat}."""
        return {"cease": self.pay("attack_ceased", a, d), "stay": start,
                "retreat": self.pay("defender_retreated", a, d)}

    def best_end(self, o):
        return max(o["cease"], min(o["stay"], o["retreat"]))

    def start(self, a, d, fight):
        return min(fight, self.pay("into_siege", a, d)) if self.stronghold else fight

    def value(self, a, d):
        """The value of the round that begins at (a, d): the fixed point x = start(once(a, d, end(x)))."""
        if (a, d) not in self.memo:
            g = lambda x: self.start(a, d, self.once(a, d, self.best_end(self.ends(a, d, x))))
            # g is piecewise linear: its fixed point is on the piece where the end of the round ceases,
            # retreats or goes on (x = base + p00 x), or where the defender retreats into his Stronghold
            cands = [g(self.pay(k, a, d)) for k in ("attack_ceased", "defender_retreated", "into_siege")]
            base = self.once(a, d, Fraction(0))
            p00 = self.once(a, d, Fraction(1)) - base
            cands.append(base / (1 - p00))
            self.memo[(a, d)] = next(x for x in cands if g(x) == x)
        return self.memo[(a, d)]

    def end(self, a, d):
        if not sum(a) and not sum(d):
            return self.pay("both_destroyed", a, d)
        if not sum(d):
            return self.pay("attacker_wins", a, d)
        if not sum(a):
            return self.pay("defender_holds", a, d)
        return self.best_end(self.ends(a, d, self.value(a, d)))

    def options(self, kind, a, d):
        """Each option's value at the decision ``kind`` reached at (a, d): going on = the round fought once."""
        again = self.end(a, d)
        fight = self.once(a, d, again)
        go_on = self.start(a, d, fight)
        if kind == "stronghold":
            return {"fight the round": fight, "retreat into the Stronghold": self.pay("into_siege", a, d)}
        if kind == "retreat":
            return {"stay": go_on, "retreat": self.pay("defender_retreated", a, d)}
        return {"continue": min(go_on, self.pay("defender_retreated", a, d)),
                "cease the attack": self.pay("attack_ceased", a, d)}


def _solve(tmp_path, text, objective):
    path = tmp_path / "battle.yaml"
    path.write_text(text)
    return verbs.optimize(load_scenario(path), objective=objective, min_chance=Fraction(0))


CASES = [
    (FIELD, "destroy", ((2, 1), (2, 0)), (1, 1), False),
    (FIELD, "losses", ((2, 1), (2, 0)), (1, 1), False),
    (STRONGHOLD, "win", ((1, 1), (0, 3)), (0, 1), True),
]


@pytest.mark.parametrize("text, objective, start, leadership, stronghold", CASES)
def test_going_on_at_a_position_that_repeats_is_worth_one_round_then_the_same_choice(
        tmp_path, text, objective, start, leadership, stronghold):
    report = _solve(tmp_path, text, objective)
    assert report.result.best.split.whole
    b = Brute(objective, start, leadership, stronghold)
    assert report.value == b.value(*start)
    checked = 0
    for dec in report.decisions.decisions:
        if dec.kind not in ("cease", "retreat", "stronghold"):
            continue
        (a,), (d,) = dec.units
        want = b.options(dec.kind, a, d)
        got = {("retreat" if o.label.startswith("retreat to") else o.label): o.value for o in dec.options}
        assert got == want, (dec.kind, a, d)
        checked += 1
    assert checked


def test_the_stay_option_where_the_defender_retreats_is_the_next_round_only(tmp_path):
    """Sauron 2R 1E (one Nazgul) against Gondor 1R with a Leader: staying lets the attacker roll once more
    (3 dice and a re-roll: at least one hit with chance 1 - (2/3)^4 = 65/81); staying at every repetition
    would be (65/81) / (1 - 64/729) = 117/133."""
    report = _solve(tmp_path, FIELD, "destroy")
    dec = next(x for x in report.decisions.decisions if x.kind == "retreat" and x.units == (((2, 1),), ((1, 0),)))
    assert {o.label: o.value for o in dec.options} == {"stay": Fraction(65, 81),
                                                       "retreat to North Ithilien": Fraction(0)}


def test_the_card_game_values_a_position_without_cards_by_its_optimal_play(tmp_path):
    """With a Combat card in hand (WOTR-CARD-2), once the hands are empty the position is the no-card
    battle: staying there is worth its round fought once, as without cards (65/81, not 117/133)."""
    text = FIELD.replace("retreat_to: [North Ithilien]}", "retreat_to: [North Ithilien], hand: [Shield-wall]}")
    report = _solve(tmp_path, text, "destroy")
    found = [x for x in report.cards.play.decisions
             if x.kind == "retreat" and x.units == (((2, 1),), ((1, 0),)) and x.hands == ((), ())]
    assert found
    for dec in found:
        assert {o.label: o.value for o in dec.options} == {"stay": Fraction(65, 81),
                                                           "retreat to North Ithilien": Fraction(0)}
