"""A round a battle never reaches has no roll: "the attacker hits on 6 in round 2" of a siege battle that
lasts one round (siege_extension=never, WOTR-SIEGE-3) is FALSE, as "the attacker scores at least k hits in
round 2 with probability P" is; and siege_extension is named as the flag that decides both."""
from __future__ import annotations

from pycombat.games.wotr.claims.battle import read, verify
from pycombat.games.wotr.schema import scenario_from_dict


def _siege(extension: str):
    """One Sauron Regular and one Elite besiege one Gondor Regular in Minas Tirith."""
    return scenario_from_dict({
        "game": "wotr", "title": "A small siege", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
        "attacker": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 1, "elites": 1}}},
        "defender": {"region": "Minas Tirith", "besieged": True, "units": {"Gondor": {"regulars": 1}}},
        "battle": {"kind": "siege"}, "rules": {"siege_extension": extension, "casualty_policy": "regulars_first"},
        "claims": [{"id": "h2", "claim": "the attacker hits on 6 in round 2"},
                   {"id": "hit2", "claim": "the attacker scores at least 0 hits in round 2 with probability 1"}]})


def test_both_round_two_claims_are_false_when_round_two_is_never_fought():
    s = _siege("never")
    h2, hit2 = verify(s, read(s))
    assert (h2.verdict, hit2.verdict) == (False, False)
    assert h2.rules == ["WOTR-ROUND-1"] and any("round 2 is never fought" in n for n in h2.notes)
    assert h2.deciding_flags == hit2.deciding_flags == {"siege_extension": "never"}


def test_both_are_true_when_the_siege_may_be_extended():
    s = _siege("extend_if_elite")
    h2, hit2 = verify(s, read(s))
    assert (h2.verdict, hit2.verdict) == (True, True)
    assert "siege_extension" in h2.deciding_flags and "siege_extension" in hit2.deciding_flags
