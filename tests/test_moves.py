from __future__ import annotations

import pytest

from rules.errors import NotationError
from rules.moves import DRAW, RECYCLE, STOCK, WASTE, Kind, Move, parse_moves


@pytest.mark.parametrize("text", ["D", "R", "P5", "P21+P27", "P0+P1", "P3+S", "P12+W", "S+W"])
def test_round_trip(text: str) -> None:
    assert str(Move.parse(text)) == text


def test_spec_examples_parse() -> None:
    assert Move.parse("W+P12") == Move.remove(12, WASTE)
    assert str(Move.parse("W+P12")) == "P12+W"
    assert Move.parse("S+W").places == (STOCK, WASTE)
    assert Move.parse("P5").places == (5,)
    assert Move.parse("d") is DRAW or Move.parse("d") == DRAW
    assert Move.parse("R") == RECYCLE and RECYCLE.kind is Kind.RECYCLE


def test_order_does_not_matter() -> None:
    assert Move.parse("P27+P21") == Move.parse("P21+P27")
    assert hash(Move.parse("W+S")) == hash(Move.parse("S+W"))


@pytest.mark.parametrize("bad", ["", "X", "P28", "P-1", "P1+P2+P3", "P1+", "+W", "Q5", "P٣", "DD"])
def test_bad_moves_named(bad: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(bad)


def test_same_card_twice_rejected() -> None:
    with pytest.raises(NotationError, match="each card once"):
        Move.parse("P4+P4")


def test_parse_moves_names_bad_token() -> None:
    with pytest.raises(NotationError, match=r"move 3: 'P99'"):
        parse_moves("D P21+P27 P99 R")
    assert [str(m) for m in parse_moves("D P21+P27 R")] == ["D", "P21+P27", "R"]
