"""Each round's numbers, side by side: the dice each side rolls and the hits each roll scores.

For every casualty policy of an ``odds`` report, each side's exact distribution of: the dice of its
Combat roll (WOTR-STR-3, after the cards' caps and reductions) and the hits they score (missed dice
a card turns into hits included, WOTR-HIT-3/4), the dice of its Leader re-roll (min(Leadership, 5,
misses), WOTR-STR-5, WOTR-HIT-6) and their hits, the hits of its Combat card's own attack roll
(WOTR-CARD-6), its bonus hits, the hits it takes from itself (self-hits: Relentless Assault,
Onslaught, Confusion's natural 1s) and the hits it takes at casualties after cancels (WOTR-CAS-1).
With named Combat cards the numbers come from the card round itself
(:class:`..cards.combat_round.CardRound`, its :attr:`tallies`); without, from the round's roll
parameters, Combat roll then re-roll of the missed dice. With ``max_rounds`` (and no named Combat
card), every later round too: its numbers given that it is fought, over the positions the battle
reaches by then, and the chance it is fought; with named Combat cards in later rounds, those rounds,
over the positions the card battle reaches.

>>> from pycombat.games.wotr.cards.combat_round import Tally
>>> t = no_card_tallies(RollParamsLike(2, 1, 5, 0, 0, None), RollParamsLike(1, 0, 5, 0, 0, None))
>>> sum(t.values())
Fraction(1, 1)
>>> marg = round_marginals(t, "attacker")
>>> marg["combat"], marg["rerolled"]
({0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}, {0: Fraction(1, 9), 1: Fraction(8, 9)})
"""
from __future__ import annotations

from collections import namedtuple
from fractions import Fraction
from typing import Any

from pycombat.dice import as_json, binomial
from ..cards.combat_round import Tally, round_marginals
from .dice import hit_chance

#: what :func:`no_card_tallies` reads of a roll (:class:`.process.RollParams` has these fields)
RollParamsLike = namedtuple("RollParamsLike", "dice rerolls hit roll_modifier reroll_modifier reroll_hit")

#: (field, words, rule) in the order of the round (WOTR-ROUND-1)
ROWS = (("dice", "Combat roll: dice", "WOTR-STR-3"),
        ("combat", "Combat roll: hits", "WOTR-HIT-3"),
        ("rerolled", "Leader re-roll: dice", "WOTR-STR-5"),
        ("reroll", "Leader re-roll: hits", "WOTR-HIT-6"),
        ("own", "card's own attack roll: hits", "WOTR-CARD-6"),
        ("bonus", "bonus hits", "WOTR-CARD-7"),
        ("self_hits", "self-hits", "WOTR-CARD-7"),
        ("taken", "hits taken at casualties, after cancels", "WOTR-CAS-1"))


def _one_side(p) -> dict[tuple[int, int, int, int], Fraction]:
    """``{(dice, combat hits, re-roll dice, re-roll hits): p}`` of one side's roll without named cards."""
    out: dict = {}
    first = hit_chance(p.hit, p.roll_modifier)
    again = hit_chance(p.reroll_hit if p.reroll_hit is not None else p.hit, p.reroll_modifier)
    for h, q in binomial(p.dice, first).items():
        n = min(p.rerolls, p.dice - h)
        for h2, q2 in binomial(n, again).items():
            key = (p.dice, h, n, h2)
            out[key] = out.get(key, Fraction(0)) + q * q2
    return out


def no_card_tallies(att, dfd) -> dict[tuple, Fraction]:
    """Round 1 without named Combat cards: {(attacker's :class:`Tally`, defender's): p}; each side takes
    the other's Combat roll and re-roll hits."""
    out: dict[tuple, Fraction] = {}
    for (da, ha, ra, ha2), pa in _one_side(att).items():
        for (dd, hd, rd, hd2), pd in _one_side(dfd).items():
            key = (Tally(dice=da, combat=ha, rerolled=ra, reroll=ha2, taken=hd + hd2),
                   Tally(dice=dd, combat=hd, rerolled=rd, reroll=hd2, taken=ha + ha2))
            out[key] = out.get(key, Fraction(0)) + pa * pd
    return out


def round_one_tallies(rep, policy: str) -> dict[tuple, Fraction]:
    """Round 1's :class:`Tally` pairs for one casualty policy of an ``odds`` report."""
    s, setup = rep.scenario, rep.setup
    plan = s.card_plan
    if plan is not None and any(c is not None for c in plan.round_cards(1)[0].values()):
        from ..cards.battle import card_round_dist
        from .process import Policy

        cr, _ = card_round_dist(s, setup, plan, Policy.from_flags(s.flags, policy))
        return cr.tallies
    return no_card_tallies(setup.params("attacker", setup.start[0], 1), setup.params("defender", setup.start[2], 1))


def later_round_tallies(rep, policy: str, rnd: int) -> tuple[dict[tuple, Fraction], Fraction]:
    """Round ``rnd`` (2 or more, no named Combat card in the battle): ``(its Tally pairs given that it is
    fought, the chance it is fought)``, over the start-of-round positions the battle reaches
    (:func:`.process.forward_raw` with ``stop_round``)."""
    from .process import Decisions, Policy, forward_raw

    s, setup = rep.scenario, rep.setup
    dec = Decisions(setup, Policy.from_flags(s.flags, policy))
    _, pending, _, _ = forward_raw(setup, dec, stop_round=rnd)
    reach = sum(pending.values(), Fraction(0))
    out: dict[tuple, Fraction] = {}
    if not reach:
        return out, reach
    for st, p in pending.items():
        a, d = st[0], st[2]
        for key, q in no_card_tallies(setup.params("attacker", a, rnd), setup.params("defender", d, rnd)).items():
            out[key] = out.get(key, Fraction(0)) + p / reach * q
    return out, reach


def table_rounds(rep) -> list[int]:
    """The rounds the table shows: round 1; with named Combat cards in later rounds, those rounds (from
    the card battle: the positions that reach them); else with ``max_rounds`` every later round up to it."""
    s, setup = rep.scenario, rep.setup
    plan = s.card_plan
    later = [r for r in (plan.rounds() if plan is not None else []) if r > 1]
    if later:
        return [1] + later
    if setup.max_rounds is None or (plan is not None and plan.rounds()) or setup.kind == "siege":
        return [1]
    return list(range(1, setup.max_rounds + 1))


def card_round_tallies(rep, policy: str) -> dict[int, tuple[dict[tuple, Fraction], Fraction]]:
    """Each later round with named Combat cards: ``(its Tally pairs given that it is fought, the
    chance it is fought)``, from the card battle (:func:`..cards.battle.card_battle_odds`)."""
    from ..cards.battle import card_battle_odds
    from .process import Policy

    s, setup = rep.scenario, rep.setup
    acc: dict = {}
    card_battle_odds(s, setup, s.card_plan, Policy.from_flags(s.flags, policy), tallies=acc)
    out = {}
    for r, (t, reach) in acc.items():
        if r > 1 and reach[0]:
            out[r] = ({k: v / reach[0] for k, v in t.items()}, reach[0])
    return out


def _rows(rep, pol) -> list[tuple[int, Fraction, dict[tuple, Fraction]]]:
    out = []
    rounds = table_rounds(rep)
    cards = card_round_tallies(rep, pol) if any(r > 1 for r in rounds) and rep.scenario.card_plan is not None \
        and rep.scenario.card_plan.later else {}
    for rnd in rounds:
        if rnd == 1:
            out.append((1, Fraction(1), round_one_tallies(rep, pol)))
        elif rnd in cards:
            t, reach = cards[rnd]
            out.append((rnd, reach, t))
        elif not cards:
            t, reach = later_round_tallies(rep, pol, rnd)
            if reach:
                out.append((rnd, reach, t))
    return out


def round_table_json(rep) -> list[dict[str, Any]]:
    """``[{round, reached, policy, attacker: {field: {value: {exact, decimal}}}, defender: ...}]``: the
    numbers of each round given that it is fought, and the chance it is."""
    out = []
    for pol in rep.results:
        for rnd, reach, t in _rows(rep, pol):
            row: dict[str, Any] = {"round": rnd, "reached": as_json(reach), "policy": pol,
                                   "rules": [r for _, _, r in ROWS]}
            for role in ("attacker", "defender"):
                row[role] = {f: {str(k): as_json(p) for k, p in d.items()}
                             for f, d in round_marginals(t, role).items()}
            out.append(row)
    return out


def _dist_text(d: dict[int, Fraction]) -> str:
    if len(d) == 1:
        return str(next(iter(d)))
    mean = sum((k * p for k, p in d.items()), Fraction(0))
    return ", ".join(f"{k}: {p.numerator}/{p.denominator} ({float(p):.4f})" for k, p in d.items()) + \
        f"; mean {float(mean):.3f}"


def round_table_lines(rep) -> list[str]:
    """The text of round 1's numbers (the first casualty policy's; a second one is shown where it differs)."""
    pols = list(rep.results)
    if not pols:
        return []
    lines = []
    for rnd, reach, t in _rows(rep, pols[0]):
        lines.append(f"Round {rnd}, side by side (exact; the rule of each number in brackets):" if rnd == 1 else
                     f"Round {rnd}, if it is fought ({reach.numerator}/{reach.denominator}, {float(reach):.4f}; "
                     f"{pols[0]}):")
        for role in ("attacker", "defender"):
            marg = round_marginals(t, role)
            for field, words, rule in ROWS:
                d = marg[field]
                if field in ("own", "bonus", "self_hits") and set(d) == {0}:
                    continue  # no card gives any
                lines.append(f"  {role} {words}: {_dist_text(d)} [{rule}]")
    first = round_one_tallies(rep, pols[0])
    for other in pols[1:]:
        if round_one_tallies(rep, other) != first:
            lines.append(f"  (under the {other} casualty policy the numbers after casualties differ: see the JSON)")
    return lines
