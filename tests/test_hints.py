from __future__ import annotations

from rules.legality import legal_moves
from rules.moves import DRAW, RECYCLE, Move
from rules.state import State, parse_position
from solver.hints import patient_order, suggest


def test_pyramid_king_first() -> None:
    state = parse_position("pyramid: P21=5h P22=8c P23=Kd; stock: Ks")
    assert suggest(state) == Move.parse("P23")


def test_pair_freeing_most_cards_preferred() -> None:
    # P21+P22 frees P15; P25+P27 frees nothing (P26 still lies on P19 and P20).
    state = parse_position("pyramid: P15=2c P21=5h P22=8c P25=6d P26=Ah P27=7s")
    assert suggest(state) == Move.parse("P21+P22")


def test_pyramid_pair_before_stock_pair() -> None:
    state = parse_position("pyramid: P21=5h P22=8c; stock: 6s; waste: 7d")
    assert suggest(state) == Move.parse("P21+P22")


def test_draw_when_table_has_no_pair_then_recycle() -> None:
    assert suggest(parse_position("pyramid: P21=5h; stock: 2c; waste: 3d")) == DRAW
    assert suggest(parse_position("pyramid: P21=5h; waste: 3d")) == RECYCLE
    assert suggest(parse_position("pyramid: P21=5h; waste: 3d; pass: 3")) is None


def test_suggestion_is_always_legal() -> None:
    for number in range(1, 40):
        state = State.from_deal(number)
        move = suggest(state)
        assert move in legal_moves(state)


def test_patient_order_draws_first_and_keeps_pyramid_pairs_for_later() -> None:
    # P21+P22 (5+8) is a pyramid pair; 8 also pairs with the stock's 5, and the 3 with the 10.
    state = parse_position("pyramid: P21=5h P22=8c P23=Td; stock: 5s 2c; waste: 3d")
    order = patient_order(state)
    assert order[0] == DRAW
    removals = [str(m) for m in order if m.is_removal]
    assert removals == ["P22+S", "P23+W", "P21+P22"]
    assert sorted(order, key=str) == sorted(legal_moves(state), key=str)
