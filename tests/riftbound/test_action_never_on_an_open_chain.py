"""The ``showdown:`` list is in resolution order: a card naming a unit that an earlier-listed card took out of play was
already on the chain when that card resolved (RB-CARD-11), so every card resolved in between was played on it in
response, on an open chain, where only Reactions can be played (RB-SHOW-4, CR 806.1.c). An [Action] card among them is
refused, naming its entry, exit 2: played on the empty chain instead, it would have resolved before the later card was
played, which then could not name the unit (RB-CARD-1). The game from both hands never plays such a line, so verify
and odds never accept one. A Reaction in between is fine, and the narration then has the later card's player open the
chain (no "passes" before the response)."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(*showdown, claims=()) -> dict:
    doc = {"game": "riftbound",
           "attacker": {"player": "Ann", "units": [{"name": "A1", "custom": True, "might": 1},
                                                   {"name": "A4", "custom": True, "might": 4}]},
           "defender": {"player": "Bo", "units": [{"name": "D5", "custom": True, "might": 5}]},
           "showdown": list(showdown)}
    if claims:
        doc["claims"] = list(claims)
    return doc


RAY_A1 = {"play": "Hextech Ray", "by": "defender", "target": "A1"}  # [Action]: 3 damage kills A1


@pytest.mark.parametrize("later", [{"play": "Discipline", "by": "attacker", "target": "A1"},
                                   {"play": "Long Sword", "by": "attacker", "target": "A1"}])
def test_an_action_card_listed_before_a_card_naming_the_unit_it_killed_is_refused(later):
    with pytest.raises(ScenarioError) as got:
        play_showdown(scenario_from_dict(_doc(RAY_A1, later), file="s.yaml"))
    err = got.value
    assert err.file == "s.yaml" and err.path == "showdown[0].play"
    assert "Hextech Ray is an [Action] card" in err.message and f"{later['play']} (showdown[1])" in err.message
    assert "RB-SHOW-4" in err.message


def test_the_action_card_may_be_any_card_resolved_in_between():
    """Stupefy (a Reaction) is fine; Hextech Ray, resolved between it and Long Sword, is not."""
    stupefy = {"play": "Stupefy", "by": "defender", "target": "D5"}
    with pytest.raises(ScenarioError) as got:
        play_showdown(scenario_from_dict(_doc(stupefy, RAY_A1, {"play": "Long Sword", "by": "attacker",
                                                                "target": "A1"})))
    assert got.value.path == "showdown[1].play"


@pytest.mark.parametrize("verb", ["odds", "verify"])
def test_verify_and_odds_refuse_an_action_on_an_open_chain_with_exit_2(tmp_path, capsys, verb):
    path = tmp_path / "s13.yaml"
    path.write_text(yaml.safe_dump(_doc(RAY_A1, {"play": "Discipline", "by": "attacker", "target": "A1"},
                                        claims=[{"id": "o", "claim": "the defender keeps the battlefield"}])),
                    encoding="utf-8")
    code = main([verb, str(path)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert f"{path}: showdown[0].play: Hextech Ray is an [Action] card" in err and "RB-SHOW-4" in err


def test_a_reaction_resolved_in_between_is_a_response_and_its_chain_is_opened_by_the_later_card():
    """Hextech Ray resolves on A4 (3 damage); Ann plays Long Sword on A4 and Bo answers with Stupefy on A4, which
    kills it: Ann opened that chain, so nobody passed Focus before Stupefy (RB-SHOW-3)."""
    sd = play_showdown(scenario_from_dict(_doc({"play": "Hextech Ray", "by": "defender", "target": "A4"},
                                               {"play": "Stupefy", "by": "defender", "target": "A4"},
                                               {"play": "Long Sword", "by": "attacker", "target": "A4"})))
    texts = [ln.text for ln in sd.lines]
    ray = next(i for i, t in enumerate(texts) if "plays Hextech Ray" in t)
    stupefy = next(i for i, t in enumerate(texts) if "plays Stupefy" in t)
    assert texts[ray + 1] == "The chain resolved and Focus passes." and stupefy == ray + 2  # Ann holds Focus: no pass
    assert texts[ray - 1] == "Ann passes; Focus passes to Bo."  # before Hextech Ray, on the empty chain
    assert any(t.startswith("The chain does not close: Long Sword, played by Ann (attacker)") for t in texts)
