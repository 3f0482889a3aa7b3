"""Around the battle: two Armies and one die (WOTR-ATK-4, WOTR-DICE-2/3), the second attack with its
own die fought against what is left, the Political Track (WOTR-POL-1/2) and relief (WOTR-SIEGE-7)."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pycombat.games.wotr.battle.process import Policy, battle_odds
from pycombat.games.wotr.battle.consequences import FOLLOW_UP, politics_effect, sequenced_odds, siege_info
from pycombat.games.wotr import verbs
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.battle.splits import judge_attack

ROOT = Path(__file__).resolve().parents[2]


def base(**battle):
    return {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "South Ithilien", "units": {"Sauron": {"regulars": 3}}, "nazgul": 1},
            "defender": {"region": "Osgiliath", "units": {"Gondor": {"regulars": 2, "leaders": 1}},
                         "retreat_to": []},
            "battle": {"action": "army", **battle}, "rules": {"casualty_policy": "regulars_first"}}


SECOND = {"region": "North Ithilien", "units": {"Sauron": {"regulars": 2}}}


@pytest.mark.parametrize("action,does,die,rule", [
    ("army", "attack", "same", "WOTR-ATK-4"), ("army", "move", "same", "WOTR-DICE-2"),
    ("character", "move", "same", "WOTR-DICE-3"), ("army_muster", "attack", "same", "WOTR-ATK-4"),
    ("army", "attack", "own", None), ("army", "move", "own", None)])
def test_one_die_activates_one_army_for_an_attack(action, does, die, rule):
    d = base(action=action, also_activates=[{"army": SECOND, "does": does, "die": die}])
    s = scenario_from_dict(d, file="two.yaml")
    v = judge_attack(s)
    assert v.legal == (rule is None)
    if rule:
        assert rule in {x.rule for x in v.violations}


def test_second_attack_is_fought_against_what_is_left():
    d = base(also_activates=[{"army": SECOND, "does": "attack", "die": "own"}])
    s = scenario_from_dict(d, file="two.yaml")
    rep = battle_report(s)
    first = rep.results["regulars_first"]
    seq = sequenced_odds(s, first, s.also_activates[0], Policy())
    got = {k: Fraction(v["exact"]) for k, v in seq["outcomes"].items()}
    assert sum(got.values()) == 1
    k1 = first.by_kind()
    for kind in k1:
        if kind not in FOLLOW_UP:
            assert got[f"first: {kind}"] == k1[kind]
    # rebuild each follow-up battle by hand: the second Army against the defender's survivors
    want: dict[str, Fraction] = {}
    for o, p in first.outcomes.items():
        if o.kind not in FOLLOW_UP:
            continue
        (r, e), = o.defender
        d2 = base()
        d2["attacker"] = {"region": "North Ithilien", "units": {"Sauron": {"regulars": 2}}}
        d2["defender"]["units"] = {"Gondor": {"regulars": r, "elites": e, "leaders": 1}}
        s2 = scenario_from_dict(d2, file="second.yaml")
        res = battle_odds(battle_setup(s2), Policy())
        for k, q in res.by_kind().items():
            want[f"second: {k}"] = want.get(f"second: {k}", Fraction(0)) + p * q
    assert {k: v for k, v in got.items() if k.startswith("second")} == want


def test_politics_activation_and_advance():
    d = base()
    d["politics"] = {"Gondor": {"steps": 2, "active": False}, "Sauron": "at_war"}
    d["defender"]["units"] = {"Gondor": {"regulars": 2, "leaders": 1}}
    d["battle"]["action"] = "army"
    s = scenario_from_dict(d, file="pol.yaml")
    (row,) = politics_effect(s)
    assert row["after_attack"] == {"steps": 1, "active": True}
    assert row["rules"][:2] == ["WOTR-POL-1", "WOTR-POL-2"]
    d["politics"]["Gondor"] = "at_war"
    (row,) = politics_effect(scenario_from_dict(d, file="pol.yaml"))
    assert row["after_attack"] == {"steps": 0, "active": True} and row["before"]["steps"] == 0


def test_relief_battle_against_the_besiegers():
    d = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
         "attacker": {"region": "Druadan Forest", "units": {"Gondor": {"regulars": 2, "leaders": 1}}},
         "defender": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 2}}, "retreat_to": []},
         "rules": {"casualty_policy": "regulars_first"}}
    s = scenario_from_dict(d, file="relief.yaml")
    rep = battle_report(s)
    info = siege_info(s, rep.setup, rep.results["regulars_first"])
    k = rep.results["regulars_first"].by_kind()
    assert info["relief"]["rules"][0] == "WOTR-SIEGE-7"
    # WOTR-SITE-6: the siege ends when the besiegers are eliminated (with the relieving Army too) or leave;
    # the relieving Army may advance only when it stands (WOTR-SIEGE-7)
    assert Fraction(info["relief"]["p_siege_lifted"]["exact"]) == k.get("attacker_wins", 0) + k.get(
        "defender_retreated", 0) + k.get("both_destroyed", 0)
    assert Fraction(info["relief"]["p_may_advance"]["exact"]) == k.get("attacker_wins", 0) + k.get(
        "defender_retreated", 0)
    assert k.get("both_destroyed", 0) > 0
    assert not rep.setup.siege_retreat  # the besiegers have no Stronghold to retreat into


def test_capturing_a_settlement_is_a_political_outcome_with_the_track_after_it(capsys):
    """The Folde (a Rohan Town) attacked with Rohan two steps from At War: the attack moves it to one
    step (WOTR-POL-2); capturing the Town (with the chance the battle frees the region) moves it to At
    War; the text says so."""
    from pycombat.games.wotr.battle.consequences import politics_effect as _pe

    d = {"game": "wotr", "title": "the Folde", "politics": {"Isengard": "at_war", "Rohan": {"steps": 2, "active": True}},
         "attacker": {"region": "Westemnet", "units": {"Isengard": {"regulars": 4, "elites": 1}}},
         "defender": {"region": "Folde", "units": {"Rohan": {"regulars": 1}}, "retreat_to": []}}
    s = scenario_from_dict(d, file="folde.yaml")
    rep = battle_report(s)
    rows = _pe(s, next(iter(rep.results.values())))
    cap = next(r for r in rows if r.get("settlement"))
    res = next(iter(rep.results.values())).by_kind()
    p = res.get("attacker_wins", 0) + res.get("defender_retreated", 0)
    assert rows[0]["after_attack"]["steps"] == 1
    assert cap["track"]["captured"]["steps"] == 0 and cap["track"]["not_captured"]["steps"] == 1
    assert cap["track"]["captured"]["p"]["exact"] == f"{p.numerator}/{p.denominator}"
    assert "advances from 1 to 0 steps from At War" in cap["text"]
    from pycombat.games.wotr.battle.odds_details import odds_extra_lines

    assert any(line.startswith("Politics: ") and "advances from 1 to 0 steps" in line for line in odds_extra_lines(rep))


def test_second_attack_in_the_text_and_no_retreat_into_the_second_army():
    """The second Army's attack is in the odds text as in the JSON; the defender may not retreat into
    the region of the second Army the file names (WOTR-END-3, WOTR-MOVE-3)."""
    from pycombat.games.wotr.battle.odds_details import odds_extra_json, odds_extra_lines
    from pycombat.games.wotr.battle.setup import retreat_regions

    d = base(also_activates=[{"army": SECOND, "does": "attack", "die": "own"}])
    del d["defender"]["retreat_to"]
    s = scenario_from_dict(d, file="two.yaml")
    assert "north-ithilien" not in retreat_regions(s)
    d["battle"]["also_activates"] = []
    assert "north-ithilien" in retreat_regions(scenario_from_dict(d, file="one.yaml"))
    rep = battle_report(s)
    seq = odds_extra_json(rep)["also_activates"][0]["after_both_attacks"]["regulars_first"]["outcomes"]
    lines = odds_extra_lines(rep)
    assert any(line.startswith("Also activated: ") for line in lines)
    k, v = next(iter(seq.items()))
    assert any(f"{k} {v['decimal']:.4f}" in line for line in lines)


def test_grond_makes_a_three_round_siege_battle_with_a_round_one_ban():
    """Grond (WOTR-EVT-9): the siege battle lasts three rounds (no Elite to reduce: Regulars only);
    its outcome equals three one-round siege battles chained by hand, each from the units the last
    left. A Free Peoples Combat card in round 1 is refused unless a Companion is in the battle."""
    from pycombat.errors import ScenarioError

    def siege(att, dfd, card=None, extra=None):
        d = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
             "attacker": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": att}}, "characters": ["The Witch-king"]},
             "defender": {"region": "Minas Tirith", "units": {"Gondor": {"regulars": dfd}}, "besieged": True,
                          **(extra or {})},
             "battle": {"action": "event", "card": card} if card else {"action": "army"},
             "rules": {"casualty_policy": "regulars_first"}}
        return scenario_from_dict(d, file="siege.yaml")
    got = battle_report(siege(4, 3, "Grond, Hammer of the Underworld")).results["regulars_first"]
    want: dict = {}
    layer = {(4, 3): Fraction(1)}
    for rnd in range(3):
        nxt: dict = {}
        for (a, d), p in layer.items():
            res = battle_report(siege(a, d)).results["regulars_first"]
            for o, q in res.outcomes.items():
                (ra, _), = o.attacker or ((0, 0),)
                (rd, _), = o.defender or ((0, 0),)
                if o.kind == "siege_goes_on" and rnd < 2:
                    nxt[(ra, rd)] = nxt.get((ra, rd), Fraction(0)) + p * q
                else:
                    want[o.kind] = want.get(o.kind, Fraction(0)) + p * q
        layer = nxt
    assert got.by_kind() == want
    with pytest.raises(ScenarioError, match="WOTR-EVT-9"):
        battle_report(siege(4, 3, "Grond, Hammer of the Underworld", {"card": "Shield-wall"}))
    assert battle_report(siege(4, 3, "Grond, Hammer of the Underworld", {"card": "Shield-wall", "characters": ["Boromir"]}))


def test_cards_on_the_table_act_on_the_battle():
    """WOTR-EVT-10: A Power too Great on the table bars a Shadow attack on Lorien (and not elsewhere);
    Denethor's Folly bars Free Peoples Combat cards in Minas Tirith; a card that does not stay on the
    table, or an unknown title, is one error."""
    from pycombat.errors import ScenarioError

    def lorien(table):
        d = {"game": "wotr", "politics": {"Elves": "at_war", "Sauron": "at_war"}, "table": table,
             "attacker": {"region": "Dimrill Dale", "units": {"Sauron": {"regulars": 5}}},
             "defender": {"region": "Lorien", "units": {"Elves": {"regulars": 1, "elites": 2, "leaders": 1}}}}
        return scenario_from_dict(d, file="lorien.yaml")
    v = judge_attack(lorien(["A Power too Great"]))
    assert not v.legal and [x.rule for x in v.violations] == ["WOTR-EVT-10"]
    assert judge_attack(lorien([])).legal and judge_attack(lorien(["The Power of Tom Bombadil"])).legal

    def minas_tirith(table, card="Shield-wall"):
        d = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"}, "table": table,
             "attacker": {"region": "Osgiliath", "units": {"Sauron": {"regulars": 4}}},
             "defender": {"region": "Minas Tirith", "units": {"Gondor": {"regulars": 2, "leaders": 1}}, "card": card,
                          "retreat_to": []}}
        return scenario_from_dict(d, file="mt.yaml")
    with pytest.raises(ScenarioError, match="Denethor's Folly is on the table.*WOTR-EVT-10"):
        battle_report(minas_tirith(["Denethor's Folly"]))
    assert battle_report(minas_tirith([])).results
    with pytest.raises(ScenarioError, match="not a card that stays on the table"):
        lorien(["Olog-hai"])
    with pytest.raises(ScenarioError, match="did you mean 'A Power too Great'"):
        lorien(["A Power to Great"])


def test_help_unlooked_for_costs_the_besiegers_a_die_per_unit_of_the_garrison():
    """A relief battle may name its besieged Army (battle.garrison, WOTR-SIEGE-7: it does not fight);
    Help Unlooked For then takes one Combat roll die from the besiegers per garrison unit, in every round,
    leaving at least one (WOTR-EVT-9). Without a garrison the loss is named as not modelled."""
    from pycombat.errors import ScenarioError
    from pycombat.games.wotr.battle.odds_details import odds_extra_json
    from pycombat.games.wotr.battle.setup import battle_setup as _setup

    def relief(garrison=None, region="Minas Tirith", att="Druadan Forest"):
        d = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war", "Rohan": "at_war"},
             "attacker": {"region": att, "units": {"Rohan": {"regulars": 3, "elites": 1, "leaders": 1}}},
             "defender": {"region": region, "units": {"Sauron": {"regulars": 5, "elites": 2}}, "retreat_to": []},
             "battle": {"action": "event", "card": "Help Unlooked For"}}
        if garrison is not None:
            d["battle"]["garrison"] = {"units": {"Gondor": {"regulars": garrison}}}
        return scenario_from_dict(d, file="relief.yaml")
    setup = _setup(relief(2))
    for r, e in ((5, 2), (3, 0), (2, 0), (1, 0)):  # Strength 7, 3, 2, 1 -> 5, 3, 2, 1 dice, less 2, at least 1
        want = max(1, min(r + e, 5) - 2)
        for rnd in (1, 2, 3):
            assert setup.params("defender", ((r, e),), rnd).dice == want
    assert _setup(relief()).params("defender", ((5, 2),), 1).dice == 5
    missing = verbs.odds(relief()).to_json()["unmodelled"]
    assert [u["card"] for u in missing] == ["Help Unlooked For"] and "garrison" in missing[0]["why"]
    assert verbs.odds(relief(2)).to_json()["unmodelled"] == []
    with pytest.raises(ScenarioError, match="WOTR-SIEGE-7"):
        relief(2, region="Osgiliath", att="South Ithilien")


def test_a_siege_capture_needs_the_garrison_eliminated_and_no_advance():
    """In a siege battle the besieger is in the region already: the Stronghold is captured when its
    defenders are eliminated with the besieger left (WOTR-CAPT-1, second case); no advance, so the
    field battle's WOTR-END-7/8 are neither said nor cited."""
    from pycombat import load

    rep = load(ROOT / "examples" / "wotr" / "minas_tirith_siege.yaml").run("odds").to_json()
    rows = [r for r in rep["politics"] if r.get("settlement")]
    assert rows, rep["politics"]
    for row in rows:
        assert row["rules"][:2] == ["WOTR-CAPT-1", "WOTR-POL-2"]
        assert "WOTR-END-7" not in row["rules"] and "WOTR-END-8" not in row["rules"]
        assert "advances" not in row["text"].split(":")[0] and "besieger still in the region" in row["text"]
