"""Per-round numbers a battle report carries (JSON-ready data and text lines).

:func:`reroll_allowance` gives, for the rounds whose numbers are fixed before any die is rolled
(round 1, and each round with Combat-card effects, from the starting units), each side's Leader
re-roll allowance: min(Leadership, 5, dice that can miss) (WOTR-STR-5). Only the dice of the
Combat roll can miss, so the allowance never exceeds them; the misses actually rolled cap it further
(WOTR-HIT-6).
"""
from __future__ import annotations

from .battle import BattleSetup


def reroll_allowance(setup: BattleSetup, rounds=None) -> list[dict]:
    """``[{round, attacker: {...}, defender: {...}, rule}]``, each side with ``dice``, ``leadership``
    and ``reroll_allowance`` (the re-roll dice it may use if that many dice miss)."""
    a, d = setup.start[0], setup.start[2]
    rounds = sorted({1, *setup.effects}) if rounds is None else rounds
    out = []
    for rnd in rounds:
        row: dict = {"round": rnd}
        for role, units in (("attacker", a), ("defender", d)):
            prof = setup.attacker if role == "attacker" else setup.defender
            eff = setup.effects.get(rnd)
            e = (eff[0] if role == "attacker" else eff[1]) if eff else None
            p = setup.params(role, units, rnd)
            row[role] = {"dice": p.dice, "leadership": prof.leadership(units, e.leadership if e else 0),
                         "reroll_allowance": p.rerolls}
        row["rule"] = "WOTR-STR-5"
        row["note"] = "from the units at the start of the battle; the misses rolled cap it further (WOTR-HIT-6)"
        out.append(row)
    return out


def reroll_lines(setup: BattleSetup) -> list[str]:
    out = []
    for row in reroll_allowance(setup):
        parts = [f"{role} up to {row[role]['reroll_allowance']} of {row[role]['dice']} dice "
                 f"(Leadership {row[role]['leadership']})" for role in ("attacker", "defender")]
        out.append(f"Round {row['round']} Leader re-roll allowance: " + "; ".join(parts) + " (WOTR-STR-5)")
    return out
