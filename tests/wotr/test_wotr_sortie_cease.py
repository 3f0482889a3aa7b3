"""A sortie that ceases moves back into its Stronghold (WOTR-SIEGE-6), a field attacker that ceases
stays where he was (WOTR-END-2): the cease decision is a move of the battle game with its own end.

``optimize`` values every option of every decision of a small sortie (``examples/wotr/sortie_cease.yaml``),
checked against a backward induction over the dice faces, the casualties and the end-of-round choices
written here from the rules; ``odds`` follows ``attacker_continue`` (the end positions of a sortie that
ceases after one round, against the dice); ``replay`` narrates the return with its rule ids and the
figures' fates say where they went."""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

from field_battle_brute import army_hits as hits, take
from pycombat.cli import main
from pycombat.games.wotr import verbs
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.schema import example_path, load_scenario

MAX_ROUNDS = 2
REGIONS = ("Druadan Forest",)  # where the besiegers may retreat (the file's retreat_to)
ATTACKER, DEFENDER = (1, 1), (2, 1)  # (regulars, elites) at the start
LEADERSHIP = {"attacker": 1, "defender": 0}  # one Gondor Leader; no Shadow Leader
EXAMPLE = "sortie_cease.yaml"
BACK = "cease: the Army moves back into the Stronghold"


def _scenario(flags=None):
    return load_scenario(example_path(EXAMPLE), flags)


def test_the_example_is_the_sortie_brute_forced_here():
    s = _scenario()
    (a,), (d,) = [[(c.regulars, c.elites) for c in army.force.contingents] for army in (s.attacker, s.defender)]
    assert (a, d) == (ATTACKER, DEFENDER) and s.kind == "sortie" and s.attacker.besieged
    assert s.attacker.force.contingents[0].leaders == 1 and not s.defender.force.nazgul
    assert not s.defender.force.contingents[0].leaders
    assert s.flags["max_rounds"] == str(MAX_ROUNDS) and s.flags["replacement_pool"] == "unlimited"


# ---- the brute force -------------------------------------------------------------------------------------
def hp(units: tuple[int, int]) -> int:
    return units[0] + 2 * units[1]




def payoff(objective, kind, a, d):
    if objective == "win":  # the region won: the besiegers eliminated or gone (the siege lifted)
        return Fraction(kind in ("attacker_wins", "defender_retreated"))
    return Fraction((hp(DEFENDER) - hp(d)) - (hp(ATTACKER) - hp(a)))  # losses


def label(nation, units):
    return f"left with {nation} {units[0]}R {units[1]}E" if sum(units) else "left with no units"


class Brute:
    """Backward induction over the sortie's tree: every decision's options (label, value, distribution)."""

    def __init__(self, objective):
        self.objective = objective
        self.decisions: dict[tuple, list] = {}

    def best(self, key, options, side):
        self.decisions[key] = options
        v = (max if side == "attacker" else min)(o[1] for o in options)
        return v, next(o[2] for o in options if o[1] == v)

    def terminal(self, kind, a, d):
        return payoff(self.objective, kind, a, d), Counter({(kind, a, d): Fraction(1)})

    @lru_cache(maxsize=None)
    def round(self, a, d, rnd):
        value, dist = Fraction(0), Counter()
        for i, p in hits(a, LEADERSHIP["attacker"]).items():
            for j, q in hits(d, LEADERSHIP["defender"]).items():
                opts = [(label("Gondor", a2), *self.defender_casualties(a2, d, i, rnd)) for a2 in sorted(take(a, j))]
                v, ds = (opts[0][1], opts[0][2]) if j == 0 else \
                    self.best(("attacker_casualties", rnd, a, d, i, j), opts, "attacker")
                value += p * q * v
                for o, x in ds.items():
                    dist[o] += p * q * x
        return value, dist

    @lru_cache(maxsize=None)
    def defender_casualties(self, a, d, i, rnd):
        opts = [(label("Sauron", d2), *self.end(a, d2, rnd)) for d2 in sorted(take(d, i))]
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
        go_on = self.best(("retreat", rnd, a, d), [("stay", *stay)] + retreat, "defender")
        # WOTR-ROUND-3 step 1; a sortie that ceases moves back into its Stronghold (WOTR-SIEGE-6)
        return self.best(("sortie_cease", rnd, a, d), [("continue", *go_on),
                                                        (BACK, *self.terminal("sortie_returned", a, d))], "attacker")


def _key(dec):
    (a,), (d,) = dec.units
    if dec.kind == "attacker_casualties":
        return (dec.kind, dec.round, a, d, *dec.hits)
    if dec.kind == "defender_casualties":
        return (dec.kind, dec.round, a, d, dec.hits[0])
    return (dec.kind, dec.round, a, d)


# ---- optimize ----------------------------------------------------------------------------------------------
@pytest.fixture(scope="module", params=["win", "losses"])
def solved(request):
    objective = request.param
    report = verbs.optimize(_scenario(), objective=objective, min_chance=Fraction(0))
    b = Brute(objective)
    value, dist = b.round(ATTACKER, DEFENDER, 1)
    return objective, report, b, value, dist


def test_the_solver_and_the_brute_force_agree_on_the_sortie(solved):
    objective, report, _, value, dist = solved
    assert report.result.best.split.whole
    assert report.value == value
    best = report.result.best
    from pycombat.games.wotr.battle.process import optimal_forward

    got = optimal_forward(best.solver, start=best.start).outcomes
    assert sum(got.values()) == 1
    # the play it follows is worth the brute force's value (ties may be broken another way)
    assert sum(p * payoff(objective, o.kind, o.attacker[0], o.defender[0]) for o, p in got.items()) == value
    assert all(o.kind != "attack_ceased" for o in got)
    if objective == "losses":  # going back in is part of the optimal play, in both
        assert any(o.kind == "sortie_returned" for o in got) and any(k == "sortie_returned" for k, _, _ in dist)


def test_every_option_of_every_decision_is_the_brute_forces(solved):
    _, report, b, _, _ = solved
    decisions = report.decisions.decisions
    assert {d.kind for d in decisions} == {"attacker_casualties", "defender_casualties", "sortie_cease", "retreat"}
    for dec in decisions:
        expected = b.decisions[_key(dec)]
        assert sorted((o.label, o.value) for o in dec.options) == sorted((lbl, v) for lbl, v, _ in expected), dec
        played = [o for o in dec.options if o.chosen]
        assert len(played) == 1 and played[0].difference == 0
    js = report.to_json()["decisions"]["decisions"]
    back = [d for d in js if d["decision"] == "sortie_cease"]
    assert back and all(d["rules"] == ["WOTR-ROUND-3", "WOTR-SIEGE-6"] and d["side"] == "attacker" for d in back)
    assert all(d["decision"] != "cease" for d in js)


def test_the_return_is_the_best_move_somewhere_and_the_text_names_it(solved):
    objective, report, b, _, _ = solved
    ceases = [d for d in report.decisions.decisions if d.kind == "sortie_cease"]
    if objective == "losses":  # going back in is strictly better than fighting on in some position
        assert any(d.options[0].label == BACK and d.options[0].value > d.options[1].value for d in ceases)
    text = "\n".join(report.decisions.lines(top=10, shown=1000))
    assert "the sortie goes on, or it ceases and its Army moves back into the Stronghold" in text
    assert "(WOTR-ROUND-3, WOTR-SIEGE-6)" in text and BACK in text


# ---- odds --------------------------------------------------------------------------------------------------
def _odds(flags, policy="regulars_first"):
    rep = battle_report(_scenario(flags), casualty_policy=policy)
    return rep, rep.results[policy]


def test_odds_follow_attacker_continue_never_a_sortie_goes_back_in_after_one_round():
    """Under attacker_continue=never the sortie fights one round and, both Armies left, moves back in.
    With unlimited replacements an Army absorbs exactly its hit points (WOTR-CAS-11), so each end
    position's hit points follow from the dice alone."""
    rep, res = _odds({"attacker_continue": "never"})
    expected = Counter()
    for i, p in hits(ATTACKER, LEADERSHIP["attacker"]).items():
        for j, q in hits(DEFENDER, LEADERSHIP["defender"]).items():
            a_left, d_left = max(0, hp(ATTACKER) - j), max(0, hp(DEFENDER) - i)
            kind = ("both_destroyed" if not a_left and not d_left else "attacker_wins" if not d_left
                    else "defender_holds" if not a_left else "sortie_returned")
            expected[(kind, a_left, d_left)] += p * q
    got = Counter()
    for o, p in res.outcomes.items():
        got[(o.kind, hp(o.attacker[0]), hp(o.defender[0]))] += p
    assert got == expected and sum(got.values()) == 1
    assert res.by_kind()["sortie_returned"] == sum(p for (k, _, _), p in expected.items() if k == "sortie_returned")
    assert "sortie_returned" in rep.kinds() and "attack_ceased" not in rep.kinds()


def test_odds_never_show_a_return_when_the_sortie_always_goes_on():
    rep, res = _odds({})
    assert "sortie_returned" not in res.by_kind() and "sortie_returned" in rep.kinds()  # the row, at 0
    assert res.by_kind()["round_limit"] > 0


def test_a_field_attacker_that_ceases_stays_where_he_was():
    rep = battle_report(load_scenario(example_path("every_option.yaml"), {"attacker_continue": "never"}),
                        casualty_policy="regulars_first")
    kinds = rep.results["regulars_first"].by_kind()
    assert kinds["attack_ceased"] > 0 and "sortie_returned" not in kinds
    assert "attack_ceased" in rep.kinds() and "sortie_returned" not in rep.kinds()


def test_the_fates_put_a_returning_sortie_back_in_the_stronghold():
    rep, _ = _odds({"attacker_continue": "never"})
    from pycombat.games.wotr.battle.odds_details import fates_json

    fates = fates_json(rep)["regulars_first"]
    assert fates["rules"]["back_in_stronghold"] == "WOTR-SIEGE-6"
    leader = next(r for r in fates["attacker"] if r["figure"] == "Gondor Leader")
    assert set(leader["per_figure"]) <= {"back_in_stronghold", "out_of_game"}
    assert all("back_in_stronghold" not in r["per_figure"] for r in fates["defender"])


# ---- replay ------------------------------------------------------------------------------------------------
ROLLS = """
rolls:
  - attacker: {combat: [5, 2], reroll: [1]}
    defender: {combat: [6, 3, 2]}
"""


def test_replay_narrates_the_return_with_its_rules(tmp_path, capsys):
    path = tmp_path / "sortie.yaml"
    path.write_text(Path(example_path(EXAMPLE)).read_text(encoding="utf-8") + ROLLS, encoding="utf-8")
    assert main(["replay", str(path), "--flag", "attacker_continue=never"]) == 0
    text = capsys.readouterr().out
    assert ("end of round: sortie ceased (its Army moves back into the Stronghold) (WOTR-ROUND-3, WOTR-SIEGE-6)"
            in text)
    assert main(["replay", str(path), "--flag", "attacker_continue=never", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"]["kind"] == "sortie_returned"
    end = data["rounds"][0]["end"]
    assert end["kind"] == "sortie_returned" and end["rules"] == ["WOTR-ROUND-3", "WOTR-SIEGE-6"]
    gondor = {r["figure"]: r["fates"] for r in data["fates"]["attacker"]}
    assert gondor["Gondor Leader"] == {"back_in_stronghold": 1}
