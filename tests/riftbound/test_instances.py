"""Many instances of one program in one grounding (``solver.Instances``), against the
plain one-program-per-instance path it replaces in ``pycombat batch``.

* the engine: random knapsack-like programs with externals, choices and aggregates: each
  instance's facts (its deterministic part) and each case's answer sets equal a
  :class:`~pycombat.solver.Solver` of that instance alone, under the same externals;
* Riftbound: random boards (the brute-force tests' strategy: every keyword and flag) answered by
  ``splits.prefetch`` give the same derive.lp numbers and the same splits, with what they leave,
  as each board's own grounding, and so does one board grounded in two parts on one Control
  (``splits._staged``, the path of a single API call) against the board's own programs;
* ``pycombat batch`` on every Riftbound example and verb writes the same lines with the game's
  prefetch as without it.
"""
from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import clingo
import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_riftbound_bruteforce import boards

import pycombat
from pycombat import registry, solver
from pycombat.batch import run_batch
from pycombat.errors import SolverError
from pycombat.games.riftbound.damage import splits
from pycombat.games.riftbound.model import Unit

SETTINGS = settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
EX = Path(pycombat.__file__).resolve().parent.parent / "examples" / "riftbound"

PROGRAM = """
#external on(X) : item(X).
#external strict.
{ pick(X) : item(X), on(X) }.
:- #sum { W, X : pick(X), weight(X, W) } > C, cap(C).
:- strict, pick(X), pick(Y), X < Y, weight(X, W), weight(Y, W).
total(S) :- S = #sum { W, X : pick(X), weight(X, W) }.
heavy(X) :- weight(X, W), W > 2. light(X) :- weight(X, W), W <= 2.
none :- not pick(_).
#show pick/1. #show total/1. #show none/0. #show light/1.
#show heavy(X) : heavy(X), not on(X).
"""


#: PROGRAM in two parts (Instances.cases(texts=...)): the switches are inputs no rule defines, the
#: rules that need them are grounded with the cases
FIRST = """
#defined on/1. #defined strict/0.
heavy(X) :- weight(X, W), W > 2. light(X) :- weight(X, W), W <= 2.
#show light/1.
"""
MORE = """
{ pick(X) : item(X), on(X) }.
:- #sum { W, X : pick(X), weight(X, W) } > C, cap(C).
:- strict, pick(X), pick(Y), X < Y, weight(X, W), weight(Y, W).
total(S) :- S = #sum { W, X : pick(X), weight(X, W) }.
none :- not pick(_).
#show pick/1. #show total/1. #show none/0.
#show heavy(X) : heavy(X), not on(X).
"""


def _item(x: int, w: int) -> list:
    return [clingo.Function("item", [clingo.Number(x)]),
            clingo.Function("weight", [clingo.Number(x), clingo.Number(w)])]


@st.composite
def instances(draw):
    out = []
    for _ in range(draw(st.integers(1, 5))):
        facts = [clingo.Function("cap", [clingo.Number(draw(st.integers(0, 8)))])]
        for x in range(draw(st.integers(0, 4))):
            facts += _item(x, draw(st.integers(1, 4)))
        out.append(facts)
    return out


def _alone(facts, true_atoms=()) -> list[frozenset]:
    """Every answer set of one instance alone, its externals false but ``true_atoms``."""
    s = solver.Solver(texts=[PROGRAM], facts=facts)
    ext = [(clingo.Function("on", [f.arguments[0]]), False) for f in facts if f.name == "item"]
    ext.append((clingo.Function("strict"), False))
    true = set(true_atoms)
    assumed = [(a, a in true) for a, _ in ext]
    return sorted(_set(m) for m in s.models(assumptions=assumed))


def _set(answer) -> tuple[str, ...]:
    return tuple(sorted(map(str, answer.symbols)))


@SETTINGS
@given(instances(), st.data(), st.booleans())
def test_instances_equal_each_program_alone(insts, data, two_parts):
    """One program for many instances, whole or in two parts (the rules that need a switch grounded
    with the cases), against each instance alone under the same switches."""
    many = solver.Instances(texts=[FIRST if two_parts else PROGRAM], instances=insts)
    known = many.facts([("heavy", 1), ("light", 1)])
    assert known is not None and len(known) == len(insts)
    for facts, got in zip(insts, known):
        (alone,) = _alone(facts)  # every external false: one answer set
        weights = sorted(a for a in alone if a.startswith(("heavy(", "light(")))
        assert sorted(str(solver.symbol_of(x)) for x in got) == weights
    if not two_parts:
        # total/1 and none/0 depend on the choice: not facts where an item may be picked
        for sig in (("total", 1), ("none", 0)):
            assert (many.facts([sig]) is None) == any(f.name == "item" for facts in insts for f in facts)
    cases = []
    for i, facts in enumerate(insts):
        items = [f.arguments[0] for f in facts if f.name == "item"]
        switches = [clingo.Function("on", [x]) for x in items] + [clingo.Function("strict")]
        for _ in range(data.draw(st.integers(0, 2))):
            chosen = data.draw(st.lists(st.sampled_from(switches), min_size=1, max_size=3, unique=True))
            cases.append((i, chosen))
    limit = data.draw(st.sampled_from([0, 1, 3]))
    got = many.cases(cases, limit=limit, texts=[MORE] if two_parts else [])
    assert len(got) == len(cases)
    for (i, chosen), answers in zip(cases, got):
        expected = _alone(insts[i], chosen)
        if limit and len(expected) > limit:
            assert answers is None
        else:
            assert answers is not None
            assert sorted(map(_set, answers)) == expected
            assert [a.number for a in answers] == list(range(1, len(answers) + 1))


def test_instances_refuse_what_they_cannot_answer():
    many = solver.Instances(texts=[PROGRAM], instances=[_item(1, 1)])
    with pytest.raises(SolverError, match="neither an external"):
        many.cases([(0, [clingo.Function("pick", [clingo.Number(1)])])])
    # in two parts: a switch is an input that no rule defines (a rule of either part), no fact gives
    # and the first part does not read (it was grounded before any switch could be on) ...
    one = clingo.Function("on", [clingo.Number(1)])
    for first, more, switch in ((FIRST, MORE, clingo.Function("pick", [clingo.Number(1)])),
                                (FIRST + "on(X) :- weight(X, 9).", MORE, one),
                                (FIRST + "seen :- on(1).", MORE, one),
                                (FIRST, MORE + "on(X) :- pick(X).", one),
                                (FIRST, MORE, clingo.Function("item", [clingo.Number(1)]))):
        with pytest.raises(SolverError, match="neither an external"):
            solver.Instances(texts=[first], instances=[_item(1, 1)]).cases([(0, [switch])], texts=[more])
    # ... and the rules added with the cases define nothing the first part uses
    for more in (MORE + "light(7).", MORE + "weight(1, 1) :- pick(1)."):
        with pytest.raises(SolverError, match="define what the first part uses"):
            solver.Instances(texts=[FIRST], instances=[_item(1, 1)]).cases([(0, [one])], texts=[more])
    with pytest.raises(SolverError, match="instances"):
        solver.Instances(texts=["#minimize { 1 : a }. {a}."], instances=[[]])
    with pytest.raises(SolverError, match="1 to"):
        solver.Instances(texts=[PROGRAM], instances=[[]] * (solver.MAX_INSTANCES + 1))
    # an atom a choice decides is no fact
    assert solver.Instances(texts=["{ a }."], instances=[[]]).facts([("a", 0)]) is None
    # an instance without exactly one answer set when every external is false: nothing to trust
    for text in ("{ a }.", "b. :- b, not c. #external c."):
        many = solver.Instances(texts=[PROGRAM, text], instances=[_item(1, 1), _item(2, 2)])
        with pytest.raises(SolverError, match="every external false"):
            many.cases([(0, [clingo.Function("strict")])])


def _answers(board, side):
    got = splits.few_answers(board, side)
    listed = [s.amounts for s in splits.LegalSplits(board, side)]
    return listed, None if got is None else sorted(map(_set, got))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(boards(max_defenders=3), min_size=1, max_size=solver.MAX_INSTANCES + 3))
def test_riftbound_prefetch_equals_each_board_alone(board_list):
    solver.clear_caches(keep_parsed=True)
    splits.prefetch(board_list)
    together = [(splits.derive(b), {s: _answers(b, s) for s in ("attacker", "defender")}) for b in board_list]
    solver.clear_caches(keep_parsed=True)
    for b, (derived, answers) in zip(board_list, together):
        assert splits.derive(b) == derived
        for side in ("attacker", "defender"):
            alone = _answers(b, side)
            # the same answers (with what each split leaves), and the same listing in the same order
            assert answers[side] == alone, (side, b)


@st.composite
def same_question(draw):
    """A board, and one whose attackers differ but whose attacker listing asks the same question (the
    same splits.side_key): renamed, split Might, other keywords, units that deal nothing added."""
    board = draw(boards(max_defenders=3))
    out = []
    for i, u in enumerate(board.attacker):
        k = draw(st.integers(-2, 2))  # the same current Might, printed otherwise
        out.append(dataclasses.replace(
            u, name=f"x{i}", might=u.might - k, might_changes=u.might_changes + ((k,) if k else ()),
            tank=draw(st.booleans()), backline=draw(st.booleans()), immune=draw(st.booleans()),
            prevent=draw(st.integers(0, 2)), prevent_all=draw(st.booleans()), doubled=draw(st.integers(0, 1)),
            marked=0))
    for j in range(draw(st.integers(0, 2))):  # units that add nothing to the total (RB-DMG-2, RB-MIGHT-3)
        kind = draw(st.sampled_from(["stunned", "no_combat_damage", "weak"]))
        out.append(Unit(name=f"y{j}", side="attacker", might=0 if kind == "weak" else draw(st.integers(1, 5)),
                               stunned=kind == "stunned", no_combat_damage=kind == "no_combat_damage"))
    return board, dataclasses.replace(board, attacker=tuple(out))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(same_question())
def test_boards_that_pose_the_same_question_share_its_answer(pair):
    """The assigning side's listing is remembered by splits.side_key, which leaves out its own units
    but for their total: two boards that share a key (checked) but not their attackers get each the
    answers of its own grounding, whichever was answered first and whether prefetched or not."""
    first, second = pair
    solver.clear_caches(keep_parsed=True)
    alone = [{s: _answers(b, s) for s in ("attacker", "defender")} for b in (first, second)]
    for b in (first, second):
        solver.clear_caches(keep_parsed=True)
        alone.append({s: _answers(b, s) for s in ("attacker", "defender")})
    alone = alone[2:]
    # the same total (derive.lp: nothing the second board changed or added deals damage) ...
    assert splits.derive(first).to_assign["attacker"] == splits.derive(second).to_assign["attacker"]
    # ... so the same question: one memo entry serves both
    assert splits.side_key(first, "attacker") == splits.side_key(second, "attacker")
    for order in ((first, second), (second, first)):
        for prefetched in (False, True):
            solver.clear_caches(keep_parsed=True)
            if prefetched:
                splits.prefetch(list(order))
            got = {b.key(): {s: _answers(b, s) for s in ("attacker", "defender")} for b in order}
            assert [got[first.key()], got[second.key()]] == alone, (order, prefetched)


def test_facts_values_are_the_fields_of_the_fact():
    """facts.values reads clorm's own tuple of field values: it must stay what iterating gives."""
    from pycombat.games.riftbound.damage import facts as F

    for fact in (F.Assign(side="attacker", unit="Émile \"x\"", amount=-3), F.Tier(side="defender", unit="u", tier=2),
                 F.DamageStep(), F.Lethal(unit="a", lethal=4)):
        assert F.values(fact) == tuple(fact)
        decoded = solver.Decoder([type(fact)])(fact.raw)  # (as the solver's answers come)
        assert F.values(decoded) == tuple(fact) and type(decoded) is type(fact)


@pytest.mark.parametrize("verb", ["enumerate", "odds", "verify", "optimize"])
def test_batch_with_prefetch_writes_the_lines_of_each_scenario_alone(verb, monkeypatch):
    files = [str(p) for p in sorted(EX.glob("*.yaml"))]
    solver.clear_caches(keep_parsed=True)
    with_prefetch = io.StringIO()
    run_batch(files, verb, out=with_prefetch, workers=1)
    game = registry.get("riftbound")
    assert game.prefetch is not None
    monkeypatch.setitem(registry._GAMES, "riftbound", dataclasses.replace(game, prefetch=None))
    solver.clear_caches(keep_parsed=True)
    alone = io.StringIO()
    run_batch(files, verb, out=alone, workers=1)
    lines = [_untimed(line) for line in with_prefetch.getvalue().splitlines()]
    assert len(lines) == len(files)
    assert lines == [_untimed(line) for line in alone.getvalue().splitlines()]
    assert any("error" not in line for line in lines)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_defenders=3))
def test_riftbound_one_staged_grounding_equals_the_boards_own_programs(board):
    """A new board's numbers and listed sides from one Control in two parts (splits._staged, what
    derive does with the loaded solver) against the board's own programs (derive.lp's, then each
    side's board program)."""
    solver.clear_caches(keep_parsed=True)
    staged = (splits.derive(board), {s: _answers(board, s) for s in ("attacker", "defender")})
    solver.clear_caches(keep_parsed=True)
    original = splits._staged
    splits._staged = lambda b: None
    try:
        alone = (splits.derive(board), {s: _answers(board, s) for s in ("attacker", "defender")})
    finally:
        splits._staged = original
        solver.clear_caches(keep_parsed=True)
    assert staged == alone, board


def _untimed(line: str) -> dict:
    got = json.loads(line)
    got.get("result", {}).pop("seconds", None)  # (optimize says how long it took)
    return got


def test_a_failing_prefetch_leaves_the_verbs_to_answer(monkeypatch):
    files = [str(EX / "seed_example.yaml")]
    expected = io.StringIO()
    run_batch(files, "enumerate", out=expected, workers=1)

    def broken(verb, scenarios):
        raise RuntimeError("boom")

    game = registry.get("riftbound")
    monkeypatch.setitem(registry._GAMES, "riftbound", dataclasses.replace(game, prefetch=broken))
    solver.clear_caches(keep_parsed=True)
    got = io.StringIO()
    run_batch(files, "enumerate", out=got, workers=1)
    assert got.getvalue() == expected.getvalue()


def test_batch_prefetch_with_names_that_need_quoting(tmp_path, monkeypatch):
    names = ['Zed "the" Shadow', "back\\slash", "Émile", "a,b(c)", "x. y"]
    lines = []
    for k in range(len(names)):
        att = [{"name": names[k], "custom": True, "might": 3 + k % 2}, {"name": "A1", "custom": True, "might": 2}]
        dfn = [{"name": names[(k + 1) % len(names)], "custom": True, "might": 2, "keywords": ["Tank"] if k % 2 == 0 else []},
               {"name": names[(k + 2) % len(names)], "custom": True, "might": 4}]
        lines.append(json.dumps({"game": "riftbound", "battlefield": "B", "title": f"#{k}",
                                 "attacker": {"player": "Ann", "units": att}, "defender": {"player": "Bo", "units": dfn}}))
    stream = tmp_path / "names.jsonl"
    stream.write_text("\n".join(lines) + "\n")
    solver.clear_caches(keep_parsed=True)
    together = io.StringIO()
    run_batch([str(stream)], "enumerate", out=together, workers=1)
    game = registry.get("riftbound")
    monkeypatch.setitem(registry._GAMES, "riftbound", dataclasses.replace(game, prefetch=None))
    solver.clear_caches(keep_parsed=True)
    alone = io.StringIO()
    run_batch([str(stream)], "enumerate", out=alone, workers=1)
    assert together.getvalue() == alone.getvalue()
    got = [json.loads(line) for line in together.getvalue().splitlines()]
    assert all("error" not in g for g in got), got
    units = {u for g in got for side in g["result"]["sides"].values() for sp in side["splits"] for u in sp["damage"]}
    assert set(names) <= units | {"A1"}
