"""Command line (SPEC §6)::

    python -m solver [--passes 1|3] [--overlap|--no-overlap] [--budget-ms MS]

Reads deal-text lines on standard input and prints one JSON object per deal:
``{"verdict": "solvable"|"unsolvable"|"unknown", "moves": [...], "nodes": N, "ms": T}``.
A malformed line gets ``{"error": "...", "line": N}`` naming the problem, and the run goes on.
Blank lines and lines starting with ``#`` are skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn, TextIO

from rules.cli import run_command
from rules.errors import NotationError
from rules.state import RuleSet, State
from solver.search import solve


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(
            2,
            f"error: {message} (usage: python -m solver [--passes 1|3] "
            "[--overlap|--no-overlap] [--budget-ms MS])\n",
        )


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of milliseconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("the budget must be more than 0 ms")
    return value


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = _Parser(prog="python -m solver", description="Decide Pyramid deals read from stdin.")
    parser.add_argument("--passes", type=int, choices=(1, 3), default=3)
    parser.add_argument("--overlap", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--budget-ms", type=_budget, default=None)
    return parser.parse_args(argv)


def run(lines: TextIO, out: TextIO, rules: RuleSet, budget_ms: float | None) -> None:
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            state = State.from_deal_text(text, rules)
        except NotationError as error:
            print(json.dumps({"error": str(error), "line": number}), file=out, flush=True)
            continue
        result = solve(state, budget_ms=budget_ms)
        print(json.dumps(result.to_json_dict()), file=out, flush=True)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    run(sys.stdin, sys.stdout, RuleSet(args.passes, args.overlap), args.budget_ms)
    return 0


if __name__ == "__main__":
    run_command(main)
