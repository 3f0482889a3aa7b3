"""The game contract, checked over every registered game (one suite, parametrised by game).

* every verb on every shipped example gives JSON that round-trips, exit code 0, 1 or 2, never a
  traceback; the rule ids cited in its reasons exist in the game's digest;
* broken variants of every example are refused with one line (exit 2), never a traceback;
* a toy fourth game (``tests/toygame``: one ``.lp`` file, one module), registered here only,
  runs through every verb of the CLI and of the API with no change to any generic file.
"""
from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

import pycombat
from pycombat import registry
from pycombat.cli import main
from pycombat.rulebook import load_rulebook

sys.path.insert(0, str(Path(__file__).resolve().parent))
from toygame import toy  # noqa: E402
from verify_runs import verify_run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAMES = registry.names()


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def examples(game: str) -> list[Path]:
    found = sorted((ROOT / "examples" / game).glob("*.yaml"))
    rulings = sorted((ROOT / "examples" / "rulings" / game).glob("*.yaml"))
    return found + rulings[:1]


#: per verb, options that keep every shipped example cheap (a refusal up front is a clean answer too)
CHEAP = {"enumerate": ["--count"], "odds": [], "replay": [], "verify": [], "optimize": ["--max-nodes", "3000"],
         "tree": ["--depth", "2", "--max-nodes", "3000"]}


def _has_claims(path: Path) -> bool:
    return any(line.startswith("claims:") for line in path.read_text(encoding="utf-8").splitlines())


#: the verbs that search a game (listings, best play, trees): the quick tier runs them on each game's first example,
#: the long tier on the others (``test_every_search_on_the_other_examples``)
SEARCHES = {"enumerate", "optimize", "tree"}


def _cases(*, searches_past_the_first: bool):
    for game in GAMES:
        g = registry.get(game)
        for i, path in enumerate(examples(game)):
            for verb in g.verbs:
                if searches_past_the_first == (verb in SEARCHES and i > 0):
                    yield pytest.param(game, path, verb, id=f"{game}-{path.stem}-{verb}")


def _rule_ids(obj) -> list[str]:
    """Every rule id a JSON report cites (``rule`` and ``rules`` keys)."""
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "rule" and isinstance(v, str):
                out.append(v)
            elif k == "rules" and isinstance(v, list):
                out += [x for x in v if isinstance(x, str)]
            else:
                out += _rule_ids(v)
    elif isinstance(obj, list):
        for v in obj:
            out += _rule_ids(v)
    return out


@pytest.mark.parametrize("game,path,verb", list(_cases(searches_past_the_first=False)))
def test_every_verb_on_every_example(game, path, verb, tmp_path):
    """Every verb on each game's first example, and the verbs that only read (odds, replay, verify) on every
    example."""
    _check_the_contract(game, path, verb, tmp_path)


@pytest.mark.parametrize("game,path,verb", list(_cases(searches_past_the_first=True)))
def test_every_search_on_the_other_examples(game, path, verb, tmp_path):
    """The searching verbs (enumerate, optimize, tree) on every example past each game's first (the long tier)."""
    _check_the_contract(game, path, verb, tmp_path)


def _check_the_contract(game: str, path: Path, verb: str, tmp_path: Path) -> None:
    argv = [verb, str(path), *CHEAP[verb]]
    if verb == "tree":
        argv += ["-o", str(tmp_path / "t.graphml")]
    shared = verb == "verify" and _has_claims(path)
    code, out, err = (verify_run(path).code, json.dumps(verify_run(path).json), "") if shared \
        else run(argv + ["--json"])
    assert code in (0, 1, 2), (code, err)
    assert "Traceback" not in err
    if code == 2:  # one line; the program's own lines (what is accepted, why a refusal) may follow, indented
        first, *more = err.rstrip("\n").split("\n")
        assert first.startswith("pycombat: ") and all(line.startswith("  ") for line in more), err
        return
    data = json.loads(out)
    assert json.loads(json.dumps(data)) == data
    # what the model does not interpret is named by every verb: a top-level list, each entry saying what and why
    assert isinstance(data.get("unmodelled"), list), (verb, path)
    assert all(set(u) >= {"card", "what", "why"} for u in data["unmodelled"]), (verb, path)
    book = load_rulebook(game)
    cited = _rule_ids(data)
    unknown = [r for r in cited if r.split("-")[0] == book.prefix and r not in book.rules]
    assert unknown == []
    text_code, text, text_err = (code, verify_run(path).text, "") if shared else run(argv)
    assert text_code == code and "Traceback" not in text_err
    assert text.strip()


def _mutations(data: dict) -> list[tuple[str, object]]:
    keys = [k for k in data if k != "game"]
    out = [("no game", {k: v for k, v in data.items() if k != "game"}),
           ("unknown game", {**data, "game": data["game"] + "x"}),
           ("unknown key", {**data, "colour_of_the_table": "green"}),
           ("a list", [data]),
           ("nothing", None)]
    for k in keys[:4]:
        out.append((f"{k} a number", {**data, k: 12345}))
        out.append((f"{k} a list of junk", {**data, k: [[], {}, None]}))
    return out


def _mutation_cases():
    for game in GAMES:
        for path in sorted((ROOT / "examples" / game).glob("*.yaml"))[:3]:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            for what, bad in _mutations(data):
                yield pytest.param(game, path, what, bad, id=f"{game}-{path.stem}-{what}")


@pytest.mark.parametrize("game,path,what,bad", list(_mutation_cases()))
def test_broken_files_are_refused_in_one_line(game, path, what, bad, tmp_path):
    f = tmp_path / f"bad-{path.name}"
    f.write_text(yaml.safe_dump(bad), encoding="utf-8")
    for verb in registry.get(game).verbs:
        argv = [verb, str(f), *CHEAP[verb]] + (["-o", str(tmp_path / "t.dot")] if verb == "tree" else [])
        code, out, err = run(argv)
        assert "Traceback" not in err
        assert code == 2, (verb, what, out[-300:])
        assert err.startswith(f"pycombat: {f}") and err.count("\n") == 1, err


# ---- the toy fourth game -------------------------------------------------------------------------
@pytest.fixture
def toy_game():
    toy.install()
    yield toy
    toy.uninstall()


PEBBLES = Path(toy.__file__).parent / "pebbles.yaml"


def _brute_value(pile: int, take: int, last_wins: bool) -> Fraction:
    """Player 0's value, from a plain recursion written here (not the engine's solver)."""
    from functools import lru_cache

    @lru_cache(None)
    def v(n: int) -> int:  # the value for the player to move with n pebbles left
        if n == 0:
            return -1 if last_wins else 1  # the previous player took the last pebble
        return max(-v(n - t) for t in range(1, min(take, n) + 1))

    return Fraction(v(pile) + v(pile + 1), 2)


def test_toy_game_through_the_cli(toy_game, tmp_path):
    code, out, err = run(["enumerate", str(PEBBLES), "--json"])
    assert code == 0, err
    assert json.loads(out)["takes"] == [1, 2, 3]
    code, out, _ = run(["optimize", str(PEBBLES), "--json"])
    assert code == 0 and Fraction(json.loads(out)["value"]) == _brute_value(7, 3, True)
    code, out, _ = run(["optimize", str(PEBBLES), "--json", "--flag", "last_pebble=loses"])
    assert Fraction(json.loads(out)["value"]) == _brute_value(7, 3, False)
    code, out, _ = run(["odds", str(PEBBLES), "--json"])
    assert json.loads(out)["pile"] == {"7": "1/2", "8": "1/2"}
    code, out, _ = run(["verify", str(PEBBLES)])
    assert code == 0 and out.count("TRUE ") == 1 and out.count("FALSE") == 1 and "TOY-TAKE-2" in out
    code, out, _ = run(["verify", str(PEBBLES), "--flag", "last_pebble=loses", "--json"])
    assert code == 0 and [c["verdict"] for c in json.loads(out)["claims"]] == [True, False]
    code, _, _ = run(["tree", str(PEBBLES), "-o", str(tmp_path / "t.graphml")])
    assert code == 0 and (tmp_path / "t.graphml").read_text().startswith("<?xml")
    code, _, err = run(["replay", str(PEBBLES)])
    assert code == 2 and "replay is not available for toy" in err
    code, _, err = run(["enumerate", str(PEBBLES), "--traces"])
    assert code == 2 and "--traces is not an option of enumerate for toy" in err


def test_toy_game_through_the_api(toy_game):
    s = pycombat.load(PEBBLES)
    assert (s.game, s.count()) == ("toy", 3)
    assert s.enumerate(limit=2).takes == [1, 2]
    for pile in range(0, 12):
        for take in (1, 2, 3):
            t = pycombat.load({"game": "toy", "pile": pile, "max_take": take})
            assert t.count() == min(pile, take)
            assert t.optimize().value == _brute_value(pile, take, True)
    with pytest.raises(pycombat.PycombatError, match="has no option 'traces'"):
        s.enumerate(traces=True)
    with pytest.raises(pycombat.ScenarioError) as err:
        pycombat.load({"game": "toy", "pile": -1, "max_take": 3})
    assert err.value.path == "pile"


def test_toy_game_is_unknown_once_unregistered():
    with pytest.raises(pycombat.ScenarioError, match="unknown game 'toy'"):
        pycombat.load(PEBBLES)
