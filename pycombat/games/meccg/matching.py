"""Exact ``optimize`` for large MECCG combats: independent strikes and a game over matchings.

When nothing is shared between the strikes of a combat (no excess strike to allocate,
MECCG-ASSIGN-5/MECCG-SEQ-3; no untapped defender left unstruck to support, MECCG-SEQ-6; no card
in either hand, MECCG-SEQ-2/7) and the objective adds up over strikes (``kill_mp``,
``eliminations``; not ``survive``), a complete assignment's value is the sum of its strikes'
values (the pruned :class:`.game.CvccGame` resolves such strikes in one canonical order, each with
one forced step per player, and pays each strike's reward on its own chance edge).  So:

* each distinct strike (attacker, defender) is valued once, exactly, from the same outcome
  distribution the engine uses (:meth:`.game.CvccGame.outcomes`, MECCG-SEQ-9/10, MECCG-BODY);
* the assignment phases (MECCG-ASSIGN-2 defender, -3 attacker, -4 defender) are solved as a
  game over matchings by dynamic programming over who is still unassigned; members whose strikes
  are worth the same against everyone (and with the same tapped state, all the phases read) are
  interchangeable and counted, not named;
* a phase's set of pairs, one decision in the engine, is made here pair by pair by the same player
  (no chance in between, so the maximum over sets is the nested maximum).

Every phase-I choice is still valued (named, in the engine's order, with its ties broken the
same way) and the principal line is named; the strikes of that line are solved by the engine
itself (:func:`pycombat.tree.solve_game`) so the report shows the same steps.  Other combats,
and ``survive``, go to the engine (:func:`.optimize.solve_combat`): :func:`fast_reason` says why.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ...errors import TooLargeError
from ...tree import DECISION, PROGRESS_EVERY, Alternative, SearchStats, Step, solve_game
from .game import DEFENDER, AttackerStep, CvccGame, CvccState, DefenderStep, Objective

ADDITIVE = ("kill_mp", "eliminations")  #: objectives whose value is a sum over strikes


def fast_reason(scenario, objective: Objective) -> str | None:
    """Why the strike-by-strike solver does not apply (None when it does)."""
    from .assign import judge_attack

    if objective.name not in ADDITIVE:
        return f"the objective {objective.name} is not a sum over strikes"
    if scenario.attacker.hand or scenario.defender.hand:
        return "cards in hand may be played in any strike (MECCG-SEQ-2/7)"
    verdict = judge_attack(scenario)
    if not verdict.legal or not verdict.strikes:
        return "no strike to assign"
    strikes, targets = verdict.strikes, verdict.targets
    if len(strikes) > len(targets):
        return "excess strikes are allocated across strikes (MECCG-ASSIGN-5, MECCG-SEQ-3)"
    untapped = [m.name for m in scenario.defender.members if m.status == "untapped"]
    if any(n not in targets for n in untapped) or (len(strikes) < len(targets) and untapped):
        return "an untapped defender left unstruck may support any strike (MECCG-SEQ-6)"
    return None


def strike_value(game: CvccGame, attacker: str, defender: str) -> Fraction:
    """The exact expected reward (the defender's) of one strike with nothing shared: the engine's
    own outcome classes for its single forced step per player."""
    s = CvccState(game, "resolve", remaining=((attacker, defender),), current=(attacker, defender),
                  a_step=AttackerStep(), d_step=DefenderStep())
    return sum((p * Fraction(c.paid[DEFENDER]) for c, p in game.outcomes(s).items()), Fraction(0))


def _classes(names, untapped, column):
    """Members grouped by (untapped, their values against the other side), in file order."""
    keys: dict = {}
    for n in names:
        keys.setdefault((n in untapped, column(n)), []).append(n)
    return list(keys.items())


@dataclass
class MatchingSolution:
    """What :func:`solve_fast` found, with the interface of :class:`pycombat.tree.Solution` that
    the report reads (``value``, ``stats``, ``alternatives()``, ``principal_line()``)."""

    root: CvccState
    num_players: int
    value: tuple
    stats: SearchStats
    _alternatives: list
    _line: list

    def alternatives(self, state: Any | None = None) -> list[Alternative]:
        if state is not None and state is not self.root:
            raise ValueError("the matching solver keeps the alternatives of the first decision only")
        return list(self._alternatives)

    def principal_line(self) -> list[Step]:
        return list(self._line)


class _Matching:
    """The assignment phases as a game over counts of interchangeable members (integers over one
    common denominator, so the search does no Fraction arithmetic)."""

    def __init__(self, game: CvccGame, strikes, targets, max_nodes: int, progress, estimate_hint):
        sc = game.scenario
        self.game = game
        untapped = {m.name for m in sc.attacker.members + sc.defender.members if m.status == "untapped"}
        self.values = {(a, d): strike_value(game, a, d) for a in strikes for d in targets}
        self.denom = math.lcm(*(v.denominator for v in self.values.values()))
        iv = {k: v.numerator * (self.denom // v.denominator) for k, v in self.values.items()}
        self.scls = _classes(strikes, untapped, lambda a: tuple(iv[a, d] for d in targets))
        self.tcls = _classes(targets, untapped, lambda d: tuple(iv[a, d] for a in strikes))
        self.sof = {n: i for i, (_, ms) in enumerate(self.scls) for n in ms}
        self.tof = {n: j for j, (_, ms) in enumerate(self.tcls) for n in ms}
        self.V = [[iv[ms[0], mt[0]] for _, mt in self.tcls] for _, ms in self.scls]
        self.sunt = [k[0] for k, _ in self.scls]
        self.tunt = [k[0] for k, _ in self.tcls]
        self.mandatory = sc.flags.get("phase2_assignment", "mandatory") == "mandatory"
        self.memo: dict = {}
        self.edges = 0
        self.max_nodes, self.progress, self.hint = max_nodes, progress, estimate_hint

    # -- the three phases -------------------------------------------------------------------------
    def _store(self, key, value):
        memo = self.memo
        memo[key] = value
        n = len(memo)
        if n >= self.max_nodes:
            raise TooLargeError(self.hint(n))
        if self.progress is not None and n % PROGRESS_EVERY == 0:
            self.progress(n)
        return value

    def p1(self, j: int, u: int, rs: tuple, rt: tuple) -> int:
        """Phase I (MECCG-ASSIGN-2, defender, maximises): each untapped target in turn takes a
        strike of any remaining member, or none."""
        while u == 0:
            j += 1
            if j == len(self.tcls):
                return self.p2start(rs, rt)
            u = rt[j] if self.tunt[j] else 0
        key = (1, j, u, rs, rt)
        got = self.memo.get(key)
        if got is not None:
            return got
        best = None
        for x, _ in self._p1_options(j, u, rs, rt):
            if best is None or x > best:
                best = x
        return self._store(key, best)

    def _p1_options(self, j, u, rs, rt):
        self.edges += 1
        yield self.p1(j, u - 1, rs, rt), None
        rt2 = rt[:j] + (rt[j] - 1,) + rt[j + 1:]
        for i, n in enumerate(rs):
            if n:
                self.edges += 1
                yield self.V[i][j] + self.p1(j, u - 1, rs[:i] + (n - 1,) + rs[i + 1:], rt2), i

    def p2start(self, rs: tuple, rt: tuple) -> int:
        """Phase II (MECCG-ASSIGN-3, attacker, minimises): his remaining untapped strikes, each on a
        target or (as many as the phase2_assignment flag allows) none."""
        u_strikes = sum(n for n, t in zip(rs, self.sunt) if t)
        free = sum(rt)
        skips = u_strikes - min(u_strikes, free) if self.mandatory else u_strikes
        return self.p2(-1, 0, rs, rt, skips)

    def p2(self, i: int, u: int, rs: tuple, rt: tuple, skips: int) -> int:
        while u == 0:
            i += 1
            if i == len(self.scls):
                return self.p3(rs, rt)
            u = rs[i] if self.sunt[i] else 0
        key = (2, i, u, rs, rt, skips)
        got = self.memo.get(key)
        if got is not None:
            return got
        best = None
        for x, _ in self._p2_options(i, u, rs, rt, skips):
            if best is None or x < best:
                best = x
        return self._store(key, best)

    def _p2_options(self, i, u, rs, rt, skips):
        if skips:
            self.edges += 1
            yield self.p2(i, u - 1, rs, rt, skips - 1), None
        rs2 = rs[:i] + (rs[i] - 1,) + rs[i + 1:]
        for j, n in enumerate(rt):
            if n:
                self.edges += 1
                yield self.V[i][j] + self.p2(i, u - 1, rs2, rt[:j] + (n - 1,) + rt[j + 1:], skips), j

    def p3(self, rs: tuple, rt: tuple) -> int:
        """Phase III (MECCG-ASSIGN-4, defender, maximises): every remaining strike on a remaining
        target (there are at least as many targets here: see :func:`fast_reason`)."""
        i = next((k for k, n in enumerate(rs) if n), None)
        if i is None:
            return 0
        key = (3, rs, rt)
        got = self.memo.get(key)
        if got is not None:
            return got
        best = max(x for x, _ in self._p3_options(i, rs, rt))
        return self._store(key, best)

    def _p3_options(self, i, rs, rt):
        rs2 = rs[:i] + (rs[i] - 1,) + rs[i + 1:]
        for j, n in enumerate(rt):
            if n:
                self.edges += 1
                yield self.V[i][j] + self.p3(rs2, rt[:j] + (n - 1,) + rt[j + 1:]), j


def _counts(cls, names) -> tuple:
    names = set(names)
    return tuple(sum(1 for n in ms if n in names) for _, ms in cls)


def _phase1_choices(m: "_Matching", untapped_targets, strikes, rs0: tuple, rt0: tuple) -> list:
    """Every phase-I set of pairs (each untapped target takes one strike or none, MECCG-ASSIGN-2)
    with the value of the pairs made and the counts left: [(pairs, made, rs, rt)], sorted."""
    out = []
    sof, tof, V = m.sof, m.tof, m.V

    def go(k, used, pairs, made, rs, rt):
        if k == len(untapped_targets):
            out.append((tuple(sorted(pairs)), made, rs, rt))
            return
        go(k + 1, used, pairs, made, rs, rt)
        d = untapped_targets[k]
        j = tof[d]
        rt2 = rt[:j] + (rt[j] - 1,) + rt[j + 1:]
        for a in strikes:
            if a not in used:
                i = sof[a]
                go(k + 1, used | {a}, pairs + [(a, d)], made + V[i][j], rs[:i] + (rs[i] - 1,) + rs[i + 1:], rt2)

    go(0, frozenset(), [], 0, rs0, rt0)
    out.sort(key=lambda r: r[0])
    return out


def estimate(strikes, targets, untapped_targets) -> int:
    """The phase-I choices the solver values one by one (a size it cannot avoid)."""
    n, total = len(strikes), 0
    for k in range(len(untapped_targets) + 1):
        total += math.comb(len(untapped_targets), k) * math.perm(n, k)
    return total


def solve_fast(scenario, objective: Objective, *, max_nodes: int,
               progress: Callable[[int], object] | None = None):
    """Solve a combat :func:`fast_reason` accepts; returns an :class:`.optimize.Solved`."""
    from .assign import judge_attack
    from .optimize import Solved, report_value

    t0 = time.perf_counter()
    game = CvccGame(scenario, objective)
    verdict = judge_attack(scenario)
    strikes, targets = verdict.strikes, verdict.targets
    untapped = {m.name for m in scenario.attacker.members + scenario.defender.members if m.status == "untapped"}
    utargets = [d for d in targets if d in untapped]
    where = scenario.file or "the scenario"
    n_first = estimate(strikes, targets, utargets)
    if n_first > max_nodes:
        raise TooLargeError(f"{where}: optimize: the defender has {n_first:,} phase-I choices to value, more than "
                            f"--max-nodes {max_nodes:,}; raise --max-nodes or solve a smaller combat")

    def hint(n: int) -> str:
        return (f"{where}: optimize: the assignment phases have more than {n:,} positions besides the "
                f"{n_first:,} phase-I choices, more than --max-nodes {max_nodes:,} in all; raise --max-nodes or "
                "solve a smaller combat")

    # The phase-I choices are valued one by one after the search: they count against the bound too.
    m = _Matching(game, strikes, targets, max_nodes - n_first, progress, hint)
    D = m.denom
    rs0, rt0 = _counts(m.scls, strikes), _counts(m.tcls, targets)
    root_int = m.p1(-1, 0, rs0, rt0)

    def val(x: int) -> tuple:
        v = Fraction(x, D)
        return (v, -v)

    # Every phase-I choice, named, valued, in the engine's order (sorted) and with its tie-break.
    root = game.new_initial_state()
    rows = []
    after: dict = {}  # phase-II start (counts left) -> its value
    for idx, (act, made, rs, rt) in enumerate(_phase1_choices(m, utargets, strikes, rs0, rt0)):
        x = after.get((rs, rt))
        if x is None:
            x = after[rs, rt] = m.p2start(rs, rt)
        rows.append((idx, act, made + x))
    best_idx = max(rows, key=lambda r: (r[2], -r[0]))[0]
    assert rows[best_idx][2] == root_int, "the phase-I choices disagree with the matching game"
    rows.sort(key=lambda r: (-r[2], r[0]))
    alts = [Alternative(action=a, label=game.action_to_string(root, a), child=i, value=val(x), best=i == best_idx)
            for i, a, x in rows]
    p1_act = next(a.action for a in alts if a.best)

    # The principal line: phase I as chosen, phases II and III by the matching game's best moves
    # (the first best option, members named in file order), then the strikes by the engine.
    line: list[Step] = []
    made = sum(m.V[m.sof[a]][m.tof[d]] for a, d in p1_act)
    line.append(Step(node=0, kind=DECISION, player=0, state=str(root), action=game.action_to_string(root, p1_act),
                     prob=None, value=val(root_int)))
    left_s = [a for a in strikes if a not in {a for a, _ in p1_act}]
    left_t = [d for d in targets if d not in {d for _, d in p1_act}]
    s2 = CvccState(game, "phase2", p1=p1_act)
    v2 = made + m.p2start(_counts(m.scls, left_s), _counts(m.tcls, left_t))
    p2_pairs = _follow2(m, left_s, left_t)
    p2_act = tuple(sorted(p2_pairs))
    line.append(Step(node=1, kind=DECISION, player=1, state=str(s2), action=game.action_to_string(s2, p2_act),
                     prob=None, value=val(v2)))
    made += sum(m.V[m.sof[a]][m.tof[d]] for a, d in p2_pairs)
    left_s = [a for a in left_s if a not in {a for a, _ in p2_pairs}]
    left_t = [d for d in left_t if d not in {d for _, d in p2_pairs}]
    s3 = CvccState(game, "phase3", p1=p1_act, p2=p2_act)
    v3 = made + m.p3(_counts(m.scls, left_s), _counts(m.tcls, left_t))
    p3_pairs = _follow3(m, left_s, left_t)
    p3_act = (tuple(sorted(p3_pairs)), ())
    line.append(Step(node=2, kind=DECISION, player=0, state=str(s3), action=game.action_to_string(s3, p3_act),
                     prob=None, value=val(v3)))
    assert v3 == v2 == root_int
    strikes_sol = solve_game(s3.child(p3_act), max_nodes=max_nodes)
    assert strikes_sol.value[0] == Fraction(root_int, D), "the strikes disagree with their values"
    line += [Step(**{**st.__dict__, "node": st.node + 3}) for st in strikes_sol.principal_line()]

    n = len(m.memo) + len(rows) + strikes_sol.stats.nodes
    edges = m.edges + len(rows) + strikes_sol.stats.edges
    stats = SearchStats(nodes=n, edges=edges, decision=len(m.memo) + 3, chance=strikes_sol.stats.chance,
                        terminal=strikes_sol.stats.terminal, transpositions=max(0, edges - (n - 1)), merged_edges=0,
                        longest_line=len(line) - 1)
    if progress is not None:
        progress(n)
    solution = MatchingSolution(root=root, num_players=2, value=val(root_int), stats=stats, _alternatives=alts,
                                _line=line)
    return Solved(game, solution, report_value(game, solution.value), time.perf_counter() - t0)


def _first_best(options, better):
    best = None
    for x, choice in options:
        if best is None or better(x, best[0]):
            best = (x, choice)
    return best[1]


def _follow2(m: _Matching, left_s, left_t) -> list:
    """The attacker's phase-II pairs along the matching game's best line, named."""
    rs, rt = _counts(m.scls, left_s), _counts(m.tcls, left_t)
    u_strikes = sum(n for n, t in zip(rs, m.sunt) if t)
    skips = u_strikes - min(u_strikes, sum(rt)) if m.mandatory else u_strikes
    free_s = [a for a in left_s]
    free_t = [d for d in left_t]
    pairs = []
    for i in range(len(m.scls)):
        if not m.sunt[i]:
            continue
        undecided = [a for a in m.scls[i][1] if a in free_s]
        for a in undecided:
            u = len([b for b in m.scls[i][1] if b in free_s and undecided.index(b) >= undecided.index(a)])
            j = _first_best(m._p2_options(i, u, rs, rt, skips), lambda x, y: x < y)
            if j is None:
                skips -= 1
                continue
            d = next(t for t in m.tcls[j][1] if t in free_t)
            pairs.append((a, d))
            free_s.remove(a)
            free_t.remove(d)
            rs = rs[:i] + (rs[i] - 1,) + rs[i + 1:]
            rt = rt[:j] + (rt[j] - 1,) + rt[j + 1:]
    return pairs


def _follow3(m: _Matching, left_s, left_t) -> list:
    """The defender's phase-III pairs along the matching game's best line, named."""
    rs, rt = _counts(m.scls, left_s), _counts(m.tcls, left_t)
    free_t = list(left_t)
    pairs = []
    for a in sorted(left_s, key=lambda n: m.sof[n]):
        i = m.sof[a]
        j = _first_best(m._p3_options(i, rs, rt), lambda x, y: x > y)
        d = next(t for t in m.tcls[j][1] if t in free_t)
        pairs.append((a, d))
        free_t.remove(d)
        rs = rs[:i] + (rs[i] - 1,) + rs[i + 1:]
        rt = rt[:j] + (rt[j] - 1,) + rt[j + 1:]
    return pairs
