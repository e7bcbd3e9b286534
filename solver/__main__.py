"""Command line (SPEC §6)::

    python -m solver [--passes 1|3] [--overlap|--no-overlap] [--budget-ms MS]
    python -m solver analyse [--budget-ms MS]

The first reads deal-text lines on standard input and prints one JSON object per deal:
``{"verdict": "solvable"|"unsolvable"|"unknown", "moves": [...], "nodes": N, "ms": T}``.

``analyse`` reads one position per line (``rules.parse_position`` text with ``;`` between
sections, ``unseen:`` listing the stock cards never face up) and prints the answer the game
gives to «¿Aún se gana?» and «Pista»: ``{"verdict": "winnable"|"lost"|"unknown", "win_share":
0.0–1.0 or null, "exact": bool, "hint": "P21+P27" or null, "cut_short": bool, "nodes": N,
"ms": T}``. It never reads the order of the unseen cards. With ``--budget-ms`` an answer not
finished in time is the cut-short one (``cut_short: true``, never a claim of a loss).

A malformed line gets ``{"error": "...", "line": N}`` naming the problem, and the run goes on.
Blank lines and lines starting with ``#`` are skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import NoReturn, TextIO

from rules.cli import run_command
from rules.errors import NotationError
from rules.state import RuleSet, State, parse_position_unseen
from solver.analysis import Analysis
from solver.search import solve

ANALYSE_USAGE = "python -m solver analyse [--budget-ms MS]"


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


def parse_analyse_args(argv: list[str]) -> argparse.Namespace:
    parser = _AnalyseParser(prog="python -m solver analyse", description="Analyse positions read from stdin.")
    parser.add_argument("--budget-ms", type=_budget, default=None)
    return parser.parse_args(argv)


class _AnalyseParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (usage: {ANALYSE_USAGE})\n")


def analyse_line(text: str, budget_ms: float | None) -> dict[str, object]:
    """The game's answer for one position line, as the JSON object the CLI prints."""
    state, unseen = parse_position_unseen(text)
    began = time.perf_counter()
    analysis = Analysis(state, state.stock & ~unseen)
    while not analysis.step(512):
        if budget_ms is not None and (time.perf_counter() - began) * 1000 >= budget_ms:
            break
    answer = analysis.partial()
    out = answer.to_json_dict()
    out["ms"] = round((time.perf_counter() - began) * 1000, 1)
    return out


def run_analyse(lines: TextIO, out: TextIO, budget_ms: float | None) -> None:
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            result = analyse_line(text, budget_ms)
        except NotationError as error:
            result = {"error": str(error), "line": number}
        print(json.dumps(result), file=out, flush=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["analyse"]:
        analyse_args = parse_analyse_args(argv[1:])
        run_analyse(sys.stdin, sys.stdout, analyse_args.budget_ms)
        return 0
    args = parse_args(argv)
    run(sys.stdin, sys.stdout, RuleSet(args.passes, args.overlap), args.budget_ms)
    return 0


if __name__ == "__main__":
    run_command(main)
