"""The fields of each MECCG claim kind and the type of each field: checked when the claims are read
(:func:`check`, the claim book's ``check`` hook, run by :func:`pycombat.verdicts.parse_claims` for
every verb), so that a claim given by ``kind:`` and fields never reaches a decider with a field
missing, of the wrong type (``value: '13'``), or belonging to another kind (``card:`` on a
``final_prowess`` claim): each is refused naming the field and the kind's fields.

A sentence's numbers are read as numbers (:func:`typed`), so a sentence and the same claim given
by fields are one claim.

>>> typed(("strike_result", {"strike": "2", "result": "fails"}))
('strike_result', {'strike': 2, 'result': 'fails'})
>>> sorted(KIND_FIELDS["final_prowess"][0])
['character', 'strike', 'value']
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from pycombat.errors import ScenarioError

_STRIKE_RESULTS = ("succeeds", "fails", "is ineffectual", "is cancelled")
_BODY_RESULTS = ("eliminates", "discards", "returns", "spares")

#: kind -> (required fields, optional fields)
KIND_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "may_attack": ((), ()),
    "cancels_attack": (("card",), ("by", "from")),
    "playable_before_assignment": (("card",), ("by", "from")),
    "playable_at_step": (("card", "step", "defender"), ("attacker", "from")),
    "assignment_legal": (("pairs",), ("excess",)),
    "takes_strike_in_phase": (("defender", "attacker", "phase"), ()),
    "final_prowess": (("character", "strike", "value"), ()),
    "modifier_applies": (("modifier", "character"), ()),
    "company_status": (("role", "status"), ("after",)),
    "commits_strike": (("attacker",), ()),
    "strike_count": (("count",), ("card", "discarded")),
    "excess_count": (("count",), ()),
    "strike_cancellable": (("attacker",), ()),
    "is_target": (("defender",), ()),
    "may_support": (("supporter", "character"), ("strike",)),
    "actor": (("role", "action"), ("character", "phase")),
    "phase2_count": (("defender", "attacker", "count"), ()),
    "strike_result": (("strike", "result"), ()),
    "strike_effect": (("character", "effect", "strike"), ()),
    "body_check": (("roll", "result", "character"), ()),
    "elimination_mp": (("character", "role", "value"), ()),
    "takes_item": (("taker", "item", "character"), ()),
    "trophy": (("taker", "character"), ()),
    "lasts": (("character", "what"), ()),
    "steal_item": (("role",), ()),
    "hazard_effect": (("card",), ()),
    "check_roll": (("roll", "result", "character"), ()),
    "after_attack_strike": (("ally", "result"), ("character", "may")),
    "faces_after_strike": (("character",), ("may",)),
}

#: the kinds whose ``card:`` may be a list (cards played together)
_CARD_LISTS = {"cancels_attack", "playable_before_assignment", "playable_at_step"}
#: whole-number fields: (least, greatest or None, what the number is)
_NUMBERS = {"strike": (1, None, "a strike number, 1 or more"), "count": (0, None, "a whole number, 0 or more"),
            "step": (1, 8, "a step of the strike sequence, 1 to 8"), "roll": (2, 12, "a 2d6 total, 2 to 12"),
            "value": (None, None, "a whole number")}
_PHASES = (1, 2, 3, "1", "2", "3", "I", "II", "III")


def _text(v: Any) -> bool:
    return isinstance(v, str) and v.strip() != ""


def _words(*choices: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if not isinstance(v, str) or v.lower() not in choices:
            return f"one of {', '.join(choices)}, not {v!r}"
        return None
    return check


def _field_problem(kind: str, key: str, v: Any) -> str | None:
    """What is wrong with field ``key`` = ``v`` of a ``kind`` claim (None: nothing)."""
    if key in _NUMBERS:
        low, high, what = _NUMBERS[key]
        if not isinstance(v, int) or isinstance(v, bool) or (low is not None and v < low) \
                or (high is not None and v > high):
            return f"{what}, not {v!r}"
        return None
    if key == "phase":
        return None if v in _PHASES and not isinstance(v, bool) else f"1, 2 or 3 (I, II, III), not {v!r}"
    if key == "by":
        return _words("attacker", "defender")(v)
    if key == "result" and kind == "strike_result":
        return _words(*_STRIKE_RESULTS)(v)
    if key == "result" and kind == "body_check":
        return _words(*_BODY_RESULTS)(v)
    if key == "may":
        return None if isinstance(v, bool) else f"true or false, not {v!r}"
    if key == "pairs":
        ok = isinstance(v, Mapping) and v and all(_text(a) and _text(d) for a, d in v.items())
        return None if ok else f"a mapping defender: attacker (member names), not {v!r}"
    if key == "excess":
        ok = isinstance(v, list) and all(_text(x) for x in v)
        return None if ok else f"a list of attacking members' names, not {v!r}"
    if key == "discarded" or (key == "card" and kind in _CARD_LISTS):
        ok = _text(v) or (isinstance(v, list) and v and all(_text(x) for x in v))
        return None if ok else f"a name or a list of names, not {v!r}"
    return None if _text(v) else f"a name or word, not {v!r}"


def check(scenario: Any, claim: Any) -> None:
    """The claim book's check: every field of the claim is one of its kind's (:data:`KIND_FIELDS`), each
    the kind needs is given, and each has its type; else a clear error naming the field."""
    required, optional = KIND_FIELDS[claim.kind]
    allowed = required + optional
    own = f"`{claim.kind}` claims have " + (f"the fields {', '.join(allowed)}" if allowed else "no fields")
    file = getattr(scenario, "file", None)
    for key in claim.args:
        if key not in allowed:
            raise ScenarioError(f"`{key}` is not a field of a `{claim.kind}` claim: {own}", file=file,
                                path=claim.path)
    for key in required:
        if claim.args.get(key) is None:
            raise ScenarioError(f"a `{claim.kind}` claim needs `{key}` ({own})", file=file, path=claim.path)
    for key, v in claim.args.items():
        if v is None and key in optional:
            continue
        problem = _field_problem(claim.kind, key, v)
        if problem:
            raise ScenarioError(f"{key}: {problem}", file=file, path=claim.path)


_INTEGER = re.compile(r"[-+]?\d+")


def typed(got: tuple[str, dict]) -> tuple[str, dict]:
    """A sentence's ``(kind, args)`` with its numbers as numbers and ``may`` as true: as the same claim given
    by fields has them."""
    kind, args = got
    out = {}
    for k, v in args.items():
        if k in _NUMBERS and isinstance(v, str) and _INTEGER.fullmatch(v.strip()):
            v = int(v)
        elif k == "may" and isinstance(v, str):
            v = True
        out[k] = v
    return kind, out
