"""Battles with real Combat cards in round 1 (``card:`` in an Army block), exactly.

The first round is played by :class:`.card_round.CardRound` (the one interpreter of the card data);
the rounds after it by the battle solver (:func:`.battle.forward`), started from every position the
card round can leave, with the figures the cards eliminated removed from the sides for the rest of
the battle (a variant of the set-up per set of figures lost). Every probability is a Fraction.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Mapping

from ...dice import Dist
from ...errors import ScenarioError
from .battle import BattleResult, BattleSetup, Decisions, Outcome, Policy, end_of_round, forward, siege_trim, \
    terminal_after_casualties
from .board import load_board, load_nations
from .card_round import ROLES, CardContext, CardRound, Choices, RoundEnd, playable
from .characters import load_characters
from .combat_cards import CombatCard, load_combat_cards, unmodelled
from .strength import SideProfile


@dataclass(frozen=True)
class CardPlan:
    """The Combat cards of a battle: each side's card in round 1 and its hand (for ``optimize``)."""

    cards: Mapping[str, CombatCard | None] = field(default_factory=dict)  #: role -> card played in round 1
    hands: Mapping[str, tuple[CombatCard, ...]] = field(default_factory=dict)  #: role -> cards held
    choices: Mapping[str, Choices] = field(default_factory=dict)
    fellowship_region: str | None = None
    paths: Mapping[str, str] = field(default_factory=dict)  #: role -> field path of its card (errors)

    def any(self) -> bool:
        return any(self.cards.values()) or any(self.hands.values())


def card_context(s, setup: BattleSetup, plan: CardPlan) -> CardContext:
    region = s.battle_region
    nations = load_nations()
    nation_side = nations.nations[region.nation].side if region.nation else None
    base = {}
    for role in ROLES:
        base[role] = setup.params(role, setup.start[0] if role == "attacker" else setup.start[2], 1).hit
    return CardContext(sides={"attacker": s.attacker.side, "defender": s.defender.side},
                       profiles={"attacker": setup.attacker, "defender": setup.defender},
                       nation_ids={"attacker": setup.attacker.nations, "defender": setup.defender.nations},
                       region_id=region.id, region_nation=region.nation, region_nation_side=nation_side,
                       settlement=region.settlement, kind=s.kind, base_hit=base, can_retreat=setup.can_retreat,
                       siege_retreat=setup.siege_retreat, fellowship_region=plan.fellowship_region,
                       dice_reduction_target=setup.dice_reduction_target, flags=dict(s.flags))


def check_plan(s, setup: BattleSetup, plan: CardPlan) -> None:
    """A card the rules do not let its side play here is a scenario error (WOTR-CARD-5, WOTR-EVT-1)."""
    ctx = card_context(s, setup, plan)
    a, d = setup.start[0], setup.start[2]
    for role, card in plan.cards.items():
        if card is None:
            continue
        ok, reasons = playable(card, role, ctx, a, d)
        if ok is False:
            why = "; ".join(f"{r['text']} ({r['rule']})" for r in reasons if r["holds"] is False)
            raise ScenarioError(f"the {role} cannot play {card.name} here: {why}", file=s.file,
                                path=plan.paths.get(role, f"{role}.card"))


def lose(prof: SideProfile, lost: tuple[str, ...]) -> SideProfile:
    """The side without the figures a card eliminated (Leaders, Nazgûl, Characters)."""
    if not lost:
        return prof
    chars = load_characters().characters
    cs = tuple(c for c in prof.characters if c not in lost)
    gone = [c for c in prof.characters if c in lost]
    lead = prof.character_leadership
    for c in gone:
        ch = chars[c]
        if (ch.counts_as_nazgul and prof.nazgul_cancelled) or (ch.white_rider and prof.forfeited):
            continue
        lead -= ch.leadership
    return replace(prof, leaders=prof.leaders - lost.count("leader"), nazgul=prof.nazgul - lost.count("nazgul"),
                   characters=cs, captains=sum(1 for c in cs if chars[c].captain_of_the_west),
                   character_leadership=lead)


@dataclass
class CardBattle:
    result: BattleResult
    round1: list[tuple[RoundEnd, Fraction]]
    log: list[tuple[str, str]]
    lost: Dist  #: (figures lost by the attacker, by the defender) to card effects -> p
    cancelled: tuple[str, ...] = ()  #: roles whose card the opponent cancelled
    joint: dict = field(default_factory=dict)  #: (lost_a, lost_d) -> {Outcome: p} (where the figures go)


def card_round_dist(s, setup: BattleSetup, plan: CardPlan, policy: Policy) -> tuple[CardRound, list]:
    dec = Decisions(setup, policy)
    ctx = card_context(s, setup, plan)
    cr = CardRound(ctx, plan.cards, lambda role, u, p, h: dec.casualties(role, u, p, h, None), plan.choices)
    a, pa, d, pd, _, _ = setup.start
    return cr, cr.run(a, pa, d, pd)


def card_battle_odds(s, setup: BattleSetup, plan: CardPlan, policy: Policy, *,
                     max_states: int = 2_000_000) -> CardBattle:
    """The exact outcome distribution with the cards of ``plan`` in round 1."""
    if 1 in setup.effects:
        raise ScenarioError("round 1 has both a named Combat card (`card:`) and typed card effects "
                            "(`battle.cards`): give one of them (WOTR-CARD-2)", file=s.file, path="battle.cards")
    dec0 = Decisions(setup, policy)
    start = setup.start
    a, pa, d, pd, _, _ = start
    if setup.siege_retreat and dec0.into_siege(start):  # WOTR-SITE-2: before the round, before any card
        o = Outcome("retreated_into_siege", a, siege_trim(d))
        return CardBattle(BattleResult(Dist({o: Fraction(1)}), Fraction(0), 1), [], [], Dist({((), ()): 1}))
    cr, ends = card_round_dist(s, setup, plan, policy)
    terminal: dict[Outcome, Fraction] = {}
    joint: dict[tuple, dict] = {}
    starts: dict[tuple, dict] = {}
    lost: dict[tuple, Fraction] = {}
    variants: dict[tuple, BattleSetup] = {}
    for r, p in ends:
        key = (r.lost_a, r.lost_d)
        lost[key] = lost.get(key, Fraction(0)) + p
        var = variants.get(key)
        if var is None:
            var = variants[key] = replace(setup, attacker=lose(setup.attacker, r.lost_a),
                                          defender=lose(setup.defender, r.lost_d))
        if r.early == "defender_retreated":
            nxt = Outcome("defender_retreated", r.a, r.d)
        elif r.early == "retreated_into_siege":
            nxt = Outcome("retreated_into_siege", r.a, siege_trim(r.d))
        else:
            nxt = terminal_after_casualties(r.a, r.d) or end_of_round(var, Decisions(var, policy), r.a, r.pa, r.d,
                                                                       r.pd, 1)
        if isinstance(nxt, Outcome):
            terminal[nxt] = terminal.get(nxt, Fraction(0)) + p
            jk = joint.setdefault(key, {})
            jk[nxt] = jk.get(nxt, Fraction(0)) + p
        else:
            bucket = starts.setdefault(key, {})
            bucket[nxt] = bucket.get(nxt, Fraction(0)) + p
    rounds = Fraction(1)
    states = 1
    for key, bucket in starts.items():
        total = sum(bucket.values(), Fraction(0))
        var = variants[key]
        res = forward(var, Decisions(var, policy), starts={st: q / total for st, q in bucket.items()},
                      max_states=max_states)
        jk = joint.setdefault(key, {})
        for o, q in res.outcomes.items():
            terminal[o] = terminal.get(o, Fraction(0)) + q * total
            jk[o] = jk.get(o, Fraction(0)) + q * total
        rounds += res.expected_rounds * total
        states += res.states
    return CardBattle(BattleResult(Dist(terminal), rounds, states), ends, cr.log,
                      Dist(lost), tuple(sorted(cr.cancelled)), joint)


def plan_unmodelled(plan: CardPlan) -> list[dict]:
    out = []
    seen = set()
    for cards in [list(plan.cards.values())] + [list(h) for h in plan.hands.values()]:
        for c in cards:
            if c is not None and c.name not in seen:
                seen.add(c.name)
                out.extend(unmodelled(c))
    return out


def read_card(node, role: str, side: str):
    """``card: NAME`` or ``card: {name: NAME, self_hits: N, forfeit: N, sacrifice: leader|companion|none}``."""
    db = load_combat_cards()
    if node.value is None:
        return None, Choices()
    if isinstance(node.value, str):
        return db.card(node.value, file=node.file, path=node.path), Choices()
    node._mapping()
    name = node.str("name")
    card = db.card(name, file=node.file, path=f"{node.path}.name")
    rnd = node.int("round", 1, minimum=1)
    if rnd != 1:
        raise node.error("named Combat cards are modelled in round 1 (later rounds: typed `battle.cards`)", "round")
    ch = Choices(self_hits=node.int("self_hits", None, minimum=0), forfeit=node.int("forfeit", None, minimum=1),
                 sacrifice=node.str("sacrifice", None, choices=("leader", "companion", "none")))
    node.finish(("name", "round", "self_hits", "forfeit", "sacrifice"))
    return card, ch


def region_id(name: str, node) -> str:
    return load_board().region(name, file=node.file, path=node.path).id
