"""`odds --monte-carlo N` is bounded like every other work: more than MAX_TRIALS battles a policy is
refused before any battle is played (exit 2, the limit and the time it would take), through the CLI and
the API alike (docs/limits.md)."""
from __future__ import annotations

from pathlib import Path

import pytest

import pycombat
from pycombat.cli import main
from pycombat.errors import PycombatError
from pycombat.games.wotr.battle import montecarlo, odds

SKIRMISH = Path(__file__).resolve().parents[2] / "examples" / "wotr" / "skirmish.yaml"


def test_too_many_battles_are_refused_up_front(capsys, monkeypatch):
    played = []
    monkeypatch.setattr(odds, "simulate", lambda *a, **k: played.append(a))
    code = main(["odds", str(SKIRMISH), "--monte-carlo", str(montecarlo.MAX_TRIALS + 1)])
    out, err = capsys.readouterr()
    assert code == 2 and not out and not played
    assert "--monte-carlo 1,000,001" in err and "at most 1,000,000" in err and "Traceback" not in err
    with pytest.raises(PycombatError, match="at most 1,000,000"):
        pycombat.load(SKIRMISH).odds(monte_carlo=10 ** 8)


def test_a_sample_within_the_limit_is_played(capsys):
    assert main(["odds", str(SKIRMISH), "--monte-carlo", "200", "--flag", "casualty_policy=regulars_first"]) == 0
    assert "Monte Carlo (regulars_first, 200 battles" in capsys.readouterr().out
