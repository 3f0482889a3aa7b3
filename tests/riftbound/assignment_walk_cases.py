"""Boards and the answers of the assignment-rule walk on them, for tests/riftbound/test_one_assignment_walk.py.

The boards: every board of examples/riftbound, and random boards drawn as tests/riftbound/test_riftbound_bruteforce.py
draws them (Tank, Backline, Assault, Shield, Stun, marked damage, both readings of each assignment flag), from a
seeded :class:`random.Random` so that each seed is the same board on every run. The answers on a board, for each
side: the legal vectors of :func:`~pycombat.games.riftbound.damage.bruteforce.bounded_filter` (and of
:func:`~pycombat.games.riftbound.damage.bruteforce.filter_vectors` on small totals), the verbs' kill classes, and,
with each assignment rule (and some pairs of them) taken away, :mod:`pycombat.games.riftbound.damage.switched`'s
fates, wipes and best scores. ``python tests/riftbound/assignment_walk_cases.py OUT.json N`` records them.
"""
from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from pycombat.games.riftbound.model import Board, Unit, other
from pycombat.rulebook import load_rulebook

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "riftbound"
DATA = Path(__file__).resolve().parent / "data" / "assignment_walk.json"
#: the assignment rules taken away, alone and in some pairs (the empty set: every rule in force)
REMOVALS = ((), ("RB-DMG-3",), ("RB-DMG-6",), ("RB-DMG-7",), ("RB-DMG-9",), ("RB-ORD-2",), ("RB-ORD-3",),
            ("RB-DMG-6", "RB-DMG-7"), ("RB-ORD-2", "RB-ORD-3"), ("RB-DMG-7", "RB-DMG-9"), ("RB-DMG-3", "RB-DMG-9"))
#: a smaller limit than switched.LIMIT, so that a board's answers cost little; the default limit is read too
SMALL_LIMIT = 3_000


def _unit(rng: random.Random, side: str, i: int) -> Unit:
    u = Unit(name=f"{side[0]}{i}", side=side, might=rng.randint(-1, 6), tank=rng.random() < 0.5,
             backline=rng.choice([False, False, True]), assault=rng.choice([(), (), (1,), (2,), (1, 2)]),
             shield=rng.choice([(), (), (1,), (2,)]), stunned=rng.choice([False, False, False, True]),
             immune=rng.choice([False] * 7 + [True]), no_combat_damage=rng.choice([False] * 9 + [True]),
             ignores_tank=rng.choice([False] * 9 + [True]), might_changes=rng.choice([(), (), (1,), (-2,)]),
             prevent=rng.choice([0, 0, 0, 1, 2]), prevent_all=rng.choice([False] * 12 + [True]),
             doubled=rng.choice([0, 0, 0, 1, 2, 3]))
    marked = rng.choice([0, 0, 1, 2])
    if marked and marked >= u.current_might:  # it would have died at the last cleanup (RB-MIGHT-1)
        marked = 0
    return replace(u, marked=marked)


def random_board(seed: int) -> Board:
    """Board ``seed``: 1-3 attackers, 1-4 defenders (seeds from 1000: 3-6 each)."""
    rng = random.Random(seed)
    flags = dict(load_rulebook("riftbound").defaults(),
                 excess_damage=rng.choice(["free", "last"]), marked_damage=rng.choice(["remaining", "ignore"]),
                 immune_targets=rng.choice(["exclude", "dumpable"]), rules_version=rng.choice(["v1.3", "v1.4"]),
                 lethal_order=rng.choice(["as_worded", "killable_first"]))
    big = seed >= 1000
    n_att, n_def = (rng.randint(3, 6), rng.randint(3, 6)) if big else (rng.randint(1, 3), rng.randint(1, 4))
    return Board(tuple(_unit(rng, "attacker", i) for i in range(n_att)),
                 tuple(_unit(rng, "defender", i) for i in range(n_def)), flags)


def example_boards() -> dict[str, Board]:
    """The board of each scenario of examples/riftbound that plays its showdown."""
    from pycombat.games.riftbound.cards.showdown import play_showdown
    from pycombat.games.riftbound.schema import load_scenario

    out = {}
    for path in sorted(EXAMPLES.glob("*.yaml")):
        try:
            out[path.name] = play_showdown(load_scenario(path)).board
        except Exception:  # noqa: BLE001 - a file that is not one showdown's board
            continue
    return out


def _frac(x) -> str | None:
    return None if x is None else str(x)


def answers(board: Board, *, removals=REMOVALS, kill_classes: bool = True) -> dict:
    """What the walk gives on ``board`` (JSON-ready)."""
    from pycombat.games.riftbound.damage import switched
    from pycombat.games.riftbound.damage.bruteforce import bounded_filter, filter_vectors
    from pycombat.games.riftbound.damage.game import kill_classes as classes
    from pycombat.in_force import removed

    def by_units(killed: tuple[str, ...]) -> Fraction:
        return Fraction(len(killed))

    def by_might(killed: tuple[str, ...]) -> Fraction:
        return Fraction(sum(max(1, u.might) for u in enemies if u.name in killed), 3)

    out: dict = {}
    for side in ("attacker", "defender"):
        enemies = board.side(other(side))
        got: dict = {"bounded": sorted(map(list, bounded_filter(board, side)))}
        if board.damage_step and board.pool(side) <= 9:
            got["filter"] = sorted(map(list, filter_vectors(board, side)))
        if kill_classes:
            got["classes"] = sorted([list(c.killed), c.count] for c in classes(board, side))
        for rules in removals:
            with removed(*rules):
                row: dict = {}
                for limit in (SMALL_LIMIT, switched.LIMIT) if not rules else (SMALL_LIMIT,):
                    fates = {u.name: switched.fates(board, side, u.name, limit=limit) for u in enemies}
                    row[f"fates{limit}"] = {k: None if v is None else sorted(v) for k, v in fates.items()}
                    w = switched.wipes(board, side, limit=limit)
                    row[f"wipes{limit}"] = None if w is None else sorted(w)
                    for name, score in (("units", by_units), ("might", by_might)):
                        b = switched.best(board, side, score, limit=limit)
                        row[f"best_{name}{limit}"] = None if b is None else [
                            str(b[0]), sorted(sorted(map(list, t)) for t in b[1])]
                        row[f"best_score_{name}{limit}"] = _frac(switched.best_score(board, side, score, limit=limit))
                row["present"] = switched.present(board, side)
                got["-".join(rules) or "all"] = row
        out[side] = got
    return out


def record(n_random: int, n_big: int) -> dict:
    rows = {f"example:{name}": answers(b) for name, b in example_boards().items()}
    rows.update({f"seed:{s}": answers(random_board(s)) for s in range(n_random)})
    rows.update({f"seed:{s}": answers(random_board(s), kill_classes=False) for s in range(1000, 1000 + n_big)})
    return rows


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.write_text(json.dumps(record(int(sys.argv[2]), int(sys.argv[3])), sort_keys=True))
