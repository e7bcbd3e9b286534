"""Pirámide — start the game.

    python main.py [--deal N] [--passes 1|3] [--classic] [--fullscreen] [--lang es|en]

Without ``--deal`` a random deal is chosen (a proven-solvable one when the label table
exists). ``--classic`` turns the overlap rule off. A bad argument gets one line on stderr
and exit status 2; a missing or broken card image or font, or no display to open a window on,
one line and status 1; Ctrl-C, status 130 (see :mod:`rules.cli`). A missing or unreadable
label table is one line on stderr, and the game plays on without promising solvable deals.
The loop is ``async`` so the browser build can run the same code.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys

from game.config import WINDOW_CLASS
from game.settings import LANGUAGES, PASSES, Settings
from rules import DealNumberError, parse_deal_number
from rules.cli import Parser, run_command, whole_number
from rules.labels import LabelTable, LabelTableError, load_table


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser("main.py", "Pirámide: Pyramid solitaire.")
    parser.add_argument("--deal", metavar="N", help="play deal number N (1-20000)")
    parser.add_argument(
        "--passes", type=whole_number, choices=PASSES, default=3, help="passes through the stock"
    )
    parser.add_argument("--classic", action="store_true", help="classic rules: overlap rule off")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")
    parser.add_argument("--lang", choices=LANGUAGES, default="es", help="language (es, en)")
    args = parser.parse_args(argv)
    if args.deal is not None:
        try:
            args.deal = parse_deal_number(args.deal)
        except DealNumberError as error:
            parser.error(f"--deal: {error}")
    return args


def load_labels() -> LabelTable:
    """The solver's label table. A missing or unreadable file is reported in one line and read as
    all unknown: the game then says on the table that it cannot promise a solvable deal."""
    try:
        return load_table()
    except LabelTableError as error:
        print(f"main.py: {error}; deals cannot be guaranteed solvable", file=sys.stderr)
        return LabelTable()


async def main(argv: list[str]) -> int:
    args = parse_args(argv)
    settings = Settings(passes=args.passes, overlap=not args.classic, lang=args.lang)
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415 - after the environment is set, as SDL reads it at import

    from game.app import App, make_context, start_display  # noqa: PLC0415

    start_display()
    ctx = make_context(settings, load_labels())
    app = App(ctx, ctx.dealer.deal(settings, args.deal), fullscreen=args.fullscreen)
    await app.run()
    pygame.quit()
    return 0


if __name__ == "__main__":
    run_command(lambda argv: asyncio.run(main(argv)), "main.py")
