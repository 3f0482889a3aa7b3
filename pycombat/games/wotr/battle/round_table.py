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

Without named Combat cards the two rolls are independent (WOTR-ROUND-2), so each side's numbers
come from its own roll alone and the hits it takes from the other's (:func:`no_card_marginals`):
the table needs one side's distribution at a time (remembered per roll), never the product of the
two. A report's rows are built once per casualty policy (:func:`table_rows`) and serve both the
JSON and the text.

>>> from pycombat.games.wotr.cards.combat_round import Tally
>>> t = no_card_tallies(RollParamsLike(2, 1, 5, 0, 0, None), RollParamsLike(1, 0, 5, 0, 0, None))
>>> sum(t.values())
Fraction(1, 1)
>>> marg = round_marginals(t, "attacker")
>>> marg["combat"], marg["rerolled"]
({0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}, {0: Fraction(1, 9), 1: Fraction(8, 9)})
>>> no_card_marginals(RollParamsLike(2, 1, 5, 0, 0, None), RollParamsLike(1, 0, 5, 0, 0, None))["attacker"] == marg
True
"""
from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pycombat.dice import as_json, binomial
from pycombat.solver import memo
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
        ("self_hits", "self-hits", "WOTR-CARDX-2"),
        ("taken", "hits taken at casualties, after cancels", "WOTR-CAS-1"))


#: the rule a side's self-hits rest on, by the card effect that gives them: the number a card takes
#: (WOTR-CARDX-2; Onslaught's dice are a card attack roll, WOTR-CARD-6), Confusion's natural 1s (WOTR-CARDX-6,
#: the opponent's card)
SELF_HIT_RULES = {"self_hits_for_roll_modifier": ("WOTR-CARDX-2",),
                  "self_hits_for_extra_attack": ("WOTR-CARDX-2", "WOTR-CARD-6")}
OPPONENT_SELF_HIT_RULES = {"opponent_ones_hit_themselves": ("WOTR-CARDX-6",)}


def self_hit_rules(cards: dict) -> dict[str, str]:
    """Per role, the rule ids its self-hits rest on in a round whose Combat cards are ``cards`` (role ->
    card or None): its own card's self-hits, or the natural 1s the opponent's card turns on it."""
    out = {}
    for role, other in (("attacker", "defender"), ("defender", "attacker")):
        ids: list[str] = []
        for card, table in ((cards.get(role), SELF_HIT_RULES), (cards.get(other), OPPONENT_SELF_HIT_RULES)):
            for e in card.effects if card is not None else ():
                ids += [r for r in table.get(e.get("effect"), ()) if r not in ids]
        if ids:
            out[role] = ", ".join(ids)
    return out


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


#: one side's own fields without named cards (the other fields: no card gives any, and ``taken`` is
#: the other side's ``scored``)
OWN = ("dice", "combat", "rerolled", "reroll", "scored")


#: per roll: its :func:`side_marginals` and their JSON (a few hundred rolls recur across battles;
#: emptied with the solver's caches)
_SIDES = memo(limit=4096)
_SIDES_JSON = memo(limit=4096)


def side_marginals(p) -> dict[str, tuple[tuple[int, Fraction], ...]]:
    """``{field: ((value, probability), ...)}`` (values ascending) of one side's roll without named
    cards, for the fields of :data:`OWN` (remembered per roll: read it, never change it)."""
    return _SIDES.remember(p, lambda: _side_marginals(p))


def _side_marginals(p) -> dict[str, tuple[tuple[int, Fraction], ...]]:
    acc: dict[str, dict[int, Fraction]] = {f: {} for f in OWN}
    for (dice, h, n, h2), q in _one_side(p).items():
        for f, v in (("dice", dice), ("combat", h), ("rerolled", n), ("reroll", h2), ("scored", h + h2)):
            d = acc[f]
            d[v] = d.get(v, 0) + q
    return {f: tuple(sorted(d.items())) for f, d in acc.items()}


def _side_json(p) -> dict[str, tuple[tuple[str, str, float], ...]]:
    """:func:`side_marginals` as :func:`pycombat.dice.as_json` writes it: ``(value, exact, decimal)``."""
    return _SIDES_JSON.remember(p, lambda: _render(p))


def _render(p) -> dict[str, tuple[tuple[str, str, float], ...]]:
    out = {}
    for f, pairs in side_marginals(p).items():
        out[f] = tuple((str(k), j["exact"], j["decimal"]) for k, j in ((k, as_json(q)) for k, q in pairs))
    return out


_CERTAIN_ZERO = ((0, Fraction(1)),)
_CERTAIN_ZERO_JSON = (("0", "1/1", 1.0),)


def _fields(own: dict, other: dict, zero) -> list[tuple[str, Any]]:
    """The fields of one side, in :func:`round_marginals`'s order, from its own roll and the other's."""
    return [("dice", own["dice"]), ("combat", own["combat"]), ("rerolled", own["rerolled"]),
            ("reroll", own["reroll"]), ("own", zero), ("bonus", zero), ("self_hits", zero),
            ("taken", other["scored"]), ("scored", own["scored"])]


def no_card_marginals(att, dfd) -> dict[str, dict[str, dict[int, Fraction]]]:
    """``{role: {field: {value: probability}}}``: ``round_marginals(no_card_tallies(att, dfd), role)``
    in closed form. The rolls are independent (WOTR-ROUND-2): a side's fields are those of its own
    roll, the hits it takes at casualties the other side's Combat roll and re-roll hits (WOTR-CAS-1),
    and no card gives own-attack, bonus or self-hits."""
    a, d = side_marginals(att), side_marginals(dfd)
    return {"attacker": {f: dict(v) for f, v in _fields(a, d, _CERTAIN_ZERO)},
            "defender": {f: dict(v) for f, v in _fields(d, a, _CERTAIN_ZERO)}}


def mixed_marginals(weights: dict[tuple, Fraction]) -> dict[str, dict[str, dict[int, Fraction]]]:
    """:func:`no_card_marginals` over several rounds' rolls, ``{(attacker's roll, defender's): weight}``
    (weights summing to 1): each field's distribution is the weighted sum of theirs."""
    out: dict[str, dict[str, dict[int, Fraction]]] = {r: {} for r in ("attacker", "defender")}
    for (att, dfd), w in weights.items():
        a, d = side_marginals(att), side_marginals(dfd)
        for role, own, other in (("attacker", a, d), ("defender", d, a)):
            acc = out[role]
            for f, pairs in _fields(own, other, _CERTAIN_ZERO):
                dist = acc.setdefault(f, {})
                for k, q in pairs:
                    dist[k] = dist.get(k, 0) + w * q
    return {role: {f: dict(sorted(d.items())) for f, d in acc.items()} for role, acc in out.items()}


def round_starts(rep, policy: str, rounds: list[int]) -> dict[int, dict]:
    """``{round: {start-of-round state: probability}}`` for each of ``rounds`` (2 or more, ascending,
    no named Combat card in the battle): each round's positions pushed on from the last one's
    (:func:`.process.forward_raw` from them, up to the next round), so the battle is followed once up
    to the last round (:func:`later_round_tallies` starts each round's pass from the start)."""
    from .process import Decisions, Policy, forward_raw

    s, setup = rep.scenario, rep.setup
    dec = Decisions(setup, Policy.from_flags(s.flags, policy))
    out: dict[int, dict] = {}
    pending: dict | None = None
    reach = Fraction(1)
    for rnd in rounds:
        if pending is None:
            _, pending, _, _ = forward_raw(setup, dec, stop_round=rnd)
        else:
            _, got, _, _ = forward_raw(setup, dec, starts={st: p / reach for st, p in pending.items()},
                                       stop_round=rnd)
            pending = {st: p * reach for st, p in got.items()}
        out[rnd] = pending
        reach = sum(pending.values(), Fraction(0))
        if not reach:
            break
    return out


@dataclass
class Row:
    """One round of the table under one casualty policy: the round, the chance it is fought, and
    either the two rolls (``params``: round 1 without named cards, the numbers in closed form) or
    each role's marginals (``given``)."""

    round: int
    reached: Fraction
    params: tuple | None = None
    given: dict | None = None
    #: role -> the rule ids of its self-hits in this round, from the Combat cards played (:func:`self_hit_rules`)
    self_hit_rules: dict | None = None

    def marginals(self) -> dict[str, dict[str, dict[int, Fraction]]]:
        """``{role: {field: {value: probability}}}``."""
        return self.given if self.given is not None else no_card_marginals(*self.params)

    def to_json(self, policy: str) -> dict[str, Any]:
        """The row as :func:`round_table_json` lists it (new dicts every time)."""
        row: dict[str, Any] = {"round": self.round, "reached": as_json(self.reached), "policy": policy,
                               "rules": [r for _, _, r in ROWS],
                               **({"self_hit_rules": dict(self.self_hit_rules)} if self.self_hit_rules else {})}
        if self.params is not None:
            a, d = _side_json(self.params[0]), _side_json(self.params[1])
            for role, own, other in (("attacker", a, d), ("defender", d, a)):
                row[role] = {f: {k: {"exact": x, "decimal": y} for k, x, y in v}
                             for f, v in _fields(own, other, _CERTAIN_ZERO_JSON)}
        else:
            for role in ("attacker", "defender"):
                row[role] = {f: {str(k): as_json(p) for k, p in d.items()} for f, d in self.given[role].items()}
        return row


def _card_round_one(rep, policy: str):
    """Round 1's :class:`Tally` pairs when named Combat cards are played in it, else None (without,
    round 1's numbers are the same under every casualty policy)."""
    plan = rep.scenario.card_plan
    if plan is not None and any(c is not None for c in plan.round_cards(1)[0].values()):
        return rep.derived(("round_one", policy), lambda: round_one_tallies(rep, policy))
    return None


def table_rows(rep, pol: str) -> list[Row]:
    """The table's rows under casualty policy ``pol`` (built once per report and policy)."""
    return rep.derived(("round_table", pol), lambda: _rows(rep, pol))


def _rows(rep, pol) -> list[Row]:
    out = []
    rounds = table_rounds(rep)
    cards = card_round_tallies(rep, pol) if any(r > 1 for r in rounds) and rep.scenario.card_plan is not None \
        and rep.scenario.card_plan.later else {}
    later = [] if cards else [r for r in rounds if r > 1]
    starts = round_starts(rep, pol, later) if later else {}
    setup = rep.setup
    for rnd in rounds:
        if rnd == 1:
            tallies = _card_round_one(rep, pol)
            if tallies is None:
                out.append(Row(1, Fraction(1), params=(setup.params("attacker", setup.start[0], 1),
                                                       setup.params("defender", setup.start[2], 1))))
            else:
                out.append(Row(1, Fraction(1), given={r: round_marginals(tallies, r) for r in ("attacker", "defender")},
                               self_hit_rules=_round_self_hit_rules(rep, 1)))
        elif rnd in cards:
            t, reach = cards[rnd]
            out.append(Row(rnd, reach, given={r: round_marginals(t, r) for r in ("attacker", "defender")},
                           self_hit_rules=_round_self_hit_rules(rep, rnd)))
        elif not cards:
            pending = starts.get(rnd)
            reach = sum(pending.values(), Fraction(0)) if pending else Fraction(0)
            if reach:
                weights: dict[tuple, Fraction] = {}
                for st, p in pending.items():
                    key = (setup.params("attacker", st[0], rnd), setup.params("defender", st[2], rnd))
                    weights[key] = weights.get(key, 0) + p
                out.append(Row(rnd, reach, given=mixed_marginals({k: w / reach for k, w in weights.items()})))
    return out


def _round_self_hit_rules(rep, rnd: int) -> dict[str, str]:
    plan = rep.scenario.card_plan
    return self_hit_rules(plan.round_cards(rnd)[0]) if plan is not None else {}


def round_table_json(rep) -> list[dict[str, Any]]:
    """``[{round, reached, policy, attacker: {field: {value: {exact, decimal}}}, defender: ...}]``: the
    numbers of each round given that it is fought, and the chance it is."""
    out = []
    for pol in rep.results:
        out.extend(row.to_json(pol) for row in table_rows(rep, pol))
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
    for row in table_rows(rep, pols[0]):
        rnd, reach = row.round, row.reached
        lines.append(f"Round {rnd}, side by side (exact; the rule of each number in brackets):" if rnd == 1 else
                     f"Round {rnd}, if it is fought ({reach.numerator}/{reach.denominator}, {float(reach):.4f}; "
                     f"{pols[0]}):")
        marginals = row.marginals()
        for role in ("attacker", "defender"):
            marg = marginals[role]
            for field, words, rule in ROWS:
                if field == "self_hits" and row.self_hit_rules and role in row.self_hit_rules:
                    rule = row.self_hit_rules[role]
                d = marg[field]
                if field in ("own", "bonus", "self_hits") and set(d) == {0}:
                    continue  # no card gives any
                lines.append(f"  {role} {words}: {_dist_text(d)} [{rule}]")
    first = _card_round_one(rep, pols[0])
    if first is not None:
        for other in pols[1:]:
            if _card_round_one(rep, other) != first:
                lines.append(f"  (under the {other} casualty policy the numbers after casualties differ: see the JSON)")
    return lines
