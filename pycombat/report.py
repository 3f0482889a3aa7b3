"""Report objects: what every verb of every game returns (to the CLI, the Python API, batch, the web page).

A report is a plain dataclass.  Every report carries the game, the verb, the scenario's file and
title and the interpretation flags it was answered under; each game's report adds its answer (the
fields a printer reads) and says how it is written as JSON (:meth:`Report.to_json`, which must
give plain JSON types: fractions as ``"n/d"`` strings).  ``exit_code`` is what the command line
returns (``verify`` gives 1 when a claim's ``expect:`` is not met).

>>> r = Report(game="toy", verb="enumerate", scenario="t.yaml", title=None, flags={"f": "a"})
>>> r.to_json()
{'game': 'toy', 'verb': 'enumerate', 'scenario': 't.yaml', 'title': None, 'flags': {'f': 'a'}}
>>> r.exit_code
0
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any, Mapping

from . import jsontext


def jsonable(value: Any) -> Any:
    """``value`` with fractions as ``"n/d"`` strings, tuples as lists and dataclasses as mappings."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, float, str)):
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}" if value.denominator != 1 else str(value.numerator)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if hasattr(value, "to_json"):
        return value.to_json()
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: jsonable(getattr(value, f.name)) for f in fields(value)}
    return str(value)


@dataclass
class Report:
    """The base of every report: where the answer comes from and under which flags."""

    game: str
    verb: str
    scenario: str | None
    title: str | None
    flags: dict[str, str] = field(default_factory=dict)

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.__repr__ = Report.__repr__  # set before @dataclass runs, which then keeps it

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game} {self.verb} {self.scenario or '(mapping)'}>"

    @property
    def exit_code(self) -> int:
        return 0

    def head(self) -> dict:
        """What every report's JSON opens with: the game, the verb, the scenario file, its title and the
        interpretation flags the answer was reached under."""
        return {"game": self.game, "verb": self.verb, "scenario": self.scenario, "title": self.title,
                "flags": dict(self.flags or {})}

    def to_json(self) -> dict:
        """The report as JSON-ready data (the base fields, then the game's own)."""
        return {f.name: jsonable(getattr(self, f.name)) for f in fields(self) if not f.name.startswith("_")}

    def dumps(self, *, pretty: bool = False) -> str:
        """The report as ``--json`` writes it (:func:`pycombat.jsontext.dumps`)."""
        return jsontext.dumps(self.to_json(), pretty=pretty)


@dataclass
class VerifyReport(Report):
    """``verify``'s report for every game: each claim's verdict (a game's verdict object with
    ``as_json()``, ``claim``, ``verdict`` and ``deciding_flags``).

    ``extra`` goes into the JSON after ``game`` (e.g. ``{"kind": "position"}``); ``lead`` lines are
    printed before the verdicts; ``sources`` prints each rule's source; ``detail`` formats a
    violation's detail; ``reading`` names the other value of a deciding flag in the text."""

    verdicts: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    lead: tuple[str, ...] = ()
    sources: bool = True
    detail: Any = None
    reading: str = "the other reading"

    @property
    def missed(self) -> list:
        return [v for v in self.verdicts if v.claim.expect is not None and v.claim.expect != v.verdict]

    @property
    def exit_code(self) -> int:
        return 1 if self.missed else 0

    def to_json(self) -> dict:
        return {**self.head(), **self.extra, "claims": [v.as_json() for v in self.verdicts]}


@dataclass
class CoverageReport(Report):
    """``pycombat card --coverage``: every card of a game's data with what its model reads of it
    (``cards``: one entry each, with its status) and the counts per kind and status."""

    counts: dict = field(default_factory=dict)
    cards: list = field(default_factory=list)

    def to_json(self) -> dict:
        return {"game": self.game, "counts": self.counts, "cards": self.cards}
