"""The MECCG site cards (``data/sites.json``): where a combat happens, as the cards that care read it.

A company's ``site:`` names a site; when the name is a site card's, its kind (haven, free-hold,
border-hold, ruins-and-lairs, shadow-hold, dark-hold), region and whether it is an Under-deeps
site come from the card (the record of the company's alignment when several share the name). A
company may also state them (``site_kind:``, ``site_region:``, ``under_deeps:``), which wins; a
site that is neither leaves them unknown, and a card whose effect hangs on them is then named as
not modelled (MECCG-FX-10) instead of being applied or dropped.

>>> s = site_named("Moria", "hero")
>>> s.kind, s.region, s.under_deeps
('shadow-hold', 'Redhorn Gate', False)
>>> site_named("Minas Morgul", "minion").kind, site_named("Nowhere in particular", "hero") is None
('haven', True)
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources

from pycombat.names import NameIndex, normalize

#: The six kinds of site, as sites.json writes them.
SITE_KINDS = ("haven", "free-hold", "border-hold", "ruins-and-lairs", "shadow-hold", "dark-hold")


@dataclass(frozen=True)
class SiteCard:
    id: str
    name: str
    alignment: str  #: whose location deck it belongs to
    kind: str  #: one of :data:`SITE_KINDS`
    region: str | None
    under_deeps: bool


@functools.cache
def _index() -> NameIndex[SiteCard]:
    text = resources.files("pycombat.games.meccg.data").joinpath("sites.json").read_text(encoding="utf-8")
    records = json.loads(text)["records"]
    return NameIndex((r["name"], r["id"], SiteCard(r["id"], r["name"], r["alignment"], r["site_type"], r.get("region"),
                                                   bool(r.get("under_deeps")))) for r in records)


@functools.cache
def _regions() -> frozenset[str]:
    """The regions the site cards are in, normalized (a name a file may give its own site)."""
    return frozenset(normalize(c.region) for name in _index().names for c in _index().lookup(name) if c.region)


def site_named(name: str, alignment: str | None = None) -> SiteCard | None:
    """The site card called ``name`` (the one of ``alignment``'s location deck if several), or None.
    A Balrog or Fallen-wizard player's site falls back to the minion, then the hero record."""
    hits = _index().lookup(name)
    if not hits:
        return None
    order = {"balrog": ("balrog", "minion", "hero"), "fallen-wizard": ("fallen-wizard", "hero", "minion")}.get(
        alignment or "", (alignment or "",))
    for a in order:
        for h in hits:
            if h.alignment == a:
                return h
    return hits[0]


#: how many letters (inserted, dropped, changed or two swapped: rapidfuzz's optimal string alignment) a site name
#: may be away from a site card's and still read as a misspelling of it: one for a name of
#: :data:`MISSPELLING_MIN_LENGTH` letters or more (normalized), two from :data:`MISSPELLING_LONG` letters on; a
#: shorter name is never read as one
MISSPELLING_EDITS = 2
MISSPELLING_MIN_LENGTH = 5
MISSPELLING_LONG = 8


def misspelled_site(name: str) -> str | None:
    """The site card ``name`` misspells: no site card is called ``name``, and one is at most a
    few letters away from it (:data:`MISSPELLING_EDITS`). None: a site card, or a site of the file's own.

    >>> misspelled_site("The Wind Thorne"), misspelled_site("Moira"), misspelled_site("Nowhere in particular")
    ('The Wind Throne', 'Moria', None)
    >>> misspelled_site("Belfalas")  # a region, two letters from the site Tolfalas

    """
    from rapidfuzz.distance import OSA

    if site_named(name) is not None:
        return None
    query = normalize(name)
    if len(query) < MISSPELLING_MIN_LENGTH or query in _regions():  # a region's name (Belfalas) is no misspelling
        return None
    limit = MISSPELLING_EDITS if len(query) >= MISSPELLING_LONG else 1
    best: tuple[int, str] | None = None
    for card_name in _index().names:
        d = OSA.distance(query, normalize(card_name), score_cutoff=limit)
        if d <= limit and (best is None or d < best[0]):
            best = (d, card_name)
    return best[1] if best else None
