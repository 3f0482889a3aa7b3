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
    fellowship = None
    if battle.has("fellowship_region"):
        fellowship = region_id(battle.str("fellowship_region"), battle.child("fellowship_region"))
    if not cards and not hands and not later and fellowship is None:
        return None
    return CardPlan(cards=cards, hands=hands, choices=choices, fellowship_region=fellowship, paths=paths,
                    later=later, round_paths=round_paths)
