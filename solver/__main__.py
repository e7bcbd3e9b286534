"""Command line (SPEC §6)::

    python -m solver [--passes 1|3] [--overlap|--no-overlap] [--budget-ms MS]

Reads deal-text lines on standard input and prints one JSON object per deal:
``{"verdict": "solvable"|"unsolvable"|"unknown", "moves": [...], "nodes": N, "ms": T}``.
A malformed line gets ``{"error": "...", "line": N}`` naming the problem, and the run goes on.
Blank lines and lines starting with ``#`` are skipped. Lines may end in LF, CRLF or CR, and a
byte-order mark before a line is ignored. Exit statuses are those of :mod:`rules.cli`.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

from rules.cli import EXIT_OK, CommandError, Parser, run_command, whole_number
from rules.deals import BOM, shown
from rules.errors import NotationError
from rules.state import RuleSet, State
from solver.search import solve

PROG = "python -m solver"


def _budget(text: str) -> float:
    """Milliseconds written with the ASCII digits 0-9 and at most one decimal point (``250``, ``0.5``)."""
    if not re.fullmatch(r"[0-9]+(\.[0-9]*)?|\.[0-9]+", text):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of milliseconds (digits 0-9)")
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError("the budget must be more than 0 ms")
    return value


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser(PROG, "Decide Pyramid deals read from stdin, one deal-text line each.")
    parser.add_argument(
        "--passes", type=whole_number, choices=(1, 3), default=3, help="passes through the stock"
    )
    parser.add_argument(
        "--overlap",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the overlap rule (on by default)",
    )
    parser.add_argument(
        "--budget-ms", type=_budget, default=None, metavar="MS", help="give up (verdict unknown) after MS"
    )
    return parser.parse_args(argv)


def input_lines(stream: TextIO | None) -> Iterator[str]:
    """The lines of standard input, read as UTF-8 and ending in LF, CRLF or CR alike (a bad byte
    spoils only its own line, which is then reported). A closed standard input (``<&-``) or one
    that cannot be read (a directory) is a :class:`CommandError`."""
    if stream is None:
        raise CommandError("standard input is closed: give the deals on standard input")
    reader = io.TextIOWrapper(stream.buffer, encoding="utf-8", errors="replace", newline=None)
    try:
        yield from reader
    except OSError as error:
        raise CommandError(f"cannot read standard input: {error.strerror or error}") from None


def run(lines: Iterable[str], out: TextIO, rules: RuleSet, budget_ms: float | None) -> None:
    for number, line in enumerate(lines, start=1):
        text = line.strip().removeprefix(BOM).strip()
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
    run(input_lines(sys.stdin), sys.stdout, RuleSet(args.passes, args.overlap), args.budget_ms)
    return EXIT_OK


if __name__ == "__main__":
    run_command(main, PROG)
