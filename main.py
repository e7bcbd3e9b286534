"""Pirámide — start the game.

    python main.py [--deal N] [--passes 1|3] [--classic] [--fullscreen] [--lang es|en] [--data-dir DIR]
                   [--kiosk [--idle-seconds S] [--target-mm MM]]

Without ``--deal`` the saved game in progress goes on (or, when there is none, a random deal
is chosen: a proven-solvable one when the label table exists). ``--classic`` turns the overlap
rule off; ``--passes``, ``--classic`` and ``--lang`` override the saved settings for this run.
Saves live in the user's data directory, or in ``--data-dir DIR``. ``--kiosk`` runs a public
touchscreen (:mod:`game.kiosk`) with saves and statistics of its own, in the ``kiosk`` folder of
that directory; staff close it with Ctrl+Shift+Q. SIGTERM and SIGINT save and exit with status
0, natively only. A bad argument gets one line on stderr and exit status 2. The loop is
``async`` so the browser build can run the same code.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, NoReturn

from game.config import KIOSK_DATA_DIR, KIOSK_IDLE_SECONDS, KIOSK_TARGET_MM, WINDOW_CLASS
from game.settings import LANGUAGES, PASSES, DealMode
from game.storage import FileBackend, Storage, default_data_dir
from rules import DealNumberError, parse_deal_number
from rules.labels import LabelTable, LabelTableError, load_table

if TYPE_CHECKING:
    from game.app import App

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (no usage dump) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"main.py: {message} (try --help)", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = _Parser(prog="main.py", description="Pirámide: Pyramid solitaire.")
    parser.add_argument("--deal", metavar="N", help="play deal number N (1-20000)")
    parser.add_argument("--passes", type=int, choices=PASSES, help="passes through the stock")
    parser.add_argument("--classic", action="store_true", help="classic rules: overlap rule off")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")
    parser.add_argument("--lang", choices=LANGUAGES, help="language (es, en)")
    parser.add_argument("--data-dir", metavar="DIR", type=Path, help="keep saves in DIR")
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="public touchscreen: fullscreen, big targets, idle reset, attract demo; staff exit Ctrl+Shift+Q",
    )
    parser.add_argument(
        "--idle-seconds",
        metavar="S",
        help=f"kiosk: seconds without input before the reset (default {KIOSK_IDLE_SECONDS:g})",
    )
    parser.add_argument(
        "--target-mm",
        metavar="MM",
        help=f"kiosk: smallest tap target in millimetres (default {KIOSK_TARGET_MM:g})",
    )
    args = parser.parse_args(argv)
    if args.deal is not None:
        try:
            args.deal = parse_deal_number(args.deal)
        except DealNumberError as error:
            parser.error(f"--deal: {error}")
    for option, low, high in (("idle_seconds", 1.0, 86400.0), ("target_mm", 5.0, 60.0)):
        raw = getattr(args, option)
        name = "--" + option.replace("_", "-")
        if raw is None:
            continue
        if not args.kiosk:
            parser.error(f"{name} only applies with --kiosk")
        setattr(args, option, _number_between(parser, name, raw, low, high))
    if args.kiosk and args.idle_seconds is None:
        args.idle_seconds = KIOSK_IDLE_SECONDS
    return args


def _number_between(parser: _Parser, name: str, raw: str, low: float, high: float) -> float:
    try:
        value = float(raw)
    except ValueError:
        parser.error(f"{name}: {raw!r} is not a number")
    if not low <= value <= high:
        parser.error(f"{name}: {raw} is not between {low:g} and {high:g}")
    return value


class Stopper:
    """SIGTERM and SIGINT (``systemctl stop``, Ctrl+C in a terminal) end the loop cleanly: the
    frame finishes, the game is saved and the process exits with status 0. Installed before
    SDL starts (SDL then leaves them alone), natively only: the browser has no signals."""

    def __init__(self) -> None:
        self.reason = ""
        self.app: App | None = None

    def install(self) -> None:
        if sys.platform == "emscripten":
            return
        for number in (signal.SIGTERM, signal.SIGINT):
            signal.signal(number, self)

    def __call__(self, number: int, frame: FrameType | None) -> None:
        self.reason = signal.Signals(number).name
        if self.app is not None:
            self.app.stop(self.reason)

    def watch(self, app: App) -> None:
        """Stop ``app`` on the next signal (or now, if one came while it was being built)."""
        self.app = app
        if self.reason:
            app.stop(self.reason)


def load_labels() -> LabelTable:
    """The solver's label table; a corrupt file is reported in one line and read as all unknown."""
    try:
        return load_table()
    except LabelTableError as error:
        print(f"main.py: ignoring the label table: {error}", file=sys.stderr)
        return LabelTable()


def overrides(args: argparse.Namespace) -> dict[str, object]:
    """The settings given on the command line (they win over the saved ones for this run)."""
    given: dict[str, object] = {"passes": args.passes, "lang": args.lang}
    if args.classic:
        given["overlap"] = False
    if args.kiosk:  # the kiosk's own language, and only proven-winnable deals
        given["lang"] = args.lang or KIOSK_LANG
        given["deal_mode"] = DealMode.SOLVABLE
    return {name: value for name, value in given.items() if value is not None}


KIOSK_LANG = "es"


async def main(argv: list[str]) -> int:
    args = parse_args(argv)
    stopper = Stopper()
    stopper.install()
    data_dir = args.data_dir or default_data_dir()
    if args.kiosk:  # the kiosk's games and statistics never mix with a home player's
        data_dir = data_dir / KIOSK_DATA_DIR
    storage = Storage(FileBackend(data_dir))
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415 - after the environment is set, as SDL reads it at import

    from game.app import launch  # noqa: PLC0415
    from game.kiosk import KioskOptions  # noqa: PLC0415

    pygame.display.init()
    pygame.font.init()
    labels = load_labels()
    kiosk = None
    if args.kiosk:
        target_mm = KIOSK_TARGET_MM if args.target_mm is None else args.target_mm
        lang = args.lang or KIOSK_LANG
        kiosk = KioskOptions(idle_seconds=args.idle_seconds, lang=lang, target_mm=target_mm)
    app = launch(
        storage, labels, deal=args.deal, overrides=overrides(args), fullscreen=args.fullscreen, kiosk=kiosk
    )
    stopper.watch(app)
    for notice in storage.notices:
        print(f"main.py: {notice}", file=sys.stderr)
    told = len(storage.notices)
    await app.run()
    for notice in storage.notices[told:]:
        print(f"main.py: {notice}", file=sys.stderr)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
