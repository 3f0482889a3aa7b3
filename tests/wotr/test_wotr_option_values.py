"""optimize values every option of every decision the optimal play reaches: casualty choices,
cease/continue and stay/retreat (one option per region), checked against a backward induction over
the dice faces, the casualties and the end-of-round choices written here from the rules; options
with identical outcome distributions grouped (against the brute force's distributions), forced
decisions marked and left out of the text, differences never negative, the played option best."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest

from field_battle_brute import army_hits as hits, take
from pycombat.games.wotr import verbs
from pycombat.tree.options import grouped, option_lines, rank
from pycombat.games.wotr.schema import example_path, load_scenario

MAX_ROUNDS = 2
REGIONS = ("Eastern Emyn Muil", "North Ithilien")  # where the defender may retreat (the file's retreat_to)
#: (regulars, elites) and Leadership of each side at the start
ATTACKER, DEFENDER = (2, 1), (2, 1)
LEADERSHIP = {"attacker": 1, "defender": 1}  # one Nazgûl; one Leader (WOTR-STR-4)
EXAMPLE = "every_option.yaml"


def _scenario(flags=None):
    return load_scenario(example_path(EXAMPLE), flags)


def test_the_example_is_the_battle_brute_forced_here():
    s = _scenario()
    (a,), (d,) = [[(c.regulars, c.elites) for c in army.force.contingents] for army in (s.attacker, s.defender)]
    assert (a, d) == (ATTACKER, DEFENDER)
    assert (s.attacker.force.nazgul, s.defender.force.contingents[0].leaders) == (1, 1)
    assert s.flags["max_rounds"] == str(MAX_ROUNDS) and s.flags["replacement_pool"] == "unlimited"
    assert s.kind == "field" and not s.attacker.force.characters and not s.defender.force.characters


# ---- the brute force -------------------------------------------------------------------------------------


def payoff(objective, kind, a, d):
    if objective == "win":
        return Fraction(kind in ("attacker_wins", "defender_retreated"))
    return Fraction(kind in ("attacker_wins", "both_destroyed"))  # destroy


def label(nation, units):
    return f"left with {nation} {units[0]}R {units[1]}E" if sum(units) else "left with no units"


class Brute:
    """Backward induction over the battle's tree (max_rounds rounds): each node's value and outcome
    distribution under optimal play, and every decision's options (label, value, distribution)."""

    def __init__(self, objective):
        self.objective = objective
        self.decisions: dict[tuple, list] = {}

    def best(self, key, options, side):
        """options: [(label, value, dist)]; the side's best (value, dist); recorded under ``key``."""
        self.decisions[key] = options
        pick = max if side == "attacker" else min
        v = pick(o[1] for o in options)
        return v, next(o[2] for o in options if o[1] == v)

    def terminal(self, kind, a, d):
        return payoff(self.objective, kind, a, d), Counter({(kind, a, d): Fraction(1)})

    @lru_cache(maxsize=None)
    def round(self, a, d, rnd):
        value, dist = Fraction(0), Counter()
        for i, p in hits(a, LEADERSHIP["attacker"]).items():  # the hits the attacker scores
            for j, q in hits(d, LEADERSHIP["defender"]).items():
                v, ds = self.attacker_casualties(a, d, i, j, rnd)
                value += p * q * v
                for o, x in ds.items():
                    dist[o] += p * q * x
        return value, dist

    def attacker_casualties(self, a, d, i, j, rnd):
        opts = []
        for a2 in sorted(take(a, j)):
            v, ds = self.defender_casualties(a2, d, i, rnd)
            opts.append((label("Sauron", a2), v, ds))
        if j == 0:
            return opts[0][1], opts[0][2]
        return self.best(("attacker_casualties", rnd, a, d, i, j), opts, "attacker")

    @lru_cache(maxsize=None)
    def defender_casualties(self, a, d, i, rnd):
        opts = [(label("Gondor", d2), *self.end(a, d2, rnd)) for d2 in sorted(take(d, i))]
        if i == 0:
            return opts[0][1], opts[0][2]
        return self.best(("defender_casualties", rnd, a, d, i), opts, "defender")

    @lru_cache(maxsize=None)
    def end(self, a, d, rnd):
        if not sum(a) and not sum(d):  # WOTR-END-9
            return self.terminal("both_destroyed", a, d)
        if not sum(d):
            return self.terminal("attacker_wins", a, d)
        if not sum(a):
            return self.terminal("defender_holds", a, d)
        if rnd == MAX_ROUNDS:
            return self.terminal("round_limit", a, d)
        stay = self.round(a, d, rnd + 1)
        retreat = [(f"retreat to {r}", *self.terminal("defender_retreated", a, d)) for r in REGIONS]
        go_on = self.best(("retreat", rnd, a, d), [("stay", *stay)] + retreat, "defender") if retreat else stay
        return self.best(("cease", rnd, a, d), [("continue", *go_on),
                                                 ("cease the attack", *self.terminal("attack_ceased", a, d))],
                         "attacker")


def brute(objective):
    b = Brute(objective)
    value, _ = b.round(ATTACKER, DEFENDER, 1)
    return b, value


def _key(dec):
    (a,), (d,) = dec.units
    if dec.kind == "attacker_casualties":
        return (dec.kind, dec.round, a, d, *dec.hits)
    if dec.kind == "defender_casualties":
        return (dec.kind, dec.round, a, d, dec.hits[0])
    return (dec.kind, dec.round, a, d)


# ---- the tests -----------------------------------------------------------------------------------------
@pytest.fixture(scope="module", params=["win", "destroy"])
def solved(request):
    objective = request.param
    report = verbs.optimize(_scenario(), objective=objective, min_chance=Fraction(0))
    return objective, report, *brute(objective)


def test_the_brute_force_and_the_solver_agree_on_the_battle(solved):
    _, report, _, value = solved
    assert report.result.best.split.whole
    assert report.value == value


def test_every_option_value_is_the_brute_forces(solved):
    """Each decision reported has the brute force's options, with the same exact values."""
    _, report, b, _ = solved
    decisions = report.decisions.decisions
    assert {d.kind for d in decisions} == {"attacker_casualties", "defender_casualties", "cease", "retreat"}
    for dec in decisions:
        expected = b.decisions[_key(dec)]
        assert sorted((o.label, o.value) for o in dec.options) == sorted((lbl, v) for lbl, v, _ in expected), dec
        assert dec.forced == (len(expected) == 1)


def test_differences_are_from_the_best_and_the_played_option_is_best(solved):
    _, report, _, _ = solved
    for dec in report.decisions.decisions:
        best = (max if dec.side == "attacker" else min)(o.value for o in dec.options)
        assert [o.difference for o in dec.options] == sorted(o.difference for o in dec.options)
        for o in dec.options:
            assert o.difference >= 0
            assert o.difference == (best - o.value if dec.side == "attacker" else o.value - best)
        played = [o for o in dec.options if o.chosen]
        assert len(played) == 1 and played[0].difference == 0 and dec.options[0].chosen
        assert dec.value == best


def test_options_are_grouped_exactly_when_their_outcome_distributions_are_identical(solved):
    _, report, b, _ = solved
    seen_group = False
    for dec in report.decisions.decisions:
        dists = {lbl: ds for lbl, _, ds in b.decisions[_key(dec)]}
        for x in dec.options:
            for y in dec.options:
                if x is y:
                    continue
                same = dists[x.label] == dists[y.label]
                assert (x.group is not None and x.group == y.group) == same, (dec, x, y)
                seen_group |= same
    assert seen_group  # the two retreat regions end the battle alike


def test_the_retreat_regions_are_one_group_and_staying_is_not():
    report = verbs.optimize(_scenario(), min_chance=Fraction(0))
    retreats = [d for d in report.decisions.decisions if d.kind == "retreat"]
    assert retreats
    for dec in retreats:
        by = {o.label: o for o in dec.options}
        assert set(by) == {"stay"} | {f"retreat to {r}" for r in REGIONS}
        assert by["retreat to Eastern Emyn Muil"].group == by["retreat to North Ithilien"].group is not None
        assert by["stay"].group is None


def test_the_chance_of_each_decision_is_that_of_the_played_options():
    """Following the options the report plays (forced ones included) from the start, over the brute
    force's dice, reaches exactly the decisions reported with exactly their chances."""
    report = verbs.optimize(_scenario(), min_chance=Fraction(0))
    played = {_key(d): next(o.label for o in d.options if o.chosen) for d in report.decisions.decisions}
    reach: Counter = Counter()

    def end(a, d, rnd, w):
        if not sum(a) or not sum(d) or rnd == MAX_ROUNDS:
            return
        reach[("cease", rnd, a, d)] += w
        if played[("cease", rnd, a, d)] == "cease the attack":
            return
        reach[("retreat", rnd, a, d)] += w
        if played[("retreat", rnd, a, d)] == "stay":
            play(a, d, rnd + 1, w)

    def play(a, d, rnd, w):
        for i, p in hits(a, LEADERSHIP["attacker"]).items():
            for j, q in hits(d, LEADERSHIP["defender"]).items():
                a2 = a
                if j:
                    key = ("attacker_casualties", rnd, a, d, i, j)
                    reach[key] += w * p * q
                    a2 = next(x for x in take(a, j) if label("Sauron", x) == played[key])
                d2 = d
                if i:
                    key = ("defender_casualties", rnd, a2, d, i)
                    reach[key] += w * p * q
                    d2 = next(x for x in take(d, i) if label("Gondor", x) == played[key])
                end(a2, d2, rnd, w * p * q)

    play(ATTACKER, DEFENDER, 1, Fraction(1))
    assert {_key(d): d.chance for d in report.decisions.decisions} == dict(reach)


def test_forced_decisions_are_marked_and_left_out_of_the_text():
    report = verbs.optimize(_scenario(), min_chance=Fraction(0))
    decs = report.decisions
    forced = [d for d in decs.decisions if d.forced]
    assert forced and all(len(d.options) == 1 and d.options[0].difference == 0 for d in forced)
    text = "\n".join(decs.lines(top=10, shown=1000))
    real = [d for d in decs.decisions if not d.forced]
    assert f"{len(real)} with a choice, {len(forced)} forced" in text
    assert text.count("(WOTR-") == len(real)  # one header per decision with a choice
    js = decs.json()
    assert js["forced"] == len(forced) and sum(d["forced"] for d in js["decisions"]) == len(forced)


def test_top_limits_the_options_shown_but_the_json_keeps_them_all():
    report = verbs.optimize(_scenario(), min_chance=Fraction(0), top=1)
    decs = report.decisions
    lines = decs.lines(top=1, shown=1000)
    heads = [k for k, line in enumerate(lines) if line.startswith("  round")]
    for k in heads:  # one option line, then the count of the others when there are more
        assert lines[k + 1].startswith("      ") and not lines[k + 1].startswith("      ...")
        assert k + 2 >= len(lines) or lines[k + 2].startswith("  ") and (
            lines[k + 2].startswith("      ... ") or not lines[k + 2].startswith("      "))
    js = report.to_json()["decisions"]["decisions"]
    assert sum(len(d["options"]) for d in js) == sum(len(d.options) for d in decs.decisions)
    assert max(len(d["options"]) for d in js) > 1


def test_min_chance_leaves_out_the_unlikely_decisions_and_counts_them():
    every = verbs.optimize(_scenario(), min_chance=Fraction(0)).decisions
    likely = verbs.optimize(_scenario(), min_chance=Fraction(1, 20)).decisions
    assert [d.chance for d in likely.decisions] == [d.chance for d in every.decisions if d.chance >= Fraction(1, 20)]
    assert likely.smaller == len(every.decisions) - len(likely.decisions) > 0


def test_decide_one_side_reports_that_sides_decisions_only():
    s = _scenario({"casualty_policy": "regulars_first"})
    decs = verbs.optimize(s, decide="attacker", min_chance=Fraction(0)).decisions
    assert decs.sides == ("attacker",)
    assert {d.side for d in decs.decisions} == {"attacker"}


def test_ranking_grouping_and_lines_of_the_shared_format():
    rows = rank([("a", Fraction(1)), ("b", Fraction(1, 3)), ("c", Fraction(1, 3))], False, chosen=2)
    assert [(o.label, o.difference, o.chosen) for o in rows] == [
        ("c", 0, True), ("b", 0, False), ("a", Fraction(2, 3), False)]
    g = grouped(rows, lambda x, y: {x.label, y.label} == {"b", "c"})
    assert [o.group for o in g] == [1, 1, None]
    lines = option_lines(g, str)
    assert lines[0].split() [:3] == ["c", "|", "b"] and "played: c" in lines[0] and "same outcomes" in lines[0]
    assert "2/3 worse" in lines[1]


def test_outcome_fingerprints_tell_distributions_apart_exactly_as_the_distributions_do():
    """The grouping's fast test (a modular fingerprint of the outcome distribution) agrees with the exact
    distributions on every pair of positions of a battle without a round limit, including positions that
    differ but end alike: round 1 and the same units reached by continuing (a round without hits folded)."""
    from pycombat.games.wotr.battle.decisions import _Values

    s = load_scenario(example_path("skirmish.yaml"))
    best = verbs.optimize(s).result.best
    opt = best.solver
    values = _Values(opt, best.start, [], lambda role, units: "")
    states = sorted({st for st in opt._start} | {st[:5] + (not st[5],) for st in opt._start})
    assert len(states) > 10
    pairs = 0
    for x in states:
        for y in states:
            same = values.dist(x) == values.dist(y)
            assert (values.fingerprint(x) == values.fingerprint(y)) == same, (x, y)
            pairs += same and x != y
    assert pairs  # some different positions end alike


def test_every_split_is_valued_with_its_difference_from_the_best(monkeypatch, capsys):
    """The attacker's first choice, the rearguard split (WOTR-SPLIT-1..6): each legal split's value is the
    brute force's battle fought by its attacking part alone (Leadership 1 with the Nazgûl, else 0), with how
    much worse it is than the best; the JSON keeps every split, the text the --top best."""
    from pycombat.cli import main

    report = verbs.optimize(_scenario(), objective="win", min_chance=Fraction(0), top=2)
    expected = []  # (the attacking part as the JSON names it, its value), in the report's order
    for e in report.result.ranked:
        (c,) = e.split.attacking.contingents
        monkeypatch.setitem(LEADERSHIP, "attacker", e.split.attacking.nazgul)
        expected.append(((c.regulars, c.elites, e.split.attacking.nazgul),
                         Brute("win").round((c.regulars, c.elites), DEFENDER, 1)[0]))
    # 4 ways to leave units behind, with or without the Nazgûl; the whole Army
    assert len({k for k, _ in expected}) == len(expected) == 9
    best = max(v for _, v in expected)
    js = report.to_json()["splits"]
    got = [(Fraction(s["value"]["exact"]), Fraction(s["difference"]["exact"])) for s in js]
    assert got == [(v, best - v) for _, v in expected]
    assert [d for _, d in got] == sorted(d for _, d in got) and got[0][1] == 0  # best first
    assert main(["optimize", str(example_path(EXAMPLE)), "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "(whole Army)" in out and "(best, played)" in out and "... 7 more options: --json lists them all" in out
    second = sorted((v for _, v in expected), reverse=True)[1]
    assert f"({best - second} (" in out  # the second best split's difference, exact, then its decimal
