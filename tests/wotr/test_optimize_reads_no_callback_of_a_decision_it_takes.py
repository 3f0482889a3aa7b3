"""``optimize`` with a ``callback`` decision flag: a decision optimize takes itself (the retreat with both
sides optimal) does not read the flag; one that follows the flags (the defender's with ``--decide
attacker``) cannot get a decision function from the command line: the refusal says what to give instead,
never to run optimize."""
from __future__ import annotations

import pytest

from pycombat.errors import PycombatError
from pycombat.games.wotr.battle.optimize import optimize, optimize_flags
from pycombat.games.wotr.schema import load_scenario
from pathlib import Path

from dataclasses import replace

ROOT = Path(__file__).resolve().parents[2]


def _skirmish(**flags):
    s = load_scenario(ROOT / "examples/wotr/skirmish.yaml")
    return replace(s, flags={**s.flags, **flags})


def test_both_sides_optimal_ignore_the_retreat_callback():
    plain, cb = optimize(_skirmish()), optimize(_skirmish(defender_retreat="callback"))
    assert cb.best.value == plain.best.value
    assert cb.fixed == {}  # no fixed policy is compared: the flags' own cannot be played from here


def test_decide_attacker_refuses_the_defender_callback_without_sending_to_optimize():
    with pytest.raises(PycombatError) as e:
        optimize_flags(_skirmish(defender_retreat="callback").flags, "attacker")
    assert "--decide both" in str(e.value) and "pycombat optimize" not in str(e.value)
    assert optimize_flags(_skirmish(defender_retreat="callback").flags, "defender")["defender_retreat"] == "never"
