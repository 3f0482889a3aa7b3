"""``tree`` on the showdown played from both hands walks every state to the end and writes it: the states stay
usable after the search that made them returns (the combat triggers' chain open to Reactions, RB-SHOW-2, keeps its
stage alive), and a counter on a counter still on the chain is one of the plays it shows (RB-CARD-3)."""
from __future__ import annotations

import pytest

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(att, dfn, hand_a, hand_d, battlefield=None) -> dict:
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": list(att)},
           "defender": {"player": "Bo", "units": list(dfn)}, "hand": {"attacker": list(hand_a), "defender": list(hand_d)}}
    if battlefield:
        doc["battlefield"] = battlefield
    return doc


BOARDS = [
    # Anivia's combat trigger on the chain, Reactions in hand: the chain's step is the root of the game
    (["Anivia - Primal"], ["Legion Quartermaster"], ["Bonds of Strength"], ["Emperor's Divide"], "Zaun Warrens"),
    (["Ribbon Dancer", "Ezreal, Prodigy"], ["Teemo - Strategist", "Sett, Brawler"], ["Resonating Strike", "Portal Rescue"],
     ["Against the Odds", "Ride The Wind"], "Zaun Warrens"),
    (["Diana, No Longer Human"], ["Lord Broadmane"], ["Block"], ["Bullet Time", "Crescent Strike"], "Zaun Warrens"),
    (["Legion Quartermaster"], ["Evelynn - Entrancing"], ["Void Seeker", "Get Excited!"], ["Grand Strategem"],
     "Zaun Warrens"),
    (["Playful Phantom"], ["Vanguard Sergeant"], ["Defy"], ["Discipline", "Defy"], None),
]


@pytest.mark.parametrize("att, dfn, hand_a, hand_d, battlefield", BOARDS)
def test_tree_of_a_showdown_from_hands_is_written_to_the_end(tmp_path, att, dfn, hand_a, hand_d, battlefield):
    out = tmp_path / "tree.graphml"
    report = verbs.tree(scenario_from_dict(_doc(att, dfn, hand_a, hand_d, battlefield)), output=str(out))
    stats = report.stats
    assert stats.terminal > 0 and stats.nodes == stats.decision + stats.chance + stats.terminal
    assert out.read_text(encoding="utf-8").count("<node ") == stats.nodes


def test_tree_shows_a_counter_on_a_counter(tmp_path):
    out = tmp_path / "tree.graphml"
    verbs.tree(scenario_from_dict(_doc(*BOARDS[-1][:4])), output=str(out))
    assert "defender plays Defy countering Defy" in out.read_text(encoding="utf-8")
