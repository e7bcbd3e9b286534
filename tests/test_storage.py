"""The storage seam: real files, atomic writes, and every kind of bad document set aside."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.storage import FileBackend, MemoryBackend, Storage, StorageError, default_data_dir

GOOD = {"version": 1, "data": {"passes": 3}}


def _files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


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
