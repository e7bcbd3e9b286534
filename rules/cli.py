"""Running a command-line ``main`` the same way in every program of ours.

Every command (``python main.py``, ``python -m rules``, ``python -m solver``) ends with one of
these exit statuses, and anything that stops it early is one line on standard error, never a
traceback:

====  ==============================================================================
0     done
1     the run failed: the output cannot be written (a full disk, a closed standard output),
      the input cannot be read, a file the program needs is missing or unreadable,
      the game window cannot open
2     a bad command line or a bad number (the line says which)
130   interrupted with Ctrl-C (128 + SIGINT)
====  ==============================================================================

A reader that goes away early (``python -m rules deal 5 | head -c 1``) is not an error of
ours: the program stops quietly with status 1.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn, TextIO, cast

from rules.interrupt import EXIT_INTERRUPTED, end_start_up
from rules.numbers import NumberTextError, cut_long_words, decimal_number_text, shown, whole_number_text
from rules.variant import UNLIMITED, VARIANTS, Variant

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2

class CommandError(Exception):
    """The run cannot go on (a file it needs is missing or unreadable): one line, exit status 1."""


class OutputError(Exception):
    """Standard output cannot be written: a full disk, a closed descriptor, an I/O error."""


class Parser(argparse.ArgumentParser):
    """``argparse`` with our conventions: options are never abbreviated (``--pass`` is not
    ``--passes``), ``--help`` prints the usage and exits 0, a mistake is one line and status 2."""

    def __init__(self, prog: str, description: str, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False  # also for the parsers of subcommands, which argparse builds
        super().__init__(prog=prog, description=description, **kwargs)

    def error(self, message: str) -> NoReturn:
        """One line, whose quoted arguments are cut short (argparse quotes them whole)."""
        self.exit(EXIT_USAGE, f"{self.prog}: {cut_long_words(message)} (try --help)\n")


def whole_number(text: str) -> int:
    """An ``argparse`` type: a whole number written with the ASCII digits 0-9 only
    (:func:`rules.numbers.whole_number_text`)."""
    try:
        return whole_number_text(text)
    except NumberTextError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def decimal_number(text: str) -> float:
    """An ``argparse`` type: a number written with the ASCII digits 0-9 and at most one
    decimal point (:func:`rules.numbers.decimal_number_text`)."""
    try:
        return decimal_number_text(text)
    except NumberTextError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def pass_count(text: str) -> int:
    """An ``argparse`` type: ``1``, ``3`` or ``unlimited`` in any case (:data:`rules.variant.UNLIMITED`)."""
    if text.strip().lower() == "unlimited":
        return UNLIMITED
    try:
        count = whole_number_text(text)
    except NumberTextError as error:
        raise argparse.ArgumentTypeError(f"{error} (a pass count is 1, 3 or unlimited)") from None
    if count not in {1, 3}:
        raise argparse.ArgumentTypeError(f"{count} is not a pass count (1, 3 or unlimited)")
    return count


def add_variant_option(parser: argparse.ArgumentParser) -> None:
    """``--variant NAME``: one of the registered variants (:data:`rules.variant.VARIANTS`, so a
    variant appears here once the rules play it), default ``pyramid``; the value is a
    :class:`~rules.variant.Variant`."""
    parser.add_argument(
        "--variant",
        type=variant_named,
        default=VARIANTS["pyramid"],
        metavar="{" + ",".join(VARIANTS) + "}",
        help="the variant to play (default pyramid)",
    )


def variant_named(text: str) -> Variant:
    """An ``argparse`` type: the registered variant called ``text``."""
    found = VARIANTS.get(text)
    if found is None:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a variant (one of {', '.join(VARIANTS)})")
    return found


class GuardedOutput(io.TextIOBase):
    """Standard output that turns a failed write into :class:`OutputError`, so the program can
    say so in one line. A reader that went away stays :class:`BrokenPipeError`."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def fileno(self) -> int:
        return self._open_stream().fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._stream.encoding if self._stream is not None else "utf-8"

    def write(self, text: str) -> int:
        stream = self._open_stream()
        try:
            return stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(error.strerror or str(error)) from None

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(error.strerror or str(error)) from None

    def close(self) -> None:
        """Closing the guard never closes the real standard output."""

    def _open_stream(self) -> TextIO:
        if self._stream is None:  # Python found no descriptor 1 at start: ``>&-``
            raise OutputError("standard output is closed")
        return self._stream


class QuietErrors(io.TextIOBase):
    """Standard error that never fails the program: when it cannot be written (``2>/dev/full``,
    an I/O error) the line is lost, but the exit status stays the one the program meant (a bad
    command line is still 2, not 1 for a failed write). Closed (``2>&-``), it takes the lines
    too, which Python's ``print(file=None)`` would otherwise send to standard output."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._stream.encoding if self._stream is not None else "utf-8"

    def write(self, text: str) -> int:
        if self._stream is not None:
            try:
                self._stream.write(text)
                self._stream.flush()
            except OSError:  # nothing more can be said: drop it, and what is still buffered
                _silence(self._stream)
                self._stream = None
        return len(text)

    def flush(self) -> None:
        if self._stream is not None:
            with contextlib.suppress(OSError):
                self._stream.flush()

    def close(self) -> None:
        """Closing the guard never closes the real standard error."""


def _exit_status(code: object) -> int:
    """The status a ``SystemExit`` carries (argparse raises it for ``--help`` and mistakes)."""
    if code is None:
        return EXIT_OK
    return code if isinstance(code, int) else EXIT_FAILURE


def _silence(stream: TextIO | None) -> None:
    """Point ``stream``'s descriptor (1 or 2) at the null device, so what is still buffered
    (which cannot be written) is dropped at exit instead of failing a second time."""
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):  # no descriptor: nothing will be flushed to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


def run_command(main: Callable[[list[str]], int], prog: str, *, own_signals: bool = False) -> NoReturn:
    """``sys.exit(main(argv))`` with the exit statuses above: whatever stops ``main`` early is one
    line on standard error naming ``prog``. A :class:`CommandError` raised by ``main`` is printed
    the same way, with status 1. Ctrl-C before ``main`` starts is :mod:`rules.interrupt`'s; from
    there it is a ``KeyboardInterrupt`` caught here, unless ``own_signals``: then the start-up
    guard stays until ``main`` takes the signals over (the game, which saves before it exits)."""
    original, original_errors = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, GuardedOutput(original))
    sys.stderr = cast(TextIO, QuietErrors(original_errors))
    try:
        try:
            if not own_signals:
                end_start_up()
            status = main(sys.argv[1:])
        except SystemExit as stop:
            status = _exit_status(stop.code)
        sys.stdout.flush()  # write what is buffered now, while a failure can still be reported
    except BrokenPipeError:
        _silence(original)
        status = EXIT_FAILURE
    except OutputError as error:
        print(f"{prog}: cannot write the output: {error}", file=sys.stderr)
        _silence(original)
        status = EXIT_FAILURE
    except CommandError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        status = EXIT_FAILURE
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        status = EXIT_INTERRUPTED
    finally:
        sys.stdout = original
    sys.exit(status)
