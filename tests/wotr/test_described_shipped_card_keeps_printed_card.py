"""A hand entry written as a mapping (`{name: ..., type: ...}`) under a shipped Event card's title is that
printed card: its deck, icon, side and requirement stay (WOTR-EVT-1, WOTR-DICE-8, WOTR-EVT-8). A field that
contradicts the print is refused (exit 2, naming the file, the field and the printed value); a field that
agrees is accepted and the card is checked as printed. Cards the file invents keep the file's facts."""
from __future__ import annotations

import pytest

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.wotr import verbs
from pycombat.games.wotr.position.scenario import scenario_from_dict


def _scenario(hand, *, side="free_peoples", die="army_muster", claims=()):
    return {"game": "wotr", "position": "setup", "action": {"side": side, "die": die}, "hand": hand,
            "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]}


def _verdicts(d) -> list:
    return [c["verdict"] for c in verbs.verify(scenario_from_dict(d, file="hand.yaml")).to_json()["claims"]]


def test_a_type_that_contradicts_the_printed_icon_is_refused(tmp_path, capsys):
    path = tmp_path / "athelas.yaml"
    path.write_text("game: wotr\nposition: setup\naction: {side: free_peoples, die: army_muster}\n"
                    "hand:\n- {name: Athelas, type: army}\nclaims: [Athelas may be played]\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "athelas.yaml" in err and "hand[0].type" in err
    assert "Athelas is printed as a Character card with a Character icon" in err and "WOTR-EVT-1" in err
    assert "Traceback" not in err


def test_an_icon_of_the_same_deck_that_contradicts_the_print_cites_the_die_rule():
    with pytest.raises(ScenarioError, match=r"hand\[0\]\.type.*The Last Battle is printed as a Strategy card with an "
                                            r"Army icon.*`type: muster`.*WOTR-DICE-8"):
        scenario_from_dict(_scenario([{"name": "The Last Battle", "type": "muster"}]), file="hand.yaml")


def test_a_card_of_the_other_side_described_by_its_title_is_refused():
    with pytest.raises(ScenarioError, match=r"Orc Patrol is a Shadow card; the acting player is the Free Peoples "
                                            r"\(WOTR-EVT-1\)"):
        scenario_from_dict(_scenario([{"name": "Orc Patrol", "type": "character"}], die="event"), file="hand.yaml")


def test_attack_or_persistent_contradicting_the_print_is_refused():
    with pytest.raises(ScenarioError, match=r"hand\[0\]\.attack.*Guards of the Citadel never starts an attack"):
        scenario_from_dict(_scenario([{"name": "Guards of the Citadel", "type": "muster", "attack": True}]),
                           file="hand.yaml")
    with pytest.raises(ScenarioError, match=r"hand\[0\]\.persistent.*The Last Battle is played on the table"):
        scenario_from_dict(_scenario([{"name": "The Last Battle", "type": "army", "persistent": False}]),
                           file="hand.yaml")


def test_an_agreeing_description_keeps_the_printed_requirement():
    """The Last Battle needs Aragorn with a Free Peoples Army outside the Free Peoples Nations: at the setup it
    may not be played, whether the hand names it by title or describes it as printed."""
    claims = ["The Last Battle may be played"]
    assert _verdicts(_scenario(["The Last Battle"], claims=claims)) == [False]
    assert _verdicts(_scenario([{"name": "The Last Battle", "type": "army"}], claims=claims)) == [False]
    assert _verdicts(_scenario([{"name": "The Last Battle", "type": "strategy"}], claims=claims)) == [False]


@pytest.mark.parametrize("entry", [{"name": "Guards of the Citadel", "type": "muster", "musters": True},
                                   {"name": "Guards of the Citadel"}, "Guards of the Citadel"])
def test_musters_of_a_shipped_card_is_the_printed_one(entry):
    s = scenario_from_dict(_scenario([entry]), file="hand.yaml")
    (card,) = s.hand
    assert card.shipped and card.musters is True and card.icon == "muster" and card.deck == "strategy"


def test_a_card_the_file_invents_keeps_the_files_facts():
    claims = ["Secret Road may be played"]
    assert _verdicts(_scenario([{"name": "Secret Road", "type": "army"}], claims=claims)) == [True]
