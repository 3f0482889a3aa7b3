"""The game-neutral engine (pycombat.solver) on small programs whose answers are known."""
from __future__ import annotations

import logging

import pytest
from clorm import IntegerField, Predicate

from pycombat.errors import SolverError
from pycombat.solver import Decoder, Solver, Violation, check, to_python

CHOOSE = "{ p(1..4) } = 2. #show p/1."


class P(Predicate):
    n = IntegerField

    class Meta:
        name = "p"


def test_models_stream_lazily_and_decode_to_clorm():
    s = Solver(texts=[CHOOSE], decoder=Decoder([P]))
    it = s.models()
    first = next(it)
    assert all(isinstance(a, P) for a in first.decoded) and len(first.decoded) == 2
    rest = list(it)
    assert 1 + len(rest) == 6  # C(4, 2)
    assert len({frozenset(a.n for a in m.decoded) for m in [first, *rest]}) == 6


def test_count_limit_and_projection():
    s = Solver(texts=["{ p(1..3) }. q(X) :- p(X), X < 3. #show q/1."])
    assert s.count() == 8
    assert s.count(project=True) == 4  # projected on q(1), q(2)
    assert len(list(s.models(limit=3))) == 3


def test_brave_and_cautious():
    s = Solver(texts=["a. { b; c } = 1. #show a/0. #show b/0. #show c/0."])
    assert sorted(s.brave()) == ["a", "b", "c"]
    assert s.cautious() == ["a"]
    assert Solver(texts=["a. :- a."]).brave() is None


def test_optimize_returns_all_optimal_models():
    s = Solver(texts=["{ p(1..4) } = 2. #minimize { X : p(X) }. #show p/1."])
    best = s.optimize()
    assert [sorted(to_python(x) for x in m.symbols) for m in best] == [[("p", 1), ("p", 2)]]
    assert best[0].cost == (3,)


def test_facts_consts_and_check_mode():
    facts = [P(n=1), P(n=5)]
    text = "#const limit = 3.\nviolation(\"TEST-1\", too_big(X)) :- p(X), X > limit."
    s = Solver(texts=[text, "#show violation/2."], facts=facts, consts={"limit": "4"})
    (answer,) = list(s.models())
    assert [to_python(x) for x in answer.symbols] == [("violation", "TEST-1", ("too_big", 5))]


def test_check_reads_violations(tmp_path):
    lp = tmp_path / "rules.lp"
    lp.write_text('violation("TEST-2", p(X)) :- p(X), X > 2.\n')
    assert check([lp], [P(n=1), P(n=3)]) == [Violation("TEST-2", ("p", 3))]
    assert check([lp], [P(n=1)]) == []


def test_check_mode_refuses_a_nondeterministic_program(tmp_path):
    lp = tmp_path / "rules.lp"
    lp.write_text("{ a }.\n")
    with pytest.raises(SolverError, match="exactly one answer set"):
        check([lp], [])


def test_syntax_error_is_a_solver_error():
    with pytest.raises(SolverError, match="does not parse"):
        Solver(texts=["p(."]).count()


def test_clingo_messages_go_to_logging(caplog, capfd):
    caplog.set_level(logging.INFO, logger="pycombat.solver")
    Solver(texts=["p :- q. #show p/0."]).count()  # q is undefined: clingo says so
    assert any("atom does not occur" in r.getMessage() or "undefined" in r.getMessage() for r in caplog.records)
    out, err = capfd.readouterr()
    assert out == "" and err == ""
