"""Rulings that last: a verify verdict saved with everything needed to check it again later, and the
check (engine layer: no game here; :mod:`pycombat.api` loads and runs the scenario).

A saved ruling (``pycombat verify FILE --save RULING.json``) holds the scenario as it was read, the
interpretation flags in force (every flag, so a later change of a default does not change the
reading), each claim's verdict with its reasons (the rule ids, the part of each rule quoted and its
full text), the versions of pycombat, clingo and each rules digest, and a SHA-256 of all of it.

:func:`recheck` compares a saved ruling with the verdicts this version gives: per claim, whether the
verdict still stands and, if not, what changed: the text of a rule it cites, the model (the same
rules give another answer), or, beside the verdict, the default reading of a flag it was given under.

>>> doc = ruling_document(game="toy", scenario={"game": "toy"}, flags={"f": "a"}, verdicts=[
...     {"id": "c1", "claim": "x", "verdict": True, "reasons": [{"rule": "T-1", "full_text": "One."}]}],
...     versions={"pycombat": "0", "clingo": "0", "digests": {}}, saved="2026-01-01T00:00:00Z")
>>> check_hash(doc) is None
True
>>> doc["flags"]["f"] = "b"
>>> check_hash(doc)
'the content hash does not match: the ruling was changed after it was saved'
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .report import Report

#: the key that marks a JSON document as a saved ruling, and its format version
MARK = "pycombat_ruling"
FORMAT = 1


def _canonical(doc: Mapping[str, Any]) -> bytes:
    body = {k: v for k, v in doc.items() if k != "content_hash"}
    return json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def content_hash(doc: Mapping[str, Any]) -> str:
    """SHA-256 of the ruling's canonical JSON without its ``content_hash``."""
    return hashlib.sha256(_canonical(doc)).hexdigest()


def ruling_document(*, game: str, scenario: Mapping[str, Any], flags: Mapping[str, str],
                    verdicts: Sequence[Mapping[str, Any]], versions: Mapping[str, Any], saved: str,
                    file: str | None = None) -> dict[str, Any]:
    """The saved ruling: ``scenario`` as read (the file's mapping), the ``flags`` in force, the
    ``verdicts`` (verify's JSON, reasons with ``full_text``), ``versions`` and the time it was saved."""
    doc = {MARK: FORMAT, "saved": saved, "versions": dict(versions), "game": game, "file": file,
           "scenario": dict(scenario), "flags": dict(flags), "verdicts": [dict(v) for v in verdicts]}
    doc["content_hash"] = content_hash(doc)
    return doc


def is_ruling(data: Any) -> bool:
    return isinstance(data, Mapping) and MARK in data


def check_hash(doc: Mapping[str, Any]) -> str | None:
    """None if the ruling is as it was saved and has the shape :func:`ruling_document` gives it, else
    why not (the first problem, with the field it is in).

    The hash tells an edit made by mistake; the shape is checked too, since a hash can be computed
    again by whoever edits the file:

    >>> doc = ruling_document(game="toy", scenario={"game": "other"}, flags={}, verdicts=[],
    ...     versions={}, saved="2026-01-01T00:00:00Z")
    >>> check_hash(doc)
    "scenario.game: 'other', but the ruling is of game 'toy'"
    """
    if doc.get(MARK) != FORMAT:
        return f"{MARK} is {doc.get(MARK)!r}: this pycombat reads format {FORMAT}"
    for key in ("game", "scenario", "flags", "verdicts", "versions", "content_hash"):
        if key not in doc:
            return f"it has no {key!r}"
    if doc["content_hash"] != content_hash(doc):
        return "the content hash does not match: the ruling was changed after it was saved"
    return _shape(doc)


def _shape(doc: Mapping[str, Any]) -> str | None:
    """The first field of ``doc`` that is not as :func:`ruling_document` writes it, or None."""
    if not isinstance(doc["game"], str):
        return f"game: {doc['game']!r} is no game name"
    if not isinstance(doc["scenario"], Mapping):
        return "scenario: is no mapping"
    if doc["scenario"].get("game", doc["game"]) != doc["game"]:
        return f"scenario.game: {doc['scenario'].get('game')!r}, but the ruling is of game {doc['game']!r}"
    if not isinstance(doc["flags"], Mapping) or not all(isinstance(k, str) and isinstance(v, str)
                                                        for k, v in doc["flags"].items()):
        return "flags: is no mapping of flag names to values (strings)"
    if not isinstance(doc["versions"], Mapping):
        return "versions: is no mapping"
    if not isinstance(doc["verdicts"], list):
        return "verdicts: is no list"
    seen: set[str] = set()
    for i, v in enumerate(doc["verdicts"]):
        if not isinstance(v, Mapping):
            return f"verdicts[{i}]: is no mapping"
        if not isinstance(v.get("id"), str) or v["id"] in seen:
            return f"verdicts[{i}].id: {v.get('id')!r} is no claim id of its own"
        seen.add(v["id"])
        if "verdict" not in v or v["verdict"] not in (True, False, None) or isinstance(v["verdict"], int) \
                and not isinstance(v["verdict"], bool):
            return f"verdicts[{i}].verdict: {v.get('verdict')!r} is not true, false or null (not decided)"
        if not isinstance(v.get("reasons", []), list) or not all(
                isinstance(r, Mapping) and isinstance(r.get("rule"), str) for r in v.get("reasons", [])):
            return f"verdicts[{i}].reasons: is no list of reasons, each with its `rule`"
    return None


@dataclass
class ClaimCheck:
    """One claim of a saved ruling checked again."""

    id: str
    claim: str
    saved: Any  #: the saved verdict: True, False or None (not decided)
    now: Any  #: this version's verdict (``"missing"`` if the claim is no longer in the scenario's answer)
    changes: list[str] = field(default_factory=list)  #: why it differs (rule texts, the model)
    notes: list[str] = field(default_factory=list)  #: what changed without changing the verdict

    @property
    def stands(self) -> bool:
        return self.saved == self.now

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "claim": self.claim, "saved": self.saved, "now": self.now, "stands": self.stands,
                "changes": self.changes, "notes": self.notes}


@dataclass
class RecheckReport(Report):
    """A saved ruling checked on this version: per claim whether its verdict still stands."""

    saved: str = ""
    #: what this version's verify of the ruling's scenario names as not modelled
    unmodelled: list = field(default_factory=list)
    versions_then: dict = field(default_factory=dict)
    versions_now: dict = field(default_factory=dict)
    checks: list[ClaimCheck] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return 0 if all(c.stands for c in self.checks) else 1

    def to_json(self) -> dict:
        out = super().to_json()
        out.pop("checks")  # (given once, as the claims, each with whether it stands)
        return {**out, "saved": self.saved, "versions_then": self.versions_then,
                "versions_now": self.versions_now, "stands": self.exit_code == 0,
                "claims": [c.as_json() for c in self.checks]}


def _word(v: Any) -> str:
    return {True: "TRUE", False: "FALSE", None: "NOT DECIDED", "missing": "no verdict"}.get(v, str(v))


def _set_explicitly(doc: Mapping[str, Any], verdict: Mapping[str, Any], name: str) -> str | None:
    """Where flag ``name`` of a saved ruling was set explicitly when it was saved (its scenario's ``rules:``, or
    a flag given with the question: the verdict's reading of it says who chose its value), or None when the
    ruling read it at the default of the version that saved it."""
    rules = doc["scenario"].get("rules") if isinstance(doc.get("scenario"), Mapping) else None
    if isinstance(rules, Mapping) and name in rules:
        return "in the scenario's rules:"
    for row in verdict.get("readings") or ():
        if isinstance(row, Mapping) and row.get("flag") == name and row.get("chosen_by") not in (None, "default"):
            return "in the scenario's rules:" if row["chosen_by"] == "scenario" else "as a flag given with the question"
    return None


def recheck(doc: Mapping[str, Any], now: Sequence[Mapping[str, Any]], *, rule_text: Callable[[str], str | None],
            default_flags: Mapping[str, str], versions_now: Mapping[str, Any], file: str | None = None
            ) -> RecheckReport:
    """Compare the saved ``doc`` with ``now`` (verify's JSON verdicts of the same scenario under the
    saved flags, on this version). ``rule_text(id)``: the current full text of a rule (None if the
    digest no longer has it); ``default_flags``: this version's defaults. A claim of the scenario
    the ruling holds no verdict for does not stand (its saved verdict is ``"missing"``); a flag of
    this version the ruling does not hold is read at its default, and each verdict says so."""
    by_id = {v["id"]: v for v in now}
    unsaved = [name for name in default_flags if name not in doc["flags"]]
    checks = []
    for old in doc["verdicts"]:
        new = by_id.get(old["id"])
        c = ClaimCheck(old["id"], old.get("claim", ""), old.get("verdict"), new.get("verdict") if new else "missing")
        texts = []
        for r in old.get("reasons", []):
            cur = rule_text(r["rule"])
            if cur is None:
                texts.append(f"{r['rule']} is no longer in the digest")
            elif r.get("full_text") is not None and cur != r["full_text"]:
                was, now_ = _differ(r["full_text"], cur)
                texts.append(f"the text of {r['rule']} changed: it was \"{was}\", it is \"{now_}\"")
        if new is not None:
            gone = [r["rule"] for r in old.get("reasons", []) if r["rule"] not in {x["rule"] for x in new.get("reasons", [])}]
            added = [r["rule"] for r in new.get("reasons", []) if r["rule"] not in {x["rule"] for x in old.get("reasons", [])}]
            if gone or added:
                texts.append("its reasons changed: " + "; ".join(
                    ([f"no longer cites {', '.join(gone)}"] if gone else [])
                    + ([f"now cites {', '.join(added)}"] if added else [])))
        if not c.stands:
            c.changes = texts or [f"the model: the same rules and reading now give {_word(c.now)} "
                                  f"(pycombat {doc['versions'].get('pycombat')} then, "
                                  f"{versions_now.get('pycombat')} now)"]
        else:
            c.notes = texts
        for name, value in doc["flags"].items():
            if name in default_flags and default_flags[name] != value and name in (old.get("decided_by_flags") or {}):
                given = _set_explicitly(doc, old, name)
                if given is not None:  # chosen when it was saved: never the default it is compared with
                    c.notes.append(f"decided under {name}={value}, set explicitly ({given}); the default is "
                                   f"{default_flags[name]}")
                else:  # the ruling read it at its default then: the default changed since
                    c.notes.append(f"decided under {name}={value}, which is no longer the default "
                                   f"({default_flags[name]})")
        c.notes += [f"the ruling holds no value of flag {name}: read at its default ({default_flags[name]})"
                    for name in unsaved]
        checks.append(c)
    saved_ids = {old["id"] for old in doc["verdicts"]}
    for new in now:
        if new["id"] not in saved_ids:
            checks.append(ClaimCheck(new["id"], new.get("claim", ""), "missing", new.get("verdict"),
                                     changes=["the saved ruling holds no verdict for this claim of its scenario"]))
    return RecheckReport(game=doc["game"], verb="verify", scenario=file, title=doc["scenario"].get("title"),
                         flags=dict(doc["flags"]),
                         saved=doc.get("saved", ""), versions_then=dict(doc["versions"]),
                         versions_now=dict(versions_now), checks=checks)


def _differ(old: str, new: str, before: int = 40, after: int = 100) -> tuple[str, str]:
    """The two texts around where they first differ (``…`` where text is left out).

    >>> _differ("The strike fails. Both tap.", "The strike fails. Nobody taps.", before=6, after=8)
    ('…ails. Both tap…', '…ails. Nobody t…')
    """
    k = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    start = max(0, k - before)

    def cut(t: str) -> str:
        piece = t[start:k + after]
        return ("…" if start else "") + piece + ("…" if k + after < len(t) else "")
    return cut(old), cut(new)


def recheck_lines(report: RecheckReport) -> list[str]:
    """The text form of a re-check."""
    then, now = report.versions_then, report.versions_now
    lines = [f"Saved ruling of {report.saved} (pycombat {then.get('pycombat')}), checked with pycombat "
             f"{now.get('pycombat')}"]
    for game, d in (then.get("digests") or {}).items():
        cur = (now.get("digests") or {}).get(game)
        if cur is not None and cur != d:
            lines.append(f"  the {game} rules digest changed: {d} then, {cur} now")
    for c in report.checks:
        head = "STANDS " if c.stands else "CHANGED"
        lines.append(f"{head} {c.claim}  ({c.id}): {_word(c.saved)}" + ("" if c.stands else f" then, {_word(c.now)} now"))
        lines += [f"    {x}" for x in c.changes]
        lines += [f"    note: {x}" for x in c.notes]
    n = sum(1 for c in report.checks if not c.stands)
    lines.append("every verdict stands" if n == 0 else f"{n} verdict(s) changed")
    return lines
