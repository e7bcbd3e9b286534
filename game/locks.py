"""Who may write the saves: one game per data folder (or per browser profile).

Two games opened on one folder (a double click) used to overwrite each other's saves. Now the
first game takes the folder's *guard*; a second one finds it taken, says so and saves nothing
(:attr:`game.storage.Storage.read_only`): it can be played, but the first one's game and
statistics are left alone. A player expects the window they already had to be the one that
counts, and a second window that waits (shows nothing) would look broken.

* :class:`FolderLock` natively: an OS lock on the file ``.lock`` in the data folder (a POSIX
  ``fcntl`` record lock; ``msvcrt.locking`` on Windows). The operating system drops it when the
  process ends, however it ends (``kill -9``, a crash, a power cut), so it never outlives its
  game. Such a lock belongs to a process: every storage a process opens on one folder shares it
  (one process is one game). Where the file system has no locks (``ENOLCK``, some network
  folders) or its lock file cannot be opened, it falls back to a lease.
* :class:`LeaseLock` where no OS lock exists (the browser's ``localStorage``): a small
  ``owner`` document naming the holder and when it was last renewed. A holder renews it every
  :data:`RENEW_SECONDS` while it runs; one not renewed for :data:`LEASE_SECONDS` (a closed or
  crashed tab) is free to take. A holder checks it before each write and stops writing for good
  once another has taken it (a tab hidden past the lease, whose place a new tab took).
* :class:`NoLock` for documents no other game can see (a :class:`~game.storage.MemoryBackend`).

Even without a guard nothing is lost from the statistics: they merge by event
(:meth:`game.stats.Stats.absorb`).

Errors of the store itself (``OSError``, a browser's refusal) are left to the caller: a folder
that cannot hold a lock cannot hold saves either, and the first write says so.
"""

from __future__ import annotations

import errno
import json
import os
import sys
import time
import uuid
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

LOCK_FILE = ".lock"
OWNER = "owner"
"""The lease's document."""
LEASE_SECONDS = 20.0
"""A lease not renewed for this long (a closed or crashed tab; a tab hidden this long runs no
frames) may be taken by another game."""
RENEW_SECONDS = 5.0
_BUSY = {errno.EACCES, errno.EAGAIN, errno.EDEADLK}
"""What a refused non-blocking lock raises (POSIX: EACCES or EAGAIN; Windows: EACCES, EDEADLOCK)."""


class Guard(Protocol):
    exclusive: bool
    """True when, while held, no other game writes the folder at all (so a temporary file of
    another process found there is a crash's leftover)."""

    def claim(self) -> bool:
        """Take the right to write; False when another game holds it."""

    def still_held(self) -> bool:
        """Checked before each write: False once another game has taken the right over."""

    def renew(self) -> bool:
        """Called every frame: keep the right alive where it expires (as :meth:`still_held`)."""

    def release(self) -> None:
        """Give the right up (a game that closes; the OS does it for one that dies)."""


class Documents(Protocol):
    """What a lease is kept in: the saves' own backend."""

    def read(self, name: str) -> str | None: ...

    def write(self, name: str, text: str) -> None: ...


class LockUnavailableError(OSError):
    """The file system offers no lock here."""


# --- nothing to guard --------------------------------------------------------------------------------------
class NoLock:
    """For documents no other game sees."""

    exclusive = False

    def claim(self) -> bool:
        return True

    def still_held(self) -> bool:
        return True

    def renew(self) -> bool:
        return True

    def release(self) -> None:
        return None


# --- a lease, for stores without OS locks --------------------------------------------------------------
class LeaseLock:
    """The right to write, kept as a renewed lease in an ``owner`` document (see the module).

    ``token`` names this game (the browser passes one that survives a reload of the tab, so a
    reloaded page is still the holder); ``clock`` is wall-clock seconds, shared by every game
    on the store."""

    exclusive = False

    def __init__(
        self, documents: Documents, token: str | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.documents = documents
        self.token = token or uuid.uuid4().hex
        self.clock = clock
        self._renewed = -LEASE_SECONDS
        self._lost = False

    def claim(self) -> bool:
        holder, beat = self._holder()
        now = self.clock()
        if holder not in (None, self.token) and abs(now - beat) < LEASE_SECONDS:
            return False
        self._beat(now)
        return self._holder()[0] == self.token  # two taking it at once: the last write holds it

    def still_held(self) -> bool:
        if self._lost:
            return False
        holder, _ = self._holder()
        if holder not in (None, self.token):  # taken over (never given back: its saves may be newer)
            self._lost = True
            return False
        now = self.clock()
        if holder is None or now - self._renewed >= RENEW_SECONDS:
            self._beat(now)
        return True

    def renew(self) -> bool:
        if self._lost:
            return False
        return self.clock() - self._renewed < RENEW_SECONDS or self.still_held()

    def release(self) -> None:
        if not self._lost and self._holder()[0] == self.token:
            self.documents.write(OWNER, json.dumps({"token": self.token, "beat": 0}))  # free at once

    def _beat(self, now: float) -> None:
        self.documents.write(OWNER, json.dumps({"token": self.token, "beat": now}))
        self._renewed = now

    def _holder(self) -> tuple[str | None, float]:
        """The holder's token and its last renewal; (None, 0) when there is none (or the
        document is not one: a lease nobody can read is nobody's)."""
        text = self.documents.read(OWNER)
        try:
            doc = json.loads(text) if text is not None else None
        except ValueError:
            return None, 0.0
        token, beat = (doc.get("token"), doc.get("beat")) if isinstance(doc, dict) else (None, None)
        if not isinstance(token, str) or isinstance(beat, bool) or not isinstance(beat, int | float):
            return None, 0.0
        return token, float(beat)


# --- the OS lock of a folder --------------------------------------------------------------------------
_HELD: dict[Path, list[int]] = {}
"""Folder → [descriptor of its lock file, storages holding it]: the lock of a process (see the module)."""


class FolderLock:
    """The OS lock on ``directory/.lock`` (see the module); ``fallback`` serves where the file
    system has none."""

    def __init__(self, directory: Path, fallback: Guard) -> None:
        self.directory = Path(directory)
        self.fallback = fallback
        self.exclusive = True
        self._uses_fallback = False
        self._hold: weakref.finalize[[Path], FolderLock] | None = None
        """Lets the process's lock go when this one is released or forgotten."""

    def claim(self) -> bool:
        key = self.directory.resolve()
        held = _HELD.get(key)
        if held is None:
            try:
                descriptor = _lock_file(key)
            except OSError:  # no lock here (no OS locks, a lock file it may not open): the lease serves
                self._uses_fallback, self.exclusive = True, False
                return self.fallback.claim()
            if descriptor is None:
                return False
            held = _HELD[key] = [descriptor, 0]
        held[1] += 1
        self._hold = weakref.finalize(self, _let_go, key)
        return True

    def still_held(self) -> bool:
        return self.fallback.still_held() if self._uses_fallback else True

    def renew(self) -> bool:
        return self.fallback.renew() if self._uses_fallback else True

    def release(self) -> None:
        if self._uses_fallback:
            self.fallback.release()
        elif self._hold is not None:
            self._hold()  # once only: a finalizer runs at most once


def _lock_file(directory: Path) -> int | None:
    """The descriptor of ``directory/.lock``, locked; None when another process holds it;
    ``OSError`` when there is no lock to take (no folder, no locks on its file system)."""
    directory.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(directory / LOCK_FILE, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    try:
        _lock(descriptor)
    except OSError as error:
        os.close(descriptor)  # this process holds no lock on it: closing gives nothing up
        if error.errno in _BUSY:
            return None
        raise LockUnavailableError(error.errno, error.strerror) from None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, f"{os.getpid()}\n".encode())  # who holds it, for the curious
    return descriptor


def _let_go(key: Path) -> None:
    held = _HELD.get(key)
    if held is None:
        return
    held[1] -= 1
    if held[1] <= 0:
        del _HELD[key]
        os.close(held[0])  # the OS lock goes with the descriptor


if sys.platform == "win32":
    import msvcrt

    def _lock(descriptor: int) -> None:
        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)

else:
    try:
        import fcntl
    except ImportError:  # a platform with neither (the browser's file system): the lease serves
        fcntl = None  # type: ignore[assignment]

    def _lock(descriptor: int) -> None:
        if fcntl is None:
            raise LockUnavailableError(errno.ENOLCK, "no file locks on this platform")
        fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
