"""A strike card whose requirement and cost name an item of the character it is played for (MECCG-FX-1,
MECCG-FX-15): Staff Asunder (TD-153) is played for "the Wizard bearing Wizard's Staff", and its cost puts the
staff in its player's marshalling point pile when it is played, so the staff's +2 prowess and its corruption
points are gone for the strike (and for the corruption check the card costs, MECCG-FX-25)."""
from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
import yaml

from pycombat.cli import main
from pycombat.games.meccg.cards import play
from pycombat.games.meccg.cards.interpreter import card_model
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay, setup_strikes
from pycombat.games.meccg.schema import scenario_from_dict

STAFF = "Wizard’s Staff"
DICE = list(product(range(1, 7), repeat=2))


def _doc(*, staff=True, combat=True, claims=None, hand=None):
    gandalf = {"name": "Gandalf", "items": [STAFF]} if staff else "Gandalf"
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": [gandalf]}}
    if combat:
        doc["combat"] = {"strikes": [{"defender": "Gandalf", "attacker": "Shagrat", "defender_cards": ["Staff Asunder"],
                                      "rolls": {"attacker": 7, "defender": 8, "body": 5, "cards": 10}}]}
    if claims:
        doc["claims"] = claims
    if hand:
        doc["defender"]["hand"] = hand
    return doc


def _write(tmp_path, doc):
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return str(p)


def _play(s):
    return play.check(s, [play.Play(card_model("Staff Asunder").id, "defender", 6, facing="Gandalf")])


def test_staff_asunder_needs_a_wizard_bearing_wizards_staff():
    without = _play(scenario_from_dict(_doc(staff=False, combat=False), file="<t>"))
    assert not without.legal and without.rules == ["MECCG-SEQ-7"]
    assert "who carries Wizard’s Staff" in without.refusals[0].text and "MECCG-FX-8" in without.refusals[0].text
    assert _play(scenario_from_dict(_doc(staff=True, combat=False), file="<t>")).legal


def test_verify_finds_staff_asunder_unplayable_without_the_staff(tmp_path, capsys):
    doc = _doc(staff=False, combat=False,
               claims=[{"id": "p", "claim": "Staff Asunder may be played at step 6 of the strike against Gandalf",
                        "attacker": "Shagrat"}])
    main(["verify", _write(tmp_path, doc), "--json"])
    c = json.loads(capsys.readouterr().out)["claims"][0]
    assert c["verdict"] is False and c["decided"]


def test_a_combat_block_playing_staff_asunder_without_the_staff_is_refused(tmp_path, capsys):
    path = _write(tmp_path, _doc(staff=False))
    for verb in ("odds", "replay"):
        assert main([verb, path]) == 2
        assert "who carries Wizard’s Staff" in capsys.readouterr().err


def test_optimize_does_not_offer_staff_asunder_without_the_staff():
    held = scenario_from_dict(_doc(staff=False, combat=False, hand=["Staff Asunder"]), file="<t>")
    bare = scenario_from_dict(_doc(staff=False, combat=False), file="<t>")
    got = solve_combat(held, objective_from("survive", "Gandalf", held), max_nodes=10_000).value
    assert got == solve_combat(bare, objective_from("survive", "Gandalf", bare), max_nodes=10_000).value
    armed = scenario_from_dict(_doc(staff=True, combat=False, hand=["Staff Asunder"]), file="<t>")
    unarmed = scenario_from_dict(_doc(staff=True, combat=False), file="<t>")
    assert solve_combat(armed, objective_from("survive", "Gandalf", armed), max_nodes=10_000).value > \
        solve_combat(unarmed, objective_from("survive", "Gandalf", unarmed), max_nodes=10_000).value


def test_the_staff_its_cost_takes_gives_no_prowess_in_the_strike():
    s = scenario_from_dict(_doc(), file="<t>")
    (st,) = setup_strikes(s)
    assert st.defender.prowess == 6 + 5  # printed 6, Staff Asunder +5; the staff's +2 is gone
    lines = [step.text for strike, steps, _o in replay(s).strikes for step in steps]
    assert any("Wizard’s Staff goes to its player's marshalling point pile" in t for t in lines)


def test_the_staffs_corruption_points_are_gone_for_the_check_the_card_costs():
    s = scenario_from_dict(_doc(), file="<t>")
    co = combat_odds(s)
    # the staff (2 corruption points) is in the MP pile when the check is made: 2d6 > 0 always passes
    assert co.per_strike[0].prob(lambda o: o.result == "not resolved") == 0
    # the strike at 11 against Shagrat's 6, from the rule's words
    lose = sum((Fraction(1, 1296) for (a1, a2), (d1, d2) in product(DICE, DICE) if d1 + d2 + 11 < a1 + a2 + 6),
               Fraction(0))
    assert co.per_strike[0].prob(lambda o: o.result == "succeeds") == lose


def test_verify_final_prowess_without_the_staff(tmp_path, capsys):
    doc = _doc(claims=[{"id": "p11", "claim": "the final prowess of Gandalf in strike 1 is 11"},
                       {"id": "p13", "claim": "the final prowess of Gandalf in strike 1 is 13"}])
    main(["verify", _write(tmp_path, doc), "--json"])
    got = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    assert got["p11"]["verdict"] is True and got["p13"]["verdict"] is False


def test_card_shows_the_staff_as_a_cost_in_combat(capsys):
    assert main(["card", "Staff Asunder"]) == 0
    out = capsys.readouterr().out
    assert "outside combat" not in out
    assert "costs: Wizard’s Staff" in out and "MECCG-FX-15" in out and "carries=Wizard’s Staff" in out
