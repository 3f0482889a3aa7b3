"""A unit's static change of spells' costs (Vex, Cheerless: "While I'm in combat, friendly spells cost
1 Energy and 1 rainbow less to a minimum of 1 Energy, and enemy spells cost 1 Energy and 1 rainbow
more"), checked with `card_costs = stated` (RB-CARD-2, RB-CARD-9) against a brute force written here
from the card records: hypothesis draws Vexes on each side (at the battlefield or at base), a spell
of the data played by either side, and what was paid; the play is accepted exactly when the payment
covers the cost the records give."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "riftbound" / "data"
VEX = next(r for r in json.loads((DATA / "units.json").read_text())["records"] if r["name"] == "Vex - Cheerless")
SPELLS = {r["name"]: r for r in json.loads((DATA / "spells.json").read_text())["records"]
          if r["name"] in ("Disintegrate", "Hextech Ray", "Void Seeker", "Incinerate", "Shock Blast")}


def _need(spell: dict, by: str, vexes: list[tuple[str, bool]]) -> tuple[int, int]:
    """The records' cost: every Vex at the battlefield (in combat) changes it, increases first."""
    energy, power = spell.get("energy_cost") or 0, spell.get("power_cost") or 0
    mods = [e for side, here in vexes if here for e in VEX["effects"]
            if (e["target"]["side"] == "friendly") == (side == by)]
    for e in sorted(mods, key=lambda e: e["energy"] < 0):
        if e["energy"] > 0:
            energy += e["energy"]
        else:
            energy = max(min(energy, e.get("min_energy", 0)), energy + e["energy"])
        power = max(0, power + e["power"])
    return energy, power


def test_the_records_are_the_ones_the_oracle_reads():
    assert [(e["target"]["side"], e["energy"], e["power"], e.get("min_energy")) for e in VEX["effects"]] == [
        ("friendly", -1, -1, 1), ("enemy", 1, 1, None)]
    assert len(SPELLS) == 5


@settings(max_examples=examples(300), deadline=None)
@given(vexes=st.lists(st.tuples(st.sampled_from(["attacker", "defender"]), st.booleans()), max_size=3),
       spell=st.sampled_from(sorted(SPELLS)), by=st.sampled_from(["attacker", "defender"]),
       paid=st.tuples(st.integers(0, 7), st.integers(0, 4)))
def test_a_spell_costs_what_the_records_say(vexes, spell, by, paid):
    doc: dict = {"game": "riftbound", "rules": {"card_costs": "stated"},
                 "attacker": {"units": [{"name": "A", "custom": True, "might": 20}]},
                 "defender": {"units": [{"name": "D", "custom": True, "might": 20}]}}
    for i, (side, here) in enumerate(vexes):
        entry = {"name": "Vex, Cheerless", "label": f"Vex {i}"}
        if here:
            doc[side]["units"].append(entry)
        else:
            doc[side].setdefault("base", []).append(entry)
    target = "D" if by == "attacker" else "A"
    doc["showdown"] = [{"play": spell, "by": by, "target": target, "paid": {"energy": paid[0], "power": paid[1]}}]
    need = _need(SPELLS[spell], by, vexes)
    s = scenario_from_dict(doc, file="<hypothesis>")
    if paid[0] >= need[0] and paid[1] >= need[1]:
        play_showdown(s)
    else:
        with pytest.raises(ScenarioError, match="RB-CARD-2"):
            play_showdown(s)


def test_the_cost_named_in_the_refusal():
    doc = {"game": "riftbound", "rules": {"card_costs": "stated"},
           "attacker": {"units": ["Vex, Cheerless"]}, "defender": {"units": [{"name": "D", "custom": True, "might": 9}]},
           "showdown": [{"play": "Hextech Ray", "by": "defender", "target": "Vex - Cheerless",
                         "paid": {"energy": 1, "power": 1}}]}
    with pytest.raises(ScenarioError, match=r"costs 2 Energy \+ 2 Power \(changed by Vex - Cheerless, RB-CARD-9\)"):
        play_showdown(scenario_from_dict(doc, file="<t>"))
