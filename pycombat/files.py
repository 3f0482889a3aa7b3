"""Files written whole or not at all (``verify --save``, ``batch --json-lines``).

The new text goes to a file of its own in the folder of the file it replaces (:func:`beside`), which
takes that file's place at once (``os.replace``) when the text is complete: an interrupted write never
leaves half a file, nor spoils an earlier one. A path that is a link replaces the file it names and
keeps the link; the earlier file's permissions are kept.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def target_of(path: str | Path) -> Path:
    """The file ``path`` names (a link followed)."""
    return Path(os.path.realpath(path))


def replaceable(target: Path) -> bool:
    """Whether ``target`` is replaced by a new file (a regular file, or none yet), not written in place (a
    device, a pipe)."""
    return not target.exists() or target.is_file()


def beside(target: Path) -> tuple[int, str]:
    """A new file in ``target``'s folder (its descriptor, open for writing, and its name), with ``target``'s
    permissions, else those of a file opened for writing. Raises OSError."""
    fd, temp = tempfile.mkstemp(dir=str(target.parent), prefix=f".{target.name}.", suffix=".part")
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(fd, target.stat().st_mode & 0o7777 if target.exists() else 0o666 & ~mask)
    except OSError:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return fd, temp


def write_whole(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all. Raises OSError."""
    target = target_of(path)
    if not replaceable(target):
        target.write_text(text, encoding="utf-8")
        return
    fd, temp = beside(target)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
