"""Fuzz the real game: random input of every kind, the rules' invariants checked after every frame.

    python bench/fuzz.py [--events 1000000] [--seed 1] [--life-events 4000] [--report-every 100000]

Runs :class:`game.fuzz.Fuzz` under SDL's dummy video driver: every variant, setting, kiosk and
par scoring in turn (a new configuration every ``--life-events`` events), mouse, touch, keys,
resizes, focus, quits (each followed by a start that must resume the saved game), on simulated
time. Prints, every ``--report-every`` events and at the end: events, frames, games started,
deals, moves checked, exceptions, invariant violations, events per second (wall and CPU), and
the first problems found with where to find them again (seed, event, configuration).
Exit status 1 when anything was found.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.fuzz import Figures, Fuzz
from rules.labels import load_table


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--events", type=int, default=1_000_000, help="events to post (default 10^6)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--life-events", type=int, default=4000, help="events per configuration")
    parser.add_argument("--report-every", type=int, default=100_000, metavar="N")
    return parser.parse_args(argv)


def report(figures: Figures, wall: float, cpu: float) -> str:
    seen = ", ".join(f"{name} {count}" for name, count in sorted(figures.seen.items()))
    return (
        f"events {figures.events:,}  frames {figures.frames:,}  games started {figures.lives:,} "
        f"(resumed after a quit {figures.resumed:,})  deals {figures.watched.deals:,}  "
        f"moves checked {figures.watched.moves:,}  undone {figures.watched.undone:,}  "
        f"demo frames {figures.demo_frames:,}\n"
        f"  exceptions {figures.exceptions}  invariant violations {figures.violations}  "
        f"{figures.events / max(wall, 1e-9):,.0f} events/s wall, {figures.events / max(cpu, 1e-9):,.0f} "
        f"events/s CPU ({wall:,.0f} s wall, {cpu:,.0f} s CPU)\n  configurations: {seen}"
    )


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    fuzz = Fuzz(args.seed, load_table(), life_events=args.life_events, on_problem=print)
    start, start_cpu = time.perf_counter(), time.process_time()
    while fuzz.figures.events < args.events:
        fuzz.run(min(args.report_every, args.events - fuzz.figures.events))
        print(report(fuzz.figures, time.perf_counter() - start, time.process_time() - start_cpu), flush=True)
    figures = fuzz.figures
    print(f"seed {args.seed}: {'nothing found' if not figures.problems else 'problems above'}")
    return 1 if figures.exceptions or figures.violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
