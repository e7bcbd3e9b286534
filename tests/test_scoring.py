"""Par scoring (seed 004): each base, a deal not cleared, the stock's clean-up, a match."""

from __future__ import annotations

import pytest

from rules import Move, Session, State, parse_position
from rules.scoring import (
    MATCH_DEALS,
    DealScore,
    Match,
    cleared_pass,
    par_base,
    score_position,
    score_session,
    stock_cleanup,
)


def test_bases_by_pass() -> None:
    assert [par_base(p) for p in (1, 2, 3)] == [50, 35, 20]
    assert par_base(None) == 0
    assert par_base(4) == 0


@pytest.mark.parametrize(
    ("cleared", "left", "points"), [(1, 0, 50), (1, 7, 43), (2, 4, 31), (3, 0, 20), (3, 24, -4)]
)
def test_cleared_deal_scores_its_base_minus_the_cards_left(cleared: int, left: int, points: int) -> None:
    assert DealScore(cleared, left).points == points


def test_deal_not_cleared_scores_minus_every_card_left() -> None:
    state = parse_position("pyramid: P21=9s P23=5h; stock: 7h 2c; waste: 4c; pass: 2")
    score = score_position(state, None)
    assert score == DealScore(None, 5)
    assert score.points == -5


def test_a_fresh_deal_left_untouched_scores_minus_52() -> None:
    assert score_session(Session(State.from_deal(7))).points == -52


def _cleared_with(stock: str, waste: str = "", pass_no: int = 1, passes: int = 3) -> State:
    return parse_position(f"stock: {stock}; waste: {waste}; pass: {pass_no}; passes: {passes}")


def test_cleanup_pairs_the_stock_top_with_the_waste_top() -> None:
    # one pass: 5 on the waste, 8 on the stock: a pair; the 3 and the 9 never meet a partner
    state = _cleared_with("8h 3c 9d", "5s", passes=1)
    assert score_position(state, 1) == DealScore(1, 2)
    assert score_position(state, 1).points == 48


def test_cleanup_uses_the_passes_left() -> None:
    # the A and the Q are drawn apart in the order A 2 Q: the 2 must go first, which needs a J
    ranks = (1, 2, 12)
    assert stock_cleanup(ranks, 0b111, 0, 1, 1) == 0
    # with a second pass the A lies on the waste under the 2 and the Q: still no pair on top
    assert stock_cleanup(ranks, 0b111, 0, 1, 3) == 0
    # an A then a Q: drawn one after the other, they meet
    assert stock_cleanup((1, 12), 0b11, 0, 1, 1) == 2


def test_cleanup_removes_kings_on_top_and_counts_them() -> None:
    assert stock_cleanup((13, 5, 13), 0b111, 0, 1, 1) == 2
    # a King under the waste's top on the last pass stays
    assert stock_cleanup((13, 5), 0b11, 2, 1, 1) == 0
    # on an earlier pass it comes round again
    assert stock_cleanup((13, 5), 0b11, 2, 1, 2) == 1


def test_cleanup_takes_every_pair_it_can() -> None:
    # 6 7 6 7 on one pass: each 6 on the waste meets the 7 drawn after it
    assert stock_cleanup((6, 7, 6, 7), 0b1111, 0, 1, 1) == 4
    # 5 8 3 8: only the first 8 ever lies next to the 5
    assert stock_cleanup((5, 8, 3, 8), 0b1111, 0, 1, 1) == 2


def test_cleared_pass_is_the_pass_of_the_first_cleared_state() -> None:
    state = parse_position("pyramid: P21=Qh; waste: As; stock: 5c; pass: 1")
    after = [state.__class__.start(state.layout, state.rules)]
    assert cleared_pass(after) is None
    session = Session(parse_position("pyramid: P27=Qh; stock: 5c As; pass: 1"))
    assert session.play(Move.parse("D")).refusal is None
    assert session.play(Move.parse("P27+S")).refusal is None
    assert session.is_won
    score = score_session(session)
    assert score == DealScore(1, 1)  # the 5 stays: nothing pairs with it
    assert score.points == 49


def test_session_cleared_on_the_second_pass_scores_35_base() -> None:
    session = Session(parse_position("pyramid: P27=Qh; stock: As 5c; pass: 1"))
    for move in ("D", "D", "R", "P27+S"):
        assert session.play(Move.parse(move)).refusal is None, move
    assert score_session(session) == DealScore(2, 1)


def test_a_made_match() -> None:
    match = Match()
    for points in (35, -12, -9, 20, -22, -10):
        assert not match.complete
        match = match.add(points)
    assert match.complete and match.total == 2 and match.made
    with pytest.raises(ValueError, match="complete"):
        match.add(1)


def test_an_unmade_match() -> None:
    match = Match((-20, -5, 10, -3, 0, 17))
    assert match.complete and match.total == -1 and not match.made
    assert Match((50,) * 5).next_deal == MATCH_DEALS
    assert not Match((50,) * 5).made  # five deals are not a match yet
    with pytest.raises(ValueError, match="at most"):
        Match((0,) * 7)
