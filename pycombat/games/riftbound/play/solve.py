"""The showdown game solved exactly: its value, the line of best play, and at every decision on that
line each option's value and how much worse it is than the best (:func:`pycombat.tree.options`,
the ranking every game's ``optimize`` uses). Values are the Attacker's (the Defender minimises them).

The game is zero-sum (:mod:`.game`), so it is searched with alpha-beta pruning
(:func:`pycombat.tree.solve_zero_sum`): a play that cannot change a value is not searched further,
and every option shown is valued exactly; ``states`` counts the states searched.

The size is estimated before the search (:func:`estimate`) from the plays legal on the starting
board, and a game estimated past ``max_nodes`` is refused at once
(:class:`~pycombat.errors.TooLargeError`); the search itself stops at ``max_nodes`` states too.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pycombat.collector import pausing
from pycombat.errors import ScenarioError, TooLargeError
from pycombat.frozen import replace
from pycombat.tree import solve_zero_sum
from pycombat.tree.options import Decision, decisions_along
from ..damage.game import Objective
from ..model import SIDES
from .entries import Entry, Lines
from .game import PASS, DamageState, FiredState, ShowdownGame, ShowdownState
from .hands import HandScenario
from .responses import ResponseState, chains
from .score import Scale, ScaleBroken
from .triggers import TriggerChoices, TriggerState, awaiting, initial_state



@dataclass
class PlaySolution:
    """The solved showdown game and what ``optimize`` shows of it."""

    objective: str
    value: Fraction  #: the Attacker's value under optimal play by both
    #: (phase, what) along the line of best play: the combat triggers stated first, the damage splits last
    line: list[tuple[str, str]]
    #: (phase: triggers | move chain | combat chain | showdown | damage, decision)
    decisions: list[tuple[str, Decision]]
    resolved: tuple[Entry, ...]  #: the plays that resolved on that line, in order
    fizzled: tuple[Entry, ...]
    outcome: str
    killed: tuple[tuple[str, ...], tuple[str, ...]]  #: (by the Attacker, by the Defender) on that line
    showdown: Any  #: the showdown narration of that line (:class:`~..cards.showdown.Showdown`)
    nodes: int  #: the states the search visited (alpha-beta: fewer than the game has)
    estimate: int  #: the states the game is estimated to have (:func:`estimate`)
    reads: int  #: showdown steps played (a play or a chain resolving, on a copy of the state before it)
    unmodelled: list[dict] = field(default_factory=list)
    #: the combat triggers the search stated on that line (:class:`.triggers.Stated`), in the order stated
    triggers: tuple = ()
    #: the plays made on the combat chain on that line, as their ``showdown:`` entries, in the order they resolved
    responses: tuple = ()
    #: the weights every end position was scored with (:meth:`.score.Scale.describe`; None with ``conquer``)
    scale: str | None = None
    #: side -> the units it lost in the showdown on that line (killed before the damage step, by any card)
    lost: dict = field(default_factory=dict)
    #: side -> the value when that side cannot pay the optional additional costs of its hand's cards that are no
    #: Energy or runes (a card discarded, XP spent ...; RB-CARD-8), where that differs from ``value``
    if_unpaid: dict = field(default_factory=dict)
    #: ``resolved`` as the ``showdown:`` entries ``verify`` and ``odds`` read (:meth:`.entries.Lines.entry`): each with
    #: what its player paid under ``card_costs=stated`` (RB-CARD-2), so that the line replays as the search played it
    entries: tuple[dict, ...] = ()


#: the most sets of combat trigger choices (:mod:`.triggers`), and of those times the combat chains (:mod:`.responses`),
#: the search makes: each reads the scenario again (a few ms), so a larger number is refused up front
MAX_TRIGGER_SETS = 5_000


def estimate(game: ShowdownGame) -> int:
    """An estimate of the states the game has, from the plays legal on the starting board (a card
    with none there counts 1: it may become legal later): for each order of cards played, the product
    of their legal plays, times a few states each. Not a bound: the search stops at ``max_nodes`` too."""
    root = game.new_initial_state()
    counts = []
    for side in SIDES:
        mover = ShowdownState(game, (), (), root.hands, "attacker", side, 0, (), root.at)
        acts = [a for a in mover.legal_actions() if a != PASS]
        for name in root.hands[0 if side == "attacker" else 1]:
            counts.append(max(1, sum(1 for a in acts if a.card == name and not a.ability)))
        for unit in dict.fromkeys(a.card for a in acts if a.ability):  # a unit's activated ability (RB-CARD-17)
            counts.append(sum(1 for a in acts if a.ability and a.card == unit))
    e = [1] + [0] * len(counts)  # elementary symmetric sums of the counts: e[k] sums over k cards
    for c in counts:
        for k in range(len(counts), 0, -1):
            e[k] += e[k - 1] * c
    # k cards played in any order (k!), each with its legal plays; a few states each (who acts, passes,
    # the damage step): 4 (measured: 1,328 states in all for the estimate 2,804 of the shipped example; the
    # zero-sum search visits 798 of them)
    return 4 * sum(math.factorial(k) * e[k] for k in range(len(counts) + 1))


def _takes_a_spell(name: str) -> bool:
    """Whether the hand card ``name`` gains control of a spell ("You may pay [rune]. If you do, gain control of it",
    RB-CARD-20)."""
    from ..cards.interpreter import STEAL
    from ..cards.spells import load_cards

    card = load_cards().find(name)
    return card is not None and any(e.get("effect") == STEAL for e in card.effects)


def _unpayable(scenario: HandScenario) -> dict[str, list[tuple[str, Any]]]:
    """Side -> its hand's cards with an optional additional cost their effects read that is no Energy or runes (a card
    discarded, XP spent, a gear killed: :mod:`..cards.additional_costs`), each with that cost: whether the player
    can pay it is not in the scenario (RB-CARD-8, RB-CARD-2)."""
    from ..cards.additional_costs import of_card

    out: dict[str, list[tuple[str, Any]]] = {}
    for side in SIDES:
        for h in dict.fromkeys(scenario.hands.get(side, ())):
            cost = of_card(h.name)
            if cost is not None and cost.other:
                out.setdefault(side, []).append((h.name, cost))
    return out


def _if_unpaid(scenario: HandScenario, objective: Objective, conquer: bool, max_nodes: int, value: Fraction,
               spent: list[int]) -> tuple[list[dict], dict[str, Fraction]]:
    """RB-CARD-8 with RB-CARD-4: the search plays a card whose optional additional cost is no Energy or runes both paid
    and not paid, as if its player could pay it; the game is solved again with each side's such costs unpaid, and
    where that changes the value, the cards are named NOT MODELLED with both values (``{side: value}`` returned)."""
    out, values = [], {}
    for side, cards in _unpayable(scenario).items():
        hands = dict(scenario.hands)
        names = {n for n, _ in cards}
        hands[side] = tuple(replace(h, payable=False) if h.name in names else h for h in hands[side])
        other = solve(replace(scenario, hands=hands), objective, conquer=conquer, max_nodes=max_nodes,
                      weigh_payments=False, spent=spent).value
        if other == value:
            continue
        values[side] = other
        for name, cost in cards:
            out.append({"card": name, "what": f"{side}'s {name}: its additional cost ({cost.words}) paid",
                        "why": f"whether the {side} can {cost.other} is not in the scenario: the search plays {name} "
                               f"paid and not paid, and its value {value} assumes he can; if he cannot, the value is "
                               f"{other} (RB-CARD-8, RB-CARD-2)"})
    return out, values


#: what a state of the showdown game from both hands counts against ``--max-nodes`` (a node of the joint tree counts
#: 1): a state searched costs about 0.1-1 ms and 3-20 KB, the damage step of each board reached solved with it
#: (408,208 states of 6 units a side took 83 s and 1.2 GB, 1,019,345 of 3 a side 78 s and 2.8 GB), so the default
#: 2,000,000 allows 100,000 states, about a minute at most and well under 2 GB
NODES_PER_STATE = 20


def states_allowed(max_nodes: int) -> int:
    """The states the game's searches may visit together under ``--max-nodes`` (at least 1)."""
    return max(1, max_nodes // NODES_PER_STATE)


def check_size(scenario: HandScenario, game: ShowdownGame, max_nodes: int, *, built: bool = False
               ) -> tuple[int, Any, TriggerChoices, TriggerChoices]:
    """The game's size checked before any search: the estimate (:func:`estimate` times the sets of trigger choices,
    the whole game, of which alpha-beta pruning searches a part: often a hundredth) against ``max_nodes`` states
    (a game of that many is refused before any search; the search itself stops at the :func:`states_allowed`
    states it visits; ``built``: the whole game is built, not searched, so the estimate is held to those states),
    and the trigger sets and chains against MAX_TRIGGER_SETS; returns the estimate, the root, the first stage's
    trigger choices and every stage's (:func:`solve` reads them)."""
    root, choices = initial_state(game)
    # every stage's triggers, for the sizes and the notes (the first stage's when it is the only one)
    every = choices if choices.stage == "combat" else TriggerChoices(game, awaiting(game.lines))
    if every.size() > MAX_TRIGGER_SETS:
        raise TooLargeError(f"{scenario.file or 'the scenario'}: the combat and move triggers the file does not state "
                            f"have about {every.size():,} sets of choices, more than {MAX_TRIGGER_SETS:,} (each is the "
                            "scenario read again); state some of them as showdown entries `{trigger: UNIT, ...}` "
                            "(RB-SHOW-2, RB-COMB-2)")
    reads = every.size() * chains(game, every.pending)
    if reads > MAX_TRIGGER_SETS:
        raise TooLargeError(f"{scenario.file or 'the scenario'}: the chains the hands' Reaction cards can make on the "
                            f"triggers (with each set of trigger choices) are about {reads:,}, more than {MAX_TRIGGER_SETS:,} "
                            "(each is the scenario read again); give fewer Reaction cards in `hand:` or state the "
                            "chains' plays (`respond: true` / `respond: move`, RB-SHOW-2, RB-COMB-2)")
    # each set of combat trigger choices (RB-SHOW-2) is one more showdown game from the hands
    size = estimate(game) * every.size()
    if built and size > states_allowed(max_nodes):
        raise TooLargeError(f"{scenario.file or 'the scenario'}: hand: the showdown game from these hands is estimated "
                            f"at about {size:,} states, more than the {states_allowed(max_nodes):,} {_allows(max_nodes)}; "
                            f"use --depth N, give fewer cards in `hand:` or raise --max-nodes to "
                            f"{size * NODES_PER_STATE:,}", help=_BUDGET_HELP)
    if size > max_nodes:
        raise TooLargeError(f"{scenario.file or 'the scenario'}: hand: the showdown game from these hands is estimated "
                            f"at about {size:,} states, more than --max-nodes {max_nodes:,}; give fewer cards in `hand:` "
                            f"or raise --max-nodes to {size:,}",
                            help=_BUDGET_HELP + ("The estimate counts the whole game; the search (alpha-beta pruning) "
                                                 f"visits part of it and stops at the {states_allowed(max_nodes):,} states "
                                                 f"{_allows(max_nodes)}.",))
    return size, root, choices, every


def _allows(max_nodes: int) -> str:
    return f"--max-nodes {max_nodes:,} allows ({NODES_PER_STATE} nodes a state)"


_BUDGET_HELP = (f"A state of a game from hands counts {NODES_PER_STATE} nodes of --max-nodes: it costs about 0.1-1 ms "
                "and 3-20 KB (the damage step of each board reached is solved). Fewer units, or plays stated as "
                "`showdown:` entries, also make the game smaller.",)


@pausing  # (the search's positions are freed by reference counting as it returns: no collection walks them)
def solve(scenario: HandScenario, objective: Objective, *, conquer: bool = False,
          max_nodes: int = 2_000_000, weigh_payments: bool = True, spent: list[int] | None = None) -> PlaySolution:
    """The showdown game from both hands solved. ``weigh_payments``: also solved with the additional costs the
    scenario cannot say a player can pay left unpaid, to name how the value depends on them (:func:`_if_unpaid`).
    ``max_nodes``: the budget of all its searches together, in :func:`states_allowed` states (``spent``: those
    visited so far, shared with the searches it makes)."""
    spent = [0] if spent is None else spent
    lines = Lines(scenario)
    game = ShowdownGame(lines, dict(scenario.hands), objective, conquer)
    size, root, choices, every = check_size(scenario, game, max_nodes)
    while True:
        try:
            sol, line, phases, last, decisions = _search(root, max_nodes, spent, scenario, size)
            break
        except ScaleBroken as broken:  # an end position lost more than the weights assume (.score): larger ones
            game.scale[0] = Scale(objective, broken.bounds)
    if not isinstance(last, DamageState):
        raise TypeError(f"the line of best play ends at {last}, not after the damage step")
    sd = last.at.showdown
    unmodelled = sd.unmodelled_json() + [{"card": e.card, "what": f"{e.by} plays {e.label()}",
                                          "why": "its targets no longer fit as it resolves: it has no effect "
                                                 "(RB-CARD-11)"} for e in last.fizzled]
    unmodelled += _not_weighed(scenario, game, lines, every, unmodelled)
    value = sol.value_of(sol.root)[0]
    unpaid, if_unpaid = (_if_unpaid(scenario, objective, conquer, max_nodes, value, spent) if weigh_payments
                         else ([], {}))
    unmodelled += unpaid
    return PlaySolution(
        objective="conquer" if conquer else objective.name, value=value, if_unpaid=if_unpaid,
        line=line, decisions=list(zip(phases, decisions)), resolved=last.resolved, fizzled=last.fizzled,
        outcome=last.outcome(), killed=last.inner.killed(), showdown=sd, nodes=sol.stats.nodes, estimate=size,
        reads=lines.reads + choices.reads(), unmodelled=unmodelled, triggers=last.game.triggers,
        responses=last.game.responses, scale=None if conquer else game.scale[0].describe(),
        lost={s: tuple(x.name for x in v) for s, v in game.lost(last.at).items()},
        entries=tuple(lines.entry(e) for e in last.resolved))


def _not_weighed(scenario: HandScenario, game: ShowdownGame, lines: Lines, every: TriggerChoices,
                 listed: list[dict]) -> list[dict]:
    """What the game from both hands does not weigh whatever its line of best play (the plays it reached, the
    scenario's and the hands' own notes); ``listed``: those already named (not repeated)."""
    out = list(listed)
    out += [{"card": h.name, "what": f"{side}'s {h.name}: new choices for the spell it takes",
             "why": "the search tries the spell taken with its own choices only (paid) or countered (not "
                    "paid), not every new choice its taker may make for it (RB-CARD-20)"}
            for side in SIDES for h in dict.fromkeys(scenario.hands.get(side, ())) if _takes_a_spell(h.name)]
    out += _weighed_off_the_line(lines, out, game.searched_firings)
    out += _repeats_not_searched(scenario) + _deflect_not_followed(scenario) + _pools_not_followed(scenario)
    out += _levels_not_stated(scenario)
    out += _each_players_own_choice(scenario)
    # RB-SHOW-2: as the file's own showdown names them, but for the sides whose triggers the game orders itself
    ordered = {a.side for a in awaiting(lines) if a.fixed is not None}
    out += [u.as_json() for u in _trigger_orders(scenario) if u.orders_of not in ordered]
    out += _abilities_once(game) + _not_on_chains(game) + _trigger_chains_at_once(game, every.pending)
    for which in every.after_stated:
        out.append({"card": "showdown", "what": f"the order of the {which}",
                    "why": f"the file states some of the {which} and the search the others: the search's "
                           "resolve after the file's; the other orders are not weighed (RB-SHOW-2, RB-CARD-10)"})
    return out[len(listed):]


def unmodelled_unsolved(scenario: HandScenario, game: ShowdownGame) -> list[dict]:
    """What the game from both hands does not weigh, as far as it was built (the plays ``game`` reached: a tree's
    first plies), without solving it: the file's own showdown's notes and :func:`_not_weighed`'s; the line of best
    play's (its plays that fizzle) and the value with costs unpaid (RB-CARD-8) need the game solved, and a card with
    such a cost is named so."""
    _root, choices = initial_state(game)
    every = choices if choices.stage == "combat" else TriggerChoices(game, awaiting(game.lines))
    own = game.showdown(())
    searched = id(own) in game.searched_firings  # its fired triggers' choices are the game's (.triggers)
    listed = [u.as_json() for u in dict.fromkeys(own.showdown.unmodelled) if not (searched and u.fired is not None)]
    out = listed + _not_weighed(scenario, game, game.lines, every, listed)
    out += [{"card": name, "what": f"{side}'s {name}: its additional cost ({cost.words}) paid",
             "why": f"whether the {side} can {cost.other} is not in the scenario, and the tree is not solved: the value "
                    "with it unpaid is not weighed (optimize weighs it; RB-CARD-8, RB-CARD-2)"}
            for side, cards in _unpayable(scenario).items() for name, cost in cards]
    return out


def _weighed_off_the_line(lines: Lines, listed: list[dict], searched: set[int] = frozenset()) -> list[dict]:
    """RB-CARD-4: what the plays the search weighed leave not modelled, on any line, not only the line of best play (a
    play's clause the interpreter does not read, an Equipment's Might bonus in no source, RB-CARD-5): each option's
    value rests on the plays it reached, so a clause any of them holds is named, as the showdown names it for the same
    play stated (each once; those ``listed`` already are not repeated)."""
    seen = {(u["card"], u["what"]) for u in listed}
    out = []
    for reached in lines.reached():
        for u in reached.progress.unmodelled:
            if u.fired is not None and id(reached) in searched:  # its choice searched (:meth:`.game.fired_choice`)
                continue
            item = u.as_json()
            if (item["card"], item["what"]) not in seen:
                seen.add((item["card"], item["what"]))
                out.append(item)
    return out


def _search(root, max_nodes: int, spent: list[int], scenario: HandScenario, size: int):
    """The game solved (alpha-beta), its line of best play and every decision on it; raises
    :class:`.score.ScaleBroken` when an end position reached breaks the bounds the weights assume. The search visits
    at most what is left of ``max_nodes`` after ``spent`` (which it adds its states to), else is refused."""
    left = states_allowed(max_nodes) - spent[0]
    # zero-sum (.game): alpha-beta; every option on the line is valued exactly, so each is searched once with a full
    # window first (line_first), not first with a narrow one and again for the line
    try:
        if left < 1:
            raise TooLargeError("no states left")
        sol = solve_zero_sum(root, max_nodes=left, line_first=True)
    except TooLargeError:
        spent[0] = states_allowed(max_nodes)
        raise TooLargeError(f"{scenario.file or 'the scenario'}: hand: the showdown game from these hands needs more "
                            f"than the {states_allowed(max_nodes):,} states searched {_allows(max_nodes)} (estimated "
                            f"at {size:,}); give fewer cards in `hand:` or raise --max-nodes",
                            help=_BUDGET_HELP + ("The estimate is no bound: the search stops at the states "
                                                 "--max-nodes allows.",)) from None
    spent[0] += sol.stats.nodes
    line, phases, last = [], [], None
    for state, step in sol.line_states():
        last = state
        phase = "showdown" if isinstance(state, (ShowdownState, FiredState)) else "triggers" if isinstance(
            state, TriggerState) \
            else f"{state.responses.kind} chain" if isinstance(state, ResponseState) else "damage"
        if step.action is not None:
            line.append((phase, step.action))
        if step.kind == "decision":
            phases.append(phase)
    return sol, line, phases, last, decisions_along(sol)


def _trigger_orders(scenario) -> list:
    """RB-SHOW-2: the orders of a player's combat triggers that resolve by themselves that the file leaves open
    (:func:`..cards.showdown.trigger_orders`; the search orders a side's itself where :func:`.triggers.awaiting`
    states them); none when the file's own showdown is refused."""
    from ..cards.showdown import trigger_orders

    try:
        return trigger_orders(scenario)
    except ScenarioError:
        return []


def _abilities_once(game: ShowdownGame) -> list[dict]:
    """RB-CARD-4: the units in play whose activated ability (RB-CARD-17) nothing limits but its runes (no exhaust cost,
    not once a turn): the search uses each at most once, since the players' runes are not in the scenario; a line
    using one again is not weighed."""
    from .entries import ability_choices

    from .entries import usable_abilities

    progress = game.showdown(()).progress
    cards = {progress.units[n].card_name or n: progress.units[n].card_id for n in progress.present + progress.base
             if progress.units[n].card_id is not None}
    cards.update({h.name: h.name for side in SIDES for h in game.hands.get(side, ()) if h.kind == "unit"})
    out = []
    for name, card in cards.items():
        shape = ability_choices(card)
        if shape is not None and not shape[4]:
            out.append({"card": name, "what": f"{name}'s activated ability used more than once",
                        "why": "its cost limits it by the runes its player has, which the scenario does not give: the "
                               "search uses it at most once (RB-CARD-17)"})
        elif shape is None and len(usable_abilities(card)) > 1:
            out.append({"card": name, "what": f"{name}'s activated abilities",
                        "why": "it has several usable in a showdown and the model reads one per unit: the search uses "
                               "none (RB-CARD-17)"})
    return out


def _not_on_chains(game: ShowdownGame) -> list[dict]:
    """RB-CARD-4: what the search plays in the showdown but not while triggers are on the chain (:mod:`.responses`),
    so a line playing it there is not weighed: a Reaction card of a hand that plays a unit card from a hand
    (RB-CARD-16), and a unit's [Reaction] ability (RB-CARD-17)."""
    from .entries import ability_choices

    out = [{"card": h.name, "what": f"{h.name} played while triggers are on the chain",
            "why": "the search plays a card that plays a unit from a hand in the showdown only, not on the triggers' "
                   "chains (RB-CARD-16, RB-SHOW-2)"}
           for side in SIDES for h in dict.fromkeys(game.hands.get(side, ()))
           if h.speed == "reaction" and h.plays_unit]
    progress = game.showdown(()).progress
    for n in progress.present + progress.base:
        card = progress.units[n].card_id
        shape = ability_choices(card) if card is not None else None
        if shape is not None and shape[0] == "reaction":
            out.append({"card": progress.units[n].card_name or n, "what": f"{n}'s ability used while triggers are on "
                        "the chain", "why": "the search uses a unit's [Reaction] ability in the showdown only, not on "
                        "the triggers' chains (RB-CARD-17, RB-SHOW-2)"})
    return out


def _trigger_chains_at_once(game: ShowdownGame, pending: tuple) -> list[dict]:
    """RB-CARD-4: on the triggers' chains (:mod:`.responses`) the search plays every Reaction before any of them
    resolves, where the showdown game's chains resolve their newest item each time both players pass and both may
    add Reactions again before the next (RB-SHOW-3; CR 336, 337.1.c.3): a line playing a Reaction after one of them,
    or between two triggers, resolved is not weighed. Named when such a chain is played: a trigger on it, a Reaction
    card in a hand, and no ``respond:`` entry in the file."""
    progress = game.showdown(()).progress
    kinds = [kind for kind, on in (("move", "move_chain"), ("combat", "combat_chain"))
             if getattr(progress, on, 0) or any(a.when == kind for a in pending)]
    reactions = [h.name for side in SIDES for h in dict.fromkeys(game.hands.get(side, ()))
                 if h.speed == "reaction" and not h.plays_unit]
    stated = any(isinstance(e, dict) and e.get("respond") not in (None, False)
                 for e in game.lines.scenario.document.get("showdown") or ())
    if not kinds or not reactions or stated:
        return []
    return [{"card": "showdown", "what": f"Reactions on the {kind} chain played after part of it resolved",
             "why": "the search plays every Reaction on that chain before any of it resolves, so a line playing one "
                    "after a Reaction or a trigger on it resolved (each resolves alone, RB-SHOW-3) is not weighed: "
                    f"{', '.join(dict.fromkeys(reactions))} (RB-SHOW-2, RB-SHOW-4)"} for kind in kinds]


def _repeats_not_searched(scenario: HandScenario) -> list[dict]:
    """RB-CARD-4: the spells of a hand that a unit of its player's gives a [Repeat] (RB-CARD-25): the search pays
    the [Repeat] printed on a spell, never one a unit gives, so a line paying that is not weighed."""
    from ..cards.repeat import grants
    from ..cards.spells import load_cards

    givers = {u.side: u.name for u in (*scenario.attacker.units, *scenario.defender.units, *scenario.reserve)
              if any(grants(e) for e in u.statics)}
    out = []
    for side in SIDES:
        for h in dict.fromkeys(scenario.hands.get(side, ())):
            card = load_cards().find(h.name)
            if card is not None and card.type == "spell" and side in givers:
                out.append({"card": h.name, "what": f"{side}'s {h.name}: the [Repeat] {givers[side]} gives",
                            "why": "the search pays the [Repeat] printed on a spell, never one a unit gives "
                                   "(RB-CARD-25): a line paying it is not weighed"})
    return out


def _gear_choice_open(scenario: HandScenario, side: str) -> bool:
    """RB-CARD-22: whether ``side``'s player, told by "Each player kills one of their gear" to kill one of his own,
    may have a choice among gear that matter: some listed gear of his in play as the showdown begins (his ``gear:``,
    his units' Equipment) or a gear card in his hand, and either gear the scenario does not list allowed him (his
    ``gear_elsewhere`` not stated, or more than 0) or more than one of those in all. With ``gear_elsewhere: 0`` and
    one gear at most, his kill is forced (or none) and the reader makes it."""
    units = [u for u in (*scenario.attacker.units, *scenario.defender.units, *scenario.reserve) if u.side == side]
    mine = len(scenario.gear.get(side, ())) + sum(len(u.equipment) for u in units) + sum(
        1 for h in scenario.hands.get(side, ()) if h.kind == "gear")
    elsewhere = next((u.player.gear_elsewhere for u in units), None)
    return mine > 0 and (elsewhere != 0 or mine > 1)


def _each_players_own_choice(scenario: HandScenario) -> list[dict]:
    """RB-CARD-9 with RB-CARD-4: a hand card whose effect each player makes his own choice for as it resolves ("Each
    player kills one of their gear", Acceptable Losses; "Each player kills one of their units"): the search does not
    make that choice for the card's player's opponent: it plays the card naming none of his gear or units (naming
    each of the card's player's own gear, his own choice, RB-CARD-22). Each player whose gear the entry does not name
    kills one the scenario does not list, or, with ``gear_elsewhere: 0``, his only gear (the reader makes that kill).
    Named when the opponent may have a choice the search does not make (:func:`_gear_choice_open`; units: always)."""
    from ..cards.gear import EACH_PLAYER as EACH_GEAR
    from ..cards.interpreter import EACH_PLAYER_OWN_UNIT
    from ..cards.spells import load_cards
    from ..cards.units import load_units

    out = []
    for side in SIDES:
        opponent = "defender" if side == "attacker" else "attacker"
        for h in dict.fromkeys(scenario.hands.get(side, ())):
            card = load_cards().find(h.name)
            effects = card.effects if card is not None else load_units().unit(h.name).abilities
            for e in effects:
                who = (e.get("target") or {}).get("chooser") if isinstance(e.get("target"), dict) else None
                if who == EACH_GEAR and _gear_choice_open(scenario, opponent) or who == EACH_PLAYER_OWN_UNIT:
                    if who == EACH_GEAR:
                        out.append({"card": h.name, "what": f"{side}'s {h.name}: each player's choice of one of his "
                                                            "own gear to kill",
                                    "why": f"each player chooses his own as it resolves (RB-CARD-22); the search makes "
                                           f"the {opponent}'s choice for no one: it plays {h.name} naming none of his "
                                           "gear (he kills one the scenario does not list, or his only gear when it "
                                           "allows him no other), so a line where he must choose one that matters is "
                                           "not weighed"})
                        break
                    out.append({"card": h.name, "what": f"{side}'s {h.name}: each player's choice of one of his "
                                                        "own units to kill",
                                "why": f"each player chooses his own as it resolves (RB-CARD-9); the search makes "
                                       f"that choice for neither player: it plays {h.name} killing no units the "
                                       "scenario names, so a line where a player must kill one that matters is not "
                                       "weighed"})
                    break
    return out


def _pools_not_followed(scenario: HandScenario) -> list[dict]:
    """RB-CARD-4 with RB-CARD-2: with `card_costs=stated` every play of the search pays its cost in full (its Energy
    and runes, a [Deflect] tax, a [Repeat] paid), as an entry's `paid:` states it; what each player has to pay with
    is not in the scenario, so whether he can afford a whole line of plays is not checked: named, never assumed
    silently."""
    if scenario.flags.get("card_costs") != "stated" or not any(scenario.hands.values()):
        return []
    return [{"card": "hand", "what": "the Energy and runes each player has to pay with",
             "why": "with card_costs=stated each play of the search is paid in full (RB-CARD-2); the players' pools "
                    "are not in the scenario, so a line of plays costing more than a player has is not refused"}]


def _levels_not_stated(scenario: HandScenario) -> list[dict]:
    """RB-CARD-4, RB-CARD-2: a hand's card with a "[Level N]" clause (a spell's or gear's effect, a unit card's ability
    or keyword) whose player's XP the file does not state (the side's ``xp:``): the search plays it without that
    clause (a Level is its player's XP, no choice to search both ways), so the clause is named. With ``xp:`` stated
    every play reads it, as a unit's [Level N] abilities do (:func:`..cards.statics.level_holds`)."""
    from ..cards.spells import load_cards
    from ..cards.statics import level_of
    from ..cards.units import load_units

    def levels(name: str) -> list[str]:
        card = load_cards().find(name)
        records = card.effects if card is not None else (
            load_units().unit(name).abilities + load_units().unit(name).conditional_keywords)
        return [str(e.get("condition")) for e in records if level_of(e.get("condition")) is not None]

    out = []
    for side, hand in scenario.hands.items():
        s = scenario.side(side)
        if any(u.xp is not None for u in (*s.units, *(u for u in scenario.reserve if u.side == side))):
            continue
        for h in dict.fromkeys(hand):
            for cond in dict.fromkeys(levels(h.name)):
                out.append({"card": h.name, "what": f"{side}'s {h.name}: its [{cond}] clause",
                            "why": f"it reads the {side}'s XP, which the file does not state (the side's `xp: N`): the "
                                   "search plays the card without that clause (RB-CARD-2, RB-CARD-4)"})
    return out


def _deflect_not_followed(scenario: HandScenario) -> list[dict]:
    """RB-CARD-4: with `card_costs=stated`, the search pays for the [Deflect] of the units it chooses as the file
    states them and as a hand's unit cards print it (RB-MIGHT-10): a card or unit that can give [Deflect] (a static
    ability, a trigger, a spell) is named, since a line choosing a unit it gave [Deflect] would be refused."""
    if scenario.flags.get("card_costs") != "stated":
        return []
    from ..cards.spells import load_cards
    from ..cards.units import load_units

    def gives(effects) -> bool:
        return any(e.get("effect") == "grant_keyword" and e.get("keyword") == "Deflect" for e in effects)

    out = [u.card_name for u in (*scenario.attacker.units, *scenario.defender.units, *scenario.reserve)
           if u.card_id is not None and gives(load_units().unit(u.card_id).abilities)]
    for hand in scenario.hands.values():
        for h in hand:
            card = load_cards().find(h.name)
            if gives(card.effects if card is not None else load_units().unit(h.name).abilities):
                out.append(h.name)
    return [{"card": n, "what": f"{n}: the [Deflect] it gives", "why": "the search pays for the [Deflect] the units "
             "have as the showdown begins (RB-MIGHT-10); one given during it is not added, so a line choosing that "
             "unit is refused"} for n in dict.fromkeys(out)]
