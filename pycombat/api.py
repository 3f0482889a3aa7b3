"""The Python API: :func:`load` a scenario of any game, then ask it what the CLI's verbs answer.

>>> import pycombat
>>> s = pycombat.load(pycombat.example("meccg", "wind_throne.yaml"))
>>> s.game, s.count()
('meccg', 288)
>>> s.enumerate(limit=1).to_json()["options"][0]["excess"]
['Old Troll']
>>> s.odds().to_json()["expected_kill_mp"]["defender_player"]
{'exact': '5831/10368', 'decimal': 0.562404}
>>> s.optimize(max_nodes=10)
Traceback (most recent call last):
...
pycombat.errors.TooLargeError: ...

Each verb method returns the game's report object (a dataclass with ``to_json()``); options are
the CLI's, by their long names (``limit=``, ``max_nodes=``, ...), with the CLI's defaults.  Errors
are typed: :class:`~pycombat.errors.ScenarioError` (the input is wrong: ``file`` and ``path`` name
where), :class:`~pycombat.errors.TooLargeError` (refused up front), both
:class:`~pycombat.errors.PycombatError`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from . import registry
from .errors import PycombatError, ScenarioError, UnknownNameError, UnknownOptionError
from .names import closest
from .report import Report
from .scenario import read_document


def game_of(data: Mapping[str, Any], file: str | None) -> registry.Game:
    """The registered game a scenario mapping's ``game:`` key names (closest name suggested)."""
    known = registry.names()
    game = data.get("game")
    if game is None:
        raise ScenarioError(f"is required: one of {', '.join(known)}", file=file, path="game")
    if not isinstance(game, str) or game not in known:
        hint = closest(str(game), known, n=1)
        extra = f"; did you mean {hint[0]!r}?" if hint else ""
        raise ScenarioError(f"unknown game {str(game)[:80]!r} (known: {', '.join(known)}){extra}", file=file,
                            path="game")
    return registry.get(game)


def read_scenario(source: str | Path | Mapping[str, Any], flags: Mapping[str, str] | None = None) -> Any:
    """The game's own scenario object for a file or a mapping (what the verbs take)."""
    return _read(source, flags)[1]


def _read(source: str | Path | Mapping[str, Any], flags: Mapping[str, str] | None) -> tuple[registry.Game, Any]:
    if isinstance(source, Mapping):
        data, file = dict(source), None
    elif isinstance(source, (str, Path)):
        data, file = read_document(source), str(source)
    else:
        raise ScenarioError(f"a scenario is a file path or a mapping, not {type(source).__name__}")
    game = game_of(data, file)
    if flags is not None and not isinstance(flags, Mapping):
        raise PycombatError(f"flags: a mapping of flag names to values, e.g. {{\"phase2_assignment\": \"optional\"}}, "
                            f"not {type(flags).__name__} {str(flags)[:80]!r}")
    return game, game.read_scenario(data, file=file, flag_overrides=dict(flags or {}))


def load(source: str | Path | Mapping[str, Any], flags: Mapping[str, str] | None = None) -> "Scenario":
    """Read a scenario (a YAML/JSON file, or a mapping) of any registered game.

    ``flags`` set interpretation flags (``{"phase2_assignment": "optional"}``), as ``--flag`` does."""
    game, model = _read(source, flags)
    return Scenario(game, model)


def _game(name: str) -> registry.Game:
    """The registered game ``name``; an unknown one is an :class:`UnknownNameError` naming the closest."""
    try:
        return registry.get(name)
    except KeyError:
        known = registry.names()
        hint = closest(str(name), known, n=1)
        raise UnknownNameError("game", str(name)[:80], hint,
                               message=f"unknown game {str(name)[:80]!r} (known: {', '.join(known)})"
                               + (f"; did you mean {hint[0]!r}?" if hint else "")) from None


def example(game: str, name: str) -> Path:
    """The path of an example shipped with a game (``examples/<game>/<name>``)."""
    g = _game(game)
    if g.examples is None:
        raise PycombatError(f"{game} ships no examples")
    path = Path(g.examples) / name
    if not path.is_file():
        names = sorted(p.name for p in Path(g.examples).glob("*.*"))
        hint = closest(name, names, n=1)
        raise ScenarioError(f"no example {name!r} for {game}" + (f"; did you mean {hint[0]!r}?" if hint else ""))
    return path


#: the options that bound a verb's listing (``--limit``, ``--max-list``): meaningless beside ``--count``
LISTING_BOUNDS = ("limit", "max_list")


def listing_bound_with_count(verb: registry.Verb, options: Mapping[str, Any]) -> str | None:
    """The option bounding the listing (its ``dest``) that ``options`` give beside ``count``, which lists
    nothing: such a pair is refused by every front end (never one of them silently ignored), or None."""
    if not options.get("count"):
        return None
    declared = {o.dest for o in verb.options}
    return next((d for d in LISTING_BOUNDS if d in declared and options.get(d) is not None), None)


class Scenario:
    """A loaded scenario of one game; each verb the game answers is a method returning a report.

    ``model`` is the game's own scenario object; ``game`` the game's name."""

    def __init__(self, game: registry.Game, model: Any):
        self._game = game
        self.model = model

    def __repr__(self) -> str:
        return f"<pycombat.Scenario {self.game} {self.file or '(mapping)'}>"

    @property
    def game(self) -> str:
        return self._game.name

    @property
    def file(self) -> str | None:
        return getattr(self.model, "file", None)

    @property
    def title(self) -> str | None:
        return getattr(self.model, "title", None)

    @property
    def flags(self) -> dict[str, str]:
        return dict(getattr(self.model, "flags", {}))

    @property
    def verbs(self) -> list[str]:
        """The verbs that answer this scenario (its game's, less those its kind of scenario is refused by: a
        War of the Ring position answers ``enumerate`` and ``verify``)."""
        only = registry.resolve(self._game.answers)(self.model) if self._game.answers is not None else None
        return [v for v in self._game.verbs if only is None or v in only]

    def options(self, verb: str) -> dict[str, Any]:
        """A verb's options for this game, with their defaults."""
        return self._game.verb(verb).defaults()

    def run(self, verb: str, **options: Any) -> Report:
        """Run ``verb`` with ``options`` (the CLI's long option names; defaults fill the rest). ``verify`` also
        takes ``readings`` (``deciding``, the default, or ``all``): the flags whose readings each claim lists."""
        if verb == "verify" and "readings" in options:
            from .verdicts import readings_shown

            which = options.pop("readings")
            with readings_shown("deciding" if which is None else which):
                return self.run(verb, **options)
        v = self._game.verb(verb)
        known = v.defaults()
        unknown = [k for k in options if k not in known and not (k == "progress" and v.progress)]
        if unknown:
            hint = closest(unknown[0], list(known), n=1)
            raise UnknownOptionError(f"{verb} has no option {unknown[0]!r} for {self.game} scenarios (options: "
                                     f"{', '.join(known) or 'none'})" + (f"; did you mean {hint[0]!r}?" if hint else ""),
                                     option=str(unknown[0]), suggestions=hint)
        by_dest = {o.dest: o for o in v.options}
        checked = {k: by_dest[k].check(val) if k in by_dest else val for k, val in options.items()}
        for o in v.options:
            if o.kwargs.get("required") and checked.get(o.dest, known.get(o.dest)) is None:
                raise PycombatError(f"{verb}: {'/'.join(o.flags)} is required (the option {o.dest!r})")
        bound = listing_bound_with_count(v, checked)
        if bound is not None:
            flag = next(f for f in by_dest[bound].flags if f.startswith("--"))
            raise PycombatError(f"{flag} bounds the listing, and --count lists nothing (it prints only the "
                                f"number): give one of {flag} and --count")
        return v.resolve_run()(self.model, **{**known, **checked})

    def enumerate(self, **options: Any) -> Report:
        return self.run("enumerate", **options)

    def count(self, **options: Any) -> Any:
        """The number of legal options (``enumerate``'s count, computed without listing)."""
        return self.run("enumerate", count=True, **options).count

    def odds(self, **options: Any) -> Report:
        return self.run("odds", **options)

    def replay(self, **options: Any) -> Report:
        return self.run("replay", **options)

    def optimize(self, **options: Any) -> Report:
        return self.run("optimize", **options)

    def verify(self, **options: Any) -> Report:
        return self.run("verify", **options)

    def tree(self, output: str | Path, **options: Any) -> Report:
        return self.run("tree", output=None if output is None else str(output), **options)


def schema(game: str) -> dict:
    """The JSON Schema of ``game``'s scenario files."""
    g = _game(game)
    if g.json_schema is None:
        raise PycombatError(f"{game} publishes no JSON Schema")
    return registry.resolve(g.json_schema)()


def card_coverage(game: str) -> Report:
    """Every card of ``game``'s shipped data with what the model reads of it (``pycombat card --coverage``)."""
    g = _game(game)
    if g.card_coverage is None:
        raise PycombatError(f"{game} has no coverage listing")
    return registry.resolve(g.card_coverage)()


def card(name: str, game: str | None = None) -> Report:
    """A card of the shipped data by name (``game`` or every game that has a card lookup)."""
    games = [_game(game)] if game else [g for g in registry.all_games() if g.card is not None]
    if game and games[0].card is None:
        raise PycombatError(f"{game} has no card lookup")
    errors: list[ScenarioError] = []
    for g in games:
        try:
            return registry.resolve(g.card)(name)
        except ScenarioError as exc:
            errors.append(exc)
    if len(errors) == 1:
        raise errors[0]
    # each game's suggestions (its own ranking: by spelling and by shared words), best first over every
    # game: names sharing more of the query's words, then closer in spelling, then higher in their game
    import difflib

    from .names import normalize

    words = set(normalize(name).split())
    ranked = []
    for g, e in zip(games, errors):
        for rank, sug in enumerate(getattr(e, "suggestions", ())):
            key = normalize(sug)
            ranked.append((-len(words & set(key.split())),
                           -difflib.SequenceMatcher(None, normalize(name), key).ratio(), rank, f"{sug} ({g.name})"))
    best = list(dict.fromkeys(lab for *_, lab in sorted(ranked)))[:3]
    hint = ("; did you mean " + " or ".join(repr(b.rsplit(" (", 1)[0]) + " (" + b.rsplit(" (", 1)[1]
                                             for b in best) + "?") if best else ""
    raise UnknownNameError("card", name[:80], [b.rsplit(" (", 1)[0] for b in best],
                           message=f"no card {name[:80]!r} in the data of " + ", ".join(g.name for g in games)
                           + hint + " (give --game to look in one game)")


# ---- rulings that last -----------------------------------------------------------------------------
def _versions() -> dict[str, Any]:
    from . import __version__
    from .rulebook import digest_versions
    from .solver import clingo_version

    return {"pycombat": __version__, "clingo": clingo_version(),
            "digests": {g: f"{n} rules, sha256 {h}" for g, (n, h) in digest_versions().items()}}


def is_ruling(source: str | Path | Mapping[str, Any]) -> bool:
    """The file (or mapping) is a ruling saved by :func:`save_ruling`, not a scenario."""
    from .rulings import is_ruling as _is

    if isinstance(source, Mapping):
        return _is(source)
    try:  # (whatever the file's name: a ruling saved as RULING.yaml is still one)
        return _is(read_document(source))
    except ScenarioError:
        return False


def save_ruling(source: str | Path | Mapping[str, Any], path: str | Path,
                flags: Mapping[str, str] | None = None) -> Report:
    """Verify the scenario's claims and write the ruling to ``path`` (JSON): the scenario as read,
    every flag in force, the verdicts with their reasons (each rule's full text), the versions of
    pycombat, clingo and the digests, and a content hash. Returns the verify report."""
    import json

    data = dict(source) if isinstance(source, Mapping) else read_document(source)
    scenario = load(data if isinstance(source, Mapping) else source, flags)
    report = scenario.verify()
    doc = ruling_of(data, scenario, report, file=None if isinstance(source, Mapping) else str(source))
    from .files import write_whole

    try:  # whole or not at all: an interrupted write leaves no half ruling, nor spoils an earlier one
        write_whole(path, json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    except OSError as exc:
        raise PycombatError(f"--save {path}: cannot write it ({exc.strerror or exc})") from None
    return report


def ruling_of(data: Mapping[str, Any], scenario: "Scenario", report: Report, *, file: str | None = None) -> dict:
    """The saved-ruling document of a verify ``report`` on ``scenario`` (read from ``data``), as
    :func:`save_ruling` writes it (the web page offers it as a download)."""
    import datetime

    from .rulings import ruling_document

    return ruling_document(game=scenario.game, scenario=data, flags=scenario.flags,
                           verdicts=report.to_json()["claims"], versions=_versions(), file=file,
                           saved=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))


def recheck_ruling(source: str | Path | Mapping[str, Any], *, file: str | None = None) -> Report:
    """Check a saved ruling again on this version: per claim, whether its verdict stands and, if
    not, what changed (:mod:`pycombat.rulings`)."""
    from .rulebook import load_rulebook
    from .rulings import check_hash, recheck

    doc = dict(source) if isinstance(source, Mapping) else read_document(source)
    file = file if isinstance(source, Mapping) else str(source)
    bad = check_hash(doc)
    if bad:
        raise ScenarioError(f"is no valid saved ruling: {bad}", file=file)
    game_of(doc, file)  # (a known game)
    book = load_rulebook(doc["game"])
    flags = book.resolve_flags(doc["flags"], file=file, path_prefix="flags")  # (names and values checked)
    try:
        scenario = load(doc["scenario"], {k: flags[k] for k in doc["flags"]})
    except ScenarioError as exc:  # a field of the ruling's scenario: named where it is in the ruling's file
        if exc.path:
            exc.path, exc.file = f"scenario.{exc.path}", file
        raise
    verified = scenario.verify().to_json()
    now = verified["claims"]

    def rule_text(rule_id: str) -> str | None:
        rule = book.rules.get(rule_id)
        return None if rule is None else rule.text

    report = recheck(doc, now, rule_text=rule_text, default_flags=book.defaults(), versions_now=_versions(), file=file)
    report.unmodelled = list(verified.get("unmodelled") or [])
    return report
