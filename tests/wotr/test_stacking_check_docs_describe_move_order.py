"""docs/wotr.md says what the code does about the stacking limit and two Armies on one Army die (RB p.27:
"After moving an Army into a region, you can not exceed the stacking limit"): under ``forbid_move`` each
movement is checked when it is made, in an order the player chooses (``move_legal.lp`` ``order_fails``), so two
full Armies cannot swap places; under ``trim_at_end`` only the end of the action counts. No part of the docs
says the check waits for the end of the action under ``forbid_move``."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pycombat.games.wotr.schema import scenario_from_dict

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "docs" / "wotr.md").read_text(encoding="utf-8")


def _swap(stacking: str) -> bool:
    s = scenario_from_dict({
        "game": "wotr", "politics": {"Sauron": "at_war"},
        "position": {"regions": {"Dagorlad": {"units": {"Sauron": {"regulars": 6}}},
                                 "Morannon": {"units": {"Sauron": {"regulars": 5}}}}},
        "action": {"side": "shadow", "die": "army"}, "rules": {"stacking_check": stacking},
        "claims": ["the Army in Dagorlad may move to Morannon and the Army in Morannon to Dagorlad"]},
        file="swap.yaml")
    from pycombat.games.wotr import verbs

    return verbs.verify(s).to_json()["claims"][0]["verdict"]


@pytest.mark.parametrize("stacking,legal", [("forbid_move", False), ("trim_at_end", True)])
def test_two_armies_whose_first_arrival_makes_eleven_swap_only_when_trimmed(stacking, legal):
    assert _swap(stacking) is legal


def test_the_flag_table_says_each_movement_is_checked_when_made():
    row = next(line for line in DOCS.splitlines() if line.startswith("| `stacking_check` |") and "`trim_at_end`" in line)
    assert "checked when each movement is made" in row and "RB p.27" in row and "cannot swap places" in row
    assert "`trim_at_end`: only the end of the action counts" in row


def test_no_part_of_the_docs_says_forbid_move_waits_for_the_end_of_the_action():
    flat = re.sub(r"\s+", " ", DOCS)
    assert "so two Armies may swap places" not in flat
    assert "is checked on the position after the action's movements" not in flat
