"""Each player's hand for the showdown game (``hand: {attacker: [...], defender: [...]}``).

A hand lists cards by name: spells and gear of Action or Reaction speed, and unit cards that may be
played in a showdown (RB-SHOW-4: [Reaction], [Ambush]; RB-CARD-16). A [Hidden] card that can be
played in a showdown only from facedown (a Normal-speed spell or gear, a unit without [Reaction] or
[Ambush]) is played from facedown, where it has Reaction (RB-SHOW-4, ``facedown: true`` in its entry):
listed in a hand it stands for the card its player hid at this battlefield. A [Hidden] Action or
Reaction card is played as it is. An unknown name is refused with the closest known ones; a card that
cannot be played in a showdown is refused naming its speed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from pycombat.errors import ScenarioError, UnknownNameError
from pycombat.names import closest
from ..model import SIDES, Scenario
from ..spec import MAX_HAND


@dataclass(frozen=True)
class HandCard:
    """One card of a hand: its name as the data spells it and what kind of play it makes."""

    name: str
    kind: str  #: spell | gear | unit
    speed: str  #: action | reaction (a unit played from hand is at Reaction speed, RB-CARD-16)
    counter: bool = False  #: it counters a card on the chain (RB-CARD-3)
    facedown: bool = False  #: a [Hidden] card played from facedown: it then has Reaction (RB-SHOW-4)
    #: whose hand the unit card it plays comes from (``play_unit``, RB-CARD-16): ``hand`` (its player's),
    #: ``opponent_hand``, or None (it plays no unit from a hand)
    plays_unit: str | None = None
    #: whether its player can pay its optional additional cost that its effects read (RB-CARD-8): the search then
    #: plays it both paid and not paid; false, not paid only (:func:`.solve.solve` weighs both, for a cost the
    #: scenario cannot say he can pay)
    payable: bool = True


@dataclass(frozen=True)
class HandScenario(Scenario):
    """A scenario with both players' hands: the showdown is then a game (:mod:`.game`)."""

    hands: Mapping[str, tuple[HandCard, ...]] = field(default_factory=dict)
    #: the document as read, without ``hand:``: each line of play is read again from it with its plays
    #: appended to ``showdown:`` (the one reader checks them)
    document: Mapping[str, Any] = field(default_factory=dict)
    flag_overrides: Mapping[str, str] = field(default_factory=dict)
    names: frozenset = frozenset()  #: the unit names the reader knew after the file's own showdown entries


def hands_unmodelled(scenario) -> list[dict]:
    """What a verb that reads the ``showdown:`` list as given (odds, enumerate, verify) does not play: the cards in
    the hands, which only optimize and tree play as a game (RB-SHOW-3); named, so that verify decides no claim
    about the board they could change (RB-CARD-4). None without hands."""
    if not getattr(scenario, "hands", None):
        return []
    return [{"card": "hand", "what": "the cards in both hands",
             "why": "this verb reads the showdown: list as given; optimize and tree play the hands as a game "
                    "(RB-SHOW-3)"}]


def read_hands(value: Any, file: str | None, quick_draw: Mapping[str, str] | None = None
               ) -> dict[str, tuple[HandCard, ...]]:
    """The ``hand:`` mapping checked: a list of card names for ``attacker`` and/or ``defender``. ``quick_draw``: side
    -> a unit of that player's in the scenario whose static ability gives his Equipment [Quick-Draw] (RB-CARD-9)."""
    if not isinstance(value, Mapping):
        raise ScenarioError("`hand` is a mapping {attacker: [cards], defender: [cards]}", file=file, path="hand")
    for key in value:
        if key not in SIDES:
            hint = closest(str(key), list(SIDES), n=1)
            raise ScenarioError(f"unknown key {key!r}: a hand belongs to the attacker or the defender"
                                + (f"; did you mean {hint[0]!r}?" if hint else ""), file=file, path=f"hand.{key}")
    out = {}
    for side in SIDES:
        cards = value.get(side, [])
        if cards is None:
            cards = []
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise ScenarioError("a hand is a list of card names", file=file, path=f"hand.{side}")
        if len(cards) > MAX_HAND:
            raise ScenarioError(f"{len(cards)} cards: at most {MAX_HAND} a hand", file=file, path=f"hand.{side}")
        out[side] = tuple(hand_card(c, file, f"hand.{side}[{i}]", (quick_draw or {}).get(side))
                          for i, c in enumerate(cards))
    return out


def hand_card(name: str, file: str | None, path: str, quick_draw: str | None = None) -> HandCard:
    """One hand card, read from the shipped data (spells and gear first, then units). ``quick_draw``: a unit of the
    hand's player whose static ability gives his Equipment [Quick-Draw] (Jax, Unmatched, RB-CARD-9): a Normal-speed
    Equipment then has Reaction, as a stated play of it has; whether that unit is still in play when the card is
    played is the one play check's (the card interpreter's, RB-SHOW-4), as for a stated play."""
    from ..cards.events import gear_ability
    from ..cards.interpreter import counter_effect
    from ..cards.spells import load_cards
    from ..cards.units import load_units
    from ..cards import unitplay

    cards, units = load_cards(), load_units()
    found = cards.find(name)
    if found is not None:
        card = cards.card(name)
        plays = next((e.get("from") for e in card.effects if e.get("effect") == "play_unit"), None)
        # RB-SHOW-4: the card itself at Action or Reaction speed (a gear whose ability alone has [Action], Divining
        # Shells, is played at Normal speed: its ability is used once the gear is in play, RB-CARD-17)
        playable = card.showdown_playable and not (card.type == "gear" and gear_ability(card))
        if not playable and card.equipment and quick_draw is not None:  # RB-CARD-9: granted [Quick-Draw]: Reaction
            return HandCard(card.name, card.type, "reaction", counter_effect(card, None) is not None, plays_unit=plays)
        if not playable and any(k == "Hidden" for k, _ in card.keywords):  # RB-SHOW-4
            return HandCard(card.name, card.type, "reaction", counter_effect(card, None) is not None, facedown=True,
                            plays_unit=plays)
        if not playable:
            speed = "normal" if card.showdown_playable else card.speed  # (the [Action] of its ability, not its own)
            ability = (" (its [Action] is its ability's, used while the gear is in play: a `showdown:` entry "
                       "states its use, RB-CARD-17)" if card.showdown_playable else "")
            raise ScenarioError(f"{card.name}: a {speed}-speed {card.type} cannot be played in a showdown: only "
                                f"Action and Reaction cards can (RB-SHOW-4){ability}", file=file, path=path)
        return HandCard(card.name, card.type, card.speed, counter_effect(card, None) is not None, plays_unit=plays)
    hit = units._index.lookup(name) or units._index.lookup(name.replace(",", " "))
    if hit:
        unit = units.unit(name)
        if not unitplay.ways(unit) and unitplay.hidden(unit):  # RB-SHOW-4: from facedown, with Reaction
            return HandCard(unit.name, "unit", "reaction", facedown=True)
        if not unitplay.ways(unit):
            raise ScenarioError(f"{unit.name}: a unit without [Reaction], [Ambush] or [Hidden] cannot be played in a "
                                "showdown (RB-SHOW-4, RB-CARD-16)", file=file, path=path)
        return HandCard(unit.name, "unit", "reaction")
    raise UnknownNameError("spell, gear or unit card", name,
                           closest(name, list(dict.fromkeys(cards.names + units.names)), n=2), file=file, path=path)
