"""The storage seam: named, versioned JSON documents ("settings", "game", "stats", "daily").

Nothing else in the game reads or writes save files. A :class:`Backend` keeps raw text under a
short name; :class:`Storage` turns it into versioned dicts and never raises for bad data:

* natively :class:`FileBackend` keeps ``<name>.json`` in the user's data directory (found by
  ``platformdirs``; ``--data-dir DIR`` or the ``PIRAMIDE_DATA_DIR`` environment variable move
  it) and writes atomically: a temporary file in the same directory, flush, fsync, then
  ``os.replace``, so a crash at any moment leaves the old text or the new, never a mix. The
  directory itself is not fsynced after the rename: that would double the cost of a save (one
  per move) and only matters on power loss, where the old save (whole) would then be found;
  a killed process loses nothing that ``os.replace`` already did;
* the browser build puts a ``localStorage`` backend behind the same three methods;
* :class:`MemoryBackend` is a dict, for tests.

On disk a document is ``{"version": V, "data": {...}}``. A document that cannot be read as
what it claims to be (not UTF-8, not JSON, empty, truncated, not an object, a version from
the future), or that the game cannot make sense of, whatever the error (:meth:`Storage.read`),
is set aside under a new name, kept for the curious, and reported in :attr:`Storage.notices`;
the caller then starts clean.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from rules.files import UnusableFileError, read_regular

from .locks import FolderLock, Guard, LeaseLock, NoLock

APP_NAME = "piramide"
DATA_DIR_VARIABLE = "PIRAMIDE_DATA_DIR"
"""Environment variable that moves the data directory (the tests point it at a temporary one)."""
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
T = TypeVar("T")


class StorageError(Exception):
    """A document that cannot be read as what it claims to be."""


class Backend(Protocol):
    """Raw named text documents. Names are short ascii words: "settings", "game", "stats", "daily"."""

    def read(self, name: str) -> str | None:
        """The text, None when absent; raises :class:`StorageError` when unreadable."""

    def write(self, name: str, text: str) -> None:
        """Store ``text`` atomically: afterwards the old text or the new, never a mix."""

    def set_aside(self, name: str) -> str:
        """Keep a bad document under a new name (returned); ``name`` is then absent."""


def _check_name(name: str) -> str:
    if not NAME.match(name):
        raise ValueError(f"document names are short lower-case ascii words, not {name!r}")
    return name


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


class MemoryBackend:
    """Documents in a dict (tests; a game that must not touch the disk)."""

    def __init__(self, docs: dict[str, str] | None = None) -> None:
        self.docs: dict[str, str] = dict(docs or {})

    def read(self, name: str) -> str | None:
        return self.docs.get(_check_name(name))

    def write(self, name: str, text: str) -> None:
        self.docs[_check_name(name)] = text

    def set_aside(self, name: str) -> str:
        kept = f"{name}.bad-{_stamp()}"
        suffix = 1
        while kept in self.docs:
            suffix += 1
            kept = f"{name}.bad-{_stamp()}-{suffix}"
        self.docs[kept] = self.docs.pop(_check_name(name), "")
        return kept


def default_data_dir() -> Path:
    """Where saves live: ``$PIRAMIDE_DATA_DIR`` if set, else the platform's user data
    directory (``~/.local/share/piramide`` on Linux, ``%LOCALAPPDATA%\\piramide`` on Windows,
    ``~/Library/Application Support/piramide`` on macOS)."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    import platformdirs  # noqa: PLC0415 - only the native build needs it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class FileBackend:
    """One ``<name>.json`` file per document in ``directory`` (created when the game opens it).

    A write goes through a temporary file named after the writing process
    (``.<name>.<pid>.<random>.tmp``), so a game starting up tells its own leftovers from another
    game's write in progress (:meth:`remove_stale_temporaries`)."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    def path(self, name: str) -> Path:
        return self.directory / f"{_check_name(name)}.json"

    def read(self, name: str) -> str | None:
        path = self.path(name)
        try:
            raw = read_regular(path)
        except (FileNotFoundError, NotADirectoryError):  # no such file, or no such directory
            return None
        except UnusableFileError as error:  # a named pipe, a device, a folder, a huge file
            raise StorageError(str(error)) from None
        except OSError as error:
            raise StorageError(f"cannot be read ({error.strerror or error})") from None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise StorageError("is not UTF-8 text") from None

    def write(self, name: str, text: str) -> None:
        """Temporary file in the same directory, flush, fsync, then ``os.replace``."""
        path = self.path(name)
        self.directory.mkdir(parents=True, exist_ok=True)
        prefix = f".{name}.{os.getpid()}."  # whose write it is (see remove_stale_temporaries)
        handle, temporary = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(text.encode("utf-8"))
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def set_aside(self, name: str) -> str:
        path = self.path(name)
        kept = self.directory / f"{name}.bad-{_stamp()}.json"
        suffix = 1
        while kept.exists():
            suffix += 1
            kept = self.directory / f"{name}.bad-{_stamp()}-{suffix}.json"
        os.replace(path, kept)
        return kept.name

    def remove_stale_temporaries(self, exclusive: bool) -> None:
        """Remove the temporary files a crash left between writing and renaming (never read).

        A temporary file is another game's write in progress until its process is gone: it is
        removed when its process has ended, or when this game holds the folder ``exclusive``ly
        (then no other game writes here, so anything not of this process is a leftover).
        Temporary files of this process are never touched: they are writes in progress."""
        try:
            leftovers = list(self.directory.glob(".*.tmp"))
        except OSError:
            return
        for leftover in leftovers:
            owner = _temporary_owner(leftover.name)
            if owner == os.getpid() or not (exclusive or (owner is not None and _ended(owner))):
                continue
            with contextlib.suppress(OSError):
                leftover.unlink()


def _temporary_owner(name: str) -> int | None:
    """The process that wrote temporary file ``name`` (``.<doc>.<pid>.<random>.tmp``); None for
    a name of another form (written before the names carried it)."""
    parts = name.split(".")
    return int(parts[2]) if len(parts) == 5 and parts[2].isdecimal() and parts[2].isascii() else None


def _ended(pid: int) -> bool:
    """True when process ``pid`` has certainly ended (asked of POSIX only: on Windows
    ``os.kill`` would end the process instead, so there an unknown one counts as running)."""
    if os.name != "posix":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists (another user's)
        return False
    return False


def guard_for(backend: Backend) -> Guard:
    """The guard a backend needs (see :mod:`game.locks`): the folder's OS lock for files (a lease
    in the folder where the file system has no locks), nothing for a dict, a lease otherwise
    (the browser's ``localStorage``)."""
    if isinstance(backend, FileBackend):
        return FolderLock(backend.directory, fallback=LeaseLock(backend))
    if isinstance(backend, MemoryBackend):
        return NoLock()
    return LeaseLock(backend)


LOCKED = "the data folder is in use by another Pirámide: this one will not save"
TAKEN_OVER = "another Pirámide took the data folder over: this one saves no more"


class Storage:
    """Versioned JSON documents over a :class:`Backend`; bad data never raises.

    Opening one takes the backend's guard (``guard``, by default :func:`guard_for`): when
    another game holds it, the storage is :attr:`read_only` and writes nothing."""

    def __init__(self, backend: Backend, guard: Guard | None = None) -> None:
        self.backend = backend
        self.guard = guard_for(backend) if guard is None else guard
        self.read_only = False
        """True when another game holds the saves: nothing is written, renamed or removed."""
        self.notices: list[str] = []
        """One line per problem met (English, for the log): a document set aside, a failed write."""
        self.kept: list[str] = []
        """Names under which bad documents were set aside, in order."""
        self.problems: list[tuple[str, str]] = []
        """(document, why) of each document set aside, in order, for the game to tell the player:
        why is ``"newer"`` or ``"older"`` (written by another version of the game), ``"damaged"``,
        or ``"cut"`` (damaged, but the part before the damage was used)."""
        self._write_failed: set[str] = set()
        try:
            self.read_only = not self.guard.claim()
            exclusive = self.guard.exclusive
        except (OSError, StorageError):  # nowhere to lock is nowhere to write: the first write says so
            exclusive = False
        if self.read_only:
            self.notices.append(LOCKED)
        elif isinstance(backend, FileBackend):
            backend.remove_stale_temporaries(exclusive)

    def keep_alive(self) -> None:
        """Called every frame: renew the guard where it expires (a lease)."""
        if not self.read_only and not self._guarded(self.guard.renew):
            self._taken_over()

    def close(self) -> None:
        """Give the guard up (a game that closes; the OS does it for one that dies)."""
        if not self.read_only:
            with contextlib.suppress(OSError, StorageError):
                self.guard.release()

    def read(
        self, name: str, version: int, build: Callable[[dict[str, Any]], T], oldest: int | None = None
    ) -> T | None:
        """The document's data made into a value by ``build``; None when absent or unusable.

        This is the load boundary: whatever ``build`` raises, a ``ValueError`` naming the bad
        field or any other error a strange document may provoke deeper down, is the document's
        fault, never the start's: the document is set aside with a notice naming the error, and
        the caller starts clean. (Loading must never stop the game from starting: a document
        that did would block every start until deleted by hand.)"""
        data = self.load(name, version, oldest)
        if data is None:
            return None
        try:
            return build(data)
        except Exception as error:  # the load boundary (see above): reported, never swallowed
            self.reject(name, f"does not make sense ({describe(error)})")
            return None

    def load(self, name: str, version: int, oldest: int | None = None) -> dict[str, Any] | None:
        """The document's data; None when absent or bad (a bad one is set aside, with a notice).
        Formats from ``oldest`` (default: ``version`` alone) to ``version`` are read; the caller
        knows how an older one differs. Never raises for what the document holds."""
        try:
            return self._load(name, version, oldest)
        except Exception as error:  # the load boundary, as in :meth:`read`
            self.reject(name, f"cannot be read ({describe(error)})")
            return None

    def _load(self, name: str, version: int, oldest: int | None) -> dict[str, Any] | None:
        try:
            text = self.backend.read(name)
        except StorageError as error:
            self.reject(name, str(error))
            return None
        if text is None:
            return None
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError) as error:
            reason = "is empty" if not text.strip() else f"is not valid JSON ({_short(error)})"
            self.reject(name, reason)
            return None
        if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
            self.reject(name, "is not a saved document")
            return None
        found = doc.get("version")
        if isinstance(found, bool) or not isinstance(found, int):
            self.reject(name, "has no version")
            return None
        if not (version if oldest is None else oldest) <= found <= version:
            when = "newer" if found > version else "older"
            article = "a" if when == "newer" else "an"
            self.reject(name, f"was written by {article} {when} version of the game (format {found})", when)
            return None
        data: dict[str, Any] = doc["data"]
        return data

    def save(self, name: str, version: int, doc: dict[str, Any]) -> bool:
        """Write the document; False (with one notice per document) when the write failed."""
        if self.read_only:
            return False
        if not self._guarded(self.guard.still_held):
            self._taken_over()
            return False
        text = json.dumps({"version": version, "data": doc}, ensure_ascii=False, separators=(",", ":"))
        try:
            self.backend.write(name, text)
        except (OSError, StorageError) as error:
            if name not in self._write_failed:
                self._write_failed.add(name)
                self.notices.append(f"{name}: could not be saved ({_short(error)})")
            return False
        self._write_failed.discard(name)
        return True

    @property
    def failing(self) -> bool:
        """True while the last write of some document failed (full disk, read-only folder)."""
        return bool(self._write_failed)

    def reject(self, name: str, reason: str, why: str = "damaged") -> None:
        """Set a document that exists but cannot be used aside, with a notice saying ``reason``
        (and ``why`` for the player: ``"damaged"``, ``"newer"``, ``"older"``, ``"cut"``)."""
        if self.read_only:  # the documents are the other game's: it sets them aside, if it must
            self.notices.append(f"{name} {reason}; left to the game that holds the data folder")
            return
        self.problems.append((name, why))
        try:
            kept = self.backend.set_aside(name)
        except (OSError, StorageError) as error:
            self.notices.append(f"{name} {reason}; it could not be set aside ({_short(error)})")
            self.kept.append(name)
            return
        after = "" if why == "cut" else ", starting clean"  # cut: what came before it was kept
        self.notices.append(f"{name} {reason}; kept as {kept}{after}")
        self.kept.append(kept)

    def _guarded(self, check: Callable[[], bool]) -> bool:
        """The guard's answer; True when the store cannot even be asked (the write then fails
        and says so, as any other failed write)."""
        try:
            return check()
        except (OSError, StorageError):
            return True

    def _taken_over(self) -> None:
        self.read_only = True
        self.notices.append(TAKEN_OVER)


def describe(error: BaseException) -> str:
    """An error in a notice: a ``ValueError`` (a document's bad field, named) by its message,
    anything else by its type as well, since its message alone may not say what went wrong."""
    text = _short(error)
    return text if isinstance(error, ValueError) else f"{type(error).__name__}: {text}"


def _short(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:120]
