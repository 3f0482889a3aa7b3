"""RB-CARD-2, RB-CARD-8: a card's "[Level N]" clause (Combat Experience: "[Level 6] Give it +3 Might this turn
instead") reads its player's XP as the side's `xp:` states it, with the one function that reads a unit's [Level N]
abilities (:func:`pycombat.games.riftbound.cards.statics.level_holds`); a `condition:` contradicting the stated XP is
refused naming both (exit 2); not stated, the clause is named NOT MODELLED (and `optimize` names it for a hand's
card), never silently dropped."""
from __future__ import annotations

import json

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.statics import level_holds
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(xp, entry=None, hand=None, might=4):
    side = {"player": "Bo", "units": [{"name": "D5", "custom": True, "might": 5}], **({"xp": xp} if xp is not None
                                                                                       else {})}
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": [{"name": "A", "custom": True, "might": might}]},
           "defender": side}
    if entry is not None:
        doc["showdown"] = [{"play": "Combat Experience", "by": "defender", "target": "D5", **entry}]
    if hand is not None:
        doc["hand"] = {"attacker": [], "defender": hand}
    return doc


def _d5(sd):
    return next(u.current_might for u in sd.board.defender if u.name == "D5")


@pytest.mark.parametrize("xp,might", [(7, 8), (6, 8), (5, 6), (2, 6), (0, 6)])
def test_combat_experience_reads_the_stated_xp(xp, might):
    sd = play_showdown(scenario_from_dict(_doc(xp, {}), file="<t>"))
    assert _d5(sd) == might and not sd.unmodelled_json()
    holds = "holds" if xp >= 6 else "does not hold"
    assert any(f"[Level 6] {holds}: the defender's player has {xp} XP" in ln.text and "RB-CARD-2" in ln.rules
               for ln in sd.lines)


def test_a_condition_contradicting_the_stated_xp_is_refused(tmp_path, capsys):
    with pytest.raises(ScenarioError, match="defender.xp: 2") as e:
        play_showdown(scenario_from_dict(_doc(2, {"condition": True}), file="<t>"))
    assert e.value.path == "showdown[0].condition" and "condition: true" in str(e.value)
    f = tmp_path / "level.yaml"
    f.write_text(yaml.safe_dump({**_doc(2, {"condition": True}), "claims": [{"claim": "D5's might is 8"}]}))
    assert main(["verify", str(f)]) == 2
    err = capsys.readouterr().err
    assert "showdown[0].condition" in err and "defender.xp: 2" in err and "Traceback" not in err
    sd = play_showdown(scenario_from_dict(_doc(7, {"condition": True}), file="<t>"))  # agreeing: accepted
    assert _d5(sd) == 8


def test_the_clause_is_named_when_the_xp_is_not_stated():
    sd = play_showdown(scenario_from_dict(_doc(None, {}), file="<t>"))
    assert _d5(sd) == 6
    (item,) = sd.unmodelled_json()
    assert item["card"] == "Combat Experience" and "Level 6" in item["what"] and "`xp: N`" in item["why"]
    sd = play_showdown(scenario_from_dict(_doc(None, {"condition": True}), file="<t>"))  # stated by the entry
    assert _d5(sd) == 8 and not sd.unmodelled_json()


@pytest.mark.parametrize("cond,xp,got", [("Level 6", 6, True), ("Level 6", 5, False), ("Level 6", None, None),
                                         ("it's [Empowered]", 9, None)])
def test_one_reading_of_level(cond, xp, got):
    assert level_holds(cond, xp) is got


def _optimize(tmp_path, capsys, doc):
    f = tmp_path / "hand.yaml"
    f.write_text(yaml.safe_dump(doc))
    assert main(["optimize", "--json", str(f)]) == 0
    return json.loads(capsys.readouterr().out)


def test_optimize_plays_the_level_clause_with_the_xp_stated(tmp_path, capsys):
    # Bo with 7 XP: Combat Experience makes D5 8 against A 7, D5 survives and kills A
    out = _optimize(tmp_path, capsys, _doc(7, hand=["Combat Experience"], might=7))
    assert out["killed"] == {"by_attacker": [], "by_defender": ["A"]}
    assert not any("Level" in u["what"] for u in out["unmodelled"])
    # with 2 XP it gives +1: D5 6 dies to A 7, as when it passes
    out = _optimize(tmp_path, capsys, _doc(2, hand=["Combat Experience"], might=7))
    assert out["killed"]["by_attacker"] == ["D5"]


def test_optimize_names_the_level_clause_without_the_xp(tmp_path, capsys):
    out = _optimize(tmp_path, capsys, _doc(None, hand=["Combat Experience"], might=7))
    assert [u for u in out["unmodelled"] if u["card"] == "Combat Experience" and "[Level 6]" in u["what"]
            and "`xp: N`" in u["why"]]


def test_card_says_how_the_level_clause_is_read():
    report = card_report("Combat Experience")
    assert any("Level 6" in m["what"] and "`xp:`" in m["how"] for m in report["modelled"])
