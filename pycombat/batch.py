"""``pycombat batch``: one verb over many scenarios, in a local process pool or on Dask distributed.

A front end (layer 1, like :mod:`pycombat.cli`): it reads inputs, calls the Python API
(:mod:`pycombat.api`) in worker processes and writes one JSON line per input, **in input order**:

* ``{"input": NAME, "index": I, "exit_code": C, "result": {...}}`` (``result`` is the report's
  ``to_json()``, as ``pycombat VERB --json`` prints it), or
* ``{"input": NAME, "index": I, "error": {"type": ..., "message": ..., "file": ..., "path": ...}}``
  for an input that could not be answered (one bad scenario never stops the batch); ``help``, when
  the error has them, lists the lines the CLI prints under it (what is accepted, why a refusal).

Inputs are files, folders (their ``.yaml``/``.yml``/``.json`` files, sorted, recursively), glob
patterns, and JSON-lines streams (``.jsonl``/``.ndjson`` files, or ``-`` for standard input): one
scenario mapping a line, named ``STREAM:LINE``.  Files are read here and their text is shipped to
the workers (which parse it), so a remote Dask worker needs no access to this machine's files;
every scenario's ``file`` is its input's name, in a local run and on a cluster alike.

Every worker process keeps its loaded solver (parsed rule files, grounded programs) between
scenarios: see :mod:`pycombat.solver`.

>>> items = list(expand_inputs([]))
>>> items
[]
>>> run_item(0, "x", ("mapping", {"game": "nonesuch"}), "enumerate", {}, {})["error"]["type"]
'ScenarioError'
"""
from __future__ import annotations

import contextlib
import glob
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, Mapping, Sequence

from . import jsontext
from .errors import PycombatError, ScenarioError

SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")
STREAM_SUFFIXES = (".jsonl", ".ndjson")

#: an input as shipped to a worker: ("text", text, is_json) | ("mapping", dict) | ("error", message)
Source = tuple


@dataclass(frozen=True)
class Item:
    index: int
    name: str
    source: Source


# -- inputs ---------------------------------------------------------------------------------------
def _lines(handle: IO[str], most: int) -> Iterator[str | None]:
    """The lines of ``handle``, each read up to ``most`` characters: a longer line is skipped to its end
    (never held whole) and given as None."""
    while True:
        line = handle.readline(most + 1)
        if not line:
            return
        if len(line) > most and not line.endswith("\n"):
            while True:  # the rest of an over-long line, read in pieces
                rest = handle.readline(1 << 16)
                if not rest or rest.endswith("\n"):
                    break
            yield None
            continue
        yield line


def _stream_items(name: str, handle: IO[str]) -> Iterator[tuple[str, Source]]:
    """Each line a scenario mapping, read as a single JSON file is (:func:`.scenario.parse_document`: its size,
    nesting and values checked), or an error entry of its own."""
    from .scenario import MAX_FILE_BYTES, parse_document

    for lineno, line in enumerate(_lines(handle, MAX_FILE_BYTES), start=1):
        label = f"{name}:{lineno}"
        if line is None:
            yield label, ("error", f"the line has more than {MAX_FILE_BYTES:,} characters; a scenario has at most "
                                   f"{MAX_FILE_BYTES:,}")
            continue
        if not line.strip():
            continue
        if not line.lstrip().startswith("{"):
            yield label, ("error", "a JSON-lines input holds one scenario mapping (with a `game:` key) a line")
            continue
        try:
            data = parse_document(line, label=label, json_only=True)
        except ScenarioError as exc:
            yield label, ("error", exc.message)
            continue
        yield label, ("mapping", data)


def _file_item(path: Path, name: str) -> tuple[str, Source]:
    from .scenario import read_text

    try:  # (as any verb reads a file: a regular file of at most MAX_FILE_BYTES of UTF-8)
        text = read_text(path)
    except ScenarioError as exc:
        return name, ("error", exc.message)
    return name, ("text", text, path.suffix.lower() == ".json")


def _path_items(path: Path, name: str) -> Iterator[tuple[str, Source]]:
    if path.suffix.lower() in STREAM_SUFFIXES and path.is_file():
        with path.open(encoding="utf-8") as handle:
            yield from _stream_items(name, handle)
    else:
        yield _file_item(path, name)


def expand_inputs(inputs: Sequence[str], stdin: IO[str] | None = None,
                  skip: Sequence[str] = ()) -> Iterator[tuple[str, Source]]:
    """``(name, source)`` for every scenario the inputs name, in order (lazily: a stream is read as
    it is consumed).  An input that names nothing is itself an error entry. A file of ``skip`` (the
    batch's own output) is never taken from a folder or a pattern."""
    skipped = {_resolved(s) for s in skip}
    for raw in inputs:
        if raw == "-":
            yield from _stream_items("<stdin>", stdin or sys.stdin)
            continue
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in
                           SCENARIO_SUFFIXES + STREAM_SUFFIXES and _resolved(p) not in skipped)
            if not found:
                yield raw, ("error", "the folder holds no .yaml, .yml, .json or .jsonl files")
            for p in found:
                yield from _path_items(p, str(p))
        elif not path.exists() and glob.has_magic(raw):
            found = sorted(f for f in glob.glob(raw, recursive=True) if _resolved(f) not in skipped)
            if not found:
                yield raw, ("error", "the pattern matches no file")
            for f in found:
                if not Path(f).is_dir():
                    yield from _path_items(Path(f), f)
        else:
            yield from _path_items(path, raw)


def _resolved(path: str | Path) -> str:
    try:
        return str(Path(path).resolve())
    except (OSError, RuntimeError):
        return str(path)


# -- one scenario (runs in a worker) -----------------------------------------------------------
def _error(index: int, name: str, exc: BaseException | str) -> dict:
    if isinstance(exc, str):
        err: dict[str, Any] = {"type": "ScenarioError", "message": exc}
    else:
        err = {"type": type(exc).__name__, "message": getattr(exc, "message", None) or str(exc)}
        for key in ("path",):
            if getattr(exc, key, None):
                err[key] = getattr(exc, key)
        if getattr(exc, "help", ()):  # the lines the CLI prints under the error
            err["help"] = list(exc.help)
        if getattr(exc, "suggestions", None):  # the closest names to an unknown one, as the web page's errors have
            err["suggestions"] = list(exc.suggestions)
    err["file"] = name
    return {"input": name, "index": index, "error": err}


def _coerce(verb: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """``--opt NAME=VALUE`` strings typed as the game declares the option (argparse's ``type``)."""
    declared = {o.dest: o for o in verb.options}
    out: dict[str, Any] = {}
    for key, value in options.items():
        opt = declared.get(key.replace("-", "_"))
        if opt is None or not isinstance(value, str):
            out[key.replace("-", "_")] = value
            continue
        kw = opt.kwargs
        if kw.get("action") in ("store_true", "store_false"):
            low = value.lower()
            if low not in ("true", "false", "1", "0", "yes", "no"):
                raise PycombatError(f"option {key}: {value!r} is not true or false")
            out[opt.dest] = low in ("true", "1", "yes")
        elif kw.get("action") == "append":
            out[opt.dest] = [v for v in value.split(",") if v]
        elif callable(kw.get("type")):
            try:
                out[opt.dest] = kw["type"](value)
            except Exception as exc:  # argparse's type functions raise several kinds
                raise PycombatError(f"option {key}: {exc}") from None
        else:
            if kw.get("choices") and value not in kw["choices"]:
                raise PycombatError(f"option {key}: {value!r} is not one of {', '.join(map(str, kw['choices']))}")
            out[opt.dest] = value
    return out


def run_item(index: int, name: str, source: Source, verb: str, options: Mapping[str, Any],
             flags: Mapping[str, str]) -> dict:
    """One input's JSON line (a result or an error object); never raises for a bad scenario."""
    got = read_item(index, name, source, flags)
    return got if isinstance(got, dict) else run_read(got, verb, options)


def read_item(index: int, name: str, source: Source, flags: Mapping[str, str]) -> "dict | tuple":
    """An input read: ``(index, name, its game, api.Scenario)``, or its error object."""
    from . import api
    from .scenario import parse_document

    try:
        kind = source[0]
        if kind == "error":
            return _error(index, name, source[1])
        if kind == "text":
            data = parse_document(source[1], label=name, json_only=source[2])
        else:
            data = dict(source[1])
        if api.is_ruling(data):  # a saved ruling: `verify` checks it again (pycombat/rulings.py)
            return index, name, None, data
        game = api.game_of(data, name)
        model = game.read_scenario(data, file=name, flag_overrides=dict(flags))
        return index, name, game, api.Scenario(game, model)
    except Exception as exc:  # noqa: BLE001 - one scenario's bug must not stop the batch
        return _error(index, name, exc)


def run_read(item: tuple, verb: str, options: Mapping[str, Any]) -> dict:
    """A read input's JSON line: the verb's result, or an error object."""
    index, name, game, scenario = item
    try:
        if game is None:  # a saved ruling (read_item)
            from . import api

            if verb != "verify":
                raise PycombatError(f"is a saved ruling: only verify reads it (not {verb})")
            report = api.recheck_ruling(scenario, file=name)
            return {"input": name, "index": index, "exit_code": report.exit_code, "result": report.to_json()}
        report = scenario.run(verb, **_coerce(game.verb(verb), _per_input(game.verb(verb), options, index, name)))
        return {"input": name, "index": index, "exit_code": report.exit_code, "result": report.to_json()}
    except Exception as exc:  # noqa: BLE001 - one scenario's bug must not stop the batch
        return _error(index, name, exc)


def _per_input(verb: Any, options: Mapping[str, Any], index: int, name: str) -> Mapping[str, Any]:
    """``options`` with each file a verb writes named for this input: ``{index}`` (its place in the batch)
    and ``{stem}`` (its file name without folder and extension) filled in (:func:`_required_given`
    refuses a file name without either)."""
    files = [o.dest for o in verb.options if o.writes_file and isinstance(options.get(o.dest), str)]
    if not files:
        return options
    return {**options, **{d: _filled(options[d], index, name) for d in files}}


def _filled(value: str, index: int, name: str) -> str:
    """A file name given for every input, ``{index}`` and ``{stem}`` filled in for input ``index`` named ``name``.

    >>> _filled("trees/{stem}.graphml", 3, "many.jsonl:4"), _filled("t{index}.png", 0, "a/b.yaml")
    ('trees/many-4.graphml', 't0.png')
    """
    base, colon, line = str(name or "").rpartition(":")
    if colon and line.isdigit():  # a line of a .jsonl stream ("many.jsonl:3"): the stream's name and the line
        stem = f"{Path(base).stem if base not in ('', '-', '<stdin>') else 'stdin'}-{line}"
    else:
        stem = Path(str(name)).stem if name and name != "-" else f"input{index}"
    return value.replace("{index}", str(index)).replace("{stem}", stem)


def _distinct_files(verb: str, options: Mapping[str, Any], items: Sequence[tuple[str, Any]]) -> None:
    """Refuse, before any input is answered, a batch in which two inputs would write the same file (two inputs of
    one file name in different folders, named by ``{stem}``)."""
    from . import registry

    dests = {o.dest for g in registry.all_games() if verb in g.verbs for o in g.verb(verb).options if o.writes_file}
    for dest in sorted(dests):
        value = options.get(dest)
        if not isinstance(value, str) or not value:
            continue
        seen: dict[str, str] = {}
        for index, (name, _) in enumerate(items):
            target = _filled(value, index, name)
            if target in seen:
                raise PycombatError(f"--opt {dest}: two inputs would both write one file; put {{index}} in its name "
                                    "(their places in the batch differ)",
                                    help=(f"inputs: {seen[target]} and {name}", f"file: {target}"))
            seen[target] = name


def _prefetch(read: Sequence["dict | tuple"], verb: str) -> None:
    """Each game's ``prefetch`` over the chunk's scenarios of that game (see ``Game.prefetch``): it
    only warms the game's memos, so a failure there is logged and the verbs answer alone."""
    import logging

    from . import registry

    by_game: dict[str, tuple[Any, list]] = {}
    for got in read:
        if not isinstance(got, dict) and got[2] is not None:  # a saved ruling (game None) is no scenario
            _index, _name, game, scenario = got
            by_game.setdefault(game.name, (game, []))[1].append(scenario.model)
    for game, models in by_game.values():
        if game.prefetch is None or verb not in game.verbs:
            continue
        try:
            registry.resolve(game.prefetch)(verb, models)
        except Exception:  # noqa: BLE001 - an optimisation: the verbs still answer each scenario
            logging.getLogger("pycombat.batch").debug("prefetch of %s failed", game.name, exc_info=True)


#: one output line as a worker hands it back: the input's index, the JSON text, whether it is an
#: error object, and the result's exit code (the parent only orders, writes and counts: encoding in
#: the worker keeps the parent from becoming the bottleneck of a pool, and a string pickles far
#: faster than a report)
Line = tuple[int, str, bool, int]


def encode(line: Mapping[str, Any], pretty: bool = False) -> Line:
    """One result (or error object) as its JSON line."""
    text = jsontext.dumps(line, pretty=pretty)
    failed = "error" in line
    return line["index"], text, failed, 2 if failed else int(line.get("exit_code", 0))


def run_chunk(chunk: Sequence[tuple[int, str, Source]], verb: str, options: Mapping[str, Any],
              flags: Mapping[str, str], pretty: bool = False) -> list[Line]:
    """A worker's task: several inputs in a row (the worker's loaded solver serves them all), each
    as its encoded JSON line.  The inputs are read first, and each game's ``prefetch`` (if it has
    one) sees its scenarios together before the verb runs on each.

    Python's cycle collector is told to leave alone what the process already holds (the parsed
    rules, the loaded data) and to run less often while the chunk runs (about 8% of a batch's time
    otherwise); both are put back afterwards."""
    import gc

    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(threshold[0], 50_000), threshold[1], threshold[2])
    try:
        read = [read_item(i, name, src, flags) for i, name, src in chunk]
        _prefetch(read, verb)
        return [encode(got if isinstance(got, dict) else run_read(got, verb, options), pretty) for got in read]
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


# -- grouping -------------------------------------------------------------------------------------
#: inputs are grouped by their game's affinity key within windows of this many (the parent holds at
#: most about a window of answered lines while it waits for an earlier one)
AFFINITY_WINDOW = 4096


def affinity(source: Source, name: str = "") -> str | None:
    """The key its game gives an input's scenario (see ``Game.affinity``): inputs with equal keys
    share grounded programs, so they go to the same worker, whose loaded solver reuses them.
    None when the game gives none or the input does not read (its worker reports why)."""
    from . import registry

    try:
        data = _document(source)
        if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
            return None
        game = registry.get(data["game"])
        if game.affinity is None:
            return None
        key = registry.resolve(game.affinity)(data)
        return None if key is None else f"{game.name}:{key}"
    except Exception:  # noqa: BLE001 - a key only orders the work; a bad input is reported by its worker
        return None


def _document(source: Source) -> Any:
    """An input's scenario as the parent reads it for its key: cheaply, or not at all (None). A file's
    text is read with libyaml (about a tenth of the worker's checking loader); a large one, or one
    with YAML anchors or aliases (a bomb would expand in the key), is left to its worker."""
    if source[0] == "mapping":
        return source[1]
    if source[0] != "text" or len(source[1]) > 65_536:
        return None
    text = source[1]
    if source[2]:
        return json.loads(text)
    if "&" in text or "*" in text:
        return None
    import yaml

    loader = getattr(yaml, "CSafeLoader", None)
    return yaml.load(text, Loader=loader) if loader is not None else None  # noqa: S506 - a safe loader


def grouped_order(items: Sequence[tuple[str, Source]], window: int = AFFINITY_WINDOW) -> Iterator[int]:
    """The order in which a pool runs ``items``: within each window of ``window`` inputs, those with
    equal affinity keys next to each other (so in the same chunks), the rest in input order after
    (window by window: a cluster starts on the first while the next is read)."""
    for start in range(0, len(items), window):
        span = range(start, min(start + window, len(items)))
        keys = {i: affinity(items[i][1], items[i][0]) for i in span}
        yield from sorted(span, key=lambda i: (keys[i] is None, keys[i] or "", i))


# -- executors ----------------------------------------------------------------------------------
#: the smallest chunk the tail of a spread batch is cut into (Riftbound's prefetch grounds 16 boards
#: together: smaller chunks would ground fewer at a time)
MIN_TAIL_CHUNK = 16


def _chunks(items: Iterable[tuple[int, str, Source]], size: int, total: int = 0,
            workers: int = 0) -> Iterator[list[tuple[int, str, Source]]]:
    """``items`` in chunks of ``size``; with ``workers`` (a pool or a cluster) and the ``total`` count,
    the last chunks get smaller (at most a quarter of what remains a worker, at least
    MIN_TAIL_CHUNK) so that the workers finish together rather than one waiting on the last long
    chunk of another (about 4% of a 2-worker batch's time)."""
    chunk: list[tuple[int, str, Source]] = []
    remaining = total

    def limit() -> int:
        if not workers:
            return size
        return max(min(size, MIN_TAIL_CHUNK), min(size, -(-remaining // (workers * 4))))

    want = limit()
    for item in items:
        chunk.append(item)
        if len(chunk) >= want:
            yield chunk
            remaining -= len(chunk)
            chunk = []
            want = limit()
    if chunk:
        yield chunk


def _local(chunks: Iterator[list], workers: int, args: tuple) -> Iterator[list[Line]]:
    if workers <= 1:
        for c in chunks:
            yield run_chunk(c, *args)
        return
    import itertools
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    first = next(chunks, None)
    if first is None:
        return
    from concurrent.futures.process import BrokenProcessPool

    if multiprocessing.get_start_method() == "fork":
        verb, _options, flags, _pretty = args
        _warm(first[0], verb, flags)
    rest = itertools.chain([first], chunks)
    while True:
        # up to two chunks a worker in flight; each chunk's lines as soon as it is answered (the caller puts them
        # in input order), and a new chunk sent for each one answered
        inflight: dict = {}  # future -> its chunk
        with ProcessPoolExecutor(max_workers=workers) as pool:
            try:
                for c in itertools.islice(rest, 2 * workers):
                    inflight[pool.submit(_call_chunk, c, args)] = c
                while inflight:
                    done, _ = wait(inflight, return_when=FIRST_COMPLETED)
                    for fut in done:
                        got = fut.result()
                        del inflight[fut]
                        yield got
                        for c in itertools.islice(rest, 1):
                            inflight[pool.submit(_call_chunk, c, args)] = c
                return
            except BrokenProcessPool:  # a worker died (the system out of memory, a signal): the pool is gone
                lost = list(inflight.items())
        for fut, c in lost:  # what was answered stands; the rest is answered again, apart
            yield fut.result() if fut.done() and fut.exception() is None else _apart(c, args)
        # the chunks not yet sent go to a new pool


#: the error of an input whose worker process died under it twice (answered alone the second time)
WORKER_DIED = ("the worker process answering it stopped abruptly, twice (killed by the system, out of memory, or by a "
               "signal); it was answered alone the second time, so it is this input's; the other inputs were answered")


def _apart(chunk: list, args: tuple) -> list[Line]:
    """A chunk whose worker died, answered again in a process of its own; if that dies too, each input in one of
    its own, and an input whose process dies again is an error line (:data:`WORKER_DIED`)."""
    got = _in_new_process(chunk, args)
    if got is not None:
        return got
    out: list[Line] = []
    for item in chunk:
        one = _in_new_process([item], args) if len(chunk) > 1 else None
        out += one if one is not None else [encode(_error(item[0], item[1], WorkerDied(WORKER_DIED)), args[3])]
    return out


def _in_new_process(chunk: list, args: tuple) -> list[Line] | None:
    """``chunk`` answered in a new worker process; None when that process dies."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    with ProcessPoolExecutor(max_workers=1) as pool:
        try:
            return pool.submit(_call_chunk, chunk, args).result()
        except BrokenProcessPool:
            return None


class WorkerDied(PycombatError):
    """The process answering an input died (its error line's ``type``)."""


def _warm(item: tuple[int, str, Source], verb: str, flags: Mapping[str, str]) -> None:
    """Before a pool forks its workers: load here what each would load at its first input (the game's
    modules and data, by reading that input; the verb's modules; the game's parsed rule files), so
    that they start with it (about 0.2 s a worker for Riftbound, a fifth of a 2-worker batch of 1,000
    small boards).  Nothing is answered here: a heavy first input still runs beside the others.  The
    parent's caches are then emptied but for the parsed rules, so that no grounded program a game
    keeps crosses the fork.  An optimisation only: whatever fails is left to the worker, which
    reports it."""
    from . import registry, solver

    try:
        got = read_item(*item, flags)
        if isinstance(got, dict):
            return
        game = got[2]
        if verb not in game.verbs:
            return
        registry.resolve(game.verb(verb).run)
        solver.parse_rules(game.rules_package)
        if game.prefetch is not None:  # (what the game shares between scenarios: its work is bounded)
            registry.resolve(game.prefetch)(verb, [got[3].model])
    except Exception:  # noqa: BLE001 - the workers answer as if nothing had been loaded
        pass
    finally:
        solver.clear_caches(keep_parsed=True)  # (no grounded program crosses the fork)


def _call_chunk(chunk: list, args: tuple) -> list[Line]:
    return run_chunk(chunk, *args)


@contextlib.contextmanager
def _dask_client(workers: int, scheduler: str | None) -> Iterator[Any]:
    """A Dask client: on the scheduler at ``scheduler``, else on a local cluster of ``workers`` processes
    (closed after)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - a dependency of the package
        raise PycombatError("Dask distributed is not installed (pip install distributed)") from None
    import logging

    # Dask installs its own handlers and logs each start and stop at INFO: shown only with -v
    quiet = logging.getLogger().getEffectiveLevel() > logging.INFO
    if quiet:
        logging.getLogger("distributed").setLevel(logging.ERROR)
    cluster = None
    if scheduler:
        client = _scheduler_client(Client, scheduler)
    else:
        # no dashboard; the scheduler's own HTTP server (health, metrics) on a free port of this machine,
        # not its fixed default 8787
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=None, silence_logs=logging.ERROR,
                               scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
        client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


#: the schemes of a Dask scheduler's address pycombat connects to (``tcp://host:port``, ``tls://host:port``)
SCHEDULER_SCHEMES = ("tcp", "tls")
#: how long a scheduler has to connect and answer Dask's handshake (a service that is no Dask scheduler,
#: an HTTP server say, accepts the connection and never answers)
SCHEDULER_WAIT = 15.0


def scheduler_address(scheduler: str) -> str:
    """``scheduler`` checked as a Dask scheduler's address (``tcp://HOST:PORT``, ``tls://HOST:PORT`` or
    ``HOST:PORT``, read as tcp); a :class:`PycombatError` saying what is wrong otherwise."""
    from distributed.comm.addressing import parse_address, parse_host_port

    form = "a Dask scheduler's address is tcp://HOST:PORT (or tls://HOST:PORT, or HOST:PORT)"
    if not scheduler.strip():
        raise PycombatError(f"--scheduler {scheduler!r}: no address; {form}")
    try:
        scheme, location = parse_address(scheduler)
        host, port = parse_host_port(location)
    except (ValueError, TypeError) as exc:
        rest = scheduler.split("://", 1)[-1]  # (HOST:PORT)
        port_text = rest.rpartition(":")[2]
        why = f"the port {port_text!r} is not a number" if ":" in rest and not port_text.isdigit() else exc
        raise PycombatError(f"--scheduler {scheduler!r}: {why}; {form}") from None
    if scheme not in SCHEDULER_SCHEMES:
        raise PycombatError(f"--scheduler {scheduler!r}: unknown scheme {scheme}://; {form}")
    if not host or not 0 < int(port) < 65536:
        raise PycombatError(f"--scheduler {scheduler!r}: no host or no port in 1-65535; {form}")
    return scheduler


def _scheduler_client(client_class: Any, scheduler: str) -> Any:
    """A Dask client on the scheduler at ``scheduler``, connected within :data:`SCHEDULER_WAIT` seconds; a
    :class:`PycombatError` when the address is malformed, nothing answers, or what answers is no Dask
    scheduler (its handshake fails or never comes)."""
    import threading

    scheduler_address(scheduler)
    got: dict[str, Any] = {}

    def connect() -> None:
        try:
            got["client"] = client_class(scheduler, timeout=f"{SCHEDULER_WAIT:g}s")
        except BaseException as exc:  # noqa: BLE001 - whatever the handshake raises is reported below
            got["error"] = exc

    thread = threading.Thread(target=connect, name="pycombat-dask-connect", daemon=True)
    thread.start()
    thread.join(SCHEDULER_WAIT * 1.5 + 1)  # (Dask gives up after SCHEDULER_WAIT; past this, nothing will come)
    if thread.is_alive():
        raise PycombatError(f"cannot reach the Dask scheduler at {scheduler}: nothing answered Dask's handshake "
                            f"within {SCHEDULER_WAIT:g} s (is it a Dask scheduler?)")
    if "error" in got:
        exc = got["error"]
        why = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        if not isinstance(exc, (OSError, TimeoutError)):  # it answered, but not as a Dask scheduler does
            why = f"what answers is no Dask scheduler ({type(exc).__name__}: {why})"
        raise PycombatError(f"cannot reach the Dask scheduler at {scheduler}: {why}")
    return got["client"]


def cluster_workers(client: Any) -> int:
    """How many workers the Dask cluster of ``client`` has now (each runs one chunk at a time per thread)."""
    return len(client.scheduler_info().get("workers", {}))


def dask_map(client: Any, chunks: Iterator[list], args: tuple, window: int = 64) -> Iterator[list[Line]]:
    """Run the chunks on a Dask ``client``, at most ``window`` in flight, results in input order."""
    from collections import deque

    pending: deque = deque()
    for c in chunks:
        pending.append((c, client.submit(run_chunk, c, *args, pure=False)))
        if len(pending) >= window:
            yield _task_lines(*pending.popleft(), args)
    while pending:
        yield _task_lines(*pending.popleft(), args)


def _task_lines(chunk: list, future: Any, args: tuple) -> list[Line]:
    """A Dask task's lines; when the task failed (its workers died: ``KilledWorker``, or the cluster lost it), an
    error line for each of its inputs, saying so: the batch goes on."""
    try:
        return future.result()
    except Exception as exc:  # noqa: BLE001 - whatever the cluster raises is said on the inputs' lines
        why = str(exc).splitlines()[0][:300] if str(exc) else ""
        err = WorkerDied(f"the Dask task answering it failed ({type(exc).__name__}{': ' + why if why else ''}); "
                         "a worker that runs out of memory is killed so")
        return [encode(_error(index, name, err), args[3]) for index, name, _source in chunk]


# -- the batch ------------------------------------------------------------------------------------
@dataclass
class Summary:
    """What a batch did: every input gets one line (``total``), an answer or, for ``failed`` ones, an error
    object; ``workers``: the processes that ran them (a Dask cluster's workers, however many cores this
    machine has)."""

    total: int = 0
    failed: int = 0
    #: inputs answered with a nonzero exit code (verify: a claim's ``expect:`` not met, a saved ruling changed)
    nonzero: int = 0
    seconds: float = 0.0
    exit_code: int = 0
    workers: int = 1

    @property
    def answered(self) -> int:
        """The inputs answered (their verb ran: its own exit code may still say the question's answer is no)."""
        return self.total - self.failed

    @property
    def rate(self) -> float:
        """Inputs a second, failed ones included (each written as one line)."""
        return self.total / self.seconds if self.seconds > 0 else 0.0

    def line(self, where: str) -> str:
        """The summary printed on stderr.

        >>> Summary(total=6, failed=2, seconds=2.0, workers=3).line("Dask at tcp://127.0.0.1:8786")
        'batch: 6 inputs: 4 answered, 2 failed (an error line each); 3.0 inputs/s (2.00 s, 3 workers, Dask at tcp://127.0.0.1:8786)'
        """
        nonzero = (f" ({self.nonzero:,} of them exit code 1: a claim's expect: not met, or a saved ruling "
                   f"changed)") if self.nonzero else ""
        return (f"batch: {self.total:,} input{'s' if self.total != 1 else ''}: {self.answered:,} answered{nonzero}, "
                f"{self.failed:,} failed{' (an error line each)' if self.failed else ''}; {self.rate:,.1f} inputs/s "
                f"({self.seconds:.2f} s, {self.workers} worker{'s' if self.workers != 1 else ''}, {where})")


def run_batch(inputs: Sequence[str], verb: str, *, out: IO[str], options: Mapping[str, Any] | None = None,
              flags: Mapping[str, str] | None = None, workers: int | None = None, scheduler: str | None = None,
              dask: bool = False, chunk_size: int | None = None, pretty: bool = False, progress: Any = None,
              stdin: IO[str] | None = None, skip: Sequence[str] = ()) -> Summary:
    """Run ``verb`` over every input and write one JSON line each to ``out`` (in input order). A verb no
    game has is refused at once (:class:`~pycombat.errors.PycombatError`, with the closest names). ``skip``: files
    never taken from a folder or pattern (the batch's own output)."""
    _known_verb(verb)
    _required_given(verb, options or {})
    _check_spread(scheduler, chunk_size)
    workers = max(1, workers or os.cpu_count() or 1)
    args = (verb, dict(options or {}), dict(flags or {}), pretty)
    items = list(expand_inputs(inputs, stdin, skip))
    _distinct_files(verb, options or {}, items)
    if not (scheduler or dask):  # a local pool starts no more processes than there are inputs
        workers = max(1, min(workers, len(items)))
    summary = Summary(workers=workers)
    t0 = time.perf_counter()  # (a local Dask cluster's start counts)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(_dask_client(workers, scheduler)) if (scheduler or dask) else None
        if client is not None:  # the cluster's workers run the chunks, whatever this machine has
            summary.workers = workers = cluster_workers(client)
        spread = workers > 1 or client is not None
        # chunks of up to 64 (grouped inputs: the longer the run of a key on one worker, the more its
        # loaded solver reuses; measured on MECCG 3 v 3: 327 scenarios a CPU second at 16, 370 at 64),
        # at least four a worker so that the work stays balanced
        size = chunk_size or max(1, min(64, len(items) // (max(1, workers) * 4) or 1))
        # in a pool, inputs that share grounded programs (equal affinity keys) go to the same chunk, so
        # one worker's loaded solver serves them all; one process shares everything anyway
        order = grouped_order(items) if spread else range(len(items))
        chunks = _chunks(((i, *items[i]) for i in order), size, len(items), max(1, workers) if spread else 0)
        results = dask_map(client, chunks, args) if client is not None else _local(chunks, workers, args)
        _collect(results, summary, out, len(items), progress)
        summary.seconds = time.perf_counter() - t0
        if client is not None:  # (workers may have joined meanwhile)
            summary.workers = max(summary.workers, cluster_workers(client))
    return summary


def _check_spread(scheduler: str | None, chunk_size: int | None) -> None:
    """Refuse a malformed scheduler address or a chunk of fewer than one scenario, before any input is read."""
    if chunk_size is not None and chunk_size < 1:
        raise PycombatError(f"--chunk must be at least 1 scenario a task, not {chunk_size}")
    if scheduler is not None:  # (an empty address is refused, never read as none)
        scheduler_address(scheduler)


def _known_verb(verb: str) -> None:
    """Refuse a verb that no registered game offers (a verb some games lack is refused per input, by them)."""
    from . import registry
    from .names import did_you_mean

    known = sorted({v for g in registry.all_games() for v in g.verbs})
    if verb not in known:
        raise PycombatError(f"--verb {verb!r}: no game has this verb{did_you_mean(verb, known)} (verbs: {', '.join(known)})")


def _required_given(verb: str, options: Mapping[str, Any]) -> None:
    """Refuse, before any input is read, a batch that leaves out an option the verb requires in every game
    (``tree``'s output file), or gives ``count`` with an option bounding the listing it does not make."""
    from . import registry
    from .api import listing_bound_with_count

    for g in registry.all_games():
        if verb in g.verbs:
            try:
                typed = _coerce(g.verb(verb), options)
            except PycombatError:  # (a bad value is refused per input, by the game that reads it)
                typed = {}
            bound = listing_bound_with_count(g.verb(verb), typed)
            if bound is not None:
                raise PycombatError(f"--opt {bound} bounds the listing, and --opt count=true lists nothing (it "
                                    f"prints only the number): give one of them")
            for o in g.verb(verb).options:
                value = options.get(o.dest)
                if o.kwargs.get("required") and value in (None, ""):
                    raise PycombatError(f"--verb {verb} requires --opt {o.dest}=VALUE ({'/'.join(o.flags)} of the "
                                        f"verb: {o.kwargs.get('metavar') or 'a value'}; a file name with {{stem}} "
                                        "or {index}, filled in per input)" if o.writes_file else
                                        f"--verb {verb} requires --opt {o.dest}=VALUE ({'/'.join(o.flags)} of the "
                                        f"verb: {o.kwargs.get('metavar') or 'a value'})")
                if o.writes_file and isinstance(value, str) and value and not ("{stem}" in value
                                                                               or "{index}" in value):
                    raise PycombatError(f"--opt {o.dest}={value!r}: every input would write this one file; put "
                                        f"{{stem}} (the input's file name) or {{index}} (its place) in it, e.g. "
                                        f"{o.dest}=trees/{{stem}}{Path(value).suffix or '.graphml'}")


def _collect(results: Iterator[list[Line]], summary: Summary, out: IO[str], total: int, progress: Any) -> None:
    """Write the answered lines in input order as they come, counting them in ``summary``."""
    if progress is not None:
        progress(0, total)
    waiting: dict[int, Line] = {}  # answered lines that wait for an earlier input's
    for chunk in results:
        for line in chunk:
            waiting[line[0]] = line
        while summary.total in waiting:
            _, text, failed, code = waiting.pop(summary.total)
            out.write(text)
            out.write("\n")
            summary.total += 1
            if failed:
                summary.failed += 1
                summary.exit_code = 2
            else:
                summary.exit_code = max(summary.exit_code, code)
                summary.nonzero += code != 0
        if progress is not None:
            progress(summary.total, total)


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``--opt NAME=VALUE`` pairs as a mapping (values stay strings; typed per game in the worker).

    >>> parse_options(["limit=5", "count=true"])
    {'limit': '5', 'count': 'true'}
    """
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise PycombatError(f"--opt {pair!r}: expected NAME=VALUE")
        out[name.strip()] = value.strip()
    return out


def add_parser(sub: Any) -> None:
    """The ``batch`` verb's arguments (called by :mod:`pycombat.cli`)."""
    b = sub.add_parser("batch", help="run one verb over many scenarios (files, folders, globs, JSON lines)",
                       description="Run one verb over many scenarios and write one JSON line per input, in input "
                                   "order (an error object for a bad input; the batch goes on). Inputs: files, "
                                   "folders, glob patterns, .jsonl streams of one scenario a line, '-' for "
                                   "standard input. Runs in a local process pool (one worker per core) or on Dask "
                                   "distributed.")
    b.add_argument("inputs", nargs="+", metavar="INPUT", help="scenario file, folder, glob, .jsonl stream or -")
    b.add_argument("--verb", dest="batch_verb", metavar="VERB", required=True, help="the verb to run on every scenario (enumerate, odds, ...)")
    b.add_argument("--opt", action="append", default=[], metavar="NAME=VALUE",
                   help="an option of the verb, by its long name (e.g. --opt limit=5 --opt count=true)")
    b.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE", help="set an interpretation flag")
    b.add_argument("--json-lines", metavar="OUT", help="write the JSON lines to OUT (default: standard output); OUT is replaced "
                   "whole when the batch ends (interrupted: left as it was, the lines so far in OUT.partial)")
    b.add_argument("--workers", type=int, default=None, metavar="N", help="worker processes (default: one per core)")
    where = b.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run on this Dask distributed scheduler")
    where.add_argument("--dask", action="store_true", help="run on a local Dask distributed cluster")
    b.add_argument("--chunk", type=int, default=None, metavar="N", help="scenarios per task (default: automatic)")
    b.add_argument("--pretty", action="store_true", help="indent each JSON object (several lines each)")


def main(args: Any) -> int:
    """``pycombat batch`` (arguments parsed by :func:`add_parser`)."""
    from .scenario import parse_flag_assignments

    flags = parse_flag_assignments(args.flag)
    options = parse_options(args.opt)
    if args.workers is not None and args.workers < 1:
        raise PycombatError(f"--workers must be at least 1, not {args.workers}")
    _check_spread(args.scheduler, args.chunk)  # (before OUT is made)
    out: Any = _OutputFile(args.json_lines) if args.json_lines else sys.stdout
    workers = args.workers or os.cpu_count() or 1
    bar, progress = _progress_bar()
    done = [0, 0]  # the inputs whose lines are written, of how many

    def count(written: int, total: int) -> None:
        done[:] = [written, total]
        if progress is not None:
            progress(written, total)

    try:
        with bar:
            summary = run_batch(args.inputs, args.batch_verb, out=out, options=options, flags=flags, workers=workers,
                                scheduler=args.scheduler, dask=args.dask, chunk_size=args.chunk,
                                pretty=args.pretty, progress=count, skip=[args.json_lines] if args.json_lines else ())
    except BaseException as exc:
        partial = out.abandon() if out is not sys.stdout else None
        if not isinstance(exc, KeyboardInterrupt):
            raise
        where = ((f"; their lines are in {partial}" if partial else "")
                 + (f"; {args.json_lines} is as it was" if args.json_lines else ""))
        print(f"pycombat: batch interrupted after {done[0]:,} of {done[1]:,} inputs{where}", file=sys.stderr)
        return 130
    if out is not sys.stdout:
        out.commit()
    else:
        out.flush()
    where = f"Dask at {args.scheduler}" if args.scheduler else "local Dask cluster" if args.dask else "local"
    print(summary.line(where), file=sys.stderr)
    return summary.exit_code


class _OutputFile:
    """``--json-lines OUT``: checked before any input is read (a folder, a missing folder or a file this
    user may not write is refused, naming OUT), written to a file of its own in OUT's folder, and put in
    OUT's place (``os.replace``: at once, whole) only when the batch has run to its end: a batch refused,
    interrupted or stopped by an error leaves an earlier OUT as it was (the lines it wrote are kept
    beside it as ``OUT.partial``). OUT that is no regular file (``/dev/stdout``, a pipe) is written
    as the lines come."""

    def __init__(self, path: str):
        self.path = path
        self._handle: IO[str] | None = None
        self._temp: str | None = None
        target = Path(path)
        folder = target.parent
        if target.is_dir():
            raise PycombatError(f"--json-lines {path}: is a folder; give the file to write the JSON lines to")
        if not folder.is_dir():
            raise PycombatError(f"--json-lines {path}: cannot write it: no folder {str(folder)!r}")
        if not os.access(target if target.exists() else folder, os.W_OK):
            raise PycombatError(f"--json-lines {path}: cannot write it: permission denied")

    def _open(self) -> IO[str]:
        from .files import beside, replaceable, target_of

        if self._handle is None:
            target = target_of(self.path)  # (OUT a link: the file it names is replaced, the link kept)
            try:
                if not replaceable(target):  # a device or a pipe: written as the lines come
                    self._handle = open(self.path, "w", encoding="utf-8")
                else:
                    fd, self._temp = beside(target)
                    self._handle = os.fdopen(fd, "w", encoding="utf-8")
            except OSError as exc:
                raise PycombatError(f"--json-lines {self.path}: cannot write it ({exc.strerror or exc})") from None
        return self._handle

    def write(self, text: str) -> int:
        return self._open().write(text)

    def flush(self) -> None:
        if self._handle is not None:
            self._handle.flush()

    def commit(self) -> None:
        """The batch ran to its end: its lines (none for no input) take OUT's place."""
        handle = self._open()
        try:
            handle.close()
            if self._temp is not None:
                os.replace(self._temp, os.path.realpath(self.path))
        except OSError as exc:
            raise PycombatError(f"--json-lines {self.path}: cannot write it ({exc.strerror or exc})") from None
        self._temp = None

    def abandon(self) -> str | None:
        """The batch stopped before its end: OUT is left as it was; the lines written are kept as OUT.partial
        (returned), or None when none was."""
        if self._handle is None:
            return None
        self._handle.close()
        if self._temp is None:
            return None
        partial = self.path + ".partial"
        try:
            os.replace(self._temp, partial)
        except OSError:
            return None
        self._temp = None
        return partial


def _progress_bar():
    import contextlib

    if not sys.stderr.isatty():
        return contextlib.nullcontext(), None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("batch"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True)
    task = bar.add_task("batch", total=None)
    return bar, (lambda done, total: bar.update(task, completed=done, total=total))
