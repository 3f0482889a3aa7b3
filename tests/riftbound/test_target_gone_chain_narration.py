"""A card whose target left play before it resolved was on the chain before the play that removed it (RB-CARD-11:
the ``showdown:`` list is in resolution order, CR 346-348): the narration never says the chain resolved and Focus
passed between them, and says instead that the card listed next was already on the chain (RB-SHOW-3)."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import Progress
from pycombat.games.riftbound.schema import scenario_from_dict

CLOSED = "The chain resolved and Focus passes."


def _lines(*showdown) -> list[str]:
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": ["Daring Poro"]},
           "defender": {"player": "Bo", "units": [{"name": "Zephyr Sage", "damage": 6}, "Stalwart Poro"]},
           "showdown": list(showdown)}
    run, effects = Progress.begin(scenario_from_dict(doc))
    run.extend(effects)
    return [line.text for line in run.finish().lines]


def _between(lines: list[str], first: str, second: str) -> list[str]:
    i = next(k for k, t in enumerate(lines) if first in t)
    j = next(k for k, t in enumerate(lines) if second in t)
    return lines[i + 1: j]


GUST = {"play": "Gust", "by": "defender", "target": "Stalwart Poro"}
CRESCENT = {"play": "Crescent Strike", "by": "attacker", "target": "Stalwart Poro"}


def test_a_card_whose_target_was_gusted_was_on_the_chain_before_gust():
    lines = _lines(GUST, CRESCENT)
    between = _between(lines, "plays Gust", "plays Crescent Strike")
    assert CLOSED not in between
    (said,) = [t for t in between if t.startswith("The chain does not close")]
    assert "Crescent Strike" in said and "already on it" in said and "Gust went on the chain above it" in said
    assert "left the battlefield before it resolved" in next(t for t in lines if "plays Crescent Strike" in t)
    assert lines.count(CLOSED) == 1  # once, after Crescent Strike: then the chain is empty


def test_cards_on_separate_chains_still_close_their_chain():
    lines = _lines(GUST, {"play": "Crescent Strike", "by": "attacker", "target": "Zephyr Sage"})
    assert _between(lines, "plays Gust", "plays Crescent Strike") == [CLOSED]
    assert not any(t.startswith("The chain does not close") for t in lines)

