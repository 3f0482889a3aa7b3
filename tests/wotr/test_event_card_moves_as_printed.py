"""`action: {card: {name: TITLE}}` with a shipped Event card moves an Army as the card prints it
(data/event_halves.yaml, WOTR-MOVE-10), and only when the card may be played: the same decision as
`verify`'s "X may be played" (cards/events.py may_play: WOTR-DICE-8, WOTR-EVT-3, WOTR-EVT-8), used by
`enumerate` and by every move claim. Through a Day and a Night moves the Army containing the Companion(s)
up to two regions; Shadows Gather one Shadow Army up to three regions, ending where another Shadow Army
stands. A field that contradicts the print, or a card whose movement the model does not apply, is refused."""
from __future__ import annotations

import copy

import pytest

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.wotr import verbs
from pycombat.games.wotr.position.scenario import scenario_from_dict

POLITICS = {"Gondor": "at_war", "Sauron": "at_war"}
TDN = {"game": "wotr", "politics": POLITICS,
       "position": {"regions": {"Minas Tirith": {"units": {"Gondor": {"regulars": 3}}}},
                    "fellowship": {"region": "Rivendell", "companions": ["Gimli"]}},
       "action": {"side": "free_peoples", "die": "event", "card": {"name": "Through a Day and a Night"}},
       "hand": ["Through a Day and a Night"]}
EMPTY_SHADOW = ["Morannon", "Minas Morgul", "Barad-dur", "Gorgoroth", "Nurn", "Dol Guldur", "Mount Gundabad", "Moria",
                "Orthanc", "North Dunland", "South Dunland", "Far Harad", "Near Harad", "Umbar", "North Rhun",
                "South Rhun", "Angmar", "Ettenmoors", "Mount Gram"]
SG = {"game": "wotr", "politics": POLITICS,
      "position": {"regions": {"Dagorlad": {"units": {"Sauron": {"regulars": 2}}}, **{r: {} for r in EMPTY_SHADOW}}},
      "action": {"side": "shadow", "die": "event", "card": {"name": "Shadows Gather"}}, "hand": ["Shadows Gather"]}


def _verify(d: dict, claims: list[str]) -> list[dict]:
    d = {**copy.deepcopy(d), "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]}
    return verbs.verify(scenario_from_dict(d, file="card.yaml")).to_json()["claims"]


def _count(d: dict) -> int:
    return verbs.enumerate(scenario_from_dict(copy.deepcopy(d), file="card.yaml"), count=True).counted.total


def test_a_card_that_may_not_be_played_moves_nothing():
    """No Companion in any Free Peoples Army: the card may not be played (WOTR-EVT-8), so no Army moves."""
    play, move, none = _verify(TDN, ["Through a Day and a Night may be played",
                                     "the Army in Minas Tirith may move to North Ithilien",
                                     "there are 0 legal moves"])
    assert play["verdict"] is False and move["verdict"] is False and none["verdict"] is True
    assert "WOTR-EVT-8" in [r["rule"] for r in move["reasons"]]
    assert _count(TDN) == 0


def test_the_card_moves_only_the_army_containing_the_companion():
    d = copy.deepcopy(TDN)
    d["position"]["regions"]["Minas Tirith"]["characters"] = ["Boromir"]
    d["position"]["regions"]["Dol Amroth"] = {"units": {"Gondor": {"regulars": 2}}}
    got = _verify(d, ["Through a Day and a Night may be played",
                      "the Army in Minas Tirith may move to North Ithilien",
                      "3 Gondor Regulars may move from Minas Tirith to Lossarnach",
                      "the Army in Dol Amroth may move to Lamedon",
                      "the Army in Minas Tirith may move to Dagorlad"])
    assert [g["verdict"] for g in got] == [True, True, False, False, False]
    assert [r["rule"] for r in got[2]["reasons"]] == ["WOTR-MOVE-10"]
    # 11 destinations within two free regions, 3 parts each (1, 2 or 3 Regulars, always with Boromir)
    assert _count(d) == 33


def test_shadows_gather_ends_where_another_shadow_army_stands():
    (move, none) = _verify(SG, ["the Army in Dagorlad may move to Dead Marshes", "there are 0 legal moves"])
    assert move["verdict"] is False and none["verdict"] is True
    assert [r["rule"] for r in move["reasons"]] == ["WOTR-MOVE-10"]
    d = copy.deepcopy(SG)
    d["position"]["regions"]["Dead Marshes"] = {"units": {"Sauron": {"regulars": 1}}}
    d["position"]["regions"]["North Ithilien"] = {"nazgul": 1}  # Nazgûl alone are no Army
    move, nazgul = _verify(d, ["the Army in Dagorlad may move to Dead Marshes",
                               "the Army in Dagorlad may move to North Ithilien"])
    assert move["verdict"] is True and nazgul["verdict"] is False
    # the two parts of the Dagorlad Army (1 or 2 Regulars) to Dead Marshes; the Dead Marshes Army to Dagorlad
    assert _count(d) == 3


def test_black_captain_moves_the_army_with_the_witch_king_and_names_the_nazgul_part():
    d = {"game": "wotr", "politics": POLITICS,
         "position": {"regions": {"Osgiliath": {"units": {"Sauron": {"regulars": 2}}, "characters": ["The Witch-king"]},
                                  "Minas Morgul": {"units": {"Sauron": {"regulars": 2}}}}},
         "action": {"side": "shadow", "die": "character", "card": {"name": "The Black Captain Commands"}}}
    rep = verbs.verify(scenario_from_dict({**d, "claims": ["the Army in Osgiliath may move to South Ithilien",
                                                           "the Army in Minas Morgul may move to South Ithilien"]},
                                          file="card.yaml")).to_json()
    assert [c["verdict"] for c in rep["claims"]] == [True, False]
    assert any("Nazgûl" in u["what"] and u["card"] == "The Black Captain Commands" for u in rep["unmodelled"])


@pytest.mark.parametrize("card, message", [
    ({"name": "Through a Day and a Night", "moves": 3}, r"action\.card\.moves.*`moves: 3` contradicts the printed 2"),
    ({"name": "Through a Day and a Night", "type": "muster"}, r"action\.card\.type.*contradicts the printed 'army'"),
    ({"name": "Athelas", "moves": 2}, r"action\.card\.name: Athelas: its Event moves no Army"),
    ({"name": "The Shadow Lengthens"}, r"only a card that moves one Army is modelled"),
    ({"name": "Paths of the Woses"}, r"straight to a named place is not modelled"),
])
def test_a_field_that_contradicts_the_print_or_an_unmodelled_movement_is_refused(card, message):
    d = copy.deepcopy(TDN)
    d["action"]["card"] = card
    d["hand"] = [card["name"]]
    if card["name"] == "The Shadow Lengthens":
        d["action"]["side"] = "shadow"
    with pytest.raises(ScenarioError, match=message):
        scenario_from_dict(d, file="card.yaml")


def test_a_card_missing_from_the_hand_given_is_refused(tmp_path, capsys):
    d = copy.deepcopy(TDN)
    d["hand"] = ["Athelas"]
    path = tmp_path / "tdn.yaml"
    import yaml

    path.write_text(yaml.safe_dump(d), encoding="utf-8")
    assert main(["enumerate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "tdn.yaml" in err and "action.card.name" in err and "not in `hand:`" in err and "Traceback" not in err


def test_enumerate_says_why_the_card_moves_nothing(capsys):
    rep = verbs.enumerate(scenario_from_dict(copy.deepcopy(TDN), file="card.yaml"))
    assert any("Through a Day and a Night cannot be played (WOTR-EVT-8" in line for line in rep.explanation)


@pytest.mark.parametrize("extra", [{}, {"Minas Tirith": {"units": {"Gondor": {"regulars": 3}}, "characters": ["Boromir"]},
                                        "Dol Amroth": {"units": {"Gondor": {"regulars": 2}}}}])
def test_the_brute_force_generator_agrees_on_the_cards_limits(extra):
    from pycombat.games.wotr.position.moves import legal_moves
    from pycombat.games.wotr.position.movegen import brute_moves

    d = copy.deepcopy(TDN)
    d["position"]["regions"].update(extra)
    s = scenario_from_dict(d, file="card.yaml")
    assert {m.moved for m in legal_moves(s)} == brute_moves(s)
    sg = copy.deepcopy(SG)
    sg["position"]["regions"]["Dead Marshes"] = {"units": {"Sauron": {"regulars": 1}}}
    s = scenario_from_dict(sg, file="card.yaml")
    assert {m.moved for m in legal_moves(s)} == brute_moves(s)
