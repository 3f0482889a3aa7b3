"""A round a battle never reaches has no roll: "the attacker hits on 6 in round 2" of a siege battle that
lasts one round (siege_extension=never, WOTR-SIEGE-3) is FALSE, as "the attacker scores at least k hits in
round 2 with probability P" is; and siege_extension is named as the flag that decides both."""
from __future__ import annotations

from pycombat.games.wotr.claims.battle import read, verify
from pycombat.games.wotr.schema import scenario_from_dict


def _siege(extension: str, claims: list | None = None):
    """One Sauron Regular and one Elite besiege one Gondor Regular in Minas Tirith."""
    return scenario_from_dict({
        "game": "wotr", "title": "A small siege", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
        "attacker": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 1, "elites": 1}}},
        "defender": {"region": "Minas Tirith", "besieged": True, "units": {"Gondor": {"regulars": 1}}},
        "battle": {"kind": "siege"}, "rules": {"siege_extension": extension, "casualty_policy": "regulars_first"},
        "claims": claims or [{"id": "h2", "claim": "the attacker hits on 6 in round 2"},
                             {"id": "hit2", "claim": "the attacker scores at least 0 hits in round 2 with probability 1"}]})


def test_both_round_two_claims_are_false_when_round_two_is_never_fought():
    s = _siege("never")
    h2, hit2 = verify(s, read(s))
    assert (h2.verdict, hit2.verdict) == (False, False)
    # the rule that ends a siege battle after one round decides it (WOTR-SIEGE-3), not that a battle has rounds
    assert h2.rules == hit2.rules == ["WOTR-SIEGE-3"] and any("round 2 is never fought" in n for n in h2.notes)
    assert h2.deciding_flags == hit2.deciding_flags == {"siege_extension": "never"}


def test_both_are_true_when_the_siege_may_be_extended():
    s = _siege("extend_if_elite")
    h2, hit2 = verify(s, read(s))
    assert (h2.verdict, hit2.verdict) == (True, True)
    assert "WOTR-SIEGE-3" in h2.rules  # round 2 is fought because the attacker may reduce his Elite
    assert "siege_extension" in h2.deciding_flags and "siege_extension" in hit2.deciding_flags




def test_a_card_for_a_round_a_siege_battle_never_reaches_cites_the_siege_rule():
    """"the defender may play Shield-wall in round 2" of a one-round siege battle: FALSE, on WOTR-SIEGE-3."""
    s = _siege("never", [{"id": "sw", "claim": "the defender may play Shield-wall in round 2"}])
    (v,) = verify(s, read(s))
    assert v.verdict is False and "WOTR-SIEGE-3" in v.rules and "WOTR-ROUND-1" not in v.rules
