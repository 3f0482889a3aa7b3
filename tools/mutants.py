"""The mutation battery (``make mutants``): does every rule id have a test that fails when that rule breaks?

Each mutant of ``tools/asp_mutants.py`` (a rule of ``asp_rules/<game>/`` that carries a rule id,
removed or weakened) is laid out in a scratch folder that ``PYCOMBAT_ASP_RULES`` points the solver
at, and the game's tests run against it in a child ``pytest -x``: the tests that cite one of the
rule's ids first, then the game's other tests. A mutant is *killed* when a named test fails, and
*survives* when every selected test passes; a run past its time limit is reported apart
(``timeout``), never counted as a kill (on a loaded machine it says nothing about the tests). A
rule id is killed when some mutant of a rule that carries it is killed.

    python tools/mutants.py                       # every game: each rule id removed, each flag swapped
    python tools/mutants.py --kinds all           # each statement dropped, negated, shifted too (~1,900)
    python tools/mutants.py --game riftbound --sample 5 --seed 1
    python tools/mutants.py --report docs/mutants.md

Surviving mutants that change nothing a player could see (an equivalent mutant) are listed in
EXPLAINED with the reason; the report lists them apart from the unexplained survivors. Exit code 1
when an unexplained mutant survives or a rule id is not killed.
"""
from __future__ import annotations

import argparse
import concurrent.futures as futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import asp_mutants  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
GAMES = ("meccg", "riftbound", "wotr")
PREFIX = {"meccg": "MECCG-", "riftbound": "RB-", "wotr": "WOTR-"}
#: tests no mutant runs: a browser, a wheel build, subprocess size cases, the fuzz campaign, Dask;
#: none of them is where a rule's consequence is checked
SKIPPED_FILES = {"test_web_e2e.py", "test_packaging.py", "test_oversized.py", "test_hostile_input.py",
                 "test_batch.py", "test_architecture.py", "test_startup.py", "test_mutants.py"}
#: tests every game's mutants run (each verb on each example; the reasons a verdict cites)
ALWAYS = {"test_contract.py", "test_reasons_minimal.py"}
DEFAULT_KINDS = ("rule", "flag")
#: a surviving mutant (``explained_key``) -> why it changes no answer (an equivalent mutant)
EXPLAINED: dict[str, str] = {
    "meccg rule MECCG-CARD-4": "cards.lp derives the same violation under MECCG-PRE-2 from the same body, and a "
    "verdict about All the Bells Ringing cites MECCG-CARD-4 from the card's id (claims.verify.CARD_RULES): no verdict, "
    "reason or listing changes (tests/meccg/test_rulings.py checks the reasons are exactly the two ids)",
}


def explained_key(m: asp_mutants.Mutant) -> str:
    """How EXPLAINED names a mutant: ``game rule RULE-ID`` for a rule id's mutant, else its key."""
    return f"{m.game} rule {m.rule_ids[0]}" if m.kind == "rule" else m.key


#: the seconds a test run may take: the unchanged baseline runs every test of a game in one process (the
#: Riftbound tests about 15 minutes on the 2-core machine with another job beside it), and so does a survivor
TIMEOUT = 2400.0


@dataclass
class Outcome:
    mutant: asp_mutants.Mutant
    status: str  #: killed, timeout, survived, error (the mutant broke the run before any test)
    test: str  #: the first failing test (killed), or what went wrong
    seconds: float

    def as_json(self) -> dict:
        m = self.mutant
        return {"key": m.key, "game": m.game, "file": m.file, "line": m.line, "kind": m.kind,
                "rule_ids": list(m.rule_ids), "what": m.what, "status": self.status, "test": self.test,
                "seconds": round(self.seconds, 1)}


def game_tests(game: str) -> list[Path]:
    """The test files that exercise ``game``: its folder ``tests/<game>/``, and those elsewhere (not in
    another game's folder) that name its rule prefix, its package or its examples."""
    marks = (PREFIX[game], f"games.{game}", f'"{game}"', f"'{game}'", f"examples/{game}", f"test_{game}")
    out = []
    for path in sorted(TESTS.rglob("test_*.py")):
        folder = path.parent.name
        if path.name in SKIPPED_FILES or (folder in GAMES and folder != game):
            continue
        text = path.read_text(encoding="utf-8")
        if folder == game or path.name in ALWAYS or any(m in text for m in marks):
            out.append(path)
    return out


def ordered_tests(mutant: asp_mutants.Mutant, files: list[Path], texts: dict[Path, str],
                  seconds: dict[str, float] | None = None) -> list[Path]:
    """``files`` with those citing the mutant's rule ids first, then the quickest first (``seconds``:
    each file's time in the baseline run), so that a killing test is reached soon."""
    seconds = seconds or {}

    def cites(p: Path) -> bool:
        return any(re.search(re.escape(r) + r"\b", texts[p]) for r in mutant.rule_ids)
    return sorted(files, key=lambda p: (not cites(p), seconds.get(p.relative_to(TESTS).as_posix(), 0.0), files.index(p)))


def run_one(mutant: asp_mutants.Mutant, files: list[Path], scratch: Path, timeout: float,
            durations: dict[str, float] | None = None) -> Outcome:
    """The tests ``files`` against the mutant, stopping at the first failure. With ``durations``,
    every test runs (no ``-x``) and each file's time is added to it."""
    folder = asp_mutants.write(mutant, scratch)
    env = {**os.environ, asp_mutants_var(): str(folder), "HYPOTHESIS_PROFILE": "dev", "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "--no-header",
           "-rfE", "-W", "ignore", *(["--durations=0", "--durations-min=0"] if durations is not None else ["-x"]),
           *map(str, files)]
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Outcome(mutant, "timeout", f"no answer within {timeout:.0f} s", time.monotonic() - start)
    seconds = time.monotonic() - start
    if durations is not None:
        for took, name in re.findall(r"^([\d.]+)s \w+ +tests/([^:]+)::", proc.stdout, re.M):
            durations[name] = durations.get(name, 0.0) + float(took)
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", proc.stdout, re.M)
    if proc.returncode == 0:
        return Outcome(mutant, "survived", "", seconds)
    if failed:
        return Outcome(mutant, "killed", failed[0], seconds)
    tail = (proc.stdout.strip().splitlines() or [""])[-1]
    return Outcome(mutant, "error", f"pytest exit {proc.returncode}: {tail[:200]}", seconds)


def asp_mutants_var() -> str:
    """The solver's variable for a rules folder (read from the engine, not spelled twice)."""
    from pycombat.solver import RULES_DIR_VARIABLE

    return RULES_DIR_VARIABLE


def select(game: str, kinds: tuple[str, ...], sample: int, seed: int,
           files: tuple[str, ...] = (), rules: tuple[str, ...] = ()) -> list[asp_mutants.Mutant]:
    ms = asp_mutants.rule_id_mutants(game) if "rule" in kinds else []
    ms += [m for m in asp_mutants.mutants(game) if m.kind in kinds]
    ms = [m for m in ms if asp_mutants.parses(m) and (not files or m.file in files)
          and (not rules or set(m.rule_ids) & set(rules))]
    if sample and sample < len(ms):
        ms = random.Random(seed).sample(ms, sample)
    return ms


def run(games: tuple[str, ...], kinds: tuple[str, ...], *, sample: int = 0, seed: int = 0, jobs: int = 2,
        timeout: float = TIMEOUT, progress=print, durations: dict[str, dict[str, float]] | None = None,
        rule_files: tuple[str, ...] = (), rules: tuple[str, ...] = ()) -> list[Outcome]:
    """Every selected mutant of ``games`` against the tests; the unchanged rules must pass them first."""
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="pycombat-mutants-") as tmp:
        for game in games:
            files = game_tests(game)
            texts = {p: p.read_text(encoding="utf-8") for p in files}
            mutants = select(game, kinds, sample, seed, rule_files, rules)
            took = (durations or {}).get(game)
            progress(f"{game}: {len(mutants)} mutants, {len(files)} test files")
            with futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                todo = {pool.submit(run_one, m, ordered_tests(m, files, texts, took), Path(tmp) / f"{game}{i}",
                                    timeout): m
                        for i, m in enumerate(mutants)}
                for done in futures.as_completed(todo):
                    o = done.result()
                    outcomes.append(o)
                    progress(f"  {o.status:<8} {o.seconds:6.1f}s {o.mutant.key} {o.test}")
    return outcomes


def baseline(games: tuple[str, ...], timeout: float, jobs: int = 2) -> tuple[list[str], dict[str, dict[str, float]]]:
    """The tests each game's mutants run, against an unchanged copy of the rules: what fails, and
    each test file's time (game -> file name -> seconds)."""
    bad, took = [], {g: {} for g in games}
    with tempfile.TemporaryDirectory(prefix="pycombat-mutants-") as tmp:
        def one(game: str) -> None:
            ms = asp_mutants.mutants(game)
            same = asp_mutants.Mutant(game, ms[0].file, 0, "none", (), "unchanged",
                                      (asp_mutants.RULES / game / ms[0].file).read_text(encoding="utf-8"))
            o = run_one(same, game_tests(game), Path(tmp) / game, timeout, durations=took[game])
            if o.status != "survived":
                bad.append(f"{game}: {o.status} {o.test}")
        with futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            list(pool.map(one, games))
    return bad, took


def summary(outcomes: list[Outcome], games: tuple[str, ...]) -> dict:
    """Per game: rule ids killed / total, mutants by status, the survivors (explained or not)."""
    out = {}
    for game in games:
        mine = [o for o in outcomes if o.mutant.game == game]
        ids = sorted({r for o in mine for r in o.mutant.rule_ids if r.startswith(PREFIX[game])})
        # a run past its time limit is not counted as a kill: on a loaded machine it is the load
        killed_ids = {r for o in mine if o.status == "killed" for r in o.mutant.rule_ids}
        by_status: dict[str, int] = {}
        for o in mine:
            by_status[o.status] = by_status.get(o.status, 0) + 1
        survivors = [o for o in mine if o.status in ("survived", "error")]
        explained_ids = {r for o in mine if o.status == "survived" and EXPLAINED.get(explained_key(o.mutant))
                         and o.mutant.kind == "rule" for r in o.mutant.rule_ids}
        out[game] = {
            "rule_ids": len(ids), "rule_ids_killed": len([r for r in ids if r in killed_ids]),
            "rule_ids_explained": sorted(r for r in ids if r not in killed_ids and r in explained_ids),
            "rule_ids_not_killed": [r for r in ids if r not in killed_ids and r not in explained_ids],
            "mutants": len(mine), "by_status": by_status,
            "killers": {r: sorted({o.test for o in mine if o.status == "killed" and r in o.mutant.rule_ids})[:3]
                        for r in ids},
            "survivors": [o.as_json() | {"explained": EXPLAINED.get(explained_key(o.mutant))} for o in
                          sorted(survivors, key=lambda o: (o.mutant.file, o.mutant.line, o.mutant.kind))],
        }
    return out


# ---- the Python side: mutmut's results, by rule id ------------------------------------------------
def mutmut_status(code) -> str:
    """mutmut's own word for a mutant's exit code (killed, survived, timeout, ...)."""
    from mutmut.stats import status_by_exit_code

    return status_by_exit_code[code]


def function_rule_ids(path: Path) -> dict[str, tuple[str, ...]]:
    """Each top-level function and method of a module (mutmut's name: ``x_f`` or ``xǁClassǁf``) -> the
    rule ids its source cites (docstring and comments)."""
    import ast as pyast

    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    out: dict[str, tuple[str, ...]] = {}

    def ids(node) -> tuple[str, ...]:
        src = "\n".join(lines[node.lineno - 1: node.end_lineno])
        return tuple(sorted(set(asp_mutants.RULE_ID.findall(src))))
    tree = pyast.parse(text)
    for node in tree.body:
        if isinstance(node, (pyast.FunctionDef, pyast.AsyncFunctionDef)):
            out[f"x_{node.name}"] = ids(node)
        elif isinstance(node, pyast.ClassDef):
            for sub in node.body:
                if isinstance(sub, (pyast.FunctionDef, pyast.AsyncFunctionDef)):
                    out[f"x\u01c1{node.name}\u01c1{sub.name}"] = ids(sub)
    return out


def python_summary(root: Path = ROOT) -> dict:
    """mutmut's outcomes (``mutants/**/*.py.meta``) per module, and per rule id cited by the mutated
    functions: a rule id is killed when some mutant of a function citing it is killed."""
    modules: dict[str, dict] = {}
    by_id: dict[str, dict[str, int]] = {}
    survivors: list[str] = []
    for meta in sorted((root / "mutants").rglob("*.py.meta")):
        rel = meta.relative_to(root / "mutants").with_suffix("")  # pycombat/.../x.py
        data = json.loads(meta.read_text(encoding="utf-8"))
        funcs = function_rule_ids(root / rel)
        counts: dict[str, int] = {}
        for key, code in data.get("exit_code_by_key", {}).items():
            status = mutmut_status(code)
            counts[status] = counts.get(status, 0) + 1
            func = key.rsplit(".", 1)[-1].rsplit("__mutmut_", 1)[0]
            for r in funcs.get(func, ()):
                by_id.setdefault(r, {}).setdefault(status, 0)
                by_id[r][status] += 1
            if status == "survived":
                survivors.append(key)
        modules[str(rel)] = counts
    return {"modules": modules, "rule_ids": by_id, "survivors": survivors}


def python_report(ps: dict) -> str:
    if not ps["modules"]:
        return ("\n## Python rule checks (mutmut)\n\nNot in this report: mutmut's results (`mutants/`) were not there "
                "when it was made. `make mutants` runs mutmut first, on the modules `[tool.mutmut]` in "
                "pyproject.toml names.\n")
    killed = sorted(r for r, c in ps["rule_ids"].items() if c.get("killed") or c.get("timeout"))
    missed = sorted(r for r, c in ps["rule_ids"].items() if not (c.get("killed") or c.get("timeout")))
    lines = ["", "## Python rule checks (mutmut)", "",
             "The modules that compute what a rule decides (`[tool.mutmut]` in pyproject.toml), every mutant of",
             "mutmut against the tests that cover its function. A rule id is killed when some mutant of a function",
             f"citing it is killed: {len(killed)} / {len(killed) + len(missed)} rule ids.", "",
             "| module | killed | survived | other |", "|---|---|---|---|"]
    for mod, c in ps["modules"].items():
        other = sum(v for k, v in c.items() if k not in ("killed", "survived"))
        lines.append(f"| `{mod}` | {c.get('killed', 0)} | {c.get('survived', 0)} | {other} |")
    if missed:
        lines += ["", "Rule ids of the Python checks no mutant killed: " + ", ".join(missed) + "."]
    lines += ["", f"Surviving mutants: {len(ps['survivors'])} (`mutmut results` lists them, `mutmut show NAME` "
              "shows each)."]
    return "\n".join(lines) + "\n"


def report(summ: dict, kinds: tuple[str, ...], sample: int, seconds: float) -> str:
    lines = ["# Mutation battery", "",
             "What `make mutants` (`tools/mutants.py`) found: each rule of `asp_rules/<game>/` that carries a",
             "rule id, removed or weakened one change at a time, against the game's tests (a child `pytest -x`,",
             "the tests citing the rule's ids first). A rule id is killed when some mutant of a rule carrying it",
             "makes a named test fail. Mutant kinds: " + ", ".join(kinds)
             + (f"; a sample of {sample} a game" if sample else "") + f". About {seconds / 60:.0f} min of wall time"
             " on 2 cores (the machine was shared with other runs).", "",
             "| game | rule ids killed / explained / total | mutants | killed | timeout | survived | error |",
             "|---|---|---|---|---|---|---|"]
    for game, s in summ.items():
        b = s["by_status"]
        lines.append(f"| {game} | {s['rule_ids_killed']} / {len(s['rule_ids_explained'])} / {s['rule_ids']} | "
                     f"{s['mutants']} | {b.get('killed', 0)} | {b.get('timeout', 0)} | {b.get('survived', 0)} | "
                     f"{b.get('error', 0)} |")
    for game, s in summ.items():
        lines += ["", f"## {game}", ""]
        if s["rule_ids_not_killed"]:
            lines.append("Rule ids no mutant killed, unexplained: " + ", ".join(s["rule_ids_not_killed"]) + ".")
        else:
            lines.append("Every rule id is killed or explained as an equivalent mutant"
                         + (f" ({', '.join(s['rule_ids_explained'])})." if s["rule_ids_explained"] else "."))
        unexplained = [o for o in s["survivors"] if not o["explained"]]
        explained = [o for o in s["survivors"] if o["explained"]]
        lines += ["", f"Surviving mutants ({len(unexplained)} unexplained, {len(explained)} explained as equivalent):", ""]
        for o in unexplained + explained:
            why = f" — equivalent: {o['explained']}" if o["explained"] else ""
            lines.append(f"- `{o['file']}:{o['line']}` {o['kind']} ({', '.join(o['rule_ids'])}): {o['what']}"
                         f"{' [' + o['status'] + ': ' + o['test'] + ']' if o['status'] == 'error' else ''}{why}")
        lines += ["", "<details><summary>the first tests that killed each rule id</summary>", ""]
        for r, tests in sorted(s["killers"].items()):
            lines.append(f"- {r}: " + (", ".join(f"`{t}`" for t in tests) if tests else "(timeout or none)"))
        lines += ["", "</details>"]
    return "\n".join(lines) + "\n"


def _identity(game: str, kind: str, file: str, rule_ids, what: str) -> tuple:
    """What a mutant is, whatever line its rule moved to: a rule id removed (every rule carrying it),
    or a change of one statement in a file (its words)."""
    if kind == "rule":
        return (game, kind, tuple(rule_ids))
    return (game, kind, file, what)


def outcomes_from_json(path: Path | list[Path]) -> list[Outcome]:
    """The outcomes runs wrote with ``--json``, matched to today's mutants (by what each mutant is, so a
    rule moved to another line keeps its outcome). Several runs are merged in order: a later run's
    outcome replaces an earlier one of the same mutant (a battery run again over the rules changed since);
    an outcome whose mutant no longer exists is an error."""
    def numbered(items, ident, line):  # the same change twice in a file: told apart by their order
        seen: dict[tuple, int] = {}
        out = []
        for x in sorted(items, key=line):
            k = ident(x)
            seen[k] = seen.get(k, 0) + 1
            out.append((k + (seen[k],), x))
        return out

    paths = path if isinstance(path, list) else [path]
    rows: dict[tuple, dict] = {}
    for p in paths:
        batch = json.loads(p.read_text(encoding="utf-8"))
        for k, r in numbered(batch, lambda r: _identity(r["game"], r["kind"], r["file"], r["rule_ids"], r["what"]),
                             lambda r: (r["game"], r["file"], r["line"])):
            rows[k] = r
    known: dict[tuple, asp_mutants.Mutant] = {}
    for game in {k[0] for k in rows}:
        ms = asp_mutants.rule_id_mutants(game) + asp_mutants.mutants(game)
        for k, m in numbered(ms, lambda m: _identity(m.game, m.kind, m.file, m.rule_ids, m.what),
                             lambda m: (m.game, m.file, m.line)):
            known[k] = m
    missing = [r["key"] for k, r in rows.items() if k not in known]
    if missing:
        raise SystemExit(f"{paths[-1]}: {len(missing)} mutants no longer exist (the rules changed): {missing[0]} ...")
    return [Outcome(known[k], r["status"], r["test"], r["seconds"]) for k, r in rows.items()]


def rerun_survivors(outcomes: list[Outcome], jobs: int, timeout: float) -> list[Outcome]:
    """The outcomes with every survivor run again (the game's tests as the battery orders them)."""
    again = [o for o in outcomes if o.status == "survived"]
    out = [o for o in outcomes if o.status != "survived"]
    with tempfile.TemporaryDirectory(prefix="pycombat-mutants-") as tmp, \
            futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        def one(i_o):
            i, o = i_o
            files = game_tests(o.mutant.game)
            texts = {p: p.read_text(encoding="utf-8") for p in files}
            return run_one(o.mutant, ordered_tests(o.mutant, files, texts), Path(tmp) / f"again{i}", timeout)
        for o in pool.map(one, enumerate(again)):
            print(f"  again: {o.status:<8} {o.seconds:6.1f}s {o.mutant.key} {o.test}")
            out.append(o)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    ap.add_argument("--kinds", default=",".join(DEFAULT_KINDS),
                    help="mutant kinds: rule, drop, negate, shift, flag, or all (default: rule,flag)")
    ap.add_argument("--sample", type=int, default=0, help="this many mutants a game, drawn with --seed")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=TIMEOUT,
                    help=f"seconds a mutant's test run may take (default {TIMEOUT:,.0f})")
    ap.add_argument("--report", type=Path, help="write the report (Markdown) here")
    ap.add_argument("--json", type=Path, help="write every outcome as JSON here")
    ap.add_argument("--from-json", type=Path, nargs="+",
                    help="make the report from the outcomes runs wrote (--json); a later run replaces the files it covers")
    ap.add_argument("--file", action="append", default=[], help="only the mutants of this rule file (repeatable)")
    ap.add_argument("--rule", action="append", default=[], help="only the mutants of rules carrying this id (repeatable)")
    ap.add_argument("--rerun-survivors", action="store_true",
                    help="with --from-json: run the surviving mutants again against today's tests")
    args = ap.parse_args(argv)
    games = tuple(args.game or GAMES)
    kinds = ("rule", "drop", "negate", "shift", "flag") if args.kinds == "all" else tuple(args.kinds.split(","))
    if args.from_json:
        outcomes = outcomes_from_json(args.from_json)
        if args.rerun_survivors:
            outcomes = rerun_survivors(outcomes, args.jobs, args.timeout)
            if args.json:
                args.json.write_text(json.dumps([o.as_json() for o in outcomes], indent=1), encoding="utf-8")
        games = tuple(g for g in GAMES if any(o.mutant.game == g for o in outcomes))
        kinds = tuple(k for k in ("rule", "drop", "negate", "shift", "flag") if any(o.mutant.kind == k for o in outcomes))
        took = sum(o.seconds for o in outcomes) / max(1, args.jobs)
        text = report(summary(outcomes, games), kinds, args.sample, took) + python_report(python_summary())
        print(text)
        if args.report:
            args.report.write_text(text, encoding="utf-8")
        return 0
    start = time.monotonic()
    bad, took = baseline(games, args.timeout, args.jobs)
    if bad:
        print("the unchanged rules already fail the selected tests: " + "; ".join(bad), file=sys.stderr)
        return 2
    outcomes = run(games, kinds, sample=args.sample, seed=args.seed, jobs=args.jobs, timeout=args.timeout,
                   durations=took, rule_files=tuple(args.file), rules=tuple(args.rule))
    summ = summary(outcomes, games)
    text = report(summ, kinds, args.sample, time.monotonic() - start) + python_report(python_summary())
    print(text)
    if args.report:
        args.report.write_text(text, encoding="utf-8")
    if args.json:
        args.json.write_text(json.dumps([o.as_json() for o in outcomes], indent=1), encoding="utf-8")
    failing = any(s["rule_ids_not_killed"] or any(not o["explained"] for o in s["survivors"]) for s in summ.values())
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
