"""A strike's result, as ``verify`` judges it and ``replay`` narrates it, rests on what decides it:

* the prowess modifications without which the claim on the result would be judged otherwise are cited (a race
  bonus MECCG-FX-4, support MECCG-SEQ-6, an item MECCG-FX-3, a weapon's maximum MECCG-FX-2 under
  ``weapon_max_order=cap_total``), each taken away where it acts (:func:`pycombat.in_force.removed`), and no other;
* a part the model does not interpret that cannot change the verdict under any reading of it (Fellowship's end
  when a member leaves the company: its +1 kept, or taken from any later strike on) leaves the claim decided, the
  part named as set aside (MECCG-FX-10); one that can change it leaves it NOT DECIDED;
* replay says a hazard that modifies attacks gives nothing (MECCG-STRUCT-8) only on a strike it could modify: Rank
  upon Rank, a card for Man attacks, on the Horseman in the Night's strike, not on a Troll's or an Orc's."""
from __future__ import annotations

import pytest

from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import replay, verify
from pycombat.in_force import removed

# Gimli 5 +3 (Glamdring against an Orc, max 9) +2 (against Orcs) +1 (Frodo's support) = 11, + 4 = 15; Lagduf
# 5 + 9 = 14: the strike fails. Without the +2: 13, it succeeds; without the support: 14, ineffectual; without
# Glamdring's bonus: 12. Under cap_total Glamdring lifts the total to 9 at most: 9 + 4 = 13, it succeeds.
GIMLI = {"game": "meccg",
         "attacker": {"alignment": "minion", "site": "The Wind Throne", "members": ["Lagduf", "Shagrat"]},
         "defender": {"alignment": "hero", "site": "The Wind Throne",
                      "members": [{"name": "Gimli", "items": ["Glamdring"]}, "Éomer", "Frodo"]},
         "combat": {"strikes": [
             {"defender": "Gimli", "attacker": "Lagduf", "support": ["Frodo"],
              "rolls": {"attacker": 9, "defender": 4, "body": 7}},
             {"defender": "Éomer", "attacker": "Shagrat", "rolls": {"attacker": 4, "defender": 4, "body": 9}}]},
         "claims": [{"id": "fails", "claim": "strike 1 fails"},
                    {"id": "tie", "claim": "strike 1 is ineffectual"},
                    {"id": "s2", "claim": "strike 2 succeeds"}]}


def _verdicts(doc, **flags):
    s = scenario_from_dict(doc, file="<t>", flag_overrides=flags or None)
    return {v.claim.id: v for v in verify(s).verdicts}


def test_a_strike_result_cites_the_modifications_that_decide_it():
    got = _verdicts(GIMLI)
    assert got["fails"].verdict is True
    assert got["fails"].rules == ["MECCG-SEQ-9", "MECCG-SEQ-10", "MECCG-FX-3", "MECCG-SEQ-6", "MECCG-FX-4"]
    # 13 or 14 against 14 is never a tie but without the support: only it is cited
    assert got["tie"].verdict is False and got["tie"].rules == ["MECCG-SEQ-9", "MECCG-SEQ-10", "MECCG-SEQ-6"]
    # Shagrat 6 against Éomer 3: no modification at all
    assert got["s2"].verdict is True and got["s2"].rules == ["MECCG-SEQ-9", "MECCG-SEQ-10"]


def test_under_cap_total_the_weapon_maximum_decides_it():
    got = _verdicts(GIMLI, weapon_max_order="cap_total")
    assert got["fails"].verdict is False
    assert got["fails"].rules == ["MECCG-SEQ-9", "MECCG-SEQ-10", "MECCG-FX-2"]


@pytest.mark.parametrize("rule", ["MECCG-FX-3", "MECCG-SEQ-6", "MECCG-FX-4"])
def test_each_cited_modification_taken_away_changes_the_verdict(rule):
    s = scenario_from_dict({**GIMLI, "claims": GIMLI["claims"][:1]}, file="<t>")
    with removed(rule):
        assert verify(s).verdicts[0].verdict is False


# Fellowship (four members): Frodo is eliminated in strike 1, so the company has three in strike 2, whose +1 the
# model still gives Éomer: 3 + 1 + 8 = 12 against Lagduf's 5 + 7 = 12, ineffectual; without it 11, it succeeds.
# "fails" is false under both readings; "is ineffectual" holds under one only.
FELLOWSHIP = {"game": "meccg",
              "attacker": {"alignment": "minion", "site": "The Wind Throne", "members": ["Shagrat", "Lagduf"]},
              "defender": {"alignment": "hero", "site": "The Wind Throne", "in_play": ["Fellowship"],
                           "members": ["Aragorn II", "Éomer", "Frodo", "Gimli"]},
              "combat": {"strikes": [
                  {"defender": "Frodo", "attacker": "Shagrat", "rolls": {"attacker": 12, "defender": 2, "body": 12}},
                  {"defender": "Éomer", "attacker": "Lagduf", "rolls": {"attacker": 7, "defender": 8}}]},
              "claims": [{"id": "fails", "claim": "strike 2 fails"},
                         {"id": "tie", "claim": "strike 2 is ineffectual"},
                         {"id": "not-tie", "claim": "strike 2 is not ineffectual"},
                         {"id": "p2", "claim": "the final prowess of Éomer in strike 2 is 4"},
                         {"id": "p1", "claim": "the final prowess of Frodo in strike 1 is 2"}]}


def test_a_clause_that_cannot_change_the_verdict_is_set_aside():
    got = _verdicts(FELLOWSHIP)
    assert got["fails"].verdict is False and got["fails"].decided
    assert any(n.startswith("not modelled, and unable to change this verdict: Fellowship: its end")
               for n in got["fails"].notes)
    for cid in ("tie", "not-tie", "p2"):  # the +1 in strike 2 decides these: open
        assert got[cid].verdict is None and not got[cid].decided, cid
    assert got["p1"].verdict is True  # strike 1 sees the company whole


def test_replay_cites_the_hazard_rule_only_where_the_hazard_could_act():
    s = scenario_from_dict(WIND, file="<t>")
    prowess = {st_.index: step for st_, steps, _o in replay(s).replay.strikes for step in steps
               if step.text.startswith("Prowess:")}
    by = {st_.index: st_.attacker.member.name for st_, _steps, _o in replay(s).replay.strikes}
    for index, step in prowess.items():
        man = by[index] == "Horseman in the Night"  # a Man; the others are a Troll and Orcs
        assert ("Rank upon Rank gives nothing" in step.text) == man, step.text
        assert ("MECCG-STRUCT-8" in step.rules) == man, step.rules


# The strikes of the seed's Wind Throne combat that are rolled, Rank upon Rank in play (a hazard for Man attacks)
WIND = {"game": "meccg",
        "attacker": {"alignment": "minion", "site": "The Wind Throne",
                     "members": ["Old Troll", "Shagrat", "Horseman in the Night"]},
        "defender": {"alignment": "hero", "site": "The Wind Throne", "members": ["Gimli", "Aragorn II", "Éomer"]},
        "in_play": ["Rank upon Rank"],
        "combat": {"strikes": [
            {"defender": "Gimli", "attacker": "Old Troll", "rolls": {"attacker": 7, "defender": 7}},
            {"defender": "Aragorn II", "attacker": "Shagrat", "rolls": {"attacker": 7, "defender": 7}},
            {"defender": "Éomer", "attacker": "Horseman in the Night", "rolls": {"attacker": 7, "defender": 7}}]}}
