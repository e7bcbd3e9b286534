"""Ctrl-C and SIGTERM at every stage of a command's start-up (:mod:`rules.interrupt`): the five
commands end with one line and their status, never a traceback, and the game never keeps
running. Real processes, each sending itself the signal at an exact moment of its start-up
(an import or a file being opened, see :func:`commands.signal_env`), so no timing is involved."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from commands import ROOT, one_line, signal_env

from game.saves import GAME_VERSION
from game.storage import FileBackend, Storage
from rules import Session
from rules.deals import deal_cards, format_deal_text

DEAL_5 = format_deal_text(deal_cards(5)) + "\n"
TIMEOUT = 60
"""Longer than any start-up: a process still running then has lost the signal."""

CLI_MOMENTS = {
    ("-m", "rules", "deal", "5"): ["import:rules.cards", "import:rules.legality", "import:rules.cli"],
    ("-m", "rules", "label", "5"): ["import:rules.state", "open:labels.json"],
    ("-m", "solver"): ["import:dataclasses", "import:rules.topology", "import:solver.dfs"],
    ("-m", "solver", "analyse"): ["import:solver.search", "import:solver.analysis"],
}

GAME_START = [
    "import:rules.cards",  # the first imports
    "import:asyncio",
    "import:pygame",
    "import:numpy",
    "open:labels.json",
    "open:game.json",  # the saves are read
    "open:pygame_icon.bmp",  # the window opens
    "open:Kc.png",  # the table is laid out
]
GAME_RUNNING = ["open:.game.*.tmp"]
"""Moments after the game has been built: its first frame saves the game."""


def ignore_ctrl_c() -> None:
    """A child started as a script's background job (``main.py &``) is: SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def finish(
    command: list[str], env: dict[str, str], stdin: str = "", ctrl_c_ignored: bool = False
) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [sys.executable, *command],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=TIMEOUT,
            check=False,
            preexec_fn=ignore_ctrl_c if ctrl_c_ignored else None,
        )
    except subprocess.TimeoutExpired as stuck:
        raise AssertionError(f"{command} lost the signal and kept running") from stuck


@pytest.mark.parametrize(
    ("command", "at"),
    [(command, at) for command, moments in CLI_MOMENTS.items() for at in moments],
    ids=lambda value: " ".join(value[1:]) if isinstance(value, tuple) else value,
)
def test_ctrl_c_while_a_command_starts_is_one_line_and_status_130(
    command: tuple[str, ...], at: str, tmp_path: Path
) -> None:
    result = finish(list(command), signal_env(tmp_path, at, signal.SIGINT), stdin=DEAL_5)
    one_line(result, 130, f"python -m {command[1]}: interrupted")
    assert result.stdout == ""


@pytest.mark.parametrize("at", GAME_START + GAME_RUNNING)
def test_ctrl_c_while_the_game_starts_is_one_line_and_status_130(at: str, tmp_path: Path) -> None:
    env = signal_env(tmp_path, at, signal.SIGINT)
    result = finish(["main.py", "--deal", "77", "--data-dir", str(tmp_path / "data")], env)
    one_line(result, 130, "main.py: interrupted")


@pytest.mark.parametrize("at", GAME_START + GAME_RUNNING)
def test_sigterm_while_the_game_starts_quits_it(at: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = signal_env(tmp_path, at, signal.SIGTERM)
    result = finish(["main.py", "--deal", "77", "--data-dir", str(data)], env)
    assert (result.returncode, result.stderr, result.stdout) == (0, "", "")
    if at in GAME_RUNNING:  # the game was built: it is saved as it quits
        doc = Storage(FileBackend(data)).load("game", GAME_VERSION)
        assert doc is not None and Session.from_record(doc["session"]).deal_number == 77


@pytest.mark.parametrize("at", ["import:pygame", "open:Kc.png", *GAME_RUNNING])
def test_a_game_started_with_ctrl_c_ignored_keeps_ignoring_it_and_quits_on_sigterm(
    at: str, tmp_path: Path
) -> None:
    """As a script's background job: a Ctrl-C sent just after SIGTERM changes nothing (once the
    game runs, the last signal would say why it stopped: «interrupted», status 130)."""
    data = tmp_path / "data"
    env = signal_env(tmp_path, at, (signal.SIGTERM, signal.SIGINT))
    result = finish(["main.py", "--deal", "77", "--data-dir", str(data)], env, ctrl_c_ignored=True)
    assert (result.returncode, result.stderr, result.stdout) == (0, "", "")
    if at in GAME_RUNNING:
        doc = Storage(FileBackend(data)).load("game", GAME_VERSION)
        assert doc is not None and Session.from_record(doc["session"]).deal_number == 77


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_while_a_kiosk_starts_quits_it(number: signal.Signals, tmp_path: Path) -> None:
    data = tmp_path / "data"
    command = ["main.py", "--kiosk", "--deal", "77", "--data-dir", str(data)]
    result = finish(command, signal_env(tmp_path, "open:.game.*.tmp", number))
    assert (result.returncode, result.stderr, result.stdout) == (0, "", "")
    doc = Storage(FileBackend(data / "kiosk")).load("game", GAME_VERSION)
    assert doc is not None and Session.from_record(doc["session"]).deal_number == 77
