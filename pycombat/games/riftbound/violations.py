"""A violation of the damage rules in words: what a split or a sequence broke, for a judge.

Check mode (``asp_rules/riftbound/legal.lp``, ``sequence.lp``, ``amounts.lp``) names each
violation as ``violation(RuleId, Detail)``; ``Detail`` is a term such as ``overkill(S, U, J)``,
decoded into a tuple (``("overkill", "defender", "A1", "A4")``). This module says it as a sentence:

>>> violation_text(("overkill", "defender", "A1", "A4"))
'the defender assigns A1 more than its lethal damage while A4 still lacks lethal damage'
>>> violation_text(("total_must_be", "attacker", 5))
'the attacker must assign exactly 5 damage in all (its total)'
>>> violation_text(("moved_on", "defender", 2, "A1", "A4"))
'at step 2 the defender moves on to A1 while A4 still lacks lethal damage'

A detail with no sentence here (a new one in the programs) is shown as the programs wrote it, so
nothing is hidden: ``overkill(defender, A1, A4)``.
"""
from __future__ import annotations

from typing import Any, Callable

_LACKS = "still lacks lethal damage"

#: detail name -> its sentence from the detail's arguments (the side first, as the programs write it)
SENTENCES: dict[str, Callable[..., str]] = {
    "total_must_be": lambda s, d: f"the {s} must assign exactly {d} damage in all (its total)",
    "own_unit": lambda s, u: f"{u} is one of the {s}'s own units: damage goes to the other side's units",
    "not_in_combat": lambda s, u: f"{u} is not a unit in this combat",
    "negative": lambda s, u, a: f"the {s} gives {u} a negative amount ({a})",
    "two_amounts": lambda s, u, a, b: f"the {s} gives {u} two amounts ({a} and {b})",
    "no_damage_step": lambda s, u: f"there is no damage step, yet the {s} assigns damage to {u}",
    "cannot_be_dealt_damage": lambda s, u: f"{u} cannot be dealt damage, yet the {s} assigns it some",
    "dumped_before_lethal": lambda s, u, j: (f"the {s} puts damage on {u}, which cannot be dealt damage, while "
                                             f"{j} {_LACKS}"),
    "two_short": lambda s, u, v: f"the {s} leaves both {u} and {v} short of lethal damage",
    "overkill": lambda s, u, j: f"the {s} assigns {u} more than its lethal damage while {j} {_LACKS}",
    "before_tank": lambda s, j, i: f"the {s} damages {j} while the Tank {i} {_LACKS}",
    "before_others": lambda s, j, i: f"the {s} damages the Backline unit {j} while {i} {_LACKS}",
    "first_or_last": lambda s, x: f"the {s} assigns damage to the dual unit {x} neither first nor last",
    "killable_passed": lambda s, j, u: (f"the {s} passes over {j}, which the damage could kill, for {u}"),
    "excess_on_two": lambda s, u, v: f"the {s} puts leftover damage on two units ({u} and {v})",
    "not_last": lambda s, u, v: f"the {s} puts leftover damage on {u}, which cannot come after {v}",
    "two_steps_at": lambda s, k: f"the {s}'s sequence has two assignments at step {k}",
    "gap_before": lambda s, k: f"the {s}'s sequence has no step before step {k}",
    "empty_step": lambda s, k, u: f"at step {k} the {s} assigns {u} no damage",
    "moved_on": lambda s, k, u, v: f"at step {k} the {s} moves on to {u} while {v} {_LACKS}",
    "overkill_at": lambda s, k, u, j: (f"at step {k} the {s} takes {u} past its lethal damage while {j} "
                                       f"{_LACKS}"),
    "dumped_at": lambda s, k, u, j: (f"at step {k} the {s} puts damage on {u}, which cannot be dealt damage, "
                                     f"while {j} {_LACKS}"),
    "before_tank_at": lambda s, k, u, i: f"at step {k} the {s} damages {u} while the Tank {i} {_LACKS}",
    "before_others_at": lambda s, k, u, i: (f"at step {k} the {s} damages the Backline unit {u} while {i} "
                                            f"{_LACKS}"),
    "excess_not_on_last": lambda s, k, u, v: (f"at step {k} the {s} puts leftover damage on {u}, not on {v}, "
                                              "the last unit assigned"),
    "lethal_of": lambda u, n: (f"{u} cannot be dealt lethal damage" if n == "never"
                               else f"{u}'s lethal damage is {n}"),
    "total_of": lambda s, d: f"the {s}'s total is {d}",
}


def violation_text(detail: Any) -> str:
    """``detail`` (a decoded term: a tuple or list whose first item is its name, or a constant) in words."""
    if isinstance(detail, (tuple, list)) and detail and isinstance(detail[0], str):
        name, args = detail[0], tuple(detail[1:])
        say = SENTENCES.get(name)
        if say is not None:
            try:
                return say(*args)
            except TypeError:  # another arity than the programs write: shown as written
                pass
        return f"{name}(" + ", ".join(violation_text(a) for a in args) + ")"
    return str(detail)
