"""Battles with real Combat cards in round 1 (``card:`` in an Army block), exactly.

The first round is played by :class:`.combat_round.CardRound` (the one interpreter of the card data);
the rounds after it by the battle solver (:func:`..battle.process.forward`), started from every position the
card round can leave, with the figures the cards eliminated removed from the sides for the rest of
the battle (a variant of the set-up per set of figures lost). Every probability is a Fraction.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Mapping

from pycombat.dice import Dist
from pycombat.errors import ScenarioError
from pycombat.in_force import removed_rules
from pycombat.solver import is_loaded, memo
from ..battle.process import BattleResult, BattleSetup, Decisions, Outcome, Policy, end_of_round, forward, into_siege, siege_trim, \
    terminal_after_casualties
from ..board import load_board, load_nations
from .combat_round import ROLES, CardContext, CardRound, Choices, RoundEnd, not_stated, playable, unmet
from ..characters import load_characters
from .catalog import CombatCard, load_combat_cards, unmodelled
from ..spec import NAMED_CARD
from ..model import content_key, frozen_key
from ..battle.strength import SideProfile


@dataclass(frozen=True)
class CardPlan:
    """The Combat cards of a battle: each side's card in round 1 and its hand (for ``optimize``)."""

    cards: Mapping[str, CombatCard | None] = field(default_factory=dict)  #: role -> card played in round 1
    hands: Mapping[str, tuple[CombatCard, ...]] = field(default_factory=dict)  #: role -> cards held
    choices: Mapping[str, Choices] = field(default_factory=dict)
    fellowship_region: str | None = None
    paths: Mapping[str, str] = field(default_factory=dict)  #: role -> field path of its card (errors)
    later: Mapping[int, Mapping[str, tuple]] = field(default_factory=dict)  #: round >= 2 -> role -> (card, Choices)
    #: (round, role) -> field path of the card named for that round (errors about its choices)
    round_paths: Mapping[tuple, str] = field(default_factory=dict)

    def any(self) -> bool:
        return any(self.cards.values()) or any(self.hands.values()) or bool(self.later)

    def rounds(self) -> list[int]:
        """The rounds in which a named card is played (WOTR-CARD-2: at most one per player per round)."""
        out = [1] if any(self.cards.values()) else []
        return out + sorted(r for r, by in self.later.items() if any(c for c, _ in by.values()))

    def round_cards(self, rnd: int) -> tuple[dict, dict]:
        """``({role: card}, {role: Choices})`` of round ``rnd``."""
        if rnd == 1:
            return dict(self.cards), dict(self.choices)
        by = self.later.get(rnd, {})
        return {r: c for r, (c, _) in by.items()}, {r: ch for r, (_, ch) in by.items()}


def card_context(s, setup: BattleSetup, plan: CardPlan, units: tuple | None = None, rnd: int = 1) -> CardContext:
    """What the cards see in round ``rnd`` with ``units`` = (attacker's, defender's) (default: the start)."""
    region = s.battle_region
    nations = load_nations()
    nation_side = nations.nations[region.nation].side if region.nation else None
    a, d = units if units is not None else (setup.start[0], setup.start[2])
    base = {}
    for role in ROLES:
        base[role] = setup.params(role, a if role == "attacker" else d, rnd).hit
    return CardContext(sides={"attacker": s.attacker.side, "defender": s.defender.side},
                       profiles={"attacker": setup.attacker, "defender": setup.defender},
                       nation_ids={"attacker": setup.attacker.nations, "defender": setup.defender.nations},
                       region_id=region.id, region_nation=region.nation, region_nation_side=nation_side,
                       settlement=region.settlement, kind=s.kind, base_hit=base, can_retreat=setup.can_retreat,
                       siege_retreat=setup.siege_retreat, fellowship_region=plan.fellowship_region,
                       dice_reduction_target=setup.dice_reduction_target, flags=dict(s.flags),
                       banned=_banned(s, setup, rnd))


def _banned(s, setup: BattleSetup, rnd: int) -> dict[str, tuple[str, str]]:
    """Sides the battle's Event bars from Combat cards this round (WOTR-EVT-9): Grond and The Fighting
    Uruk-hai, no Free Peoples card in round 1 unless a Companion is in the battle."""
    from ..characters import load_characters
    from .event_battle import bans_fp_first_round, event_card

    from .event_battle import table_bans

    banned = table_bans(s.table, s.battle_region.id)  # WOTR-EVT-10: a card on the table, every round
    if banned:
        return banned
    rec = event_card(s.card) if s.action == "event" else None
    if rnd != 1 or not bans_fp_first_round(rec):
        return {}
    chars = load_characters().characters
    fp = setup.attacker if s.attacker.side == "free_peoples" else setup.defender
    if any(chars[c].kind == "companion" for c in fp.characters):
        return {}
    return {"free_peoples": (f"{rec['title']}: no Free Peoples Combat card in the first round (no Companion in the "
                             "battle)", "WOTR-EVT-9")}


def check_plan(s, setup: BattleSetup, plan: CardPlan) -> None:
    """A card the rules do not let its side play here is a scenario error (WOTR-CARD-5, WOTR-EVT-1);
    later rounds' cards are checked for their side here and for their requirement in each position
    of that round (:func:`card_battle_odds`)."""
    ctx = card_context(s, setup, plan)
    a, d = setup.start[0], setup.start[2]
    for rnd, by in plan.later.items():
        for role, (card, _) in by.items():
            if card is not None and setup.max_rounds is not None and rnd > setup.max_rounds:
                raise ScenarioError(f"the {role}'s {card.name} is for round {rnd}, which is never fought: the battle "
                                    f"ends after round {setup.max_rounds} (max_rounds={setup.max_rounds})",
                                    file=s.file, path=plan.paths.get(role, f"{role}.card"))
            if card is not None and card.side != ctx.sides[role]:
                raise ScenarioError(f"the {role} cannot play {card.name} in round {rnd}: it is a "
                                    f"{card.side.replace('_', ' ')} card (WOTR-EVT-1)", file=s.file,
                                    path=plan.paths.get(role, f"{role}.card"))
    for role, card in plan.cards.items():
        if card is None:
            continue
        ok, reasons = playable(card, role, ctx, a, d)
        if ok is False:
            raise ScenarioError(f"the {role} cannot play {card.name} here: {unmet(reasons)}", file=s.file,
                                path=plan.paths.get(role, f"{role}.card"))
        if ok is None:  # a requirement on what the file does not state: no verb plays or drops it on a guess
            raise ScenarioError(undecided_play(role, card.name, reasons), file=s.file,
                                path=plan.paths.get(role, f"{role}.card"),
                                help=tuple(filter(None, [not_stated(reasons)])))
    for rnd in plan.rounds():
        cards, choices = plan.round_cards(rnd)
        for role, card in cards.items():
            if card is not None:
                path = plan.round_paths.get((rnd, role)) or plan.paths.get(role, f"{role}.card")
                _check_choices(s, setup, role, card, choices.get(role) or Choices(), path)


def _check_choices(s, setup: BattleSetup, role: str, card: CombatCard, ch: Choices, path: str) -> None:
    """A choice the file gives a named card (``self_hits``, ``forfeit``, ``sacrifice``) that the battle can
    never give is refused, naming the field (WOTR-CARD-5, WOTR-CARDX-2): it is read on the Army at the
    start, and an Army never gains units, Leaders, Companions or Nazgûl during a battle. Never turned
    quietly into another choice."""
    from ..battle.casualties import POLICY_FUNCTIONS, hit_points, most_hits_kept
    from .combat_round import companions, nazgul_leadership

    prof = setup.attacker if role == "attacker" else setup.defender
    units, pool = (setup.start[0], setup.start[1]) if role == "attacker" else (setup.start[2], setup.start[3])
    army = describe_units(units)

    def refuse(key: str, text: str):
        raise ScenarioError(f"{card.name}: {text}", file=s.file, path=f"{path}.{key}")

    for e in card.effects:
        kind = e.get("effect")
        if ch.self_hits and kind == "self_hits_for_extra_attack" and ch.self_hits > hit_points(units):
            most = hit_points(units)
            refuse("self_hits", f"{ch.self_hits} self-hits, but the {role}'s Army ({army}) absorbs at most {most} "
                                "(WOTR-CAS-10, WOTR-CARDX-2): a hit beyond that buys no die")
        if ch.self_hits and kind == "self_hits_for_roll_modifier":
            take = POLICY_FUNCTIONS.get(s.flags.get("casualty_policy"))
            most = most_hits_kept(units, pool, ch.self_hits, None if take is None else
                                  (lambda u, p, h: take(u, p, h)))
            if ch.self_hits > most:
                refuse("self_hits", f"{ch.self_hits} self-hits, but the {role}'s Army ({army}) keeps a unit for its "
                                    f"Combat roll with at most {most} (WOTR-CAS-7, WOTR-CARDX-2)")
        if ch.forfeit is not None and kind == "dice_reduction" and e.get("per") != "companion_in_battle":
            have = nazgul_leadership(prof)
            if ch.forfeit > have:
                refuse("forfeit", f"forfeit {ch.forfeit} Nazgûl Leadership points, but the {role} has {have} "
                                  "(WOTR-CARD-5)")
        if ch.sacrifice in ("leader", "companion") and kind == "cancel_hits_by_sacrifice":
            if ch.sacrifice == "leader" and not prof.leaders:
                refuse("sacrifice", f"sacrifice a Leader, but the {role} has no Leader in the battle "
                                    "(WOTR-CARD-5, WOTR-CARDX-2)")
            if ch.sacrifice == "companion" and not companions(prof):
                refuse("sacrifice", f"sacrifice a Companion, but the {role} has no Companion in the battle "
                                    "(WOTR-CARD-5, WOTR-CARDX-2)")


def describe_units(units) -> str:
    """An Army's units in a message: ``2 Regulars, 1 Elite``."""
    r, e = sum(x for x, _ in units), sum(y for _, y in units)
    return f"{r} Regular{'s' if r != 1 else ''}, {e} Elite{'s' if e != 1 else ''}"


def undecided_play(role: str, name: str, reasons: list[dict]) -> str:
    """The refusal of a named card whose requirement the battle cannot decide (WOTR-CARD-5); what the
    file should give is :func:`not_stated` (the refusal's help line)."""
    return f"whether the {role} may play {name} here is not decided: {unmet(reasons, (None,))}"


def refuse_unplayable(s) -> None:
    """A battle whose named Combat card its side may not play, or whose choice the battle cannot give, is
    refused before any verb answers (:func:`check_plan`, the one check). An attack that is not legal
    fights no round: its cards are not checked (the verb says why the attack is refused)."""
    from ..battle.setup import battle_setup
    from ..battle.splits import judge_attack

    plan = getattr(s, "card_plan", None)
    if plan is None or not plan.rounds():
        return
    verdict = judge_attack(s)
    if verdict.legal:
        check_plan(s, battle_setup(s, verdict.attacking), plan)


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
    log: list[tuple[str, str]]
    lost: Dist  #: (figures lost by the attacker, by the defender) to card effects -> p
    cancelled: tuple[str, ...] = ()  #: roles whose card the opponent cancelled
    joint: dict = field(default_factory=dict)  #: (lost_a, lost_d) -> {Outcome: p} (where the figures go)


def card_round_dist(s, setup: BattleSetup, plan: CardPlan, policy: Policy,
                    reroll_caps: Mapping[str, frozenset[str]] | None = None) -> tuple[CardRound, list]:
    """Round 1 with the plan's round-1 cards, from the start. ``reroll_caps``: {role: the bounds of its Leader
    re-roll's dice} (:data:`..cards.combat_round.REROLL_CAPS`, all by default); a claim drops one to see
    whether its answer depends on it. With the loaded solver, remembered under what it reads (the
    scenario's content, the set-up, plan, policy and bounds, and the rules in force), so the claims of a
    file and its readings play a round once; callers read the :class:`CardRound` and never change it."""
    key = None
    if is_loaded():
        content = content_key(s)
        try:
            key = None if content is None else (
                content, frozen_key(setup), frozen_key(plan), policy,
                None if reroll_caps is None else tuple(sorted((r, frozenset(c)) for r, c in reroll_caps.items())),
                removed_rules())
        except TypeError:  # a part that cannot be a key (a callback's closure, say): played afresh
            key = None
    return _CARD_ROUNDS.remember(key, lambda: _card_round_dist(s, setup, plan, policy, reroll_caps))


_CARD_ROUNDS = memo(limit=256)


def _card_round_dist(s, setup: BattleSetup, plan: CardPlan, policy: Policy,
                     reroll_caps: Mapping[str, frozenset[str]] | None) -> tuple[CardRound, list]:
    dec = Decisions(setup, policy)
    ctx = card_context(s, setup, plan)
    cr = CardRound(ctx, plan.cards, lambda role, u, p, h: dec.casualties(role, u, p, h, None), plan.choices)
    if reroll_caps is not None:
        cr.reroll_caps = {**cr.reroll_caps, **{r: frozenset(c) for r, c in reroll_caps.items()}}
    a, pa, d, pd, _, _ = setup.start
    return cr, cr.run(a, pa, d, pd)


def _merge_lost(old: tuple, new: tuple) -> tuple:
    return tuple(sorted(old + new))


def lost_variant(base: BattleSetup, key: tuple) -> BattleSetup:
    """``base`` without the figures cards eliminated: ``key`` = (attacker's lost, defender's lost)."""
    return replace(base, attacker=lose(base.attacker, key[0]), defender=lose(base.defender, key[1]))


def after_card_round(rend: RoundEnd, key: tuple, rnd: int, variant, policy: Policy) -> tuple[tuple, Outcome | tuple]:
    """What follows a card round's end ``rend`` from a position whose sides lost ``key``'s figures:
    ``(the figures lost now, an Outcome or the next round's state)`` (WOTR-ROUND-3, WOTR-END-1..3).
    ``variant(key)`` gives the set-up without a key's figures."""
    key2 = (_merge_lost(key[0], rend.lost_a), _merge_lost(key[1], rend.lost_d))
    if rend.early == "defender_retreated":
        return key2, Outcome("defender_retreated", rend.a, rend.d)
    if rend.early == "retreated_into_siege":
        return key2, into_siege(rend.a, rend.d)
    var2 = variant(key2)
    return key2, terminal_after_casualties(rend.a, rend.d) or end_of_round(
        var2, Decisions(var2, policy), rend.a, rend.pa, rend.d, rend.pd, rnd)


def card_battle_odds(s, setup: BattleSetup, plan: CardPlan, policy: Policy, *,
                     max_states: int = 2_000_000, tallies: dict | None = None,
                     positions: list | None = None, marks: tuple[int, ...] = (),
                     probe=None) -> CardBattle:
    """The exact outcome distribution with the named cards of ``plan`` in their rounds. The rounds between
    card rounds are solved by :func:`..battle.process.forward_raw` up to the next card round; each position reached
    then plays its card round (a card whose requirement fails in a position is not played there, noted);
    figures a card eliminates leave the side for the rest of the battle (a variant set-up per set lost).
    ``tallies`` gathers each card round's numbers weighted by the chance of its position; ``positions``
    gets one ``(round, figures lost, state, chance, {(attacker's Tally, defender's): p}, the CardRound played)``
    per position a card round is played from; ``marks`` are rounds played as card rounds without a card, so that
    ``positions`` and ``tallies`` hold them too (a round with typed card effects is never one).
    ``probe(round, CardContext, a, d, chance)`` is called at each such position, with what the cards
    see there (the one place a card's playability is decided, :func:`.combat_round.playable`).

    With the loaded solver, a battle is played once for every caller that asks it (the claims of a file
    and its readings, each under the same casualty policy): remembered under what it reads (the
    scenario's content, the set-up, plan, policy, limit, marks and the rules in force), with what it gave
    ``tallies``, ``positions`` and ``probe``, which each caller then gets as if played for it."""
    key = None
    if is_loaded():
        content = content_key(s)
        try:
            key = None if content is None else (
                content, frozen_key(setup), frozen_key(plan), policy, max_states, tuple(marks), removed_rules())
        except TypeError:  # a part that cannot be a key (a callback's closure, say): played afresh
            key = None
    played = _CARD_BATTLES.remember(key, lambda: _card_battle_odds(s, setup, plan, policy, max_states, marks))
    battle, seen, places, numbers = played
    if probe is not None:
        for call in seen:
            probe(*call)
    if positions is not None:
        positions.extend(places)
    if tallies is not None:
        for r, (acc, reach) in numbers.items():
            acc2, reach2 = tallies.setdefault(r, ({}, [Fraction(0)]))
            reach2[0] += reach[0]
            for pair, q in acc.items():
                acc2[pair] = acc2.get(pair, Fraction(0)) + q
    return battle


_CARD_BATTLES = memo(limit=64)


def _card_battle_odds(s, setup: BattleSetup, plan: CardPlan, policy: Policy, max_states: int,
                      marks: tuple[int, ...]) -> tuple[CardBattle, list, list, dict]:
    """:func:`card_battle_odds` played: the battle, the probe's calls, the positions and the tallies."""
    from ..battle.process import Effects, forward_raw

    seen: list[tuple] = []
    positions: list = []
    tallies: dict = {}

    rounds = sorted(set(plan.rounds()) | set(marks))
    for r in rounds:
        if r in setup.effects:
            raise ScenarioError(f"round {r} has both a named Combat card (`card:`) and typed card effects "
                                "(`battle.cards`): give one of them (WOTR-CARD-2)", file=s.file, path="battle.cards")
    effects = dict(setup.effects)
    for r in rounds:  # round markers: positions carry their round number up to the last card round
        effects[r] = (Effects(), Effects())
    base = replace(setup, effects=effects)
    variants: dict[tuple, BattleSetup] = {((), ()): base}

    def variant(key):
        got = variants.get(key)
        if got is None:
            got = variants[key] = lost_variant(base, key)
        return got

    terminal: dict[Outcome, Fraction] = {}
    joint: dict[tuple, dict] = {}
    lost_at_end: dict[tuple, Fraction] = {}

    def end(key, o, p):
        terminal[o] = terminal.get(o, Fraction(0)) + p
        jk = joint.setdefault(key, {})
        jk[o] = jk.get(o, Fraction(0)) + p

    frontier: dict[tuple, dict] = {((), ()): {base.start: Fraction(1)}}
    total_rounds = Fraction(0)
    states = 0
    log: list[tuple[str, str]] = []
    cancelled: set[str] = set()
    for r in rounds:
        reached: dict[tuple, dict] = {}
        for key, starts in frontier.items():  # bring every position to the start of round r
            if all(st[4] == r for st in starts):
                reached[key] = starts
                continue
            var = variant(key)
            total = sum(starts.values(), Fraction(0))
            term, pend, rnds, n = forward_raw(var, Decisions(var, policy), starts={st: q / total for st, q in
                                                                                   starts.items()},
                                              max_states=max_states, stop_round=r)
            states += n
            total_rounds += rnds * total
            for o, q in term.items():
                end(key, o, q * total)
            reached[key] = {st: q * total for st, q in pend.items()}
        frontier = {}
        cards, choices = plan.round_cards(r)
        for key, pend in reached.items():
            var = variant(key)
            dec = Decisions(var, policy)
            for st, p in pend.items():
                a, pa, d, pd, rnd, _ = st
                states += 1
                if var.siege_retreat and dec.into_siege(st):  # WOTR-SITE-2: before the cards
                    end(key, into_siege(a, d), p)
                    continue
                ctx = card_context(s, var, plan, units=(a, d), rnd=r)
                seen.append((r, ctx, a, d, p))
                usable = {}
                for role, c in cards.items():
                    if c is None:
                        continue
                    ok, reasons = playable(c, role, ctx, a, d)
                    if ok:
                        usable[role] = c
                    elif ok is None and not_stated(reasons):
                        raise ScenarioError(f"round {r}: " + undecided_play(role, c.name, reasons), file=s.file,
                                            path=plan.round_paths.get((r, role)) or plan.paths.get(role, f"{role}.card"),
                                            help=(not_stated(reasons),))
                    else:
                        note = (f"round {r}: the {role}'s {c.name} cannot be played in some positions ("
                                + "; ".join(x["text"] for x in reasons if x["holds"] is not True) + ")", "WOTR-CARD-5")
                        if note not in log:
                            log.append(note)
                cr = CardRound(ctx, usable, lambda role, u, q_, h, dec=dec: dec.casualties(role, u, q_, h, None),
                               choices)
                ends = cr.run(a, pa, d, pd)
                # the round's numbers, weighted by the chance of this position
                acc, reach = tallies.setdefault(r, ({}, [Fraction(0)]))
                reach[0] += p
                for pair, q in cr.tallies.items():
                    acc[pair] = acc.get(pair, Fraction(0)) + p * q
                positions.append((r, key, st, p, dict(cr.tallies), cr))
                cancelled |= cr.cancelled
                for line in cr.log:
                    line = (line[0] if r == 1 else f"round {r}: {line[0]}", line[1])
                    if line not in log:
                        log.append(line)
                total_rounds += p
                for rend, q in ends:
                    key2, nxt = after_card_round(rend, key, r, variant, policy)
                    if isinstance(nxt, Outcome):
                        end(key2, nxt, p * q)
                    else:
                        bucket = frontier.setdefault(key2, {})
                        bucket[nxt] = bucket.get(nxt, Fraction(0)) + p * q
    for key, starts in frontier.items():  # the rest of the battle
        var = variant(key)
        total = sum(starts.values(), Fraction(0))
        res = forward(var, Decisions(var, policy), starts={st: q / total for st, q in starts.items()},
                      max_states=max_states)
        states += res.states
        total_rounds += res.expected_rounds * total
        for o, q in res.outcomes.items():
            end(key, o, q * total)
    for key, outs in joint.items():
        lost_at_end[key] = sum(outs.values(), Fraction(0))
    return (CardBattle(BattleResult(Dist(terminal), total_rounds, states), log, Dist(lost_at_end),
                       tuple(sorted(cancelled)), joint), seen, positions, tallies)


def plan_unmodelled(plan: CardPlan) -> list[dict]:
    out = []
    seen = set()
    later = [c for by in plan.later.values() for c, _ in by.values()]
    for cards in [list(plan.cards.values()), later] + [list(h) for h in plan.hands.values()]:
        for c in cards:
            if c is not None and c.name not in seen:
                seen.add(c.name)
                out.extend(unmodelled(c))
    return out


def read_card(node, role: str, side: str) -> list[tuple[int, CombatCard, Choices, str]]:
    """``card: NAME`` (round 1), ``card: {name: NAME, round: N, self_hits: N, forfeit: N,
    sacrifice: leader|companion|none}``, or a list of those (one per round, WOTR-CARD-2)."""
    db = load_combat_cards()
    if node.value is None:
        return []
    if isinstance(node.value, list):
        out = []
        seen: dict[int, str] = {}
        for i, v in enumerate(node.value):
            sub = type(node)(v, file=node.file, path=f"{node.path}[{i}]")
            for rnd, card, ch, path in read_card(sub, role, side):
                if rnd in seen:
                    raise sub.error(f"the {role} already plays {seen[rnd]} in round {rnd}: at most one Combat card "
                                    "per player per round (WOTR-CARD-2)")
                seen[rnd] = card.name
                out.append((rnd, card, ch, path))
        return out
    if isinstance(node.value, str):
        return [(1, db.card(node.value, file=node.file, path=node.path), Choices(), node.path)]
    node._mapping()
    name = node.str("name")
    card = db.card(name, file=node.file, path=f"{node.path}.name")
    rnd = node.int("round", 1, minimum=1)
    ch = Choices(self_hits=node.int("self_hits", None, minimum=0), forfeit=node.int("forfeit", None, minimum=1),
                 sacrifice=node.str("sacrifice", None, choices=("leader", "companion", "none")))
    node.finish(NAMED_CARD.keys)
    for key, kinds in CHOICE_READERS.items():  # a choice the card does not read is never silently dropped
        if getattr(ch, key) is not None and not any(_reads(e, kinds) for e in card.effects):
            readers = sorted({c.name for c in db.cards.values() if any(_reads(e, kinds) for e in c.effects)})
            raise node.error(f"{card.name} has no `{key}` choice (its effects: "
                             f"{', '.join(e.get('effect', '?') for e in card.effects)}); `{key}` is read by "
                             f"{', '.join(readers)}; remove it", key)
    if ch.self_hits is not None:  # the card's own bound (cards.json max_self_hits, WOTR-CARDX-2)
        most = min(int(e["max_self_hits"]) for e in card.effects if _reads(e, CHOICE_READERS["self_hits"]))
        if ch.self_hits > most:
            raise node.error(f"{card.name}: at most {most} self-hit{'s' if most != 1 else ''}, not {ch.self_hits} "
                             "(WOTR-CARDX-2)", "self_hits")
    return [(rnd, card, ch, node.path)]


#: the choices of a named card (``card: {name, self_hits, forfeit, sacrifice}``) -> the effect kinds of the
#: card data that read them (:class:`.combat_round.CardRound`); ``forfeit``: the dice reduction paid with
#: Nazgûl Leadership (not the one counted per Companion)
CHOICE_READERS = {"self_hits": ("self_hits_for_roll_modifier", "self_hits_for_extra_attack"),
                  "forfeit": ("dice_reduction",), "sacrifice": ("cancel_hits_by_sacrifice",)}


def _reads(effect, kinds) -> bool:
    return effect.get("effect") in kinds and not (effect.get("effect") == "dice_reduction"
                                                   and effect.get("per") == "companion_in_battle")


def region_id(name: str, node) -> str:
    return load_board().region(name, file=node.file, path=node.path).id
