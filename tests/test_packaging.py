"""`pip install .` gives a working pycombat: the .lp rules, card data, rule digests and
examples are inside the wheel, and the shipped copies equal ../shared when it is present."""
from __future__ import annotations

import filecmp
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.mark.slow
def test_wheel_contains_rules_and_data_and_runs(tmp_path):
    wheel_dir = tmp_path / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "-w", str(wheel_dir), str(ROOT)], check=True, capture_output=True, text=True, timeout=600)
    (wheel,) = wheel_dir.glob("pycombat-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in ("meccg", "wotr", "riftbound"):
        lps = list((ROOT / "asp_rules" / game).glob("*.lp"))
        assert lps
        for lp in lps:
            assert f"pycombat/asp_rules/{game}/{lp.name}" in names
        for data in (ROOT / "pycombat" / "games" / game / "data").glob("*.json"):
            assert f"pycombat/games/{game}/data/{data.name}" in names
        for example in (ROOT / "examples" / game).glob("*.yaml"):
            assert f"pycombat/examples/{game}/{example.name}" in names
        assert f"pycombat/rules/{game}.md" in names
        for extra in (ROOT / "pycombat" / "games" / game).glob("*.md"):  # digest extensions (card_flags.md)
            assert f"pycombat/games/{game}/{extra.name}" in names
    assert "pycombat/games/riftbound/card_flags.md" in names
    for needed in ("pycombat/games/meccg/data/characters.json", "pycombat/examples/meccg/wind_throne.yaml",
                   "pycombat/cli.py", "pycombat/api.py", "pycombat/registry.py",
                   "pycombat/web/app.py", "pycombat/web/static/index.html", "pycombat/web/static/app.js",
                   "pycombat/web/static/style.css"):
        assert needed in names
    # install it (no deps: they are already here) into a bare folder and run it from elsewhere
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(wheel)], check=True, capture_output=True, text=True, timeout=600)
    env = {**os.environ, "PYTHONPATH": str(target)}
    code = "import pycombat, sys; print(pycombat.__file__); from pycombat.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.run([sys.executable, "-c", code, "enumerate", "--count"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0].startswith(str(target))
    assert "288 legal complete assignments" in proc.stdout
    # the other games from the installed wheel, on copies of their examples outside the checkout
    for game, verb, example in (("wotr", "odds", "seed_three_and_one.yaml"),
                                ("riftbound", "enumerate", "seed_example.yaml")):
        copy = tmp_path / f"{game}_{example}"
        copy.write_text((ROOT / "examples" / game / example).read_text(encoding="utf-8"), encoding="utf-8")
        proc = subprocess.run([sys.executable, "-c", code, verb, str(copy)], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, (game, proc.stderr)
        assert proc.stdout.splitlines()[0].startswith(str(target))


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not beside this checkout")
@pytest.mark.parametrize("src,dst", [
    ("rules/meccg.md", "pycombat/rules/meccg.md"),
    ("rules/wotr.md", "pycombat/rules/wotr.md"),
    ("rules/riftbound.md", "pycombat/rules/riftbound.md"),
    ("data/meccg/characters.json", "pycombat/games/meccg/data/characters.json"),
    ("data/meccg/items.json", "pycombat/games/meccg/data/items.json"),
    ("data/meccg/combat_cards.json", "pycombat/games/meccg/data/combat_cards.json"),
    ("data/wotr/regions.json", "pycombat/games/wotr/data/regions.json"),
    ("data/wotr/nations.json", "pycombat/games/wotr/data/nations.json"),
    ("data/wotr/characters.json", "pycombat/games/wotr/data/characters.json"),
    ("data/riftbound/units.json", "pycombat/games/riftbound/data/units.json"),
])
def test_shipped_copies_equal_shared(src, dst):
    """`make data` refreshes these; a stale copy fails here."""
    assert filecmp.cmp(SHARED / src, ROOT / dst, shallow=False), f"{dst} differs from ../shared/{src}: run `make data`"
