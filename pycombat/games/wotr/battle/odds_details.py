"""What an ``odds`` report carries beside the outcome distribution, as JSON-ready data and text
lines (the verb calls :func:`odds_extra_json`; the text, :func:`odds_extra_lines`, is built when it
is printed, from the parts the JSON built, kept with the report): the per-round
Leader re-roll allowance (WOTR-STR-5), the Combat cards by name and what is not modelled, where the
figures go, politics.

:func:`reroll_allowance` gives, for the rounds whose numbers are fixed before any die is rolled
(round 1, and each round with Combat-card effects, from the starting units), each side's Leader
re-roll allowance: min(Leadership, 5, dice that can miss) (WOTR-STR-5). Only the dice of the
Combat roll can miss, so the allowance never exceeds them; the misses actually rolled cap it further
(WOTR-HIT-6).
"""
from __future__ import annotations

from ..unmodelled import named_combat_cards
from .process import BattleSetup


def reroll_allowance(setup: BattleSetup, rounds=None) -> list[dict]:
    """``[{round, attacker: {...}, defender: {...}, rule}]``, each side with ``dice``, ``leadership``
    and ``reroll_allowance`` (the re-roll dice it may use if that many dice miss)."""
    a, d = setup.start[0], setup.start[2]
    rounds = sorted({1, *setup.effects}) if rounds is None else rounds
    out = []
    for rnd in rounds:
        row: dict = {"round": rnd}
        for role, units in (("attacker", a), ("defender", d)):
            prof = setup.attacker if role == "attacker" else setup.defender
            eff = setup.effects.get(rnd)
            e = (eff[0] if role == "attacker" else eff[1]) if eff else None
            p = setup.params(role, units, rnd)
            row[role] = {"dice": p.dice, "leadership": prof.leadership(units, e.leadership if e else 0),
                         "reroll_allowance": p.rerolls}
        row["rule"] = "WOTR-STR-5"
        row["note"] = "from the units at the start of the battle; the misses rolled cap it further (WOTR-HIT-6)"
        out.append(row)
    return out


def reroll_lines(setup: BattleSetup) -> list[str]:
    out = []
    for row in reroll_allowance(setup):
        parts = [f"{role} up to {row[role]['reroll_allowance']} of {row[role]['dice']} dice "
                 f"(Leadership {row[role]['leadership']})" for role in ("attacker", "defender")]
        out.append(f"Round {row['round']} Leader re-roll allowance: " + "; ".join(parts) + " (WOTR-STR-5)")
    return out


def cards_json(rep) -> dict | None:
    plan = rep.scenario.card_plan
    if plan is None:
        return None
    from ..cards.battle import plan_unmodelled

    out: dict = {"played": {}, "hands": {role: [c.name for c in h] for role, h in plan.hands.items()},
                 "log": [], "unmodelled": plan_unmodelled(plan)}
    cb = next(iter(rep.card_battles.values()), None)
    out["rounds"] = []
    for rnd in plan.rounds():
        cards, _ = plan.round_cards(rnd)
        for role, card in cards.items():
            if card is None:
                continue
            row = {"round": rnd, "role": role, "card": card.name, "events": list(card.events),
                   "initiative": card.initiative_printed, "requirement": card.requirement, "rule": "WOTR-CARD-2"}
            if rnd == 1:
                row["cancelled"] = cb is not None and role in getattr(cb, "cancelled", ())
                out["played"][role] = row
            out["rounds"].append(row)
    if cb is not None:
        out["log"] = [{"text": t, "rule": r} for t, r in cb.log]
    return out


def fates_json(rep) -> dict:
    """Per casualty policy: the distribution of each figure's fate (:mod:`.fates`), built once per report."""
    return rep.derived("fates", lambda: _fates_json(rep))


def _fates_json(rep) -> dict:
    from .fates import fate_json, fate_totals, result_fate_rows, rows_json

    out = {}
    memo: dict = {}  # each side's fates at an end position, shared by the policies (their ends overlap)
    for pol, res in rep.results.items():
        cb = rep.card_battles.get(pol)
        if cb is not None:
            out[pol] = fate_json(fate_totals(rep.scenario, rep.verdict.attacking, cb.joint, memo))
        else:
            out[pol] = rows_json(result_fate_rows(rep.scenario, rep.verdict.attacking, res, memo))
    return out


def fates_lines(fates: dict) -> list[str]:
    """The text of :func:`fates_json` for the first casualty policy: where each kind of figure ends,
    as the chance for one figure (the JSON has the exact fractions and the expected counts)."""
    if not fates:
        return []
    pol, rows = next(iter(fates.items()))
    lines = [f"Where the figures go ({pol}; the chance for each figure, WOTR-CAS-5/6/7"
             + ("; the garrison, WOTR-SITE-6" if rows.get("garrison") else "")
             + ("; the besieged Army, WOTR-SIEGE-4, WOTR-SITE-6"
                if not rows.get("garrison") and "besieged" in rows.get("rules", {}) else "")
             + ("; over the stacking limit, WOTR-STACK-2" if "removed_over_stacking_limit" in rows.get("rules", {})
                else "") + "):"]
    for role in ("attacker", "defender", "garrison"):
        for row in rows.get(role, []):
            where = ", ".join(f"{k.replace('_', ' ')} {v['decimal']:.4f}" for k, v in row["per_figure"].items())
            joined = row.get("replacements_joined")  # Regulars that came in for downgraded Elites (WOTR-CAS-5)
            lines.append(f"  {role} {row['figure']} x{row['count']}: {where}"
                         + (f"; replacements joined from the reinforcements, expected {joined['decimal']:.4f}"
                            if joined else ""))
    return lines


def after_json(rep) -> dict:
    """Per casualty policy: each side's move after the battle, the capture's political step and the stacking
    limit's removals, with their exact chances (:func:`.aftermath.aftermath_distribution`, the moves ``replay``
    gives at each end), built once per report."""
    from .aftermath import aftermath_distribution

    def make():
        memo: dict = {}  # each kind of end's moves, shared by the policies (the same scenario and set-up)
        return {pol: aftermath_distribution(rep.scenario, rep.setup, res.outcomes, res.numerators(), memo)
                for pol, res in rep.results.items()}

    return rep.derived("after_the_battle", make)


def after_lines(after: dict) -> list[str]:
    """The text of :func:`after_json` for the first casualty policy (the JSON has every policy)."""
    from .aftermath import distribution_lines

    if not after:
        return []
    pol, dist = next(iter(after.items()))
    return distribution_lines(dist, pol)


def consequences_json(rep) -> dict:
    """Politics (WOTR-POL), sieges and relief (WOTR-SITE, WOTR-SIEGE-7), other Armies (WOTR-ATK-4),
    built once per report."""
    return rep.derived("consequences", lambda: _consequences_json(rep))


def _consequences_json(rep) -> dict:
    from .process import Policy
    from .consequences import activation_json, politics_effect, sequenced_odds, siege_info

    first = next(iter(rep.results.values()), None)
    out: dict = {"politics": politics_effect(rep.scenario, first)}
    info = siege_info(rep.scenario, rep.setup, first)
    if info:
        out["siege"] = info
    if rep.scenario.also_activates:
        rows = activation_json(rep.scenario, rep.verdict)
        for row, act in zip(rows, rep.scenario.also_activates):
            if act.die == "own" and act.does == "attack" and not rep.card_battles:
                row["after_both_attacks"] = {pol: sequenced_odds(rep.scenario, res, act,
                                                                 Policy.from_flags(rep.scenario.flags, pol))
                                             for pol, res in rep.results.items()}
            elif act.die == "own" and act.does == "attack":
                from ..unmodelled import SECOND_ATTACK_AFTER_CARDS

                row["unmodelled"] = dict(SECOND_ATTACK_AFTER_CARDS)
        out["also_activates"] = rows
    return out


def odds_extra_json(rep) -> dict:
    from .round_table import round_table_json

    out: dict = {"reroll_allowance": reroll_allowance(rep.setup), "round_table": round_table_json(rep),
                 "fates": fates_json(rep), "after_the_battle": after_json(rep)}
    out.update(consequences_json(rep))
    cards = cards_json(rep)
    if cards is not None:
        out["combat_cards"] = cards
    return out  # (what is not modelled: the report's ``unmodelled``, :func:`..unmodelled.scenario_unmodelled`)


def odds_extra_lines(rep) -> list[str]:
    # round 1's allowance is in the header ("re-roll up to N"); rounds changed by cards are listed
    lines = reroll_lines(rep.setup) if rep.setup.effects else []
    from .consequences import siege_info, siege_lines

    lines += siege_lines(siege_info(rep.scenario, rep.setup, next(iter(rep.results.values()), None)))
    from .consequences import politics_effect

    for row in politics_effect(rep.scenario, next(iter(rep.results.values()), None)):  # WOTR-POL
        lines.append(f"Politics: {row['text']} ({', '.join(row['rules'])})")
    if rep.scenario.also_activates:  # the other Armies the die activates (WOTR-ATK-4), and a second attack
        for row in consequences_json(rep).get("also_activates", []):
            lines.append(f"Also activated: {row['army']} ({row['does']}, {row['die']} die): "
                         f"{'legal' if row['legal'] else 'not legal'} ({', '.join(row['rules'])})"
                         + (f"; {row['sequencing']}" if row.get("sequencing") else ""))
            for pol, seq in (row.get("after_both_attacks") or {}).items():
                lines.append(f"  after both attacks ({pol}): " + ", ".join(
                    f"{k} {v['decimal']:.4f}" for k, v in seq["outcomes"].items()))
                break
            if row.get("unmodelled"):
                u = row["unmodelled"]
                lines.append(f"  ! not modelled: {u['card']}: {u['what']} ({u['why']})")
    cards = cards_json(rep)
    if cards is not None:
        for c in cards["rounds"]:
            lines.append(f"Combat card, round {c['round']}: the {c['role']} plays {c['card']} (initiative "
                         f"{c['initiative']}; requirement: {c['requirement'] or 'none'}) (WOTR-CARD-2, WOTR-CARD-5)"
                         + (" - cancelled" if c.get("cancelled") else ""))
        named_first = {c["role"] for c in cards["rounds"] if c["round"] == 1}
        for role, names in cards["hands"].items():
            lines.append(f"The {role} holds {', '.join(names)} (not played by odds; optimize chooses which to play"
                         + (", from round 2: the card named is the round-1 play)" if role in named_first else ")"))
        for e in cards["log"]:
            lines.append(f"  - {e['text']} ({e['rule']})")
        for u in cards["unmodelled"]:
            lines.append(f"  ! not modelled: {u['card']}: {u['what']} ({u['why']})")
    from ..cards.event_battle import event_card, table_unmodelled, unmodelled

    for u in table_unmodelled(rep.scenario.table):
        lines.append(f"  ! not modelled: {u['card']}: {u['what']} ({u['why']}, WOTR-EVT-10)")
    if rep.scenario.action == "event":
        for u in unmodelled(event_card(rep.scenario.card), rep.scenario.garrison):
            lines.append(f"  ! not modelled: {u['card']}: {u['what']} ({u['why']}, WOTR-EVT-9)")
    from .round_table import round_table_lines

    return lines + round_table_lines(rep) + fates_lines(fates_json(rep)) + after_lines(after_json(rep))


def named_cards_applied(s) -> list[dict]:
    """The named Combat cards (``card:``) as ``optimize``'s card game (:mod:`..cards.optimize`, run when a
    side holds a ``hand:``) plays them: a card named for round 1 is its side's only round-1 option
    (WOTR-CARD-2), one named for a later round is played in that round by each cell's card battle. The
    splits, value and decisions ``optimize`` prints before the card game are the play without cards."""
    return [{"card": card.name, "role": role, "round": rnd,
             "applied": "its side's only option in round 1 of the Combat card choice" if rnd == 1 else
             f"played in round {rnd} in every cell of the Combat card choice (the card battle of `odds`)",
             "rule": "WOTR-CARD-2"}
            for rnd, role, card in named_combat_cards(s)]


def refuse_named_cards_for_tree(s) -> None:
    from pycombat.errors import ScenarioError
    from ..unmodelled import named_cards_unmodelled

    missing = named_cards_unmodelled(s, "tree")
    if missing:
        raise ScenarioError("`tree` does not model named Combat cards (" + ", ".join(m["card"] for m in missing)
                            + "); `odds` and `replay` apply them", file=s.file)
    held = {role: h for role, h in (s.card_plan.hands.items() if s.card_plan is not None else ()) if h}
    if held:  # a hand is a choice of the card game, which the battle's tree does not hold
        raise ScenarioError("`tree` does not model Combat cards in hand ("
                            + "; ".join(f"{role}: {', '.join(c.name for c in h)}" for role, h in held.items())
                            + "); `optimize` chooses them round by round (remove `hand:` for the tree without cards)",
                            file=s.file, path="hand")
