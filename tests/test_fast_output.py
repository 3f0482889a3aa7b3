"""Fast output: compact JSON by default (`--pretty` indents), streamed in chunks; a long
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
    from pycombat.present import PAGE_LINES

    report = pycombat.load(EIGHT).enumerate()
    term = _Terminal()
    present.enumerate(report, Console(file=term, width=200, markup=False, highlight=False))
    lines = term.getvalue().splitlines()
    rows = [line for line in lines if line[:7].strip().isdigit()]
    assert len(rows) == PAGE_LINES
    assert f"... {40_320 - PAGE_LINES:,} more not shown" in term.getvalue()


def _riftbound_many(defenders: int) -> dict:
    """Five 8-Might attackers against `defenders` custom units of Might 3 to 10 (then 3 again...)."""
    return {"game": "riftbound", "title": "many splits", "battlefield": "Bench",
            "attacker": {"player": "Ann", "units": [{"name": f"A{i}", "custom": True, "might": 8} for i in range(1, 6)]},
            "defender": {"player": "Bo", "units": [{"name": f"D{i}", "custom": True, "might": 3 + i % 8}
                                                   for i in range(defenders)]}}


def test_a_long_riftbound_listing_is_every_split_once_as_plain_lines(tmp_path):
    """Riftbound lists more than TABLE_MAX splits as numbered plain lines: each line is one split of
    the report (its amounts and kills), in the report's order; on a terminal, a page and the rest
    counted."""
    from rich.console import Console

    from pycombat.games.riftbound import present
    from pycombat.present import PAGE_LINES, TABLE_MAX

    path = tmp_path / "many.json"
    path.write_text(json.dumps(_riftbound_many(9)), encoding="utf-8")
    report = pycombat.load(str(path)).enumerate()
    long_sides = [ss for ss in report.sides.values() if len(ss.splits) > TABLE_MAX]
    assert long_sides and any(len(ss.splits) <= TABLE_MAX for ss in report.sides.values())
    out = io.StringIO()
    present.enumerate(report, Console(file=out, width=200, markup=False, highlight=False))
    rows = [line for line in out.getvalue().splitlines() if line[:7].strip().isdigit() and " | kills: " in line]
    want = [(ss.splits[i].amounts, tuple(ss.kills[i])) for ss in long_sides for i in range(len(ss.splits))]
    got = []
    for row in rows:
        number, rest = row.split(maxsplit=1)
        what, kills = rest.split(" | kills: ")
        amounts = tuple((u.rsplit(" ", 1)[0], int(u.rsplit(" ", 1)[1])) for u in what.split(", "))
        got.append((int(number), amounts, tuple(k for k in kills.split(", ") if k != "-")))
    assert [(a, k) for _, a, k in got] == want
    starts = [i for i, (n, _, _) in enumerate(got) if n == 1]
    assert [n for n, _, _ in got] == [j - s + 1 for s, e in zip(starts, starts[1:] + [len(got)]) for j in range(s, e)]
    term = _Terminal()
    present.enumerate(report, Console(file=term, width=200, markup=False, highlight=False))
    longest = max(len(ss.splits) for ss in long_sides)
    assert longest > PAGE_LINES
    assert f"... {longest - PAGE_LINES:,} more not shown" in term.getvalue()
    assert sum(1 for line in term.getvalue().splitlines() if " | kills: " in line) < len(rows)
