"""What battle claims (:mod:`.battle`) and position claims (:mod:`.position`) share: the claim
with its optional split, the verdict, and the negative words read as the positive claim flipped."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pycombat.verdicts import Claim as BaseClaim
from pycombat.verdicts import reasons, verdict_json
from ..model import Force

#: "is not", "may not", "cannot", "does not roll": the positive claim's verdict, flipped
NEGATIONS = [(re.compile(r"\bis not\b", re.I), "is"), (re.compile(r"\bmay not\b|\bcannot\b", re.I), "may"),
             (re.compile(r"\bdoes not (roll|hit|score)\b", re.I), None)]
THIRD_PERSON = {"roll": "rolls", "hit": "hits", "score": "scores"}


@dataclass
class Claim(BaseClaim):
    split: Force | None = None  #: the attacking part the claim is about (None: the scenario's)


@dataclass
class Verdict:
    claim: Claim
    verdict: bool
    rules: list[str]
    notes: list[str] = field(default_factory=list)
    deciding_flags: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rules = list(dict.fromkeys(self.rules))  # each rule id cited once, in order

    def as_json(self) -> dict:
        return verdict_json(self.claim, self.verdict, reasons("wotr", self.rules),
                            deciding_flags=self.deciding_flags, notes=self.notes)
