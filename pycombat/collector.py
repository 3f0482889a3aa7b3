"""Python's cyclic garbage collector paused around a search: :class:`paused` and :func:`pausing`.

A search makes and holds hundreds of thousands of small tuples, dicts and states. Each of the
collector's generation scans they set off walks every object they hold, and every long-lived object of
the process too, again and again, for nothing: they hold no reference cycle, and reference counting
frees them as before. With the collector paused for the whole search, and resumed as it was after, the
work is done once (what cycles are made meanwhile elsewhere are collected then); the searches bound
their memory by their node and state limits.

A search that keeps its memos in objects which refer to each other must break that cycle (a weak
reference from the child to the one that keeps it): else everything the memos reach waits for a
collection, which walks it all.

>>> import gc
>>> with paused():
...     gc.isenabled()
False
>>> gc.isenabled()
True
>>> @pausing
... def search():
...     return gc.isenabled()
>>> search(), gc.isenabled()
(False, True)
"""
from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class paused:
    """A context manager: the collector paused inside, resumed after when it ran before (nested uses
    leave it paused until the outermost ends). A class rather than a generator: it is entered several
    times for every scenario of a batch."""

    __slots__ = ("_was",)

    def __enter__(self) -> None:
        self._was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: Any) -> None:
        if self._was:
            gc.enable()


def pausing(fn: F) -> F:
    """``fn`` run with the collector paused (:class:`paused`), once for its whole run."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with paused():
            return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]
