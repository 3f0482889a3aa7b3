"""Dwar the Ringwraith (LE-52, MECCG-FX-4): "tap (as your Ringwraith, at a Darkhaven): one of your
companies +1 prowess, +1 body until end of turn". Used before the attack, it is stated by the company's
``in_play:`` naming Dwar; it then acts on every member of that company for the whole attack.

Checked against a brute force over the 36 x 36 strike rolls and 36 body-check rolls written here from
the printed numbers (Gorbag 6/9, discarded on a body-check result of 9; Gimli 5/8, +2 against Orcs),
not from the strike code; uses the card does not allow are refused (exit 2, one line, the rule).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards.coverage import unmodelled
from pycombat.games.meccg.cards.lookup import card_report
from pycombat.games.meccg.combat.strikes import setup_strikes
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds

ROLLS = [a + b for a, b in product(range(1, 7), repeat=2)]
STATUS = {"untapped": 0, "tapped": -1, "wounded": -2}


def _doc(used=True, status="untapped", dwar=None, alignment="minion", site="Minas Morgul"):
    """Gorbag attacks Gimli; ``dwar``: Dwar's status when he is in Gorbag's company (None: elsewhere). A company of
    another alignment has one of its own characters instead of Gorbag (MECCG-FX-20)."""
    leader = "Gorbag" if alignment == "minion" else "Beorn"
    members = [leader] + ([{"name": "Dwar the Ringwraith", "status": dwar}] if dwar else [])
    return {"game": "meccg",
            "attacker": {"alignment": alignment, "site": site, "members": members,
                         "in_play": ["Dwar the Ringwraith"] if used else []},
            "defender": {"alignment": "hero", "site": site, "members": [{"name": "Gimli", "status": status}]},
            "combat": {"strikes": [{"attacker": leader, "defender": "Gimli"}]}}


def _brute(used: bool, status: str):
    """(P(Gimli eliminated), P(Gorbag eliminated), P(Gorbag discarded)) by counting."""
    gorbag_p, gorbag_b = 6 + used, 9 + used
    gimli = 5 + 2 + STATUS[status]
    n = Fraction(1, 36 * 36)
    gimli_loses = sum(n for ra, rd in product(ROLLS, ROLLS) if gorbag_p + ra > gimli + rd)
    gorbag_loses = sum(n for ra, rd in product(ROLLS, ROLLS) if gimli + rd > gorbag_p + ra)
    gimli_elim = gimli_loses * Fraction(sum(1 for b in ROLLS if b + (status == "wounded") > 8), 36)
    return (gimli_elim, gorbag_loses * Fraction(sum(1 for b in ROLLS if b > gorbag_b), 36),
            gorbag_loses * Fraction(sum(1 for b in ROLLS if b == gorbag_b), 36))


@settings(max_examples=12, deadline=None)
@given(used=st.booleans(), status=st.sampled_from(list(STATUS)))
def test_odds_match_the_brute_force(used, status):
    s = scenario_from_dict(_doc(used, status), file="<t>")
    (setup,) = setup_strikes(s)
    assert (setup.attacker.prowess, setup.attacker.body) == (6 + used, 9 + used)
    gimli_elim, gorbag_elim, gorbag_disc = _brute(used, status)
    rep = odds(s)
    assert rep.eliminated["Gimli"] == gimli_elim
    assert rep.eliminated["Gorbag"] == gorbag_elim
    assert rep.odds.fates["Gorbag"].prob(lambda f: f == "discarded") == gorbag_disc
    assert unmodelled(s) == []


def test_with_dwar_in_the_company_it_acts_on_every_member():
    s = scenario_from_dict(_doc(dwar="tapped"), file="<t>")
    (setup,) = setup_strikes(s)
    assert (setup.attacker.prowess, setup.attacker.body) == (7, 10)
    assert any("Dwar the Ringwraith (used earlier this turn)" in m.what and m.rule == "MECCG-FX-4"
               for m in setup.attacker.prowess_mods)


@pytest.mark.parametrize("kw, words", [
    ({"dwar": "untapped"}, "taps to use his ability; he is untapped"),
    ({"dwar": "tapped", "site": "Moria"}, "at a Darkhaven; this site is a shadow-hold"),
    ({"alignment": "hero"}, "for a Ringwraith player's company; this one is hero"),
])
def test_a_use_the_card_does_not_allow_is_refused(kw, words):
    with pytest.raises(ScenarioError) as err:
        scenario_from_dict(_doc(**kw), file="<t>")
    text = str(err.value)
    assert words in text and text.endswith("(MECCG-FX-4)") and "attacker.in_play[0]" in text and "\n" not in text


def test_dwar_of_the_other_company_is_not_this_players():
    doc = _doc()
    doc["defender"] = {"alignment": "minion", "site": "Minas Morgul",
                       "members": [{"name": "Dwar the Ringwraith", "status": "tapped"}]}
    doc["combat"]["strikes"][0]["defender"] = "Dwar the Ringwraith"
    with pytest.raises(ScenarioError, match=r"in the other company.*MECCG-FX-4"):
        scenario_from_dict(doc, file="<t>")


def test_dwar_is_modelled_whole():
    (card,) = card_report("Dwar the Ringwraith")["cards"]
    assert card["unmodelled"] == []
    assert card["used_earlier_this_turn"] == [{"what": "prowess", "amount": 1}, {"what": "body", "amount": 1}]
