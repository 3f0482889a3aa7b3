"""The ASP engine: the only package of pycombat that imports clingo.

It knows nothing about any game.  A game hands it rule files (``.lp`` resources shipped in
the package), constants (one ``#const`` per interpretation flag) and facts (clorm
predicates or clingo symbols), and asks it to

* stream answer sets lazily (:meth:`Solver.models`), decoded through a symbol map that is
  built once after grounding (never by parsing strings);
* count them (:meth:`Solver.count`), optionally projected;
* optimize (:meth:`Solver.optimize`);
* answer brave / cautious questions (:meth:`Solver.brave`, :meth:`Solver.cautious`);
* check a candidate (:func:`check`): the candidate is added as facts to a program whose
  legality rules derive ``violation(RuleId, Detail)`` atoms instead of failing, and the
  violations are reported with the rule ids that decide them.
* ground a program in two parts on one Control (:class:`Staged`: a deterministic first part read
  off the grounding, then the rules that need switches, each question under its own switches);
* answer many small instances of one program from one grounding (:class:`Instances`: what
  ``pycombat batch`` uses for a chunk of Riftbound boards, and of MECCG attacks);
* read a deterministic program off the kept grounding of another one that holds its first part
  (:meth:`Solver.then_facts`: more rules grounded on it, their facts read without a solve);
* answer a deterministic program for one scenario after another on one long-lived Control
  (:class:`Judge`, :func:`judged_facts`: each scenario one more instance of the program, grounded
  alone and read off its grounding; what the Python API uses for the games' attack verdicts).

Every query takes ``assumptions``, ``(atom, value)`` pairs that hold in the answers it asks about,
so one grounding answers several questions.  An atom declared ``#external`` is false unless a
query assumes it true, for that query only: a game grounds one program with the switches it needs
(Riftbound: ``assigning(S)`` for each side) and asks each question under its own switches.

clingo's informational messages are routed to the ``pycombat.solver`` logger, never printed.

Its modules: :mod:`~pycombat.solver.symbols` (symbols to Python and back, decoders, answers),
:mod:`~pycombat.solver.programs` (rule files, parsed once per process),
:mod:`~pycombat.solver.cache` (the loaded solver: grounded programs and answers kept, game memos),
:mod:`~pycombat.solver.solve` (:class:`Solver`, :func:`check`), :mod:`~pycombat.solver.staged`
(:class:`Staged`),
:mod:`~pycombat.solver.instances` (:class:`Instances`) and :mod:`~pycombat.solver.incremental`
(:class:`Judge`).

Example (a tiny program given as text):

>>> s = Solver(texts=["{ p(1..3) } = 1. #show p/1."])
>>> s.count()
3
>>> sorted(to_python(a) for m in s.models() for a in m.symbols)
[('p', 1), ('p', 2), ('p', 3)]
"""
from __future__ import annotations

from .cache import Memo, clear_caches, is_loaded, loaded_stats, memo, set_loaded
from .closed import asp_only, closed_forms
from .incremental import MAX_JUDGED, Judge, judged_facts, set_judging
from .instances import MAX_INSTANCES, Instances
from .programs import ASP_PACKAGE, RULES_DIR_VARIABLE, clingo_version, parse_rules, rule_files
from .solve import Solver, check, check_answer
from .staged import Staged
from .symbols import Answer, Decoder, FactLike, Violation, predicate, symbol_of, to_python, to_symbol

__all__ = [
    "ASP_PACKAGE",
    "asp_only",
    "closed_forms",
    "MAX_INSTANCES",
    "MAX_JUDGED",
    "RULES_DIR_VARIABLE",
    "Answer",
    "Decoder",
    "FactLike",
    "Instances",
    "Judge",
    "Memo",
    "Solver",
    "Staged",
    "Violation",
    "check",
    "check_answer",
    "clear_caches",
    "clingo_version",
    "is_loaded",
    "judged_facts",
    "loaded_stats",
    "memo",
    "parse_rules",
    "rule_files",
    "set_judging",
    "set_loaded",
    "symbol_of",
    "to_python",
    "to_symbol",
]
