"""Riftbound benchmark: all legal damage splits of 40 damage over 8 defenders.

The position is ``examples/riftbound/eight_defenders.yaml`` (five 8-Might attackers against
defenders of Might 3 to 10: total lethal 52, so every legal split kills a set of units and
leaves at most one short; 87 splits). Measured side by side in one run, best of N repeats:

1. the ASP (``asp_rules/riftbound``, the closed forms of ``damage/closed.py`` off): every legal
   split streamed and decoded, from the board, grounding included (the board program:
   ``derive.lp`` and the splits in one grounding); the rule files parsed once, as in a loaded
   process; and from scratch (the files parsed too, as a first CLI call);
2. the closed form (``damage/closed.py``: what ``LegalSplits`` lists by default), checked equal;
3. brute force over damage vectors: every vector with each amount at most lethal + excess and
   the right total, each checked by the digest's RB-MODEL-3 statement (Python);
4. brute force over assignment orders: every lethal-first, tier-respecting order replayed,
   vectors deduplicated (Python; what jelo-ca's solver does, without its "stop" bug);

and the same under ``excess_damage=last``. Target: the ASP under 100 ms. Then each verb on the
20-against-20 board of ``bench/oversized.py`` (:data:`BIG_BOARD`), target under 1 s each. (Plain stars and bars
over every vector of 40 over 8 units would be C(47, 7) = 62,891,499 candidates: not run.)
Run ``python bench/riftbound.py`` (``make bench`` calls :func:`main` from ``bench/run.py``).
"""
from __future__ import annotations

import argparse
import contextlib
import statistics
import time

from pycombat.games.riftbound.damage.bruteforce import bounded_filter, replay_orders
from pycombat.games.riftbound.schema import example_path, load_scenario
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat import solver
from pycombat.games.riftbound.damage import splits
from pycombat.games.riftbound.damage.splits import LegalSplits

TARGET_S = 0.100


def best_of(fn, repeats: int):
    times, result = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), result


@contextlib.contextmanager
def solver_only():
    """The encodings alone: the closed forms of :mod:`pycombat.games.riftbound.damage.closed` off."""
    splits.CLOSED_FORMS = False
    try:
        yield
    finally:
        splits.CLOSED_FORMS = True


def measure(repeats: int = 7) -> list[dict]:
    rows = []
    for flags in ({}, {"excess_damage": "last"}):
        board = play_showdown(load_scenario(example_path("eight_defenders.yaml"), flags)).board

        def asp(board=board):
            solver.clear_caches(keep_parsed=True)  # grounded and solved again each time
            with solver_only():
                return {s.amounts for s in LegalSplits(board, "attacker")}

        a_min, a_med, a_set = best_of(asp, repeats)

        def cold(board=board):
            solver.clear_caches()  # the rule files parsed again too: from scratch, as a first CLI call
            with solver_only():
                return {s.amounts for s in LegalSplits(board, "attacker")}

        c_min, c_med, _ = best_of(cold, repeats)

        def closed_form(board=board):
            solver.clear_caches(keep_parsed=True)
            return {s.amounts for s in LegalSplits(board, "attacker")}

        f_min, f_med, f_set = best_of(closed_form, repeats)
        assert f_set == a_set, "the closed form and the ASP disagree"
        v_min, v_med, v_set = best_of(lambda b=board: bounded_filter(b, "attacker"), max(1, repeats // 3))
        o_min, o_med, o_set = best_of(lambda b=board: replay_orders(b, "attacker"), max(1, repeats // 3))
        assert a_set == v_set == o_set, "the ASP and the brute forces disagree"
        tag = f"excess_damage={board.flags['excess_damage']}"
        rows.append({"what": f"ASP, all legal splits, grounded (parsed rules kept) ({tag})", "n": len(a_set),
                     "best": a_min, "median": a_med,
                     "ratio": 1.0, "note": f"target < {TARGET_S * 1000:.0f} ms "
                                            + ("OK" if a_min < TARGET_S else "MISSED")})
        rows.append({"what": f"ASP from scratch (rule files parsed again) ({tag})", "n": len(a_set), "best": c_min,
                     "median": c_med, "ratio": c_min / a_min, "note": f"target < {TARGET_S * 1000:.0f} ms "
                                                                      + ("OK" if c_min < TARGET_S else "MISSED")})
        rows.append({"what": f"closed form (damage/closed.py, the default path) ({tag})", "n": len(f_set),
                     "best": f_min, "median": f_med, "ratio": f_min / a_min, "note": "x the ASP's time"})
        rows.append({"what": f"brute force: bounded vectors + RB-MODEL-3 check ({tag})", "n": len(v_set),
                     "best": v_min, "median": v_med, "ratio": v_min / a_min, "note": "x the ASP's time"})
        rows.append({"what": f"brute force: replay of every order ({tag})", "n": len(o_set), "best": o_min,
                     "median": o_med, "ratio": o_min / a_min, "note": "x the ASP's time"})
    return rows


#: the 20-against-20 board of bench/oversized.py: twenty Might-10 attackers (200 damage, every
#: defender killed, 10^26 splits counted by a formula) against twenty Might-1 defenders (20 damage
#: over units of lethal 10: 190 splits). Each verb must answer in under a second; listing 513 of the
#: attacker's splits to learn there are many once made each take 17 s.
BIG_BOARD = {"game": "riftbound", "title": "20 units against 20",
             "attacker": {"player": "Ann", "units": [{"name": f"A{i}", "custom": True, "might": 10} for i in range(20)]},
             "defender": {"player": "Bo", "units": [{"name": f"D{i}", "custom": True, "might": 1} for i in range(20)]}}
BIG_TARGET_S = 1.0


def measure_big(baseline_s: float, repeats: int = 3) -> list[dict]:
    """Each verb of a CLI run on :data:`BIG_BOARD`, in process (grounded and solved again each time,
    the rule files parsed once), against ``baseline_s`` (the ASP's time on the eight defenders)."""
    import tempfile

    import pycombat
    from pycombat.errors import TooLargeError

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        calls = {"enumerate --count": lambda s: s.run("enumerate", count=True),
                 "enumerate --limit 5": lambda s: s.run("enumerate", limit=5),
                 "odds": lambda s: s.run("odds"),
                 "optimize": lambda s: s.run("optimize"),
                 "tree": lambda s: s.run("tree", output=f"{tmp}/tree.dot")}
        for name, call in calls.items():
            def once(call=call):
                solver.clear_caches(keep_parsed=True)
                try:
                    return call(pycombat.load(BIG_BOARD))
                except TooLargeError as exc:
                    return exc

            best, median, got = best_of(once, repeats)
            answer = f"refused: {str(got)[:40]}" if isinstance(got, TooLargeError) else "answered"
            rows.append({"what": f"20 v 20 {name}", "n": 0, "best": best, "median": median,
                         "ratio": best / baseline_s, "note": f"{answer}; target < {BIG_TARGET_S:.0f} s "
                         + ("OK" if best < BIG_TARGET_S else "MISSED")})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args(argv)
    print(f"Riftbound: 40 damage over 8 defenders (best and median of {args.repeats}; ratio = time / the ASP's)")
    rows = measure(args.repeats)
    for r in rows:
        print(f"  {r['what']:<70} {r['n']:>4} splits  best {r['best'] * 1000:8.1f} ms  "
              f"median {r['median'] * 1000:8.1f} ms  {r['ratio']:6.1f}x  {r['note']}")
    print("Riftbound: 20 units against 20, each verb in process (ratio = time / the ASP's on the eight defenders)")
    for r in measure_big(rows[0]["best"], max(1, args.repeats // 2)):
        print(f"  {r['what']:<70}        best {r['best'] * 1000:8.1f} ms  "
              f"median {r['median'] * 1000:8.1f} ms  {r['ratio']:6.1f}x  {r['note']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
