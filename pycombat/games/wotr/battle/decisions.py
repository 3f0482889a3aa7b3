"""Every decision the optimal play of a battle reaches, with what each of its options is worth.

The optimal play (:class:`.process.Optimal` of the best split) is followed forward from the battle's
start, each start-of-round position with the chance that play reaches it (as
:func:`.process.optimal_forward` does, a round without hits folded). At every decision of a side
``optimize`` decides for (``--decide``) that play reaches, every legal option is valued exactly, from
the same memo as the solve:

* the defender's choice before a round to retreat into his Stronghold (WOTR-SITE-2);
* each side's casualties for the hits it takes (WOTR-CAS-2, WOTR-CAS-3, WOTR-CAS-4, WOTR-CAS-12): every
  distinct result;
* the attacker's choice to cease or continue (WOTR-ROUND-3): a ceasing attacker stays where he was
  (WOTR-END-2), a sortie's Army moves back into its Stronghold and the siege goes on (WOTR-SIEGE-6,
  its own kind ``sortie_cease``); then the defender's to stay or retreat,
  one option per region he may retreat to (WOTR-END-3; the battle ends the same way whichever region
  he goes to, so they share one outcome distribution);
* in a siege, the attacker's choice to stop or reduce an Elite to fight on (WOTR-SIEGE-3).

An option's value is the attacker's expected objective when that option is taken and both sides play
optimally afterwards (the side not decided for follows the flags' policies). Going on at a position a
round without hits would repeat ("fight the round", "continue", "stay") is valued as that round fought
once, its no-hit outcome leading to the same end-of-round decision taken again optimally: the solver's
fold of that outcome (:meth:`.process.Optimal.chance_value`) is the value of going on at every
repetition, right for the choice played and not for the option a side would not take again. Options of equal value
are compared by their outcome distributions (the end positions and their chances): a fingerprint of
each distribution modulo a prime tells most apart at once, equal fingerprints are confirmed on the
exact distributions; identical ones are grouped (:func:`pycombat.tree.options.grouped`). A decision with one legal option (a
casualty choice with one possible result, a siege without an Elite to reduce) is *forced*.
"""
from __future__ import annotations

import hashlib
import heapq
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from pycombat.tree.options import Option, Short, grouped, option_lines, rank
from .casualties import allocations
from .process import (Optimal, Outcome, State, ceased, into_siege, losses_offset, optimal_forward, order_key,
                      round_outcomes, siege_reductions)

#: decisions reached with a smaller chance are counted, not listed
MIN_CHANCE = Fraction(1, 1000)
#: decisions the text shows (the likeliest with a choice; the JSON has them all)
SHOWN_DECISIONS = 8
#: the prime modulo which outcome distributions are fingerprinted (:meth:`_Values.fingerprint`)
_P = (1 << 61) - 1
#: what each kind of decision is: the side choosing, the rules, and the question
KINDS = {
    "stronghold": ("defender", ("WOTR-SITE-2",), "the defender fights this round or retreats into the Stronghold"),
    "attacker_casualties": ("attacker", ("WOTR-CAS-2", "WOTR-CAS-12"), "the attacker takes {hits}"),
    "defender_casualties": ("defender", ("WOTR-CAS-2", "WOTR-CAS-12"), "the defender takes {hits}"),
    "cease": ("attacker", ("WOTR-ROUND-3",), "the attacker continues or ceases the attack"),
    "sortie_cease": ("attacker", ("WOTR-ROUND-3", "WOTR-SIEGE-6"),
                     "the sortie goes on, or it ceases and its Army moves back into the Stronghold"),
    "retreat": ("defender", ("WOTR-ROUND-3", "WOTR-END-3"), "the defender stays or retreats"),
    "siege": ("attacker", ("WOTR-SIEGE-3",), "the attacker stops (the siege goes on) or reduces an Elite to fight on"),
    # the card game's: a Combat card leaving the number of self-hits open, chosen when its effect acts
    "attacker_self_hits": ("attacker", ("WOTR-CARDX-2", "WOTR-CARD-4"),
                           "the attacker takes up to {hits} on his own Army for his Combat card"),
    "defender_self_hits": ("defender", ("WOTR-CARDX-2", "WOTR-CARD-4"),
                           "the defender takes up to {hits} on his own Army for his Combat card"),
}


@dataclass
class Decision:
    """One decision the optimal play reaches, every option valued, best first for the side choosing."""

    kind: str  #: a key of :data:`KINDS`
    round: int  #: the first round it can come in
    later: bool  #: it can also come in later rounds (the battle's positions repeat from round to round)
    chance: Fraction  #: the chance the optimal play reaches it
    attacker_units: str
    defender_units: str
    #: casualty choices: the hits of the round scored by the attacker and by the defender (the defender's
    #: choice depends on the attacker's hits only: its second number is 0)
    hits: tuple[int, int]
    options: list[Option] = field(default_factory=list)
    units: tuple = ()  #: (attacker's units, defender's units) as the battle state holds them: (regulars, elites) per Nation
    #: in the card game, the Combat cards each side holds when it is made (attacker's, defender's); None without cards
    hands: tuple | None = None
    #: in the card game, the figures Combat cards have eliminated when it is made (attacker's, defender's)
    lost_to_cards: tuple = ((), ())

    @property
    def side(self) -> str:
        return KINDS[self.kind][0]

    @property
    def forced(self) -> bool:
        return len(self.options) == 1

    @property
    def value(self) -> Fraction:
        return self.options[0].value

    def round_text(self) -> str:
        return f"round {self.round}" + (" or later" if self.later else "")

    def question(self) -> str:
        taken = self.hits[1] if self.kind == "attacker_casualties" else self.hits[0]
        return KINDS[self.kind][2].format(hits=f"{taken} hit{'s' if taken != 1 else ''}")

    def json(self) -> dict:
        from pycombat.dice import as_json

        return {"decision": self.kind, "side": self.side, "rules": list(KINDS[self.kind][1]), "round": self.round,
                "later_rounds": self.later, "chance": as_json(self.chance), "attacker_units": self.attacker_units,
                "defender_units": self.defender_units,
                **({"hands": {"attacker": list(self.hands[0]), "defender": list(self.hands[1])}}
                   if self.hands is not None else {}),
                **({"lost_to_cards": {r: [str(x) for x in lost] for r, lost in zip(("attacker", "defender"),
                                                                                   self.lost_to_cards)}}
                   if any(self.lost_to_cards) else {}),
                **({"hits": {"attacker_scored": self.hits[0], "defender_scored": self.hits[1]}}
                   if self.kind == "attacker_casualties" else
                   {"hits": {"attacker_scored": self.hits[0]}} if self.kind == "defender_casualties" else {}),
                "value": as_json(self.value), "forced": self.forced, "options": [o.json() for o in self.options]}

    def lines(self, short: Callable[[Fraction], str], top: int | None = None) -> list[str]:
        where = f"attacker {self.attacker_units}, defender {self.defender_units}"
        if self.hands is not None:  # the card game: the Combat cards each side still holds
            where += "; in hand: " + ("no card" if not any(self.hands) else ", ".join(
                f"{r} {', '.join(h) or 'no card'}" for r, h in zip(("attacker", "defender"), self.hands)))
        if self.kind == "attacker_casualties" and self.hits[0]:
            where += f"; the defender takes {self.hits[0]} next"
        head = (f"  {self.round_text()}, chance {short(self.chance)}: {self.question()}; {where} "
                f"({', '.join(KINDS[self.kind][1])})")
        return [head] + option_lines(self.options, short, top=top, indent="      ")


@dataclass
class BattleDecisions:
    """The decisions of the sides ``optimize`` decides for that the optimal play reaches."""

    decisions: list[Decision]  #: reached with chance >= ``min_chance``, by round then likeliest first
    min_chance: Fraction
    sides: tuple[str, ...]
    smaller: int = 0  #: decisions reached with a chance below ``min_chance`` (not listed)

    @property
    def forced(self) -> list[Decision]:
        return [d for d in self.decisions if d.forced]

    def json(self) -> dict:
        from pycombat.dice import as_json

        return {"sides": list(self.sides), "min_chance": as_json(self.min_chance),
                "decisions": [d.json() for d in self.decisions], "forced": len(self.forced),
                "below_min_chance": self.smaller}

    def lines(self, top: int | None = None, shown: int = SHOWN_DECISIONS) -> list[str]:
        """The likeliest ``shown`` decisions with a real choice (by round), ``top`` options each; what is
        left out is counted."""
        short = Short()
        who = " and ".join(f"the {s}" for s in self.sides)
        real = [d for d in self.decisions if not d.forced]
        n_forced = len(self.decisions) - len(real)
        listed = sorted(sorted(real, key=lambda d: -d.chance)[:shown], key=lambda d: (d.round, d.later, -d.chance))
        hidden = [d for d in real if all(d is not x for x in listed)]
        limit = str(self.min_chance)
        out = [f"Every option of {who} at each decision the optimal play reaches with chance at least {limit}: "
               f"{len(real):,} with a choice, {n_forced:,} forced (one legal option, not shown)"
               + (f", {self.smaller:,} reached with a smaller chance (not listed)" if self.smaller else "")
               + ". Value: the attacker's expected objective when the option is taken and play goes on optimally; "
               f"options best first for the side choosing, with how much worse (at most {top} per decision, "
               f"--top N); the {len(listed)} likeliest decisions, --json lists them all:"]
        for d in listed:
            out.extend(d.lines(short, top))
        if hidden:
            rest = len(hidden)
            out.append(f"  ... {rest:,} more decision{'s' if rest > 1 else ''} with a choice, each reached with chance "
                       f"at most {short(max(d.chance for d in hidden))}")
        if short.rounded:
            out.append("  " + Short.NOTE)
        return out


def battle_decisions(opt: Optimal, start: State, scenario: Any, *, units: Callable[[str, Any], str],
                     min_chance: Fraction = MIN_CHANCE) -> BattleDecisions:
    """Follow the optimal play of ``opt`` from ``start`` and value every option of every decision of the
    sides it decides for reached with chance at least ``min_chance``. ``units(role, units)`` names a
    side's units; ``scenario`` gives the regions the defender may retreat to (WOTR-END-3)."""
    from .setup import retreat_region_names

    regions = retreat_region_names(scenario) if opt.setup.can_retreat else []
    out, smaller = decisions_reached(opt, {start: Fraction(1)}, regions=regions, units=units, origin=start,
                                     min_chance=min_chance)
    sides = tuple(s for s in ("attacker", "defender") if any(KINDS[k][0] == s and _decided(k, opt.decide)
                                                            for k in KINDS))
    return BattleDecisions(out, min_chance, sides, smaller=smaller)


def decisions_reached(opt: Optimal, starts: dict, *, regions: list[str], units: Callable[[str, Any], str],
                      origin: State, min_chance: Fraction = MIN_CHANCE,
                      hands: tuple | None = None, lost_to_cards: tuple = ((), ())) -> tuple[list[Decision], int]:
    """The decisions the optimal play of ``opt`` reaches from the start-of-round positions ``starts``
    (position -> the chance it is reached), each with every option valued (the objective counted
    from the battle's start ``origin``: the losses' offset), by round then likeliest first, those reached
    with chance at least ``min_chance``; and the number of those reached with a smaller chance.
    ``regions``: the names of the regions the defender may retreat to (WOTR-END-3); ``hands``: the Combat
    cards each side holds (none of them playable any more), told with each decision; ``lost_to_cards``: the
    figures Combat cards eliminated before (attacker's, defender's)."""
    walk = _Walk(opt, starts)
    walk.run()
    kept = [(k, c) for k, c in walk.reach.items() if c >= min_chance]
    values = _Values(opt, origin, regions, units)
    out = []
    for key, chance in kept:
        kind = key[0]
        first, later = walk.rounds[key]
        a, d, hits = _position(key)
        out.append(Decision(kind, first, later, chance, units("attacker", a), units("defender", d), hits,
                            values.options(key), units=(a, d), hands=hands, lost_to_cards=lost_to_cards))
    out.sort(key=lambda x: (x.round, x.later, -x.chance))
    return out, len(walk.reach) - len(kept)


def _decided(kind: str, decide) -> bool:
    return {"stronghold": "retreat", "cease": "cease", "sortie_cease": "cease", "retreat": "retreat",
            "siege": "siege"}.get(kind, kind) in decide


def _position(key: tuple) -> tuple[Any, Any, tuple[int, int]]:
    """``(attacker units, defender units, (hits scored by the attacker, by the defender))`` at a decision."""
    kind = key[0]
    if kind == "stronghold":
        st = key[1]
        return st[0], st[2], (0, 0)
    if kind == "attacker_casualties":
        st, i, j = key[1:]
        return st[0], st[2], (i, j)
    if kind == "defender_casualties":
        a, _, d, _, i, _ = key[1:]
        return a, d, (i, 0)
    a, _, d, _, _ = key[1:]
    return a, d, (0, 0)


class _Walk:
    """The optimal play forward: each decision's chance of being reached and the rounds it comes in."""

    def __init__(self, opt: Optimal, start: State | dict):
        """``start``: one position, or several with the chance each is reached."""
        self.opt = opt
        self.starts = dict(start) if isinstance(start, dict) else {start: Fraction(1)}
        self.reach: dict[tuple, Fraction] = {}
        self.rounds: dict[tuple, tuple[int, bool]] = {}

    def note(self, key: tuple, chance: Fraction, rnd: tuple[int, bool]) -> None:
        self.reach[key] = self.reach.get(key, Fraction(0)) + chance
        old = self.rounds.get(key)
        self.rounds[key] = rnd if old is None else (min(old[0], rnd[0]), old[1] or rnd[1] or old[0] != rnd[0])

    def round_of(self, state: State) -> tuple[int, bool]:
        """The first round ``state`` can be and whether it stands for later rounds too (the round index
        stops counting once the rounds are alike, :attr:`.process.BattleSetup.saturation`)."""
        sat = self.opt.setup.saturation
        rnd, cont = state[4], state[5]
        if cont and sat is not None and rnd >= sat:
            return max(rnd, 2), True
        return rnd, False

    def run(self) -> None:
        opt, setup, decide = self.opt, self.opt.setup, self.opt.decide
        mass: dict[State, Fraction] = {st: m for st, m in self.starts.items() if m}
        heap = [order_key(st) for st in mass]
        heapq.heapify(heap)
        while heap:
            state = heapq.heappop(heap)[-1]
            m = mass.pop(state, None)
            if m is None:
                continue
            a, pa, d, pd, rnd, _ = state
            when = self.round_of(state)
            opt.start_value(state)
            if setup.siege_retreat:
                if "retreat" in decide:
                    self.note(("stronghold", state), m, when)
                if opt.into_siege(state):
                    continue
            outs = round_outcomes(setup, state)
            scale, skip = Fraction(1), None
            if setup.folds(state):  # a round without hits leads back here: folded (see .process)
                p0 = next((p for i, j, p in outs if i == 0 and j == 0), Fraction(0))
                if p0 and self.follow(state, 0, 0, Fraction(0), when) == state:
                    skip, scale = (0, 0), 1 / (1 - p0)
            for i, j, p in outs:
                if (i, j) == skip:
                    continue
                nxt = self.follow(state, i, j, m * p * scale, when)
                if isinstance(nxt, Outcome):
                    continue
                if nxt in mass:
                    mass[nxt] += m * p * scale
                else:
                    mass[nxt] = m * p * scale
                    heapq.heappush(heap, order_key(nxt))

    def follow(self, state: State, i: int, j: int, w: Fraction, when) -> Outcome | State:
        """The round from ``state`` with hits ``(i, j)`` as the optimal play takes it, noting its decisions
        (with chance ``w``; nothing is noted when ``w`` is 0)."""
        opt, decide = self.opt, self.opt.decide

        def note(key):
            if w:
                self.note(key, w, when)

        a, pa, d, pd, rnd, _ = state
        opt.after_value(state, i, j)
        if "attacker_casualties" in decide:
            if j:
                note(("attacker_casualties", state, i, j))
            a2, pa2 = opt._choice[("acas", state, i, j)]
        else:
            a2, pa2 = opt.fixed.casualties("attacker", a, pa, j, None)
        if "defender_casualties" in decide and i:
            note(("defender_casualties", a2, pa2, d, pd, i, rnd))
        _, (d2, pd2) = opt.defender_casualties(a2, pa2, d, pd, i, rnd)
        return end_of_round(opt, (a2, pa2, d2, pd2, rnd), note)


def end_of_round(opt: Optimal, end: tuple, note: Callable[[tuple], Any] | None = None) -> Outcome | State:
    """Where the optimal play goes from the end of a round (``(a, pa, d, pd, rnd)`` after the casualties):
    an outcome or the next round's position; ``note(key)`` is told each decision taken on the way."""
    setup, decide = opt.setup, opt.decide
    note = note or (lambda key: None)
    a, pa, d, pd, rnd = end
    opt.end_value(*end)
    _, choice = opt._end[end]
    if isinstance(choice, Outcome):
        return choice
    last = setup.max_rounds is not None and rnd >= setup.max_rounds
    if setup.kind == "siege":
        if rnd < setup.siege_rounds and not last:  # WOTR-EVT-9: no choice yet
            return (a, pa, d, pd, setup.next_round(rnd), True)
        if not last and "siege" in decide:
            note(("siege",) + end)
        if choice is None:
            return Outcome("siege_goes_on", a, d)
        _, a3, pa3 = siege_reductions(setup, a, pa)[choice]
        return (a3, pa3, d, pd, setup.next_round(rnd), True)
    if choice is None:
        return Outcome("round_limit", a, d)
    go, stay = choice
    if "cease" in decide and not setup.no_cease:  # WOTR-EVT-9: no choice when the Event bars ceasing
        note(("sortie_cease" if setup.kind == "sortie" else "cease",) + end)
    if go == "cease":
        return ceased(setup, a, d)  # WOTR-END-2; a sortie moves back into its Stronghold, WOTR-SIEGE-6
    if setup.can_retreat and "retreat" in decide:
        note(("retreat",) + end)
    if stay == "retreat":
        return Outcome("defender_retreated", a, d)
    return (a, pa, d, pd, setup.next_round(rnd), True)


class _Exact:
    """A value computed here as a fraction (``q``, as the solver's values give it)."""

    __slots__ = ("q",)

    def __init__(self, q: Fraction):
        self.q = q


class _Values:
    """Each decision's options with their exact values, the chosen one, and their groups."""

    def __init__(self, opt: Optimal, start: State, regions: list[str], units: Callable[[str, Any], str]):
        self.opt, self.regions, self.units = opt, regions, units
        self.offset = losses_offset(start) if opt.objective == "losses" else 0
        self._dists: dict[State, Any] = {}
        self._fp: dict[State, int] = {}

    def q(self, v) -> Fraction:
        return v.q + self.offset

    def options(self, key: tuple) -> list[Option]:
        opt, setup = self.opt, self.opt.setup
        kind = key[0]
        rows: list[tuple[str, Any, Any]] = []  # (label, _Value, where it leads: Outcome | State | None)
        if kind == "stronghold":
            st = key[1]
            a, _, d, _, _, _ = st
            into = into_siege(a, d)
            rows = [("fight the round", self.fought(st), None),
                    ("retreat into the Stronghold", opt.terminal(into), into)]
            chosen = 1 if opt.into_siege(st) else 0
        elif kind == "attacker_casualties":
            st, i, j = key[1:]
            a, pa, d, pd, rnd, _ = st
            picked = opt._choice[("acas", st, i, j)]
            chosen = None
            for k, (a2, pa2) in enumerate(allocations(a, pa, j)):
                v, _ = opt.defender_casualties(a2, pa2, d, pd, i, rnd)
                rows.append((f"left with {self.units('attacker', a2)}", v, ("dcas", a2, pa2, d, pd, i, rnd)))
                chosen = k if (a2, pa2) == picked else chosen
        elif kind == "defender_casualties":
            a, pa, d, pd, i, rnd = key[1:]
            picked = opt.defender_casualties(a, pa, d, pd, i, rnd)[1]
            chosen = None
            for k, (d2, pd2) in enumerate(allocations(d, pd, i)):
                rows.append((f"left with {self.units('defender', d2)}", opt.end_value(a, pa, d2, pd2, rnd),
                             ("end", a, pa, d2, pd2, rnd)))
                chosen = k if (d2, pd2) == picked else chosen
        elif kind in ("cease", "sortie_cease"):
            a, pa, d, pd, rnd = key[1:]
            go = opt._end[key[1:]][1][0]
            nxt = (a, pa, d, pd, setup.next_round(rnd), True)
            cont, leads = self.started(nxt), nxt
            if setup.can_retreat:
                stay = opt._end[key[1:]][1][1] == "stay"
                if not stay:
                    leads = Outcome("defender_retreated", a, d)
                    cont = opt.terminal(leads)
            stop = ceased(setup, a, d)
            label = ("cease: the Army moves back into the Stronghold" if kind == "sortie_cease"
                     else "cease the attack")
            rows = [("continue", cont, leads), (label, opt.terminal(stop), stop)]
            chosen = 0 if go == "continue" else 1
        elif kind == "retreat":
            a, pa, d, pd, rnd = key[1:]
            nxt = (a, pa, d, pd, setup.next_round(rnd), True)
            gone = Outcome("defender_retreated", a, d)
            rows = [("stay", self.started(nxt), nxt)]
            rows += [(f"retreat to {r}", opt.terminal(gone), gone) for r in self.regions or ["a free region"]]
            chosen = 0 if opt._end[key[1:]][1][1] == "stay" else 1
        else:  # siege
            a, pa, d, pd, rnd = key[1:]
            stop = Outcome("siege_goes_on", a, d)
            rows = [("stop: the siege goes on", opt.terminal(stop), stop)]
            for _, a2, pa2 in siege_reductions(setup, a, pa):
                nxt = (a2, pa2, d, pd, setup.next_round(rnd), True)
                rows.append((f"reduce an Elite: {self.units('attacker', a2)}", opt.start_value(nxt), nxt))
            ch = opt._end[key[1:]][1]
            chosen = 0 if ch is None else ch + 1
        side = KINDS[kind][0]
        ranked = rank([(label, self.q(v)) for label, v, _ in rows], side == "attacker", chosen=chosen)

        def same(x: Option, y: Option) -> bool:
            wx, wy = rows[x.order][2], rows[y.order][2]
            if wx is None or wy is None:
                return False
            wx, wy = self.resolve(wx), self.resolve(wy)
            if wx == wy:
                return True
            if self.fingerprint(wx) != self.fingerprint(wy):  # certainly different distributions
                return False
            return self.dist(wx) == self.dist(wy)
        return grouped(ranked, same)

    def started(self, st: State):
        """The value of the round that begins at ``st`` when it is reached by going on: the Stronghold
        choice (WOTR-SITE-2) as the solver makes it, then the round :meth:`fought`."""
        opt, setup = self.opt, self.opt.setup
        v = opt.start_value(st)
        if not setup.folds(st):
            return v
        fight = self.fought(st)
        if setup.siege_retreat:
            a, _, d, _, _, _ = st
            into = opt.terminal(into_siege(a, d))
            if "retreat" in opt.decide:
                return into if into.q < fight.q else fight
            if opt.fixed.into_siege(st):
                return into
        return fight

    def fought(self, st: State):
        """The value of fighting the round that begins at ``st`` and then playing on optimally. Where a
        round without hits leads back to ``st`` (:meth:`.process.BattleSetup.folds`), that outcome goes to
        the end-of-round decision at the same position (WOTR-ROUND-3), taken again: ceasing or retreating
        there when that is better, never the fold's going on at every repetition."""
        opt, setup = self.opt, self.opt.setup
        if not setup.folds(st):
            return opt.chance_value(st)
        opt.start_value(st)  # the position solved (its memo holds every outcome below)
        a, pa, d, pd, rnd, _ = st
        total = Fraction(0)
        for i, j, p in round_outcomes(setup, st):
            if "attacker_casualties" in opt.decide:
                v = max(opt.defender_casualties(a2, pa2, d, pd, i, rnd)[0].q for a2, pa2 in allocations(a, pa, j))
            else:
                a2, pa2 = opt.fixed.casualties("attacker", a, pa, j, None)
                v = opt.defender_casualties(a2, pa2, d, pd, i, rnd)[0].q
            total += p * v
        return _Exact(total)

    def fingerprint(self, where: Outcome | State) -> int:
        """``E[h(outcome)]`` modulo the prime :data:`_P` under the optimal play from ``where``, with ``h`` a
        fixed hash of the outcome: equal outcome distributions have equal fingerprints, so different
        fingerprints prove the distributions differ (equal ones are then compared exactly)."""
        if isinstance(where, Outcome):
            return int.from_bytes(hashlib.blake2b(repr(where).encode(), digest_size=8).digest(), "big") % _P
        got = self._fp.get(where)
        if got is not None:
            return got
        opt, setup = self.opt, self.opt.setup
        if setup.siege_retreat and opt.into_siege(where):
            got = self.fingerprint(into_siege(where[0], where[2]))
        else:
            walk = _Walk(opt, where)
            total, stay = 0, 0
            for i, j, p in round_outcomes(setup, where):
                pm = p.numerator * pow(p.denominator, -1, _P) % _P
                nxt = walk.follow(where, i, j, Fraction(0), (0, False))
                if nxt == where:
                    stay = (stay + pm) % _P
                else:
                    total = (total + pm * self.fingerprint(nxt)) % _P
            rest = (1 - stay) % _P
            got = total * pow(rest, -1, _P) % _P if rest else -1  # -1: never equal to a proper fingerprint
        self._fp[where] = got
        return got

    def dist(self, where) -> dict:
        """The outcome distribution of the optimal play from ``where`` (an outcome, a start-of-round
        position, or a casualty choice or end of round still to resolve)."""
        where = self.resolve(where)
        if isinstance(where, Outcome):
            return {where: Fraction(1)}
        got = self._dists.get(where)
        if got is None:
            got = self._dists[where] = dict(optimal_forward(self.opt, start=where).outcomes)
        return got

    def resolve(self, where) -> Outcome | State:
        opt = self.opt
        if isinstance(where, Outcome) or where[0] not in ("dcas", "end"):
            return where
        if where[0] == "dcas":
            a, pa, d, pd, i, rnd = where[1:]
            _, (d2, pd2) = opt.defender_casualties(a, pa, d, pd, i, rnd)
            where = ("end", a, pa, d2, pd2, rnd)
        return end_of_round(opt, where[1:])
