"""Throughput of WotR `odds` in a loaded process: what the odds verb remembers between
scenarios, and the integer arithmetic it does, change no answer.

* a batch of scenarios that differ only in their titles (and repeat) gives, line for line, what
  each scenario gives alone with the solver's caches off (every answer computed afresh);
* :func:`model.content_key` tells scenarios apart by content, never by title or file;
* a scenario read again under another name keeps its own title and file, and one with claims is
  read afresh (an error in its claims names its own file);
* the figures a :class:`BattleResult` derives in integers (by kind, survivors, expected units, the
  fates) equal the same figures summed in Fractions, and every distribution sums to exactly 1.
"""
from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from pycombat import solver
from pycombat.batch import run_batch
from pycombat.errors import PycombatError
from pycombat.games.wotr.battle import process as battle
from pycombat.games.wotr.battle.casualties import unit_count
from pycombat.games.wotr.battle.fates import fate_totals, outcome_fates
from pycombat.games.wotr.model import content_key
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from pycombat.games.wotr.battle.splits import judge_attack

ROOT = Path(__file__).resolve().parents[2]


def _battle(rng: random.Random, i: int) -> dict:
    return {"game": "wotr", "title": f"skirmish {i}", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Dagorlad",
                         "units": {"Sauron": {"regulars": rng.randint(0, 2), "elites": rng.randint(0, 1)}},
                         "nazgul": rng.randint(0, 1)},
            "defender": {"region": "North Ithilien",
                         "units": {"Gondor": {"regulars": rng.randint(1, 2), "leaders": rng.randint(0, 1)}},
                         "retreat_to": ["Osgiliath"]},
            "rules": {"casualty_policy": rng.choice(["enumerate", "regulars_first"])}}


def _lines(path: Path, loaded: bool) -> list[dict]:
    previous = solver.set_loaded(loaded)
    try:
        solver.clear_caches()
        battle.clear_caches()
        out = io.StringIO()
        run_batch([str(path)], "odds", out=out, workers=1)
    finally:
        solver.set_loaded(previous)
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_remembered_answers_are_the_fresh_ones(tmp_path):
    rng = random.Random(7)
    docs = [_battle(rng, i) for i in range(16)]
    docs += [dict(d, title=f"again {i}") for i, d in enumerate(docs[:8])]  # same content, other names
    path = tmp_path / "b.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in docs))
    loaded, fresh = _lines(path, True), _lines(path, False)
    assert loaded == fresh
    assert any("error" in x for x in fresh) and any("result" in x for x in fresh)  # illegal attacks too
    for x, d in zip(loaded, docs):
        if "result" in x:
            assert x["result"]["title"] == d["title"] and x["result"]["scenario"] == x["input"]


def test_content_key_ignores_only_the_names():
    s = load_scenario(ROOT / "examples" / "wotr" / "osgiliath.yaml")
    assert content_key(s) == content_key(replace(s, title="other", file="elsewhere.yaml"))
    hash(content_key(s))
    att = s.attacker
    fewer = replace(att, force=replace(att.force, nazgul=att.force.nazgul + 1))
    assert content_key(replace(s, attacker=fewer)) != content_key(s)
    assert content_key(replace(s, flags={**s.flags, "max_rounds": "2"})) != content_key(s)
    assert content_key(replace(s, white_rider=not s.white_rider)) != content_key(s)


def test_judge_attack_remembered_per_content():
    s = load_scenario(ROOT / "examples" / "wotr" / "osgiliath.yaml")
    solver.clear_caches()
    first = judge_attack(s)
    again = judge_attack(replace(s, title="x", file="y.yaml"))
    assert again == first and again is not first and again.violations is not first.violations
    previous = solver.set_loaded(False)
    try:
        assert judge_attack(s) == first
    finally:
        solver.set_loaded(previous)


def test_read_again_keeps_its_own_names(tmp_path):
    data = _battle(random.Random(3), 0)
    data["attacker"]["units"]["Sauron"]["regulars"] = 2
    a = scenario_from_dict(data, file="a.yaml")
    b = scenario_from_dict(dict(data, title="second"), file="b.yaml")
    assert (a.title, a.file, b.title, b.file) == ("skirmish 0", "a.yaml", "second", "b.yaml")
    assert replace(a, title=None, file=None) == replace(b, title=None, file=None)
    with pytest.raises(PycombatError, match="b.yaml"):
        scenario_from_dict(dict(data, title=""), file="b.yaml")  # the title is still checked
    claims = [{"id": "x", "claim": "gibberish nonsense claim", "expect": True}]
    scenario_from_dict(dict(data, claims=claims), file="c1.yaml")
    path = tmp_path / "c2.yaml"
    path.write_text(json.dumps(dict(data, claims=claims)))
    proc = _cli(["odds", str(path)])
    assert proc[0] == 2 and "c2.yaml" in proc[1] and "c1.yaml" not in proc[1]


def _cli(argv):
    import contextlib

    from pycombat.cli import main

    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as exc:
            rc = exc.code
    return rc, err.getvalue()


@pytest.mark.parametrize("name", ["osgiliath", "skirmish", "helms_deep", "sortie"])
def test_integer_figures_equal_fraction_sums(name):
    s = load_scenario(ROOT / "examples" / "wotr" / f"{name}.yaml")
    rep = battle_report(s)
    for res in rep.results.values():
        assert sum(res.outcomes.values(), Fraction(0)) == 1
        kinds: dict = {}
        for o, p in res.outcomes.items():
            kinds[o.kind] = kinds.get(o.kind, Fraction(0)) + p
        assert res.by_kind() == kinds and sum(res.by_kind().values()) == 1
        for idx, role in ((1, "attacker"), (2, "defender")):
            left: dict = {}
            for o, p in res.outcomes.items():
                left[unit_count(o[idx])] = left.get(unit_count(o[idx]), Fraction(0)) + p
            assert dict(res.survivors(role).items()) == left and sum(left.values()) == 1
            assert res.expected_units(role) == sum((k * p for k, p in left.items()), Fraction(0))
        # the fates: summed in Fractions outcome by outcome
        want: dict = {}
        for o, p in res.outcomes.items():
            f = outcome_fates(s, rep.verdict.attacking, o)
            for role in ("attacker", "defender"):
                for row in f[role]:
                    slot = want.setdefault((role, row["figure"]), {})
                    for fate, n in row["fates"].items():
                        slot[fate] = slot.get(fate, Fraction(0)) + p * n
        got = fate_totals(s, rep.verdict.attacking, {((), ()): res.outcomes})
        assert {k: v["expected"] for k, v in got.items()} == want
        assert all(isinstance(v, Fraction) for slot in got.values() for v in slot["expected"].values())
