"""Best par score benchmark: the exact best score of whole deals (solver/score.py).

    python bench/par_score.py [--deals 40] [--passes 1|3|unlimited] [--no-overlap]

For deals 1..N under one rule set: the time of each search (process CPU time), p50, p95 and
max, the nodes searched, and how the best scores fall (cleared in pass 1, 2, 3 …, not cleared).
Under unlimited passes the search covers enough passes (:func:`solver.score.enough_passes`).
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import RuleSet, State
from rules.cli import pass_count, whole_number
from solver.score import best_score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--deals", type=whole_number, default=40, help="deals 1..N (default 40)")
    parser.add_argument("--passes", type=pass_count, default=3, metavar="{1,3,unlimited}")
    parser.add_argument("--overlap", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args()
    rules = RuleSet(args.passes, args.overlap)
    times: list[float] = []
    nodes: list[int] = []
    verdict_nodes: list[int] = []
    outcomes: collections.Counter[str] = collections.Counter()
    points: list[int] = []
    for number in range(1, args.deals + 1):
        began = time.process_time()
        best = best_score(State.from_deal(number, rules))
        times.append((time.process_time() - began) * 1000)
        nodes.append(best.nodes)
        verdict_nodes.append(best.verdict_nodes)
        points.append(best.points)
        cleared = best.score.cleared_pass
        outcomes["not cleared" if cleared is None else f"pass {cleared}"] += 1
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(len(ordered) * 0.95))]
    print(f"rules: {rules}; deals 1-{args.deals}")
    print(
        f"time: mean {statistics.mean(times):.0f} ms, p50 {statistics.median(times):.0f} ms, "
        f"p95 {p95:.0f} ms, max {ordered[-1]:.0f} ms (deal {times.index(ordered[-1]) + 1})"
    )
    print(f"score search positions: mean {statistics.mean(nodes):.0f}, max {max(nodes)}")
    print(f"verdict solver nodes: mean {statistics.mean(verdict_nodes):.0f}, max {max(verdict_nodes)}")
    print("best cleared in: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print(f"best score: mean {statistics.mean(points):.1f}, min {min(points)}, max {max(points)}")


if __name__ == "__main__":
    main()
