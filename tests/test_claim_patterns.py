"""Every registered claim pattern answers 1 MB of hostile text at once.

The probe (tests/claim_pattern_probe.py) runs in a child process under a generous timeout
(a regular expression stuck in backtracking cannot be interrupted from Python); it feeds each
pattern of every game's claim book, and each book's whole reader, text made of the pattern's
own words at 1 MB and at the longest sentence the reader accepts.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from pycombat import sentences, verdicts

PROBE = Path(__file__).with_name("claim_pattern_probe.py")


def test_every_claim_pattern_answers_hostile_text_quickly():
    proc = subprocess.run([sys.executable, str(PROBE)], capture_output=True, text=True, timeout=120)
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    assert proc.returncode == 0, proc.stderr[-2000:]
    m = re.match(r"DONE (\d+) patterns; slowest ([\d.]+) s", last)
    assert m, f"the probe stopped at: {last}"
    assert int(m.group(1)) >= 50  # every game's book was reached
    assert float(m.group(2)) < 1.0, last


def test_the_guard_limit_is_the_claim_readers_limit():
    assert sentences.MAX_SENTENCE == verdicts.MAX_SENTENCE


def test_an_unguarded_backtracking_pattern_is_what_the_guard_stops():
    slow = re.compile(r"^(?P<d>.+?) may take (?P<a>.+?)'s strike$")
    g = sentences.Guarded(slow)
    text = "a may take " * 200_000
    assert g.match(text) is None and g.search(text) is None  # at once: longer than the limit
    assert g.match("Aragorn may take Orc's strike").group("d") == "Aragorn"
