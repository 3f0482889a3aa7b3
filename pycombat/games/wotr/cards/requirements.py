"""The play requirements of the Event cards, checked against a position (WOTR-EVT-8).

``cards.json`` gives each Event card's requirement as a paraphrase (``play_requirement``);
``data/event_requirements.yaml`` gives each paraphrase as structured conditions, and :func:`check`
is their one interpreter: ``(True | False | None, words)``, None when the position cannot state
the condition (the Fellowship Track, whether the Fellowship is revealed).

>>> from pycombat.games.wotr.position.scenario import scenario_from_dict
>>> s = scenario_from_dict({"game": "wotr", "politics": {"Rohan": {"steps": 1, "active": True}},
...                         "position": {"setup": True}, "action": {"side": "free_peoples", "die": "event"}})
>>> check(s.position, requirement_of("Rohan At War"))
(False, 'Rohan is not At War')
>>> check(s.position, requirement_of("Gandalf the Grey in the Fellowship"))
(True, 'Gandalf the Grey is in the Fellowship')
"""
from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any, Mapping

import yaml

from pycombat.names import with_article
from ..board import load_board, load_nations
from ..characters import load_characters

RULE = "WOTR-EVT-8"
DATA = "pycombat.games.wotr.data"
#: the condition keys :func:`check` reads (event_requirements.yaml's vocabulary)
CONDITIONS = ("at_war", "active", "in_play", "in_fellowship", "fellowship_companions", "besieged",
              "controls_stronghold", "character_in_nation", "character_with_army", "character_in_region",
              "besieging", "fellowship_not_at_settlement_of", "fellowship_or_companion_in_nation_not_at_war",
              "army_near", "army_with", "fellowship_progress_at_least", "fellowship_revealed")


@functools.cache
def _table() -> dict[str, Any]:
    text = resources.files(DATA).joinpath("event_requirements.yaml").read_text(encoding="utf-8")
    table = yaml.safe_load(text)["requirements"]
    for key, req in table.items():  # our own data: fail loudly on a typo
        conds = req.get("all", []) + req.get("any", [])
        bad = [k for c in conds for k in c if k not in CONDITIONS]
        if bad or not (conds or req.get("open")):
            raise ValueError(f"event_requirements.yaml: {key!r}: bad conditions {bad}")
    return table


@functools.cache
def event_records() -> dict[str, dict[str, Any]]:
    text = resources.files(DATA).joinpath("cards.json").read_text(encoding="utf-8")
    return {r["title"]: r for r in json.loads(text)["records"]}


def requirement_of(text: str | None) -> Mapping[str, Any] | None:
    """The structured requirement of a ``play_requirement`` text (None: the card has none)."""
    if text is None:
        return None
    return {"text": text, **_table()[text]}


def _name(cid: str) -> str:
    chars = load_characters().characters
    return chars[cid].name if cid in chars else cid


def _companions() -> set[str]:
    return {c.id for c in load_characters().characters.values() if c.kind == "companion"}


def _nation_of(region: str) -> str | None:
    return load_board().regions[region].nation


def _side_nations(side: str) -> set[str]:
    return {n.id for n in load_nations() if n.side == side}


def _one(pos, cond: Mapping[str, Any]) -> tuple[bool | None, str]:
    board, nations = load_board(), load_nations().nations
    (key, val), = cond.items()
    if key == "at_war":
        off = [nations[n].name for n in val if not pos.at_war(n)]
        return (not off, f"{', '.join(off)} {'is' if len(off) == 1 else 'are'} not At War" if off
                else f"{', '.join(nations[n].name for n in val)} At War")
    if key == "active":
        ok = pos.politics[val].active
        return ok, f"{nations[val].name} is {'active' if ok else 'not active'}"
    if key == "in_play":
        got = [c for c in val if c in pos.characters_in_play()]
        return bool(got), (f"{_name(got[0])} is in play" if got else f"{' or '.join(map(_name, val))} not in play")
    if key == "in_fellowship":
        got = [c for c in val if c in pos.fellowship]
        return bool(got), (f"{_name(got[0])} is in the Fellowship" if got
                           else f"{' or '.join(map(_name, val))} not in the Fellowship")
    if key == "fellowship_companions":
        n = len([c for c in pos.fellowship if c in _companions()])
        return n >= int(val), f"{n} Companion{'s' if n != 1 else ''} in the Fellowship"
    if key == "besieged":
        side = pos.besieged_side(val["region"])
        ok = side is not None and side != val["by"]
        return ok, f"{board.regions[val['region']].name} is {'' if ok else 'not '}under siege by a " \
                   f"{val['by'].replace('_', ' ')} Army"
    if key == "controls_stronghold":
        got = [r for r in board.regions.values() if r.settlement == "stronghold" and r.nation == val["nation"]
               and pos.control.get(r.id) == val["side"]]
        return bool(got), (f"{val['side'].replace('_', ' ')} controls {got[0].name}" if got else
                           f"{val['side'].replace('_', ' ')} controls no {nations[val['nation']].name} Stronghold")
    if key in ("character_in_nation", "character_with_army", "character_in_region"):
        who = _companions() if val.get("characters") == "companion" else set(val["characters"])
        places = {c: pos.where(c) for c in who}
        if key == "character_in_region" and val.get("characters") == "companion" and pos.fellowship \
                and pos.fellowship_region == val["region"]:
            return True, f"the Fellowship is in {board.regions[val['region']].name}"
        for c, r in places.items():
            if r is None:
                continue
            nation = _nation_of(r)
            wanted = set(val.get("nations") or ()) | (_side_nations(val["side"]) if key == "character_in_nation"
                                                       and val.get("side") else set())
            if key == "character_in_nation":
                inside = nation in wanted
                if inside != bool(val.get("outside")):
                    return True, f"{_name(c)} is in {board.regions[r].name}"
            elif key == "character_with_army":
                st = pos.stack(r, val["side"])
                if st is not None and st.units > 0 and (not val.get("nations") or nation in val["nations"]):
                    return True, f"{_name(c)} is with an Army in {board.regions[r].name}"
            elif r == val["region"]:
                return True, f"{_name(c)} is in {board.regions[r].name}"
        return False, f"no {' or '.join(map(_name, sorted(who))) if val.get('characters') != 'companion' else 'Companion'} " \
                      f"where the card needs one"
    if key == "besieging":
        for st in pos.stacks:
            r = board.regions[st.region]
            if st.side != val["side"] or r.settlement != "stronghold" or st.besieged or st.units == 0:
                continue
            inside = pos.besieged_side(st.region)
            if inside is None or inside == st.side:
                continue
            if val.get("character") and val["character"] not in st.force.characters:
                continue
            if val.get("nation") and not any(ct.nation == val["nation"] and ct.units for ct in st.force.contingents):
                continue
            return True, f"a {val['side'].replace('_', ' ')} Army besieges {r.name}"
        return False, f"no {val['side'].replace('_', ' ')} Army besieges a Stronghold as the card needs"
    if key == "fellowship_not_at_settlement_of":
        r = pos.fellowship_region
        if r is None:
            return None, "where the Fellowship is is not given"
        reg = board.regions[r]
        at = reg.settlement in ("town", "city", "stronghold") and reg.nation in _side_nations(val)
        return not at, f"the Fellowship is in {reg.name}" + (" (a Free Peoples Settlement)" if at else "")
    if key == "fellowship_or_companion_in_nation_not_at_war":
        regions = ([pos.fellowship_region] if pos.fellowship_region else []) + \
            [pos.where(c) for c in _companions() if pos.where(c)]
        for r in regions:
            n = _nation_of(r)
            if n in _side_nations(val) and not pos.at_war(n):
                return True, f"{board.regions[r].name} is in {nations[n].name}, not At War"
        return False, "neither the Fellowship nor a Companion is in a Free Peoples Nation not At War"
    if key == "fellowship_progress_at_least":
        step = pos.fellowship_progress
        if step is None:
            return None, "the Fellowship's step on the Fellowship Track is not given (`fellowship: {progress: N}`)"
        return step >= int(val), f"the Fellowship is on step {step} of the Fellowship Track"
    if key == "fellowship_revealed":
        known = pos.fellowship_revealed
        if known is None:
            return None, "whether the Fellowship is revealed is not given (`fellowship: {revealed: true}`)"
        return known == bool(val), f"the Fellowship is {'revealed' if known else 'hidden'}"
    if key in ("army_near", "army_with"):
        # WOTR-STR-10: the Witch-king counts as a Nazgûl for card references, unless the card says otherwise
        wk_counts = val.get("witch_king_is_nazgul", True)

        def has(st, what):
            if what == "companion":
                return any(c in _companions() for c in st.force.characters)
            if what == "nazgul":
                return st.force.nazgul > 0 or (wk_counts and any(load_characters().characters[c].counts_as_nazgul
                                                                 for c in st.force.characters))
            return st.units > 0

        # an Army holds at least one Army unit: Nazgûl, Leaders or Characters alone are no Army (WOTR-STACK-1)
        armies = [st for st in pos.stacks if st.units > 0]
        mine = [st for st in armies if st.side == val["side"] and has(st, val["with"])]
        if key == "army_with":
            return bool(mine), (f"the Army in {board.regions[mine[0].region].name} has one" if mine
                                else f"no {val['side'].replace('_', ' ')} Army has {with_article(str(val['with']))}")
        for st in mine:
            near = {st.region} | {n.id for n in board.neighbours(st.region)}
            for other in armies:
                if other.side == val["near_side"] and other.region in near and has(other, val["near_with"]):
                    return True, f"{board.regions[st.region].name} and {board.regions[other.region].name}"
        what = {"nazgul": "Nazgûl" + ("" if wk_counts else " (the Witch-king does not count for this card)"),
                "companion": "a Companion", "units": "units"}
        return False, (f"no {val['side'].replace('_', ' ')} Army with {what[val['with']]} in or next to the region of "
                       f"a {val['near_side'].replace('_', ' ')} Army with {what[val['near_with']]}")
    raise AssertionError(key)


def check(pos, req: Mapping[str, Any] | None) -> tuple[bool | None, str]:
    """Whether the requirement holds in the position: True, False, or None (the position cannot say)."""
    if req is None:
        return True, "no requirement printed"
    if req.get("open"):
        return None, req["open"]
    results = [_one(pos, c) for c in req.get("all", [])]
    if results:
        if any(r is False for r, _ in results):
            return False, "; ".join(t for r, t in results if r is False)
        if any(r is None for r, _ in results):
            return None, "; ".join(t for r, t in results if r is None)
        return True, "; ".join(t for _, t in results)
    results = [_one(pos, c) for c in req.get("any", [])]
    if any(r for r, _ in results):
        return True, next(t for r, t in results if r)
    if any(r is None for r, _ in results):
        return None, "; ".join(t for r, t in results if r is None)
    return False, "; ".join(t for _, t in results)


def record(title: str) -> dict[str, Any] | None:
    """The cards.json record of an Event card by its exact title (None: not a shipped card)."""
    return event_records().get(title)
