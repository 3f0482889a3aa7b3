"""What each option of a decision is worth, as every game's ``optimize`` reports it (engine layer: no
game here).

A decision's options are ranked best first for the player who chooses (``maximise``: he wants the
value high; else low); each carries its exact value and its difference from the best (how much worse
it is for the player choosing: never negative, 0 for every best option). Options whose outcome
distributions are identical share a ``group`` number (:func:`grouped`, given a game's test of
identical outcomes); a decision with one legal option is *forced*. The text lists at most ``top``
options per decision (:func:`option_lines`); the JSON keeps them all.

:func:`decisions_along` walks a solved game's line of best play (``solution.line_states()``) and ranks
each decision's alternatives for the player who moves, in his own value.

>>> rows = rank([("a", Fraction(1, 2)), ("b", Fraction(3, 4)), ("c", Fraction(3, 4))], True, chosen=1)
>>> [(o.label, o.difference, o.chosen) for o in rows]
[('b', Fraction(0, 1), True), ('c', Fraction(0, 1), False), ('a', Fraction(1, 4), False)]
>>> option_lines(rows, str, top=2)
['      b  3/4  (best, played)', '      c  3/4  (best)', '      ... 1 more option: --json lists them all']
>>> option_lines(grouped(rows, lambda x, y: True), str)
['      b | c  3/4  (best, played: b, same outcomes)', '      a      1/2  (1/4 worse)']
>>> _joined(["retreat to Osgiliath", "retreat to Minas Tirith"])
'retreat to Osgiliath | Minas Tirith'
>>> _joined(["A takes X's strike", "A takes X's strike, B takes Y's strike"])
"A takes X's strike | A takes X's strike, B takes Y's strike"
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, Iterable, Sequence

@dataclass(frozen=True)
class Option:
    """One option of a decision, valued."""

    label: str
    value: Fraction  #: the value when this option is taken and play goes on optimally (the game's terms)
    difference: Fraction  #: how much worse than the best option for the player choosing (>= 0)
    chosen: bool = False  #: the option the optimal play takes (a pure choice)
    group: int | None = None  #: options with the same number have identical outcome distributions
    plays: Fraction | None = None  #: a mixed choice: the chance the optimal mix plays it
    order: int = 0  #: its place among the decision's options as the decision lists them

    def json(self) -> dict:
        from pycombat.dice import as_json

        out = {"option": self.label, "value": as_json(self.value), "difference": as_json(self.difference)}
        if self.plays is not None:
            out["plays"] = as_json(self.plays)
        else:
            out["chosen"] = self.chosen
        if self.group is not None:
            out["group"] = self.group
        return out


def rank(values: Iterable[tuple[str, Fraction]], maximise: bool, *, chosen: int | None = None,
         plays: Sequence[Fraction] | None = None) -> list[Option]:
    """``(label, value)`` pairs (in the decision's own order) as :class:`Option` rows, best first for a
    player who wants the value high (``maximise``) or low; ties keep the chosen option (index
    ``chosen``) first, then the given order."""
    pairs = list(values)
    if not pairs:
        return []
    best = max(v for _, v in pairs) if maximise else min(v for _, v in pairs)
    rows = []
    for k, (label, v) in enumerate(pairs):
        diff = best - v if maximise else v - best
        rows.append(Option(label, v, diff, chosen=k == chosen, plays=None if plays is None else plays[k], order=k))
    order = sorted(range(len(rows)), key=lambda k: (rows[k].difference, not rows[k].chosen, k))
    return [rows[k] for k in order]


def grouped(options: list[Option], same: Callable[[Option, Option], bool]) -> list[Option]:
    """The options with ``group`` numbers (1, 2, ...) on those that ``same`` finds identical to another
    (only options of equal value are compared: identical outcomes give equal values)."""
    groups: list[list[int]] = []
    for k, o in enumerate(options):
        for g in groups:
            first = options[g[0]]
            if first.value == o.value and same(first, o):
                g.append(k)
                break
        else:
            groups.append([k])
    number: dict[int, int] = {}
    for n, g in enumerate((g for g in groups if len(g) > 1), start=1):
        for k in g:
            number[k] = n
    return [replace(o, group=number.get(k)) for k, o in enumerate(options)]


def option_lines(options: Sequence[Option], short: Callable[[Fraction], str], *, top: int | None = None,
                 indent: str = "      ") -> list[str]:
    """The options best first, one line each: label, value, and ``best`` or how much worse; ``played``
    on the optimal choice. Options with identical outcomes (one ``group``) share one line, their labels
    joined by `` | ``; at most ``top`` lines."""
    rows: list[tuple[list[str], Option]] = []
    at: dict[int, int] = {}
    for o in options:
        if o.group is not None and o.group in at:
            rows[at[o.group]][0].append(o.label)
            continue
        if o.group is not None:
            at[o.group] = len(rows)
        rows.append(([o.label], o))
    shown = rows if top is None else rows[:top]
    if not shown:
        return []
    labels = [_joined(ls) for ls, _ in shown]
    vals = [short(o.value) for _, o in shown]
    width, vwidth = max(len(x) for x in labels), max(len(v) for v in vals)
    out = []
    for label, v, (ls, o) in zip(labels, vals, shown):
        notes = ["best" if not o.difference else f"{short(o.difference)} worse"]
        if o.chosen:
            notes.append("played" if len(ls) == 1 else f"played: {ls[0]}")
        if len(ls) > 1:
            notes.append("same outcomes")
        out.append(f"{indent}{label:<{width}}  {v:<{vwidth}}  ({', '.join(notes)})")
    rest = sum(len(ls) for ls, _ in rows[len(shown):])
    if rest:
        out.append(f"{indent}... {rest} more option{'s' if rest > 1 else ''}: --json lists them all")
    return out


def _joined(labels: list[str]) -> str:
    """Labels of one group on one line, their common leading words said once (``retreat to A | B``).

    Only where each label is one phrase and they differ before the shortest one ends: a label that is a
    list (``A takes X's strike, B takes Y's strike``) or that another continues is written whole, since a
    cut there would leave a fragment that reads as an option of its own."""
    if len(labels) == 1:
        return labels[0]
    cut = 0
    if not any("," in x for x in labels):
        for k in range(min(len(x) for x in labels)):
            if len({x[k] for x in labels}) > 1:
                break
            if labels[0][k] == " ":
                cut = k + 1
        else:  # one label begins every other: no common words to say once
            cut = 0
    return labels[0][:cut] + " | ".join(x[cut:] for x in labels)


class Short:
    """Values as text: ``n/d (0.dddd)`` while the fraction is short, else its decimal (4 places, or 3
    significant digits below 0.001); :attr:`rounded` tells whether a decimal was printed."""

    def __init__(self):
        self.rounded = False

    def __call__(self, v: Fraction) -> str:
        if v.denominator == 1:
            return str(v.numerator)
        if v.denominator < 10 ** 6:
            return f"{v.numerator}/{v.denominator} ({float(v):.4f})"
        self.rounded = True
        return f"{float(v):.3g}" if abs(v) < Fraction(1, 1000) else f"{float(v):.4f}"

    NOTE = "(decimals rounded; --json gives every value as an exact fraction)"


@dataclass(frozen=True)
class Decision:
    """A decision on the line of best play: who moves, the state's label and its options, best first
    for him, valued in his own return."""

    player: int
    state: str
    options: tuple[Option, ...]

    @property
    def forced(self) -> bool:
        return len(self.options) == 1

    def json(self, who: Callable[[int], str] | None = None) -> dict:
        return {"player": who(self.player) if who else self.player, "state": self.state, "forced": self.forced,
                "options": [o.json() for o in self.options]}


def decisions_along(solution, group: Callable | None = None) -> list[Decision]:
    """Every decision on a solved game's line of best play (``solution.line_states()``: (state, step)
    pairs; ``solution.alternatives(state)``), each alternative ranked by the mover's own return;
    ``group(state, options, actions)``: the options with the groups of identical outcomes numbered
    (a game's test, :func:`grouped`; ``actions`` in the order the options' ``order`` indexes)."""
    out = []
    for state, step in solution.line_states():
        if step.kind != "decision":
            continue
        alts = solution.alternatives(state)
        chosen = next((k for k, a in enumerate(alts) if a.best), None)
        rows = rank([(a.label, a.value[step.player]) for a in alts], True, chosen=chosen)
        if group is not None and len(rows) > 1:
            rows = group(state, rows, [a.action for a in alts])
        out.append(Decision(step.player, step.state, tuple(rows)))
    return out
