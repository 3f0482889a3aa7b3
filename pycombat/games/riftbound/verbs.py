"""Riftbound's verbs: each computes its answer and returns a report object (printing is in :mod:`.present`).

* ``enumerate``: each side's legal damage splits (count and list), with the units each kills;
* ``odds``: the resulting board, step by step (deterministic: no dice);
* ``optimize``: each side's best split (RB-MODEL-7) and the joint view (both assignments as
  one game, solved by the engine), with the outcome classes (RB-MODEL-4);
* ``verify``: the claims of the scenario, with the rule ids that decide them;
* ``tree``: the joint game tree to GraphML, DOT or PNG.

Options arrive as keywords named like the command line's (``--max-list`` is ``max_list``); their
defaults are the command line's. No verb prints.

>>> from pycombat.games.riftbound import verbs
>>> from pycombat.games.riftbound.schema import example_path, load_scenario
>>> scenario = load_scenario(example_path("seed_example.yaml"))
>>> report = verbs.enumerate(scenario, count=True)
>>> {side: s["count"] for side, s in report.to_json()["sides"].items()}
{'attacker': 1, 'defender': 2}
>>> report.count == {'attacker': 1, 'defender': 2}
True
>>> report.to_json()["outcomes"], report.to_json()["sides"]["attacker"]["excess"]
(['conquer'], 2)
"""
from __future__ import annotations

import builtins
import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from ...dice import Dist, as_json
from ...errors import PycombatError, ScenarioError, TooLargeError
from ...report import Report, VerifyReport
from ...tree import export, export_path, format_fraction
from ...tree.options import Option, rank
from ...verdicts import parse_claims
from . import claims as _claims
from .damage.game import JointGame, Objective, kill_classes
from .model import SIDES, Board, Scenario, Split, other
from .damage.optimize import Optimized, objective_from, optimize as _optimize, root_alternatives
from .damage.outcome import Control, OutcomeClasses, Resolution, outcome_classes, resolve, stated_splits
from .damage.judge import judge_json
from .violations import violation_text
from .cards.showdown import Showdown, play_showdown, unmodelled_lines
from .play.hands import hands_unmodelled
from .damage.splits import Derived, LegalSplits, prefetch as _prefetch

#: how many splits ``enumerate`` lists without ``limit`` (``max_list``'s default)
DEFAULT_MAX_LIST = 100_000
#: with ``limit``, the splits are all listed and sorted (a stable order) only up to this many;
#: past it the first ``limit`` the solver streams are shown (listing 46,000 to show 3 took 4 s)
SORTED_LIMIT = 5_000
#: the file formats ``tree`` writes, by extension


def _base(s: Scenario, verb: str) -> dict:
    return {"game": "riftbound", "verb": verb, "scenario": s.file, "title": s.title, "flags": dict(s.flags)}


def _head(r: Report) -> dict:
    """What every Riftbound report's JSON opens with (:meth:`pycombat.report.Report.head`)."""
    return r.head()


def kills(board: Board, side: str, split: Split) -> list[str]:
    """The units of the other side that ``side``'s split gives lethal damage (RB-MIGHT-1)."""
    return [u.name for u in board.side(other(side)) if u.dies_with(split.get(u.name))]


@dataclass
class _Combat(Report):
    """What every Riftbound report shows first: the scenario and the board after the showdown."""

    combat: Scenario | None = None  #: the scenario read (its units, flags and their origins)
    board: Board | None = None  #: the units at the battlefield when the showdown ends
    #: the card clauses of the showdown the model does not interpret (RB-CARD-4): ``[{card, what, why}]``
    unmodelled: list[dict] = field(default_factory=list)


# ---- enumerate -------------------------------------------------------------------------------------
@dataclass
class SideSplits:
    """One side's legal damage splits (RB-MODEL-3): what it assigns, to whom, and the splits."""

    side: str
    player: str
    derived: Derived  #: derive.lp's numbers (pool, lethal amounts, tiers, excess)
    representation: str  #: "vector" or "sequence" (RB-MODEL-6, flag split_repr)
    count: int | None  #: None: too many to count (then ``splits`` are the first found)
    splits: list[Split] = field(default_factory=list)
    kills: list[list[str]] = field(default_factory=list)  #: per listed split, the units it kills
    truncated: bool = False
    #: the judge's view (RB-JUDGE): damage still needed, the choice, the scenario's split judged
    judge: dict = field(default_factory=dict)

    def to_json(self, count_only: bool) -> dict:
        d, side = self.derived, self.side
        entry = {"player": self.player, "total": d.pool[side], "assigns": d.to_assign[side],
                 "total_lethal": d.total_lethal[side], "excess": d.excess[side],
                 "receivers": [{"unit": n, "lethal": d.lethal.get(n), "tier": d.tiers[side].get(n),
                                "dual": n in d.duals[side]} for n in d.targets[side]]
                 + [{"unit": n, "immune": True} for n in d.dumps[side]],
                 "representation": self.representation, "count": self.count}
        if not count_only:
            entry["splits"] = [{**sp.as_json(), "kills": k} for sp, k in zip(self.splits, self.kills)]
            if self.truncated:
                entry["truncated"] = True
        entry["judge"] = self.judge
        return entry


@dataclass
class EnumerateReport(_Combat):
    """Each side's legal damage splits and the outcomes they lead to (RB-MODEL-4)."""

    sides: dict[str, SideSplits] = field(default_factory=dict)
    outcomes: OutcomeClasses | None = None
    count_only: bool = False

    @property
    def count(self) -> dict[str, int | None]:
        """Each side's number of legal splits (None: too many to count)."""
        return {side: ss.count for side, ss in self.sides.items()}

    def to_json(self) -> dict:
        return {**_head(self),
                "damage_step": self.board.damage_step, "sides": {s: v.to_json(self.count_only)
                                                                  for s, v in self.sides.items()},
                "outcomes": sorted(self.outcomes.outcomes), "outcome_reason": self.outcomes.explain(),
                "outcome_texts": _texts(self.combat, self.outcomes.outcomes), "unmodelled": self.unmodelled}


def _texts(scenario: Scenario, outcomes) -> dict[str, str]:
    """Each outcome class in words, at this battlefield (who controlled it, RB-RES-4, RB-RES-5)."""
    control = Control.of(scenario)
    return {o: control.text(o) for o in sorted(outcomes)}


def _control_json(control: Control, outcomes) -> dict:
    """Who controlled the battlefield as the combat began, and per outcome who controls it after, who gains control
    of it and who scores (RB-RES-4, RB-RES-5)."""
    from .damage.outcome import CONTROLLER_AFTER

    return {"before": control.before, "scored_this_turn": sorted(control.scored),
            "after": {o: {"controller": CONTROLLER_AFTER[o], "gains_control": control.gains(o),
                          "conquers": control.conquers(o), "scorer": control.scorer(o)} for o in sorted(outcomes)}}


def prefetch(verb: str, scenarios: list[Scenario]) -> None:
    """``Game.prefetch`` (``pycombat batch``): the boards of a chunk's scenarios, after their
    showdowns, answered together (:func:`.damage.splits.prefetch`); a scenario whose showdown fails is left
    to its verb, which reports it."""
    boards = []
    for scenario in scenarios:
        try:
            boards.append(play_showdown(scenario).board)
        except PycombatError:
            continue
    _prefetch(boards)


def enumerate(scenario: Scenario, *, limit: int | None = None, count: bool = False, max_list: int | None = None,
              side: str | None = None) -> EnumerateReport:
    """Each side's (or ``side``'s) legal damage splits: all of them (at most ``max_list``), the first
    ``limit``, or with ``count`` only their number."""
    showdown = play_showdown(scenario)
    board = showdown.board
    stated_splits(scenario, board)  # the file's `splits:`, checked as every verb checks them (judged below)
    max_list = max_list or DEFAULT_MAX_LIST
    out: dict[str, SideSplits] = {}
    for s in ([side] if side else list(SIDES)):
        view = LegalSplits(board, s)
        try:
            n = view.count()
        except TooLargeError as exc:
            if count or not limit:
                raise TooLargeError(f"{exc}; use --limit N to list the first N") from None
            listed = list(itertools.islice(view, limit))
            n, truncated = None, True
        else:
            listed, truncated = [], False
            if not count:
                if limit is None and n > max_list:
                    raise TooLargeError(f"the {s} has {n:,} legal splits: too many to list (the limit is "
                                        f"{max_list:,}). Use --count for the number, --limit N for the first N, or "
                                        f"--max-list {n} to list them all.")
                if n <= max_list and (not limit or n <= SORTED_LIMIT):
                    # all of them, in a stable order: most damage on the first units first
                    listed = sorted(view, key=_sort_key(view))[: limit or None]
                else:  # --limit N of a large set: the first N the solver streams (not all of them, sorted)
                    listed = list(itertools.islice(view, limit))
                truncated = n > len(listed)
        out[s] = SideSplits(side=s, player=scenario.side(s).player, derived=view.derived,
                            representation=view.representation, count=n, splits=listed,
                            kills=[kills(board, s, view.as_vector(sp)) for sp in listed], truncated=truncated,
                            judge=judge_json(board, s, scenario.splits.get(s)))
    return EnumerateReport(**_base(scenario, "enumerate"), **_combat(scenario, showdown), sides=out,
                           outcomes=outcome_classes(board), count_only=count)


def _sort_key(view: LegalSplits) -> Callable[[Split], tuple]:
    rank = {n: i for i, n in builtins.enumerate(view.derived.receivers(view.side))}
    if view.representation == "sequence":
        return lambda sp: tuple((rank.get(u, 99), -a) for u, a in sp.steps)
    names = list(rank)
    return lambda sp: tuple(-sp.get(n) for n in names)


# ---- odds ------------------------------------------------------------------------------------------
@dataclass
class OddsReport(_Combat):
    """The board after both splits land and the cleanup: deterministic (no dice in Riftbound combat)."""

    result: Resolution | None = None  #: the splits dealt, the deaths, the outcome, the steps with rule ids
    outcomes: OutcomeClasses | None = None  #: the outcomes over every pair of legal splits (RB-MODEL-4)
    death_share: dict[str, Fraction] = field(default_factory=dict)  #: unit -> share of enemy splits killing it
    kills: dict[str, Dist] = field(default_factory=dict)  #: side -> units its split kills, over its splits
    plot: str | None = None  #: the PNG the kill counts were drawn to

    def to_json(self) -> dict:
        r = self.result
        return {
            **_head(self),
            "splits": {s: {**sp.as_json(), "chosen": r.chosen[s]} for s, sp in r.splits.items()},
            "dealt": dict(r.dealt), "died": list(r.died), "survivors": {s: list(v) for s, v in r.survivors.items()},
            "replaced_deaths": {n: r.board.unit(n).death_replacement[0][0] for n in r.replaced},
            "outcome": r.outcome, "outcome_text": r.text, "scores": r.scores, "scorer": r.scorer,
            "control": _control_json(r.control, [r.outcome]),
            "probability": as_json(Fraction(1)), "outcomes_over_all_legal_splits": sorted(self.outcomes.outcomes),
            "outcome_texts": _texts(self.combat, self.outcomes.outcomes),
            "outcome_reason": self.outcomes.explain(), "unmodelled": self.unmodelled,
            "death_share": {n: as_json(p) for n, p in self.death_share.items()},
            "steps": [{"text": ln.text, "rules": list(ln.rules)} for ln in r.lines]}


def odds(scenario: Scenario, *, plot: str | None = None) -> OddsReport:
    """The scenario's splits (else each side's best) dealt, step by step; with ``plot`` the share of
    each side's legal splits by the number of units they kill is drawn to that PNG."""
    r = resolve(scenario)
    board = r.board
    shares: dict[str, Fraction] = {}
    kills_dist: dict[str, Dist] = {}
    for side in SIDES:
        if not board.damage_step:
            continue
        kcs = kill_classes(board, side)
        total = sum(c.count for c in kcs)
        spared = {u.name for u in board.side(other(side)) if u.death_replacement}  # RB-CARD-12: not killed
        for u in board.side(other(side)):
            shares[u.name] = Fraction(sum(c.count for c in kcs if u.name in c.killed and u.name not in spared), total)
        kills_dist[side] = Dist((len(set(c.killed) - spared), Fraction(c.count, total)) for c in kcs)
    if plot:
        from ...plot import plot_distributions  # matplotlib, only when drawing

        # (a count over splits, no dice, RB-MODEL-7: the bars are shares of legal splits, never probabilities)
        plot_distributions({f"{scenario.side(s).player} ({s}): units its split kills": kills_dist[s]
                            for s in kills_dist}, plot,
                           title=(scenario.title or "Riftbound combat") + " (share of legal splits)",
                           xlabel="enemy units killed", ylabel="share of legal splits")
    return OddsReport(**_base(scenario, "odds"), combat=scenario, board=board,
                      unmodelled=_combat(scenario, play_showdown(scenario))["unmodelled"], result=r,
                      outcomes=outcome_classes(board), death_share=shares, kills=kills_dist, plot=plot)


# ---- optimize / tree -------------------------------------------------------------------------------
def _objective(scenario: Scenario, board: Board, objective: str | None, character: str | None,
               protect: list[str] | None) -> Objective:
    """The damage step's objective; with both hands (the showdown played as a game) ``conquer`` is the caller's."""
    hands = bool(getattr(scenario, "hands", None))
    conquer = hands and objective == "conquer"
    return objective_from(None if conquer else objective, list(protect or []) + ([character] if character else []),
                          scenario, board, hands=hands)


@dataclass
class OptimizeReport(_Combat):
    """Each side's best split (RB-MODEL-7) and the joint game, solved exactly."""

    objective: Objective | None = None
    optimum: Optimized | None = None  #: the best splits, the solved joint game, its value and principal line
    killed: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  #: (by the Attacker, by the Defender) on that line
    alternatives: list = field(default_factory=list)  #: the Attacker's choices with their values, best first
    top: int = 10  #: options shown per decision in the text (the JSON has them all)
    #: the assignment rules the joint value turns on: taken away, the value changes (:func:`.claims.value_rules`)
    value_rules: list[str] = field(default_factory=list)

    def joint_options(self) -> list[Option]:
        """The Attacker's choices at the joint game's root, each with its value (the Defender replying at
        his best) and how much worse it is than the best, best first."""
        alts = self.alternatives
        chosen = next((k for k, a in builtins.enumerate(alts) if a.best), None)
        return rank([(a.label, a.value[0]) for a in alts], True, chosen=chosen)

    def to_json(self) -> dict:
        opt, game = self.optimum, self.optimum.game
        stats = opt.tree.stats()
        return {
            **_head(self), "objective": self.objective.name,
            "unmodelled": self.unmodelled,
            "protect": list(self.objective.protect),
            "sides": {s: {"best": [sp.as_json() for sp in b.splits], "kills": list(b.killed),
                          "score": format_fraction(game.score(s, b.killed)), "legal_splits": b.legal,
                          "kill_classes": [{"kills": list(c.killed), "splits": c.count,
                                            "example": c.splits[0].as_json(),
                                            "score": format_fraction(game.score(s, c.killed)),
                                            "difference": format_fraction(game.score(s, b.classes[0].killed)
                                                                          - game.score(s, c.killed))}
                                           for c in b.classes]}
                      for s, b in opt.sides.items()},
            "joint": {"value": format_fraction(opt.value), "value_rules": list(self.value_rules),
                      "line": [st.action for st in opt.line if st.action],
                      "killed": {"by_attacker": list(self.killed[0]), "by_defender": list(self.killed[1])},
                      "outcome": _final_state(opt).outcome(),
                      "outcome_text": Control.of(self.combat).text(_final_state(opt).outcome()),
                      "alternatives": [o.json() for o in self.joint_options()],
                      "tree": {"nodes": stats.nodes, "edges": stats.edges}},
            "outcomes_over_all_legal_splits": sorted(opt.classes.outcomes),
            "outcome_texts": _texts(self.combat, opt.classes.outcomes),
            "outcome_reason": opt.classes.explain(), "seconds": round(opt.seconds, 3)}


@dataclass
class PlayReport(_Combat):
    """The showdown played from both hands and the damage step, as one game solved exactly
    (:mod:`.play`): the value, the line of best play, every option of each decision on it."""

    objective: Objective | None = None
    solution: Any = None  #: :class:`.play.solve.PlaySolution`
    top: int = 10  #: options shown per decision in the text (the JSON has them all)

    def to_json(self) -> dict:
        sol = self.solution
        who = {0: "attacker", 1: "defender"}
        return {
            **_head(self), "objective": sol.objective, "protect": list(self.objective.protect),
            "hands": {s: [c.name for c in self.combat.hands[s]] for s in SIDES},
            "value": format_fraction(sol.value), "value_for": "attacker",
            # RB-CARD-8: the value when a side cannot pay its cards' additional costs that are no Energy or runes
            "value_if_unpaid": {s: format_fraction(v) for s, v in sol.if_unpaid.items()},
            "line": [{"phase": ph, "action": a} for ph, a in sol.line],
            "triggers_stated": [{"by": t.side, **t.entry(), "label": t.label()} for t in sol.triggers],
            "responses_resolved": [dict(e) for e in sol.responses],
            "plays_resolved": [{**d, "label": e.label()} for e, d in zip(sol.resolved, sol.entries)],
            "decisions": [{"phase": ph, **d.json(lambda p: who[p])} for ph, d in sol.decisions],
            "outcome": sol.outcome, "outcome_text": Control.of(self.combat).text(sol.outcome), "killed": {"by_attacker": list(sol.killed[0]), "by_defender": list(sol.killed[1])},
            "damage_step": sol.showdown.board.damage_step,  # RB-DMG-1: on the line of best play
            "lost_in_showdown": {s: list(sol.lost.get(s, ())) for s in SIDES}, "scale": sol.scale,
            "states": sol.nodes, "estimated_states": sol.estimate, "showdown_steps": sol.reads,
            "unmodelled": sol.unmodelled}


def optimize(scenario: Scenario, *, objective: str | None = None, character: str | None = None,
             protect: list[str] | None = None, max_nodes: int = 2_000_000, top: int = 10,
             progress: Callable[[int], object] | None = None) -> OptimizeReport | PlayReport:
    """Each side's best splits under ``objective`` (default: the ``best_split_objective`` flag),
    sparing ``protect`` (and ``character``) first, and the joint game solved exactly. With ``hand:``,
    the showdown from both hands is played as a game first (:mod:`.play`); ``objective`` may then also
    be ``conquer``; ``top``: options shown per decision; ``max_nodes``: the joint tree's nodes, or with hands the
    budget of the game's search (a state searched counts :data:`.play.solve.NODES_PER_STATE` nodes)."""
    if getattr(scenario, "hands", None):
        return _play_optimize(scenario, objective, character, protect, max_nodes, top)
    showdown = play_showdown(scenario)
    board = showdown.board
    stated_splits(scenario, board)  # the file's `splits:`, checked as every verb checks them
    obj = _objective(scenario, board, objective, character, protect)
    opt = _optimize(board, obj, max_nodes=max_nodes, progress=progress, control=Control.of(scenario))
    return OptimizeReport(**_base(scenario, "optimize"), **_combat(scenario, showdown), objective=obj, optimum=opt,
                          killed=_final_killed(opt), alternatives=list(root_alternatives(opt)), top=top,
                          value_rules=_claims.value_rules(board, opt.game.score, opt.value))


def _play_optimize(scenario, objective: str | None, character: str | None, protect: list[str] | None,
                   max_nodes: int, top: int) -> PlayReport:
    from .play.solve import solve as _solve_play

    showdown = play_showdown(scenario)
    stated_splits(scenario, showdown.board)  # the file's `splits:`, checked on its own showdown as every verb does
    conquer = objective == "conquer"
    obj = _objective(scenario, showdown.board, objective, character, protect)
    sol = _solve_play(scenario, obj, conquer=conquer, max_nodes=max_nodes)
    return PlayReport(**_base(scenario, "optimize"), combat=scenario, board=sol.showdown.board,
                      unmodelled=sol.unmodelled, objective=obj, solution=sol, top=top)


def _hands_game_unmodelled(scenario: Scenario, obj, conquer: bool, max_nodes: int) -> list[dict]:
    """What the whole showdown game from both hands does not weigh: the list ``optimize`` names for the same game (one
    answer), found by solving it (within ``max_nodes``); a game too large to solve here is said to be so."""
    from .play.solve import solve as _solve_play

    try:
        return _solve_play(scenario, obj, conquer=conquer, max_nodes=max_nodes).unmodelled
    except TooLargeError:
        return [{"card": "showdown", "what": "what the game from both hands does not weigh",
                 "why": "not listed: the game is too large to solve within --max-nodes (optimize names it when it "
                        "solves it)"}]


def _combat(scenario: Scenario, showdown: Showdown) -> dict:
    """The fields every Riftbound report shows first: the scenario, the board, what is not modelled."""
    unmodelled = showdown.unmodelled_json() + hands_unmodelled(scenario)  # (only optimize and tree play the hands)
    return {"combat": scenario, "board": showdown.board, "unmodelled": unmodelled}


def _final_state(opt: Optimized):
    """The end state of the line of best play."""
    st = opt.game.new_initial_state()
    for step in opt.line:
        if step.action is None:
            break
        node = opt.tree.node(step.node)
        st = st.child(node["best_action"])
    return st


def _final_killed(opt: Optimized):
    return _final_state(opt).killed()


@dataclass
class TreeReport(Report):
    """The joint game tree written to a file."""

    output: str = ""
    stats: Any = None  #: the tree's node and edge counts
    depth: int | None = None  #: only the first ``depth`` plies (then not solved)
    unmodelled: list[dict] = field(default_factory=list)  #: what the tree's game does not interpret
    value: Fraction | None = None  #: the root's value for the Attacker, where known
    objective: str | None = None  #: the objective the tree is solved for

    def to_json(self) -> dict:
        return {**_head(self), "output": self.output, "tree": str(self.stats),
                "nodes": self.stats.nodes, "edges": self.stats.edges, "depth": self.depth,
                "solved": self.depth is None, "objective": self.objective,
                "value": as_json(self.value) if self.value is not None else None, "unmodelled": self.unmodelled}


def tree(scenario: Scenario, *, output: str, depth: int | None = None, objective: str | None = None,
         character: str | None = None, protect: list[str] | None = None, max_nodes: int = 2_000_000,
         progress: Callable[[int], object] | None = None) -> TreeReport:
    """The joint game tree (the Attacker's split, then the Defender's) written to ``output``: GraphML,
    DOT or PNG by its extension; with ``depth`` only the first plies (each node valued when the joint game is solved
    whole within ``max_nodes``; a game from hands is not solved there: each node is marked ``solved=false``)."""
    out = export_path(output)
    if getattr(scenario, "hands", None):  # the showdown from both hands, then the damage step (.play)
        from .play.entries import Lines
        from .play.game import ShowdownGame
        from .play.triggers import initial_state

        from .play.solve import check_size, states_allowed, unmodelled_unsolved

        conquer = objective == "conquer"
        showdown = play_showdown(scenario)
        board = showdown.board
        stated_splits(scenario, board)  # the file's `splits:`, checked on its own showdown as every verb does
        obj = _objective(scenario, board, objective, character, protect)
        game = ShowdownGame(Lines(scenario), dict(scenario.hands), obj, conquer)
        if depth is None:  # the whole game: refused before it is built when its estimate passes the budget
            check_size(scenario, game, max_nodes, built=True)
        # (a state of the game from hands counts NODES_PER_STATE nodes, as optimize counts it)
        # a depth tree of the game from hands is not solved: each node is marked solved=false
        stats, value = export(initial_state(game)[0], out, depth=depth, max_nodes=states_allowed(max_nodes),
                              progress=progress, player_names=("attacker", "defender"),
                              value_of=None if depth is None else (lambda state: None))
        # the first plies only: what the plies built do not weigh, the game not solved (a depth-limited tree costs
        # its plies); the whole game: optimize's list for it
        unmodelled = (unmodelled_unsolved(scenario, game) if depth is not None
                      else _hands_game_unmodelled(scenario, obj, conquer, max_nodes))
        return TreeReport(**_base(scenario, "tree"), output=str(out), stats=stats, depth=depth, unmodelled=unmodelled,
                          value=None if value is None else value[0], objective=obj.name if not conquer else "conquer")
    showdown = play_showdown(scenario)
    board = showdown.board
    stated_splits(scenario, board)  # the file's `splits:`, checked as every verb checks them
    obj = _objective(scenario, board, objective, character, protect)
    game = JointGame(board, obj, control=Control.of(scenario))
    root = game.new_initial_state()
    stats, value = export(root, out, depth=depth, max_nodes=max_nodes, progress=progress,
                          player_names=("attacker", "defender"),
                          value_of=None if depth is None else _joint_values(root, max_nodes))
    return TreeReport(**_base(scenario, "tree"), output=str(out), stats=stats, depth=depth,
                      unmodelled=_combat(scenario, showdown)["unmodelled"],
                      value=None if value is None else value[0], objective=obj.name)


def _joint_values(root, max_nodes: int) -> Callable:
    """The value of every state of a ``--depth`` tree of the joint game, solved whole (it is small: two
    plies of kill sets), or None for each (``solved=false``) when it passes ``max_nodes``."""
    from ...tree.search import solve_game

    try:
        return solve_game(root, max_nodes=max_nodes).value_of
    except TooLargeError:
        return lambda state: None


# ---- verify ------------------------------------------------------------------------------------------
def verify(scenario: Scenario) -> VerifyReport:
    """A verdict on each claim of the scenario's ``claims:``, with the rule ids that decide it and the
    flags whose other value flips it (:func:`pycombat.verdicts.verify_claims`)."""
    showdown = play_showdown(scenario)  # RB-CARD-4: what is not modelled is named first (then nothing is decided)
    claims = parse_claims(scenario.claims, _claims.book(), scenario) if scenario.claims else []
    # the file's `splits:`, checked as every verb checks them; an illegal one a claim judges ("this split is legal")
    # is that claim's answer, FALSE with the rules it breaks
    stated_splits(scenario, showdown.board, judged=_claims.stated_split_sides(scenario, claims))
    if not scenario.claims:
        raise ScenarioError("the scenario has no claims to verify", file=scenario.file, path="claims")
    unmodelled = showdown.unmodelled_json() + hands_unmodelled(scenario)
    return VerifyReport(**_base(scenario, "verify"), verdicts=_claims.verify(scenario, claims), detail=violation_text,
                        reading="another reading", lead=tuple(unmodelled_lines(unmodelled)),
                        extra={"unmodelled": unmodelled})
