"""`pycombat card NAME --game wotr`: what the model applies of the Event half (the battle an attacking
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
    assert [e["rule"] for e in ents["event_effects"]] == ["WOTR-POL-3"]
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
