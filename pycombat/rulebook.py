"""Parse a game's rule digest (``pycombat/rules/<game>.md``) into rules and interpretation flags.

The digests share one layout (see ``pycombat/rules/README.md``):

* every rule is a top-level bullet that starts with its bold id, e.g.
  ``- **MECCG-ASSIGN-3** *Phase II (attacker).* The attacker ... *Src:* CoE 3.V; Seed §3 step 3.``
  and continues over the following indented lines (sub-bullets, numbered lists, and indented
  paragraphs after a blank line);
* an "Interpretation flags" section holds a table ``Flag | Allowed values | Default | Why``.

This module is game-neutral: nothing in it knows about MECCG, WotR or Riftbound.

>>> book = load_rulebook("meccg")
>>> book.rule("MECCG-ASSIGN-3").source
'CoE 3.V; Seed §3 step 3.'
>>> book.defaults()["phase2_assignment"]
'mandatory'
>>> cite("MECCG-ASSIGN-3")[:50]
'MECCG-ASSIGN-3 (CoE 3.V; Seed §3 step 3): Phase II'
"""
from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

from pycombat.errors import ScenarioError, UnknownNameError
from pycombat.names import closest

__all__ = [
    "Rule",
    "RuleItem",
    "CitationError",
    "lead_in_only",
    "Flag",
    "Rulebook",
    "parse_rulebook",
    "load_rulebook",
    "available_games",
    "cite",
]

#: Package holding the digests.
RULES_PACKAGE = "pycombat.rules"

#: Longest summary kept, in characters (longer first sentences are cut at a word).
SUMMARY_MAX = 200

_RULE_ID = r"[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)+-\d+"
_RULE_START = re.compile(rf"^- \*\*(?P<id>{_RULE_ID})\*\*\s*(?P<rest>.*)$")
_LIST_ITEM = re.compile(r"^(?P<indent>\s*)(?P<marker>[-*+]|\d+[.)])\s+(?P<body>.*)$")
_HEADING = re.compile(r"^#{1,6}\s")
_FLAGS_HEADING = re.compile(r"^#{1,6}\s.*\binterpretation flags\b", re.IGNORECASE)
_SRC = "*Src:*"
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
_LEADING_IDENT = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)")
_INTEGER_VALUE = re.compile(r"\binteger\b(?:\s*(?:≥|>=)\s*(?P<min>-?\d+))?", re.IGNORECASE)
_ABBREVIATIONS = ("e.g.", "i.e.", "cf.", "vs.", "etc.", "p.", "pp.", "approx.")
_TRUE_WORDS = ("on", "yes", "true")
_FALSE_WORDS = ("off", "no", "false")


class CitationError(ValueError):
    """A citation that does not hold: an id not in the digest, a sub-item it does not have, a
    quoted text that is not the digest's, a source its source list does not name."""


@dataclass(frozen=True)
class RuleItem:
    """One sub-item of a rule (a bullet, a numbered item, an indented paragraph or a table), as
    plain text; a numbered item keeps its number (``"2) If he continues, ..."``). ``depth`` is 0
    for an item of the statement, 1 for an item of an item, and so on."""

    text: str
    depth: int = 0


#: what joins two pieces of a rule that are not next to each other in a quotation
ELLIPSIS = " … "
#: a text that only announces what follows ("... as follows.", "one of the following:", "any of:")
_LEAD_IN_END = re.compile(r"(?::|\bas follows\.|\bone of the following\.|\bthe following\.)\s*$", re.IGNORECASE)


def lead_in_only(text: str) -> bool:
    """True if ``text`` ends as a lead-in does: with a colon, "as follows." or "the following.".

    >>> lead_in_only("Overt is defined as follows."), lead_in_only("Army result: one of the following.")
    (True, True)
    >>> lead_in_only("A company is overt if it contains any of: an Orc;")
    False
    """
    return bool(_LEAD_IN_END.search(text))


@dataclass(frozen=True)
class Rule:
    """One numbered rule of a digest.

    ``text`` is the whole statement as plain text (bold and italics removed, sub-bullets joined,
    the ``*Src:*`` sentence left out); ``summary`` its first sentence; ``source`` the text of
    the ``*Src:*`` sentence ("" if none); ``flags`` the interpretation flags the rule names;
    ``lead`` the statement's own paragraph and ``items`` its sub-items, each verbatim in ``text``.
    """

    id: str
    text: str
    summary: str
    source: str
    flags: tuple[str, ...] = ()
    lead: str = ""
    items: tuple[RuleItem, ...] = ()

    @property
    def withdrawn(self) -> bool:
        """True if the digest marks the rule *(withdrawn)*."""
        return self.text.lower().startswith("(withdrawn")

    def item(self, select: str) -> int:
        """The index of the one sub-item that ``select`` names: the item whose text (its number
        left out) starts with ``select``, else the one that contains it; any case and spacing.
        Raises :class:`CitationError` when no item or several match.

        >>> r = load_rulebook("meccg").rule("MECCG-SEQ-10")
        >>> r.items[r.item("D < A")].text[:30]
        'D < A, the strike succeeds. Th'
        """
        want = _fold(select)
        if not want:
            raise CitationError(f"{self.id}: an empty sub-item selection")
        texts = [_fold(re.sub(r"^\d+\)\s*", "", it.text)) for it in self.items]
        for test in (str.startswith, str.__contains__):
            found = [i for i, t in enumerate(texts) if test(t, want)]
            if len(found) == 1:
                return found[0]
            if found:
                raise CitationError(f"{self.id}: {select!r} names {len(found)} sub-items, not one")
        raise CitationError(f"{self.id} has no sub-item {select!r}")

    def quote(self, select: str | Sequence[str] | None = None) -> str:
        """The part of the rule that applies, in the digest's words.

        With ``select`` (the opening words of a sub-item, or a list of them): the statement's own
        paragraph, each chosen sub-item and the items it belongs to, in digest order, with
        :data:`ELLIPSIS` where text is left out. Without: the full text. Raises
        :class:`CitationError` when a selection names no sub-item or several.

        >>> r = load_rulebook("meccg").rule("MECCG-ALIGN-6")
        >>> r.quote("a Troll")
        'Overt is defined as follows. A company is overt if it contains any of: … a Troll;'
        >>> r.quote() == r.text
        True
        """
        if not select:
            return self.text
        chosen: set[int] = set()
        for one in [select] if isinstance(select, str) else select:
            i = self.item(one)
            chosen.add(i)
            depth = self.items[i].depth
            for j in range(i - 1, -1, -1):  # the items it belongs to
                if self.items[j].depth < depth:
                    chosen.add(j)
                    depth = self.items[j].depth
        indices = ([-1] if self.lead else []) + sorted(chosen)
        out = ""
        for k, i in enumerate(indices):
            piece = self.lead if i < 0 else self.items[i].text
            out += piece if k == 0 else (" " if i == indices[k - 1] + 1 else ELLIPSIS) + piece
        return out

    def verbatim(self, quoted: str) -> bool:
        """True if every piece of ``quoted`` (split at :data:`ELLIPSIS`) is the digest's text.

        >>> r = load_rulebook("wotr").rule("WOTR-ROUND-3")
        >>> r.verbatim(r.quote("If he continues")), r.verbatim("Step 5 works as you like.")
        (True, False)
        """
        return bool(quoted) and all(piece and piece in self.text for piece in quoted.split(ELLIPSIS))


def _fold(text: str) -> str:
    """Case- and space-folded text, for finding a sub-item by its words."""
    return re.sub(r"\s+", " ", _plain(text)).strip().casefold()


@dataclass(frozen=True)
class Flag:
    """One row of a digest's "Interpretation flags" table.

    ``values`` are the allowed values written in backticks. Some flags also accept an integer
    (e.g. WotR ``max_rounds``: "`none` or an integer ≥ 1"); then ``allows_int`` is true and
    ``int_min`` is the lower bound, if any.
    """

    name: str
    values: tuple[str, ...]
    default: str
    why: str
    allows_int: bool = False
    int_min: int | None = None

    def describe_allowed(self) -> str:
        """Human-readable list of the allowed values.

        >>> Flag("max_rounds", ("none",), "none", "", True, 1).describe_allowed()
        "'none' or an integer ≥ 1"
        """
        parts = ", ".join(repr(v) for v in self.values)
        if self.allows_int:
            bound = f" ≥ {self.int_min}" if self.int_min is not None else ""
            parts = f"{parts} or an integer{bound}" if parts else f"an integer{bound}"
        return parts

    def accepts(self, value: str) -> bool:
        """True if the string ``value`` is allowed for this flag.

        >>> f = Flag("max_rounds", ("none",), "none", "", True, 1)
        >>> f.accepts("none"), f.accepts("3"), f.accepts("0"), f.accepts("x")
        (True, True, False, False)
        """
        if value in self.values:
            return True
        if self.allows_int and re.fullmatch(r"-?\d+", value):
            return self.int_min is None or int(value) >= self.int_min
        return False


class Rulebook:
    """The parsed digest of one game: its rules (in digest order), interpretation flags, and the
    sources its section 0 lists (key -> the names a citation of it starts with)."""

    def __init__(self, game: str, title: str, rules: dict[str, Rule], flags: dict[str, Flag],
                 sources: Mapping[str, tuple[str, ...]] | None = None):
        self.game = game
        self.title = title
        self.rules = rules
        self.flags = flags
        self.sources = dict(sources or {})

    def __repr__(self) -> str:
        return f"Rulebook({self.game!r}, {len(self.rules)} rules, {len(self.flags)} flags)"

    @property
    def prefix(self) -> str:
        """The id prefix shared by the rules, e.g. ``MECCG`` ("" if there are no rules)."""
        first = next(iter(self.rules), "")
        return first.split("-", 1)[0]

    def rule(self, rule_id: str) -> Rule:
        """The rule with this id; the short form (``ASSIGN-3``) and any case are accepted.

        >>> load_rulebook("meccg").rule("assign-3").id
        'MECCG-ASSIGN-3'
        >>> load_rulebook("meccg").rule("MECCG-ASSIGN-99")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        KeyError: "no rule 'MECCG-ASSIGN-99' in the meccg digest; did you mean 'MECCG-ASSIGN-1' ..."
        """
        key = rule_id.strip().upper()
        for candidate in (key, f"{self.prefix}-{key}"):
            if candidate in self.rules:
                return self.rules[candidate]
        hint = closest(rule_id, self.rules, n=3)
        msg = f"no rule {rule_id!r} in the {self.game} digest"
        if hint:
            msg += "; did you mean " + " or ".join(repr(h) for h in hint) + "?"
        raise KeyError(msg)

    def cite(self, rule_id: str) -> str:
        """``"<id> (<source>): <summary>"``, the form used in explanations and comments (the full
        text instead when the summary only announces its sub-items, :func:`lead_in_only`).

        >>> load_rulebook("meccg").cite("MECCG-CARD-1")
        'MECCG-CARD-1: The Balrog (BA-3): takes −1 prowess instead of −3 when choosing not to tap (MECCG-SEQ-4/5).'
        """
        rule = self.rule(rule_id)
        source = rule.source.rstrip(".").strip()
        head = f"{rule.id} ({source})" if source else rule.id
        return f"{head}: {rule.text if lead_in_only(rule.summary) else rule.summary}"

    def quote(self, rule_id: str, select: str | Sequence[str] | None = None) -> dict:
        """A checked citation of a rule: ``{"rule", "text", "full_text", "decisive", "source"}``.

        ``text`` is the part that applies (:meth:`Rule.quote`: the lead-in and the sub-item
        ``select`` names, or the full text), ``decisive`` the selection (None: the whole rule).
        Raises :class:`CitationError` for an id the digest lacks or a sub-item the rule lacks.

        >>> q = load_rulebook("wotr").quote("WOTR-DICE-2", "Attack with one Army")
        >>> q["text"]
        'Army result: one of the following. … Attack with one Army.'
        >>> q["full_text"].startswith(q["text"].split(" … ")[0])
        True
        """
        try:
            rule = self.rule(rule_id)
        except KeyError as exc:
            raise CitationError(exc.args[0]) from None
        selection = [select] if isinstance(select, str) else list(select or ())
        return {"rule": rule.id, "text": rule.quote(selection or None), "full_text": rule.text,
                "decisive": (selection[0] if len(selection) == 1 else selection) if selection else None,
                "source": rule.source}

    def check_citation(self, rule_id: str, select: str | Sequence[str] | None = None,
                       quoted: str | None = None) -> list[str]:
        """What is wrong with citing ``rule_id`` (with the sub-item(s) ``select``, quoting ``quoted``):
        an id the digest lacks, a sub-item the rule lacks, a quotation that is not the digest's
        text, a source its section 0 does not list. Empty when the citation holds.

        >>> book = load_rulebook("meccg")
        >>> book.check_citation("MECCG-SEQ-10", "D > A"), book.check_citation("MECCG-SEQ-10", "D >> A")
        ([], ["MECCG-SEQ-10 has no sub-item 'D >> A'"])
        >>> print(*book.check_citation("MECCG-ALIGN-6", quoted="Overt means orcs."))
        MECCG-ALIGN-6: the text quoted is not the digest's: "Overt means orcs."
        """
        try:
            got = self.quote(rule_id, select)
        except CitationError as exc:
            return [str(exc)]
        rule = self.rules[got["rule"]]
        problems = []
        if quoted is not None and not rule.verbatim(quoted):
            problems.append(f'{rule.id}: the text quoted is not the digest\'s: "{_short(quoted)}"')
        problems += [f"{rule.id}: the source {name!r} is not in the {self.game} digest's source list"
                     for name in self.unknown_sources(rule.id)]
        return problems

    def source_names(self, text: str) -> list[str]:
        """The names of sources that ``text`` (a ``*Src:*`` sentence) cites: the capitalised word
        heading each of its ``;``-separated references (prose such as "from HIT-1..5" or "card
        text" names none).

        >>> load_rulebook("meccg").source_names('CoE 3.V.1; Seed §1 ("FW overt — Anyone"); BA-42, BA-43.')
        ['CoE', 'Seed', 'BA-42']
        """
        names = []
        for piece in _split_outside(text, ";"):
            word = piece.strip().split(" ", 1)[0].rstrip(".,:)")
            if re.fullmatch(r"[A-Z][\w.\-–/]*", word):
                names.append(word)
        return names

    def unknown_sources(self, rule_id: str) -> list[str]:
        """The source names of a rule (:meth:`source_names`) that are neither a key of the digest's
        source list nor a name its "Cite as" column gives (a card id where it lists one), nor the
        id of one of its rules. A digest without a source list (no section 0 table) has nothing to
        check them against: only its rule ids are checked.

        >>> load_rulebook("riftbound").unknown_sources("RB-DMG-6")
        []
        """
        rule = self.rule(rule_id)
        known = {name for names in self.sources.values() for name in names}
        card = any(re.fullmatch(_CARD_ID, n) for n in known)
        out = []
        for name in self.source_names(rule.source):
            ref = re.match(_RULE_ID, name)
            if ref:
                if ref.group(0) not in self.rules:
                    out.append(name)
            elif self.sources and name not in known and not (card and re.fullmatch(_CARD_ID, name)):
                out.append(name)
        return out

    def defaults(self) -> dict[str, str]:
        """Every flag's default value, in table order.

        >>> load_rulebook("riftbound").defaults()["excess_damage"]
        'free'
        """
        return {name: flag.default for name, flag in self.flags.items()}

    def resolve_flags(
        self,
        overrides: Mapping[str, object] | None = None,
        *,
        file: str | None = None,
        path_prefix: str | None = "rules",
    ) -> dict[str, str]:
        """The defaults with ``overrides`` applied, every value as a string.

        Values may come from YAML: ``True``/``False`` become ``on``/``off`` (or ``yes``/``no``)
        when the flag allows those, ``None`` becomes ``none`` when allowed, and numbers are
        compared as strings. An unknown flag or a value that is not allowed raises
        :class:`~pycombat.errors.ScenarioError` whose path is ``<path_prefix>.<flag>``.

        >>> book = load_rulebook("meccg")
        >>> book.resolve_flags({"steal_item": True})["steal_item"]
        'on'
        >>> book.resolve_flags({"phase2_asignment": "optional"}, file="s.yaml")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pycombat.errors.ScenarioError: s.yaml: rules.phase2_asignment: unknown meccg rule flag 'phase2_asignment'; did you mean 'phase2_assignment'?...
        >>> book.resolve_flags({"phase2_assignment": "optinal"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pycombat.errors.ScenarioError: rules.phase2_assignment: 'optinal' is not an allowed value of flag 'phase2_assignment'; did you mean 'optional'? allowed: 'mandatory', 'optional'
        """
        resolved = self.defaults()
        for raw_name, value in (overrides or {}).items():
            name = str(raw_name)
            path = f"{path_prefix}.{name}" if path_prefix else name
            flag = self.flags.get(name)
            if flag is None:
                raise ScenarioError(self._unknown_flag_message(name), file=file, path=path,
                                    help=(f"known {self.game} flags ({len(self.flags)}): " + ", ".join(self.flags),),
                                    suggestions=closest(name, self.flags, n=3))
            text = _coerce_flag_value(flag, value)
            if text is None:
                hint = closest(str(value), flag.values, n=1)
                raise ScenarioError(
                    f"{value!r} is not an allowed value of flag {name!r}; "
                    + (f"did you mean {hint[0]!r}? " if hint else "")
                    + f"allowed: {flag.describe_allowed()}",
                    file=file,
                    path=path,
                    suggestions=hint,
                )
            resolved[name] = text
        return resolved

    def _unknown_flag_message(self, name: str) -> str:
        """Error text for an unknown flag name, with suggestions (the known names follow as the error's help)."""
        msg = f"unknown {self.game} rule flag {name!r}"
        hint = closest(name, self.flags, n=3)
        if hint:
            msg += "; did you mean " + " or ".join(repr(h) for h in hint) + "?"
        return msg


def _coerce_flag_value(flag: Flag, value: object) -> str | None:
    """The allowed string spelling of ``value`` for ``flag``, or None if it is not allowed.

    >>> f = Flag("cancelled_strike_taps", ("no", "yes"), "no", "")
    >>> _coerce_flag_value(f, False), _coerce_flag_value(f, "YES"), _coerce_flag_value(f, 2)
    ('no', 'yes', None)
    """
    if isinstance(value, bool):
        words = _TRUE_WORDS if value else _FALSE_WORDS
        text = next((w for w in words if w in flag.values), str(value))
    elif value is None:
        text = "none"
    else:
        text = str(value).strip()
    for candidate in (text, text.lower()):
        if flag.accepts(candidate):
            return candidate
    return None


# --------------------------------------------------------------------------------------------
# Parsing the digest
# --------------------------------------------------------------------------------------------


def parse_rulebook(markdown: str, game: str) -> Rulebook:
    """Parse a digest's markdown into a :class:`Rulebook`.

    >>> md = '''# Demo digest
    ... ## 1. Area (DEMO-X)
    ... - **DEMO-X-1** *Label.* Things happen
    ...   in order. *Src:* Book p.1; Seed §2. Flag `speed`.
    ...   - first sub-point;
    ...   - *Src:* ignored, only the first Src counts.
    ... ## 2. Interpretation flags
    ... | Flag | Allowed values | Default | Why |
    ... |---|---|---|---|
    ... | `speed` | `slow`, `fast` | `slow` | Because. |
    ... '''
    >>> book = parse_rulebook(md, "demo")
    >>> r = book.rule("DEMO-X-1")
    >>> r.text
    'Label. Things happen in order. Flag `speed`. first sub-point; Src: ignored, only the first Src counts.'
    >>> r.summary, r.source, r.flags
    ('Label. Things happen in order.', 'Book p.1; Seed §2.', ('speed',))
    >>> book.flags["speed"]
    Flag(name='speed', values=('slow', 'fast'), default='slow', why='Because.', allows_int=False, int_min=None)
    """
    lines = markdown.splitlines()
    title = next((ln.lstrip("#").strip() for ln in lines if ln.startswith("# ")), game)
    flags = _parse_flags(lines)
    rules: dict[str, Rule] = {}
    for rule_id, block in _rule_blocks(lines):
        if rule_id in rules:
            raise ValueError(f"{game} digest: rule id {rule_id} is defined twice")
        rules[rule_id] = _parse_rule(rule_id, block, flags)
    return Rulebook(game, title, rules, flags, _parse_sources(lines))


#: the shape of a card id that a source list gives as its way of citing (``LE-39``)
_CARD_ID = r"[A-Z]{2,4}-\d+"


def _parse_sources(lines: list[str]) -> dict[str, tuple[str, ...]]:
    """The digest's source list (the first table under a "Sources" heading, columns Key and
    "Cite as"): key -> the names a citation of it starts with (the key, its first word, and the
    first word of each example in backticks).

    >>> _parse_sources(["## 0. Sources", "| Key | Source | Cite as |", "|---|---|---|",
    ...                 "| CR v1.2 | Core Rules | `CR1.2 443.1` |", "| DB | cards | card id, e.g. `LE-39` |"])
    {'CR v1.2': ('CR v1.2', 'CR', 'CR1.2'), 'DB': ('DB', 'LE-39')}
    """
    header, rows = _table_under(lines, re.compile(r"^#{1,6}\s.*\bsources\b", re.IGNORECASE))
    if not rows:
        return {}
    key_col, cite_col = _column(header, "key"), _column(header, "cite")
    if key_col is None:
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for row in rows[1:]:
        key = _plain(row[key_col]) if key_col < len(row) else ""
        if not key:
            continue
        names = [key, key.split(" ", 1)[0]]
        if cite_col is not None and cite_col < len(row):
            names += [value.split(" ", 1)[0] for value in _code_values(row[cite_col])]
        out[key] = tuple(dict.fromkeys(names))
    return out


def _split_outside(text: str, separators: str) -> list[str]:
    """``text`` split at ``separators`` that are not inside brackets, quotes or code spans.

    >>> _split_outside('a (b; c); "d, e", f', ";,")
    ['a (b; c)', ' "d, e"', ' f']
    """
    pieces, buf, depth, quote, code = [], [], 0, False, False
    for ch in text:
        if ch == "`":
            code = not code
        elif not code and ch == '"':
            quote = not quote
        elif not code and not quote and ch in "([":
            depth += 1
        elif not code and not quote and ch in ")]":
            depth = max(0, depth - 1)
        elif ch in separators and not (depth or quote or code):
            pieces.append("".join(buf))
            buf = []
            continue
        buf.append(ch)
    pieces.append("".join(buf))
    return pieces


def _short(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters (with "...")."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _rule_blocks(lines: list[str]) -> Iterator[tuple[str, list[str]]]:
    """Yield ``(id, lines)`` for each rule bullet; the first line is the text after the id.

    A rule continues over indented lines, including indented paragraphs after blank lines,
    and ends at the next non-indented line (a bullet, heading, table or plain paragraph).
    """
    current: tuple[str, list[str]] | None = None
    pending_blank = False
    for line in lines:
        start = _RULE_START.match(line)
        if start:
            if current:
                yield current
            current = (start.group("id"), [start.group("rest")])
            pending_blank = False
        elif current is None:
            continue
        elif not line.strip():
            pending_blank = True
        elif line[0].isspace():
            if pending_blank:
                current[1].append("")
            current[1].append(line)
            pending_blank = False
        else:
            yield current
            current = None
    if current:
        yield current


def _group_items(block: list[str]) -> list[tuple[str, str]]:
    """Split a rule block into ``(marker, text)`` segments.

    The first segment (marker "") is the statement's own paragraph; each list item, each
    indented paragraph after a blank line, and each embedded table is a further segment whose
    lines are joined. Numbered items keep their number as marker (``"1)"``), bullets get "-".

    >>> _group_items(["Lead.", "  1. one", "     more", "", "  | A | B |", "  |---|---|", "  | x | y |"])
    [('', 'Lead.'), ('1)', 'one more'), ('', '[A → B] x → y.')]
    """
    return [(marker, text) for _, marker, text in _segments(block)]


def _segments(block: list[str]) -> list[tuple[int, str, str]]:
    """:func:`_group_items` with each segment's indentation first (-1 for the statement's own
    paragraph), which tells a sub-item from the item it belongs to.

    >>> _segments(["Lead:", "  - any of:", "    - one;", "  - other."])
    [(-1, '', 'Lead:'), (2, '-', 'any of:'), (4, '-', 'one;'), (2, '-', 'other.')]
    """
    segments: list[tuple[int, str, list[str]]] = [(-1, "", [block[0]])]
    table: list[list[str]] | None = None
    new_paragraph = False
    for line in block[1:]:
        if not line:
            new_paragraph = True
            continue
        indent = len(line) - len(line.lstrip())
        if line.lstrip().startswith("|"):
            if table is None:
                table = []
                segments.append((indent, "", []))
            cells = _split_row(line)
            if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                table.append(cells)
            segments[-1] = (segments[-1][0], "", [_render_table(table)])
            continue
        table = None
        item = _LIST_ITEM.match(line)
        if item:
            marker = item.group("marker")
            segments.append((indent, marker[:-1] + ")" if marker[0].isdigit() else "-", [item.group("body")]))
        elif new_paragraph:
            segments.append((indent, "", [line.strip()]))
        else:
            segments[-1][2].append(line.strip())
        new_paragraph = False
    return [(indent, marker, " ".join(part for part in parts if part)) for indent, marker, parts in segments]


def _render_table(rows: list[list[str]]) -> str:
    """One-line rendering of a small table embedded in a rule: ``[H1 → H2] a → b; c → d.``"""
    if not rows:
        return ""
    header, body = rows[0], rows[1:]
    rendered = "; ".join(" → ".join(row) for row in body)
    return f"[{' → '.join(header)}] {rendered}."


def _parse_rule(rule_id: str, block: list[str], flags: Mapping[str, Flag]) -> Rule:
    """Build a :class:`Rule` from its block of lines."""
    segments = _segments(block)
    source = ""
    pieces: list[str] = []
    parts: list[tuple[int, str]] = []  # (indent, plain text with its number) of each non-empty segment
    for indent, marker, segment in segments:
        if not source and _SRC in segment:
            segment, source = _split_source(segment)
        segment = segment.strip()
        if not segment:
            continue
        piece = f"{marker} {segment}" if marker not in ("", "-") else segment
        pieces.append(piece)
        parts.append((indent, _plain(piece)))
    raw = " ".join(pieces)
    text = _plain(raw)
    lead = parts[0][1] if parts and parts[0][0] < 0 else ""
    body = parts[1:] if lead else parts
    depth = {indent: i for i, indent in enumerate(sorted({indent for indent, _ in body}))}
    return Rule(
        id=rule_id,
        text=text,
        summary=_summary(text, segments[0][2]),
        source=_plain(source),
        flags=_flags_mentioned(" ".join(seg for _, _, seg in segments), flags),
        lead=lead,
        items=tuple(RuleItem(t, depth[indent]) for indent, t in body),
    )


def _split_source(segment: str) -> tuple[str, str]:
    """Remove the ``*Src:*`` sentence from ``segment``; return ``(rest, source)``.

    >>> _split_source('Text. *Src:* CoE 3.V.1.W1. Seed §1 agrees.')
    ('Text. Seed §1 agrees.', 'CoE 3.V.1.W1.')
    >>> _split_source('Text. *Src:* Seed ("a. b") and RB p.29. More.')
    ('Text. More.', 'Seed ("a. b") and RB p.29.')
    """
    before, _, after = segment.partition(_SRC)
    end = _sentence_end(after)
    source = after[:end].strip()
    rest = (before.rstrip() + " " + after[end:].lstrip()).strip()
    return rest, source


def _sentence_end(text: str) -> int:
    """Index just past the first sentence of ``text`` (``len(text)`` if it never ends).

    A sentence ends at ``.``, ``?`` or ``!`` outside parentheses, brackets, quotes and code
    spans, followed by whitespace or the end of the text, and not part of an abbreviation.

    >>> t = "CoE 3.V.1 (see x. y); e.g. z. Next"
    >>> t[:_sentence_end(t)]
    'CoE 3.V.1 (see x. y); e.g. z.'
    """
    depth = 0
    in_quote = in_code = False
    for i, ch in enumerate(text):
        if ch == "`":
            in_code = not in_code
        elif in_code:
            continue
        elif ch == '"':
            in_quote = not in_quote
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch in ".?!" and not depth and not in_quote:
            at_end = i + 1 == len(text) or text[i + 1].isspace()
            if at_end and not _is_abbreviation(text, i):
                return i + 1
    return len(text)


def _is_abbreviation(text: str, dot: int) -> bool:
    """True if the ``.`` at index ``dot`` ends an abbreviation such as ``e.g.``."""
    head = text[: dot + 1].lower()
    return any(
        head.endswith(abbr) and (len(head) == len(abbr) or not head[-len(abbr) - 1].isalnum())
        for abbr in _ABBREVIATIONS
    )


def _outside_code(text: str, func: Callable[[str], str]) -> str:
    """Apply ``func`` to the parts of ``text`` that are not inside backtick code spans."""
    out: list[str] = []
    last = 0
    for match in _CODE_SPAN.finditer(text):
        out.append(func(text[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(func(text[last:]))
    return "".join(out)


def _strip_emphasis(text: str) -> str:
    """Remove markdown bold and italics (asterisk form).

    >>> _strip_emphasis("**bold** and *it* but 2 * 3")
    'bold and it but 2 * 3'
    """
    text = re.sub(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", r"\1", text)
    return re.sub(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])", r"\1", text)


def _plain(text: str) -> str:
    """Markdown-free, whitespace-collapsed text (backtick code spans are kept)."""
    stripped = _outside_code(text, _strip_emphasis)
    return re.sub(r"\s+", " ", stripped).strip()


def _summary(text: str, first_segment: str) -> str:
    """The first sentence of ``text``, at most :data:`SUMMARY_MAX` characters.

    If the rule opens with an emphasised lead-in label ("*Phase II (attacker).*"), the
    sentence after the label is included too.
    """
    end = _sentence_end(text)
    summary = text[:end]
    label = re.match(r"^\s*(\*{1,2})([^*]+?[.:])\1(?=\s|$)", first_segment)
    if label and _plain(label.group(2)) == summary.strip() and end < len(text):
        rest = text[end:].lstrip()
        summary = f"{summary} {rest[:_sentence_end(rest)]}"
    return _truncate(summary.strip(), SUMMARY_MAX)


def _truncate(text: str, limit: int) -> str:
    """Cut ``text`` at a word boundary so that it fits ``limit`` characters (adds "…")."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + "…"


def _flags_mentioned(raw: str, flags: Mapping[str, Flag]) -> tuple[str, ...]:
    """Flag names mentioned in backticks in ``raw`` (also as ``name = value``), in order."""
    found: dict[str, None] = {}
    for match in _CODE_SPAN.finditer(raw):
        ident = _LEADING_IDENT.match(match.group(2))
        if ident and ident.group(1) in flags:
            found.setdefault(ident.group(1), None)
    return tuple(found)


def _split_row(line: str) -> list[str]:
    """Cells of a markdown table row; ``|`` inside code spans or escaped as ``\\|`` is kept.

    >>> _split_row("| `a` | `b|c` | d \\\\| e |")
    ['`a`', '`b|c`', 'd | e']
    """
    cells: list[str] = []
    buf: list[str] = []
    in_code = False
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] == "|":
            buf.append("|")
            i += 2
            continue
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append("".join(buf).strip())
            buf = []
        else:
            buf.append(ch)
        i += 1
    if "".join(buf).strip():
        cells.append("".join(buf).strip())
    return cells


def _table_after(lines: list[str], start: int) -> list[list[str]]:
    """Rows (header first, separator dropped) of the first table after line ``start``.

    Stops at the next heading if no table is found before it.
    """
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.lstrip().startswith("|"):
            cells = _split_row(line)
            if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                rows.append(cells)
        elif rows or _HEADING.match(line):
            break
    return rows


def _code_values(cell: str) -> tuple[str, ...]:
    """The backticked values in a table cell, in order.

    >>> _code_values("`none` or an integer ≥ 1")
    ('none',)
    """
    return tuple(m.group(2).strip() for m in _CODE_SPAN.finditer(cell))


def _table_under(lines: list[str], heading: "re.Pattern[str]") -> tuple[list[str], list[list[str]]]:
    """The first table after the first line ``heading`` matches: its lower-cased header cells and its
    rows, the header row first (``([], [])`` when there is none)."""
    start = next((i for i, ln in enumerate(lines) if heading.match(ln)), None)
    rows = _table_after(lines, start) if start is not None else []
    return ([h.strip().lower() for h in rows[0]] if rows else []), rows


def _parse_flags(lines: list[str]) -> dict[str, Flag]:
    """Parse the "Interpretation flags" table (columns located by their header names)."""
    header, rows = _table_under(lines, _FLAGS_HEADING)
    if not rows:
        return {}
    col = {name: _column(header, name) for name in ("flag", "allowed", "default", "why")}
    flags: dict[str, Flag] = {}
    for row in rows[1:]:
        flag = _flag_from_row(row, col)
        flags[flag.name] = flag
    return flags


def _column(header: list[str], name: str) -> int | None:
    """Index of the header cell starting with ``name`` (None if the table lacks it)."""
    return next((i for i, h in enumerate(header) if h.startswith(name)), None)


def _flag_from_row(row: list[str], col: Mapping[str, int | None]) -> Flag:
    """Build a :class:`Flag` from one table row."""

    def cell(key: str) -> str:
        idx = col[key]
        return row[idx] if idx is not None and idx < len(row) else ""

    name = (_code_values(cell("flag")) or (cell("flag"),))[0]
    allowed = cell("allowed")
    integer = _INTEGER_VALUE.search(allowed)
    default = (_code_values(cell("default")) or (_plain(cell("default")),))[0]
    return Flag(
        name=name,
        values=_code_values(allowed),
        default=default,
        why=_plain(cell("why")),
        allows_int=integer is not None,
        int_min=int(integer.group("min")) if integer and integer.group("min") else None,
    )


# --------------------------------------------------------------------------------------------
# Loading the shipped digests
# --------------------------------------------------------------------------------------------


def available_games() -> list[str]:
    """Names of the shipped digests (``pycombat/rules/<game>.md``, README excluded).

    >>> available_games()
    ['meccg', 'riftbound', 'wotr']
    """
    root = resources.files(RULES_PACKAGE)
    names = (entry.name for entry in root.iterdir() if entry.name.endswith(".md"))
    return sorted(n[:-3] for n in names if n[:-3].lower() != "readme")


@functools.cache
def load_rulebook(game: str) -> Rulebook:
    """Parse the shipped digest of ``game`` (cached).

    An unknown game raises :class:`~pycombat.errors.UnknownNameError`.

    >>> load_rulebook("wotr").prefix
    'WOTR'
    """
    from .registry import digest_extensions, registered_digest

    games = available_games()
    if game not in games:
        digest = registered_digest(game)  # a game registered at run time with a digest of its own
        if digest is None:
            raise UnknownNameError("game", game, closest(game, games))
        text = digest.read_text(encoding="utf-8")
    else:
        text = resources.files(RULES_PACKAGE).joinpath(f"{game}.md").read_text(encoding="utf-8")
    book = parse_rulebook(text, game)
    for path in digest_extensions(game):  # a game package's own rules and flags, merged into its digest
        add = parse_rulebook(path.read_text(encoding="utf-8"), game)
        for rule_id in add.rules:
            if rule_id in book.rules:
                raise ValueError(f"{game}: rule id {rule_id} is defined in the digest and in {path.name}")
        for name in add.flags:
            if name in book.flags:
                raise ValueError(f"{game}: flag {name} is defined in the digest and in {path.name}")
        book = Rulebook(game, book.title, {**book.rules, **add.rules}, {**book.flags, **add.flags},
                        {**book.sources, **add.sources})
    return book


def digest_versions() -> dict[str, tuple[int, str]]:
    """Each shipped digest's version: game -> (number of rules, first 12 hex digits of the SHA-256
    of the digest's text as shipped).

    >>> rules, digest = digest_versions()["riftbound"]
    >>> rules > 0 and len(digest) == 12
    True
    """
    out = {}
    for game in available_games():
        data = resources.files(RULES_PACKAGE).joinpath(f"{game}.md").read_bytes()
        out[game] = (len(load_rulebook(game).rules), hashlib.sha256(data).hexdigest()[:12])
    return out


@functools.cache
def _prefixes() -> dict[str, str]:
    """Map each rule-id prefix (``MECCG``) to its game (``meccg``)."""
    return {load_rulebook(g).prefix: g for g in available_games() if load_rulebook(g).rules}


def _rulebook_for(rule_id: str) -> Rulebook:
    """The rulebook whose prefix starts ``rule_id`` (KeyError if none)."""
    prefix = rule_id.strip().upper().split("-", 1)[0]
    game = _prefixes().get(prefix)
    if game is None:
        raise KeyError(f"rule {rule_id!r} has no known game prefix ({', '.join(_prefixes())})")
    return load_rulebook(game)


def cite(rule_id: str) -> str:
    """Cite a rule of any shipped digest by its full id.

    >>> cite("RB-DMG-6")
    'RB-DMG-6 (CR 460.2.c.3; Seed "Splitting"): Lethal-first. A unit must have its full lethal damage assigned before any damage is assigned to a different unit.'
    """
    return _rulebook_for(rule_id).cite(rule_id)


def iter_rules(games: Iterable[str] | None = None) -> Iterator[Rule]:
    """Every rule of the given games (default: all shipped digests), in digest order."""
    for game in games if games is not None else available_games():
        yield from load_rulebook(game).rules.values()
