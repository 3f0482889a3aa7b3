"""Whether a shipped Event card brings figures into play (WOTR-EVT-6) is read from its Event in
data/event_halves.yaml (cards/event_halves.py `musters`, one place): a file's `musters:` that
contradicts the print is refused naming the printed value (exit 2); a card that recruits, whose recruit
(which figures, how many, where) the model does not interpret, leaves a placing claim NOT DECIDED
naming that clause when it could change the verdict, and decided when the placement fails on a
ground no recruit text lifts."""
from __future__ import annotations

import copy

import pytest
import yaml

import pycombat
from pycombat.cli import main
from pycombat.games.wotr.cards.event_halves import musters, recruit_parts

DOC = {"game": "wotr", "title": "printed recruit", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
       "position": {"regions": {"Minas Morgul": {"units": {"Sauron": {"regulars": 1}}}}},
       "action": {"side": "shadow", "die": "event"},
       "hand": ["Pits of Mordor", "Shadows Gather"],
       "claims": [{"id": "pits", "claim": "Pits of Mordor may bring 2 Sauron Regulars into Minas Morgul"},
                  {"id": "sg", "claim": "Shadows Gather may bring 2 Sauron Regulars into Minas Morgul"},
                  {"id": "enemy", "claim": "Pits of Mordor may bring 2 Gondor Regulars into Minas Morgul"}]}


def _verify(doc: dict) -> dict:
    return pycombat.load(doc).verify().to_json()


def _run(tmp_path, capsys, doc: dict) -> tuple[int, str]:
    path = tmp_path / "place.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    rc = main(["verify", str(path)])
    return rc, "".join(capsys.readouterr().err.split())  # (the message as printed, wrapped to the terminal)


def test_the_event_text_says_which_shipped_cards_muster():
    assert musters("Pits of Mordor") and musters("Guards of the Citadel") and musters("The Black Captain Commands")
    assert not musters("Shadows Gather") and not musters("Through a Day and a Night") and not musters("Athelas")
    assert recruit_parts("Pits of Mordor") == ["recruit two Sauron Regulars in each of three different Sauron "
                                               "Strongholds"]


@pytest.mark.parametrize("entry,printed", [
    ({"name": "Pits of Mordor", "type": "muster", "musters": False}, "true"),
    ({"name": "Shadows Gather", "type": "army", "musters": True}, "false"),
    ({"name": "Shadows Gather", "musters": True}, "false"),
])
def test_a_musters_value_that_contradicts_the_printed_card_is_refused(tmp_path, capsys, entry, printed):
    doc = copy.deepcopy(DOC)
    doc["hand"] = [entry]
    doc["claims"] = doc["claims"][:1] if entry["name"] == "Pits of Mordor" else doc["claims"][1:2]
    rc, err = _run(tmp_path, capsys, doc)
    assert rc == 2
    assert "hand[0].musters:" in err and f"asprinted(musters:{printed};WOTR-EVT-6)" in err
    assert "Traceback" not in err


def test_a_musters_value_that_agrees_with_the_print_is_accepted():
    doc = copy.deepcopy(DOC)
    doc["hand"] = [{"name": "Pits of Mordor", "musters": True}, {"name": "Shadows Gather", "musters": False}]
    got = {c["id"]: c for c in _verify(doc)["claims"]}
    assert got["sg"]["verdict"] is False


def test_a_card_that_recruits_leaves_the_placement_not_decided_naming_its_recruit():
    got = _verify(DOC)
    claims = {c["id"]: c for c in got["claims"]}
    pits = claims["pits"]
    assert pits["verdict"] is None
    assert pits["reasons"][0]["rule"] == "WOTR-EVT-6"
    assert [u["what"] for u in pits["unmodelled"]] == [
        "Event: recruit two Sauron Regulars in each of three different Sauron Strongholds"]
    assert "if they changed nothing the verdict would be True" in pits["notes"][-1]
    assert any(u["card"] == "Pits of Mordor" for u in got["unmodelled"])  # named with the scenario's too


def test_a_card_whose_event_brings_no_figures_is_decided_false():
    sg = {c["id"]: c for c in _verify(DOC)["claims"]}["sg"]
    assert sg["verdict"] is False
    assert [r["rule"] for r in sg["reasons"]] == ["WOTR-EVT-6"]
    assert "unmodelled" not in sg


def test_a_placement_no_recruit_text_lifts_is_decided_with_the_recruit_set_aside():
    enemy = {c["id"]: c for c in _verify(DOC)["claims"]}["enemy"]
    assert enemy["verdict"] is False
    assert any(n.startswith("set aside: Pits of Mordor's printed recruit") for n in enemy["notes"])


def test_a_recruit_into_a_besieged_stronghold_is_not_decided_on_the_general_rules_alone():
    doc = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
           "position": {"regions": {"Minas Tirith": {"units": {"Gondor": {"regulars": 3}, "Sauron": {"regulars": 5}},
                                                     "besieged": "free_peoples", "characters": ["Boromir"]}}},
           "action": {"side": "free_peoples", "die": "event"},
           "hand": ["Guards of the Citadel", "Through a Day and a Night"],
           "claims": [{"id": "g", "claim": "Guards of the Citadel may bring 1 Gondor Regular into Minas Tirith"},
                      {"id": "t", "claim": "Through a Day and a Night may bring 1 Gondor Regular into Minas Tirith"}]}
    got = {c["id"]: c for c in _verify(doc)["claims"]}
    assert got["g"]["verdict"] is None
    assert "the verdict would be True" in got["g"]["notes"][-1]
    assert got["t"]["verdict"] is False
