"""Keywords printed without brackets, read from the card's text where the shipped data lacks them (RB-CARD-5).

The data's ``keywords`` are the bracketed keywords of the printed text ("[Hidden] (Hide now for ...)"). A few cards
print a keyword line without the brackets, followed by its reminder text in parentheses, as the first words of a
line: Windsinger's "Hidden (Hide now for [rainbow] to react with later for [0].)", Laurent Bladekeeper's "Ganking (I
can move from battlefield to battlefield.)". The data then lists no keyword for them. The loaders read such a line as
the keyword it names (one of the keyword names the data itself uses), with its number ("Assault 2 (...)"), for every
unit, spell and gear, so the card has the keyword it prints (a [Hidden] card may be played from facedown, RB-SHOW-4).

>>> unbracketed_keywords("Hidden (Hide now for :rb_rune_rainbow: to react with later for :rb_energy_0:.)\\nWhen ...")
[('Hidden', None)]
>>> unbracketed_keywords("[Hidden] (Hide now ...)"), unbracketed_keywords("Assault 2 (+2 while I'm an attacker.)")
([], [('Assault', 2)])
>>> unbracketed_keywords("Give a unit +2 Might (this turn).")
[]
"""
from __future__ import annotations

import functools
import json
import re
from importlib.resources import files as _resource_files

from .overlay import DATA_PACKAGE

#: the data files whose cards print keywords
DATA_FILES = ("units.json", "spells.json", "gear.json")
#: a line that begins with a word, an optional number and an opening parenthesis: a keyword and its reminder text
_LINE = re.compile(r"^\s*(?P<name>[A-Z][A-Za-z-]*)(?: (?P<n>\d+))? \(")


@functools.cache
def keyword_names() -> frozenset[str]:
    """Every keyword name the shipped data lists on a card (units' ``keywords``, ``conditional_keywords`` and
    ``other_keyword_mentions``; spells' and gear's ``keywords``)."""
    names: set[str] = set()
    for f in DATA_FILES:
        for r in json.loads(_resource_files(DATA_PACKAGE).joinpath(f).read_text(encoding="utf-8"))["records"]:
            kws = r.get("keywords") or ()
            names.update(re.sub(r"\s+-?\d+$", "", str(k)).strip() for k in kws)
            names.update(str(ck.get("keyword")) for ck in r.get("conditional_keywords") or ())
            names.update(str(k) for k in r.get("other_keyword_mentions") or ())
    return frozenset(n for n in names if n and n != "None")


def unbracketed_keywords(text: str, known: frozenset[str] | None = None) -> list[tuple[str, int | None]]:
    """The keywords ``text`` prints without brackets at the start of a line, with their reminder text after them:
    ``(name, number or None)``, in text order. ``known``: the keyword names (default :func:`keyword_names`)."""
    names = keyword_names() if known is None else known
    out = []
    for line in str(text or "").split("\n"):
        m = _LINE.match(line)
        if m and m["name"] in names:
            out.append((m["name"], int(m["n"]) if m["n"] else None))
    return out


def keyword_label(name: str, n: int | None) -> str:
    """``("Assault", 2)`` -> ``"Assault 2"``; ``("Hidden", None)`` -> ``"Hidden"``."""
    return name if n is None else f"{name} {n}"


#: the unit record's fields a keyword sets (besides ``keywords``): (field, how: "flag" True, or "add" its number, 1 if
#: none)
UNIT_FIELDS = {"Tank": ("tank", "flag"), "Backline": ("backline", "flag"), "Ganking": ("ganking", "flag"),
               "Assault": ("assault", "add"), "Shield": ("shield", "add"), "Deflect": ("deflect", "add")}


def with_unit_keywords(r: dict) -> dict:
    """Unit record ``r`` with the keywords its text prints without brackets that its ``keywords`` lacks, and the fields
    they set (:data:`UNIT_FIELDS`); ``keywords_from_text`` lists them. ``r`` itself when there are none."""
    have = {re.sub(r"\s+-?\d+$", "", str(k)).strip() for k in r.get("keywords") or ()}
    new = [(n, v) for n, v in unbracketed_keywords(str(r.get("text") or "")) if n not in have]
    if not new:
        return r
    r = dict(r)
    r["keywords"] = list(r.get("keywords") or ()) + [keyword_label(n, v) for n, v in new]
    r["keywords_from_text"] = [keyword_label(n, v) for n, v in new]
    for n, v in new:
        if n in UNIT_FIELDS:
            field, how = UNIT_FIELDS[n]
            r[field] = True if how == "flag" else int(r.get(field) or 0) + (v or 1)
    return r


#: a spell's or gear's speed from its keywords (the data's ``speed``: no Action or Reaction keyword is ``normal``)
SPEEDS = (("Reaction", "reaction"), ("Action", "action"))


def with_card_keywords(r: dict) -> dict:
    """Spell or gear record ``r`` with the keywords its text prints without brackets that its ``keywords`` lacks
    (``keywords_from_text`` lists them); an Action or Reaction so read sets its speed, and makes it playable in a
    showdown (RB-SHOW-4). ``r`` itself when there are none."""
    have = set((r.get("keywords") or {}).keys())
    new = [(n, v) for n, v in unbracketed_keywords(str(r.get("text") or "")) if n not in have]
    if not new:
        return r
    r = dict(r)
    r["keywords"] = {**(r.get("keywords") or {}), **{n: (v if v is not None else True) for n, v in new}}
    r["keywords_from_text"] = [keyword_label(n, v) for n, v in new]
    for kw, speed in SPEEDS:
        if kw in r["keywords"] and r.get("speed", "normal") == "normal":
            r["speed"], r["showdown_playable"] = speed, True
    return r
