"""`optimize` with hands of Combat cards prints the card game's value beside the value of the same battle
without Combat cards; both rest on the same rules for casualties, ceasing and retreats (WOTR-CAS-12): the
players' choice when no casualty policy is named, the flags' policy when one is (the card game plays it),
and the text and the JSON (``value_without_cards.battle_rules``, ``combat_cards.battle_rules``) say which.
A hand no card of which may be played here leaves the two values equal under every policy."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from pycombat.cli import main
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "wotr" / "cards_hand_decisions.yaml"


def _scenario(policy: str, *, unplayable_hand: bool = False):
    doc = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    doc["rules"]["casualty_policy"] = policy
    if unplayable_hand:  # Devilry of Orthanc: an Isengard unit and a defending Stronghold (WOTR-CARD-5), neither here
        doc["attacker"]["hand"] = ["Devilry of Orthanc"]
        doc["defender"].pop("hand")
    return scenario_from_dict(doc, file="s.yaml")


def _frac(v: dict) -> Fraction:
    return Fraction(v["exact"])


@pytest.mark.parametrize("policy", ["enumerate", "regulars_first", "downgrade_first"])
def test_a_hand_that_cannot_play_leaves_both_values_equal(policy):
    data = verbs.optimize(_scenario(policy, unplayable_hand=True)).to_json()
    assert data["combat_cards"]["not_playable"]
    assert _frac(data["value_without_cards"]["value"]) == _frac(data["combat_cards"]["value"])


def test_named_policy_values_the_battle_without_cards_by_that_policy():
    data = verbs.optimize(_scenario("regulars_first")).to_json()
    without = data["value_without_cards"]
    assert without["battle_rules"] == data["combat_cards"]["battle_rules"] == {
        "decided_by": "policy", "policy": {"casualty_policy": "regulars_first", "attacker_continue": "always",
                                           "defender_retreat": "never", "siege_extension": "never"}}
    assert _frac(without["value"]) == Fraction(1625, 6561) == _frac(data["fixed_policies"]["regulars_first"])
    assert _frac(data["value"]) == Fraction(671, 2187)  # the splits' optimal play, said apart


def test_no_policy_named_values_both_by_the_players_choice():
    data = verbs.optimize(_scenario("enumerate")).to_json()
    without = data["value_without_cards"]
    assert without["battle_rules"]["decided_by"] == data["combat_cards"]["battle_rules"]["decided_by"] == "players"
    assert _frac(without["value"]) == _frac(data["value"]) == Fraction(671, 2187)


def test_text_names_the_rules_both_values_rest_on(capsys):
    assert main(["optimize", str(EXAMPLE), "--top", "1", "--flag", "casualty_policy=regulars_first"]) == 0
    lines = capsys.readouterr().out.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith("Value under optimal play with the Combat cards"))
    assert lines[i + 1] == "Value of the same battle without Combat cards, by the same rules: 1625/6561 (0.2477)"
    assert lines[i + 2].startswith("  both values: casualties, ceasing, retreats and siege reductions by the policy "
                                   "casualty_policy=regulars_first")
    assert lines[i + 3].startswith("Value under optimal play without Combat cards of the best split")
    assert lines[i + 3].endswith("671/2187 (0.3068)")
