"""Engine schedules compared on the same deals: how long a depth-first head start should be.

    nice python bench/schedules.py --deals 1-300 --passes 1 --head-starts 0 200 500 2048 dfs
    nice python bench/schedules.py --list 7645,17951 --passes 3 --head-starts 8192 dfs --fronts-after 0
    nice python bench/schedules.py --variant apophis --deals 1-100 --head-starts 0 2048 8192

Solves each deal once per schedule, the schedules taking turns (their order rotates from one
deal to the next), so the load of other processes hits them alike; times are thread CPU
time. A number is a depth-first head start followed by the layered engine alone (the numpy
path's schedule, :func:`solver.search.default_schedule`); ``dfs`` is depth-first search alone;
``2048/16``: a head start of 2,048, then 16 layered nodes per depth-first node;
``500/16@400000``: the same share once the layered engine has searched 400,000 nodes;
``default``: the rule set's own (:func:`solver.search.default_schedule`).
Prints, per rule set and schedule, the mean, median, p99 and max CPU time per deal, split by
verdict, and checks that every schedule gives every deal the same verdict.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.state import RuleSet, State  # noqa: E402
from rules.variant import VARIANTS, rule_sets  # noqa: E402
from solver.backends import default_backend  # noqa: E402
from solver.schedule import Schedule  # noqa: E402
from solver.search import Search, default_schedule  # noqa: E402


def schedule_of(name: str, rules: RuleSet, fronts_after: str) -> Schedule:
    """The schedule ``name``, its stock fronts turned on as ``fronts_after`` says (a node
    count, ``never``, or ``default``: the rule set's default)."""
    after = (
        default_schedule(default_backend(), rules).fronts_after
        if fronts_after == "default"
        else None
        if fronts_after == "never"
        else int(fronts_after)
    )
    if name == "default":
        return replace(default_schedule(default_backend(), rules), fronts_after=after)
    if name == "dfs":
        return Schedule(10**12, 0, after)
    head, _, rest = name.partition("/")
    share, _, share_after = rest.partition("@")
    return Schedule(int(head), float(share) if share else math.inf, after, int(share_after or 0))


def at(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--deals", default="1-300")
    parser.add_argument("--passes", type=int, choices=(1, 3), nargs="*", default=[3, 1])
    parser.add_argument("--overlap", choices=("on", "off"), nargs="*", default=["on", "off"])
    parser.add_argument("--head-starts", nargs="*", default=["0", "200", "500", "2048"])
    parser.add_argument("--fronts-after", default="default", help="a node count, never, or default")
    parser.add_argument("--list", default="", help="these deals (comma separated) instead of --deals")
    parser.add_argument("--variant", choices=list(VARIANTS), default="pyramid")
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    numbers = [int(n) for n in args.list.split(",") if n.strip()] or range(int(first), int(last or first) + 1)
    names: list[str] = args.head_starts
    overlaps = {o == "on" for o in args.overlap}
    differ = 0
    for rules in rule_sets(VARIANTS[args.variant]):
        if rules.passes not in args.passes or rules.overlap not in overlaps:
            continue
        times: dict[str, dict[str, list[float]]] = {name: {} for name in names}
        for number in numbers:
            shift = number % len(names)
            verdicts = set()
            for name in names[shift:] + names[:shift]:
                state = State.from_deal(number, rules)
                began = time.thread_time()
                result = Search(state, schedule=schedule_of(name, rules, args.fronts_after)).run()
                spent = 1000 * (time.thread_time() - began)
                times[name].setdefault(result.verdict.value, []).append(spent)
                verdicts.add(result.verdict)
            if len(verdicts) > 1:
                differ += 1
                print(f"  deal {number}: verdicts differ {verdicts}")
        print(f"{rules!s} deals {args.list or args.deals}", flush=True)
        for name in names:
            every = [t for group in times[name].values() for t in group]
            by_verdict = "  ".join(
                f"{verdict} n={len(group)} mean {statistics.mean(group):6.1f}"
                for verdict, group in sorted(times[name].items())
            )
            print(
                f"  head start {name:>5}: cpu ms mean {statistics.mean(every):6.1f}  median "
                f"{statistics.median(every):6.1f}  p99 {at(every, 0.99):6.0f}  max {max(every):6.0f}   "
                f"{by_verdict}",
                flush=True,
            )
    print(f"verdicts differ on {differ} deals")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
