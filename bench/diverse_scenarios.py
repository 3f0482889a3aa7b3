"""Diverse scenarios for the throughput benchmarks: every scenario of a batch differs (deterministic: seeded).

Unlike :mod:`scenarios` (the "similar scenarios": the same companies under other statuses, custom
Riftbound units), these draw real names from the data shipped with each game
(``pycombat/games/<game>/data/``):

* MECCG: two companies of 1-4 members a side (characters of the company's alignment, now and then an
  ally with its controller), each member untapped, tapped or wounded and carrying 0-2 items of its
  alignment, at a site card of sites.json; minion against hero or hero against minion.
  Default verb ``enumerate``.
* Riftbound: 1-4 units a side of units.json with a printed Might of 1 to 8, some with their Might
  changed (1 to 8) or damage marked. Default verb ``enumerate``.
* War of the Ring: a field battle between two adjacent regions of regions.json, each Army of 1-10
  Regulars and Elites of one or two Nations of its side (nations.json), Free Peoples with 0-3
  Leaders, the Shadow with 0-3 Nazgûl, now and then a Character of the side (characters.json) and
  0-2 regions to retreat to. Default verb ``odds``.

No two scenarios of a batch have the same canonical JSON (:func:`canonical`, the title left out): a
draw equal to an earlier one is drawn again (``GENERATORS[game][0](n).redrawn`` counts them).
"""
from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import pycombat

DATA = Path(pycombat.__file__).resolve().parent / "games"
STATUSES = ("untapped", "untapped", "tapped", "wounded")  # (untapped twice: the most common state)
#: item classes a member may simply carry (special items and rings hang on conditions)
ITEM_CLASSES = ("minor", "major", "greater")
MAX_DRAWS = 100
#: (WOTR-CHMOVE-8: Saruman never leaves Orthanc: he joins only an Army there)
SARUMAN, ORTHANC = "Saruman", "Orthanc"  # draws per scenario before giving up on a distinct one


def records(game: str, name: str) -> list[dict]:
    """The records of a shipped data file (``pycombat/games/<game>/data/<name>.json``)."""
    return _records(game, name)


@lru_cache(maxsize=None)
def _records(game: str, name: str) -> list[dict]:
    return json.loads((DATA / game / "data" / f"{name}.json").read_text(encoding="utf-8"))["records"]


def canonical(scenario: dict) -> str:
    """A scenario's canonical JSON without its title: equal for two scenarios that ask the same."""
    return json.dumps({k: v for k, v in scenario.items() if k != "title"}, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))


class Batch(list):
    """The generated scenarios (a list) and how many draws were equal to an earlier one (``redrawn``)."""

    redrawn: int = 0


def distinct(n: int, draw: Callable[[random.Random, int], dict], seed: int) -> Batch:
    """``n`` scenarios from ``draw(rng, index)``, none equal (canonical JSON) to another."""
    rng = random.Random(seed)
    out, seen = Batch(), set()
    for i in range(n):
        for _ in range(MAX_DRAWS):
            s = draw(rng, i)
            key = canonical(s)
            if key not in seen:
                break
            out.redrawn += 1
        else:  # pragma: no cover - the spaces drawn from are far larger than any batch
            raise RuntimeError(f"no distinct scenario after {MAX_DRAWS} draws at #{i}")
        seen.add(key)
        out.append(s)
    return out


# ---- MECCG ----------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _meccg_pools() -> dict[str, Any]:
    chars = _records("meccg", "characters")
    items = _records("meccg", "items")
    sites = _records("meccg", "sites")
    pools: dict[str, Any] = {}
    from pycombat.games.meccg.cards.database import character_terms
    balrog_only = set(character_terms()["balrog_specific"])  # "Balrog specific": a Balrog player's only (MECCG-FX-20)
    for al in ("hero", "minion"):
        pools[al, "character"] = sorted({c["name"] for c in chars if c["alignment"] == al
                                         and c["card_type"] == "character" and c["id"] not in balrog_only})
        pools[al, "ally"] = sorted({c["name"] for c in chars if c["alignment"] == al and c["card_type"] == "ally"})
        pools[al, "item"] = sorted({i["name"] for i in items if i["alignment"] == al
                                    and i["item_class"] in ITEM_CLASSES})
    pools["site"] = sorted({s["name"] for s in sites if s["alignment"] in ("hero", "minion")})
    # a unique card is in play once at most, its manifestations with it (MECCG-FX-33): the names each one takes
    pools["takes"] = {c["name"]: {c["name"]} | ({c["manifestation_of"]} if c.get("manifestation_of") else set())
                      for c in chars if c.get("unique")}
    pools["takes"].update({i["name"]: {i["name"]} for i in items if i.get("unique")})
    pools["record"] = {c["name"]: c for c in chars}
    return pools


def _may_bear(character: dict, item: str, alignment: str) -> bool:
    """Whether the item's printed bearer terms allow the character (MECCG-FX-35: Wizard's Staff only on a Wizard,
    Thong of Fire on a prowess of 6 or more): the game's own check, on the character's record."""
    from types import SimpleNamespace

    from pycombat.games.meccg.cards.database import load_carddb
    from pycombat.games.meccg.cards.play import bearer_terms_fail

    member = SimpleNamespace(name=character["name"], card_name=character["name"], race=character.get("race"),
                             prowess=character.get("prowess"))
    return not bearer_terms_fail(member, load_carddb().item(item, prefer_alignment=alignment))


def _meccg_company(rng: random.Random, alignment: str, size: int, taken: set[str], pools: dict) -> list[dict]:
    members: list[dict] = []
    ally = size >= 2 and rng.random() < 0.2  # the last member an ally of the first
    for k in range(size):
        kind = "ally" if ally and k == size - 1 else "character"
        name = rng.choice([c for c in pools[alignment, kind]
                           if c not in taken and not pools["takes"].get(c, set()) & taken])
        taken |= pools["takes"].get(name, {name})
        m: dict[str, Any] = {"name": name}
        status = rng.choice(STATUSES)
        if status != "untapped" or rng.random() < 0.5:
            m["status"] = status
        if kind == "ally":
            m["ally_of"] = members[0]["name"]
        else:
            carried = rng.choice((0, 0, 1, 1, 2))
            if carried:
                m["items"] = rng.sample([i for i in pools[alignment, "item"] if i not in taken
                                         and _may_bear(pools["record"][name], i, alignment)], carried)
                taken.update(i for i in m["items"] if i in pools["takes"])
        members.append(m)
    return members


def meccg(n: int, seed: int = 34) -> Batch:
    """MECCG: two companies of 1-4 real characters (and allies) a side at a real site."""
    pools = _meccg_pools()

    def draw(rng: random.Random, i: int) -> dict:
        attacker, defender = rng.choice((("minion", "hero"), ("minion", "hero"), ("hero", "minion")))
        site = rng.choice(pools["site"])
        taken: set[str] = set()
        return {
            "game": "meccg", "title": f"diverse MECCG #{i}",
            "attacker": {"player": "Jim", "alignment": attacker, "site": site,
                         "members": _meccg_company(rng, attacker, rng.randint(1, 4), taken, pools)},
            "defender": {"player": "Bob", "alignment": defender, "site": site,
                         "members": _meccg_company(rng, defender, rng.randint(1, 4), taken, pools)},
        }

    return distinct(n, draw, seed)


# ---- Riftbound ------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _riftbound_units() -> dict[str, int]:
    """Unit name -> printed Might, for the units whose Might is 1 to 8 (the first printing of a name)."""
    out: dict[str, int] = {}
    for u in _records("riftbound", "units"):
        if u["might"] is not None and 1 <= u["might"] <= 8:
            out.setdefault(u["name"], u["might"])
    return dict(sorted(out.items()))


def riftbound(n: int, seed: int = 34) -> Batch:
    """Riftbound: 1-4 real units a side (printed Might 1-8), some with another Might or damage marked."""
    might = _riftbound_units()
    names = list(might)

    def side(rng: random.Random, count: int, taken: set[str]) -> list:
        units: list = []
        for _ in range(count):
            name = rng.choice([u for u in names if u not in taken])
            taken.add(name)
            roll = rng.random()
            if roll < 0.3:
                units.append({"name": name, "might": rng.randint(1, 8)})
            elif roll < 0.4 and might[name] >= 2:  # (damage short of the printed Might: it survived)
                units.append({"name": name, "damage": rng.randint(1, might[name] - 1)})
            else:
                units.append(name)
        return units

    def draw(rng: random.Random, i: int) -> dict:
        taken: set[str] = set()
        return {"game": "riftbound", "title": f"diverse Riftbound #{i}", "battlefield": "Bench battlefield",
                "attacker": {"player": "Ann", "units": side(rng, rng.randint(1, 4), taken)},
                "defender": {"player": "Bo", "units": side(rng, rng.randint(1, 4), taken)}}

    return distinct(n, draw, seed)


# ---- War of the Ring ------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _wotr_pools() -> dict[str, Any]:
    regions = {r["id"]: r for r in _records("wotr", "regions")}
    nations = _records("wotr", "nations")
    sides = {side: sorted(x["name"] for x in nations if x["side"] == side) for side in ("free_peoples", "shadow")}
    figures = {x["name"]: x["figures_total"] for x in nations}
    chars = {side: sorted(c["name"] for c in _records("wotr", "characters") if c["side"] == side
                          and c["kind"] in ("companion", "minion") and c["name"] != SARUMAN) for side in sides}
    # every ordered pair of adjacent regions (the attacker's, the defender's)
    pairs = sorted((a, d) for a, r in regions.items() for d in r["adjacent"] if d in regions)
    return {"regions": regions, "sides": sides, "figures": figures, "characters": chars, "pairs": pairs}


def _wotr_army(rng: random.Random, side: str, region: str, pools: dict) -> dict:
    """An Army of ``side``: 1-10 Regulars and Elites of one or two of its Nations (within each Nation's
    figures, digest section 19), Leaders or Nazgûl, now and then a Character."""
    nations = rng.sample(pools["sides"][side], 2 if rng.random() < 0.25 else 1)
    total = rng.randint(1, 10)
    shares = [total] if len(nations) == 1 or total == 1 else [k := rng.randint(1, total - 1), total - k]
    units: dict[str, dict] = {}
    for nation, share in zip(nations, shares):
        have = pools["figures"][nation]
        elites = rng.randint(max(0, share - have["regular"]), min(share, have["elite"]))
        figures = {"regulars": share - elites, "elites": elites}
        units[nation] = {k: v for k, v in figures.items() if v}
    army: dict[str, Any] = {"units": units}
    if side == "free_peoples":
        first = next(iter(units))
        leaders = min(rng.choice((0, 1, 1, 2, 3)), pools["figures"][first]["leader"])
        if leaders:
            units[first]["leaders"] = leaders
    else:
        nazgul = rng.choice((0, 0, 1, 2, 3))
        if nazgul:
            army["nazgul"] = nazgul
    if rng.random() < 0.15:
        chars = pools["characters"][side] + ([SARUMAN] if side == "shadow" and region == ORTHANC else [])
        army["characters"] = [rng.choice(chars)]
    return army


def wotr(n: int, seed: int = 34) -> Batch:
    """War of the Ring: field battles between adjacent real regions, Armies of 1-10 units with Leaders."""
    pools = _wotr_pools()
    regions = pools["regions"]

    def draw(rng: random.Random, i: int) -> dict:
        a, d = rng.choice(pools["pairs"])
        att_side = rng.choice(("shadow", "free_peoples"))
        def_side = "free_peoples" if att_side == "shadow" else "shadow"
        attacker = {"region": regions[a]["name"], **_wotr_army(rng, att_side, regions[a]["name"], pools)}
        defender = {"region": regions[d]["name"], **_wotr_army(rng, def_side, regions[d]["name"], pools)}
        exits = [regions[x]["name"] for x in regions[d]["adjacent"] if x != a and x in regions]
        defender["retreat_to"] = sorted(rng.sample(exits, min(len(exits), rng.randint(0, 2))))
        at_war = sorted({*attacker["units"], *defender["units"]})
        return {"game": "wotr", "title": f"diverse WotR #{i}", "politics": {x: "at_war" for x in at_war},
                "attacker": attacker, "defender": defender}

    return distinct(n, draw, seed)


#: game -> (generator, default verb)
GENERATORS: dict[str, tuple[Callable[..., Batch], str]] = {
    "meccg": (meccg, "enumerate"), "riftbound": (riftbound, "enumerate"), "wotr": (wotr, "odds")}
