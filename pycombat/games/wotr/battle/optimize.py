"""``pycombat optimize`` for WotR: the best rearguard split and the optimal play of both sides.

Every legal split (:class:`.splits.LegalSplits`, WOTR-SPLIT) is solved exactly as a zero-sum
game (:class:`.process.Optimal`): the attacker maximises the objective, the defender minimises it,
through casualty choices (WOTR-CAS-12), ceasing (WOTR-ROUND-3), retreats (WOTR-END-3,
WOTR-SITE-2) and siege reductions (WOTR-SIEGE-3). Splits that share their Leaders, Nazgûl and
Characters share one solver: a smaller attacking part is a position of the larger battle, so
its value comes out of the same memo.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from fractions import Fraction

from pycombat.errors import PycombatError, TooLargeError
from .process import (ATTACKER_DECISIONS, DECISIONS, DEFENDER_DECISIONS, BattleResult, Optimal, Outcome, Policy,
                     State, battle_odds, objective_of, optimal_forward, round_outcomes, siege_reductions,
                     terminal_after_casualties)
from ..board import load_nations
from .budget import plan_work, policy_shareable, refusal, solver_key
from .casualties import POLICIES
from ..model import Scenario
from .odds import illegal
from .setup import battle_setup
from .splits import AttackVerdict, LegalSplits, Split, default_split_note, judge_attack


@dataclass
class Evaluated:
    split: Split
    start: State
    value: Fraction
    solver: Optimal
    result: BattleResult | None = None
    white_rider: bool = False  #: Gandalf the White's choice (WOTR-STR-11) for this split
    other_rider: Fraction | None = None  #: the value with the other choice, when there was one


@dataclass
class Optimized:
    scenario: Scenario
    objective: str
    decide: tuple[str, ...]
    verdict: AttackVerdict
    ranked: list[Evaluated]
    states: int
    seconds: float
    fixed: dict[str, Fraction] = field(default_factory=dict)  #: policy -> value of the best split under it
    work: int = 0  #: positions valued (:attr:`.process.Optimal.work`)
    estimate: int = 0  #: the work estimated before solving (:func:`.budget.plan_work`)
    games: int = 0  #: distinct games solved (splits alike in rolls and Leadership share one)
    #: the file's default split when it is not legal (:func:`.splits.default_split_note`): optimize chooses
    #: among the legal splits all the same
    default_split: str | None = None

    @property
    def best(self) -> Evaluated:
        return self.ranked[0]


def decisions_for(decide: str) -> tuple[str, ...]:
    return {"both": DECISIONS, "attacker": ATTACKER_DECISIONS, "defender": DEFENDER_DECISIONS}[decide]


#: the decision flags a ``callback`` may name (WOTR-ROUND-3), each with the decision optimize takes in its
#: place, the side that takes it and the value that stands for it where optimize decides it (never read then)
CALLBACK_FLAGS = (("attacker_continue", "cease", "attacker", "always"),
                  ("defender_retreat", "retreat", "defender", "never"))


def optimize_flags(flags, decide: str) -> dict:
    """The flags a fixed policy reads in ``optimize --decide decide``: a ``callback`` decision flag of a
    decision optimize takes itself is not read (its value stands in); one of a decision that follows the
    flags needs the Python API's decision function, which the command line cannot give."""
    chosen = decisions_for(decide)
    out = dict(flags)
    for name, decision, side, stand_in in CALLBACK_FLAGS:
        if out.get(name) != "callback":
            continue
        if decision in chosen:
            out[name] = stand_in
            continue
        raise PycombatError(f"--decide {decide}: {name}=callback needs a decision function; give {name} another "
                            f"value, or --decide both (optimize then decides the {decision} itself)",
                            help=(f"under --decide {decide} the {side}'s decisions follow the flags; the function comes "
                                  f"from the Python API: Policy.from_flags(flags, callbacks={{'{name}': fn}})",))
    return out


def optimize(s: Scenario, objective: str = "win", *, decide: str = "both", max_states: int = 2_000_000,
             max_work: int | None = None) -> Optimized:
    """Solve every legal split; ``max_work`` (positions valued) refuses up front a battle whose estimated
    work (:func:`.budget.plan_work`) exceeds it, and stops one whose real work does."""
    t0 = time.perf_counter()
    chosen = decisions_for(decide)
    policy = None
    if decide != "both":
        cas = s.flags["casualty_policy"]
        if cas == "enumerate":
            other = "defender" if decide == "attacker" else "attacker"
            raise PycombatError(f"--decide {decide}: the {other}'s casualties follow casualty_policy, which must then "
                                f"be one of {', '.join(POLICIES)} (--flag casualty_policy=...)")
        policy = Policy.from_flags(optimize_flags(s.flags, decide))
    splits = LegalSplits(s).all(max_list=100_000)
    if not splits:
        raise illegal(judge_attack(s), s)
    setups = [(sp, rider, battle_setup(replace(s, white_rider=rider), sp.attacking))
              for sp in splits for rider in rider_choices(s, sp.attacking, decide)]
    plan = plan_work(setups, objective, decide=chosen, shareable=policy_shareable(policy))
    if max_work is not None and plan.estimate > max_work:
        raise TooLargeError(refusal(s, plan, max_work))
    games: dict[tuple, Optimal] = {}  # one solver per distinct game (budget.game_key), shared by its splits
    solvers: dict[tuple, Optimal] = {}
    ranked: list[Evaluated] = []
    by_split: dict[int, list] = {}
    for sp, rider, setup in setups:
        by_split.setdefault(id(sp), []).append((rider, setup))
    for sp in splits:
        candidates = []
        for rider, setup in by_split[id(sp)]:
            key = solver_key(setup)
            opt = solvers.get(key)
            if opt is None:
                gk = plan.keys[key]
                base = games.get(gk)
                if base is None:
                    used = sum(len(o._start) for o in games.values())
                    base = Optimal(setup, objective, policy, decide=chosen, max_states=max(1, max_states - used))
                    base.max_work = None if max_work is None else max(1, max_work - sum(o.work for o in games.values()))
                    games[gk] = base
                    opt = base
                else:
                    opt = base.sharing(setup)
                solvers[key] = opt
            candidates.append(Evaluated(sp, setup.start, opt.value(setup.start), opt, white_rider=rider))
            if sum(len(o._start) for o in games.values()) > max_states:
                raise TooLargeError(f"more than {max_states:,} battle states over the splits: too large under this "
                                    "limit (--max-nodes)")
        # WOTR-STR-11: the Free Peoples player decides at the start of the battle, for his side
        pick = pick_rider(s, candidates, lambda e: e.value, lambda e: e.white_rider)
        if len(candidates) > 1:
            pick.other_rider = next(e.value for e in candidates if e is not pick)
        ranked.append(pick)
    ranked.sort(key=lambda e: (-e.value, not e.split.whole))
    best = ranked[0]
    best.result = optimal_forward(replace_setup(best), start=best.start)
    out = Optimized(s, objective, chosen, judge_attack(s, best.split.attacking), ranked,
                    sum(len(o._start) for o in games.values()), time.perf_counter() - t0,
                    work=sum(o.work for o in games.values()), estimate=plan.estimate, games=len(games))
    setup = replace(best.solver.setup, start=best.start)
    # the fixed policies compared: the flags' own, which a callback decision flag cannot give from here
    fixed = not any(s.flags.get(name) == "callback" for name, *_ in CALLBACK_FLAGS)
    if fixed and (s.flags["casualty_policy"] == "enumerate" or decide == "both"):
        for pol in POLICIES:
            res = battle_odds(setup, Policy.from_flags(s.flags, pol))
            out.fixed[pol] = res.outcomes.expectation(lambda o: objective_of(setup, objective, best.start, o))
    out.default_split = default_split_note(s, judge_attack(s), ask=False)
    out.seconds = time.perf_counter() - t0
    return out


def rider_choices(s: Scenario, attacking, decide: str = "both") -> list[bool]:
    """WOTR-STR-11: the White Rider is the Free Peoples player's choice at the start of the battle when
    Gandalf the White fights against Nazgûl (``attacking``: the attacking part of the split). It is
    chosen optimally only when his side is one ``decide`` plays optimally; otherwise it is the file's
    ``battle.white_rider`` (the other side follows the file and the flags)."""
    fp_role = "attacker" if s.attacker.side == "free_peoples" else "defender"
    if decide not in ("both", fp_role):
        return [s.white_rider]
    shadow = s.attacker if s.attacker.side == "shadow" else s.defender
    shadow_force = attacking if shadow.role == "attacker" else shadow.force
    fp_force = attacking if shadow.role == "defender" else s.defender.force
    nazgul = shadow_force.nazgul or "witch-king" in shadow_force.characters
    if "gandalf-white" in fp_force.characters and nazgul:
        return [False, True]
    return [False]


def pick_rider(s: Scenario, candidates: list, value, rider) -> object:
    """WOTR-STR-11: of the candidates (one per White Rider choice), the one the Free Peoples player
    picks for the objective: the largest value when he attacks, the smallest when he defends (on a tie,
    the same choice for every verb)."""
    fp_attacks = s.attacker.side == "free_peoples"
    return (max if fp_attacks else min)(candidates, key=lambda e: (value(e), not rider(e)))


def replace_setup(e: Evaluated) -> Optimal:
    return e.solver


def units_text(setup, role: str, units) -> str:
    """A side's units by Nation (``Sauron 3R 0E``, or ``no units``) in a set-up."""
    nations = load_nations().nations
    prof = setup.attacker if role == "attacker" else setup.defender
    parts = [f"{nations[n].name} {r}R {e}E" for n, (r, e) in zip(prof.nations, units) if r or e]
    return ", ".join(parts) or "no units"


def figures_text(setup, role: str, units) -> str:
    """A side's figures in a set-up: its units by Nation (:func:`units_text`), then the Leaders, Nazgûl
    and Characters it still has (``Gondor 2R 0E, 1 Leader``; ``Sauron 3R 0E, 1 Nazgûl, The Witch-king``).
    Used where Combat cards can remove figures (WOTR-CARD-6), so that two positions never read alike."""
    from ..characters import load_characters

    text = units_text(setup, role, units)
    if text == "no units":
        return text
    prof = setup.attacker if role == "attacker" else setup.defender
    chars = load_characters().characters
    extra = ([f"{prof.leaders} Leader{'s' if prof.leaders != 1 else ''}"] if prof.leaders else []) + (
        [f"{prof.nazgul} Nazgûl"] if prof.nazgul else []) + [chars[c].name for c in prof.characters]
    return ", ".join([text] + extra)


def principal_line(res: Optimized, max_rounds: int = 40) -> list[str]:
    """The battle as played by both sides' optimal decisions, taking the most probable dice each round."""
    e = res.best
    opt = e.solver
    setup = opt.setup
    state = e.start
    lines: list[str] = []
    for number in range(1, max_rounds + 1):
        a, pa, d, pd, rnd, _ = state
        opt.start_value(state)
        if setup.siege_retreat and opt.into_siege(state):
            lines.append("defender retreats into the Stronghold (WOTR-SITE-2)")
            return lines
        outs = round_outcomes(setup, state)
        folded = setup.folds(state)
        p0 = next((p for i, j, p in outs if (i, j) == (0, 0)), Fraction(0))
        cands = [(p / (1 - p0) if folded else p, i, j) for i, j, p in outs if not (folded and (i, j) == (0, 0))]
        p, i, j = max(cands, key=lambda t: (t[0], -t[1], -t[2]))
        hits = f"{i} hit{'s' if i != 1 else ''}"
        lines.append(f"round {number}: the attacker scores {hits}, the defender {j} (p {_short(p)})")
        opt.after_value(state, i, j)
        if "attacker_casualties" in opt.decide:
            a2, pa2 = opt._choice[("acas", state, i, j)]
        else:
            a2, pa2 = opt.fixed.casualties("attacker", a, pa, j, None)
        _, (d2, pd2) = opt.defender_casualties(a2, pa2, d, pd, i, rnd)
        if j:
            lines.append(f"  attacker takes {j}: {units_text(setup, 'attacker', a)} -> {units_text(setup, 'attacker', a2)}")
        if i:
            lines.append(f"  defender takes {i}: {units_text(setup, 'defender', d)} -> {units_text(setup, 'defender', d2)}")
        opt.end_value(a2, pa2, d2, pd2, rnd)
        _, choice = opt._end[(a2, pa2, d2, pd2, rnd)]
        if isinstance(choice, Outcome):
            lines.append(f"  end: {choice.kind.replace('_', ' ')}")
            return lines
        if setup.kind == "siege":
            if choice is None and rnd < setup.siege_rounds and not (setup.max_rounds and rnd >= setup.max_rounds):
                lines.append(f"  the siege battle goes on: it lasts {setup.siege_rounds} rounds (WOTR-EVT-9)")
                state = (a2, pa2, d2, pd2, setup.next_round(rnd), True)
                continue
            if choice is None:
                lines.append("  the attacker stops: the siege goes on (WOTR-SIEGE-3)")
                return lines
            i_n, a3, pa3 = siege_reductions(setup, a2, pa2)[choice]
            lines.append("  the attacker reduces an Elite to fight another round (WOTR-SIEGE-3)")
            state = (a3, pa3, d2, pd2, setup.next_round(rnd), True)
            continue
        if choice is None:
            lines.append("  max_rounds reached")
            return lines
        go, stay = choice
        if go == "cease":
            lines.append("  the attacker ceases the sortie: its Army moves back into the Stronghold (WOTR-ROUND-3, "
                         "WOTR-SIEGE-6)" if setup.kind == "sortie" else "  the attacker ceases the attack (WOTR-ROUND-3)")
            return lines
        if stay == "retreat":
            lines.append("  the defender retreats (WOTR-END-3)")
            return lines
        state = (a2, pa2, d2, pd2, setup.next_round(rnd), True)
    lines.append("...")
    return lines


def first_round_choices(res: Optimized) -> list[str]:
    """The optimal casualty choices of round 1, for each number of hits a side may take (the other
    side's hits taken at their most probable value): the policy in the form players use."""
    e = res.best
    opt = e.solver
    setup = opt.setup
    state = e.start
    a, pa, d, pd, rnd, _ = state
    opt.start_value(state)
    outs = round_outcomes(setup, state)
    lines: list[str] = []
    by_i: dict[int, Fraction] = {}
    by_j: dict[int, Fraction] = {}
    for i, j, p in outs:
        by_i[i] = by_i.get(i, Fraction(0)) + p
        by_j[j] = by_j.get(j, Fraction(0)) + p
    i0 = max(by_i, key=lambda k: (by_i[k], -k))
    j0 = max(by_j, key=lambda k: (by_j[k], -k))
    if "attacker_casualties" in opt.decide:
        for j in sorted(by_j):
            if j == 0 or (i0, j) not in {(x, y) for x, y, _ in outs}:
                continue
            opt.after_value(state, i0, j)
            a2, _ = opt._choice[("acas", state, i0, j)]
            lines.append(f"attacker takes {j}: {units_text(setup, 'attacker', a)} -> {units_text(setup, 'attacker', a2)}"
                         f" (when the defender takes {i0})")
    if "defender_casualties" in opt.decide:
        opt.after_value(state, i0, j0)
        a2, pa2 = (opt._choice[("acas", state, i0, j0)] if "attacker_casualties" in opt.decide
                   else opt.fixed.casualties("attacker", a, pa, j0, None))
        for i in sorted(by_i):
            if i == 0:
                continue
            _, (d2, _) = opt.defender_casualties(a2, pa2, d, pd, i, rnd)
            lines.append(f"defender takes {i}: {units_text(setup, 'defender', d)} -> {units_text(setup, 'defender', d2)}"
                         f" (when the attacker takes {j0})")
    return lines


def _short(p: Fraction) -> str:
    text = f"{p.numerator}/{p.denominator}"
    return f"{text} = {float(p):.4f}" if len(text) <= 24 else f"{float(p):.4f}"


__all__ = ["optimize", "figures_text", "rider_choices", "pick_rider", "principal_line", "units_text", "Optimized", "Evaluated", "terminal_after_casualties"]
