"""The Event halves of the shipped Event cards beyond their requirement and battle tags: the Armies an
Event moves (WOTR-MOVE-10) and the parts no verb applies, read from ``data/event_halves.yaml`` (its
one interpreter).

* :func:`movement` gives a card's printed movement (``armies``, ``regions``, ``with``,
  ``ends_with_other_army``, ``direct``) and :func:`movement_refusal` says why ``action: {card: ...}``
  cannot apply it (it moves no Army, several Armies, or an Army straight to a named place);
* :func:`musters` says whether the Event brings figures into play (WOTR-EVT-6): a part that recruits
  (:func:`recruit_parts`);
* :func:`unapplied_parts` gives the parts of the Event text no verb applies, each as
  ``{card, what, why}``, the form of every ``unmodelled`` entry.

>>> movement("Through a Day and a Night")
{'armies': 1, 'regions': 2, 'with': 'companion'}
>>> movement_refusal("Athelas") is not None, movement_refusal("Shadows Gather")
(True, None)
"""
from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Any, Mapping

import yaml

DATA = "pycombat.games.wotr.data"
RULE = "WOTR-MOVE-10"
#: the keys of a card's ``moves:`` entry
MOVE_KEYS = ("armies", "regions", "with", "ends_with_other_army", "direct")
#: the figures a moving Army may be asked to hold (``with:``)
WITH = ("companion", "nazgul", "witch-king")
WITH_WORDS = {"companion": "a Companion", "nazgul": "a Nazgûl", "witch-king": "the Witch-king"}


@functools.cache
def _table() -> dict[str, dict[str, Any]]:
    from .requirements import event_records

    text = resources.files(DATA).joinpath("event_halves.yaml").read_text(encoding="utf-8")
    table = yaml.safe_load(text)["cards"]
    titles = set(event_records())
    if set(table) != titles:  # our own data: fail loudly on a missing or misspelt title
        raise ValueError(f"event_halves.yaml: titles missing {sorted(titles - set(table))}, "
                         f"unknown {sorted(set(table) - titles)}")
    for title, entry in table.items():
        bad = [k for k in entry if k not in ("parts", "moves")] + \
              [k for k in (entry.get("moves") or {}) if k not in MOVE_KEYS]
        w = (entry.get("moves") or {}).get("with")
        if bad or not isinstance(entry.get("parts"), list) or (w is not None and w not in WITH):
            raise ValueError(f"event_halves.yaml: {title!r}: bad entry {entry}")
    return table


#: a part of the Event text that brings figures into play from the reinforcements (WOTR-EVT-6): it recruits,
#: or replaces figures on the map by Elites
_BRINGS = re.compile(r"\brecruit|\breplace\b.*\bElites?\b", re.IGNORECASE)


def recruit_parts(title: str) -> list[str]:
    """The parts of the card's Event text that bring units, Leaders or Nazgûl into play (WOTR-EVT-6): whether
    a shipped card musters is read here and nowhere else (``parts`` of ``data/event_halves.yaml``)."""
    return [p for p in _table().get(title, {}).get("parts", ()) if _BRINGS.search(p)]


def musters(title: str) -> bool:
    """Whether the shipped card's Event brings figures into play (WOTR-EVT-6).

    >>> musters("Pits of Mordor"), musters("Shadows Gather"), musters("Hill-trolls")
    (True, False, True)
    """
    return bool(recruit_parts(title))


def movement(title: str) -> dict[str, Any] | None:
    """The Armies the card's Event moves (None: it moves no Army)."""
    got = _table().get(title, {}).get("moves")
    return dict(got) if got else None


def movement_words(m: Mapping[str, Any], side: str) -> str:
    """A card's printed movement in words."""
    who = f"{side.replace('_', ' ').title()} Arm{'y' if m['armies'] == 1 else 'ies'}"
    if m.get("direct"):
        return f"moves {m['direct']}"
    text = f"moves {'one' if m['armies'] == 1 else m['armies']} {who} up to {m['regions']} region" \
           f"{'s' if m['regions'] != 1 else ''}{' each' if m['armies'] > 1 else ''}"
    if m.get("with"):
        text += f", {'each ' if m['armies'] > 1 else ''}holding {WITH_WORDS[m['with']]}"
    if m.get("ends_with_other_army"):
        text += ", ending in a region already holding another of its side's Armies not under siege"
    return text


def movement_refusal(title: str) -> str | None:
    """Why ``action: {card: TITLE}`` cannot apply the card's movement (None: it can)."""
    m = movement(title)
    if m is None:
        return "its Event moves no Army"
    if m.get("direct"):
        return f"its Event moves {m['direct']}: a movement straight to a named place is not modelled"
    if m["armies"] != 1:
        return f"its Event moves {m['armies']} Armies: only a card that moves one Army is modelled"
    return None


def unapplied_parts(r: Mapping[str, Any]) -> list[dict[str, str]]:
    """``[{card, what, why}]``: the parts of card record ``r``'s Event text that no verb applies (its
    battle tags are judged by :func:`.lookup.event_half`)."""
    title = r["title"]
    out = [{"card": title, "what": f"Event: {p}", "why": "this part of the Event is not applied by any verb"}
           for p in _table()[title]["parts"]]
    why = movement_refusal(title)
    m = movement(title)
    if m is not None and why is not None:
        out.append({"card": title, "what": f"Event: {movement_words(m, r['side'])}", "why": why})
    return out
