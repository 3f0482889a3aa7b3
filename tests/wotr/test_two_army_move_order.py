"""Two Armies moved by one Army result move one after the other, in the order the player chooses, each
movement checked when it is made (RB p.27: "After moving an Army into a region, you can not exceed the
stacking limit"; WOTR-SIEGE-5: besiegers that all leave end the siege). The move is legal when some
order is. With ``stacking_check: trim_at_end`` only the end of the action counts."""
from __future__ import annotations

from pathlib import Path

import pytest

from pycombat.games.wotr.position.movegen import BruteForce
from pycombat.games.wotr.position.moves import check_move, count_moves, legal_moves
from pycombat.games.wotr.position.facts import groups_of
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict

EX = Path(__file__).resolve().parents[2] / "examples" / "wotr"


def _siege(stacking: str = "forbid_move"):
    return scenario_from_dict({
        "game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
        "position": {"regions": {
            "Osgiliath": {"units": {"Sauron": {"regulars": 5, "elites": 1}}, "nazgul": 1},
            "Minas Tirith": {"units": {"Gondor": {"regulars": 3, "elites": 1, "leaders": 1}, "Sauron": {"regulars": 5}},
                             "besieged": "free_peoples"}}},
        "action": {"side": "shadow", "die": "army"}, "rules": {"stacking_check": stacking}}, file="siege.yaml")


def _steps(s, moves):
    """[(from, to, {kind: count})] as the check takes them (group id -> count)."""
    groups = groups_of(s)
    out = []
    for f, t, want in moves:
        carried = {}
        for g in groups:
            if g.region == f and g.side == "shadow" and g.kind in want:
                carried[g.id] = want[g.kind]
        out.append((f, t, carried))
    return out


SWAP_FULL = [("minas-tirith", "osgiliath", {"regular": 5}), ("osgiliath", "minas-tirith", {"regular": 5, "elite": 1})]
SWAP_FIVE = [("minas-tirith", "osgiliath", {"regular": 5}), ("osgiliath", "minas-tirith", {"regular": 5})]
LEAVE_AND_ENTER = [("minas-tirith", "druadan-forest", {"regular": 5}),
                   ("osgiliath", "minas-tirith", {"regular": 5, "elite": 1})]
PART_LEAVES = [("minas-tirith", "druadan-forest", {"regular": 4}),
               ("osgiliath", "minas-tirith", {"regular": 5, "elite": 1})]


def _ids(s, moves):
    from pycombat.games.wotr.board import load_board

    board = load_board()
    return [(board.region(f).id, board.region(t).id, w) for f, t, w in moves]


@pytest.mark.parametrize("moves,forbid,trim,rules", [
    (SWAP_FULL, False, True, {"WOTR-STACK-1", "WOTR-SIEGE-5", "WOTR-MOVE-4"}),  # 11 in a region first, or siege over
    (SWAP_FIVE, True, True, set()),                       # Osgiliath's 5 first: 10 besiege, then 5 go out
    (LEAVE_AND_ENTER, False, True, {"WOTR-SIEGE-5", "WOTR-MOVE-4", "WOTR-STACK-1"}),
    (PART_LEAVES, True, True, set()),                     # 1 besieger stays: the siege goes on
], ids=["swap-full", "swap-five", "leave-and-enter", "part-leaves"])
def test_a_two_army_move_is_legal_when_some_order_is(moves, forbid, trim, rules):
    for flag, expected in (("forbid_move", forbid), ("trim_at_end", trim)):
        s = _siege(flag)
        v = check_move(s, _steps(s, _ids(s, moves)))
        assert v.legal is expected, (flag, v.violations)
        if not expected:
            assert {x.rule for x in v.violations} == rules


def test_only_one_order_legal_is_named():
    s = _siege()
    v = check_move(s, _steps(s, _ids(s, SWAP_FIVE)))
    assert ("WOTR-MOVE-1", ("moves_first", "osgiliath")) in v.engaged


@pytest.mark.parametrize("flag", ["forbid_move", "trim_at_end"])
def test_counts_and_lists_agree_with_the_sequential_brute_force(flag):
    s = _siege(flag)
    listed = {m.moved for m in legal_moves(s, max_list=None)}
    assert listed == BruteForce(s).moves()
    assert count_moves(s).total == len(listed)


def test_siege_example_count():
    """4,609 when only the end of the action was checked; 4 two-Army moves fail in both orders: the two
    whole Armies swapping (with or without the Nazgûl), and the besiegers all leaving for Druadan Forest
    while the whole Osgiliath Army enters (siege over first, or 11 units first)."""
    s = load_scenario(EX / "moves_siege_of_minas_tirith.yaml")
    assert count_moves(s).total == BruteForce(s).count() == 4605
