"""Cancels on a roll (MECCG-FX-16): the chance against a brute force over the 36 rolls of two dice,
read from the raw data (combat_cards.json ``effects[].roll``, characters.json direct influence and
mind), and the chance node it makes in every verb: ``verify`` (the verdict's chance), ``odds`` (a
mixture with the attack not cancelled), ``optimize``/``tree`` (a chance node at the root) and
``replay`` (the first roll)."""
from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import rolls
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.game import CvccGame
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "meccg" / "data"
CHARS = {r["name"]: r for r in json.loads((DATA / "characters.json").read_text())["records"] if r["alignment"] == "hero"}
CARDS = {r["name"]: r for r in json.loads((DATA / "combat_cards.json").read_text())["records"]}
ROLL_CARDS = {"Crept Along Carefully": "BA-29", "Trickery": "TD-159", "Flatter a Foe": "TD-116"}
HEROES = ["Aragorn II", "Frodo", "Gimli", "Sam Gamgee", "Faramir", "Beorn", "Bilbo", "Legolas", "Elrond", "Bard Bowman"]
SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _doc(heroes, followers=(), before=(), strikes=None, attackers=("Lagduf", "Shagrat"), **combat):
    members = [{"name": h, **({"follower_of": followers[h]} if h in dict(followers) else {})} for h in heroes]
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": list(attackers)},
           "defender": {"alignment": "hero", "site": "Moria", "members": members}}
    if strikes is not None:
        doc["combat"] = {"strikes": strikes, "before_assignment": list(before), **combat}
    return doc


def _brute(card: str, heroes, followers, roller) -> Fraction:
    """The chance from the raw record, over the 36 rolls, for one roller."""
    rec = next(e for e in CARDS[card]["effects"] if e["effect"] == "cancel_attack")["roll"]
    adds_text = rec.get("adds", "")
    bonus = 0
    if "rangers" in adds_text:
        bonus += sum("Ranger" in CHARS[h]["skills"] for h in heroes)
    if "unused direct influence" in adds_text:
        spent = sum(CHARS[f]["mind"] for f, lord in dict(followers).items() if lord == roller)
        bonus += CHARS[roller]["direct_influence"] - spent
        if "+2 if diplomat" in adds_text and "Diplomat" in CHARS[roller]["skills"]:
            bonus += 2
    gt = rec["greater_than"]
    gt = gt if isinstance(gt, int) else gt["Orc"]  # the attackers here are Orcs
    wins = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b + bonus > gt)
    return Fraction(wins, 36)


@st.composite
def companies(draw):
    heroes = draw(st.lists(st.sampled_from(HEROES), min_size=1, max_size=4, unique=True))
    followers = {}
    for h in heroes[1:]:
        if draw(st.booleans()):
            followers[h] = draw(st.sampled_from([x for x in heroes if x != h]))
    followers = {f: lord for f, lord in followers.items() if lord not in followers}  # one level of followers
    return heroes, followers


@SETTINGS
@given(companies(), st.sampled_from(sorted(ROLL_CARDS)))
@example((["Gimli", "Aragorn II", "Sam Gamgee"], {"Sam Gamgee": "Aragorn II"}), "Flatter a Foe")
def test_the_chance_is_the_brute_force_over_36_rolls(company, card):
    """MECCG-FX-16: each roller's chance, and the best roller chosen when none is named."""
    heroes, followers = company
    s = scenario_from_dict(_doc(heroes, followers), file="<random>")
    cid = ROLL_CARDS[card]
    if card == "Flatter a Foe":  # a member rolls: each one named, and the best when none is
        each = {h: _brute(card, heroes, followers, h) for h in heroes}
        for h in heroes:
            assert rolls.cancel_roll(s, cid, roller=h).chance == each[h], h
        best = rolls.cancel_roll(s, cid)
        assert best.chance == max(each.values())
        assert best.roller == next(h for h in heroes if each[h] == best.chance)
    else:
        assert rolls.cancel_roll(s, cid).chance == _brute(card, heroes, followers, None)


def _verdict(s, kind="cancels_attack", **args):
    c = Claim(id="c", kind=kind, args=args, text="", path="claims[0]")
    return verify(s, [c])[0]


@SETTINGS
@given(companies(), st.sampled_from(sorted(ROLL_CARDS)))
def test_verify_odds_and_optimize_agree_on_the_cancel(company, card):
    """The verdict's chance is odds' chance that the attack is cancelled; odds is the mixture of
    "cancelled" (nothing rolled, no kill MP) and the same combat without the card; optimize's value is
    the value without the card times the chance the attack goes on (a cancelled attack scores 0)."""
    heroes, followers = company
    strikes = [{"defender": heroes[0], "attacker": "Lagduf"}]
    attackers = ("Lagduf",)
    plain = scenario_from_dict(_doc(heroes, followers, strikes=strikes, attackers=attackers), file="<t>")
    v = _verdict(plain, card=card)
    try:
        s = scenario_from_dict(_doc(heroes, followers, before=[card], strikes=strikes, attackers=attackers), file="<t>")
        odds = combat_odds(s)
    except ScenarioError as exc:  # refused by the one play check: verify refuses it with the same rule
        assert v.verdict is False and any(r in str(exc) for r in v.rules), (str(exc), v.rules)
        event("refused by the play check")
        return
    assert v.verdict is (odds.cancel.chance > 0)
    p = odds.cancel.chance
    event(f"{card}: chance {'0' if p == 0 else '1' if p == 1 else 'between'}")
    assert Fraction(v.roll["chance"]["exact"]) == p
    base = combat_odds(plain)
    assert sum(odds.kill_mp.values()) == 1
    for k in set(base.kill_mp) | set(odds.kill_mp):
        assert odds.kill_mp[k] == (p if k == (0, 0) else 0) + (1 - p) * base.kill_mp[k]
    for name, dist in odds.fates.items():
        assert dist["cancelled"] == p and sum(dist.values()) == 1
    obj = objective_from(None, None, s)
    with_card = solve_combat(s, obj, max_nodes=100_000)
    without = solve_combat(plain, obj, max_nodes=100_000)
    assert with_card.value == (1 - p) * without.value


def test_replay_rolls_the_cancel_first():
    strikes = [{"defender": "Aragorn II", "attacker": "Lagduf", "rolls": {"attacker": 7, "defender": 8, "body": 6}}]
    doc = _doc(["Aragorn II", "Faramir"], before=["Crept Along Carefully"], strikes=strikes, attackers=("Lagduf",))
    # two rangers: 2d6 + 2 > 7 needs 6 or more
    doc["combat"]["cancel_roll"] = 6
    with pytest.raises(ScenarioError, match="strike 1 needs no attacker roll: the attack is cancelled"):
        replay(scenario_from_dict(doc, file="<t>"))  # no strike is made: its dice are refused (MECCG-PRE-1)
    rolled = doc["combat"]["strikes"][0].pop("rolls")
    r = replay(scenario_from_dict(doc, file="<t>"))
    assert r.strikes == [] and "= 8 > 7: the attack is cancelled" in r.preamble[-1].text
    assert r.preamble[-1].rules == ("MECCG-PRE-1", "MECCG-FX-16")
    doc["combat"]["strikes"][0]["rolls"] = rolled
    doc["combat"]["cancel_roll"] = 5
    r = replay(scenario_from_dict(doc, file="<t>"))
    assert len(r.strikes) == 1 and "= 7, not more than 7: the attack goes on" in r.preamble[-1].text
    del doc["combat"]["cancel_roll"]
    with pytest.raises(ScenarioError, match="cancel_roll"):
        replay(scenario_from_dict(doc, file="<t>"))
    r = replay(scenario_from_dict(doc, file="<t>"), [9])  # --rolls: the cancel's roll comes first
    assert r.strikes == []
    with pytest.raises(ScenarioError, match="--rolls gives 2 rolls but the combat uses 1"):
        replay(scenario_from_dict(doc, file="<t>"), [9, 4])


def test_a_certain_cancel_is_a_chance_of_one():
    doc = _doc(["Gandalf", "Aragorn II"], before=["Concealment"], strikes=[{"defender": "Aragorn II", "attacker": "Lagduf"}],
               attackers=("Lagduf",))
    s = scenario_from_dict(doc, file="<t>")
    odds = combat_odds(s)
    assert odds.cancel.chance == 1 and odds.cancel.roll is None
    assert dict(odds.kill_mp.items()) == {(0, 0): 1}
    game = CvccGame(s)
    root = game.new_initial_state()
    assert root.stage == "cancel" and root.chance_outcomes() == [("the attack is cancelled", 1)]
    assert root.child("the attack is cancelled").is_terminal()


def test_a_mixed_company_has_no_single_number():
    """Flatter a Foe gives Men 11 and Orcs 12: against both, its chance is not decided."""
    doc = _doc(["Gimli"], attackers=("Lagduf", "Horseman in the Night"))
    s = scenario_from_dict(doc, file="<t>")
    got = rolls.cancel_roll(s, "TD-116")
    assert got.chance is None and "no single number" in got.why
    v = _verdict(s, card="Flatter a Foe")
    assert v.verdict is None and v.unmodelled and "MECCG-FX-16" in v.rules
    doc = _doc(["Gimli"], before=["Flatter a Foe"], strikes=[{"defender": "Gimli", "attacker": "Lagduf"}],
               attackers=("Lagduf", "Horseman in the Night"))
    with pytest.raises(ScenarioError, match="no single number"):
        combat_odds(scenario_from_dict(doc, file="<t>"))


def test_a_named_roller_must_qualify_and_followers_must_be_members():
    s = scenario_from_dict(_doc(["Gimli", "Aragorn II"]), file="<t>")
    with pytest.raises(ScenarioError, match="may not make Token of Goodwill's roll: it needs a diplomat"):
        rolls.cancel_roll(s, "DM-160", roller="Aragorn II")
    with pytest.raises(ScenarioError, match="follower_of"):
        scenario_from_dict(_doc(["Gimli"], followers={"Gimli": "Gimli"}), file="<t>")
    with pytest.raises(ScenarioError, match="not another member"):
        scenario_from_dict(_doc(["Gimli", "Frodo"], followers={"Frodo": "Sam Gamgee"}), file="<t>")


@pytest.mark.parametrize("status", ["tapped"])
def test_a_strike_card_on_a_roll_mixes_the_strike_both_ways(status):
    """The Ring Leaves Its Mark (LE-223) untaps "your tapped Ringwraith" only on 2d6 > 6 (7/12): the strike is
    7/12 of it untapped (no -1) and 5/12 of it as it was; optimize's tree takes the same mixture. (An untapped
    or wounded Ringwraith is no target: tests/meccg/test_untap_cards_need_a_tapped_character.py.)"""
    def doc(khamul_status, cards):
        return {"game": "meccg",
                "attacker": {"alignment": "minion", "site": "Moria",
                             "members": [{"name": "Khamûl the Ringwraith", "status": khamul_status}]},
                "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
                "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Khamûl the Ringwraith",
                                        "attacker_cards": cards}]}}
    played = combat_odds(scenario_from_dict(doc(status, ["The Ring Leaves Its Mark"]), file="<t>")).per_strike[0]
    as_was = combat_odds(scenario_from_dict(doc(status, []), file="<t>")).per_strike[0]
    untapped = combat_odds(scenario_from_dict(doc("untapped" if status == "tapped" else status, []),
                                              file="<t>")).per_strike[0]
    p = Fraction(7, 12)
    for o in set(played) | set(as_was) | set(untapped):
        assert played[o] == p * untapped[o] + (1 - p) * as_was[o], o
    # optimize with the card in the attacker's hand: he plays it or not, whichever is worse for the defender
    s = scenario_from_dict({**doc(status, []), "attacker": {**doc(status, [])["attacker"],
                                                          "hand": ["The Ring Leaves Its Mark"]}}, file="<t>")
    game = CvccGame(s)

    def worth(dist):
        return sum((p * game.reward(o)[0] for o, p in dist.items()), Fraction(0))
    assert solve_combat(s, objective_from(None, None, s), max_nodes=10_000).value == min(worth(played), worth(as_was))


def test_replay_rolls_a_strike_card_before_the_strike():
    strike = {"defender": "Aragorn II", "attacker": "Khamûl the Ringwraith", "attacker_cards": ["The Ring Leaves Its Mark"],
              "rolls": {"attacker": 7, "defender": 8, "body": 6, "cards": 6}}
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": [{"name": "Khamûl the Ringwraith", "status": "tapped"}]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
           "combat": {"strikes": [strike]}}
    r = replay(scenario_from_dict(doc, file="<t>"))
    texts = [st.text for st in r.strikes[0][1]]
    assert any("rolls 6: not more than 6, no effect" in t for t in texts)
    assert any("Khamûl the Ringwraith 9 -1 (tapped" in t for t in texts), texts
    strike["rolls"]["cards"] = 7
    texts = [st.text for st in replay(scenario_from_dict(doc, file="<t>")).strikes[0][1]]
    assert any("rolls 7: more than 6, it acts" in t for t in texts)
    assert any("Khamûl the Ringwraith 9 = 9" in t for t in texts), texts
    assert any("the strike succeeds; Khamûl the Ringwraith taps" in t for t in texts), texts  # untapped, he taps


def test_a_cancel_nobody_may_roll_for_is_refused():
    """Token of Goodwill's roll is a diplomat's: without one the combat refuses the play (MECCG-FX-16)
    and verify never calls it a cancel; replay does not roll it."""
    doc = _doc(["Aragorn II", "Faramir"], before=["Token of Goodwill"], attackers=("Lagduf",),
               strikes=[{"defender": "Aragorn II", "attacker": "Lagduf"}])
    doc["defender"]["members"][0]["items"] = ["Dagger of Westernesse"]  # a minor item to discard (MECCG-FX-15)
    doc["attacker"]["members"] = ["Horseman in the Night"]
    doc["combat"]["strikes"][0]["attacker"] = "Horseman in the Night"
    s = scenario_from_dict(doc, file="<t>")
    r = rolls.cancel_roll(s, "DM-160")
    assert r.chance == 0 and "needs a diplomat" in r.why
    for verb in (combat_odds, replay):
        with pytest.raises(ScenarioError, match="no member of the defender's company may make it.*MECCG-FX-16"):
            verb(s)
    assert _verdict(s, card="Token of Goodwill").verdict is not True
