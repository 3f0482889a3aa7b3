"""Solves for the web page run in worker processes, with a time budget and a cancel button.

Each request that runs a verb gets its own worker process, forked by a fork server (where the
platform has one; else spawned) that has imported pycombat and every game's verb modules once, so a
worker starts in milliseconds. (Forking the server itself is unsafe: a thread of its pool may hold
a lock, an import's or logging's, that the child then waits for forever.) The server's event
loop only polls a pipe, so a long solve never blocks it; a worker past its time budget, or
cancelled, is killed (a thread could not be). At most ``max_workers`` run at once (the others are
refused with "busy", HTTP 429), and finished jobs are kept a few minutes so the page can fetch them.

A worker sends ``("progress", nodes)`` messages (verbs that report progress) and one final
``("done", payload)`` or ``("error", status, body)``.
"""
from __future__ import annotations

import errno
import itertools
import multiprocessing
import os
import signal
import resource
import time
from dataclasses import dataclass, field
from typing import Any, Callable

#: how long a finished job's answer is kept for the page to fetch (seconds)
KEEP_SECONDS = 600
#: finished jobs kept at most
KEEP_JOBS = 64


def _context(preload: list[str]):
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(preload)
        return ctx
    return multiprocessing.get_context("spawn")


def _noop() -> None:  # pragma: no cover - runs in the worker
    pass


def _address_space() -> int:
    """This process's address space in bytes (Linux: VmSize; elsewhere 0, the budget then counts all)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def _out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` is an allocation that failed (past the memory budget): Python's MemoryError,
    an operating-system call refused with ENOMEM, or clingo's std::bad_alloc."""
    return (isinstance(exc, MemoryError) or (isinstance(exc, OSError) and exc.errno == errno.ENOMEM)
            or (isinstance(exc, RuntimeError) and "bad_alloc" in str(exc)))


#: The worker's exit status when it went past its memory budget and could not even send that answer.
OUT_OF_MEMORY_EXIT = 86
#: How a worker past its memory budget may end without an answer: Python aborts (SIGABRT), the
#: kernel kills it (SIGKILL), glibc cannot allocate a new thread's thread-local data (it prints
#: "cannot allocate memory for thread-local data: ABORT" and exits with 127), or our own status.
OUT_OF_MEMORY_ENDS = (-6, -9, 127, OUT_OF_MEMORY_EXIT)


def _over_budget(verb: str, memory_mb: int | None) -> tuple:
    return ("error", 507, {"error": f"pycombat: {verb} needed more than the memory budget of {memory_mb} MB and "
                                    "was stopped (start the server with a larger --memory, or ask a smaller question)"})


def _child(conn, work: Callable[..., tuple], args: tuple, memory_mb: int | None = None,
           verb: str = "the solve") -> None:  # pragma: no cover - runs in the worker
    # The answer past the budget is made before the budget applies: giving it allocates nothing new.
    over_budget = _over_budget(verb, memory_mb)
    # A solve may not take more than its memory budget: address space beyond what the worker holds
    # when it starts (the preloaded modules); past it, a clear answer, never the machine swapping.
    if memory_mb:
        limit = _address_space() + memory_mb * 1024 * 1024
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))
    # The server's signal handlers (uvicorn's) must not survive in the worker: SIGTERM ends it.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        signal.set_wakeup_fd(-1)
    except (ValueError, OSError):
        pass
    last = [0.0]

    def progress(nodes: int) -> None:
        now = time.monotonic()
        if now - last[0] > 0.2:
            last[0] = now
            try:
                conn.send(("progress", int(nodes)))
            except (OSError, ValueError):
                pass

    try:
        message = work(progress, *args)
    except BaseException as exc:  # the worker must answer something, never die silently
        try:
            if _out_of_memory(exc):
                message = over_budget
            else:
                message = ("error", 500, {"error": f"pycombat: internal error: {type(exc).__name__}: {exc}"[:2000]})
        except MemoryError:  # even the answer could not be made: the exit status says it
            os._exit(OUT_OF_MEMORY_EXIT)
    try:
        conn.send(message)
    except MemoryError:
        os._exit(OUT_OF_MEMORY_EXIT)
    finally:
        conn.close()
    os._exit(0)


@dataclass
class Job:
    id: str
    verb: str
    process: Any
    conn: Any
    started: float
    timeout: float
    state: str = "running"  # running, done, error, cancelled, timeout
    progress: int = 0
    status: int = 200
    body: Any = None
    ended: float | None = None
    meta: dict = field(default_factory=dict)
    memory_mb: int | None = None  #: the solve's memory budget (RLIMIT_AS), None: none

    def _died(self) -> None:
        """The worker ended without an answer: past its memory budget (one of OUT_OF_MEMORY_ENDS,
        when even the error cannot be made), else an internal error."""
        self.process.join(timeout=30)  # its pipe is closed: it is ending (a busy machine may take a while)
        if self.memory_mb and self.process.exitcode in OUT_OF_MEMORY_ENDS:
            self._finish(*_over_budget(self.verb, self.memory_mb))
        else:
            self._finish("error", 500, {"error": "pycombat: internal error: the worker ended without an answer "
                                                 f"(exit status {self.process.exitcode})"})

    def poll(self) -> None:
        """Read what the worker sent; enforce the time budget."""
        if self.state != "running":
            return
        try:
            while self.conn.poll():
                msg = self.conn.recv()
                if msg[0] == "progress":
                    self.progress = msg[1]
                elif msg[0] == "done":
                    self._finish("done", 200, msg[1])
                    return
                elif msg[0] == "error":
                    self._finish("error", msg[1], msg[2])
                    return
        except (EOFError, OSError):
            self._died()
            return
        if not self.process.is_alive() and not self.conn.poll():
            self._died()
            return
        if time.monotonic() - self.started > self.timeout:
            self.kill()
            self._finish("timeout", 504, {"error": f"pycombat: {self.verb} took longer than the time budget of "
                                                   f"{self.timeout:g} s and was stopped (start the server with a "
                                                   "larger --timeout, or ask a smaller question)"})

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=2)

    def cancel(self) -> None:
        if self.state == "running":
            self.kill()
            self._finish("cancelled", 499, {"error": f"pycombat: {self.verb} cancelled"})

    def _finish(self, state: str, status: int, body: Any) -> None:
        self.state, self.status, self.body = state, status, body
        self.ended = time.monotonic()
        try:
            self.conn.close()
        except OSError:
            pass
        if self.process.is_alive():
            self.process.join(timeout=1)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout=1)

    def view(self) -> dict:
        """The job as the page sees it."""
        now = self.ended if self.ended is not None else time.monotonic()
        out = {"job": self.id, "verb": self.verb, "state": self.state, "progress": self.progress,
               "elapsed": round(now - self.started, 3), "timeout": self.timeout, **self.meta}
        if self.state != "running":
            out["status"] = self.status
            out.update(self.body if isinstance(self.body, dict) else {"result": self.body})
        return out


class Busy(Exception):
    """Every worker slot is taken."""


class Jobs:
    """The running and recently finished jobs of one server."""

    def __init__(self, *, timeout: float, max_workers: int = 2, preload: list[str] | None = None,
                 memory_mb: int | None = None):
        self.timeout = timeout
        self.memory_mb = memory_mb
        self.max_workers = max_workers
        self._jobs: dict[str, Job] = {}
        self._ids = itertools.count(1)
        self._ctx = _context(list(preload or []))

    def warm_up(self) -> None:
        """Start the fork server (it imports the preloaded modules) before the first request needs it."""
        p = self._ctx.Process(target=_noop, daemon=True)
        p.start()
        p.join(timeout=60)

    def start(self, verb: str, work: Callable[..., tuple], args: tuple, meta: dict | None = None) -> Job:
        self.sweep()
        if sum(j.state == "running" for j in self._jobs.values()) >= self.max_workers:
            raise Busy(f"pycombat: the server is busy ({self.max_workers} solves running); try again shortly, "
                       "or cancel one")
        parent, child = self._ctx.Pipe(duplex=False)
        proc = self._ctx.Process(target=_child, args=(child, work, args, self.memory_mb, verb), daemon=True)
        proc.start()
        child.close()
        job = Job(id=f"{next(self._ids)}-{os.urandom(4).hex()}", verb=verb, process=proc, conn=parent,
                  started=time.monotonic(), timeout=self.timeout, meta=dict(meta or {}), memory_mb=self.memory_mb)
        self._jobs[job.id] = job
        return job

    def get(self, job_id: str) -> Job | None:
        job = self._jobs.get(job_id)
        if job is not None:
            job.poll()
        return job

    def sweep(self) -> None:
        for job in list(self._jobs.values()):
            job.poll()
        now = time.monotonic()
        done = sorted((j for j in self._jobs.values() if j.ended is not None), key=lambda j: j.ended)
        for j in done:
            if now - j.ended > KEEP_SECONDS or len(done) > KEEP_JOBS:
                self._jobs.pop(j.id, None)
                done = [d for d in done if d is not j]

    def shutdown(self) -> None:
        for job in self._jobs.values():
            job.cancel()
