"""What every command of ours does at its edges (:mod:`rules.cli`): ``--help``, options written
wrong, output that cannot be written, closed standard streams, Ctrl-C. Real processes."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest
from commands import ROOT, interrupt, one_line, run

from rules.cli import whole_number
from rules.deals import deal_cards, format_deal_text

DEAL_5 = format_deal_text(deal_cards(5)) + "\n"

HELPS = [
    ["main.py", "--help"],
    ["-m", "rules", "--help"],
    ["-m", "rules", "deal", "--help"],
    ["-m", "rules", "label", "-h"],
    ["-m", "solver", "--help"],
]


@pytest.mark.parametrize("args", HELPS, ids=" ".join)
def test_help_prints_the_usage_and_exits_0(args: list[str]) -> None:
    result = run(args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: ") and result.stderr == ""


@pytest.mark.parametrize(
    "args",
    [
        ["-m", "solver", "--pass", "1"],
        ["-m", "solver", "--budget", "50"],
        ["-m", "solver", "--no-over"],
        ["main.py", "--pass", "1"],
        ["main.py", "--full"],
        ["main.py", "--de", "5"],
    ],
    ids=" ".join,
)
def test_abbreviated_options_are_refused(args: list[str]) -> None:
    one_line(run(args), 2, "unrecognized arguments")


@pytest.mark.parametrize(
    "args",
    [
        ["-m", "solver", "--passes", "٣"],
        ["-m", "solver", "--budget-ms", "٣"],
        ["-m", "solver", "--budget-ms", "1e3"],
        ["main.py", "--passes", "٣"],
        ["main.py", "--passes", "３"],
        ["main.py", "--deal", "٣"],
        ["-m", "rules", "deal", "٣"],
        ["-m", "rules", "label", "٣"],
        ["main.py", "--kiosk", "--idle-seconds", "٣٠"],
        ["main.py", "--kiosk", "--idle-seconds", "3e1"],
        ["main.py", "--kiosk", "--target-mm", "1_0"],
        ["main.py", "--kiosk", "--target-mm", "２０"],
        ["main.py", "--kiosk", "--target-mm", " 20"],
    ],
    ids=" ".join,
)
def test_only_ascii_digits_make_a_number(args: list[str]) -> None:
    digits = "--budget-ms" in args or "--passes" in args or "--kiosk" in args
    one_line(run(args), 2, "0-9" if digits else "whole number")


HUGE = "x" * 100_000
"""A token as long as a command line allows (Linux takes at most 128 KiB in one argument)."""


@pytest.mark.parametrize(
    "args",
    [
        ["main.py", "--lang", HUGE],
        ["main.py", "--variant", HUGE],
        ["main.py", HUGE],
        ["main.py", "--deal", HUGE],
        ["main.py", "--kiosk", "--idle-seconds", HUGE],
        ["main.py", "--kiosk", "--target-mm", "9" * 100_000],
        ["-m", "rules", HUGE],
        ["-m", "rules", "deal", "5", HUGE],
        ["-m", "rules", "label", "5", "--variant", HUGE],
        ["-m", "solver", HUGE],
        ["-m", "solver", "--passes", HUGE],
        ["-m", "solver", "analyse", HUGE],
    ],
    ids=lambda args: " ".join(arg if len(arg) < 20 else "HUGE" for arg in args),
)
def test_a_huge_token_is_cut_short_in_the_error_line(args: list[str]) -> None:
    line = one_line(run(args), 2)
    assert len(line) < 300 and ("…" in line or "-digit number is too large" in line), line[:400]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["main.py", "--bogus"],
        ["main.py", "--deal", "0"],
        ["main.py", "--kiosk", "--idle-seconds", "soon"],
        ["-m", "rules", "deal", "0"],
        ["-m", "rules", "label", "20001"],
        ["-m", "rules", "bogus"],
        ["-m", "solver", "--passes", "2"],
        ["-m", "solver", "analyse", "--budget-ms", "0"],
    ],
    ids=" ".join,
)
def test_a_usage_error_is_status_2_even_when_stderr_cannot_be_written(args: list[str]) -> None:
    result = run(args, shell_tail="2>/dev/full")
    assert (result.returncode, result.stdout) == (2, "")


LONG = "x" * 100_000
"""About the longest one argument may be (Linux: 128 KiB)."""


@pytest.mark.parametrize(
    "args",
    [
        ["-m", "solver", LONG],
        ["-m", "solver", "--" + LONG],
        ["-m", "solver", "--variant", LONG],
        ["-m", "solver", "--passes", "9" * 100_000],
        ["-m", "solver", "analyse", "--budget-ms", LONG],
        ["-m", "rules", LONG],
        ["-m", "rules", "deal", LONG],
        ["main.py", LONG],
    ],
    ids=lambda args: " ".join(a if len(a) < 20 else "LONG" for a in args),
)
def test_a_huge_argument_is_quoted_cut_short(args: list[str]) -> None:
    """Issue 23.7: an error line never quotes a huge token whole (argparse's own messages
    included: «unrecognized arguments», «invalid choice»)."""
    line = one_line(run(args), 2)
    assert len(line) < 300, line[:300]


def test_whole_number_type() -> None:
    assert whole_number("3") == 3 and whole_number("007") == 7
    for bad in ("٣", "-1", "+1", " 1", "1.0", "", "1" * 5000):
        with pytest.raises(argparse.ArgumentTypeError):
            whole_number(bad)


OUTPUTS = [
    (["-m", "rules", "deal", "5"], ""),
    (["-m", "rules", "label", "5"], ""),
    (["-m", "solver", "--budget-ms", "2000"], DEAL_5),
    (["-m", "rules", "--help"], ""),
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(("args", "stdin"), OUTPUTS, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_a_full_disk_is_one_line_and_status_1(args: list[str], stdin: str) -> None:
    result = run(args, input=stdin, shell_tail=">/dev/full")
    one_line(result, 1, "cannot write the output", "No space left on device")


@pytest.mark.parametrize(("args", "stdin"), OUTPUTS, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_a_closed_standard_output_is_one_line_and_status_1(args: list[str], stdin: str) -> None:
    result = run(args, input=stdin, shell_tail=">&-")
    one_line(result, 1, "cannot write the output", "standard output is closed")


def test_the_solver_with_stdin_closed_says_so() -> None:
    one_line(run(["-m", "solver"], input=None, shell_tail="<&-"), 1, "standard input is closed")


def test_empty_input_is_not_an_error() -> None:
    """Empty input is not an error: no deals, no output, status 0."""
    result = run(["-m", "solver"], input="")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_a_reader_that_goes_away_stops_the_solver_quietly() -> None:
    solver = subprocess.Popen(
        [sys.executable, "-m", "solver", "--budget-ms", "2000"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert solver.stdin is not None and solver.stdout is not None and solver.stderr is not None
    solver.stdin.write(DEAL_5.encode())
    solver.stdin.flush()
    assert b'"verdict"' in solver.stdout.readline()
    solver.stdout.close()  # the reader goes away (``| head -1``)
    solver.stdin.write(DEAL_5.encode() * 3)
    solver.stdin.close()
    assert solver.wait(timeout=120) == 1
    assert solver.stderr.read() == b""


def test_ctrl_c_stops_the_solver_with_one_line_and_status_130() -> None:
    solver = subprocess.Popen(
        [sys.executable, "-m", "solver", "--budget-ms", "2000"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert solver.stdin is not None and solver.stdout is not None
    solver.stdin.write(DEAL_5.encode())
    solver.stdin.flush()
    assert b'"verdict"' in solver.stdout.readline()  # running, waiting for the next line
    one_line(interrupt(solver), 130, "python -m solver: interrupted")
