"""MECCG-FX-7 (with MECCG-INIT-1): a card in play whose effect lasts until the end of the turn it was played or used
in (card_effects.yaml ``lasts: turn``: Drughu, Praise to Elbereth, Gloom, Glance of Arien, the potions used earlier;
``turn_fx``: Dwar the Ringwraith's ability) acts on the attacking company only. The attack is made in the attacker's
own turn: on the defending company such a card was played in one of the defender's earlier turns and has ended. It
gives the defending members nothing, and every verb says so (verify's reasons and notes, odds', replay's, optimize's
and tree's ``ended_cards`` and text, the card lookup)."""
from __future__ import annotations

import copy
import json
from fractions import Fraction
from importlib import resources
from itertools import product

import pytest
import yaml

import pycombat
from pycombat.cli import main
from pycombat.games.meccg.cards import interpreter as cardfx
from pycombat.games.meccg.cards.coverage import unmodelled
from pycombat.games.meccg.cards.database import load_carddb
from pycombat.games.meccg.cards.lookup import card_report
from pycombat.games.meccg.combat.strikes import combat_odds, lasts_the_turn
from pycombat.games.meccg.schema import scenario_from_dict

# Jim (minion) attacks Bob (hero) at Framsburg, a Ruins & Lairs: Drughu in Bob's in_play was played in his own
# organization phase, an earlier turn
DEFENDING_DRUGHU = {
    "game": "meccg", "title": "Drughu on the defender",
    "attacker": {"player": "Jim", "alignment": "minion", "site": "Framsburg", "members": ["Lagduf"]},
    "defender": {"player": "Bob", "alignment": "hero", "site": "Framsburg", "members": ["Beorn"],
                 "in_play": ["Drughu"]},
    "combat": {"strikes": [{"defender": "Beorn", "attacker": "Lagduf",
                            "rolls": {"attacker": 7, "defender": 6, "body": 5}}]},
    "claims": [{"id": "p9", "claim": "the final prowess of Beorn in strike 1 is 9"},
               {"id": "p7", "claim": "the final prowess of Beorn in strike 1 is 7"},
               {"id": "applies", "claim": "Drughu applies to Beorn's prowess"}]}
# Bob attacks in his own turn, the one he played Drughu in
ATTACKING_DRUGHU = {
    "game": "meccg", "title": "Drughu on the attacker",
    "attacker": {"player": "Bob", "alignment": "hero", "site": "Framsburg", "members": ["Beorn"],
                 "in_play": ["Drughu"]},
    "defender": {"player": "Jim", "alignment": "minion", "site": "Framsburg", "members": ["Lagduf"]},
    "combat": {"strikes": [{"defender": "Lagduf", "attacker": "Beorn"}]},
    "claims": [{"id": "p9", "claim": "the final prowess of Beorn in strike 1 is 9"}]}


def _wins(mine: int, theirs: int) -> Fraction:
    """My own arithmetic: the chance that ``mine`` + 2d6 beats ``theirs`` + 2d6."""
    die = range(1, 7)
    rolls = [a + b for a, b in product(die, die)]
    return Fraction(sum(1 for x in rolls for y in rolls if mine + x > theirs + y), 36 * 36)


def _run(doc, verb, **opts):
    return pycombat.load(copy.deepcopy(doc)).run(verb, **opts).to_json()


def test_a_defending_companys_drughu_gives_nothing_in_every_verb():
    got = {c["id"]: c for c in _run(DEFENDING_DRUGHU, "verify")["claims"]}
    assert got["p9"]["verdict"] is False and got["p7"]["verdict"] is True and got["applies"]["verdict"] is False
    for c in got.values():
        assert "MECCG-FX-7" in [r["rule"] for r in c["reasons"]]
        assert any("Drughu: no effect, it lasted until the end of an earlier turn" in n for n in c["notes"])
    odds = _run(DEFENDING_DRUGHU, "odds")
    assert odds["unmodelled"] == []
    assert [(e["card"], e["members"], e["rules"]) for e in odds["ended_cards"]] == [
        ("Drughu", ["Beorn"], ["MECCG-FX-7", "MECCG-INIT-1"])]
    # Beorn 7 against Lagduf 5: the defender wins on 7 + 2d6 > 5 + 2d6
    s = scenario_from_dict(copy.deepcopy(DEFENDING_DRUGHU), file="<t>")
    (setup,) = combat_odds(s).setups
    assert (setup.defender.prowess, setup.attacker.prowess) == (7, 5)
    assert odds["strikes"][0]["probabilities"]["defender_wins"]["exact"] == str(_wins(7, 5))
    assert odds["strikes"][0]["modifiers"]["Beorn"] == [
        {"amount": 0, "what": "Drughu: no effect, it lasted until the end of an earlier turn (this attack is in "
                              "Jim's turn)", "rule": "MECCG-FX-7"}]
    replay = _run(DEFENDING_DRUGHU, "replay")
    assert replay["ended_cards"] == odds["ended_cards"]
    assert any(st["text"].startswith("In play: Drughu") and st["rules"] == ["MECCG-FX-7", "MECCG-INIT-1"]
               for st in replay["preamble"])
    prowess = next(st["text"] for st in replay["strikes"][0]["steps"] if st["text"].startswith("Prowess"))
    assert "Beorn 7 = 7" in prowess and "Drughu gives Beorn nothing" in prowess
    # optimize values the combat as if Drughu were not there, and says why
    without = copy.deepcopy(DEFENDING_DRUGHU)
    without["defender"]["in_play"] = []
    opt = _run(DEFENDING_DRUGHU, "optimize")
    assert opt["value"] == _run(without, "optimize")["value"]
    assert opt["ended_cards"] == odds["ended_cards"]


def test_the_attacking_companys_drughu_gives_its_bonus():
    (c,) = _run(ATTACKING_DRUGHU, "verify")["claims"]
    assert c["verdict"] is True
    odds = _run(ATTACKING_DRUGHU, "odds")
    assert odds["ended_cards"] == []
    assert odds["strikes"][0]["probabilities"]["defender_wins"]["exact"] == str(_wins(5, 9))


def test_the_text_of_odds_and_optimize_names_the_card_and_the_rules(tmp_path, capsys):
    path = tmp_path / "drughu.yaml"
    path.write_text(yaml.safe_dump({k: v for k, v in DEFENDING_DRUGHU.items() if k != "claims"}), encoding="utf-8")
    for verb in ("odds", "optimize"):
        assert main([verb, str(path)]) == 0
        out = capsys.readouterr().out
        assert ("Drughu (defender.in_play; on Beorn): no effect in this attack: it lasts until the end of the turn "
                "it was played or used in" in out), verb
        assert "(MECCG-FX-7, MECCG-INIT-1)" in out, verb


def _turn_cards() -> list[str]:
    """Every card of card_effects.yaml that lasts until the end of the turn, in play."""
    raw = yaml.safe_load(resources.files("pycombat.games.meccg.data").joinpath("card_effects.yaml").read_text(
        encoding="utf-8"))["cards"]
    return sorted(cid for cid in raw if lasts_the_turn(cardfx.model(cid)))


#: card id -> (its company's alignment, the member it acts on, the other company's alignment and member)
COMPANIES = {"AS-47": ("hero", "Beorn", "minion", "Lagduf"), "TW-305": ("hero", "Beorn", "minion", "Lagduf"),
             "TW-283": ("hero", "Beorn", "minion", "Lagduf"), "TW-304": ("hero", "Beorn", "minion", "Lagduf"),
             "TW-41": ("hero", "Beorn", "minion", "Lagduf"), "BA-19": ("balrog", "The Balrog", "hero", "Beorn"),
             "LE-52": ("minion", "Lagduf", "hero", "Beorn"), "LE-328": ("minion", "Lagduf", "hero", "Beorn"),
             "LE-329": ("minion", "Lagduf", "hero", "Beorn")}


def _side(card_id: str, *, attacking: bool, with_card: bool):
    """The prowess and body of the member a card lasting the turn acts on, with the card in play or without it,
    his company attacking or defending at Framsburg (a Ruins & Lairs, away from the Under-deeps)."""
    m = cardfx.model(card_id)
    name = m.name
    own_al, me, other_al, them = COMPANIES[card_id]
    own = {"player": "Own", "alignment": own_al, "site": "Framsburg", "members": [me], "in_play": []}
    other = {"player": "Other", "alignment": other_al, "site": "Framsburg", "members": [them]}
    doc = {"game": "meccg", "in_play": [], "rules": {m.flag: "applies"} if m.flag else {}}
    if any(f.cond.get("doors_of_night") for f in m.fx):
        doc["in_play"].append("Doors of Night")  # Praise to Elbereth: +1 with Doors of Night
    if with_card:
        placed = {"card": name, "member": me} if m.placed_on else name
        hazard = m.kind == "event" and load_carddb().card(card_id).type == "hazard"
        (doc["in_play"] if hazard else own["in_play"]).append(placed)
    att, dfn = (own, other) if attacking else (other, own)
    doc.update(attacker=att, defender=dfn, combat={"strikes": [{"defender": dfn["members"][0],
                                                               "attacker": att["members"][0]}]})
    s = scenario_from_dict(doc, file="<t>")
    side = getattr(combat_odds(s).setups[0], "attacker" if attacking else "defender")
    assert side.member.name == me
    return (side.prowess, side.body), s


@pytest.mark.parametrize("card_id", _turn_cards())
def test_every_card_lasting_the_turn_acts_when_attacking_and_not_when_defending(card_id):
    from pycombat.games.meccg.combat.strikes import ended_in_play

    assert _side(card_id, attacking=True, with_card=True)[0] != _side(card_id, attacking=True, with_card=False)[0]
    got, s = _side(card_id, attacking=False, with_card=True)
    assert got == _side(card_id, attacking=False, with_card=False)[0]
    assert [e["id"] for e in ended_in_play(s)] == [card_id]
    assert [u for u in unmodelled(s) if u["id"] == card_id and "site" in u["what"]] == []


def test_every_card_in_play_whose_data_says_it_lasts_the_turn_is_read_so():
    """combat_cards.json's effects scoped "this turn" / "until end of turn" / "rest_of_turn" of a card used in play
    (cvcc_use in_play) are ``lasts: turn`` in card_effects.yaml, so the turn rule reads them."""
    records = json.loads(resources.files("pycombat.games.meccg.data").joinpath("combat_cards.json").read_text(
        encoding="utf-8"))["records"]
    scoped = {r["id"] for r in records if r.get("cvcc_use") == "in_play"
              and any("turn" in str(e.get("scope") or "") for e in r.get("effects") or ())}
    assert scoped == {"AS-47", "TW-41", "TW-305", "BA-19"}
    assert all(lasts_the_turn(cardfx.model(cid)) for cid in scoped)


@pytest.mark.parametrize("name", ["Drughu", "Gloom", "Dwar the Ringwraith", "Potion of Prowess"])
def test_the_card_lookup_says_whom_it_acts_on(name):
    (card,) = card_report(name)["cards"]
    assert "it acts on the attacking company only" in card["in_play_ends_with_turn"]
    assert {"MECCG-FX-7", "MECCG-INIT-1"} <= {r["rule"] for r in card["rules"]}
    (fellowship,) = card_report("Fellowship")["cards"]
    assert fellowship["in_play_ends_with_turn"] is None
