"""The judge (:mod:`pycombat.solver.incremental`): scenario after scenario grounded as instances of one
program on one long-lived Control, each answer read off its grounding. Every answer must be the one a
fresh Control gives the same facts alone (checked against :class:`pycombat.solver.Solver` on
hypothesis-drawn facts), a program that is not a set of facts once grounded is left to the caller
(None), and the Control is replaced after its bound of instances."""
from __future__ import annotations

import clingo
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from pycombat.errors import SolverError
from pycombat.solver import Judge, Solver, clear_caches, judged_facts, set_judging, set_loaded, to_python

#: a stratified program: negation, an aggregate, a constant, a pool, a rule with no positive body
#: atom, a static fact and a #defined input
PROGRAM = """
#const bonus = 1.
#defined blocked/1.
base_value(10).
edge(X, Y) :- link(X, Y).
edge(X, Y) :- link(Y, X).
reach(X) :- start(X).
reach(Y) :- reach(X), edge(X, Y), not blocked(Y).
cut(X) :- node(X), not reach(X).
size(N + bonus) :- N = #count { X : reach(X) }.
total(B + S) :- base_value(B), S = #sum { X : reach(X) }.
lonely :- not start(_).
tag(X, (a; b)) :- cut(X).
#show reach/1.
"""
ASKED = (("reach", 1), ("cut", 1), ("size", 1), ("total", 1), ("lonely", 0), ("tag", 2))
NODES = st.integers(0, 5)


@st.composite
def fact_sets(draw):
    f = clingo.Function
    n = clingo.Number
    facts = [f("node", [n(x)]) for x in draw(st.sets(NODES, max_size=6))]
    facts += [f("link", [n(a), n(b)]) for a, b in draw(st.sets(st.tuples(NODES, NODES), max_size=8))]
    facts += [f("start", [n(x)]) for x in draw(st.sets(NODES, max_size=2))]
    facts += [f("blocked", [n(x)]) for x in draw(st.sets(NODES, max_size=2))]
    return facts


def _alone(facts, consts=None):
    """The asked atoms of the program with ``facts``, from a fresh Control and a solve (the brute force)."""
    shows = "#show.\n" + "".join(f"#show {n}/{a}.\n" for n, a in ASKED)
    models = list(Solver(texts=[PROGRAM, shows], facts=facts, consts=consts or {}).models(limit=2))
    assert len(models) == 1
    return sorted((to_python(s) for s in models[0].symbols), key=repr)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(fact_sets(), min_size=1, max_size=12), st.integers(1, 5))
def test_each_answer_is_that_of_the_facts_alone(batches, limit):
    judge = Judge(texts=[PROGRAM], signatures=ASKED, limit=limit)
    for facts in batches:
        assert sorted(judge.ask(facts), key=repr) == _alone(facts)
    # a new Control every `limit` instances (memory bounded), none more
    assert judge.controls == -(-len(batches) // limit)
    assert judge.judged == len(batches)


def test_constants_are_the_judges():
    facts = [clingo.Function("start", [clingo.Number(3)])]
    for bonus in ("1", "7"):
        got = Judge(texts=[PROGRAM], signatures=ASKED, consts={"bonus": bonus}).ask(facts)
        assert sorted(got, key=repr) == _alone(facts, {"bonus": bonus})
        assert ("size", 1 + int(bonus)) in got


@pytest.mark.parametrize("program", [
    "{ p(X) } :- s(X).",            # a choice: two answer sets
    "p(X) :- s(X), not q(X). q(X) :- s(X), not p(X).",  # unstratified: two answer sets
    ":- s(X).",                     # a constraint that holds: no answer set
    "#external e(X) : s(X). p(X) :- e(X).",
])
def test_what_grounding_does_not_make_facts_is_left_to_the_caller(program):
    judge = Judge(texts=[program], signatures=[("p", 1)])
    assert judge.ask([clingo.Function("s", [clingo.Number(1)])]) is None
    # the next scenario, whose program is facts, is answered on the same Control
    assert judge.ask([]) == []
    assert judge.controls == 1


def test_a_shown_atom_that_is_no_fact_is_left_to_the_caller():
    judge = Judge(texts=["{ q(X) } :- s(X). p(X) :- q(X)."], signatures=[("p", 1)])
    assert judge.ask([clingo.Function("s", [clingo.Number(1)])]) is None


def test_statements_it_cannot_rewrite_are_refused():
    with pytest.raises(SolverError, match="Minimize"):
        Judge(texts=["p(1). #minimize { 1 : p(1) }."], signatures=[("p", 1)])
    with pytest.raises(SolverError, match="base program part"):
        Judge(texts=["#program other. p(1)."], signatures=[("p", 1)])


def test_judged_facts_keeps_one_judge_a_program_and_follows_the_switches():
    clear_caches(keep_parsed=True)
    facts = [clingo.Function("start", [clingo.Number(2)])]
    assert sorted(judged_facts(texts=[PROGRAM], facts=facts, signatures=ASKED), key=repr) == _alone(facts)
    assert sorted(judged_facts(texts=[PROGRAM], facts=facts, signatures=ASKED), key=repr) == _alone(facts)
    from pycombat.solver.cache import _JUDGES
    (judge,) = _JUDGES.values()
    assert judge.judged == 2 and judge.controls == 1
    previous = set_judging(False)
    try:
        assert judged_facts(texts=[PROGRAM], facts=facts, signatures=ASKED) is None
    finally:
        set_judging(previous)
    previous = set_loaded(False)  # afresh means afresh
    try:
        assert judged_facts(texts=[PROGRAM], facts=facts, signatures=ASKED) is None
    finally:
        set_loaded(previous)
    clear_caches(keep_parsed=True)
    assert not _JUDGES
