"""War of the Ring battles as a Markov decision process, solved exactly (WOTR-ROUND .. WOTR-SIEGE).

A battle position at the start of a round is a :data:`State`: each side's units (``(regulars,
elites)`` per Nation) and replacement pool, the round index and whether the round was reached by
the players continuing. One round (WOTR-ROUND-1/2) is

1. the defender's choice, before every round, to retreat into his Stronghold (WOTR-SITE-2);
2. chance: both sides' hits (Combat roll and Leader re-roll, WOTR-HIT; :func:`.dice.combat_roll_dist`);
3. the attacker's casualty choice, then the defender's (WOTR-CAS-2; :mod:`.casualties`);
4. the end of the round: elimination (WOTR-CAS-7, WOTR-END-1/9); in a siege the attacker may
   reduce an Elite to fight one more round (WOTR-SIEGE-3); otherwise the attacker may cease (he
   stays where he was, WOTR-END-2; a sortie's Army moves back into its Stronghold, ``sortie_returned``,
   WOTR-SIEGE-6), then the defender may retreat (WOTR-ROUND-3, WOTR-END-3).

**Rounds without hits.** A round in which neither side scores a hit leaves the battle as it was.
From a state that the players reached by continuing, with nothing left that depends on the round
number, such a round leads back to the very same state; the solver folds that self-loop
algebraically: the other outcomes get probability ``p / (1 - p0)`` (and the round counts
``1 / (1 - p0)`` times on average). This is exact for every stationary policy, and for the
optimal one: the decision at the end of a round without hits is the decision that led into the
state (same options, same values), so it continues again. The first round of a battle is never
folded. With ``max_rounds`` the round number is part of the state and nothing is folded.

Policies: the fixed ones of the digest's flags (``casualty_policy``, ``attacker_continue``,
``defender_retreat``, ``siege_extension``; :class:`Policy`) or the optimal play of each side for
an objective (:func:`solve_optimal`), as a zero-sum game (the attacker maximises, the defender
minimises). Every probability is a :class:`fractions.Fraction`; distributions sum to exactly 1.
"""
from __future__ import annotations

import copy
import functools

import heapq
import math
import threading
from collections import defaultdict
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, Callable, Hashable, Mapping, NamedTuple

from pycombat.collector import paused
from pycombat.dice import Dist, binomial
from .dice import combat_roll_dist, hit_chance, roll_with_reroll
from pycombat.errors import PycombatError, TooLargeError
from pycombat.names import did_you_mean
from pycombat.solver import is_loaded, memo
from .casualties import POLICY_FUNCTIONS, allocations, cap_pool, downgrade_first, hit_points, regulars_first, \
    take_sweep, unit_count
from ..model import Effects
from .strength import MAX_DICE, SideProfile

Units = tuple[tuple[int, int], ...]
Pool = tuple[int, ...] | None
#: (attacker units, attacker pool, defender units, defender pool, round index, reached by continuing)
State = tuple[Units, Pool, Units, Pool, int, bool]

KIND_ORDER = ("attacker_wins", "defender_retreated", "both_destroyed", "defender_holds", "attack_ceased",
              "sortie_returned", "retreated_into_siege", "siege_goes_on", "round_limit")
KIND_TEXT = {
    "attacker_wins": "attacker wins (the defending Army is eliminated)",
    "defender_retreated": "the defender retreats (the attacker wins the region)",
    "both_destroyed": "both Armies destroyed",
    "defender_holds": "defender holds (the attacking Army is eliminated)",
    "attack_ceased": "attack ceased (both Armies survive)",
    "sortie_returned": "sortie ceased (its Army moves back into the Stronghold)",
    "retreated_into_siege": "the defender retreats into the Stronghold (a siege begins)",
    "siege_goes_on": "the siege goes on (the siege battle ends with both Armies left)",
    "round_limit": "stopped at max_rounds (both Armies survive)",
}
KIND_RULES = {"attacker_wins": ("WOTR-END-1", "WOTR-CAS-7"), "defender_retreated": ("WOTR-END-3",),
              "both_destroyed": ("WOTR-END-9",), "defender_holds": ("WOTR-END-1", "WOTR-CAS-7"),
              "attack_ceased": ("WOTR-ROUND-3", "WOTR-END-2"), "sortie_returned": ("WOTR-ROUND-3", "WOTR-SIEGE-6"),
              "retreated_into_siege": ("WOTR-SITE-2", "WOTR-SITE-4"),
              "siege_goes_on": ("WOTR-SIEGE-3", "WOTR-SIEGE-4"), "round_limit": ()}


class Outcome(NamedTuple):
    """How a battle ended, with the units left on each side (per Nation)."""

    kind: str
    attacker: Units
    defender: Units
    left_out: Units = ()  #: the defender's units left out of the Stronghold when he retreats into it (WOTR-SITE-5)

    def __repr__(self) -> str:
        """The named tuple's own text, kept per end position: a distribution's end positions are sorted
        by it (:class:`pycombat.dice.Dist`) every time one is made, and the same ones recur."""
        got = _OUTCOME_TEXT.get(self)
        if got is None:
            if len(_OUTCOME_TEXT) > 100_000:
                _OUTCOME_TEXT.clear()
            got = _OUTCOME_TEXT[self] = (f"Outcome(kind={self[0]!r}, attacker={self[1]!r}, defender={self[2]!r}, "
                                         f"left_out={self[3]!r})")
        return got


_OUTCOME_TEXT: dict[Outcome, str] = {}


@dataclass(frozen=True)
class RollParams:
    """One side's roll in one round: dice, re-roll dice, hit numbers and modifiers (WOTR-HIT)."""

    dice: int
    rerolls: int
    hit: int
    roll_modifier: int = 0
    reroll_modifier: int = 0
    reroll_hit: int | None = None

    def dist(self) -> Dist:
        return combat_roll_dist(self.dice, self.rerolls, self.hit, self.roll_modifier, self.reroll_modifier,
                                self.reroll_hit)


@dataclass(frozen=True)
class BattleSetup:
    """Everything the solver needs about one battle (built by :func:`.setup.battle_setup`)."""

    kind: str  #: field | siege | sortie
    attacker: SideProfile
    defender: SideProfile
    start: State
    city_first_round: bool = False  #: WOTR-SITE-1: the attacker hits only on 6 in round 1
    besieger_hits_on_6: bool = True  #: WOTR-SIEGE-2: in a siege battle the attacker hits only on 6, every round
    siege_retreat: bool = False  #: WOTR-SITE-2: the defender may retreat into his Stronghold
    can_retreat: bool = False  #: WOTR-END-3/4: the defender has a free region to retreat to
    effects: Mapping[int, tuple[Effects, Effects]] = field(default_factory=dict)  #: round -> (attacker, defender)
    max_rounds: int | None = None
    siege_rounds: int = 1  #: a siege battle's rounds before the attacker must reduce an Elite to go on (WOTR-EVT-9)
    dice_reduction_target: str = "dice"
    siege_reduction_needs_regular: bool = True
    leader_reroll: str = "full"
    no_cease: bool = False  #: WOTR-EVT-9: the Event that started the battle bars the attacker from ceasing
    #: WOTR-CAPT-1: a siege battle's besieger keeps Army units in the region out of the battle (its rearguard,
    #: WOTR-SPLIT-4), so the besieged Army's elimination captures the Stronghold even with the attacking part
    #: eliminated in the same round (:func:`.setup.besieger_keeps_units`)
    besieger_stays: bool = False
    notes: tuple[tuple[str, str], ...] = ()  #: (text, rule id) explaining the set-up

    @functools.cached_property
    def saturation(self) -> int | None:
        """The round index from which every round is alike (None with max_rounds: rounds are counted;
        worked out once: a set-up is not changed after it is made)."""
        if self.max_rounds is not None:
            return None
        sat = 2 if self.city_first_round else 1
        for r in self.effects:
            sat = max(sat, r + 1)
        if self.kind == "siege":
            sat = max(sat, self.siege_rounds)  # the rounds of a longer siege battle are counted
        return sat

    @functools.cached_property
    def roll_tables(self) -> dict:
        """``(role, units, round) -> (K, hits table)``: :func:`side_int` of :meth:`params`, worked out once
        per set-up and shared by its forward passes (a set-up is not changed after it is made)."""
        return {}

    def next_round(self, rnd: int) -> int:
        sat = self.saturation
        return rnd + 1 if sat is None else min(rnd + 1, sat)

    def folds(self, state: State) -> bool:
        """A round without hits from ``state`` leads back to ``state`` (see the module docstring)."""
        sat = self.saturation
        return self.kind != "siege" and sat is not None and state[5] and state[4] == sat

    def params(self, role: str, units: Units, rnd: int) -> RollParams:
        """The roll of ``role`` in round ``rnd`` with ``units``."""
        return RollParams(*self.roll_fields(role, units, rnd))

    def roll_fields(self, role: str, units: Units, rnd: int) -> tuple:
        """:meth:`params`' fields, in order, as a tuple (a key: the forward pass's rolls are looked up by it)."""
        prof = self.attacker if role == "attacker" else self.defender
        eff = self.effects.get(rnd)
        e = (eff[0] if role == "attacker" else eff[1]) if eff else _NO_EFFECTS
        hit = 5  # WOTR-HIT-1
        if self.kind == "siege" and role == "attacker" and self.besieger_hits_on_6:
            hit = 6  # WOTR-SIEGE-2: the besieger hits on 6 in every round, the besieged on 5
        elif self.kind == "field" and role == "attacker" and rnd == 1 and self.city_first_round:
            hit = 6  # WOTR-SITE-1: City or Fortification, first round only (never for a Stronghold, WOTR-SITE-3)
        if e.hit is not None:
            hit = e.hit  # WOTR-HIT-2: a card changes the number needed
        dice = prof.dice(units, e.dice, self.dice_reduction_target)  # WOTR-STR-3/6 [dice_reduction_target]
        rerolls = 0 if e.no_reroll else prof.reroll_dice(units, e.leadership, dice)  # WOTR-STR-5, WOTR-HIT-7
        return dice, rerolls, hit, e.combat_roll, e.reroll, e.reroll_hit  # WOTR-CARD-7, WOTR-HIT-3/5


_NO_EFFECTS = Effects()  #: a round without Combat cards


def measure(state: State) -> int:
    """Hit points left on both sides: falls with every casualty and every siege reduction."""
    return hit_points(state[0]) + hit_points(state[2])


def order_key(state: State) -> tuple:
    """Every transition leads to a strictly larger key: a topological order of the states."""
    return (-measure(state), state[4], state[5], state)


_JOINT: dict[tuple[RollParams, RollParams], tuple[tuple[int, int, Fraction], ...]] = {}


def joint(pa: RollParams, pd: RollParams) -> tuple[tuple[int, int, Fraction], ...]:
    """``(hits scored by the attacker, hits scored by the defender, probability)``, independent rolls."""
    key = (pa, pd)
    got = _JOINT.get(key)
    if got is None:
        da, dd = pa.dist(), pd.dist()
        got = tuple((i, j, p * q) for i, p in da.items() for j, q in dd.items())
        if len(_JOINT) > 50_000:
            _JOINT.clear()
        _JOINT[key] = got
    return got


def round_outcomes(setup: BattleSetup, state: State) -> tuple[tuple[int, int, Fraction], ...]:
    a, _, d, _, rnd, _ = state
    return joint(setup.params("attacker", a, rnd), setup.params("defender", d, rnd))


# ---- end of a round --------------------------------------------------------------------------------
def ceased(setup: "BattleSetup", a: Units, d: Units) -> "Outcome":
    """Where the attacker's Army goes when he ceases the attack (WOTR-ROUND-3 step 1): a field battle's
    attacker stays where he was when the battle began (WOTR-END-2); a sortie's Army moves back into
    its Stronghold and the siege goes on (WOTR-SIEGE-6)."""
    return Outcome("sortie_returned" if setup.kind == "sortie" else "attack_ceased", a, d)


def terminal_after_casualties(a: Units, d: Units) -> Outcome | None:
    """WOTR-CAS-7 / WOTR-END-1 / WOTR-END-9: the battle ends when an Army has no units left."""
    ea, ed = not any(map(any, a)), not any(map(any, d))  # no Regular and no Elite left
    if ea and ed:
        return Outcome("both_destroyed", a, d)
    if ed:
        return Outcome("attacker_wins", a, d)
    if ea:
        return Outcome("defender_holds", a, d)
    return None


def siege_reductions(setup: BattleSetup, a: Units, pa: Pool) -> list[tuple[int, Units, Pool]]:
    """WOTR-SIEGE-3: the attacker may reduce one of his participating Elites to a Regular to fight
    one more round; [siege_reduction_needs_regular=yes] only with a Regular of its Nation available."""
    out = []
    for i, (r, e) in enumerate(a):
        if not e:
            continue
        if setup.siege_reduction_needs_regular and pa is not None and pa[i] <= 0:
            continue
        units = a[:i] + ((r + 1, e - 1),) + a[i + 1:]
        pool = None if pa is None else pa[:i] + (max(0, pa[i] - 1),) + pa[i + 1:]  # [..=no]: none to take
        out.append((i, units, cap_pool(units, pool)))
    return out


def into_siege(a: Units, d: Units) -> "Outcome":
    """The defender retreats into his Stronghold (WOTR-SITE-2/4): at most five units go in (WOTR-SITE-5);
    the others are left out (to the reinforcements), apart from the battle's casualties."""
    kept = siege_trim(d)
    return Outcome("retreated_into_siege", a, kept, tuple((r - r2, e - e2) for (r, e), (r2, e2) in zip(d, kept)))


def siege_trim(d: Units) -> Units:
    """WOTR-SITE-5: a besieged Stronghold holds 5 units; the defender keeps his Elites first."""
    room = 5
    out = []
    for _, e in d:
        ke = min(e, room)
        room -= ke
        out.append([0, ke])
    for i, (r, _) in enumerate(d):
        kr = min(r, room)
        room -= kr
        out[i][0] = kr
    return tuple((r, e) for r, e in out)


# ---- policies ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Policy:
    """Fixed decisions (the digest's flags). ``callback`` values are functions
    ``(setup, state_or_units...) -> bool`` given through the Python API."""

    attacker_casualties: str = "regulars_first"
    defender_casualties: str = "regulars_first"
    attacker_continue: str | Callable = "always"
    defender_retreat: str | Callable = "never"
    siege_extension: str = "never"

    @classmethod
    def from_flags(cls, flags: Mapping[str, str], casualty_policy: str | None = None,
                   callbacks: Mapping[str, Callable] | None = None) -> "Policy":
        cas = casualty_policy or flags["casualty_policy"]
        if cas not in POLICY_FUNCTIONS:
            raise PycombatError(f"casualty_policy={cas}: a battle's odds need a deterministic casualty policy "
                                f"({', '.join(POLICY_FUNCTIONS)}); `pycombat optimize` finds the best choices "
                                "(WOTR-CAS-12)")
        callbacks = callbacks or {}
        cont: str | Callable = flags["attacker_continue"]
        retreat: str | Callable = flags["defender_retreat"]
        for name, value in (("attacker_continue", cont), ("defender_retreat", retreat)):
            if value == "callback" and name not in callbacks:
                raise PycombatError(f"{name}=callback needs a decision function from the Python API "
                                    f"(Policy.from_flags(flags, callbacks={{'{name}': fn}})); `pycombat optimize` decides "
                                    "optimally instead")
        if cont == "callback":
            cont = callbacks["attacker_continue"]
        if retreat == "callback":
            retreat = callbacks["defender_retreat"]
        return cls(cas, cas, cont, retreat, flags["siege_extension"])


class Decisions:
    """The decisions of a fixed :class:`Policy` (used by the forward pass)."""

    def __init__(self, setup: BattleSetup, policy: Policy):
        self.setup, self.policy = setup, policy
        self._cas = {"attacker": POLICY_FUNCTIONS[policy.attacker_casualties],
                     "defender": POLICY_FUNCTIONS[policy.defender_casualties]}

    def into_siege(self, state: State) -> bool:
        rule = self.policy.defender_retreat
        return bool(rule(self.setup, state, "into_siege")) if callable(rule) else False

    def casualties(self, role: str, units: Units, pool: Pool, hits: int, other: tuple) -> tuple[Units, Pool]:
        return self._cas[role](units, pool, hits)

    def cease(self, a: Units, d: Units, rnd: int) -> bool:
        if self.setup.no_cease:  # WOTR-EVT-9: the starting Event card bars ceasing
            return False
        rule = self.policy.attacker_continue
        if callable(rule):
            return not rule(self.setup, (a, d, rnd))
        if rule == "never":  # one round, then cease
            return True
        if rule == "while_not_outnumbered":
            return unit_count(a) < unit_count(d)
        return False

    def retreat(self, a: Units, d: Units, rnd: int) -> bool:
        rule = self.policy.defender_retreat
        return bool(rule(self.setup, (a, d, rnd), "retreat")) if callable(rule) else False

    def extend(self, options: list[tuple[int, Units, Pool]], a: Units, d: Units, rnd: int) -> int | None:
        """Index into ``options`` of the siege reduction chosen, or None to stop."""
        if self.policy.siege_extension == "extend_if_elite" and options:
            return 0
        return None


def end_of_round(setup: BattleSetup, dec, a: Units, pa: Pool, d: Units, pd: Pool, rnd: int) -> Outcome | State:
    """What follows the casualties of round ``rnd``: an outcome, or the next round's state."""
    out = terminal_after_casualties(a, d)
    if out is not None:
        return out
    last = setup.max_rounds is not None and rnd >= setup.max_rounds
    if setup.kind == "siege":
        if rnd < setup.siege_rounds and not last:  # WOTR-EVT-9: the Event's siege battle goes on
            return (a, pa, d, pd, setup.next_round(rnd), True)
        options = [] if last else siege_reductions(setup, a, pa)
        pick = dec.extend(options, a, d, rnd)
        if pick is None:  # WOTR-SIEGE-3/4: one round, then the siege goes on
            return Outcome("siege_goes_on", a, d)
        _, a2, pa2 = options[pick]
        return (a2, pa2, d, pd, setup.next_round(rnd), True)
    if last:
        return Outcome("round_limit", a, d)
    if dec.cease(a, d, rnd):  # WOTR-ROUND-3 step 1; WOTR-END-2, a sortie WOTR-SIEGE-6
        return ceased(setup, a, d)
    if setup.can_retreat and dec.retreat(a, d, rnd):  # WOTR-ROUND-3 step 2, WOTR-END-3
        return Outcome("defender_retreated", a, d)
    return (a, pa, d, pd, setup.next_round(rnd), True)


def exact_pair(n: int, d: int) -> tuple[str, float]:
    """``pycombat.dice.as_json(Fraction(n, d))``'s ``exact`` and ``decimal`` (d > 0) without the Fraction:
    the reduced fraction's text, and the quotient rounded to 6 places (``n / d`` of ints is correctly
    rounded, so the unreduced pair's quotient is the reduced one's).

    >>> exact_pair(4, 6), exact_pair(0, 6), exact_pair(6, 6)
    (('2/3', 0.666667), ('0/1', 0.0), ('1/1', 1.0))
    """
    if n > _SMALL:
        return _reduced(n, d)[2]
    g = math.gcd(n, d)
    if g != 1:
        n //= g
        d //= g
    return f"{n}/{_den_text(d)}", round(n / d, 6)


def exact_pairs(n: int, d: int, count: int) -> tuple[tuple[str, float], tuple[str, float]]:
    """``(exact_pair(n, d), exact_pair(n, d * count))`` (``count > 0``), the second reduced from the first:
    with ``n / d`` reduced to ``n1 / d1``, ``gcd(n1, d1 * count) = gcd(n1, count)`` (no prime of ``n1``
    divides ``d1``), so no second gcd of large numbers is taken.

    >>> exact_pairs(4, 6, 2), exact_pairs(3, 9, 3), exact_pairs(0, 6, 4)
    ((('2/3', 0.666667), ('1/3', 0.333333)), (('1/3', 0.333333), ('1/9', 0.111111)), (('0/1', 0.0), ('0/1', 0.0)))
    """
    if n > _SMALL:
        n, d, first = _reduced(n, d)
    else:
        g = math.gcd(n, d)
        if g != 1:
            n //= g
            d //= g
        first = f"{n}/{_den_text(d)}", round(n / d, 6)
    if count == 1:
        return first, first
    h = math.gcd(n, count)
    n2, d2 = (n // h, d * (count // h)) if h != 1 else (n, d * count)
    return first, (f"{n2}/{_den_text(d2)}", round(n2 / d2, 6))


def _reduced(n: int, d: int) -> tuple[int, int, tuple[str, float]]:
    """``n / d`` reduced, and its :func:`exact_pair`, kept for the large numerators met last: the figures of
    one distribution repeat the same sums (an Army eliminated, its units left none, its figures' fates, the
    moves after the battle), and a gcd of numbers of hundreds of digits costs more than looking one up."""
    key = (n, d)
    got = _REDUCED.get(key)
    if got is None:
        g = math.gcd(n, d)
        n1, d1 = (n // g, d // g) if g != 1 else (n, d)
        if len(_REDUCED) >= _REDUCED_LIMIT:
            _REDUCED.clear()
        got = _REDUCED[key] = (n1, d1, (f"{n1}/{_den_text(d1)}", round(n1 / d1, 6)))
    return got


#: numerators above it are reduced through :data:`_REDUCED` (below it a gcd costs less than a look-up)
_SMALL = 1 << 64
#: :func:`_reduced`'s fractions (bounded: emptied when it holds ``_REDUCED_LIMIT``)
_REDUCED: dict[tuple[int, int], tuple[int, int, tuple[str, float]]] = {}
_REDUCED_LIMIT = 4096


def _den_text(d: int) -> str:
    """``str(d)``, kept for the denominators met last: the figures of one distribution share a few
    denominators of hundreds of digits, and an int's decimal text costs time quadratic in its length."""
    if d < 10 ** 18:
        return str(d)
    got = _DEN_TEXT.get(d)
    if got is None:
        if len(_DEN_TEXT) >= _DEN_TEXT_LIMIT:
            _DEN_TEXT.clear()
        got = _DEN_TEXT[d] = str(d)
    return got


#: :func:`_den_text`'s texts (bounded: emptied when it holds ``_DEN_TEXT_LIMIT``)
_DEN_TEXT: dict[int, str] = {}
_DEN_TEXT_LIMIT = 4096


# ---- the exact distribution under a policy ---------------------------------------------------------------
@dataclass
class BattleResult:
    """The outcome distribution under one policy. What is derived from it (by kind, survivors,
    expected units left) is computed once, in integers over one common denominator, and kept with
    it (a result is not changed after it is made; :func:`battle_odds` hands the same one to every
    scenario of the same battle)."""

    outcomes: Dist  #: Outcome -> probability (sums to exactly 1)
    expected_rounds: Fraction
    states: int  #: start-of-round states visited
    _derived: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def derived(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """``make()``, computed once per ``key`` and kept with this result (``make`` must depend on
        nothing but the result and what ``key`` names; the value must not be changed by callers)."""
        try:
            return self._derived[key]
        except KeyError:
            got = self._derived[key] = make()
            return got

    def numerators(self) -> tuple[int, tuple[tuple[Outcome, int], ...]]:
        """``(D, ((outcome, n), ...))``: each outcome's probability as ``n / D``, D a common denominator
        (the forward pass's, :func:`forward`, else the least one; the outcomes' order)."""
        def make():
            den = math.lcm(*(p.denominator for p in self.outcomes.values()))
            return den, tuple((o, p.numerator * (den // p.denominator)) for o, p in self.outcomes.items())

        return self.derived("num", make)

    def by_kind(self) -> dict[str, Fraction]:
        def make():
            den, nums = self.numerators()
            acc = dict.fromkeys(KIND_ORDER, 0)
            for o, n in nums:
                acc[o.kind] += n
            return {k: Fraction(n, den) for k, n in acc.items() if n}

        return dict(self.derived("kind", make))

    def survivors(self, role: str) -> Dist:
        """The distribution of the number of units ``role`` has left at the end."""
        def make():
            idx = 1 if role == "attacker" else 2
            den, nums = self.numerators()
            acc: dict[int, int] = {}
            for o, n in nums:
                left = unit_count(o[idx])
                acc[left] = acc.get(left, 0) + n
            return Dist.exact(acc, den)

        return self.derived(("left", role), make)

    def expected_units(self, role: str) -> Fraction:
        """The expected number of units ``role`` has left at the end."""
        def make():
            idx = 1 if role == "attacker" else 2
            den, nums = self.numerators()
            return Fraction(sum(unit_count(o[idx]) * n for o, n in nums), den)

        return self.derived(("expected", role), make)


_JOINT_INT: dict[tuple[RollParams, RollParams], tuple[int, tuple[tuple[int, int, int], ...]]] = {}


def joint_int(pa: RollParams, pd: RollParams) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """:func:`joint` in integers: ``(K, ((i, j, n), ...))``, each outcome with probability ``n / 6**K``
    (every probability here is a multiple of a power of 1/6: the dice are d6)."""
    key = (pa, pd)
    got = _JOINT_INT.get(key)
    if got is None:
        outs = joint(pa, pd)
        k = 0
        for _, _, p in outs:
            while (6 ** k) % p.denominator:
                k += 1
        den = 6 ** k
        got = (k, tuple((i, j, p.numerator * (den // p.denominator)) for i, j, p in outs))
        if len(_JOINT_INT) > 50_000:
            _JOINT_INT.clear()
        _JOINT_INT[key] = got
    return got


_SIDE_INT: dict[RollParams, tuple[int, tuple[tuple[int, int], ...]]] = {}


def side_int(p: RollParams) -> tuple[int, tuple[tuple[int, int], ...]]:
    """One side's hits in integers: ``(K, ((hits, n), ...))``, each with probability ``n / 6**K``,
    counted face by face: ``n`` dice of which ``g1`` faces hit (WOTR-HIT-3/4), then
    ``min(rerolls, misses)`` re-rolled with ``g2`` hitting faces (WOTR-STR-5, WOTR-HIT-6); the re-roll's
    outcomes are padded to the most dice it can use, so every count is over ``6**(n + r_max)``. The
    same numbers as :meth:`RollParams.dist` (``dice.combat_roll_dist``; tests compare them)."""
    got = _SIDE_INT.get(p)
    if got is None:
        n = max(0, min(p.dice, 5))
        r_allow = max(0, min(p.rerolls, 5))
        g1 = int(hit_chance(p.hit, p.roll_modifier) * 6)
        g2 = int(hit_chance(p.hit if p.reroll_hit is None else p.reroll_hit, p.reroll_modifier) * 6)
        r_max = min(r_allow, n)
        acc = [0] * (n + 1)
        for k in range(n + 1):
            first = math.comb(n, k) * g1 ** k * (6 - g1) ** (n - k)
            if not first:
                continue
            r = min(r_allow, n - k)
            pad = 6 ** (r_max - r)
            for j in range(r + 1):
                acc[k + j] += first * math.comb(r, j) * g2 ** j * (6 - g2) ** (r - j) * pad
        got = (n + r_max, tuple((h, c) for h, c in enumerate(acc) if c))
        if len(_SIDE_INT) > 50_000:
            _SIDE_INT.clear()
        _SIDE_INT[p] = got
    return got


def _side_cached(setup: BattleSetup, cache: dict, role: str, units, rnd: int):
    key = ("roll", role, units, rnd)
    got = cache.get(key)
    if got is None:
        got = cache[key] = side_int(setup.params(role, units, rnd))
    return got


def _grouped(dec, cache: dict, role: str, units, pool, hits) -> list[tuple[int, tuple, int]]:
    """``[(id, (units, pool) after the casualties, summed weight)]`` for the opponent's hit
    distribution ``hits``: hits that leave the side alike are merged; ``id`` interns the result.
    (``hits`` is keyed by identity: it is a table :func:`_side_cached` keeps in ``cache`` as long as
    the entry lives, so its identity is not reused meanwhile.)"""
    key = ("grp", role, units, pool, id(hits))
    got = cache.get(key)
    if got is None:
        acc: dict[tuple, int] = {}
        for h, n in hits:
            after = dec.casualties(role, units, pool, h, None)
            acc[after] = acc.get(after, 0) + n
        ids = cache.setdefault(("ids", role), {})
        got = cache[key] = [(ids.setdefault(after, len(ids)), after, w) for after, w in acc.items()]
    return got


def transitions(setup: BattleSetup, dec, state: State, ends: dict | None = None
                ) -> tuple[list[tuple[Outcome | State, int]], int, int]:
    """Where one round from ``state`` leads under the fixed policy ``dec``: each successor with its
    probability's numerator over ``6**K`` (a successor may be listed more than once: add them), the
    numerator ``n_self`` of the chance that the round leads back to ``state`` itself (a round without
    hits, folded by the caller), and ``K``. The two rolls are independent (WOTR-ROUND-2) and each
    side's casualties depend on the other's hits only (WOTR-CAS-1/2), so the hits are first grouped
    by the casualties they cause, per side, then paired."""
    a, pa, d, pd, rnd, _ = state
    ends = {} if ends is None else ends  # (attacker after, defender after, round) -> what follows
    ka, hits_a = _side_cached(setup, ends, "attacker", a, rnd)  # each side's roll depends on its units only
    kd, hits_d = _side_cached(setup, ends, "defender", d, rnd)
    a_after = _grouped(dec, ends, "attacker", a, pa, hits_d)  # the attacker's losses come from the defender's hits
    d_after = _grouped(dec, ends, "defender", d, pd, hits_a)
    folds = setup.folds(state)
    self_a = ends[("ids", "attacker")].get((a, pa)) if folds else None
    self_d = ends[("ids", "defender")].get((d, pd)) if folds else None
    out: list[tuple[Any, int]] = []
    n_self = 0
    for ia, a2, wa in a_after:
        for id_, d2, wd in d_after:
            key = (ia, id_, rnd)
            nxt = ends.get(key)
            if nxt is None:
                nxt = ends[key] = end_of_round(setup, dec, a2[0], a2[1], d2[0], d2[1], rnd)
            if ia == self_a and id_ == self_d and nxt == state:
                n_self += wa * wd
            else:
                out.append((nxt, wa * wd))
    return out, n_self, ka + kd


class _Exact:
    """Exact non-negative rationals whose denominators are products of known bases (6 and the fold
    factors ``6^K - n``), kept as ``numerator / prod(base_k ** e_k)`` without reducing: adding two of
    them multiplies by cached powers instead of computing big gcds. Only the forward pass of a fixed
    policy uses it; results are turned into reduced :class:`~fractions.Fraction` at the end."""

    def __init__(self):
        self.bases: list[int] = []
        self.index: dict[int, int] = {}
        self._pow: dict[tuple[int, int], int] = {}

    def base(self, b: int) -> int:
        k = self.index.get(b)
        if k is None:
            k = self.index[b] = len(self.bases)
            self.bases.append(b)
        return k

    def power(self, k: int, e: int) -> int:
        got = self._pow.get((k, e))
        if got is None:
            got = self._pow[(k, e)] = self.bases[k] ** e
        return got

    def scale(self, x: tuple[int, tuple], n: int, k: int, e: int) -> tuple[int, tuple]:
        """``x * n / base_k**e``."""
        num, exps = x
        if len(exps) <= k:
            exps = exps + (0,) * (k + 1 - len(exps))
        return num * n, exps[:k] + (exps[k] + e,) + exps[k + 1:]

    def add(self, x: tuple[int, tuple], y: tuple[int, tuple]) -> tuple[int, tuple]:
        (nx, ex), (ny, ey) = x, y
        if ex == ey:
            return nx + ny, ex
        size = max(len(ex), len(ey))
        ex, ey = ex + (0,) * (size - len(ex)), ey + (0,) * (size - len(ey))
        top = tuple(max(a, b) for a, b in zip(ex, ey))
        for k in range(size):
            if top[k] != ex[k]:
                nx *= self.power(k, top[k] - ex[k])
            if top[k] != ey[k]:
                ny *= self.power(k, top[k] - ey[k])
        return nx + ny, top

    def fraction(self, x: tuple[int, tuple]) -> Fraction:
        num, exps = x
        den = 1
        for k, e in enumerate(exps):
            if e:
                den *= self.power(k, e)
        return Fraction(num, den)


def forward(setup: BattleSetup, dec, *, start: State | None = None, max_states: int = 2_000_000,
            starts: Mapping[State, Fraction] | None = None) -> BattleResult:
    """The exact outcome distribution from ``start`` (or from ``starts``, summing to 1): :func:`forward_raw`."""
    with paused():
        terminal, _, rounds, big, states = _forward_int(setup, dec, start=start, max_states=max_states,
                                                        starts=starts)
        outcomes = Dist.exact(terminal, big)
        result = BattleResult(outcomes, Fraction(rounds, big), states)
        result.derived("num", lambda: (big, tuple((o, terminal[o]) for o in outcomes)))  # the pass's numerators
    return result


def forward_raw(setup: BattleSetup, dec, *, start: State | None = None, max_states: int = 2_000_000,
                starts: Mapping[State, Fraction] | None = None, stop_round: int | None = None
                ) -> tuple[dict, dict, Fraction, int]:
    """``(terminal, pending, expected rounds, states)``: the probability of each end position, and with
    ``stop_round`` the probability of each start-of-round state of that round, not expanded (a round
    with named Combat cards is played by :mod:`..cards.battle`); :func:`_forward_int` as Fractions."""
    terminal, pending, rounds, big, states = _forward_int(setup, dec, start=start, max_states=max_states,
                                                          starts=starts, stop_round=stop_round)
    return ({o: Fraction(v, big) for o, v in terminal.items()}, {st: Fraction(v, big) for st, v in pending.items()},
            Fraction(rounds, big), states)


def _forward_int(setup: BattleSetup, dec, *, start: State | None = None, max_states: int = 2_000_000,
                 starts: Mapping[State, Fraction] | None = None, stop_round: int | None = None
                 ) -> tuple[dict, dict, int, int, int]:
    """``(terminal, pending, rounds, D, states)``: each end position's probability, each pending
    state's (see :func:`forward_raw`) and the expected rounds, as integer numerators over one
    denominator ``D``.

    Push probability mass from the start through the rounds in topological order (exact);
    ``starts`` (summing to 1) replaces the single start (the rounds after a Combat-card round).

    One pass. Every probability is kept as an integer numerator over the one denominator ``D`` (at
    first the least common multiple of the starts' denominators). A state is expanded once all its
    mass has arrived (topological order: :func:`order_key`'s hit points, round and whether it was
    reached by continuing; a transition leads to a strictly larger one, a round without hits folded);
    its successors' numerators are over ``d_s`` = ``6**K`` (or ``6**K - n_self`` when rounds without
    hits are folded), so what it passes on is its numerator divided by ``d_s`` times theirs. The states
    of one *layer* (the same hit points, round and continuing: none leads to another) are taken
    together: when some ``d_s`` does not divide its numerator, ``D`` and every numerator kept so far
    (the states queued and taken, the end positions, the pending states, the rounds) are first
    multiplied by the least factor that makes every one of the layer divide (the lcm of the
    ``d_s / gcd``): every division is exact, ``D`` grows only as the numbers need (one scaling a layer),
    and Fractions are formed (and reduced) only at the end.

    A round's transitions are the product of the two sides' (:func:`transitions`): each side's units
    and pool (a *configuration*, numbered once for every pass by :class:`_Configs`) after the hits of
    the other side's roll, hits that leave it alike merged (:class:`_Sides`); what follows each pair
    of configurations in a round (:func:`end_of_round`) is worked out once per pass and numbered (a
    state's number; an end position's numerator is kept in ``mass`` too, at a slot of its own, so every
    successor of a round is added alike). Every state is queued in its layer when first met; a layer's
    states are taken in :func:`order_key` order (so the end positions are met, and the pending states
    listed, in the order of a pass that takes one state at a time)."""
    start = start or setup.start
    init = {st: Fraction(p) for st, p in starts.items()} if starts else {start: Fraction(1)}
    sides = _Sides(setup, dec)
    config = sides.config
    hp = sides.hp
    units = sides.units
    finals = sides.configs.finals
    states: list[State] = []
    where: list[tuple[int, int]] = []  # per state: its attacker's and defender's configuration
    mass: list[int] = []  # per state: its probability's numerator over big
    sid_of: dict[tuple, int] = {}  # (attacker configuration, defender's, round, continued) -> number
    outcomes: list[Outcome] = []
    oid_of: dict[Outcome, int] = {}
    oslot: list[int] = []  # per end position: the index of its numerator in ``mass``
    layers: dict[tuple, list[int]] = {}  # order_key's hit points, round and continued -> the states queued
    heap: list[tuple] = []  # the layers' keys
    heappush, heappop = heapq.heappush, heapq.heappop
    sat = setup.saturation
    # a fixed policy under which a round that leaves both Armies units is followed by the next round
    # (:func:`end_of_round`: the attacker continues, WOTR-ROUND-3 step 1; the defender stays, step 2)
    onward = (type(dec) is Decisions and setup.kind != "siege" and setup.max_rounds is None
              and dec.policy.attacker_continue == "always"
              and (not setup.can_retreat or dec.policy.defender_retreat == "never"))

    def new_state(key: tuple, nxt: State) -> int:
        got = sid_of[key] = len(states)
        ia, id_ = key[0], key[1]
        states.append(nxt)
        where.append((ia, id_))
        mass.append(0)
        lk = (-(hp[ia] + hp[id_]), key[2], key[3])
        bucket = layers.get(lk)
        if bucket is None:
            layers[lk] = [got]
            heappush(heap, lk)
        else:
            bucket.append(got)
        return got

    def code_of(nxt: "Outcome | State", ia: int = -1, id_: int = -1) -> int:
        """A state's number (``>= 0``; a new one is queued), or the complement of an end position's;
        ``ia``, ``id_``: the state's configurations when the caller knows them."""
        if isinstance(nxt, Outcome):
            got = oid_of.get(nxt)
            if got is None:
                got = oid_of[nxt] = len(outcomes)
                outcomes.append(nxt)
                oslot.append(len(mass))  # the end position's numerator is kept in ``mass`` too
                states.append(None)
                where.append(None)
                mass.append(0)
            return ~got
        if ia < 0:
            ia, id_ = config(nxt[0], nxt[1]), config(nxt[2], nxt[3])
        key = (ia, id_, nxt[4], nxt[5])
        got = sid_of.get(key)
        return new_state(key, nxt) if got is None else got

    def code_after(codes: dict, ia2: int, id2: int, rnd: int) -> int:
        """Where what follows the attacker's configuration ``ia2`` and the defender's ``id2`` at the end of
        round ``rnd`` (:func:`end_of_round`) keeps its mass: a state's number or an end position's slot in
        ``mass``, kept in ``codes`` (by ``id2``)."""
        if not (hp[ia2] and hp[id2]):  # an Army has no units left: the battle ends (WOTR-CAS-7, WOTR-END-1/9)
            o = finals.get((ia2, id2))
            if o is None:
                o = finals[(ia2, id2)] = terminal_after_casualties(units[ia2][0], units[id2][0])
            got = codes[id2] = oslot[~code_of(o)]
            return got
        if onward:  # both Armies have units left: the next round
            nr = rnd + 1 if sat is None or rnd < sat else sat  # (BattleSetup.next_round)
            key = (ia2, id2, nr, True)
            got = sid_of.get(key)
            if got is None:
                (a2, pa2), (d2, pd2) = units[ia2], units[id2]
                got = new_state(key, (a2, pa2, d2, pd2, nr, True))
            codes[id2] = got
            return got
        (a2, pa2), (d2, pd2) = units[ia2], units[id2]
        nxt = met.pop((ia2, id2, rnd), None)  # (an end position met before it was reached: state_after)
        if nxt is None:
            nxt = end_of_round(setup, dec, a2, pa2, d2, pd2, rnd)
        same = type(nxt) is tuple and nxt[0] is a2 and nxt[1] is pa2 and nxt[2] is d2 and nxt[3] is pd2
        got = code_of(nxt, ia2, id2) if same else code_of(nxt)
        if got < 0:
            got = oslot[~got]
        codes[id2] = got
        return got

    met: dict[tuple, Outcome] = {}  # (ia2, id2, round) -> the end position state_after met, not numbered yet

    def state_after(codes: dict, ia2: int, id2: int, rnd: int) -> int | None:
        """:func:`code_after` when what follows is a state, else None: an end position is numbered (and
        kept in ``codes``) only when it first receives mass, so the end positions come in the order of
        a pass taking one state at a time (the decisions of :func:`end_of_round` are asked once)."""
        if not (hp[ia2] and hp[id2]):
            return None
        if onward:
            return code_after(codes, ia2, id2, rnd)
        (a2, pa2), (d2, pd2) = units[ia2], units[id2]
        nxt = end_of_round(setup, dec, a2, pa2, d2, pd2, rnd)
        if type(nxt) is not tuple:
            met[(ia2, id2, rnd)] = nxt
            return None
        same = nxt[0] is a2 and nxt[1] is pa2 and nxt[2] is d2 and nxt[3] is pd2
        got = codes[id2] = code_of(nxt, ia2, id2) if same else code_of(nxt)
        return got

    big = 1
    for p in init.values():
        big = big * p.denominator // math.gcd(big, p.denominator)
    for st, p in init.items():
        mass[code_of(st)] += p.numerator * (big // p.denominator)
    pending: dict[int, int] = {}
    rounds = 0
    visited = 0
    ends: dict[int, dict[int, dict[int, int]]] = {}  # round -> attacker configuration -> defender's -> code
    folding = setup.kind != "siege" and sat is not None
    rolls_a, rolls_d = sides._rolls
    after_a, after_d = sides._after
    roll, after = sides.roll, sides.after
    siege_retreat = setup.siege_retreat
    gcd = math.gcd
    while heap:
        # one layer: the states of the same hit points, round and continuing (their masses are complete)
        lk = heappop(heap)
        layer = layers.pop(lk)
        if len(layer) > 1:
            layer.sort(key=states.__getitem__)  # order_key: the state itself after the layer's key
        rnd = lk[1]  # every state of a layer is of the same round, reached by continuing or not
        fold_layer = folding and lk[2] and rnd == sat
        if rnd == stop_round:  # left for the caller (pending)
            for sid in layer:
                visited += 1
                if visited > max_states:
                    raise TooLargeError(f"more than {max_states:,} battle states: too large to solve under this limit")
                if mass[sid]:
                    pending[sid] = mass[sid]
            continue
        ends_r = ends.get(rnd)
        if ends_r is None:
            ends_r = ends[rnd] = {}
        ra = rolls_a.get(rnd)
        if ra is None:
            ra = rolls_a[rnd] = {}
        rd = rolls_d.get(rnd)
        if rd is None:
            rd = rolls_d[rnd] = {}
        todo = []
        f = 1
        for sid in layer:
            visited += 1
            if visited > max_states:
                raise TooLargeError(f"more than {max_states:,} battle states: too large to solve under this limit")
            m = mass[sid]
            if siege_retreat and dec.into_siege(states[sid]):  # WOTR-SITE-2: no round is fought
                state = states[sid]
                todo.append((sid, -1, into_siege(state[0], state[2]), (), (), 0, 0))
                continue
            ia, id_ = where[sid]
            # each side's roll depends on its own units only; its losses on the other side's hits only
            # (WOTR-ROUND-2, WOTR-CAS-1/2)
            got = ra.get(ia)
            ka, ha = got if got is not None else roll(0, ia, rnd)
            got = rd.get(id_)
            kd, hd = got if got is not None else roll(1, id_, rnd)
            got = after_a.get(hd)
            row_a = got.get(ia) if got is not None else None
            if row_a is None:
                row_a = after(0, ia, hd)
            got = after_d.get(ha)
            row_d = got.get(id_) if got is not None else None
            if row_d is None:
                row_d = after(1, id_, ha)
            den = d_s = _POW6[ka + kd]
            if fold_layer:
                # a round without hits leaves the state as it is: folded (see the module docstring):
                # v = (sum p v') / (1 - p_self) = (sum n v') / (6**K - n_self)
                # (hits that leave a side alike are merged into its row's entry of the fewest hits: no hit)
                wa = row_a[0][1] if row_a[0][0] == ia else next((w for c, w in row_a if c == ia), 0)
                wd = row_d[0][1] if row_d[0][0] == id_ else next((w for c, w in row_d if c == id_), 0)
                if wa and wd:
                    codes = ends_r.get(ia)
                    if codes is None:
                        codes = ends_r[ia] = {}
                    code = codes.get(id_)
                    if code is None and (ia, id_, rnd) not in met:
                        code = state_after(codes, ia, id_, rnd)
                    if code == sid:
                        d_s = den - wa * wd
            q, r = divmod(m, d_s)
            if r:  # the least factor that makes d_s divide this numerator, for the layer's lcm
                need = d_s // gcd(m, d_s)
                f = f * need // gcd(f, need)
            todo.append((sid, den, d_s, row_a, row_d, q, r))
        if f != 1:
            # make every d_s of the layer divide its numerator: scale the denominator and every numerator kept
            big *= f
            for bucket in layers.values():
                for k in bucket:
                    mass[k] *= f
            for k in oslot:
                mass[k] *= f
            for sid, *_ in todo:
                mass[sid] *= f
            for k in pending:
                pending[k] *= f
            rounds *= f
        for sid, den, d_s, row_a, row_d, q, r in todo:  # in the order of order_key, as they were taken
            m = mass[sid]
            if den < 0:  # the defender retreated into his Stronghold (d_s: the end position)
                if m:
                    mass[oslot[~code_of(d_s)]] += m
                continue
            if not m:  # a start of probability zero: its successors are met (and counted), nothing is passed on
                for ia2, _ in row_a:
                    codes = ends_r.setdefault(ia2, {})
                    for id2, _ in row_d:
                        if id2 not in codes and (ia2, id2, rnd) not in met:
                            state_after(codes, ia2, id2, rnd)
                continue
            if f != 1:  # (scaled by f: its quotient too, divided again only where d_s did not divide)
                q = m // d_s if r else q * f
            # a folded state counts 1 / (1 - p_self) rounds on average: m / d_s * 6**K
            rounds += q * den if d_s != den else m
            # (the folded round's own share goes to this state's mass, read already: it is passed on no more)
            for ia2, wa in row_a:
                qa = q * wa
                codes = ends_r.get(ia2)
                if codes is None:
                    codes = ends_r[ia2] = {}
                for id2, wd in row_d:
                    code = codes.get(id2)
                    if code is None:
                        code = code_after(codes, ia2, id2, rnd)
                    mass[code] += qa * wd  # a state's mass, or an end position's (its slot)
    return ({outcomes[oid]: mass[k] for oid, k in enumerate(oslot) if mass[k]},
            {states[sid]: v for sid, v in pending.items()}, rounds, big, visited)


_ROLE_NAMES = ("attacker", "defender")
#: the named casualty policies whose results :func:`.casualties.take_sweep` gives for every count of hits at once
_SWEEP_PREFER = {regulars_first: False, downgrade_first: True}
_POW6 = tuple(6 ** k for k in range(21))  #: 6**K for the K of a round: each side's dice and re-rolls, 5 + 5 at most
#: :func:`side_int` by :meth:`BattleSetup.roll_fields` (a roll's numbers: the same whatever the battle)
_SIDE_BY_FIELDS: dict[tuple, tuple[int, tuple[tuple[int, int], ...]]] = {}


class _Configs:
    """Side configurations (units and pool) numbered once for every forward pass, with their hit
    points, the hits tables of the rolls (:func:`side_int`) numbered, and what a named casualty
    policy leaves of a configuration under a hits table (shared by the passes of every battle: the
    same Army under the same roll loses the same units whatever the battle)."""

    __slots__ = ("ids", "units", "hp", "elites", "tables", "table_list", "rows", "row_count", "finals", "sweeps",
                 "_lock")

    def __init__(self):
        self.ids: dict[tuple, int] = {}
        self.units: list[tuple[Units, Pool]] = []  #: (units, pool) by number
        self.hp: list[int] = []  #: hit points by number
        self.elites: list[bool] = []  #: by number: whether it has an Elite
        self.tables: dict[tuple, int] = {}  #: hits table -> its number
        self.table_list: list[tuple] = []
        #: casualty function -> hits table number -> number -> [(number after, weight)]
        self.rows: dict[Callable, dict[int, dict[int, list[tuple[int, int]]]]] = {}
        self.row_count = 0
        #: (attacker's number, defender's) -> the end of the battle when one of them has no unit left
        #: (:func:`terminal_after_casualties`: what every end of a round checks first)
        self.finals: dict[tuple[int, int], Outcome] = {}
        #: (downgrade first, number) -> what a named casualty policy leaves after 0, 1, ... hits
        #: (:func:`.casualties.take_sweep`: the same for every hits table)
        self.sweeps: dict[tuple[bool, int], tuple] = {}
        self._lock = threading.Lock()  # a number is given once, whatever the threads (e.g. the web server's)

    def config(self, units: Units, pool: Pool) -> int:
        key = (units, pool)
        got = self.ids.get(key)
        if got is None:
            with self._lock:
                got = self.ids.get(key)
                if got is None:
                    self.units.append(key)
                    self.hp.append(hit_points(units))
                    self.elites.append(any(e for _, e in units))
                    got = self.ids[key] = len(self.units) - 1
        return got

    def sweep(self, prefer_downgrade: bool, cid: int, hits: int) -> tuple:
        """:func:`.casualties.take_sweep` of configuration ``cid`` to at least ``hits`` hits (at least
        :data:`.strength.MAX_DICE`: the most a roll scores), kept (counted with the rows)."""
        key = (prefer_downgrade, cid)
        got = self.sweeps.get(key)
        if got is None or len(got) <= hits:
            units, pool = self.units[cid]
            got = self.sweeps[key] = take_sweep(units, pool, max(hits, MAX_DICE), prefer_downgrade)
            self.row_count += 1
        return got

    def table(self, hits: tuple) -> int:
        got = self.tables.get(hits)
        if got is None:
            with self._lock:
                got = self.tables.get(hits)
                if got is None:
                    self.table_list.append(hits)
                    got = self.tables[hits] = len(self.table_list) - 1
        return got


#: the numbering in use (replaced, never emptied, when it grows large: a pass keeps the one it began with)
_CONFIGS = _Configs()
_CONFIGS_LIMIT = 200_000


def _configs() -> _Configs:
    global _CONFIGS
    if len(_CONFIGS.units) + _CONFIGS.row_count + len(_CONFIGS.finals) > _CONFIGS_LIMIT:
        _CONFIGS = _Configs()
    return _CONFIGS


class _Sides:
    """Each side's configurations in one forward pass (numbered by :class:`_Configs`; role 0 the
    attacker, 1 the defender), with their rolls and what the other side's hits leave of them."""

    __slots__ = ("setup", "dec", "configs", "units", "hp", "config", "_rolls", "_after", "_cas")

    def __init__(self, setup: BattleSetup, dec):
        self.setup, self.dec = setup, dec
        self.configs = _configs()
        self.units = self.configs.units  #: (units, pool) by number
        self.hp = self.configs.hp  #: hit points by number
        self.config = self.configs.config
        self._rolls: tuple[dict, dict] = ({}, {})  #: round -> number -> (K, hits table number)
        #: the casualty functions of a fixed named policy (its choices depend on nothing else), else None
        self._cas = (dec._cas["attacker"], dec._cas["defender"]) if type(dec) is Decisions else None
        #: per side: hits table number -> number -> [(number after, weight)] (a named policy's: shared by
        #: the passes of every battle, :class:`_Configs`; else this pass's own)
        self._after: tuple[dict, dict] = ((self._rows(self._cas[0]), self._rows(self._cas[1]))
                                          if self._cas is not None else ({}, {}))

    def _rows(self, cas: Callable) -> dict:
        rows = self.configs.rows.get(cas)
        if rows is None:
            with self.configs._lock:
                rows = self.configs.rows.setdefault(cas, {})
        return rows

    def roll(self, role: int, cid: int, rnd: int) -> tuple[int, int]:
        """``(K, t)``: the side's hits over ``6**K`` in round ``rnd`` (:func:`side_int`) as table ``t``."""
        by_round = self._rolls[role].setdefault(rnd, {})
        got = by_round.get(cid)
        if got is None:
            units = self.units[cid][0]
            memo = self.setup.roll_tables
            side = memo.get((role, units, rnd))
            if side is None:
                numbers = self.setup.roll_fields(_ROLE_NAMES[role], units, rnd)
                side = _SIDE_BY_FIELDS.get(numbers)
                if side is None:
                    if len(_SIDE_BY_FIELDS) > 50_000:
                        _SIDE_BY_FIELDS.clear()
                    side = _SIDE_BY_FIELDS[numbers] = side_int(RollParams(*numbers))
                memo[(role, units, rnd)] = side
            got = by_round[cid] = (side[0], self.configs.table(side[1]))
        return got

    def after(self, role: int, cid: int, table: int) -> list[tuple[int, int]]:
        """``[(number after, weight)]``: the side's configuration after the other side's hits (table
        ``table``), hits that leave it alike merged (weights over the table's ``6**K``)."""
        configs = self.configs
        cas = self._cas[role] if self._cas is not None else None
        if cas is downgrade_first and not configs.elites[cid]:
            cas = regulars_first  # without an Elite both take the first Nation's Regulars (casualties.py)
        shared = self._rows(cas).get(table) if cas is not None else None
        got = shared.get(cid) if shared is not None else None
        if got is None:
            units, pool = configs.units[cid]
            acc: dict[tuple, int] = {}
            prefer = _SWEEP_PREFER.get(cas)
            if prefer is not None:  # every count of hits from one sequence of the policy's choices
                hits_table = configs.table_list[table]
                sweep = configs.sweep(prefer, cid, max(h for h, _ in hits_table))
                for h, n in hits_table:
                    after = sweep[h]
                    acc[after] = acc.get(after, 0) + n
            elif cas is not None:
                for h, n in configs.table_list[table]:
                    after = cas(units, pool, h)
                    acc[after] = acc.get(after, 0) + n
            else:
                for h, n in configs.table_list[table]:
                    after = self.dec.casualties(_ROLE_NAMES[role], units, pool, h, None)
                    acc[after] = acc.get(after, 0) + n
            got = [(self.config(*after), w) for after, w in acc.items()]
            if cas is not None:  # a named policy's casualties depend on the units, pool and hits only
                self._rows(cas).setdefault(table, {})[cid] = got
                configs.row_count += 1
        self._after[role].setdefault(table, {})[cid] = got
        return got


def _after(setup: BattleSetup, dec, state: State, i: int, j: int) -> Outcome | State:
    """The attacker scored ``i`` hits, the defender ``j``: casualties (attacker first, WOTR-CAS-2), end."""
    a, pa, d, pd, rnd, _ = state
    a2, pa2 = dec.casualties("attacker", a, pa, j, (d, pd, i))
    d2, pd2 = dec.casualties("defender", d, pd, i, (a2, pa2))
    return end_of_round(setup, dec, a2, pa2, d2, pd2, rnd)


def battle_odds(setup: BattleSetup, policy: Policy, *, max_states: int = 2_000_000) -> BattleResult:
    """The exact outcome distribution of the battle under a fixed policy (remembered for the last
    battles asked: a batch, the verbs of one scenario and the optimizer ask the same battle again; two
    policies that give the same battle, :func:`casualty_equivalent`, share one)."""
    policy = casualty_equivalent(setup, policy)
    return _ODDS.remember(_odds_key(setup, policy, max_states) if is_loaded() else None,
                          lambda: forward(setup, Decisions(setup, policy), max_states=max_states))


def casualty_equivalent(setup: BattleSetup, policy: Policy) -> Policy:
    """``policy`` with the casualty policy of each side that has no Elite at the start made
    ``regulars_first``: none can appear (casualties and siege reductions only take Elites away), and
    without one both named policies remove the first Nation's Regulars (WOTR-CAS-12, :mod:`.casualties`),
    so the battle is the same under either."""
    changes = {}
    for role, units in (("attacker", setup.start[0]), ("defender", setup.start[2])):
        name = f"{role}_casualties"
        if getattr(policy, name) == "downgrade_first" and not any(e for _, e in units):
            changes[name] = "regulars_first"
    return replace(policy, **changes) if changes else policy


_ODDS = memo()


def _odds_key(setup: BattleSetup, policy: Policy, max_states: int) -> tuple | None:
    """What the outcome distribution depends on (every field of the set-up but its notes), or None
    when some part cannot be a key."""
    parts = tuple(getattr(setup, f.name) if f.name != "effects" else tuple(sorted(setup.effects.items()))
                  for f in fields(setup) if f.name != "notes")
    key = (parts, policy, max_states)
    try:
        hash(key)
    except TypeError:
        return None
    return key


# ---- optimal play -------------------------------------------------------------------------------------
OBJECTIVES = {
    "win": "the probability that the attacker wins the region (the defending Army is eliminated or retreats from it; a retreat into its Stronghold is no win)",
    "destroy": "the probability that the defending Army is eliminated",
    "losses": "the expected hit points (Regular 1, Elite 2) the defender loses minus those the attacker loses",
}
#: the decisions :class:`Optimal` may take: each side's casualties, the attacker's cease and siege
#: reductions, the defender's retreats (into a free region or into his Stronghold)
DECISIONS = ("attacker_casualties", "defender_casualties", "cease", "retreat", "siege")
ATTACKER_DECISIONS = ("attacker_casualties", "cease", "siege")
DEFENDER_DECISIONS = ("defender_casualties", "retreat")


def region_won_kinds(setup: BattleSetup) -> tuple[str, ...]:
    """The ends at which the attacker wins the battle's region: the defending Army eliminated or retreated
    (WOTR-END-1/3/7); in a siege battle whose besieger keeps units in the region, also both Armies eliminated
    together: the rearguard captures the Stronghold (WOTR-CAPT-1)."""
    return WON_WITH_REARGUARD if setup.besieger_stays else WON


#: the ends at which the attacker wins the region (:func:`region_won_kinds`)
WON = ("attacker_wins", "defender_retreated")
WON_WITH_REARGUARD = WON + ("both_destroyed",)


def objective_value(setup: BattleSetup, objective: str, o: Outcome) -> Fraction:
    """The attacker's payoff at an outcome (the defender's is its negative)."""
    if objective == "win":
        return Fraction(o.kind in region_won_kinds(setup))
    if objective == "destroy":
        return Fraction(o.kind in ("attacker_wins", "both_destroyed"))
    if objective == "losses":  # up to the constant losses_offset(start): hit points kept, attacker minus defender
        return Fraction(hit_points(o.attacker) - hit_points(o.defender))
    raise PycombatError(f"unknown objective {objective!r} (one of {', '.join(OBJECTIVES)})")


def losses_offset(start: State) -> int:
    """``losses`` = defender's hit points lost - attacker's = (hp(D0) - hp(A0)) + (hp(A) - hp(D)) at the end."""
    return hit_points(start[2]) - hit_points(start[0])


def objective_of(setup: BattleSetup, objective: str, start: State, o: Outcome) -> Fraction:
    """The objective's value at outcome ``o`` of the battle that began at ``start``."""
    v = objective_value(setup, objective, o)
    return v + losses_offset(start) if objective == "losses" else v


class _Value:
    """An exact value ``num / den`` (``den`` a product of the bases of an :class:`_Exact`, kept as the
    exponents ``exps``; never reduced), with a float shadow for fast comparisons."""

    __slots__ = ("num", "exps", "den", "f")

    def __init__(self, num: int, exps: tuple, den: int):
        self.num, self.exps, self.den = num, exps, den
        self.f = num / den  # correctly rounded, whatever the sizes

    @property
    def q(self) -> Fraction:
        return Fraction(self.num, self.den)


def _lt(x: _Value, y: _Value) -> bool:
    """``x < y`` exactly: by the floats when they are clearly apart, else by cross-multiplying."""
    if x is y:
        return False
    if abs(x.f - y.f) > 1e-9 * max(1.0, abs(x.f), abs(y.f)):
        return x.f < y.f
    return x.num * y.den < y.num * x.den


class Optimal:
    """Optimal play for ``objective`` (attacker maximises, defender minimises); decisions not in
    ``decide`` follow ``policy``. Solved by memoised backward induction over the same DAG."""

    def __init__(self, setup: BattleSetup, objective: str, policy: Policy, decide=DECISIONS,
                 max_states: int = 2_000_000):
        if objective not in OBJECTIVES:
            raise PycombatError(f"--objective: one of {', '.join(OBJECTIVES)}, not {objective!r}"
                                f"{did_you_mean(objective, OBJECTIVES)}")
        self.setup, self.objective, self.decide = setup, objective, set(decide)
        self.fixed = Decisions(setup, policy) if policy is not None else None
        self.max_states = max_states
        self.max_work: int | None = None  #: a work budget (positions valued, :attr:`work`), refused beyond it
        self._work = [0]  # shared by the solvers of one game (:meth:`sharing`)
        self._start: dict[State, _Value] = {}
        self._chance: dict[State, _Value] = {}
        self._end: dict[tuple, tuple[_Value, Any]] = {}
        self._def_best: dict[tuple, tuple[_Value, Any]] = {}
        self._choice: dict[tuple, Any] = {}
        self._terminals: dict[Fraction, _Value] = {}
        self._ex = _Exact()
        self._six = self._ex.base(6)
        self._dens: dict[tuple, int] = {(): 1}

    @property
    def work(self) -> int:
        """Positions valued so far: each hit outcome of a round, each casualty allocation weighed."""
        return self._work[0]

    def _spend(self, n: int) -> None:
        """Count ``n`` positions valued; past the budget the solve stops (never a timer)."""
        self._work[0] += n
        if self.max_work is not None and self._work[0] > self.max_work:
            raise TooLargeError(f"more than {self.max_work:,} positions valued: too large to solve under this work "
                                "budget (--max-work)")

    def sharing(self, setup: BattleSetup) -> "Optimal":
        """This solver for another set-up of the same game (its rolls, Leadership and rules of the rounds
        alike, the figures' names aside): the memo, the work count and the budget are shared."""
        twin = copy.copy(self)
        twin.setup = setup
        if self.fixed is not None:
            twin.fixed = Decisions(setup, self.fixed.policy)
        return twin

    # -- values --------------------------------------------------------------------------------
    def terminal(self, o: Outcome) -> _Value:
        v = objective_value(self.setup, self.objective, o)
        got = self._terminals.get(v)
        if got is None:  # the objectives pay whole numbers at the end of a battle
            assert v.denominator == 1, v
            got = self._terminals[v] = _Value(v.numerator, (), 1)
        return got

    def _make(self, x: tuple[int, tuple]) -> _Value:
        num, exps = x
        den = self._dens.get(exps)
        if den is None:
            den = 1
            for k, e in enumerate(exps):
                if e:
                    den *= self._ex.power(k, e)
            self._dens[exps] = den
        return _Value(num, exps, den)

    def value(self, state: State | None = None) -> Fraction:
        """The value of the battle that begins at ``state`` (default: the set-up's start)."""
        state = state or self.setup.start
        v = self.start_value(state).q
        return v + losses_offset(state) if self.objective == "losses" else v

    def start_value(self, state: State) -> _Value:
        got = self._start.get(state)
        if got is not None:
            return got
        if len(self._start) > self.max_states:
            raise TooLargeError(f"more than {self.max_states:,} battle states: too large to solve under this limit "
                                "(--max-nodes)")
        fight = self.chance_value(state)
        v = fight
        if self.setup.siege_retreat:  # WOTR-SITE-2: the defender chooses before every round
            a, _, d, _, _, _ = state
            if "retreat" in self.decide:
                into = self.terminal(into_siege(a, d))
                if _lt(into, fight):
                    v = into
                self._choice[("siege", state)] = v is into
            elif self.fixed.into_siege(state):
                v = self.terminal(into_siege(a, d))
        self._start[state] = v
        return v

    def chance_value(self, state: State) -> _Value:
        got = self._chance.get(state)
        if got is not None:
            return got
        a, _, d, _, rnd, _ = state
        k, outs = joint_int(self.setup.params("attacker", a, rnd), self.setup.params("defender", d, rnd))
        folds = self.setup.folds(state)
        weights: dict[int, list] = {}  # id(value) -> [value, summed numerator]: one big product per value
        n_self = 0
        self._spend(len(outs))
        for i, j, n in outs:
            if folds and i == 0 and j == 0:
                n_self = n
                continue
            v = self.after_value(state, i, j)
            w = weights.get(id(v))
            if w is None:
                weights[id(v)] = [v, n]
            else:
                w[1] += n
        ex = self._ex
        terms = list(weights.values())
        size = max(len(w.exps) for w, _ in terms)
        top = tuple(max((w.exps[k] if k < len(w.exps) else 0) for w, _ in terms) for k in range(size))
        den_top = self._make((0, top)).den
        total = (sum(w.num * n * (den_top // w.den) for w, n in terms), top)
        # v = (sum of n/6^k v') / (1 - n_self/6^k) = (sum n v') / (6^k - n_self)
        if n_self:
            total = ex.scale(total, 1, ex.base(6 ** k - n_self), 1)
        else:
            total = ex.scale(total, 1, self._six, k)
        v = self._make(total)
        self._chance[state] = v
        return v

    def after_value(self, state: State, i: int, j: int) -> _Value:
        """Attacker's casualty choice (max), then the defender's (min), WOTR-CAS-2."""
        a, pa, d, pd, rnd, _ = state
        if "attacker_casualties" in self.decide:
            best = None
            options = allocations(a, pa, j)
            self._spend(len(options))
            for a2, pa2 in options:
                v, _ = self.defender_casualties(a2, pa2, d, pd, i, rnd)
                if best is None or _lt(best[0], v):
                    best = (v, (a2, pa2))
            self._choice[("acas", state, i, j)] = best[1]
            return best[0]
        a2, pa2 = self.fixed.casualties("attacker", a, pa, j, None)
        return self.defender_casualties(a2, pa2, d, pd, i, rnd)[0]

    def defender_casualties(self, a, pa, d, pd, i, rnd):
        key = (a, pa, d, pd, i, rnd)
        got = self._def_best.get(key)
        if got is not None:
            return got
        if "defender_casualties" in self.decide:
            best = None
            options = allocations(d, pd, i)
            self._spend(len(options))
            for d2, pd2 in options:
                v = self.end_value(a, pa, d2, pd2, rnd)
                if best is None or _lt(v, best[0]):
                    best = (v, (d2, pd2))
        else:
            d2, pd2 = self.fixed.casualties("defender", d, pd, i, None)
            best = (self.end_value(a, pa, d2, pd2, rnd), (d2, pd2))
        self._def_best[key] = best
        return best

    def end_value(self, a, pa, d, pd, rnd) -> _Value:
        key = (a, pa, d, pd, rnd)
        got = self._end.get(key)
        if got is not None:
            return got[0]
        s = self.setup
        out = terminal_after_casualties(a, d)
        if out is not None:
            v, choice = self.terminal(out), out
        elif s.kind == "siege" and rnd < s.siege_rounds and not (s.max_rounds is not None and rnd >= s.max_rounds):
            v, choice = self.start_value((a, pa, d, pd, s.next_round(rnd), True)), None  # WOTR-EVT-9
        elif s.kind == "siege":
            last = s.max_rounds is not None and rnd >= s.max_rounds
            options = [] if last else siege_reductions(s, a, pa)
            stop = self.terminal(Outcome("siege_goes_on", a, d))
            if "siege" in self.decide:
                v, choice = stop, None
                for k, (_, a2, pa2) in enumerate(options):
                    w = self.start_value((a2, pa2, d, pd, s.next_round(rnd), True))
                    if _lt(v, w):
                        v, choice = w, k
            else:
                choice = self.fixed.extend(options, a, d, rnd)
                v = stop if choice is None else self.start_value(
                    (options[choice][1], options[choice][2], d, pd, s.next_round(rnd), True))
        elif s.max_rounds is not None and rnd >= s.max_rounds:
            v, choice = self.terminal(Outcome("round_limit", a, d)), None
        else:
            nxt = (a, pa, d, pd, s.next_round(rnd), True)
            cont = self.start_value(nxt)
            if s.can_retreat:
                retreat = self.terminal(Outcome("defender_retreated", a, d))
                if "retreat" in self.decide:
                    stay = not _lt(retreat, cont)
                else:
                    stay = not self.fixed.retreat(a, d, rnd)
                cont_v = cont if stay else retreat
            else:
                stay, cont_v = True, cont
            stop = self.terminal(ceased(s, a, d))  # WOTR-END-2, a sortie WOTR-SIEGE-6
            if s.no_cease:  # WOTR-EVT-9: the starting Event card bars ceasing
                go_on = True
            elif "cease" in self.decide:
                go_on = not _lt(cont_v, stop)
            else:
                go_on = not self.fixed.cease(a, d, rnd)
            v = cont_v if go_on else stop
            choice = ("continue" if go_on else "cease", "stay" if stay else "retreat")
        self._end[key] = (v, choice)
        return v

    # -- the decisions, for the forward pass -------------------------------------------------
    def into_siege(self, state: State) -> bool:
        self.start_value(state)
        if "retreat" in self.decide:
            return self._choice.get(("siege", state), False)
        return self.fixed.into_siege(state)


class _OptimalDecisions:
    """Adapter: the optimal choices as the forward pass asks for them."""

    def __init__(self, opt: Optimal):
        self.opt = opt
        self.setup = opt.setup

    def into_siege(self, state):
        return self.opt.into_siege(state)

    def run(self, state: State, i: int, j: int) -> Outcome | State:
        opt, s = self.opt, self.setup
        a, pa, d, pd, rnd, _ = state
        opt.after_value(state, i, j)  # fills the choices
        if "attacker_casualties" in opt.decide:
            a2, pa2 = opt._choice[("acas", state, i, j)]
        else:
            a2, pa2 = opt.fixed.casualties("attacker", a, pa, j, None)
        _, (d2, pd2) = opt.defender_casualties(a2, pa2, d, pd, i, rnd)
        opt.end_value(a2, pa2, d2, pd2, rnd)
        _, choice = opt._end[(a2, pa2, d2, pd2, rnd)]
        if isinstance(choice, Outcome):
            return choice
        if s.kind == "siege":
            if choice is None:
                return Outcome("siege_goes_on", a2, d2)
            _, a3, pa3 = siege_reductions(s, a2, pa2)[choice]
            return (a3, pa3, d2, pd2, s.next_round(rnd), True)
        if choice is None:
            return Outcome("round_limit", a2, d2)
        go, stay = choice
        if go == "cease":
            return ceased(s, a2, d2)
        if stay == "retreat":
            return Outcome("defender_retreated", a2, d2)
        return (a2, pa2, d2, pd2, s.next_round(rnd), True)


def optimal_forward(opt: Optimal, *, start: State | None = None, max_states: int = 2_000_000) -> BattleResult:
    """The outcome distribution when both sides play ``opt``'s optimal decisions."""
    dec = _OptimalDecisions(opt)
    setup = opt.setup
    start = start or setup.start
    opt.start_value(start)
    mass: dict[State, Fraction] = {start: Fraction(1)}
    heap = [order_key(start)]
    terminal: dict[Outcome, Fraction] = defaultdict(Fraction)
    rounds = Fraction(0)
    visited = 0
    while heap:
        state = heapq.heappop(heap)[-1]
        m = mass.pop(state, None)
        if m is None:
            continue
        visited += 1
        if visited > max_states:
            raise TooLargeError(f"more than {max_states:,} battle states: too large to solve under this limit")
        a, pa, d, pd, rnd, _ = state
        if setup.siege_retreat and dec.into_siege(state):
            terminal[into_siege(a, d)] += m
            continue
        outs = round_outcomes(setup, state)
        scale, skip = Fraction(1), None
        if setup.folds(state):
            p0 = next((p for i, j, p in outs if i == 0 and j == 0), Fraction(0))
            if p0 and dec.run(state, 0, 0) == state:
                skip, scale = (0, 0), 1 / (1 - p0)
        rounds += m * scale
        for i, j, p in outs:
            if (i, j) == skip:
                continue
            nxt = dec.run(state, i, j)
            w = m * p * scale
            if isinstance(nxt, Outcome):
                terminal[nxt] += w
            elif nxt in mass:
                mass[nxt] += w
            else:
                mass[nxt] = w
                heapq.heappush(heap, order_key(nxt))
    return BattleResult(Dist(terminal), rounds, visited)


def clear_caches() -> None:
    """Forget every memoised distribution and allocation (for cold timings in the benchmark)."""
    global _CONFIGS
    _JOINT.clear()
    _JOINT_INT.clear()
    _SIDE_INT.clear()
    _SIDE_BY_FIELDS.clear()
    _CONFIGS = _Configs()
    _ODDS.clear()
    _OUTCOME_TEXT.clear()
    _DEN_TEXT.clear()
    _REDUCED.clear()
    for fn in (binomial, hit_chance, roll_with_reroll, allocations, downgrade_first, regulars_first):
        fn.cache_clear()
