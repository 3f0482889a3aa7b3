"""What a WotR scenario holds that the model does not interpret, as every verb lists it (``unmodelled``
in the JSON, ``! not modelled:`` lines in the text), each entry ``{card, what, why}``.

:func:`scenario_unmodelled` is the one place that decides the list; every verb's report carries it
(:class:`.verbs.WotrReport` writes it into the JSON, empty or not; ``verify`` through its report's
``extra``). For a battle:

* the parts of the Combat cards named (``card:``) or held (``hand:``) that the Combat-card
  interpreter does not carry (WOTR-CARDX-1); for ``optimize`` without a hand (no card game) and
  ``tree``, instead, the named Combat cards themselves, whose play they solve without them;
* in ``optimize``'s card game (a side holds a ``hand:``), a Character's ability that draws an Event card
  in the battle (the Witch-king's Sorcerer): the card drawn is unknown;
* in that card game played by a casualty policy (``casualty_policy`` named), the number of self-hits of a
  card in hand that chooses it when it acts (Relentless Assault after the cards are revealed, Onslaught
  after the casualties): it fixes it with the card, one option of the secret choice per number
  (WOTR-CARD-2); with the casualties the players' it is a decision of the round, made when it acts;
* how many Armies an attacking Event card activates, when the file has other Armies activated
  (``also_activates``, WOTR-ATK-4): the card's own text decides;
* ``odds`` only: the second attack after a card battle (figures a card eliminates are not carried
  into it);
* the battle parts of the cards on the table not applied (WOTR-EVT-10);
* the parts of the attacking Event card not applied, or its requirement on the attacker that cannot
  be checked (WOTR-EVT-9).

For a position: the requirements of the shipped Event cards held that the position cannot state
(WOTR-EVT-8).

>>> from pycombat.games.wotr.schema import example_path, load_scenario
>>> scenario_unmodelled(load_scenario(example_path("skirmish.yaml")), "odds")
[]
"""
from __future__ import annotations

from typing import Any

#: the verbs that solve the battle without the named Combat cards unless a side holds a hand
_WITHOUT_NAMED_CARDS = ("optimize", "tree")


def scenario_unmodelled(s: Any, verb: str, *, card_game: bool = False) -> list[dict]:
    """``[{card, what, why}]``: what scenario ``s`` holds that ``verb``'s answer does not interpret, in a
    fixed order, each entry once. ``card_game``: ``optimize`` plays the Combat cards in hand (a side
    holds a ``hand:``), and so applies the named ones."""
    if getattr(s, "kind", None) == "position":
        from .claims.position import hand_unmodelled

        return _unique(hand_unmodelled(s))
    from .cards.battle import plan_unmodelled
    from .cards.event_battle import event_card, table_unmodelled, unmodelled

    plan = s.card_plan
    if verb in _WITHOUT_NAMED_CARDS and not card_game:
        out = named_cards_unmodelled(s, verb)
    else:
        out = plan_unmodelled(plan) if plan is not None else []
    if card_game and plan is not None:
        out += draw_abilities_unmodelled(s, plan)
        out += chosen_when_acting_unmodelled(plan, getattr(s, "flags", {}).get("casualty_policy"))
    for act in s.also_activates:
        if s.action == "event":  # WOTR-ATK-4: the Armies an Event card activates are its text's
            out.append({"card": s.card or "Event card", "what": "how many Armies the card activates",
                        "why": "the card's own text decides; card texts are not modelled for attacks"})
        if (verb == "odds" and act.die == "own" and act.does == "attack" and plan is not None
                and plan.rounds()):
            out.append(SECOND_ATTACK_AFTER_CARDS)
    out += table_unmodelled(s.table)  # WOTR-EVT-10
    if s.action == "event":  # WOTR-EVT-9
        out += unmodelled(event_card(s.card), s.garrison)
    return _unique(out)


def draw_abilities_unmodelled(s: Any, plan: Any) -> list[dict]:
    """A Character's ability that draws an Event card in the battle (the Witch-king's Sorcerer: after
    playing a Combat card in round 1, draw an Event card of that type; characters.json), for the card game
    of ``optimize`` (a side holding a ``hand:``): the card drawn, unknown, could be played in a later
    round, and the card game plays only the cards in hand."""
    from .characters import load_characters

    chars = load_characters().characters
    out = []
    for role, army in (("attacker", s.attacker), ("defender", s.defender)):
        if not plan.hands.get(role):
            continue
        for ch in army.force.characters:
            if chars[ch].draws_in_battle:
                out.append({"card": chars[ch].name, "what": f"{chars[ch].draws_in_battle} (the {role}'s Character)",
                            "why": "the card game plays the cards in hand only; the card drawn is unknown"})
    return out


def chosen_when_acting_unmodelled(plan: Any, casualty_policy: str | None = None) -> list[dict]:
    """The cards in hand whose number of self-hits their text chooses when they act
    (:data:`.cards.combat_round.SELF_HIT_EFFECTS`), when the card game plays its rounds by a casualty policy (``casualty_policy`` one of
    :data:`.battle.casualties.POLICIES`): it then offers each number as an option of the secret card choice
    (WOTR-CARD-2), so the player may not fit it to the card revealed or to the dice. With the casualties the
    players' (``enumerate``) the number is a decision of the round, made when the effect acts: nothing to name."""
    from .battle.casualties import POLICIES
    from .cards.combat_round import SELF_HIT_EFFECTS

    if casualty_policy not in POLICIES:
        return []
    out = []
    for role in ("attacker", "defender"):
        for card in plan.hands.get(role) or ():
            for e in card.effects:
                when = SELF_HIT_EFFECTS.get(e.get("effect"))
                if when is not None:
                    out.append({"card": card.name, "what": f"the number of self-hits, which its text chooses {when}",
                                "why": f"with casualty_policy={casualty_policy} the card game fixes it with the card, "
                                       "before the cards are revealed: each number is one option of the secret card "
                                       "choice (WOTR-CARD-2)"})
    return out


#: ``odds`` fights a second attack (``also_activates`` with its own die) after the battle, but not after
#: a battle with named Combat cards played
SECOND_ATTACK_AFTER_CARDS = {"card": "named Combat cards", "what": "the second attack after a card battle",
                             "why": "figures a card eliminates are not carried into the second battle"}


def named_cards_unmodelled(s: Any, verb: str) -> list[dict]:
    """``tree``, and ``optimize`` when no side holds a ``hand:``, solve the battle without the named
    Combat cards played (``card:``): say so (with a hand, ``optimize``'s card game applies them,
    :func:`.battle.odds_details.named_cards_applied`)."""
    return [{"card": card.name, "what": f"played by the {role} in round {rnd}",
             "why": f"`{verb}` solves the battle's play without named Combat cards; `odds` and `replay` apply them"}
            for rnd, role, card in named_combat_cards(s)]


def named_combat_cards(s: Any) -> list[tuple]:
    """``(round, role, card)`` of every Combat card the scenario names (``card:``), round by round."""
    plan = s.card_plan
    if plan is None:
        return []
    return [(rnd, role, card) for rnd in plan.rounds() for role, card in plan.round_cards(rnd)[0].items()
            if card is not None]


def lines(missing: list[dict]) -> list[str]:
    """The text lines of :func:`scenario_unmodelled`'s entries, one each."""
    return [f"! not modelled: {u['card']}: {u['what']} ({u['why']})" for u in missing]


def _unique(entries: list[dict]) -> list[dict]:
    seen, out = set(), []
    for e in entries:
        key = tuple(sorted((k, str(v)) for k, v in e.items()))
        if key not in seen:
            seen.add(key)
            out.append(dict(e))
    return out
