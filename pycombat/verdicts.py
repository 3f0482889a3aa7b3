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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .rulebook import load_rulebook


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


def reasons(game: str, rule_ids: Iterable[str], source: Callable[[str], str] | None = None) -> list[dict]:
    """Each rule id once, in order, with its one-line text and source from ``game``'s digest."""
    book = load_rulebook(game)
    out = []
    for rid in dict.fromkeys(rule_ids):
        r = book.rule(rid)
        out.append({"rule": r.id, "text": r.summary, "source": source(r.source) if source else r.source})
    return out


def verdict_json(claim: Claim, verdict: bool, reasons: list[dict], *, deciding_flags: Mapping[str, str],
                 notes: Sequence[str], extra: Mapping[str, Any] | None = None) -> dict:
    """The JSON form of a verdict that every game's ``verify --json`` prints."""
    out = {"id": claim.id, "claim": claim.text, "verdict": verdict, "reasons": reasons, **(extra or {})}
    if deciding_flags:
        out["decided_by_flags"] = dict(deciding_flags)
    if notes:
        out["notes"] = list(notes)
    if claim.expect is not None:
        out["expected"] = claim.expect
        out["as_expected"] = claim.expect == verdict
    return out
