"""RB-CARD-19: Deathknell abilities fired in the showdown, against a brute force written here from the
card record ("Deal 4 to all units at my battlefield", Kog'Maw, Caustic), never from the interpreter.

Hypothesis draws boards of custom units (Might, damage marked) and Kog'Maws on both sides, and a
showdown that kills some of the Kog'Maws by name; the oracle lets each death at the battlefield deal
the record's amount to every unit still there, a cleanup after each, a Kog'Maw killed by that damage
firing in turn, and compares who is left with how much damage marked, and that a Kog'Maw still at the
battlefield after the showdown is named NOT MODELLED (its Deathknell at the combat cleanup is open).
"""
from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.verbs import verify

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "riftbound" / "data" / "units.json"
KOG = next(r for r in json.loads(DATA.read_text())["records"] if r["name"] == "Kog'Maw - Caustic")
DK = next(e for e in KOG["effects"] if e.get("trigger") == "When I die (Deathknell)")


def test_the_record_is_the_one_the_oracle_reads():
    assert DK["effect"] == "deal_damage" and DK["target"] == {"count": "all", "kind": "unit",
                                                             "location": "same_location"}
    assert KOG["might"] == 1


@st.composite
def boards(draw):
    units = []
    for side in ("attacker", "defender"):
        for i in range(draw(st.integers(1, 3))):
            if draw(st.integers(0, 2)) == 0:
                units.append({"side": side, "name": f"Kog {side[0]}{i}", "kog": True, "might": KOG["might"],
                              "damage": 0})
            else:
                might = draw(st.integers(1, 12))
                units.append({"side": side, "name": f"{side[0].upper()}{i}", "kog": False, "might": might,
                              "damage": draw(st.integers(0, might - 1))})
    kogs = [u["name"] for u in units if u["kog"]]
    killed = draw(st.lists(st.sampled_from(kogs), unique=True, max_size=len(kogs))) if kogs else []
    return units, killed


def _doc(units, killed):
    doc: dict = {"game": "riftbound", "attacker": {"units": []}, "defender": {"units": []}}
    for u in units:
        entry = ({"name": KOG["name"], "label": u["name"]} if u["kog"]
                 else {"name": u["name"], "custom": True, "might": u["might"], "damage": u["damage"]})
        doc[u["side"]]["units"].append(entry)
    doc["showdown"] = [{"kill": k, "by": "defender"} for k in killed]
    return doc


def _oracle(units, killed):
    """Who is left at the battlefield after the showdown, with the damage marked on each."""
    here = {u["name"]: dict(u) for u in units}
    for k in killed:
        if k not in here:  # a Kog'Maw an earlier Deathknell already killed: the entry is refused
            return None
        dying = [k]
        del here[k]
        while dying:  # each death fires its Deathknell, then a cleanup
            dying.pop(0)
            for u in here.values():
                u["damage"] += DK["amount"]
            dead = [n for n, u in here.items() if u["damage"] >= u["might"]]
            for n in dead:
                if here[n]["kog"]:
                    dying.append(n)
                del here[n]
    return {n: u["damage"] for n, u in here.items()}


@settings(max_examples=examples(300), deadline=None)
@given(boards())
def test_deathknell_matches_the_record(b):
    units, killed = b
    want = _oracle(units, killed)
    s = scenario_from_dict(_doc(units, killed), file="<hypothesis>")
    if want is None:
        import pytest
        from pycombat.errors import ScenarioError

        with pytest.raises(ScenarioError, match="no longer at the battlefield"):
            play_showdown(s)
        return
    sd = play_showdown(s)
    got = {u.name: u.marked for u in sd.board.attacker + sd.board.defender}
    assert got == want
    open_kogs = sorted(u["what"].rsplit("(unit ", 1)[1].rstrip(")") for u in sd.unmodelled_json()
                       if "Deathknell" in u["what"])
    assert open_kogs == sorted(n for n in want if n.startswith("Kog"))
    fired = [ln for ln in sd.lines if "its Deathknell goes on the chain" in ln.text]
    assert all("RB-CARD-19" in ln.rules for ln in fired)
    assert len(fired) == sum(1 for u in units if u["kog"]) - len(open_kogs)


def test_a_board_whose_kogmaw_died_in_the_showdown_is_decided():
    """Kog'Maw killed in the showdown: its 4 damage kills A3 and D4; nothing is left open, so verify decides."""
    doc = {"game": "riftbound",
           "attacker": {"units": ["Kog'Maw, Caustic", {"name": "A9", "custom": True, "might": 9}]},
           "defender": {"units": [{"name": "D4", "custom": True, "might": 4}, {"name": "D8", "custom": True, "might": 8}]},
           "showdown": [{"kill": "Kog'Maw, Caustic", "by": "defender"}],
           "claims": [{"id": "c", "claim": "the defender keeps the battlefield", "expect": True}]}
    s = scenario_from_dict(doc, file="<t>")
    sd = play_showdown(s)
    assert {u.name: u.marked for u in sd.board.attacker + sd.board.defender} == {"A9": 4, "D8": 4}
    assert not sd.unmodelled_json()
    assert verify(s).verdicts[0].verdict is not None
    standing = scenario_from_dict({**doc, "showdown": []}, file="<t>")
    assert verify(standing).verdicts[0].verdict is None  # its Deathknell at the combat cleanup is open


def test_the_card_lookup_lists_both_parts():
    kog = card_report("Kog'Maw - Caustic")
    assert any("RB-CARD-19" in m["how"] for m in kog["modelled"])
    assert [u["what"] for u in kog["unmodelled"]] == ["Deathknell at the combat cleanup: deal_damage amount=4"]
    rex = card_report("Ruined Rex")
    assert [u["what"] for u in rex["unmodelled"]] == ["Deathknell at the combat cleanup: deal_damage amount=4"]
    assert any("player's as it dies" in m["how"] for m in rex["modelled"])
