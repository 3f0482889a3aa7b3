"""``pycombat odds`` for WotR: the exact outcome distribution of a battle (and a Monte Carlo check).

Under ``casualty_policy=enumerate`` (the default: the owner chooses, WOTR-CAS-12) a probability
needs a deterministic policy, so the battle is solved under each one (``regulars_first``,
``downgrade_first``); ``pycombat optimize`` gives the best choices instead.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from pycombat.errors import PycombatError, illegal_attack
from .process import KIND_ORDER, BattleResult, BattleSetup, Policy, battle_odds
from .casualties import POLICIES
from ..characters import load_characters
from ..model import Scenario
from .montecarlo import MAX_TRIALS, compare, simulate
from .setup import battle_setup
from .splits import AttackVerdict, default_split_note, judge_attack


def policies_for(s: Scenario, override: str | None = None) -> list[str]:
    pol = override or s.flags["casualty_policy"]
    return list(POLICIES) if pol == "enumerate" else [pol]


def illegal(verdict: AttackVerdict, s: Scenario) -> PycombatError:
    err = illegal_attack(s.file or "scenario", "battle to compute",
                         ((r["rule"], r.get("detail"), r["text"]) for r in verdict.reasons()))
    note = default_split_note(s, verdict)
    if note is None:
        return err
    return PycombatError(str(err).replace("the attack is not legal", "the attack with its default split is not legal")
                         + "; legal splits exist", help=err.help + (note,))


@dataclass
class OddsReport:
    scenario: Scenario
    verdict: AttackVerdict
    setup: BattleSetup
    results: dict[str, BattleResult] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    monte_carlo: dict[str, tuple] = field(default_factory=dict)  #: policy -> (Simulation, checks, seconds)
    card_battles: dict[str, object] = field(default_factory=dict)  #: policy -> card_battle.CardBattle
    #: what the report's details derive from it, built once for the JSON and the text (the round
    #: table's rows per policy, :mod:`.round_table`; the figures' fates, :mod:`.odds_details`)
    memo: dict = field(default_factory=dict, repr=False, compare=False)

    def derived(self, key, make):
        """``make()``, computed once per ``key`` and kept with the report (read it, never change it)."""
        try:
            return self.memo[key]
        except KeyError:
            got = self.memo[key] = make()
            return got

    def kinds(self) -> list[str]:
        """The outcome kinds to show: the four main ones, and any other that can happen."""
        seen = {k for r in self.results.values() for k in r.by_kind()}
        # a sortie that ceases moves back into its Stronghold (WOTR-SIEGE-6): its own kind in place of "attack ceased"
        main = {"attacker_wins", "defender_holds", "both_destroyed",
                "sortie_returned" if self.setup.kind == "sortie" else "attack_ceased"}
        return [k for k in KIND_ORDER if k in main or k in seen]


def battle_report(s: Scenario, *, casualty_policy: str | None = None, monte_carlo: int = 0,
                  seed: int = 1, max_states: int = 2_000_000) -> OddsReport:
    if monte_carlo > MAX_TRIALS:
        raise PycombatError(f"--monte-carlo {monte_carlo:,}: at most {MAX_TRIALS:,} battles a casualty policy (about "
                            f"{monte_carlo // 11_000:,} s at the 11,000 a second a small battle takes); the exact "
                            "odds need no sampling")
    verdict = judge_attack(s)
    if not verdict.legal:
        raise illegal(verdict, s)
    setup = battle_setup(s, verdict.attacking)
    rep = OddsReport(s, verdict, setup)
    plan = s.card_plan if s.card_plan is not None and s.card_plan.rounds() else None
    if plan is not None:
        from ..cards.battle import check_plan

        check_plan(s, setup, plan)  # WOTR-CARD-5
        if monte_carlo:
            raise PycombatError("--monte-carlo does not simulate named Combat cards (`card:`); the exact "
                                "distribution is computed without sampling")
    for pol in policies_for(s, casualty_policy):
        policy = Policy.from_flags(s.flags, pol)
        t0 = time.perf_counter()
        if plan is not None:
            from ..cards.battle import card_battle_odds

            cb = card_battle_odds(s, setup, plan, policy, max_states=max_states)
            rep.card_battles[pol] = cb
            rep.results[pol] = cb.result
        else:
            rep.results[pol] = battle_odds(setup, policy, max_states=max_states)
        rep.seconds[pol] = time.perf_counter() - t0
        if monte_carlo:
            t0 = time.perf_counter()
            sim = simulate(setup, policy, monte_carlo, seed)
            rep.monte_carlo[pol] = (sim, compare(rep.results[pol].by_kind(), sim), time.perf_counter() - t0)
    return rep


#: the outcomes in which each side's Army is eliminated
ELIMINATED = {"attacker": ("defender_holds", "both_destroyed"), "defender": ("attacker_wins", "both_destroyed")}


def leaders_and_characters(force) -> str:
    """The figures that go with an Army's last unit (WOTR-CAS-7): Leaders, Nazgûl, Characters."""

    parts = []
    if force.leaders:
        parts.append(f"{force.leaders} Leader{'s' if force.leaders > 1 else ''}")
    if force.nazgul:
        parts.append(f"{force.nazgul} Nazgûl")
    parts.extend(load_characters().characters[ch].name for ch in force.characters)
    return ", ".join(parts)


def eliminated(result: BattleResult, role: str) -> Fraction:
    def make():
        k = result.by_kind()
        return sum((k.get(x, Fraction(0)) for x in ELIMINATED[role]), Fraction(0))

    return result.derived(("eliminated", role), make)


def survivors_text(result: BattleResult, role: str) -> str:
    dist = result.survivors(role)
    return ", ".join(f"{k}: {float(p):.4f}" for k, p in sorted(dist.items(), reverse=True))


def expected_survivors(result: BattleResult, role: str) -> Fraction:
    return result.expected_units(role)
