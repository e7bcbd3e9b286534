"""The storage seam: real files, atomic writes, and every kind of bad document set aside."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.locks import LEASE_SECONDS, LOCK_FILE, RENEW_SECONDS, LeaseLock
from game.storage import (
    LOCKED,
    TAKEN_OVER,
    FileBackend,
    MemoryBackend,
    Storage,
    StorageError,
    default_data_dir,
)

GOOD = {"version": 1, "data": {"passes": 3}}


def _files(directory: Path) -> list[str]:
    """The files of ``directory``, but the lock file a game keeps open there."""
    return sorted(p.name for p in directory.iterdir() if p.name != LOCK_FILE)


def test_documents_round_trip_through_real_files(tmp_path: Path) -> None:
    storage = Storage(FileBackend(tmp_path / "new" / "dir"))
    assert storage.load("stats", 1) is None
    assert storage.save("stats", 1, {"text": "Pirámide ♠", "n": [1, 2]})
    assert Storage(FileBackend(tmp_path / "new" / "dir")).load("stats", 1) == {
        "text": "Pirámide ♠",
        "n": [1, 2],
    }
    assert _files(tmp_path / "new" / "dir") == ["stats.json"]  # no temporary file left behind
    assert storage.notices == []


def test_memory_backend_behaves_like_the_file_one() -> None:
    backend = MemoryBackend()
    storage = Storage(backend)
    storage.save("game", 1, {"a": 1})
    assert storage.load("game", 1) == {"a": 1}
    backend.write("game", "{")
    assert storage.load("game", 1) is None and backend.read("game") is None
    assert storage.kept[0].startswith("game.bad-") and backend.docs[storage.kept[0]] == "{"


def test_names_are_short_words() -> None:
    with pytest.raises(ValueError):
        FileBackend(Path(".")).path("../etc/passwd")


def test_a_crash_between_writing_and_renaming_leaves_the_old_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = Storage(FileBackend(tmp_path))
    storage.save("game", 1, {"moves": ["D"]})

    def crash(src: object, dst: object) -> None:
        raise KeyboardInterrupt("the power went out")  # not an OSError: the write cannot hide it

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        storage.save("game", 1, {"moves": ["D", "D"]})
    monkeypatch.undo()
    assert Storage(FileBackend(tmp_path)).load("game", 1) == {"moves": ["D"]}


def test_a_temporary_file_a_crash_left_is_removed_and_never_read(tmp_path: Path) -> None:
    Storage(FileBackend(tmp_path)).save("game", 1, {"moves": ["D"]})
    (tmp_path / ".game.abc123.tmp").write_text('{"version": 1, "da', encoding="utf-8")  # half written
    storage = Storage(FileBackend(tmp_path))
    assert storage.load("game", 1) == {"moves": ["D"]}
    assert _files(tmp_path) == ["game.json"]


BAD_DOCUMENTS: list[tuple[str, bytes]] = [
    ("empty", b""),
    ("blank", b"  \n"),
    ("truncated", json.dumps(GOOD).encode()[:-7]),
    ("not json", b"hello"),
    ("not utf-8", b'{"version": 1, "data": {"lang": "\xff\xfe"}}'),
    ("a list", b"[1, 2, 3]"),
    ("a number", b"7"),
    ("data not an object", b'{"version": 1, "data": [1]}'),
    ("no version", b'{"data": {}}'),
    ("version as text", b'{"version": "1", "data": {}}'),
    ("future version", b'{"version": 99, "data": {}}'),
    ("older version", b'{"version": 0, "data": {}}'),
    ("deeply nested", b"[" * 100_000 + b"]" * 100_000),
    ("5000-digit number", b'{"version": ' + b"9" * 5000 + b', "data": {}}'),
]


@pytest.mark.parametrize(("case", "raw"), BAD_DOCUMENTS, ids=[case for case, _ in BAD_DOCUMENTS])
def test_a_bad_document_is_set_aside_kept_and_reported(tmp_path: Path, case: str, raw: bytes) -> None:
    (tmp_path / "game.json").write_bytes(raw)
    storage = Storage(FileBackend(tmp_path))
    assert storage.load("game", 1) is None
    assert len(storage.notices) == 1 and "\n" not in storage.notices[0]
    assert not (tmp_path / "game.json").exists()
    kept = tmp_path / storage.kept[0]
    assert kept.name.startswith("game.bad-") and kept.read_bytes() == raw  # kept, byte for byte
    assert storage.save("game", 1, {"fresh": True})  # and the game starts clean
    assert storage.load("game", 1) == {"fresh": True}


def test_a_directory_where_the_save_should_be_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    storage = Storage(FileBackend(tmp_path))
    assert storage.load("settings", 1) is None
    assert (tmp_path / storage.kept[0]).is_dir() and len(storage.notices) == 1
    assert storage.save("settings", 1, {"lang": "en"}) and storage.load("settings", 1) == {"lang": "en"}


def test_setting_aside_twice_keeps_both(tmp_path: Path) -> None:
    storage = Storage(FileBackend(tmp_path))
    for _ in range(2):
        (tmp_path / "daily.json").write_text("oops", encoding="utf-8")
        assert storage.load("daily", 1) is None
    assert len(set(storage.kept)) == 2 and all((tmp_path / k).exists() for k in storage.kept)


def test_a_failed_write_is_one_notice_and_no_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    storage = Storage(FileBackend(blocker / "saves"))  # a directory under a plain file: cannot exist
    assert storage.save("game", 1, {"a": 1}) is False
    assert storage.save("game", 1, {"a": 2}) is False
    assert len(storage.notices) == 1 and "could not be saved" in storage.notices[0]


def test_unreadable_raises_storage_error_from_the_backend(tmp_path: Path) -> None:
    (tmp_path / "game.json").write_bytes(b"\xff")
    with pytest.raises(StorageError):
        FileBackend(tmp_path).read("game")


def test_the_data_directory_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIRAMIDE_DATA_DIR", str(tmp_path))
    assert default_data_dir() == tmp_path


def test_tests_never_reach_the_real_data_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PIRAMIDE_DATA_DIR")
    with pytest.raises(AssertionError, match="real user data directory"):
        default_data_dir()


# --- two games on one folder ----------------------------------------------------------------------------
def test_a_second_start_leaves_the_temporary_file_of_a_game_writing_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A start-up removed every temporary file: also that of a game between writing and renaming
    it, whose save then failed."""
    storage = Storage(FileBackend(tmp_path))
    fsync = os.fsync

    def another_game_starts(descriptor: int) -> None:  # at the worst moment: written, not yet renamed
        fsync(descriptor)
        Storage(FileBackend(tmp_path))

    monkeypatch.setattr(os, "fsync", another_game_starts)
    assert storage.save("game", 1, {"moves": ["D"]}) and storage.notices == []
    monkeypatch.undo()
    assert Storage(FileBackend(tmp_path)).load("game", 1) == {"moves": ["D"]}
    assert _files(tmp_path) == ["game.json"]


def _ended_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    )
    return int(child.stdout)


def test_without_the_folder_to_itself_a_game_removes_only_the_leftovers_of_ended_processes(
    tmp_path: Path,
) -> None:
    dead, alive, mine = _ended_pid(), os.getppid(), os.getpid()
    kept = [f".stats.{alive}.x2.tmp", ".game.abc123.tmp", f".game.{mine}.x3.tmp"]
    for name in (f".game.{dead}.x1.tmp", *kept):
        (tmp_path / name).write_text("{", encoding="utf-8")
    backend = FileBackend(tmp_path)
    Storage(backend, guard=LeaseLock(backend, clock=lambda: 1000.0))  # a lease: other games may write
    assert _files(tmp_path) == sorted([*kept, "owner.json"])
    Storage(FileBackend(tmp_path))  # the folder's OS lock: no other game writes, all but this process's go
    assert _files(tmp_path) == [f".game.{mine}.x3.tmp", "owner.json"]


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_lease_keeps_a_second_game_out_until_the_first_stops_renewing_it() -> None:
    """The browser's guard: two tabs share one ``localStorage`` (here one dict)."""
    shared, clock = MemoryBackend(), FakeClock()
    first = Storage(shared, guard=LeaseLock(shared, "tab-1", clock))
    second = Storage(shared, guard=LeaseLock(shared, "tab-2", clock))
    assert not first.read_only and second.read_only and second.notices == [LOCKED]
    assert not second.save("game", 1, {"tab": 2}) and first.save("game", 1, {"tab": 1})
    for _ in range(10):  # the first one plays on: it renews the lease as it goes
        clock.now += RENEW_SECONDS
        first.keep_alive()
    assert Storage(shared, guard=LeaseLock(shared, "tab-3", clock)).read_only
    clock.now += LEASE_SECONDS  # then it stops (a tab closed, or hidden for long)
    third = Storage(shared, guard=LeaseLock(shared, "tab-3", clock))
    assert not third.read_only and third.save("game", 1, {"tab": 3})
    assert not first.save("game", 1, {"tab": 1}) and first.read_only and first.notices == [TAKEN_OVER]
    assert third.load("game", 1) == {"tab": 3}  # the newer game's save was not overwritten


def test_a_reloaded_tab_keeps_its_lease_and_a_released_one_is_free_at_once() -> None:
    shared, clock = MemoryBackend(), FakeClock()
    first = Storage(shared, guard=LeaseLock(shared, "tab-1", clock))
    assert not Storage(shared, guard=LeaseLock(shared, "tab-1", clock)).read_only  # the same tab, reloaded
    first.close()
    assert not Storage(shared, guard=LeaseLock(shared, "tab-2", clock)).read_only


def test_a_read_only_game_sets_nothing_aside(tmp_path: Path) -> None:
    shared, clock = MemoryBackend({"stats": "oops"}), FakeClock()
    Storage(shared, guard=LeaseLock(shared, "tab-1", clock))
    second = Storage(shared, guard=LeaseLock(shared, "tab-2", clock))
    assert second.load("stats", 1) is None and shared.docs["stats"] == "oops" and second.problems == []
    notice = second.notices[-1]
    assert notice.startswith("stats is not valid JSON") and "left to the game" in notice


def test_a_folder_without_a_lock_to_take_falls_back_to_the_lease(tmp_path: Path) -> None:
    (tmp_path / LOCK_FILE).mkdir()  # no lock file can be opened there (as on a file system without locks)
    first = Storage(FileBackend(tmp_path))
    second = Storage(FileBackend(tmp_path))
    assert not first.read_only and second.read_only and second.notices == [LOCKED]
    assert first.save("game", 1, {"a": 1}) and (tmp_path / "owner.json").exists()
    first.close()
    assert not Storage(FileBackend(tmp_path)).read_only
