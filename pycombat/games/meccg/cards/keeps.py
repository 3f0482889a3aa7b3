"""An attacker's card against the defender's cancel of the attack (MECCG-FX-29).

Indûr Unleashed ("an attack by Indûr's company cannot be cancelled") and Great Fissure ("cancels an
effect that would cancel an attack by The Balrog's company") are played by the attacking player: the
attacking company's ``in_play:`` names the card (card_effects.yaml ``keeps_attack``). A cancel of the
attack the defender then plays before strikes are assigned (MECCG-PRE-1, on a roll MECCG-FX-16) is
still played, its cost paid (MECCG-FX-27), but it does not cancel: the attack goes on, nothing is
rolled for it. Every verb reads :func:`attack_kept`.

>>> from pycombat.games.meccg.schema import scenario_from_dict
>>> s = scenario_from_dict({"game": "meccg",
...     "attacker": {"alignment": "minion", "site": "X", "in_play": ["Indûr Unleashed"],
...                  "members": ["Indûr the Ringwraith"]},
...     "defender": {"alignment": "hero", "site": "X", "members": ["Gimli"]}})
>>> attack_kept(s).text("Concealment")
"Concealment does not cancel the attack: the attacker's Indûr Unleashed: an attack by its company cannot be cancelled (MECCG-FX-29)"
"""
from __future__ import annotations

from dataclasses import dataclass

from pycombat.errors import ScenarioError

from ..model import Scenario
from . import interpreter as cardfx

RULE = "MECCG-FX-29"
#: how each reading of ``how`` makes the cancel fail, in words
HOW = {"uncancellable": "an attack by its company cannot be cancelled",
       "cancels_cancel": "it cancels the effect that would cancel its company's attack"}


@dataclass(frozen=True)
class AttackKept:
    """The attacker's card that keeps the attack from being cancelled."""

    card: str
    id: str
    how: str  #: uncancellable | cancels_cancel

    def text(self, cancel: str | None = None) -> str:
        head = f"{cancel} does not cancel the attack: " if cancel else ""
        return f"{head}the attacker's {self.card}: {HOW[self.how]} ({RULE})"

    def as_json(self) -> dict:
        return {"card": self.card, "how": self.how, "rule": RULE}


def attack_kept(scenario: Scenario) -> AttackKept | None:
    """The card in the attacking company's ``in_play:`` that keeps its attack from being cancelled, or
    None. A card whose terms the attacking company does not meet (Indûr Unleashed without Indûr) is
    refused, naming its place; one listed in the defending company's ``in_play:`` is not the attacker's
    and is named as misplaced by the coverage (``cards/coverage.py``)."""
    from . import play  # the one play check (cards.lp: MECCG-FX-29 its terms, MECCG-FX-20 its alignment)

    company = scenario.attacker
    for i, card in enumerate(company.in_play):
        m = cardfx.model(card.id)
        if not m.keeps_attack:
            continue
        got = play.check(scenario, [play.Play(m.id, "attacker", play.BEFORE)])
        if not got.legal:
            raise ScenarioError(got.refusals[0].text, file=scenario.file, path=f"attacker.in_play[{i}]")
        return AttackKept(m.name, m.id, m.keeps_attack["how"])
    return None
