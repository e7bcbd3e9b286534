"""Kiosk soak: thousands of attract cycles or played deals on simulated time, SDL's dummy video driver.

    python bench/kiosk_soak.py [--cycles 2000] [--block 500] [--dt 0.35] [--size 1280x720]
    python bench/kiosk_soak.py --played [--cycles 600] [--block 100] [--warmup 100]

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

``--played``: every cycle is a deal a visitor plays instead. The visitor taps the demo, gets a
fresh deal and plays it by taps until it is won, lost or stuck (or ``--max-moves``): «Pista» every
``--hint-every`` moves (and plays the hinted move), «¿Aún se gana?» every ``--ask-every`` moves,
random legal moves otherwise (removals preferred); each answer is waited for, frame by frame,
as on the glass. Then the visitor walks away and the idle reset brings the demo back. This is
the session the game's solver caches see in real use (issue 23.6 saw the game's memory grow
with every played deal: bench/RESULTS.md, «Kiosk soak»); its RSS must stay as flat.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
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
from game.settings import Settings
from game.storage import FileBackend, Storage
from game.table_terms import DECK
from rules import Kind, Move
from rules.labels import load_table
from rules.legality import legal_moves
from solver.backends import default_backend

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
        self.rng = random.Random(2026)
        self.moves = self.hints = self.asked = self.missed = 0
        """Played visits: moves made, «Pista» and «¿Aún se gana?» answered, moves whose taps
        the table did not take (always 0 unless a tap point is wrong)."""

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


    def tap(self, pos: tuple[int, int], frames: int = 1) -> None:
        post_tap(pos, touch=True)
        for _ in range(frames):
            self.frame()

    def answer(self, button: str) -> bool:
        """Tap «Pista» or «¿Aún se gana?» and wait for the answer; False when the table is no
        longer on top (the «no longer winnable» panel opened)."""
        app = self.app
        self.tap(app.table.layout.buttons[button].center)
        for _ in range(20_000):
            if app.table.play.inquiry is None:
                break
            self.frame()
        else:
            raise RuntimeError(f"«{button}» never answered")
        return app.manager.top is app.table

    def make(self, move: Move) -> None:
        """``move`` by taps on its cards (or the stock), as a player would."""
        app = self.app
        before = app.table.play.session.moves
        places = (DECK,) if move.kind in (Kind.DRAW, Kind.RECYCLE) else move.places
        for place in places:
            self.tap(app.table.layout.tap_point(place, app.table.play.state))
        self.frame()
        if app.table.play.session.moves == before:
            self.missed += 1
        self.moves += 1

    def played_visit(self, hint_every: int, ask_every: int, max_moves: int) -> None:
        """A visitor taps the demo and plays the fresh deal to its end (or ``max_moves``), with
        «Pista» and «¿Aún se gana?» on the way; then walks away (the idle reset)."""
        app = self.app
        kiosk = app.kiosk
        assert kiosk is not None
        self.demo()
        self.tap(app.table.layout.tap_point(DECK), frames=2)
        if kiosk.mood is not Mood.PLAYING or app.table.play.session.moves:
            raise RuntimeError("a tap on the demo did not deal a fresh game")
        while app.table.anim.dealing:
            self.frame()
        for turn in range(1, max_moves + 1):
            play = app.table.play
            moves = legal_moves(play.state)
            if play.session.is_won or not moves or app.manager.top is not app.table:
                break
            if turn % ask_every == 0:
                self.asked += 1
                if not self.answer("analyse"):
                    break
            move = None
            if turn % hint_every == 0:
                self.hints += 1
                if not self.answer("hint"):
                    break
                move = app.table.play.hint
            if move not in moves:
                removals = [m for m in moves if m.is_removal]
                move = self.rng.choice(removals if removals and self.rng.random() < 0.8 else moves)
            self.make(move)
        self.demo()
        self.cycles += 1


def steady_rss() -> float:
    """RSS after a full collection (taken at the same point of a cycle each time)."""
    gc.collect()
    return rss_mb()


def spread(times: array[float]) -> str:
    """p50, p99 and max of frame times (ms), in columns."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{statistics.median(ordered):>7.2f} {p99:>7.2f} {ordered[-1]:>7.2f}"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--played", action="store_true", help="every cycle is a deal a visitor plays")
    parser.add_argument("--cycles", type=int, help="cycles measured (default 2000; 600 played)")
    parser.add_argument("--block", type=int, help="cycles per printed block (default 500; 100 played)")
    parser.add_argument("--warmup", type=int, default=100, help="warm-up cycles")
    parser.add_argument("--visit-every", type=int, default=10)
    parser.add_argument("--hint-every", type=int, default=3)
    parser.add_argument("--ask-every", type=int, default=7)
    parser.add_argument("--max-moves", type=int, default=80)
    parser.add_argument("--dt", type=float, default=0.35)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    args.cycles = args.cycles or (600 if args.played else 2000)
    args.block = args.block or (100 if args.played else 500)
    return args


def title(args: argparse.Namespace, width: int, height: int, backend: str) -> str:
    if args.played:
        return (f"kiosk soak: {args.cycles} deals played by visitors at {width}x{height}, dt {args.dt} s "
                f"simulated, «Pista» every {args.hint_every} moves, «¿Aún se gana?» every {args.ask_every}, "
                f"solver backend {backend}, pygame-ce {pygame.version.ver}")  # fmt: skip
    return (f"kiosk soak: {args.cycles} attract cycles at {width}x{height}, dt {args.dt} s simulated, "
            f"a visitor every {args.visit_every} cycles, pygame-ce {pygame.version.ver}")  # fmt: skip


def summary(soak: Soak, played: bool, growth: float, seconds: float) -> None:
    print(f"RSS growth from start to end: {growth:+.1f} MB (target ≤ 5 MB)")
    record = soak.app.ctx.keeper.stats.of(soak.app.table.play.state.rules)
    if played:
        print(f"{soak.cycles} deals played: {soak.moves} moves ({soak.missed} not taken by the table), "
              f"{soak.hints} «Pista» and {soak.asked} «¿Aún se gana?» answered, "
              f"{seconds:.0f} s wall")  # fmt: skip
    else:
        refused = sum(soak.refused.values())
        print(f"{soak.cycles} demo wins, {soak.visits} visits (each closed as abandoned by the idle reset), "
              f"{refused} demo moves refused by the rules, {seconds:.0f} s wall")  # fmt: skip
    print(f"kiosk statistics: {record.played} played, {record.won} won, {record.lost} lost, "
          f"{record.abandoned} abandoned")  # fmt: skip


def main() -> None:
    args = parse_args()
    cycles, block, warmup = args.cycles, args.block, args.warmup
    width, height = (int(part) for part in args.size.lower().split("x"))

    pygame.display.init()
    pygame.font.init()
    settings = Settings()
    saves = tempfile.TemporaryDirectory(prefix="kiosk-soak-")
    ctx = make_context(settings, load_table(), seed=2026, storage=Storage(FileBackend(Path(saves.name))))
    options = KioskOptions(idle_seconds=IDLE_SECONDS)
    app = App(ctx, ctx.dealer.deal(settings), size=(width, height), kiosk=options)
    soak = Soak(app, args.dt)

    def one() -> None:
        """One cycle: it ends right after a demo win, or (played) once the demo is back."""
        if args.played:
            soak.played_visit(args.hint_every, args.ask_every, args.max_moves)
        else:
            soak.cycle()

    def between(done: int) -> None:
        if not args.played and done % args.visit_every == 0:
            soak.visit()

    opened_rss = rss_mb()
    print(title(args, width, height, default_backend().name))
    for done in range(1, warmup + 1):  # the same schedule as the run itself
        one()
        between(done)
    if not args.played:
        soak.cycle()
    del soak.times[:], soak.cpu[:]
    start_rss = steady_rss()
    print(f"RSS with the window open: {opened_rss:.1f} MB; at start (after {warmup} warm-up cycles, "
          f"which fill the bounded caches): {start_rss:.1f} MB")  # fmt: skip
    print(f"{'':>20}{'--- wall time ---':>24}  {'--- CPU time ---':>23}")
    print(f"{'cycles':>11} {'frames':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}  "
          f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'RSS MB':>7}")  # fmt: skip
    began = time.perf_counter()
    done = 0
    end_rss = start_rss
    while done < cycles:
        first = done + 1
        block_end = min(cycles, done + block)
        while done < block_end:
            one()
            done += 1
            if done == block_end:  # measured where the start was
                frames, wall, cpu = len(soak.times), spread(soak.times), spread(soak.cpu)
                del soak.times[:], soak.cpu[:]
                end_rss = steady_rss()
            between(done)
        print(f"{first:>5}-{done:<5} {frames:>8} {wall}  {cpu} {end_rss:>7.1f}", flush=True)
    summary(soak, args.played, end_rss - start_rss, time.perf_counter() - began)


if __name__ == "__main__":
    main()
