"""Tut's Tomb (SPEC §12): a face-down stock drawn three at a time, only the waste's top plays."""

from __future__ import annotations

from rules.legality import Refusal, apply, check, check_select, legal_moves
from rules.moves import DRAW, RECYCLE, STOCK, WASTE, Move
from rules.state import RuleSet, State, parse_position
from rules.variant import TUT, UNLIMITED

RULES = RuleSet(3, True, TUT)


def test_a_draw_turns_up_three_cards_the_third_on_top() -> None:
    state = State.from_deal(1, RULES)
    stock = state.layout.stock
    drawn = apply(state, DRAW)
    assert drawn.waste_cards() == list(stock[:3])
    assert drawn.card_at(WASTE) == stock[2]
    assert apply(drawn, DRAW).waste_cards() == list(stock[:6])


def test_only_the_waste_top_plays_and_the_refusal_says_so_in_the_tombs_terms() -> None:
    state = State.from_deal(1, RULES)
    assert check_select(state, STOCK) is Refusal.WASTE_TOP_ONLY
    assert check(state, Move.parse("P21+S")) is Refusal.WASTE_TOP_ONLY
    assert Refusal.WASTE_TOP_ONLY.message == "en la Tumba solo juega la carta de arriba del descarte"
    assert all(STOCK not in move.places for move in legal_moves(apply(state, DRAW)))


def test_the_last_draw_takes_what_is_left_and_a_recycle_turns_the_waste_over_as_it_lies() -> None:
    state = parse_position("pyramid: P0=Ks; stock: 2c 3c 4c 5c", RuleSet(UNLIMITED, True, TUT))
    state = apply(apply(state, DRAW), DRAW)
    assert [str(c) for c in state.waste_cards()] == ["2c", "3c", "4c", "5c"]
    assert check(state, DRAW) is Refusal.NOTHING_TO_DRAW
    again = apply(state, RECYCLE)
    assert again.pass_no == 2
    assert [str(c) for c in apply(again, DRAW).waste_cards()] == ["2c", "3c", "4c"]


def test_a_removal_from_the_waste_uncovers_the_card_under_it_and_the_next_draw_goes_on() -> None:
    state = parse_position("pyramid: P0=8h; stock: 2c 3c 5d Qs 6c", RULES)
    state = apply(state, DRAW)
    assert str(state.card_at(WASTE)) == "5d"
    state = apply(state, Move.parse("W+P0"))
    assert str(state.card_at(WASTE)) == "3c" and state.is_won


def test_the_stock_is_never_visible() -> None:
    state = apply(State.from_deal(5, RULES), DRAW)
    assert state.visible_stock() == state.waste_mask()


def test_the_clean_up_counts_the_kings_that_can_come_to_the_top() -> None:
    cleanup, deck = TUT.stock_kind.cleanup, TUT.deck
    under = (13, 4, 5, 13)  # one pass or many: the first King stays under the 4 and the 5
    assert cleanup(under, 0b1111, 0, 1, 1, deck) == 1
    assert cleanup(under, 0b1111, 0, 1, UNLIMITED, deck) == 1
    assert cleanup((4, 5, 13, 13), 0b1111, 0, 1, 1, deck) == 2
    assert cleanup((13, 4, 13, 5, 6, 7), 0b111111, 0, 1, 1, deck) == 1  # the first draw: 13 4 13
    assert cleanup((13, 4, 13, 5, 6, 7), 0b111111, 0, 1, 3, deck) == 1
