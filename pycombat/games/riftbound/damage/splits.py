"""Riftbound: every legal damage split of a side, from the ASP encodings (RB-DMG, RB-ORD).

The encodings in ``asp_rules/riftbound`` decide legality; this module grounds a board, asks
the solver and streams the answers as :class:`~..model.Split` objects.

* :func:`derive` reads what the board implies (current Might, totals, lethal thresholds,
  tiers, excess) from ``derive.lp``, once per board; with the loaded solver, the same Control then
  grounds the rules of each side's splits on it and lists the sides that have few (one Control
  and one grounding in two parts a board, where its own programs took three: :func:`_staged`), and
  :func:`prefetch` does the same for many boards at once (``pycombat batch``);
* :class:`LegalSplits` is a lazy view of one side's legal splits (python-chess style):
  iterate, :meth:`~LegalSplits.count`, ``split in view`` (check mode) and
  :meth:`~LegalSplits.violations` (which rule ids a candidate breaks);
* :func:`best_splits` gives every optimal split under a RB-MODEL-7 objective.

The encodings are the definition; where they apply, the closed forms of :mod:`.closed` answer
derive.lp's numbers and a side's few vector splits (with whether each wipes out the other side)
without grounding (``CLOSED_FORMS``; ``tests/riftbound/test_closed_forms.py`` checks them against
the solver on random boards under every flag): what they do not cover goes to the solver.

>>> from pycombat.games.riftbound.schema import load_scenario
>>> from pycombat.games.riftbound.cards.showdown import play_showdown
>>> from pycombat.games.riftbound.schema import example_path
>>> board = play_showdown(load_scenario(example_path("seed_example.yaml"))).board
>>> sorted(s.label() for s in LegalSplits(board, "defender"))  # (the solver streams them in its own order)
['A4 2, A1 1', 'A4 3']
>>> LegalSplits(board, "attacker").count()
1
"""
from __future__ import annotations

import functools
import math
import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterator, Mapping, Sequence

from pycombat.errors import ScenarioError, SolverError, TooLargeError
from pycombat.solver import (MAX_INSTANCES, RULES_DIR_VARIABLE, Answer, Decoder, Instances, Solver, Staged, Violation,
                             check, is_loaded, memo, rule_files)
from . import closed, facts as F
from ..model import Board, BoardKey, Split, other

RULES = "pycombat.asp_rules.riftbound"
BASE = ("flags.lp", "input.lp", "derive.lp")
LEGAL = BASE + ("legal.lp",)
#: amounts.lp (two amounts for one unit) is for candidates only: generating, one amount per unit is
#: offered, and its pairwise rule grounds quadratically in the amounts
#: explain.lp (the rules behind a violation's numbers) too: generate mode leaves it out
VECTOR_CHECK = LEGAL + ("explain.lp", "amounts.lp")
SEQUENCE_CHECK = VECTOR_CHECK + ("sequence.lp",)
VECTOR = LEGAL + ("generate.lp", "enforce.lp", "show.lp")
#: sequences are legal by construction (lethal-first amounts, tier order): legal.lp is not needed
#: to generate them (the tests check every generated sequence in check mode and against brute force)
SEQUENCE = BASE + ("sequence_generate.lp", "show.lp")
OPTIMIZE = VECTOR + ("cleanup.lp", "optimize.lp")
#: The board program: the vector program with what each split leaves (cleanup.lp,
#: outcome.lp: deterministic given the split, so one answer set per split still) and ``assigning(S)``
#: an external (facts.BOARD_TEXT), so that one grounding of a board answers derive.lp's numbers (no
#: side assigning) and each side's vector listing, count and wipe-out question (under the assumption
#: ``assigning(S)``). Grounding has a fixed cost per program of a few milliseconds whatever the
#: board's size, which is most of the work of a small board: three groundings became one.
BOARD = VECTOR + ("cleanup.lp", "outcome.lp")
#: the board program's rules that need a side assigning (prefetch grounds them only for the sides it
#: asks, after derive.lp's numbers: solver.Instances.cases)
BOARD_SPLITS = tuple(f for f in BOARD if f not in BASE)


def board_solver(board: Board, side: str) -> Solver:
    """``side``'s board program on ``board`` (see BOARD): its answers are the side's vector splits,
    each with what it leaves. Grounded for that side alone, as :func:`prefetch` grounds a side's
    case: the other side's generator (200 damage over 20 units grounds thousands of amounts) is
    not in it."""
    return _BOARDS.remember((board.key(), side) if is_loaded() else None, lambda: Solver(
        files=rule_files(RULES, BOARD), consts=consts({**board.flags, "split_repr": "vector"}),
        facts=F.board_facts(board) + [F.Assigning(side=side)], texts=[F.SIDE_TEXT], decoder=_BOARD_DECODER,
        options=SEARCH))


#: (board key, side) -> the side's board program (the Solver: its facts are written once)
_BOARDS = memo()


def side_key(board: Board, side: str, d: "Derived | None" = None) -> "BoardKey":
    """What ``side``'s vector listing (its splits, each with ``wiped_out``) depends on, as a memo key
    shared by every board that poses the same question (a batch sweeping matchups meets
    the same receiving side again and again; ``d`` is the board's :func:`derive`).

    The assigning side's own units enter that listing only through its total (``to_assign(S)``,
    RB-DMG-2, RB-DMG-3): under ``assigning(S)``, generate.lp offers amounts only to ``S``'s targets
    and dumps (the other side's units), and legal.lp, cleanup.lp and outcome.lp read only those
    units, ``to_assign(S)`` and the side facts (:func:`.facts.side_facts`).  So the key holds the
    flags, the side, its total, the other side's units (all of what their facts say, and more) and
    the side facts; ``tests/riftbound/test_instances.py`` checks boards that share a key but not their
    assigning units against each board alone."""
    def make() -> BoardKey:
        derived = d or derive(board)
        return BoardKey((board.key().value[2], side, derived.to_assign[side], board.side(other(side)),
                         tuple(F.side_facts(board))))

    return _SIDE_KEYS.remember((board.key(), side), make)


#: (board key, side) -> side_key
_SIDE_KEYS = memo(limit=4096)


def _answers_weight(answers: "Sequence | None") -> int:
    return 1 + len(answers or ())


#: side_key -> its few splits (LegalSplits._few_splits), or None when there are many; bounded by the
#: number of splits held (a listing has at most LISTED_AT_ONCE)
_FEW_SPLITS = memo(limit=4096, weigh=_answers_weight, budget=100_000)


def few_answers(board: Board, side: str) -> list[Answer] | None:
    """Every answer set of ``side``'s vector splits on the board program (a split with what it
    leaves, ``wiped_out``), when there are at most LISTED_AT_ONCE of them; else None.  (In the
    solver's order, which depends on the grounding that answered: see prefetch.)  Remembered by
    :func:`side_key`: boards that pose the same question share the answer.  A side whose upper
    bound is past LISTED_BOUND is not listed at all (None at once): clasp would search for 513
    answers among a huge number of splits (17 s on 20 units a side)."""
    d = derive(board)
    if not _listed(board, d, side, LISTED_BOUND):
        return None

    def make() -> list[Answer] | None:
        got = list(board_solver(board, side).models(limit=LISTED_AT_ONCE + 1))
        return got if len(got) <= LISTED_AT_ONCE else None

    return _FEW_ANSWERS.remember(side_key(board, side, d) if is_loaded() else None, make)


#: side_key -> few_answers (bounded like _FEW_SPLITS)
_FEW_ANSWERS = memo(limit=4096, weigh=_answers_weight, budget=100_000)


def prefetch(boards: Sequence[Board]) -> None:
    """Answer the board programs of many boards at once (for ``pycombat batch``): what
    :func:`derive` and :func:`few_answers` would ask of each board's own grounding, from one
    grounding of up to ``MAX_INSTANCES`` boards (:class:`~pycombat.solver.Instances`: the same
    rule files).  Only fills their memos (nothing when the loaded solver is off); a board it cannot
    answer is left to them.  A side whose question another board already posed (the same
    :func:`side_key`) is not asked again."""
    if not is_loaded():
        return
    todo: dict[tuple, Board] = {}
    for b in boards:
        key = b.key()
        if key not in todo and not _answered(b, key) and not _closed_covers(b):
            todo[key] = b
    groups: dict[tuple, list[Board]] = {}
    for b in todo.values():
        groups.setdefault(tuple(sorted(consts({**b.flags, "split_repr": "vector"}).items())), []).append(b)
    for flags, group in groups.items():
        for i in range(0, len(group), MAX_INSTANCES):
            _prefetch(dict(flags), group[i:i + MAX_INSTANCES])


def _answered(board: Board, key: tuple) -> bool:
    """Whether the memos already hold what prefetch would put there for ``board``."""
    d = _DERIVED.get(key)
    return d is not None and all(
        side_key(board, side, d) in _FEW_ANSWERS or not _listed(board, d, side) for side in ("attacker", "defender"))


def _listed(board: Board, d: "Derived", side: str, bound: int | None = None) -> bool:
    """Whether ``side``'s splits are listed in one solve: its upper bound is at most ``bound``.
    Prefetch lists only sides that cannot overflow (LISTED_AT_ONCE): a side that might is left to
    few_answers (LISTED_BOUND), so that a board's own program is asked the same questions, in the
    same order, with prefetch or without (clasp's order of answers depends on what it was asked
    before, and a kill class's example splits are the first ones found)."""
    return bool(d.to_assign[side]) and _upper_bound(board, d, side, "vector") <= (bound or LISTED_AT_ONCE)


def _prefetch(flags: dict[str, str], boards: Sequence[Board]) -> None:
    # The board program's rules, in two parts: derive.lp's numbers are facts of the first part's
    # grounding (derive.lp is deterministic: BOARD_TEXT's #show is not needed) and are read off it;
    # the rules of a side's splits are grounded with the cases, only for the sides asked
    # (``assigning(S)``, an input no rule defines, is the switch: as the board program's external).
    inst = Instances(rule_files(RULES, BASE), instances=[F.board_facts(b) for b in boards],
                     consts=flags, decoder=_BOARD_DECODER, options=SEARCH)
    numbers = inst.facts([(p.meta.name, p.meta.arity) for p in F.DERIVED_PREDICATES])
    if numbers is None:  # (not all facts: each board's own grounding will answer)
        return
    derived = [_derived(board, got) for board, got in zip(boards, numbers)]
    cases: dict[BoardKey, tuple[int, str]] = {}  # each question once: the first board that poses it
    for i, (board, d) in enumerate(zip(boards, derived)):
        for side in ("attacker", "defender"):
            if _listed(board, d, side):
                key = side_key(board, side, d)
                if key not in cases and key not in _FEW_ANSWERS:
                    cases[key] = (i, side)
    try:  # (the same solve checks that each board's program has its one answer where no side assigns)
        listed = inst.cases([(i, [F.Assigning(side=side)]) for i, side in cases.values()], limit=LISTED_AT_ONCE,
                            files=rule_files(RULES, BOARD_SPLITS))
    except SolverError:
        return  # each board's own grounding will say what is wrong
    for board, d in zip(boards, derived):
        _DERIVED.remember(board.key(), lambda: d)
    for key, answers in zip(cases, listed):
        _FEW_ANSWERS.remember(key, lambda: answers)


_BOARD_DECODER = Decoder(F.OUTPUT_PREDICATES + F.DERIVED_PREDICATES)


def _staged(board: Board) -> "Derived | None":
    """derive.lp's numbers of a board, and the splits of each side :func:`few_answers` would list
    (into its memo), from one Control (:class:`~pycombat.solver.Staged`): derive.lp's part grounded and
    its numbers read off the grounding (they are facts), then the rules of a side's splits grounded on
    it once for the sides listed (``assigning(S)`` a switch each), each side's splits one solve.  The
    same rule files, in the same two parts, as :func:`prefetch`'s grounding of many boards; one
    grounding where the board's own programs took three.  None when derive.lp's numbers are not all
    facts: the board's own grounding answers then."""
    flags = consts({**board.flags, "split_repr": "vector"})
    staged = Staged(rule_files(RULES, BASE), facts=F.board_facts(board), consts=flags, decoder=_BOARD_DECODER,
                    options=SEARCH)
    numbers = staged.facts(_DERIVED_SIGNATURES)
    if numbers is None:
        return None
    d = _derived(board, numbers)
    todo: dict[str, BoardKey] = {}
    for side in ("attacker", "defender"):
        if _listed(board, d, side):
            key = side_key(board, side, d)
            if key not in _FEW_ANSWERS and key not in todo.values():
                todo[side] = key
    switches = {side: F.Assigning(side=side) for side in todo}
    try:
        if todo:
            staged.more(rule_files(RULES, BOARD_SPLITS), externals=list(switches.values()))
        # the board's program has its one answer where no side assigns (as derive's own solve checks)
        if len(staged.answers(limit=1) or ()) != 1:
            return None
        listed = {side: staged.answers([switches[side]], limit=LISTED_AT_ONCE) for side in todo}
    except SolverError:
        return None  # the board's own grounding will say what is wrong
    for side, key in todo.items():
        _FEW_ANSWERS.remember(key, lambda answers=listed[side]: answers)
    return d


_DERIVED_SIGNATURES = [(p.meta.name, p.meta.arity) for p in F.DERIVED_PREDICATES]

#: counting by enumeration is refused up front when the upper bound exceeds this (about 13,000
#: splits a second are enumerated): the message says so instead of hanging
MAX_ENUMERATED_COUNT = 2_000_000
#: splits among which `best_splits` finds the optimal ones (an estimate, checked before solving):
#: clingo lists every optimal split, a few thousand a second, and when every split kills the same
#: units all of them are optimal (46,376 took 25 s in the fuzz campaign of tools/fuzz.py); the
#: shipped examples need at most 1,820
MAX_OPTIMIZED_SPLITS = 10_000
#: splits a claim scans for a witness (streamed; about 13,000 a second)
MAX_SCANNED_SPLITS = 20_000
#: clasp's search configuration for listing and counting splits: its default ("tweety", for ASP
#: problems) takes 38 s to enumerate the 46,376 splits of 40 damage over 12 defenders, "crafty" 2.7 s
#: (the same answers; both measured)
SEARCH = ("--configuration=crafty",)
#: ... and for streaming the first splits of a side too large to list whole (LegalSplits._stream)
STREAM_SEARCH = ("--configuration=tweety",)
#: when no formula gives a side's count, its splits are listed up to this many in one solve: then
#: that solve answers the count, the listing and the wipe-out question at once (the board program's
#: answers are cached); past it the solver counts, and answers the wipe-out question, on its own
LISTED_AT_ONCE = 512
#: ... when the side's upper bound (LegalSplits.upper_bound) is at most this: a side that may have
#: far more splits is counted and asked on its own at once (listing 513 of 10^26 splits of 200
#: damage over 20 units took 17 s of search; 190 of at most 4,031 take 0.1 s)
LISTED_BOUND = 5_000


def consts(flags: Mapping[str, str]) -> dict[str, str]:
    """The interpretation flags as ``#const`` values (``asp_rules/riftbound/flags.lp``)."""
    return {name: (f'"{value}"' if name == "rules_version" else value) for name, value in flags.items()}


@dataclass(frozen=True)
class Derived:
    """What ``derive.lp`` says about a board (one ASP run)."""

    damage_step: bool
    might: Mapping[str, int]
    lethal: Mapping[str, int | None]  #: None: no amount is lethal ("prevent all")
    pool: Mapping[str, int]  #: each side's total (RB-DMG-2)
    to_assign: Mapping[str, int]  #: what each side must assign (0 without a receiver, RB-ORD-7)
    targets: Mapping[str, tuple[str, ...]]  #: side -> the units its damage must give lethal to
    dumps: Mapping[str, tuple[str, ...]]  #: side -> immune units damage may be dumped on
    tiers: Mapping[str, Mapping[str, int]]  #: side -> unit -> 0 (Tank) | 1 | 2 (Backline)
    duals: Mapping[str, tuple[str, ...]]  #: side -> units with Tank and Backline (RB-ORD-5)
    big: Mapping[str, bool]  #: the total gives every target lethal (RB-MODEL-3)
    excess: Mapping[str, int]  #: RB-DMG-9
    total_lethal: Mapping[str, int]

    def receivers(self, side: str) -> tuple[str, ...]:
        return self.targets[side] + self.dumps[side]


_DERIVED = memo()


def _derived(board: Board, decoded: Sequence) -> Derived:
    """derive.lp's numbers (deterministic), from the decoded atoms of the board program's one answer
    where no side assigns."""
    got: dict[type, list[tuple]] = {}  # predicate -> its atoms' field values (facts.values)
    for d in decoded:
        got.setdefault(type(d), []).append(F.values(d))
    return _derived_from(board, got)


def _derived_from(board: Board, got: dict[type, list[tuple]]) -> Derived:
    """:func:`_derived` from derive.lp's atoms as field values by predicate (what :func:`_derived`
    reads off an answer set, and what :func:`.closed.derived_atoms` computes)."""
    order = [u.name for u in board.attacker + board.defender]
    rank = {n: i for i, n in enumerate(order)}
    for items in got.values():  # (in one order, whichever grounding answered)
        items.sort()
    sides = ("attacker", "defender")
    unkillable = {unit for unit, in got.get(F.Unkillable, [])}
    lethal: dict[str, int | None] = dict(got.get(F.Lethal, []))
    lethal.update({u: None for u in unkillable})

    def per_side(cls):  # (side, unit) atoms
        return {s: tuple(sorted((unit for side, unit in got.get(cls, []) if side == s), key=rank.get))
                for s in sides}

    tiers: dict[str, dict[str, int]] = {s: {} for s in sides}
    for side, unit, tier in got.get(F.Tier, []):
        tiers[side][unit] = tier
    return Derived(
        damage_step=bool(got.get(F.DamageStep)),
        might=dict(got.get(F.Might, [])),
        lethal=lethal,
        pool=dict(got.get(F.Pool, [])),
        to_assign=dict(got.get(F.ToAssign, [])),
        targets=per_side(F.Target),
        dumps=per_side(F.Dump),
        tiers=tiers,
        duals=per_side(F.Dual),
        big={s: any(side == s for side, in got.get(F.Big, [])) for s in sides},
        excess=dict(got.get(F.Excess, [])),
        total_lethal=dict(got.get(F.TotalLethal, [])),
    )


#: whether derive.lp's numbers and the few splits of a side are computed by their closed forms
#: (:mod:`.closed`) where those apply; off, every answer comes from the solver (the tests compare both)
CLOSED_FORMS = True


def _closed_on() -> bool:
    """The closed forms are the shipped encodings' answers: they stand in for them only when the
    solver reads those (not a copy named by ``$PYCOMBAT_ASP_RULES``: the mutation battery's and the
    counterfactual reasons' edited rules)."""
    return CLOSED_FORMS and not os.environ.get(RULES_DIR_VARIABLE)


def _closed_derived(board: Board) -> Derived | None:
    """derive.lp's numbers from their closed form (:func:`.closed.derived_atoms`), or None."""
    if not _closed_on():
        return None
    got = closed.derived_atoms(board)
    return None if got is None else _derived_from(board, got)


@dataclass(frozen=True)
class FewSplits:
    """A side's legal vector splits when there are at most LISTED_AT_ONCE (``splits``, sorted as
    LegalSplits lists them; None when there are more), and whether they wipe out the other side
    (``wipes``: the values seen; None with ``splits``)."""

    splits: tuple[Split, ...] | None
    wipes: frozenset[bool] | None


def _closed_few(board: Board, side: str, d: Derived) -> FewSplits | None:
    """What :func:`few_answers` answers, from the closed form (:func:`.closed.vector_splits`): None
    where it does not apply (the solver answers).  Remembered by :func:`side_key`."""
    if not _closed_on():
        return None

    def make() -> FewSplits | None:
        if not _listed(board, d, side, LISTED_BOUND):
            return FewSplits(None, None)
        rows = closed.vector_splits(board, d, side, LISTED_AT_ONCE)
        if rows is None or len(rows) > LISTED_AT_ONCE:
            # (more than LISTED_AT_ONCE: few_answers's solve finds that out on the side's board program,
            # whose later stream then starts where clasp left it: the first splits found, a kill
            # class's examples, are those of that program)
            return None
        listed = tuple(sorted((Split(side, amounts) for amounts, _ in rows), key=lambda s: sorted(s.amounts)))
        return FewSplits(listed, frozenset(wiped for _, wiped in rows))

    return _CLOSED_FEW.remember(side_key(board, side, d) if is_loaded() else None, make)


#: side_key -> _closed_few (bounded like _FEW_SPLITS)
_CLOSED_FEW = memo(limit=4096, weigh=lambda few: 1 + len((few and few.splits) or ()), budget=100_000)


def few_wipes(board: Board, side: str) -> frozenset[bool] | None:
    """Whether ``side``'s legal vector splits wipe out the other side (the values seen), when there are
    at most LISTED_AT_ONCE of them (one listing answers it: :func:`few_answers`, or the closed form);
    else None."""
    d = derive(board)
    fast = _closed_few(board, side, d)
    if fast is not None:
        return fast.wipes
    few = few_answers(board, side)
    if few is None:
        return None
    wiped = F.WipedOut(side=side).raw
    return frozenset(wiped in ans.symbols for ans in few)


def _closed_covers(board: Board) -> bool:
    """Whether the closed forms answer everything :func:`prefetch` would ask of ``board`` (its
    numbers, then the few splits of each side), filling their memos."""
    if not _closed_on():
        return False
    key = board.key()
    d = _DERIVED.get(key)
    if d is None:
        d = _closed_derived(board)
        if d is None:
            return False
        _DERIVED.remember(key, lambda: d)
    return all(_closed_few(board, side, d) is not None for side in ("attacker", "defender"))


def derive(board: Board) -> Derived:
    """What the board implies, from ``derive.lp`` (cached per board): by its closed form
    (:func:`.closed.derived_atoms`) where that applies; else, with the loaded solver, a new board is
    answered with the sides :func:`few_answers` would list, in one grounding (:func:`_staged`); else
    (or when that cannot answer) from a grounding of its own."""
    def make() -> Derived:
        fast = _closed_derived(board)
        if fast is not None:
            return fast
        staged = _staged(board) if is_loaded() else None
        if staged is not None:
            return staged
        solver = Solver(files=rule_files(RULES, BASE), consts=consts({**board.flags, "split_repr": "vector"}),
                        facts=F.board_facts(board), texts=[F.DERIVED_TEXT], decoder=_BOARD_DECODER, options=SEARCH)
        (answer,) = list(solver.models(limit=2))
        return _derived(board, answer.decoded)

    return _DERIVED.remember(board.key() if is_loaded() else None, make)


class LegalSplits:
    """A lazy view of the legal damage splits of ``side`` (the assigning side) on ``board``.

    ``representation`` is ``vector`` (final damage per unit, the canonical split) or
    ``sequence`` (ordered assignments); default: the board's ``split_repr`` flag (RB-MODEL-6).
    """

    def __init__(self, board: Board, side: str, *, representation: str | None = None):
        self.board = board
        self.side = side
        self.representation = representation or board.flags.get("split_repr", "vector")
        self.derived = derive(board)
        self._consts = consts({**board.flags, "split_repr": self.representation})
        self._order = list(self.derived.receivers(side))
        self._rank = {n: i for i, n in enumerate(self._order)}

    @functools.cached_property
    def _facts(self) -> list:
        """The board's facts with ``assigning(side)`` (check mode and sequences)."""
        return F.board_facts(self.board, [self.side])

    # -- solving --------------------------------------------------------------------------
    def _solver(self, files: Sequence[str], extra: Sequence = (), texts: Sequence[str] = (),
                options: Sequence[str] = SEARCH) -> Solver:
        return Solver(files=rule_files(RULES, files), consts=self._consts, facts=self._facts + list(extra),
                      decoder=Decoder(F.OUTPUT_PREDICATES), texts=list(texts), options=tuple(options))

    def _split(self, decoded: Sequence) -> Split:
        amounts = []
        for a in decoded:
            if isinstance(a, F.Assign):
                _side, unit, amount = F.values(a)
                if amount > 0:
                    amounts.append((unit, amount))
        rank, last = self._rank, len(self._rank)
        amounts.sort(key=lambda p: rank.get(p[0], last))
        if self.representation == "sequence":
            steps = tuple((s.unit, s.amount) for s in sorted((s for s in decoded if isinstance(s, F.Step)),
                                                              key=lambda s: s.index))
            return Split(self.side, tuple(amounts), steps)
        return Split(self.side, tuple(amounts))

    def __iter__(self) -> Iterator[Split]:
        if self.derived.to_assign[self.side] == 0:
            yield self._empty()
            return
        # One answer set per split: the only choices are the amounts (vector) or the order
        # (sequence); dual units' tiers are decided, not guessed (legal.lp), so no projection.
        if self.representation == "sequence":
            answers = self._solver(SEQUENCE).models()
        else:
            few = self._few_splits()
            if few is not None:
                yield from few
                return
            answers = self._stream()
        for ans in answers:
            yield self._split(ans.decoded)

    def _stream(self) -> Iterator[Answer]:
        """The side's vector splits as clasp finds them. A side that may have more than
        MAX_ENUMERATED_COUNT (never listed whole: only a prefix, ``--limit N``, is taken) is streamed
        from a program of its own under clasp's default search, which finds the first splits of a
        large sum far sooner than the board program's ("crafty": 0.4 s against 0.08 s for 200 damage
        over 20 units); a side that may be listed whole (kill classes go up to 200,000 splits) keeps
        crafty, which lists many splits far faster (2.7 s against 38 s for 46,376)."""
        if self.upper_bound() <= MAX_ENUMERATED_COUNT:
            return board_solver(self.board, self.side).models()
        return self._solver(VECTOR, options=STREAM_SEARCH).models()

    def _few_splits(self) -> tuple[Split, ...] | None:
        """The side's vector splits when there are few (see few_answers), made once per board and side
        (a verb reads them several times: count, listing, kills, the judge's grouping)."""
        def make() -> tuple[Split, ...] | None:
            fast = _closed_few(self.board, self.side, self.derived)
            if fast is not None:
                return fast.splits
            few = few_answers(self.board, self.side)
            if few is None:
                return None
            # in one order, whichever grounding answered (prefetch's or the board's own)
            return tuple(sorted((self._split(ans.decoded) for ans in few), key=lambda s: sorted(s.amounts)))

        return _FEW_SPLITS.remember(side_key(self.board, self.side, self.derived) if is_loaded() else None, make)

    def _empty(self) -> Split:
        return Split(self.side, (), () if self.representation == "sequence" else None)

    def count(self) -> int:
        """How many legal splits, without listing them.

        Vectors with every target given lethal and the leftover free (RB-DMG-9,
        ``excess_damage=free``) are counted by stars and bars over the receivers; the rest are
        enumerated by the solver.
        """
        closed = self._closed_count()
        if closed is not None:
            return closed
        bound = self.upper_bound()
        if bound > MAX_ENUMERATED_COUNT:
            raise TooLargeError(f"the {self.side}'s legal {self.representation}s may number up to {bound:,}: "
                                f"too many to count by enumeration (limit {MAX_ENUMERATED_COUNT:,})")
        if self.representation == "vector":
            few = self._few_splits()
            if few is not None:
                return len(few)
        return self._count()

    def count_at_most(self, limit: int) -> int:
        """The count, or ``limit`` when there are at least that many (the solver stops there)."""
        closed = self._closed_count()
        if closed is not None:
            return min(closed, limit)
        return self._count(limit)

    def _count(self, limit: int = 0) -> int:
        """The solver's count (at most ``limit`` when it is not 0)."""
        if self.representation == "sequence":
            return self._solver(SEQUENCE).count(limit=limit)
        return board_solver(self.board, self.side).count(limit=limit)

    def _closed_count(self) -> int | None:
        """The count when a formula gives it (else None: the solver must enumerate)."""
        d = self.derived
        if d.to_assign[self.side] == 0:
            return 1
        free = self.board.flags.get("excess_damage") == "free"
        if self.representation == "vector" and d.big[self.side] and free:
            n, e = len(d.receivers(self.side)), d.excess[self.side]
            return math.comb(e + n - 1, n - 1)
        if self.representation == "sequence" and d.big[self.side] and not d.duals[self.side]:
            # every target is taken, tier by tier (RB-ORD-2/3), in any order inside a tier
            # (RB-ORD-4); then the leftover (RB-DMG-9): anywhere (free: stars and bars over the
            # receivers), or on the last unit taken or on one unit it may be dumped on (last)
            orders = 1
            for t in (0, 1, 2):
                orders *= math.factorial(sum(1 for v in d.tiers[self.side].values() if v == t))
            n, e, dumps = len(d.receivers(self.side)), d.excess[self.side], len(d.dumps[self.side])
            if e == 0:
                return orders
            if free:
                return orders * math.comb(e + n - 1, n - 1)
            return orders * ((1 if d.targets[self.side] else 0) + dumps)
        return None

    def upper_bound(self) -> int:
        """A quick upper bound of the count (to refuse hopeless enumerations up front)."""
        return _upper_bound(self.board, self.derived, self.side, self.representation)

    # -- check mode ---------------------------------------------------------------------------
    def violations(self, candidate: Split) -> list[Violation]:
        """The rules (ids) that ``candidate`` breaks; empty when it is legal."""
        files = SEQUENCE_CHECK if candidate.steps is not None else VECTOR_CHECK
        return check(rule_files(RULES, files), self._facts + F.split_facts(candidate), consts=self._consts)

    def __contains__(self, candidate: object) -> bool:
        return isinstance(candidate, Split) and candidate.side == self.side and not self.violations(candidate)

    def as_vector(self, candidate: Split) -> Split:
        """The final vector of a sequence (in the receiving side's unit order)."""
        if candidate.steps is None:
            return candidate
        total: dict[str, int] = {}
        for u, a in candidate.steps:
            total[u] = total.get(u, 0) + a
        amounts = sorted(((u, a) for u, a in total.items() if a > 0), key=lambda p: self._rank.get(p[0], 99))
        return Split(candidate.side, tuple(amounts))


def _upper_bound(board: Board, d: Derived, side: str, representation: str) -> int:
    """LegalSplits.upper_bound, from derive.lp's numbers ``d``."""
    n = len(d.receivers(side))
    if n == 0 or d.to_assign[side] == 0:
        return 1
    free = board.flags.get("excess_damage") == "free"
    e = d.excess[side]
    spread = math.comb(e + n - 1, n - 1)
    if d.big[side]:
        if representation == "sequence":
            return math.factorial(n) * (spread if free else n)
        return spread if free else n
    # not everyone can die: at most k units are taken, k - 1 of them with lethal damage
    total = d.to_assign[side]
    lethals = sorted(d.lethal[u] or total for u in d.targets[side])
    k, acc = 0, 0
    while k < len(lethals) and acc < total:
        acc += lethals[k]
        k += 1
    if representation == "sequence":
        return sum(math.perm(n, j) for j in range(1, k + 1))
    return sum(math.comb(n, j) * (n - j + 1) for j in range(0, k + 1))


@dataclass
class Optimum:
    """Every optimal split of one side under an objective (RB-MODEL-7)."""

    side: str
    objective: str
    splits: list[Split] = field(default_factory=list)


def fewer_splits(side: str, *, stated: bool = False) -> str:
    """What to change when ``side`` has too many legal splits to weigh: its splits are its damage (its units' Might)
    spread over the other side's units (RB-DMG-3); ``stated``: a split stated in the file stands in for the best one."""
    opp = "attacker" if side == "defender" else "defender"
    return (f"give the {opp} fewer units or the {side} less Might"
            + (f", or state the {side}'s split in the file (`splits:`; odds then deals it)" if stated else "")
            + f"; `pycombat enumerate --side {side} --limit N` lists its first N splits")


def check_custom_weights(board: Board, objective: str, scored: bool = False) -> None:
    """RB-MODEL-7 [best_split_objective=custom]: the objective weighs the units' ``value:``; with no unit of the
    board holding one (and no scoring function, ``scored``) it has nothing to weigh and is refused, never replaced
    by another objective. The one check of every verb that picks a best split (optimize, tree, odds)."""
    if objective == "custom" and not scored and not any(u.value is not None for u in board.attacker + board.defender):
        raise ScenarioError("best_split_objective=custom weighs the units' `value:`; no unit of this scenario has one "
                            "(or call pycombat.games.riftbound.damage.optimize with a scoring function)")


#: a side whose splits all tie (every target given lethal) has them listed by clingo's optN, in its order, only up to
#: this many: past it the closed form lists them (optN took 2.9 s for the 136 ties of 75 damage over 16 units, and ran
#: past two minutes for the 8,855 of 97 damage over 20; listing them through the solver took as long)
MAX_TIED_BY_CLINGO = 100


def _all_tied(board: Board, side: str, d: Derived, count: int) -> list[Split] | None:
    """RB-MODEL-3: when ``side``'s total gives every target lethal damage, every legal split kills the same units, so
    optimize.lp (which weighs only the units that die) ties them all and every legal split is optimal: listed by
    the closed form (:func:`.closed.vector_splits`'s compositions) when there are more than MAX_TIED_BY_CLINGO of them.
    None: clingo answers (fewer, in its order, or no closed form)."""
    if not d.big[side] or count <= MAX_TIED_BY_CLINGO or not _closed_on():
        return None
    flags = closed._flags(board)
    if flags is None or any(u.doubled > closed.MAX_DOUBLED for u in board.side(other(side))):
        return None
    receivers = d.receivers(side)
    rows = [tuple((u, v[u]) for u in receivers if v.get(u, 0) > 0) for v in closed._vectors(d, side, flags)]
    return sorted((Split(side, amounts) for amounts in rows), key=lambda s: sorted(s.amounts))


def best_splits(board: Board, side: str, *, objective: str | None = None, protect: Sequence[str] = (),
                values: Mapping[str, Fraction] | None = None) -> Optimum:
    """Every split of ``side`` that is optimal under ``objective`` (default: the board's
    ``best_split_objective`` flag), sparing ``protect`` first (clingo's optN mode)."""
    objective = objective or board.flags.get("best_split_objective", "kills_then_might")
    view = LegalSplits(board, side, representation="vector")
    if view.derived.to_assign[side] == 0:
        return Optimum(side, objective, [view._empty()])
    bound = view.upper_bound()  # estimated before solving: clingo proves optimality over them all
    if bound > MAX_OPTIMIZED_SPLITS:  # a loose bound: count, stopping past the limit
        n = view.count_at_most(MAX_OPTIMIZED_SPLITS + 1)
        bound = bound if n > MAX_OPTIMIZED_SPLITS else n
    if bound > MAX_OPTIMIZED_SPLITS:
        raise TooLargeError(f"the {side} may have up to {bound:,} legal splits: too many to find the best ones "
                            f"(limit {MAX_OPTIMIZED_SPLITS:,}); {fewer_splits(side, stated=True)}")
    tied = _all_tied(board, side, view.derived, bound)
    if tied is not None:
        return Optimum(side, objective, tied)
    extra = [F.Protect(unit=u) for u in protect if u in {x.name for x in board.side(other(side))}]
    extra += F.value_facts(values or {})
    solver = Solver(files=rule_files(RULES, OPTIMIZE), consts={**view._consts, "best_split_objective": objective},
                    facts=view._facts + extra, decoder=Decoder(F.OUTPUT_PREDICATES))
    seen, out = set(), []
    answers = solver.optimize()
    if not answers:
        # No split can kill anything the objective weighs (every #maximize/#minimize is empty
        # once grounded), so clingo does not optimize at all: every legal split ties.
        answers = list(solver.models())
    for ans in answers:
        s = view._split(ans.decoded)
        if s.amounts not in seen:  # (defensive: one answer set per split)
            seen.add(s.amounts)
            out.append(s)
    return Optimum(side, objective, out)
