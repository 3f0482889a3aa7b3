"""`pip install .` gives a working pycombat: the .lp rules, card data, rule digests and
examples are inside the wheel, and the shipped copies equal ../shared when it is present."""
from __future__ import annotations

import filecmp
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


#: what a checkout holds that is not the project (virtualenvs, build output, caches)
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "mutants", "__pycache__",
                                    ".pytest_cache", ".hypothesis", "fuzz-failures")
TOY = ROOT / "tests" / "toygame"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel of a copy of this checkout to which a fourth game was added as its two folders and
    nothing else: ``asp_rules/toy/`` (its encoding) and ``pycombat/games/toy/`` (its package, which
    registers it, and its rule digest)."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    (src / "asp_rules" / "toy").mkdir()
    (src / "asp_rules" / "toy" / "__init__.py").write_text("")
    shutil.copy(TOY / "toy.lp", src / "asp_rules" / "toy" / "toy.lp")
    (src / "pycombat" / "games" / "toy").mkdir()
    (src / "pycombat" / "games" / "toy" / "__init__.py").write_text(
        (TOY / "toy.py").read_text(encoding="utf-8") + "\n\nregister(GAME)\n", encoding="utf-8")
    shutil.copy(TOY / "toy.md", src / "pycombat" / "games" / "toy" / "toy.md")
    wheel_dir = base / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "-w", str(wheel_dir), str(src)], check=True, capture_output=True, text=True, timeout=600)
    (built,) = wheel_dir.glob("pycombat-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel installed (no deps: they are already here) into a bare folder."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(wheel)], check=True, capture_output=True, text=True, timeout=600)
    return target


#: runs the installed package's CLI (the first line printed is where pycombat was imported from)
CLI = "import pycombat, sys; print(pycombat.__file__); from pycombat.cli import main; sys.exit(main(sys.argv[1:]))"


@pytest.mark.slow
def test_wheel_contains_rules_and_data_and_runs(wheel, installed, tmp_path):
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
    # run it from elsewhere
    env = {**os.environ, "PYTHONPATH": str(installed)}
    proc = subprocess.run([sys.executable, "-c", CLI, "enumerate", "--count"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0].startswith(str(installed))
    assert "288 legal complete assignments" in proc.stdout
    # the other games from the installed wheel, on copies of their examples outside the checkout
    for game, verb, example in (("wotr", "odds", "seed_three_and_one.yaml"),
                                ("riftbound", "enumerate", "seed_example.yaml")):
        copy = tmp_path / f"{game}_{example}"
        copy.write_text((ROOT / "examples" / game / example).read_text(encoding="utf-8"), encoding="utf-8")
        proc = subprocess.run([sys.executable, "-c", CLI, verb, str(copy)], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, (game, proc.stderr)
        assert proc.stdout.splitlines()[0].startswith(str(installed))


@pytest.mark.slow
def test_a_fourth_game_is_its_two_folders_and_ships_in_the_wheel(wheel, installed, tmp_path):
    """The toy game added as ``asp_rules/toy/`` and ``pycombat/games/toy/`` only (no edit to
    pyproject.toml, setup.py or any other file): the wheel carries it, and the installed package
    lists it and runs its verbs."""
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("pycombat/asp_rules/toy/toy.lp", "pycombat/games/toy/__init__.py", "pycombat/games/toy/toy.md"):
        assert needed in names
    env = {**os.environ, "PYTHONPATH": str(installed)}
    pebbles = tmp_path / "pebbles.yaml"
    pebbles.write_text((TOY / "pebbles.yaml").read_text(encoding="utf-8"), encoding="utf-8")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", CLI, *args], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=300)

    listed = run("--help")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines()[0].startswith(str(installed)) and "toy" in listed.stdout
    takes = run("enumerate", str(pebbles), "--json")
    assert takes.returncode == 0, takes.stderr
    answer = json.loads(takes.stdout.split("\n", 1)[1])
    assert (answer["game"], answer["takes"], answer["count"]) == ("toy", [1, 2, 3], 3)
    verdicts = run("verify", str(pebbles))  # the claims of pebbles.yaml hold: exit 0
    assert verdicts.returncode == 0, verdicts.stdout + verdicts.stderr

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
