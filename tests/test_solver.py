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


def test_then_facts_reads_a_second_program_off_a_kept_grounding():
    """Rules grounded on a program's kept grounding (Solver.then_facts): the atoms that are facts then
    (the first program's and the new ones), the first program's choices left out; its answers kept."""
    from pycombat.solver import clear_caches

    clear_caches(keep_parsed=True)
    first = Solver(texts=["item(1..3). { pick(X) : item(X) } 1. #show pick/1."])
    answers = [sorted(str(s) for s in m.symbols) for m in first.models()]
    assert len(answers) == 4
    got = first.then_facts(texts=["big(X) :- item(X), X > 1. none :- not item(4)."],
                           signatures=[("big", 1), ("none", 0), ("pick", 1), ("item", 1)])
    want = [("big", 2), ("big", 3), "none", ("item", 1), ("item", 2), ("item", 3)]
    assert sorted(got, key=str) == sorted(want, key=str)
    assert [sorted(str(s) for s in m.symbols) for m in first.models()] == answers  # (from the cache)
    assert first.then_facts(texts=["x."], signatures=[("x", 0)]) is None  # the grounding left the cache


def test_then_facts_refuses_what_is_no_fact_and_answers_none_without_a_grounding():
    from pycombat.solver import clear_caches

    clear_caches(keep_parsed=True)
    s = Solver(texts=["{ p }. q."])
    assert s.then_facts(texts=["r."], signatures=[("r", 0)]) is None  # never grounded: nothing kept
    assert s.count() == 2
    assert s.then_facts(texts=["r :- p."], signatures=[("r", 0)]) is None  # a new atom that is no fact
    s2 = Solver(texts=["{ p }. q. t."])
    s2.count()
    with pytest.raises(SolverError):
        s2.then_facts(texts=["#program other. r."], signatures=[("r", 0)])


def test_instances_facts_of_many_instances_with_every_kind_of_fact():
    """The instances' facts are written once per fact with the instance's number put in: arities 0 to 2,
    strings with parentheses and commas; each instance reads back its own, and again from the lines kept."""
    import clingo

    from pycombat.solver import Instances, clear_caches

    def f(name, *args):
        return clingo.Function(name, [clingo.String(a) if isinstance(a, str) else clingo.Number(a) for a in args])

    per = [[f("flag"), f("s", "a(b, c)"), f("w", "x", 3)], [f("s", ")(,"), f("w", "(", -2)], [f("s", "a(b, c)")], []]
    want = [["('t', 'a(b, c)')", "('u', 'x', 3)", "g"], ["('t', ')(,')", "('u', '(', -2)"], ["('t', 'a(b, c)')"], []]
    clear_caches(keep_parsed=True)
    for _ in range(2):
        inst = Instances(texts=["t(X) :- s(X). u(X, Y) :- w(X, Y). g :- flag. #defined flag/0."], instances=per)
        got = inst.facts([("t", 1), ("u", 2), ("g", 0)])
        assert [sorted(map(str, g)) for g in got] == want


_STAGED_FIRST = """
#defined on/1. #defined strict/0.
heavy(X) :- weight(X, W), W > 2. light(X) :- weight(X, W), W <= 2.
#show light/1.
"""
_STAGED_MORE = """
{ pick(X) : item(X), on(X) }.
:- #sum { W, X : pick(X), weight(X, W) } > C, cap(C).
:- strict, pick(X), pick(Y), X < Y, weight(X, W), weight(Y, W).
total(S) :- S = #sum { W, X : pick(X), weight(X, W) }.
#show pick/1. #show total/1.
#show heavy(X) : heavy(X), not on(X).
"""


def test_staged_program_equals_the_whole_program_under_the_same_switches():
    """A program grounded in two parts on one Control (Staged): the first part's facts read off the
    grounding, and the answer sets under each set of switches (the rest false), against the whole
    program as one Solver with the switches as facts; more than ``limit`` answers give None."""
    import itertools

    import clingo
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from pycombat.solver import Staged

    def num(name, *args):
        return clingo.Function(name, [clingo.Number(a) for a in args])

    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 6), st.lists(st.integers(1, 4), max_size=4), st.data())
    def check_one(cap, weights, data):
        facts = [num("cap", cap)] + [f for x, w in enumerate(weights) for f in (num("item", x), num("weight", x, w))]
        switches = [num("on", x) for x in range(len(weights))] + [clingo.Function("strict")]
        staged = Staged(texts=[_STAGED_FIRST], facts=facts)
        got = staged.facts([("heavy", 1), ("light", 1)])
        assert sorted(map(str, got)) == sorted([f"('heavy', {x})" for x, w in enumerate(weights) if w > 2]
                                               + [f"('light', {x})" for x, w in enumerate(weights) if w <= 2])
        staged.more(texts=[_STAGED_MORE], externals=switches)
        chosen = data.draw(st.lists(st.sampled_from(switches), unique=True, max_size=3))
        limit = data.draw(st.sampled_from([0, 1, 3]))
        whole = Solver(texts=[_STAGED_FIRST, _STAGED_MORE], facts=facts + chosen)
        expected = sorted(tuple(sorted(map(str, m.symbols))) for m in whole.models())
        answers = staged.answers(chosen, limit=limit)
        if limit and len(expected) > limit:
            assert answers is None
        else:
            assert sorted(tuple(sorted(map(str, a.symbols))) for a in answers) == expected
        # every switch off: the first part's one answer (plus the totals of no pick)
        assert len(staged.answers()) == 1
        # the power set is never mixed up: with every item on, the count is the subsets under the cap
        every = staged.answers(switches[:-1])
        fits = sum(1 for k in range(len(weights) + 1) for c in itertools.combinations(weights, k) if sum(c) <= cap)
        assert len(every) == fits

    check_one()


def test_staged_refuses_unknown_switches_and_a_second_more():
    import clingo

    from pycombat.solver import Staged

    s = Staged(texts=["{ a }."])
    assert s.facts([("a", 0)]) is None  # a choice decides it: no fact
    s.more(texts=["b :- c."], externals=[clingo.Function("c")])
    with pytest.raises(SolverError, match="not an external"):
        s.answers([clingo.Function("d")])
    with pytest.raises(SolverError, match="once"):
        s.more(texts=["e."])
    for first, more in (("a.", "a :- b. #external b."), ("{ a }.", "a."), ("c :- a.", "a."), ("b :- c.", "c :- d.")):
        with pytest.raises(SolverError, match="define what the first part"):
            Staged(texts=[first]).more(texts=[more])
    with pytest.raises(SolverError, match="define what the first part"):  # (a fact of the first part)
        Staged(facts=[clingo.Function("a")]).more(texts=["a :- b. #external b."])


def test_a_fact_whose_name_clingo_would_read_otherwise_is_refused():
    """A fact is printed and parsed again: a function name that is not a clingo name (an upper-case word reads as a
    variable; "x). bad(1" as a second rule) is refused, never pasted into the program; a string holding the same
    text is printed quoted and reads back as itself."""
    import clingo
    import pytest

    from pycombat.solver.symbols import _fact_line

    for bad in ("x). bad(1", "Gondor", "two words"):
        with pytest.raises(ValueError, match="not a name clingo reads back"):
            _fact_line(clingo.Function("nation", [clingo.Function(bad)]))
    line = _fact_line(clingo.Function("nation", [clingo.String("x). bad(1")]))
    assert clingo.parse_term(line.rstrip(".\n")) == clingo.Function("nation", [clingo.String("x). bad(1")])
    assert _fact_line(clingo.Function("unit", [clingo.Function("_hidden_a1'"), clingo.Number(3)])) == "unit(_hidden_a1',3).\n"
