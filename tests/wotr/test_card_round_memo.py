"""A Combat-card round, and a battle with Combat cards, is played once for the claims of a file: the claims and
readings that ask the same round or battle (the same position, plan, policy, re-roll bounds and rules in force)
read one result."""
from __future__ import annotations

from pathlib import Path

import pytest

import pycombat
from pycombat import solver
from pycombat.games.wotr.battle.process import Policy
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.cards import battle, combat_round
from pycombat.in_force import removed

from test_card_playable_sentence_names_its_round import GROND

RULING = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "wotr" / "reading_black_breath_hits.yaml"


def _played(monkeypatch, run, asked: list | None = None, what=(combat_round.CardRound, "run"),
            entry=(battle, "card_round_dist")) -> tuple[int, object]:
    """How many times ``run()`` plays ``what`` (and, in ``asked``, each time a claim asks ``entry``)."""
    runs = []
    real_run, real_entry = getattr(*what), getattr(*entry)

    def counted(*args, **kw):
        runs.append(args)
        return real_run(*args, **kw)

    def asking(*args, **kw):
        if asked is not None:
            asked.append(args)
        return real_entry(*args, **kw)

    monkeypatch.setattr(*what, counted)
    monkeypatch.setattr(*entry, asking)
    got = run()
    monkeypatch.undo()
    return len(runs), got


def _verdicts(report) -> list:
    return [(c["id"], c["verdict"], c["reasons"]) for c in report.to_json()["claims"]]


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


def test_each_battle_with_cards_is_played_once_for_every_claim_that_asks(monkeypatch, tmp_path):
    path = tmp_path / "grond.yaml"
    path.write_text(GROND, encoding="utf-8")
    solver.clear_caches()
    asked: list = []
    ruling = pycombat.load(path)
    once, first = _played(monkeypatch, ruling.verify, asked, what=(battle, "_card_battle_odds"),
                          entry=(battle, "card_battle_odds"))
    # the four claims about round 2 ask for the battle up to it under each reading and casualty policy (32
    # asks): each of the 7 distinct battles is played once
    assert (once, len(asked)) == (7, 32)
    assert {c[0]: c[1] for c in _verdicts(first)} == {"kind1": False, "kind2": True, "said1": False, "said2": True,
                                                      "passive2": True, "not2": False}


def test_a_rule_taken_away_or_a_bound_lifted_plays_the_round_again(monkeypatch):
    s = pycombat.load(RULING).model
    setup = battle_setup(s)
    policy = Policy.from_flags(s.flags, "regulars_first")

    def ask(**kw):
        return battle.card_round_dist(s, setup, s.card_plan, policy, **kw)

    solver.clear_caches()
    first, (cr, ends) = _played(monkeypatch, ask)
    again, (cr2, ends2) = _played(monkeypatch, ask)
    assert (first, again) == (1, 0) and cr2 is cr
    with removed("WOTR-CARDX-3"):
        assert _played(monkeypatch, ask)[0] == 1
    lifted, (cr3, _) = _played(monkeypatch, lambda: ask(reroll_caps={"attacker": frozenset()}))
    assert lifted == 1 and cr3 is not cr


@pytest.mark.long
def test_the_verdicts_are_those_of_every_round_played_afresh(monkeypatch):
    solver.clear_caches()
    remembered = _verdicts(pycombat.load(RULING).verify())
    solver.set_loaded(False)
    try:
        afresh, got = _played(monkeypatch, pycombat.load(RULING).verify)
    finally:
        solver.set_loaded(True)
    assert afresh == 180 and _verdicts(got) == remembered
