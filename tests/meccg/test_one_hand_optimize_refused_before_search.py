"""``optimize`` with one side's cards in hand counts its work before the search (docs/limits.md): the
matching game carries the strikes made as what they are worth to each part of the hand, a number the
search alone finds, but it stores every position of the assignment phases without them at least once
(:meth:`.combat.matching._Matching.plain_positions`), so when those alone pass ``--max-nodes`` the
combat is refused before any search, with the count and what to change; a combat within the bound is
solved as before (its value unchanged)."""
from __future__ import annotations

import pytest

from pycombat import api
from pycombat.errors import TooLargeError
from pycombat.games.meccg.combat import matching
from pycombat.games.meccg.combat.matching import _counts, prepare
from pycombat.games.meccg.combat.optimize import objective_from

HAND = ["Risky Blow", "Dodge", "Lucky Strike", "Risky Blow", "Dodge", "Lucky Strike", "Dodge", "Risky Blow"]
ATTACKER = ["Shagrat", "Lagduf", "Old Troll", "Horseman in the Night", "Odoacer", "Lieutenant of Angmar", "Gorbag",
            "Ufthak"]
DEFENDER = ["Aragorn II", "Gimli", "Legolas", "Éomer", "Frodo", "Bilbo", "Boromir II", "Faramir"]


def _combat(n: int, side: str | None, hand: list[str]) -> dict:
    """``n`` against ``n``, the first half of each company untapped, ``hand`` held by ``side``."""
    def members(names):
        return [{"name": x, **({"status": "tapped"} if k >= n // 2 else {})} for k, x in enumerate(names[:n])]

    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Dol Guldur", "members": members(ATTACKER)},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Dol Guldur", "members": members(DEFENDER)}}
    if side:
        doc[side]["hand"] = hand
    return doc


def _no_search(monkeypatch):
    def searched(*args, **kwargs):
        raise AssertionError("the matching game was searched")

    for name in ("p1", "p2", "p3", "_store"):
        monkeypatch.setattr(matching._Matching, name, searched)


def test_a_one_hand_combat_past_the_bound_is_refused_before_any_search(monkeypatch):
    _no_search(monkeypatch)
    # eight against eight: 3,393 phase-I choices, 2,992 positions without the cards (29,480 with these three)
    with pytest.raises(TooLargeError) as exc:
        api.load(_combat(8, "defender", HAND[:3])).optimize(max_nodes=6_385)
    assert str(exc.value) == (
        "the scenario: optimize: the assignment phases have at least 2,992 positions besides the 3,393 phase-I "
        "choices (counted without the cards in hand, which multiply them), more than --max-nodes 6,385 in all; "
        "hold fewer cards, use --objective survive, solve a smaller combat or raise --max-nodes")
    # six against six, the cards in the other hand: 229 phase-I choices, 321 positions without the cards (1,204 with)
    with pytest.raises(TooLargeError, match="at least 321 positions besides the 229 phase-I choices"):
        api.load(_combat(6, "attacker", ["Swift Strokes", "Bold Thrust", "Orc Stealth"])).optimize(max_nodes=550)


def test_the_positions_counted_first_are_those_the_search_stores_without_the_pairs_made():
    for side, hand in (("defender", HAND[:3]), ("attacker", ["Swift Strokes", "Bold Thrust", "Orc Stealth"])):
        scenario = api.read_scenario(_combat(6, side, hand))
        p = prepare(scenario, objective_from(None, None, scenario), max_nodes=10 ** 6)
        m = p.m
        plain = m.plain_positions(_counts(m.scls, p.strikes), _counts(m.tcls, p.targets), 10 ** 6)
        matching.solve_fast(scenario, objective_from(None, None, scenario), max_nodes=10 ** 6, prepared=p)
        assert plain == len({key[:-1] for key in m.memo}) < len(m.memo)


@pytest.mark.parametrize("n, side, hand, max_nodes, value", [
    (6, "defender", HAND[:3], 2_000_000, "-60559/69984"),
    (6, "attacker", ["Swift Strokes", "Bold Thrust", "Orc Stealth"], 2_000_000, "-5867/3456"),
    # the bound one above what the search stores: 3,393 phase-I choices and 29,480 positions (2,992 without the cards)
    (8, "defender", HAND[:3], 3_393 + 29_481, "-136819/139968"),
])
def test_a_one_hand_combat_within_the_bound_is_solved_as_before(n, side, hand, max_nodes, value):
    report = api.load(_combat(n, side, hand)).optimize(max_nodes=max_nodes)
    assert str(report.value) == value


def test_one_position_fewer_is_refused_by_the_search():
    with pytest.raises(TooLargeError, match="more than 29,480 positions besides the 3,393 phase-I choices"):
        api.load(_combat(8, "defender", HAND[:3])).optimize(max_nodes=3_393 + 29_480)
