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


def tree_written(report: Any, whole: str, over: str = "") -> str:
    """The line saying where a tree went and its size (``report.output``, ``report.stats``); with
    ``report.depth``, whether its nodes carry the values of ``whole`` (the whole game, solved once) or are
    marked ``solved=false`` (``over``: why, e.g. the budget it passes)."""
    head = f"wrote {report.output}: {report.stats}"
    if report.depth is None:
        return head
    if report.value is not None:
        return f"{head} (first {report.depth} plies; every node's value from {whole} solved)"
    return f"{head} (first {report.depth} plies, not solved: {over}each node is marked solved=false)"


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
        for line in readings_lines(j.get("readings", []), sources=report.sources):
            console.print(line)
        if v.claim.expect is not None and v.claim.expect != v.verdict:
            console.print(Text(f"    expected {v.claim.expect}: NOT MET", style="bold red"))
    if report.missed:
        console.print(Text(f"{len(report.missed)} claim(s) did not get the expected verdict", style="bold red"))


def _word(verdict: Any) -> str:
    return "NOT DECIDED" if verdict is None else "TRUE" if verdict else "FALSE"


def readings_lines(table: list[dict], *, sources: bool = True, indent: str = "    ") -> list[str]:
    """A verdict's readings side by side (the ``readings`` of its JSON): for a flag that flips it,
    who chose the value in force, the rules that read the flag, each value's verdict with the rules
    (and sources) it rests on, and why the rules are read two ways; a flag that flips nothing (with
    ``--readings all``) on one line.

    >>> t = [{"flag": "f", "chosen": "a", "chosen_by": "default", "flips": False, "why": "", "cited_by": [],
    ...       "readings": [{"value": "a", "verdict": True, "chosen": True, "rules": []},
    ...                    {"value": "b", "verdict": True, "chosen": False, "rules": []}]}]
    >>> readings_lines(t)
    ['    readings of f: the same verdict under every value (a, chosen: TRUE; b: TRUE)']

    A value that decides nothing (NOT DECIDED, or a reading that cannot be made) is no "same verdict":

    >>> t[0]["readings"][1].update(verdict=None)
    >>> readings_lines(t)
    ['    readings of f: no value gives the opposite verdict (a, chosen: TRUE; b: NOT DECIDED)']
    """
    out = []
    by = {"default": "the default", "scenario": "set by the scenario", "command line": "set on the command line"}
    for t in table:
        if not t["flips"]:
            said = [f"{r['value']}{', chosen' if r['chosen'] else ''}: "
                    + (f"cannot be read so: {r['error']}" if r.get("error") else _word(r["verdict"]))
                    for r in t["readings"]]
            same = len({(r.get("error"), r["verdict"]) for r in t["readings"]}) == 1
            out.append(f"{indent}readings of {t['flag']}: "
                       + ("the same verdict under every value" if same else "no value gives the opposite verdict")
                       + " (" + "; ".join(said) + ")")
            continue
        read_by = f"; read by {', '.join(t['cited_by'])}" if t.get("cited_by") else ""
        out.append(f"{indent}readings of {t['flag']} (in force: {t['chosen']}, "
                   f"{by.get(t['chosen_by'], t['chosen_by'])}{read_by}):")
        width = max(len(r["value"]) + (9 if r["chosen"] else 0) for r in t["readings"])
        for r in t["readings"]:
            name = f"{r['value']} (chosen)" if r["chosen"] else r["value"]
            rules = ", ".join(x["rule"] + (f" ({x['source'].rstrip('.')})" if sources and x.get("source") else "")
                              for x in r["rules"])
            said = f"cannot be read so: {r['error']}" if r.get("error") else \
                f"{_word(r['verdict'])}" + (f", on {rules}" if rules else "")
            out.append(f"{indent}  {name.ljust(width)}  {said}")
        if t.get("why"):
            out.append(f"{indent}  why two readings: {t['why']}")
    return out
