"""Fast output (issue 17): compact JSON by default (`--pretty` indents), streamed in chunks; a long
plain-text listing is written as plain lines (a page on a terminal, with how many remain)."""
from __future__ import annotations

import io
import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st

import pycombat
from pycombat import cli
from pycombat.cli import main

EIGHT = str(pycombat.example("meccg", "eight_vs_eight.yaml"))
WIND = str(pycombat.example("meccg", "wind_throne.yaml"))

JSONS = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                     lambda kids: st.lists(kids, max_size=12) | st.dictionaries(st.text(max_size=4), kids, max_size=5),
                     max_leaves=40)


@settings(max_examples=40, deadline=None)
@given(JSONS)
def test_streamed_compact_json_is_the_same_document(obj):
    old = cli._STREAM_CHUNK
    cli._STREAM_CHUNK = 3  # small chunks: lists longer than that are written in pieces
    try:
        out = io.StringIO()
        cli._emit_json(obj, out=out)
    finally:
        cli._STREAM_CHUNK = old
    text = out.getvalue()
    assert text.endswith("\n") and "\n" not in text[:-1]
    assert json.loads(text) == obj
    assert text[:-1] == json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def test_json_is_compact_by_default_and_pretty_on_request(capsys):
    assert main(["enumerate", WIND, "--json", "--limit", "3"]) == 0
    compact = capsys.readouterr().out
    assert main(["enumerate", WIND, "--json", "--limit", "3", "--pretty"]) == 0
    pretty = capsys.readouterr().out
    assert compact.count("\n") == 1 and pretty.count("\n") > 10
    assert json.loads(compact) == json.loads(pretty)
    assert json.loads(compact)["count"] == 288


def test_the_long_plain_listing_is_every_assignment_once(capsys):
    scenario = pycombat.load(EIGHT)
    strikes = {m.name for m in scenario.model.attacker.members}
    targets = [m.name for m in scenario.model.defender.members]
    assert main(["enumerate", EIGHT]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if line[:7].strip().isdigit()]
    assert len(rows) == 40_320 == len(list(itertools.permutations(strikes)))  # eight strikes on eight targets
    seen = set()
    for n, row in enumerate(rows, start=1):
        number, rest = row.split(maxsplit=1)
        assert int(number) == n
        pairs = rest.split(" | ")[0].split("; ")
        assert [p.split(" <- ")[0] for p in pairs] == targets
        who = tuple(p.split(" <- ")[1] for p in pairs)
        assert set(who) == strikes
        seen.add(who)
    assert len(seen) == 40_320
    assert not any("more not shown" in line for line in out)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_long_listing_is_a_page_and_says_how_many_remain():
    from rich.console import Console

    from pycombat.games.meccg import present

    report = pycombat.load(EIGHT).enumerate()
    term = _Terminal()
    present.enumerate(report, Console(file=term, width=200, markup=False, highlight=False))
    lines = term.getvalue().splitlines()
    rows = [line for line in lines if line[:7].strip().isdigit()]
    assert len(rows) == present.PAGE_LINES
    assert f"... {40_320 - present.PAGE_LINES:,} more not shown" in term.getvalue()
