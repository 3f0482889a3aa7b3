"""Counts of legal splits for known positions, each worked out by hand in the docstring (or by
the brute-force replay), against the ASP."""
from __future__ import annotations

from dataclasses import replace

import pytest

from pycombat.games.riftbound.damage.bruteforce import replay_orders
from pycombat.games.riftbound.model import Board, Unit
from pycombat.games.riftbound.damage.outcome import outcome_classes, resolve
from pycombat.games.riftbound.schema import example_path, load_scenario
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.splits import LegalSplits


def board_of(name: str, **flags) -> Board:
    return play_showdown(load_scenario(example_path(name), flags)).board


def splits(board: Board, side: str, representation: str = "vector") -> set:
    view = LegalSplits(board, side, representation=representation)
    return {s.amounts if representation == "vector" else s.steps for s in view}


def test_seed_example():
    """Seed (digest section 10). Attacker: D3 is the only defender: all 5 on it (1 split).
    Defender, 3 against A4 (lethal 4) and A1 (lethal 1): A1 1 then A4 2, or A4 3 (2 splits)."""
    b = board_of("seed_example.yaml")
    assert splits(b, "attacker") == {(("D3", 5),)}
    assert splits(b, "defender") == {(("A4", 2), ("A1", 1)), (("A4", 3),)}
    # as sequences: D3's lethal 3, then the leftover 2 as a separate step (excess_damage=free)
    assert splits(b, "attacker", "sequence") == {(("D3", 3), ("D3", 2))}
    assert splits(b, "defender", "sequence") == {(("A1", 1), ("A4", 2)), (("A4", 3),)}
    # with excess_damage=last the leftover stays in the last unit's step
    assert splits(board_of("seed_example.yaml", excess_damage="last"), "attacker", "sequence") == {(("D3", 5),)}


def test_seed_result():
    """The seed's result: D3 and A1 die, A4 survives, the Attacker conquers, whatever the splits."""
    s = load_scenario(example_path("seed_example.yaml"))
    r = resolve(s)
    assert r.died == ("A1", "D3") and r.survivors == {"attacker": ("A4",), "defender": ()}
    assert r.outcome == "conquer" and r.scores
    assert outcome_classes(r.board).outcomes == {"conquer"}


def test_caitlyn_given_tank():
    """Petty Officer (6) against Sunlit Guardian (Tank, lethal 4), Caitlyn (Tank and Backline,
    lethal 3), Stalwart Poro (lethal 3). Caitlyn first (tier 0): Guardian 4 + Caitlyn 2, or
    Caitlyn 3 + Guardian 3. Caitlyn last (tier 2): Guardian 4, then Poro 2. 3 splits."""
    b = board_of("caitlyn_given_tank.yaml")
    g, c, p = "Sunlit Guardian", "Caitlyn - Patrolling", "Stalwart Poro"
    assert splits(b, "attacker") == {((g, 4), (c, 2)), ((g, 3), (c, 3)), ((g, 4), (p, 2))}
    assert len(splits(b, "attacker", "sequence")) == 3


def test_dune_surfer():
    """6 damage against Galio (6), Lecturing Yordle (2, Tank), Black Rose Dignitary (2).
    Tank ignored (Dune Surfer): Galio 6; Yordle 2 + Galio 4; Dignitary 2 + Galio 4; Yordle 2 +
    Dignitary 2 + Galio 2: 4 splits. Tank honoured: Galio 6; Yordle 2 + Galio 4: 2 splits."""
    b = board_of("dune_surfer.yaml")
    assert LegalSplits(b, "attacker").count() == 4
    honoured = replace(b, attacker=tuple(replace(u, ignores_tank=False) for u in b.attacker))
    gal, yor = "Galio - Indefatigable", "Lecturing Yordle"
    assert splits(honoured, "attacker") == {((gal, 6),), ((gal, 4), (yor, 2))}


@pytest.mark.parametrize("flags, count", [
    ({}, 5), ({"marked_damage": "ignore"}, 5), ({"rules_version": "v1.4"}, 4),
    ({"marked_damage": "ignore", "rules_version": "v1.4"}, 5)])
def test_showdown_tricks(flags, count):
    """Jinx's 6 (Sharkling Stunned) against Blue Sentinel (lethal 6 + 2 prevented = 8), Trevor
    (4; 2 with rules_version=v1.4, Lotus Trap), Leona (5 - 2 marked = 3; 5 with marked_damage=ignore).
    Defaults: Sentinel 6 | Trevor 4 + Sentinel 2 or Leona 2 | Leona 3 + Sentinel 3 or Trevor 3 = 5.
    ignore: Sentinel 6 | Trevor 4 + Sentinel 2 or Leona 2 | Leona 5 + Sentinel 1 or Trevor 1 = 5.
    v1.4: Sentinel 6 | Trevor 2 + Sentinel 4 | Leona 3 + Sentinel 3 | Trevor 2 + Leona 3 + Sentinel 1 = 4.
    both: Sentinel 6 | Trevor 2 + Sentinel 4 or Leona 4 | Leona 5 + Sentinel 1 or Trevor 1 = 5."""
    b = board_of("showdown_tricks.yaml", **flags)
    assert LegalSplits(b, "attacker").count() == count
    assert len(splits(b, "attacker")) == count == len(replay_orders(b, "attacker"))


def test_eight_defenders_against_the_replay():
    b = board_of("eight_defenders.yaml")
    assert splits(b, "attacker") == replay_orders(b, "attacker")
    assert LegalSplits(b, "attacker").count() == 87


def test_kayn_exclude_and_dumpable():
    """Petty Officer's 6 against Kayn (cannot be dealt damage) and Stalwart Poro (lethal 3):
    exclude: all 6 on the Poro (1 split); dumpable: the 3 left over go on Poro or Kayn in any
    proportion: 4 splits (stars and bars, C(3 + 1, 1))."""
    assert splits(board_of("kayn_unleashed.yaml"), "attacker") == {(("Stalwart Poro", 6),)}
    dump = board_of("kayn_unleashed.yaml", immune_targets="dumpable")
    assert LegalSplits(dump, "attacker").count() == 4 == len(splits(dump, "attacker"))


def test_stars_and_bars_count_without_listing():
    """40 damage against eight 1-Might units, leftover free: every unit gets 1, the 32 left over
    go anywhere: C(32 + 7, 7) = 15,380,937 splits, counted without listing."""
    b = Board(tuple(Unit(f"A{i}", "attacker", 8) for i in range(5)),
              tuple(Unit(f"D{i}", "defender", 1) for i in range(8)),
              load_scenario(example_path("seed_example.yaml")).flags)
    assert LegalSplits(b, "attacker").count() == 15_380_937
    last = replace(b, flags={**b.flags, "excess_damage": "last"})
    assert LegalSplits(last, "attacker").count() == 8  # the 32 on any one of them (all may come last)
