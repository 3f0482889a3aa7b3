"""A fuzz campaign over every shipped example, every verb and every game (issue 19).

Each case mutates one shipped example (delete keys, wrong types, huge and negative numbers,
unknown names, unicode and control characters, binary junk, YAML bombs, deep nesting, non-scalar
keys, python tags, path-like names, options of another game), runs one verb on it in a
subprocess under a time limit and an address-space limit (``resource.RLIMIT_AS``), and
classifies the run:

* ``answer``     exit 0 or 1 (1: a claim's ``expect:`` is not met) without a traceback;
* ``error``      exit 2 with one clear line: ``pycombat: FILE: field: reason`` or a command-line
                 option named (``--...``), at most :data:`MAX_LINE` characters;
* ``unclear``    exit 2 but more than one line, over :data:`MAX_LINE` characters, or naming
                 neither the file nor an option;
* ``traceback``  a Python traceback, or any other exit code (a crash, a signal);
* ``hang``       still running at the time limit (or killed by the memory limit).

``python tools/fuzz.py -n 10000 -j 4`` prints the table and exits 1 when any run is a traceback,
a hang or unclear; ``--keep DIR`` writes each failing input there (the regression corpus is
``tests/bad_inputs/``).  The mutations are seeded: ``--seed`` replays a campaign.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
MAX_LINE = 300
#: per run, in seconds and bytes
TIME_LIMIT = 20.0
MEMORY_LIMIT = 1_500_000_000

#: verbs and the options that keep each run small (no files written: no --plot, no -o)
VERBS: dict[str, list[list[str]]] = {
    "enumerate": [["--limit", "5"], ["--count"], ["--json", "--limit", "3"]],
    "odds": [[], ["--json"]],
    "replay": [[]],
    "verify": [[], ["--json"]],
    "optimize": [["--max-nodes", "2000"]],
    "tree": [["--depth", "2", "--max-nodes", "2000", "-o", "{out}"]],
}
#: options of one game given to another (must be refused, never ignored)
FOREIGN = [["--traces"], ["--side", "attacker"], ["--monte-carlo", "100"], ["--decide", "x"], ["--rolls", "2,3"],
           ["--protect", "x"], ["--top", "2"], ["--exact"], ["--seed", "1"]]


def examples() -> list[Path]:
    out = sorted(EXAMPLES.glob("*/*.yaml")) + sorted(EXAMPLES.glob("rulings/*/*.yaml"))
    return [p for p in out if p.is_file()]


# ---- mutations: each takes (document, text, rng) and returns new file text -------------------
def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, prefix + (i,))
    return out


def _set(doc: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = new
    return doc


def _get(doc: Any, path: tuple) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _dump(doc: Any) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=10_000)


def _pick(doc: Any, rng: random.Random, leaf: bool | None = None) -> tuple:
    paths = [p for p in _paths(doc) if p]
    if leaf is not None:
        paths = [p for p in paths if isinstance(_get(doc, p), (dict, list)) != leaf] or paths
    return rng.choice(paths) if paths else ()


def m_delete(doc, text, rng):
    path = _pick(doc, rng)
    if not path:
        return _dump({})
    parent = _get(doc, path[:-1])
    del parent[path[-1]]
    return _dump(doc)


WRONG = [None, True, 0, -1, 3.5, "", "  ", [], {}, ["a", 1], {"x": 1}, "yes", "1/0", "NaN", ".inf"]


def m_wrong_type(doc, text, rng):
    return _dump(_set(doc, _pick(doc, rng), copy.deepcopy(rng.choice(WRONG))))


NUMBERS = [10 ** 9, -10 ** 9, 10 ** 30, -1, 2 ** 63, 999, 10 ** 4000 // 10 ** 3900, 1e308, -0.0, 12, 200, 31]


def m_number(doc, text, rng):
    paths = [p for p in _paths(doc) if p and isinstance(_get(doc, p), int) and not isinstance(_get(doc, p), bool)]
    path = rng.choice(paths) if paths else _pick(doc, rng, leaf=True)
    return _dump(_set(doc, path, rng.choice(NUMBERS)))


def m_unknown_name(doc, text, rng):
    paths = [p for p in _paths(doc) if p and isinstance(_get(doc, p), str)]
    path = rng.choice(paths) if paths else _pick(doc, rng, leaf=True)
    word = rng.choice(["Gandalff", "Xyzzy", "ARAGORN II", "the One Ring", "Minas Tirth", "Jinx", "unknown", "%s%d"])
    return _dump(_set(doc, path, word))


def m_unknown_key(doc, text, rng):
    paths = [p for p in _paths(doc) if isinstance(_get(doc, p), dict)]
    target = _get(doc, rng.choice(paths)) if paths else doc
    target[rng.choice(["membres", "attackr", "__class__", "rules", "might", "x" * 500])] = 1
    return _dump(doc)


UNICODE = ["\u202e\u202dreversed", "e\u0301\u0301\u0301", "\U0001f600" * 50, "\x1b[2J\x1b[31mred", "bell\x07",
           "nul\x00byte", "line\nbreak", "\ufeffbom", "tab\there", "\ud7ff", "Ω" * 3000, "\u0085next", "\x7f"]


def m_unicode(doc, text, rng):
    paths = [p for p in _paths(doc) if p and isinstance(_get(doc, p), str)]
    path = rng.choice(paths) if paths else _pick(doc, rng, leaf=True)
    value = rng.choice(UNICODE)
    try:
        return _dump(_set(doc, path, value))
    except yaml.YAMLError:
        return json.dumps(_set(doc, path, value))


def m_binary(doc, text, rng):
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 20)):
        pos = rng.randrange(len(data) + 1)
        data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(data)


def m_truncate(doc, text, rng):
    return text[:rng.randrange(len(text) + 1)]


def m_bomb(doc, text, rng):
    levels = rng.randint(6, 12)
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    bomb = "\n".join(lines)
    where = rng.choice(["top", "flag", "title"])
    if where == "top":
        return text + "\n" + bomb + "\n"
    anchors = "x_bomb:\n" + "\n".join("  " + ln for ln in lines) + "\n"
    key = "rules:\n  phase2_assignment" if where == "flag" else "title"
    doc_text = "\n".join(ln for ln in text.splitlines() if not ln.startswith(("title:", "rules:")))
    return anchors + doc_text + f"\n{key}: *a{levels - 1}\n"


def m_deep(doc, text, rng):
    depth = rng.choice([50, 300, 3000, 100_000])
    path = _pick(doc, rng)
    if rng.random() < 0.5:
        return ("title: " + "[" * depth + "]" * depth + "\n" + text).encode() if path else b"[" * depth
    nested: Any = "x"
    for _ in range(min(depth, 400)):
        nested = {"k": nested}
    try:
        return _dump(_set(doc, path, nested))
    except RecursionError:
        return "title: " + "{a: " * depth + "1" + "}" * depth + "\n" + text


def m_complex_key(doc, text, rng):
    return rng.choice(["? [a, b]\n: 1\n", "? {a: 1}\n: 2\n", "[1]: x\n"]) + text


def m_python_tag(doc, text, rng):
    tag = rng.choice(["!!python/object/apply:os.system ['echo pwned']", "!!python/name:os.system",
                      "!!binary aGVsbG8=", "!!timestamp 2001-12-14", "!!set {a, b}", "!!omap [a: 1]",
                      "!custom x", "!!float nan", "2001-12-14t21:59:43.10-05:00"])
    lines = text.splitlines()
    for i, ln in enumerate(lines):
        if ":" in ln and not ln.strip().startswith("#") and not ln.rstrip().endswith(":") and rng.random() < 0.3:
            k = ln.split(":", 1)[0]
            lines[i] = f"{k}: {tag}"
            break
    else:
        lines.append(f"title: {tag}")
    return "\n".join(lines) + "\n"


def m_path_name(doc, text, rng):
    paths = [p for p in _paths(doc) if p and isinstance(_get(doc, p), str)]
    path = rng.choice(paths) if paths else _pick(doc, rng, leaf=True)
    return _dump(_set(doc, path, rng.choice(["../../etc/passwd", "/dev/zero", "C:\\con", "~/.ssh/id_rsa",
                                             "file:///etc/shadow", "|cat /etc/passwd", "$(reboot)"])))


def m_long_string(doc, text, rng):
    paths = [p for p in _paths(doc) if p and isinstance(_get(doc, p), str)]
    path = rng.choice(paths) if paths else _pick(doc, rng, leaf=True)
    size = rng.choice([5_000, 100_000, 900_000])
    return _dump(_set(doc, path, rng.choice(["a", "ab ", "If ", "(", "1"]) * (size // 3)))


def m_claim(doc, text, rng):
    body = rng.choice(["P(" * 20000, "the attacker wins " * 50000, "a" * 1_000_000, "odds " + "1/" * 100000,
                       "Gandalf " + "and Gandalf " * 40000 + "survives", "x" * 1999, "P(win) = 1/" + "9" * 1990])
    doc["claims"] = [body]
    return _dump(doc)


def m_game(doc, text, rng):
    doc["game"] = rng.choice(["meccg", "wotr", "riftbound", "MECCG", "chess", "", None, ["meccg"], "toy"])
    return _dump(doc)


def m_many(doc, text, rng):
    """Scale the longest list up (12, 20, 30, 200 members, units or effects)."""
    lists = [p for p in _paths(doc) if p and isinstance(_get(doc, p), list) and _get(doc, p)]
    if not lists:
        return _dump(doc)
    path = max(lists, key=lambda p: len(_get(doc, p)))
    items = _get(doc, path)
    n = rng.choice([12, 20, 30, 200, 5000])
    _set(doc, path, [copy.deepcopy(items[i % len(items)]) for i in range(n)])
    return _dump(doc)


def m_json(doc, text, rng):
    return json.dumps(doc)[: rng.choice([None, None, 50, 500])]


MUTATIONS: dict[str, Callable[[Any, str, random.Random], str | bytes]] = {
    "delete": m_delete, "wrong_type": m_wrong_type, "number": m_number, "unknown_name": m_unknown_name,
    "unknown_key": m_unknown_key, "unicode": m_unicode, "binary": m_binary, "truncate": m_truncate,
    "bomb": m_bomb, "deep": m_deep, "complex_key": m_complex_key, "python_tag": m_python_tag,
    "path_name": m_path_name, "long_string": m_long_string, "claim": m_claim, "game": m_game, "many": m_many,
    "json": m_json, "foreign_option": lambda doc, text, rng: text,
}


# ---- a case: build, run, classify --------------------------------------------------------------
def make_case(seed: int, sources: list[Path]) -> dict:
    rng = random.Random(seed)
    src = rng.choice(sources)
    text = src.read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    kind = rng.choice(list(MUTATIONS))
    content = MUTATIONS[kind](copy.deepcopy(doc), text, rng)
    verb = rng.choice(list(VERBS))
    options = list(rng.choice(VERBS[verb]))
    if kind == "foreign_option":
        options += rng.choice(FOREIGN)
    suffix = ".json" if kind == "json" else ".yaml"
    return {"seed": seed, "source": str(src.relative_to(ROOT)), "mutation": kind, "verb": verb,
            "options": options, "content": content, "suffix": suffix}


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_argv(argv: list[str], timeout: float = TIME_LIMIT) -> tuple[int | None, str, str, float]:
    start = time.monotonic()
    try:
        proc = subprocess.run([sys.executable, "-m", "pycombat", *argv], capture_output=True, timeout=timeout,
                              preexec_fn=_limit_memory, cwd=ROOT, env={**os.environ, "COLUMNS": "100"})
        return (proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"),
                time.monotonic() - start)
    except subprocess.TimeoutExpired:
        return None, "", "", time.monotonic() - start


def classify(rc: int | None, stderr: str, file: str, verb: str = "") -> tuple[str, str]:
    """The class of one run and the reason (see the module docstring)."""
    if rc is None:
        return "hang", f"still running after {TIME_LIMIT:.0f} s"
    if "Traceback (most recent call last)" in stderr or "MemoryError" in stderr:
        return "traceback", stderr.strip().splitlines()[-1][:200] if stderr.strip() else "traceback"
    if rc in (0, 1):
        return "answer", ""
    if rc != 2:
        return "traceback", f"exit code {rc}: {stderr.strip()[-200:]}"
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    if len(lines) != 1:
        return "unclear", f"{len(lines)} lines: {stderr.strip()[:200]!r}"
    line = lines[0]
    if len(line) > MAX_LINE:
        return "unclear", f"{len(line)} characters: {line[:120]!r}..."
    if file not in line and "--" not in line and not line.startswith(f"pycombat {verb}: error:"):
        if f"{verb} " not in line:
            return "unclear", f"names neither the file, an option nor the verb: {line[:200]!r}"
    return "error", line


def run_case(case: dict, workdir: Path) -> dict:
    path = workdir / f"case{case['seed']}{case['suffix']}"
    data = case["content"]
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
    options = [o.replace("{out}", str(workdir / f"tree{case['seed']}.dot")) for o in case["options"]]
    rc, out, err, seconds = run_argv([case["verb"], str(path), *options])
    cls, why = classify(rc, err, str(path), case["verb"])
    try:
        path.unlink()
    except OSError:
        pass
    return {**case, "class": cls, "why": why, "seconds": round(seconds, 2), "rc": rc}


def special_cases() -> list[tuple[str, list[str]]]:
    """Inputs that are not file contents: devices, FIFOs, directories, missing files."""
    out = [("/dev/zero", ["enumerate", "/dev/zero"]), ("directory", ["odds", str(EXAMPLES)]),
           ("missing", ["verify", "no/such/file.yaml"]), ("/dev/null", ["odds", "/dev/null"])]
    return out


FAILING = ("traceback", "hang", "unclear")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=200, help="number of mutated cases (default 200)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2, help="runs in parallel")
    ap.add_argument("--seed", type=int, default=0, help="first seed (cases are seed, seed+1, ...)")
    ap.add_argument("--keep", type=Path, default=None, help="write each failing input to this directory")
    ap.add_argument("--timeout", type=float, default=TIME_LIMIT, help="seconds per run")
    args = ap.parse_args(argv)
    globals()["TIME_LIMIT"] = args.timeout
    sources = examples()
    cases = [make_case(args.seed + i, sources) for i in range(args.n)]
    results: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="pycombat-fuzz-") as tmp:
        work = Path(tmp)
        fifo = work / "fifo.yaml"
        os.mkfifo(fifo)
        specials = special_cases() + [("fifo", ["odds", str(fifo)])]
        with ThreadPoolExecutor(max_workers=args.j) as pool:
            futures = [pool.submit(run_case, c, work) for c in cases]
            for name, av in specials:
                rc, _, err, secs = run_argv(av)
                cls, why = classify(rc, err, av[1], av[0])
                results.append({"seed": None, "source": name, "mutation": "special", "verb": av[0], "options": [],
                                "class": cls, "why": why, "seconds": round(secs, 2), "rc": rc, "content": b""})
            for i, f in enumerate(futures):
                results.append(f.result())
                if (i + 1) % 100 == 0:
                    print(f"... {i + 1}/{len(cases)}", file=sys.stderr, flush=True)
    table = Counter((r["mutation"], r["class"]) for r in results)
    classes = ["answer", "error", "unclear", "traceback", "hang"]
    muts = sorted({r["mutation"] for r in results})
    print(f"{'mutation':<16}" + "".join(f"{c:>11}" for c in classes))
    for m in muts:
        print(f"{m:<16}" + "".join(f"{table[(m, c)]:>11}" for c in classes))
    totals = Counter(r["class"] for r in results)
    print(f"{'TOTAL':<16}" + "".join(f"{totals[c]:>11}" for c in classes))
    slow = max(results, key=lambda r: r["seconds"])
    print(f"{len(results)} runs; slowest {slow['seconds']} s ({slow['verb']} on {slow['mutation']} of {slow['source']})")
    bad = [r for r in results if r["class"] in FAILING]
    for r in bad[:30]:
        print(f"{r['class'].upper()}: seed {r['seed']} {r['mutation']} of {r['source']}, {r['verb']} "
              f"{' '.join(r['options'])}: {r['why']}")
    if args.keep and bad:
        args.keep.mkdir(parents=True, exist_ok=True)
        for r in bad:
            if r["seed"] is None:
                continue
            stem = f"fuzz_{r['seed']}_{r['mutation']}_{r['verb']}"
            data = r["content"]
            (args.keep / (stem + r["suffix"])).write_bytes(
                data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
            (args.keep / (stem + ".argv")).write_text(" ".join([r["verb"], *r["options"]]) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
