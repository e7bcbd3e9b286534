"""Frame-time benchmark: scripted play at 1280×720 with SDL's dummy video driver.

    python bench/frames.py [--frames-per-action 8] [--size 1280x720] [--pure] [--no-questions]
                           [--hint-first]

Watches the deal animation to its end, then plays a known winning line of deal 1 by posted
taps (with selections, hints, undos and a settings visit mixed in) and watches the win celebration
behind the result panel, timing every frame: event handling, logic, animation and drawing
(each frame is forced to draw; the game repaints only what changed since the last frame, from
the table's cached layer, so a frame where nothing changed paints nothing: such frames are
counted apart as idle, the others as painted). Start-up (opening the window,
loading and scaling the card art for its size: done again only on a resize) and the first frame
are reported apart; the deal animation's frames are reported apart too (and included in the
totals). Prints frame counts, p50, p99 and max.
Target: p99 ≤ 8 ms.

Then, on a fresh game (deal 12, one pass), «¿Aún se gana?» and «Pista» are asked at several
points of a winning line and their frames run until each answers: frame p50/p99 while the solver
thinks against plain play, as frame work and as the frame interval the 60 fps loop gives
(``max(1000/60 ms, work)``: what a player sees). Target (issue 18.4): the interval's p99 while
answering within 2× plain play's, by the wall clock and by the thread's CPU time (steadier on a
shared machine, where the wall clock's p99 is mostly the other programs). ``--pure`` asks with
the browser's solver path (pure Python). «Pista»'s frames are reported on their own too; it
reuses what «¿Aún se gana?» found, so ``--hint-first`` asks it first to time its own search.
"""

from __future__ import annotations

import argparse
import dataclasses
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
from game.settings import Settings
from game.table_terms import DECK
from rules import Kind, Move, parse_moves
from rules.cli import whole_number
from solver import Purpose
from solver.backends import PURE_ENV

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
        self.idle: list[bool] = []
        """Whether that frame painted no pixel (nothing had changed)."""
        self.searching: list[bool] = []
        """Whether a question to the solver ran in that frame: such frames give the search what
        drawing leaves of the frame, so they are reported apart from play frames."""
        self.hinting: list[bool] = []
        """Whether that question was «Pista» (reported on its own too)."""

    def frames(self, count: int | None = None) -> None:
        """Run frames, each forced to redraw, and record how long each took (milliseconds)."""
        for _ in range(self.frames_per_action if count is None else count):
            self.app.dirty = True
            inquiry = self.app.table.play.inquiry
            self.searching.append(inquiry is not None)
            self.hinting.append(inquiry is not None and inquiry.purpose is Purpose.HINT)
            start, cpu = time.perf_counter(), time.thread_time()
            self.app.frame(FRAME_SECONDS)
            self.times.append((time.perf_counter() - start) * 1000.0)
            self.cpu.append((time.thread_time() - cpu) * 1000.0)
            self.idle.append(self.app.manager.painted == 0)

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


def script(timer: Timer) -> int:
    """The play: the whole winning line, with a hint, an undo and a look at settings on the way.
    Returns the index of the first frame after the winning move's (the celebration's)."""
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
    won_at = len(timer.times) - timer.frames_per_action + 1
    timer.frames(240)  # the win panel, the celebration under it and the clean board after (4 s)
    return won_at


QUESTION_DEAL = 12
QUESTION_LINE = (
    "P22+P24 P23+P25 P16+P21 P15+P26 P10+P19 P18 P27 D D P17+S S S+W D P12+S D D D D P20+S P13+S "
    "D D S+W P11+S P7 P4+P8 P14+S P9+S S+W P5+W S+W S+W P2+S S+W P6+W P1+P3 P0+W"
)
"""A winning line of deal 12 on one pass (overlap rule on), from tests/data/winning_lines.txt:
one pass leaves many orders of unseen cards to try, so the questions take many frames."""
QUESTIONS_AT = (1, 5, 9, 14, 20, 26)
"""Moves of that line after which both questions are asked (the deal's start is answered from
its label, without the solver)."""
ANSWER_FRAMES = 20_000
"""A question not answered after this many frames stops the benchmark (it never should)."""


def questions(timer: Timer, *, hint_first: bool = False) -> list[tuple[int, int]]:
    """Play :data:`QUESTION_LINE`; after each move of :data:`QUESTIONS_AT` ask «¿Aún se gana?»
    and then «Pista» (``hint_first``: the other way round), running frames until each answers.
    Returns (move, frames to answer) per question."""
    asked: list[tuple[int, int]] = []
    both = [lambda: timer.tap_button("analyse"), lambda: timer.key(pygame.K_h)]
    if hint_first:
        both.reverse()
    for index, move in enumerate(parse_moves(QUESTION_LINE)):
        timer.move(move)
        if index not in QUESTIONS_AT:
            continue
        for ask in both:
            if timer.app.manager.top is not timer.app.table:  # a panel an answer opened
                timer.key(pygame.K_ESCAPE)
            start = len(timer.times)
            ask()
            while timer.app.table.play.inquiry is not None:
                timer.frames(1)
                if len(timer.times) - start > ANSWER_FRAMES:
                    raise RuntimeError(f"no answer after {ANSWER_FRAMES} frames at move {index}")
            asked.append((index, len(timer.times) - start))
        timer.key(pygame.K_ESCAPE)
    return asked


def interval(work_ms: float) -> float:
    """The time from one frame to the next in the 60 fps loop: the frame period, or the
    frame's work when it takes longer (``clock.tick`` then waits no more)."""
    return max(FRAME_SECONDS * 1000.0, work_ms)


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
    parser.add_argument("--pure", action="store_true", help="the questions use the pure path (the browser's)")
    parser.add_argument("--no-questions", action="store_true", help="only the scripted play")
    parser.add_argument("--hint-first", action="store_true", help="ask «Pista» before «¿Aún se gana?»")
    args = parser.parse_args()
    if args.pure:
        os.environ[PURE_ENV] = "1"
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
    timer.idle.pop()
    deal_start = time.perf_counter()
    while app.table.anim.dealing:
        timer.frames(1)
    deal_wall = (time.perf_counter() - deal_start) * 1000.0
    deal, deal_cpu = list(timer.times), list(timer.cpu)
    won_at = script(timer)
    won = app.table.play.session.is_won
    times = timer.times
    print(f"frames timed: {len(times)} at {width}x{height} (every frame forced to draw), deal won: {won}")
    print(f"start-up (window, card art loaded and scaled): {startup:.1f} ms   first frame: {first:.2f} ms")
    p50, p99 = statistics.median(times), percentile(times, 0.99)
    print(f"p50 {p50:.2f} ms   p99 {p99:.2f} ms   max {max(times):.2f} ms")
    print(f"  (CPU time: {spread(timer.cpu)})")
    report_painted(timer)
    for label, wanted in (("play frames (no search running)", False), ("frames with a search running", True)):
        chosen = [t for t, busy in zip(times, timer.searching, strict=True) if busy is wanted]
        if chosen:
            print(f"{label}: {len(chosen)}   {spread(chosen)}")
    print(
        f"deal animation: {len(deal) + 1} frames of {FRAME_SECONDS * 1000:.1f} ms game time "
        f"({deal_wall:.0f} ms to draw them all)   {spread(deal)}"
    )
    print(f"  (CPU time: {spread(deal_cpu)})")
    celebration = timer.cpu[won_at:]
    print(f"win celebration and the board after it: {len(celebration)} frames   CPU {spread(celebration)}")
    plain = [(t, c) for t, c, busy in zip(times, timer.cpu, timer.searching, strict=True) if not busy]
    if not args.no_questions:
        one_pass = dataclasses.replace(settings, passes=1)
        app = App(ctx, ctx.dealer.deal(one_pass, QUESTION_DEAL), size=(width, height))
        report_questions(Timer(app, 2), plain, hint_first=args.hint_first)
    pygame.quit()
    return 0 if won else 1


def report_painted(timer: Timer) -> None:
    """CPU time of the frames that painted something and of the idle ones (nothing changed)."""
    for label, idle in (("painted", False), ("idle (nothing changed, nothing painted)", True)):
        chosen = [c for c, still in zip(timer.cpu, timer.idle, strict=True) if still is idle]
        if chosen:
            print(f"  {label} frames: {len(chosen)}   CPU {spread(chosen)}")


def report_questions(timer: Timer, plain: list[tuple[float, float]], *, hint_first: bool = False) -> None:
    """Ask the questions (:func:`questions`) and print their frames against ``plain`` play's
    (wall-clock and CPU milliseconds of each frame)."""
    while timer.app.table.anim.dealing:
        timer.frames(1)
    timer.times.clear()
    timer.cpu.clear()
    timer.searching.clear()
    timer.hinting.clear()
    timer.idle.clear()
    asked = questions(timer, hint_first=hint_first)
    answering = [(t, c) for t, c, busy in zip(timer.times, timer.cpu, timer.searching, strict=True) if busy]
    hinting = [(t, c) for t, c, hint in zip(timer.times, timer.cpu, timer.hinting, strict=True) if hint]
    backend = type(timer.app.table.play.answers.backend).__name__
    pace = timer.app.ctx.dealer.pacer.ms_per_node or 0.0
    print(
        f"questions ({backend}): {len(asked)} answered in {sum(n for _, n in asked)} frames "
        f"(frames each: {' '.join(str(n) for _, n in asked)}); a node measured {pace * 1000:.1f} µs"
    )
    for label, frames in (("plain play", plain), ("while answering", answering), ("«Pista» alone", hinting)):
        wall, cpu = [t for t, _ in frames], [c for _, c in frames]
        print(f"  {label:<16} {len(frames):>5} frames   work {spread(wall)}")
        print(f"  {'':<28}interval {spread([interval(t) for t in wall])}")
        print(f"  {'':<28}(CPU time: work {spread(cpu)})")
    for label, frames in (("answering", answering), ("«Pista»", hinting)):
        for clock, pick in (("wall clock", 0), ("CPU time", 1)):
            ratio = [percentile([interval(f[pick]) for f in chosen], 0.99) for chosen in (frames, plain)]
            times = f"{ratio[0] / ratio[1]:.2f}×"
            print(f"  interval p99 while {label} / plain play, {clock}: {times} (target ≤ 2×)")


if __name__ == "__main__":
    sys.exit(main())
