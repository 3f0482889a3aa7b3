"""The Eagles are Coming! needs a Free Peoples Army with a Companion in or next to the region of a Shadow
Army containing Nazgûl (WOTR-EVT-8). Its text: "The Witch-king is not considered a Nazgûl for the purposes
of this card" (data/event_requirements.yaml `witch_king_is_nazgul: false`), and Nazgûl without Army units
are no Army. Dreadful Spells, whose card says nothing of the Witch-king, counts him (WOTR-STR-10)."""
from __future__ import annotations

from pycombat.games.wotr import verbs
from pycombat.games.wotr.position.scenario import scenario_from_dict

POLITICS = {"Sauron": "at_war", "Gondor": "at_war"}
FP_ARMY = {"characters": ["Legolas"], "units": {"Gondor": {"regulars": 3}}}


def _play(card: str, side: str, osgiliath: dict) -> dict:
    d = {"game": "wotr", "politics": POLITICS,
         "position": {"regions": {"Minas Tirith": FP_ARMY, "Osgiliath": osgiliath},
                      "fellowship": {"region": "Rivendell", "companions": ["Gimli"]}},
         "action": {"side": side, "die": "event"}, "hand": [card],
         "claims": [{"id": "c", "claim": f"{card} may be played"}]}
    return verbs.verify(scenario_from_dict(d, file="eagles.yaml")).to_json()["claims"][0]


def test_the_witch_king_alone_is_no_nazgul_for_the_eagles():
    got = _play("The Eagles are Coming!", "free_peoples",
                {"units": {"Sauron": {"regulars": 4}}, "characters": ["The Witch-king"]})
    assert got["verdict"] is False and [r["rule"] for r in got["reasons"]] == ["WOTR-EVT-8"]


def test_nazgul_without_units_are_no_army_for_the_eagles():
    got = _play("The Eagles are Coming!", "free_peoples", {"nazgul": 2})
    assert got["verdict"] is False and [r["rule"] for r in got["reasons"]] == ["WOTR-EVT-8"]


def test_a_shadow_army_with_a_nazgul_figure_lets_the_eagles_come():
    got = _play("The Eagles are Coming!", "free_peoples", {"units": {"Sauron": {"regulars": 4}}, "nazgul": 1})
    assert got["verdict"] is True


def test_dreadful_spells_counts_the_witch_king_but_not_nazgul_alone():
    assert _play("Dreadful Spells", "shadow",
                 {"units": {"Sauron": {"regulars": 4}}, "characters": ["The Witch-king"]})["verdict"] is True
    assert _play("Dreadful Spells", "shadow", {"nazgul": 2})["verdict"] is False
