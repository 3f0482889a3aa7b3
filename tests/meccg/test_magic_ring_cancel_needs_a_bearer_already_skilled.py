"""The cancels of the Magic Rings of Stealth and Guile ("If the bearer is already a scout, he may tap this item
to cancel a strike", TW-274, LE-319) and of Nature and Savagery ("already a ranger", TW-273, LE-321): the
ring gives its bearer the skill for every other card and rule, but its own cancel asks for the skill he has
without it (MECCG-FX-17: the bearer meets the item's terms), as the +2 of the Rings of Courage and Fury does
(MECCG-FX-3). The one play check decides it for verify, odds, replay and optimize alike."""
from __future__ import annotations

import copy
import json

import pytest

from pycombat.cli import main
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim


def _minion_doc(bearer: str, ring: str, **combat) -> dict:
    """``bearer`` (a minion character) carries ``ring`` and faces Aragorn II's strike."""
    return {"game": "meccg",
            "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
            "defender": {"player": "Jim", "alignment": "minion", "site": "Moria",
                         "members": [{"name": bearer, "items": [ring]}]},
            "combat": {"strikes": [{"defender": bearer, "attacker": "Aragorn II", **combat.pop("strike", {})}],
                       **combat}}


def _hero_doc(bearer: str, ring: str) -> dict:
    """``bearer`` (a hero character) carries ``ring`` and faces Lagduf's strike."""
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                         "members": [{"name": bearer, "items": [ring]}]},
            "combat": {"strikes": [{"defender": bearer, "attacker": "Lagduf"}]}}


def _step6(doc: dict, ring: str, bearer: str):
    claim = Claim(id="c", kind="playable_at_step", text="",
                  args={"card": ring, "step": 6, "defender": bearer})
    return verify(scenario_from_dict(doc, file="<t>"), [claim])[0]


def _cancels(doc: dict, ring: str):
    return verify(scenario_from_dict(doc, file="<t>"), [Claim(id="c", kind="cancels_attack", text="",
                                                              args={"card": ring})])[0]


@pytest.mark.parametrize("doc, ring, bearer, verdict", [
    (_minion_doc("Lagduf", "Magic Ring of Guile"), "Magic Ring of Guile", "Lagduf", False),  # a warrior only
    (_minion_doc("Gorbag", "Magic Ring of Guile"), "Magic Ring of Guile", "Gorbag", True),   # a scout already
    (_hero_doc("Gimli", "Magic Ring of Stealth"), "Magic Ring of Stealth", "Gimli", False),  # warrior, diplomat
    (_hero_doc("Frodo", "Magic Ring of Stealth"), "Magic Ring of Stealth", "Frodo", True),   # a scout already
])
def test_the_strike_cancel_needs_a_bearer_already_a_scout(doc, ring, bearer, verdict):
    v = _step6(doc, ring, bearer)
    assert v.verdict is verdict
    if not verdict:
        assert "MECCG-FX-17" in v.rules


@pytest.mark.parametrize("doc, ring, verdict", [
    (_minion_doc("Mauhúr", "Magic Ring of Savagery"), "Magic Ring of Savagery", False),       # a warrior only
    (_minion_doc("Khamûl the Ringwraith", "Magic Ring of Savagery"), "Magic Ring of Savagery", True),  # a ranger
    (_hero_doc("Boromir II", "Magic Ring of Nature"), "Magic Ring of Nature", False),          # a warrior only
    (_hero_doc("Faramir", "Magic Ring of Nature"), "Magic Ring of Nature", True),              # a ranger already
])
def test_the_attack_cancel_needs_a_bearer_already_a_ranger(doc, ring, verdict):
    v = _cancels(doc, ring)
    assert v.verdict is verdict
    if not verdict:
        assert "MECCG-FX-17" in v.rules


def test_the_ring_still_gives_its_skill_to_every_other_card():
    """Lagduf with the Ring of Guile is a scout for every other rule (the skill is granted), only not for the
    ring's own cancel."""
    s = scenario_from_dict(_minion_doc("Lagduf", "Magic Ring of Guile"), file="<t>")
    assert "Scout" in s.defender.member("Lagduf").skills


def _run(tmp_path, capsys, verb: str, doc: dict, *args: str) -> tuple[int, str, str]:
    p = tmp_path / "s.yaml"
    p.write_text(json.dumps(doc), encoding="utf-8")
    code = main([verb, str(p), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("verb", ["odds", "replay"])
def test_odds_and_replay_refuse_the_guile_cancel_for_a_bearer_who_is_no_scout(tmp_path, capsys, verb):
    doc = _minion_doc("Lagduf", "Magic Ring of Guile", strike={"defender_cards": ["Magic Ring of Guile"]})
    code, _out, err = _run(tmp_path, capsys, verb, doc)
    assert code == 2
    assert "combat.strikes[0].defender_cards" in err and "already a scout" in err and "Lagduf" in err
    assert "Traceback" not in err


def test_odds_refuses_the_savagery_cancel_before_assignment_for_a_bearer_who_is_no_ranger(tmp_path, capsys):
    doc = _minion_doc("Mauhúr", "Magic Ring of Savagery", before_assignment=["Magic Ring of Savagery"])
    code, _out, err = _run(tmp_path, capsys, "odds", doc)
    assert code == 2
    assert "combat.before_assignment" in err and "already a ranger" in err and "Mauhúr" in err


def test_odds_lets_a_scout_use_the_ring_of_guile(tmp_path, capsys):
    doc = _minion_doc("Gorbag", "Magic Ring of Guile", strike={"defender_cards": ["Magic Ring of Guile"]})
    code, out, _err = _run(tmp_path, capsys, "odds", doc, "--json")
    assert code == 0 and "Magic Ring of Guile" in out


def _optimize_value(tmp_path, capsys, doc: dict) -> str:
    doc = copy.deepcopy(doc)
    del doc["combat"]
    code, out, _err = _run(tmp_path, capsys, "optimize", doc, "--json")
    assert code == 0
    return json.loads(out)["value"]


def test_optimize_does_not_play_the_ring_for_a_bearer_who_is_no_scout(tmp_path, capsys):
    """Lagduf's Ring of Guile changes nothing in the game optimize solves; Gorbag's (a scout) does."""
    doc = {"game": "meccg",
           "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Glorfindel II"]},
           "defender": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
           "combat": {"strikes": []}}
    with_ring = copy.deepcopy(doc)
    with_ring["defender"]["members"] = [{"name": "Lagduf", "items": ["Magic Ring of Guile"]}]
    assert _optimize_value(tmp_path, capsys, with_ring) == _optimize_value(tmp_path, capsys, doc)
    scout, scout_ring = copy.deepcopy(doc), copy.deepcopy(doc)
    scout["defender"]["members"] = ["Gorbag"]
    scout_ring["defender"]["members"] = [{"name": "Gorbag", "items": ["Magic Ring of Guile"]}]
    assert _optimize_value(tmp_path, capsys, scout_ring) != _optimize_value(tmp_path, capsys, scout)


def test_card_says_the_granted_skill_does_not_count_for_the_rings_own_cancel(capsys):
    assert main(["card", "Magic Ring of Guile", "--game", "meccg"]) == 0
    out = capsys.readouterr().out
    (line,) = [x for x in out.splitlines() if "gives its bearer the Scout skill" in x]
    assert "but its own terms" in line and "already a Scout" in line
    assert "needs own_skill=Scout" in out
