"""Running a command-line ``main`` the same way in every package of ours."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn


def run_command(main: Callable[[list[str]], int]) -> NoReturn:
    """``sys.exit(main(argv))``; when the reader of our output goes away (``| head``), stop
    quietly instead of printing a traceback."""
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
