"""What the web page's form and map need of War of the Ring: names by kind, the board as a graph.

Light (the shipped data only, no solver). Registered as ``names``, ``board`` and ``board_marks`` of
the game (see :class:`pycombat.registry.Game`).

>>> kinds = names()
>>> "Helm's Deep" in kinds["region"], "Gandalf the Grey" in kinds["Character"]
(True, True)
>>> marks({"attacker": {"region": "fangorn"}, "defender": {"region": "Helm's Deep", "retreat_to": ["Westemnet"]}})
{'Fangorn': ['attacker'], "Helm's Deep": ['defender'], 'Westemnet': ['retreat']}
"""
from __future__ import annotations

from typing import Any, Mapping

from .board import load_board, load_nations
from .characters import load_characters
from .cards.catalog import load_combat_cards

#: a Settlement's shape on the map (Graphviz shapes)
SHAPES = {"stronghold": "doubleoctagon", "city": "box", "town": "house", "fortification": "invtriangle"}
ROLES = {"attacker": "attacker's Army", "defender": "defender's Army", "retreat": "a region to retreat to",
         "army": "an Army in the position", "fellowship": "the Fellowship", "activated": "another Army activated"}


def names() -> dict[str, list[str]]:
    """The names the scenario's name fields take, by the kind their schema declares."""
    nations = [n.name for n in load_nations()]
    return {
        "region": sorted(load_board().names),
        "Character": sorted(load_characters().names),
        "Combat card": sorted(set(load_combat_cards().names())),
        "Nation": sorted(nations),
        "Event card": sorted(_event_titles()),
    }


def _event_titles() -> list[str]:
    from .cards.requirements import event_records

    return list(event_records())


def board() -> dict[str, Any]:
    """The map as a graph: a node per region (grouped by Nation, shaped by Settlement), an edge per adjacency."""
    b = load_board()
    nations = {n.id: n.name for n in load_nations()}
    nodes, edges = [], []
    for r in b.regions.values():
        nodes.append({"name": r.name, "group": nations.get(r.nation or "", "free region"),
                      "shape": SHAPES.get(r.settlement or "", "ellipse"),
                      "tooltip": f"{r.name}" + (f" ({r.settlement})" if r.settlement else "")})
        for other in r.adjacent:
            if r.id < other:
                edges.append([r.name, b.regions[other].name])
    groups = {g: g for g in sorted({n["group"] for n in nodes})}
    return {"nodes": nodes, "edges": edges, "kind": "region", "groups": groups, "roles": ROLES,
            "left_right": ["Grey Havens", "Barad-dur"],  # west on the left, as on the board
            "legend": "shapes: double octagon a Stronghold, box a City, house a Town, triangle a Fortification"}


def _name(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        return load_board().region(value).name
    except Exception:  # an unknown name marks nothing (the loader reports it)
        return None


def marks(data: Mapping[str, Any]) -> dict[str, list[str]]:
    """The regions a scenario mapping names, with their roles (``attacker``, ``defender``, ``retreat``...)."""
    out: dict[str, list[str]] = {}

    def mark(value: Any, role: str) -> None:
        name = _name(value)
        if name is not None and role not in out.setdefault(name, []):
            out[name].append(role)

    if not isinstance(data, Mapping):
        return out
    for role in ("attacker", "defender"):
        army = data.get(role)
        if isinstance(army, Mapping):
            mark(army.get("region"), role)
            for r in army.get("retreat_to") or () if isinstance(army.get("retreat_to"), list) else ():
                mark(r, "retreat")
    battle = data.get("battle")
    if isinstance(battle, Mapping):
        mark(battle.get("fellowship_region"), "fellowship")
        for act in battle.get("also_activates") or () if isinstance(battle.get("also_activates"), list) else ():
            if isinstance(act, Mapping) and isinstance(act.get("army"), Mapping):
                mark(act["army"].get("region"), "activated")
    pos = data.get("position")
    if isinstance(pos, Mapping):
        regions = pos.get("regions")
        if isinstance(regions, Mapping):
            for name, figures in regions.items():
                if figures:
                    mark(name, "army")
        fellowship = pos.get("fellowship")
        mark(fellowship.get("region") if isinstance(fellowship, Mapping) else fellowship, "fellowship")
    return {k: v for k, v in out.items() if v}
