"""What ``odds`` adds for issue 15 (JSON-ready data and text lines; the CLI calls these two
functions with one line each): the per-round re-roll allowance (WOTR-STR-5), the Combat cards by
name and what is not modelled, where the figures go, politics."""
from __future__ import annotations

from .rounds import reroll_allowance, reroll_lines


def odds_extra_json(rep) -> dict:
    out: dict = {"reroll_allowance": reroll_allowance(rep.setup)}
    return out


def odds_extra_lines(rep) -> list[str]:
    # round 1's allowance is in the header ("re-roll up to N"); rounds changed by cards are listed
    return reroll_lines(rep.setup) if rep.setup.effects else []
