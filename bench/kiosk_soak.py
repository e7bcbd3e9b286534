"""Kiosk soak: thousands of attract cycles on simulated time, with SDL's dummy video driver.

    python bench/kiosk_soak.py [--cycles 2000] [--block 500] [--dt 0.35] [--size 1280x720]

Runs the real game in kiosk mode (the same ``App.frame`` as in play) and lets it look after
itself: the attract demo proves deals winnable and plays them to the win, one after another.
One *cycle* is one demo deal played to the win. Saves go to real files in a temporary
directory, as a kiosk's would. Every ``--visit-every`` cycles a visitor taps, gets a fresh
deal, draws three cards and walks away: the idle clock runs out, «¿Sigues ahí?» counts down,
the game is closed as abandoned (in the kiosk's statistics: played and abandoned, apart from
lost; checked at every visit and printed at the end), and the demo starts again. Time is
simulated: each frame advances ``--dt`` seconds (the demo's pace is 0.7 s a move, so the
default 0.35 s gives two frames a move, and every move's animation still runs and is drawn).

Prints the resident memory (RSS) at the start (after ``--warmup`` cycles on the same schedule,
which fill the bounded caches: card faces, text, button labels, fonts) and at the end of each
block of ``--block`` cycles (always right after a demo win, so the figures compare), and for
each block the frame time p50/p99/max of whole frames (events, kiosk, solver slices, drawing),
as wall time and as this process's CPU time (which other programs on a busy machine do not
inflate).
Target: RSS growth ≤ 5 MB over 2,000 cycles and a flat p99.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import statistics
import sys
import tempfile
import time
from array import array
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.app import App, make_context
from game.driver import post_tap
from game.kiosk import AttractScene, KioskOptions, Mood
from game.play import DECK
from game.settings import Settings
from game.storage import FileBackend, Storage
from rules.labels import load_table

IDLE_SECONDS = 10.0


def rss_mb() -> float:
    """Resident memory now (Linux ``/proc``), or the peak where ``/proc`` is missing."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Soak:
    def __init__(self, app: App, dt: float) -> None:
        self.app = app
        self.dt = dt
        self.times = array("d")
        self.cpu = array("d")
        """Frame times (ms) of the current block: compact arrays, so the bench's own bookkeeping
        weighs little beside the game's memory (a list of 58,000 floats holds about 2 MB)."""
        self.cycles = 0
        self.visits = 0
        self.refused: dict[int, int] = {}
        """Demo moves the rules refused, per demo scene (always 0 unless the solver is wrong)."""

    def frame(self) -> None:
        start, start_cpu = time.perf_counter(), time.process_time()
        self.app.frame(self.dt)
        self.times.append((time.perf_counter() - start) * 1000.0)
        self.cpu.append((time.process_time() - start_cpu) * 1000.0)

    def demo(self) -> AttractScene:
        kiosk = self.app.kiosk
        assert kiosk is not None
        while kiosk.demo is None:
            self.frame()
        return kiosk.demo

    def cycle(self) -> None:
        """Frames until the demo has won one more deal."""
        demo = self.demo()
        target = demo.wins + 1
        while demo.wins < target:
            self.frame()
            if self.app.kiosk is None or self.app.kiosk.demo is not demo:
                raise RuntimeError("the demo stopped by itself")
        self.cycles += 1
        self.refused[id(demo)] = demo.refused

    def visit(self) -> None:
        """A visitor taps the demo, plays a few draws and walks away; the kiosk resets itself."""
        app = self.app
        kiosk = app.kiosk
        assert kiosk is not None
        record = app.ctx.keeper.stats.of(app.table.play.state.rules)
        before = (kiosk.abandoned, record.abandoned, record.lost)
        post_tap(app.table.layout.tap_point(DECK), touch=True)
        self.frame()
        if kiosk.mood is not Mood.PLAYING or app.table.play.session.moves:
            raise RuntimeError("a tap on the demo did not deal a fresh game")
        for _ in range(3):
            for _ in range(2):
                self.frame()
            post_tap(app.table.layout.tap_point(DECK), touch=True)
            self.frame()
        self.demo()
        if (kiosk.abandoned, record.abandoned, record.lost) != (before[0] + 1, before[1] + 1, before[2]):
            raise RuntimeError("the walked-away game was not counted as abandoned (apart from lost)")
        self.visits += 1


def steady_rss() -> float:
    """RSS after a full collection (taken at the same point of a cycle each time)."""
    gc.collect()
    return rss_mb()


def spread(times: array[float]) -> str:
    """p50, p99 and max of frame times (ms), in columns."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{statistics.median(ordered):>7.2f} {p99:>7.2f} {ordered[-1]:>7.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=2000)
    parser.add_argument("--block", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--visit-every", type=int, default=10)
    parser.add_argument("--dt", type=float, default=0.35)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.lower().split("x"))

    pygame.display.init()
    pygame.font.init()
    settings = Settings()
    saves = tempfile.TemporaryDirectory(prefix="kiosk-soak-")
    ctx = make_context(settings, load_table(), seed=2026, storage=Storage(FileBackend(Path(saves.name))))
    options = KioskOptions(idle_seconds=IDLE_SECONDS)
    app = App(ctx, ctx.dealer.deal(settings), size=(width, height), kiosk=options)
    soak = Soak(app, args.dt)
    opened_rss = rss_mb()
    print(f"kiosk soak: {args.cycles} attract cycles at {width}x{height}, dt {args.dt} s simulated, "
          f"a visitor every {args.visit_every} cycles, pygame-ce {pygame.version.ver}")  # fmt: skip
    for done in range(1, args.warmup + 1):  # the same schedule as the run itself
        soak.cycle()
        if done % args.visit_every == 0:
            soak.visit()
    soak.cycle()
    del soak.times[:], soak.cpu[:]
    start_rss = steady_rss()
    print(f"RSS with the window open: {opened_rss:.1f} MB; at start (after {args.warmup} warm-up cycles, "
          f"which fill the bounded caches): {start_rss:.1f} MB")  # fmt: skip
    print(f"{'':>20}{'--- wall time ---':>24}  {'--- CPU time ---':>23}")
    print(f"{'cycles':>11} {'frames':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}  "
          f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'RSS MB':>7}")  # fmt: skip
    began = time.perf_counter()
    done = 0
    end_rss = start_rss
    while done < args.cycles:
        block_end = min(args.cycles, done + args.block)
        while done < block_end:
            soak.cycle()
            done += 1
            if done == block_end:  # measured where the start was: right after a demo win
                frames, wall, cpu = len(soak.times), spread(soak.times), spread(soak.cpu)
                del soak.times[:], soak.cpu[:]
                end_rss = steady_rss()
            if done % args.visit_every == 0:
                soak.visit()
        print(f"{done - args.block + 1:>5}-{done:<5} {frames:>8} {wall}  {cpu} {end_rss:>7.1f}", flush=True)
    refused = sum(soak.refused.values())
    print(f"RSS at end: {end_rss:.1f} MB (growth {end_rss - start_rss:+.1f} MB; target ≤ 5 MB)")
    record = soak.app.ctx.keeper.stats.of(soak.app.table.play.state.rules)
    print(f"{soak.cycles} demo wins, {soak.visits} visits (each closed as abandoned by the idle reset), "
          f"{refused} demo moves refused by the rules, {time.perf_counter() - began:.0f} s wall")  # fmt: skip
    print(f"kiosk statistics: {record.played} played, {record.won} won, {record.lost} lost, "
          f"{record.abandoned} abandoned")  # fmt: skip


if __name__ == "__main__":
    main()
