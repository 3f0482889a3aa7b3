"""The Combat Damage Step's result and the Resolution Step (RB-DMG-4, RB-RES).

* :func:`resolve` deals both sides' splits at once (RB-DMG-4), runs the combat cleanup
  (RB-RES-1: kills, healing, recall) and names the outcome in the seed's words (RB-RES-7):
  the Attacker **conquers**, the Defender **keeps** the battlefield, the attackers are
  **recalled** (and the Defender keeps it), or it is **nobody's**; with a narration citing
  the rule ids.
* :func:`outcome_classes` gives every outcome some pair of legal splits can produce. By
  RB-MODEL-4 it is one outcome whenever marked damage counts toward lethal; it is computed
  from the ASP (brave and cautious consequences), not assumed. With a rule taken away
  (:func:`pycombat.in_force.removed`, a claim deciding itself again without it) it is the
  outcomes without that rule: a Might rule's modifier taken off the units (:func:`in_force_board`:
  a Stunned unit adds its Might to its side's total without RB-MIGHT-3), an assignment rule's
  constraint off the splits (:mod:`.switched`'s walk).

>>> from pycombat.games.riftbound.schema import example_path, load_scenario
>>> s = load_scenario(example_path("seed_example.yaml"))
>>> r = resolve(s)
>>> r.died, r.outcome
(('A1', 'D3'), 'conquer')
>>> sorted(outcome_classes(r.board).outcomes)
['conquer']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Mapping

from pycombat.errors import ScenarioError
from pycombat.in_force import in_force, removed_rules
from pycombat.frozen import replace
from pycombat.rulebook import load_rulebook
from . import facts as F
from ..model import OUTCOMES, SIDES, WITHOUT_MODIFIER, Board, Scenario, Split, other
from ..cards.showdown import Line, play_showdown
from .bruteforce import ASSIGNMENT_RULES
from .splits import LegalSplits, best_splits, board_solver, check_custom_weights, derive, few_wipes
from .switched import wipes as switched_wipes

#: the outcome at a battlefield the Defender controlled as the combat began (the default, CR 187.4.a-b); at an
#: uncontrolled one, :meth:`Control.text` says what the Defender left there alone does instead
OUTCOME_TEXT = {
    "conquer": "the Attacker conquers the battlefield",
    "keep": "the Defender keeps the battlefield",
    "recall": "the attackers are recalled to their base and the Defender keeps the battlefield",
    "nobody": "the battlefield is nobody's (uncontrolled)",
}

#: RB-RES-4: the side that has units left there alone after the cleanup (and its recall), and so controls the
#: battlefield when the combat ends; None: nobody (uncontrolled)
CONTROLLER_AFTER = {"conquer": "attacker", "keep": "defender", "recall": "defender", "nobody": None}


@dataclass(frozen=True)
class Control:
    """Who controlled the battlefield as the combat began (``battlefield: {controlled_by: ...}``: the Defender, or
    None: nobody) and which sides scored it earlier this turn (``scored_this_turn``); with the outcome class (who has
    units left, RB-RES-7) it says who establishes control (RB-RES-4), whether that is a Conquer and who scores
    (RB-RES-5: gaining control of a battlefield the player has not yet scored this turn is a Conquer, which scores;
    the scorer need not be the player who applied Contested).

    >>> c = Control(before=None)
    >>> c.gains("keep"), c.conquers("keep"), c.scorer("recall"), Control().scorer("keep")
    ('defender', 'defender', 'defender', None)
    >>> Control(before=None, scored=frozenset({"defender"})).conquers("keep")
    >>> Control(scored=frozenset({"attacker"})).conquers("conquer"), Control(scored=frozenset({"attacker"})).gains("conquer")
    (None, 'attacker')
    """

    before: str | None = "defender"
    scored: frozenset = frozenset()

    @staticmethod
    def of(scenario: Scenario) -> "Control":
        scored = {side for side, did in (("attacker", scenario.scored_this_turn),
                                         ("defender", getattr(scenario, "defender_scored_this_turn", False))) if did}
        return Control(before=scenario.controlled_by, scored=frozenset(scored))

    def gains(self, outcome: str) -> str | None:
        """The side that establishes control of the battlefield it did not control (RB-RES-4), or None."""
        if not in_force("RB-RES-4"):  # RB-RES-4 (CR 461.5): the player with units remaining establishes control
            return None
        after = CONTROLLER_AFTER[outcome]
        return after if after is not None and after != self.before else None

    def keeps(self, outcome: str) -> bool:
        """The Defender controlled it and still does (RB-RES-7 "the Defender keeps it", RB-RES-4)."""
        return self.before == "defender" and CONTROLLER_AFTER[outcome] == "defender"

    def conquers(self, outcome: str) -> str | None:
        """The side that conquers, for either side in the Core Rules' terms (RB-RES-5): the side that gains control
        of the battlefield (RB-RES-4: the Attacker left alone; the Defender left alone at an uncontrolled
        battlefield) when it has not scored it this turn. The Attacker left alone at a battlefield he scored this
        turn is the outcome class ``conquer`` (RB-RES-7's table, RB-MODEL-4) and gains control, but does not
        conquer."""
        side = self.gains(outcome)
        # RB-RES-5 (CR 461.5.d-e, 464.1): gaining control of a battlefield not yet scored this turn is a Conquer
        if side is not None and side in self.scored:
            return None
        return side

    def scorer(self, outcome: str) -> str | None:
        """The side whose Conquer scores (RB-RES-5: at most once per battlefield per turn), or None."""
        side = self.gains(outcome)
        # RB-RES-5 (CR 464.1, 464.1.b): a Conquer scores; a player scores each battlefield at most once per turn
        return side if side is not None and side not in self.scored else None

    def text(self, outcome: str) -> str:
        """The outcome in words (RB-RES-7), at a battlefield the Defender did not control: what he does instead of
        keeping it (RB-RES-4, RB-RES-5)."""
        if outcome == "conquer" and "attacker" in self.scored:  # RB-RES-5: no Conquer
            return "the Attacker takes control of the battlefield (he scored it this turn already: no Conquer, no score)"
        if self.before == "defender" or CONTROLLER_AFTER[outcome] != "defender":
            return OUTCOME_TEXT[outcome]
        took = ("the Defender takes control of the uncontrolled battlefield: he conquers it and scores"
                if self.scorer(outcome) else
                "the Defender takes control of the uncontrolled battlefield (he scored it this turn already: no "
                "Conquer, no score)")
        return took if outcome == "keep" else f"the attackers are recalled to their base and {took}"

    def short(self, outcome: str) -> str:
        """A short label for a game state: the outcome class, and the Defender's Conquer where he gains control."""
        if self.gains(outcome) != "defender":
            return outcome
        took = ("the Defender conquers the uncontrolled battlefield" if self.conquers(outcome) else
                "the Defender takes control of the uncontrolled battlefield")
        return took if outcome == "keep" else f"recall; {took}"


def outcome_of(attackers_left: bool, defenders_left: bool) -> str:
    """RB-RES-7 (Seed "Who wins"; CR 461): the outcome from who has units left after cleanup.

    >>> [outcome_of(a, d) for a in (True, False) for d in (True, False)]
    ['recall', 'conquer', 'keep', 'nobody']
    """
    if attackers_left and defenders_left:
        return "recall"  # RB-RES-1 step 3: attackers still present are recalled
    if attackers_left:
        return "conquer"
    if defenders_left:
        return "keep"
    return "nobody"


@dataclass
class Resolution:
    """Both splits dealt, the cleanup, and the outcome."""

    board: Board
    splits: Mapping[str, Split]
    dealt: Mapping[str, int]  #: unit -> damage dealt (after doubling and prevention)
    died: tuple[str, ...]  #: in board order, attackers first
    survivors: Mapping[str, tuple[str, ...]]  #: side -> units left at the battlefield
    outcome: str
    scores: bool  #: a Conquer scores (RB-RES-5): the Attacker's, or the Defender's at an uncontrolled battlefield
    lines: list[Line] = field(default_factory=list)
    chosen: Mapping[str, str] = field(default_factory=dict)  #: side -> "scenario" | "best (<objective>)"
    replaced: tuple[str, ...] = ()  #: units that would have died and left another way instead (RB-CARD-12)
    control: Control = field(default_factory=Control)  #: who controlled it before and scored it (RB-RES-4, RB-RES-5)

    @property
    def scorer(self) -> str | None:
        """The side whose Conquer scores, or None (RB-RES-5)."""
        return self.control.scorer(self.outcome)

    @property
    def text(self) -> str:
        return self.control.text(self.outcome)


def check_split(board: Board, split: Split, scenario: Scenario) -> Split:
    """``split`` (one side's, the file's ``splits:`` or a caller's) checked against ``board``, the board the
    showdown leaves: the one check of a stated split every verb applies (RB-DMG-2, RB-DMG-3, RB-DMG-6..9,
    RB-ORD; the ASP's check mode decides). An illegal one is refused (a ScenarioError at ``splits.<side>``
    naming the rules it breaks and where it first breaks them, RB-JUDGE-3); a legal one is returned as its
    final vector with the order as given."""
    view = LegalSplits(board, split.side, representation="sequence" if split.steps is not None else "vector")
    bad = view.violations(split)
    if bad:
        from .breaks import first_break

        book = load_rulebook("riftbound")
        rules = list(dict.fromkeys(v.rule for v in bad))
        brk = first_break(board, split.side, split)
        where = "" if brk is None else (f": it first breaks {brk['rule']}" + (f" at {brk['unit']}" if brk["unit"] else "")
                                        + f" ({brk['why']}; RB-JUDGE-3)")
        raise ScenarioError(f"{split.label()} is not a legal split of the {split.side}'s damage ({', '.join(rules)})"
                            f"{where}", file=scenario.file, path=f"splits.{split.side}",
                            help=tuple(f"{r}: {book.rule(r).summary}" for r in rules))
    return replace(view.as_vector(split), steps=split.steps)  # the final vector, and the order as given


def stated_splits(scenario: Scenario, board: Board, judged: Collection[str] = ()) -> dict[str, Split]:
    """The file's ``splits:``, each checked (:func:`check_split`) against ``board``, the board its own showdown
    leaves. Every verb calls this as it reads the board (odds deals them, enumerate judges them, verify's claims
    read them, optimize and tree answer for the same file), so a file one verb refuses, every verb refuses with
    the same error.

    ``judged``: the sides whose stated split a claim judges ("this split is legal", verify): an illegal one is then
    the claim's answer (FALSE, with the rules it breaks), not an error, and is left out of what is returned; a claim
    that reads it as played (a unit's fate on the other side, an outcome: ``claims.stated_splits_read``) still meets
    the error."""
    out = {}
    for side, sp in scenario.splits.items():
        if side in judged and LegalSplits(board, side, representation="sequence" if sp.steps is not None
                                          else "vector").violations(sp):
            continue
        out[side] = check_split(board, sp, scenario)
    return out


def chosen_splits(scenario: Scenario, board: Board) -> tuple[dict[str, Split], dict[str, str]]:
    """The scenario's splits (checked), and for a side without one its first best split under
    the ``best_split_objective`` flag (a stated default)."""
    out, how = {}, {}
    stated = stated_splits(scenario, board)
    for side in SIDES:
        given = stated.get(side)
        if given is not None:
            out[side] = given
            how[side] = "scenario"
        else:
            objective = board.flags.get("best_split_objective", "kills_then_might")
            check_custom_weights(board, objective)  # RB-MODEL-7: refused as optimize refuses it
            values = {u.name: u.value for u in board.side(other(side)) if u.value is not None}
            if objective == "custom" and not values:
                # no unit this side deals damage to has a `value:`: every split weighs 0 under custom (as optimize
                # ranks them), the tie broken by kills_then_might, and said so
                out[side] = best_splits(board, side, objective="kills_then_might").splits[0]
                how[side] = "best (custom: none of its targets has a `value:`, every split ties; kills_then_might)"
                continue
            out[side] = best_splits(board, side, objective=objective, values=values).splits[0]
            how[side] = f"best ({objective})"
    return out, how


def resolve(scenario: Scenario, splits: Mapping[str, Split] | None = None) -> Resolution:
    """Play the showdown, then the damage step with the given splits (default: the
    scenario's, else each side's best), then the cleanup."""
    sd = play_showdown(scenario)
    board = sd.board
    lines = list(sd.lines)
    a = scenario.attacker
    if splits is None:
        chosen, how = chosen_splits(scenario, board)
    else:
        chosen = {s: check_split(board, sp, scenario) for s, sp in splits.items()}
        how = {s: "given" for s in chosen}
    derived = derive(board)
    dealt: dict[str, int] = {}
    if not board.damage_step:
        # RB-DMG-1 (CR 460.1): no damage step unless both sides still have units there
        lines.append(Line(f"No damage step: {no_damage_step_reason(board)}.", ("RB-DMG-1",)))
    else:
        lines.append(Line("Both sides still have units at the battlefield: the Combat Damage Step happens.",
                          ("RB-DMG-1",)))
        for side in SIDES:
            units = board.side(side)
            parts = " + ".join(f"{u.name} {u.contribution}{_why_not_might(u)}" for u in units)
            rules = ["RB-DMG-2", "RB-MODEL-2"] + [r for r, cond in (
                ("RB-MIGHT-3", any(u.stunned for u in units)), ("RB-MIGHT-2", any(u.current_might < 0 for u in units)),
                ("RB-MIGHT-4", side == "attacker" and any(u.assault for u in units)),
                ("RB-MIGHT-5", side == "defender" and any(u.shield for u in units)),
                ("RB-DMG-11", any(u.marked for u in units))) if cond]
            lines.append(Line(f"{scenario.side(side).player} ({side}) total: {parts} = {derived.pool[side]}.",
                              tuple(rules)))
        for side in SIDES:
            sp = chosen[side]
            opp = other(side)
            lethals = ", ".join(f"{n} {_lethal_text(derived.lethal.get(n))}" for n in derived.targets[side])
            who = "assigns first" if side == "attacker" else "assigns next, knowing the Attacker's split"
            src = "" if how[side] in ("scenario", "given") else f" (its {how[side]} split: no split given)"
            lines.append(Line(f"{scenario.side(side).player} ({side}) {who}: {derived.to_assign[side]} damage among "
                              f"the {opp}s (lethal: {lethals or 'none'}); split {sp.label()}{src}.",
                              ("RB-DMG-3", "RB-DMG-6", "RB-DMG-7", "RB-DMG-8")
                              + (("RB-DMG-9",) if derived.excess[side] else ())))
        for u in board.attacker + board.defender:
            dealt[u.name] = u.dealt(chosen[other(u.side)].get(u.name))
        lines.append(Line("Both sides' damage is dealt at the same moment: "
                          + ", ".join(f"{n} {x}" for n, x in dealt.items() if x) + ".", ("RB-DMG-4",)))
    lethal_hit = tuple(u.name for u in board.attacker + board.defender
                       if board.damage_step and u.dies_with(chosen[other(u.side)].get(u.name)))
    # RB-CARD-12: a unit whose next death is replaced leaves the battlefield another way (recalled, banished)
    replaced = tuple(n for n in lethal_hit if board.unit(n).death_replacement)
    died = tuple(n for n in lethal_hit if n not in replaced)
    survivors = {s: tuple(u.name for u in board.side(s) if u.name not in lethal_hit) for s in SIDES}
    outcome = outcome_of(bool(survivors["attacker"]), bool(survivors["defender"]))
    if board.damage_step:
        kill_text = ", ".join(_kill_text(board.unit(n), dealt[n]) for n in died) or "nobody"
        instead = "".join(f"; {n} would die and is {board.unit(n).death_replacement[0][0]} instead "
                          f"({board.unit(n).death_replacement[0][1]})" for n in replaced)
        lines.append(Line(f"Combat cleanup: killed {kill_text}{instead}; every other unit is healed.",
                          ("RB-RES-1", "RB-MIGHT-1", "RB-RES-2", "RB-MIGHT-9") + (("RB-CARD-12",) if replaced else ())
                          + (("RB-CARD-23",) if any(_killed_by_damage(board.unit(n), dealt[n]) for n in lethal_hit)
                             else ())))
    if outcome == "recall":
        left = ", ".join(survivors["attacker"])
        lines.append(Line(f"Defenders remain, so {a.player}'s attackers still there ({left})"
                          " are recalled to base (not a move).", ("RB-RES-1", "RB-COMB-6")))
    control = Control.of(scenario)
    scores = control.scorer(outcome) is not None
    lines.append(_result_line(scenario, outcome, control))
    lines.append(Line("The combat ends: the Attacker and Defender designations and the \"this combat\" effects end.",
                      ("RB-RES-8",)))
    return Resolution(board, chosen, dealt, died, survivors, outcome, scores, lines, how, replaced, control)


def _killed_by_damage(u, dealt: int) -> bool:
    """RB-CARD-23: killed for taking damage ("kill it the next time it takes damage"), short of lethal."""
    return bool(u.kill_on_damage) and dealt > 0 and u.marked + dealt < u.current_might


def _kill_text(u, dealt: int) -> str:
    if _killed_by_damage(u, dealt):
        return f"{u.name} (took {dealt}: {u.kill_on_damage} kills it)"
    m = u.current_might  # RB-DMG-5: lethal damage is non-zero, so at least 1 for a unit of 0 Might or less
    return f"{u.name} ({u.marked + dealt} >= {max(1, m)}" + (f": Might {m}, lethal damage is at least 1" if m < 1
                                                              else "") + ")"


def _why_not_might(u) -> str:
    """Why a unit adds other than its Might to its side's total (RB-MIGHT-2/3, RB-DMG-2)."""
    if u.contribution == u.current_might:
        return ""
    if u.stunned:
        return " (Stunned)"
    if u.no_combat_damage:
        return " (deals no combat damage)"
    return f" (Might {u.current_might})"


def _lethal_text(lethal: int | None) -> str:
    return "never (all damage prevented)" if lethal is None else str(lethal)


def _result_line(scenario: Scenario, outcome: str, control: Control) -> Line:
    a, d = scenario.attacker.player, scenario.defender.player
    bf = scenario.battlefield or "the battlefield"
    if control.gains(outcome) == "defender":  # RB-RES-4, RB-RES-5: the Defender did not control it
        score = (": he conquers it and scores (the scorer need not be the player who applied Contested)"
                 if control.scorer(outcome) else
                 ", but that is no Conquer and scores nothing: he already scored this battlefield this turn")
        head = (f"only {d}'s units are left: {d} wins the combat" if outcome == "keep" else
                f"both players had units after the damage: No Result; with the attackers recalled, only {d}'s units "
                "are left")
        return Line(f"Result: {head}; {bf} was uncontrolled, so {d} establishes control of it{score}.",
                    ("RB-RES-3", "RB-RES-4", "RB-RES-5", "RB-RES-7"))
    if outcome == "conquer":
        score = ("conquers it and scores" if control.scorer(outcome) else
                 "but that is no Conquer and scores nothing: he already scored this battlefield this turn")
        return Line(f"Result: only {a}'s units are left: {a} wins the combat, takes control of {bf}, {score}.",
                    ("RB-RES-3", "RB-RES-4", "RB-RES-5", "RB-RES-7"))
    if outcome == "keep":
        return Line(f"Result: only {d}'s units are left: {d} wins the combat and keeps {bf} (this is not a Hold, "
                    "which scores only in the Beginning Phase).", ("RB-RES-3", "RB-RES-4", "RB-RES-6", "RB-RES-7"))
    if outcome == "recall":
        return Line(f"Result: both players had units after the damage: No Result; with the attackers recalled, "
                    f"{d} keeps {bf}.", ("RB-RES-3", "RB-RES-4", "RB-RES-7"))
    return Line(f"Result: no units are left: No Result, and {bf} becomes uncontrolled (nobody's).",
                ("RB-RES-3", "RB-RES-4", "RB-RES-7"))


# ---- outcome classes ------------------------------------------------------------------------
@dataclass
class OutcomeClasses:
    """Every outcome some pair of legal splits produces, and why (RB-MODEL-4)."""

    outcomes: frozenset[str]
    wipe: Mapping[str, frozenset[bool]]  #: assigning side -> can its split wipe out the other side (values seen)
    totals: Mapping[str, tuple[int, int]]  #: side -> (damage it assigns, total lethal of the other side)
    model4: bool  #: the digest's RB-MODEL-4 condition decides it (marked damage counts, no doubling gap)
    undying: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  #: side -> its units that cannot die
    #: why there is no Combat Damage Step (:func:`no_damage_step_reason`), or None when there is one (RB-DMG-1)
    no_damage_step: str | None = None

    def explain(self) -> str:
        if self.no_damage_step:
            return f"no Combat Damage Step, so no split is made: {self.no_damage_step} (RB-DMG-1)"
        return "; ".join(self.explain_side(side) for side in SIDES)

    def explain_side(self, side: str) -> str:
        """Why ``side``'s legal splits wipe out the other side, or do not, or only some do."""
        if self.no_damage_step:
            return self.explain()
        dmg, need = self.totals[side]
        opp = other(side)
        seen = self.wipe[side]
        if seen == frozenset({True}) and dmg < need:  # (the damage marked before counts at the cleanup)
            return (f"every legal {side} split wipes out the {opp}s ({dmg}, with the damage marked on them "
                    f"before, kills them all at the cleanup, RB-MIGHT-1; their total lethal is {need})")
        if seen == frozenset({True}):
            return f"every legal {side} split wipes out the {opp}s ({dmg} >= their total lethal {need})"
        if seen == frozenset({False}) and self.undying.get(opp):
            return (f"no legal {side} split wipes out the {opp}s ({', '.join(self.undying[opp])} cannot "
                    "be killed by combat damage)")
        if seen == frozenset({False}):
            return f"no legal {side} split wipes out the {opp}s ({dmg} < their total lethal {need})"
        return f"some legal {side} splits wipe out the {opp}s and some do not"


#: the assignment rules :mod:`.switched` can take off the splits (as a set, for the look-up in :func:`wipe_values`)
_SWITCHED = frozenset(ASSIGNMENT_RULES)


def in_force_board(board: Board) -> Board:
    """``board`` as the Might rules in force now make it: each modifier rule taken away
    (:func:`pycombat.in_force.removed`, :data:`.model.WITHOUT_MODIFIER`) taken off every unit, so that the totals
    and the lethal amounts are those without it (RB-MIGHT-3: a Stunned unit adds its Might; RB-MIGHT-4/5: no
    Assault, no Shield; RB-MIGHT-6..8: no prevention, no doubling, no damage marked before). With every rule in force,
    ``board`` itself."""
    gone = removed_rules()
    if not gone:
        return board
    off = [WITHOUT_MODIFIER[r] for r in WITHOUT_MODIFIER if r in gone]
    if not off:
        return board

    def strip(u):
        for without in off:
            u = replace(u, **without)
        return u

    return replace(board, attacker=tuple(map(strip, board.attacker)), defender=tuple(map(strip, board.defender)))


def wipe_values(board: Board, side: str) -> frozenset[bool]:
    """Whether ``side``'s legal splits wipe out the other side: {True}, {False} or both.

    Read off the side's splits when there are few (the one listing that lists and counts them gives
    each with ``wiped_out``: splits.few_wipes, from the closed form or splits.few_answers); else
    asked of the ASP as two satisfiability questions (one answer each, so the work does not grow
    with the number of splits): is
    there a legal split that wipes them out, and one that does not? (The same answer as brave and
    cautious consequences of ``wiped_out``.)

    With rules taken away (:func:`pycombat.in_force.removed`): on the board without the Might rules taken away
    (:func:`in_force_board`), and over the splits the assignment rules still in force allow (:func:`.switched.wipes`;
    where those are too many to look at, the splits of every assignment rule)."""
    gone = removed_rules()
    if gone:
        board = in_force_board(board)
        if gone & _SWITCHED:
            got = switched_wipes(board, side)
            if got is not None:
                return got
    if not board.damage_step:
        return frozenset({not board.side(other(side))})
    if _every_split_wipes_out(board, side):
        return frozenset({True})
    seen = few_wipes(board, side)
    if seen is not None:  # read off the side's splits, each with what it leaves (the listing enumerate shows)
        some, spared = True in seen, False in seen
    else:
        # the side's board program (splits.BOARD) that lists its splits, asked twice under an
        # assumption on wiped_out(side)
        solver, wiped = board_solver(board, side), F.WipedOut(side=side)
        some = solver.satisfiable(assumptions=[(wiped, True)])
        spared = solver.satisfiable(assumptions=[(wiped, False)])
    every = some and not spared
    return frozenset({True}) if every else frozenset({False, True}) if some else frozenset({False})


def _every_split_wipes_out(board: Board, side: str) -> bool:
    """Whether every legal split of ``side`` wipes out the other side, known from derive.lp's numbers
    alone (no split is listed or searched: with 200 damage over 20 units the question posed to the
    solver grounds 3,620 amounts and takes a quarter of a second).

    When ``side``'s total gives every target lethal (``big``, RB-MODEL-3) each target receives
    ``A >= lethal`` (RB-DMG-7, generate.lp), and every unit of the other side is a target (none is
    immune, RB-ORD-7), every unit dies at the cleanup, under every flag:

    * lethal is ``L = N + P`` (before v1.4) or ``ceil((N + P) / F)`` (v1.4, RB-MIGHT-7), with
      ``N = max(1, Might - counted marked) >= max(1, Might - marked)`` under either
      ``marked_damage`` (RB-MIGHT-8, RB-DMG-5), ``P`` the prevention and ``F >= 1`` the doubling;
    * what is dealt is ``X = max(0, F * A - P) >= N`` in both cases (``F * A >= A >= N + P``, or
      ``F * A >= N + P``), so marked + ``X >= Might`` and ``X > 0``: the unit dies (RB-MIGHT-1).

    And a legal split exists: lethal on every target in an order the tiers allow, the excess on
    one target of the last tier (RB-DMG-9 under either ``excess_damage``).
    ``tests/riftbound/test_riftbound_property.py`` checks both against every legal split and
    against the solver's answer, under every flag."""
    opp = other(side)
    if not board.side(opp) or any(u.immune or u.prevent_all for u in board.side(opp)):
        return False
    return derive(board).big[side]


def outcome_classes(board: Board) -> OutcomeClasses:
    """The distinct outcomes over all pairs of legal splits (both sides choose independently:
    each split decides only the other side's losses); with the rules in force now (:func:`wipe_values`,
    :func:`in_force_board`)."""
    if removed_rules():
        board = in_force_board(board)
    d = derive(board)
    wipe = {s: wipe_values(board, s) for s in SIDES}
    if board.damage_step:
        att_left = {not w for w in wipe["defender"]}
        def_left = {not w for w in wipe["attacker"]}
    else:
        att_left, def_left = {bool(board.attacker)}, {bool(board.defender)}
    outcomes = frozenset(outcome_of(x, y) for x in att_left for y in def_left)
    totals = {s: (d.to_assign[s], d.total_lethal[s]) for s in SIDES}
    doubled = any(u.doubled for u in board.attacker + board.defender)
    doubling_gap = board.flags.get("rules_version") != "v1.4" and doubled
    # RB-CARD-23 [kill_on_damage_lethal=might]: a unit killed by any damage dies short of its lethal amount
    kill_gap = board.flags.get("kill_on_damage_lethal", "might") != "one" and any(
        u.kill_on_damage for u in board.attacker + board.defender)
    model4 = board.flags.get("marked_damage") == "remaining" and not doubling_gap and not kill_gap
    assert set(outcomes) <= set(OUTCOMES)
    undying = {s: tuple(u.name for u in board.side(s) if u.immune or u.prevent_all) for s in SIDES}
    return OutcomeClasses(outcomes, wipe, totals, model4, undying,
                          None if board.damage_step else no_damage_step_reason(board))


def no_damage_step_reason(board: Board) -> str:
    """Which side has no units left at the battlefield after the showdown, so that there is no Combat Damage
    Step (RB-DMG-1): one side, or both."""
    gone = [s for s in SIDES if not board.side(s)]
    if len(gone) == 2:
        return "neither side has units left at the battlefield"
    if gone:
        return f"the {gone[0]}s have no units left at the battlefield"
    return "both sides still have units at the battlefield"
