"""`odds` JSON tells where replacements came from: for each Nation's Regulars, the expected number of
replacement Regulars from the reinforcements that joined the Army (an Elite hit once and replaced,
WOTR-CAS-5) and are with it at the end (``fates.<policy>.<side>[].replacements_joined``), against a sum
written here over the battle's end positions: the Regulars left beyond the Nation's starting Regulars."""
from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.board import load_nations
from pycombat.games.wotr.schema import load_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "wotr"


def _odds_json(path: Path) -> dict:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["odds", str(path), "--json"]) == 0
    return json.loads(buf.getvalue())


@pytest.mark.parametrize("name", ["seed_three_and_one", "seed_six_and_two", "folde_capture", "skirmish"])
def test_replacements_joined_are_the_regulars_beyond_the_start(name):
    path = EXAMPLES / f"{name}.yaml"
    s = load_scenario(path)
    rep = battle_report(s, casualty_policy="enumerate")
    data = _odds_json(path)
    nations = load_nations().nations
    seen = 0
    for pol, res in rep.results.items():
        for role, force in (("attacker", rep.verdict.attacking), ("defender", s.defender.force)):
            contingents = [c for c in force.contingents if not c.is_empty()]
            want: dict[str, Fraction] = {}
            for o, p in res.outcomes.items():
                units = o.attacker if role == "attacker" else o.defender
                for c, (r, _e) in zip(contingents, units):
                    want[nations[c.nation].name] = want.get(nations[c.nation].name, Fraction(0)) \
                        + p * max(0, r - c.regulars)
            rows = {row["figure"]: row for row in data["fates"][pol][role]}
            for nation, w in want.items():
                row = rows.get(f"{nation} Regular")
                got = row.get("replacements_joined") if row else None
                if w:
                    assert got is not None and Fraction(got["exact"]) == w, (pol, role, nation)
                    seen += 1
                else:
                    assert got is None
    assert seen or name == "skirmish"
