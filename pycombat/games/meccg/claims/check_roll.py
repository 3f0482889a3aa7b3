"""The claim "a corruption-check roll of R discards / eliminates / spares X": the corruption check a card
played before strikes are assigned costs, in an attack that goes on (Wizard's Flame, a kept Vanishment;
MECCG-FX-31) or one it cancels (Vanishment; MECCG-FX-30), decided for one 2d6 total from the check's
modifier and the maker's corruption points. A member who makes no such check: refused, naming him.

>>> describe("check_roll", {"roll": 5, "result": "discards", "character": "Gandalf"})
'a corruption-check roll of 5 discards Gandalf'
"""
from __future__ import annotations

import re
from typing import Any

from . import lookups

KIND = "check_roll"
TEMPLATES = [(re.compile(r"^a corruption[- ]check roll of (?P<roll>\d+) (?P<result>eliminates|discards|spares) "
                         r"(?P<character>.+?)$", re.I),
              lambda m: (KIND, {k: v for k, v in m.groupdict().items() if v is not None}))]
_FATE = {"eliminates": "eliminated", "discards": "discarded", "spares": "passes"}


def describe(kind: str, a: dict[str, Any]) -> str | None:
    if kind != KIND:
        return None
    return f"a corruption-check roll of {a.get('roll')} {a.get('result')} {a.get('character')}"


def check_roll(s, claim):
    """MECCG-FX-31 (MECCG-FX-30 for a cancel's): above his corruption points (the roll plus the check's
    modifier) the maker passes, at them or one less he is discarded, lower he is eliminated."""
    from ..combat.before import RULE, pre_check

    try:
        roll = int(claim.args.get("roll"))
    except (TypeError, ValueError):
        raise lookups._err(s, claim, f"roll: a 2d6 total, 2 to 12, not {claim.args.get('roll')!r}") from None
    if not 2 <= roll <= 12:
        raise lookups._err(s, claim, f"roll: a 2d6 total, 2 to 12, not {roll}")
    result = str(claim.args.get("result", "")).lower()
    if result not in _FATE:
        raise lookups._err(s, claim, f"result: one of {', '.join(_FATE)}, not {result!r}")
    from ..combat.strikes import CANCEL_CHECK_RULE, attack_cancel

    name = lookups._member(s, claim, "character")
    pre = pre_check(s)
    cancel = attack_cancel(s) if s.combat is not None else None
    if pre is not None and pre.who == name:
        check, rule = pre.check, RULE
    elif cancel is not None and cancel.check is not None and cancel.check.who == name:
        check, rule = cancel.check, CANCEL_CHECK_RULE  # a certain cancel's check (MECCG-FX-30)
    else:
        raise lookups._err(s, claim, f"{name} makes no corruption check before strikes are assigned in this "
                                     f"combat (a card's cost: {RULE}, {CANCEL_CHECK_RULE})")
    return lookups.Verdict(claim, check.fate(roll) == _FATE[result], [rule], [], [check.text(roll)])
