"""Command line (SPEC §6)::

    python -m solver [--variant V] [--passes 1|3|unlimited] [--overlap|--no-overlap] [--budget-ms MS]
    python -m solver analyse [--variant V] [--budget-ms MS]

``--variant`` is one of the registered variants (``pyramid``, the default, ``strict``,
``spanish``…; see :mod:`rules.variant`). The first reads deal-text lines on standard input (48
Spanish cards for ``spanish``) and prints one JSON object per deal:
``{"verdict": "solvable"|"unsolvable"|"unknown", "moves": [...], "nodes": N, "ms": T}``.

``analyse`` reads one position per line (``rules.parse_position`` text with ``;`` between
sections, ``unseen:`` listing the stock cards never face up, ``variant:`` naming the variant
when it is not the one given by ``--variant``) and prints the answer the game
gives to «¿Aún se gana?» and «Pista»: ``{"verdict": "winnable"|"lost"|"unknown", "win_share":
0.0–1.0 or null, "exact": bool, "orders_tried": N, "undecided": N, "hint": "P21+P27" or null,
"cut_short": bool, "nodes": N, "ms": T}``: ``win_share`` is the share of the orders tried that
were proven to win (an undecided order never counts as a win), ``exact`` only when every
possible order was tried and decided. It never reads the order of the unseen cards. With
``--budget-ms`` an answer not finished in time is the cut-short one (``cut_short: true``,
never a claim of a loss).

A malformed line gets ``{"error": "...", "line": N}`` naming the problem, and the run goes on.
Blank lines and lines starting with ``#`` are skipped. Lines may end in LF, CRLF or CR, and a
byte-order mark before a line is ignored. Exit statuses are those of :mod:`rules.cli`.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Iterable, Iterator
from typing import TextIO

from rules.cli import (
    EXIT_OK,
    CommandError,
    Parser,
    add_variant_option,
    decimal_number,
    pass_count,
    run_command,
)
from rules.deals import BOM
from rules.errors import NotationError
from rules.state import RuleSet, State, parse_position_unseen
from solver.analysis import Analysis
from solver.search import solve

PROG = "python -m solver"
ANALYSE_PROG = "python -m solver analyse"


def _budget(text: str) -> float:
    """Milliseconds written with the ASCII digits 0-9 and at most one decimal point (``250``, ``0.5``)."""
    value = decimal_number(text)
    if not value > 0:
        raise argparse.ArgumentTypeError("the budget must be more than 0 ms")
    return value


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser(PROG, "Decide Pyramid deals read from stdin, one deal-text line each.")
    add_variant_option(parser)
    parser.add_argument(
        "--passes", type=pass_count, default=3, metavar="{1,3,unlimited}", help="passes through the stock"
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


def parse_analyse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser(ANALYSE_PROG, "Answer «¿Aún se gana?» and «Pista» for positions read from stdin.")
    add_variant_option(parser)
    parser.add_argument(
        "--budget-ms", type=_budget, default=None, metavar="MS", help="answer cut short after MS"
    )
    return parser.parse_args(argv)


def analyse_line(text: str, budget_ms: float | None, rules: RuleSet | None = None) -> dict[str, object]:
    """The game's answer for one position line, as the JSON object the CLI prints. ``rules``
    gives the defaults of the sections the line leaves out (the variant, passes, overlap)."""
    state, unseen = parse_position_unseen(text, rules)
    began = time.perf_counter()
    analysis = Analysis(state, state.stock & ~unseen)
    while not analysis.step(512):
        if budget_ms is not None and (time.perf_counter() - began) * 1000 >= budget_ms:
            break
    out = analysis.partial().to_json_dict()
    out["ms"] = round((time.perf_counter() - began) * 1000, 1)
    return out


def run_analyse(
    lines: Iterable[str], out: TextIO, budget_ms: float | None, rules: RuleSet | None = None
) -> None:
    for number, line in enumerate(lines, start=1):
        text = line.strip().removeprefix(BOM).strip()
        if not text or text.startswith("#"):
            continue
        try:
            result = analyse_line(text, budget_ms, rules)
        except NotationError as error:
            result = {"error": str(error), "line": number}
        print(json.dumps(result), file=out, flush=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["analyse"]:
        analyse_args = parse_analyse_args(argv[1:])
        rules = RuleSet(variant=analyse_args.variant)
        run_analyse(input_lines(sys.stdin), sys.stdout, analyse_args.budget_ms, rules)
        return EXIT_OK
    args = parse_args(argv)
    run(input_lines(sys.stdin), sys.stdout, RuleSet(args.passes, args.overlap, args.variant), args.budget_ms)
    return EXIT_OK


if __name__ == "__main__":
    run_command(main, PROG)
