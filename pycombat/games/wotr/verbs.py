"""War of the Ring's verbs: each computes its answer and returns a report object; nothing here prints
(the text is :mod:`.present`'s, the JSON each report's ``to_json()``).

Battle scenarios (attacker/defender/battle) take every verb; position scenarios (a ``position:``
and an ``action:``, ``kind == "position"``) take ``enumerate`` (every legal move of the die result)
and ``verify`` (claims on moves, dice and cards). Every verb first reads the scenario's claims, so
that a bad claim is one clear error whatever the verb.

>>> from pycombat.games.wotr import verbs
>>> from pycombat.games.wotr.schema import example_path, load_scenario
>>> s = load_scenario(example_path("ten_vs_ten.yaml"))
>>> r = verbs.enumerate(s, count=True)
>>> r.to_json()["count"], r.to_json()["counts"], r.to_json()["attack"]["legal"]
(205, {'compositions': 205, 'labeled': 32705}, True)
>>> verbs.odds(load_scenario(example_path("skirmish.yaml"))).to_json()["policies"]["regulars_first"]["total"]
{'exact': '1/1', 'decimal': 1.0}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from fractions import Fraction
from typing import Any, Callable

from ...collector import paused
from ...dice import as_json
from ...errors import PycombatError, ScenarioError, TooLargeError
from ...names import did_you_mean
from ...report import Report, VerifyReport, jsonable
from ...tree import export, export_path
from ...tree.state import DRAW_MAX_NODES
from ...tree.options import Option, rank
from .claims import battle as battle_claims
from .claims import position as move_claims
from .battle.process import KIND_ORDER, OBJECTIVES, Policy, battle_odds, exact_pair, objective_of
from .board import SIDE_NAMES, load_board
from .cards.optimize import choose_cards
from .cards.round_game import TOLERANCE
from .battle.game import BattleGame, RiderGame
from .position.facts import groups_of
from .position.moves import DEFAULT_MAX_LIST, count_moves, first_moves, force_of, legal_moves, single_army_moves, \
    single_figure_moves
from .battle.odds import ELIMINATED, battle_report, illegal
from .battle.budget import DEFAULT_MAX_WORK
from .battle.casualties import unit_count
from .battle.decisions import MIN_CHANCE, battle_decisions
from .battle.optimize import first_round_choices, principal_line, rider_choices, units_text
from .battle.optimize import optimize as solve_battle
from .position.scenario import DIE_LABEL, flags_not_applied, flags_not_applied_line
from .battle.replay import parse_rolls_text
from .battle.replay import replay as replay_battle
from .battle.odds_details import named_cards_applied, odds_extra_json, odds_extra_lines, refuse_named_cards_for_tree
from .unmodelled import lines as unmodelled_lines
from .unmodelled import scenario_unmodelled
from .battle.setup import battle_setup
from .battle.splits import LegalSplits, describe_force, judge_attack, prefetch_verdicts

#: the verbs a position scenario answers
POSITION_VERBS = ("enumerate", "verify")
#: what an Army's die result lets the player move (``enumerate`` and ``verify`` on positions)
RESULT_TEXT = {
    "army": "move up to two different Armies one region each (WOTR-DICE-2, WOTR-MOVE-1)",
    "character": "move one Army with a Leader or Character one region (WOTR-DICE-3, WOTR-MOVE-1), or {chars}",
    "card": "the Event card {card!r} moves one Army up to {n} (WOTR-MOVE-10)",
}
CHARS_TEXT = {"free_peoples": "the Companions outside the Fellowship, each up to its Level (WOTR-CHMOVE-2)",
              "shadow": "the Nazgûl anywhere and the Minions (WOTR-CHMOVE-7, WOTR-CHMOVE-9)"}


def _base(s: Any, verb: str, *, card_game: bool = False) -> dict:
    """The fields every WotR report starts from, ``unmodelled`` included (:func:`.unmodelled.scenario_unmodelled`;
    ``card_game``: ``optimize`` plays the Combat cards in hand)."""
    return {"game": "wotr", "verb": verb, "scenario": s.file, "title": s.title, "flags": dict(s.flags),
            "unmodelled": scenario_unmodelled(s, verb, card_game=card_game)}


@dataclass
class WotrReport(Report):
    """The base of the WotR reports but ``verify``'s (the shared :class:`pycombat.report.VerifyReport`, which
    carries the same list in its ``extra``): what the scenario holds that the answer does not interpret
    (``{card, what, why}``, :func:`.unmodelled.scenario_unmodelled`), which the JSON always has as
    ``unmodelled`` (a list, possibly empty) and the text prints as ``! not modelled:`` lines. A report
    gives its own JSON in :meth:`body`."""

    unmodelled: list[dict] = field(default_factory=list)

    def body(self) -> dict:
        raise NotImplementedError

    def to_json(self) -> dict:
        """The report's JSON: the fields every report carries (``game``, ``verb``, ``scenario``, ``title``,
        ``flags``: docs/api.md) first, then the report's own :meth:`body`, then ``unmodelled``."""
        out = self.head()
        out.update(self.body())
        out["unmodelled"] = [dict(u) for u in self.unmodelled]
        return out

    @property
    def unmodelled_lines(self) -> list[str]:
        return unmodelled_lines(self.unmodelled)


#: the verbs that judge the scenario's own attack first (:func:`.battle.splits.judge_attack`)
JUDGING_VERBS = ("odds", "replay", "optimize")


def prefetch(verb: str, scenarios: list) -> None:
    """``Game.prefetch`` (``pycombat batch``): the attacks of a chunk's battle scenarios judged together,
    from one grounding (:func:`.battle.splits.prefetch_verdicts`); each verb then finds its verdict
    remembered. Position scenarios and other verbs are left to the verb."""
    if verb in JUDGING_VERBS:
        prefetch_verdicts([s for s in scenarios if getattr(s, "kind", None) != "position"])


def answers(s: Any) -> tuple[str, ...] | None:
    """The verbs that answer scenario ``s``: a position's (:data:`POSITION_VERBS`), or None (every verb)."""
    return POSITION_VERBS if getattr(s, "kind", None) == "position" else None


def _start(s: Any, verb: str) -> None:
    """Read the claims (a bad one is an error for every verb) and refuse a verb a position does not take."""
    battle_claims.read(s)
    if getattr(s, "kind", None) == "position" and verb not in POSITION_VERBS:
        raise ScenarioError(f"a position scenario (position/action) answers `enumerate` (the legal moves of the "
                            f"die result) and `verify` (claims), not `{verb}`; `{verb}` needs a battle scenario "
                            "(attacker/defender/battle)", file=s.file)
    if getattr(s, "kind", None) != "position":
        from .cards.battle import refuse_unplayable

        refuse_unplayable(s)  # a named Combat card, or its choice, the battle does not allow: every verb refuses it


def _objective(objective: str | None) -> str:
    objective = objective or "win"
    if objective not in OBJECTIVES:
        raise PycombatError(f"--objective: for WotR one of {', '.join(OBJECTIVES)}, not {objective!r}"
                            f"{did_you_mean(objective, OBJECTIVES)}")
    return objective


def _side_json(n, idx: int) -> dict:
    return {"strength": n.strength[idx], "dice": n.dice[idx], "leadership": n.leadership[idx],
            "reroll_dice": n.reroll[idx]}


def split_json(sp) -> dict:
    """One legal rearguard split as JSON: the two parts and both sides' numbers."""

    return {"attacking": describe_force(sp.attacking), "rearguard": describe_force(sp.rearguard),
            "whole_army": sp.whole, "labeled_subsets": sp.labeled,
            "attacker": _side_json(sp.numbers, 0), "defender": _side_json(sp.numbers, 1)}


def numbers_json(verdict) -> dict:
    """The attacking part, the rearguard and both sides' numbers of an attack."""

    return {"attacking_part": describe_force(verdict.attacking), "rearguard": describe_force(verdict.rearguard),
            "attacker": _side_json(verdict.numbers, 0), "defender": _side_json(verdict.numbers, 1)}


# ---- enumerate (battles) -----------------------------------------------------------------------------------
@dataclass
class EnumerateReport(WotrReport):
    """Whether the attack is legal (with the rules that decide it) and every legal rearguard split."""

    battle: Any = None  #: the scenario (:class:`.model.Scenario`)
    attack: Any = None  #: :class:`.battle.splits.AttackVerdict` of the file's split
    counts: dict[str, int] = field(default_factory=dict)  #: ``compositions`` and ``labeled``
    notion: str = "compositions"  #: the flag ``split_count``: which count is ``count``
    splits: list = field(default_factory=list)  #: the splits listed (:class:`.battle.splits.Split`)
    listed: int = 0  #: how many were found before ``--limit``
    count_only: bool = False

    @property
    def count(self) -> int:
        return self.counts[self.notion]

    @property
    def truncated(self) -> bool:
        return len(self.splits) < self.listed

    def body(self) -> dict:
        v = self.attack
        return {"game": "wotr", "scenario": self.scenario, "title": self.title, "flags": dict(self.flags),
                "attack": {"legal": v.legal, "reasons": v.reasons(), "attacking": describe_force(v.attacking),
                           "rearguard": describe_force(v.rearguard)},
                "may_attack": self.counts["compositions"] > 0, "count": self.count, "counts": self.counts,
                "notion": self.notion, "counted": "splits",  # (what `count` counts)
                **({} if self.count_only else {"splits": [split_json(sp) for sp in self.splits],
                                               **({"truncated": True} if self.truncated else {})})}


# ---- enumerate (positions) ---------------------------------------------------------------------------------
@dataclass
class MovesReport(WotrReport):
    """Every legal move of a position's action die result: counted, grouped by mover, and listed."""

    position: Any = None  #: the scenario (:class:`.position.scenario.PositionScenario`)
    explanation: list[str] = field(default_factory=list)  #: what the die result allows, with rule ids
    counted: Any = None  #: :class:`.position.moves.MoveCount`
    one_army: list[dict] = field(default_factory=list)  #: per (from, to): the parts of the Army that may go
    destinations: dict[str, list[str]] = field(default_factory=dict)  #: per Character alone: its regions
    moves: list[list[dict]] = field(default_factory=list)  #: each move: its movements (from, to, figures)
    truncated: bool = False
    refused: str | None = None  #: why the moves are not listed (too many for --max-list)
    count_only: bool = False
    armies: dict = field(default_factory=dict, repr=False)  #: (from, to) -> the carried parts (for the text)
    whole: dict = field(default_factory=dict, repr=False)  #: from -> the whole Army there (group id -> count)
    groups: list = field(default_factory=list, repr=False)  #: the figure groups (:class:`.position.facts.MGroup`)
    singles: int = 0  #: moves of one Army alone
    dests: dict = field(default_factory=dict, repr=False)  #: group id -> region ids it may reach alone

    @property
    def count(self) -> int:
        return self.counted.total

    def body(self) -> dict:
        s, counted = self.position, self.counted
        out = {"game": "wotr", "kind": "position", "scenario": self.scenario, "title": self.title,
               "flags": dict(self.flags), "side": s.action.side, "die": s.action.die, "explanation": self.explanation,
               "count": {"total": counted.total, "armies": counted.armies, "characters": counted.characters},
               "counted": "moves",  # (what `count` counts)
               "one_army": self.one_army, "characters": [{"mover": who, "moves": n} for who, n in counted.movers],
               "destinations": self.destinations,
               "flags_not_applied": flags_not_applied(s)}  # (a battle's flags the file or --flag set)
        if counted.cannot_move:
            out["cannot_move"] = [{"figure": who, "reason": why, "rules": rules} for who, why, rules in counted.cannot_move]
        if not self.count_only:
            out["moves"] = self.moves
            if self.truncated:
                out["truncated"] = True
            if self.refused:
                out["refused"] = self.refused
        return out


def die_lines(s) -> list[str]:
    """What the position's die result (or card) lets the player do, with rule ids."""
    from .cards.events import action_card_play
    from .claims.words import detail_words

    a = s.action
    head = f"The {SIDE_NAMES[a.side]} player's {DIE_LABEL[a.die]} result"
    mouth = "mouth-of-sauron" in s.position.characters_in_play()
    if a.card is not None:
        regions = f"{a.card.moves} region{'' if a.card.moves == 1 else 's'}"
        lines = [f"{head}: " + RESULT_TEXT["card"].format(card=a.card.name, n=regions)]
        play = action_card_play(s)  # the one decision whether the card may be played (WOTR-EVT-8, WOTR-DICE-8)
        if play is not None and not play.holds:
            why = "; ".join(f"{v.rule}: {detail_words(v.detail)}" for v in play.verdict.violations)
            lines.append(f"{a.card.name} cannot be played ({why}): it moves nothing.")
        elif a.die == "muster" and a.card.type == "army":
            lines.append(f"{head} is used as an Army result: the Mouth of Sauron is in play (CH, once per turn), "
                         "and plays an Army card (WOTR-DICE-2, WOTR-DICE-8).")
        return lines
    res = a.results(mouth)
    if not res:
        why = {"muster": "a Muster result recruits, plays a Muster card or advances a Nation: it moves nothing "
                         "(WOTR-DICE-4)",
               "event": "an Event result draws or plays a card: it moves nothing without a card (WOTR-DICE-5)",
               "eye": "the Eye goes to the Hunt Box: it is no action (WOTR-DICE-1)"}.get(a.die, "it moves nothing")
        if a.die == "muster" and mouth:
            why += "; the Mouth of Sauron's Muster-as-Army is used this turn"
        return [f"{head}: {why}."]
    lines = []
    if a.die == "will_of_the_west":
        lines.append(f"{head} is changed to any other result (WOTR-DICE-6): as an Army or a Character result.")
    if a.die == "army_muster":
        lines.append(f"{head} is used as an Army result (WOTR-DICE-4).")
    if a.die == "muster" and res:
        lines.append(f"{head} is used as an Army result: the Mouth of Sauron is in play (CH, once per turn).")
    for r in res:
        lines.append(f"As {'an Army' if r == 'army' else 'a Character'} result: "
                     + RESULT_TEXT[r].format(chars=CHARS_TEXT[a.side]) + ".")
    return lines


def move_json(m, groups) -> list[dict]:
    """A move's movements: from, to and the figures carried."""

    board = load_board()
    by_id = {g.id: g for g in groups}
    return [{"from": board.regions[f].name, "to": board.regions[t].name,
             "figures": describe_force(force_of(carried, by_id))} for f, t, carried in m.steps()]


def _enumerate_moves(s, *, limit: int | None, count: bool, max_list: int | None) -> MovesReport:
    groups = groups_of(s)
    by_id = {g.id: g for g in groups}
    board = load_board()
    counted = count_moves(s, groups=groups)
    max_list = max_list or DEFAULT_MAX_LIST
    moves, truncated, refused = [], False, None
    if not count:
        if limit and counted.total > max_list:
            moves, truncated = first_moves(s, limit, groups=groups), True
        else:
            try:
                moves = legal_moves(s, max_list=max_list, groups=groups, count=counted.total)
            except TooLargeError as exc:
                refused = str(exc)
            if limit and len(moves) > limit:
                moves, truncated = moves[:limit], True
    singles = single_army_moves(s, groups) if counted.armies else []
    figures = single_figure_moves(s, groups) if counted.characters else []
    armies: dict[tuple[str, str], list] = {}
    for m in singles:
        (f, t, carried), = m.steps()
        armies.setdefault((f, t), []).append(carried)
    whole = {}
    for (f, _), parts in armies.items():
        whole[f] = {g.id: g.count for g in groups if g.region == f and g.side == s.action.side}
    dests: dict[int, list[str]] = {}
    for m in figures:
        (g, f, t, c), = m.moved
        dests.setdefault(g, []).append(t)
    return MovesReport(
        **_base(s, "enumerate"), position=s, explanation=die_lines(s), counted=counted,
        one_army=[{"from": board.regions[f].name, "to": board.regions[t].name, "parts": len(parts),
                   "whole_army": any(p == whole[f] for p in parts)} for (f, t), parts in armies.items()],
        destinations={by_id[g].label(1) + f" ({board.regions[by_id[g].region].name})":
                      [board.regions[t].name for t in ts] for g, ts in dests.items()},
        moves=[move_json(m, groups) for m in moves], truncated=truncated, refused=refused, count_only=count,
        armies=armies, whole=whole, groups=groups, singles=len(singles), dests=dests)


def enumerate(scenario, *, limit: int | None = None, count: bool = False,
              max_list: int | None = None) -> EnumerateReport | MovesReport:
    """Battles: whether the attack is legal and why, then every legal rearguard split (``count``: only
    how many); positions: every legal move of the die result. ``limit`` lists the first N,
    ``max_list`` refuses to list more than N without ``limit`` (default 100,000)."""
    _start(scenario, "enumerate")
    if scenario.kind == "position":
        return _enumerate_moves(scenario, limit=limit, count=count, max_list=max_list)
    s = scenario
    verdict = judge_attack(s)
    splits = LegalSplits(s)
    options = [] if count else splits.all(max_list=None if limit else (max_list or 100_000))
    counts = splits.counts() if count else {"compositions": len(options),
                                            "labeled": sum(sp.labeled for sp in options)}
    shown = options[:limit] if limit else options
    return EnumerateReport(**_base(s, "enumerate"), battle=s, attack=verdict, counts=counts,
                           notion=s.flags["split_count"], splits=shown, listed=len(options), count_only=count)


# ---- odds ----------------------------------------------------------------------------------------------
@dataclass
class OddsReport(WotrReport):
    """The exact outcome distribution of the battle, per casualty policy, with the survivors."""

    battle: Any = None  #: the scenario
    result: Any = None  #: :class:`.battle.odds.BattleReport`: verdict, setup, results per policy, Monte Carlo checks
    hit_numbers: tuple[int, int] = (0, 0)  #: round 1: the attacker's and the defender's
    seed: int = 1
    plot: str | None = None  #: the PNG drawn
    exact: bool = False  #: print every long fraction in full
    #: re-roll allowance, fates, politics, sieges, other Armies and named Combat cards
    #: (:func:`.battle.odds_details.odds_extra_json`)
    extra: dict = field(default_factory=dict)

    @property
    def extra_lines(self) -> list[str]:
        """The text lines of :attr:`extra` (:func:`.battle.odds_details.odds_extra_lines`), built when
        printed: what they share with the JSON is built once per report."""
        return odds_extra_lines(self.result)

    def body(self) -> dict:
        with paused():
            return self._json()

    def _json(self) -> dict:
        s, rep = self.battle, self.result
        out = {"game": "wotr", "scenario": self.scenario, "title": self.title, "flags": dict(self.flags),
               "kind": s.kind, "attacking": numbers_json(rep.verdict),
               "notes": [{"text": t, "rule": r} for t, r in rep.setup.notes], "policies": {}}
        out.update(self.extra)
        for pol, res in rep.results.items():
            out["policies"][pol] = _result_json(res)
            if pol in rep.monte_carlo:
                sim, checks, secs = rep.monte_carlo[pol]
                out["policies"][pol]["monte_carlo"] = {
                    "trials": sim.trials, "seed": self.seed,
                    "checks": [{"outcome": c.what, "probability": as_json(Fraction(c.exact)), "estimate": c.estimate,
                                "z": round(c.z, 3),
                                "within": c.within} for c in checks]}
        if self.plot:
            out["plot"] = self.plot
        return out


def _result_json(res) -> dict:
    """One policy's outcome distribution as JSON: new dicts every time, from figures rendered once
    per result (:func:`_rendered`)."""
    r = res.derived("json", lambda: _rendered(res))

    def j(x):
        return {"exact": x[0], "decimal": x[1]}

    return {"outcomes": {k: j(x) for k, x in r["outcomes"]}, "expected_rounds": j(r["expected_rounds"]),
            "attacker_units_left": {k: j(x) for k, x in r["attacker_units_left"]},
            "defender_units_left": {k: j(x) for k, x in r["defender_units_left"]},
            "expected_units_left": {k: j(x) for k, x in r["expected_units_left"]},
            "detail": [{"kind": kind, "attacker": [list(u) for u in a], "defender": [list(u) for u in d], "p": j(x)}
                       for kind, a, d, x in r["detail"]],
            "total": j(r["total"]), "states": res.states,
            "army_eliminated": {k: j(x) for k, x in r["army_eliminated"]}}


def _rendered(res) -> dict:
    """The exact figures of a :class:`.battle.process.BattleResult` as :func:`pycombat.dice.as_json` writes
    them (``exact``, ``decimal``), rendered from the result's integer numerators over one denominator
    (:func:`.battle.process.exact_pair`: the same text as ``as_json`` of the reduced Fraction)."""
    den, nums = res.numerators()
    kinds = dict.fromkeys(KIND_ORDER, 0)
    left_a: dict = {}
    left_d: dict = {}
    exp_a = exp_d = 0
    detail = []
    for (o, n), p in zip(nums, res.outcomes.values()):  # (the numerators come in the outcomes' order)
        kinds[o.kind] += n
        ua, ud = unit_count(o.attacker), unit_count(o.defender)
        left_a[ua] = left_a.get(ua, 0) + n
        left_d[ud] = left_d.get(ud, 0) + n
        exp_a += ua * n
        exp_d += ud * n
        pn, pd = p.numerator, p.denominator  # (the Fraction is reduced already)
        detail.append((o.kind, o.attacker, o.defender, (f"{pn}/{pd}", round(pn / pd, 6))))
    by_kind = tuple((k, exact_pair(n, den)) for k, n in kinds.items() if n)
    gone = {role: sum(kinds[k] for k in ELIMINATED[role]) for role in ("attacker", "defender")}
    rn, rd = res.expected_rounds.numerator, res.expected_rounds.denominator
    return {"outcomes": by_kind, "expected_rounds": (f"{rn}/{rd}", round(rn / rd, 6)),
            "attacker_units_left": tuple((str(k), exact_pair(left_a[k], den)) for k in sorted(left_a) if left_a[k]),
            "defender_units_left": tuple((str(k), exact_pair(left_d[k], den)) for k in sorted(left_d) if left_d[k]),
            "expected_units_left": (("attacker", exact_pair(exp_a, den)), ("defender", exact_pair(exp_d, den))),
            "detail": tuple(detail),
            "total": exact_pair(sum(n for _, n in nums), den),
            "army_eliminated": tuple((role, exact_pair(gone[role], den)) for role in ("attacker", "defender"))}


def odds(scenario, *, plot: str | None = None, monte_carlo: int = 0, seed: int = 1, exact: bool = False) -> OddsReport:
    """The exact odds of the battle fought to the end under the flags' policies; ``monte_carlo``
    random battles (seeded) compared with them; ``plot`` draws the outcomes to a PNG."""
    _start(scenario, "odds")
    with paused():  # (the battle's exact passes and their details: pycombat.collector)
        rep = battle_report(scenario, monte_carlo=monte_carlo, seed=seed, max_states=2_000_000)
        extra = odds_extra_json(rep)
    if plot:
        from .battle.plot import plot_battle  # matplotlib: loaded only to draw

        plot_battle(rep, plot)
    hits = (rep.setup.params("attacker", rep.setup.start[0], 1).hit,
            rep.setup.params("defender", rep.setup.start[2], 1).hit)
    return OddsReport(**_base(scenario, "odds"), battle=scenario, result=rep, hit_numbers=hits, seed=seed, plot=plot,
                      exact=exact, extra=extra)


# ---- optimize ------------------------------------------------------------------------------------------
def split_label(split) -> str:
    """A rearguard split as the text names it: the attacking part, then the whole Army or the rearguard."""
    rear = "whole Army" if split.whole else f"rearguard {describe_force(split.rearguard)}"
    return f"{describe_force(split.attacking)} ({rear})"


@dataclass
class OptimizeReport(WotrReport):
    """The best rearguard split and the optimal play of both sides (or one), solved exactly."""

    battle: Any = None  #: the scenario
    result: Any = None  #: :class:`.battle.optimize.Optimized`: every split ranked, the best one's outcome
    objective: str = "win"
    decide: str = "both"
    top: int = 10  #: how many of the best splits, and of each decision's options, the text shows
    #: the Combat cards to play from the hands, round by round (:class:`.cards.optimize.CardChoice`)
    cards: Any = None
    #: named Combat cards the card game applies (``{card, role, round, applied, rule}``, when a side holds a hand)
    named_cards: list[dict] = field(default_factory=list)
    #: every decision the optimal play reaches, every option valued (:class:`.battle.decisions.BattleDecisions`)
    decisions: Any = None
    #: with hands: the card game's battle with no Combat card played, its other decisions made by the card
    #: game's rules (:meth:`.cards.optimize.CardChoice.rules_json`): the value printed beside the card game's
    without_cards: Fraction | None = None

    @property
    def value(self) -> Fraction:
        return self.result.best.value

    @property
    def cards_split(self):
        """The attacking part the card game fights (the scenario's own attack)."""
        return judge_attack(self.battle).attacking

    def split_options(self) -> list[Option]:
        """Every legal split (the attacker's first choice) with its value under optimal play and how much
        worse it is than the best, best first (the whole Army first among equals)."""
        return rank([(split_label(e.split), e.value) for e in self.result.ranked], True, chosen=0)

    @property
    def file_split(self):
        """The solved split the file names with its ``rearguard:`` (one of the legal splits, all of which
        optimize solves, WOTR-SPLIT-1), or None when the file names none or its split is not legal."""
        if self.battle.attacker.rearguard is None:
            return None
        own = describe_force(self.cards_split)
        return next((e for e in self.result.ranked if describe_force(e.split.attacking) == own), None)

    def body(self) -> dict:
        res = self.result
        best = res.best
        return {
            **({"combat_cards": self.cards.json()} if self.cards else {}),
            **({"named_cards": self.named_cards} if self.named_cards else {}),
            **({"value_without_cards": {"value": as_json(self.without_cards), "battle_rules": self.cards.rules_json(),
                                        "attacking": describe_force(self.cards_split)}}
               if self.cards is not None and self.without_cards is not None else {}),
            "game": "wotr", "scenario": self.scenario, "objective": self.objective, "decide": self.decide,
            "value": as_json(best.value), "white_rider": best.white_rider,
            "best_split": {"attacking": describe_force(best.split.attacking),
                           "rearguard": describe_force(best.split.rearguard)},
            **({"default_split_not_legal": res.default_split} if res.default_split is not None else {}),
            **({"file_split": {"attacking": describe_force(self.file_split.split.attacking),
                               "rearguard": describe_force(self.file_split.split.rearguard),
                               "value": as_json(self.file_split.value),
                               "difference": as_json(best.value - self.file_split.value)}}
               if self.file_split is not None else {}),
            "splits": [{"attacking": describe_force(e.split.attacking), "rearguard": describe_force(e.split.rearguard),
                        "value": as_json(e.value), "difference": as_json(best.value - e.value)} for e in res.ranked],
            "outcomes": {k: as_json(v) for k, v in best.result.by_kind().items()},
            "expected_rounds": as_json(best.result.expected_rounds),
            "fixed_policies": {k: as_json(v) for k, v in res.fixed.items()},
            "first_round_choices": first_round_choices(res), "principal_line": principal_line(res),
            **({"decisions": self.decisions.json()} if self.decisions is not None else {}),
            "states": res.states, "work": {"positions": res.work, "estimate": res.estimate, "games": res.games},
            "seconds": round(res.seconds, 3)}


def optimize(scenario, *, objective: str | None = None, decide: str = "both", top: int = 10,
             max_nodes: int = 2_000_000, min_chance: Fraction = MIN_CHANCE, max_work: int = DEFAULT_MAX_WORK,
             progress: Callable[[int], Any] | None = None, tolerance: Fraction = TOLERANCE) -> OptimizeReport:
    """Every legal split solved exactly, both sides (or ``decide``'s side) playing optimally for
    ``objective`` (default win), and every option of each of their decisions the optimal play
    reaches with chance at least ``min_chance``, valued exactly; ``top`` options per decision (and
    splits) in the text, all in the JSON; ``max_nodes`` caps the battle states, ``max_work`` the positions
    valued (a battle estimated above it is refused before solving, :mod:`.battle.budget`). (``progress`` is
    accepted for the contract; the battle solver reports no node counts.)"""
    _start(scenario, "optimize")
    objective = _objective(objective)
    res = solve_battle(scenario, objective, decide=decide, max_states=max_nodes, max_work=max_work)
    best = res.best
    setup = best.solver.setup
    decisions = battle_decisions(best.solver, best.start, scenario, min_chance=min_chance,
                                 units=lambda role, units: units_text(setup, role, units))
    cards = choose_cards(scenario, objective, decide=decide,  # Combat cards in hand: which to play, round by round
                         tolerance=tolerance)
    # (the unmodelled parts: of the cards the card game plays, or, when no side holds a hand, the named
    # Combat cards, whose play the optimal play then solves without them)
    return OptimizeReport(**_base(scenario, "optimize", card_game=cards is not None), battle=scenario, result=res,
                          objective=objective, decide=decide, top=top, cards=cards,
                          named_cards=named_cards_applied(scenario) if cards is not None else [], decisions=decisions,
                          without_cards=None if cards is None else value_without_cards(scenario, cards, objective, res))


def value_without_cards(s, cards, objective: str, res) -> Fraction:
    """The value of the card game's battle (the scenario's attack, Gandalf's White Rider as the card game
    chose it) with no Combat card played and every other decision made by the card game's own rules: by
    the players (WOTR-CAS-12) as in the optimal play without cards, or by the flags' policy
    (:attr:`.cards.optimize.CardChoice.battle_policy`); so the two values printed together differ only by
    the cards."""
    attacking = judge_attack(s).attacking
    if cards.battle_policy is None:  # the players choose: the optimal play of that split without cards
        return next((e.value for e in res.ranked if e.split.attacking == attacking), res.best.value)
    fought = s if cards.white_rider is None else dc_replace(s, white_rider=cards.white_rider)
    setup = battle_setup(fought, attacking)
    odds = battle_odds(setup, Policy.from_flags(s.flags, cards.battle_policy["casualty_policy"]))
    return odds.outcomes.expectation(lambda o: objective_of(setup, objective, setup.start, o))


# ---- replay --------------------------------------------------------------------------------------------
@dataclass
class ReplayReport(WotrReport):
    """A battle resolved with given dice, narrated round by round (:class:`.battle.replay.Replay`)."""

    replay: Any = None  #: :class:`.battle.replay.Replay`: the rounds, the fates and the result
    battle: Any = None  #: the scenario (the header: the battle and both Armies)
    attack: Any = None  #: :class:`.battle.splits.AttackVerdict` of the attack replayed

    def body(self) -> dict:
        return self.replay.json()

    def lines(self) -> list[str]:
        return self.replay.lines()


def replay(scenario, *, rolls: str | None = None) -> ReplayReport:
    """Resolve the battle with the file's ``rolls:`` (or ``rolls``: the same list as YAML or JSON
    text, ``--rolls``), narrated round by round with the rule ids; a wrong number of dice is one
    clear error naming the field."""
    _start(scenario, "replay")
    r = (replay_battle(scenario) if rolls is None
         else replay_battle(scenario, parse_rolls_text(rolls), origin="--rolls"))
    from .battle.splits import judge_attack

    return ReplayReport(**_base(scenario, "replay"), replay=r, battle=scenario, attack=judge_attack(scenario))


# ---- verify --------------------------------------------------------------------------------------------
def verify(scenario) -> VerifyReport:
    """Each claim's verdict with the rules that decide it, and the flags whose other value flips it."""
    claims = battle_claims.read(scenario)
    if not claims:
        raise ScenarioError("the scenario has no claims to verify", file=scenario.file, path="claims")
    base = _base(scenario, "verify")
    missing = base.pop("unmodelled")  # (a claim it could change is not decided)
    if scenario.kind == "position":
        verdicts = move_claims.verify(scenario, claims)
        for v in verdicts:  # what a claim is not decided on (a card's recruit) is named with the scenario's too
            missing += [u for u in v.unmodelled if u not in missing]
        not_applied = flags_not_applied_line(scenario)  # (a battle's flags: never listed as in force)
        return VerifyReport(**base, verdicts=verdicts, extra={"kind": "position", "unmodelled": missing,
                                                              "flags_not_applied": flags_not_applied(scenario)},
                            lead=tuple(die_lines(scenario)) + ((not_applied,) if not_applied else ())
                            + tuple(unmodelled_lines(missing)), sources=False)
    return VerifyReport(**base, verdicts=battle_claims.verify(scenario, claims),
                        extra={"unmodelled": missing}, lead=tuple(unmodelled_lines(missing)))


# ---- tree ----------------------------------------------------------------------------------------------
@dataclass
class TreeReport(WotrReport):
    """The battle's game tree, written to a file (GraphML, DOT or PNG), and its value when solved."""

    output: str = ""
    stats: Any = None  #: :class:`pycombat.tree.TreeStats`: nodes, edges, depth of the tree written
    objective: str = "win"
    depth: int | None = None  #: only the first N plies (not solved then)
    value: Fraction | None = None  #: the attacker's value for the objective (a whole tree only)

    def body(self) -> dict:
        return {"game": "wotr", "verb": "tree", "scenario": self.scenario, "title": self.title,
                "flags": dict(self.flags), "output": self.output, "stats": jsonable(self.stats),
                "objective": self.objective, "depth": self.depth,
                "value": as_json(self.value) if self.value is not None else None}


#: the most nodes a tree refusal builds to find the ``--depth`` it offers (about a second)
DEPTH_PROBE_NODES = 20_000


def _tree_work(games: list[BattleGame]) -> list[tuple[int, int, int]]:
    """Per battle of ``games``: the states a round can start from, the estimated nodes of its whole tree
    (:func:`.battle.budget.round_work`) and the rounds counted."""
    from .battle.budget import round_work

    works = []
    for game in games:
        setup = game.setup
        rounds = setup.saturation or setup.max_rounds or 1
        works.append((*round_work(setup, rounds), min(rounds, setup.max_rounds or rounds)))
    return works


def _depth_values(games: list[BattleGame], root, max_nodes: int) -> Callable[[Any], Any]:
    """The value of every state of a ``--depth`` tree when the whole game fits in ``max_nodes`` (solved
    once, without a graph: :func:`pycombat.tree.search.solve_game`), else None for each (``solved=false``)."""
    from ...tree.search import solve_game

    if sum(n for _, n, _ in _tree_work(games)) <= max_nodes:
        try:
            return solve_game(root, max_nodes=max_nodes).value_of
        except TooLargeError:
            pass
    return lambda state: None


def _refuse_large_tree(scenario, games: list[BattleGame], root, max_nodes: int) -> None:
    """A whole tree estimated over ``--max-nodes`` is refused before it is built: the battle states a
    round can start from times the rounds times a round's hit outcomes (each outcome at least one node,
    :func:`.battle.budget.round_work`), summed over the battles of the White Rider choices (``games``),
    with the ``--depth`` whose first plies (from ``root``) fit in :data:`DEPTH_PROBE_NODES` nodes."""
    from ...tree.build import build_tree

    works = _tree_work(games)
    nodes = sum(n for _, n, _ in works)
    if nodes <= max_nodes:
        return
    fits = None
    for d in range(1, 64):
        try:
            fits = (d, len(build_tree(root, max_nodes=min(max_nodes, DEPTH_PROBE_NODES) + 1, max_depth=d)))
        except TooLargeError:
            break
    hint = f"use --depth {fits[0]} (its first plies: {fits[1]:,} nodes)" if fits else "use --depth 1"
    states, one, rounds = works[0]
    why = (f"{states:,} battle states a round can start from x {rounds} rounds x "
           f"{one // (states * rounds):,} hit outcomes")
    if len(games) > 1:
        why += f", for each of the {len(games)} White Rider choices (WOTR-STR-11)"
    raise TooLargeError(f"{scenario.file or 'the scenario'}: tree: about {nodes:,} nodes estimated, more than "
                        f"--max-nodes {max_nodes:,}; {hint}, or raise --max-nodes",
                        help=(f"why: {why}, estimated before the tree is built",))


def tree(scenario, *, output: str, objective: str | None = None, depth: int | None = None,
         max_nodes: int = 2_000_000, progress: Callable[[int], Any] | None = None) -> TreeReport:
    """Build the battle's game tree (up to ``max_nodes``, or its first ``depth`` plies), solve it when
    whole, and write it to ``output`` (``.graphml``, ``.dot`` or ``.png``)."""
    _start(scenario, "tree")
    objective = _objective(objective)
    refuse_named_cards_for_tree(scenario)  # never silently without the cards
    out = export_path(output)
    verdict = judge_attack(scenario)
    if not verdict.legal:
        raise illegal(verdict, scenario)
    # WOTR-STR-11: the Free Peoples player's White Rider choice, as optimize makes it, is the first decision
    riders = rider_choices(scenario, verdict.attacking)
    games = [BattleGame(battle_setup(dc_replace(scenario, white_rider=rider), verdict.attacking), objective)
             for rider in riders]
    if len(games) == 1:
        root = games[0].new_initial_state()
    else:
        fp = 0 if scenario.attacker.side == "free_peoples" else 1
        root = RiderGame(list(zip(riders, games)), fp).new_initial_state()
    if depth is None:
        _refuse_large_tree(scenario, games, root, max_nodes)
    value_of = None if depth is None else _depth_values(games, root, max_nodes)
    try:
        stats, value = export(root, out, depth=depth, max_nodes=max_nodes, progress=progress,
                              player_names=("attacker", "defender"), value_of=value_of)
    except TooLargeError as exc:  # the builder's own count, said with the verb's options
        if out.suffix.lower() in (".dot", ".png") and max_nodes > DRAW_MAX_NODES:  # a drawing's own limit
            raise TooLargeError(f"{scenario.file or 'the scenario'}: tree: {exc}") from None
        where = "the game tree has" if depth is None else f"the first {depth} plies of the game tree have"
        hint = "write its first plies with --depth N" if depth is None else "write fewer plies (a smaller --depth)"
        raise TooLargeError(f"{scenario.file or 'the scenario'}: tree: {where} more than {max_nodes:,} "
                            f"nodes, more than --max-nodes {max_nodes:,}; raise --max-nodes, or {hint}") from exc
    return TreeReport(**_base(scenario, "tree"), output=str(out), stats=stats, objective=objective, depth=depth,
                      value=value[0] if value is not None else None)

