"""``optimize`` with Combat cards in hand: which card (or none) each side plays, round by round.

The cards are chosen secretly and revealed together (WOTR-CARD-2), so each choice is a zero-sum
matrix game (:func:`pycombat.matrix_game.solve_matrix_game`, exact, mixed when no pure choice is
optimal): rows are the attacker's options (no card, or a playable card of his ``hand:``, one row
per way to play it), columns the defender's. In every round (:mod:`.round_game`: a position that can
repeat with the same hands, in a field battle without ``max_rounds``, has certified bounds,
:mod:`.fixed_point`); past the work budget in round 1, each cell the exact battle with those two
cards (:func:`.battle.card_battle_odds`) and no card later, and the report says why.

With ``casualty_policy=enumerate`` (no policy named: the owner chooses, WOTR-CAS-12) the casualties,
the attacker's cease, the defender's retreat and siege reductions are the players' decisions in the
card game as in the no-card ``optimize`` (:mod:`.decided`), each reported with its options valued
(:attr:`CardChoice.play`), those of the rounds after the last card can be played too (the no-card
battle's); kept to round 1, round 1 is that game with the hands unused after it. A card named for
round 1 (``card:``) is that side's only round-1 option (beside a ``hand:``, the hand chooses from
round 2). Cards named for
later rounds are played by the card battle, which takes a policy: with no policy named, the report
says which decisions it played and why (:attr:`CardChoice.played_by_policy`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from pycombat.matrix_game import solve_matrix_game
from ..battle.process import Policy, objective_of
from .battle import CardPlan, card_battle_odds, card_context, check_plan
from .combat_round import not_stated, playable, unmet
from .choice_report import ROLES, PositionChoice, figures_text, option_values
from pycombat.tree.options import Short
from .round_game import MAX_CARD_ROUNDS, MAX_GAMES, MAX_POSITIONS, TOLERANCE, Repeats, solve_rounds
from ..battle.casualties import POLICIES
from ..battle.setup import battle_setup, retreat_region_names
from ..battle.splits import judge_attack
from pycombat.errors import PycombatError, ScenarioError, TooLargeError
from ..battle.optimize import CALLBACK_FLAGS, optimize_flags

#: positions of each round the text shows (the likeliest; the JSON has them all)
SHOWN_PER_ROUND = 3


@dataclass
class CardChoice:
    rows: list[str]  #: the attacker's options ("no card" first)
    cols: list[str]
    matrix: list[list[Fraction]]
    value: Fraction
    attacker_mix: dict[str, Fraction]
    defender_mix: dict[str, Fraction]
    policy: str
    excluded: list[dict]  #: cards in hand that may not be played here, with the reasons
    rounds: str = "first"  #: "every": cards chosen in every round (:mod:`.round_game`); "first": round 1 only
    positions: int = 1  #: card-choice positions valued
    later: dict = field(default_factory=dict)  #: round >= 2 -> role -> option -> chance it is chosen
    why_first_only: str | None = None  #: why later rounds are played without cards
    #: the card choice at every position the optimal play reaches (round 1's start first), each option
    #: valued (:class:`.choice_report.PositionChoice`); round 1's only when the choice is kept to round 1
    decisions: list[PositionChoice] = field(default_factory=list)
    sides: tuple[str, ...] = ROLES  #: the sides whose options are reported (``optimize --decide``)
    #: the positions that can repeat (no card, no hit, in a battle without ``max_rounds``): the value
    #: iteration's account (:mod:`.fixed_point`); None when no position can repeat
    repeat: dict | None = None
    exact: bool = True  #: False: ``value`` is the certified lower bound, ``value_hi`` the upper
    value_hi: Fraction | None = None
    matrix_hi: list[list[Fraction]] | None = None  #: round 1's cells at the upper bounds (not exact)
    #: the card game solved over every round (:class:`.round_game.RoundsSolved`: every position's
    #: bounds and value iteration), None when kept to round 1
    game: object = None
    #: the casualty, cease, retreat and siege decisions the optimal play reaches, every option valued
    #: (:class:`..battle.decisions.BattleDecisions`); None when a casualty policy plays them
    play: object = None
    #: with no policy named (the players were to choose), the decisions a policy played all the same:
    #: {"decisions": [...], "policy": {flag: value}, "why": text}; None when none was
    played_by_policy: dict | None = None
    #: Gandalf the White's White Rider in this card game (WOTR-STR-11): True when used, False when not,
    #: None when it is no choice here (the file's ``battle.white_rider`` then)
    white_rider: bool | None = None
    #: the flags the card game plays the decisions besides the cards by (casualties, cease, retreat, siege
    #: reductions: ``{casualty_policy, attacker_continue, defender_retreat, siege_extension}``); None when the
    #: players choose them (WOTR-CAS-12). ``optimize``'s value without Combat cards printed beside the card
    #: game's rests on the same (:meth:`rules_json`)
    battle_policy: dict | None = None
    #: the card game's value under the other White Rider choice, when that choice was solved
    white_rider_other: Fraction | None = None
    #: why the other White Rider choice was not solved (a named card it makes unplayable), when so
    white_rider_refused: str | None = None

    def rider_line(self) -> str | None:
        """Gandalf the White's choice in the card game, and the value of the other one (WOTR-STR-11)."""
        if self.white_rider is None:
            return None
        other = (f"the other choice gives {_short(self.white_rider_other)}" if self.white_rider_other is not None
                 else f"the other choice is not open: {self.white_rider_refused}")
        return (f"Gandalf the White {'uses' if self.white_rider else 'does not use'} the White Rider in the card "
                f"game (WOTR-STR-11, chosen at the start of the battle, before the cards); {other}")

    def rules_json(self) -> dict:
        """How the decisions besides the cards are made: by the players or by the flags' policy."""
        if self.battle_policy is None:
            return {"decided_by": "players", "rules": ["WOTR-CAS-12", "WOTR-ROUND-3", "WOTR-END-3"]}
        return {"decided_by": "policy", "policy": dict(self.battle_policy)}

    def rules_text(self) -> str:
        """:meth:`rules_json` in words."""
        if self.battle_policy is None:
            return ("casualties, ceasing, retreats and siege reductions chosen by the players "
                    "(WOTR-CAS-12, WOTR-ROUND-3, WOTR-END-3)")
        return ("casualties, ceasing, retreats and siege reductions by the policy "
                + ", ".join(f"{k}={v}" for k, v in self.battle_policy.items()))

    def json(self) -> dict:
        from pycombat.dice import as_json

        return {"attacker_options": self.rows, "defender_options": self.cols,
                "matrix": [[as_json(v) for v in row] for row in self.matrix], "value": as_json(self.value),
                **(self._repeat_json() if self.repeat is not None else {}),
                "attacker_plays": {k: as_json(v) for k, v in self.attacker_mix.items()},
                "defender_plays": {k: as_json(v) for k, v in self.defender_mix.items()},
                "casualty_policy": self.policy, "battle_rules": self.rules_json(), "not_playable": self.excluded,
                **({"white_rider": self.white_rider,
                    **({"white_rider_other_value": as_json(self.white_rider_other)}
                       if self.white_rider_other is not None else {}),
                    **({"white_rider_other_refused": self.white_rider_refused}
                       if self.white_rider_refused else {})} if self.white_rider is not None else {}),
                **({"decisions": self.play.json()} if self.play is not None else {}),
                **({"played_by_policy": self.played_by_policy} if self.played_by_policy else {}),
                "card_rounds": self.rounds, "positions": self.positions,
                "later_rounds": {str(r): {role: {k: as_json(v) for k, v in m.items()} for role, m in by.items()}
                                 for r, by in sorted(self.later.items())},
                **({"first_round_only_because": self.why_first_only} if self.why_first_only else {}),
                "sides_reported": list(self.sides),
                "rounds": [{"round": rnd, "positions": [c.json(self.sides) for c in cs]}
                           for rnd, cs in _by_round(self.decisions).items()],
                "rules": ["WOTR-CARD-2", "WOTR-CARD-4", "WOTR-CARD-5"]}

    def _repeat_json(self) -> dict:
        from pycombat.dice import as_json

        out = {"exact": self.exact, "repeating_positions": {k: as_json(v) if isinstance(v, Fraction) else v
                                                            for k, v in self.repeat.items()}}
        if not self.exact:
            lo, hi, digits = self.interval()
            out["value_interval"] = {"lo": as_json(lo), "hi": as_json(hi), "lo_decimal": f"{float(lo):.{digits}f}",
                                     "hi_decimal": f"{float(hi):.{digits}f}", "width": as_json(hi - lo),
                                     "lo_exact": as_json(self.value), "hi_exact": as_json(self.value_hi)}
            out["matrix_hi"] = [[as_json(v) for v in row] for row in self.matrix_hi]
            out["strategies"] = "the mixes reported attain the lower bound: the attacker's guarantees him at least lo"
        return out

    def interval(self) -> tuple[Fraction, Fraction, int]:
        """The value's bounds rounded outwards to ``digits`` decimals (short fractions, still bounds; the
        exact ones, ``value`` and ``value_hi``, have long denominators), and ``digits``: three more
        than the tolerance's."""
        tol = self.repeat["tolerance"] if self.repeat else TOLERANCE
        digits = 3
        while Fraction(1, 10 ** digits) > tol / 1000:
            digits += 1
        return floor_to_decimals(self.value, digits), ceil_to_decimals(self.value_hi, digits), digits

    def repeat_lines(self) -> list[str]:
        """What the repeats of a battle without ``max_rounds`` do to the value (none when nothing repeats)."""
        r = self.repeat
        if r is None:
            return []
        head = (f"  {r['positions']:,} positions can repeat (no card, no hit: the same position and hands again, "
                f"WOTR-ROUND-1..3, WOTR-CARD-2): each valued by value iteration from both sides "
                f"({r['iterations']} steps at most, {r['games']:,} matrix games)")
        if self.exact and not r["bounded"]:
            return [head + "; every fixed point is rational: the value is exact"]
        if self.exact:
            return [head + f"; {r['bounded']} only bounded (irrational or not closed in), yet round 1's value is "
                           "exact (its bounds meet)"]
        lo, hi, digits = self.interval()
        tol = r["tolerance"]
        why = (f"within the tolerance {float(tol):g}" if self.value_hi - self.value <= tol else
               "the work budget stopped the iteration: wider than the tolerance" if r["budget_reached"] else
               f"wider than the tolerance {float(tol):g}")
        return [head + f"; {r['bounded']} only bounded (irrational or not closed in)",
                f"  value between {_fraction(lo)} and {_fraction(hi)}",
                f"    = [{float(lo):.{digits}f}, {float(hi):.{digits}f}], width {float(hi - lo):.3g} ({why}; "
                "the ends rounded outwards, --json has the exact ones too)",
                "  the mixes shown attain the lower bound (the attacker's guarantees him at least it); "
                "options are valued at the lower bounds"]

    def lines(self, top: int | None = None) -> list[str]:
        """The round-1 matrix game, the later rounds' mixes, then :meth:`round_lines` (``top`` options
        per side and position)."""
        def mix(m):
            return ", ".join(f"{k} {_short(v)}" for k, v in m.items())
        how = ("casualties, ceasing and retreating chosen by the players" if self.play is not None
               else self._policy_text() if self.played_by_policy else f"casualty_policy={self.policy}")
        later = ("cards chosen the same way in every later round, "
                 + ("" if self.play is not None else "the battle ") + how if self.rounds == "every"
                 else "no card from the hands in later rounds, " + how)
        out = [f"Combat card choice in round 1 (chosen secretly, revealed together: a zero-sum matrix game, "
               f"WOTR-CARD-2; {later}):",
               f"  value {'' if self.exact else 'at least '}{_short(self.value)}; "
               f"the attacker plays {mix(self.attacker_mix)}; "
               f"the defender plays {mix(self.defender_mix)}"]
        if self.rider_line():
            out.append(f"  {self.rider_line()}")
        width = max(len(r) for r in self.rows)
        out.append("  " + " " * width + " | " + " | ".join(self.cols))
        for r, row in zip(self.rows, self.matrix):
            out.append(f"  {r:<{width}} | " + " | ".join(f"{float(v):.4f}" for v in row))
        if not self.exact:
            out.append("  (each cell at the lower bounds of the positions it leads to; --json: matrix_hi at the upper)")
        for e in self.excluded:
            out.append(f"  {'not weighed, its play not decided' if e.get('not_decided') else 'not playable here'}: "
                       f"the {e['role']}'s {e['card']} ({e['why']})")
        out.extend(self.repeat_lines())
        if self.rounds == "every":
            out.append(f"  every round solved{' exactly' if self.exact else ''}: {self.positions:,} "
                       "card-choice positions")
            for rnd, by in sorted(self.later.items()):
                for role in ("attacker", "defender"):
                    plays = {k: v for k, v in by.get(role, {}).items() if k != "no card"}
                    if plays:
                        out.append(f"  round {rnd}: the {role} plays " + ", ".join(
                            f"{k} with chance {_short(v)}" for k, v in plays.items()))
        elif self.why_first_only:
            out.append(f"  round 1 only: {self.why_first_only}")
        if self.played_by_policy:
            p = self.played_by_policy
            out.append(f"  not chosen by the players although no casualty policy is named (WOTR-CAS-12): "
                       f"{', '.join(p['decisions'])} played by {self._policy_text()}, because {p['why']}")
        out += self.round_lines(top=top)
        if self.play is not None:
            out.append("Casualties, ceasing and retreating in the card game (WOTR-CAS-12, WOTR-ROUND-3, WOTR-END-3): "
                       "each chosen by the player who makes it, after the cards and the dice of its round:")
            out += self.play.lines(top=top)
        return out

    def _policy_text(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.played_by_policy["policy"].items())

    def round_lines(self, shown: int = SHOWN_PER_ROUND, top: int | None = None) -> list[str]:
        """Round by round, the positions the optimal play reaches (the likeliest ``shown`` of each round)
        with the reported sides' mixes and every option's value and difference from the best (at most
        ``top`` options per side; a side with a single option is forced and not shown)."""
        who = " and ".join(f"the {r}" for r in self.sides)
        out = [f"Card choices round by round for {who} (each position the optimal play reaches, with its chance; "
               "an option's value is the attacker's expected objective when its side plays it and the other side "
               "its optimal mix, best first, with its difference from the best" +
               ("; a position that can repeat is listed in the round it is first reached, its repeats folded in, "
                "and the rounds after it counted from there" if self.repeat else "") + "):"]
        short = Short()
        for rnd, cs in _by_round(self.decisions).items():
            for c in cs[:shown]:
                out.extend(c.lines(short, self.sides, top=top))
            if len(cs) > shown:
                rest = sum((c.chance for c in cs[shown:]), Fraction(0))
                out.append(f"    ... {len(cs) - shown} more positions of round {rnd} (reached with chance "
                           f"{short(rest)} together): --json lists them")
        if short.rounded:
            out.append("  " + Short.NOTE)
        return out


def _by_round(decisions) -> dict[int, list]:
    out: dict[int, list] = {}
    for c in decisions:
        out.setdefault(c.round, []).append(c)
    return out


def floor_to_decimals(v: Fraction, digits: int) -> Fraction:
    return Fraction(v.numerator * 10 ** digits // v.denominator, 10 ** digits)


def ceil_to_decimals(v: Fraction, digits: int) -> Fraction:
    return Fraction(-(-v.numerator * 10 ** digits // v.denominator), 10 ** digits)


def _fraction(v: Fraction) -> str:
    """An exact fraction in full (long ones are the point of an interval's ends)."""
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def _short(v: Fraction) -> str:
    if v.denominator == 1:
        return str(v.numerator)
    if v.denominator < 10 ** 6:
        return f"{v.numerator}/{v.denominator} ({float(v):.4f})"
    return f"{float(v):.4f} (exact in --json)"


def variants(card, role: str, setup, ctx, units=None, decided: bool = False):
    """``(label, card, Choices)`` for each way to play ``card`` (self-hits, points forfeited, sacrifice)
    with ``units`` (the side's units; default: at the start). ``decided``: the players make the round's
    decisions (:mod:`.decided`), the self-hits among them, chosen when the card's effect acts (WOTR-CARDX-2):
    the card is one option, its self-hits left open."""
    from .combat_round import SELF_HIT_EFFECTS, Choices, companions, nazgul_leadership
    from ..battle.casualties import hit_points

    kinds = {e.get("effect"): e for e in card.effects}
    if units is None:
        units = setup.start[0] if role == "attacker" else setup.start[2]
    prof = ctx.profiles[role]
    for k in SELF_HIT_EFFECTS:
        if k in kinds and decided:
            return [(card.name, card, Choices())]
        if k in kinds:
            # WOTR-CARDX-2: Relentless Assault keeps a unit for its Combat roll; Onslaught's dice are rolled for
            # every hit the Army absorbs, also for those that eliminate it
            top = min(int(kinds[k]["max_self_hits"]),
                      hit_points(units) - (1 if k == "self_hits_for_roll_modifier" else 0))
            return [(f"{card.name} ({n} self-hit{'s' if n > 1 else ''})", card, Choices(self_hits=n))
                    for n in range(1, top + 1)] or [(card.name, card, Choices(self_hits=0))]
    if "dice_reduction" in kinds and kinds["dice_reduction"].get("per") == "nazgul_leadership_point_forfeited":
        return [(f"{card.name} (forfeit {n})", card, Choices(forfeit=n))
                for n in range(1, nazgul_leadership(prof) + 1)]
    if "cancel_hits_by_sacrifice" in kinds:
        out = []
        if prof.leaders:
            out.append((f"{card.name} (a Leader)", card, Choices(sacrifice="leader")))
        if companions(prof):
            out.append((f"{card.name} (a Companion)", card, Choices(sacrifice="companion")))
        return out or [(card.name, card, Choices(sacrifice="none"))]
    return [(card.name, card, Choices())]


def _repeat_fields(every) -> dict:
    if not every.repeating:
        return {}
    return {"repeat": {"positions": every.repeating, "bounded": every.bounded, "iterations": every.iterations,
                       "games": every.games_solved, "budget_reached": every.budget_reached,
                       "tolerance": every.tolerance},
            "exact": every.exact, "value_hi": every.value_hi, "matrix_hi": every.matrix_hi}


def _estimate(setup, policy, plan, decided: bool = False, objective: str = "win") -> tuple[int, int]:
    """The card game's size, estimated before it is solved: ``(the card-less battle's start-of-round
    positions, those times the sub-hands each side can still hold)``. A card round's result does not
    depend on the rest of the hands, so the card rounds to play are about the battle's positions times
    the pairs of choices that play a card (cards remove figures and reach other positions too, so the
    solve keeps its own budget). With the decisions the players' (``decided``), the battle's positions are
    those every choice reaches (the no-card solver's, :class:`..battle.process.Optimal`)."""
    from ..battle.process import DECISIONS, Decisions, Optimal, forward

    if decided:
        opt = Optimal(setup, objective, policy, decide=DECISIONS)
        opt.start_value(setup.start)
        states = len(opt._start)
    else:
        states = forward(setup, Decisions(setup, policy)).states
    n = states
    for hand in plan.hands.values():
        counts: dict[str, int] = {}
        for c in hand:
            counts[c.name] = counts.get(c.name, 0) + 1
        for k in counts.values():
            n *= k + 1
    return states, n


def choose_cards(s, objective: str = "win", casualty_policy: str | None = None, *, decide: str = "both",
                 max_positions: int = MAX_POSITIONS, max_card_rounds: int = MAX_CARD_ROUNDS,
                 tolerance: Fraction = TOLERANCE, max_games: int = MAX_GAMES) -> CardChoice | None:
    """The card game of ``s`` (None when no side holds a hand): in every round it plays when no
    position can repeat with the same hands (:mod:`.round_game`) and the game fits the work budget
    (``max_positions`` card-choice positions, ``max_card_rounds`` card rounds played, estimated before
    it starts and kept while it runs), else in round 1 with no card later. Both sides choose their
    cards optimally (a zero-sum game); ``decide`` names the side(s) whose options are reported.

    WOTR-STR-11: when Gandalf the White fights against Nazgûl, the Free Peoples player chooses at the
    start of the battle whether he uses the White Rider, before any card is played: the card game is
    solved under each choice (the cards each side may play under it decided by the one play check,
    :func:`.combat_round.playable`) and he takes the better one for his side (:func:`..battle.optimize.pick_rider`);
    when ``decide`` leaves his side to the file, the file's ``battle.white_rider``."""
    plan = s.card_plan
    if plan is None or not any(plan.hands.values()):
        return None
    from ..battle.optimize import pick_rider, rider_choices

    choices = rider_choices(s, judge_attack(s).attacking, decide)
    if len(choices) == 1:
        return _choose_cards(replace(s, white_rider=choices[0]), objective, casualty_policy, decide=decide,
                             max_positions=max_positions, max_card_rounds=max_card_rounds, tolerance=tolerance,
                             max_games=max_games)
    solved: dict[bool, CardChoice] = {}
    refused: dict[bool, ScenarioError] = {}
    for rider in choices:
        try:
            solved[rider] = _choose_cards(replace(s, white_rider=rider), objective, casualty_policy, decide=decide,
                                          max_positions=max_positions, max_card_rounds=max_card_rounds,
                                          tolerance=tolerance, max_games=max_games)
        except ScenarioError as exc:  # a card named for a round that this choice makes unplayable (WOTR-CARD-5)
            refused[rider] = exc
    if not solved:
        raise refused[s.white_rider] if s.white_rider in refused else next(iter(refused.values()))
    rider = pick_rider(s, list(solved), lambda r: solved[r].value, lambda r: r)
    out = solved[rider]
    other = not rider
    out.white_rider = rider
    if other in solved:
        out.white_rider_other = solved[other].value
    else:
        out.white_rider_refused = str(refused[other])
    return out


def _choose_cards(s, objective: str = "win", casualty_policy: str | None = None, *, decide: str = "both",
                  max_positions: int = MAX_POSITIONS, max_card_rounds: int = MAX_CARD_ROUNDS,
                  tolerance: Fraction = TOLERANCE, max_games: int = MAX_GAMES) -> CardChoice | None:
    """The card game of ``s`` under its ``white_rider`` (:func:`choose_cards`)."""
    plan = s.card_plan
    verdict = judge_attack(s)
    setup = battle_setup(s, verdict.attacking)
    pol = casualty_policy or s.flags["casualty_policy"]
    # WOTR-CAS-12: the owner chooses his casualties; with casualty_policy=enumerate (no policy named) the
    # casualties, ceasing, retreating and siege reductions are the players' decisions in the card game too
    decided = pol not in POLICIES
    if decided:
        pol = "enumerate"
    for name, *_ in CALLBACK_FLAGS:  # the card game's ceasing and retreats: the players' (decided) or the flags'
        if s.flags.get(name) == "callback" and not decided:
            raise PycombatError(f"{name}=callback needs a decision function; give {name} another value, or "
                                "casualty_policy=enumerate (the players then decide it)",
                                help=(f"with casualty_policy={pol} the card game follows the flags for it; the "
                                      "function comes from the Python API",))
    policy = Policy.from_flags(optimize_flags(s.flags, "both") if decided else s.flags,
                               "regulars_first" if decided else pol)
    by_policy = {"casualty_policy": policy.attacker_casualties, "attacker_continue": s.flags["attacker_continue"],
                 "defender_retreat": s.flags["defender_retreat"], "siege_extension": policy.siege_extension}
    regions = retreat_region_names(s) if decided and setup.can_retreat else []
    check_plan(s, setup, plan)  # a named card its side may not play here is an error, as in odds (WOTR-CARD-5)
    ctx = card_context(s, setup, plan)
    from .combat_round import Choices

    # a card named for round 1 (`card:`) is that side's only option in round 1 (WOTR-CARD-2: one card a
    # round): one more copy of it in that side's hand (`hand:` lists the cards held besides the named ones;
    # several Event cards share a Combat card), which it must play while it holds that copy: in round 1,
    # and the hands choose in every round after it
    named = {role: c for role, c in plan.cards.items() if c is not None}
    copies = {role: sum(1 for c in plan.hands.get(role, ()) if c.name == card.name) for role, card in named.items()}
    if named and not plan.later:
        plan = replace(plan, hands={**plan.hands, **{role: plan.hands.get(role, ()) + (c,)
                                                     for role, c in named.items()}}, cards={})
    excluded: list[dict] = []

    def options(role, hand, ctx_, a, d, *, first=False):
        opts = [("no card", None, Choices())]
        fixed = named.get(role)
        if fixed is not None and (first or sum(1 for c in hand if c.name == fixed.name) > copies[role]):
            return [(fixed.name, fixed, plan.choices.get(role) or Choices())]
        seen = set()
        for card in hand:
            if card.name in seen:
                continue
            seen.add(card.name)
            ok, reasons = playable(card, role, ctx_, a, d)
            if ok:
                opts.extend(variants(card, role, setup, ctx_, a if role == "attacker" else d, decided))
            elif first:
                told = not_stated(reasons) if ok is None else ""
                excluded.append({"role": role, "card": card.name, "why": unmet(reasons, (False, None))
                                 + (f"; {told}" if told else ""), **({"not_decided": True} if ok is None else {})})
        return opts

    a0, d0 = setup.start[0], setup.start[2]
    sides = ROLES if decide == "both" else (decide,)
    first = {role: options(role, plan.hands.get(role, ()), ctx, a0, d0, first=True) for role in ("attacker", "defender")}
    every, why_not = None, None
    if not plan.later and not any(plan.cards.values()):
        states, est = _estimate(setup, policy, plan, decided, objective)
        cells = len(first["attacker"]) * len(first["defender"])
        rounds_est = states * (cells - 1)
        estimate = (f"about {est:,} card-choice positions (the battle's {states:,} positions times the sets of "
                    f"cards the hands can still hold) and {rounds_est:,} card rounds to play (its positions times "
                    f"the {cells - 1} pairs of choices that play a card)")
        try:
            if est > max_positions or rounds_est > max_card_rounds:
                raise TooLargeError(f"{estimate}, more than this solver's budget ({max_positions:,} positions, "
                                    f"{max_card_rounds:,} card rounds)")
            every = solve_rounds(s, setup, plan, policy, objective, options, max_positions=max_positions,
                                 max_rounds_played=max_card_rounds, tolerance=tolerance, max_games=max_games,
                                 decided=decided, regions=regions)
        except Repeats as exc:
            why_not = str(exc)
        except TooLargeError as exc:
            why_not = str(exc)
            if not why_not.startswith("about"):  # stopped while it ran: what it was estimated to cost up front
                why_not += f" (estimated up front: {estimate})"
    elif plan.later or any(plan.cards.values()):
        why_not = ("cards named for a round (`card:`) are played as named; the hands choose in round 1 only"
                   + "".join(f" (the {role} plays {c.name} in round 1, as named: its hand is not played)"
                             for role, c in named.items() if plan.hands.get(role)))
    if every is not None:
        rows, cols = every.rows, every.cols
        return CardChoice(rows, cols, every.matrix, every.value, {r: p for r, p in zip(rows, every.x) if p},
                          {c: p for c, p in zip(cols, every.y) if p}, pol, excluded, rounds="every",
                          positions=every.positions, later=every.later, decisions=every.decisions, sides=sides,
                          game=every, play=every.play, battle_policy=None if decided else by_policy,
                          **_repeat_fields(every))
    if decided and not plan.later and not any(plan.cards.values()):  # round 1's cards, then the no-card battle
        one = solve_rounds(s, setup, plan, policy, objective, options, max_positions=10 ** 9,  # round 1 only: small
                           max_rounds_played=10 ** 9, tolerance=tolerance, max_games=max_games,
                           decided=True, regions=regions, first_only=True)
        return CardChoice(one.rows, one.cols, one.matrix, one.value, {r: p for r, p in zip(one.rows, one.x) if p},
                          {c: p for c, p in zip(one.cols, one.y) if p}, pol, excluded, rounds="first",
                          why_first_only=why_not, decisions=[d for d in one.decisions if d.round == 1], sides=sides,
                          play=one.play, battle_policy=None)
    matrix = []
    for _, ca, cha in first["attacker"]:
        row = []
        for _, cd, chd in first["defender"]:
            p2 = replace(plan, cards={"attacker": ca, "defender": cd}, choices={"attacker": cha, "defender": chd})
            res = card_battle_odds(s, setup, p2, policy).result
            row.append(sum((q * objective_of(setup, objective, setup.start, o) for o, q in res.outcomes.items()),
                           Fraction(0)))
        matrix.append(row)
    v, x, y = solve_matrix_game(matrix)

    rows = [label for label, _, _ in first["attacker"]]
    cols = [label for label, _, _ in first["defender"]]
    hands = {role: tuple(sorted(c.name for c in plan.hands.get(role, ()))) for role in ROLES}
    start = PositionChoice(1, Fraction(1), figures_text(setup, "attacker", a0), figures_text(setup, "defender", d0), hands,
                           v, option_values({"attacker": rows, "defender": cols}, matrix, x, y), units=(a0, d0))
    # the players were to choose (no policy named) but the battle with cards named for later rounds is
    # played by the card battle (:func:`.battle.card_battle_odds`), which takes a policy: said, not hidden
    forced_policy = None
    if decided:
        kinds = ["casualties"] + (["siege reductions"] if setup.kind == "siege" else ["ceasing"]) + (
            ["retreating"] if setup.can_retreat or setup.siege_retreat else [])
        forced_policy = {"decisions": kinds,
                         "policy": dict(by_policy),
                         "why": "with Combat cards named for later rounds (`card:` with `round:`) each cell of "
                                "round 1's game is the card battle of `odds`, which plays those decisions by a "
                                "policy; the players choose them with hands alone, or with cards named for round 1 "
                                "only"}
    return CardChoice(rows, cols, matrix, v, {r: p for r, p in zip(rows, x) if p},
                      {c: p for c, p in zip(cols, y) if p}, pol, excluded, rounds="first", why_first_only=why_not,
                      decisions=[start], sides=sides, played_by_policy=forced_policy, battle_policy=by_policy)
