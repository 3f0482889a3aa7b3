"""For tests whose boards start the turn's events with the showdown: each unit entry whose card has a triggered "give
... this turn" ability that may have fired earlier in the turn (RB-CARD-9, :func:`~pycombat.games.riftbound.cards.units.
is_earlier`) states that it did not (``fired_this_turn: 0``), unless the entry says otherwise."""
from __future__ import annotations

from pycombat.errors import UnknownNameError
from pycombat.games.riftbound.cards.units import earlier_effects, load_units


def _fires_earlier(name: str) -> bool:
    try:
        return bool(earlier_effects(load_units().unit(name)))
    except UnknownNameError:  # (the reader's own error names it)
        return False


def none_before(units) -> list:
    """``units`` (names or entries), each unit with such an ability stated to have fired none before the showdown."""
    out = []
    for u in units:
        if isinstance(u, str) and _fires_earlier(u):
            u = {"name": u, "fired_this_turn": 0}
        elif isinstance(u, dict) and not u.get("custom") and isinstance(u.get("name"), str) \
                and "fired_this_turn" not in u and _fires_earlier(u["name"]):
            u = {**u, "fired_this_turn": 0}
        out.append(u)
    return out
