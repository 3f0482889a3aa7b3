"""``optimize`` with Combat cards in hand: which card (or none) each side plays in round 1.

The cards are chosen secretly and revealed together (WOTR-CARD-2), so the choice is a zero-sum
matrix game: rows are the attacker's options (no card, or a playable card of his ``hand:``), columns
the defender's; each cell is the exact value of the battle (the objective of ``optimize``) with
those two cards in round 1 (:func:`.battle.card_battle_odds`) and the later rounds under the
casualty policy. The game is solved exactly (Shapley-Snow: an optimal pair of strategies comes from
a square submatrix; every square submatrix is tried in Fractions), so a mixed choice is reported
when no pure one is optimal.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from ..battle.process import Policy, objective_of
from .battle import CardPlan, card_battle_odds, card_context
from .combat_round import playable
from ..battle.casualties import POLICIES
from ..battle.setup import battle_setup
from ..battle.splits import judge_attack


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

    def json(self) -> dict:
        from pycombat.dice import as_json

        return {"attacker_options": self.rows, "defender_options": self.cols,
                "matrix": [[as_json(v) for v in row] for row in self.matrix], "value": as_json(self.value),
                "attacker_plays": {k: as_json(v) for k, v in self.attacker_mix.items()},
                "defender_plays": {k: as_json(v) for k, v in self.defender_mix.items()},
                "casualty_policy": self.policy, "not_playable": self.excluded,
                "rules": ["WOTR-CARD-2", "WOTR-CARD-4", "WOTR-CARD-5"]}

    def lines(self) -> list[str]:
        def mix(m):
            return ", ".join(f"{k} {_short(v)}" for k, v in m.items())
        out = [f"Combat card choice in round 1 (chosen secretly, revealed together: a zero-sum matrix game, "
               f"WOTR-CARD-2; later rounds casualty_policy={self.policy}):",
               f"  value {_short(self.value)}; the attacker plays {mix(self.attacker_mix)}; "
               f"the defender plays {mix(self.defender_mix)}"]
        width = max(len(r) for r in self.rows)
        out.append("  " + " " * width + " | " + " | ".join(self.cols))
        for r, row in zip(self.rows, self.matrix):
            out.append(f"  {r:<{width}} | " + " | ".join(f"{float(v):.4f}" for v in row))
        for e in self.excluded:
            out.append(f"  not playable here: the {e['role']}'s {e['card']} ({e['why']})")
        return out


def _short(v: Fraction) -> str:
    if v.denominator == 1:
        return str(v.numerator)
    if v.denominator < 10 ** 6:
        return f"{v.numerator}/{v.denominator} ({float(v):.4f})"
    return f"{float(v):.4f} (exact in --json)"


def variants(card, role: str, setup, ctx):
    """``(label, card, Choices)`` for each way to play ``card`` (self-hits, points forfeited, sacrifice)."""
    from .combat_round import Choices, companions, nazgul_leadership
    from ..battle.casualties import hit_points

    kinds = {e.get("effect"): e for e in card.effects}
    units = setup.start[0] if role == "attacker" else setup.start[2]
    prof = ctx.profiles[role]
    for k in ("self_hits_for_roll_modifier", "self_hits_for_extra_attack"):
        if k in kinds:
            top = min(int(kinds[k]["max_self_hits"]), hit_points(units) - 1)
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


def solve_matrix_game(a: list[list[Fraction]]) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """Value and optimal mixed strategies of the zero-sum game ``a`` (row player maximises), exactly."""
    m, n = len(a), len(a[0])
    for k in range(1, min(m, n) + 1):
        for rows in combinations(range(m), k):
            for cols in combinations(range(n), k):
                got = _square(a, rows, cols)
                if got is None:
                    continue
                v, x, y = got
                xs = [Fraction(0)] * m
                ys = [Fraction(0)] * n
                for i, r in enumerate(rows):
                    xs[r] = x[i]
                for j, c in enumerate(cols):
                    ys[c] = y[j]
                if all(sum(xs[i] * a[i][j] for i in range(m)) >= v for j in range(n)) and \
                        all(sum(a[i][j] * ys[j] for j in range(n)) <= v for i in range(m)):
                    return v, xs, ys
    raise ValueError("no solution found (cannot happen for a finite matrix game)")


def _solve(mat: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    k = len(mat)
    aug = [row[:] + [b] for row, b in zip(mat, rhs)]
    for col in range(k):
        piv = next((r for r in range(col, k) if aug[r][col] != 0), None)
        if piv is None:
            return None
        aug[col], aug[piv] = aug[piv], aug[col]
        for r in range(k):
            if r != col and aug[r][col] != 0:
                f = aug[r][col] / aug[col][col]
                aug[r] = [x - f * y for x, y in zip(aug[r], aug[col])]
    return [aug[i][k] / aug[i][i] for i in range(k)]


def _square(a, rows, cols):
    k = len(rows)
    # unknowns x_1..x_k, v: sum_i x_i a[i][j] - v = 0 for j in cols; sum x = 1
    mat = [[a[r][c] for r in rows] + [Fraction(-1)] for c in cols] + [[Fraction(1)] * k + [Fraction(0)]]
    sol = _solve(mat, [Fraction(0)] * k + [Fraction(1)])
    if sol is None:
        return None
    x, v = sol[:k], sol[k]
    mat2 = [[a[r][c] for c in cols] + [Fraction(-1)] for r in rows] + [[Fraction(1)] * k + [Fraction(0)]]
    sol2 = _solve(mat2, [Fraction(0)] * k + [Fraction(1)])
    if sol2 is None or sol2[k] != v:
        return None
    y = sol2[:k]
    if any(t < 0 for t in x) or any(t < 0 for t in y):
        return None
    return v, x, y


def choose_cards(s, objective: str = "win", casualty_policy: str | None = None) -> CardChoice | None:
    """The round-1 card game of ``s`` (None when no side holds a hand)."""
    plan = s.card_plan
    if plan is None or not any(plan.hands.values()):
        return None
    verdict = judge_attack(s)
    setup = battle_setup(s, verdict.attacking)
    pol = casualty_policy or s.flags["casualty_policy"]
    if pol not in POLICIES:
        pol = "regulars_first"
    policy = Policy.from_flags(s.flags, pol)
    ctx = card_context(s, setup, plan)
    from .combat_round import Choices

    options: dict[str, list] = {}
    excluded = []
    for role in ("attacker", "defender"):
        opts = [("no card", None, Choices())]
        fixed = plan.cards.get(role)
        hand = plan.hands.get(role, ())
        if fixed is not None and not hand:
            opts = [(fixed.name, fixed, plan.choices.get(role) or Choices())]
        seen = set()
        for card in hand:
            if card.name in seen:
                continue
            seen.add(card.name)
            ok, reasons = playable(card, role, ctx, setup.start[0], setup.start[2])
            if ok:
                opts.extend(variants(card, role, setup, ctx))
            else:
                excluded.append({"role": role, "card": card.name, "why": "; ".join(
                    f"{r['text']} ({r['rule']})" for r in reasons if r["holds"] is not True)})
        options[role] = opts
    matrix = []
    for _, ca, cha in options["attacker"]:
        row = []
        for _, cd, chd in options["defender"]:
            p2 = replace(plan, cards={"attacker": ca, "defender": cd}, choices={"attacker": cha, "defender": chd})
            res = card_battle_odds(s, setup, p2, policy).result
            row.append(sum((q * objective_of(setup, objective, setup.start, o) for o, q in res.outcomes.items()),
                           Fraction(0)))
        matrix.append(row)
    v, x, y = solve_matrix_game(matrix)

    rows = [label for label, _, _ in options["attacker"]]
    cols = [label for label, _, _ in options["defender"]]
    return CardChoice(rows, cols, matrix, v, {r: p for r, p in zip(rows, x) if p},
                      {c: p for c, p in zip(cols, y) if p}, pol, excluded)


__all__ = ["CardChoice", "CardPlan", "choose_cards", "solve_matrix_game"]
