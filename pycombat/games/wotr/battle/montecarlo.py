"""A Monte Carlo simulation of a battle, the way existing calculators estimate odds: a baseline
for the benchmark and an independent check of the exact solver.

Each trial rolls every die face (``random``, seeded), applies the hit number, the modifiers and
the natural 1 / natural 6 rule die by die (WOTR-HIT-1..6), re-rolls ``min(Leadership, 5, misses)``
missed dice, then takes casualties and makes the end-of-round decisions with the same fixed
policy as the exact solver. :func:`compare` says whether each estimated probability lies within
its statistical error of the exact value.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from .process import BattleSetup, Decisions, Outcome, Policy, RollParams, _after, into_siege, siege_trim

_FACE_TABLES: dict[tuple[int, int], tuple[bool, ...]] = {}

#: the most battles ``--monte-carlo`` plays a policy (about 90 s at the 11,000 a second measured on a
#: small battle); more is refused before any is played (docs/limits.md)
MAX_TRIALS = 1_000_000


def _faces(hit: int, modifier: int) -> tuple[bool, ...]:
    """Which of the faces 1..6 hit: a natural 1 always misses, a natural 6 always hits (WOTR-HIT-4)."""
    key = (hit, modifier)
    t = _FACE_TABLES.get(key)
    if t is None:
        t = tuple(f != 1 and (f == 6 or f + modifier >= hit) for f in range(1, 7))
        _FACE_TABLES[key] = t
    return t


def roll(rng: random.Random, p: RollParams) -> int:
    """One side's hits: the Combat roll, then the Leader re-roll of some missed dice (WOTR-HIT-6)."""
    rand = rng.random
    first = _faces(p.hit, p.roll_modifier)
    hits = 0
    for _ in range(p.dice):
        if first[int(rand() * 6)]:
            hits += 1
    again = min(p.rerolls, p.dice - hits)  # fixed before re-rolling
    if again:
        second = _faces(p.hit if p.reroll_hit is None else p.reroll_hit, p.reroll_modifier)
        for _ in range(again):
            if second[int(rand() * 6)]:
                hits += 1
    return hits


@dataclass
class Simulation:
    trials: int
    counts: Counter  #: Outcome -> trials
    rounds: int  #: rounds fought, summed over the trials

    def by_kind(self) -> dict[str, int]:
        out: Counter = Counter()
        for o, n in self.counts.items():
            out[o.kind] += n
        return dict(out)


def simulate(setup: BattleSetup, policy: Policy, trials: int, seed: int = 1) -> Simulation:
    """``trials`` battles played out with random dice under ``policy``."""
    rng = random.Random(seed)
    dec = Decisions(setup, policy)
    counts: Counter = Counter()
    rounds = 0
    params = setup.params
    for _ in range(trials):
        state = setup.start
        while True:
            a, pa, d, pd, rnd, _ = state
            if setup.siege_retreat and dec.into_siege(state):
                counts[into_siege(a, d)] += 1
                break
            i = roll(rng, params("attacker", a, rnd))
            j = roll(rng, params("defender", d, rnd))
            rounds += 1
            nxt = _after(setup, dec, state, i, j)
            if isinstance(nxt, Outcome):
                counts[nxt] += 1
                break
            state = nxt
    return Simulation(trials, counts, rounds)


@dataclass(frozen=True)
class Check:
    what: str
    exact: Fraction
    estimate: float
    sigma: float  #: standard error of the estimate, from the exact probability
    z: float

    @property
    def within(self) -> bool:
        return abs(self.z) <= Z_BOUND


#: "within its statistical error": |estimate - exact| <= 4 standard errors (a false alarm about 1 in 16,000)
Z_BOUND = 4.0


def compare(exact: Mapping[str, Fraction], sim: Simulation, expected_rounds: Fraction | None = None) -> list[Check]:
    """Each outcome kind's estimated probability against the exact one, as a z-score."""
    counts = sim.by_kind()
    n = sim.trials
    out = []
    for kind in sorted(set(exact) | set(counts)):
        p = Fraction(exact.get(kind, 0))
        est = counts.get(kind, 0) / n
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        z = (est - float(p)) / sigma if sigma else (0.0 if est == float(p) else math.inf)
        out.append(Check(kind, p, est, sigma, z))
    return out
