"""Readers of the scenario fields that battle and position files share (figures, politics, flags).

Both :mod:`.schema` (battles) and :mod:`.position.scenario` (positions with an action die), and the claims
that name figures, read them with these functions; they sit below both readers so that neither
imports the other's module for them.
"""
from __future__ import annotations

from typing import Mapping

from ...errors import ScenarioError
from ...scenario import Node, read_flags
from .board import Nations
from .characters import CharacterDB
from .model import Contingent, Force, Politics
from .spec import FORCE, MAX_ROUNDS, POLITICAL_TRACK, UNIT

# the keys each part accepts: declared once, in .spec (which also gives the JSON Schema)
FORCE_KEYS = FORCE.keys
UNIT_KEYS = UNIT.keys
POLITICS_KEYS = POLITICAL_TRACK.keys


def _force(node: Node, nations: Nations, chars: CharacterDB, *, top: bool) -> Force:
    contingents: list[Contingent] = []
    seen: dict[str, str] = {}
    if node.has("units"):
        units = node.child("units")
        if isinstance(units.value, list):
            raise units.error("must be a mapping of Nation to figures, e.g. {Gondor: {regulars: 3, elites: 1}}")
        for key, n in units.items():
            nation = nations.nation(key, file=n.file, path=n.path)
            if nation.id in seen:
                raise n.error(f"{nation.name} is listed twice (also as {seen[nation.id]!r})")
            seen[nation.id] = key
            n._mapping()
            c = Contingent(nation.id, _count(n, "regulars"), _count(n, "elites"), _count(n, "leaders"))
            if c.leaders and not nation.has_leaders:
                what = "Nazgûl: use `nazgul: N` on the Army" if nation.id == "sauron" else "no Leader figures"
                raise n.error(f"{nation.name} has {what} (digest section 19)", "leaders")
            n.finish(UNIT_KEYS)
            if not c.is_empty():
                contingents.append(c)
    nazgul = node.int("nazgul", 0, minimum=0)
    characters: list[str] = []
    for n in node.list("characters", []):
        ch = chars.character(n.as_str(), file=n.file, path=n.path)
        if ch.id in characters:
            raise n.error(f"{ch.name} is listed twice")
        characters.append(ch.id)
    if not top:
        node.finish(FORCE_KEYS)
    return Force(tuple(contingents), nazgul, tuple(characters))


def _count(n: Node, key: str | None = None) -> int:
    if key is None:
        if isinstance(n.value, bool) or not isinstance(n.value, int) or n.value < 0:
            raise n.error(f"must be a whole number, 0 or more, not {n.value!r}")
        return n.value
    return n.int(key, 0, minimum=0)


#: WOTR-POL-1 (RB p.34): only a Free Peoples Nation is ever passive (it becomes active on the triggers); a Shadow
#: Nation's counter starts active side up (nations.json `starts_active`) and nothing turns it back
_SHADOW_ACTIVE = ("a Shadow Nation is always active: only a Free Peoples Nation can be passive (WOTR-POL-1, "
                  "RB p.34)")


def _politics(root: Node, nations: Nations) -> dict[str, Politics]:
    out = {n.id: Politics(n.political_start_steps, n.starts_active, "setup") for n in nations}
    if not root.has("politics"):
        return out
    for key, n in root.child("politics").items():
        nation = nations.nation(key, file=n.file, path=n.path)
        if isinstance(n.value, str):
            word = n.value.strip().lower().replace(" ", "_").replace("-", "_")
            if word not in ("at_war", "active", "passive"):
                raise n.error(f"{n.value!r} is not a political status: at_war, or {{steps: N, active: true|false}}")
            if word == "passive" and nation.side == "shadow":
                raise n.error(_SHADOW_ACTIVE)
            if word == "at_war":
                out[nation.id] = Politics(0, True, "scenario")
            else:
                steps = out[nation.id].steps
                out[nation.id] = Politics(steps, word == "active", "scenario")
            continue
        if isinstance(n.value, int) and not isinstance(n.value, bool):
            steps = n.value
            if steps < 0 or steps > 3:
                raise n.error(f"steps from At War are 0 to 3, not {steps}")
            out[nation.id] = Politics(steps, steps == 0 or out[nation.id].active, "scenario")
            continue
        n._mapping()
        steps = n.int("steps", out[nation.id].steps, minimum=0)
        if steps > 3:
            raise n.error(f"steps from At War are 0 to 3, not {steps}", "steps")
        active = n.bool("active", steps == 0 or out[nation.id].active)
        if steps == 0 and not active:
            raise n.error("a Nation At War is active (WOTR-POL-6)", "active")
        if nation.side == "shadow" and not active:
            raise n.error(_SHADOW_ACTIVE, "active")
        n.finish(POLITICS_KEYS)
        out[nation.id] = Politics(steps, active, "scenario")
    return out


def _flags(root: Node, cli: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The interpretation flags and where each came from (:func:`pycombat.scenario.read_flags`), a
    ``max_rounds`` cap above :data:`.spec.MAX_ROUNDS` refused as the file (or ``--flag``) is read."""
    flags, origin = read_flags(root, "wotr", cli)
    cap = flags["max_rounds"]
    if cap != "none" and int(cap) > MAX_ROUNDS:  # docs/limits.md; the schema gives the same maximum
        text = (f"{int(cap):,} rounds, more than the {MAX_ROUNDS} a cap may give (each round is more states to "
                "solve); give `none` for a battle without a cap, solved exactly")
        if origin.get("max_rounds") == "command line":
            err = ScenarioError(f"--flag max_rounds={cli['max_rounds']}: {text}")
            err.flag = "max_rounds"
            raise err
        raise ScenarioError(text, file=root.file, path="rules.max_rounds")
    return flags, origin
