"""Solver benchmark: verdict counts and time per deal, with numpy and with the pure path.

    python bench/solver.py                      # deals 1-200 under all four rule sets, and the
                                                # 1500 reference deals (classic rules), both paths
    python bench/solver.py --deals 1-50 --no-reference --path numpy
    python bench/solver.py --variant all --no-reference   # every rule set of every variant
    python bench/solver.py --variant all --no-reference --clock cpu   # CPU time per deal

For each (set of deals, rule set, path) it prints the verdict counts, total, mean, median, p99
and max time per deal, and nodes per second; for the reference deals, how many verdicts match
the known ones; at the end the pure/numpy time ratios and the peak memory of the process
(which bounds the peak of any one deal). Every winning line is replayed through ``rules``. The
two paths take turns deal by deal, so the ratios hold on a machine whose load changes.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.legality import replay  # noqa: E402
from rules.state import CLASSIC, RuleSet, State  # noqa: E402
from rules.variant import REGISTERED, VARIANTS, rule_sets  # noqa: E402
from solver.backends import numpy_available  # noqa: E402
from solver.layered import Backend, PureBackend  # noqa: E402
from solver.search import Verdict, solve  # noqa: E402

REFERENCE = ROOT / "tests" / "data" / "mchung94"
Deal = tuple[str, State, bool | None]
"""A deal's name, its start, and whether it is known to be won (None: not known)."""


@dataclass
class Run:
    label: str
    rules: RuleSet
    path: str
    times: list[float] = field(default_factory=list)
    nodes: int = 0
    counts: dict[Verdict, int] = field(default_factory=lambda: dict.fromkeys(Verdict, 0))
    slowest: tuple[float, str] = (0.0, "")
    matches: int | None = None

    def line(self) -> str:
        times = sorted(self.times)
        total = sum(times)
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        counts = " ".join(f"{v.value}={self.counts[v]}" for v in Verdict)
        match = f"  reference match {self.matches}/{len(times)}" if self.matches is not None else ""
        return (
            f"{self.label:<14} {self.rules!s:<36} {self.path:<5} n={len(times):<5} {counts:<38} "
            f"total {total:7.1f}s  mean {1000 * total / len(times):7.1f}ms  "
            f"median {1000 * statistics.median(times):7.1f}ms  p99 {1000 * p99:7.0f}ms  "
            f"max {1000 * times[-1]:7.0f}ms ({self.slowest[1]})  "
            f"{self.nodes / total / 1000:6.0f}k nodes/s{match}"
        )


def backend_for(path: str) -> Backend | None:
    if path == "pure":
        return PureBackend()
    return None  # the default: numpy


def solve_one(run: Run, deal: Deal, backend: Backend | None, clock: Callable[[], float]) -> bool:
    """Solve one deal into ``run``; True when the verdict matches the known one."""
    name, state, known = deal
    began = clock()
    result = solve(state, backend=backend)
    seconds = clock() - began
    run.times.append(seconds)
    run.nodes += result.nodes
    run.counts[result.verdict] += 1
    if seconds > run.slowest[0]:
        run.slowest = (seconds, name)
    if result.verdict is Verdict.SOLVABLE and not replay(state, list(result.moves)).is_won:
        raise SystemExit(f"{name}: the winning line does not win")
    return known is not None and result.verdict is (Verdict.SOLVABLE if known else Verdict.UNSOLVABLE)


def solve_all(
    runs: list[Run], deals: list[Deal], clock: Callable[[], float] = time.perf_counter
) -> list[Run]:
    """Solve ``deals`` into each of ``runs`` (one per path), the paths taking turns deal by deal
    (the first path first on odd deals), so a busy spell of the machine falls on both alike."""
    backends = [backend_for(run.path) for run in runs]
    matches = [0] * len(runs)
    for number, deal in enumerate(deals):
        order = list(range(len(runs))) if number % 2 == 0 else list(reversed(range(len(runs))))
        for index in order:
            matches[index] += solve_one(runs[index], deal, backends[index], clock)
    if any(known is not None for _, _, known in deals):
        for run, matched in zip(runs, matches, strict=True):
            run.matches = matched
    return runs


def numbered(first: int, last: int, rules: RuleSet) -> list[Deal]:
    return [(f"deal {n}", State.from_deal(n, rules), None) for n in range(first, last + 1)]


def reference() -> list[Deal]:
    decks = (REFERENCE / "random-decks.txt").read_text(encoding="utf-8").split("\n")
    lengths = (REFERENCE / "solution-lengths.txt").read_text(encoding="utf-8").split()
    return [
        (f"ref #{i + 1}", State.from_deal_text(deck, CLASSIC), int(length) > 0)
        for i, (deck, length) in enumerate(zip(decks, lengths, strict=False))
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--deals", default="1-200", help="range of numbered deals, e.g. 1-200")
    parser.add_argument("--no-deals", action="store_true", help="skip the numbered deals")
    parser.add_argument("--no-reference", action="store_true", help="skip the 1500 reference deals")
    parser.add_argument("--path", choices=("numpy", "pure", "both"), default="both")
    parser.add_argument(
        "--variant", choices=[*VARIANTS, "all"], default="pyramid", help="whose rule sets (default pyramid)"
    )
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time per deal: wall clock, or the thread's CPU time (steadier on a shared machine)",
    )
    args = parser.parse_args()
    clock = time.thread_time if args.clock == "cpu" else time.perf_counter
    print(f"times are {'CPU' if args.clock == 'cpu' else 'wall-clock'} time", flush=True)
    first, _, last = args.deals.partition("-")
    paths = ["numpy", "pure"] if args.path == "both" else [args.path]
    if "numpy" in paths and not numpy_available():
        print("numpy is not installed: pure path only")
        paths = ["pure"]

    jobs: list[tuple[str, RuleSet, list[Deal]]] = []
    if not args.no_deals:
        variants = REGISTERED if args.variant == "all" else (VARIANTS[args.variant],)
        for rules in (r for variant in variants for r in rule_sets(variant)):
            jobs.append((f"deals {args.deals}", rules, numbered(int(first), int(last or first), rules)))
    if not args.no_reference:
        jobs.append(("reference", CLASSIC, reference()))
    by_path: dict[str, list[Run]] = {path: [] for path in paths}
    for label, rules, deals in jobs:
        for run in solve_all([Run(label, rules, path) for path in paths], deals, clock):
            by_path[run.path].append(run)
            print(run.line(), flush=True)
    runs = [run for path in paths for run in by_path[path]]

    if len(paths) == 2:
        print()
        half = len(runs) // 2
        for fast, slow in zip(runs[:half], runs[half:], strict=True):
            mean_ratio = sum(slow.times) / sum(fast.times)
            max_ratio = max(slow.times) / max(fast.times)
            name = f"{fast.label:<14} {fast.rules!s:<36}"
            print(
                f"pure/numpy {name} numpy {sum(fast.times):6.2f}s  pure {sum(slow.times):6.2f}s  "
                f"mean x{mean_ratio:4.2f}  max x{max_ratio:4.2f}"
            )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory of the whole run (bounds every deal): {peak:.0f} MiB")
    unmatched = [r for r in runs if r.matches is not None and r.matches != len(r.times)]
    return 1 if unmatched else 0


if __name__ == "__main__":
    sys.exit(main())
