"""Biter and Beater! (AS-46, MECCG-FX-21): "+2 additional prowess" from Sword of Gondolin, Orcrist or
Glamdring for the rest of the attack, and -1 to the body of the strikes their bearers face, when facing
an Orc attack or in combat with an overt company (MECCG-ALIGN-6).

Checked against a brute force over the 36 x 36 strike rolls and the 36 body-check rolls, written here
from the printed numbers (characters.json, items.json) and the maximum formula of CoE 3.V.vii, not from
the strike code. Whether the weapon's maximum rises with the +2 is the card flag
``biter_and_beater_max``: ``kept`` (default) caps the raised bonus at the printed maximum, ``raised``
lifts the maximum by 2 as well.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards.coverage import present_card_flags
from pycombat.games.meccg.cards.lookup import card_report
from pycombat.games.meccg.combat.strikes import setup_strikes
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds

ROLLS = [a + b for a, b in product(range(1, 7), repeat=2)]  # 36 equally likely 2d6 totals
#: printed numbers against an Orc: (character, prowess, his own +N against Orcs, weapon, bonus, maximum)
BEARERS = {"Thorin II": (5, 3, "Orcrist", 4, 10), "Gandalf": (6, 0, "Glamdring", 3, 9),
           "Glorfindel II": (8, 0, "Sword of Gondolin", 2, 8)}
GORBAG = (6, 9)  # prowess, body; discarded on a body-check result equal to his body (LE-11)
STATUS = {"untapped": 0, "tapped": -1, "wounded": -2}


def _doc(bearer: str, status: str = "untapped", flag: str = "kept", attacker: str = "Gorbag", card=True):
    weapon = BEARERS[bearer][2]
    doc = {"game": "meccg", "rules": {"biter_and_beater_max": flag},
           "attacker": {"alignment": "minion", "site": "Moria", "members": [attacker]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": bearer, "status": status, "items": [weapon]}]},
           "combat": {"strikes": [{"attacker": attacker, "defender": bearer,
                                   **({"defender_cards": ["Biter and Beater!"]} if card else {})}]}}
    return doc


def _capped(before: int, bonus: int, maximum: int) -> int:
    """CoE 3.V.vii: a weapon never lifts prowess past its maximum and never lowers it."""
    return max(0, min(bonus, maximum - before))


def _prowess(bearer: str, status: str, flag: str, card: bool) -> int:
    base, vs_orc, _w, bonus, maximum = BEARERS[bearer]
    if card:
        bonus, maximum = bonus + 2, maximum + (2 if flag == "raised" else 0)
    return base + _capped(base, bonus, maximum) + STATUS[status] + vs_orc


def _brute(prowess: int, card: bool) -> tuple[Fraction, Fraction]:
    """(P(the bearer wins), P(Gorbag eliminated)) by counting: Gorbag's body lowered by 1 with the card,
    his discard number with it (MECCG-BODY-2); eliminated only on a body-check roll above his body."""
    body = GORBAG[1] - (1 if card else 0)
    wins = sum(Fraction(1, 36 * 36) for ra, rd in product(ROLLS, ROLLS) if prowess + rd > GORBAG[0] + ra)
    return wins, wins * Fraction(sum(1 for b in ROLLS if b > body), 36)


@settings(max_examples=20, deadline=None)
@given(bearer=st.sampled_from(sorted(BEARERS)), status=st.sampled_from(list(STATUS)),
       flag=st.sampled_from(["kept", "raised"]), card=st.booleans())
def test_odds_match_the_brute_force(bearer, status, flag, card):
    s = scenario_from_dict(_doc(bearer, status, flag, card=card), file="<t>")
    want = _prowess(bearer, status, flag, card)
    (setup,) = setup_strikes(s)
    assert setup.defender.prowess == want
    assert setup.attacker.body == GORBAG[1] - (1 if card else 0)
    rep = odds(s)
    wins, elim = _brute(want, card)
    assert rep.odds.fates["Gorbag"].prob(lambda f: f not in ("unhurt", "cancelled")) == wins
    assert rep.eliminated["Gorbag"] == elim
    assert sum(rep.odds.per_strike[0].values()) == 1


def test_the_flag_matters_only_where_the_maximum_holds_the_bonus_back():
    """Thorin at 9 with Orcrist (max 10): kept gives +1 of the +2, raised all of it; Glorfindel untapped
    (8 + 2 = 10, max 8) gets nothing from Sword of Gondolin under kept and +2 under raised."""
    for bearer, kept, raised in (("Thorin II", 13, 14), ("Glorfindel II", 8, 10)):
        got = {f: setup_strikes(scenario_from_dict(_doc(bearer, flag=f), file="<t>"))[0].defender.prowess
               for f in ("kept", "raised")}
        assert got == {"kept": kept, "raised": raised}


def test_it_lasts_the_attack_for_every_bearer_of_the_three_weapons():
    """Played on Thorin's strike, it acts on Gandalf's later strike too (Glamdring: 6 + 3 = 9 = max 9
    against Orcs: +0 more under kept, +2 under raised), and lowers Shagrat's body there."""
    for flag, gandalf in (("kept", 9), ("raised", 11)):
        doc = {"game": "meccg", "rules": {"biter_and_beater_max": flag},
               "attacker": {"alignment": "minion", "site": "Moria", "members": ["Gorbag", "Shagrat"]},
               "defender": {"alignment": "hero", "site": "Moria",
                            "members": [{"name": "Thorin II", "items": ["Orcrist"]},
                                        {"name": "Gandalf", "items": ["Glamdring"]}]},
               "combat": {"strikes": [{"attacker": "Gorbag", "defender": "Thorin II",
                                       "defender_cards": ["Biter and Beater!"]},
                                      {"attacker": "Shagrat", "defender": "Gandalf"}]}}
        first, second = setup_strikes(scenario_from_dict(doc, file="<t>"))
        assert second.defender.prowess == gandalf and second.attacker.body == 8
        assert any("Biter and Beater!" in m.what for m in second.defender.prowess_mods)


def test_a_covert_company_that_is_no_orc_attack_is_refused():
    """Luitprand (a Man) makes no overt company and no Orc attack: the play is refused with its rule."""
    with pytest.raises(ScenarioError) as err:
        setup_strikes(scenario_from_dict(_doc("Thorin II", attacker="Luitprand"), file="<t>"))
    assert "opponent_overt" in str(err.value) and "MECCG-FX-21" in str(err.value)


def test_a_bearer_without_the_weapons_is_refused():
    doc = _doc("Thorin II")
    doc["defender"]["members"][0]["items"] = ["Dagger of Westernesse"]
    with pytest.raises(ScenarioError, match="carries"):
        setup_strikes(scenario_from_dict(doc, file="<t>"))


def test_the_card_is_modelled_whole_and_names_its_flag():
    (card,) = card_report("Biter and Beater!")["cards"]
    assert card["unmodelled"] == [] and card["lasts"] == "attack"
    assert [e.get("flag") for e in card["effects"]] == ["biter_and_beater_max", None]
    assert "biter_and_beater_max" in present_card_flags(scenario_from_dict(_doc("Thorin II"), file="<t>"))
