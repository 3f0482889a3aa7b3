"""`pycombat card NAME --game wotr`: what the model applies of the Event half (the die results that play
it, WOTR-DICE-8; its requirement, WOTR-EVT-8; the Army it moves, WOTR-MOVE-10; the battle an attacking
card starts, WOTR-EVT-9; a card on the table, WOTR-EVT-10; the Political Track, WOTR-ATK-9,
WOTR-POL-3) is shown, and every part of the Event half no verb applies is named in `unmodelled`."""
from __future__ import annotations

import json

from pycombat.cli import main
from pycombat.games.wotr.cards.event_battle import tags
from pycombat.games.wotr.cards.lookup import card, event_half
from pycombat.games.wotr.cards.requirements import event_records


def _entry(name: str) -> dict:
    (c,) = card(name).card["cards"]
    return c


def test_grond_shows_the_siege_it_starts():
    c = _entry("Grond, Hammer of the Underworld")
    applied = " | ".join(f"{e['what']} ({e['rule']})" for e in c["event_effects"])
    assert "with The Witch-king" in applied and "a siege battle" in applied
    assert "lasts 3 rounds" in applied
    assert "no Free Peoples Combat card in round 1 unless a Companion is in the battle (WOTR-EVT-9)" in applied
    assert c["unmodelled"] == []  # every battle tag of Grond is applied


def test_unapplied_event_parts_are_named():
    corsairs = _entry("Corsairs of Umbar")
    assert any("cannot cease" in e["what"] for e in corsairs["event_effects"])
    assert any("moved from Umbar" in u["what"] for u in corsairs["unmodelled"])
    folly = _entry("Denethor's Folly")
    assert any(e["rule"] == "WOTR-EVT-10" for e in folly["event_effects"])
    assert any(u["what"].startswith("eliminate_fp_leader") for u in folly["unmodelled"])
    ents = _entry("The Ents Awake: Treebeard")
    assert [e["rule"] for e in ents["event_effects"]] == ["WOTR-DICE-8", "WOTR-EVT-8", "WOTR-POL-3"]
    assert any(u["what"].startswith("hits_roll") for u in ents["unmodelled"])


def test_every_battle_tag_is_applied_or_named():
    """No tag of any of the 96 Event cards is silently left out of the card report."""
    for rec in event_records().values():
        applied, missing = event_half(rec)
        shown = len(applied) + len(missing)
        assert shown >= len(tags(rec)), rec["title"]
        for t in tags(rec):
            if t["tag"] in ("hits_roll", "hits_from_die", "roll_vs_nazgul", "eliminate_fp_leader"):
                assert any(u["what"].startswith(t["tag"]) for u in missing), (rec["title"], t["tag"])


def test_card_text_and_json_show_the_event_half(capsys):
    assert main(["card", "Grond, Hammer of the Underworld", "--game", "wotr"]) == 0
    out = capsys.readouterr().out
    assert "Event: the siege battle lasts 3 rounds before the attacker must reduce an Elite to go on (WOTR-EVT-9)" in out
    assert main(["card", "Denethor's Folly", "--game", "wotr", "--json"]) == 0
    (c,) = json.loads(capsys.readouterr().out)["cards"]
    assert c["event_effects"] and c["unmodelled"]


#: what the verbs apply of an Event half beyond how it is played (the die, WOTR-DICE-8; the requirement, WOTR-EVT-8)
EFFECT_RULES = {"WOTR-MOVE-10", "WOTR-EVT-9", "WOTR-EVT-10", "WOTR-ATK-9", "WOTR-POL-3"}


def test_every_card_names_its_event_effect_applied_or_not_modelled():
    """All 96 cards: the Event half's effect is applied by a verb (a movement, a battle, the table, the
    Political Track) or named NOT MODELLED in `unmodelled`; never both empty (The Red Arrow was)."""
    assert len(event_records()) == 96
    for rec in event_records().values():
        (c,) = [x for x in card(rec["id"]).card["cards"] if x["id"] == rec["id"]]
        effects = [e for e in c["event_effects"] if e["rule"] in EFFECT_RULES]
        event_missing = [u for u in c["unmodelled"] if u["card"] == rec["title"]]
        assert effects or event_missing, rec["title"]
        assert any(e["rule"] == "WOTR-DICE-8" for e in c["event_effects"]), rec["title"]
        assert any(e["rule"] == "WOTR-EVT-8" for e in c["event_effects"]) == bool(rec["play_requirement"])


def test_red_arrow_names_its_musters_and_political_advance(capsys):
    assert main(["card", "The Red Arrow", "--game", "wotr", "--json"]) == 0
    (c,) = json.loads(capsys.readouterr().out)["cards"]
    missing = [u["what"] for u in c["unmodelled"]]
    assert "Event: advance Rohan one step on the Political Track" in missing
    assert "Event: recruit one Rohan unit and one Rohan Leader in Edoras" in missing
    assert [e["rule"] for e in c["event_effects"]] == ["WOTR-DICE-8", "WOTR-EVT-8"]
    assert main(["card", "The Red Arrow", "--game", "wotr"]) == 0
    assert "NOT MODELLED: The Red Arrow: Event: recruit one Rohan unit" in capsys.readouterr().out


def test_card_that_moves_an_army_shows_the_movement_or_why_not():
    tdn = _entry("Through a Day and a Night")
    assert any(e["rule"] == "WOTR-MOVE-10" and "up to 2 regions, holding a Companion" in e["what"]
               for e in tdn["event_effects"])
    assert [u for u in tdn["unmodelled"] if u["card"] == tdn["event"]] == []
    lengthens = _entry("The Shadow Lengthens")
    assert not any(e["rule"] == "WOTR-MOVE-10" for e in lengthens["event_effects"])
    assert any("only a card that moves one Army is modelled" in u["why"] for u in lengthens["unmodelled"])
