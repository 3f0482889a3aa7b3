"""One answer per question: ``verify`` decides what the showdown's board says, on random boards with real cards
(RB-CARD-4, RB-DMG-2, RB-MODEL-3, RB-MODEL-4, RB-CARD-15).

The boards are the two oracles' (``test_unit_oracle.boards``: units' printed abilities, their triggers, abilities
used and spells; ``test_riftbound_cards.showdowns``: spells, gear and Equipment, tokens). After the showdown is
played, every unit left at the battlefield (tokens played during it among them) gets the claims "X's might is N"
with its Might and with one more, each side "the total is N" with its total and two more and "has N legal splits"
with its count and one more, every outcome "can" happen as the outcome classes say, the one outcome when it is
certain, and each unit the showdown killed "dies". Through the verb as a user runs it (``pycombat.load(...)
.run("verify")``), each verdict must be the board's, or not decided when the report names what it does not model.
"""
from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings

from budget import examples  # noqa: E402
import pycombat
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.outcome import outcome_classes
from pycombat.games.riftbound.damage.splits import LegalSplits, derive
from pycombat.games.riftbound.schema import scenario_from_dict
from test_riftbound_cards import showdowns
from test_unit_oracle import boards

SETTINGS = settings(max_examples=examples(80), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])
#: an outcome -> the claim that it can happen, and the claim that it will
OUTCOME_CLAIMS = {"conquer": ("the attacker can conquer", "the attacker conquers"),
                  "keep": ("the defender can keep the battlefield", "the defender keeps the battlefield"),
                  "recall": ("the attacker can be recalled", "the attacker is recalled"),
                  "nobody": ("the battlefield can be nobody's", "the battlefield is nobody's")}


def claims_of(doc: dict) -> list[tuple[str, bool]]:
    """``(claim, its verdict as the showdown's board has it)`` for the board the scenario reaches."""
    board = play_showdown(scenario_from_dict(doc, file="<hypothesis>")).board
    claims = []
    for side in ("attacker", "defender"):
        for u in board.side(side):
            claims += [(f"{u.name}'s might is {u.current_might}", True),
                       (f"{u.name}'s might is {u.current_might + 1}", False)]
    claims += [(f"{name} dies", True) for name, _, how in board.removed if how == "killed"]
    if board.damage_step:
        pool = derive(board).pool
        for side in ("attacker", "defender"):
            count = LegalSplits(board, side).count()
            claims += [(f"the {side}'s total is {pool[side]}", True), (f"the {side}'s total is {pool[side] + 2}", False),
                       (f"the {side} has {count} legal splits", True), (f"the {side} has {count + 1} legal splits", False)]
        if not any(u.doubled for u in board.attacker + board.defender):
            outcomes = outcome_classes(board).outcomes
            claims += [(can, o in outcomes) for o, (can, _) in OUTCOME_CLAIMS.items()]
            if len(outcomes) == 1:
                claims.append((OUTCOME_CLAIMS[next(iter(outcomes))][1], True))
    return claims


def agree(doc: dict) -> None:
    try:
        claims = claims_of(doc)
    except ScenarioError:  # a board the oracles expect refused (checked there)
        return
    if not claims:
        return
    report = pycombat.load({**copy.deepcopy(doc), "claims": [{"claim": c} for c, _ in claims]}).run("verify").to_json()
    for (claim, want), got in zip(claims, report["claims"], strict=True):
        assert got["claim"] == claim
        if not got["decided"]:  # RB-CARD-4: only where the report names what it does not model
            assert report["unmodelled"], got
            continue
        assert got["verdict"] is want, (claim, got.get("notes"))


@SETTINGS
@given(boards())
def test_verify_agrees_with_the_board_on_units_abilities(case):
    agree(case[0])


@SETTINGS
@given(showdowns())
def test_verify_agrees_with_the_board_on_spells_and_gear(case):
    agree(case[0])
