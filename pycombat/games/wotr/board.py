"""The War of the Ring board: regions (nation, settlement, adjacency) and nations, by name.

Loaded from the shipped data (``pycombat/games/wotr/data/regions.json`` and ``nations.json``,
copies of ``../shared/data/wotr``). Lookups accept the data's ASCII names, the slug ids and the
other sources' spellings (``aliases``), any case and accents (:func:`pycombat.names.normalize`);
an unknown name raises :class:`~pycombat.errors.UnknownNameError` with the closest names.

This module knows the map only; battles are in :mod:`.battle.process`, and the movement rules (WOTR-MOVE,
WOTR-CHMOVE) in ``asp_rules/wotr/move_*.lp`` (with :mod:`.position.moves`), which get the board as facts.

>>> board = load_board()
>>> board.region("minas tirith").settlement, board.region("Osgiliath").settlement
('stronghold', 'fortification')
>>> board.adjacent("Osgiliath", "Minas Tirith")
True
>>> board.region("Minas Tirit")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pycombat.errors.UnknownNameError: unknown region 'Minas Tirit'; did you mean 'Minas Tirith'...
>>> load_nations().nation("Southrons").name
'Southrons & Easterlings'
"""
from __future__ import annotations

import functools
import json
from collections import deque
from dataclasses import dataclass
from importlib import resources
from typing import Iterable, Mapping

from ...errors import ScenarioError, UnknownNameError
from ...names import NameIndex

DATA_PACKAGE = "pycombat.games.wotr.data"
SIDES = ("free_peoples", "shadow")
SETTLEMENTS = ("town", "city", "stronghold", "fortification")
SIDE_NAMES = {"free_peoples": "Free Peoples", "shadow": "Shadow"}
#: the Settlements that are captured and take a Control marker (WOTR-CAPT-1, WOTR-CAPT-2); a Fortification
#: (Osgiliath, the Fords of Isen) is none: it only changes the hit number (WOTR-SITE-1)
CONTROLLED = ("town", "city", "stronghold")


def control_refusal(region) -> str | None:
    """Why a ``control:`` entry cannot name ``region`` (no Settlement, or a Fortification), else None."""
    if region.settlement is None:
        return f"{region.name} has no Settlement to control (WOTR-CAPT-2)"
    if region.settlement not in CONTROLLED:
        return (f"{region.name} holds a {region.settlement.title()}, not a Settlement: only a Town, a City or a "
                "Stronghold is captured and takes a Control marker (WOTR-CAPT-1, WOTR-CAPT-2); a "
                f"{region.settlement.title()} only changes the hit number (WOTR-SITE-1)")
    return None


def _records(name: str) -> list[dict]:
    text = resources.files(DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)["records"]


@dataclass(frozen=True)
class Region:
    """One region of the board (facts from ``regions.json``)."""

    id: str
    name: str
    nation: str | None  #: nation id whose border holds it, None for a free region
    settlement: str | None  #: town | city | stronghold | fortification | None
    vp: int
    initial_control: str | None  #: free_peoples | shadow (settlements only)
    adjacent: tuple[str, ...]  #: region ids (impassable borders excluded; symmetric)
    starting_units: Mapping[str, int] | None = None
    starting_units_nation: str | None = None
    aliases: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.name


class Board:
    """Every region, looked up by name; adjacency queries."""

    def __init__(self, regions: Iterable[Region]):
        self.regions: dict[str, Region] = {}
        self._index: NameIndex[Region] = NameIndex([])
        for r in regions:
            self.regions[r.id] = r
            self._index.add(r.name, r.id, r)
            for alias in r.aliases:
                self._index.add(alias, None, r)
        for r in self.regions.values():
            for other in r.adjacent:
                if other not in self.regions or r.id not in self.regions[other].adjacent:
                    raise ValueError(f"regions.json: adjacency {r.id} - {other} is not symmetric")

    def __len__(self) -> int:
        return len(self.regions)

    @property
    def names(self) -> list[str]:
        return [r.name for r in self.regions.values()]

    def region(self, name: str, *, file: str | None = None, path: str | None = None) -> Region:
        """The region called ``name`` (name, id or alias, any case or accents)."""
        found = self._index.lookup(str(name))
        if not found:
            raise UnknownNameError("region", str(name), self._index.suggest(str(name)), file=file, path=path)
        return found[0]

    def adjacent(self, a: str | Region, b: str | Region) -> bool:
        ra, rb = self._get(a), self._get(b)
        return rb.id in ra.adjacent

    def neighbours(self, region: str | Region) -> list[Region]:
        return [self.regions[i] for i in self._get(region).adjacent]

    def regions_of(self, nation: str) -> list[Region]:
        """The regions inside a Nation's borders (nation id), e.g. for WOTR-MOVE-5.

        >>> [r.name for r in load_board().regions_of("dwarves")]
        ['Erebor', 'Ered Luin', 'Iron Hills', 'North Ered Luin']
        """
        return [r for r in self.regions.values() if r.nation == nation]

    def settlements(self, kind: str | None = None) -> list[Region]:
        """The regions with a Settlement (Town, City, Stronghold) or a Fortification, or of one ``kind``.

        >>> len(load_board().settlements("stronghold")), len(load_board().settlements("fortification"))
        (16, 2)
        """
        if kind is not None and kind not in SETTLEMENTS:
            raise ValueError(f"kind: one of {', '.join(SETTLEMENTS)}, not {kind!r}")
        return [r for r in self.regions.values() if r.settlement and (kind is None or r.settlement == kind)]

    def distances(self, start: str | Region, *, limit: int | None = None) -> dict[str, int]:
        """Regions (ids) within ``limit`` regions of ``start`` by adjacency alone, with their distance
        (movement rules that bar regions are in ``asp_rules/wotr/move_legal.lp``).

        >>> d = load_board().distances("Lorien", limit=2)
        >>> d["parth-celebrant"], d["fangorn"], "edoras" in d
        (1, 2, False)
        """
        first = self._get(start).id
        dist, todo = {first: 0}, deque([first])
        while todo:
            here = todo.popleft()
            if limit is not None and dist[here] == limit:
                continue
            for nxt in self.regions[here].adjacent:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    todo.append(nxt)
        return dist

    def path_exists(self, a: str | Region, b: str | Region, *, avoid: Iterable[str] = ()) -> bool:
        """Whether ``b`` can be reached from ``a`` through regions not in ``avoid`` (ids)."""
        start, goal = self._get(a).id, self._get(b).id
        blocked = set(avoid) - {start, goal}
        seen, todo = {start}, deque([start])
        while todo:
            here = todo.popleft()
            if here == goal:
                return True
            for nxt in self.regions[here].adjacent:
                if nxt not in seen and nxt not in blocked:
                    seen.add(nxt)
                    todo.append(nxt)
        return False

    def _get(self, region: str | Region) -> Region:
        return region if isinstance(region, Region) else self.regions.get(region) or self.region(region)


@functools.cache
def load_board() -> Board:
    regions = []
    for rec in _records("regions.json"):
        regions.append(Region(id=rec["id"], name=rec["name"], nation=rec["nation"], settlement=rec["settlement"],
                              vp=rec["vp"] or 0, initial_control=rec["initial_control"],
                              adjacent=tuple(rec["adjacent"]), starting_units=rec.get("starting_units"),
                              starting_units_nation=rec.get("starting_units_nation"),
                              aliases=tuple(rec.get("aliases") or ())))
    return Board(regions)


@dataclass(frozen=True)
class Nation:
    """One nation (facts from ``nations.json``)."""

    id: str
    name: str
    side: str  #: free_peoples | shadow
    political_start_steps: int  #: steps from "At War" at setup (0 = At War)
    starts_active: bool
    reinforcements: Mapping[str, int]  #: at setup: regular, elite, leader, nazgul
    figures_total: Mapping[str, int]  #: regular, elite, leader, nazgul (WOTR figures table, RB p.6)
    leader_figure: str | None  #: "Leader", "Nazgûl" or None (Isengard, Southrons)

    @property
    def has_leaders(self) -> bool:
        return self.leader_figure == "Leader"

    def __str__(self) -> str:
        return self.name


#: other names players use for nations
NATION_ALIASES = {"southrons": ("Southrons", "Easterlings", "Southrons and Easterlings", "Haradrim"),
                  "north": ("North",), "sauron": ("Mordor",), "elves": ("Elf", "Elven"), "dwarves": ("Dwarf",)}


class Nations:
    def __init__(self, nations: Iterable[Nation]):
        self.nations: dict[str, Nation] = {}
        self._index: NameIndex[Nation] = NameIndex([])
        for n in nations:
            self.nations[n.id] = n
            self._index.add(n.name, n.id, n)
            for alias in NATION_ALIASES.get(n.id, ()):
                self._index.add(alias, None, n)

    def __iter__(self):
        return iter(self.nations.values())

    def nation(self, name: str, *, file: str | None = None, path: str | None = None) -> Nation:
        found = self._index.lookup(str(name))
        if not found:
            raise UnknownNameError("nation", str(name), self._index.suggest(str(name)), file=file, path=path)
        return found[0]

    def of_side(self, side: str) -> list[Nation]:
        return [n for n in self.nations.values() if n.side == side]


@functools.cache
def load_nations() -> Nations:
    out = []
    for rec in _records("nations.json"):
        out.append(Nation(id=rec["id"], name=rec["name"], side=rec["side"],
                          political_start_steps=rec["political_start_steps_from_war"],
                          starts_active=bool(rec["starts_active"]), reinforcements=dict(rec["reinforcements"]),
                          figures_total=dict(rec["figures_total"]), leader_figure=rec.get("leader_figure")))
    return Nations(out)


def settlement_words(settlement: str | None) -> str:
    """A region's Settlement as a message names it: ``city`` -> "a City", None -> "no Settlement"."""
    return f"a {settlement.title()}" if settlement else "no Settlement"


def side_of_name(text: str, *, file: str | None = None, path: str | None = None) -> str:
    """``free_peoples`` or ``shadow`` from what a user types ("Free Peoples", "FP", "shadow")."""
    key = str(text).strip().lower().replace("-", " ").replace("_", " ")
    table = {"free peoples": "free_peoples", "fp": "free_peoples", "freepeoples": "free_peoples",
             "shadow": "shadow", "sp": "shadow", "s": "shadow"}
    if key not in table:
        raise ScenarioError(f"{text!r} is not a side (free_peoples or shadow)", file=file, path=path)
    return table[key]
