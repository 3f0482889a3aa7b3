"""Sable Shield (LE-341, MECCG-FX-17): "If a strike against the bearer is successful, he is not
wounded. Instead, make a roll: if this result is greater than 6, discard Sable Shield."

Checked against a brute force over the 36 x 36 rolls written here from the printed numbers
(prowess, body, the tapped -1), not from the strike code: the bearer is never wounded and never
body-checked, the other side's fate is unchanged, and the shield's discard chance is the chance he
loses times 21/36. "A strike against the bearer" covers the attacker's bearer too under
``strike_against=faced`` (the default), only a defending bearer under ``targeted``.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds
from pycombat.verdicts import Claim

ROLLS = [(a + b) for a, b in product(range(1, 7), repeat=2)]  # 36 equally likely 2d6 totals


def _doc(shield_on: str, status: str = "untapped", foe_status: str = "untapped", flags=None):
    """Shagrat (minion, prowess 6, body 9) and Aragorn II (hero, 6/9): one strike."""
    shagrat = {"name": "Shagrat", "status": status, "items": ["Sable Shield"] if shield_on else []}
    minions = {"alignment": "minion", "site": "Moria", "members": [shagrat]}
    heroes = {"alignment": "hero", "site": "Moria", "members": [{"name": "Aragorn II", "status": foe_status}]}
    if shield_on == "attacker":
        doc = {"attacker": minions, "defender": heroes,
               "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat"}]}}
    else:
        doc = {"attacker": heroes, "defender": minions,
               "combat": {"strikes": [{"defender": "Shagrat", "attacker": "Aragorn II"}]}}
    doc["game"] = "meccg"
    if flags:
        doc["rules"] = flags
    return doc


def _brute(shagrat_prowess, aragorn_prowess, aragorn_body, shielded, aragorn_was_wounded=False):
    """P(Shagrat wounded), P(Shagrat loses), P(Aragorn wounded), P(Aragorn eliminated) by counting
    (a body check gets +1 against a character wounded before the strike, MECCG-BODY-1)."""
    n = Fraction(1, 36 * 36)
    sh_wounded = sh_loses = ar_wounded = ar_elim = Fraction(0)
    for rs, ra in product(ROLLS, ROLLS):
        s, a = shagrat_prowess + rs, aragorn_prowess + ra
        if s < a:
            sh_loses += n
            if not shielded:
                sh_wounded += n
        elif a < s:
            ar_wounded += n
            ar_elim += n * Fraction(sum(1 for b in ROLLS if b + aragorn_was_wounded > aragorn_body), 36)
    return sh_wounded, sh_loses, ar_wounded, ar_elim


PROWESS = {"untapped": 0, "tapped": -1, "wounded": -2}


@settings(max_examples=12, deadline=None)
@given(side=st.sampled_from(["attacker", "defender"]), status=st.sampled_from(list(PROWESS)),
       foe_status=st.sampled_from(list(PROWESS)), against=st.sampled_from(["faced", "targeted"]))
def test_the_bearer_is_never_wounded_by_a_strike_he_loses(side, status, foe_status, against):
    rep = odds(scenario_from_dict(_doc(side, status, foe_status, {"strike_against": against}), file="<t>"))
    acts = side == "defender" or against == "faced"
    sh_wounded, sh_loses, ar_wounded, ar_elim = _brute(6 + PROWESS[status], 6 + PROWESS[foe_status], 9,
                                                       shielded=acts, aragorn_was_wounded=foe_status == "wounded")
    fates = rep.odds.fates
    assert fates["Shagrat"].prob(lambda f: f not in ("unhurt", "cancelled")) == sh_wounded
    assert fates["Aragorn II"].prob(lambda f: f not in ("unhurt", "cancelled")) == ar_wounded
    assert rep.eliminated["Aragorn II"] == ar_elim
    if acts:
        assert rep.eliminated["Shagrat"] == 0
        assert rep.items_discarded["Sable Shield"]["p"] == sh_loses * Fraction(21, 36)
        assert rep.items_discarded["Sable Shield"]["bearer"] == "Shagrat"
    else:
        assert rep.items_discarded == {}
    for dist in rep.odds.per_strike:
        assert sum(dist.values()) == 1


def test_without_the_shield_the_bearer_is_wounded():
    """The control: the same strike without the shield wounds Shagrat as often as he loses."""
    rep = odds(scenario_from_dict(_doc(""), file="<t>"))
    sh_wounded, sh_loses, _a, _e = _brute(6, 6, 9, shielded=False)
    assert sh_wounded == sh_loses > 0
    assert rep.odds.fates["Shagrat"].prob(lambda f: f != "unhurt") == sh_wounded


def _claims(doc, *claims):
    s = scenario_from_dict(doc, file="<t>")
    return [r.verdict for r in verify(s, [Claim(id=f"c{i}", kind=k, text="", args=a)
                                          for i, (k, a) in enumerate(claims)])]


@pytest.mark.parametrize("flag, taps", [("yes", True), ("no", False)])
def test_a_lost_strike_neither_wounds_nor_body_checks_and_the_flag_decides_the_tap(flag, taps):
    doc = _doc("defender", flags={"unwounded_loser_taps": flag})
    doc["combat"]["strikes"][0]["rolls"] = {"attacker": [12], "defender": [2]}
    got = _claims(doc, ("strike_result", {"strike": 1, "result": "succeeds"}),
                  ("strike_effect", {"character": "Shagrat", "strike": 1, "effect": "is wounded"}),
                  ("strike_effect", {"character": "Shagrat", "strike": 1, "effect": "is eliminated"}),
                  ("strike_effect", {"character": "Shagrat", "strike": 1, "effect": "taps"}),
                  ("strike_effect", {"character": "Aragorn II", "strike": 1, "effect": "taps"}))
    assert got == [True, False, False, taps, True]
    r = replay(scenario_from_dict(doc, file="<t>"), None)
    (_s, steps, o), = r.strikes
    assert o.result == "succeeds" and o.loser is None and r.kill_mp == (0, 0)
    assert any("Sable Shield: Shagrat is not wounded" in st.text and "MECCG-FX-17" in st.rules for st in steps)
    assert not any(st.text.startswith("Body check") for st in steps)


def test_a_won_strike_is_the_ordinary_one():
    """Shagrat wins: Aragorn is wounded and body-checked as without the shield (MECCG-SEQ-10)."""
    doc = _doc("defender")
    doc["combat"]["strikes"][0]["rolls"] = {"attacker": [2], "defender": [12], "body": 12}
    r = replay(scenario_from_dict(doc, file="<t>"), None)
    (_s, _steps, o), = r.strikes
    assert (o.result, o.loser, o.fate) == ("fails", "Aragorn II", "eliminated")


def test_the_card_lookup_has_nothing_unmodelled():
    from pycombat.games.meccg.cards.lookup import card_report

    (card,) = card_report("Sable Shield")["cards"]
    assert card["unmodelled"] == []
    assert [e["what"] for e in card["effects"]] == ["no_wound"]


def test_the_setups_name_the_shield_only_for_its_bearer():
    setup = combat_odds(scenario_from_dict(_doc("defender"), file="<t>")).setups[0]
    assert setup.defender.unwounded_by == ("Sable Shield", 6)
    assert setup.attacker.unwounded_by is None


def test_the_game_tree_labels_a_lost_strike_without_a_wound():
    """The optimize/tree label of the shielded bearer's lost strike says nobody is wounded and
    cites the rule, never a loser or fate of None."""
    from pycombat.games.meccg.combat.game import CvccGame
    from pycombat.games.meccg.combat.strikes import Outcome

    label = CvccGame.outcome_label(Outcome("succeeds", None, None, 0, 0, 0, 0))
    assert label == "succeeds: nobody wounded (MECCG-FX-17)"
    assert "None" not in label
