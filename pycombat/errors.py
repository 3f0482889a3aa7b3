"""Typed errors shared by every layer.

A :class:`ScenarioError` is the user's mistake: the CLI prints it as one clear message
(file, field path, reason) and exits with code 2, never with a traceback.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Sequence

#: the longest message a user sees (a longer one is cut); quoted values are cut at QUOTE_CHARS
MAX_MESSAGE = 288
QUOTE_CHARS = 80
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
#: a quoted value: a quote that opens (not after a letter) to one that closes (not before one); an
#: apostrophe inside a word ("D3's") neither opens nor closes it
_QUOTED = re.compile(r"(?<!\w)'(?:[^'\\]|\\.|(?<=\w)'(?=\w)){%d,}'(?!\w)|\"(?:[^\"\\]|\\.){%d,}\""
                     % (QUOTE_CHARS + 1, QUOTE_CHARS + 1))


def tidy(message: str) -> str:
    r"""One short line: line breaks and control characters escaped, quoted values cut to
    about 80 characters (with ``...``), the whole at most 300 characters.

    >>> tidy("unknown card " + repr("x" * 500))[-10:]
    "xxxxxx'..."
    >>> cut = tidy("a card's condition does not hold: " + "the defending Army " * 20 + "(WOTR-CARD-5)")
    >>> len(cut) <= MAX_MESSAGE, cut.endswith("... (WOTR-CARD-5)")
    (True, True)
    >>> tidy("two\nlines")
    'two\\nlines'
    >>> tidy("cannot read the claim 'cheese'; such as \"D3's lethal damage is 3\"" + "." * 90)[:70]
    'cannot read the claim \'cheese\'; such as "D3\'s lethal damage is 3"......'
    """
    message = _CONTROL.sub(lambda m: {"\n": "\\n", "\r": "\\r", "\t": " "}.get(m.group(), f"\\x{ord(m.group()):02x}"),
                           message)
    message = _QUOTED.sub(lambda m: m.group()[:QUOTE_CHARS + 1] + m.group()[0] + "...", message)
    if len(message) > MAX_MESSAGE:
        cite = _CITED.search(message)  # the rules a refusal rests on stay in it when its middle is cut
        tail = cite.group() if cite and len(cite.group()) <= QUOTE_CHARS else ""
        message = message[:MAX_MESSAGE - 3 - len(tail)] + "..." + tail
    return message


#: the rule ids closing a message: " (WOTR-CARD-5)", " (MECCG-FX-7, MECCG-INIT-1)"
_CITED = re.compile(r" ?\((?:[A-Z]+-[A-Z0-9]+-\d+[a-z]?(?:, )?)+\)\.?$")


_LONG_STEP = re.compile(r"[^.\[\]]{%d,}" % (QUOTE_CHARS // 2 + 1))


def short_path(path: str | None) -> str | None:
    """A field path with each over-long key cut (a 500-character key is a path step too).

    >>> short_path("action." + "x" * 100 + "[2].name")
    'action.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...[2].name'
    """
    if not path:
        return path
    return _LONG_STEP.sub(lambda m: m.group()[:QUOTE_CHARS // 2] + "...", path)


class PycombatError(Exception):
    """Base class of every error pycombat raises on purpose. ``help``: lines the program wrote (never
    the user's text) that say what is accepted, or why a refusal: the CLI prints them under the
    one-line error, a batch line and the web page's JSON keep them.

    >>> e = PycombatError("too large; raise --max-nodes", help=("why: many positions",))
    >>> str(e), e.help
    ('too large; raise --max-nodes', ('why: many positions',))
    """

    def __init__(self, *args: Any, help: tuple[str, ...] = ()):
        super().__init__(*args)
        self.help = tuple(help)


class ScenarioError(PycombatError):
    """A scenario file (or a command-line override) is wrong.

    >>> str(ScenarioError("what is wrong", file="a.yaml", path="attacker.members[2].name"))
    'a.yaml: attacker.members[2].name: what is wrong'
    """

    def __init__(self, message: str, *, file: str | None = None, path: str | None = None,
                 help: tuple[str, ...] = (), suggestions: Sequence[str] | None = None):
        self.message = tidy(str(message))
        self.file = file
        self.path = path
        if suggestions is not None or not hasattr(self, "suggestions"):
            #: the closest accepted values, when the error names an unknown one (the web page offers them)
            self.suggestions = list(suggestions or ())
        #: the interpretation flag given outside the file (``--flag``, the web page's flags) the error is about
        self.flag: str | None = getattr(self, "flag", None)
        # (help: lines the program wrote, never the user's text, that say what is accepted: under the error)
        super().__init__(str(self), help=help)

    def __str__(self) -> str:
        parts = [tidy(p) for p in (self.file, short_path(self.path)) if p]
        return ": ".join(parts + [self.message])


def as_value(exc: BaseException) -> BaseException:
    """``exc`` made a plain value, to be kept (a memo of what each play raises): without its traceback and
    the exceptions it was raised in, so that it holds no frame. A frame kept holds its locals, which
    may hold the memo itself: a reference cycle that only the cyclic garbage collector frees, after
    scanning everything the memo reaches. The message, file and path stay.

    >>> try:
    ...     raise ScenarioError("bad", path="x")
    ... except ScenarioError as e:
    ...     kept = as_value(e)
    >>> kept.__traceback__ is None, str(kept)
    (True, 'x: bad')
    """
    exc.__traceback__ = None
    exc.__context__ = None
    exc.__cause__ = None
    return exc


class UnknownOptionError(PycombatError):
    """A verb's option that the verb does not have (given through the API, a batch line or the web page)."""

    def __init__(self, message: str, *, option: str, suggestions: Sequence[str] = ()):
        super().__init__(message)
        self.option = option
        self.suggestions = list(suggestions)


class UnknownNameError(ScenarioError):
    """A card, character or region name that the shipped data does not know."""

    def __init__(self, kind: str, name: str, suggestions: list[str], *, message: str | None = None, **kw):
        self.kind = kind
        self.name = name
        self.suggestions = list(suggestions)
        hint = ""
        if self.suggestions:
            hint = "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        super().__init__(message or f"unknown {kind} {name!r}{hint}", **kw)


def detail_text(detail: Any) -> str:
    """A broken rule's detail (a term as decoded: ``[name, arg, ...]`` or a tuple, or a plain value) in
    the rules' own notation.

    >>> detail_text(["cannot_attack", "hero", "hero"]), detail_text("no_unit")
    ('cannot_attack(hero, hero)', 'no_unit')
    """
    if isinstance(detail, (list, tuple)) and detail:
        return f"{detail[0]}(" + ", ".join(detail_text(x) for x in detail[1:]) + ")"
    return str(detail)


def illegal_attack(where: str, nothing: str, reasons: Iterable[tuple[str, Any, str]]) -> PycombatError:
    """The refusal of a verb that needs a legal attack: one line naming the rules broken (``reasons``:
    ``(rule id, detail, the rule's words)``), each rule's words on a line of its own under it.

    >>> e = illegal_attack("x.yaml: optimize", "combat to solve", [("R-1", ["bad", "a"], "Only a.")])
    >>> str(e), e.help
    ('x.yaml: optimize: the attack is not legal (R-1), so there is no combat to solve; `enumerate` gives the verdict with its sources', ('R-1 [bad(a)]: Only a.',))
    """
    reasons = list(reasons)
    rules = ", ".join(dict.fromkeys(rule for rule, _, _ in reasons))
    return PycombatError(f"{where}: the attack is not legal ({rules}), so there is no {nothing}; `enumerate` gives "
                         "the verdict with its sources",
                         help=tuple(f"{rule} [{detail_text(d)}]: {text}" for rule, d, text in reasons))


class TooLargeError(PycombatError):
    """An input is refused up front because solving it would exceed a limit."""


class DataError(PycombatError, ValueError):
    """The game data shipped with the package disagrees with the project's own files (after ``make data``):
    one line naming the file and the record, never a traceback."""


class SolverError(PycombatError):
    """The ASP solver failed (a bug in an encoding, not the user's input)."""
