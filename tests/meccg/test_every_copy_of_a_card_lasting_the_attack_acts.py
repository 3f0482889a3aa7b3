"""Every copy of a non-unique card that lasts the attack or the turn acts (MECCG-FX-8, MECCG-FX-17): a copy
played in an earlier strike adds to a copy of the same card played in a later one, since neither "cannot be
duplicated". Potion of Prowess (TW-304, "+1 prowess to all characters in the company this turn") gives +1 per
copy discarded, whoever bears it and whichever strike it is used in; the same holds for a card from the hand
(Power Against the Shadow, AS-53, +3 to the company for the attack). Odds, replay and verify read one strike
model, so all agree."""
from __future__ import annotations

from fractions import Fraction as F

from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds, replay, setup_strikes
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim


def _potions(bearers: str, second_strike_cards: int = 1):
    beorn = {"name": "Beorn", "items": ["Potion of Prowess"] * (2 if bearers == "one" else 1)}
    aragorn = "Aragorn II" if bearers == "one" else {"name": "Aragorn II", "items": ["Potion of Prowess"]}
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": [beorn, aragorn]},
           "combat": {"strikes": [
               {"defender": "Beorn", "attacker": "Lagduf", "defender_cards": ["Potion of Prowess"]},
               {"defender": "Aragorn II", "attacker": "Shagrat",
                "defender_cards": ["Potion of Prowess"] * second_strike_cards}]}}
    return scenario_from_dict(doc, file="<t>")


def _prowess_claim(who: str, strike: int, value: int) -> Claim:
    return Claim(id="p", kind="final_prowess", args={"character": who, "strike": strike, "value": value},
                 text="", path="p")


def _potion_count(side) -> int:
    return sum(1 for m in side.prowess_mods if m.what == "Potion of Prowess" and m.amount == 1)


def test_a_second_copy_used_in_a_later_strike_adds_its_bonus():
    s = _potions("two")
    first, second = setup_strikes(s)
    assert first.defender.prowess == 8  # Beorn 7 +1
    assert second.defender.prowess == 8  # Aragorn II 6 +1 (Beorn's copy) +1 (his own)
    assert _potion_count(second.defender) == 2
    assert verify(s, [_prowess_claim("Aragorn II", 2, 8)])[0].verdict is True


def test_the_later_strike_odds_count_both_copies():
    row = combat_odds(_potions("two")).per_strike[1]
    # Aragorn II 8 vs Shagrat 6: brute force over 2d6 x 2d6
    assert row.prob(lambda o: o.result == "fails") == F(287, 432)  # the strike fails: the defender wins
    assert row.prob(lambda o: o.result == "tie") == F(125, 1296)
    assert row.prob(lambda o: o.result == "succeeds") == F(155, 648)


def test_replay_narrates_and_applies_both_copies():
    r = replay(_potions("two"), [7, 7, 2, 7, 7, 2])
    setup, steps, outcome = r.strikes[1]
    assert setup.defender.prowess == 8
    assert _potion_count(setup.defender) == 2
    assert any("Aragorn II 6 +1 (Potion of Prowess" in st.text and st.text.count("Potion of Prowess") == 2
               and "= 8" in st.text for st in steps)
    assert outcome.result == "fails"  # 7 + 8 > 7 + 6


def test_one_bearer_with_two_copies_used_in_two_strikes():
    s = _potions("one")
    assert [st.defender.prowess for st in setup_strikes(s)] == [8, 8]
    assert verify(s, [_prowess_claim("Aragorn II", 2, 8)])[0].verdict is True


def test_a_card_from_the_hand_lasting_the_attack_stacks_with_its_earlier_copy():
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Beorn", "Aragorn II"],
                        "hand": ["Power Against the Shadow", "Power Against the Shadow"]},
           "combat": {"strikes": [
               {"defender": "Beorn", "attacker": "Lagduf", "defender_cards": ["Power Against the Shadow"]},
               {"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": ["Power Against the Shadow"]}]}}
    s = scenario_from_dict(doc, file="<t>")
    assert [st.defender.prowess for st in setup_strikes(s)] == [10, 12]  # 7 +3; 6 +3 +3
    assert verify(s, [_prowess_claim("Aragorn II", 2, 12)])[0].verdict is True
