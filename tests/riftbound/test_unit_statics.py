"""RB-CARD-9: units' static abilities against a brute force written here from the card records.

Hypothesis draws boards of the real units whose static abilities the model reads (Garen, Darius,
Taric, Captain Farron, Leona, Lee Sin, the Mechs, Wielder of Water, Trusty Ramhound, Baron
Nashor, Sett and Spiderling counting from the board, Gearhead doubling its Equipment, Kennen while an
enemy here is stunned ...) mixed with plain custom units (some buffed, stunned, tagged Mech, with an
Equipment), on either side and at base, and compares every unit's Might, Tank and Backline at the
Combat Damage Step with what the records say; then that a static ability stops when its source dies
mid-showdown.
"""
from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.verbs import odds
from test_unit_abilities import _static_read

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "riftbound" / "data" / "units.json"
GEAR = {r["name"]: r for r in json.loads((DATA.parent / "gear.json").read_text())["records"]}
#: Equipment whose Might bonus the data gives, drawn onto units (RB-CARD-5)
EQUIPMENT = sorted(n for n, r in GEAR.items() if isinstance(r.get("equip_might_bonus"), int))[:6]
RECORDS = {r["name"]: r for r in json.loads(DATA.read_text())["records"] if not r.get("reprint_of")}
STATIC_UNITS = sorted(n for n, r in RECORDS.items() if r.get("might") is not None and any(
    _static_read(e) and e.get("effect") in (r.get("combat_effects") or ()) for e in r.get("effects") or ()))


def test_the_units_read_are_the_expected_ones():
    assert {"Garen - Commander", "Taric - Protector", "Leona - Zealot", "Rumble - Scrapper", "Wielder of Water",
            "Captain Farron", "Baron Nashor", "Trusty Ramhound"} <= set(STATIC_UNITS)
    assert len(STATIC_UNITS) >= 14
    assert {"Sett - Kingpin", "Spiderling", "Gearhead", "Kennen, Keeper of Balance"} <= set(STATIC_UNITS)
    assert "Ornn - Forge God" not in STATIC_UNITS  # "each friendly gear": not every gear is in a scenario
    assert len(EQUIPMENT) == 6


@st.composite
def boards(draw):
    units = []
    for side in ("attacker", "defender"):
        for i in range(draw(st.integers(1, 4))):
            if draw(st.booleans()):
                name = draw(st.sampled_from(STATIC_UNITS))
                units.append({"side": side, "card": name, "buffed": draw(st.booleans()), "stunned": draw(st.booleans()),
                              "equipment": draw(st.lists(st.sampled_from(EQUIPMENT), max_size=2))})
            else:
                units.append({"side": side, "custom": f"{side[0].upper()}{i}", "might": draw(st.integers(1, 6)),
                              "buffed": draw(st.booleans()), "stunned": draw(st.booleans()),
                              "mech": draw(st.booleans()), "equipment": draw(st.lists(st.sampled_from(EQUIPMENT),
                                                                                       max_size=1))})
    base = [{"side": "attacker", "card": draw(st.sampled_from(STATIC_UNITS))}] if draw(st.booleans()) else []
    return units, base


def _doc(units, base):
    sides: dict = {"attacker": {"units": []}, "defender": {"units": []}}
    seen: dict = {}
    for u in units:
        if "card" in u:
            seen[u["card"]] = seen.get(u["card"], 0) + 1
            entry = {"name": u["card"], "label": f"{u['card']} #{seen[u['card']]}"}
        else:
            entry = {"name": u["custom"], "custom": True, "might": u["might"]}
            if u["mech"]:
                entry["tags"] = ["Mech"]
        entry.update(buffed=u["buffed"], stunned=u["stunned"])
        if u["equipment"]:
            entry["equipment"] = list(u["equipment"])
        sides[u["side"]]["units"].append(entry)
    doc = {"game": "riftbound", **sides}
    if base:  # units at the attacker's base: in play, not in the combat
        doc["attacker"]["base"] = [{"name": b["card"], "label": f"{b['card']} (base)"} for b in base]
    return doc


def _expected(units, base) -> dict[str, tuple[int, bool]]:
    """Each battlefield unit's (Might, Tank) from the records: printed, +1 buffed, +Assault while
    attacking, +Shield while defending, then every static ability that reaches it, "to a minimum of"
    last."""
    seen: dict = {}
    board = []
    for u in units:
        if "card" in u:
            seen[u["card"]] = seen.get(u["card"], 0) + 1
            r = RECORDS[u["card"]]
            board.append(dict(u, name=f"{u['card']} #{seen[u['card']]}", printed=r["might"], tags=r.get("tags") or [],
                              assault=int(r.get("assault") or 0), shield=int(r.get("shield") or 0),
                              tank=bool(r.get("tank")),
                              statics=[e for e in r.get("effects") or () if _static_read(e)
                                       and e["effect"] in (r.get("combat_effects") or ())]))
        else:
            board.append(dict(u, name=u["custom"], printed=u["might"], tags=["Mech"] if u["mech"] else [],
                              assault=0, shield=0, tank=False, statics=[]))
    away = [dict(b, name=f"{b['card']} (base)",
                 statics=[e for e in RECORDS[b["card"]].get("effects") or () if _static_read(e)
                          and e["effect"] in (RECORDS[b["card"]].get("combat_effects") or ())]) for b in base]
    out = {}
    for u in board:
        bonus = sum(GEAR[g]["equip_might_bonus"] for g in u["equipment"])
        might = u["printed"] + (1 if u["buffed"] else 0) + bonus
        assault, shield, tank = u["assault"], u["shield"], u["tank"]
        clamps = []
        for src in board + away:
            at_battlefield = src in board
            for e in src["statics"]:
                if e["effect"] == "cost_modifier":
                    continue  # a change of spells' costs: no Might (tests/riftbound/test_cost_changes.py)
                t = e["target"]
                cond = e.get("condition")
                if cond and not at_battlefield:
                    continue
                mine = [x for x in board if x["side"] == src["side"]]
                if cond == "While I'm attacking or defending alone" and len(mine) != 1:
                    continue
                if cond == "While I'm buffed" and not src.get("buffed"):
                    continue
                if cond == "While you have another unit here" and len(mine) < 2:
                    continue
                if cond == "While there's a stunned enemy unit here" and not any(
                        x["stunned"] for x in board if x["side"] != src["side"]):
                    continue
                if t == {"ref": "self"}:
                    if src is not u:
                        continue
                else:
                    if t.get("other") and src is u:
                        continue
                    if (t["side"] == "friendly") != (src["side"] == u["side"]):
                        continue
                    if t.get("tag") and t["tag"] not in u["tags"]:
                        continue
                    if t.get("state") == "buffed" and not u["buffed"]:
                        continue
                    if t.get("state") == "stunned" and not u["stunned"]:
                        continue
                    if t.get("location") == "same_location" and not at_battlefield:
                        continue
                if e["effect"] == "equipment_might_double":
                    might += bonus  # each attached Equipment's base bonus once more
                elif e.get("value_per") is not None:  # counted at the source's battlefield
                    here = [x for x in board if x["side"] == src["side"]] if at_battlefield else []
                    if e["per"] == "buffed friendly unit at my battlefield":
                        might += e["value_per"] * sum(1 for x in here if x["buffed"])
                    else:  # "other unit you control here with my name"
                        might += e["value_per"] * sum(1 for x in here if x is not src and x.get("card") == src["card"])
                elif e["effect"] == "might_modifier":
                    if e.get("min_might") is not None:
                        clamps.append(e)
                    else:
                        might += e["value"]
                elif e["keyword"] == "Assault":
                    assault += e.get("value") or 1
                elif e["keyword"] == "Shield":
                    shield += e.get("value") or 1
                elif e["keyword"] == "Tank":
                    tank = True
        might += assault if u["side"] == "attacker" else shield
        for e in clamps:
            might = max(might + e["value"], min(might, e["min_might"]))
        out[u["name"]] = (might, tank)
    return out


@settings(max_examples=examples(200), deadline=None)
@given(boards())
def test_static_abilities_match_the_records(b):
    units, base = b
    s = scenario_from_dict(_doc(units, base), file="<hypothesis>")
    board = play_showdown(s).board
    got = {u.name: (u.current_might, u.tank) for u in board.attacker + board.defender}
    assert got == _expected(units, base)
    assert not [u for u in play_showdown(s).unmodelled_json() if "static" in u["what"]]


def test_a_static_ability_ends_when_its_source_dies_mid_showdown():
    """Garen gives the other attacker +1; a spell kills Garen in the showdown: the unit it held up
    at Might 3 with 2 damage marked dies at the same cleanup (RB-MIGHT-1, RB-CARD-9)."""
    doc = {"game": "riftbound",
           "attacker": {"units": ["Garen - Commander", {"name": "A2", "custom": True, "might": 2, "damage": 2}]},
           "defender": {"units": [{"name": "D9", "custom": True, "might": 9}]},
           "showdown": [{"kill": "Garen - Commander", "by": "defender"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert [u.name for u in sd.board.attacker] == []
    text = "\n".join(ln.text for ln in sd.lines)
    assert "A2 has 2 damage, at least its Might 2: it is killed" in text
    calm = play_showdown(scenario_from_dict({**doc, "showdown": []}, file="<t>"))
    assert [u.describe() for u in calm.board.attacker if u.name == "A2"] == [
        "A2 (Might 3 = 2 +1 (Garen - Commander), 2 damage marked)"]
    assert odds(scenario_from_dict({**doc, "showdown": []}, file="<t>")).to_json()


def test_to_a_minimum_is_read_after_every_other_static_change():
    """Leona's "-8, to a minimum of 1" on a stunned unit that Garen also reaches: 3 + 1, then down to 1,
    whichever unit is listed first."""
    doc = {"game": "riftbound",
           "attacker": {"units": ["Leona - Zealot"]},
           "defender": {"units": ["Garen - Commander", {"name": "X", "custom": True, "might": 3, "stunned": True}]}}
    board = play_showdown(scenario_from_dict(doc, file="<t>")).board
    assert {u.name: u.current_might for u in board.defender}["X"] == 1


def test_the_equipment_bonuses_read_alone_are_the_card_databases():
    """Gearhead's doubling reads the bonuses without the card database (no import cycle): the same numbers."""
    from pycombat.games.riftbound.cards.bonuses import equip_bonus
    from pycombat.games.riftbound.cards.spells import load_cards

    equipment = [c for c in load_cards().cards if c.equipment]
    assert len(equipment) > 30
    assert all(equip_bonus(c.name) == c.equip_might_bonus for c in equipment)
