"""What a card's own text requires of the combat it is played in, checked by the one play check every
verb uses: the site (All the Bells Ringing: "a hero company at a Free-hold or Border-hold", MECCG-CARD-4,
MECCG-PRE-2), who plays it again ("cannot be duplicated against a given attack", MECCG-FX-8), and a
requirement the card data cannot check (a sorcery- or spirit-magic-using character), which is named as not
modelled so a verdict resting on it is not decided (MECCG-FX-10)."""
from __future__ import annotations

import json

import pytest
import yaml

from pycombat.cli import main


def _write(tmp_path, doc, name="s.yaml"):
    p = tmp_path / name
    p.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return str(p)


def _verify(tmp_path, doc, *flags):
    path = _write(tmp_path, doc)
    code = main(["verify", path, "--json", *flags])
    return code, path


def _claims(capsys):
    return {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}


def _bells(site):
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": site, "members": ["Shagrat", "Lagduf"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": site, "members": ["Aragorn II", "Éomer"]},
            "claims": [{"id": "bells", "claim": "All the Bells Ringing cancels the attack"}],
            "combat": {"before_assignment": ["All the Bells Ringing"],
                       "strikes": [{"defender": "Aragorn II", "attacker": "Shagrat"},
                                   {"defender": "Éomer", "attacker": "Lagduf"}]}}


@pytest.mark.parametrize("site, kind, cancels", [("Moria", "shadow-hold", False), ("Rivendell", "haven", False),
                                                 ("Bree", "border-hold", True)])
def test_all_the_bells_ringing_cancels_only_at_a_free_hold_or_border_hold(tmp_path, capsys, site, kind, cancels):
    _verify(tmp_path, _bells(site))
    c = _claims(capsys)["bells"]
    assert c["verdict"] is cancels and c["decided"]
    rules = [r["rule"] for r in c["reasons"]]
    assert "MECCG-CARD-4" in rules and "MECCG-PRE-2" in rules
    if not cancels:
        assert any(f"{site} is a {kind}" in n for n in c.get("notes", []))


def test_all_the_bells_ringing_at_a_shadow_hold_is_refused_by_odds_and_replay(tmp_path, capsys):
    path = _write(tmp_path, _bells("Moria"))
    for verb in ("odds", "replay"):
        assert main([verb, path]) == 2
        err = capsys.readouterr().err
        assert "free-hold or border-hold" in err and "Moria is a shadow-hold" in err and "MECCG-CARD-4" in err


def _flame(card, second=None):
    strikes = [{"defender": "Shagrat", "attacker": "Aragorn II", "defender_cards": [card]},
               {"defender": "Lagduf", "attacker": "Boromir II"}]
    if second:
        strikes[1]["defender_cards"] = [second]
    return {"game": "meccg",
            "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Boromir II"]},
            "defender": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
            "combat": {"strikes": strikes},
            "claims": [{"id": "play", "claim": f"{card} may be played at step 6 of the strike against Shagrat"},
                       {"id": "shagrat", "claim": "the final prowess of Shagrat in strike 1 is 10"},
                       {"id": "lagduf", "claim": "the final prowess of Lagduf in strike 2 is 5"}]}


def test_some_secret_art_of_flame_acts_on_its_character_only(tmp_path, capsys):
    _verify(tmp_path, _flame("Some Secret Art of Flame"))
    got = _claims(capsys)
    assert got["lagduf"]["verdict"] is True and got["lagduf"]["decided"]  # +4 to Shagrat alone, not to Lagduf
    # whether Shagrat uses sorcery the data does not say: the play and the number it gives are not decided
    assert got["play"]["verdict"] is None and got["shagrat"]["verdict"] is None
    assert any("sorcery" in u["what"] for u in got["play"]["unmodelled"])


def test_driven_as_by_a_madness_names_its_spirit_magic_requirement(tmp_path, capsys):
    doc = _flame("Driven as by a Madness")
    doc["claims"][2] = {"id": "lagduf", "claim": "the final prowess of Lagduf in strike 2 is 7"}
    _verify(tmp_path, doc)
    got = _claims(capsys)
    assert got["play"]["verdict"] is None and got["lagduf"]["verdict"] is None
    assert any("spirit-magic" in u["what"] for u in got["play"]["unmodelled"])
    assert main(["card", "Driven as by a Madness"]) == 0
    assert "NOT MODELLED: its requirement: the character it is played for uses spirit-magic" in capsys.readouterr().out


def test_a_second_driven_as_by_a_madness_in_the_attack_is_refused(tmp_path, capsys):
    path = _write(tmp_path, _flame("Driven as by a Madness", second="Driven as by a Madness"))
    for verb in ("odds", "replay", "verify"):
        assert main([verb, path]) == 2
        err = capsys.readouterr().err
        assert "cannot be duplicated against a given attack" in err and "MECCG-FX-8" in err
    # the play claim on the second strike, with the first copy played in the first
    doc = _flame("Driven as by a Madness")
    doc["claims"] = [{"id": "again", "claim": "Driven as by a Madness may be played at step 6 of the strike "
                                              "against Lagduf"}]
    _verify(tmp_path, doc)
    c = _claims(capsys)["again"]
    assert c["verdict"] is False and "MECCG-FX-8" in [r["rule"] for r in c["reasons"]]


def test_optimize_offers_driven_as_by_a_madness_once_in_the_attack():
    """The game optimize and tree solve: with a copy played earlier in the attack, the copy left in the hand
    is no option of a later strike (the play check refuses it in replay, odds and verify)."""
    from pycombat.games.meccg.combat.game import CvccGame, CvccState
    from pycombat.games.meccg.schema import scenario_from_dict

    doc = _flame("Driven as by a Madness")
    del doc["combat"], doc["claims"]
    doc["defender"]["hand"] = ["Driven as by a Madness", "Driven as by a Madness"]
    game = CvccGame(scenario_from_dict(doc, file="<t>"))
    offered = {}
    for played in (False, True):
        s = CvccState(game, "defend", remaining=(("Boromir II", "Lagduf"),), current=("Boromir II", "Lagduf"),
                      hand_d=("AS-81",), lasting=(("defender", "AS-81", None),) if played else ())
        offered[played] = {step.cards for step in game.defender_steps(s)}
    assert offered == {False: {(), ("AS-81",)}, True: {()}}
