"""Two games on one data folder (a double click): the second one says so and saves nothing, the
lock goes with a game that is killed, and statistics merge by event when there is no lock.

The second game runs in a child process, as a double click starts it: the folder's lock
belongs to a process (see ``game.storage``).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from commands import ROOT, TIMEOUT

from game.app import App, launch
from game.driver import play_by_taps, step
from game.storage import FileBackend, Storage
from rules import Move
from rules.labels import LabelTable

LineFinder = Callable[[str], tuple[int, list[Move]]]
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="kills with SIGKILL")

SECOND_GAME = """
import sys
import pygame
from game.app import launch
from game.storage import FileBackend, Storage
from rules import Move
from rules.labels import LabelTable
pygame.display.init(); pygame.font.init()
storage = Storage(FileBackend(sys.argv[1]))
app = launch(storage, LabelTable(), size=(640, 480), overrides={"lang": "en"})
print("opened", getattr(storage, "read_only", None), app.table.frame().line, flush=True)
for command in sys.stdin:
    if command.strip() == "move":
        app.table.play.play(Move.parse("D"))
    app.frame(0.016)
    print(f"moved {app.table.play.session.moves}|{app.table.frame().line}", flush=True)
"""


class SecondGame:
    """``python -c SECOND_GAME FOLDER``: a game opened on ``folder`` in a process of its own,
    which makes a move (the draw) when told."""

    def __init__(self, folder: Path) -> None:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", SECOND_GAME, str(folder)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, cwd=ROOT, env=env,
        )  # fmt: skip
        self.opened = self._answer()

    def _answer(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, self.finish()
        return line.strip()

    def move(self) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write("move\n")
        self.process.stdin.flush()
        return self._answer()

    def finish(self) -> str:
        """Close its input and wait for it; its standard error."""
        _, err = self.process.communicate(timeout=TIMEOUT)
        return err

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.communicate(timeout=TIMEOUT)


@pytest.fixture
def open_game(display: None, tmp_path: Path) -> Callable[..., App]:
    def build(deal: int | None = None) -> App:
        return launch(Storage(FileBackend(tmp_path)), LabelTable(), deal=deal, size=(1280, 720), seed=5)

    return build


def _doc(folder: Path, name: str) -> dict[str, object]:
    data = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))["data"]
    assert isinstance(data, dict)
    return data


def test_a_second_game_on_the_folder_says_so_and_loses_nothing_of_the_first(
    open_game: Callable[..., App], tmp_path: Path, winning_line: LineFinder
) -> None:
    """The double click of the issue: game A wins a deal, game B (opened meanwhile on the same
    folder) makes one move. Before, B's statistics (won 0) and B's game replaced A's."""
    number, moves = winning_line("passes=3 overlap=on")
    first = open_game(deal=number)
    step(first)  # the fresh game is saved
    second = SecondGame(tmp_path)
    assert second.opened == "opened True Pirámide is already open on these saves: this window will not save"
    for move in moves:
        play_by_taps(first, move)
    assert first.table.play.session.is_won
    won = _doc(tmp_path, "stats")
    assert second.move().startswith("moved 1|")
    assert second.finish() == ""
    assert _doc(tmp_path, "stats") == won and won["rules"]["passes=3 overlap=on"]["won"] == 1  # type: ignore[index]
    assert _doc(tmp_path, "game")["id"] == first.table.play.game_id
    assert _doc(tmp_path, "game")["session"]["moves"] == [str(m) for m in moves]  # type: ignore[index]


@posix_only
def test_the_lock_goes_with_a_game_that_is_killed(open_game: Callable[..., App], tmp_path: Path) -> None:
    """``kill -9`` of the game holding the folder leaves no lock behind: the next one saves."""
    holder = SecondGame(tmp_path)
    assert holder.opened.startswith("opened False ")
    locked = Storage(FileBackend(tmp_path))
    assert locked.read_only and not locked.save("settings", 1, {"lang": "en"})
    assert locked.notices == ["the data folder is in use by another Pirámide: this one will not save"]
    holder.kill()
    after = open_game()
    assert not after.ctx.storage.read_only
    step(after)
    assert _doc(tmp_path, "game")["id"] == after.table.play.game_id
