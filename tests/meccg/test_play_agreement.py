"""One answer per card play: a play that ``replay``/``odds`` apply (a ``combat:`` block) is one that
``verify`` accepts and ``optimize`` may choose from the hand, and a refused play is refused by
each of them with the same rule (MECCG-CARD-8, MECCG-FX-20, MECCG-SEQ-2/7/8, MECCG-STRUCT-3, MECCG-FX-1/3/4/14/15,
MECCG-PRE-5 ...). Random plays: any strike card of the data, of either alignment, played by either
player at any step for a character of either company, in any status; and the cards that change the
attack before strikes are assigned, under either reading of MECCG-PRE-5.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import play
from pycombat.games.meccg.cards.interpreter import all_models, strike_cards
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.game import CvccGame
from pycombat.games.meccg.combat.strikes import setup_strikes
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

STRIKE = sorted(strike_cards())
#: cards the defender plays before strikes are assigned: changes to the attack and cancels (MECCG-PRE-1/5)
BEFORE = sorted(cid for cid, m in all_models().items() if m.play in ("before_assignment", "cancel"))
HEROES = ["Aragorn II", "Frodo", "Gimli", "Gandalf", "Legolas", "Éowyn", "Sam Gamgee", "Fatty Bolger"]
MINIONS = ["Shagrat", "Lagduf", "Old Troll", "Bûrat", "Khamûl the Ringwraith", "Horseman in the Night"]
SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def plays(draw):
    """One attacking member against two or three defenders (its one strike, assigned to the first
    defender, is a complete assignment), and one card played at one step of that strike."""
    heroes = draw(st.lists(st.sampled_from(HEROES), min_size=2, max_size=3, unique=True))
    minions = draw(st.lists(st.sampled_from(MINIONS), min_size=2, max_size=2, unique=True))
    status = st.sampled_from(["untapped", "untapped", "tapped", "wounded"])
    hero_members = [{"name": h, "status": draw(status)} for h in heroes]
    minion_members = [{"name": m, "status": draw(status)} for m in minions]
    if draw(st.booleans()):
        hero_members[0]["items"] = [draw(st.sampled_from(["Glamdring", "Sting", "Cram", "Elf-stone"]))]
    card = draw(st.sampled_from(STRIKE))
    by = draw(st.sampled_from(["attacker", "defender"]))
    step = draw(st.sampled_from([1, 6, 6, 1, 3]))
    hero_side = draw(st.sampled_from(["attacker", "defender"]))
    flags = {"pre_assignment_attack_effects": draw(st.sampled_from(["forbidden", "allowed"]))}
    model = all_models()[card]
    if model.flag:
        flags[model.flag] = draw(st.sampled_from(["no_effect", "applies"]))
    return hero_members, minion_members, hero_side, card, by, step, flags


def _doc(hero_members, minion_members, hero_side, flags, strike=None, before=(), hands=None):
    sides = {hero_side: {"alignment": "hero", "members": hero_members},
             ("defender" if hero_side == "attacker" else "attacker"): {"alignment": "minion",
                                                                        "members": minion_members}}
    doc = {"game": "meccg", "rules": dict(flags)}
    for role, side in sides.items():
        members = side["members"][:1] if role == "attacker" else side["members"]  # one strike: a complete assignment
        doc[role] = {"player": role.title(), "alignment": side["alignment"], "site": "Moria",
                     "members": [dict(m) for m in members]}
        if hands and hands.get(role):
            doc[role]["hand"] = list(hands[role])
    if strike is not None or before:
        doc["combat"] = {"strikes": [strike] if strike else [], "before_assignment": list(before)}
    return doc


def _claim(kind: str, **args) -> Claim:
    return Claim(id="c", text="", kind=kind, args=args, negated=False, expect=None, path="claims[0]")


def _verdict(s, claim):
    (v,) = verify(s, [claim])
    return v


@SETTINGS
@given(plays())
def test_every_verb_gives_a_strike_card_play_the_same_answer(case):
    hero_members, minion_members, hero_side, card, by, step, flags = case
    base = scenario_from_dict(_doc(hero_members, minion_members, hero_side, flags), file="<random>")
    att, dfn = base.attacker.members[0].name, base.defender.members[0].name
    facing = att if by == "attacker" else dfn
    expected = play.check(base, [play.Play(card, by, step, facing=facing)])

    # verify: "<card> may be played at step <n> of the strike against <defender>" (the step's player)
    if step in (1, 6) and by == ("attacker" if step == 1 else "defender"):
        v = _verdict(base, _claim("playable_at_step", card=card, step=step, defender=dfn, attacker=att))
        if v.decided:
            assert v.verdict == expected.legal, (card, v.rules, expected.rules)
            if not expected.legal:
                assert set(expected.rules) <= set(v.rules)

        # replay / odds: the same play in a combat: block
        key = "attacker_cards" if by == "attacker" else "defender_cards"
        strike = {"defender": dfn, "attacker": att, key: [card]}
        try:
            s = scenario_from_dict(_doc(hero_members, minion_members, hero_side, flags, strike=strike),
                                   file="<random>")
            setup_strikes(s)
            accepted, why = True, ""
        except ScenarioError as exc:
            accepted, why = False, str(exc)
        if "legal complete assignment" in why:  # the pair itself is not a legal assignment: no play to judge
            event("not a legal assignment")
            return
        event(f"combat block {'accepted' if accepted else 'refused: ' + expected.rules[0]}")
        assert accepted == expected.legal, (card, why, expected.rules)
        if not accepted:
            assert expected.refusals[0].rule in why

        # optimize / tree: the card in the hand is offered for that character exactly when legal
        if all_models()[card].source == "hand" and all_models()[card].lasts == "strike":
            try:
                s = scenario_from_dict(_doc(hero_members, minion_members, hero_side, flags,
                                            hands={by: [card]}), file="<random>")
                game = CvccGame(s)
                offered = any(card in combo for combo in game._card_sets((card,), s.member(facing)))
            except ScenarioError as exc:  # a card its player can never play is refused outright
                offered = False
                assert expected.refusals and expected.refusals[0].rule in str(exc) or any(
                    r.rule in str(exc) for r in expected.refusals)
            assert offered == expected.legal, (card, expected.rules)
    else:
        assert not expected.legal  # the other player's step, or a step without plays (MECCG-SEQ-1/2/7)
        assert {"MECCG-SEQ-1", "MECCG-SEQ-2", "MECCG-SEQ-7"} & set(expected.rules)


@SETTINGS
@given(st.sampled_from(BEFORE), st.sampled_from(["forbidden", "allowed"]), st.sampled_from(["no_effect", "apply"]),
       st.booleans())
def test_cards_before_assignment_get_one_answer(card, pre, count, wizard):
    """combat: before_assignment (replay, odds) and "may be played before strikes are assigned"
    (verify) agree, under either reading of MECCG-PRE-5 and MECCG-STRUCT-6."""
    heroes = [{"name": "Gandalf" if wizard else "Aragorn II"}, {"name": "Gimli"}]
    minions = [{"name": "Shagrat"}, {"name": "Lagduf"}]
    flags = {"pre_assignment_attack_effects": pre, "strike_count_modifiers": count}
    m = all_models()[card]
    if m.flag:
        flags[m.flag] = "applies"
    base = scenario_from_dict(_doc(heroes, minions, "defender", flags), file="<random>")
    v = _verdict(base, _claim("playable_before_assignment", card=card))
    strike = {"defender": base.defender.members[0].name, "attacker": base.attacker.members[0].name}
    try:
        setup_strikes(scenario_from_dict(_doc(heroes, minions, "defender", flags, strike=strike, before=[card]),
                                         file="<random>"))
        accepted, why = True, ""
    except ScenarioError as exc:
        accepted, why = False, str(exc)
    if "legal complete assignment" in why:
        return
    if v.decided:
        assert v.verdict == accepted, (card, v.rules, why)
        if not accepted:
            assert any(r in why for r in v.rules)
    else:  # only a part that limits the play (or gives a skill) may leave it undecided
        assert v.unmodelled and all(u.get("limits_play") or u.get("grants") for u in v.unmodelled), v.unmodelled


def test_the_issue_s_cases():
    """A hero playing Bold Thrust, Wizard's Flame before assignment under the default, a cancel paid
    by a tapped scout, Fatty Bolger protecting another Hobbit."""
    doc = _doc([{"name": "Aragorn II"}, {"name": "Frodo"}, {"name": "Fatty Bolger"}],
               [{"name": "Shagrat"}, {"name": "Lagduf"}], "defender", {})
    s = scenario_from_dict(doc, file="<t>")
    bold = play.check(s, [play.Play("LE-172", "defender", 6, facing="Aragorn II")])
    assert bold.rules == ["MECCG-FX-20"] and "minion card" in bold.refusals[0].text
    flame = play.check(s, [play.Play("TW-361", "defender", play.BEFORE)])
    assert "MECCG-PRE-5" in flame.rules
    fatty = play.check(s, [play.Play("TW-495", "defender", 6, facing="Frodo")])
    assert fatty.legal, fatty.rules
    himself = play.check(s, [play.Play("TW-495", "defender", 6, facing="Fatty Bolger")])
    assert himself.rules == ["MECCG-SEQ-7"] and "another character" in himself.refusals[0].text
    with pytest.raises(ScenarioError, match="MECCG-FX-20"):
        setup_strikes(scenario_from_dict(_doc([{"name": "Aragorn II"}, {"name": "Frodo"}],
                                              [{"name": "Shagrat"}, {"name": "Lagduf"}], "defender", {},
                                              strike={"defender": "Aragorn II", "attacker": "Shagrat",
                                                      "defender_cards": ["LE-172"]}), file="<t>"))


@pytest.mark.parametrize("members, path, rule", [
    ([{"name": "Shagrat", "items": ["Sting"]}, {"name": "Lagduf"}], "attacker.members[0].items", "MECCG-FX-20"),
    ([{"name": "Shagrat", "items": ["Black Mace"]}, {"name": "Lagduf"}], None, None),
])
def test_an_item_of_the_other_side_is_refused_when_read(members, path, rule):
    """MECCG-FX-20: Sting (a hero item) on a minion character gives no verb its bonus: the
    scenario is refused when read, naming the member's items."""
    doc = _doc([{"name": "Aragorn II"}], members, "defender", {})
    doc["attacker"]["members"] = members
    if rule is None:
        scenario_from_dict(doc, file="<t>")
        return
    with pytest.raises(ScenarioError, match=rule) as exc:
        scenario_from_dict(doc, file="<t>")
    assert path in str(exc.value)


def test_an_ally_bears_no_items():
    """MECCG-FX-3: an ally is not a character; Glamdring on Goldberry is refused."""
    doc = _doc([{"name": "Aragorn II"}, {"name": "Goldberry", "ally_of": "Aragorn II", "items": ["Glamdring"]}],
               [{"name": "Shagrat"}], "defender", {})
    with pytest.raises(ScenarioError, match="MECCG-FX-3") as exc:
        scenario_from_dict(doc, file="<t>")
    assert "defender.members[1].items" in str(exc.value) and "allies bear no items" in str(exc.value)


def test_an_unmodelled_part_blocks_a_play_claim_only_when_it_could_change_it():
    """MECCG-FX-10: whether a card may be played hangs on its conditions, costs and alternatives
    (limits_play), never on its effects: The Tormented Earth's unmodelled alternative (-3 to the attack,
    when attack-wide changes are allowed) leaves its play undecided; Foul Trophies' unmodelled
    strike-count effect does not, and the note names it.
    Noble Steed, modelled, is decided: for its bearer (the character it is an ally of), not for another."""
    doc = _doc([{"name": "Aragorn II"}, {"name": "Noble Steed", "ally_of": "Aragorn II"}, {"name": "Frodo"}],
               [{"name": "Lagduf"}, {"name": "Shagrat"}], "defender",
               {"pre_assignment_attack_effects": "allowed", "foul_trophies": "applies"})
    s = scenario_from_dict(doc, file="<t>")
    earth = _verdict(s, _claim("playable_before_assignment", card="The Tormented Earth"))
    assert not earth.decided and "MECCG-FX-10" in earth.rules
    for who, ok in (("Aragorn II", True), ("Frodo", False)):
        steed = _verdict(s, _claim("playable_at_step", card="Noble Steed", step=6, defender=who, attacker="Lagduf"))
        assert steed.decided and steed.verdict is ok, (who, steed.rules)
    trophies = _verdict(s, _claim("playable_before_assignment", card="Foul Trophies"))
    assert trophies.decided and trophies.verdict is False and "MECCG-STRUCT-6" in trophies.rules
    assert any("unable to change this verdict" in n and "one strike at +3 prowess" in n for n in trophies.notes)


def _pos(heroes, minions, hero_side="defender", flags=None):
    return scenario_from_dict(_doc(heroes, minions, hero_side, flags or {}), file="<t>")


@pytest.mark.parametrize("heroes, hero_side, flags, p, kw, rule, words", [
    # MECCG-PRE-10: Wizard's Flame needs a Wizard in the attacked company
    ([{"name": "Aragorn II"}], "defender", {"pre_assignment_attack_effects": "allowed"},
     play.Play("TW-361", "defender", play.BEFORE), {}, "MECCG-PRE-10", "needs Wizard"),
    # MECCG-STRUCT-3 / FX-8: the attacker plays a card that works against an attack
    ([{"name": "Gimli"}], "attacker", {}, play.Play("DM-124", "attacker", 1, facing="Gimli"), {},
     "MECCG-STRUCT-3", "only the defender faces one"),
    # MECCG-FX-14: an unclear card read as having no effect in CvCC is not played
    ([{"name": "Aragorn II"}], "defender", {}, play.Play("LE-254", "defender", 6, facing="Aragorn II"), {},
     "MECCG-FX-14", "no effect in CvCC [where_theres_a_whip=no_effect]"),
    # MECCG-FX-4: the member who taps for an ability is untapped, not yet struck
    ([{"name": "Frodo"}, {"name": "Fatty Bolger", "status": "tapped"}], "defender", {},
     play.Play("TW-495", "defender", 6, facing="Frodo"), {}, "MECCG-FX-4", "must be untapped"),
    ([{"name": "Frodo"}, {"name": "Fatty Bolger"}], "defender", {},
     play.Play("TW-495", "defender", 6, facing="Frodo"), {"struck": ["Fatty Bolger"]}, "MECCG-FX-4",
     "already faced its own strike"),
    ([{"name": "Frodo"}, {"name": "Fatty Bolger"}], "defender", {},
     play.Play("TW-495", "defender", 6, facing="Frodo"), {"used": ["Fatty Bolger"]}, "MECCG-FX-4",
     "already tapped for an ability"),
    ([{"name": "Frodo"}], "defender", {}, play.Play("TW-495", "defender", 6, facing="Frodo"), {}, "MECCG-FX-4",
     "not in the playing company"),
    # MECCG-FX-15: nobody untapped can pay "tap scout"
    ([{"name": "Frodo", "status": "tapped"}, {"name": "Gimli"}], "defender", {},
     play.Play("TW-204", "defender", play.BEFORE), {}, "MECCG-FX-15", "nobody in the company can pay"),
])
def test_each_of_a_cards_own_terms_refuses_with_its_rule(heroes, hero_side, flags, p, kw, rule, words):
    """play_terms.lp, rule by rule: each broken term refuses the play with its rule and says why."""
    s = _pos(heroes, [{"name": "Lagduf"}], hero_side, flags)
    got = play.check(s, [p], **kw)
    assert rule in got.rules, got.refusals
    assert any(words in r.text for r in got.refusals if r.rule == rule), got.refusals


def test_a_cancel_of_attacks_no_company_makes_cancels_no_company_s_attack():
    """Praise to Elbereth cancels Nazgûl (hazard creature) attacks; the data says they are not CvCC
    attackers, so before strikes are assigned it neither cancels nor affects the attack (MECCG-PRE-1)."""
    s = scenario_from_dict(_doc([{"name": "Aragorn II"}, {"name": "Gimli"}], [{"name": "Lagduf"}, {"name": "Shagrat"}],
                                "defender", {}), file="<t>")
    got = play.check(s, [play.Play("TW-305", "defender", play.BEFORE)])
    assert not got.legal and "MECCG-PRE-1" in got.rules
    assert _verdict(s, _claim("cancels_attack", card="Praise to Elbereth")).verdict is False


@pytest.mark.parametrize("members, named, expected", [
    ([{"name": "Aragorn II"}, {"name": "Gimli", "status": "wounded"}], None, True),
    ([{"name": "Aragorn II", "status": "wounded"}, {"name": "Gimli", "status": "wounded"}], None, False),
    ([{"name": "Aragorn II"}, {"name": "Gimli", "status": "wounded"}], "Gimli", False),
])
def test_escape_needs_an_unwounded_character_to_wound(members, named, expected):
    """Escape cancels the attack by wounding an unwounded character facing it (MECCG-PRE-1): the one
    named in `from:`, else any of the company."""
    s = scenario_from_dict(_doc(members, [{"name": "Lagduf"}, {"name": "Shagrat"}], "defender", {}), file="<t>")
    args = {"card": "Escape", **({"from": named} if named else {})}
    assert _verdict(s, _claim("cancels_attack", **args)).verdict is expected


@pytest.mark.parametrize("company, expected", [(["Gandalf"], True), (["Gandalf", "Aragorn II"], False)])
def test_wizards_river_horses_needs_the_wizard_alone(company, expected):
    s = scenario_from_dict(_doc([{"name": n} for n in company], [{"name": "Lagduf"}, {"name": "Shagrat"}],
                                "defender", {}), file="<t>")
    assert _verdict(s, _claim("cancels_attack", card="Wizard's River-horses")).verdict is expected
