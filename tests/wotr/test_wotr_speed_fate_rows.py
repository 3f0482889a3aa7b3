"""The fates of one side at an end position built as rows of (fate, number) pairs (fates._side_rows, read
by the odds' fate totals through fates._key_rows, and by ``replay`` as dicts through fates._side_fates),
checked against a brute force written here: every fate of every figure group worked out in full, then the
fates of number zero dropped (WOTR-CAS-5..7, WOTR-END-3/5, WOTR-SITE-4/5, WOTR-STACK-2, WOTR-CARDX-3); and
the after-the-battle distributions of a report's casualty policies, which share each kind of end's moves
(aftermath.aftermath_distribution's ``memo``), equal to each policy's worked out alone."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.games.wotr.battle import fates
from pycombat.games.wotr.battle.aftermath import aftermath_distribution
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.battle.odds_details import after_json
from pycombat.games.wotr.battle.process import KIND_ORDER
from pycombat.games.wotr.board import load_nations
from pycombat.games.wotr.characters import load_characters
from pycombat.games.wotr.model import Contingent, Force
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "wotr"
FILES = ("skirmish.yaml", "relief_over_the_limit.yaml", "sortie.yaml", "helms_deep.yaml", "folde_capture.yaml")
NATIONS = ("dwarves", "elves", "gondor", "north", "rohan", "isengard", "sauron", "southrons")
CHARACTERS = ("gandalf-grey", "strider", "boromir", "meriadoc", "gollum", "witch-king", "saruman")


def reference(role, side, force, units_end, kind, lost_figs, left_out=(), room=None, besieged=None) -> list[dict]:
    """Each figure group's fates, by brute force: every fate counted for every figure group, the zeros
    dropped at the end (the rules as the module docstring of fates gives them)."""
    chars = load_characters().characters
    nations = load_nations().nations
    groups = [c for c in force.contingents if c.regulars or c.elites or c.leaders]
    gone = all(r == 0 and e == 0 for r, e in units_end)
    where = {("defender", "defender_retreated"): "retreated", ("defender", "retreated_into_siege"): "in_stronghold",
             ("attacker", "sortie_returned"): "back_in_stronghold"}.get((role, kind), "with_army")
    if role == "defender" and besieged is not None:  # a siege battle's besieged Army (WOTR-SIEGE-4, WOTR-SITE-6)
        where = "siege_lifted" if kind == "defender_holds" and not besieged else "besieged"
    lost = "casualties_out_of_game" if side == "free_peoples" else "reinforcements"
    outs = list(left_out) + [(0, 0)] * (len(groups) - len(left_out))
    stacked = fates.stacking_removed(units_end, room if role == "attacker" else None, kind)
    card_leaders = sum(1 for x in lost_figs if x == "leader")
    rows = []
    for i, c in enumerate(groups):
        r, e = units_end[i]
        lr, le = outs[i]
        sr, se = stacked[i]
        name = nations[c.nation].name
        if c.regulars or r or lr:
            kept = min(c.regulars, r - sr)
            out_ = min(lr, c.regulars - kept)
            over = min(sr, c.regulars - kept - out_)
            rows.append({"figure": name + " Regular", "count": c.regulars,
                         "fates": {where: kept, "left_out_of_the_siege": out_, "removed_over_stacking_limit": over,
                                   lost: c.regulars - kept - out_ - over},
                         "replacements_joined": max(0, r + lr - c.regulars)})
        if c.elites:
            rows.append({"figure": name + " Elite", "count": c.elites,
                         "fates": {where: e - se, "left_out_of_the_siege": le, "removed_over_stacking_limit": se,
                                   lost: c.elites - e - le}})
        if c.leaders:
            by_card = min(card_leaders, c.leaders)
            card_leaders -= by_card
            rows.append({"figure": name + " Leader", "count": c.leaders,
                         "fates": {"eliminated_by_card": by_card,
                                   ("out_of_game" if gone else where): c.leaders - by_card}})
    if force.nazgul:
        by_card = sum(1 for x in lost_figs if x == "nazgul")
        rest = force.nazgul - by_card
        f = {"reinforcements": by_card + (rest if gone else 0)}
        if not gone:
            f[where] = rest
        rows.append({"figure": "Nazgûl", "count": force.nazgul, "fates": f})
    for ch in force.characters:
        c = chars[ch]
        fate = ("eliminated_by_card" if ch in lost_figs else "eliminated" if gone else
                "left_behind" if where == "retreated" and c.level == 0 else where)
        rows.append({"figure": c.name, "count": 1, "fates": {fate: 1}})
    for row in rows:
        row["fates"] = {k: v for k, v in row["fates"].items() if v != 0}
    return rows


@st.composite
def side_at_end(draw):
    """A force, its units at an end (replacement Regulars included), the kind of end, the figures a card
    eliminated, the units left out of a Stronghold and the stacking room."""
    nations = draw(st.lists(st.sampled_from(NATIONS), min_size=1, max_size=3, unique=True))
    contingents = tuple(Contingent(n, draw(st.integers(0, 4)), draw(st.integers(0, 3)), draw(st.integers(0, 2)))
                        for n in nations)
    force = Force(contingents, nazgul=draw(st.integers(0, 3)),
                  characters=tuple(draw(st.lists(st.sampled_from(CHARACTERS), max_size=2, unique=True))))
    groups = [c for c in contingents if c.regulars or c.elites or c.leaders]
    units_end = tuple((draw(st.integers(0, c.regulars + c.elites)), draw(st.integers(0, c.elites))) for c in groups)
    kind = draw(st.sampled_from(KIND_ORDER))
    lost = tuple(draw(st.lists(st.sampled_from(("leader", "nazgul") + force.characters), max_size=3)))
    left_out = tuple(draw(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 1)), max_size=len(groups))))
    room = draw(st.one_of(st.none(), st.integers(0, 10)))
    return force, units_end, kind, lost, left_out, room


@settings(max_examples=80, deadline=None, derandomize=True)
@given(side_at_end(), st.sampled_from(("attacker", "defender")), st.sampled_from(("free_peoples", "shadow")),
       st.sampled_from((None, False, True)))
def test_side_rows_are_the_brute_force_fates(drawn, role, side, besieged):
    force, units_end, kind, lost, left_out, room = drawn
    want = reference(role, side, force, units_end, kind, lost, left_out, room, besieged)
    got = fates._side_fates(role, side, force, units_end, kind, lost, left_out, room, besieged)
    assert got == want
    # in the same order (the JSON lists the fates as they come)
    assert [list(r["fates"].items()) for r in got] == [list(r["fates"].items()) for r in want]
    # the rows the odds' totals read: the same fates, in the same order, the replacements joined as a number
    rows = fates._side_rows(role, side, fates._nonempty(force), force, units_end, kind, lost, left_out, room, besieged)
    assert [(f, n, pairs, j or 0) for f, n, pairs, j in rows] == \
        [(r["figure"], r["count"], tuple(r["fates"].items()), r.get("replacements_joined", 0)) for r in want]
    assert all(n for _, _, pairs, _ in rows for _, n in pairs)  # no fate of number zero


def test_key_rows_memo_follows_the_force_it_is_given():
    """One memo read for two attacking forces (its non-empty contingents are kept per force, never reused
    for another): each gets its own rows."""
    s = load_scenario(EXAMPLES / "skirmish.yaml")
    one = Force((Contingent("gondor", 2, 1, 1),))
    two = Force((Contingent("rohan", 0, 0, 0), Contingent("elves", 1, 2, 0)))
    memo: dict = {}
    for force, units in ((one, ((1, 1),)), (two, ((1, 0),)), (one, ((0, 1),))):
        key = ("attacker", units, "", ())
        rows = fates._key_rows(s, force, None, key, memo)
        want = reference("attacker", s.attacker.side, force, units, "", ())
        assert [(fig, n, pairs) for (_, fig), n, pairs, _ in rows] == \
            [(r["figure"], r["count"], tuple(r["fates"].items())) for r in want]


def _diverse(n: int) -> list[dict]:
    sys.path.insert(0, str(ROOT / "bench"))
    import diverse_scenarios

    return list(diverse_scenarios.wotr(n, 34))


def test_shared_aftermath_equals_each_policy_alone():
    reports = [battle_report(load_scenario(EXAMPLES / name)) for name in FILES]
    reports += [battle_report(scenario_from_dict(d)) for d in _diverse(12)]
    for rep in reports:
        shared = after_json(rep)
        alone = {pol: aftermath_distribution(rep.scenario, rep.setup, res.outcomes, res.numerators())
                 for pol, res in rep.results.items()}
        assert json.dumps(shared) == json.dumps(alone)
