"""An independent brute-force replay of the MECCG three-phase strike assignment.

Written from the digest's text (MECCG-ASSIGN-1..5, MECCG-STRUCT-1/2/5), sharing no code
with the ASP side: it simulates every choice each player can make in each phase and
collects what comes out.  Small inputs only (it is exponential on purpose).
"""
from __future__ import annotations

from itertools import combinations, permutations
from typing import Iterator, Sequence

Pair = tuple[str, str]
Complete = tuple[frozenset, frozenset]  # (frozenset of (strike, target)), frozenset of excess strikes)
TraceSet = frozenset  # of (strike, target, phase)


def injections(sources: Sequence[str], sinks: Sequence[str], k: int) -> Iterator[list[Pair]]:
    """Every way to pair k distinct sources with k distinct sinks (order of pairs irrelevant)."""
    for src in combinations(sources, k):
        for dst in permutations(sinks, k):
            yield list(zip(src, dst))


def strikes_and_targets(attackers: Sequence[dict], defenders: Sequence[dict], site_barred_ally_strikes: str):
    """Which attacking members strike (MECCG-STRUCT-1/2) and which defenders are targets (ASSIGN-1).

    Members are dicts with ``name``, ``status`` and optional booleans ``site_barred``,
    ``may_not_be_attacked`` and ``assignable_as_untapped``.
    """
    strikes = [(m["name"], m["status"] == "untapped") for m in attackers
               if not m.get("site_barred") or site_barred_ally_strikes == "strike"]
    # MECCG-FX-18: "may be assigned strikes as if untapped" makes a tapped or wounded target a phase-I one
    targets = [(m["name"], m["status"] == "untapped" or bool(m.get("assignable_as_untapped"))) for m in defenders
               if not m.get("site_barred") and not m.get("may_not_be_attacked")]
    return strikes, targets


def replay(strikes: Sequence[tuple[str, bool]], targets: Sequence[tuple[str, bool]], phase2: str,
           before: dict[str, str] | None = None):
    """All (complete assignments, traces) the three phases can produce.

    strikes / targets: (name, untapped) pairs.  phase2: "mandatory" or "optional".
    before: {H: C}, H must be assigned a strike before C (MECCG-FX-18, Noble Hound): the player
    placing a phase's pairs orders them, so a way of playing is open exactly when every phase that
    puts a strike on C has put one on H by its end (or an earlier phase had), H being a target.
    """
    tnames = {t for t, _ in targets}
    rules = [(h, c) for h, c in (before or {}).items() if h in tnames]

    def ordered(p1, p2, p3) -> bool:
        upto: set = set()
        for phase in (p1, p2, p3):
            upto |= {t for _, t in phase}
            for h, c in rules:
                if any(t == c for _, t in phase) and h not in upto:
                    return False
        return True

    all_strikes = [s for s, _ in strikes]
    untapped_strikes = {s for s, u in strikes if u}
    all_targets = [t for t, _ in targets]
    untapped_targets = [t for t, u in targets if u]
    completes: set = set()
    traces: set = set()
    # Phase I (defender): any number of his untapped targets, each given any strike.
    for k1 in range(0, min(len(untapped_targets), len(all_strikes)) + 1):
        for p1 in injections(untapped_targets, all_strikes, k1):
            p1 = [(s, t) for t, s in p1]
            used_s = {s for s, _ in p1}
            used_t = {t for _, t in p1}
            rem_untapped = [s for s in all_strikes if s in untapped_strikes and s not in used_s]
            rem_targets = [t for t in all_targets if t not in used_t]
            most = min(len(rem_untapped), len(rem_targets))
            sizes = [most] if phase2 == "mandatory" else range(0, most + 1)
            # Phase II (attacker): his remaining untapped members' strikes on free targets.
            for k2 in sizes:
                for p2 in injections(rem_untapped, rem_targets, k2):
                    used_s2 = used_s | {s for s, _ in p2}
                    used_t2 = used_t | {t for _, t in p2}
                    rest_s = [s for s in all_strikes if s not in used_s2]
                    rest_t = [t for t in all_targets if t not in used_t2]
                    k3 = min(len(rest_s), len(rest_t))
                    # Phase III (defender): the remaining strikes until strikes or targets run out.
                    for p3 in injections(rest_s, rest_t, k3):
                        if not ordered(p1, p2, p3):
                            continue
                        pairs = frozenset(p1) | frozenset(p2) | frozenset(p3)
                        placed = {s for s, _ in pairs}
                        excess = frozenset(s for s in all_strikes if s not in placed)
                        completes.add((pairs, excess))
                        traces.add(frozenset([(s, t, 1) for s, t in p1] + [(s, t, 2) for s, t in p2]
                                             + [(s, t, 3) for s, t in p3]))
    return completes, traces
