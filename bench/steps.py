"""How long one search step takes: the slice the game gives a question, per path and rule set.

    python bench/steps.py --deals 1-100 --path both --nodes 128
    python bench/steps.py --variant apophis --deals 1-50 --path numpy

Solves each deal to the end with ``Search.step(nodes)`` (what the game does in a frame) and
times every step in thread CPU time (other processes' load does not count, this thread's
garbage collection does; collection pauses are also timed apart through ``gc.callbacks``).
Like the game, it freezes what start-up made (``gc.freeze``) unless ``--no-freeze``; start-up
includes importing the numpy path, which the first search would otherwise import (its ~10k
objects then walked by every full collection: 4-8 ms pauses inside steps).
Prints, per path and rule set, the number of steps, their p50/p99/p99.9/max time, the deal of
the longest one, how many steps took more than 8 ms, and the longest collection pause.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.state import State  # noqa: E402
from rules.variant import VARIANTS, rule_sets  # noqa: E402
from solver.backends import default_backend, numpy_available  # noqa: E402
from solver.layered import Backend, PureBackend  # noqa: E402
from solver.search import Search  # noqa: E402

BUDGET_MS = 8.0


class Pauses:
    """The longest garbage-collection pause seen since the last reset."""

    def __init__(self) -> None:
        self.began = 0.0
        self.longest = 0.0
        gc.callbacks.append(self)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.began = time.thread_time()
        else:
            self.longest = max(self.longest, time.thread_time() - self.began)


def at(times: list[float], q: float) -> float:
    return times[min(len(times) - 1, round(q * (len(times) - 1)))]


def backend_for(path: str) -> Backend | None:
    return PureBackend() if path == "pure" else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--deals", default="1-100", help="range of numbered deals, e.g. 1-100")
    parser.add_argument("--path", choices=("numpy", "pure", "both"), default="both")
    parser.add_argument("--nodes", type=int, default=128, help="nodes per step (the game's: 128)")
    parser.add_argument("--no-freeze", action="store_true", help="leave start-up objects to the collector")
    parser.add_argument("--variant", choices=list(VARIANTS), default="pyramid")
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    numbers = range(int(first), int(last or first) + 1)
    paths = ["numpy", "pure"] if args.path == "both" else [args.path]
    if "numpy" in paths and not numpy_available():
        print("numpy is not installed: pure path only")
        paths = ["pure"]
    pauses = Pauses()
    if "numpy" in paths:
        default_backend()  # imports the numpy path (numpy, solver.vector) before the freeze
    if not args.no_freeze:
        gc.collect()
        gc.freeze()  # as the game does before its loop (game/app.py)
    for path in paths:
        for rules in rule_sets(VARIANTS[args.variant]):
            times: list[float] = []
            slowest = (0.0, 0)
            pauses.longest = 0.0
            for number in numbers:
                search = Search(State.from_deal(number, rules), backend=backend_for(path))
                while True:
                    began = time.thread_time()
                    result = search.step(args.nodes)
                    spent = 1000 * (time.thread_time() - began)
                    times.append(spent)
                    if spent > slowest[0]:
                        slowest = (spent, number)
                    if result is not None:
                        break
            times.sort()
            over = sum(1 for t in times if t > BUDGET_MS)
            print(
                f"{path:<5} {rules!s:<38} steps {len(times):7d}  p50 {statistics.median(times):5.2f}  "
                f"p99 {at(times, 0.99):5.2f}  p99.9 {at(times, 0.999):5.2f}  "
                f"max {slowest[0]:6.2f} ms (deal {slowest[1]})  "
                f"over {BUDGET_MS:.0f} ms: {over}  longest gc pause {1000 * pauses.longest:5.2f} ms",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
