"""A card has the keywords it prints: a keyword line printed without brackets ("Hidden (Hide now for ...)") is read from
the text where the data lists none (RB-CARD-5, :mod:`pycombat.games.riftbound.cards.printed_keywords`), and a keyword
the data reads into a clause that gives none (Petal Pixie's "each of your units with [Temporary]") is corrected by the
overlay."""
from __future__ import annotations

import json
import re
from pathlib import Path

from pycombat import api
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.lookup import card_lines, card_report
from pycombat.games.riftbound.cards.spells import load_cards
from pycombat.games.riftbound.cards.units import load_units
from pycombat.games.riftbound.schema import scenario_from_dict

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "riftbound" / "data"


def _data_keyword_names() -> set[str]:
    names: set[str] = set()
    for f in ("units.json", "spells.json", "gear.json"):
        for r in json.loads((DATA / f).read_text())["records"]:
            names |= {re.sub(r"\s+\d+$", "", str(k)) for k in r.get("keywords") or ()}
    return names


def test_every_card_printing_a_keyword_without_brackets_has_it():
    """Written from the data's texts here: a line that opens with a keyword name, an optional number and its
    reminder text in parentheses."""
    names = _data_keyword_names()
    found = {}
    for f in ("units.json", "spells.json", "gear.json"):
        for r in json.loads((DATA / f).read_text())["records"]:
            for line in str(r.get("text") or "").split("\n"):
                m = re.match(r"^(\w[\w-]*)( \d+)? \(", line)
                if m and m[1] in names and m[1] not in {re.sub(r"\s+\d+$", "", str(k)) for k in r.get("keywords") or ()}:
                    found[(f, r["name"])] = m[1] + (m[2] or "")
    assert found == {("units.json", "Laurent Bladekeeper"): "Ganking", ("units.json", "Windsinger"): "Hidden"}
    for (_, name), kw in found.items():
        unit = load_units().unit(name)
        assert kw in unit.keywords and unit.keywords_from_text == (kw,)
    assert load_units().unit("Laurent Bladekeeper").ganking
    assert all(not getattr(c, "keywords_from_text", ()) for c in load_cards().cards)


def test_card_lists_windsinger_as_hidden():
    report = card_report("Windsinger")
    assert "Hidden" in report["keywords"] and report["keywords_from_text"] == ["Hidden"]
    assert "  keywords: Hidden (Hidden printed without brackets: read from the card's text)" in card_lines(report)


BOARD = {"game": "riftbound", "title": "Windsinger hidden at the battlefield",
         "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3},
                                                 {"name": "A2", "custom": True, "might": 2}]},
         "defender": {"player": "Bo", "units": [{"name": "D4", "custom": True, "might": 4}]}}


def test_windsinger_is_played_from_facedown():
    doc = {**BOARD, "showdown": [{"play": "Windsinger", "by": "defender", "facedown": True, "to": "battlefield",
                                  "target": "A3"}],
           "claims": [{"claim": "the defender keeps the battlefield"}, {"claim": "A2 dies"}]}
    # A3 (Might 3 or less) returned to hand: A2 (2) against D4 and Windsinger (4 + 1)
    got = {c["claim"]: c["verdict"] for c in api.load(doc).verify().to_json()["claims"]}
    assert got == {"the defender keeps the battlefield": True, "A2 dies": True}


def test_windsinger_in_hand_is_played_in_the_showdown_game():
    report = verbs.optimize(scenario_from_dict({**BOARD, "hand": {"attacker": [], "defender": ["Windsinger"]}}),
                            objective="conquer").to_json()
    # passing lets A3 + A2 (5) kill D4 while D4's 4 leaves A2 standing: the Attacker conquers; Windsinger from facedown
    # stops it (returning A3 or A2, or adding its 1 Might)
    assert report["value"] == "0"
    (decision,) = [d for d in report["decisions"] if d["phase"] == "showdown" and not d["forced"]]
    values = {o["option"]: o["value"]["exact"] for o in decision["options"]}
    assert values["defender passes"] == "-1/1"
    assert values["defender plays Windsinger on A3 to the battlefield from facedown"] == "0/1"
    assert report["plays_resolved"][0]["play"] == "Windsinger" and report["plays_resolved"][0]["facedown"] is True


def test_petal_pixie_has_no_temporary_of_its_own():
    report = card_report("Petal Pixie")
    assert not any("Temporary" in m["what"] for m in report["modelled"] if m["what"].startswith("conditional"))
    assert not any("conditional keyword" in line for line in card_lines(report))
    assert load_units().unit("Petal Pixie").conditional_keywords == ()
    # its static ability still counts its player's other units with [Temporary] at its battlefield
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": [
        "Petal Pixie", {"name": "T3", "custom": True, "might": 3, "token": True, "keywords": ["Temporary"]}]},
        "defender": {"player": "Bo", "units": [{"name": "D9", "custom": True, "might": 9}]},
        "claims": [{"claim": "Petal Pixie's might is 3"}]}
    assert [c["verdict"] for c in api.load(doc).verify().to_json()["claims"]] == [True]
