"""Reads the named Combat cards of a battle file: ``card:`` / ``hand:`` in an Army block and
``battle.fellowship_region`` (for the cards whose requirement is the Fellowship's region)."""
from __future__ import annotations

from .battle import CardPlan, read_card, region_id
from .catalog import load_combat_cards


def read_plan(root, battle, attacker, defender) -> CardPlan | None:
    cards, hands, choices, paths, round_paths = {}, {}, {}, {}, {}
    later: dict[int, dict] = {}
    for role, army in (("attacker", attacker), ("defender", defender)):
        node = root.child(role)
        if node.has("card"):
            c = node.child("card")
            for rnd, card, ch, path in read_card(c, role, army.side):
                round_paths[(rnd, role)] = path
                if rnd == 1:
                    cards[role], choices[role], paths[role] = card, ch, path
                else:
                    later.setdefault(rnd, {})[role] = (card, ch)
                    paths.setdefault(role, path)
        if node.has("hand"):
            db = load_combat_cards()
            hands[role] = tuple(db.card(n.as_str(), file=n.file, path=n.path) for n in node.list("hand"))
            for n, card in zip(node.list("hand"), hands[role]):
                if card.side != army.side:
                    raise n.error(f"{card.name} is a {card.side.replace('_', ' ')} card: the {role} holds "
                                  f"{army.side.replace('_', ' ')} cards (WOTR-EVT-1)")
            named = [card for rnd, card in ([(1, cards[role])] if cards.get(role) is not None else [])
                     + [(rnd, by[role][0]) for rnd, by in later.items() if by.get(role, (None,))[0] is not None]]
            _check_hand(node.child("hand"), role, hands[role], named)
    fellowship = None
    if battle.has("fellowship_region"):
        fellowship = region_id(battle.str("fellowship_region"), battle.child("fellowship_region"))
    if not cards and not hands and not later and fellowship is None:
        return None
    return CardPlan(cards=cards, hands=hands, choices=choices, fellowship_region=fellowship, paths=paths,
                    later=later, round_paths=round_paths)


#: WOTR-EVT-2: the most cards a player may hold
HAND_LIMIT = 6


def _check_hand(node, role: str, hand: tuple, named: list) -> None:
    """A hand no player can hold is an input error (WOTR-EVT-2, WOTR-CARD-1): more copies of a Combat card
    than there are Event cards carrying it (each Event card is unique), or more cards than the hand limit;
    the cards named for the battle's rounds (``card:``) are held with the hand and count too."""
    counts: dict[str, int] = {}
    by_name: dict = {}
    for card in tuple(hand) + tuple(named):
        counts[card.name] = counts.get(card.name, 0) + 1
        by_name[card.name] = card
    for name, n in counts.items():
        carriers = by_name[name].events
        if n > len(carriers):
            where = " with the cards named in `card:`" if any(c.name == name for c in named) else ""
            raise node.error(f"the {role} holds {n} copies of {name}{where}, but only {len(carriers)} Event "
                             f"card{'s' if len(carriers) != 1 else ''} carr{'y' if len(carriers) != 1 else 'ies'} it "
                             f"({', '.join(carriers)}): each Event card is unique (WOTR-CARD-1)")
    total = len(hand) + len(named)
    if total > HAND_LIMIT:
        what = f"{len(hand)} in `hand:`" + (f" and {len(named)} named in `card:`" if named else "")
        raise node.error(f"the {role} holds {total} cards ({what}), more than the hand limit of {HAND_LIMIT} "
                         "(WOTR-EVT-2)")
