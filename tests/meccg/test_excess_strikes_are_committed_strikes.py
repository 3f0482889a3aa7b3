"""Excess strikes are committed strikes no target received (MECCG-STRUCT-9, MECCG-ASSIGN-5): an attacking
member that commits no strike (MECCG-STRUCT-1/2: Blackbole, who may not face strikes at a site, under the
default ``site_barred_ally_strikes=none``) has no strike to be excess, so a ``combat:`` block that leaves him
out of ``strikes:`` gives the defender no -1 for him (odds, replay and verify agree with the attack's verdict),
and an ``excess:`` naming him is refused, naming the field. Under ``site_barred_ally_strikes=strike`` he strikes,
and his unassigned strike is excess (MECCG-SEQ-3: on the last strike)."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest
import yaml

from pycombat.cli import main
from pycombat.games.meccg.schema import scenario_from_dict


def _doc(strike=None, claims=()):
    st = {"defender": "Éomer", "attacker": "Shagrat", **(strike or {})}
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                         "members": ["Shagrat", {"name": "Blackbole", "ally_of": "Shagrat"}]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Éomer"]},
            "combat": {"strikes": [st]},
            "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]}


def _run(tmp_path, capsys, doc, verb, *args):
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    code = main([verb, str(p), *args])
    return code, capsys.readouterr()


@pytest.mark.parametrize("reading, excess", [("none", ()), ("strike", ("Blackbole",))])
def test_a_member_that_commits_no_strike_has_no_excess_strike(reading, excess):
    s = scenario_from_dict({**_doc(), "rules": {"site_barred_ally_strikes": reading}}, file="<t>")
    assert s.combat.excess == excess


@pytest.mark.parametrize("reading, prowess, wins, tie", [
    ("none", 3, "103/648", "13/162"),   # Éomer 3 vs Shagrat 6: no -1
    ("strike", 2, "7/72", "5/81"),      # Blackbole's strike is excess, allocated on the last strike: -1
])
def test_odds_give_the_defender_minus_one_only_for_a_committed_strike(tmp_path, capsys, reading, prowess, wins, tie):
    code, out = _run(tmp_path, capsys, _doc(), "odds", "--json", "--flag", f"site_barred_ally_strikes={reading}")
    assert code == 0, out.err
    strike = json.loads(out.out)["strikes"][0]
    assert strike["defender_prowess"] == prowess
    p = strike["probabilities"]
    assert (Fraction(p["defender_wins"]["exact"]), Fraction(p["tie"]["exact"])) == (Fraction(wins), Fraction(tie))


def test_verify_agrees_with_the_attack_verdict_on_the_final_prowess(tmp_path, capsys):
    doc = _doc(claims=["the attack has 0 excess strikes", "Blackbole commits a strike",
                       "the final prowess of Éomer in strike 1 is 3"])
    code, out = _run(tmp_path, capsys, doc, "verify", "--json")
    assert code in (0, 1), out.err
    got = {c["id"]: c["verdict"] for c in json.loads(out.out)["claims"]}
    assert got == {"c0": True, "c1": False, "c2": True}


def test_replay_allocates_no_excess_strike_for_a_member_that_commits_none(tmp_path, capsys):
    code, out = _run(tmp_path, capsys, _doc({"rolls": {"attacker": 7, "defender": 7, "body": 3}}), "replay")
    assert code == 0, out.err
    assert "excess" not in out.out and "Éomer 3 = 3" in out.out


def test_a_stated_excess_strike_of_a_member_that_commits_none_is_refused(tmp_path, capsys):
    doc = _doc({"excess": ["Blackbole"], "rolls": {"attacker": 6, "defender": 9, "body": 5}},
               claims=["Éomer is wounded in strike 1"])
    code, out = _run(tmp_path, capsys, doc, "verify")
    assert code == 2
    assert "combat.strikes[0].excess" in out.err and "Blackbole" in out.err and "MECCG-STRUCT-2" in out.err
    assert "Traceback" not in out.err


def test_a_stated_excess_strike_of_a_committed_strike_is_kept(tmp_path, capsys):
    """Under the seed's reading Blackbole strikes: the same allocation is his excess strike, -1 (3+9 = 12 vs
    6+6 = 12 becomes 2+9 = 11 < 12, Éomer wounded)."""
    doc = _doc({"excess": ["Blackbole"], "rolls": {"attacker": 6, "defender": 9, "body": 5}},
               claims=["Éomer is wounded in strike 1"])
    doc["rules"] = {"site_barred_ally_strikes": "strike"}
    code, out = _run(tmp_path, capsys, doc, "verify", "--json")
    assert code in (0, 1), out.err
    assert json.loads(out.out)["claims"][0]["verdict"] is True
    doc.pop("rules")  # and with no -1 (his strike none): a tie, nobody wounded (no body-check roll used
    doc["combat"]["strikes"][0].pop("excess")  # under this reading; the seed's reading rolls it: not refused)
    code, out = _run(tmp_path, capsys, doc, "verify", "--json")
    assert code in (0, 1), out.err
    got = json.loads(out.out)["claims"][0]
    assert got["verdict"] is False
    doc["combat"]["strikes"][0]["rolls"].pop("body")
    code, out = _run(tmp_path, capsys, doc, "verify", "--json")
    assert json.loads(out.out)["claims"][0]["verdict"] is False
