"""The work of WotR ``optimize`` (``battle/budget.py``): splits that are one game share one solver and
give the values each gives alone; the work is estimated before solving and a battle above the budget
(``--max-work``, positions valued, never a timer) is refused up front with the estimate; a battle whose
real work passes the budget is stopped by the same count."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.errors import TooLargeError
from pycombat.games.wotr.battle import optimize as opt_mod
from pycombat.games.wotr.battle.budget import DEFAULT_MAX_WORK, compositions
from pycombat.games.wotr.battle.optimize import optimize
from pycombat.games.wotr.battle.process import Optimal
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.battle.splits import LegalSplits
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from pycombat.registry import get

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples" / "wotr"


def _rider_battle():
    """Gandalf the White against Nazgûl (WOTR-STR-11): with the White Rider the Nazgûl's Leadership is
    cancelled, so splits that differ only in the Nazgûl they leave behind are one game."""
    return scenario_from_dict({
        "game": "wotr", "title": "rider", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
        "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 3}}, "nazgul": 3},
        "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "elites": 1}},
                     "characters": ["Gandalf the White"], "retreat_to": []}})


def test_shared_games_give_each_split_its_own_value():
    """Every split (and White Rider choice) valued by a fresh solver of its own equals the value the
    shared solvers give; fewer games are solved than there are set-ups."""
    s = _rider_battle()
    res = optimize(s)
    fresh = {}
    for sp in LegalSplits(s).all(max_list=100_000):
        for rider in opt_mod.rider_choices(s, sp.attacking):
            setup = battle_setup(replace(s, white_rider=rider), sp.attacking)
            fresh[(str(sp.attacking), rider)] = Optimal(setup, "win", None).value(setup.start)
    for e in res.ranked:
        assert e.value == fresh[(str(e.split.attacking), e.white_rider)]
    assert res.games < len(fresh)


def test_the_largest_battle_is_refused_up_front_with_its_estimate(monkeypatch):
    """ten_vs_ten (10 units a side, the stacking limit, WOTR-STACK-1): refused by the default budget
    before any solver is built; the message names the file, the estimate and --max-work."""
    s = load_scenario(EX / "ten_vs_ten.yaml")

    def no_solver(*a, **k):
        raise AssertionError("a solver was built before the refusal")

    monkeypatch.setattr(opt_mod, "Optimal", no_solver)
    with pytest.raises(TooLargeError) as err:
        optimize(s, max_work=DEFAULT_MAX_WORK)
    text = str(err.value)
    assert "ten_vs_ten.yaml" in text and "--max-work 600,000" in text and "1,728,000 positions" in text


def test_cli_refusal_is_one_line_and_exit_2(capsys):
    code = main(["optimize", str(EX / "ten_vs_ten.yaml")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "raise --max-work" in err


def test_real_work_over_the_budget_is_stopped():
    """folde_capture: its estimate (360) is under a budget of 400 that its real work (448) passes."""
    s = load_scenario(EX / "folde_capture.yaml")
    full = optimize(s)
    assert full.estimate <= 400 < full.work
    with pytest.raises(TooLargeError, match="--max-work"):
        optimize(s, max_work=400)


@pytest.mark.parametrize("name", ["skirmish", "seed_three_and_one", "every_option", "helms_deep", "osgiliath",
                                  "seed_six_and_two"])
def test_estimate_is_near_the_real_work(name):
    """The estimate is within a factor of 4 of the positions really valued (see budget.PER_OUTCOME)."""
    res = optimize(load_scenario(EX / f"{name}.yaml"))
    assert res.work / 4 <= res.estimate <= 4 * res.work


def test_compositions_by_brute_force():
    """compositions(): the unit states reached by taking hits one at a time (a hit removes a Regular or
    turns an Elite into a Regular while the pool has one, or removes an Elite when it has none;
    WOTR-CAS-3..5), counted here by search."""
    def reach(units, pool):
        seen, todo = set(), [(units, pool)]
        while todo:
            u, p = todo.pop()
            if (u, p) in seen:
                continue
            seen.add((u, p))
            for k, (r, e) in enumerate(u):
                nxt = []
                if r:
                    nxt.append((u[:k] + ((r - 1, e),) + u[k + 1:], p))
                if e and (p is None or p[k] > 0):
                    p2 = None if p is None else p[:k] + (p[k] - 1,) + p[k + 1:]
                    nxt.append((u[:k] + ((r + 1, e - 1),) + u[k + 1:], p2))
                if e:
                    nxt.append((u[:k] + ((r, e - 1),) + u[k + 1:], p))
                todo.extend(nxt)
        return len({u for u, _ in seen})

    for units, pool in [(((2, 1),), (5,)), (((3, 2),), (1,)), (((1, 2), (2, 0)), (0, 3)), (((5, 5),), None)]:
        assert compositions(units, pool) == reach(units, pool)


def test_default_budget_is_the_cli_default():
    assert get("wotr").verbs["optimize"].defaults()["max_work"] == DEFAULT_MAX_WORK


def test_the_doc_shows_the_real_refusal(capsys, monkeypatch):
    """docs/wotr.md quotes the refusal of ten_vs_ten as the CLI prints it."""
    doc = (ROOT / "docs" / "wotr.md").read_text(encoding="utf-8")
    monkeypatch.chdir(ROOT)
    assert main(["optimize", "examples/wotr/ten_vs_ten.yaml"]) == 2
    err = capsys.readouterr().err.strip()
    assert err and err in doc
