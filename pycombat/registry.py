"""The game contract: each game registers itself once; the front ends read only this registry.

A game is a package ``pycombat.games.<name>`` whose ``__init__`` calls :func:`register` with a
:class:`Game`: its name, how to read a scenario mapping into its scenario object, the verbs it
answers (each a :class:`Verb`: a function returning a report object, a printer, and the verb's
own options), its claim book and its JSON Schema.  Heavy modules are named as
``"module:function"`` strings and imported only when the verb runs, so that ``pycombat --help``
and a verb on one game never import another game's solver code.

Nothing in this module (or any engine module) names a game: games are found by listing the
subpackages of :mod:`pycombat.games` (without importing them) and by :func:`register` calls,
which is also how a test registers a toy game of its own.

>>> v = Verb("enumerate", run="json:dumps")
>>> v.resolve_run() is __import__("json").dumps
True
>>> Option(("--limit",), dict(type=int)).dest
'limit'
"""
from __future__ import annotations

import pkgutil
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .errors import ScenarioError
from .names import closest

#: verbs every game shares the name and meaning of (a game answers a subset, and may add its own)
VERB_HELP = {
    "enumerate": "every legal option: strike assignments, rearguard splits and moves, damage splits",
    "odds": "exact odds of a combat, a battle or the resulting board",
    "replay": "resolve a combat with given dice, step by step",
    "verify": "verdicts on the claims of a scenario, with the rules that decide them",
    "optimize": "optimal play by both sides, solved exactly",
    "tree": "write the game tree to GraphML, DOT or PNG",
}


def _int_at_least(text: str, minimum: int) -> int:
    import argparse

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < minimum:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}" if minimum == 1 else f"must be 0 or more, not {n}")
    return n


def positive_int(text: str) -> int:
    """An option's whole number of at least 1 (argparse ``type=``).

    >>> positive_int("3")
    3
    """
    return _int_at_least(text, 1)


def nonneg_int(text: str) -> int:
    """An option's whole number of at least 0 (argparse ``type=``)."""
    return _int_at_least(text, 0)


def resolve(ref: str | Callable) -> Callable:
    """``"package.module:attribute"`` imported on demand (or a callable returned as it is)."""
    if callable(ref):
        return ref
    module, _, attr = ref.partition(":")
    obj: Any = import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class Option:
    """A verb's option beyond the common ones (FILE, ``--json``, ``--flag``): argparse's flags and
    keywords. Two games may declare the same flag: it is one option then (same meaning)."""

    flags: tuple[str, ...]
    kwargs: Mapping[str, Any] = field(default_factory=dict)

    @property
    def dest(self) -> str:
        if "dest" in self.kwargs:
            return self.kwargs["dest"]
        long = next((f for f in self.flags if f.startswith("--")), self.flags[0])
        return long.lstrip("-").replace("-", "_")

    @property
    def default(self) -> Any:
        if "default" in self.kwargs:
            return self.kwargs["default"]
        if self.kwargs.get("action") == "store_true":
            return False
        if self.kwargs.get("action") == "append":
            return []
        return None

    @property
    def long(self) -> str:
        return next((f for f in self.flags if f.startswith("--")), self.flags[0])

    @property
    def writes_file(self) -> bool:
        """Whether the option names a file the verb writes: its metavar is ``OUT.ext`` or ``FILE.ext``.

        >>> Option(("--plot",), dict(metavar="FILE.png")).writes_file, Option(("--limit",), dict(metavar="N")).writes_file
        (True, False)
        """
        return str(self.kwargs.get("metavar", "")).startswith(("OUT.", "FILE."))

    def check(self, value: Any) -> Any:
        """``value`` given to the option from the Python API, checked as the CLI checks it (its type's
        bounds, its choices): the value the verb gets, or :class:`~pycombat.errors.PycombatError`.
        Text goes through the option's type as the CLI's does; a number must be of the type's kind.

        >>> LIMIT = Option(("--limit",), dict(type=positive_int))
        >>> LIMIT.check(3), LIMIT.check("3"), LIMIT.check(None)
        (3, 3, None)
        >>> LIMIT.check(-1)
        Traceback (most recent call last):
        ...
        pycombat.errors.PycombatError: --limit: must be at least 1, not -1
        >>> LIMIT.check(True)
        Traceback (most recent call last):
        ...
        pycombat.errors.PycombatError: --limit: True is not a whole number
        """
        import argparse
        from .errors import PycombatError

        if value is None or value is self.default:
            return value
        kw = self.kwargs
        if kw.get("action") == "store_true":
            if type(value) is not bool:
                raise PycombatError(f"{self.long}: true or false, not {str(value)[:80]!r}")
            return value
        convert = kw.get("type")
        if convert is not None:
            integral = convert in (int, positive_int, nonneg_int)
            if not isinstance(value, str) and integral and type(value) is not int:
                raise PycombatError(f"{self.long}: {str(value)[:80]} is not a whole number")
            try:
                value = convert(value if isinstance(value, str) else str(value))
            except (argparse.ArgumentTypeError, ValueError, TypeError) as exc:
                raise PycombatError(f"{self.long}: {exc}") from None
        choices = kw.get("choices")
        if choices is not None and value not in choices:
            raise PycombatError(f"{self.long}: {str(value)[:80]!r} is not one of {', '.join(map(str, choices))}")
        return value


@dataclass(frozen=True)
class Verb:
    """One verb of one game.

    ``run(scenario, **options) -> report`` computes (no printing); ``present(report, console)``
    prints the report as text; ``options`` are the verb's options for this game (their defaults
    fill what the caller leaves out, for the CLI and the Python API alike).  Both functions may be
    ``"module:function"`` strings, imported when first used.
    """

    name: str
    run: str | Callable
    present: str | Callable | None = None
    options: tuple[Option, ...] = ()
    help: str | None = None
    #: the verb needs a file (it does not run on the built-in example)
    needs_file: bool = False
    #: ``run`` takes ``progress=callback`` (fed the number of tree nodes built), shown as a bar on a terminal
    progress: bool = False

    def resolve_run(self) -> Callable:
        return resolve(self.run)

    def resolve_present(self) -> Callable | None:
        return resolve(self.present) if self.present is not None else None

    def defaults(self) -> dict[str, Any]:
        return {o.dest: o.default for o in self.options}


@dataclass(frozen=True)
class Game:
    """A registered game: everything the front ends and the engine need to know of it."""

    name: str
    title: str
    #: ``read(data, file=, flag_overrides=) -> scenario object`` (the game's scenario reader)
    read: str | Callable
    verbs: Mapping[str, Verb]
    #: ``() -> dict``: the JSON Schema of a scenario file of this game
    json_schema: str | Callable | None = None
    #: ``() -> ClaimBook`` (see :mod:`pycombat.verdicts`)
    claims: str | Callable | None = None
    #: the rule digest (``<name>.md``, the format of ``../shared/rules``): rule ids and flags
    digest: Path | None = None
    #: the folder of shipped examples, and the example used when a verb is given no file
    examples: Path | None = None
    default_example: str | None = None
    #: a one-paragraph note for ``--help`` (what the verbs mean for this game)
    help: str = ""
    #: ``(name) -> report``: the lookup of a card by name, for ``pycombat card``; and its printer
    card: str | Callable | None = None
    card_present: str | Callable | None = None
    #: ``() -> report``: every card of the shipped data with what the model reads of it (modelled,
    #: partly, not, none), for ``pycombat card --coverage``; and its printer
    card_coverage: str | Callable | None = None
    card_coverage_present: str | Callable | None = None
    #: digest-style files of the game's own rules and flags (beyond the shared digest), merged into it
    #: by :func:`pycombat.rulebook.load_rulebook` (e.g. interpretation flags for unclear card texts)
    digest_extensions: tuple[Path, ...] = ()
    #: ``() -> {kind: [names]}``: the names of the shipped data by the kind that the JSON Schema's name
    #: fields declare (``"a <kind> name from the shipped data"``, :func:`pycombat.schemaspec.Name`), for
    #: completion in the web page's form
    names: str | Callable | None = None
    #: ``() -> dict``: the game's board as a graph for the web page's map: ``{"nodes": [{"name", "group",
    #: "shape"}], "edges": [[a, b]], "kind": the name kind a node fills, "groups": {group: label},
    #: "roles": {role: label}}``; and ``(scenario mapping) -> {node name: [roles]}``, what a scenario marks
    board: str | Callable | None = None
    board_marks: str | Callable | None = None
    #: ``(scenario mapping) -> str | None``: what the grounded programs of a scenario depend on (cheap,
    #: never raising): ``pycombat batch`` sends inputs with equal keys to the same worker, whose loaded
    #: solver then reuses its programs and answers for all of them (a key only orders the work)
    affinity: str | Callable | None = None
    #: ``(verb, [scenario objects]) -> None``: called by ``pycombat batch`` with a chunk's scenarios
    #: before it runs the verb on each: the game may answer what they share at once (one grounding
    #: for several).  It only fills the game's memos: the answers are those of the verb alone
    prefetch: str | Callable | None = None
    #: ``(scenario object) -> verbs``: the verbs that answer that kind of scenario, when not all of the
    #: game's do (a War of the Ring position: ``enumerate`` and ``verify``)
    answers: str | Callable | None = None

    @property
    def rules_package(self) -> str:
        """The package of the game's rule files (``asp_rules/<name>/``: one folder a game)."""
        return f"pycombat.asp_rules.{self.name}"

    def verb(self, name: str) -> Verb:
        try:
            return self.verbs[name]
        except KeyError:
            offering = [g.name for g in all_games() if name in g.verbs]
            hint = [] if offering else closest(str(name), list(self.verbs), n=1)
            raise ScenarioError(f"{name} is not available for {self.name} scenarios"
                                + (f" (it is for: {', '.join(offering)})" if offering else "")
                                + (f"; did you mean {hint[0]!r}?" if hint else ""), suggestions=hint) from None

    def read_scenario(self, data: Mapping[str, Any], *, file: str | None = None,
                      flag_overrides: Mapping[str, str] | None = None) -> Any:
        return resolve(self.read)(data, file=file, flag_overrides=flag_overrides)


def key_without(data: Mapping[str, Any], drop: Sequence[str] = (),
                inner: Mapping[str, Sequence[str]] | None = None) -> str:
    """A scenario mapping as a key (canonical JSON) without the top-level fields ``drop`` nor, in each
    mapping ``inner`` names, its fields ``inner[name]``: a helper for a game's ``affinity``.

    >>> key_without({"title": "a", "x": {"hand": [1], "m": 2}}, ["title"], {"x": ["hand"]})
    '{"x":{"m":2}}'
    """
    import json

    out = {k: v for k, v in data.items() if k not in drop}
    for name, fields in (inner or {}).items():
        if isinstance(out.get(name), Mapping):
            out[name] = {k: v for k, v in out[name].items() if k not in fields}
    return json.dumps(out, sort_keys=True, default=str, separators=(",", ":"))


_GAMES: dict[str, Game] = {}
_DISCOVERED = False


def register(game: Game) -> Game:
    """Register (or replace) a game; its package's ``__init__`` calls this once."""
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game (tests that register a toy game clean up with this)."""
    _GAMES.pop(name, None)


def _package_names() -> list[str]:
    """The game packages shipped in ``pycombat.games``, listed without importing them (once a process:
    the installed packages do not change while it runs, and a batch asks for every scenario)."""
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = tuple(sorted(
            m.name for m in pkgutil.iter_modules([str(Path(__file__).resolve().parent / "games")]) if m.ispkg))
    return list(_SHIPPED)


_SHIPPED: tuple[str, ...] | None = None


def names() -> list[str]:
    """Every game's name: the shipped packages (not imported) and any registered at run time."""
    return sorted(set(_package_names()) | set(_GAMES))


def get(name: str) -> Game:
    """The game called ``name``, importing its package (which registers it) when first asked."""
    if name not in _GAMES and name in _package_names():
        import_module(f"pycombat.games.{name}")
    if name not in _GAMES:
        raise KeyError(name)
    return _GAMES[name]


def all_games() -> list[Game]:
    """Every game, registered (imports each shipped game's light ``__init__``)."""
    return [get(n) for n in names()]


def registered_digest(name: str) -> Path | None:
    """The digest a registered game brings along (None: none registered, or the shipped one)."""
    game = _GAMES.get(name)
    return Path(game.digest) if game is not None and game.digest is not None else None


def digest_extensions(name: str) -> tuple[Path, ...]:
    """The extension files of game ``name``'s digest (its package registers them)."""
    game = _GAMES.get(name)
    if game is None and name in _package_names():
        game = get(name)
    return tuple(Path(p) for p in game.digest_extensions) if game is not None else ()


def digest_path(name: str) -> Path:
    """The rule digest of game ``name``: its registered one, else the shipped ``pycombat/rules/<name>.md``."""
    game = _GAMES.get(name)
    if game is None and name in _package_names():
        game = get(name)
    if game is not None and game.digest is not None:
        return Path(game.digest)
    return Path(__file__).resolve().parent / "rules" / f"{name}.md"


def default_example() -> tuple[Game, Path] | None:
    """The example a verb runs on when no file is given: the first game (by name) that names one."""
    for g in all_games():
        if g.default_example and g.examples:
            return g, Path(g.examples) / g.default_example
    return None
