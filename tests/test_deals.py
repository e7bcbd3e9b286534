from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import DECK
from rules.deals import (
    LAST_DEAL,
    check_deal_number,
    deal_cards,
    format_deal_text,
    parse_deal_number,
    parse_deal_text,
    splitmix64,
)
from rules.errors import DealNumberError, NotationError

# Pinned test vectors. If one of these changes, every shared deal number and the label
# table change with it: do not "update" them, find what broke the shuffle.
VECTORS = {
    1: "7h 9s 4h 8d 8h 5c Jh 6h 9c Js 5h Kh 3s 2h Jd 5d 7d 4d 2s Ah 6c Ks Kd Td Tc Jc Th 8c "
    "Qs 4c 6s 7s Ac 5s Ad Kc 6d Qc Qd Qh 9h 3h 3c As 4s 2d 8s Ts 3d 2c 9d 7c",
    2: "Qd 3c 4s 5d 7d 2h Kd Th As 6s 7c 3s Qs 7h 6d Jd Ts 9c Jh 8s 4h 5c 2c 4d Ah Qh 6c 8d "
    "3d 9h 6h Jc Ac 5s Js Ad Ks 2d 7s 4c 9s Td 5h Tc Qc Kc 8c Kh 3h 2s 8h 9d",
    777: "2d Jh Qh Tc Qs 5s 7c Ts Ah Kh 9c 2h 4s Jd 4d Ks 6h 3h 8s 4h 5c 9h 3d Ad 2c 4c Th 3c "
    "8h Td As 8c 5h Js 6s 6d 8d Kc Jc 3s 7d Qd 9d 6c Qc 2s Ac 9s 5d 7s 7h Kd",
    12345: "6d 9d 6c 9c Ac Ts Kh 8c 7h Th 2h 5s 8h 3h Qh 7c 8s 3s 9s 9h 4s 4h Js Qc Tc 3c Ah Jh "
    "8d 5h Jc 4c Td Kc As 3d 7s 6h Ad Ks Qd 4d 2s 5c Kd 5d Qs 2d 7d 6s Jd 2c",
    20000: "4s 9h 8s 4h 7d 2d As Qh 8h 8c Js 2c Qs Tc 4c Jd 3s 6d Kc 5h 5s Ad 3h 7c 7h 2s 9s 9c "
    "Ah 8d Qc 6s Kh Kd Qd Ts 5c 6h 4d Jc 7s 9d Jh Td Th 3d 6c Ac 3c 5d Ks 2h",
}


def test_splitmix64_matches_published_reference_outputs() -> None:
    stream = splitmix64(0)
    assert [next(stream) for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]
    assert next(splitmix64(1234567)) == 6457827717110365317


@pytest.mark.parametrize("number", sorted(VECTORS))
def test_pinned_deals(number: int) -> None:
    assert format_deal_text(deal_cards(number)) == VECTORS[number]


@given(st.integers(min_value=1, max_value=LAST_DEAL))
def test_every_deal_is_a_permutation_of_the_deck(number: int) -> None:
    cards = deal_cards(number)
    assert sorted(cards) == sorted(DECK)


def test_different_numbers_give_different_deals() -> None:
    deals = {deal_cards(n) for n in range(1, 301)}
    assert len(deals) == 300


@pytest.mark.parametrize("bad", [0, -1, 20001, 10**9])
def test_deal_number_out_of_range(bad: int) -> None:
    with pytest.raises(DealNumberError, match="between 1 and 20000"):
        deal_cards(bad)


@pytest.mark.parametrize("bad", ["", "abc", "12a", "1.5", "-3", "٣", "0", "20001"])
def test_typed_deal_number_errors(bad: str) -> None:
    with pytest.raises(DealNumberError):
        parse_deal_number(bad)


@pytest.mark.parametrize("digits", [4301, 5000, 100_000])
def test_a_deal_number_of_thousands_of_digits_is_out_of_range_not_a_crash(digits: int) -> None:
    with pytest.raises(DealNumberError, match=f"between 1 and 20000, not a {digits}-digit number"):
        parse_deal_number("9" * digits)


def test_a_long_bad_deal_number_is_quoted_short() -> None:
    with pytest.raises(DealNumberError) as caught:
        parse_deal_number("x" * 5000)
    assert len(str(caught.value)) < 150 and "5000 characters" in str(caught.value)


def test_typed_deal_number_ok() -> None:
    assert parse_deal_number(" 42 ") == 42
    assert parse_deal_number("0" * 5000 + "17") == 17
    assert check_deal_number(20000) == 20000
    with pytest.raises(DealNumberError):
        check_deal_number(True)


def test_deal_text_round_trip() -> None:
    text = VECTORS[777]
    assert format_deal_text(parse_deal_text(text)) == text


def test_deal_text_may_start_with_a_byte_order_mark() -> None:
    assert parse_deal_text("\ufeff" + VECTORS[777]) == parse_deal_text(VECTORS[777])
    with pytest.raises(NotationError, match="token 2"):
        parse_deal_text(VECTORS[777].replace(" ", " \ufeff", 1))  # only at the start


def test_deal_text_wrong_length() -> None:
    with pytest.raises(NotationError, match="52 cards, this line has 51"):
        parse_deal_text(" ".join(VECTORS[1].split()[:51]))


def test_deal_text_repeated_card_is_named() -> None:
    tokens = VECTORS[1].split()
    tokens[10] = tokens[2]
    with pytest.raises(NotationError, match=r"token 11: 4h already appears as token 3"):
        parse_deal_text(" ".join(tokens))


def test_deal_text_bad_token_is_named() -> None:
    tokens = VECTORS[1].split()
    tokens[40] = "Q?"
    with pytest.raises(NotationError, match=r"token 41: 'Q\?'"):
        parse_deal_text(" ".join(tokens))


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rules", *args], capture_output=True, text=True, check=False)


def test_cli_prints_deal() -> None:
    first, second = _run("deal", "1"), _run("deal", "1")
    assert first.returncode == 0
    assert first.stdout.strip() == VECTORS[1] == second.stdout.strip()
    assert len(set(first.stdout.split())) == 52


@pytest.mark.parametrize("arg", ["0", "20001", "x", "-5"])
def test_cli_bad_number_one_line_exit_2(arg: str) -> None:
    result = _run("deal", arg)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "between 1 and 20000" in result.stderr


def test_cli_usage_error() -> None:
    result = _run("shuffle")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["deal", "label"])
def test_cli_a_deal_number_of_5000_digits_is_one_line_and_status_2(command: str) -> None:
    result = _run(command, "7" * 5000)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "5000-digit number" in lines[0] and len(lines[0]) < 150
