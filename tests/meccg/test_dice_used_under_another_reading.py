"""A die the file gives is the file's for every reading ``verify`` decides its claims under: Aragorn II with
Aiglos under Doors of Night against Shagrat, rolls 5 (attacker) and 3 (defender). Under
``aiglos_doors_of_night=ignored`` (the default, MECCG-SEQ-14) 6 + 5 = 11 against 6 + 2 + 3 = 11: a tie
(MECCG-SEQ-10), no body check; under ``applies`` Aragorn II gets Aiglos' bonus: the strike fails and Bob
makes Shagrat's body check (MECCG-BODY-1). So:

* the body-check roll is not refused under the default (another reading rolls it): the replay names it
  as not used under this reading;
* "strike 1 is ineffectual" needs no body roll under ``applies``: FALSE there whatever the body roll, so
  the verdict is decided by the flag, with or without the die;
* a reading under which a claim cannot be read (its die missing) is never summed up as "the same verdict
  under every value"."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import replay, verify
from pycombat.present import readings_lines
from pycombat.verdicts import readings_json, readings_shown

CLAIMS = ["strike 1 is ineffectual", "Shagrat is eliminated in strike 1", "Shagrat survives strike 1"]


def _doc(body: int | None, flag: str | None = None) -> dict:
    rolls = {"attacker": 5, "defender": 3, **({"body": body} if body is not None else {})}
    doc = {"game": "meccg", "in_play": ["Doors of Night"],
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                        "members": [{"name": "Aragorn II", "items": ["Aiglos"]}]},
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat", "rolls": rolls}]},
           "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(CLAIMS)]}
    if flag is not None:
        doc["rules"] = {"aiglos_doors_of_night": flag}
    return doc


def test_a_body_roll_another_reading_uses_is_not_refused():
    rep = replay(scenario_from_dict(_doc(8), file="<t>")).replay
    [(_s, steps, outcome)] = rep.strikes
    assert outcome.result == "tie"
    said = [st.text for st in steps if st.text.startswith("Not used under this reading")]
    assert len(said) == 1 and "body: 8" in said[0] and "aiglos_doors_of_night=applies" in said[0]
    applied = replay(scenario_from_dict(_doc(8, "applies"), file="<t>")).replay
    [(_s, _steps, o)] = applied.strikes
    assert (o.result, o.loser, o.fate) == ("fails", "Shagrat", "eliminated")  # 8 > 9 - 2


def test_a_body_roll_no_reading_uses_is_still_refused():
    doc = _doc(8)
    doc["in_play"] = []  # no Doors of Night: a tie under every reading
    with pytest.raises(ScenarioError) as exc:
        replay(scenario_from_dict(doc, file="<t>"))
    assert exc.value.path == "combat.strikes[0].rolls.body"


@pytest.mark.parametrize("body", [None, 2, 8, 12])
def test_the_strikes_result_is_decided_by_the_flag_whatever_the_body_roll(body):
    [tie, *_rest] = verify(scenario_from_dict(_doc(body), file="<t>")).verdicts
    assert tie.verdict is True
    assert tie.deciding_flags == {"aiglos_doors_of_night": "ignored"}
    [table] = [t for t in tie.readings if t.flag == "aiglos_doors_of_night"]
    assert {r.value: r.verdict for r in table.readings} == {"ignored": True, "applies": False}


def test_the_strikes_result_under_applies_needs_no_body_roll():
    doc = _doc(None, "applies")
    doc["claims"] = doc["claims"][:1]  # (whether Shagrat is eliminated needs the body roll under this reading)
    [tie] = verify(scenario_from_dict(doc, file="<t>")).verdicts
    assert tie.verdict is False
    assert tie.deciding_flags["aiglos_doors_of_night"] == "applies"  # (and hazard_scope: Doors of Night is a hazard)


def test_a_reading_that_cannot_be_read_is_never_the_same_verdict():
    with readings_shown("all"):
        verdicts = verify(scenario_from_dict(_doc(None), file="<t>")).verdicts
    for v in verdicts:
        table = readings_json("meccg", v.readings, v.rules)
        for t in table:
            differs = any(r.get("error") or r["verdict"] != v.verdict for r in t["readings"])
            lines = readings_lines([t])
            assert not (differs and "the same verdict under every value" in lines[0]), lines
    elim = verdicts[1]
    [t] = [t for t in elim.readings if t.flag == "aiglos_doors_of_night"]
    assert t.flips and any(r.error for r in t.readings)
