"""A Quick-Draw Equipment whose unit left play while it was on the chain (RB-CARD-11 with RB-CARD-14; CR 819.1.d: it is
"[Reaction]" and "When you play this, attach it to a unit you control"; CR 055: an impossible instruction is
ignored): the gear is played all the same and enters play attached to no unit, under its player, where a later card
may attach it. Every verb reads it: the stated showdown (odds, verify) and the game from both hands (optimize, and
``tree``, which visits every line, among them the one where the unit dies in response)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.showdown import Progress, play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

GRAPHML = "{http://graphml.graphdrawing.org/xmlns}"


def _units():
    return ({"player": "Ann", "units": [{"name": "A1", "custom": True, "might": 1},
                                        {"name": "A4", "custom": True, "might": 4}]},
            {"player": "Bo", "units": [{"name": "D5", "custom": True, "might": 5}]})


def _stated(*showdown, claims=()) -> dict:
    att, dfn = _units()
    doc = {"game": "riftbound", "attacker": att, "defender": dfn, "showdown": list(showdown)}
    if claims:
        doc["claims"] = list(claims)
    return doc


#: Hextech Ray resolves on A4 (3 damage); Ann then plays Long Sword on A4 and Bo answers with Stupefy on A4, which
#: resolves first: A4 (Might 3, 3 damage) dies before Long Sword resolves (listed in the order they resolved)
RAY = {"play": "Hextech Ray", "by": "defender", "target": "A4"}
STUPEFY = {"play": "Stupefy", "by": "defender", "target": "A4"}
SWORD = {"play": "Long Sword", "by": "attacker", "target": "A4"}


def test_quick_draw_equipment_whose_unit_died_enters_play_unattached():
    run, effects = Progress.begin(scenario_from_dict(_stated(RAY, STUPEFY, SWORD)))
    run.extend(effects)
    assert run.loose.get("attacker") == ["Long Sword"]  # in play under Ann, attached to no unit
    sd = run.finish()
    assert [u.name for u in sd.board.attacker] == ["A1"] and sd.board.attacker[0].current_might == 1
    line = next(ln for ln in sd.lines if ln.text.startswith("Ann (attacker) plays Long Sword"))
    assert "enters play attached to no unit, under the attacker" in line.text
    assert "A4 left the battlefield before it resolved" in line.text
    assert {"RB-CARD-11", "RB-CARD-14"} <= set(line.rules)
    assert not sd.unmodelled_json()


def test_quick_draw_equipment_left_unattached_may_be_attached_later():
    angle = {"play": "Angle Shot", "by": "attacker", "target": "A1", "attach": "Long Sword"}
    sd = play_showdown(scenario_from_dict(_stated(RAY, STUPEFY, SWORD, angle)))
    assert sd.board.attacker[0].name == "A1" and sd.board.attacker[0].current_might == 3  # 1 + Long Sword's 2


def test_verify_and_odds_read_the_quick_draw_equipment_whose_unit_died():
    doc = _stated(RAY, STUPEFY, SWORD, claims=[{"id": "a4", "claim": "A4 survives", "expect": False},
                                               {"id": "keep", "claim": "the defender keeps the battlefield",
                                                "expect": True}])
    report = verbs.verify(scenario_from_dict(doc))
    assert [v.verdict for v in report.verdicts] == [False, True]
    board = verbs.odds(scenario_from_dict(doc)).board
    assert [u.name for u in board.attacker] == ["A1"]


def _root_value(path) -> Fraction:
    root = ET.parse(path).getroot()
    keys = {k.get("id"): k.get("attr.name") for k in root.iter(f"{GRAPHML}key")}
    node = next(root.find(f"{GRAPHML}graph").iter(f"{GRAPHML}node"))
    data = {keys[d.get("key")]: d.text for d in node.findall(f"{GRAPHML}data")}
    return Fraction(data["value_0"])


def test_tree_from_hands_visits_the_line_where_the_quick_draw_unit_dies_first(tmp_path):
    """Long Sword in Ann's hand, Hextech Ray and Stupefy in Bo's: the whole game tree is written (every line, the one
    where Stupefy kills Long Sword's unit in response among them) and its root value is the one optimize solves."""
    att, dfn = _units()
    doc = {"game": "riftbound", "attacker": att, "defender": dfn,
           "hand": {"attacker": ["Long Sword"], "defender": ["Hextech Ray", "Stupefy"]}}
    out = tmp_path / "tree.graphml"
    report = verbs.tree(scenario_from_dict(doc), output=str(out))
    assert report.depth is None and report.stats.terminal > 0
    text = out.read_text(encoding="utf-8")
    assert "attacker plays Long Sword on A4" in text and "defender plays Stupefy on A4" in text
    solved = verbs.optimize(scenario_from_dict(doc))
    assert _root_value(out) == solved.solution.value
