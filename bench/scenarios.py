"""Small, distinct scenarios for the throughput benchmarks (deterministic: seeded).

Each generator returns scenario mappings (what a JSON-lines stream for ``pycombat batch`` holds).
They differ from each other (statuses, hands, Might, unit counts), so that a loaded solver cannot
answer one from the grounding of another: what is reused is the parsed rule files only.
"""
from __future__ import annotations

import itertools
import random

MECCG_STATUSES = ("untapped", "tapped", "wounded")


def meccg(n: int, seed: int = 17) -> list[dict]:
    """MECCG 3 v 3 (the two_on_two example's companies) with every status and hand combination."""
    rng = random.Random(seed)
    combos = list(itertools.product(MECCG_STATUSES, repeat=5))
    rng.shuffle(combos)
    hands = [([], []), (["Swift Strokes"], []), ([], ["Risky Blow"]), (["Swift Strokes"], ["Risky Blow"])]
    out = []
    for i in range(n):
        st = combos[i % len(combos)]
        ahand, dhand = hands[(i // len(combos)) % len(hands)]
        out.append({
            "game": "meccg", "title": f"bench 3v3 #{i}",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "hand": ahand,
                         "members": [{"name": "Shagrat", "status": st[0]}, {"name": "Lagduf", "status": st[1]},
                                     {"name": "Old Troll", "status": st[2]}]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "hand": dhand,
                         "members": [{"name": "Aragorn II", "status": st[3]}, {"name": "Éomer", "status": st[4]},
                                     {"name": "Goldberry", "ally_of": "Éomer"}]},
        })
    return out


def riftbound(n: int, seed: int = 17) -> list[dict]:
    """Riftbound: 2-3 custom units a side, Might 1-6."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        att = [{"name": f"A{k}", "custom": True, "might": rng.randint(1, 6)} for k in range(rng.randint(2, 3))]
        dfn = [{"name": f"D{k}", "custom": True, "might": rng.randint(1, 6)} for k in range(rng.randint(2, 3))]
        out.append({"game": "riftbound", "title": f"bench fight #{i}", "battlefield": "Bench battlefield",
                    "attacker": {"player": "Ann", "units": att}, "defender": {"player": "Bo", "units": dfn}})
    return out


def wotr(n: int, seed: int = 17) -> list[dict]:
    """War of the Ring: small field battles (1-3 regulars, 0-2 elites against 1-3 regulars, 0-1 leader)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        out.append({
            "game": "wotr", "title": f"bench skirmish #{i}", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Dagorlad",
                         "units": {"Sauron": {"regulars": rng.randint(1, 3), "elites": rng.randint(0, 2)}}},
            "defender": {"region": "North Ithilien",
                         "units": {"Gondor": {"regulars": rng.randint(1, 3), "leaders": rng.randint(0, 1)}},
                         "retreat_to": ["Osgiliath"]},
        })
    return out


GENERATORS = {"meccg": (meccg, "enumerate"), "riftbound": (riftbound, "enumerate"), "wotr": (wotr, "odds")}
