"""Numbers a person writes as text (command lines, position text, options), and text quoted back.

Only the ASCII digits 0-9 make a number: no sign, space, underscore (``1_0``, which Python's
``int`` takes) or digit of another script (``٣٠``, which ``int`` and ``float`` take too). A
number too long to mean anything is refused by its length, before ``int`` (which refuses
4,300 digits and more with an error of its own). An error names the text it refuses through
:func:`shown`, cut short, so one bad token of any size stays one short line.
"""

from __future__ import annotations

import re

MAX_DIGITS = 18
"""Longer numbers are refused as too large (every number we read is far smaller)."""
SHOWN_LIMIT = 24
"""Characters of a refused token quoted in an error line."""

_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
_LONG_WORD = re.compile(rf"\S{{{2 * SHOWN_LIMIT + 1},}}")


class NumberTextError(ValueError):
    """Text that is not a number as we read them; the message says why in one short line."""


def shown(text: str, limit: int = SHOWN_LIMIT) -> str:
    """``text`` quoted for an error message, cut short so one bad argument stays one short line."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text)} characters)"


def cut_long_words(text: str) -> str:
    """``text`` (a message written by others: argparse's) with every word longer than twice
    :data:`SHOWN_LIMIT` characters cut as :func:`shown` cuts a token."""
    return _LONG_WORD.sub(lambda word: f"{word[0][:SHOWN_LIMIT]}… ({len(word[0])} characters)", text)


def is_ascii_number(text: str) -> bool:
    """``text`` is one or more of the digits 0-9 and nothing else (no sign, space or other script)."""
    return text.isascii() and text.isdigit()


def whole_number_text(text: str, max_digits: int = MAX_DIGITS) -> int:
    """The whole number ``text`` writes with the digits 0-9 only (leading zeros allowed).
    :class:`NumberTextError` when it is anything else, or has more than ``max_digits``
    digits after its leading zeros."""
    if not is_ascii_number(text):
        raise NumberTextError(f"{shown(text)} is not a whole number written with the digits 0-9")
    digits = text.lstrip("0") or "0"
    if len(digits) > max_digits:
        raise NumberTextError(f"a {len(digits)}-digit number is too large")
    return int(digits)


def decimal_number_text(text: str, max_digits: int = MAX_DIGITS) -> float:
    """The number ``text`` writes with the digits 0-9 and at most one decimal point (``30``,
    ``0.5``, ``.5``, ``10.``). :class:`NumberTextError` when it is anything else (a sign, an
    exponent, ``inf``, ``nan``, another script's digits, an underscore), or has more than
    ``max_digits`` digits before the point (after its leading zeros)."""
    if not text.isascii() or not _DECIMAL.fullmatch(text):
        raise NumberTextError(f"{shown(text)} is not a number written with the digits 0-9 (and one '.')")
    whole = text.partition(".")[0].lstrip("0")
    if len(whole) > max_digits:
        raise NumberTextError(f"a {len(whole)}-digit number is too large")
    return float(text)
