"""MECCG-CARD-3, MECCG-FX-10: Bow of the Galadhrim's roll before strikes are assigned, which may discard a
non-unique minion ally of the attacking company (and with it its strike, MECCG-STRUCT-1), is not modelled. A claim
that roll could change (the strike count, that ally's strike, an assignment, a strike of that ally or of the member
it is an ally of) is NOT DECIDED, with the verdict it would get if the roll discarded nothing; one it cannot change
(the attack's legality, another member's strike) is decided, naming the roll as set aside."""
from __future__ import annotations

import json

import pytest

from pycombat.cli import main

SCENARIO = """game: meccg
title: Bow of the Galadhrim against a War-warg
attacker: {player: Jim, alignment: minion, site: Moria, members: [Shagrat, {name: War-warg, ally_of: Shagrat}, Lagduf]}
defender: {player: Bob, alignment: hero, site: Moria, members: [{name: Legolas, items: [Bow of the Galadhrim]}, Aragorn II, Gimli]}
combat:
  strikes:
    - {defender: Legolas, attacker: Shagrat}
    - {defender: Aragorn II, attacker: War-warg}
    - {defender: Gimli, attacker: Lagduf}
claims:
  - {id: count, claim: the attack has 3 strikes}
  - {id: ally-strikes, claim: War-warg commits a strike}
  - {id: assignment, kind: assignment_legal, pairs: {Legolas: Shagrat, Aragorn II: War-warg, Gimli: Lagduf}}
  - {id: ally-strike-prowess, claim: the final prowess of Aragorn II in strike 2 is 6}
  - {id: legal, claim: the attack is legal}
  - {id: character-strikes, claim: Lagduf commits a strike}
  - {id: other-strike, claim: the final prowess of Gimli in strike 3 is 7}
"""


@pytest.fixture(scope="module")
def claims(tmp_path_factory):
    p = tmp_path_factory.mktemp("bow") / "bow.yaml"
    p.write_text(SCENARIO, encoding="utf-8")
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["verify", str(p), "--json"]) == 0
    return {c["id"]: c for c in json.loads(out.getvalue())["claims"]}


@pytest.mark.parametrize("cid", ["count", "ally-strikes", "assignment", "ally-strike-prowess"])
def test_a_claim_the_discard_could_change_is_not_decided(claims, cid):
    c = claims[cid]
    assert c["decided"] is False and c["verdict"] is None, c
    assert [u["card"] for u in c["unmodelled"]] == ["Bow of the Galadhrim"]
    assert any("if they changed nothing the verdict would be True" in n for n in c["notes"]), c["notes"]


@pytest.mark.parametrize("cid", ["legal", "character-strikes", "other-strike"])
def test_a_claim_the_discard_cannot_change_is_decided_naming_it(claims, cid):
    c = claims[cid]
    assert c["decided"] is True and c["verdict"] is True, c
    assert "unmodelled" not in c
    assert any("unable to change this verdict" in n and "Bow of the Galadhrim" in n for n in c["notes"]), c["notes"]
