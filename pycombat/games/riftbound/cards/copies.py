"""A unit's own keywords and those it was given, and a unit becoming a copy of another (RB-CARD-14, RB-CARD-15).

A unit's keywords (``Unit.keywords``, and what they make of it: ``tank``, ``backline``, ``assault``, ``shield``,
``deflect``) are its card's and those it was given beyond them: the scenario's ``keywords:`` and a card's or an
ability's grants in the showdown, also listed in ``Unit.granted``. A unit that becomes a copy of another (Shady
Spectacles: "The equipped unit becomes a copy of that unit for as long as this is attached to it") takes that unit's
card (printed Might, keywords, tags, abilities, none of what was given to it) and keeps its own name, damage, buff,
Might changes, Equipment, statuses and the keywords it was given; once the Equipment leaves it, it is its own card
again, with the same kept (:func:`recast`).

>>> from pycombat.games.riftbound.model import Unit
>>> u = with_grants(Unit(name="A", side="attacker", might=3, keywords=("Shield",), shield=(1,)), ("Assault 2", "Tank"))
>>> u.keywords, u.assault, u.tank, u.granted
(('Shield', 'Assault 2', 'Tank'), (2,), True, ('Assault 2', 'Tank'))
>>> v = without_grants(u)
>>> v.keywords, v.assault, v.tank, v.shield, v.granted
(('Shield',), (), False, (1,), ())
"""
from __future__ import annotations

from pycombat.frozen import replace
from ..model import Unit
from .units import split_keyword

#: what a unit keeps as it becomes a copy or stops being one: its name, place in the scenario and state in the turn
#: (what its card does not give it)
KEPT = ("name", "side", "path", "marked", "stunned", "buffed", "exhausted", "equipment", "stated_bonus", "moved",
        "might_changes", "prevent", "prevent_all", "prevent_next", "doubled", "kill_on_damage", "doomed",
        "death_replacement", "immune", "value", "xp", "player", "token", "empowered", "empowered_times", "named",
        "static", "designated")


def _word(text: str) -> str:
    return str(text).split()[0] if str(text).split() else ""


def with_grants(u: Unit, texts: tuple[str, ...]) -> Unit:
    """``u`` given the keywords ``texts`` (``"Tank"``, ``"Assault 2"``, ...): instances add up (RB-MIGHT-4/5)."""
    tank, backline, assault, shield, deflect = u.tank, u.backline, list(u.assault), list(u.shield), u.deflect
    for t in texts:
        k, n = split_keyword(t)
        if k == "Tank":
            tank = True
        elif k == "Backline":
            backline = True
        elif k == "Assault":
            assault.append(1 if n is None else n)
        elif k == "Shield":
            shield.append(1 if n is None else n)
        elif k == "Deflect":
            deflect += 1 if n is None else n
    return replace(u, keywords=u.keywords + tuple(texts), granted=u.granted + tuple(texts), tank=tank,
                   backline=backline, assault=tuple(assault), shield=tuple(shield), deflect=deflect)


def without_grants(u: Unit) -> Unit:
    """``u`` with only its card's keywords: those it was given (``granted``) taken away."""
    if not u.granted:
        return u
    keywords, assault, shield, deflect = list(u.keywords), list(u.assault), list(u.shield), u.deflect
    for t in reversed(u.granted):
        if t in keywords:
            del keywords[len(keywords) - 1 - keywords[::-1].index(t)]
        k, n = split_keyword(t)
        n = 1 if n is None else n
        if k == "Assault" and n in assault:
            del assault[len(assault) - 1 - assault[::-1].index(n)]
        elif k == "Shield" and n in shield:
            del shield[len(shield) - 1 - shield[::-1].index(n)]
        elif k == "Deflect":
            deflect = max(0, deflect - n)
    return replace(u, keywords=tuple(keywords), granted=(), assault=tuple(assault), shield=tuple(shield),
                   deflect=deflect, tank=any(_word(t) == "Tank" for t in keywords),
                   backline=any(_word(t) == "Backline" for t in keywords))


def recast(current: Unit, card: Unit, copy_of: str | None, uncopied: Unit | None) -> Unit:
    """``current`` become ``card``'s card (a unit built from it: its printed values are taken, none of what was given
    to it), keeping what :data:`KEPT` names and the keywords it was given; ``copy_of``: the name of the card it is a
    copy of (None: its own card again), ``uncopied``: what it is once it stops being a copy."""
    base = without_grants(card)
    made = replace(base, **{f: getattr(current, f) for f in KEPT}, copy_of=copy_of, uncopied=uncopied, unstated=())
    return with_grants(made, current.granted)
