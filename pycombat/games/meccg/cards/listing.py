"""What the model covers of the shipped MECCG cards (``pycombat card --coverage --game meccg``).

Every combat card (combat_cards.json), item (items.json) and character, ally or avatar
(characters.json) gets one status, worked out from its model (:mod:`.interpreter`), never written
by hand, under the default interpretation flags:

* ``modelled``: everything of it that can act in company vs. company combat is read;
* ``partly``: something is read and at least one part is NOT MODELLED (MECCG-FX-10), each with why;
* ``not``: nothing is read, each part NOT MODELLED with why;
* ``by flag``: an unclear card whose flag's default gives it no effect in CvCC (MECCG-FX-14); its
  parts open under the other reading are listed;
* ``no effect``: the data or a rule says it has no effect in CvCC (a hazard, MECCG-STRUCT-8; an
  ability for attacks no company makes, MECCG-FX-17);
* ``none``: no combat content (a character with its printed prowess and body only, an item with no
  bonus and no ability).

A part open only under a non-default reading (``only_if``) does not make a card ``partly``: it is
listed with its flag.

>>> r = coverage()
>>> sum(r.counts["all"].values()) == len(r.cards)
True
>>> next(c for c in r.cards if c["name"] == "Sable Shield")["status"]
'modelled'
"""
from __future__ import annotations

from typing import Any

from rich.console import Console

from pycombat.report import CoverageReport
from pycombat.rulebook import load_rulebook
from . import interpreter as cardfx
from .database import load_carddb

STATUSES = ("modelled", "partly", "not", "by flag", "no effect", "none")
KINDS = ("event", "item", "character")
_PLURAL = {"event": "combat cards", "item": "items", "character": "characters, allies and avatars",
           "all": "all cards"}


def _read(m: cardfx.CardModel) -> bool:
    """Something of the card is applied by the model."""
    return bool(m.fx or m.variants or m.company_fx or m.roll or m.grants_skill or m.placed_on
                or m.play in ("cancel", "mode", "state", "before_assignment"))


def card_status(m: cardfx.CardModel, defaults: dict[str, str], irrelevant: bool = False) -> tuple[str, list, list]:
    """``(status, parts open under the defaults, parts open only under another reading)``."""
    open_, other = [], []
    for u in m.unmodelled:
        only = u.get("only_if") or {}
        (open_ if all(defaults.get(f) == v for f, v in only.items()) else other).append(dict(u))
    if m.flag and defaults.get(m.flag) == "no_effect":
        return "by flag", [], open_ + other
    if irrelevant or m.no_effect:
        return "no effect", [], []
    if open_:
        return ("partly" if _read(m) else "not"), open_, other
    if _read(m) or m.no_cvcc:
        return ("modelled" if _read(m) else "no effect"), [], other
    return "none", [], other


def coverage() -> CoverageReport:
    """Every card of the MECCG data with its status and, for each part not modelled, why."""
    db = load_carddb()
    defaults = load_rulebook("meccg").defaults()
    barred = {c.id for c in db.combat_cards if c.cvcc_relevant == "no"}
    models = cardfx.all_models()
    cards, counts = [], {k: dict.fromkeys(STATUSES, 0) for k in (*KINDS, "all")}
    for cid, m in models.items():
        status, open_, other = card_status(m, defaults, irrelevant=cid in barred)
        counts[m.kind][status] += 1
        counts["all"][status] += 1
        entry: dict[str, Any] = {"id": cid, "name": m.name, "kind": m.kind, "status": status}
        if m.flag:
            entry["flag"] = f"{m.flag}={defaults.get(m.flag)}"
        if open_:
            entry["unmodelled"] = [{"what": u["what"], "why": u["why"]} for u in open_]
        if other:
            entry["open_under_other_readings"] = [{"what": u["what"], "why": u["why"],
                                                   **({"only_if": u["only_if"]} if u.get("only_if") else {})}
                                                  for u in other]
        cards.append(entry)
    return CoverageReport(game="meccg", verb="card", scenario=None, title="MECCG card coverage", counts=counts,
                          cards=cards)


def coverage_lines(report: CoverageReport) -> list[str]:
    """The counts, then every card with a part open under the default reading, each part with why."""
    head = " / ".join(STATUSES)
    lines = [f"MECCG card coverage under the default flags ({head}):"]
    for kind in (*KINDS, "all"):
        c = report.counts[kind]
        lines.append(f"  {_PLURAL[kind]}: {sum(c.values())}: " + ", ".join(f"{c[s]} {s}" for s in STATUSES))
    lines.append("Open under the default flags (each part NOT MODELLED, and why):")
    for card in report.cards:
        for u in card.get("unmodelled", ()):
            lines.append(f"  {card['name']} ({card['id']}, {card['status']}): {u['what']}: {u['why']}")
    flagged = [c for c in report.cards if c.get("open_under_other_readings")]
    lines.append(f"{len(flagged)} cards have parts open only under another reading (--json lists them).")
    return lines


def present(report: CoverageReport, console: Console) -> None:
    for line in coverage_lines(report):
        console.print(line, highlight=False, markup=False)
