"""Pirámide — start the game.

    python main.py [--deal N] [--variant NAME] [--passes 1|3|unlimited] [--classic] [--fullscreen]
                   [--lang es|en] [--data-dir DIR]
                   [--kiosk [--idle-seconds S] [--target-mm MM] [--speech]]

Without ``--deal`` the saved game in progress goes on (or, when there is none, a random deal
is chosen: a proven-solvable one when the label table exists). ``--variant`` plays a variant
(``pyramid``, ``strict``, ``spanish``…: the game's, :data:`rules.variant.OFFERED`), ``--classic`` turns the
overlap rule off; ``--variant``, ``--passes``, ``--classic`` and ``--lang`` override the saved
settings for this run (``--deal N --variant spanish`` is Spanish deal N, as a shared link gives it;
``--deal`` also takes a deal as the game copies it: ``--deal "Baraja española: reparto 77"``).
Saves live in the user's data directory, or in ``--data-dir DIR``. A bad argument gets one line
on stderr and exit status 2; a missing or broken card image or font, or no display to open a
window on, one line and status 1; Ctrl-C, status 130 after saving, and SIGTERM, status 0
after saving, as closing the window (during start-up both end it at once: :mod:`rules.interrupt`,
:mod:`rules.cli`). A missing or
unreadable label table is one line on stderr, and the game plays on without promising solvable
deals.

``--kiosk`` runs a public touchscreen (:mod:`game.kiosk`) with saves and statistics of its own,
in the ``kiosk`` folder of the data directory. Staff close it with Ctrl+Shift+Q; SIGTERM and
SIGINT (``systemctl stop``, Ctrl-C) save its game and exit with status 0.

The loop is ``async`` so the browser build can run the same code.

In the browser (pygbag, ``sys.platform == "emscripten"``) the options come from the page
address instead (``?variant=spanish&deal=N&lang=en&passes=1&classic``, see :mod:`game.platform`): a bad value
gets one line under the table and a normal deal, and nothing calls ``sys.exit``. The file
then ends in a plain ``asyncio.run(web_main())``: under pygbag ``asyncio.run`` returns at once
and the loop goes on as a task, which ``sys.exit`` would stop before the first frame.
"""

from __future__ import annotations

import rules  # noqa: F401 - first of all: Ctrl-C and SIGTERM during start-up end it cleanly (rules.interrupt)

# isort: split
import argparse
import asyncio
import os
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from game import platform
from game.config import KIOSK_DATA_DIR, KIOSK_IDLE_SECONDS, KIOSK_TARGET_MM, WINDOW_CLASS
from game.deal_names import parse_deal_name
from game.settings import LANGUAGES, DealMode
from game.storage import FileBackend, Storage, default_data_dir
from rules import DealNumberError
from rules.cli import EXIT_OK, Parser, pass_count, run_command
from rules.interrupt import EXIT_INTERRUPTED
from rules.labels import LabelTable, LabelTableError, load_table
from rules.numbers import NumberTextError, decimal_number_text, shown
from rules.variant import OFFERED

if TYPE_CHECKING:
    from game.app import App

PROG = "main.py"


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser(PROG, "Pirámide: Pyramid solitaire.")
    parser.add_argument(
        "--deal",
        metavar="N",
        help="play deal number N (1-20000), or a deal as the game copies it ('Baraja española: reparto 77')",
    )
    parser.add_argument(
        "--variant", choices=tuple(OFFERED), help=f"variant to play ({', '.join(OFFERED)}; default pyramid)"
    )
    parser.add_argument(
        "--passes", type=pass_count, metavar="{1,3,unlimited}", help="passes through the stock"
    )
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
        "--speech",
        action="store_true",
        help="kiosk: spoken moves on; the demo offers 'Pulsa aquí para oír el juego'",
    )
    parser.add_argument(
        "--target-mm",
        metavar="MM",
        help=f"kiosk: smallest tap target in millimetres (default {KIOSK_TARGET_MM:g})",
    )
    args = parser.parse_args(argv)
    if args.deal is not None:
        try:
            args.deal, named = parse_deal_name(args.deal)
        except DealNumberError as error:
            parser.error(f"--deal: {error}")
        if named is not None and args.variant not in (None, named):
            parser.error(f"--deal names the variant {named}, --variant says {args.variant}")
        args.variant = named or args.variant
    for option, low, high in (("idle_seconds", 1.0, 86400.0), ("target_mm", 5.0, 60.0)):
        raw = getattr(args, option)
        name = "--" + option.replace("_", "-")
        if raw is None:
            continue
        if not args.kiosk:
            parser.error(f"{name} only applies with --kiosk")
        setattr(args, option, _number_between(parser, name, raw, low, high))
    if args.speech and not args.kiosk:
        parser.error("--speech only applies with --kiosk")
    if args.kiosk and args.idle_seconds is None:
        args.idle_seconds = KIOSK_IDLE_SECONDS
    return args


def _number_between(parser: Parser, name: str, raw: str, low: float, high: float) -> float:
    try:
        value = decimal_number_text(raw)
    except NumberTextError as error:
        parser.error(f"{name}: {error}")
    if not low <= value <= high:
        parser.error(f"{name}: {shown(raw)} is not between {low:g} and {high:g}")
    return value


class Stopper:
    """Once the game is built it takes SIGTERM and SIGINT over from the start-up guard
    (:mod:`rules.interrupt`, which ends a start-up at once): the frame finishes, the game is
    saved, and the process exits, with status 0 for SIGTERM (``systemctl stop``, as when the
    window is closed) and, in a kiosk, for Ctrl-C too; at home Ctrl-C is «interrupted» and
    status 130. Installed while SDL is running, whose own handlers (which turn these signals
    into a window event) SDL never installed: Python's were there first. A signal the game was
    started with ignored (SIGINT for ``main.py &`` from a script) stays ignored."""

    def __init__(self, app: App, prog: str) -> None:
        self.app = app
        self.prog = prog
        for number in (signal.SIGTERM, signal.SIGINT):
            if signal.getsignal(number) is not signal.SIG_IGN:
                signal.signal(number, self)

    def __call__(self, number: int, frame: FrameType | None) -> None:
        self.app.stop(signal.Signals(number).name)

    def status(self) -> int:
        """The exit status once the loop has ended (the game saved), after saying why if need be."""
        if self.app.stop_reason == signal.SIGINT.name and self.app.kiosk is None:
            print(f"{self.prog}: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        return EXIT_OK


def load_labels() -> LabelTable:
    """The solver's label table. A missing or unreadable file is reported in one line and read as
    all unknown: the game then says on the table that it cannot promise a solvable deal."""
    try:
        return load_table()
    except LabelTableError as error:
        print(f"{PROG}: {error}; deals cannot be guaranteed solvable", file=sys.stderr)
        return LabelTable()


def overrides(args: argparse.Namespace) -> dict[str, object]:
    """The settings given on the command line (they win over the saved ones for this run)."""
    given: dict[str, object] = {"variant": args.variant, "passes": args.passes, "lang": args.lang}
    if args.classic:
        given["overlap"] = False
    if args.kiosk:  # the kiosk's own language, and only proven-winnable deals
        given["lang"] = args.lang or KIOSK_LANG
        given["deal_mode"] = DealMode.SOLVABLE
    return {name: value for name, value in given.items() if value is not None}


KIOSK_LANG = "es"


async def main(argv: list[str]) -> int:
    args = parse_args(argv)
    data_dir = args.data_dir or default_data_dir()
    if args.kiosk:  # the kiosk's games and statistics never mix with a home player's
        data_dir = data_dir / KIOSK_DATA_DIR
    storage = Storage(FileBackend(data_dir))
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415 - after the environment is set, as SDL reads it at import

    from game.app import launch, start_display  # noqa: PLC0415
    from game.kiosk import KioskOptions  # noqa: PLC0415

    start_display()
    labels = load_labels()
    kiosk = None
    if args.kiosk:
        target_mm = KIOSK_TARGET_MM if args.target_mm is None else args.target_mm
        lang = args.lang or KIOSK_LANG
        kiosk = KioskOptions(args.idle_seconds, lang=lang, target_mm=target_mm, speech=args.speech)
    app = launch(
        storage, labels, deal=args.deal, overrides=overrides(args), fullscreen=args.fullscreen, kiosk=kiosk
    )
    stopper = Stopper(app, PROG)
    app.ctx.assets.open_fonts()
    for notice in app.ctx.assets.notices + storage.notices:
        print(f"{PROG}: {notice}", file=sys.stderr)
    told = len(storage.notices)
    await app.run()
    for notice in storage.notices[told:]:
        print(f"{PROG}: {notice}", file=sys.stderr)
    pygame.quit()
    return stopper.status()


def web_app() -> App:
    """The game as the browser build starts it: options from the page address, saves in the
    browser's ``localStorage``, a new player's settings from the page's media preferences, a canvas
    that follows the page's size and pixel ratio, the clock that leaves hidden time out, the
    browser's clipboard. Never exits: bad address options are one line."""
    options = platform.page_options()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415

    from game.app import launch  # noqa: PLC0415

    pygame.display.init()
    pygame.font.init()
    clock = platform.BrowserClock()
    backend = platform.LocalStorageBackend()
    storage = Storage(backend, platform.browser_guard(backend))
    app = launch(
        storage,
        load_labels(),
        deal=options.deal,
        overrides=options.overrides(),
        fixed=True,
        canvas=platform.browser_canvas,
        now=clock.now,
        bad_options=options.bad,
        first=platform.page_preferences(),
    )
    app.ctx.copy_text = platform.browser_copy
    app.ctx.deal_link = platform.deal_link
    for notice in storage.notices:
        print(f"{PROG}: {notice}", file=sys.stderr)  # the browser's console
    return app


PAGE_APP: App | None = None
"""The game this page runs (the browser build only): what the browser's console and the browser
test read."""


async def web_main() -> None:
    global PAGE_APP  # noqa: PLW0603 - one game a page
    PAGE_APP = web_app()
    PAGE_APP.on_first_frame = platform.page_ready
    await PAGE_APP.run()


if __name__ == "__main__":
    if platform.IS_WEB:
        asyncio.run(web_main())
    else:
        run_command(lambda argv: asyncio.run(main(argv)), PROG, own_signals=True)
