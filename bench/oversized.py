"""Oversized inputs, each run as a real ``python -m pycombat ...`` subprocess.

Each case is one scenario file (written by :func:`write_cases`) and one command line. A run is
measured on its own: wall time (monotonic clock) and peak resident memory of that child alone
(``os.wait4``'s ``ru_maxrss``), under an address-space limit (``RLIMIT_AS``). The goal for
each is "refused or answered within its limit in under 2 s and 500 MB".

``python bench/oversized.py`` prints the table (case, exit code, seconds, MB, the answer's
first line or the refusal). ``tests/test_oversized.py`` runs the same cases with a generous
timeout (it checks the answer is clean, not the machine's speed).
"""
from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 2.0
GOAL_MB = 500
MEMORY_LIMIT = 600_000_000  # address space of one run (bytes)

#: minion characters that are not unique (several copies may be in play, MECCG-FX-33), and 20 unique hero characters
#: without a combat ability
MECCG_MINIONS = ["Orc Captain", "Orc Veteran", "Old Troll", "Horseman in the Night", "Orc Tracker", "Troll-chief",
                 "Orc Brawler", "Orc Sniffler"]
MECCG_HEROES = ["Aragorn II", "Anborn", "Annalena", "Adrazar", "Arinmîr", "Arwen", "Bard Bowman", "Barliman Butterbur",
                "Beorn", "Beregond", "Beretar", "Bergil", "Bilbo", "Boromir II", "Celeborn", "Damrod", "Denethor II",
                "Elrond", "Éomer", "Erkenbrand"]


def meccg(n: int) -> dict:
    att = [{"name": MECCG_MINIONS[i % len(MECCG_MINIONS)], "label": f"M{i}"} for i in range(n)]
    dfn = [{"name": MECCG_HEROES[i], "label": f"H{i}"} for i in range(n)]
    return {"game": "meccg", "title": f"{n} against {n}",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": att},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": dfn}}


def riftbound(att: list[int], dfn: list[int]) -> dict:
    return {"game": "riftbound", "title": f"{len(att)} units against {len(dfn)}",
            "attacker": {"player": "Ann", "units": [{"name": f"A{i}", "custom": True, "might": m}
                                                    for i, m in enumerate(att)]},
            "defender": {"player": "Bo", "units": [{"name": f"D{i}", "custom": True, "might": m}
                                                   for i, m in enumerate(dfn)]}}


def wotr(n: int) -> dict:
    return {"game": "wotr", "title": f"{n} of each kind", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": n, "elites": n}}, "nazgul": min(n, 5)},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": n, "elites": n, "leaders": n}},
                         "retreat_to": []}}


def alias_bomb_in_flag() -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    body = yaml.safe_dump(riftbound([3, 2], [2, 2]), sort_keys=False)
    return "x_bomb:\n" + "\n".join("  " + ln for ln in lines) + "\n" + body + "rules:\n  excess_damage: *a9\n"


#: name -> file contents (a dict is dumped as YAML; a str is written as it is; None: no file)
FILES: dict[str, object] = {
    "meccg12": meccg(12),
    "meccg20": meccg(20),
    "rb_might_1e9": riftbound([10 ** 9], [1]),
    "rb_200_over_30": riftbound([20] * 10, [1] * 20),
    "rb_30_defenders": riftbound([20] * 10, [1] * 30),
    "rb_20v20": riftbound([10] * 20, [1] * 20),
    "alias_bomb_flag": alias_bomb_in_flag(),
    "wotr50": wotr(50),
    "wotr_most": {"game": "wotr", "title": "the largest legal Armies: 10 units a side", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
                  "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 4, "elites": 6}}, "nazgul": 8},
                  "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 5, "elites": 5, "leaders": 3}},
                               "retreat_to": []}},
}

#: (case name, file name or a path, command line after the file); "{out}" is a scratch file
CASES: list[tuple[str, str, list[str]]] = []
for _n in ("meccg12", "meccg20"):
    CASES += [(f"{_n} optimize --max-nodes 10000", _n, ["optimize", "--max-nodes", "10000"]),
              (f"{_n} tree --depth 2", _n, ["tree", "--depth", "2", "-o", "{out}"]),
              (f"{_n} enumerate --traces --limit 5", _n, ["enumerate", "--traces", "--limit", "5"])]
CASES += [("riftbound Might 10^9 odds", "rb_might_1e9", ["odds"]),
          ("riftbound 200 damage over 30 units odds", "rb_200_over_30", ["odds"]),
          ("riftbound 200 damage over 30 units enumerate --limit 5", "rb_200_over_30", ["enumerate", "--limit", "5"]),
          ("riftbound 30 defenders odds", "rb_30_defenders", ["odds"]),
          ("riftbound 20v20 enumerate --limit 5", "rb_20v20", ["enumerate", "--limit", "5"]),
          ("riftbound 20v20 enumerate --count", "rb_20v20", ["enumerate", "--count"]),
          ("riftbound 20v20 odds", "rb_20v20", ["odds"]),
          ("riftbound 20v20 optimize", "rb_20v20", ["optimize"]),
          ("riftbound 20v20 tree", "rb_20v20", ["tree", "-o", "{out}"]),
          ("riftbound 20v20 verify", "rb_20v20", ["verify"]),
          ("alias bomb in a flag", "alias_bomb_flag", ["odds"]),
          ("/dev/zero as the file", "/dev/zero", ["enumerate"]),
          ("wotr 50 of each odds", "wotr50", ["odds"]),
          ("wotr 50 of each optimize", "wotr50", ["optimize"]),
          ("wotr 50 of each tree", "wotr50", ["tree", "-o", "{out}"]),
          ("wotr 50 of each enumerate", "wotr50", ["enumerate", "--limit", "5"])]
CASES += [(f"wotr 10 a side {' '.join(w)}", "wotr_most", ["odds"] if w == ["odds"] else w)
          for w in (["odds"], ["optimize"], ["tree", "-o", "{out}"], ["tree", "--depth", "2", "-o", "{out}"],
                    ["enumerate", "--limit", "5"], ["enumerate", "--count"])]


def write_cases(directory: Path) -> dict[str, Path]:
    out = {}
    for name, content in FILES.items():
        path = directory / f"{name}.yaml"
        path.write_text(content if isinstance(content, str) else
                        yaml.safe_dump(content, sort_keys=False, allow_unicode=True), encoding="utf-8")
        out[name] = path
    return out


def _limit() -> None:  # pragma: no cover - in the child
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(argv: list[str], timeout: float = 20.0) -> dict:
    """One run of ``python -m pycombat argv``: rc (None past ``timeout``), seconds, peak MB, out, err."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "pycombat", *argv], stdout=out, stderr=err,
                                preexec_fn=_limit, cwd=ROOT, env={**os.environ, "COLUMNS": "100"})
        rc, usage = None, None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                rc = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() - start > timeout:
                os.kill(proc.pid, signal.SIGKILL)
                _, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.01)
        seconds = time.monotonic() - start
        proc.returncode = rc if rc is not None else -9
        out.seek(0)
        err.seek(0)
        return {"rc": rc, "seconds": seconds, "mb": usage.ru_maxrss / 1024,
                "out": out.read().decode("utf-8", "replace"), "err": err.read().decode("utf-8", "replace")}


def argv_of(case: tuple[str, str, list[str]], files: dict[str, Path], scratch: Path) -> list[str]:
    _, file, words = case
    target = str(files[file]) if file in files else file
    return [words[0], target, *(w.replace("{out}", str(scratch / "out.dot")) for w in words[1:])]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", default="", help="only cases whose name contains this")
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args(argv)
    worst = 0
    with tempfile.TemporaryDirectory(prefix="pycombat-oversized-") as tmp:
        files = write_cases(Path(tmp))
        print(f"{'case':<52} {'rc':>4} {'s':>6} {'MB':>6}  answer / refusal")
        for case in CASES:
            if args.k not in case[0]:
                continue
            r = run(argv_of(case, files, Path(tmp)), timeout=args.timeout)
            text = (r["err"].strip() or r["out"].strip()).splitlines()
            first = text[0] if text else ""
            first = first.replace(tmp + "/", "")
            over = r["seconds"] > GOAL_SECONDS or r["mb"] > GOAL_MB or r["rc"] not in (0, 1, 2)
            worst |= over
            print(f"{case[0]:<52} {str(r['rc']):>4} {r['seconds']:6.2f} {r['mb']:6.0f}{' !' if over else '  '} "
                  f"{first[:150]}", flush=True)
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
