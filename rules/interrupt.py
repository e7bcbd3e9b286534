"""Ctrl-C (and the game's SIGTERM) while a command starts up.

Python turns Ctrl-C into ``KeyboardInterrupt`` wherever the program happens to be; during
start-up that is inside an import, before :func:`rules.cli.run_command` can catch it, so the
user got a traceback. A command is therefore guarded from the first line of ours that runs
(``rules/__init__.py``, which ``python -m rules``, ``python -m solver`` and ``python main.py``
all import first): until the command's ``main`` starts, SIGINT ends the process at once with the
one line ``PROG: interrupted`` and status 130. Nothing has been done yet, so nothing is lost,
and exiting at once (rather than at a later check) also works while start-up is blocked in a
system call.

The game (``main.py``) is also stopped at once by SIGTERM during start-up, quietly with status
0 as when its window is closed (SDL would otherwise turn SIGTERM into a window event that
start-up throws away). Once the game is built it takes both signals over itself, to save
before it exits (see ``main.py``). The other commands keep SIGTERM's default.

Importing this module guards the command being started, if any (:func:`guard_command_start`):
``rules/__init__.py`` imports it first. Stdlib only: it must cost nothing.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType

EXIT_INTERRUPTED = 130
"""128 + SIGINT: a command stopped by Ctrl-C."""

GAME = "main.py"


def command_starting() -> str | None:
    """The name of the command this process is starting, or None when ours is not the program
    being started (the tests, a tool, the browser build importing the package):

    * ``python -m NAME …``: Python sets ``sys.argv[0]`` to ``"-m"`` while it imports the
      package it is about to run, and only then;
    * ``python main.py``: the program being run is our ``main.py``.
    """
    if sys.platform == "emscripten":  # the browser has no signals, and no command line
        return None
    if sys.argv[:1] == ["-m"]:
        return f"python -m {_module_run()}"
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if isinstance(path, str) and os.path.basename(path) == GAME:
        return GAME
    return None


def _module_run() -> str:
    """``NAME`` of ``python [options] -m NAME``: the package's top name."""
    args = sys.orig_argv[1:]
    for index, arg in enumerate(args):
        if arg == "-m" and index + 1 < len(args):
            return args[index + 1].split(".")[0]
        if arg.startswith("-m") and len(arg) > 2:
            return arg[2:].split(".")[0]
    return "rules"


def guard_command_start() -> None:
    """Guard the start-up of the command being started, if any (:func:`command_starting`).
    Leaves a signal someone else handles or ignores alone: a game started with SIGINT ignored
    (``main.py &`` from a script) still ends at once on SIGTERM, and keeps ignoring Ctrl-C."""
    prog = command_starting()
    if prog is None:
        return
    interrupt = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    term = prog == GAME and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    if interrupt or term:
        guard_start_up(prog, quiet=(signal.SIGTERM,) if term else (), interrupt=interrupt)


class _StartUpGuard:
    """The handler: one line (unless ``quiet``) and an immediate exit."""

    def __init__(self, prog: str, quiet: frozenset[int]) -> None:
        self.prog = prog
        self.quiet = quiet

    def __call__(self, number: int, frame: FrameType | None) -> None:
        if number in self.quiet:
            os._exit(0)
        _say(f"{self.prog}: interrupted\n")
        os._exit(EXIT_INTERRUPTED)


def guard_start_up(prog: str, quiet: tuple[signal.Signals, ...] = (), interrupt: bool = True) -> None:
    """From now until :func:`end_start_up` (or until the game takes the signals over), SIGINT
    (when ``interrupt``) ends the process at once with «PROG: interrupted» and status 130, and
    each signal of ``quiet`` ends it at once with status 0 and nothing said."""
    guard = _StartUpGuard(prog, frozenset(int(number) for number in quiet))
    if interrupt:
        signal.signal(signal.SIGINT, guard)
    for number in guard.quiet:
        signal.signal(number, guard)


def end_start_up() -> None:
    """The command's ``main`` begins: from here Ctrl-C is a ``KeyboardInterrupt`` again, which
    :func:`rules.cli.run_command` turns into the same line and status (after ``finally``
    blocks have run). Does nothing if the start-up was not guarded."""
    if isinstance(signal.getsignal(signal.SIGINT), _StartUpGuard):
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _say(text: str) -> None:
    """Write ``text`` straight to descriptor 2 (a handler must not use Python's buffered
    stderr, which the interrupted code may be in the middle of); a stderr that cannot be
    written changes nothing."""
    with contextlib.suppress(OSError):
        os.write(2, text.encode("utf-8", "replace"))


guard_command_start()
