"""The diverse-scenario benchmark's batches (bench/diverse_scenarios.py, bench/diverse.py): every
scenario differs from every other, draws its names from the shipped data and is a valid input that
the API answers with the game's default verb; a refused scenario is counted, never dropped."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import pycombat
from bench_modules import bench_module  # noqa: E402

N = 12

ds = bench_module("diverse_scenarios")
GAMES = sorted(ds.GENERATORS)


def _canonical(s: dict) -> str:
    # written here, not taken from the module: the title is left out, keys sorted
    return json.dumps({k: v for k, v in s.items() if k != "title"}, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_differs_and_the_api_answers_it(game):
    generate, verb = ds.GENERATORS[game]
    batch = generate(N, seed=7)
    assert len(batch) == N
    assert len({_canonical(s) for s in batch}) == N  # no two ask the same
    for s in batch:
        assert s["game"] == game
        report = pycombat.load(s).run(verb)  # raises for a refused scenario
        assert report.exit_code == 0
        json.dumps(report.to_json())


@pytest.mark.parametrize("game", GAMES)
def test_batches_are_seeded(game):
    generate, _verb = ds.GENERATORS[game]
    assert generate(5, seed=3) == generate(5, seed=3)
    assert generate(5, seed=3) != generate(5, seed=4)


def _names(game: str, file: str) -> set[str]:
    path = Path(pycombat.__file__).parent / "games" / game / "data" / f"{file}.json"
    return {r["name"] for r in json.loads(path.read_text(encoding="utf-8"))["records"]}


def test_meccg_companies_are_real_cards_of_one_to_four():
    characters, items, sites = _names("meccg", "characters"), _names("meccg", "items"), _names("meccg", "sites")
    for s in ds.meccg(40, seed=1):
        for role in ("attacker", "defender"):
            c = s[role]
            assert 1 <= len(c["members"]) <= 4
            assert c["site"] in sites
            for m in c["members"]:
                assert m["name"] in characters
                assert m.get("status", "untapped") in ("untapped", "tapped", "wounded")
                assert set(m.get("items", ())) <= items


def test_riftbound_boards_are_real_units_with_might_one_to_eight():
    printed = {}
    path = Path(pycombat.__file__).parent / "games" / "riftbound" / "data" / "units.json"
    for r in json.loads(path.read_text(encoding="utf-8"))["records"]:
        printed.setdefault(r["name"], r["might"])
    for s in ds.riftbound(40, seed=1):
        for role in ("attacker", "defender"):
            units = s[role]["units"]
            assert 1 <= len(units) <= 4
            for u in units:
                u = {"name": u} if isinstance(u, str) else u
                assert 1 <= printed[u["name"]] <= 8
                assert 1 <= u.get("might", printed[u["name"]]) <= 8


def test_wotr_armies_hold_one_to_ten_units_in_adjacent_real_regions():
    path = Path(pycombat.__file__).parent / "games" / "wotr" / "data" / "regions.json"
    regions = {r["name"]: r for r in json.loads(path.read_text(encoding="utf-8"))["records"]}
    ids = {r["id"]: name for name, r in regions.items()}
    for s in ds.wotr(40, seed=1):
        a, d = s["attacker"], s["defender"]
        assert d["region"] in {ids[x] for x in regions[a["region"]]["adjacent"]}
        for army in (a, d):
            units = sum(f.get("regulars", 0) + f.get("elites", 0) for f in army["units"].values())
            assert 1 <= units <= 10


def test_a_refused_scenario_is_counted_and_named():
    diverse = bench_module("diverse")
    batch = ds.riftbound(3, seed=2)
    broken = json.loads(json.dumps(batch[1]))
    broken["attacker"]["units"] = []  # a side needs a unit at the battlefield (RB-COMB-1)
    invalid = diverse.validate([batch[0], broken, batch[2]], "enumerate")
    assert list(invalid) == [1]
    assert "attacker.units" in invalid[1]


def test_the_latency_bench_runs_every_row_on_valid_scenarios(capsys):
    """bench/latency.py: its five small positions and their variants are valid inputs (each variant differs)."""
    lat = bench_module("latency")
    assert lat.main(["--repeats", "2"]) == 0
    rows = [ln for ln in capsys.readouterr().out.splitlines()[1:] if ln.strip()]
    assert len(rows) == 5 and all(ln.count(" ms") == 4 for ln in rows)
    for doc in (lat.MECCG, lat.RIFTBOUND, lat._wotr()):
        variants = [json.dumps(lat._vary(doc, k), sort_keys=True) for k in range(6)]
        assert len(set(variants)) == 6
