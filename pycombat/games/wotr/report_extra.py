"""What ``odds`` adds for issue 15 (JSON-ready data and text lines; the CLI calls these two
functions with one line each): the per-round re-roll allowance (WOTR-STR-5), the Combat cards by
name and what is not modelled, where the figures go, politics."""
from __future__ import annotations

from .rounds import reroll_allowance, reroll_lines


def cards_json(rep) -> dict | None:
    plan = rep.scenario.card_plan
    if plan is None:
        return None
    from .card_battle import plan_unmodelled

    out: dict = {"played": {}, "hands": {role: [c.name for c in h] for role, h in plan.hands.items()},
                 "log": [], "unmodelled": plan_unmodelled(plan)}
    cb = next(iter(rep.card_battles.values()), None)
    for role, card in plan.cards.items():
        if card is None:
            continue
        out["played"][role] = {"card": card.name, "events": list(card.events), "initiative": card.initiative_printed,
                               "requirement": card.requirement,
                               "cancelled": cb is not None and role in getattr(cb, "cancelled", ()),
                               "round": 1, "rule": "WOTR-CARD-2"}
    if cb is not None:
        out["log"] = [{"text": t, "rule": r} for t, r in cb.log]
    return out


def fates_json(rep) -> dict:
    """Per casualty policy: the distribution of each figure's fate (:mod:`.fates`)."""
    from .fates import fate_distribution

    out = {}
    for pol, res in rep.results.items():
        cb = rep.card_battles.get(pol)
        joint = cb.joint if cb is not None else {((), ()): dict(res.outcomes.items())}
        out[pol] = fate_distribution(rep.scenario, rep.verdict.attacking, joint)
    return out


def odds_extra_json(rep) -> dict:
    out: dict = {"reroll_allowance": reroll_allowance(rep.setup), "fates": fates_json(rep)}
    cards = cards_json(rep)
    if cards is not None:
        out["combat_cards"] = cards
        out["unmodelled"] = cards["unmodelled"]
    return out


def odds_extra_lines(rep) -> list[str]:
    # round 1's allowance is in the header ("re-roll up to N"); rounds changed by cards are listed
    lines = reroll_lines(rep.setup) if rep.setup.effects else []
    cards = cards_json(rep)
    if cards is not None:
        for role, c in cards["played"].items():
            lines.append(f"Combat card, round 1: the {role} plays {c['card']} (initiative {c['initiative']}; "
                         f"requirement: {c['requirement'] or 'none'}) (WOTR-CARD-2, WOTR-CARD-5)"
                         + (" - cancelled" if c["cancelled"] else ""))
        for role, names in cards["hands"].items():
            lines.append(f"The {role} holds {', '.join(names)} (optimize chooses which to play)")
        for e in cards["log"]:
            lines.append(f"  - {e['text']} ({e['rule']})")
        for u in cards["unmodelled"]:
            lines.append(f"  ! not modelled: {u['card']}: {u['what']} ({u['why']})")
    return lines
