"""Frame-time benchmark: scripted play at 1280×720 with SDL's dummy video driver.

    python bench/frames.py [--frames-per-action 8] [--size 1280x720]

Watches the deal animation to its end, then plays a known winning line of deal 1 by posted
taps (with selections, hints, undos and a settings visit mixed in) and watches the win cascade
behind the result panel, timing every frame: event handling, logic, animation and a full
redraw of the window (each frame is forced to draw, so this measures what a frame costs when it
does draw; the game itself skips frames where nothing changed). Start-up (opening the window,
loading and scaling the card art for its size: done again only on a resize) and the first frame
are reported apart; the deal animation's frames are reported apart too (and included in the
totals). Prints frame counts, p50, p99 and max.
Target: p99 ≤ 8 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.app import App, make_context
from game.driver import FRAME_SECONDS, post_key, post_tap
from game.play import DECK
from game.settings import Settings
from rules import Kind, Move, parse_moves
from rules.cli import whole_number

LINE = (
    "P21 P22 P15+P27 D D D S+W D D D S D D D D D P23+S P24+S P18+P25 P17+W P12+P26 P16+P20 P11 "
    "P19+W P13+P14 S+W P8+S P9+S P5+S D S+W D D P7+S P4+P10 P2+W P6+W R D D D P3+S D D D R D "
    "P1+S S+W D P0+S"
)
"""A winning line of deal 1 (3 passes, overlap rule on), from tests/data/winning_lines.txt."""


class Timer:
    def __init__(self, app: App, frames_per_action: int) -> None:
        self.app = app
        self.frames_per_action = frames_per_action
        self.times: list[float] = []
        self.cpu: list[float] = []
        """The same frames in CPU time of this thread: what a frame costs even when other
        programs share the cores (wall-clock times then include waiting for a core)."""
        self.searching: list[bool] = []
        """Whether a question to the solver ran in that frame: such frames give the search what
        drawing leaves of the frame, so they are reported apart from play frames."""

    def frames(self, count: int | None = None) -> None:
        """Run frames, each forced to redraw, and record how long each took (milliseconds)."""
        for _ in range(self.frames_per_action if count is None else count):
            self.app.dirty = True
            self.searching.append(self.app.table.play.inquiry is not None)
            start, cpu = time.perf_counter(), time.thread_time()
            self.app.frame(FRAME_SECONDS)
            self.times.append((time.perf_counter() - start) * 1000.0)
            self.cpu.append((time.thread_time() - cpu) * 1000.0)

    def tap_place(self, place: int) -> None:
        post_tap(self.app.table.layout.tap_point(place))
        self.frames()

    def tap_button(self, name: str) -> None:
        post_tap(self.app.table.layout.buttons[name].center)
        self.frames()

    def key(self, key: int) -> None:
        post_key(key)
        self.frames()

    def move(self, move: Move) -> None:
        if move.kind in (Kind.DRAW, Kind.RECYCLE):
            self.tap_place(DECK)
            return
        for place in move.places:
            self.tap_place(place)


def script(timer: Timer) -> None:
    """The play: the whole winning line, with a hint, an undo and a look at settings on the way."""
    for index, move in enumerate(parse_moves(LINE)):
        if index % 10 == 5:
            timer.key(pygame.K_h)
            timer.key(pygame.K_ESCAPE)
        if index % 10 == 7 and move.kind is Kind.REMOVE:
            timer.move(move)
            timer.tap_button("undo")
        if index == 20:
            timer.tap_button("settings")
            timer.key(pygame.K_ESCAPE)
        timer.move(move)
    timer.frames(240)  # the win panel and the cascade behind it (4 s)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def spread(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values):.2f} ms   p99 {percentile(values, 0.99):.2f} ms   "
        f"max {max(values):.2f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="Frame-time benchmark of the real game.", allow_abbrev=False)
    parser.add_argument("--frames-per-action", type=whole_number, default=8)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    pygame.display.init()
    pygame.font.init()
    settings = Settings()
    ctx = make_context(settings, seed=1)
    start = time.perf_counter()
    app = App(ctx, ctx.dealer.deal(settings, 1), size=(width, height))
    startup = (time.perf_counter() - start) * 1000.0
    timer = Timer(app, args.frames_per_action)
    timer.frames(1)
    first = timer.times.pop()
    timer.cpu.pop()
    timer.searching.pop()
    deal_start = time.perf_counter()
    while app.table.anim.dealing:
        timer.frames(1)
    deal_wall = (time.perf_counter() - deal_start) * 1000.0
    deal, deal_cpu = list(timer.times), list(timer.cpu)
    script(timer)
    won = app.table.play.session.is_won
    times = timer.times
    print(f"frames timed: {len(times)} at {width}x{height} (every frame redrawn), deal won: {won}")
    print(f"start-up (window, card art loaded and scaled): {startup:.1f} ms   first frame: {first:.2f} ms")
    p50, p99 = statistics.median(times), percentile(times, 0.99)
    print(f"p50 {p50:.2f} ms   p99 {p99:.2f} ms   max {max(times):.2f} ms")
    print(f"  (CPU time: {spread(timer.cpu)})")
    for label, wanted in (("play frames (no search running)", False), ("frames with a search running", True)):
        chosen = [t for t, busy in zip(times, timer.searching, strict=True) if busy is wanted]
        if chosen:
            print(f"{label}: {len(chosen)}   {spread(chosen)}")
    print(
        f"deal animation: {len(deal) + 1} frames of {FRAME_SECONDS * 1000:.1f} ms game time "
        f"({deal_wall:.0f} ms to draw them all)   {spread(deal)}"
    )
    print(f"  (CPU time: {spread(deal_cpu)})")
    pygame.quit()
    return 0 if won else 1


if __name__ == "__main__":
    sys.exit(main())
