"""Facts a scenario leaves open about its units, and verify (RB-CARD-4): a claim is decided despite them exactly when
no value of them changes its verdict (:mod:`pycombat.games.riftbound.open_facts`).

The brute force below states every open fact with every value it can take, XP one by one from 0 to 17 (not the
Levels the product tries), and verifies each fully stated scenario: when all agree, the open scenario's verdict must
be that one; when they differ, it must be undecided."""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import pycombat
from pycombat.games.riftbound import open_facts

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from budget import examples  # noqa: E402
from earlier_this_turn import none_before  # noqa: E402

#: unit cards with a "[Level N]" ability (the side's `xp:`), one "I'm [Empowered]" keyword (`empowered:`), one
#: conditional keyword the model does not check (`conditions_hold:`), and one reading whether its player gained XP
#: this turn (the side's `gained_xp_this_turn:`)
LEVEL = ("Scorchclaw", "Mosstomper", "Gemhand Hunter", "Master Yi - Tempered")
EMPOWERED = ("Shadow Fiend", "Brutal Hunter")
HOLDS = ("Raging Soul",)
GAINED = ("Wily Newtfish",)
#: unit cards with a clause read from the unit's `exhausted:` ("While I'm exhausted/ready") and its `immune:` ("I
#: don't take damage" under a condition)
EXHAUSTED = ("Irelia - Fervent", "Fretful Feline", "Jayce, Hammer in Hand")
IMMUNE = ("Kayn - Unleashed",)
CLAIMS = ("the attacker conquers the battlefield", "the defender keeps the battlefield", "D1 dies", "A1 dies")


def _verdict(doc):
    (v,) = pycombat.load(doc).run("verify").verdicts
    return v


def _doc(attacker, base, defender, claim, xp=None, facts=(), gained=None):
    doc = {"game": "riftbound",
           # (the open facts are those named above: a "this turn" trigger that may have fired earlier did not)
           "attacker": {"units": [{"name": "A1", "custom": True, "might": attacker}]
                        + none_before([{"name": c} for c in base[0]]),
                        "base": none_before([{"name": c} for c in base[1]])},
           "defender": {"units": [{"name": "D1", "custom": True, "might": defender}]},
           "claims": [{"claim": claim}]}
    if xp is not None:
        doc["attacker"]["xp"] = xp
    if gained is not None:
        doc["attacker"]["gained_xp_this_turn"] = gained
    for where, i, key, value in facts:
        doc["attacker"][where][i + (1 if where == "units" else 0)][key] = value
    return doc


def _too_many(doc) -> bool:
    from pycombat.games.riftbound.cards.showdown import play_showdown
    from pycombat.games.riftbound.schema import scenario_from_dict

    sc = scenario_from_dict(doc, file="<t>")
    facts = open_facts.open_facts(play_showdown(sc).unmodelled, open_facts.cards_by_path(sc))
    return facts is not None and open_facts.readings(facts) is None


#: the option Jayce, Hammer in Hand's "When I become ready, choose one" gave him before the showdown: his `keywords:`
READY_CHOICE = {"Jayce, Hammer in Hand": ("keywords", ([], ["Assault 2"], ["Deflect 2"], ["Ganking"]))}


def _open(cards):
    """Each card's open facts: (key, values) of its entry (none: the side's XP)."""
    keys = {**dict.fromkeys(EMPOWERED, "empowered"), **dict.fromkeys(HOLDS, "conditions_hold"),
            **dict.fromkeys(EXHAUSTED, "exhausted"), **dict.fromkeys(IMMUNE, "immune")}
    return [([(keys[c], (True, False))] if c in keys else []) + ([READY_CHOICE[c]] if c in READY_CHOICE else [])
            for c in cards]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(here=st.lists(st.sampled_from(LEVEL + EMPOWERED + HOLDS + GAINED + EXHAUSTED + IMMUNE), max_size=2),
       base=st.lists(st.sampled_from(LEVEL + EMPOWERED + HOLDS + GAINED + EXHAUSTED + IMMUNE), max_size=2),
       attacker=st.integers(0, 6), more=st.integers(-1, 8), claim=st.sampled_from(CLAIMS))
def test_a_verdict_is_decided_exactly_when_no_value_of_the_open_facts_changes_it(here, base, attacker, more, claim):
    defender = max(1, attacker + more + 3 * len(here))  # near the attacker's total: a value often matters
    placed = [("units", i, c) for i, c in enumerate(here)] + [("base", i, c) for i, c in enumerate(base)]
    bools = [(w, i, k, vals) for (w, i, c), kvs in zip(placed, _open([c for _, _, c in placed])) for k, vals in kvs]
    levels = any(c in LEVEL for _, _, c in placed)
    gains = any(c in GAINED for _, _, c in placed)
    got = _verdict(_doc(attacker, (here, base), defender, claim))
    seen = set()
    for xp, gained in itertools.product(range(18) if levels else (None,), (True, False) if gains else (None,)):
        for values in itertools.product(*(vals for *_, vals in bools)):
            facts = [(w, i, k, v) for (w, i, k, _), v in zip(bools, values)]
            v = _verdict(_doc(attacker, (here, base), defender, claim, xp, facts, gained))
            assert v.verdict is not None, (xp, gained, facts, v.notes)  # fully stated: decided
            seen.add(v.verdict)
    assert None not in seen  # every fully stated reading is decided
    event("no value changes it" if len(seen) == 1 else "a value changes it")
    event("open facts" if placed else "no open fact")
    if len(seen) == 1 and _too_many(_doc(attacker, (here, base), defender, claim)):
        assert got.verdict is None  # more readings than the product tries: left undecided
    elif len(seen) == 1:
        assert got.verdict == next(iter(seen)), (here, base, seen, got.notes)
    else:
        assert got.verdict is None, (here, base, seen, got.notes)


#: unit cards with an ability read against a count of its side (the side's key, the count's values tried one by one)
COUNTED = {"Master Yi - Meditative": ("runes", range(13)), "Esteemed Hierophant": ("runes", range(13)),
           "Sivir - Mercenary": ("spent_this_turn.power", range(13)),
           "Prepared Neophyte": ("spent_this_turn.spell_energy", range(13))}


def _count_doc(cards, attacker, defender, claim, counts=None):
    doc = _doc(attacker, ([c for w, c in cards if w == "units"], [c for w, c in cards if w == "base"]), defender,
               claim)
    for key, value in (counts or {}).items():
        side = doc["attacker"]
        if "." in key:
            outer, key = key.split(".")
            side = side.setdefault(outer, {})
        side[key] = value
    return doc


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=st.lists(st.tuples(st.sampled_from(("units", "base")), st.sampled_from(sorted(COUNTED))), min_size=1,
                      max_size=2, unique_by=lambda t: t[1]),
       attacker=st.integers(0, 6), more=st.integers(-1, 3), claim=st.sampled_from(CLAIMS))
def test_a_count_read_against_thresholds_is_decided_exactly_when_no_count_changes_it(cards, attacker, more, claim):
    """The side's `runes:` and `spent_this_turn: {power, spell_energy}` left open: the brute force states every
    count from 0 to 12 (the product tries 0 and the data's thresholds)."""
    printed = {"Master Yi - Meditative": 4, "Esteemed Hierophant": 5, "Sivir - Mercenary": 4, "Prepared Neophyte": 1}
    # near the attacker's total without the bonuses (+4, +2, +4): a count often matters
    defender = max(1, attacker + more + sum(printed[c] for w, c in cards if w == "units"))
    keys = sorted({COUNTED[c][0] for _, c in cards})
    seen = set()
    for values in itertools.product(*(COUNTED[next(c for _, c in cards if COUNTED[c][0] == k)][1] for k in keys)):
        v = _verdict(_count_doc(cards, attacker, defender, claim, dict(zip(keys, values))))
        assert v.verdict is not None, (values, v.notes)  # fully stated: decided
        seen.add(v.verdict)
    got = _verdict(_count_doc(cards, attacker, defender, claim))
    event("no count changes it" if len(seen) == 1 else "a count changes it")
    if len(seen) == 1:
        assert got.verdict == next(iter(seen)), (cards, seen, got.notes)
    else:
        assert got.verdict is None, (cards, seen, got.notes)


def test_the_counts_values_are_zero_and_the_thresholds_the_data_names():
    assert [open_facts.count_values(f) for f in ("runes", "power_spent", "spell_energy")] == [
        (0, 7, 8), (0, 2), (0, 4)]
    # Master Yi - Meditative (+4 Might with 8+ runes) beside a 1-Might A1 against 6: 8 runes make him conquer
    doc = _count_doc([("units", "Master Yi - Meditative")], 1, 6, "the attacker conquers the battlefield")
    assert _verdict(doc).verdict is None
    assert [_verdict(_count_doc([("units", "Master Yi - Meditative")], 1, 6, "the attacker conquers the battlefield",
                                {"runes": n})).verdict for n in (0, 7, 8, 12)] == [False, False, True, True]
    at_base = _count_doc([("base", "Master Yi - Meditative")], 1, 6, "the attacker conquers the battlefield")
    v = _verdict(at_base)
    assert v.verdict is False and any("unable to change this verdict" in n for n in v.notes)


def test_a_unit_at_its_base_whose_level_cannot_matter_leaves_the_claim_decided():
    doc = _doc(5, ((), ("Scorchclaw",)), 3, "the attacker conquers the battlefield")
    v = _verdict(doc)
    assert v.verdict is True and "RB-CARD-4" in v.rules
    assert any("unable to change this verdict" in n and "Scorchclaw" in n for n in v.notes)


def test_an_open_level_that_changes_the_outcome_leaves_it_undecided():
    # Scorchclaw 3 (+1 at Level 3) against 4: the defender keeps it at XP 0-2, nobody's from XP 3
    v = _verdict(_doc(0, (("Scorchclaw",), ()), 4, "the defender keeps the battlefield"))
    assert v.verdict is None and any("if they changed nothing the verdict would be" in n for n in v.notes)


def test_too_many_readings_leave_it_undecided():
    many = ("Shadow Fiend",) * 7  # 2**7 readings: more than the limit
    doc = _doc(9, ((), many), 1, "the attacker conquers the battlefield")
    doc["attacker"]["base"] = [{"name": "Shadow Fiend", "label": f"S{k}"} for k in range(7)]
    assert 2 ** 7 > open_facts.MAX_READINGS
    assert _verdict(doc).verdict is None


def test_an_item_that_is_not_an_open_fact_leaves_it_undecided():
    # an Equipment bonus in no source is not a fact of the unit's entry: nothing to read again
    from pycombat.games.riftbound.cards.plays import Unmodelled

    assert open_facts.open_facts([Unmodelled("X", "clause 'y' (unit U)", "the data does not parse it")]) is None
    assert open_facts.open_facts([Unmodelled("X", "w (unit U)", "give `immune: true|false`")]) is None  # no unit
    assert open_facts.open_facts([Unmodelled("X", "w (unit U)", "give `immune: true|false`",
                                             unit_path="defender.base[1]")]) == [
        ("defender.base[1]", "immune", (True, False))]
    assert open_facts.open_facts([Unmodelled("X", "w", "the side's `xp: N`", unit_path="attacker.units[0]")]) == [
        ("attacker", "xp", open_facts.xp_values())]
    held = [Unmodelled("X", "w", "give `conditions_hold: true|false`", unit_path="attacker.units[0]")]
    assert open_facts.open_facts(held) is None  # a custom unit (no card): what it covers is not known


def _turn_doc(unit, play, claim, turn=None):
    """``unit`` (a card) beside A1 (6 Might) against D1 (3), ``play`` in the showdown, ``turn:`` as given."""
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 6}] + ([{"name": unit}] if unit else [])},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 3}]},
           "showdown": [play], "claims": [{"claim": claim}]}
    if turn is not None:
        doc["turn"] = turn
    return doc


VIKTOR = "Viktor - Innovator"  # "When you play a card on an opponent's turn": a 1-Might Recruit token at its base


@pytest.mark.parametrize("claim", ["the attacker conquers the battlefield", "D1 dies", "A1 dies"])
def test_an_open_turn_that_cannot_matter_leaves_the_claim_decided(claim):
    play = {"play": "Lotus Trap", "by": "attacker", "target": "D1"}
    readings = [_verdict(_turn_doc(VIKTOR, play, claim, turn)) for turn in ("attacker", "defender")]
    assert all(r.verdict is not None for r in readings) and readings[0].verdict == readings[1].verdict
    v = _verdict(_turn_doc(VIKTOR, play, claim))
    assert v.verdict == readings[0].verdict and "RB-CARD-4" in v.rules
    assert any("unable to change this verdict" in n and VIKTOR in n for n in v.notes)
    assert open_facts.open_facts(_unmodelled(_turn_doc(VIKTOR, play, claim))) == [
        ("", "turn", ("attacker", "defender"))]


def test_an_open_turn_on_a_move_nobody_states_leaves_the_claim_decided():
    # Evelynn - Entrancing from face down on her player's turn "may move an enemy unit at a different location" to
    # her: on the defender's turn the move is hers to state, and it is not (a target with the turn open is refused,
    # RB-CARD-1), so neither reading moves A2 in
    play = {"play": "Evelynn - Entrancing", "by": "defender", "facedown": True, "to": "battlefield"}
    doc = _turn_doc(None, play, "the attacker conquers the battlefield")
    doc["attacker"]["base"] = [{"name": "A2", "custom": True, "might": 1}]
    assert open_facts.open_facts(_unmodelled(doc)) == [("", "turn", ("attacker", "defender"))]
    assert not _unmodelled({**doc, "turn": "defender"}) and not _unmodelled({**doc, "turn": "attacker"})
    assert _verdict(doc).verdict is True


@pytest.mark.parametrize("where, decided", [("units", False), ("base", True)])
def test_an_open_turn_is_read_with_the_other_open_facts(where, decided):
    # Viktor's turn and Scorchclaw's Level (3 Might, +1 at Level 3) read together: 2 x 5 readings. At the
    # battlefield the Level decides whether A1, Viktor and Scorchclaw kill D1; at the base it cannot matter
    play = {"play": "Lotus Trap", "by": "attacker", "target": "D1"}
    doc = _turn_doc(VIKTOR, play, "D1 dies")
    doc["defender"]["units"][0]["might"] = 25  # Lotus Trap doubles the damage dealt to it: 24 or 26
    doc["attacker"].setdefault(where, []).append({"name": "Scorchclaw"})
    facts = open_facts.open_facts(_unmodelled(doc))
    assert sorted(k for _, k, _ in facts) == ["turn", "xp"]
    assert (_verdict(doc).verdict is not None) is decided


def _unmodelled(doc):
    from pycombat.games.riftbound.cards.showdown import play_showdown
    from pycombat.games.riftbound.schema import scenario_from_dict

    return play_showdown(scenario_from_dict(doc, file="<t>")).unmodelled


def test_xp_values_are_zero_and_every_level_the_data_names():
    values = open_facts.xp_values()
    assert values[0] == 0 and list(values) == sorted(set(values)) and {3, 6} <= set(values)


@pytest.mark.parametrize("path, expect", [("attacker.base[0]", {"name": "Scorchclaw", "xp": 3}),
                                          ("attacker", None)])
def test_stated_patches_a_copy_of_the_document(path, expect):
    doc = {"attacker": {"base": ["Scorchclaw"]}}
    out = open_facts.stated(doc, [(path, "xp", 3)])
    assert doc == {"attacker": {"base": ["Scorchclaw"]}}  # the original is untouched
    if expect is not None:
        assert out["attacker"]["base"][0] == expect
    else:
        assert out["attacker"]["xp"] == 3


def test_conditions_hold_is_read_again_only_when_it_states_one_fact():
    from pycombat.games.riftbound.cards.units import load_units

    db = load_units()
    assert open_facts.holds_alike(db.unit("Raging Soul"))  # two keywords, one condition
    assert open_facts.holds_alike(db.unit("Scorchclaw"))  # none
    # the board decides "while I'm [Mighty]" and the count of enemy units: `conditions_hold:` would override it
    assert not open_facts.holds_alike(db.unit("Fiora - Victorious"))
    assert not open_facts.holds_alike(db.unit("Ancient Warmonger"))


def test_each_reading_is_read_once_for_all_the_claims(monkeypatch):
    from pycombat import registry

    game = registry.get("riftbound")
    calls = []
    real = type(game).read_scenario

    def counting(self, data, **kw):
        calls.append(1)
        return real(self, data, **kw)

    monkeypatch.setattr(type(game), "read_scenario", counting)
    doc = _doc(5, ((), ("Scorchclaw",)), 3, "the attacker conquers the battlefield")
    pycombat.load(doc).run("verify")
    one = len(calls)
    calls.clear()
    doc["claims"] = [{"claim": "the attacker conquers the battlefield"}, {"claim": "D1 dies"}, {"claim": "A1 dies"}]
    report = pycombat.load(doc).run("verify")
    assert [v.verdict for v in report.verdicts] == [True, True, False]
    assert len(calls) == one == 1 + len(open_facts.xp_values())  # the file, then one reading a value of XP
