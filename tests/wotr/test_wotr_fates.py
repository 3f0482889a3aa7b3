"""Where the figures go, in the JSON of odds: for every figure group the fates sum to the figures
(expected numbers) and to 1 (per figure); Leaders go with the Army's last unit (WOTR-CAS-7) and a
card elimination (WOTR-CARDX-3) shows up with the probability of the card's condition."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pycombat.games.wotr.battle.odds import battle_report, eliminated
from pycombat.games.wotr.battle.odds_details import fates_json
from pycombat.games.wotr.battle.fates import fate_totals
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict

ROOT = Path(__file__).resolve().parents[2]


def _check_sums(rep):
    data = fates_json(rep)
    for pol, d in data.items():
        for role in ("attacker", "defender"):
            for row in d[role]:
                assert sum(Fraction(v["exact"]) for v in row["expected"].values()) == row["count"], row
                assert sum(Fraction(v["exact"]) for v in row["per_figure"].values()) == 1, row
    return data


@pytest.mark.parametrize("name", ["osgiliath", "skirmish", "helms_deep", "edoras_allies"])
def test_fates_sum_to_the_figures(name):
    s = load_scenario(ROOT / "examples" / "wotr" / f"{name}.yaml")
    rep = battle_report(s, casualty_policy="regulars_first")
    _check_sums(rep)


def test_leaders_go_with_the_last_unit():
    s = load_scenario(ROOT / "examples" / "wotr" / "osgiliath.yaml")
    rep = battle_report(s, casualty_policy="regulars_first")
    res = rep.results["regulars_first"]
    tot = fate_totals(s, rep.verdict.attacking, {((), ()): dict(res.outcomes.items())})
    lead = next(v for (role, fig), v in tot.items() if role == "defender" and fig.endswith("Leader"))
    assert lead["expected"].get("out_of_game", 0) == lead["count"] * eliminated(res, "defender")


def test_card_elimination_fate():
    data = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 2}}, "nazgul": 1},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "leaders": 1}},
                         "card": "Fateful Strike", "retreat_to": []},
            "rules": {"casualty_policy": "regulars_first", "max_rounds": 1}}
    s = scenario_from_dict(data, file="fs.yaml")
    rep = battle_report(s)
    d = _check_sums(rep)["regulars_first"]
    naz = next(r for r in d["attacker"] if r["figure"] == "Nazgûl")
    # face by face: the Free Peoples roll 2 dice (5+), re-roll one missed die (Leadership 1); the Nazgûl goes
    # to the reinforcements if the re-roll hits (Fateful Strike) or the 2 Sauron Regulars take 2 hits
    want = Fraction(0)
    for f1 in range(1, 7):
        for f2 in range(1, 7):
            hits = (f1 >= 5) + (f2 >= 5)
            if hits == 2:
                want += Fraction(1, 36)
                continue
            for r in range(1, 7):
                rh = r >= 5
                if rh or hits + rh >= 2:
                    want += Fraction(1, 216)
    assert Fraction(naz["per_figure"]["reinforcements"]["exact"]) == want


def test_retreat_into_the_siege_leaders_go_inside():
    from pycombat.games.wotr.battle.process import Policy, battle_odds
    from pycombat.games.wotr.battle.fates import outcome_fates
    from pycombat.games.wotr.battle.setup import battle_setup

    data = {"game": "wotr", "politics": {"Rohan": "at_war", "Isengard": "at_war"},
            "attacker": {"region": "Fords of Isen", "units": {"Isengard": {"regulars": 5}}},
            "defender": {"region": "Helm's Deep", "units": {"Rohan": {"regulars": 5, "elites": 2, "leaders": 2}},
                         "characters": ["Gimli"]}}
    s = scenario_from_dict(data, file="hd.yaml")
    setup = battle_setup(s)
    pol = Policy(defender_retreat=lambda setup, state, what: what == "into_siege")
    res = battle_odds(setup, pol)
    (o, p), = res.outcomes.items()
    assert o.kind == "retreated_into_siege" and p == 1 and o.defender == ((3, 2),)  # 5 units go in, Elites first
    f = {row["figure"]: row["fates"] for row in outcome_fates(s, s.attacker.force, o)["defender"]}
    assert f["Rohan Leader"] == {"in_stronghold": 2} and f["Gimli"] == {"in_stronghold": 1}
    # the two Regulars above five are left out (to the reinforcements), no casualty of the battle (WOTR-SITE-5)
    assert o.left_out == ((2, 0),)
    assert f["Rohan Regular"] == {"in_stronghold": 3, "left_out_of_the_siege": 2}


def test_odds_text_tells_where_the_figures_go(capsys):
    """The fates are in the text too (the first policy's chance for each figure, as in the JSON)."""
    import json as _json

    from pycombat.cli import main as _main

    path = str(Path(__file__).resolve().parents[2] / "examples" / "wotr" / "osgiliath.yaml")
    assert _main(["odds", path, "--json"]) == 0
    fates = _json.loads(capsys.readouterr().out)["fates"]
    assert _main(["odds", path]) == 0
    text = capsys.readouterr().out
    pol, rows = next(iter(fates.items()))
    assert f"Where the figures go ({pol};" in text
    for row in rows["attacker"]:
        k, v = next(iter(row["per_figure"].items()))
        assert f"attacker {row['figure']} x{row['count']}: {k.replace('_', ' ')} {v['decimal']:.4f}" in text
