"""The slowest deals: whole-deal solves over a range of deals under every rule set.

    nice python bench/scan.py --deals 1-20000 --stride 10 --also 4244,10127,5911,6562
    nice python bench/scan.py --deals 1-500 --passes 1          # the 1-pass means
    nice python bench/scan.py --variant apophis --passes 1 --spread 16 --out apophis1.jsonl

Solves each chosen deal (``solver.search.solve``, default backend unless ``--path pure``) and
times it in thread CPU time, so the load of other processes does not count. Deals are taken
from the range every ``--stride``-th (starting at its first), after the ``--also`` deals;
``--spread N`` solves the range in N interleaved rounds, so any first part of a run samples
the whole range; deals go round the rule sets one deal at a time, so a run stopped early has
covered every rule set alike. Prints, per rule set, how many deals, the mean/median/p99/max
CPU time and how many took over ``--limit`` ms; then the ``--top`` slowest solves overall.
``--out FILE`` also writes one JSON line per solve (deal, rules, verdict, nodes, cpu and wall
ms) as it goes, so a long run can be stopped (Ctrl-C) and still be read (``--report FILE``
prints the summary of such a file).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.cli import pass_count  # noqa: E402
from rules.state import RuleSet, State  # noqa: E402
from rules.variant import VARIANTS  # noqa: E402
from solver.layered import PureBackend  # noqa: E402
from solver.search import solve  # noqa: E402


def spread_order(rounds: int) -> list[int]:
    """Offsets 0 .. rounds-1 in an order that halves the gaps each time (0, 4, 2, 6, 1, ... for 8)."""
    order: list[int] = []
    step = 1
    while step < rounds:
        step *= 2
    while step >= 1:
        order += [o for o in range(0, rounds, step) if o not in order]
        step //= 2
    return order


def rules_name(rules: RuleSet) -> str:
    """``passes=1 overlap=on``, with the variant first when it is not the default one."""
    return str(rules)


def at(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def report(rows: list[dict[str, object]], limit: float, top: int) -> int:
    """Print the summary of ``rows``; returns how many solves took over ``limit`` ms."""
    over_all = 0
    names = list(dict.fromkeys(str(row["rules"]) for row in rows))
    for name in names:
        times = sorted(float(str(row["cpu_ms"])) for row in rows if row["rules"] == name)
        over = sum(1 for t in times if t > limit)
        over_all += over
        won = sum(1 for row in rows if row["rules"] == name and row["verdict"] == "solvable")
        print(
            f"{name:<22} deals {len(times):6d}  cpu ms mean {statistics.mean(times):6.1f}  "
            f"median {statistics.median(times):6.1f}  p99 {at(times, 0.99):6.0f}  max {times[-1]:6.0f}  "
            f"over {limit:.0f} ms: {over}  winnable {100 * won / len(times):.1f} %"
        )
    slowest = sorted(rows, key=lambda row: -float(str(row["cpu_ms"])))[:top]
    print(f"slowest {len(slowest)}:")
    for row in slowest:
        print(
            f"  deal {row['deal']:>5}  {row['rules']:<22} {row['verdict']:<10} nodes {row['nodes']:>8}  "
            f"cpu {float(str(row['cpu_ms'])):7.0f} ms  wall {float(str(row['wall_ms'])):7.0f} ms"
        )
    print(f"solves over {limit:.0f} ms CPU: {over_all} of {len(rows)}")
    return over_all


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--deals", default="1-20000", help="range of numbered deals, e.g. 1-20000")
    parser.add_argument("--stride", type=int, default=1, help="take every n-th deal of the range")
    parser.add_argument("--also", default="", help="more deals, comma separated (solved first)")
    parser.add_argument(
        "--spread", type=int, default=1,
        help="solve the range in this many interleaved rounds (1, 1+8, 1+4, ... for 8), so a run "
        "stopped early has sampled the whole range evenly",
    )  # fmt: skip
    parser.add_argument("--passes", type=pass_count, nargs="*", default=[3, 1], metavar="{1,3,unlimited}")
    parser.add_argument("--overlap", choices=("on", "off"), nargs="*", default=["on", "off"])
    parser.add_argument("--path", choices=("numpy", "pure"), default="numpy")
    parser.add_argument("--variant", choices=list(VARIANTS), default="pyramid")
    parser.add_argument("--limit", type=float, default=500.0, help="count solves over this many ms")
    parser.add_argument("--top", type=int, default=15, help="list this many slowest solves")
    parser.add_argument("--out", type=Path, help="write one JSON line per solve here")
    parser.add_argument("--report", type=Path, help="only summarise a file written by --out")
    args = parser.parse_args()
    if args.report:
        lines = args.report.read_text(encoding="utf-8").splitlines()
        report([json.loads(line) for line in lines if line.strip()], args.limit, args.top)
        return 0
    first, _, last = args.deals.partition("-")
    chosen = range(int(first), int(last or first) + 1, args.stride)
    numbers = list(dict.fromkeys(int(n) for n in args.also.split(",") if n.strip()))
    numbers += [n for offset in spread_order(args.spread) for n in chosen[offset :: args.spread]]
    numbers = list(dict.fromkeys(numbers))
    overlaps = {o == "on" for o in args.overlap}
    variant = VARIANTS[args.variant]
    every = [RuleSet(p, o, variant) for p in args.passes for o in (True, False) if o in overlaps]
    chosen_sets = list(dict.fromkeys(every))  # (a variant without a stock has one pass count)
    out = args.out.open("a", encoding="utf-8") if args.out else None
    rows: list[dict[str, object]] = []
    try:
        for number in numbers:
            for rules in chosen_sets:
                state = State.from_deal(number, rules)
                backend = PureBackend() if args.path == "pure" else None
                wall, cpu = time.perf_counter(), time.thread_time()
                result = solve(state, backend=backend)
                cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
                row: dict[str, object] = {
                    "deal": number, "rules": rules_name(rules), "verdict": result.verdict.value,
                    "nodes": result.nodes, "cpu_ms": round(1000 * cpu, 2), "wall_ms": round(1000 * wall, 2),
                }  # fmt: skip
                rows.append(row)
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
    except KeyboardInterrupt:
        print(f"stopped after {len(rows)} solves (last deal {rows[-1]['deal'] if rows else '-'})")
    finally:
        if out:
            out.close()
    if rows:
        report(rows, args.limit, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
