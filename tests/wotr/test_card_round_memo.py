"""A Combat-card round is played once for the claims of a file: the claims and readings that ask the same
round (the same position, plan, policy, re-roll bounds and rules in force) read one :class:`CardRound`."""
from __future__ import annotations

from pathlib import Path

import pycombat
from pycombat import solver
from pycombat.games.wotr.cards import battle, combat_round
from pycombat.in_force import removed

RULING = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "wotr" / "reading_black_breath_hits.yaml"


def _played(monkeypatch, run, asked: list | None = None) -> tuple[int, object]:
    """How many rounds ``run()`` plays (and, in ``asked``, each round a claim asks for)."""
    runs = []
    real_run, real_dist = combat_round.CardRound.run, battle.card_round_dist

    def counted(self, *args):
        runs.append(args)
        return real_run(self, *args)

    def asking(*args, **kw):
        if asked is not None:
            asked.append(args)
        return real_dist(*args, **kw)

    monkeypatch.setattr(combat_round.CardRound, "run", counted)
    monkeypatch.setattr(battle, "card_round_dist", asking)
    got = run()
    monkeypatch.undo()
    return len(runs), got


def _verdicts(report) -> list:
    return [(c["id"], c["verdict"]) for c in report.to_json()["claims"]]


def test_each_card_round_is_played_once_for_every_claim_that_asks(monkeypatch):
    solver.clear_caches()
    asked: list = []
    ruling = pycombat.load(RULING)
    once, first = _played(monkeypatch, ruling.verify, asked)
    # the three claims ask for the same rounds (each reading's scenario, both casualty policies, each
    # re-roll bound lifted): each is played once
    assert once == 60 and len(asked) == 3 * once
    again, second = _played(monkeypatch, ruling.verify)
    assert again == 0 and _verdicts(second) == _verdicts(first)
    solver.set_loaded(False)
    try:
        afresh, third = _played(monkeypatch, ruling.verify)
    finally:
        solver.set_loaded(True)
    assert afresh == 3 * once and _verdicts(third) == _verdicts(first)


def test_a_rule_taken_away_plays_the_round_again(monkeypatch):
    solver.clear_caches()
    ruling = pycombat.load(RULING)
    ruling.verify()
    with removed("WOTR-CARDX-3"):
        n, _ = _played(monkeypatch, ruling.verify)
    assert n > 0
