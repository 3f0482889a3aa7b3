"""Shared printing helpers for every game's presenters (a rich console, titles, progress bars, verdicts).

Game-neutral: each game's ``present`` module prints its own reports with these; the CLI only
chooses between a report's text and its JSON.
"""
from __future__ import annotations

import contextlib
import sys
from typing import Any

from rich.console import Console
from rich.text import Text


#: a listing longer than this is written as plain lines (streamed), not as one rich table
TABLE_MAX = 500
#: on a terminal, at most this many plain lines are shown (the rest is counted)
PAGE_LINES = 2000


def plain_lines(console: Console, lines: Any, total: int) -> int:
    """Write ``lines`` (an iterable of strings, made as they are written) straight to the console's
    file, no table built; on a terminal only the first PAGE_LINES, then how many of ``total`` remain.
    Returns how many were written."""
    out = console.file
    shown = 0
    page = PAGE_LINES if out.isatty() else None
    chunk: list[str] = []
    for line in lines:
        if page is not None and shown >= page:
            break
        chunk.append(line)
        shown += 1
        if len(chunk) >= 1000:
            out.write("\n".join(chunk) + "\n")
            chunk.clear()
    if chunk:
        out.write("\n".join(chunk) + "\n")
    out.flush()
    remain = total - shown
    if remain:
        console.print(f"... {remain:,} more not shown on the terminal (redirect to a file for all of them, or "
                      f"use --json or --limit N)")
    return shown


def make_console() -> Console:
    """The console every verb prints to: wide on a terminal, 132 columns into a pipe or file."""
    return Console(width=max(Console().width, 120) if sys.stdout.isatty() else 132, highlight=False, markup=False,
                   soft_wrap=True)


def title(console: Console, report: Any) -> None:
    """The scenario's title, in bold, when it has one."""
    if getattr(report, "title", None):
        console.print(Text(report.title, style="bold"))


def progress_bar(console: Console | None = None):
    """``(context, callback)``: a rich progress bar fed with the number of tree nodes built (on
    stderr, on a terminal only; elsewhere a null context and no callback)."""
    if not sys.stderr.isatty():
        return contextlib.nullcontext(), None
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn  # a terminal only

    bar = Progress(SpinnerColumn(), TextColumn("building the game tree: {task.completed:,} nodes"),
                   TimeElapsedColumn(), console=Console(stderr=True), transient=True)
    task = bar.add_task("tree", total=None)
    return bar, (lambda n: bar.update(task, completed=n))


def verdicts(report: Any, console: Console) -> None:
    """``verify``'s text for every game (a :class:`pycombat.report.VerifyReport`): each verdict with
    the rules that decide it (and their sources), the rules a candidate violates, notes, the flags
    whose other value flips it, and whether the claim's ``expect:`` is met."""
    title(console, report)
    for line in report.lead:
        console.print(line)
    for v in report.verdicts:
        j = v.as_json()
        mark = "NOT DECIDED" if v.verdict is None else "TRUE " if v.verdict else "FALSE"
        style = "bold yellow" if v.verdict is None else "bold green" if v.verdict else "bold red"
        console.print(Text(f"{mark} {j['claim']}  ({j['id']})", style=style))
        for r in j["reasons"]:
            source = f" (source: {r['source'].rstrip('.')})" if report.sources and r["source"] else ""
            console.print(f"    {r['rule']}: {r['text']}{source}")
        if report.detail is not None:
            for d in j.get("violations", []):
                console.print(f"    violated {d['rule']}: {report.detail(d['detail'])}")
        for n in j.get("notes", []):
            console.print(f"    note: {n}")
        if v.deciding_flags:
            console.print("    decided by " + ", ".join(f"{k}={val}" for k, val in v.deciding_flags.items())
                          + f" ({report.reading} gives the opposite verdict)")
        if v.claim.expect is not None and v.claim.expect != v.verdict:
            console.print(Text(f"    expected {v.claim.expect}: NOT MET", style="bold red"))
    if report.missed:
        console.print(Text(f"{len(report.missed)} claim(s) did not get the expected verdict", style="bold red"))
