"""What battle claims (:mod:`.battle`) and position claims (:mod:`.position`) share: the claim
with its optional split, the verdict, and the negative words read as the positive claim flipped."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pycombat.verdicts import Claim as BaseClaim
from pycombat.verdicts import readings_json, reasons, verdict_json
from ..model import Force

#: "is not", "may not", "cannot", "does not roll": the positive claim's verdict, flipped
NEGATIONS = [(re.compile(r"\bis not\b", re.I), "is"), (re.compile(r"\bmay not\b|\bcannot\b", re.I), "may"),
             (re.compile(r"\bdoes not (roll|hit|score)\b", re.I), None)]
THIRD_PERSON = {"roll": "rolls", "hit": "hits", "score": "scores"}


@dataclass
class Claim(BaseClaim):
    split: Force | None = None  #: the attacking part the claim is about (None: the scenario's)


#: the sub-item of a rule that an engaged detail names (``engaged/2`` of asp_rules/wotr/cards.lp):
#: (rule id, the detail's name, its last argument or None) -> the sub-item's opening words
ENGAGED_ITEMS = {("WOTR-DICE-2", "army_card", None): "Play a card with an Army icon",
                 ("WOTR-DICE-3", "character_card", None): "Play a Character card",
                 ("WOTR-EVT-1", "deck", "character"): "Character events",
                 ("WOTR-EVT-1", "deck", "strategy"): "Strategy events"}


def engaged_parts(engaged: Any) -> dict[str, Any]:
    """The sub-items that ``engaged`` ((rule id, detail) pairs) names, by rule id (:data:`ENGAGED_ITEMS`)."""
    out: dict[str, list[str]] = {}
    for rule, detail in engaged:
        name, last = (detail[0], detail[-1]) if isinstance(detail, tuple) else (detail, None)
        item = ENGAGED_ITEMS.get((rule, name, last))
        if item and item not in out.setdefault(rule, []):
            out[rule].append(item)
    return {rule: items for rule, items in out.items() if items}


@dataclass
class Verdict:
    claim: Claim
    verdict: bool | None  #: None: not decided (the notes say why)
    rules: list[str]
    notes: list[str] = field(default_factory=list)
    deciding_flags: dict[str, str] = field(default_factory=dict)
    parts: dict[str, Any] = field(default_factory=dict)  #: rule id -> the sub-item(s) that decided (opening words)
    readings: list[Any] = field(default_factory=list)  #: the flags' readings side by side (pycombat.verdicts.FlagReadings)
    #: ``[{card, what, why}]``: what the model does not interpret and could change this verdict (it is then not
    #: decided, :func:`pycombat.verdicts.verify_claims`)
    unmodelled: list[dict] = field(default_factory=list)
    #: ``[{what, exact, decimal, denominator_digits}]``: the exact value of each fraction a note prints short
    #: (:class:`.words.NoteFractions`, marked ``*``); ``--json`` gives them as ``exact``
    exact: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rules = list(dict.fromkeys(self.rules))  # each rule id cited once, in order

    def as_json(self) -> dict:
        return verdict_json(self.claim, self.verdict, reasons("wotr", self.rules, parts=self.parts),
                            deciding_flags=self.deciding_flags, notes=self.notes,
                            readings=readings_json("wotr", self.readings, self.rules),
                            extra=({"unmodelled": [dict(u) for u in self.unmodelled]} if self.unmodelled else {})
                            | ({"exact": [dict(x) for x in self.exact]} if self.exact else {}) or None)
