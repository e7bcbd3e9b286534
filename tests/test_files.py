"""Reading a user's files: only regular files, at most ``rules.files.MAX_FILE_BYTES``.

A named pipe called ``game.json`` or ``labels.json`` used to hang the start (the read waits
for a writer that never comes); a link to ``/dev/zero`` grew memory until ``MemoryError``. The
cases that hung or ate memory before run in a child process, with a time limit and a memory
limit, so that a slip back fails the test instead of stopping the run or the machine.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from commands import ROOT, TIMEOUT, command_env, interrupt, make_assets, one_line, run, start_game

from rules.files import MAX_FILE_BYTES, UnusableFileError, read_regular

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and /dev/zero are POSIX")
MEMORY_LIMIT = 1 << 30
"""Bytes of address space a child may use: far above what it needs, far below the machine's."""


def special_file(kind: str, path: Path) -> None:
    """Make ``path`` a file of ``kind``: a named pipe, a link to ``/dev/zero``, or a regular file
    one byte past the size limit (sparse: it costs no disk)."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "too-large":
        with path.open("wb") as file:
            file.truncate(MAX_FILE_BYTES + 1)
    else:
        raise ValueError(kind)


REASONS = {"fifo": "not a regular file (a named pipe)", "dev-zero": "not a regular file (a device)",
           "too-large": "larger than 8 MB"}  # fmt: skip
KINDS = list(REASONS)


def run_limited(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` with at most :data:`MEMORY_LIMIT` of memory and :data:`TIMEOUT` seconds."""

    def limit() -> None:
        import resource  # noqa: PLC0415 - POSIX only, like the tests that use it

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=ROOT, env=env,
        timeout=TIMEOUT, check=False, preexec_fn=limit,
    )  # fmt: skip


# --- the helper -----------------------------------------------------------------------------------------
def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 70_000)
    assert read_regular(path) == b"x" * 70_000
    (tmp_path / "link.json").symlink_to(path)  # a link to a regular file is as good as the file
    assert read_regular(tmp_path / "link.json") == b"x" * 70_000
    assert read_regular(path, limit=70_000) == b"x" * 70_000


def test_a_missing_file_is_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "none.json")


@posix_only
@pytest.mark.parametrize("kind", KINDS)
def test_what_is_not_a_small_regular_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    special_file(kind, tmp_path / "x.json")
    with pytest.raises(UnusableFileError, match=REASONS[kind].replace("(", r"\(").replace(")", r"\)")):
        read_regular(tmp_path / "x.json")


def test_a_folder_and_a_file_past_a_given_limit_are_refused(tmp_path: Path) -> None:
    with pytest.raises(UnusableFileError, match=r"not a regular file \(a folder\)"):
        read_regular(tmp_path)
    (tmp_path / "a").write_bytes(b"12345")
    with pytest.raises(UnusableFileError, match="larger than"):
        read_regular(tmp_path / "a", limit=4)


# --- where the game and the commands read them ---------------------------------------------------------
LOAD_GAME = """
import sys
from pathlib import Path
from game.storage import FileBackend, Storage
storage = Storage(FileBackend(Path(sys.argv[1])))
print(storage.load("game", 1))
print(*storage.notices, sep="\\n")
"""


@posix_only
@pytest.mark.parametrize("kind", KINDS)
def test_a_special_file_named_game_json_is_set_aside_with_its_reason(tmp_path: Path, kind: str) -> None:
    special_file(kind, tmp_path / "game.json")
    result = run_limited(["-c", LOAD_GAME, str(tmp_path)], command_env())
    assert result.returncode == 0 and result.stderr == "", result.stderr[-2000:]
    loaded, notice = result.stdout.splitlines()
    assert loaded == "None" and notice.startswith(f"game is {REASONS[kind]}")
    assert "; kept as game.bad-" in notice
    assert not (tmp_path / "game.json").exists() and not (tmp_path / "game.json").is_symlink()
    kept = tmp_path / notice.split("kept as ")[1].split(",")[0]
    assert kept.is_symlink() if kind == "dev-zero" else kept.exists()


@posix_only
@pytest.mark.parametrize("kind", KINDS)
def test_the_label_command_names_a_special_label_file_with_status_1(tmp_path: Path, kind: str) -> None:
    special_file(kind, tmp_path / "labels.json")
    result = run_limited(["-m", "rules", "label", "5"], command_env(PIRAMIDE_ASSETS=str(tmp_path)))
    one_line(result, 1, str(tmp_path / "labels.json"), REASONS[kind])


@posix_only
@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="watches the game through /proc")
def test_the_game_starts_past_a_named_pipe_as_its_save_and_its_label_table(tmp_path: Path) -> None:
    assets = make_assets(tmp_path / "assets", labels=False)
    special_file("fifo", assets / "labels.json")
    env = command_env(PIRAMIDE_ASSETS=str(assets))
    data = Path(env["PIRAMIDE_DATA_DIR"])
    special_file("fifo", data / "game.json")
    result = interrupt(start_game([], env))
    assert result.returncode == 130 and "Traceback" not in result.stderr
    labels, save, stopped = result.stderr.strip().splitlines()
    assert labels.startswith(f"main.py: {assets / 'labels.json'}:") and "a named pipe" in labels
    assert save.startswith("main.py: game is not a regular file (a named pipe); kept as game.bad-")
    assert stopped == "main.py: interrupted"
    kept = [p for p in data.iterdir() if p.name.startswith("game.bad-")]
    assert len(kept) == 1 and stat.S_ISFIFO(kept[0].stat().st_mode)
    assert json.loads((data / "game.json").read_text("utf-8"))["version"] == 1  # a fresh game took its place


@posix_only
def test_a_named_pipe_as_a_card_image_is_one_line_and_status_1(tmp_path: Path) -> None:
    assets = make_assets(tmp_path / "assets")
    for card in (assets / "cards").rglob("Kd.png"):  # in every deck: the window size picks the deck
        card.unlink()
        special_file("fifo", card)
    result = run(["main.py", "--deal", "1"], env=command_env(PIRAMIDE_ASSETS=str(assets)))
    one_line(result, 1, "main.py: ", str(assets / "cards"), "Kd.png", "a named pipe")
