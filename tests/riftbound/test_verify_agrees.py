"""One answer per question: ``verify`` decides what the showdown's board says, on random boards with real cards
(RB-CARD-4, RB-DMG-2, RB-MODEL-3, RB-MODEL-4, RB-CARD-15).

The boards are the two oracles' (``test_unit_oracle.boards``: units' printed abilities, their triggers, abilities
used and spells; ``test_riftbound_cards.showdowns``: spells, gear and Equipment, tokens). After the showdown is
played, every unit left at the battlefield (tokens played during it among them) gets the claims "X's might is N"
with its Might and with one more, each side "the total is N" with its total and two more and "has N legal splits"
with its count and one more, "may assign" the first split ``enumerate`` lists and it with a point of damage moved
outcome when it is certain, and each unit the showdown killed "dies". Through the verb as a user runs it (``pycombat.load(...)
.run("verify")``), each verdict must be the board's, or not decided when the report names what it does not model.
"""
from __future__ import annotations

import copy

import pytest
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

SETTINGS = settings(max_examples=examples(40), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])
#: the most legal splits of a side whose listing the claims are drawn from
MOST_SPLITS = 400
#: an outcome -> the claim that it can happen, and the claim that it will
OUTCOME_CLAIMS = {"conquer": ("the attacker can conquer", "the attacker conquers"),
                  "keep": ("the defender can keep the battlefield", "the defender keeps the battlefield"),
                  "recall": ("the attacker can be recalled", "the attacker is recalled"),
                  "nobody": ("the battlefield can be nobody's", "the battlefield is nobody's")}


#: the outcomes in which a claimed one happens: the Defender keeps the battlefield when the attackers are recalled
#: too (RB-RES-7: "both -> the attackers are recalled to their base and the Defender keeps it")
HAPPENS = {"keep": {"keep", "recall"}}


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
            splits = LegalSplits(board, side)
            count = splits.count()
            claims += [(f"the {side}'s total is {pool[side]}", True), (f"the {side}'s total is {pool[side] + 2}", False),
                       (f"the {side} has {count} legal splits", True), (f"the {side} has {count + 1} legal splits", False)]
            if count <= MOST_SPLITS:
                claims += split_claims(board, side, splits)
        if not any(u.doubled for u in board.attacker + board.defender):
            outcomes = outcome_classes(board).outcomes
            claims += [(can, bool(HAPPENS.get(o, {o}) & outcomes)) for o, (can, _) in OUTCOME_CLAIMS.items()]
            claims += [(will, True) for o, (_, will) in OUTCOME_CLAIMS.items() if outcomes <= HAPPENS.get(o, {o})]
    return claims


def split_claims(board, side: str, splits) -> list[tuple[str, bool]]:
    """"The SIDE may assign SPLIT": the first legal split ``enumerate`` lists (true), and it with one point of damage
    moved to another unit of the other side (true exactly when that is listed too)."""
    legal = [dict(sp.amounts) for sp in splits]
    if not legal:
        return []
    others = [u.name for u in board.side("defender" if side == "attacker" else "attacker")]

    def text(amounts: dict) -> str:
        return f"the {side} may assign " + (", ".join(f"{u} {a}" for u, a in amounts.items() if a) or "nothing")

    first = legal[0]
    moved = [{**first, u: first[u] - 1, v: first.get(v, 0) + 1} for u in first for v in others if v != u and first[u]]
    return [(text(first), True)] + [(text(m), {k: n for k, n in m.items() if n} in legal) for m in moved[:2]]


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


def test_a_side_with_no_damage_may_assign_nothing():
    """RB-DMG-3, RB-MIGHT-3: a side whose units are all Stunned has 0 to assign, and one legal split, "nothing", which
    a claim may name (as the split's label writes it) like any other."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A2", "custom": True, "might": 2, "stunned": True}]},
           "defender": {"units": [{"name": "D3", "custom": True, "might": 3}]},
           "claims": [{"claim": c} for c in ("the attacker may assign nothing", "the defender may assign nothing",
                                              "the attacker has 1 legal split")]}
    report = pycombat.load(doc).run("verify").to_json()
    assert [(c["claim"], c["verdict"]) for c in report["claims"]] == [
        ("the attacker may assign nothing", True), ("the defender may assign nothing", False),
        ("the attacker has 1 legal split", True)]


def test_a_split_is_read_as_the_split_is_written():
    """A claim's split as the output writes one: unit names with commas ("Sona, Harmonious") and numbers (tokens:
    "Bird 1 1"), a vector with commas, a sequence with "then" or "->" (RB-MODEL-6); an unreadable item is one clear
    error naming it."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A5", "custom": True, "might": 5}]},
           "defender": {"units": ["Sona, Harmonious", {"name": "D1", "custom": True, "might": 1}]},
           "showdown": [{"play": "Flurry of Feathers", "by": "defender", "mode": 2, "to": "battlefield"}]}
    claims = ["the attacker may assign Sona, Harmonious 1, D1 1, Bird 1 1, Bird 2 1, Bird 3 1",
              "the attacker may assign Sona, Harmonious 5",
              "the attacker may assign D1 1 then Bird 1 1 then Bird 2 1 then Bird 3 1 then Bird 4 1",
              "the attacker may assign D1 1 -> Bird 1 1 -> Bird 2 1 -> Bird 3 1 -> Bird 4 1"]
    report = pycombat.load({**doc, "claims": [{"claim": c} for c in claims]}).run("verify").to_json()
    # Sona (4 Might) with 5 to split: all of it on her overkills while others remain (RB-DMG-7)
    assert [c["verdict"] for c in report["claims"]] == [True, False, True, True]
    with pytest.raises(ScenarioError, match="cannot read 'D1 one' as `<unit> <damage>`"):
        pycombat.load({**doc, "claims": [{"claim": "the attacker may assign Bird 1 1, D1 one"}]}).run("verify")


@pytest.mark.parametrize("splits", [False, True])
def test_the_defender_keeps_the_battlefield_when_the_attackers_are_recalled(splits):
    """Both sides have units left after cleanup (the Defender's only unit Stunned): the attackers are recalled and the Defender keeps the battlefield
    (RB-RES-7), so "the defender keeps the battlefield" holds, over every legal split or with the file's splits."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 2}]},
           "defender": {"units": [{"name": "D", "custom": True, "might": 5, "stunned": True}]},
           "claims": ["the defender keeps the battlefield", "the defender can keep the battlefield",
                      "the attackers are recalled", "the attacker conquers the battlefield",
                      "the battlefield can be nobody's"]}
    if splits:
        doc["splits"] = {"attacker": {"D": 2}, "defender": {}}
    got = [v.verdict for v in pycombat.load(doc).run("verify").verdicts]
    assert got == [True, True, True, False, False]


def test_a_split_naming_a_unit_twice_is_refused():
    """A vector names each unit once: "D2 2, D3 3, D2 0" is refused, naming the unit (exit 2), not read as its last
    value; a sequence may come back to a unit ("D2 1 -> D2 1 -> D3 3")."""
    units = {"attacker": {"units": [{"name": "A5", "custom": True, "might": 5}]},
             "defender": {"units": [{"name": "D3", "custom": True, "might": 3}, {"name": "D2", "custom": True,
                                                                                  "might": 2}]}}
    with pytest.raises(ScenarioError, match="D2 is named twice in the split"):
        pycombat.load({"game": "riftbound", **units, "claims": ["the attacker may assign D2 2, D3 3, D2 0"]}).run(
            "verify")
    got = pycombat.load({"game": "riftbound", **units,
                         "claims": ["the attacker may assign D2 1 -> D2 1 -> D3 3"]}).run("verify").verdicts
    assert got[0].verdict in (True, False)
