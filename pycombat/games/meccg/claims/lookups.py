"""What MECCG's claim deciders share: the verdict type and the lookups of members named in a claim."""
from __future__ import annotations

import re

from pycombat.names import did_you_mean, normalize

from dataclasses import dataclass, field
from typing import Any

from pycombat.errors import ScenarioError
from pycombat.verdicts import Claim, readings_json, reasons, verdict_json
from ..model import Scenario


@dataclass
class Verdict:
    claim: Claim
    verdict: bool | None  #: None: not decided, a card it depends on is not modelled (MECCG-FX-10)
    rules: list[str]
    details: list[Any] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    deciding_flags: dict[str, str] = field(default_factory=dict)
    unmodelled: list[dict] = field(default_factory=list)
    roll: dict | None = None  #: the roll a cancel hangs on, with its exact chance (MECCG-FX-16)
    parts: dict[str, Any] = field(default_factory=dict)  #: rule id -> the sub-item(s) that decided (opening words)
    readings: list[Any] = field(default_factory=list)  #: the flags' readings side by side (pycombat.verdicts.FlagReadings)

    def __post_init__(self) -> None:
        self.rules = list(dict.fromkeys(self.rules))  # each rule id cited once, in order

    @property
    def decided(self) -> bool:
        return self.verdict is not None

    def as_json(self) -> dict:
        out = verdict_json(self.claim, self.verdict, reasons("meccg", self.rules, parts=self.parts),
                           deciding_flags=self.deciding_flags, notes=self.notes,
                           readings=readings_json("meccg", self.readings, self.rules))
        if not self.decided:
            out["unmodelled"] = [dict(u) for u in self.unmodelled]
        if self.roll is not None:
            out["roll"] = dict(self.roll)
        return out


#: MECCG-ALIGN-6's sub-item for each reason a member makes its company overt (``overt_by/3``, asp_rules/meccg/attack.lp)
OVERT_ITEMS = {"orc": "an Orc;", "troll": "a Troll;", "fell_rider": "a Ringwraith avatar in Fell Rider mode",
               "balrog": "a Balrog avatar", "card": "a card that says it makes the company overt",
               "half_orc": "a Half-orc together with"}
#: MECCG-SEQ-10's sub-item for each strike result
STRIKE_ITEMS = {"succeeds": "D < A", "fails": "D > A", "tie": "D = A"}


def overt_parts(overt_by: Any, role: str, overt: bool) -> dict[str, Any]:
    """The sub-items of MECCG-ALIGN-6 that make ``role``'s company overt (``overt_by``: (role, why,
    member) triples), or the one that makes it covert; none when a declaration alone made it overt."""
    if not overt:
        return {"MECCG-ALIGN-6": "Any other company is covert"}
    items = sorted({OVERT_ITEMS[w] for r, w, _m in overt_by if r == role and w in OVERT_ITEMS},
                   key=list(OVERT_ITEMS.values()).index)
    return {"MECCG-ALIGN-6": items} if items else {}


def _err(s: Scenario, claim: Claim, message: str) -> ScenarioError:
    return ScenarioError(message, file=s.file, path=claim.path)


def _phase(claim: Claim, s: Scenario) -> int:
    p = str(claim.args.get("phase", "")).upper()
    table = {"1": 1, "I": 1, "2": 2, "II": 2, "3": 3, "III": 3}
    if p not in table:
        raise _err(s, claim, f"phase must be 1, 2 or 3 (I, II, III), not {claim.args.get('phase')!r}")
    return table[p]


def _member(s: Scenario, claim: Claim, key: str, role: str | None = None) -> str:
    return _member_named(s, claim, str(claim.args.get(key, "")), key, role)


def _member_named(s: Scenario, claim: Claim, name: str, key: str, role: str | None = None) -> str:
    """The scenario member called ``name`` (display or card name, any case)."""
    companies = [s.company(role)] if role else [s.attacker, s.defender]
    for c in companies:
        for m in c.members:
            if m.name.casefold() == name.casefold() or m.card_name.casefold() == name.casefold():
                return m.name
    alike = {m.name for c in companies for m in c.members if normalize(name) in (normalize(m.name), normalize(m.card_name))}
    if len(alike) == 1:  # typed plainly: Radagast's Black Bird for Radagast’s, Eomer for Éomer
        return alike.pop()
    hint = did_you_mean(name, [m.name for c in companies for m in c.members])
    raise _err(s, claim, f"{key}: {name!r} is not a member of the {role or 'two'} compan{'y' if role else 'ies'}{hint}")


_BONUS = re.compile(r": \+?(?P<bonus>-?\d+)(?:, max \d+|, total capped at \d+(?: \(weapon_max_order=cap_total: [^)]*\))?)$")


def capped(m) -> bool:
    """A bonus printed with a maximum that the maximum cut (MECCG-FX-2): less given than printed."""
    got = _BONUS.search(m.what)
    return got is not None and ("max" in m.what or "capped" in m.what) and m.amount < int(got["bonus"])


def prowess_rules(side) -> list[str]:
    """The rules a side's final prowess rests on: those of the modifications that changed it (a
    non-zero amount; an untapping card that removed the tapped -1; Aiglos' normal bonus only,
    MECCG-SEQ-14; a card in play that ended with an earlier turn, MECCG-FX-7), and MECCG-FX-2 when a maximum cut a bonus. With no modification the value is
    the printed prowess, as MECCG-SEQ-9 computes it."""
    from ..combat.strikes import ended_note

    rules = []
    for m in side.prowess_mods:
        # a card in play lasting the turn that ended with an earlier one gives nothing (MECCG-FX-7)
        if m.amount or "untapped, no penalty" in m.what or m.rule == "MECCG-SEQ-14" or ended_note(m):
            rules.append(m.rule)
        if capped(m):
            rules.append("MECCG-FX-2")
    return list(dict.fromkeys(rules)) or ["MECCG-SEQ-9"]
