"""``enumerate --limit N`` holds the first N options until they are printed: an N past ``--max-list``
is refused up front (the options counted, never listed) with how many would be held and about how
much memory, when the attack has more than ``--max-list`` options; a limit past the count of a small
attack lists them all."""
from __future__ import annotations

import pytest

from pycombat import api
from pycombat.errors import TooLargeError
from pycombat.games.meccg.assignment import enumerate as enumerate_module
from pycombat.games.meccg.assignment.legal import LegalTraces

from test_count_past_the_bound import _companies  # n plain characters a side at Moria


@pytest.fixture
def listed(monkeypatch):
    """How many options were listed (traces read in order, complete assignments made in order)."""
    n = [0]
    real_ordered, real_made = LegalTraces.ordered, enumerate_module.ordered_assignments

    def counted(it):
        for x in it:
            n[0] += 1
            yield x

    monkeypatch.setattr(LegalTraces, "ordered", lambda self: counted(real_ordered(self)))
    monkeypatch.setattr(enumerate_module, "ordered_assignments", lambda sh: counted(real_made(sh)))
    return n


@pytest.mark.parametrize("traces", [True, False])
def test_a_limit_past_max_list_is_refused_before_any_option_is_listed(listed, traces):
    s = api.load(_companies(4))  # 4! = 24 complete assignments, more traces
    with pytest.raises(TooLargeError) as exc:
        s.enumerate(limit=1_000_000, traces=traces, max_list=10)
    assert listed[0] == 0
    noun = "traces" if traces else "complete assignments"
    n = s.count(traces=traces)
    assert str(exc.value) == (f"enumerate --limit 1,000,000: {n:,} legal {noun}; the first {n:,} held until "
                              f"printed (about {n} KB) pass --max-list 10: use a smaller --limit, --count, or "
                              f"--max-list {n}")


@pytest.mark.parametrize("traces", [True, False])
def test_a_limit_past_the_count_lists_them_all(listed, traces):
    s = api.load(_companies(3))
    n = s.count(traces=traces)
    report = s.enumerate(limit=1_000_000, traces=traces, max_list=n)
    assert len(report.result.options) == n and report.count == n and not report.result.truncated


def test_a_limit_under_max_list_lists_the_first_n():
    report = api.load(_companies(4)).enumerate(limit=10, traces=True, max_list=10)
    assert len(report.result.options) == 10 and report.result.truncated
