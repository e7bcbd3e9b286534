"""``python main.py``: its options, and one line (exit status 2) for a bad one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from main import overrides, parse_args

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--deal", "0"], "between 1 and 20000"),
        (["--deal", "abc"], "whole number"),
        (["--passes", "2"], "invalid choice"),
        (["--lang", "fr"], "invalid choice"),
        (["--bogus"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(argv: list[str], needle: str) -> None:
    result = subprocess.run(
        [sys.executable, "main.py", *argv], capture_output=True, text=True, cwd=ROOT, timeout=60, check=False
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_options_are_read() -> None:
    args = parse_args(["--deal", "77", "--passes", "1", "--classic", "--fullscreen", "--lang", "en"])
    assert (args.deal, args.passes, args.classic, args.fullscreen, args.lang) == (77, 1, True, True, "en")
    assert overrides(args) == {"passes": 1, "lang": "en", "overlap": False}
    assert parse_args(["--data-dir", "saves"]).data_dir == Path("saves")
    default = parse_args([])  # without options the saved settings (or the defaults) decide
    assert (default.deal, default.passes, default.classic, default.fullscreen, default.lang) == (
        None,
        None,
        False,
        False,
        None,
    )
    assert overrides(default) == {} and default.data_dir is None
