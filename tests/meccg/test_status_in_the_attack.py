"""A character's status as it stands at each step of each strike is what every check reads (MECCG-SEQ-1):
-3 not to tap (MECCG-SEQ-4/5) and a card's terms (MECCG-FX-1, MECCG-FX-17, MECCG-FX-23, MECCG-FX-24),
in replay and odds (the ``combat:`` block) and in verify (a claim about a play in a strike of that block).

* a member who tapped to pay a cost in strike 1 is tapped in strike 2: no -3, no Magic Ring of Stealth
  (an untapped scout), but Healing Herbs (a tapped or wounded character) may be played for him;
* a card played at step 6 comes after step 4: it does not let a tapped or wounded defender take -3;
  an untap card the attacker plays at step 1 precedes step 3 and does;
* a member struck earlier is tapped (or wounded): Scourge of Fire (The Balrog untapped), Lore of the Ages
  (its bearer untapped) and an ally's ability are refused after it, by verify as by odds;
* cards at one step act in the order listed: Strange Rations untaps Shagrat, then Under His Blow
  (an untapped character) may follow.
"""
from __future__ import annotations

import copy

import pytest

import pycombat
from pycombat.errors import ScenarioError


def _doc(attacker, defender, strikes, claims=(), a_extra=None, d_extra=None):
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": attacker,
                        **(a_extra or {})},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": defender,
                        **(d_extra or {})},
           "combat": {"strikes": strikes}}
    if claims:
        doc["claims"] = [{"claim": c} for c in claims]
    return doc


def _refused(doc, verb="odds"):
    with pytest.raises(ScenarioError) as e:
        pycombat.load(copy.deepcopy(doc)).run(verb)
    return str(e.value)


def _verdicts(doc):
    got = pycombat.load(copy.deepcopy(doc)).run("verify").to_json()["claims"]
    return [(c["verdict"], [r["rule"] for r in c["reasons"]]) for c in got]


NWTW = {"defender": "Sam Gamgee", "attacker": "Lagduf", "defender_cards": ["No Waiting to Wonder"],
        "payers": ["Frodo"]}


def _payer(frodo_items, strike2, claims=()):
    return _doc(["Shagrat", "Lagduf"], ["Sam Gamgee", {"name": "Frodo", "items": frodo_items}],
                [dict(NWTW), strike2], claims)


def test_a_payer_tapped_in_strike_1_may_not_take_minus_3_in_strike_2():
    doc = _payer(["Magic Ring of Stealth"], {"defender": "Frodo", "attacker": "Shagrat", "defender_untapped": True})
    for verb in ("odds", "replay"):
        words = _refused(doc, verb)
        assert "combat.strikes[1].defender_untapped" in words and "Frodo is tapped at step 4" in words
        assert "MECCG-SEQ-5" in words and "MECCG-FX-24" in words


@pytest.mark.parametrize("status, card", [("tapped", "Cram"), ("wounded", "Healing Herbs")])
def test_a_card_of_step_6_does_not_allow_minus_3_at_step_4(status, card):
    holder = "Aragorn II" if card == "Cram" else "Frodo"
    members = [{"name": "Aragorn II", "status": status, **({"items": ["Cram"]} if card == "Cram" else {})}]
    if card != "Cram":
        members.append({"name": "Frodo", "items": [card]})
    doc = _doc(["Shagrat"], members, [{"defender": "Aragorn II", "attacker": "Shagrat", "defender_untapped": True,
                                       "defender_cards": [card]}])
    words = _refused(doc)
    assert f"Aragorn II is {status} at step 4" in words and "MECCG-SEQ-5" in words, (holder, words)
    # without -3 the card is played and acts (a healed character is tapped: -1, MECCG-FX-17)
    del doc["combat"]["strikes"][0]["defender_untapped"]
    pycombat.load(doc).run("odds")


def test_an_untap_card_of_step_1_allows_minus_3_at_step_3():
    doc = _doc([{"name": "Shagrat", "status": "tapped", "items": ["Strange Rations"]}], ["Aragorn II"],
               [{"defender": "Aragorn II", "attacker": "Shagrat", "attacker_cards": ["Strange Rations"],
                 "attacker_untapped": True}],
               ["the final prowess of Shagrat in strike 1 is 3"])
    assert _verdicts(doc)[0][0] is True


def test_magic_ring_of_stealth_refused_for_a_payer_tapped_earlier_odds_and_verify_agree():
    doc = _payer(["Magic Ring of Stealth"], {"defender": "Frodo", "attacker": "Shagrat",
                                             "defender_cards": ["Magic Ring of Stealth"]})
    assert "Frodo is not" in _refused(doc) and "MECCG-FX-17" in _refused(doc)
    claim = _payer(["Magic Ring of Stealth"], {"defender": "Frodo", "attacker": "Shagrat"},
                   ["Magic Ring of Stealth may be played at step 6 of the strike against Frodo"])
    verdict, rules = _verdicts(claim)[0]
    assert verdict is False and {"MECCG-SEQ-7", "MECCG-FX-17"} <= set(rules)  # the rules odds names


def test_healing_herbs_for_a_payer_tapped_earlier_is_accepted_by_every_verb():
    doc = _payer(["Healing Herbs"], {"defender": "Frodo", "attacker": "Shagrat", "defender_cards": ["Healing Herbs"]},
                 ["Healing Herbs may be played at step 6 of the strike against Frodo",
                  "the final prowess of Frodo in strike 2 is 1"])
    pycombat.load(copy.deepcopy(doc)).run("odds")
    assert [v for v, _r in _verdicts(doc)] == [True, True]  # untapped by it: no -1 (MECCG-FX-1)


def test_scourge_of_fire_after_the_balrogs_own_strike_is_refused_by_every_verb():
    doc = _doc(["The Balrog", "Lagduf"], [{"name": "Aragorn II", "items": ["Glamdring"]}, "Éomer"],
               [{"defender": "Éomer", "attacker": "The Balrog"},
                {"defender": "Aragorn II", "attacker": "Lagduf", "attacker_cards": ["Scourge of Fire"],
                 "discards": "Glamdring"}],
               a_extra={"in_play": ["Flame of Udûn"]})
    doc["attacker"]["alignment"] = "balrog"
    assert "The Balrog" in _refused(doc) and "MECCG-FX-26" in _refused(doc)
    del doc["combat"]["strikes"][1]["attacker_cards"], doc["combat"]["strikes"][1]["discards"]
    doc["claims"] = [{"claim": "Scourge of Fire may be played at step 1 of the strike against Aragorn II"}]
    verdict, rules = _verdicts(doc)[0]
    assert verdict is False and {"MECCG-SEQ-2", "MECCG-FX-26"} <= set(rules)  # the rules odds names


def test_lore_of_the_ages_after_its_bearers_strike_is_refused_by_every_verb():
    doc = _doc(["Lagduf", "Shagrat"], ["Legolas", "Gimli"],
               [{"defender": "Legolas", "attacker": "Shagrat"},
                {"defender": "Gimli", "attacker": "Lagduf", "defender_cards": ["Lore of the Ages"]}],
               d_extra={"in_play": [{"card": "Lore of the Ages", "member": "Legolas"}]})
    assert "MECCG-FX-23" in _refused(doc)
    del doc["combat"]["strikes"][1]["defender_cards"]
    doc["claims"] = [{"claim": "Lore of the Ages may be played at step 6 of the strike against Gimli"}]
    verdict, rules = _verdicts(doc)[0]
    assert verdict is False and "MECCG-FX-23" in rules


@pytest.mark.parametrize("attacker, defender, first, claim, rule", [
    (["Shagrat", {"name": "Great Lord of Goblin-gate", "ally_of": "Shagrat"}], ["Aragorn II", "Gimli"],
     {"defender": "Gimli", "attacker": "Great Lord of Goblin-gate"},
     "Great Lord of Goblin-gate may be played at step 1 of the strike against Aragorn II", "MECCG-FX-4"),
    (["Shagrat", "Lagduf"], ["Fatty Bolger", "Frodo"], {"defender": "Fatty Bolger", "attacker": "Lagduf"},
     "Fatty Bolger may be played at step 6 of the strike against Frodo", "MECCG-FX-4"),
    (["Shagrat", "Lagduf"], [{"name": "Aragorn II", "items": ["Potion of Prowess"]}, "Gimli"],
     {"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": ["Potion of Prowess"]},
     "Potion of Prowess may be played at step 6 of the strike against Gimli", "MECCG-FX-17"),
])
def test_verify_reads_what_the_earlier_strikes_did(attacker, defender, first, claim, rule):
    other = next(a if isinstance(a, str) else a["name"] for a in attacker
                 if (a if isinstance(a, str) else a["name"]) != first["attacker"])
    target = next(d if isinstance(d, str) else d["name"] for d in defender
                  if (d if isinstance(d, str) else d["name"]) != first["defender"])
    doc = _doc(attacker, defender, [first, {"defender": target, "attacker": other}], [claim])
    verdict, rules = _verdicts(doc)[0]
    assert verdict is False and rule in rules


def test_cards_at_one_step_act_in_the_order_listed():
    doc = _doc([{"name": "Shagrat", "status": "tapped", "items": ["Strange Rations"]}], ["Aragorn II"],
               [{"defender": "Aragorn II", "attacker": "Shagrat",
                 "attacker_cards": ["Strange Rations", "Under His Blow"]}],
               ["Under His Blow may be played at step 1 of the strike against Aragorn II"])
    pycombat.load(copy.deepcopy(doc)).run("odds")
    assert _verdicts(doc)[0][0] is True
    # without the untap before it, Shagrat is tapped: refused by both (MECCG-FX-1)
    doc["combat"]["strikes"][0]["attacker_cards"] = ["Under His Blow"]
    assert "Shagrat is not" in _refused(doc)
    del doc["combat"]["strikes"][0]["attacker_cards"]
    assert _verdicts(doc)[0][0] is False


def _minus3_offered(doc) -> set:
    """The characters optimize's game ever lets take -3 (no pruning: every move)."""
    from pycombat.games.meccg.combat.game import CvccGame, Objective
    from pycombat.games.meccg.schema import scenario_from_dict
    from pycombat.tree import CHANCE, TERMINAL

    game = CvccGame(scenario_from_dict(doc, file="<t>"), Objective("kill_mp"), prune=False, group_outcomes=False)
    out, todo = set(), [game.new_initial_state()]
    while todo:
        s = todo.pop()
        if s.a_step is not None and s.a_step.untap:
            out.add(s.current[0])
        if s.d_step is not None and s.d_step.untap:
            out.add(s.current[1])
        p = s.current_player()
        if p == TERMINAL:
            continue
        moves = [o for o, _p in s.chance_outcomes()] if p == CHANCE else s.legal_actions()
        todo += [s.child(m) for m in moves]
    return out


def test_optimize_offers_minus_3_only_to_a_character_untapped_at_its_step():
    # Aragorn, tapped, carries Cram (step 6): no -3 at step 4; Shagrat, tapped, eats Strange Rations at step 1: -3
    doc = _doc([{"name": "Shagrat", "status": "tapped", "items": ["Strange Rations"]}],
               [{"name": "Aragorn II", "status": "tapped", "items": ["Cram"]}], [])
    del doc["combat"]
    assert _minus3_offered(doc) == {"Shagrat"}


def test_optimize_plays_scourge_of_fire_only_while_the_balrog_is_untapped():
    from pycombat.games.meccg.cards import interpreter as cardfx
    from pycombat.games.meccg.combat.game import CvccGame, Objective
    from pycombat.games.meccg.schema import scenario_from_dict
    from pycombat.tree import CHANCE, TERMINAL

    doc = _doc(["The Balrog", "Lagduf"], [{"name": "Aragorn II", "items": ["Glamdring"]}, "Éomer"], [],
               a_extra={"in_play": ["Flame of Udûn"], "hand": ["Scourge of Fire"]})
    doc["attacker"]["alignment"] = "balrog"
    del doc["combat"]
    game = CvccGame(scenario_from_dict(doc, file="<t>"), Objective("kill_mp"), prune=False, group_outcomes=False)
    scourge = next(c for c in game.hand_a if cardfx.model(c).name == "Scourge of Fire")
    played = {"before": 0, "after": 0}
    todo = [game.new_initial_state()]
    while todo:
        s = todo.pop()
        if s.a_step is not None and scourge in s.a_step.cards:
            # The Balrog's own strike resolved already: not his, and not one still to come
            after = s.current[0] != "The Balrog" and not any(a == "The Balrog" for a, _d in s.remaining)
            played["after" if after else "before"] += 1
        p = s.current_player()
        if p == TERMINAL:
            continue
        todo += [s.child(m) for m in ([o for o, _p in s.chance_outcomes()] if p == CHANCE else s.legal_actions())]
    assert played["before"] > 0 and played["after"] == 0


def test_optimize_offers_a_card_after_the_untap_it_needs_as_replay_takes_them_in_order():
    from pycombat.games.meccg.cards import interpreter as cardfx
    from pycombat.games.meccg.combat.game import CvccGame, Objective
    from pycombat.games.meccg.schema import scenario_from_dict
    from pycombat.tree import CHANCE, TERMINAL

    frodo = {"name": "Frodo", "status": "tapped", "items": ["Cram", "Magic Ring of Stealth"]}
    doc = _doc(["Shagrat"], [frodo], [{"defender": "Frodo", "attacker": "Shagrat",
                                       "defender_cards": ["Cram", "Magic Ring of Stealth"]}])
    pycombat.load(copy.deepcopy(doc)).run("odds")  # Cram untaps him, then the Ring finds him untapped
    doc["combat"]["strikes"][0]["defender_cards"] = ["Magic Ring of Stealth", "Cram"]
    assert "Frodo is not" in _refused(doc)  # the Ring first: he is tapped
    del doc["combat"]
    game = CvccGame(scenario_from_dict(doc, file="<t>"), Objective("kill_mp"), prune=False, group_outcomes=False)
    offered, todo = set(), [game.new_initial_state()]
    while todo:
        s = todo.pop()
        if s.d_step is not None:
            offered.add(tuple(sorted(cardfx.model(c).name for c in s.d_step.cards)))
        p = s.current_player()
        if p == TERMINAL:
            continue
        todo += [s.child(m) for m in ([o for o, _p in s.chance_outcomes()] if p == CHANCE else s.legal_actions())]
    assert offered == {(), ("Cram",), ("Cram", "Magic Ring of Stealth")}
