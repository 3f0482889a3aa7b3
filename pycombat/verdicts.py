"""Claims and verdicts, game-neutral: what every game's ``verify`` shares.

A game reads its ``claims:`` into :class:`Claim` s, decides each with its own rule checks, and
reports a verdict through :func:`verdict_json`, citing rule ids from its rule digest.

>>> positive("Frodo may not support Sam", [(re.compile(r"\\bmay not\\b"), "may")], {})
('Frodo may support Sam', True)
>>> positive("the attacker does not conquer", [(re.compile(r"\\bdoes not (conquer)\\b"), None)],
...          {"conquer": "conquers"})
('the attacker conquers', True)
"""
from __future__ import annotations

import contextlib
import contextvars
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .rulebook import CitationError, load_rulebook
from .sentences import closest_form


@dataclass
class Claim:
    """One claim of a scenario's ``claims:`` list, read into a kind and its arguments."""

    id: str
    kind: str
    text: str
    args: dict[str, Any]
    expect: bool | None = None
    path: str = ""
    negated: bool = False  #: "may not", "cannot", "does not": the verdict of the positive claim, flipped


def positive(text: str, negations: Sequence[tuple[re.Pattern, str | None]],
             third_person: Mapping[str, str]) -> tuple[str, bool]:
    """``(positive sentence, negated?)``: the first negation found is replaced by its positive
    word (``None``: the pattern's group 1 verb, put in the third person)."""
    for pattern, repl in negations:
        m = pattern.search(text)
        if m:
            word = repl if repl is not None else third_person[m.group(1).lower()]
            return text[:m.start()] + word + text[m.end():], True
    return text, False


#: what a verdict may say of a cited rule's sub-items: rule id -> the opening words of the
#: sub-item(s) that decided (see :meth:`pycombat.rulebook.Rule.quote`)
Parts = Mapping[str, "str | Sequence[str]"]


def reasons(game: str, rule_ids: Iterable[str], source: Callable[[str], str] | None = None,
            parts: Parts | None = None) -> list[dict]:
    """Each rule id once, in order, quoted from ``game``'s digest (:meth:`pycombat.rulebook.Rulebook.quote`):
    ``rule``, ``text`` (the part that applies: the lead-in and the sub-item ``parts`` names for it,
    else the full text), ``full_text``, ``decisive`` (the sub-item named, or None) and ``source``.

    A citation that does not hold is kept, with ``text`` saying why and ``citation_error`` set
    (:func:`verify_claims` has then left its verdict undecided).

    >>> [r["text"] for r in reasons("wotr", ["WOTR-DICE-3"], parts={"WOTR-DICE-3": "Play a Character card"})]
    ['Character result: one of the following. … Play a Character card.']
    >>> reasons("wotr", ["WOTR-DICE-99"])[0]["citation_error"]  # doctest: +ELLIPSIS
    "no rule 'WOTR-DICE-99' in the wotr digest; did you mean ..."
    """
    book = load_rulebook(game)
    out = []
    for rid in dict.fromkeys(rule_ids):
        select = (parts or {}).get(rid)
        try:
            quoted = book.quote(rid, select)
        except CitationError as exc:
            quoted = {"rule": rid, "text": f"(this citation does not hold: {exc})", "full_text": "",
                      "decisive": select, "source": "", "citation_error": str(exc)}
        if source is not None and quoted["source"]:
            quoted["source"] = source(quoted["source"])
        out.append(quoted)
    return out


def citation_problems(game: str, rule_ids: Iterable[str], parts: Parts | None = None) -> list[str]:
    """What is wrong with the citations of a verdict (each rule id of ``game``'s digest, with the
    sub-item ``parts`` names for it): :meth:`pycombat.rulebook.Rulebook.check_citation` of each.

    >>> citation_problems("meccg", ["MECCG-SEQ-10", "MECCG-SEQ-99"], {"MECCG-SEQ-10": "D = A"})  # doctest: +ELLIPSIS
    ["no rule 'MECCG-SEQ-99' in the meccg digest; ..."]
    """
    book = load_rulebook(game)
    return [problem for rid in dict.fromkeys(rule_ids)
            for problem in book.check_citation(rid, (parts or {}).get(rid))]


def verdict_json(claim: Claim, verdict: bool, reasons: list[dict], *, deciding_flags: Mapping[str, str],
                 notes: Sequence[str], extra: Mapping[str, Any] | None = None,
                 readings: Sequence[Mapping[str, Any]] = ()) -> dict:
    """The JSON form of a verdict that every game's ``verify --json`` prints (``readings``: the
    table of :func:`readings_json`)."""
    out = {"id": claim.id, "claim": claim.text, "verdict": verdict, "decided": verdict is not None,
           "reasons": reasons, **(extra or {})}
    if deciding_flags:
        out["decided_by_flags"] = dict(deciding_flags)
    if readings:
        out["readings"] = [dict(r) for r in readings]
    if notes:
        out["notes"] = list(notes)
    if claim.expect is not None:
        out["expected"] = claim.expect
        out["as_expected"] = claim.expect == verdict
    return out


# ---- readings side by side -------------------------------------------------------------------------
#: which interpretation flags ``verify`` shows the readings of: ``deciding`` (those whose other
#: value flips the verdict) or ``all`` (every flag the claim was decided under again)
READINGS = ("deciding", "all")
_READINGS: contextvars.ContextVar[str] = contextvars.ContextVar("pycombat_readings", default="deciding")


@contextlib.contextmanager
def readings_shown(which: str) -> Iterator[None]:
    """Within the block, every ``verify`` records the readings of ``which`` flags (:data:`READINGS`):
    how a front end passes ``--readings`` to every game's ``verify`` alike.

    >>> with readings_shown("all"):
    ...     readings_mode()
    'all'
    >>> readings_mode()
    'deciding'
    """
    if which not in READINGS:
        from .errors import PycombatError

        raise PycombatError(f"--readings {which!r}: one of {', '.join(READINGS)}")
    token = _READINGS.set(which)
    try:
        yield
    finally:
        _READINGS.reset(token)


def readings_mode() -> str:
    """The flags whose readings ``verify`` records now (:func:`readings_shown`)."""
    return _READINGS.get()


@dataclass
class Reading:
    """A claim decided under one value of an interpretation flag (the others as the scenario has them)."""

    value: str
    verdict: bool | None
    rules: list[str] | None  #: the rule ids cited under this reading (None: the verdict's own, the chosen reading)
    chosen: bool = False
    error: str = ""  #: why the scenario cannot be read under this value (then verdict None)


@dataclass
class FlagReadings:
    """One interpretation flag's readings of one claim: the value in force, where it came from
    (default, scenario, command line), whether another value flips the verdict, and every reading."""

    flag: str
    chosen: str
    origin: str
    flips: bool
    readings: list[Reading]


def readings_json(game: str, table: Sequence[FlagReadings], rules: Sequence[str],
                  source: Callable[[str], str] | None = None) -> list[dict]:
    """The readings of a verdict as JSON: per flag its row of the digest's flag table (``why``,
    ``default``), the rules that name it (``cited_by``), the value chosen and by whom, and per
    value the verdict and the rules it rests on, each with its source (``rules``: the verdict's own
    for the chosen reading).

    >>> t = [FlagReadings("phase2_assignment", "mandatory", "default", True,
    ...                   [Reading("mandatory", True, None, True), Reading("optional", False, ["MECCG-ASSIGN-3"])])]
    >>> j = readings_json("meccg", t, ["MECCG-ASSIGN-2"])[0]
    >>> [(r["value"], r["verdict"], r["chosen"], [x["rule"] for x in r["rules"]]) for r in j["readings"]]
    [('mandatory', True, True, ['MECCG-ASSIGN-2']), ('optional', False, False, ['MECCG-ASSIGN-3'])]
    >>> j["cited_by"], j["chosen_by"]
    (['MECCG-ASSIGN-3'], 'default')
    """
    book = load_rulebook(game)

    def cited(ids: Iterable[str]) -> list[dict]:
        out = []
        for rid in dict.fromkeys(ids):
            src = book.rules[rid].source if rid in book.rules else ""
            out.append({"rule": rid, "source": source(src) if source is not None and src else src})
        return out

    out = []
    for t in table:
        flag = book.flags.get(t.flag)
        out.append({
            "flag": t.flag, "chosen": t.chosen, "chosen_by": t.origin, "flips": t.flips,
            "default": flag.default if flag else None, "why": flag.why if flag else "",
            "cited_by": [r.id for r in book.rules.values() if t.flag in r.flags],
            "readings": [{"value": r.value, "verdict": r.verdict, "chosen": r.chosen,
                          "rules": cited(rules if r.rules is None else r.rules),
                          **({"error": r.error} if r.error else {})} for r in t.readings]})
    return out


# ---- the one claim reader and the one verify loop ---------------------------------------------------
#: the fields every claim entry may have, whatever its game
CLAIM_FIELDS = ("id", "claim", "kind", "expect", "negated")
#: the longest claim sentence read (longer ones are refused before any pattern runs)
MAX_SENTENCE = 2_000


@dataclass
class ClaimBook:
    """What a game registers to have its claims read: sentence templates and ``kind:`` claims.

    ``templates`` are ``(pattern, build)`` pairs, ``build(match) -> (kind, args)``; ``kinds`` the
    ``kind:`` values; ``arg_keys`` the fields a claim entry may carry; ``negations`` and
    ``third_person`` read a negative sentence as its positive form (see :func:`positive`).
    Optional hooks: ``read_sentence(sentence) -> (kind, args) | None`` tried before the templates
    (for statements that are not patterns), ``fields(node, scenario, args) -> dict`` for fields
    the game reads itself (they are then given to ``make`` as keywords), ``check(scenario, claim)``
    for argument checks, ``describe(kind, args, negated)`` for the text of a ``kind:`` claim, and
    ``make`` the claim class.
    """

    game: str
    kinds: Sequence[str]
    templates: Sequence[tuple[re.Pattern, Callable[[re.Match], tuple[str, dict]]]]
    arg_keys: Sequence[str]
    negations: Sequence[tuple[re.Pattern, str | None]] = ()
    third_person: Mapping[str, str] = field(default_factory=dict)
    example: str = ""
    read_sentence: Callable[[str], tuple[str, dict] | None] | None = None
    fields: Callable[..., dict] | None = None
    own_keys: Sequence[str] = ()
    check: Callable[[Any, Claim], None] | None = None
    describe: Callable[[str, dict, bool], str] | None = None
    make: Callable[..., Claim] = Claim

    def read(self, sentence: str) -> tuple[str, dict, bool] | None:
        """``(kind, args, negated)`` for a sentence, or None when no template reads it."""
        sentence = sentence.strip().rstrip(".")
        for candidate, neg in ((sentence, False), positive(sentence, self.negations, self.third_person)):
            if self.read_sentence is not None:
                got = self.read_sentence(candidate)
                if got is not None:
                    return got[0], got[1], neg
            for pattern, build in self.templates:
                m = pattern.match(candidate)
                if m:
                    kind, args = build(m)
                    return kind, args, neg
        return None


def parse_claims(nodes: Sequence[Any], book: ClaimBook, scenario: Any = None) -> list[Claim]:
    """Every entry of a ``claims:`` list (:class:`pycombat.scenario.Node` s, as the scenario keeps
    them): a sentence, ``{claim: "<sentence>", expect: ...}`` or ``{kind: ..., <fields>}``, read with
    ``book``. Claims are read after the scenario is built (their names refer to it)."""
    from .scenario import Node

    out = []
    for i, n in enumerate(nodes):
        if isinstance(n.value, str):
            n = Node({"claim": n.value}, file=n.file, path=n.path)
        n._mapping()
        cid = n.str("id", f"claim-{i + 1}")
        expect = n.bool("expect", None)
        text = n.str("claim", None)
        kind = n.str("kind", None, choices=tuple(book.kinds))
        negated = n.bool("negated", False)
        args: dict[str, Any] = {}
        if text is not None:  # a sentence carries its kind and negation in its words
            if kind is not None:
                raise n.error("a claim is a sentence (`claim:`) or `kind:` with its fields, not both: which one is "
                              "claimed?", "kind")
            if n.has("negated"):
                raise n.error("`negated:` belongs to a `kind:` claim; a sentence says its negation in its words",
                              "negated")
        if kind is None:
            if text is None:
                raise n.error("a claim needs `claim:` (a sentence) or `kind:`")
            if len(text) > MAX_SENTENCE:
                raise n.error(f"a claim sentence has at most {MAX_SENTENCE:,} characters, not {len(text):,}",
                              "claim")
            got = book.read(text)
            if got is None:
                form = closest_form(text, [p.pattern for p, _ in book.templates])
                near = (f"the closest sentence form: {form}",) if form else ()
                raise n.error(f"cannot read the claim {_short(text)!r}: write it as one of the game's sentences or "
                              "give `kind:` and its fields", "claim", help=near + _claim_forms(book))
            kind, args, negated = got
        extra = book.fields(n, scenario, args) if book.fields is not None else {}
        for key in book.arg_keys:
            if key not in book.own_keys and n.has(key):
                if text is not None and key in args:  # (a field may add what a sentence leaves out, never undo it)
                    raise n.error(f"the sentence already gives `{key}` ({_short(str(args[key]))}): give it in one "
                                  "place", key)
                args[key] = n.raw(key)
        n.finish(CLAIM_FIELDS + tuple(book.arg_keys))
        if text is None:
            text = book.describe(kind, args, negated) if book.describe else f"{kind} {args}"
        claim = book.make(id=cid, kind=kind, text=text, args=args, expect=expect, path=n.path, negated=negated,
                          **extra)
        if book.check is not None:
            book.check(scenario, claim)
        out.append(claim)
    return out


def _claim_forms(book: ClaimBook) -> tuple[str, ...]:
    """What a claim may be, for the error on one that matches no form: the kinds and example sentences."""
    lines = [f"claim kinds ({len(book.kinds)}): " + ", ".join(book.kinds)]
    if book.example:
        lines.append(f"sentences such as {book.example}")
    return tuple(lines)


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def verify_claims(scenario: Any, claims: Sequence[Claim], decide: Callable[[Any, Claim], Any], *,
                  game: str, with_flags: Callable[[Any, Mapping[str, str]], Any],
                  relevant_flags: Callable[[Any, Claim], Iterable[str]] | None = None,
                  errors: tuple[type[BaseException], ...] = (),
                  unmodelled: Callable[[Any, Claim], Sequence[Mapping[str, Any]]] | None = None,
                  unmodelled_rule: str | None = None) -> list[Any]:
    """The one verify loop: decide each claim under the scenario's flags, then under every other
    value of each interpretation flag (of ``relevant_flags``, default all of the digest's), and
    record in the verdict's ``deciding_flags`` each flag whose other value flips the verdict.

    ``unmodelled(scenario, claim)`` lists what the model does not interpret and the claim could
    depend on (``{card, what, why}``): the claim is then **not decided** (verdict ``None``), citing
    ``unmodelled_rule``, with a note naming each and the verdict reached if they changed nothing
    (and the list in the verdict's ``unmodelled``, when it has one).

    ``with_flags(scenario, flags)`` gives the scenario under other flags; a claim that cannot be
    decided under another value (``errors``, e.g. ScenarioError) is not flipped by it.

    The readings are kept side by side (the verdict's ``readings``, when it has one: a
    :class:`FlagReadings` per flag): those of each flag that flips the verdict, or, within
    :func:`readings_shown` ``("all")``, of every flag decided again; each with every value's verdict
    and the rules it rests on, from the very decisions that found the flipping flags.

    Every verdict's citations are checked (:func:`citation_problems`: its rule ids and the
    sub-items its ``parts`` name, the sources those rules cite): one that does not hold leaves
    the claim **not decided**, with a note saying which and why."""
    from .errors import ScenarioError

    book = load_rulebook(game)
    show_all = readings_mode() == "all"
    origin = getattr(scenario, "flag_origin", None) or {}
    readings: dict[tuple, Any] = {}  # one scenario per reading, shared by every claim (and what games keep on it)

    def under(flags: Mapping[str, str]) -> Any:
        key = tuple(sorted(flags.items()))
        if key not in readings:
            readings[key] = with_flags(scenario, flags)
        return readings[key]

    out = []
    for c in claims:
        v = decide(scenario, c)
        names = relevant_flags(scenario, c) if relevant_flags is not None else book.flags
        missing = list(unmodelled(scenario, c)) if unmodelled is not None else []
        if v.verdict is None or missing:  # not decided (something it depends on is not modelled): no flag decides it
            names = ()
        table: list[FlagReadings] = []
        for name in names:
            chosen = scenario.flags[name]
            rows = [Reading(chosen, v.verdict, None, chosen=True)]
            flips = False
            for other in book.flags[name].values:
                if other == chosen:
                    continue
                try:
                    alt = decide(under({**scenario.flags, name: other}), c)
                    row = Reading(other, alt.verdict, list(alt.rules))
                except (ScenarioError, *errors) as exc:  # not readable under this value: it flips nothing
                    row = Reading(other, None, [], error=str(exc))
                rows.append(row)
                if not row.error and row.verdict != v.verdict:
                    flips = True
            if flips:
                v.deciding_flags[name] = chosen
            if flips or show_all:
                table.append(FlagReadings(name, chosen, origin.get(name, "default"), flips, rows))
        if hasattr(v, "readings"):
            v.readings = table
        if missing:
            would = v.verdict
            v.verdict = None
            if unmodelled_rule:
                v.rules = [unmodelled_rule] + [r for r in v.rules if r != unmodelled_rule]
            v.notes.append(f"not decided: {len(missing)} thing(s) the model does not interpret ("
                           + "; ".join(f"{m.get('card')}: {m.get('what')}"
                                       + (f" ({m['why']})" if m.get("why") else "") for m in missing)
                           + f"); if they changed nothing the verdict would be {would}")
            if hasattr(v, "unmodelled"):
                v.unmodelled = missing
        problems = citation_problems(game, v.rules, getattr(v, "parts", None))
        if problems:  # a verdict is only as good as its citations: never printed as decided on a bad one
            would = v.verdict
            v.verdict = None
            v.deciding_flags.clear()
            if hasattr(v, "readings"):
                v.readings = []
            v.notes.append(f"not decided: {len(problems)} citation(s) do not hold ({'; '.join(problems)})"
                           + ("" if would is None else f"; taken as they are, the verdict would be {would}"))
        out.append(v)
    return out
