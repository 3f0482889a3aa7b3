"""A Combat card cancelled before it acts pays no cost of its effect (WOTR-CARDX-4): Daring Defiance
cancelled by Swarm of Bats (both Initiative 0, the defender's first, WOTR-CARD-4) forfeits no Leadership,
and the output says so."""
from __future__ import annotations

from fractions import Fraction

from pycombat.games.wotr.battle.process import Policy
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.cards.battle import card_round_dist
from pycombat.games.wotr.cards.combat_round import round_marginals
from pycombat.games.wotr.schema import scenario_from_dict

BATTLE = {
    "game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
    "attacker": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 3, "leaders": 1}}, "characters": ["Boromir"],
                 "card": "Daring Defiance"},
    "defender": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 3}}, "nazgul": 1,
                 "card": "Swarm of Bats", "retreat_to": []},
    "rules": {"casualty_policy": "regulars_first", "max_rounds": 1}}


def test_cancelled_daring_defiance_keeps_the_companions_leadership():
    s = scenario_from_dict(BATTLE)
    cr, _ = card_round_dist(s, battle_setup(s), s.card_plan, Policy.from_flags(s.flags, "regulars_first"))
    assert cr.cancelled == {"attacker"}
    # Leadership 2 (the Leader and Boromir) re-rolls up to 2 of the 4 dice that missed
    third = Fraction(1, 3)
    rerolled = round_marginals(cr.tallies, "attacker")["rerolled"]
    none, one = third ** 4, 4 * third ** 3 * (1 - third)  # 4 hits: nothing missed; 3 hits: one die missed
    assert rerolled == {0: none, 1: one, 2: 1 - none - one}
    assert ("Daring Defiance: cancelled before it acts, so the attacker forfeits no Leadership for it",
            "WOTR-CARDX-4") in cr.log
