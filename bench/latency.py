"""`make bench`: warm in-process latency of one API call on a small position, per game.

Each row loads the scenario and runs the verb through the Python API in this process, after one
warm-up call (programs parsed, data loaded): the median and the best of ``--repeats`` calls. Two
kinds of call: the same scenario again (what an interactive user does: answers may be memoised),
and each call a scenario not seen before (the Might or status of one unit changed: no memo helps).

* MECCG: 3 v 3 `enumerate --count`; 3 v 3 `optimize` with two strike cards in hand (every option
  valued: target < 50 ms);
* Riftbound: 3 v 3 `enumerate` (the damage splits); 2 v 2 `optimize` with two cards in each hand
  (``examples/riftbound/showdown_hands.yaml``: the showdown played as a game, every option valued:
  target < 50 ms);
* WotR: a one-round battle's `odds` (`max_rounds: 1`).

Prints a table; no target is asserted here (tests never time anything).
"""
from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pycombat import api  # noqa: E402

MECCG = {"game": "meccg",
         "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf", "Orc Captain"]},
         "defender": {"alignment": "hero", "site": "Moria",
                      "members": ["Aragorn II", "Gimli", {"name": "Frodo", "status": "tapped"}]}}
MECCG_HAND = copy.deepcopy(MECCG)
MECCG_HAND["defender"]["hand"] = ["Risky Blow", "Dodge"]
RIFTBOUND = {"game": "riftbound", "battlefield": "Bench Field",
             "attacker": {"units": [{"name": "A1", "custom": True, "might": 3}, {"name": "A2", "custom": True, "might": 4},
                                    {"name": "A3", "custom": True, "might": 2}]},
             "defender": {"units": [{"name": "D1", "custom": True, "might": 3}, {"name": "D2", "custom": True, "might": 2},
                                    {"name": "D3", "custom": True, "might": 5}]}}

RIFTBOUND_HANDS = {"game": "riftbound", "battlefield": "Zaun Warrens",
                   "attacker": {"player": "Ann", "units": [{"name": "Jinx - Demolitionist"}, {"name": "Sharkling"}]},
                   "defender": {"player": "Bo", "units": [{"name": "Blue Sentinel"}, {"name": "Leona - Determined"}]},
                   "hand": {"attacker": ["Rune Prison", "Cleave"], "defender": ["Defy", "Unyielding Spirit"]}}


def _wotr() -> dict:
    import yaml

    doc = yaml.safe_load(api.example("wotr", "skirmish.yaml").read_text(encoding="utf-8"))
    doc.setdefault("rules", {})["max_rounds"] = 1
    return doc


ORCS = ["Shagrat", "Lagduf", "Orc Captain", "Gorbag", "Ufthak", "Bolg", "Muzgash", "Grishnákh", "Ugluk",
        "Radbug", "Lugdush", "Old Troll"]
HEROES = ["Aragorn II", "Gimli", "Frodo", "Legolas", "Éomer", "Faramir", "Boromir II", "Balin", "Bilbo",
          "Glorfindel II", "Beregond", "Beorn"]


def _vary(doc: dict, k: int) -> dict:
    """The same kind of position with other members, Might or figures (a scenario no memo has seen)."""
    d = copy.deepcopy(doc)
    if d["game"] == "riftbound":
        for i, u in enumerate(d["attacker"]["units"] + d["defender"]["units"]):
            u["might"] = 1 + (k + 3 * i + k // 8 * i) % 8
    elif d["game"] == "meccg":
        d["attacker"]["members"] = [ORCS[(k + i) % len(ORCS)] for i in range(3)]
        d["defender"]["members"] = [{"name": HEROES[(k + 2 * i) % len(HEROES)],
                                     "status": ("untapped", "tapped", "wounded")[(k + i) % 3]} for i in range(3)]
    else:
        d["attacker"]["units"]["Sauron"] = {"regulars": 1 + k % 5, "elites": k // 5 % 3}
        d["defender"]["units"]["Gondor"]["regulars"] = 1 + k // 15 % 4
    return d


def _time(call, docs) -> list[float]:
    out = []
    for doc in docs:
        t = time.perf_counter()
        call(doc)
        out.append(time.perf_counter() - t)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=30)
    args = p.parse_args(argv)
    rows = [
        ("MECCG 3 v 3 enumerate --count", MECCG, lambda d: api.load(d).enumerate(count=True)),
        ("MECCG 3 v 3 optimize, 2 cards in hand", MECCG_HAND, lambda d: api.load(d).optimize()),
        ("Riftbound 3 v 3 enumerate", RIFTBOUND, lambda d: api.load(d).enumerate()),
        ("Riftbound 2 v 2 optimize, 2 cards a hand", RIFTBOUND_HANDS, lambda d: api.load(d).optimize()),
        ("WotR one-round odds (skirmish)", _wotr(), lambda d: api.load(d).odds()),
    ]
    print(f"{'warm API call':40} {'same: median':>13} {'best':>9} {'new: median':>12} {'best':>9}")
    for label, doc, call in rows:
        call(doc)  # warm-up
        same = _time(call, [doc] * args.repeats)
        new = _time(call, [_vary(doc, k) for k in range(args.repeats)])
        print(f"{label:40} {statistics.median(same) * 1000:10.2f} ms {min(same) * 1000:6.2f} ms "
              f"{statistics.median(new) * 1000:9.2f} ms {min(new) * 1000:6.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
