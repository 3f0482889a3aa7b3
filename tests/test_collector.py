"""pycombat.collector: the cyclic garbage collector paused around a search and resumed as it was; the searches
that keep memos leave no reference cycle behind (else every position waits for a collection that walks them
all)."""
from __future__ import annotations

import gc

import pytest

from pycombat import api
from pycombat.collector import paused, pausing
from pycombat.errors import ScenarioError, as_value


def test_paused_resumes_the_collector_as_it_was():
    assert gc.isenabled()
    with paused():
        assert not gc.isenabled()
        with paused():  # nested: still paused after the inner one ends
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with paused():
            pass
        assert not gc.isenabled()  # it was paused before: it stays so
    finally:
        gc.enable()


def test_pausing_resumes_it_after_an_error_too():
    @pausing
    def fails():
        assert not gc.isenabled()
        raise KeyError("x")

    with pytest.raises(KeyError):
        fails()
    assert gc.isenabled()


def test_an_error_kept_as_a_value_holds_no_frame():
    def raises():
        try:
            {}["missing"]
        except KeyError:
            raise ScenarioError("bad", path="p") from None

    try:
        raises()
    except ScenarioError as exc:
        kept = as_value(exc)
    assert kept.__traceback__ is None and kept.__context__ is None and kept.__cause__ is None
    assert str(kept) == "p: bad"


def _cycles_left(call: str) -> int:
    """The objects in reference cycles that the expression ``call`` leaves once its result is dropped (counted by a
    full collection with the collector paused meanwhile), in a fresh interpreter: the background threads other tests
    leave in this one (a Dask cluster's) make cyclic garbage of their own meanwhile."""
    import subprocess
    import sys

    script = ("import gc\nfrom pycombat import api\n"
              f"def run():\n    {call}\n"
              "run()\ngc.collect()\ngc.disable()\nrun()\nprint(gc.collect())\n")  # warm first: data, programs
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


def test_the_riftbound_showdown_search_leaves_no_cycle():
    """Its trigger stages keep the chains' steps, which hold their stage weakly; the plays refused are kept
    without their tracebacks (a frame would hold the memo that holds it)."""
    assert _cycles_left('api.load(api.example("riftbound", "showdown_hands.yaml")).optimize().to_json()') == 0


def test_the_riftbound_refusals_are_kept_without_frames():
    """The search keeps what each play it tries raises; a play refused is a value, not a frame."""
    from pycombat.games.riftbound.play.entries import Entry, Lines

    s = api.read_scenario(api.example("riftbound", "showdown_hands.yaml"))
    lines = Lines(s)
    refused = lines.run((), (Entry("Rune Prison", "attacker", ("Nobody",)),))
    assert isinstance(refused, ScenarioError) and refused.__traceback__ is None and refused.__context__ is None
