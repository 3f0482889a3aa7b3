"""The round table's numbers without named Combat cards in closed form (:mod:`pycombat.games.wotr.battle.round_table`):
each side's fields from its own roll, the hits taken from the other's, against the marginals of the
joint table of both rolls (:func:`no_card_tallies`, :func:`round_marginals`); later rounds from one
chained forward pass against each round's own pass from the start (:func:`later_round_tallies`);
the JSON and text built once per report, the same as built from those reference tables."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.dice import as_json
from pycombat.games.wotr.battle import round_table as rt
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.battle.odds_details import odds_extra_lines
from pycombat.games.wotr.cards.combat_round import round_marginals
from pycombat.games.wotr.schema import scenario_from_dict

ROLES = ("attacker", "defender")

rolls = st.builds(rt.RollParamsLike, dice=st.integers(0, 5), rerolls=st.integers(0, 5), hit=st.integers(2, 7),
                  roll_modifier=st.integers(-2, 2), reroll_modifier=st.integers(-1, 1),
                  reroll_hit=st.one_of(st.none(), st.integers(3, 6)))


def _reference(tallies):
    return {role: round_marginals(tallies, role) for role in ROLES}


@settings(max_examples=150, deadline=None)
@given(rolls, rolls)
def test_closed_form_marginals_equal_those_of_the_joint_table(att, dfd):
    got = rt.no_card_marginals(att, dfd)
    want = _reference(rt.no_card_tallies(att, dfd))
    assert got == want
    for role in ROLES:  # the same order of fields and of values (the JSON and the text follow it)
        assert list(got[role]) == list(want[role])
        assert all(list(got[role][f]) == list(want[role][f]) for f in want[role])
        assert all(sum(d.values()) == 1 for d in got[role].values())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(rolls, rolls, st.integers(1, 9)), min_size=1, max_size=4))
def test_mixed_marginals_equal_those_of_the_weighted_joint_tables(parts):
    total = sum(w for _, _, w in parts)
    weights: dict = {}
    joint: dict = {}
    for att, dfd, w in parts:
        weights[(att, dfd)] = weights.get((att, dfd), 0) + Fraction(w, total)
        for key, q in rt.no_card_tallies(att, dfd).items():
            joint[key] = joint.get(key, Fraction(0)) + Fraction(w, total) * q
    got, want = rt.mixed_marginals(weights), _reference(joint)
    assert got == want
    assert all(list(got[r][f]) == list(want[r][f]) for r in ROLES for f in want[r])


def _doc(rules: dict) -> dict:
    return {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 3, "elites": 2}}, "nazgul": 1},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "elites": 1, "leaders": 1}},
                         "retreat_to": []},
            "rules": rules}


def _reference_json(rep) -> list[dict]:
    """The table as built before the closed form: every round's joint table, its marginals."""
    out = []
    for pol in rep.results:
        setup = rep.setup
        rows = [(1, Fraction(1), rt.no_card_tallies(setup.params("attacker", setup.start[0], 1),
                                                    setup.params("defender", setup.start[2], 1)))]
        for rnd in rt.table_rounds(rep)[1:]:
            t, reach = rt.later_round_tallies(rep, pol, rnd)
            if reach:
                rows.append((rnd, reach, t))
        for rnd, reach, t in rows:
            row = {"round": rnd, "reached": as_json(reach), "policy": pol, "rules": [r for _, _, r in rt.ROWS]}
            for role in ROLES:
                row[role] = {f: {str(k): as_json(p) for k, p in d.items()} for f, d in round_marginals(t, role).items()}
            out.append(row)
    return out


def test_later_rounds_from_one_chained_pass_equal_each_rounds_own_pass():
    rep = battle_report(scenario_from_dict(_doc({"max_rounds": 4}), file="four.yaml"))
    got = rt.round_table_json(rep)
    assert [r["round"] for r in got if r["policy"] == "regulars_first"] == [1, 2, 3, 4]
    assert got == _reference_json(rep)
    for pol in rep.results:
        starts = rt.round_starts(rep, pol, [2, 3, 4])
        for rnd in (2, 3, 4):
            _, reach = rt.later_round_tallies(rep, pol, rnd)
            assert sum(starts[rnd].values(), Fraction(0)) == reach


def test_rows_are_built_once_and_the_text_reads_them():
    rep = battle_report(scenario_from_dict(_doc({"max_rounds": 2}), file="two.yaml"))
    first = rt.round_table_json(rep)
    rows = rt.table_rows(rep, "regulars_first")
    assert rt.table_rows(rep, "regulars_first") is rows  # kept with the report
    assert rt.round_table_json(rep) == first == _reference_json(rep)
    lines = odds_extra_lines(rep)
    assert "Round 1, side by side (exact; the rule of each number in brackets):" in lines
    assert any(line.startswith("Round 2, if it is fought (") for line in lines)
    # round 1's own, bonus and self-hits rows are left out of the text when no card gives any
    assert not any("bonus hits" in line for line in lines)
