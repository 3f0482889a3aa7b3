"""A sample of the mutation battery (``make mutants``, docs/mutants.md), run in every test session.

For one rule id of each game, every ASP rule carrying it is removed (``tools/asp_mutants.py``) and
the game's tests run against that copy of the rules as the battery runs them (a child ``pytest -x``,
the tests citing the rule first): a named test must fail. The mutator itself is checked too: each
mutant parses, changes only what it says, and the unchanged copy of the rules passes those tests.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
asp_mutants = importlib.import_module("asp_mutants")
_spec = importlib.util.spec_from_file_location("pycombat_mutants", ROOT / "tools" / "mutants.py")
mutants = importlib.util.module_from_spec(_spec)
sys.modules["pycombat_mutants"] = mutants  # (dataclasses look their module up)
_spec.loader.exec_module(mutants)

#: one rule id a game: (game, rule id, the test file citing it that kills it in docs/mutants.md)
SAMPLE = [("meccg", "MECCG-ASSIGN-3", "meccg/test_asp_meccg.py"),
          ("riftbound", "RB-DMG-6", "riftbound/test_riftbound_rules.py"), ("wotr", "WOTR-ATK-2", "wotr/test_wotr_asp.py")]


def _rule_mutant(game: str, rule_id: str) -> asp_mutants.Mutant:
    (m,) = [m for m in asp_mutants.rule_id_mutants(game) if m.rule_ids == (rule_id,)]
    return m


@pytest.mark.parametrize("game,rule_id,file", SAMPLE, ids=[r for _, r, _ in SAMPLE])
def test_removing_a_rule_turns_a_named_test_red(game, rule_id, file, tmp_path):
    mutant = _rule_mutant(game, rule_id)
    path = ROOT / "tests" / file
    assert path in mutants.game_tests(game) and rule_id in path.read_text(encoding="utf-8")
    outcome = mutants.run_one(mutant, [path], tmp_path / "mutant", timeout=600)
    assert outcome.status == "killed", (outcome.status, outcome.test)
    node = outcome.test
    assert "::" in node  # a named test
    # the kill is the mutant's doing: the same test passes against an unchanged copy of the rules
    same = asp_mutants.Mutant(game, mutant.file, 0, "none", (), "unchanged",
                              (asp_mutants.RULES / game / mutant.file).read_text(encoding="utf-8"))
    again = mutants.run_one(same, [Path(node)], tmp_path / "unchanged", timeout=600)
    assert again.status == "survived", (node, again.test)


def test_mutants_parse_and_change_only_their_statement():
    for game in ("meccg", "riftbound", "wotr"):
        ms = asp_mutants.mutants(game)
        assert {m.kind for m in ms} >= {"drop", "negate", "shift"}
        for m in ms[:40]:
            assert asp_mutants.parses(m), m.key
            before = (asp_mutants.RULES / game / m.file).read_text(encoding="utf-8").split("\n")
            after = m.text.split("\n")
            assert len(after) == len(before)  # line numbers stay
            changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
            assert changed and changed[0] == m.line - 1, m.key


def test_every_rule_id_in_the_rules_has_a_rule_mutant():
    for game in ("meccg", "riftbound", "wotr"):
        ids = {r for m in asp_mutants.rule_id_mutants(game) for r in m.rule_ids}
        assert ids == asp_mutants.rule_ids(game)  # (two readings of the files: per rule id and per statement)
        assert ids and all(r.startswith(mutants.PREFIX[game]) for r in ids)


def test_runs_merge_by_what_each_mutant_is(tmp_path):
    """``--from-json A B``: a later run's outcome replaces an earlier one of the same mutant, matched by
    what the mutant is (a rule id removed), not by the line its rule was on when the run was made."""
    import json

    import mutants as tool

    m = tool.select("wotr", ("rule",), 0, 0, (), ("WOTR-EVT-10",))[0]
    row = tool.Outcome(m, "survived", "", 1.0).as_json()
    old = dict(row, line=row["line"] - 5, key=row["key"].replace(f":{row['line']}:", f":{row['line'] - 5}:"))
    new = dict(row, status="killed", test="tests/wotr/test_wotr_consequences.py::x")
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps([old]), encoding="utf-8")
    b.write_text(json.dumps([new]), encoding="utf-8")
    (got,) = tool.outcomes_from_json([a, b])
    assert got.mutant.key == m.key and got.status == "killed"
    (only,) = tool.outcomes_from_json(a)
    assert only.status == "survived"


def test_a_test_failing_in_its_fixture_kills_the_mutant(tmp_path):
    """A test whose fixture fails against the mutant (pytest's ERROR at setup, not FAILED) is a kill, named."""
    path = tmp_path / "test_fixture_fails.py"
    path.write_text("import pytest\n\n\n@pytest.fixture\ndef verdict():\n    assert False, 'the rules changed'\n\n\n"
                    "def test_uses_it(verdict):\n    pass\n", encoding="utf-8")
    outcome = mutants.run_one(_rule_mutant("meccg", "MECCG-ASSIGN-3"), [path], tmp_path / "mutant", timeout=600)
    assert outcome.status == "killed", (outcome.status, outcome.test)
    assert outcome.test.endswith("test_fixture_fails.py::test_uses_it"), outcome.test
