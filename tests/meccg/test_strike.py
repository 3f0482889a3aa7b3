"""MECCG strikes (MECCG-SEQ, MECCG-BODY, MECCG-CARD): exact odds against brute force over
the dice faces, distributions summing to exactly 1, and a table of modifier cases each
citing its rule id."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.dice import Dist
from pycombat.errors import ScenarioError
from pycombat.games.meccg.assignment.legal import example_path
from pycombat.games.meccg.model import Member
from pycombat.games.meccg.schema import load_scenario, scenario_from_dict
from pycombat.games.meccg.combat.strikes import (Side, body_result, combat_odds, compare_dist, kill_mp, marginal,
                                         member_fates, setup_strikes, strike_outcomes)
from budget import examples  # noqa: E402

FACES = range(1, 7)


def two_d6_faces(n_rolls: int):
    """Every equally likely face combination of n_rolls times 2d6, as the best total."""
    for faces in itertools.product(FACES, repeat=2 * n_rolls):
        yield max(faces[2 * i] + faces[2 * i + 1] for i in range(n_rolls))


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(-3, 16), st.integers(-3, 16), st.sampled_from([1, 2]), st.sampled_from([1, 1, 2]))
def test_compare_dist_equals_brute_force_over_faces(pa, pd, ra, rd):
    """MECCG-SEQ-9/10, MECCG-SEQ-13: 36 x 36 face pairs (36^2 x 36 with two rolls)."""
    counts = {"fails": 0, "tie": 0, "succeeds": 0}
    total = 0
    a_faces = list(two_d6_faces(ra))
    d_faces = list(two_d6_faces(rd))
    for xa in a_faces:
        for xd in d_faces:
            D, A = pd + xd, pa + xa
            counts["fails" if D > A else "succeeds" if D < A else "tie"] += 1
            total += 1
    got = compare_dist(pa, ra, pd, rd)
    assert sum(got.values()) == 1
    for k, c in counts.items():
        assert got[k] == Fraction(c, total)


def member(**kw) -> Member:
    base = dict(name="X", card_id=None, card_name="X", card_type="character", race="Man", skills=(), prowess=5,
                body=8, mp=2)
    base.update(kw)
    return Member(**base)


def side(m: Member, body: int, *, prewounded=False, discard_on=(), ringwraith=False) -> Side:
    return Side(member=m, role="defender", prowess=0, prowess_mods=(), body=body, body_mods=(), rolls=1,
                stays_untapped=False, prewounded=prewounded, discard_on=discard_on, ringwraith=ringwraith, cards=())


@pytest.mark.parametrize("body,prewounded,discard,ringwraith", [
    (8, False, (), False), (8, True, (), False), (9, False, (9,), False), (8, True, (8,), False),
    (7, False, (), True), (10, True, (), True), (2, False, (), False), (12, False, (), False)])
def test_body_check_equals_brute_force_over_faces(body, prewounded, discard, ringwraith):
    """MECCG-BODY-1 (+1 if wounded before), BODY-2 (exactly N discards), BODY-3 (7/8 returns)."""
    s = side(member(), body, prewounded=prewounded, discard_on=discard, ringwraith=ringwraith)
    flags = {"elimination_mp_clauses": "apply"}
    counts: dict = {}
    for f1, f2 in itertools.product(FACES, FACES):
        roll = f1 + f2
        result = roll + (1 if prewounded else 0)
        if ringwraith and roll in (7, 8):
            fate = "returned"
        elif result in discard:
            fate = "discarded"
        elif result > body:
            fate = "eliminated"
        else:
            fate = "survives"
        counts[fate] = counts.get(fate, 0) + 1
    dist = Dist((f, p) for f, p in ((body_result(s, r, "hero", flags)[0], Fraction(1, 36))
                                    for r in (a + b for a, b in itertools.product(FACES, FACES))))
    assert dict(dist) == {k: Fraction(v, 36) for k, v in counts.items()}


def test_kill_mp_body_5_and_8():
    """MECCG-BODY-5: printed MP, none printed scores 0; MECCG-BODY-8: 1 for a Fallen-wizard player."""
    assert kill_mp(member(mp=3), "hero") == 3
    assert kill_mp(member(mp=None), "minion") == 0
    assert kill_mp(member(mp=3), "fallen-wizard") == 1
    assert kill_mp(member(mp=0), "fallen-wizard") == 0


def test_wind_throne_distributions_sum_to_one():
    co = combat_odds(load_scenario(example_path("wind_throne.yaml")))
    for dist in co.per_strike:
        assert sum(dist.values()) == 1
        assert all(isinstance(p, Fraction) for p in dist.values())
    assert sum(co.kill_mp.values()) == 1
    assert sum(marginal(co.kill_mp, 0).values()) == sum(marginal(co.kill_mp, 1).values()) == 1
    for fates in co.fates.values():
        assert sum(fates.values()) == 1


def test_wind_throne_strike_3_by_hand():
    """Aragorn 8 (excess -1, Risky Blow +3) vs Shagrat 6: Shagrat is eliminated when the
    defender wins and the body check is 10+ (9 discards him), MECCG-BODY-2/5."""
    co = combat_odds(load_scenario(example_path("wind_throne.yaml")))
    s3, d3 = co.setups[2], co.per_strike[2]
    assert (s3.defender.prowess, s3.attacker.prowess, s3.defender.body) == (8, 6, 8)
    win = compare_dist(6, 1, 8, 1)["fails"]
    f = member_fates(d3, "Shagrat")
    assert f["wounded"] == win
    assert f["eliminated"] == win * Fraction(6, 36)
    assert f["discarded"] == win * Fraction(4, 36)
    # 2 kill MPs to Bob exactly when Shagrat is eliminated
    assert d3.prob(lambda o: o.kill_mp_defender_player == 2) == f["eliminated"]


# ---- modifier table -----------------------------------------------------------------------
def one_strike(att, dfn, strike, *, att_alignment=None, def_alignment="hero", in_play=(), rules=None):
    """A scenario whose combat is ``strike`` (or a list of strikes, the first one examined)."""
    strikes = strike if isinstance(strike, list) else [strike]
    if att_alignment is None:
        att_alignment = "balrog" if any(m["name"] == "BA-3" for m in att) else "minion"
    data = {"game": "meccg",
            "attacker": {"alignment": att_alignment, "site": "Moria", "members": att},
            "defender": {"alignment": def_alignment, "site": "Moria", "members": dfn},
            "in_play": list(in_play), "rules": rules or {},
            "combat": {"strikes": strikes}}
    return scenario_from_dict(data, file="<test>")


def prowess_of(scn, who="defender"):
    s = setup_strikes(scn)[0]
    side_ = s.defender if who == "defender" else s.attacker
    return side_.prowess, {m.rule for m in side_.prowess_mods + side_.body_mods}, side_


MOD_CASES = [
    # (rule id, attackers, defenders, strike, who, expected prowess)
    ("MECCG-SEQ-9 weapon and tapped", [{"name": "Old Troll"}], [{"name": "Gimli", "status": "tapped", "items": ["Glamdring"]}],
     {"defender": "Gimli", "attacker": "Old Troll"}, "defender", 7),
    ("MECCG-SEQ-9 weapon max", [{"name": "Old Troll", "prowess": 8, "items": ["Saw-toothed Blade"]}],
     [{"name": "Éomer"}], {"defender": "Éomer", "attacker": "Old Troll"}, "attacker", 8),
    ("MECCG-SEQ-9 warrior-only weapon on a non-warrior", [{"name": "Odoacer", "items": ["Broad-headed Spear"]}],
     [{"name": "Éomer"}], {"defender": "Éomer", "attacker": "Odoacer"}, "attacker", 4),
    ("MECCG-FX-3 race-conditional: Gimli and Glamdring against an Orc (weapon_first)", [{"name": "Shagrat"}],
     [{"name": "Gimli", "items": ["Glamdring"]}], {"defender": "Gimli", "attacker": "Shagrat"}, "defender", 10),
    ("MECCG-SEQ-9 wounded is -2, not -3", [{"name": "Shagrat"}], [{"name": "Éomer", "status": "wounded"}],
     {"defender": "Éomer", "attacker": "Shagrat"}, "defender", 1),
    ("MECCG-SEQ-3 excess -1 each, forced on the last strike", [{"name": "Shagrat"}, {"name": "Lagduf"}, {"name": "Odoacer"}],
     [{"name": "Aragorn II"}], {"defender": "Aragorn II", "attacker": "Shagrat"}, "defender", 4),
    ("MECCG-SEQ-4 attacker -3 not to tap", [{"name": "Shagrat"}], [{"name": "Éomer"}],
     {"defender": "Éomer", "attacker": "Shagrat", "attacker_untapped": True}, "attacker", 3),
    ("MECCG-SEQ-5 defender -3 not to tap", [{"name": "Shagrat"}], [{"name": "Aragorn II"}],
     {"defender": "Aragorn II", "attacker": "Shagrat", "defender_untapped": True}, "defender", 3),
    ("MECCG-CARD-1 The Balrog takes -1", [{"name": "BA-3"}], [{"name": "Aragorn II"}],
     {"defender": "Aragorn II", "attacker": "The Balrog", "attacker_untapped": True}, "attacker", 7),
    ("MECCG-SEQ-6 support +1 each, Goldberry included", [{"name": "Shagrat"}],
     [{"name": "Éomer"}, {"name": "Goldberry"}, {"name": "Frodo", "status": "tapped"}, {"name": "Gimli"}],
     {"defender": "Éomer", "attacker": "Shagrat", "support": ["Goldberry", "Gimli"]}, "defender", 5),
    ("MECCG-CARD-10 Risky Blow", [{"name": "Shagrat"}], [{"name": "Aragorn II"}],
     {"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": ["Risky Blow"]}, "defender", 9),
    ("MECCG-CARD-11 Swift Strokes", [{"name": "Shagrat"}], [{"name": "Aragorn II"}],
     {"defender": "Aragorn II", "attacker": "Shagrat", "attacker_cards": ["Swift Strokes"]}, "attacker", 7),
    ("MECCG-SEQ-8 Cram untaps", [{"name": "Shagrat"}], [{"name": "Gimli", "status": "tapped", "items": ["Cram"]}],
     {"defender": "Gimli", "attacker": "Shagrat", "defender_cards": ["Cram"]}, "defender", 7),
    ("MECCG-SEQ-8 Nenya on Galadriel", [{"name": "Shagrat"}], [{"name": "Galadriel"}],
     {"defender": "Galadriel", "attacker": "Shagrat", "defender_cards": ["Nenya"]}, "defender", None),
    ("MECCG-CARD-2 Great Lord of Goblin-gate +2 to an Orc", [{"name": "Lagduf"}, {"name": "Great Lord of Goblin-gate"}],
     [{"name": "Aragorn II"}, {"name": "Éomer"}],
     [{"defender": "Aragorn II", "attacker": "Lagduf", "attacker_cards": ["Great Lord of Goblin-gate"]},
      {"defender": "Éomer", "attacker": "Great Lord of Goblin-gate"}], "attacker", 7),
]


@pytest.mark.parametrize("case", MOD_CASES, ids=[c[0] for c in MOD_CASES])
def test_modifier_table(case):
    label, att, dfn, strike, who, expected = case
    rule = label.split()[0]
    scn = one_strike(att, dfn, strike)
    value, rules, side_ = prowess_of(scn, who)
    if expected is None:  # Nenya: +2 on Galadriel's printed prowess, +2 body
        expected = side_.member.prowess + 2
        assert side_.body == side_.member.body + 2
    assert value == expected
    assert rule in rules


def test_weapon_max_order_cap_total():
    """MECCG-SEQ-9 [weapon_max_order=cap_total]: Gimli + Glamdring against an Orc caps at 9."""
    scn = one_strike([{"name": "Shagrat"}], [{"name": "Gimli", "items": ["Glamdring"]}],
                     {"defender": "Gimli", "attacker": "Shagrat"}, rules={"weapon_max_order": "cap_total"})
    assert prowess_of(scn)[0] == 9


@pytest.mark.parametrize("flag,expected", [("ignored", 9 + 2), ("applies", min(9 + 5, 11))])
def test_aiglos_doors_of_night(flag, expected):
    """MECCG-SEQ-14 [aiglos_doors_of_night]: +2 normally, +5 (max 11) with Doors of Night if applied."""
    scn = one_strike([{"name": "Shagrat"}], [{"name": "Aragorn II", "prowess": 9, "items": ["Aiglos"]}],
                     {"defender": "Aragorn II", "attacker": "Shagrat"}, in_play=["Doors of Night"],
                     rules={"aiglos_doors_of_night": flag})
    assert prowess_of(scn)[0] == expected


def test_halfling_stealth_cancels_card_9():
    scn = one_strike([{"name": "Shagrat"}], [{"name": "Frodo"}],
                     {"defender": "Frodo", "attacker": "Shagrat", "defender_cards": ["Halfling Stealth"]})
    (s,) = setup_strikes(scn)
    assert s.cancelled_by.rule == "MECCG-CARD-9"
    assert dict(strike_outcomes(s, scn)) == {("cancelled", None, None, 0, 0, 0, 0, (), None): 1}


def test_swift_strokes_rolls_twice_seq_13():
    scn = one_strike([{"name": "Shagrat"}], [{"name": "Aragorn II"}],
                     {"defender": "Aragorn II", "attacker": "Shagrat", "attacker_cards": ["Swift Strokes"]})
    (s,) = setup_strikes(scn)
    assert s.attacker.rolls == 2
    assert strike_outcomes(s, scn).prob(lambda o: o.result == "succeeds") == compare_dist(7, 2, 6, 1)["succeeds"]


def test_body_2_discard_number_moves_with_body():
    """MECCG-BODY-2: effects that modify body also move the discard number."""
    scn = one_strike([{"name": "Lagduf"}], [{"name": "Aragorn II"}],
                     {"defender": "Aragorn II", "attacker": "Lagduf"})
    assert setup_strikes(scn)[0].attacker.discard_on == (8,)


@pytest.mark.parametrize("strike,words", [
    ({"defender": "Frodo", "attacker": "Shagrat", "defender_cards": ["Risky Blow"]}, ["needs a Warrior", "MECCG-CARD-10"]),
    ({"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": ["Halfling Stealth"]}, ["needs a Hobbit", "MECCG-CARD-9"]),
    ({"defender": "Aragorn II", "attacker": "Shagrat", "attacker_cards": ["Swift Strokes", "Swift Strokes"]},
     ["at most one card that needs a skill", "MECCG-SEQ-2"]),
    ({"defender": "Aragorn II", "attacker": "Shagrat", "support": ["Frodo"]}, ["faces a strike", "MECCG-SEQ-6"]),
    ({"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": ["Cram"]}, ["does not carry Cram"]),
    ({"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": ["Nenya"]}, ["only for Galadriel"]),
    ({"defender": "Frodo", "attacker": "Shagrat", "defender_untapped": True}, ["is tapped", "MECCG-SEQ-5"]),
])
def test_bad_strike_choices_cite_their_rule(strike, words):
    """A choice the strike sequence does not allow is refused with the rule that forbids it."""
    other = {"defender": "Frodo" if strike["defender"] == "Aragorn II" else "Aragorn II", "attacker": "Lagduf"}
    scn = one_strike([{"name": "Shagrat"}, {"name": "Lagduf", "status": "tapped"}],
                     [{"name": "Aragorn II"}, {"name": "Frodo", "status": "tapped"}], [strike, other])
    with pytest.raises(ScenarioError) as exc:
        setup_strikes(scn)
    for w in words:
        assert w in str(exc.value)


def test_unknown_card_suggests_the_closest():
    with pytest.raises(ScenarioError, match="Swift Strokes"):
        one_strike([{"name": "Shagrat"}], [{"name": "Aragorn II"}],
                   {"defender": "Aragorn II", "attacker": "Shagrat", "attacker_cards": ["Swift Strokez"]})


def test_excess_allocation_rules_seq_3():
    """MECCG-SEQ-3: only excess strikes, each once; the rest forced on the last strike."""
    att = [{"name": "Shagrat"}, {"name": "Lagduf", "status": "tapped"}, {"name": "Odoacer", "status": "tapped"}]
    dfn = [{"name": "Aragorn II"}, {"name": "Frodo", "status": "tapped"}]
    base = [{"defender": "Aragorn II", "attacker": "Shagrat"}, {"defender": "Frodo", "attacker": "Lagduf"}]
    with pytest.raises(ScenarioError, match="not an excess strike.*MECCG-SEQ-3"):
        setup_strikes(one_strike(att, dfn, [{**base[0], "excess": ["Lagduf"]}, base[1]]))
    with pytest.raises(ScenarioError, match="already allocated.*MECCG-SEQ-3"):
        setup_strikes(one_strike(att, dfn, [{**base[0], "excess": ["Odoacer"]}, {**base[1], "excess": ["Odoacer"]}]))
    first, last = setup_strikes(one_strike(att, dfn, base))
    assert first.forced_excess == () and last.forced_excess == ("Odoacer",)
    assert last.defender.prowess == 1 - 1 - 1  # Frodo: tapped -1, excess -1
    early = setup_strikes(one_strike(att, dfn, [{**base[0], "excess": ["Odoacer"]}, base[1]]))
    assert early[0].defender.prowess == 6 - 1 and early[1].forced_excess == ()


def test_illegal_assignment_in_combat_is_refused():
    """The combat's pairs are checked as a complete assignment (MECCG-ASSIGN-4 here)."""
    scn = one_strike([{"name": "Shagrat"}, {"name": "Lagduf"}], [{"name": "Aragorn II"}, {"name": "Éomer"}],
                     {"defender": "Aragorn II", "attacker": "Shagrat"})
    with pytest.raises(ScenarioError, match="MECCG-ASSIGN-4"):
        setup_strikes(scn)


def test_an_items_modifier_to_the_opposing_strike_reaches_it():
    """MECCG-FX-3 / MECCG-FX-12: Aiglos (DM-166) gives -2 to the body of the strike its bearer faces;
    used only when it is the weapon in use (a named other weapon leaves it unused)."""
    scn = one_strike([{"name": "Lagduf"}], [{"name": "Aragorn II", "items": ["Aiglos"]}],
                     {"defender": "Aragorn II", "attacker": "Lagduf"})
    lagduf = setup_strikes(scn)[0].attacker
    assert lagduf.body == 8 - 2 and any("Aiglos" in m.what and m.amount == -2 for m in lagduf.body_mods)
    assert lagduf.discard_on == (6,)  # MECCG-BODY-2: the discard number moves with the body
    scn = one_strike([{"name": "Lagduf"}], [{"name": "Aragorn II", "items": ["Aiglos", "Glamdring"]}],
                     {"defender": "Aragorn II", "attacker": "Lagduf", "defender_weapon": "Glamdring"})
    assert setup_strikes(scn)[0].attacker.body == 8


def test_an_ability_for_the_whole_combat_reaches_every_later_strike():
    """MECCG-CARD-2 / MECCG-FX-8: Great Lord of Goblin-gate taps to give +2 prowess to all Orcs in
    its company for the company vs. company combat: used in the first strike, it reaches the
    second Orc's strike too, and never a Troll's."""
    att = [{"name": "Lagduf"}, {"name": "Shagrat"}, {"name": "Old Troll"},
           {"name": "Great Lord of Goblin-gate", "ally_of": "Lagduf"}]
    dfn = [{"name": "Aragorn II"}, {"name": "Gimli"}, {"name": "Legolas"}, {"name": "Frodo"}]
    strikes = [{"defender": "Aragorn II", "attacker": "Lagduf", "attacker_cards": ["Great Lord of Goblin-gate"]},
               {"defender": "Gimli", "attacker": "Shagrat"}, {"defender": "Legolas", "attacker": "Old Troll"},
               {"defender": "Frodo", "attacker": "Great Lord of Goblin-gate"}]
    setups = setup_strikes(one_strike(att, dfn, strikes))
    gains = [sum(m.amount for m in s.attacker.prowess_mods if "Great Lord" in m.what) for s in setups]
    assert gains[:3] == [2, 2, 0]


def test_a_ringwraith_s_fates_count_the_return_to_hand():
    """MECCG-BODY-3: a Ringwraith that loses is returned to hand on an unmodified body-check roll of 7
    or 8; odds count it among his fates (2d6 gives 7 or 8 with 11/36)."""
    from fractions import Fraction

    from pycombat.games.meccg.combat.strikes import combat_odds, member_fates
    from pycombat.games.meccg.schema import scenario_from_dict

    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Khamûl the Ringwraith"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Khamûl the Ringwraith"}]}}
    co = combat_odds(scenario_from_dict(doc, file="<t>"))
    dist = co.per_strike[0]
    fates = member_fates(dist, "Khamûl the Ringwraith")
    loses = dist.prob(lambda o: o.loser == "Khamûl the Ringwraith")
    assert loses > 0 and fates["returned"] == loses * Fraction(11, 36)
