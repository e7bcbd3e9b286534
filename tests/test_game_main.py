"""``python main.py``: its options, and one line (exit status 2) for a bad one."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from commands import bad_label_file, command_env, interrupt, make_assets, one_line, run, start_game

from game.saves import GAME_VERSION
from game.settings import DealMode
from game.storage import FileBackend, Storage
from main import overrides, parse_args
from rules import Session

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--deal", "0"], "between 1 and 20000"),
        (["--deal", "abc"], "whole number"),
        (["--passes", "2"], "1, 3 or unlimited"),
        (["--lang", "fr"], "invalid choice"),
        (["--variant", "klondike"], "invalid choice"),
        (["--variant"], "expected one argument"),
        (["--bogus"], "unrecognized arguments"),
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


# --- files, display and Ctrl-C: what stops the game is one line, never a traceback -------------

needs_proc = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="watches the game through /proc")


def _game(tmp_path: Path, break_it: str) -> Path:
    """A copy of the assets (links) with one thing broken as ``break_it`` says; returns the folder."""
    assets = make_assets(tmp_path / "assets")
    if break_it == "missing card":  # in every deck: the window size picks the deck
        for path in (assets / "cards").rglob("As.png"):
            path.unlink()
    elif break_it == "corrupt card":
        for path in (assets / "cards").rglob("Kd.png"):
            path.unlink()
            path.write_bytes(b"\x89PNG\r\n\x1a\n not really a picture")
    elif break_it == "no cards folder":
        shutil.rmtree(assets / "cards")
    elif break_it == "missing sound":
        (assets / "sounds" / "win.ogg").unlink()
    elif break_it == "missing font":
        (assets / "fonts" / "DejaVuSans.ttf").unlink()
    elif break_it == "corrupt font":
        (assets / "fonts" / "DejaVuSans-Bold.ttf").unlink()
        (assets / "fonts" / "DejaVuSans-Bold.ttf").write_bytes(b"\x00\x01\x00\x00 no glyphs here" * 10)
    elif break_it == "empty font":
        (assets / "fonts" / "DejaVuSans.ttf").unlink()
        (assets / "fonts" / "DejaVuSans.ttf").write_bytes(b"")
    return assets


@pytest.mark.parametrize(
    ("break_it", "named"),
    [
        ("missing card", "As.png"),
        ("corrupt card", "Kd.png"),
        ("no cards folder", "cards"),
        ("missing sound", "win.ogg"),
    ],
)
def test_a_missing_or_broken_asset_is_one_line_naming_it_and_status_1(
    tmp_path: Path, break_it: str, named: str
) -> None:
    assets = _game(tmp_path, break_it)
    result = run(["main.py", "--deal", "1"], env=command_env(PIRAMIDE_ASSETS=str(assets)))
    line = one_line(result, 1, named)
    assert line.startswith("main.py: ") and str(assets) in line


@needs_proc
@pytest.mark.parametrize(
    ("break_it", "named", "instead"),
    [
        ("missing font", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
        ("empty font", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
        ("corrupt font", "DejaVuSans-Bold.ttf", "DejaVuSans.ttf"),
    ],
)
def test_a_missing_or_broken_font_is_one_line_and_the_game_plays_on(
    tmp_path: Path, break_it: str, named: str, instead: str
) -> None:
    assets = _game(tmp_path, break_it)
    result = interrupt(start_game(["--deal", "1"], command_env(PIRAMIDE_ASSETS=str(assets))))
    assert result.returncode == 130 and "Traceback" not in result.stderr
    font, last = result.stderr.strip().splitlines()
    assert font.startswith("main.py: a font ") and str(assets / "fonts" / named) in font
    assert font.endswith(f"using {instead} instead") and last == "main.py: interrupted"


def test_a_deal_number_of_5000_digits_is_one_line_and_status_2() -> None:
    line = one_line(run(["main.py", "--deal", "3" * 5000]), 2, "5000-digit number")
    assert len(line) < 200


def test_no_display_is_one_line_and_status_1(tmp_path: Path) -> None:
    """A machine without a display: SDL would fall back to drawing nowhere; the game says why it
    cannot open its window instead of running unseen."""
    env = command_env(SDL_VIDEODRIVER=None, DISPLAY=None, WAYLAND_DISPLAY=None, XDG_RUNTIME_DIR=str(tmp_path))
    one_line(run(["main.py", "--deal", "1"], env=env), 1, "cannot open the game window", "no display")


def test_a_display_sdl_cannot_use_is_one_line_and_status_1(tmp_path: Path) -> None:
    env = command_env(SDL_VIDEODRIVER="x11", DISPLAY=None, XDG_RUNTIME_DIR=str(tmp_path))
    one_line(run(["main.py", "--deal", "1"], env=env), 1, "cannot open the game window")


@needs_proc
def test_ctrl_c_stops_the_game_with_one_line_and_status_130() -> None:
    game = start_game(["--deal", "1"], command_env())
    one_line(interrupt(game), 130, "main.py: interrupted")


@needs_proc
@pytest.mark.parametrize("kind", ["non-utf8", "nested", "long-number", "directory", "missing"])
def test_a_bad_or_missing_label_file_is_reported_and_the_game_plays_on(tmp_path: Path, kind: str) -> None:
    assets = make_assets(tmp_path / "assets", labels=False)
    labels = bad_label_file(kind, assets)
    game = start_game([], command_env(PIRAMIDE_ASSETS=str(assets)))  # a random deal, as a player starts
    result = interrupt(game)
    assert result.returncode == 130 and "Traceback" not in result.stderr
    first, last = result.stderr.strip().splitlines()
    assert first.startswith(f"main.py: {labels}:") and first.endswith("deals cannot be guaranteed solvable")
    assert ("no label table" in first) == (kind == "missing")
    assert last == "main.py: interrupted"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--idle-seconds", "30"], "only applies with --kiosk"),
        (["--speech"], "--speech only applies with --kiosk"),
        (["--kiosk", "--idle-seconds", "soon"], "not a number"),
        (["--kiosk", "--idle-seconds", "0"], "between 1 and 86400"),
        (["--kiosk", "--target-mm", "200"], "between 5 and 60"),
    ],
)
def test_bad_kiosk_arguments_get_one_line_and_status_2(argv: list[str], needle: str) -> None:
    one_line(run(["main.py", *argv], env=command_env()), 2, needle)


def test_kiosk_options_are_read() -> None:
    args = parse_args(["--kiosk", "--idle-seconds", "3", "--target-mm", "25"])
    assert (args.kiosk, args.idle_seconds, args.target_mm, args.speech) == (True, 3.0, 25.0, False)
    assert parse_args(["--kiosk", "--speech"]).speech
    default = parse_args(["--kiosk"])
    assert (default.idle_seconds, default.target_mm) == (90.0, None)
    assert overrides(default) == {"lang": "es", "deal_mode": DealMode.SOLVABLE}  # the kiosk's own


@needs_proc
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_saves_the_kiosk_and_exits_with_status_0(number: int, tmp_path: Path) -> None:
    """``systemctl stop`` (SIGTERM) or Ctrl+C: the kiosk saves its game, in its own folder."""
    game = start_game(["--kiosk", "--deal", "77", "--data-dir", str(tmp_path)], command_env())
    game.send_signal(number)
    out, err = game.communicate(timeout=60)
    assert game.returncode == 0, err
    assert b"Traceback" not in err and out == b""
    assert [p.name for p in tmp_path.iterdir()] == ["kiosk"]  # apart from a home player's saves
    doc = Storage(FileBackend(tmp_path / "kiosk")).load("game", GAME_VERSION)
    assert doc is not None and Session.from_record(doc["session"]).deal_number == 77
