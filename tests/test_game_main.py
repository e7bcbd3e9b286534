"""``python main.py``: its options, and one line (exit status 2) for a bad one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.saves import GAME_VERSION
from game.storage import FileBackend, Storage
from main import overrides, parse_args
from rules import Session

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--deal", "0"], "between 1 and 20000"),
        (["--deal", "abc"], "whole number"),
        (["--passes", "2"], "invalid choice"),
        (["--lang", "fr"], "invalid choice"),
        (["--bogus"], "unrecognized arguments"),
        (["--idle-seconds", "30"], "only applies with --kiosk"),
        (["--kiosk", "--idle-seconds", "soon"], "not a number"),
        (["--kiosk", "--idle-seconds", "0"], "between 1 and 86400"),
        (["--kiosk", "--target-mm", "200"], "between 5 and 60"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(argv: list[str], needle: str) -> None:
    result = subprocess.run(
        [sys.executable, "main.py", *argv], capture_output=True, text=True, cwd=ROOT, timeout=60, check=False
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_options_are_read() -> None:
    args = parse_args(["--deal", "77", "--passes", "1", "--classic", "--fullscreen", "--lang", "en"])
    assert (args.deal, args.passes, args.classic, args.fullscreen, args.lang) == (77, 1, True, True, "en")
    assert overrides(args) == {"passes": 1, "lang": "en", "overlap": False}
    assert parse_args(["--data-dir", "saves"]).data_dir == Path("saves")
    default = parse_args([])  # without options the saved settings (or the defaults) decide
    assert (default.deal, default.passes, default.classic, default.fullscreen, default.lang) == (
        None,
        None,
        False,
        False,
        None,
    )
    assert overrides(default) == {} and default.data_dir is None


def test_kiosk_options_are_read() -> None:
    args = parse_args(["--kiosk", "--idle-seconds", "3", "--target-mm", "25"])
    assert (args.kiosk, args.idle_seconds, args.target_mm) == (True, 3.0, 25.0)
    default = parse_args(["--kiosk"])
    assert (default.idle_seconds, default.target_mm) == (90.0, None)


def _catches(pid: int, number: int) -> bool:
    """Whether process ``pid`` has a handler for signal ``number`` (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (number - 1) & 1)
    return False


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_kiosk_cleanly_with_status_0(number: int, tmp_path: Path) -> None:
    env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = ["main.py", "--kiosk", "--idle-seconds", "2", "--deal", "77", "--data-dir", str(tmp_path)]
    process = subprocess.Popen(
        [sys.executable, *command],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not _catches(process.pid, signal.SIGTERM) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # into the loop
        assert process.poll() is None, process.communicate()
        process.send_signal(number)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert "Traceback" not in err and out == ""
    assert [p.name for p in tmp_path.iterdir()] == ["kiosk"]  # apart from a home player's saves
    doc = Storage(FileBackend(tmp_path / "kiosk")).load("game", GAME_VERSION)
    assert doc is not None and Session.from_record(doc["session"]).deal_number == 77  # saved
