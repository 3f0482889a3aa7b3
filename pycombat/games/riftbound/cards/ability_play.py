"""Cards a unit's triggered ability plays (RB-CARD-27).

Two combat triggers play a card as they resolve: Ava Achiever's "When I attack, you may pay [mind rune] to play a
card with [Hidden] from your hand, ignoring its cost. If it's a unit, play it here." and Rek'Sai, Swarm Queen's
"When I attack, you may reveal the top 2 cards of your Main Deck. You may banish one, then play it. If it is a unit,
you may play it here. Recycle the rest." (their clauses structured in ``data/effects_overlay.yaml`` as the effect
kind :data:`KIND`).

The trigger's entry names the card played, as a showdown play entry without ``by`` (its player is the trigger's):
``{trigger: Ava Achiever, plays: {play: Hidden Blade, target: D3}, paid: {power: 1}}``. The card goes on the chain
as the ability resolves and, once it has, resolves next (CR 351.3), before the combat triggers still waiting: a spell
with its own targets and choices, a gear, or a unit card, which enters where the ability lets it (Ava: here, this
combat's battlefield, whoever controls it, CR 352.2.b; Rek'Sai: here, or where its player may play units, CR 352.2.a)
and fights for its side from the next cleanup (RB-COMB-4). Its speed is not checked: the ability plays it, not a
player with priority (CR 338.1.a is a player's permission); "ignoring its cost" pays none of its printed cost, while
an additional cost it has ([Deflect] on a unit chosen, [Repeat], "you may pay ... to") is still paid (RB-CARD-2).
A card played this way is played: "When you play a spell / a unit" triggers fire, and a "can't play" restriction
refuses it (RB-CARD-9). Ava's "a card with [Hidden]" is checked; what Rek'Sai revealed is the entry's fact (the
card played is one of the two; the rest is recycled, off the board).

>>> from pycombat.games.riftbound.cards.units import load_units
>>> e = effect_of(load_units().unit("Ava Achiever").abilities)
>>> e["from"], free(e), places(e, "attacker", "defender")
('hand', True, ('battlefield',))
>>> places(effect_of(load_units().unit("Rek'Sai - Swarm Queen").abilities), "attacker", "defender")
('base', 'battlefield', 'elsewhere')
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

RULE = "RB-CARD-27"
KIND = "play_card"
FROM_HAND = "hand"
FROM_DECK = "main_deck"
#: the card filter Ava Achiever's ability has
HIDDEN = "a card with [Hidden]"
#: where a unit card the ability plays may enter: this combat's battlefield ("play it here", CR 352.2.b), and
#: ``played``: where its player may play a unit anyway (his base, a battlefield he controls, CR 352.2.a)
HERE, PLAYED = "battlefield", "played"
#: the record keys the effect kind reads beyond the interpreter's own
KEYS = {"unit_to", "ignore_costs", "what", "from"}
_WHENCE = {FROM_HAND: "from its player's hand", FROM_DECK: "from the top 2 cards of its player's Main Deck (revealed, "
           "the one played banished first, the rest recycled)"}


def effect_of(effects: Iterable[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The effect record of an ability that plays a card, or None."""
    return next((e for e in effects if e.get("effect") == KIND), None)


def free(e: Mapping[str, Any]) -> bool:
    """Whether the card is played ignoring its cost."""
    return bool(e.get("ignore_costs"))


def places(e: Mapping[str, Any], by: str, controller: str | None) -> tuple[str, ...]:
    """Where a unit card the ability plays may enter: ``base``, ``battlefield`` (this combat's), ``elsewhere``."""
    to = e.get("unit_to") or ()
    out = set()
    if HERE in to:
        out.add("battlefield")
    if PLAYED in to:  # CR 352.2.a: his base or a battlefield he controls (this one only if he controls it)
        out |= {"base", "elsewhere"} | ({"battlefield"} if by == controller else set())
    return tuple(w for w in ("base", "battlefield", "elsewhere") if w in out)


def fits(e: Mapping[str, Any], keywords: Iterable[str]) -> str | None:
    """Why a card with ``keywords`` cannot be the one the ability plays (None: it can)."""
    if e.get("what") == HIDDEN and "Hidden" not in {str(k).split()[0] for k in keywords}:
        return "the ability plays a card with [Hidden]"
    return None


def support(e: Mapping[str, Any]) -> tuple[bool, str]:
    """What the card coverage says of the effect."""
    whence = _WHENCE.get(e.get("from"))
    if whence is None:
        return False, f"a card played from {e.get('from')} is not modelled"
    cost = "ignoring its cost" if free(e) else "paying its cost"
    where = " or ".join({HERE: "here", PLAYED: "where its player may play units"}[w] for w in e.get("unit_to") or ())
    what = f" ({e['what']})" if e.get("what") else ""
    return True, (f"plays the card its entry names{what} {whence}, {cost}: it goes on the chain as the ability "
                  f"resolves and resolves next, a unit entering {where}; the entry's `plays: {{play: CARD, ...}}`; "
                  f"not used: `decline: true` ({RULE})")


def narration(play) -> str:
    """What the trigger's resolution says of the card it plays (``play.plays``), or of none."""
    inner = play.plays
    if inner is None:
        return "plays no card (its \"you may\")"
    name = inner.unit.card_name or inner.unit.name if inner.unit is not None else inner.card.name
    return (f"its player plays {name}" + (" ignoring its cost" if inner.free else "")
            + ": it goes on the chain as the ability resolves and resolves next (CR 351.3)")
