"""A corruption check a card costs whose maker its player chooses (the card's caster): Our Own Wolves (AS-95,
"-3 unless a Ringwraith", played in a strike, MECCG-FX-25) and The Tormented Earth (AS-102, "-4 unless a
Ringwraith", a cancel, MECCG-FX-30), Bitter Cold (LE-168, "-4 unless a Ringwraith", before strikes are
assigned in an attack that goes on, MECCG-FX-31). The scenario names him as ``{card: X, member: Y}`` where the card is
played (a strike's ``defender_cards``, the combat's ``before_assignment``, the company's ``hand``); a
Ringwraith makes none; none named, the check is listed as not modelled with the field to add.

Every figure is checked against a brute force over the 36 rolls of two dice written here from the rule's
words: 2d6 + modifier against the maker's corruption points (above: passes; at them or one less:
discarded; lower: eliminated)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import coverage
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

SETTINGS = settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
DICE = list(product(range(1, 7), repeat=2))
TORMENTED, WOLVES = "The Tormented Earth", "Our Own Wolves"
BITTER = "Bitter Cold"  # LE-168: "a corruption check -4 unless a Ringwraith", played before strikes are assigned
MODIFIER = {TORMENTED: -4, WOLVES: -3, BITTER: -4}  # combat_cards.json AS-102, AS-95 `effects[].cost`; LE-168


def fate_of(total: int, cp: int) -> str:
    return "passes" if total > cp else "discarded" if total >= cp - 1 else "eliminated"


def brute(card: str, cp: int) -> dict[str, Fraction]:
    """The check's fates over the 36 rolls, from the rule's words."""
    out: dict[str, Fraction] = {}
    for a, b in DICE:
        f = fate_of(a + b + MODIFIER[card], cp)
        out[f] = out.get(f, Fraction(0)) + Fraction(1, 36)
    return out


def _cancel_doc(maker: str | None, cp: int, *, members=None):
    members = members or [{"name": "Lagduf", "corruption_points": cp}, {"name": "Shagrat", "corruption_points": cp}]
    card = TORMENTED if maker is None else {"card": TORMENTED, "member": maker}
    names = [m if isinstance(m, str) else m["name"] for m in members]
    return {"game": "meccg", "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Legolas"]},
            "defender": {"alignment": "minion", "site": "Moria", "members": members},
            "combat": {"before_assignment": [card],
                       "strikes": [{"defender": d, "attacker": a} for d, a in zip(names, ["Aragorn II", "Legolas"])]}}


def _wolves_doc(maker: str | None, cp: int, rolls=None):
    card = WOLVES if maker is None else {"card": WOLVES, "member": maker}
    strike = {"defender": "War-wolf", "attacker": "Aragorn II", "defender_cards": [card]}
    if rolls is not None:
        strike["rolls"] = rolls
    return {"game": "meccg", "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
            "defender": {"alignment": "minion", "site": "Moria",
                         "members": [{"name": "Lagduf", "corruption_points": cp},
                                     {"name": "Shagrat", "corruption_points": cp},
                                     {"name": "War-wolf", "ally_of": "Lagduf"}]},
            "combat": {"strikes": [strike]}}


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


@SETTINGS
@given(st.sampled_from(["Lagduf", "Shagrat"]), st.integers(0, 9))
def test_tormented_earth_check_is_the_named_makers(maker, cp):
    """odds: the cancel stands; the named maker's fate is the check's (MECCG-FX-30)."""
    co = combat_odds(_s(_cancel_doc(maker, cp)))
    want = brute(TORMENTED, cp)
    assert co.cancel.chance == 1 and co.cancel.check.who == maker and "MECCG-FX-30" in co.cancel.rules
    fate = dict(co.fates[maker].items())
    assert fate.get("discarded", 0) == want.get("discarded", 0)
    assert fate.get("eliminated", 0) == want.get("eliminated", 0)
    other = "Shagrat" if maker == "Lagduf" else "Lagduf"
    assert dict(co.fates[other].items()) == {"cancelled": 1}


@pytest.mark.parametrize("cp", [2, 5])
def test_tormented_earth_optimize_pays_the_check(cp):
    """optimize: the cancel's outcomes each pay what the named maker's check does."""
    s = _s(_cancel_doc("Shagrat", cp))
    elim = brute(TORMENTED, cp).get("eliminated", Fraction(0))
    assert solve_combat(s, objective_from("eliminations", None, s), max_nodes=10_000).value == -elim
    # he survives only if he passes it: discarded or eliminated, he leaves play
    assert solve_combat(s, objective_from("survive", "Shagrat", s), max_nodes=10_000).value == \
        brute(TORMENTED, cp).get("passes", Fraction(0))


@pytest.mark.parametrize("roll", range(2, 13))
def test_tormented_earth_replay_rolls_the_check(roll):
    """replay: one die for the check (`cancel_roll:`), its fate as the rule says (MECCG-FX-30)."""
    doc = _cancel_doc("Lagduf", 4)
    doc["combat"]["cancel_roll"] = roll
    got = replay(_s(doc), None)
    text = got.preamble[-1].text
    want = fate_of(roll + MODIFIER[TORMENTED], 4)
    assert "MECCG-FX-30" in got.preamble[-1].rules and got.strikes == []
    assert {"passes": "Lagduf passes", "discarded": "discarded", "eliminated": "eliminated"}[want] in text


def test_a_ringwraith_maker_makes_no_check():
    """"unless a Ringwraith": a Ringwraith named as the maker makes none, and nothing is left open."""
    members = [{"name": "Khamûl the Ringwraith", "corruption_points": 0}, "Lagduf"]
    s = _s(_cancel_doc("Khamûl the Ringwraith", 0, members=members))
    assert combat_odds(s).cancel.check is None
    # only the card's requirement the data cannot check is named ("Playable on a sorcery-using character")
    assert [e["what"] for e in coverage.unmodelled(s) if e["card"] == TORMENTED] == [
        'its requirement: "Playable on a sorcery-using character" (its caster uses sorcery)']


@pytest.mark.parametrize("doc", [_cancel_doc(None, 3), _wolves_doc(None, 3)], ids=["cancel", "strike"])
def test_an_unnamed_maker_is_listed_with_the_field_to_add(doc):
    """No maker named: no check is rolled, and the check is named as not modelled, saying what to add."""
    s = _s(doc)
    got = [e for e in coverage.unmodelled(s) if "corruption check" in e["what"]]
    assert len(got) == 1 and "member: <the character>" in got[0]["why"]
    if "before_assignment" in doc["combat"]:
        assert combat_odds(s).cancel.check is None
    else:
        assert not {"Lagduf", "Shagrat"} & set(combat_odds(s).fates)  # nobody but the strike's two has a fate
    named = _s(_cancel_doc("Lagduf", 3)) if "before_assignment" in doc["combat"] else _s(_wolves_doc("Lagduf", 3))
    assert not [e for e in coverage.unmodelled(named) if "corruption check" in e["what"]]


@SETTINGS
@given(st.sampled_from(["Lagduf", "Shagrat"]), st.integers(0, 9))
def test_our_own_wolves_check_beside_the_strike(maker, cp):
    """odds: the Wolf ally gets +3 whatever the check does; the maker's fate is the check's (MECCG-FX-25)."""
    co = combat_odds(_s(_wolves_doc(maker, cp)))
    want = brute(WOLVES, cp)
    fate = dict(co.fates[maker].items())
    assert fate.get("discarded", 0) == want.get("discarded", 0)
    assert fate.get("eliminated", 0) == want.get("eliminated", 0)


@pytest.mark.parametrize("roll", range(2, 13))
def test_our_own_wolves_replay(roll):
    """replay: the strike's `rolls: cards:` is the check; the card acts (War-wolf 2 + 3) whatever it does."""
    got = replay(_s(_wolves_doc("Shagrat", 3, {"cards": [roll], "attacker": 7, "defender": 7, "body": 7})), None)
    lines = [step.text for step in got.strikes[0][1]]
    check = next(t for t in lines if "corruption check" in t and "rolls" in t)
    want = fate_of(roll + MODIFIER[WOLVES], 3)
    assert "Shagrat" in check and ({"passes": "passes", "discarded": "discarded", "eliminated": "eliminated"}[want]
                                   in check)
    assert any("War-wolf 2 +3 (Our Own Wolves" in t for t in lines)


def _hand_doc(maker: str | None, cp: int) -> dict:
    doc = {"game": "meccg", "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Legolas", "Gimli"]},
           "defender": {"alignment": "minion", "site": "Moria",
                        "members": [{"name": "Lagduf", "corruption_points": cp}, "Khamûl the Ringwraith",
                                    {"name": "War-wolf", "ally_of": "Lagduf"}]}}
    if maker is not None:
        doc["defender"]["hand"] = [{"card": WOLVES, "member": maker}]
    return doc


def test_our_own_wolves_from_the_hand_in_optimize():
    """optimize, the hand's card with its maker: Lagduf at 12 corruption points fails the check -3 for certain
    (eliminated: 2d6 - 3 < 11), so against the eliminations objective the card is worth not playing (the
    value of the hand without it); Khamûl, a Ringwraith, makes none, and the +3 is worth playing."""
    assert brute(WOLVES, 12) == {"eliminated": 1}
    values = {}
    for key, maker in (("certain loss", "Lagduf"), ("no check", "Khamûl the Ringwraith"), ("no card", None)):
        s = _s(_hand_doc(maker, 12))
        if maker is not None:
            assert dict(s.defender.makers) == {WOLVES: maker}
        values[key] = solve_combat(s, objective_from("eliminations", None, s), max_nodes=200_000).value
    assert values["certain loss"] == values["no card"] < values["no check"]


@pytest.mark.parametrize("entry, match", [
    ({"card": WOLVES, "member": "War-wolf"}, "is an ally"),
    ({"card": WOLVES, "member": "Gimli"}, "not a member of the defending company"),
    ({"card": "Kindling of the Spirit", "member": "Lagduf"}, "leaves no corruption check"),
])
def test_bad_makers_are_refused(entry, match):
    doc = _wolves_doc(None, 3)
    doc["combat"]["strikes"][0]["defender_cards"] = [entry]
    with pytest.raises(ScenarioError, match=match):
        _s(doc)


def test_two_makers_for_one_card_are_refused():
    doc = _wolves_doc("Lagduf", 3)
    doc["defender"]["hand"] = [{"card": WOLVES, "member": "Shagrat"}]
    with pytest.raises(ScenarioError, match="name one maker per card"):
        _s(doc)


def test_verify_cancel_claims_with_the_named_maker():
    """verify: the cancel stands whatever the named maker's check does, its odds in the notes; whether the card
    may be played on its caster ("Playable on a sorcery-using character", not in the data) is named, so the
    verdict is not decided, and would be TRUE if that changed nothing."""
    s = _s(_cancel_doc("Lagduf", 2))
    v = verify(s, [Claim(id="c", kind="cancels_attack", args={"card": TORMENTED}, text="", path="claims[0]")])[0]
    assert v.verdict is None and any("sorcery-using" in n and "the verdict would be True" in n for n in v.notes)
    want = brute(TORMENTED, 2)
    assert any(f"discarded {want['discarded']}" in n and f"passes {want['passes']}" in n for n in v.notes)



@pytest.mark.parametrize("cp", [0, 2, 5])
def test_bitter_cold_check_before_the_assignment_is_the_named_makers(cp):
    """Under pre_assignment_attack_effects=allowed Bitter Cold changes the attack and the attack goes on: its
    named caster's check is the node before the assignment (MECCG-FX-31), its fates the brute force's."""
    from pycombat.games.meccg import verbs

    doc = _cancel_doc("Lagduf", cp)
    doc["rules"] = {"pre_assignment_attack_effects": "allowed"}
    doc["combat"]["before_assignment"] = [{"card": BITTER, "member": "Lagduf"}]
    rep = verbs.odds(_s(doc))
    want = {k: v for k, v in brute(BITTER, cp).items() if v}  # both -4
    assert rep.check.pre.who == "Lagduf" and rep.check.pre.rule == "MECCG-FX-31"
    assert {o.outcome.fate: o.outcome.chance for o in rep.check.per_outcome} == want
    doc["combat"]["before_assignment"] = [BITTER]
    unnamed = _s(doc)
    assert verbs.odds(unnamed).check is None
    assert any("member: <the character>" in e["why"] for e in coverage.unmodelled(unnamed) if e["card"] == BITTER)
