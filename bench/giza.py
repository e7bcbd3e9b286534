"""Giza's open-game solver, deal by deal: is a label computable for every deal?

    python bench/giza.py [--deals 1-200]

Solves each numbered deal under both Giza rule sets (overlap on and off) from its start,
replays every winning line through the rules, and times each deal in thread CPU time (the
load of other processes does not count; ``bench/solver.py --variant giza`` gives wall time).
Prints, per rule set, the verdict counts and the mean, median, p99 and max time and nodes,
with the slowest deal, and the time a whole label table (20,000 deals) would take at that mean.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.legality import replay  # noqa: E402
from rules.state import State  # noqa: E402
from rules.variant import GIZA, rule_sets  # noqa: E402
from solver.search import Search, Verdict  # noqa: E402

TABLE_DEALS = 20_000


def deal_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=deal_range, default=deal_range("1-200"), help="e.g. 1-200")
    args = parser.parse_args()
    Search(State.from_deal(1, rule_sets(GIZA)[0])).run()  # imports and first tables out of the timing
    for rules in rule_sets(GIZA):
        times: list[float] = []
        nodes: list[int] = []
        counts = dict.fromkeys(Verdict, 0)
        slowest = (0.0, 0)
        for number in args.deals:
            state = State.from_deal(number, rules)
            began = time.thread_time()
            result = Search(state).run()
            spent = (time.thread_time() - began) * 1000
            if result.verdict is Verdict.SOLVABLE and not replay(state, list(result.moves)).is_won:
                raise SystemExit(f"deal {number} {rules}: the winning line does not win")
            counts[result.verdict] += 1
            times.append(spent)
            nodes.append(result.nodes)
            slowest = max(slowest, (spent, number))
        times_sorted = sorted(times)
        p99 = times_sorted[min(len(times) - 1, int(0.99 * len(times)))]
        mean = statistics.fmean(times)
        print(
            f"{rules.key:26} n={len(times)} solvable={counts[Verdict.SOLVABLE]} "
            f"unsolvable={counts[Verdict.UNSOLVABLE]} unknown={counts[Verdict.UNKNOWN]}  "
            f"cpu mean {mean:.1f} ms  median {statistics.median(times):.1f}  p99 {p99:.0f}  "
            f"max {slowest[0]:.0f} ms (deal {slowest[1]})  nodes mean {statistics.fmean(nodes):.0f} "
            f"max {max(nodes)}  ~{mean * TABLE_DEALS / 60_000:.0f} min for {TABLE_DEALS} deals"
        )


if __name__ == "__main__":
    main()
