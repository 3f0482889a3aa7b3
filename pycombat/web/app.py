"""The HTTP API of ``pycombat serve`` and the static page, on Starlette (run by uvicorn).

Why Starlette (and not FastAPI): the page needs a dozen small JSON endpoints, a static folder and
a test client. Starlette gives exactly that (FastAPI is built on it) without pulling in pydantic
and its compiled core; the request bodies are checked by pycombat's own scenario reader anyway,
which is what gives the CLI's one-line messages with the field path. uvicorn is the ASGI server
both recommend; Starlette's ``TestClient`` (httpx) drives the tests.

Endpoints (all JSON; errors are ``{"error": "pycombat: <the CLI's one-line message>", "path",
"message", "suggestions", "accepted", "line"}``, worded for the request: its fields ``options.NAME`` and
``flags.NAME``, not the CLI's ``--max-nodes`` or ``--flag NAME=VALUE``; a refused verb, option or flag
name or value carries ``accepted``, every value the field takes, and ``suggestions``, the closest of them
or, none being close, all):

========================================  =====================================================
``GET  /api/games``                       games, verbs, options with defaults, flags, examples
``GET  /api/games/{game}/examples/{name}``  an example's text (only the listed names)
``GET  /api/games/{game}/schema``         the game's JSON Schema
``GET  /api/games/{game}/names``          names of the shipped data (for autocompletion), by the
                                          kind the schema's name fields declare; ``?kind=&q=&limit=``:
                                          the names of one kind containing ``q``
``GET  /api/games/{game}/board``          the game's board as SVG (laid out once), when it offers one
``POST /api/board``                       ``{text}``: the nodes the scenario marks on its game's board
``GET  /api/card?name=&game=``            a card of the shipped data (400 with suggestions)
``POST /api/validate``                    ``{text, flags}``: the loader's verdict on a scenario
``POST /api/form``                        ``{text}``: the document's fields, typed by the schema
``POST /api/edit``                        ``{text, path, value, op, key}``: the document with one field
                                          set, an entry appended to / removed from a list or mapping,
                                          or a list entry moved up or down (``op: move``, value -1/1)
``POST /api/run``                         ``{text, verb, options, flags, wait}``: run a verb (``text`` a
                                          saved ruling: ``verify`` checks it again, as the CLI does)
``GET  /api/jobs/{id}?wait=S``            a running or finished job
``POST /api/jobs/{id}/cancel``            stop a running job
``GET  /api/limits``                      the server's budgets
========================================  =====================================================

Scenarios come only as text in a request body (YAML safe-loaded, JSON), never as a path; options
that name files (``--output``, ``--plot``) are set by the server to a private temporary folder and
what they write comes back in the answer (the tree as SVG, DOT and GraphML, plots as PNG; the tree is
solved once, written as GraphML, and drawn from that file: :mod:`pycombat.web.drawing`).
HTTP statuses: 400 the input is wrong; 413 the request or the question is too large; 429 every
worker is busy; 504 the time budget ran out; 499 cancelled.
"""
from __future__ import annotations

import asyncio
import contextlib
import base64
import json
import re
import shutil
import subprocess
import tempfile
from importlib import import_module
from importlib.resources import files
from pathlib import Path
from typing import Any

import yaml
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse as _StarletteJSON
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import api, jsontext, registry
from ..errors import PycombatError, ScenarioError, TooLargeError, UnknownNameError, UnknownOptionError, tidy
from ..report import jsonable
from ..scenario import parse_document
from ..verdicts import READINGS, readings_shown
from .drawing import dot_of_graphml, too_large
from .jobs import Busy, Jobs

#: largest request body accepted (bytes): a scenario is a few kilobytes
MAX_BODY = 256 * 1024
#: the label scenarios from the page carry in messages
LABEL = "scenario.yaml"
STATIC = Path(str(files("pycombat.web").joinpath("static")))


class JSONResponse(_StarletteJSON):
    """A JSON response written as the CLI's ``--json`` and the batch lines are (:func:`pycombat.jsontext.dumps`)."""

    def render(self, content) -> bytes:
        return jsontext.dumps(content).encode("utf-8")


class Settings:
    """A server's budgets."""

    def __init__(self, *, timeout: float = 60.0, max_nodes: int = 2_000_000, max_body: int = MAX_BODY,
                 max_workers: int = 2, memory_mb: int = 1500):
        self.timeout = timeout
        self.memory_mb = memory_mb
        self.max_nodes = max_nodes
        self.max_body = max_body
        self.max_workers = max_workers


# ---- errors ---------------------------------------------------------------------------------------
class HTTPError(Exception):
    def __init__(self, status: int, message: str, **extra: Any):
        self.status = status
        self.body = {"error": message if message.startswith("pycombat:") else f"pycombat: {message}", **extra}


def error_body(exc: PycombatError, text: str | None = None) -> tuple[int, dict]:
    """The HTTP status and body of a pycombat error: the CLI's one line, the field path, suggestions."""
    body: dict[str, Any] = {"error": f"pycombat: {tidy(str(exc))}"}  # one short line, as the CLI prints
    if getattr(exc, "help", ()):  # what is accepted, or why a refusal, in the program's own words
        body["help"] = list(exc.help)
    if isinstance(exc, UnknownOptionError):  # an option the verb does not have: the request's field
        body.update(message=str(exc), path=f"options.{exc.option}", suggestions=exc.suggestions)
    if isinstance(exc, ScenarioError):
        # a flag given outside the document (the request's flags) is the request's field
        body.update(message=exc.message, path=exc.path or (f"flags.{exc.flag}" if exc.flag else None))
        if exc.suggestions or isinstance(exc, UnknownNameError):
            body["suggestions"] = exc.suggestions
        line = line_of(text, exc.path) if text and exc.path else None
        m = re.match(r"(?:invalid YAML: )?line (\d+)", exc.message)
        if line is None and m:
            line = int(m.group(1))
        body["line"] = line
    return (413 if isinstance(exc, TooLargeError) else 400), body


def accepted_values(exc: PycombatError, game: str | None, verb: registry.Verb | None = None) -> list[str] | None:
    """Every value the field a refusal is about accepts, when it takes one of a known, short set: the request's
    verb (the game's verbs), an option name (the verb's options), an option's value (its choices), a flag's name
    (the game's flags) or a flag's value (the flag's values); None for any other refusal (a card name of the
    shipped data has thousands)."""
    if isinstance(exc, UnknownOptionError):
        if verb is None:
            return None
        return list(verb.defaults()) + (["readings"] if verb.name == "verify" else [])
    if not isinstance(exc, ScenarioError) or not isinstance(game, str) or game not in registry.names():
        return None
    path = exc.path or (f"flags.{exc.flag}" if exc.flag else "")
    if path == "options.readings":
        return list(READINGS)
    if path.startswith("options.") and verb is not None:  # an option taking one of a few values
        opt = next((o for o in verb.options if o.dest == path.partition(".")[2]), None)
        return [str(c) for c in opt.kwargs["choices"]] if opt is not None and opt.kwargs.get("choices") else None
    if path == "verb":
        return list(registry.get(game).verbs)
    m = re.fullmatch(r"(?:flags|rules)\.([^.\[\]]+)", path)
    if m is None:
        return None
    from ..rulebook import load_rulebook

    try:
        book = load_rulebook(game)
    except (PycombatError, OSError, ValueError):
        return None
    flag = book.flags.get(m.group(1))
    return list(book.flags) if flag is None else [str(v) for v in flag.values]


def request_error(exc: PycombatError, text: str | None, *, game: str | None, verb: registry.Verb | None = None,
                  flags: dict[str, str] | None = None) -> tuple[int, dict]:
    """:func:`error_body` of a refusal of a web request, worded for the request: a flag the request gives is
    its field ``flags.NAME`` (not the CLI's ``--flag NAME=VALUE``), and a refusal of a name or value from a
    known set always carries ``suggestions`` (the closest accepted values, else every one) and ``accepted``
    (every one)."""
    status, body = error_body(exc, text)
    if isinstance(exc, ScenarioError) and exc.flag and not exc.path:
        given = (flags or {}).get(exc.flag)
        head = f"--flag {exc.flag}={given}: " if given is not None else None
        inner = exc.message[len(head):] if head and exc.message.startswith(head) else \
            re.sub(r"^--flag \S+?=.*?: ", "", exc.message, count=1)
        field = f"flags.{exc.flag}"
        body.update(error=f"pycombat: {tidy(f'{field}: {inner}')}", message=inner, path=field)
    accepted = accepted_values(exc, game, verb)
    if accepted is not None:
        body["suggestions"] = list(body.get("suggestions") or []) or accepted
        body["accepted"] = accepted
    return status, body


def for_request(message: str, verb: registry.Verb | None, verb_name: str, *, prefixed: bool = True) -> str:
    """A refusal of the page's question in the request's words: prefixed by the verb once (never "the scenario:
    optimize: ..."; none without ``prefixed``), and the verb's options named as the request's fields
    (``options.max_nodes=10``, not ``--max-nodes 10``).

    >>> v = registry.get("meccg").verb("optimize")
    >>> for_request("the scenario: optimize: more than --max-nodes 10; raise --max-nodes", v, "optimize")
    'optimize: more than options.max_nodes=10; raise options.max_nodes'
    """
    m = re.match(rf"(?:(?:the scenario|{re.escape(LABEL)}): )?(?:{re.escape(verb_name)}: )?", message)
    rest = message[m.end():] if m else message
    if verb is not None:
        for opt in verb.options:
            for flag in sorted((f for f in opt.flags if f.startswith("-")), key=len, reverse=True):
                field = f"options.{opt.dest}"
                rest = re.sub(rf"(?<![\w-]){re.escape(flag)}(?![\w-])(?: (\d[\d,]*))?",
                              lambda mm, field=field: field + (f"={mm.group(1)}" if mm.group(1) else ""), rest)
    if not prefixed or rest.startswith(f"{verb_name} "):
        return rest
    return f"{verb_name}: {rest}"


def line_of(text: str, path: str) -> int | None:
    """The line (1-based) of field ``path`` (``attacker.members[2].name``) in YAML ``text``.

    >>> line_of("game: x\\na:\\n  b: [1, 2]\\n  c:\\n    - {d: 1}\\n", "a.c[0].d")
    5
    """
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    line = None
    for key, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path):
        if isinstance(node, yaml.MappingNode) and key:
            pair = next(((k, v) for k, v in node.value if getattr(k, "value", None) == key), None)
            if pair is None:
                return line
            line, node = pair[0].start_mark.line + 1, pair[1]
        elif isinstance(node, yaml.SequenceNode) and index:
            if int(index) >= len(node.value):
                return line
            node = node.value[int(index)]
            line = node.start_mark.line + 1
        else:
            return line
    return line


# ---- the games, as the page sees them -------------------------------------------------------------
def _option_view(opt: registry.Option) -> dict:
    kw = opt.kwargs
    kind = "text"
    typ = kw.get("type")
    if kw.get("action") == "store_true":
        kind = "bool"
    elif kw.get("action") == "append":
        kind = "list"
    elif kw.get("choices"):
        kind = "choice"
    elif typ is not None and getattr(typ, "__name__", "") in ("int", "positive_int", "nonneg_int"):
        kind = "int"
    if is_path_option(opt):
        kind = "file"
    return {"dest": opt.dest, "flag": next((f for f in opt.flags if f.startswith("--")), opt.flags[0]),
            "kind": kind, "default": None if kind == "file" else jsonable(opt.default), "help": kw.get("help", ""),
            "choices": list(kw.get("choices") or []), "metavar": kw.get("metavar"),
            "required": bool(kw.get("required")), "formats": _formats(opt)}


def is_path_option(opt: registry.Option) -> bool:
    """An option naming a file to write (the server picks the path; the page never does)."""
    meta = str(opt.kwargs.get("metavar") or "")
    return opt.dest in ("output", "plot") or "FILE" in meta or meta.startswith("OUT")


def _formats(opt: registry.Option) -> list[str]:
    meta = str(opt.kwargs.get("metavar") or "")
    m = re.search(r"\{([^}]*)\}", meta)
    if m:
        return [f.strip() for f in m.group(1).split(",") if f.strip()]
    m = re.search(r"\.(\w+)$", meta)
    return [m.group(1)] if m else []


def _flags_view(game: str) -> list[dict]:
    from ..rulebook import load_rulebook

    try:
        book = load_rulebook(game)
    except (PycombatError, OSError, ValueError):
        return []
    return [{"name": f.name, "values": list(f.values), "default": f.default, "why": f.why,
             "allows_int": f.allows_int, "int_min": f.int_min} for f in book.flags.values()]


def examples_of(game: registry.Game) -> dict[str, Path]:
    """The shipped examples of a game (and its rulings, which carry claims), by their names."""
    out: dict[str, Path] = {}
    if game.examples is None:
        return out
    folder = Path(game.examples)
    for p in sorted(folder.glob("*.*")):
        if p.suffix in (".yaml", ".yml", ".json"):
            out[p.name] = p
    rulings = folder.parent / "rulings" / game.name
    for p in sorted(rulings.glob("*.*")) if rulings.is_dir() else []:
        if p.suffix in (".yaml", ".yml", ".json"):
            out[f"rulings/{p.name}"] = p
    return out


def _title(path: Path) -> str | None:
    try:
        for line in path.read_text(encoding="utf-8").splitlines()[:40]:
            m = re.match(r"title:\s*(.+)$", line)
            if m:
                return m.group(1).strip().strip("'\"")
    except OSError:
        return None
    return None


#: ``verify``'s option of every game (the CLI's ``--readings``): which flags' readings are shown side by side
READINGS_OPTION = {"dest": "readings", "flag": "--readings", "kind": "choice", "default": "deciding",
                   "help": "the interpretation flags whose readings are shown side by side per claim: `deciding` "
                           "(those whose other value flips the verdict) or `all` (every flag the claim was "
                           "decided under again)",
                   "choices": list(READINGS), "metavar": None, "required": False, "formats": []}


def games_view() -> list[dict]:
    out = []
    for g in registry.all_games():
        verbs = []
        for name, v in g.verbs.items():
            verbs.append({"name": name, "help": v.help or registry.VERB_HELP.get(name, name),
                          "needs_file": v.needs_file, "progress": v.progress,
                          "options": [_option_view(o) for o in v.options]
                          + ([dict(READINGS_OPTION)] if name == "verify" else [])})
        out.append({"name": g.name, "title": g.title, "help": g.help, "verbs": verbs,
                    "flags": _flags_view(g.name),
                    "examples": [{"name": n, "title": _title(p)} for n, p in examples_of(g).items()],
                    "default_example": g.default_example, "card": g.card is not None,
                    "board": g.board is not None})
    return out


def names_of(game: registry.Game) -> dict[str, list[str]]:
    """The names in a game's shipped data files (``data/*.json`` records' ``name`` or ``title``), by file."""
    try:
        folder = Path(import_module("pycombat.games." + game.name).__file__).parent / "data"
    except (ImportError, TypeError):
        return {}
    out: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        records = data.get("records") if isinstance(data, dict) else None
        if not isinstance(records, list):
            continue
        names = sorted({str(r.get("name") or r.get("title")) for r in records
                        if isinstance(r, dict) and (r.get("name") or r.get("title"))})
        if names:
            out[path.stem] = names
    return out


def name_kinds(game: registry.Game) -> dict[str, list[str]]:
    """The names of a game's shipped data by the kind its schema's name fields declare (the game's
    ``names`` of the registry); the page completes kinds not listed from every name of the data files."""
    listed = dict(registry.resolve(game.names)()) if game.names is not None else {}
    return {str(k): sorted({str(n) for n in v}) for k, v in listed.items()}


def _game(name: str) -> registry.Game:
    try:
        return registry.get(name)
    except KeyError:
        from ..names import closest

        hint = closest(name, registry.names(), n=1)
        raise HTTPError(404, f"unknown game {name[:80]!r}" + (f"; did you mean {hint[0]!r}?" if hint else ""),
                        suggestions=hint) from None


# ---- running a verb (in a worker process) ---------------------------------------------------------
def coerce_options(verb: registry.Verb, given: Any, max_nodes: int) -> tuple[dict, dict]:
    """The browser's option values, checked like the CLI checks them; and the file options asked for.

    Returns ``(options, files)``: options for :meth:`pycombat.api.Scenario.run` (unknown ones are
    left in, so that the API refuses them with its own message), and the file options wanted
    (``{dest: formats}``)."""
    import argparse

    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise ScenarioError("must be a mapping of option names to values", path="options")
    by_dest = {o.dest: o for o in verb.options}
    options: dict[str, Any] = {}
    wanted: dict[str, list[str]] = {}
    for dest, value in given.items():
        opt = by_dest.get(dest)
        if opt is None:
            options[dest] = value  # refused by the API with the options it knows
            continue
        if is_path_option(opt):
            if value:
                wanted[dest] = _formats(opt)
            continue
        kw = opt.kwargs
        if value is None or value == "":
            continue
        if kw.get("action") == "store_true":
            if not isinstance(value, bool):
                raise ScenarioError("must be true or false", path=f"options.{dest}")
            options[dest] = value
            continue
        if kw.get("action") == "append":
            items = value if isinstance(value, list) else [v for v in str(value).split(",")]
            options[dest] = [str(v).strip() for v in items if str(v).strip()]
            continue
        typ = kw.get("type")
        if typ is not None:
            try:
                value = typ(str(value))
            except (argparse.ArgumentTypeError, ValueError, TypeError) as exc:
                raise ScenarioError(str(exc), path=f"options.{dest}") from None
        else:
            value = str(value)
        if kw.get("choices") and value not in kw["choices"]:
            raise ScenarioError(f"{value!r} is not one of {', '.join(map(str, kw['choices']))}",
                                path=f"options.{dest}")
        options[dest] = value
    for opt in verb.options:
        if is_path_option(opt) and opt.kwargs.get("required"):
            wanted.setdefault(opt.dest, _formats(opt))
    if "max_nodes" in by_dest:
        asked = options.get("max_nodes") or by_dest["max_nodes"].default or max_nodes
        if asked > max_nodes:
            raise TooLargeError(f"--max-nodes {asked:,} is beyond this server's node budget of {max_nodes:,}")
        options["max_nodes"] = min(asked, max_nodes)
    return options, wanted


def _svg(dot_file: Path, seconds: float) -> str | None:
    exe = shutil.which("dot")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "-Tsvg", str(dot_file)], capture_output=True, timeout=seconds, check=False)
    except (subprocess.TimeoutExpired, OSError):
        return None
    if done.returncode != 0:
        return None
    return done.stdout.decode("utf-8", "replace")


def _scrub(value: Any, prefix: str) -> Any:
    """``value`` without the server's temporary folder in its strings (``/tmp/x/tree.dot`` -> ``tree.dot``)."""
    if isinstance(value, str):
        return value.replace(prefix, "")
    if isinstance(value, list):
        return [_scrub(v, prefix) for v in value]
    if isinstance(value, dict):
        return {k: _scrub(v, prefix) for k, v in value.items()}
    return value


#: the CLI's printout of a report is sent up to this many characters
MAX_TEXT = 200_000


def printed(verb: registry.Verb, report: Any) -> str | None:
    """The report as the CLI prints it into a pipe (the game's presenter, 132 columns), or None."""
    import io

    from rich.console import Console

    present = verb.resolve_present()
    if present is None:
        return None
    console = Console(file=io.StringIO(), record=True, width=132, highlight=False, markup=False, soft_wrap=True,
                      color_system=None)
    try:
        present(report, console)
    except Exception:  # the page still has the JSON layout
        return None
    text = console.export_text()
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "\n... (cut: the download of the JSON has it all)"


def option_named(verb: registry.Verb, message: str) -> str | None:
    """The option of ``verb`` a refusal is about, when the message opens with its flag as the CLI's
    do (``--objective: one of ...``, ``--rolls ran out of dice ...``): its ``dest``, else None.

    >>> verb = registry.get("meccg").verb("optimize")
    >>> option_named(verb, "--objective: one of kill_mp, survive"), option_named(verb, "the tree is too large")
    ('objective', None)
    """
    m = re.match(r"(-{1,2}[A-Za-z][\w-]*)", message)
    if m is None:
        return None
    return next((o.dest for o in verb.options if m.group(1) in o.flags), None)


def run_work(progress, text: str, verb_name: str, options: Any, flags: Any, max_nodes: int) -> tuple:
    """Run a verb on a scenario's text (in the worker); the message for the server."""
    verb = scenario = data = None
    try:
        data = parse_document(text, label=LABEL)
        if api.is_ruling(data):  # a saved ruling (the page's "Save ruling"): verify checks it again, as the CLI does
            return recheck_work(data, verb_name, options, flags)
        scenario = api.load(data, flags or {})
        try:
            verb = registry.get(scenario.game).verb(verb_name)
        except ScenarioError as exc:  # the request's verb
            raise ScenarioError(exc.message, path="verb", suggestions=exc.suggestions) from None
        readings = "deciding"
        if verb_name == "verify" and isinstance(options, dict) and "readings" in options:
            options = dict(options)
            readings = options.pop("readings") or "deciding"
            if readings not in READINGS:
                raise ScenarioError(f"{str(readings)[:40]!r} is not one of {', '.join(READINGS)}",
                                    path="options.readings")
        opts, wanted = coerce_options(verb, options, max_nodes)
        if verb.progress:
            opts["progress"] = progress
        extra: dict[str, Any] = {}
        with tempfile.TemporaryDirectory(prefix="pycombat-web-") as tmp:
            outputs = {d: f for d, f in wanted.items() if any(o.dest == d and o.kwargs.get("required")
                                                               for o in verb.options)}
            images = {d: f for d, f in wanted.items() if d not in outputs}
            for dest, formats in images.items():
                opts[dest] = str(Path(tmp) / f"{dest}.{(formats or ['png'])[0]}")
            report = None
            if outputs:
                # the tree is made and solved once: written as GraphML (which has no size limit), and the
                # drawing (DOT, SVG) made from that file when it fits one (pycombat.web.drawing)
                dest, formats = next(iter(outputs.items()))
                fmt = "graphml" if "graphml" in formats else formats[0]
                out = Path(tmp) / f"tree.{fmt}"
                report = scenario.run(verb_name, **{**opts, dest: str(out)})
                texts = {fmt: out.read_text(encoding="utf-8", errors="replace")} if out.is_file() else {}
                if fmt == "graphml" and "dot" in formats and fmt in texts:
                    why = too_large(texts[fmt], opts.get("depth"))
                    if why is not None:
                        extra["drawing"] = why
                    else:
                        dot_of_graphml(out, Path(tmp) / "tree.dot")
                        texts = {"dot": (Path(tmp) / "tree.dot").read_text(encoding="utf-8"), **texts}
                if "dot" in texts:
                    svg = _svg(Path(tmp) / "tree.dot", 30)
                    if svg is not None:
                        texts["svg"] = svg
                extra["files"] = texts
            else:
                with readings_shown(readings):
                    report = scenario.run(verb_name, **opts)
            for dest in images:
                path = Path(opts[dest])
                if path.is_file():
                    extra.setdefault("images", {})[dest] = ("data:image/png;base64,"
                                                            + base64.b64encode(path.read_bytes()).decode())
            result = _scrub(report.to_json(), tmp + "/")
            if verb_name == "verify":  # the ruling to keep (pycombat/rulings.py), offered as a download
                extra["ruling"] = api.ruling_of(data, scenario, report)
            text = printed(verb, report)
            if text is not None:
                extra["text"] = _scrub(text, tmp + "/")
        if result.get("scenario") is None:
            result.pop("scenario", None)
        return ("done", {"result": result, "exit_code": report.exit_code, **extra})
    except PycombatError as exc:
        game = scenario.game if scenario is not None else (data.get("game") if isinstance(data, dict) else None)
        status, body = request_error(exc, text, game=game, verb=verb, flags=flags)
        if body.get("path") is None and verb is not None:  # a refused option value: the request's field
            dest = option_named(verb, str(exc))
            if dest is not None:
                body["path"] = f"options.{dest}"
        if not isinstance(exc, ScenarioError) or str(body.get("path") or "").startswith("options."):
            # the question refused, in the request's words: which verb, which option (options.NAME)
            body["error"] = "pycombat: " + tidy(for_request(str(exc), verb, verb_name))
            if str(body.get("path") or "").startswith("options."):
                body["message"] = tidy(for_request(exc.message if isinstance(exc, ScenarioError) else str(exc),
                                                   verb, verb_name, prefixed=False))
        return ("error", status, body)


def recheck_work(data: dict, verb_name: str, options: Any, flags: Any) -> tuple:
    """A saved ruling sent as the scenario: ``verify`` checks it again on this version (per claim, whether its
    verdict stands), under its own flags, as ``pycombat verify RULING.json`` does; no other verb reads it."""
    from ..rulings import recheck_lines

    if verb_name != "verify":
        raise ScenarioError(f"is a saved ruling: only verify reads it (not {str(verb_name)[:40]})", path="verb",
                            suggestions=["verify"])
    if flags:
        raise ScenarioError("is a saved ruling: it is checked under its own flags (no flags)", path="flags")
    readings = options.get("readings") if isinstance(options, dict) else None
    if readings not in (None, "", "deciding"):
        raise ScenarioError("is a saved ruling: its check says per claim whether the verdict stands; readings "
                            "are for verifying a scenario's claims", path="options.readings")
    report = api.recheck_ruling(data, file=LABEL)
    result = report.to_json()
    result.pop("scenario", None)
    return ("done", {"result": result, "exit_code": report.exit_code, "text": "\n".join(recheck_lines(report))})


def ruling_verdict(doc: dict) -> tuple[int, dict]:
    """``/api/validate``'s answer for a saved ruling: whether it is as it was saved, and that only verify reads it."""
    from ..rulings import check_hash

    bad = check_hash(doc)
    if bad:
        raise ScenarioError(f"is no valid saved ruling: {bad}")
    scenario = doc["scenario"]
    return 200, {"ok": True, "game": doc["game"], "title": scenario.get("title"), "flags": doc["flags"],
                 "verbs": ["verify"], "ruling": True}


# ---- the app --------------------------------------------------------------------------------------
async def _body(request: Request, settings: Settings) -> dict:
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > settings.max_body:
        raise HTTPError(413, f"the request has {int(length):,} bytes; this server takes at most "
                             f"{settings.max_body:,}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > settings.max_body:
            raise HTTPError(413, f"the request has more than {settings.max_body:,} bytes; this server takes at most "
                                 f"{settings.max_body:,}")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks) or b"{}")
    except ValueError as exc:
        raise HTTPError(400, f"the request is not JSON: {exc}") from None
    except RecursionError:  # (lists or objects nested thousands deep)
        raise HTTPError(400, "the request is not JSON this server reads: it is nested too deep") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "the request must be a JSON object")
    return data


def _text(data: dict, settings: Settings) -> str:
    text = data.get("text")
    if text is None:
        raise HTTPError(400, "text: the scenario (YAML or JSON text) is required", path="text")
    if not isinstance(text, str):
        raise HTTPError(400, f"text: the scenario must be YAML or JSON text (a string), not {_kind(text)}", path="text")
    return text


def _flags(given: Any) -> dict[str, str]:
    """A request's ``flags``: a mapping of flag names to values (text, or a whole number for a flag that
    takes one); anything else is refused naming the field, never read as no flags or as "True"."""
    if given is None:
        return {}
    if not isinstance(given, dict):
        raise HTTPError(400, f"flags: a mapping of flag names to values, not {_kind(given)}", path="flags")
    for name, value in given.items():
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise HTTPError(400, f"flags.{str(name)[:80]}: a flag's value is text (or a whole number), not "
                                 f"{_kind(value)}", path=f"flags.{str(name)[:80]}")
    return {str(k): str(v) for k, v in given.items()}


def _kind(value: object) -> str:
    """A JSON value's kind, in words: "a number", "a list", ..."""
    if isinstance(value, bool):
        return "true/false"
    return {int: "a number", float: "a number", list: "a list", dict: "an object"}.get(type(value), "that")


def _preload() -> list[str]:
    """The modules the workers' fork server imports once: the web app and every game's verbs."""
    out = ["pycombat.web.app"]
    for g in registry.all_games():
        for v in g.verbs.values():
            if isinstance(v.run, str) and v.run.partition(":")[0] not in out:
                out.append(v.run.partition(":")[0])
    return out


def create_app(settings: Settings | None = None, *, allowed_hosts: list[str] | None = None,
               warm_up: bool = False) -> Starlette:
    """The web app. ``allowed_hosts`` (the Host headers answered) guards a loopback server against
    DNS rebinding; ``None`` answers any."""
    settings = settings or Settings()
    jobs = Jobs(timeout=settings.timeout, max_workers=settings.max_workers, preload=_preload(),
                memory_mb=settings.memory_mb)
    cache: dict[str, Any] = {}

    def handle(fn):
        async def endpoint(request: Request):
            try:
                return await fn(request)
            except HTTPError as exc:
                return JSONResponse(exc.body, status_code=exc.status)
            except Busy as exc:
                return JSONResponse({"error": str(exc)}, status_code=429)
            except PycombatError as exc:
                status, body = error_body(exc)
                return JSONResponse(body, status_code=status)
            except Exception as exc:  # never a stack trace to the page
                return JSONResponse({"error": f"pycombat: internal error: {type(exc).__name__}: {exc}"[:2000]},
                                    status_code=500)
        return endpoint

    async def index(request: Request):
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def games(request: Request):
        if "games" not in cache:
            cache["games"] = await run_in_threadpool(games_view)
        return JSONResponse(cache["games"])

    async def limits(request: Request):
        return JSONResponse({"max_body": settings.max_body, "timeout": settings.timeout,
                             "max_nodes": settings.max_nodes, "max_workers": settings.max_workers,
                             "dot": shutil.which("dot") is not None})

    async def example(request: Request):
        g = _game(request.path_params["game"])
        name = request.path_params["name"]
        found = examples_of(g)
        if name not in found:
            from ..names import closest

            hint = closest(name, list(found), n=1)
            raise HTTPError(404, f"no example {name[:80]!r} for {g.name}"
                                 + (f"; did you mean {hint[0]!r}?" if hint else ""), suggestions=hint)
        return JSONResponse({"game": g.name, "name": name, "text": found[name].read_text(encoding="utf-8")})

    async def schema(request: Request):
        g = _game(request.path_params["game"])
        return JSONResponse(await run_in_threadpool(api.schema, g.name))

    async def names(request: Request):
        g = _game(request.path_params["game"])
        key = "names:" + g.name
        if key not in cache:
            by_file = await run_in_threadpool(names_of, g)
            kinds = await run_in_threadpool(name_kinds, g)
            cache[key] = {"game": g.name, "by_file": by_file, "kinds": kinds,
                          "names": sorted({n for ns in by_file.values() for n in ns})}
        found = cache[key]
        kind = request.query_params.get("kind")
        q = request.query_params.get("q", "")
        try:
            limit = int(request.query_params.get("limit", "50"))
        except ValueError:
            limit = 0
        if not 1 <= limit <= 500:
            raise HTTPError(400, f"limit: a whole number from 1 to 500, not {request.query_params.get('limit', '')[:40]!r}",
                            path="limit")
        if kind is None and not q:
            return JSONResponse(found)
        if len(q) > 200 or len(kind or "") > 200:
            raise HTTPError(413, "kind, q: at most 200 characters", path="q")
        if kind is not None and kind not in found["kinds"]:
            from ..names import closest

            hint = closest(kind, list(found["kinds"]), n=1)
            raise HTTPError(400, f"{g.name} has no names of kind {kind[:80]!r} (kinds: "
                                 f"{', '.join(found['kinds']) or 'none'})" + (f"; did you mean {hint[0]!r}?" if hint else ""),
                            path="kind", suggestions=hint)
        pool = found["kinds"][kind] if kind is not None else found["names"]
        needle = q.casefold().strip()
        starts = [n for n in pool if n.casefold().startswith(needle)]
        inside = [n for n in pool if needle in n.casefold() and n not in starts]
        return JSONResponse({"game": g.name, "kind": kind, "q": q,
                             "names": (starts + inside)[:limit]})

    async def board(request: Request):
        from .board import board_view

        g = _game(request.path_params["game"])
        view = await run_in_threadpool(board_view, g.name)
        if view is None:
            raise HTTPError(404, f"{g.name} offers no board")
        return JSONResponse(view)

    async def board_marks(request: Request):
        from .board import marks

        data = await _body(request, settings)
        text = _text(data, settings)

        def compute():
            doc = parse_document(text, label=LABEL)
            game = api.game_of(doc, LABEL)
            return {"game": game.name, "board": game.board is not None, "marks": marks(game.name, doc)}

        return JSONResponse(await run_in_threadpool(compute))

    async def card(request: Request):
        name = request.query_params.get("name", "")
        game = request.query_params.get("game") or None
        if not name.strip():
            raise HTTPError(400, "name: a card name is required", path="name")
        if len(name) > 200:
            raise HTTPError(413, "name: at most 200 characters", path="name")
        if game is not None:
            _game(game)
        report = await run_in_threadpool(api.card, name, game)
        return JSONResponse(report.to_json())

    async def validate(request: Request):
        data = await _body(request, settings)
        text = _text(data, settings)
        flags = _flags(data.get("flags"))

        def check():
            doc = None
            try:
                doc = parse_document(text, label=LABEL)
                if api.is_ruling(doc):
                    return ruling_verdict(doc)
                s = api.load(doc, flags)
            except PycombatError as exc:
                return request_error(exc, text, game=doc.get("game") if isinstance(doc, dict) else None, flags=flags)
            return 200, {"ok": True, "game": s.game, "title": s.title, "flags": s.flags, "verbs": s.verbs}

        status, body = await run_in_threadpool(check)
        return JSONResponse(body, status_code=status)

    async def form(request: Request):
        from .form import fields

        data = await _body(request, settings)
        text = _text(data, settings)
        return JSONResponse(await run_in_threadpool(fields, text))

    async def edit(request: Request):
        from .form import edit as edit_text

        data = await _body(request, settings)
        text = _text(data, settings)
        path = data.get("path")
        if path is not None and not isinstance(path, str):
            raise HTTPError(400, f"path: the field to set must be text, not {_kind(path)}", path="path")
        if not path or len(path) > 1000:
            raise HTTPError(400, "path: the field to set is required" if not path else
                            "path: at most 1,000 characters", path="path")
        op = data.get("op", "set")
        if op not in ("set", "create", "append", "add", "remove", "move"):
            raise HTTPError(400, f"op: one of set, create, append, add, remove, move, not {str(op)[:40]!r}",
                            path="op")
        key = data.get("key")
        if key is not None and (not isinstance(key, str) or len(key) > 200):
            raise HTTPError(400, "key: a name of at most 200 characters", path="key")

        def change():
            doc = parse_document(text, label=LABEL)
            kinds: dict = {}
            if isinstance(doc.get("game"), str) and doc["game"] in registry.names():
                kinds = name_kinds(registry.get(doc["game"]))
            return edit_text(text, op, path, data.get("value"), key=key, names=lambda k: kinds.get(k, []))

        return JSONResponse({"text": await run_in_threadpool(change)})

    async def _answer(job, wait: float):
        deadline = asyncio.get_running_loop().time() + max(0.0, min(wait, settings.timeout + 5))
        while True:
            job.poll()
            if job.state != "running" or asyncio.get_running_loop().time() >= deadline:
                break
            await asyncio.sleep(0.05)
        view = job.view()
        return JSONResponse(view, status_code=202 if job.state == "running" else job.status)

    def _wait(value: Any, default: float) -> float:
        try:
            got = float(value) if value is not None and not isinstance(value, bool) else default
        except (TypeError, ValueError):
            got = -1.0
        if isinstance(value, bool) or not 0 <= got < float("inf"):  # (NaN fails both)
            raise HTTPError(400, f"wait: a number of seconds, 0 or more, not {str(value)[:40]!r}", path="wait")
        return got

    async def run(request: Request):
        data = await _body(request, settings)
        text = _text(data, settings)
        verb = data.get("verb")
        if verb is not None and not isinstance(verb, str):
            raise HTTPError(400, f"verb: the verb to run must be text, not {_kind(verb)}", path="verb")
        if not verb:
            raise HTTPError(400, "verb: the verb to run is required", path="verb")
        flags = _flags(data.get("flags"))
        options = data.get("options")
        if options is not None and not isinstance(options, dict):  # (an empty list is no mapping either)
            raise HTTPError(400, f"options: a mapping of option names to values, not {_kind(options)}", path="options")
        wait = _wait(data.get("wait"), settings.timeout + 5)  # (checked before any work starts)
        job = jobs.start(verb, run_work, (text, verb, options or {}, flags, settings.max_nodes))
        return await _answer(job, wait)

    async def job(request: Request):
        j = jobs.get(request.path_params["id"])
        if j is None:
            raise HTTPError(404, f"no job {request.path_params['id'][:40]!r} (finished jobs are kept a few minutes)")
        return await _answer(j, _wait(request.query_params.get("wait"), 0.0))

    async def cancel(request: Request):
        j = jobs.get(request.path_params["id"])
        if j is None:
            raise HTTPError(404, f"no job {request.path_params['id'][:40]!r}")
        j.cancel()
        return JSONResponse(j.view(), status_code=200)

    routes = [
        Route("/", index),
        Route("/api/games", handle(games)),
        Route("/api/limits", handle(limits)),
        Route("/api/games/{game}/examples/{name:path}", handle(example)),
        Route("/api/games/{game}/schema", handle(schema)),
        Route("/api/games/{game}/names", handle(names)),
        Route("/api/games/{game}/board", handle(board)),
        Route("/api/board", handle(board_marks), methods=["POST"]),
        Route("/api/card", handle(card)),
        Route("/api/validate", handle(validate), methods=["POST"]),
        Route("/api/form", handle(form), methods=["POST"]),
        Route("/api/edit", handle(edit), methods=["POST"]),
        Route("/api/run", handle(run), methods=["POST"]),
        Route("/api/jobs/{id}", handle(job)),
        Route("/api/jobs/{id}/cancel", handle(cancel), methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts)] if allowed_hosts else []
    @contextlib.asynccontextmanager
    async def lifespan(app):
        if warm_up:
            await run_in_threadpool(jobs.warm_up)
        yield
        jobs.shutdown()

    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.jobs = jobs
    app.state.settings = settings
    return app
