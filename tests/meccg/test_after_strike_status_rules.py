"""Who is tapped after a strike, read by the rules that follow it: a character who took -3 not to tap
(MECCG-SEQ-4/5) does not tap in a cancelled strike either under ``cancelled_strike_taps=yes``
(MECCG-SEQ-12); stealing an item (MECCG-OPT-1, ``steal_item=on``) needs an untapped character of the
winner's who took part, to tap, and an item of the opponent's to take. And Flame of Udûn's clause that names
company vs. company combat acts under either reading of ``strike_against`` (MECCG-FX-9, MECCG-FX-12)."""
from __future__ import annotations

import json

import pytest
import yaml

from pycombat.cli import main


def _run(tmp_path, capsys, doc, verb="verify", *args):
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    code = main([verb, str(p), "--json", *args])
    out = capsys.readouterr().out
    assert code in (0, 1), out
    return json.loads(out)


def _verdicts(data):
    return {c["id"]: c["verdict"] for c in data["claims"]}


HALFLING = {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Frodo", "Sam Gamgee"]},
            "combat": {"strikes": [
                {"defender": "Frodo", "attacker": "Shagrat", "defender_cards": ["Halfling Stealth"],
                 "attacker_untapped": True},
                {"defender": "Sam Gamgee", "attacker": "Lagduf", "defender_cards": ["Halfling Stealth"]}]},
            "claims": [{"id": "shagrat", "claim": "Shagrat taps in strike 1"},
                       {"id": "frodo", "claim": "Frodo taps in strike 1"},
                       {"id": "lagduf", "claim": "Lagduf taps in strike 2"}]}


@pytest.mark.parametrize("reading, taps", [("yes", {"shagrat": False, "frodo": True, "lagduf": True}),
                                           ("no", {"shagrat": False, "frodo": False, "lagduf": False})])
def test_a_character_who_took_minus_three_does_not_tap_in_a_cancelled_strike(tmp_path, capsys, reading, taps):
    data = _run(tmp_path, capsys, HALFLING, "verify", "--flag", f"cancelled_strike_taps={reading}")
    assert _verdicts(data) == taps
    if reading == "yes":
        shagrat = next(c for c in data["claims"] if c["id"] == "shagrat")
        assert "MECCG-SEQ-4" in [r["rule"] for r in shagrat["reasons"]]


def test_replay_names_who_taps_in_a_cancelled_strike(tmp_path, capsys):
    data = _run(tmp_path, capsys, HALFLING, "replay", "--flag", "cancelled_strike_taps=yes")
    text = json.dumps(data, ensure_ascii=False)
    assert "Frodo taps; Shagrat took -3 not to tap" in text and "both characters tap" in text


def _steal(shagrat_minus_three: bool, items: list[str]):
    aragorn = {"name": "Aragorn II", "items": items} if items else "Aragorn II"
    return {"game": "meccg", "rules": {"steal_item": "on"},
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": [aragorn]},
            "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat",
                                    **({"attacker_untapped": True} if shagrat_minus_three else {}),
                                    "rolls": {"attacker": 11, "defender": 3, "body": 4}}]},
            "claims": [{"id": "steal", "claim": "the attacker may steal an item"},
                       {"id": "wounded", "claim": "Aragorn II is wounded in strike 1"}]}


@pytest.mark.parametrize("minus_three, items, steals", [
    (False, ["Glamdring"], False),  # Shagrat won without -3: tapped, nobody to tap for the steal
    (True, [], False),              # untapped, but Aragorn II bears nothing to take
    (False, [], False),
    (True, ["Glamdring"], True)])
def test_stealing_an_item_needs_an_untapped_winner_and_an_item(tmp_path, capsys, minus_three, items, steals):
    got = _verdicts(_run(tmp_path, capsys, _steal(minus_three, items)))
    assert got == {"steal": steals, "wounded": True}


def _company_steal(attackers, defenders, strike, claim):
    return {"game": "meccg", "rules": {"steal_item": "on"},
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": attackers},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": defenders},
            "combat": {"strikes": [strike]}, "claims": [{"id": "steal", "claim": claim}]}


SHAGRAT_LOSES = {"defender": "Aragorn II", "attacker": "Shagrat", "defender_untapped": True,
                 "rolls": {"attacker": 2, "defender": 12, "body": 3}}
ARAGORN_LOSES = {"defender": "Aragorn II", "attacker": "Shagrat", "attacker_untapped": True,
                 "rolls": {"attacker": 12, "defender": 2, "body": 3}}


@pytest.mark.parametrize("attackers, defenders, strike, claim, steals", [
    # Lagduf's strike was excess: he faced none, is unwounded, and his company is not only wounded characters
    ([{"name": "Shagrat", "items": ["High Helm"]}, {"name": "Lagduf", "status": "tapped", "items": ["Black-hide Shield"]}],
     ["Aragorn II"], {**SHAGRAT_LOSES, "excess": ["Lagduf"]}, "the defender may steal an item", False),
    # Gimli faced no strike and is unwounded: the defending company is not only wounded characters
    (["Shagrat"], ["Aragorn II", {"name": "Gimli", "status": "tapped", "items": ["Glamdring"]}], ARAGORN_LOSES,
     "the attacker may steal an item", False),
    (["Shagrat"], [{"name": "Aragorn II", "items": ["Glamdring"]}, {"name": "Gimli", "status": "wounded"}],
     ARAGORN_LOSES, "the attacker may steal an item", True),  # every character wounded
    # an ally is not a character (MECCG-FX-3): unwounded Blackbole (no strike at a site) does not stop it
    ([{"name": "Shagrat", "items": ["High Helm"]}, {"name": "Blackbole", "ally_of": "Shagrat"}], ["Aragorn II"],
     SHAGRAT_LOSES, "the defender may steal an item", True),
    # Aragorn taps, winning without -3; Faramir, of the company that took part, faced no strike and taps for it
    ([{"name": "Shagrat", "items": ["High Helm"]}], ["Aragorn II", "Faramir"],
     {**SHAGRAT_LOSES, "defender_untapped": False}, "the defender may steal an item", True),
    ([{"name": "Shagrat", "items": ["High Helm"]}], ["Aragorn II", {"name": "Faramir", "status": "tapped"}],
     {**SHAGRAT_LOSES, "defender_untapped": False}, "the defender may steal an item", False),
])
def test_stealing_needs_a_company_of_only_wounded_characters(tmp_path, capsys, attackers, defenders, strike, claim,
                                                            steals):
    """MECCG-OPT-1 (Seed Optional 1: "if your opponent's company only has wounded characters"): every
    character of the opponent's company left in play, whether he faced a strike or not; the winner taps one
    of his characters of the company that took part, untapped after the strikes."""
    data = _run(tmp_path, capsys, _company_steal(attackers, defenders, strike, claim))
    assert _verdicts(data) == {"steal": steals}


BALROG = {"game": "meccg",
          "attacker": {"player": "Jim", "alignment": "balrog", "site": "Moria", "members": ["The Balrog"],
                       "in_play": ["Flame of Udûn"]},
          "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
          "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "The Balrog", "attacker_untapped": True}]},
          "claims": [{"id": "b8", "claim": "a body-check roll of 8 eliminates Aragorn II"},
                     {"id": "b9", "claim": "a body-check roll of 9 eliminates Aragorn II"}]}


@pytest.mark.parametrize("reading", ["faced", "targeted"])
def test_flame_of_udun_cvcc_clause_under_either_strike_against_reading(tmp_path, capsys, reading):
    assert _verdicts(_run(tmp_path, capsys, BALROG, "verify", "--flag", f"strike_against={reading}")) == \
        {"b8": False, "b9": True}
    data = _run(tmp_path, capsys, BALROG, "odds", "--flag", f"strike_against={reading}")
    text = json.dumps(data)
    assert '"2725/11664"' in text  # Aragorn II eliminated: the body check +1 under both readings
