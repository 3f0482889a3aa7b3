"""A fuzz campaign over every shipped example, every verb and every game.

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

``python tools/fuzz.py -n 10000 -j 2`` prints the table and exits 1 when any run is a traceback,
a hang or unclear; ``--keep DIR`` writes each failing input there (the regression corpus is
``tests/bad_inputs/``).  The mutations are seeded: ``--seed`` replays a campaign.

Modes (``--mode``):

* ``fork`` (default): the parent imports pycombat and every game's verbs once; each case runs in
  a forked child (``cli.main``, as ``python -m pycombat`` would), its stdout and stderr in files,
  under ``RLIMIT_AS``; a child past the time limit is killed and counted a hang, one ended by a
  signal a traceback.  About five times faster than ``subprocess``.
* ``subprocess``: each case as ``python -m pycombat`` (the whole CLI path, interpreter start included).
* ``http`` (``--http``): each case posted to the web page's ``/api/run`` through Starlette's
  TestClient (the app runs each solve in its own worker under its time budget); an answer is a
  200, an error a 4xx whose ``error`` is one clear line, a 500 or a traceback in the body a
  traceback, no answer within the time limit (202, 504) a hang.
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
    # the error is one line; the program's own list of what is accepted may follow, indented
    lines = [ln for ln in stderr.splitlines() if ln.strip() and not ln.startswith("  ")]
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


# ---- fork mode: the verbs run in process, in a forked child per case -----------------------------
def _preload() -> None:
    """Import the CLI and every game's verb modules once, in the parent, before forking (nothing is
    solved here: each child starts from the same clean state the command line would)."""
    import importlib

    from pycombat import cli, registry  # noqa: F401

    for g in registry.all_games():
        for v in g.verbs.values():
            if isinstance(v.run, str):
                importlib.import_module(v.run.partition(":")[0])


def _fork_child(seed: int, sources: list[Path], work: Path) -> None:  # pragma: no cover - in the child
    """Build case ``seed``, write it, run its verb as ``python -m pycombat`` would, then ``_exit``."""
    rc = 1
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
        os.environ["COLUMNS"] = "100"
        for fd, name in ((1, "out"), (2, "err")):
            f = os.open(work / f"case{seed}.{name}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(f, fd)
            os.close(f)
        # the streams the interpreter would have (not a caller's, e.g. pytest's capture)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        case = make_case(seed, sources)
        path = work / f"case{seed}{case['suffix']}"
        data = case["content"]
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
        options = [o.replace("{out}", str(work / f"tree{seed}.dot")) for o in case["options"]]
        meta = {k: case[k] for k in ("seed", "source", "mutation", "verb", "options", "suffix")}
        (work / f"case{seed}.json").write_text(json.dumps({**meta, "path": str(path)}))
        from pycombat import cli

        try:
            rc = cli.main([case["verb"], str(path), *options])
        except SystemExit as exc:
            rc = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if not isinstance(exc.code, int) and exc.code is not None:
                print(exc.code, file=sys.stderr)
    except BaseException:  # what the interpreter would print for an uncaught exception
        import traceback

        traceback.print_exc()
        rc = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:
            pass
        os._exit(rc if isinstance(rc, int) else 1)


def run_forked(seeds: list[int], sources: list[Path], work: Path, jobs: int,
               report: Callable[[int], None] | None = None) -> list[dict]:
    """Each case in a forked child under :data:`MEMORY_LIMIT` and :data:`TIME_LIMIT` (killed past
    it: a hang), ``jobs`` at a time."""
    _preload()
    pending = list(reversed(seeds))
    running: dict[int, tuple[int, float]] = {}
    results: list[dict] = []
    killed: set[int] = set()
    while pending or running:
        while pending and len(running) < jobs:
            seed = pending.pop()
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child
                _fork_child(seed, sources, work)
            running[pid] = (seed, time.monotonic())
        pid, status, _ = os.wait4(-1, os.WNOHANG)
        if pid == 0:
            now = time.monotonic()
            for p, (seed, t0) in running.items():
                if now - t0 > TIME_LIMIT and p not in killed:
                    os.kill(p, 9)
                    killed.add(p)
            time.sleep(0.002)
            continue
        seed, t0 = running.pop(pid)
        seconds = time.monotonic() - t0
        rc = None if pid in killed else os.waitstatus_to_exitcode(status)
        killed.discard(pid)
        results.append(_collect(seed, rc, seconds, sources, work))
        if report:
            report(len(results))
    return results


def _collect(seed: int, rc: int | None, seconds: float, sources: list[Path], work: Path) -> dict:
    meta_file = work / f"case{seed}.json"
    if meta_file.exists():
        meta = json.loads(meta_file.read_text())
    else:  # killed before it wrote its case: build it here
        case = make_case(seed, sources)
        meta = {k: case[k] for k in ("seed", "source", "mutation", "verb", "options", "suffix")}
        meta["path"] = str(work / f"case{seed}{case['suffix']}")
    err = (work / f"case{seed}.err").read_bytes().decode("utf-8", "replace") if (work / f"case{seed}.err").exists() else ""
    cls, why = classify(rc, err, meta["path"], meta["verb"])
    for name in (f"case{seed}.json", f"case{seed}.out", f"case{seed}.err", f"case{seed}{meta['suffix']}",
                 f"tree{seed}.dot"):
        try:
            (work / name).unlink()
        except OSError:
            pass
    meta.pop("path", None)
    return {**meta, "class": cls, "why": why, "seconds": round(seconds, 2), "rc": rc}


# ---- HTTP mode: the same corpus to the web page's API (Starlette TestClient, in process) ----------
_CLIENT: list = []


def _http_client():
    if not _CLIENT:
        import warnings

        warnings.filterwarnings("ignore", message=".*httpx.*")
        from starlette.testclient import TestClient

        from pycombat.web.app import Settings, create_app

        client = TestClient(create_app(Settings(timeout=TIME_LIMIT, max_workers=1)))
        client.__enter__()
        _CLIENT.append(client)
    return _CLIENT[0]


def http_options(words: list[str]) -> dict:
    """The command line's options as the page sends them (``--limit 5`` -> ``{"limit": "5"}``; a flag
    -> true; ``-o FILE`` -> ``{"output": true}``, the server writes the file); ``--json`` is the API's
    only format and is dropped."""
    out: dict[str, Any] = {}
    i = 0
    while i < len(words):
        w = words[i]
        value: Any = True
        if i + 1 < len(words) and not words[i + 1].startswith("-"):
            value = words[i + 1]
            i += 1
        i += 1
        if w == "--json":
            continue
        dest = "output" if w == "-o" else w.lstrip("-").replace("-", "_")
        out[dest] = True if dest == "output" else value
    return out


def classify_http(status: int | None, body: Any, verb: str) -> tuple[str, str]:
    """The class of one API answer, by the campaign's rules: 200 an answer; a 4xx with one clear line
    (``pycombat: ...``, naming the scenario, a field, an option or the verb) an error; 500 or a
    traceback anywhere a traceback; no answer within the time limit (202, 504) a hang."""
    text = json.dumps(body) if not isinstance(body, str) else body
    if status is None or status in (202, 504):
        return "hang", f"HTTP {status}: still running after {TIME_LIMIT:.0f} s"
    if "Traceback (most recent call last)" in text or status >= 500:
        return "traceback", f"HTTP {status}: {text[:200]}"
    if status == 200:
        return "answer", ""
    msg = body.get("error") if isinstance(body, dict) else None
    if not isinstance(msg, str) or not msg.strip():
        return "unclear", f"HTTP {status} without an error message: {text[:200]}"
    if "\n" in msg.strip() or len(msg) > MAX_LINE:
        return "unclear", f"HTTP {status}: {len(msg)} characters or several lines: {msg[:120]!r}"
    from pycombat.web.app import LABEL

    scenario = LABEL.partition(".")[0]  # "scenario": the page's one scenario
    if not (scenario in msg or "--" in msg or f"{verb}" in msg or (isinstance(body, dict) and body.get("path"))
            or (status == 413 and "the request" in msg)):  # the request's size, before any scenario is read
        return "unclear", f"HTTP {status}: names neither the scenario, a field, an option nor the verb: {msg[:200]!r}"
    return "error", msg


def run_http_case(seed: int, sources: list[Path] | None = None) -> dict:
    sources = sources or examples()
    case = make_case(seed, sources)
    data = case["content"]
    text = data.decode("utf-8", "surrogateescape") if isinstance(data, bytes) else data
    payload = {"text": text, "verb": case["verb"], "options": http_options(case["options"]),
               "wait": TIME_LIMIT + 5}
    start = time.monotonic()
    client = _http_client()
    status, body = None, None
    for _ in range(50):
        try:
            resp = client.post("/api/run", content=json.dumps(payload).encode("utf-8"),
                               headers={"content-type": "application/json"})
        except Exception as exc:  # the test client re-raises what the app did not handle
            status, body = 500, f"Traceback (most recent call last): {type(exc).__name__}: {exc}"
            break
        status = resp.status_code
        try:
            body = resp.json()
        except ValueError:
            body = resp.text
        if status != 429:
            break
        time.sleep(0.2)
    cls, why = classify_http(status, body, case["verb"])
    meta = {k: case[k] for k in ("seed", "source", "mutation", "verb", "options", "suffix")}
    return {**meta, "class": cls, "why": why, "seconds": round(time.monotonic() - start, 2), "rc": status}


def run_http(seeds: list[int], jobs: int, work: Path, report: Callable[[int], None] | None = None) -> list[dict]:
    """``jobs`` forked workers, each with its own app and test client, share the seeds; each writes
    its results as JSON lines (a forked worker, not a daemonic pool's: the app forks its own)."""
    sources = examples()
    pids = []
    for i in range(jobs):
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the worker
            code = 0
            try:
                with open(work / f"http{i}.jsonl", "w", encoding="utf-8") as out:
                    for seed in seeds[i::jobs]:
                        out.write(json.dumps(run_http_case(seed, sources)) + "\n")
                        out.flush()
            except BaseException:
                import traceback

                traceback.print_exc()
                code = 1
            finally:
                if _CLIENT:
                    try:
                        _CLIENT[0].__exit__(None, None, None)
                    except BaseException:
                        pass
                os._exit(code)
        pids.append(pid)
    done_before = 0
    while pids:
        pid, _ = os.waitpid(-1, os.WNOHANG)
        if pid:
            pids.remove(pid)
            continue
        time.sleep(1)
        if report:
            done = sum(sum(1 for _ in open(f, encoding="utf-8")) for f in work.glob("http*.jsonl"))
            if done // 500 > done_before // 500:
                report(done - done % 500)
            done_before = done
    results = []
    for f in sorted(work.glob("http*.jsonl")):
        results += [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    return results


def print_table(results: list[dict]) -> None:
    table = Counter((r["mutation"], r["class"]) for r in results)
    classes = ["answer", "error", "unclear", "traceback", "hang"]
    muts = sorted({r["mutation"] for r in results})
    print(f"{'mutation':<16}" + "".join(f"{c:>11}" for c in classes))
    for m in muts:
        print(f"{m:<16}" + "".join(f"{table[(m, c)]:>11}" for c in classes))
    totals = Counter(r["class"] for r in results)
    print(f"{'TOTAL':<16}" + "".join(f"{totals[c]:>11}" for c in classes))
    verbs = Counter((r["verb"], r["class"]) for r in results)
    print("by verb: " + "; ".join(f"{v} " + "/".join(str(verbs[(v, c)]) for c in classes)
                                  for v in sorted({r["verb"] for r in results})) + " (" + "/".join(classes) + ")")
    games = Counter(r["source"].split("/")[-2] if "/" in r["source"] else r["source"] for r in results)
    print("by source folder: " + ", ".join(f"{g} {n}" for g, n in sorted(games.items())))
    slow = max(results, key=lambda r: r["seconds"])
    print(f"{len(results)} runs; slowest {slow['seconds']} s ({slow['verb']} on {slow['mutation']} of {slow['source']})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=200, help="number of mutated cases (default 200)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2, help="runs in parallel")
    ap.add_argument("--seed", type=int, default=0, help="first seed (cases are seed, seed+1, ...)")
    ap.add_argument("--keep", type=Path, default=None, help="write each failing input to this directory")
    ap.add_argument("--timeout", type=float, default=TIME_LIMIT, help="seconds per run")
    ap.add_argument("--mode", choices=("fork", "subprocess", "http"), default="fork",
                    help="fork: each case in a forked child of a process that imported pycombat once (fast; "
                         "the default); subprocess: each case as `python -m pycombat` (the CLI path, slow); "
                         "http: each case sent to the web page's API (/api/run, in process)")
    ap.add_argument("--http", action="store_const", const="http", dest="mode", help="same as --mode http")
    args = ap.parse_args(argv)
    globals()["TIME_LIMIT"] = args.timeout
    sources = examples()
    seeds = [args.seed + i for i in range(args.n)]
    results: list[dict] = []
    t0 = time.monotonic()

    def report(done: int) -> None:
        if done % 500 == 0:
            print(f"... {done}/{len(seeds)} in {time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="pycombat-fuzz-") as tmp:
        work = Path(tmp)
        if args.mode == "http":
            results = run_http(seeds, args.j, work, report)
        else:
            fifo = work / "fifo.yaml"
            os.mkfifo(fifo)
            specials = special_cases() + [("fifo", ["odds", str(fifo)])]
            for name, av in specials:
                rc, _, err, secs = run_argv(av)
                cls, why = classify(rc, err, av[1], av[0])
                results.append({"seed": None, "source": name, "mutation": "special", "verb": av[0], "options": [],
                                "class": cls, "why": why, "seconds": round(secs, 2), "rc": rc, "suffix": ""})
            if args.mode == "fork":
                results += run_forked(seeds, sources, work, args.j, report)
            else:
                with ThreadPoolExecutor(max_workers=args.j) as pool:
                    futures = [pool.submit(lambda s: run_case(make_case(s, sources), work), s) for s in seeds]
                    for i, f in enumerate(futures):
                        r = f.result()
                        r.pop("content", None)
                        results.append(r)
                        report(i + 1)
    print(f"mode {args.mode}, {args.n} cases from seed {args.seed}, {args.j} at a time, "
          f"{time.monotonic() - t0:.0f} s")
    print_table(results)
    bad = [r for r in results if r["class"] in FAILING]
    for r in bad[:30]:
        print(f"{r['class'].upper()}: seed {r['seed']} {r['mutation']} of {r['source']}, {r['verb']} "
              f"{' '.join(r['options'])}: {r['why']}")
    if args.keep and bad:
        args.keep.mkdir(parents=True, exist_ok=True)
        for r in bad:
            if r["seed"] is None:
                continue
            case = make_case(r["seed"], sources)
            stem = f"fuzz_{r['seed']}_{r['mutation']}_{r['verb']}" + ("_http" if args.mode == "http" else "")
            data = case["content"]
            (args.keep / (stem + case["suffix"])).write_bytes(
                data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
            (args.keep / (stem + ".argv")).write_text(" ".join([r["verb"], *r["options"]]) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
