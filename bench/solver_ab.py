"""Two versions of the solver on the same deals, interleaved deal by deal.

    git archive <commit> | tar -x -C OTHER_DIR      # a copy of another version's files
    python bench/solver_ab.py --other OTHER_DIR --deals 1-500 --passes 1
    python bench/solver_ab.py --other OTHER_DIR --list 8922,5834,7645 --passes 3
    python bench/solver_ab.py --other OTHER_DIR --deals 1-50 --variant apophis

On a shared machine the time per deal swings with the other work; running this tree and
``OTHER_DIR`` in two worker processes that take turns (one deal each, the first to go
alternating) exposes both to the same contention, so their ratio means something. Each worker
runs ``solver.search.solve`` with its default backend. Prints, per rule set and version, the
mean, median, p99 and max of the wall time and of the CPU time per deal, and checks that both
versions give the same verdict on every deal.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from rules.state import RuleSet, State
from rules.variant import UNLIMITED, VARIANTS
from solver.search import solve
for line in sys.stdin:
    variant, passes, overlap, number = line.split()
    count = UNLIMITED if passes == "unlimited" else int(passes)
    state = State.from_deal(int(number), RuleSet(count, overlap == "on", VARIANTS[variant]))
    wall, cpu = time.perf_counter(), time.thread_time()
    result = solve(state)
    cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
    print(result.verdict.value, 1000 * wall, 1000 * cpu, flush=True)
"""


class Worker:
    def __init__(self, tree: Path) -> None:
        self.tree = tree
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, str(tree)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tree,
        )  # fmt: skip

    def solve(self, variant: str, passes: str, overlap: bool, number: int) -> tuple[str, float, float]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{variant} {passes} {'on' if overlap else 'off'} {number}\n")
        self.process.stdin.flush()
        verdict, wall, cpu = self.process.stdout.readline().split()
        return verdict, float(wall), float(cpu)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return (
        f"mean {statistics.mean(values):7.1f}  median {statistics.median(values):6.1f}  "
        f"p99 {p99:7.0f}  max {ordered[-1]:7.0f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="Two solver versions, interleaved deal by deal.")
    parser.add_argument("--other", type=Path, required=True, help="the other version's files")
    parser.add_argument("--deals", default="1-500")
    parser.add_argument("--list", default="", help="these deals (comma separated) instead of --deals")
    parser.add_argument("--passes", choices=("1", "3", "unlimited"), nargs="*", default=["1", "3"])
    parser.add_argument("--overlap", choices=("on", "off"), nargs="*", default=["on", "off"])
    parser.add_argument("--variant", default="pyramid", help="a variant with a stock (default pyramid)")
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    numbers = [int(n) for n in args.list.split(",") if n.strip()] or range(int(first), int(last or first) + 1)
    trees = {"this": ROOT, "other": args.other.resolve()}
    workers = {name: Worker(tree) for name, tree in trees.items()}
    disagree = 0
    try:
        for passes in args.passes:
            for overlap in (o == "on" for o in args.overlap):
                walls: dict[str, list[float]] = {name: [] for name in workers}
                cpus: dict[str, list[float]] = {name: [] for name in workers}
                for number in numbers:
                    names = list(workers) if number % 2 else list(reversed(workers))
                    verdicts = set()
                    for name in names:
                        verdict, wall, cpu = workers[name].solve(args.variant, passes, overlap, number)
                        verdicts.add(verdict)
                        walls[name].append(wall)
                        cpus[name].append(cpu)
                    if len(verdicts) > 1:
                        disagree += 1
                        print(f"  deal {number}: verdicts differ {verdicts}", flush=True)
                chosen = f"{len(numbers)} listed" if args.list else args.deals
                rules = f"passes={passes} overlap={'on' if overlap else 'off'}"
                title = f"{args.variant} {rules} deals {chosen}"
                print(title, flush=True)
                for name in workers:
                    print(f"  {name:<5} wall ms {spread(walls[name])}   cpu ms {spread(cpus[name])}")
                ratio = statistics.mean(walls["this"]) / statistics.mean(walls["other"])
                cpu_ratio = statistics.mean(cpus["this"]) / statistics.mean(cpus["other"])
                print(f"  this/other mean wall time x{ratio:.2f}, cpu time x{cpu_ratio:.2f}", flush=True)
    finally:
        for worker in workers.values():
            worker.close()
    print(f"verdicts differ on {disagree} deals")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
