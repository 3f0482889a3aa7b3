"""What the model covers of the shipped Riftbound cards (``pycombat card --coverage --game riftbound``).

Every unit, spell and gear card of the data gets one status, worked out from what the card lookup
(:mod:`.lookup`) says of it, never written by hand:

* ``modelled``: every combat-relevant part of its text is read (or read as having no effect on a
  combat, such as a normal-speed ability or a trigger outside combat);
* ``partly``: some parts are read, at least one is NOT MODELLED (RB-CARD-4), each with its reason;
* ``not``: nothing of its combat text is read, each part NOT MODELLED with its reason;
* ``none``: no combat text: a unit with only its Might, a spell or gear with no combat effect in the
  data, or one that cannot be played in a showdown (normal speed, RB-SHOW-4; Equipment still counts
  for the Might bonus it gives when attached, RB-CARD-5).

>>> r = coverage()
>>> set(r.counts["all"]) == set(STATUSES), sum(r.counts["all"].values()) == len(r.cards)
(True, True)
>>> next(c for c in r.cards if c["name"] == "Blood Rush")["status"]
'modelled'
"""
from __future__ import annotations

from typing import Any

from rich.console import Console

from pycombat.report import CoverageReport
from .equipment import attached_reading
from .lookup import spell_report, unit_report
from .spells import Card, load_cards
from .units import load_units

#: the statuses, in the order the listing gives them
STATUSES = ("modelled", "partly", "not", "none")
#: the card types the listing covers
TYPES = ("unit", "spell", "gear")
_PLURAL = {"unit": "units", "spell": "spells", "gear": "gear", "all": "all cards"}


def status(modelled: list, unmodelled: list) -> str:
    """A card's status from what is read of it and what is not (RB-CARD-4).

    >>> status([{"what": "Tank"}], []), status([{"what": "Tank"}], [{"what": "x"}]), status([], [{"what": "x"}])
    ('modelled', 'partly', 'not')
    >>> status([], [])
    'none'
    """
    if unmodelled:
        return "partly" if modelled else "not"
    return "modelled" if modelled else "none"


def playable(card: Card) -> bool:
    """Whether the card can be played in a showdown: Action or Reaction, or [Hidden] (played from
    facedown it has Reaction) (RB-SHOW-4)."""
    return card.showdown_playable or any(k == "Hidden" for k, _ in card.keywords)


def spell_row(card: Card) -> dict:
    """One spell or gear card's row of the listing."""
    rep = spell_report(card)
    modelled, unmodelled = rep["modelled"], rep["unmodelled"]
    row: dict[str, Any] = {"name": card.name, "id": card.id, "type": card.type, "showdown_playable": playable(card)}
    if not playable(card):
        if not card.equipment:
            return {**row, "status": "none", "why": "not playable in a showdown: only Action and Reaction cards "
                                                   "are (RB-SHOW-4)", "modelled": [], "unmodelled": []}
        # attached Equipment acts in a combat through its Might bonus and its text while attached, not
        # through what it does when played (it cannot be played in a showdown)
        modelled = [m for m in modelled if m["what"] == "Equipment" or m in attached_reading(card)]
        unmodelled = [u for u in unmodelled if u["what"] == "Equipment Might bonus" or "clause(s)" in u["what"]]
    st = status(modelled, unmodelled)
    row.update(status=st, modelled=[m["what"] for m in modelled],
               unmodelled=[{"what": u["what"], "why": u["why"]} for u in unmodelled])
    if st == "none":
        row["why"] = "no combat effect in the data"
    return row


def unit_row(unit) -> dict:
    """One unit card's row of the listing."""
    rep = unit_report(unit)
    st = status(rep["modelled"], rep["unmodelled"])
    row = {"name": unit.name, "id": unit.id, "type": "unit", "status": st,
           "modelled": [m["what"] for m in rep["modelled"]],
           "unmodelled": [{"what": u["what"], "why": u["why"]} for u in rep["unmodelled"]]}
    if st == "none":
        row["why"] = "no combat text: its Might only"
    return row


def rows() -> list[dict]:
    """Every unit (reprints once, under their first printing), spell and gear card, with its status."""
    out = [unit_row(u) for u in load_units().cards if u.reprint_of is None]
    out += [spell_row(c) for c in load_cards().cards]
    return out


def counts(listing: list[dict]) -> dict[str, dict[str, int]]:
    """How many cards of each type have each status, and over all types (``all``)."""
    out = {t: {s: 0 for s in STATUSES} for t in (*TYPES, "all")}
    for r in listing:
        out[r["type"]][r["status"]] += 1
        out["all"][r["status"]] += 1
    return out


def coverage() -> CoverageReport:
    """The listing as a report (``to_json()``: ``{game, counts, cards}``)."""
    listing = rows()
    return CoverageReport(game="riftbound", verb="card", scenario=None, title="coverage",
                          counts=counts(listing), cards=listing)


def counts_table(report: CoverageReport) -> list[str]:
    """The counts as the rows of a Markdown table (cards, then one column per status)."""
    c = report.counts
    return ["| cards | " + " | ".join(STATUSES) + " |", "|---" * (len(STATUSES) + 1) + "|"] + [
        f"| {_PLURAL[t].replace('all cards', 'all')} ({sum(c[t].values())}) | "
        + " | ".join(str(c[t][st]) for st in STATUSES) + " |" for t in (*TYPES, "all")]


def coverage_lines(report: CoverageReport) -> list[str]:
    """The text form: the counts, then each card not modelled whole with what is not and why."""
    c = report.counts
    lines = ["Riftbound card coverage (modelled / partly / not / none = no combat text):"]
    for t in (*TYPES, "all"):
        n = c[t]
        lines.append(f"  {_PLURAL[t]}: {sum(n.values())}: "
                     + ", ".join(f"{n[s]} {s}" for s in STATUSES))
    for st in ("partly", "not"):
        picked = [r for r in report.cards if r["status"] == st]
        if not picked:
            continue
        lines.append(f"{'Partly modelled' if st == 'partly' else 'Not modelled'} ({len(picked)}):")
        for r in picked:
            lines.append(f"  {r['name']} ({r['type']}, {r['id']}):")
            lines += [f"    NOT modelled: {u['what']}: {u['why']}" for u in r["unmodelled"]]
    return lines


def present(report: CoverageReport, console: Console) -> None:
    """:func:`coverage_lines` of the report."""
    for line in coverage_lines(report):
        console.print(line, highlight=False, markup=False)
