"""The details of War of the Ring verdicts in words: an ASP term such as
``cannot_attack_with(eye)`` or ``protected_by_card(lorien, "A Power too Great")`` read as
"cannot attack with: eye" and "protected by card: Lórien, A Power too Great", with regions and
Nations by name and a moving group by its figures. No verdict note prints a Python tuple or an id.

>>> detail_words(("cannot_attack_with", "eye"))
'cannot attack with: eye'
>>> detail_words(("attacks_while_not_at_war", "rohan", "regular"))
'attacks while not at war: Rohan, regular'
>>> detail_words("any_card")
'any card'
"""
from __future__ import annotations

from typing import Any, Mapping

from ..board import load_board, load_nations

#: terms whose first argument is a moving group's id (position claims label it by its figures)
GROUP_TERMS = ("moved_twice", "never_moves", "not_yours", "moves_alone", "stays_alone", "flies", "picks_up",
               "not_a_character", "only_leader_never_moves")


def _arg(x: Any, groups: Mapping | None) -> str:
    if isinstance(x, tuple):
        return detail_words(x, groups)
    if isinstance(x, str):
        board, nations = load_board(), load_nations().nations
        if x in board.regions:
            return board.regions[x].name
        if x in nations:
            return nations[x].name
        return x.replace("_", " ")
    return str(x)


def detail_words(d: Any, groups: Mapping | None = None) -> str:
    """A verdict detail (an ASP term decoded to a tuple, a name or a number) in words."""
    if isinstance(d, tuple):
        if not d:
            return ""
        head, args = str(d[0]).replace("_", " "), list(d[1:])
        if d[0] in GROUP_TERMS and groups and args and isinstance(args[0], int) and args[0] in groups:
            g = groups[args[0]]
            # a claim's figures: the ones it moves (or leaves), not every figure of the group
            args[0] = g.label_for(str(d[0]), args[1:]) if hasattr(g, "label_for") else g.label()
        if not args:
            return head
        return f"{head}: " + ", ".join(a if isinstance(a, str) and groups and a in
                                       {g.label() for g in groups.values()} else _arg(a, groups) for a in args)
    return _arg(d, groups)
