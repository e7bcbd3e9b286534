"""Shared test set-up: headless SDL before anything imports pygame, and small helpers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Saves never go to the real user data directory from a test: until a test says otherwise,
# the data directory (also of every subprocess a test starts) is a fresh temporary one.
import tempfile

os.environ["PIRAMIDE_DATA_DIR"] = tempfile.mkdtemp(prefix="piramide-test-data-")


# --- the game (pygame with the dummy video driver) ----------------------------------------------

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from fake_time import FakeTime

from game.app import App, make_context
from game.render.theme import use_palette
from game.settings import Settings
from rules import Move, State, parse_moves


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty data directory (``PIRAMIDE_DATA_DIR``), and asking
    ``platformdirs`` for the real one fails the test."""
    directory = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("PIRAMIDE_DATA_DIR", str(directory))

    def refuse(*args: object, **kwargs: object) -> str:
        raise AssertionError("a test asked for the real user data directory")

    monkeypatch.setattr("platformdirs.user_data_dir", refuse)
    return directory


@pytest.fixture(autouse=True)
def default_palette() -> Iterator[None]:
    """Every test starts and ends with the default theme: a theme is applied to the game's
    modules (``game.render.theme.use_palette``), so a test that picked another one would
    otherwise colour the tests after it."""
    use_palette("default")
    yield
    use_palette("default")


@pytest.fixture
def display() -> Iterator[None]:
    """An initialised pygame display and font module, shut down after the test."""
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@pytest.fixture
def fake_time() -> FakeTime:
    """The time source of the games a test builds (``make_app``, ``open_game``): their
    sessions' clocks and the date of the daily deal. It stands still until the test moves it
    (``fake_time.now += 5``), so no test reads the wall clock."""
    return FakeTime()


@pytest.fixture
def make_app(display: None, fake_time: FakeTime) -> Callable[..., App]:
    """Build the real game: ``make_app(deal=1, size=(1280, 720), lang="es", passes=3, overlap=True)``.

    ``state=`` starts from a given position instead of the numbered deal (``deal`` is then
    only its number). Other keywords are settings. Drive the app with :mod:`game.driver`. Its
    clocks and its date read ``fake_time``.
    """

    def build(
        *,
        deal: int = 1,
        size: tuple[int, int] = (1280, 720),
        lang: str = "es",
        passes: int = 3,
        overlap: bool = True,
        state: State | None = None,
        **settings: object,
    ) -> App:
        chosen = Settings(passes=passes, overlap=overlap, lang=lang, **settings)  # type: ignore[arg-type]
        ctx = make_context(chosen, seed=random.Random(deal).randint(0, 1 << 30), now=fake_time)
        ctx.keeper.date = fake_time.today
        play = ctx.dealer.deal(chosen, deal) if state is None else ctx.dealer.position(state, deal)
        return App(ctx, play, size=size)

    return build


@pytest.fixture
def winning_line() -> Callable[[str], tuple[int, list[Move]]]:
    """``winning_line("passes=3 overlap=on")``: (deal number, moves) of a known win in tests/data."""
    path = Path(__file__).resolve().parent / "data" / "winning_lines.txt"

    def find(rules: str) -> tuple[int, list[Move]]:
        for raw in path.read_text(encoding="utf-8").splitlines():
            if raw.startswith(rules + " deal="):
                head, moves = raw.split(":", 1)
                return int(head.rsplit("=", 1)[1]), parse_moves(moves)
        raise LookupError(f"no winning line for {rules}")

    return find


# --- options for the long runs ------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all-labels",
        action="store_true",
        help="re-solve every entry of assets/labels.json (80000 searches: about an hour or more)",
    )
    parser.addoption(
        "--full-reference",
        action="store_true",
        help="compare the solver with the plain reference search on whole deals (slow: about 45 min)",
    )
