"""Each oversized input is refused in one line or answered: the answer's shape, never the machine's speed.

Each case of ``bench/oversized.py`` (MECCG 12 and 20 members a side; Riftbound Might 10^9, 200
damage over 30 units, 20 units a side; a YAML alias bomb in a flag; /dev/zero; WotR armies of 50 of
each kind and the largest legal ones) runs as a real ``python -m pycombat`` subprocess under an
address-space limit of 600 MB. The check is the answer's shape (exit 0 with output, or exit 2 with
one line naming the file). The time limit only guards against a hang: HANG_LIMIT is 30 times the
slowest measured case (about 2 s, printed by ``python bench/oversized.py`` and kept in
docs/limits.md); each run's time is recorded in the report (``record_property``), not asserted.
How fast they are is ``make bench``'s business.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("pycombat_oversized", ROOT / "bench" / "oversized.py")
oversized = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oversized)

CASES = oversized.CASES
#: what each case must give: "refused" (exit 2) or "answer" (exit 0); None: either
EXPECTED = {"riftbound Might 10^9 odds": "refused", "riftbound 30 defenders odds": "refused",
            "alias bomb in a flag": "refused", "/dev/zero as the file": "refused",
            "meccg20 optimize --max-nodes 10000": "refused", "meccg12 optimize --max-nodes 10000": "refused",
            "meccg20 enumerate --traces --limit 5": "answer", "riftbound 20v20 enumerate --limit 5": "answer",
            "riftbound 200 damage over 30 units enumerate --limit 5": "answer",
            # refused up front by its estimate of the positions to value (--max-work)
            "wotr 10 a side optimize": "refused"}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return oversized.write_cases(tmp_path_factory.mktemp("oversized"))


#: seconds after which a run counts as hung (the slowest case takes about 2 s on a quiet machine)
HANG_LIMIT = 60.0


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_oversized_input_is_refused_in_one_line_or_answered(case, files, tmp_path, record_property):
    argv = oversized.argv_of(case, files, tmp_path)
    r = oversized.run(argv, timeout=HANG_LIMIT)
    record_property("seconds", round(r["seconds"], 2))
    assert r["rc"] is not None, f"still running after {HANG_LIMIT:.0f} s (a hang, not a slow machine): {argv}"
    assert "Traceback" not in r["err"] and "MemoryError" not in r["err"], r["err"][-800:]
    assert r["rc"] in (0, 2), (r["rc"], r["err"][-500:])
    want = EXPECTED.get(case[0])
    if want:
        assert r["rc"] == (2 if want == "refused" else 0), r["err"][-500:]
    if r["rc"] == 2:
        lines = r["err"].strip().splitlines()
        assert len(lines) == 1 and len(lines[0]) <= 300, r["err"]
        assert argv[1] in lines[0]  # names the scenario file
        if "--max-nodes" in argv or "--limit" in argv or "--depth" in argv:
            # a size refusal names the option to change, not an internal name
            assert "max_nodes" not in lines[0] and "max_depth" not in lines[0], lines[0]
    else:
        assert r["out"].strip() and not r["err"].strip(), r["err"][-500:]
