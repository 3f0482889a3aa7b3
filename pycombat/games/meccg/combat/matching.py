"""Exact ``optimize`` for large MECCG combats: each strike valued once, the phases as a game over matchings.

When the objective adds up over strikes (``kill_mp``, ``eliminations``, and ``survive``: the
character faces at most one strike, so his chance to stay in play is one minus the chance that strike
takes him out of play, eliminated, discarded, returned to hand or put off to the side, MECCG-SEQ-9/10,
MECCG-BODY-1..3, MECCG-FX-28; an ally discarded if his controller is wounded, MECCG-FX-19, by his
controller's one strike) and every
card in the hands acts on the strike it is played in only (:func:`hand_reason`: none lasts the
attack, MECCG-FX-8, untaps another member, MECCG-FX-1, taps one for its cost, MECCG-FX-24, or costs
a corruption check, MECCG-FX-25), a strike's outcome changes no later strike: the pruned
:class:`.game.CvccGame` reaches one next position whatever the dice say, so the value of the
strikes after phase III is a sum of per-strike expectations, coupled only through what they share
(excess strikes, supporters, the cards in hand):

* each distinct strike (attacker, defender) is valued once, exactly, from the engine's own
  outcome classes (:meth:`.game.CvccGame.outcomes`, MECCG-SEQ-9/10, MECCG-BODY), for every
  difference of supporters (+1 each, MECCG-SEQ-6) and excess strikes (-1 each, MECCG-SEQ-3) and
  every pair of card sets the two players may play in it (MECCG-SEQ-2/7, the engine's play check);
  a card that never helps its player in any strike is left out (:func:`_undominated`);
* a pair's value with nothing played is paid as the pair is made; a pair that shares something
  (excess strikes or supporters may exist, or a card may be played in its strike) is also carried,
  as its kind (what each choice adds to that value), to the end of phase III, where the strikes
  are resolved as a game without chance (:meth:`_Matching.strikes`: the defender picks the next
  strike, the attacker his cards and excess strikes, then the defender his supporters and cards);
* the assignment phases (MECCG-ASSIGN-2 defender, -3 attacker, -4 defender) are solved by dynamic
  programming over who is still unassigned; members whose strikes are worth the same against
  everyone (and with the same tapped state, all the phases read) are interchangeable and counted,
  not named; a phase's set of pairs, one decision in the engine, is made pair by pair by the same
  player (no chance in between, so the best set is the best sequence).

Every phase-I choice is still valued (named, in the engine's order, ties broken the same way) and
the principal line is named; the strikes of that line are solved again by the engine itself
(:func:`pycombat.tree.solve_game`), which must agree with the matching game's value, or, when their
tree is too large (:data:`LINE_STRIKES_NODES`; cards in hand multiply the strike orders), followed
move by move with each position valued by the matching game (:class:`StrikeValues`). The cards
that reach later strikes go to the engine (:func:`.optimize.solve_combat`): :func:`fast_reason`
says why.

What is carried is kept small where that is exact:

* a pair whose strike is worth the same whatever is played in it and whatever excess strikes and
  supporters it gets is never carried (it changes nothing in the strikes' game; under ``survive``
  only the character's pairs are carried, one at most per assignment);
* when one side alone holds cards (and nothing else is shared), the strikes' game is an
  allocation of his cards to strikes, whatever the order, so the pairs are carried as what they
  are worth to each part of his hand (:meth:`_Matching._one_sided`): ten against ten with three
  cards in one hand, about 0.5 to 0.9 M positions, 20 to 25 s.

With cards in both hands the pairs are carried as kinds, and their multisets grow with the
companies. No smaller exact summary of the pairs made is known: the strikes' game is not a function
of what the strikes made so far are worth for each pair of hands left (two sets of strikes worth
the same for all four pairs of one-card hands differ once a third strike is added), nor is it the
game where the attacker places all his cards first, or where the defender fixes the order first
(tests/meccg/test_matching_both_hands.py; on random tables the last two differ from it in a few
cases in a hundred or a thousand), and dropping the card plays a strike never makes worth it merges
few kinds (72 carried kinds to 67 in ``examples/meccg/ten_vs_ten_hands.yaml``). Measured (three
cards a hand, kill_mp): 7 against 7, 0.65 M positions, 15 s; 8 against 8, 4.8 M; ten against ten,
the assignment phases alone (no strike valued) 6.9 M positions, 803,232 distinct multisets of kinds
at the end of phase III, 63 s and 3.3 GB. :meth:`_Matching.carried_most` bounds how many pairs one
complete assignment carries, which the callers read to refuse up front with the full game's bound
(one position per complete assignment). With one side's cards, :meth:`_Matching.plain_positions`
counts the positions without the pairs made, which the search stores at least once each: :func:`prepare`
refuses before the search when they pass the bound (a lower bound only: the values the pairs carry
multiply them by a factor the search alone finds). With interchangeable members the matching game is much
smaller (ten against ten of two kinds of member each side, three cards a hand: three kinds
carried, 4,129 positions besides the 63,591 phase-I choices, about 10 s in all).
"""
from __future__ import annotations

import math
import time
from itertools import combinations
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from pycombat.errors import TooLargeError
from pycombat.tree import DECISION, PROGRESS_EVERY, Alternative, SearchStats, Step, solve_game
from pycombat.tree.state import CHANCE, CHANCE_NODE, TERMINAL, TERMINAL_NODE
from pycombat.tree.format import chance_label
from pycombat.tree.search import likeliest_outcome
from .game import DEFENDER, AttackerStep, CvccGame, CvccState, DefenderStep, Objective, own_strike_items
from ..cards.interpreter import model as cardfx_model

#: the most nodes the engine's tree of the principal line's strikes may have (beyond, the line is
#: followed with the matching game's values, :class:`StrikeValues`)
LINE_STRIKES_NODES = 200_000

ADDITIVE = ("kill_mp", "eliminations", "survive")  #: objectives whose value is a sum over strikes


def fast_reason(scenario, objective: Objective) -> str | None:
    """Why the matching solver does not apply (None when it does)."""
    from ..assignment.legal import judge_attack

    if objective.name not in ADDITIVE:
        return f"the objective {objective.name} is not a sum over strikes: the full game decides it"
    why = hand_reason(scenario)
    if why is not None:
        return why
    if scenario.combat is not None and any(m.play == "cancel" for m in map(cardfx_model, scenario.combat.before_assignment)):
        return "a cancel played before strikes are assigned is a chance node first (MECCG-PRE-1)"
    from .before import RULE as PRE_RULE, pre_check
    if pre_check(scenario) is not None:
        return f"a check before strikes are assigned changes the company first ({PRE_RULE})"
    verdict = judge_attack(scenario)
    if not verdict.legal or not verdict.strikes:
        return "no strike to assign"
    if any(m.struck_before_controller and m.ally_of for m in scenario.defender.members):
        return "a member must be assigned a strike before another (MECCG-FX-18): the pairs are not independent"
    if len(verdict.strikes) > 1 and any(m.ally_of in {x.name for x in c.members}
                                        for c in (scenario.attacker, scenario.defender) for m in c.members if m.ally_of):
        return ("an ally leaves play with its controlling character (MECCG-BODY-4), and with it its strike and "
                "its support: the pairs are not independent")
    return None


class NotIndependent(Exception):
    """A strike's outcome would change a later strike (a member leaving play besides the strike's
    two, MECCG-FX-24/25; an ally with its controlling character, MECCG-BODY-4): the strikes are no game
    without chance, the engine must solve it."""


def hand_reason(scenario) -> str | None:
    """Why the cards in the hands (or an item's ability used for a strike) make one strike's dice
    change another strike. None when every card acts on the strike it is played in only: then a
    strike's outcome leaves the next position unchanged, and the cards are a resource the strikes
    share without chance (:meth:`_Matching.strikes`)."""
    from ..cards import play
    from ..cards.strike_effects import load_effects

    reg = load_effects()
    for role, company in (("attacker", scenario.attacker), ("defender", scenario.defender)):
        abilities = [i for m in company.members for i in own_strike_items(reg, scenario, m)]  # CvccGame._own_items
        for c in list(company.hand) + abilities:
            e = reg.effects.get(c)
            name = e.name if e is not None else c
            if e is None:
                return f"{role}.hand: {c} is no strike card (MECCG-SEQ-2/7)"
            if e.after_attack_strike:
                return (f"cards in hand: {name} costs strikes after the attack, which read how the strikes left "
                        "its allies and their controllers (MECCG-FX-32)")
            if e.no_duplicate and list(company.hand).count(c) > 1:
                return (f"cards in hand: {name} cannot be duplicated against a given attack, so a copy played in one "
                        "strike bars the other from a later one (MECCG-FX-8)")
            if e.lasts_for_company:
                return f"cards in hand: {name} lasts the {e.lasts}, so it changes later strikes (MECCG-FX-8)"
            if e.untap or any(f.what == "untap_others" for f in e.fx):
                return f"cards in hand: {name} untaps a member, who may then support a later strike (MECCG-FX-1)"
            if play.cost_taps(c):
                return f"cards in hand: {name}'s cost taps another member, who may not support later (MECCG-FX-24)"
            if e.cost_check:
                return f"cards in hand: {name} costs a corruption check, which may remove a later striker (MECCG-FX-25)"
    return None


def _strike_state(game: CvccGame, attacker: str, defender: str, excess: tuple, support: tuple,
                  a_cards: tuple, d_cards: tuple) -> CvccState:
    return CvccState(game, "resolve", remaining=((attacker, defender),), current=(attacker, defender),
                     excess_left=excess, support_left=support, a_step=AttackerStep(cards=a_cards, excess=len(excess)),
                     d_step=DefenderStep(support=len(support), cards=d_cards))


def strike_value(game: CvccGame, attacker: str, defender: str, excess: tuple = (), support: tuple = (),
                 a_cards: tuple = (), d_cards: tuple = ()) -> Fraction:
    """The exact expected reward (the defender's) of one strike with ``excess`` strikes allocated
    to it, ``support`` supporting and the cards ``a_cards`` (step 1, MECCG-SEQ-2) and ``d_cards``
    (step 6, MECCG-SEQ-7) played in it, from the engine's own outcome classes (which read only how
    many excess strikes and supporters: they are interchangeable, -1 and +1 each, MECCG-SEQ-3/6).
    Raises :class:`NotIndependent` when an outcome removes a member besides the strike's two."""
    classes = game.outcomes(_strike_state(game, attacker, defender, excess, support, a_cards, d_cards))
    # an ally leaving with its controlling character (MECCG-BODY-4) matters only beside another strike, which
    # fast_reason sends to the engine
    own = {m.name for m in game.members.values() if m.ally_of in (attacker, defender)}
    if any(set(c.gone) - own for c in classes):
        raise NotIndependent(f"a strike of {attacker} on {defender} may remove another member (MECCG-FX-24/25, MECCG-BODY-4)")
    return sum((p * _defender_reward(game, c) for c, p in classes.items()), Fraction(0))


def _defender_reward(game: CvccGame, c) -> Fraction:
    """What an outcome class pays the defender: its reward (kill MPs MECCG-BODY-5..9, eliminations),
    or under ``survive`` minus one (the character's owner is the defender) or plus one (the
    attacker) when it takes the character out of play (:meth:`.game.CvccGame._kills`; the constant part
    is :func:`_offset`)."""
    if game.objective.name == "survive":
        if not c.kills:
            return Fraction(0)
        return Fraction(-1 if game.objective.owner == DEFENDER else 1)
    return Fraction(c.paid[DEFENDER])


def _offset(objective: Objective) -> tuple[Fraction, Fraction]:
    """(the defender's return with no strike resolved, the two returns' sum): under ``survive`` the
    character is alive (1 to his owner) and the returns add up to 1; otherwise (0, 0)."""
    if objective.name == "survive":
        return Fraction(1 if objective.owner == DEFENDER else 0), Fraction(1)
    return Fraction(0), Fraction(0)


def _undominated(iv: dict, ha: tuple, hd: tuple) -> tuple[tuple, tuple]:
    """The hands without the cards never worth playing: a defender's card that raises no strike's
    value in any set it joins (whatever else is played, excess and support), an attacker's that
    lowers none. Leaving such a card unplayed is as good now, and a larger hand is never worse for
    its owner later (more options at every step), so some best play never plays it: the strikes'
    game keeps its value without it. Repeated until no card goes (fewer sets, fewer comparisons)."""
    while True:
        gone = None
        for role, hand, better in (("a", ha, lambda x, y: x < y), ("d", hd, lambda x, y: x > y)):
            for c in dict.fromkeys(hand):
                worth = False
                for (a, d, e, t, ca, cd), x in iv.items():
                    mine = ca if role == "a" else cd
                    if c not in mine:
                        continue
                    less = tuple(x_ for x_ in mine if x_ != c)
                    y = iv.get((a, d, e, t, less, cd) if role == "a" else (a, d, e, t, ca, less))
                    if y is None or better(x, y):
                        worth = True
                        break
                if not worth:
                    gone = (role, c)
                    break
            if gone:
                break
        if gone is None:
            return ha, hd
        role, c = gone
        if role == "a":
            ha = tuple(x for x in ha if x != c)
        else:
            hd = tuple(x for x in hd if x != c)
        iv = {k: x for k, x in iv.items() if c not in (k[4] if role == "a" else k[5])}


def _classes(names, untapped, column):
    """Members grouped by (untapped, their values against the other side), in file order."""
    keys: dict = {}
    for n in names:
        keys.setdefault((n in untapped, column(n)), []).append(n)
    return list(keys.items())


@dataclass
class MatchingSolution:
    """What :func:`solve_fast` found, with the interface of :class:`pycombat.tree.Solution` that
    the report reads (``value``, ``stats``, ``alternatives()``, ``principal_line()``)."""

    root: CvccState
    num_players: int
    value: tuple
    stats: SearchStats
    _alternatives: list
    _line: list
    #: phase-I choice -> the position after phase III that the matching game's best play reaches from it
    reach: Any = None
    #: the value of every position inside the strikes (:class:`StrikeValues`), for the outcome
    #: distributions of the first decision's options (:func:`.same_outcomes.first_decision_grouping`)
    strike_values: Any = None

    def alternatives(self, state: Any | None = None) -> list[Alternative]:
        if state is not None and state is not self.root:
            raise ValueError("the matching solver keeps the alternatives of the first decision only")
        return list(self._alternatives)

    def principal_line(self) -> list[Step]:
        return list(self._line)

    def line_states(self):
        """The line's first decision with its state (the matching solver keeps no other states)."""
        for step in self._line:
            if step.kind == "decision" and step.state == str(self.root):
                yield self.root, step
            return


class _Matching:
    """The assignment phases as a game over counts of interchangeable members (integers over one
    common denominator, so the search does no Fraction arithmetic).

    Without a shared resource (``additive``: no excess strike, no possible supporter) a pair's
    value is paid when the pair is made; otherwise the pairs made are carried (as classes) to the
    end of phase III, where the strikes are resolved as a game of their own (:meth:`strikes`)."""

    #: the cards that cancel the strike they are played in (set from the game's effects in ``__init__``)
    cancels: frozenset = frozenset()

    def __init__(self, game: CvccGame, strikes, targets, max_nodes: int, progress, hint):
        sc = game.scenario
        self.game = game
        untapped = {m.name for m in sc.attacker.members if m.status == "untapped"}
        phase1 = {m.name for m in sc.defender.members if m.phase1_target}  # MECCG-ASSIGN-2, MECCG-FX-18
        self.support_pool = [m.name for m in sc.defender.members if m.status == "untapped"]
        self.fixed_support = sum(1 for n in self.support_pool if n not in targets)  # never struck
        k_max = max(0, len(strikes) - len(targets))
        # With at least as many strikes as targets every target is struck: only the untapped
        # defenders who are no target may support.
        t_max = self.fixed_support if len(strikes) >= len(targets) else len(self.support_pool)
        self.additive = k_max == 0 and t_max == 0 or (
            k_max == 0 and self.fixed_support == 0 and len(strikes) == len(targets))
        if self.additive:
            t_max = 0
        # The value of every strike with every count of excess strikes and supporters it may get.
        # Each excess strike is -1 and each supporter +1 to the defender's prowess (MECCG-SEQ-3/6),
        # so a strike's value depends on the difference only: computed once per difference
        # (tests/meccg/test_matching.py checks this against every pair of counts).
        # Cards in hand (MECCG-SEQ-2/7): the card sets each side may play in each strike (the engine's
        # own play check, MECCG-FX-1), a set from the whole hand; a smaller hand offers the sets it holds.
        # The abilities of the items a member carries are offered as the engine offers them (with the
        # hand's cards, CvccGame._own_items, MECCG-FX-17/22): his alone, never spent for another strike.
        self.ha, self.hd = game.hand_a, game.hand_d
        #: the cards that cancel the strike they are played in: one the attacker played at step 1 leaves the
        #: defender none to play at step 6 (the play check, MECCG-SEQ-7/12; CvccGame._cancelled_by)
        self.cancels = frozenset(c for c, e in game.reg.effects.items() if e.cancel_strike)
        members = game.members
        card_sets = {}
        for a in strikes:
            for d in targets:
                card_sets[a, d] = (game._card_sets(self.ha, members[a], d), game._card_sets(self.hd, members[d], a))
        values = {}
        for a in strikes:
            others = tuple(x for x in strikes if x != a)
            for d in targets:
                helpers = tuple(x for x in self.support_pool if x != d)
                sa, sd = card_sets[a, d]
                by_net: dict = {}
                for e in range(min(k_max, len(others)) + 1):
                    for t in range(min(t_max, len(helpers)) + 1):
                        for ca in sa:
                            for cd in sd:
                                if (t - e, ca, cd) not in by_net:
                                    by_net[t - e, ca, cd] = strike_value(game, a, d, others[:max(0, e - t)],
                                                                         helpers[:max(0, t - e)], ca, cd)
                                values[a, d, e, t, ca, cd] = by_net[t - e, ca, cd]
        self.denom = math.lcm(*(v.denominator for v in values.values()))
        iv = {k: v.numerator * (self.denom // v.denominator) for k, v in values.items()}
        self.ha, self.hd = _undominated(iv, self.ha, self.hd)
        kept = set(self.ha) | set(self.hd)
        held = set(game.hand_a) | set(game.hand_d)
        iv = {k: x for k, x in iv.items() if not (set(k[4]) | set(k[5])) & (held - kept)}
        card_sets = {k: ([c for c in sa if not set(c) & (held - kept)], [c for c in sd if not set(c) & (held - kept)])
                     for k, (sa, sd) in card_sets.items()}
        self.iv = iv
        prof: dict = {}  # (a, d) -> every (excess, supporters, cards) with its value: what the strike is worth
        for (a, d, e, t, ca, cd), x in iv.items():
            prof.setdefault((a, d), []).append((e, t, ca, cd, x))
        prof = {k: tuple(sorted(v)) for k, v in prof.items()}
        self.scls = _classes(strikes, untapped, lambda a: tuple(prof[a, d] for d in targets))
        # a target's class: a phase-I target or not, then untapped or not (who may support, MECCG-SEQ-6)
        supporters = set(self.support_pool)
        self.tcls = _classes(targets, phase1, lambda d: (d in supporters,) + tuple(prof[a, d] for a in strikes))
        self.sof = {n: i for i, (_, ms) in enumerate(self.scls) for n in ms}
        self.tof = {n: j for j, (_, ms) in enumerate(self.tcls) for n in ms}
        self.V = [[iv[ms[0], mt[0], 0, 0, (), ()] for _, mt in self.tcls] for _, ms in self.scls]
        self.W = {(i, j, e, t, ca, cd): x for i, (_, ms) in enumerate(self.scls) for j, (_, mt) in enumerate(self.tcls)
                  for e, t, ca, cd, x in prof[ms[0], mt[0]]}
        #: class pair -> (attacker's card sets, defender's card sets) playable in its strike
        self.sets = {(i, j): card_sets[ms[0], mt[0]] for i, (_, ms) in enumerate(self.scls)
                     for j, (_, mt) in enumerate(self.tcls)}
        #: a pair whose strike some card may be played in: its value waits for the strikes' game
        self.carded = {k for k, (sa, sd) in self.sets.items() if len(sa) > 1 or len(sd) > 1}
        #: a pair worth the same whatever its strike gets (cards, excess strikes, supporters) is a no-op
        #: in the strikes' game (a card or excess strike spent on it is wasted, a larger hand is never
        #: worse for its owner), so it is never carried: V(S + that strike) = V(S)
        self.inert = {(i, j) for i, (_, ms) in enumerate(self.scls) for j, (_, mt) in enumerate(self.tcls)
                      if all(x == self.V[i][j] for *_, x in prof[ms[0], mt[0]])}
        # A carried pair is carried as its kind: what its strike adds to its value with neither excess,
        # support nor card (paid when the pair is made), for each choice: pairs of one kind are
        # interchangeable in the strikes' game, whoever strikes whom.
        kinds: dict = {}
        self.kind = {}
        self.T: list[dict] = []
        self.kind_sets: list = []
        for (i, j), (sa, sd) in self.sets.items():
            base = self.V[i][j]
            table = tuple(sorted((e, t, ca, cd, x - base)
                                 for e, t, ca, cd, x in prof[self.scls[i][1][0], self.tcls[j][1][0]]))
            key = (tuple(sa), tuple(sd), table)
            if key not in kinds:
                kinds[key] = len(self.T)
                self.T.append({(e, t, ca, cd): x for e, t, ca, cd, x in table})
                self.kind_sets.append((sa, sd))
            self.kind[i, j] = kinds[key]
        self.sunt = [k[0] for k, _ in self.scls]
        self.tunt = [k[0] for k, _ in self.tcls]  # phase-I targets (MECCG-ASSIGN-2)
        self.tsup = [k[1][0] for k, _ in self.tcls]  # untapped: may support when unstruck
        self.mandatory = sc.flags.get("phase2_assignment", "mandatory") == "mandatory"
        self._one_sided()
        self.memo: dict = {}
        self.edges = 0
        self.max_nodes, self.progress, self.hint = max_nodes, progress, hint

    def carried(self, i: int, j: int) -> bool:
        """Whether pair (i, j) is carried to the strikes' game: it shares excess strikes or
        supporters with the others, or a card may be played in its strike (MECCG-SEQ-2/7)."""
        if (i, j) in self.inert:
            return False
        return not self.additive or (i, j) in self.carded

    def carried_most(self) -> int:
        """The most pairs one complete assignment carries to the strikes' game (at most): a largest
        matching of the members whose pairs are carried. With at most one, the positions are at most
        those of the game without cards times one more than the kinds of pairs."""
        edges = {a: [d for d in self.tof if self.carried(i, self.tof[d])] for a, i in self.sof.items()}
        seat: dict = {}

        def place(a, seen) -> bool:  # an augmenting path from a (Kuhn)
            for d in edges[a]:
                if d not in seen:
                    seen.add(d)
                    if d not in seat or place(seat[d], seen):
                        seat[d] = a
                        return True
            return False

        return sum(place(a, set()) for a in edges)

    def carried_kinds(self) -> set:
        """The kinds of the pairs carried to the strikes' game (pairs of one kind are interchangeable)."""
        return {self.kind[k] for k in self.sets if self.carried(*k)}

    def carried_multisets(self) -> int:
        """An upper bound on the strikes made that one position carries: the multisets of at most
        :meth:`carried_most` pairs drawn from :meth:`carried_kinds` (interchangeable members make few
        kinds: such a combat is solved, not refused)."""
        most = self.carried_most()
        return math.comb(len(self.carried_kinds()) + most, most)

    def carried_cards(self) -> list[str]:
        """The cards (by name) the strikes' game plays: the hands after :func:`_undominated`."""
        reg = self.game.reg.effects
        return [reg[c].name if c in reg else c for c in dict.fromkeys(self.ha + self.hd)]

    def value(self, x: int) -> tuple:
        """An integer value of this game (over :attr:`denom`) as the engine's returns (defender, attacker)."""
        base, total = _offset(self.game.objective)
        v = base + Fraction(x, self.denom)
        return (v, total - v)

    def gain(self, i: int, j: int) -> int:
        """What making pair (i, j) pays at once: its strike's value with neither excess strike,
        supporter nor card (what more it may bring is for the strikes' game if it is carried)."""
        return self.V[i][j]

    def made_with(self, made: tuple, i: int, j: int) -> tuple:
        """The kinds of the carried pairs made, sorted (a multiset), with pair (i, j); when one side
        alone holds cards, what they are worth instead (:meth:`_one_sided`)."""
        if not self.carried(i, j):
            return made
        if self.alloc is not None:
            key = (made, self.kind[i, j])
            got = self.alloc_memo.get(key)
            if got is None:
                got = self.alloc_memo[key] = self._allocate(made or self.alloc_empty, key[1])
            return got
        return tuple(sorted(made + (self.kind[i, j],)))

    def _one_sided(self) -> None:
        """When one side alone holds cards worth playing, no excess strike or supporter is shared and
        every card set comes from the hand (no item's ability), the strikes' game is an allocation:
        the holder gives each strike a set of his cards, whatever the order (the other side has no
        choice in any strike, so the order the defender picks reveals nothing), and its value is the
        best allocation. The pairs made are then carried as what they are worth: for every part U of
        the hand, the best the holder gets from those strikes with the cards of U (the sets on
        different strikes use different cards, so the strikes made so far and those made later
        share the hand: best of a union = max over U of best(U) + best of the rest with the others).
        :attr:`alloc` is None otherwise; else the parts of the hand (sorted tuples) and, per kind,
        per part, (the part left, the gain) for each set that part holds."""
        self.alloc = None
        if not self.additive or (self.ha and self.hd) or not (self.ha or self.hd):
            return
        hand = self.ha or self.hd
        side = 0 if self.ha else 1
        self.alloc_sign = sign = -1 if self.ha else 1  # the attacker gains by lowering the defender's value
        parts = sorted({tuple(sorted(c)) for r in range(len(hand) + 1) for c in combinations(hand, r)},
                       key=lambda c: (len(c), c))
        index = {c: n for n, c in enumerate(parts)}

        def minus(u: tuple, c: tuple):
            left = list(u)
            for x in c:
                if x not in left:
                    return None
                left.remove(x)
            return index[tuple(left)]

        moves = []
        for sets, table in zip(self.kind_sets, self.T):
            if list(sets[1 - side]) != [()]:  # the other side may play something (an item's ability)
                return
            gains = []
            for cs in sets[side]:
                if not cs:
                    continue
                if any(c not in hand for c in cs):  # an item's ability (no hand card): not an allocation
                    return
                g = sign * table[(0, 0, cs, ()) if side == 0 else (0, 0, (), cs)]
                if g > 0:
                    gains.append((cs, g))
            moves.append(tuple(tuple((k, g) for cs, g in gains if (k := minus(u, cs)) is not None) for u in parts))
        self.alloc, self.alloc_index, self.alloc_moves = parts, index, moves
        self.alloc_empty = (0,) * len(parts)
        self.alloc_memo: dict = {}  # (what the strikes made are worth, kind) -> with a strike of that kind

    def _allocate(self, prof: tuple, kind: int) -> tuple:
        """``prof`` (per part of the hand, the best gain of the strikes made so far) with a strike of
        ``kind``: each part either leaves it without a card or gives it a set, the rest to the others."""
        moves = self.alloc_moves[kind]
        out = []
        for n, best in enumerate(prof):
            for k, g in moves[n]:
                if prof[k] + g > best:
                    best = prof[k] + g
            out.append(best)
        return tuple(out)

    def plain_positions(self, rs: tuple, rt: tuple, most: int) -> int:
        """The positions of the assignment phases from ``rs``, ``rt`` with the pairs made left out:
        the keys :meth:`p1`, :meth:`p2` and :meth:`p3` store, without ``made`` (counted, none
        valued; the count stops at ``most``). The search stores each of them at least once, with
        one value of the pairs made or more (its moves never read them), so its positions are at
        least this many: a count that passes the bound refuses the search before it is done."""
        seen: set = set()
        nt, ns = len(self.tcls), len(self.scls)
        stack = [(1, -1, 0, rs, rt)]
        while stack and len(seen) < most:
            key = stack.pop()
            if key[0] == 1:  # MECCG-ASSIGN-2, as p1
                _, j, u, rs, rt = key
                while u == 0 and j + 1 < nt:
                    j += 1
                    u = rt[j] if self.tunt[j] else 0
                if u == 0:
                    stack.append((2, -1, 0, rs, rt, self.skips(rs, rt)))
                    continue
                key = (1, j, u, rs, rt)
                if key not in seen:
                    seen.add(key)
                    rt2 = rt[:j] + (rt[j] - 1,) + rt[j + 1:]
                    stack.append((1, j, u - 1, rs, rt))
                    stack += [(1, j, u - 1, rs[:i] + (n - 1,) + rs[i + 1:], rt2) for i, n in enumerate(rs) if n]
            elif key[0] == 2:  # MECCG-ASSIGN-3, as p2
                _, i, u, rs, rt, skips = key
                while u == 0 and i + 1 < ns:
                    i += 1
                    u = rs[i] if self.sunt[i] else 0
                if u == 0:
                    stack.append((3, rs, rt))
                    continue
                key = (2, i, u, rs, rt, skips)
                if key not in seen:
                    seen.add(key)
                    rs2 = rs[:i] + (rs[i] - 1,) + rs[i + 1:]
                    if skips:
                        stack.append((2, i, u - 1, rs, rt, skips - 1))
                    stack += [(2, i, u - 1, rs2, rt[:j] + (n - 1,) + rt[j + 1:], skips) for j, n in enumerate(rt) if n]
            else:  # MECCG-ASSIGN-4, as p3 (its end is no position)
                _, rs, rt = key
                if not any(rs) or not any(rt) or key in seen:
                    continue
                seen.add(key)
                stack += [(3, rs[:i] + (rs[i] - 1,) + rs[i + 1:], rt[:j] + (rt[j] - 1,) + rt[j + 1:])
                          for i, j in self._p3_pairs(rs, rt)]
        return min(len(seen), most)

    def _p3_pairs(self, rs: tuple, rt: tuple):
        """(strike class, target class) of each next pair of phase III (MECCG-ASSIGN-4): the first
        remaining member of the side that runs out first with each remaining one of the other."""
        if sum(rs) <= sum(rt):
            i = next(k for k, n in enumerate(rs) if n)
            return [(i, j) for j, n in enumerate(rt) if n]
        j = next(k for k, n in enumerate(rt) if n)
        return [(i, j) for i, n in enumerate(rs) if n]

    # -- the three phases -------------------------------------------------------------------------
    def _store(self, key, value):
        memo = self.memo
        memo[key] = value
        n = len(memo)
        if n >= self.max_nodes:
            raise TooLargeError(self.hint(n))
        if self.progress is not None and n % PROGRESS_EVERY == 0:
            self.progress(n)
        return value

    def p1(self, j: int, u: int, rs: tuple, rt: tuple, made: tuple = ()) -> int:
        """Phase I (MECCG-ASSIGN-2, defender, maximises): each untapped target in turn takes a
        strike of any remaining member, or none."""
        while u == 0:
            j += 1
            if j == len(self.tcls):
                return self.p2start(rs, rt, made)
            u = rt[j] if self.tunt[j] else 0
        key = (1, j, u, rs, rt, made)
        got = self.memo.get(key)
        if got is not None:
            return got
        best = None
        for x, _ in self._p1_options(j, u, rs, rt, made):
            if best is None or x > best:
                best = x
        return self._store(key, best)

    def _p1_options(self, j, u, rs, rt, made):
        self.edges += 1
        yield self.p1(j, u - 1, rs, rt, made), None
        rt2 = rt[:j] + (rt[j] - 1,) + rt[j + 1:]
        for i, n in enumerate(rs):
            if n:
                self.edges += 1
                yield (self.gain(i, j) + self.p1(j, u - 1, rs[:i] + (n - 1,) + rs[i + 1:], rt2,
                                                 self.made_with(made, i, j)), i)

    def p2start(self, rs: tuple, rt: tuple, made: tuple = ()) -> int:
        """Phase II (MECCG-ASSIGN-3, attacker, minimises): his remaining untapped strikes, each on a
        target or (as many as the phase2_assignment flag allows) none."""
        return self.p2(-1, 0, rs, rt, self.skips(rs, rt), made)

    def skips(self, rs: tuple, rt: tuple) -> int:
        u_strikes = sum(n for n, t in zip(rs, self.sunt) if t)
        return u_strikes - min(u_strikes, sum(rt)) if self.mandatory else u_strikes

    def p2(self, i: int, u: int, rs: tuple, rt: tuple, skips: int, made: tuple = ()) -> int:
        while u == 0:
            i += 1
            if i == len(self.scls):
                return self.p3(rs, rt, made)
            u = rs[i] if self.sunt[i] else 0
        key = (2, i, u, rs, rt, skips, made)
        got = self.memo.get(key)
        if got is not None:
            return got
        best = None
        for x, _ in self._p2_options(i, u, rs, rt, skips, made):
            if best is None or x < best:
                best = x
        return self._store(key, best)

    def _p2_options(self, i, u, rs, rt, skips, made):
        if skips:
            self.edges += 1
            yield self.p2(i, u - 1, rs, rt, skips - 1, made), None
        rs2 = rs[:i] + (rs[i] - 1,) + rs[i + 1:]
        for j, n in enumerate(rt):
            if n:
                self.edges += 1
                yield (self.gain(i, j) + self.p2(i, u - 1, rs2, rt[:j] + (n - 1,) + rt[j + 1:], skips,
                                                 self.made_with(made, i, j)), j)

    def p3(self, rs: tuple, rt: tuple, made: tuple = ()) -> int:
        """Phase III (MECCG-ASSIGN-4, defender, maximises): remaining strikes on remaining targets
        until either runs out (one at a time, from the side that runs out first)."""
        if sum(rs) <= sum(rt):
            i = next((k for k, n in enumerate(rs) if n), None)
            if i is None:
                return self.end(rs, rt, made)
        else:
            i = next((k for k, n in enumerate(rt) if n), None)
            if i is None:
                return self.end(rs, rt, made)
        key = (3, rs, rt, made)
        got = self.memo.get(key)
        if got is not None:
            return got
        best = max(x for x, _ in self._p3_options(rs, rt, made))
        return self._store(key, best)

    def _p3_options(self, rs, rt, made):
        """(value, (strike class, target class)) for the next pair of phase III."""
        for i, j in self._p3_pairs(rs, rt):
            self.edges += 1
            yield (self.gain(i, j) + self.p3(rs[:i] + (rs[i] - 1,) + rs[i + 1:], rt[:j] + (rt[j] - 1,) + rt[j + 1:],
                                             self.made_with(made, i, j)), (i, j))

    def end(self, rs: tuple, rt: tuple, made: tuple) -> int:
        """After phase III: the strikes left over are excess (MECCG-ASSIGN-5), the untapped
        defenders left unstruck may support (MECCG-SEQ-6)."""
        if self.additive:
            return self.strikes(made, 0, 0, self.ha, self.hd)
        support = self.fixed_support + sum(n for n, t in zip(rt, self.tsup) if t)
        return self.strikes(made, sum(rs), support, self.ha, self.hd)

    def _plays(self, sets: list, hand: tuple) -> list[tuple[tuple, tuple]]:
        """The card sets still playable from ``hand`` (an item's ability is no hand card: always
        there, see CvccGame._own_items), each with the hand left after it."""
        out = []
        for cs in sets:
            left = list(hand)
            for c in cs:
                if c in left:
                    left.remove(c)
                elif c in self.ha or c in self.hd:  # a hand card already played
                    break
            else:
                out.append((cs, tuple(left)))
        return out

    def _answers(self, ca: tuple, pd: list) -> list:
        """The defender's card sets of ``pd`` playable after the attacker's ``ca``: no cancel of a strike
        his card cancelled (MECCG-SEQ-7/12)."""
        if not self.cancels.intersection(ca):
            return pd
        return [(cd, h) for cd, h in pd if not self.cancels.intersection(cd)]

    def strikes(self, left: tuple, k: int, t: int, ha: tuple = (), hd: tuple = ()) -> int:
        """The strikes resolved (MECCG-SEQ-1..10) as a game without chance: the defender picks the
        next strike (MECCG-SEQ-1); in it the attacker plays cards at step 1 (MECCG-SEQ-2) and
        allocates excess strikes (all that are left on the last, MECCG-SEQ-3), then the defender,
        knowing that, chooses supporters (all that are left on the last: never worse, see
        CvccGame.prune) and plays cards at step 6 (MECCG-SEQ-6/7). No outcome changes a later
        strike (:func:`hand_reason`, :class:`NotIndependent`): every outcome leads to the same
        next position, so each strike's expected value adds to the value of the rest."""
        if self.alloc is not None:  # one side's cards: the best allocation (_one_sided), order-free
            return self.alloc_sign * left[self.alloc_index[ha or hd]] if left else 0
        if not left:
            return 0
        if len(left) == 1:
            w = self.T[left[0]]
            sa, sd = self.kind_sets[left[0]]
            return min(max(w[k, t, ca, cd] for cd, _ in self._answers(ca, self._plays(sd, hd)))
                       for ca, _ in self._plays(sa, ha))
        key = ("s", left, k, t, ha, hd)
        got = self.memo.get(key)
        if got is not None:
            return got
        best = None
        for n, s in enumerate(left):
            if n and left[n - 1] == s:
                continue
            rest = left[:n] + left[n + 1:]
            w = self.T[s]
            sa, sd = self.kind_sets[s]
            pd = self._plays(sd, hd)
            worst = None
            for ca, ha2 in self._plays(sa, ha):
                for e in range(k + 1):
                    top = None
                    for u in range(t + 1):
                        for cd, hd2 in self._answers(ca, pd):
                            x = w[e, u, ca, cd] + self.strikes(rest, k - e, t - u, ha2, hd2)
                            if top is None or x > top:
                                top = x
                    if worst is None or top < worst:
                        worst = top
            if best is None or worst > best:
                best = worst
        return self._store(key, best)


def _counts(cls, names) -> tuple:
    names = set(names)
    return tuple(sum(1 for n in ms if n in names) for _, ms in cls)


def _phase1_choices(m: "_Matching", untapped_targets, strikes, rs0: tuple, rt0: tuple) -> list:
    """Every phase-I set of pairs (each untapped target takes one strike or none, MECCG-ASSIGN-2)
    with what the pairs paid, the counts left and the pairs made as classes:
    [(pairs, paid, rs, rt, made)], sorted as the engine lists them."""
    out = []
    sof, tof = m.sof, m.tof

    def go(k, used, pairs, paid, rs, rt, made):
        if k == len(untapped_targets):
            out.append((tuple(sorted(pairs)), paid, rs, rt, made))
            return
        go(k + 1, used, pairs, paid, rs, rt, made)
        d = untapped_targets[k]
        j = tof[d]
        rt2 = rt[:j] + (rt[j] - 1,) + rt[j + 1:]
        for a in strikes:
            if a not in used:
                i = sof[a]
                go(k + 1, used | {a}, pairs + [(a, d)], paid + m.gain(i, j), rs[:i] + (rs[i] - 1,) + rs[i + 1:], rt2,
                   m.made_with(made, i, j))

    go(0, frozenset(), [], 0, rs0, rt0, ())
    out.sort(key=lambda r: r[0])
    return out


def estimate(strikes, targets, untapped_targets) -> int:
    """The phase-I choices the solver values one by one (a size it cannot avoid)."""
    n, total = len(strikes), 0
    for k in range(len(untapped_targets) + 1):
        total += math.comb(len(untapped_targets), k) * math.perm(n, k)
    return total


@dataclass
class Prepared:
    """A combat :func:`fast_reason` accepts, its strikes valued and its matching game set up (not
    searched yet): what :func:`solve_fast` solves, and what a caller reads first to refuse up front
    (:meth:`_Matching.carried_most`)."""

    game: CvccGame
    strikes: list
    targets: list
    utargets: list  #: the phase-I targets (MECCG-ASSIGN-2, MECCG-FX-18)
    n_first: int  #: the phase-I choices valued one by one
    m: _Matching
    t0: float


def prepare(scenario, objective: Objective, *, max_nodes: int,
            progress: Callable[[int], object] | None = None) -> Prepared:
    """The matching game of a combat :func:`fast_reason` accepts, every strike valued; refuses
    (:class:`TooLargeError`) more phase-I choices than ``max_nodes``."""
    from ..assignment.legal import judge_attack

    t0 = time.perf_counter()
    game = CvccGame(scenario, objective)
    verdict = judge_attack(scenario)
    strikes, targets = verdict.strikes, verdict.targets
    phase1 = {m.name for m in scenario.defender.members if m.phase1_target}  # MECCG-ASSIGN-2, MECCG-FX-18
    utargets = [d for d in targets if d in phase1]
    where = scenario.file or "the scenario"
    n_first = estimate(strikes, targets, utargets)
    if n_first > max_nodes:
        raise TooLargeError(f"{where}: optimize: the defender has {n_first:,} phase-I choices to value, more than "
                            f"--max-nodes {max_nodes:,}; raise --max-nodes or solve a smaller combat")

    # what to change in the file: the cards in hand multiply the positions (the strikes made are carried)
    cards = "hold fewer cards, use --objective survive, " if game.hand_a or game.hand_d else ""

    def hint(n: int) -> str:
        return (f"{where}: optimize: the assignment phases have more than {n:,} positions besides the "
                f"{n_first:,} phase-I choices, more than --max-nodes {max_nodes:,} in all; {cards}solve a smaller "
                "combat or raise --max-nodes")

    # The phase-I choices are valued one by one after the search: they count against the bound too.
    m = _Matching(game, strikes, targets, max_nodes - n_first, progress, hint)
    if bool(scenario.attacker.hand) != bool(scenario.defender.hand):
        # one side's cards: the pairs made are carried as what they are worth to each part of the hand, a
        # number known only from the search; the positions without them are counted first, a lower bound
        room = max_nodes - n_first
        plain = m.plain_positions(_counts(m.scls, strikes), _counts(m.tcls, targets), room)
        if plain and plain >= room:
            raise TooLargeError(f"{where}: optimize: the assignment phases have at least {plain:,} positions "
                                f"besides the {n_first:,} phase-I choices (counted without the cards in hand, "
                                f"which multiply them), more than --max-nodes {max_nodes:,} in all; {cards}solve "
                                "a smaller combat or raise --max-nodes")
    return Prepared(game, strikes, targets, utargets, n_first, m, t0)


def solve_fast(scenario, objective: Objective, *, max_nodes: int,
               progress: Callable[[int], object] | None = None, prepared: Prepared | None = None):
    """Solve a combat :func:`fast_reason` accepts (``prepared``: its :func:`prepare`, made with the
    same arguments); returns an :class:`.optimize.Solved`."""
    from .optimize import Solved, report_value

    p = prepared or prepare(scenario, objective, max_nodes=max_nodes, progress=progress)
    game, strikes, targets, utargets, m, t0 = p.game, p.strikes, p.targets, p.utargets, p.m, p.t0
    rs0, rt0 = _counts(m.scls, strikes), _counts(m.tcls, targets)
    root_int = m.p1(-1, 0, rs0, rt0)

    val = m.value

    # Every phase-I choice, named, valued, in the engine's order (sorted) and with its tie-break.
    root = game.new_initial_state()
    rows = []
    after: dict = {}  # phase-II start (counts left, pairs made) -> its value
    for idx, (act, paid, rs, rt, made) in enumerate(_phase1_choices(m, utargets, strikes, rs0, rt0)):
        x = after.get((rs, rt, made))
        if x is None:
            x = after[rs, rt, made] = m.p2start(rs, rt, made)
        rows.append((idx, act, paid + x))
    best_idx = max(rows, key=lambda r: (r[2], -r[0]))[0]
    assert rows[best_idx][2] == root_int, "the phase-I choices disagree with the matching game"
    rows.sort(key=lambda r: (-r[2], r[0]))
    alts = [Alternative(action=a, label=game.action_to_string(root, a), child=i, value=val(x), best=i == best_idx)
            for i, a, x in rows]
    p1_act = next(a.action for a in alts if a.best)

    # The principal line: phase I as chosen, phases II and III by the matching game's best moves
    # (the first best option, members named in file order), then the strikes by the engine.
    line: list[Step] = [Step(node=0, kind=DECISION, player=0, state=str(root),
                             action=game.action_to_string(root, p1_act), prob=None, value=val(root_int))]
    paid, made = 0, ()
    for a, d in p1_act:
        paid, made = paid + m.gain(m.sof[a], m.tof[d]), m.made_with(made, m.sof[a], m.tof[d])
    left_s = [a for a in strikes if a not in {a for a, _ in p1_act}]
    left_t = [d for d in targets if d not in {d for _, d in p1_act}]
    s2 = CvccState(game, "phase2", p1=p1_act)
    v2 = paid + m.p2start(_counts(m.scls, left_s), _counts(m.tcls, left_t), made)
    p2_pairs = _follow2(m, left_s, left_t, made)
    p2_act = tuple(sorted(p2_pairs))
    line.append(Step(node=1, kind=DECISION, player=1, state=str(s2), action=game.action_to_string(s2, p2_act),
                     prob=None, value=val(v2)))
    for a, d in p2_pairs:
        paid, made = paid + m.gain(m.sof[a], m.tof[d]), m.made_with(made, m.sof[a], m.tof[d])
    left_s = [a for a in left_s if a not in {a for a, _ in p2_pairs}]
    left_t = [d for d in left_t if d not in {d for _, d in p2_pairs}]
    s3 = CvccState(game, "phase3", p1=p1_act, p2=p2_act)
    v3 = paid + m.p3(_counts(m.scls, left_s), _counts(m.tcls, left_t), made)
    p3_pairs = _follow3(m, left_s, left_t, made)
    excess = tuple(a for a in strikes if a in set(left_s) - {a for a, _ in p3_pairs})
    p3_act = (tuple(sorted(p3_pairs)), excess)
    line.append(Step(node=2, kind=DECISION, player=0, state=str(s3), action=game.action_to_string(s3, p3_act),
                     prob=None, value=val(v3)))
    assert v3 == v2 == root_int, "the principal line leaves the matching game's value"
    # The strikes of the line by the engine when no card is worth playing and their tree is small
    # enough; else (with cards it grows with the orders of the strikes and the hands) the line
    # follows the engine's moves valued by the matching game's strikes (StrikeValues).
    strikes_sol = None
    if not (m.ha or m.hd):  # with cards the engine's tree of ten strikes is mostly too large: not tried
        try:
            strikes_sol = solve_game(s3.child(p3_act), max_nodes=min(max_nodes, LINE_STRIKES_NODES))
        except TooLargeError:
            pass
    if strikes_sol is not None:
        assert strikes_sol.value[0] == val(root_int)[0], "the strikes disagree with the matching game"
        line += [Step(**{**st.__dict__, "node": st.node + 3}) for st in strikes_sol.principal_line()]
    else:  # the same line, each position valued by the matching game's strikes (StrikeValues)
        post = s3.child(p3_act)
        values = StrikeValues(m)
        assert values(post)[0] == val(root_int)[0], "the strikes' game disagrees with the phases"
        line += values.line(post, first_node=3)
    sub = strikes_sol.stats if strikes_sol is not None else SearchStats(nodes=0, edges=0, decision=0, chance=0,
                                                                          terminal=0, transpositions=0,
                                                                          merged_edges=0, longest_line=0)
    n = len(m.memo) + len(rows) + sub.nodes
    edges = m.edges + len(rows) + sub.edges
    stats = SearchStats(nodes=n, edges=edges, decision=len(m.memo) + 3, chance=sub.chance,
                        terminal=sub.terminal, transpositions=max(0, edges - (n - 1)), merged_edges=0,
                        longest_line=len(line) - 1)
    if progress is not None:
        progress(n)
    solution = MatchingSolution(root=root, num_players=2, value=val(root_int), stats=stats, _alternatives=alts,
                                _line=line, reach=lambda act: _reach(m, game, strikes, targets, act),
                                strike_values=StrikeValues(m))
    return Solved(game, solution, report_value(game, solution.value), time.perf_counter() - t0)


def _first_best(options, better):
    best = None
    for x, choice in options:
        if best is None or better(x, best[0]):
            best = (x, choice)
    return best[1]


def _follow2(m: _Matching, left_s, left_t, made: tuple) -> list:
    """The attacker's phase-II pairs along the matching game's best line, named."""
    rs, rt = _counts(m.scls, left_s), _counts(m.tcls, left_t)
    skips = m.skips(rs, rt)
    free_t = list(left_t)
    pairs = []
    for i in range(len(m.scls)):
        if not m.sunt[i]:
            continue
        undecided = [a for a in m.scls[i][1] if a in left_s]
        for k, a in enumerate(undecided):
            j = _first_best(m._p2_options(i, len(undecided) - k, rs, rt, skips, made), lambda x, y: x < y)
            if j is None:
                skips -= 1
                continue
            d = next(t for t in m.tcls[j][1] if t in free_t)
            pairs.append((a, d))
            free_t.remove(d)
            rs = rs[:i] + (rs[i] - 1,) + rs[i + 1:]
            rt = rt[:j] + (rt[j] - 1,) + rt[j + 1:]
            made = m.made_with(made, i, j)
    return pairs


def _follow3(m: _Matching, left_s, left_t, made: tuple) -> list:
    """The defender's phase-III pairs along the matching game's best line, named."""
    rs, rt = _counts(m.scls, left_s), _counts(m.tcls, left_t)
    free_s, free_t = list(left_s), list(left_t)
    pairs = []
    while any(rs) and any(rt):
        i, j = _first_best(m._p3_options(rs, rt, made), lambda x, y: x > y)
        a = next(x for x in m.scls[i][1] if x in free_s)
        d = next(t for t in m.tcls[j][1] if t in free_t)
        pairs.append((a, d))
        free_s.remove(a)
        free_t.remove(d)
        rs = rs[:i] + (rs[i] - 1,) + rs[i + 1:]
        rt = rt[:j] + (rt[j] - 1,) + rt[j + 1:]
        made = m.made_with(made, i, j)
    return pairs


class PhaseValues:
    """The exact value of every position of the assignment phases (phase I, II or III to play),
    read off the matching game: what :func:`solve_fast` values its phase-I choices with, for the
    states of a depth-limited tree (``pycombat tree --depth N``). Only for a combat
    :func:`fast_reason` accepts; :meth:`__call__` gives None for a position inside the strikes."""

    def __init__(self, scenario, objective: Objective, *, max_nodes: int):
        from ..assignment.legal import judge_attack

        self.game = CvccGame(scenario, objective)
        verdict = judge_attack(scenario)
        where = scenario.file or "the scenario"

        def hint(n: int) -> str:
            return (f"{where}: tree: valuing the assignment phases takes more than {n:,} positions, more than "
                    f"--max-nodes {max_nodes:,}")

        self.m = _Matching(self.game, verdict.strikes, verdict.targets, max_nodes, None, hint)
        self.strikes, self.targets = verdict.strikes, verdict.targets

    def _paid(self, pairs) -> tuple[int, tuple]:
        m, paid, made = self.m, 0, ()
        for a, d in pairs:
            i, j = m.sof[a], m.tof[d]
            paid, made = paid + m.gain(i, j), m.made_with(made, i, j)
        return paid, made

    def __call__(self, state: CvccState) -> tuple | None:
        """The state's value (defender, attacker), or None when it is not a phase position."""
        if state.stage not in ("phase1", "phase2", "phase3"):
            return None
        m = self.m
        pairs = state.p1 + state.p2
        paid, made = self._paid(pairs)
        s_used, t_used = {a for a, _ in pairs}, {d for _, d in pairs}
        rs = _counts(m.scls, [a for a in self.strikes if a not in s_used])
        rt = _counts(m.tcls, [d for d in self.targets if d not in t_used])
        if state.stage == "phase1":
            x = m.p1(-1, 0, rs, rt)
        elif state.stage == "phase2":
            x = paid + m.p2start(rs, rt, made)
        else:
            x = paid + m.p3(rs, rt, made)
        return m.value(x)


def _reach(m: _Matching, game: CvccGame, strikes, targets, p1_act: tuple) -> CvccState:
    """The position after phase III (the strikes to resolve) that the matching game's best play reaches
    from the defender's phase-I choice ``p1_act`` (phases II and III have no chance: one position)."""
    made = ()
    for a, d in p1_act:
        made = m.made_with(made, m.sof[a], m.tof[d])
    left_s = [a for a in strikes if a not in {a for a, _ in p1_act}]
    left_t = [d for d in targets if d not in {d for _, d in p1_act}]
    p2_pairs = _follow2(m, left_s, left_t, made)
    for a, d in p2_pairs:
        made = m.made_with(made, m.sof[a], m.tof[d])
    left_s = [a for a in left_s if a not in {a for a, _ in p2_pairs}]
    left_t = [d for d in left_t if d not in {d for _, d in p2_pairs}]
    p3_pairs = _follow3(m, left_s, left_t, made)
    excess = tuple(a for a in strikes if a in set(left_s) - {a for a, _ in p3_pairs})
    p2_act = tuple(sorted(p2_pairs))
    s3 = CvccState(game, "phase3", p1=p1_act, p2=p2_act)
    return s3.child((tuple(sorted(p3_pairs)), excess))


class StrikeValues:
    """The exact value (defender, attacker) of every position of the engine's game inside the
    strikes (after phase III), read off the matching game: a position where the next strike is to
    be picked (or the attack is over) is worth its pairs' values with nothing played plus the
    strikes' game over the pairs carried, the excess strikes and supporters left and the hands
    (:meth:`_Matching.strikes`; a card :func:`_undominated` left out is never worth playing); a
    position inside a strike is valued by the engine's own moves and outcome classes from there
    (MECCG-SEQ-1..10). :meth:`line` follows the engine's moves as its principal line does (the
    first best action in ``legal_actions`` order, at chance the most probable class of outcomes
    leading to one position) without building the tree."""

    def __init__(self, m: _Matching):
        self.m = m
        self.base, self.total = _offset(m.game.objective)
        self.kept_a, self.kept_d = set(m.ha), set(m.hd)
        self.memo: dict = {}

    def _picking(self, s: CvccState) -> Fraction:
        """The defender's return from a position where the next strike is picked, or the end."""
        m, obj = self.m, self.m.game.objective
        if s.stage == "end":
            return Fraction(s.returns()[DEFENDER])
        if obj.name == "survive" and not s.alive:  # his fate is settled; no later strike changes it
            return self.total - self.base
        paid, made = 0, ()
        for a, d in s.remaining:
            i, j = m.sof[a], m.tof[d]
            paid, made = paid + m.gain(i, j), m.made_with(made, i, j)
        ha = tuple(c for c in s.hand_a if c in self.kept_a)
        hd = tuple(c for c in s.hand_d if c in self.kept_d)
        x = paid + m.strikes(made, len(s.excess_left), len(s.support_left), ha, hd)
        return self.base + Fraction(x, m.denom)

    def _defender(self, s: CvccState) -> Fraction:
        key = s.key()
        got = self.memo.get(key)
        if got is not None:
            return got
        if s.stage in ("order", "end"):
            got = self._picking(s)
        else:
            p = s.current_player()
            if p == CHANCE:
                got = sum((Fraction(pr) * self._worth(s.child(o)) for o, pr in s.chance_outcomes() if pr), Fraction(0))
            else:
                worths = [self._worth(s.child(a)) for a in s.legal_actions()]
                got = max(worths) if p == DEFENDER else min(worths)
        self.memo[key] = got
        return got

    def _worth(self, child: CvccState) -> Fraction:
        """What moving into ``child`` is worth to the defender: its reward and its value."""
        r = child.rewards()
        return Fraction(r[DEFENDER] if r else 0) + self._defender(child)

    def __call__(self, s: CvccState) -> tuple:
        v = self._defender(s)
        return (v, self.total - v)

    def line(self, state: CvccState, first_node: int = 0) -> list[Step]:
        """The principal line from ``state`` (a position after phase III), as the engine's."""
        out = []
        node = first_node
        while True:
            p = state.current_player()
            common = {"node": node, "player": p, "state": str(state), "value": self(state)}
            node += 1
            if p == TERMINAL:
                out.append(Step(kind=TERMINAL_NODE, action=None, prob=None, **common))
                return out
            if p == CHANCE:
                child, prob, outs, acts = likeliest_outcome(state)
                out.append(Step(kind=CHANCE_NODE, action=chance_label(outs), prob=prob,
                                outcomes=tuple(outs), actions=tuple(acts), **common))
            else:
                sign = 1 if p == DEFENDER else -1
                best = None
                for a in state.legal_actions():
                    c = state.child(a)
                    w = sign * self._worth(c)
                    if best is None or w > best[0]:
                        best = (w, a, c)
                _, a, child = best
                out.append(Step(kind=DECISION, action=state.action_to_string(a), prob=None, **common))
            state = child
