"""Reading a file a user could have replaced, without hanging and without filling memory.

The game's saves, the label table and the card images are files a user can reach. Read with
:func:`read_regular`, a file must be a *regular* file (a named pipe would make the read wait
for a writer that never comes: the start would hang; ``/dev/zero`` would be read until memory
runs out) of at most :data:`MAX_FILE_BYTES`. Anything else is an :class:`UnusableFileError`, an
``OSError`` whose message says what the path is instead, so the callers' handling of
unreadable files covers it.

The check is made on the open file (``fstat``), not on the name, so nothing can be swapped
between the look and the read; the file is opened non-blocking, so even opening a named pipe
returns at once.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_FILE_BYTES = 8 * 1024 * 1024
"""The largest file read (8 MB). The largest we write or ship is far below it: the label table is
about 0.4 MB, a saved game with 10,000 moves about 0.1 MB, the statistics some tens of KB."""
_CHUNK = 1 << 20
_OPEN_FLAGS = os.O_RDONLY | sum(getattr(os, flag, 0) for flag in ("O_NONBLOCK", "O_CLOEXEC", "O_BINARY"))
"""Non-blocking, so opening a named pipe returns at once (POSIX; Windows has neither pipes in
folders nor the flag); O_BINARY: no newline translation on Windows."""
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


class UnusableFileError(OSError):
    """The path is not a regular file, or is larger than the limit; the message says which."""


def read_regular(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (links followed), at most ``limit`` of them.

    Raises ``FileNotFoundError`` when there is none, :class:`UnusableFileError` when it is not a
    regular file or is larger than ``limit`` (also one that grows past it while being read),
    and ``OSError`` for anything else that stops the read."""
    descriptor = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in _KINDS if test(info.st_mode)), "something else")
            raise UnusableFileError(f"is not a regular file ({kind})")
        chunks: list[bytes] = []
        size = 0
        while size <= limit and info.st_size <= limit:
            chunk = os.read(descriptor, min(_CHUNK, limit + 1 - size))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            size += len(chunk)
        raise UnusableFileError(f"is larger than {_megabytes(limit)}, the most the game reads")
    finally:
        os.close(descriptor)


def _megabytes(count: int) -> str:
    return f"{count // (1024 * 1024)} MB" if count >= 1024 * 1024 else f"{count} bytes"
