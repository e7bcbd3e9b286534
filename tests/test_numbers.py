"""Numbers written as text (:mod:`rules.numbers`): the digits 0-9 only, any length refused in
one short line."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest

from rules.cli import decimal_number, whole_number
from rules.numbers import NumberTextError, cut_long_words, decimal_number_text, shown, whole_number_text

OTHER_SCRIPTS = ("٣٠", "３", "१०", "𝟓")
"""Arabic-Indic, fullwidth, Devanagari and mathematical digits: ``int`` takes them all."""


def test_whole_numbers_are_the_digits_0_to_9() -> None:
    assert whole_number_text("3") == 3 and whole_number_text("007") == 7 and whole_number_text("0") == 0
    assert whole_number_text("0" * 5000 + "12") == 12  # leading zeros are not digits that count
    for bad in (*OTHER_SCRIPTS, "1_0", "-1", "+1", " 1", "1 ", "1.0", "", "0x1", "1e3"):
        with pytest.raises(NumberTextError, match="digits 0-9"):
            whole_number_text(bad)


def test_decimals_are_the_digits_0_to_9_and_one_point() -> None:
    good = ("30", "0.5", ".5", "10.", "007.25")
    assert [decimal_number_text(t) for t in good] == [30, 0.5, 0.5, 10, 7.25]
    bad_ones = ("1_0", "1_0.5", "-1", "+1", " 1", "1e3", "inf", "nan", ".", "", "1.2.3", "٣.5")
    for bad in (*OTHER_SCRIPTS, *bad_ones):
        with pytest.raises(NumberTextError, match="digits 0-9"):
            decimal_number_text(bad)


@pytest.mark.parametrize("parse", [whole_number_text, decimal_number_text])
def test_a_number_too_long_is_refused_by_its_length_before_int(parse: Callable[[str], float]) -> None:
    with pytest.raises(NumberTextError, match=r"^a 19-digit number is too large$"):
        parse("1" * 19)
    with pytest.raises(NumberTextError, match=r"^a 100000-digit number is too large$"):
        parse("9" * 100_000)  # int() itself stops at 4,300 digits with a ValueError of its own


def test_a_refused_token_of_any_size_is_quoted_short() -> None:
    huge = "x" * 100_000_000
    with pytest.raises(NumberTextError) as refused:
        whole_number_text(huge)
    assert len(str(refused.value)) < 120 and "… (100000000 characters)" in str(refused.value)
    assert shown("short") == "'short'"
    assert shown("abcdefghijklmnopqrstuvwxyz") == "'abcdefghijklmnopqrstuvwx'… (26 characters)"


def test_the_command_line_types_refuse_in_argparse_terms() -> None:
    assert whole_number("12") == 12 and decimal_number("2.5") == 2.5
    for parse, bad in ((whole_number, "1_0"), (decimal_number, "٣٠"), (decimal_number, "1" * 5000)):
        with pytest.raises(argparse.ArgumentTypeError):
            parse(bad)


def test_long_words_of_a_message_are_cut_short() -> None:
    message = "unrecognized arguments: " + "x" * 100_000 + " --fast"
    assert cut_long_words(message) == "unrecognized arguments: " + "x" * 24 + "… (100000 characters) --fast"
    assert cut_long_words("a" * 48 + " b") == "a" * 48 + " b"  # up to twice the quoted length stays whole
