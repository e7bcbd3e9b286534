"""Every rule of SPEC §1 and every refusal of §2, on positions built from text."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from families import one_per_family

from rules.cards import parse_card, parse_cards
from rules.errors import IllegalMoveError
from rules.legality import (
    Refusal,
    apply,
    check,
    check_select,
    is_dead_end,
    legal_moves,
    overlap_cover,
    partners,
    playable_places,
    replay,
)
from rules.moves import (
    CELL,
    DRAW,
    MAX_COLUMNS,
    MAX_RESERVE,
    RECYCLE,
    STOCK,
    WASTE,
    WASTE_PILES,
    Move,
    column_place,
    parse_moves,
    reserve_place,
)
from rules.state import RuleSet, State, parse_position
from rules.variant import SPANISH, every_rule_set

M = Move.parse


def test_refusal_messages_are_the_required_wording() -> None:
    assert Refusal.NOT_13.message == "esas dos no suman 13"
    assert Refusal.COVERED.message == "esa carta sigue cubierta"
    assert Refusal.NOTHING_TO_DRAW.message == "no quedan cartas que dar la vuelta"
    assert Refusal.STOCK_NOT_EMPTY.message == "podrás reciclar cuando el mazo esté vacío"
    assert Refusal.NO_RECYCLES_LEFT.message == "no quedan reciclajes"
    assert Refusal.WASTE_EMPTY.message == "no hay nada en la pila de descarte para reciclar"
    assert len({r.value for r in Refusal}) == len(Refusal)
    assert all(r.message for r in Refusal)


def test_start_playable_cards_are_base_row_and_stock_top() -> None:
    state = State.from_deal(1)
    assert playable_places(state) == [*range(21, 28), STOCK]


# --- removals -------------------------------------------------------------------------------


def test_pyramid_pair_summing_13() -> None:
    state = parse_position("pyramid: P21=5h P22=8c P15=Ks")
    assert check(state, M("P21+P22")) is None
    after = apply(state, M("P21+P22"))
    assert after.pyramid_cards() == {15: parse_card("Ks")}
    assert after.uncovered == 1 << 15  # both covers gone: the King is free


def test_pair_not_summing_13_refused() -> None:
    state = parse_position("pyramid: P21=5h P22=7c")
    assert check(state, M("P21+P22")) is Refusal.NOT_13
    with pytest.raises(IllegalMoveError) as info:
        apply(state, M("P21+P22"))
    assert info.value.refusal is Refusal.NOT_13


def test_covered_card_refused() -> None:
    state = parse_position("pyramid: P15=5h P21=8c P22=2d; stock: 8s")
    assert check(state, M("P15+S")) is Refusal.COVERED
    assert check(state, M("P15+P21")) is Refusal.COVERED  # 15 also lies under 22
    assert check_select(state, 15) is Refusal.COVERED


def test_pyramid_with_stock_top_and_waste_top() -> None:
    state = parse_position("pyramid: P21=Qh P22=3c; stock: As 5d; waste: Td")
    assert check(state, M("P21+S")) is None
    assert check(state, M("P22+W")) is None
    after = apply(state, M("P21+S"))
    assert after.card_at(STOCK) == parse_card("5d")  # the next stock card turns face up
    after = apply(after, M("P22+W"))
    assert after.card_at(WASTE) is None and after.is_won


def test_stock_top_with_waste_top() -> None:
    state = parse_position("pyramid: P21=Qh; stock: 6s 9d; waste: 4c 7h")
    assert check(state, M("S+W")) is None
    after = apply(state, M("S+W"))
    assert after.card_at(STOCK) == parse_card("9d") and after.card_at(WASTE) == parse_card("4c")


@pytest.mark.parametrize("place", ["P21", "S", "W"])
def test_king_removed_alone_from_anywhere(place: str) -> None:
    state = parse_position("pyramid: P21=Kh P22=5c; stock: Ks 2c; waste: 3d Kd")
    assert check(state, M(place)) is None
    assert M(place) in legal_moves(state)
    assert apply(state, M(place)).card_at({"P21": 21, "S": STOCK, "W": WASTE}[place]) != parse_card("Kh")


def test_single_card_that_is_no_king_refused() -> None:
    state = parse_position("pyramid: P21=Qh")
    assert check(state, M("P21")) is Refusal.NOT_A_KING


def test_king_cannot_pair() -> None:
    state = parse_position("pyramid: P21=Kh P22=Kc")
    assert check(state, M("P21+P22")) is Refusal.NOT_13


def test_missing_cards_refused() -> None:
    state = parse_position("pyramid: P21=Qh; stock: Ac")
    assert check(state, M("P22+S")) is Refusal.NO_CARD
    assert check(state, M("P21+W")) is Refusal.NO_CARD
    assert check_select(state, WASTE) is Refusal.NO_CARD
    assert check_select(state, 21) is None and check_select(state, STOCK) is None


# --- the overlap rule ---------------------------------------------------------------------------

# Q at P15 under A at P22 and K at P21. Once the King goes, the Q lies under the A alone.
HALF_COVERED = "pyramid: P15=Qs P21=Kh P22=Ad; stock: Ac"


def test_overlap_rule_on_lets_card_go_with_its_only_cover() -> None:
    state = apply(parse_position(HALF_COVERED), M("P21"))
    assert overlap_cover(state, 15) == 22
    assert check_select(state, 15) is None
    assert check(state, M("P15+P22")) is None
    assert M("P15+P22") in legal_moves(state)
    assert set(partners(state, 15)) == {22}
    assert apply(state, M("P15+P22")).is_won


def test_overlap_card_pairs_only_with_its_cover() -> None:
    """The half-covered card is free under the overlap rule, but only with its cover: tapped
    with another free card it is refused for that reason, not as «sigue cubierta» (SPEC §2)."""
    state = apply(parse_position(HALF_COVERED), M("P21"))
    assert check(state, M("P15+S")) is Refusal.ONLY_WITH_COVER
    assert check(state, M("S+P15")) is Refusal.ONLY_WITH_COVER
    assert Refusal.ONLY_WITH_COVER.message == "esa carta solo se puede quitar junto con la que tiene encima"


def test_a_half_covered_king_is_covered() -> None:
    """A King goes alone, so the overlap rule never frees it: it is plainly still covered."""
    state = apply(parse_position("pyramid: P15=Kc P21=Kh P22=Ad; stock: Qc"), M("P21"))
    assert check(state, M("P15")) is Refusal.COVERED


def test_overlap_rule_off() -> None:
    state = apply(parse_position(HALF_COVERED + "; overlap: off"), M("P21"))
    assert overlap_cover(state, 15) is None
    assert check(state, M("P15+P22")) is Refusal.COVERED
    assert check_select(state, 15) is Refusal.COVERED
    assert M("P15+P22") not in legal_moves(state)


def test_overlap_needs_exactly_one_cover() -> None:
    state = parse_position(HALF_COVERED)  # two covers still there
    assert overlap_cover(state, 15) is None
    assert check(state, M("P15+P22")) is Refusal.COVERED


def test_overlap_cover_must_itself_be_uncovered() -> None:
    # Q at P10 lies under P15 (gone) and P16=A; the A is itself under P22.
    state = parse_position("pyramid: P10=Qs P16=Ad P22=5c")
    assert overlap_cover(state, 10) is None
    assert check(state, M("P10+P16")) is Refusal.COVERED


# --- drawing and recycling -------------------------------------------------------------------


def test_draw_moves_stock_top_to_waste() -> None:
    state = parse_position("pyramid: P21=Qh; stock: 2c 3c 4c")
    after = apply(state, DRAW)
    assert after.card_at(WASTE) == parse_card("2c") and after.card_at(STOCK) == parse_card("3c")
    assert after.stock_count == 2 and after.waste_count == 1


def test_draw_from_empty_stock_refused() -> None:
    state = parse_position("pyramid: P21=Qh; waste: 2c")
    assert check(state, DRAW) is Refusal.NOTHING_TO_DRAW
    assert DRAW not in legal_moves(state)


def test_recycle_keeps_the_order() -> None:
    state = parse_position("pyramid: P21=Qh; stock: 2c 3c 4c")
    for _ in range(3):
        state = apply(state, DRAW)
    assert check(state, RECYCLE) is None
    after = apply(state, RECYCLE)
    assert after.stock_cards() == parse_cards("2c 3c 4c")  # the first card drawn is on top again
    assert after.pass_no == 2 and after.waste_count == 0


def test_recycle_refusals() -> None:
    stock_left = parse_position("pyramid: P21=Qh; stock: 2c; waste: 3c")
    assert check(stock_left, RECYCLE) is Refusal.STOCK_NOT_EMPTY
    nothing = parse_position("pyramid: P21=Qh")
    assert check(nothing, RECYCLE) is Refusal.WASTE_EMPTY
    last_pass = parse_position("pyramid: P21=Qh; waste: 3c; pass: 3")
    assert check(last_pass, RECYCLE) is Refusal.NO_RECYCLES_LEFT
    assert all(RECYCLE not in legal_moves(s) for s in (stock_left, nothing, last_pass))


@pytest.mark.parametrize(("passes", "recycles"), [(1, 0), (3, 2)])
def test_number_of_recycles(passes: int, recycles: int) -> None:
    state = parse_position("pyramid: P21=Qh; stock: 2c 3c", RuleSet(passes=passes))
    done = 0
    while True:
        while check(state, DRAW) is None:
            state = apply(state, DRAW)
        if check(state, RECYCLE) is not None:
            break
        state = apply(state, RECYCLE)
        done += 1
    assert done == recycles
    assert check(state, RECYCLE) is Refusal.NO_RECYCLES_LEFT
    assert is_dead_end(state)


def test_removing_waste_top_shows_the_card_beneath() -> None:
    state = parse_position("pyramid: P21=Qh P22=Jc; waste: 2d Ac")
    after = apply(state, M("P21+W"))
    assert after.card_at(WASTE) == parse_card("2d")
    assert check(after, M("P22+W")) is None


def test_removed_waste_cards_stay_gone_after_recycle() -> None:
    state = parse_position("pyramid: P21=Qh P22=9c; stock: Ac 5d 7s; pass: 1")
    state = replay(state, parse_moves("D P21+W D D R"))
    assert state.stock_cards() == parse_cards("5d 7s")


# --- the end of a deal -----------------------------------------------------------------------


def test_win_when_pyramid_cleared_even_with_stock_left() -> None:
    state = parse_position("pyramid: P21=5h P22=8c; stock: 2c 3c; waste: 4d")
    after = apply(state, M("P21+P22"))
    assert after.is_won and not is_dead_end(after)
    assert legal_moves(after) == []
    assert check(after, DRAW) is Refusal.GAME_WON
    assert check_select(after, STOCK) is Refusal.GAME_WON
    assert after.stock_count == 2


def test_dead_end_when_no_move_is_left() -> None:
    state = parse_position("pyramid: P21=9s; waste: 2c; pass: 3")
    assert legal_moves(state) == [] and is_dead_end(state)
    alive = parse_position("pyramid: P21=9s; waste: 2c; pass: 2")
    assert legal_moves(alive) == [RECYCLE] and not is_dead_end(alive)


# --- seed 000: the order of the pairs matters ----------------------------------------------------

SEED_000 = "pyramid: P21=9s P23=5h P25=8c; stock: ; waste: 4c 5d 8d; pass: 3"


def test_seed_000_wrong_order_leaves_no_move() -> None:
    state = parse_position(SEED_000)
    assert state.recycles_left == 0 and state.stock_count == 0
    after = apply(state, M("P23+P25"))  # 5♥ + 8♣
    assert after.card_at(WASTE) == parse_card("8d")
    assert legal_moves(after) == [] and is_dead_end(after)


def test_seed_000_right_order_clears_the_pyramid() -> None:
    state = parse_position(SEED_000)
    state = replay(state, parse_moves("P23+W P25+W P21+W"))  # 5♥+8♦, 8♣+5♦, 9♠+4♣
    assert state.is_won


# --- listing moves ---------------------------------------------------------------------------


def test_legal_moves_lists_every_kind_and_only_legal_ones() -> None:
    state = parse_position("pyramid: P21=Kh P22=5c P23=8d P24=7s; stock: 6d Ah; waste: 7c")
    moves = {str(m) for m in legal_moves(state)}
    assert moves == {"P21", "P22+P23", "P24+S", "S+W", "D"}
    assert all(check(state, m) is None for m in legal_moves(state))


def test_partners_of_selected_card_for_the_dashed_border() -> None:
    state = parse_position("pyramid: P21=8h P22=5c P23=5d P27=Ks; stock: 5s; waste: 9c")
    assert sorted(partners(state, 21)) == [22, 23, STOCK]
    assert partners(state, WASTE) == []
    assert partners(state, 27) == []


def test_legal_moves_involving_filters() -> None:
    state = parse_position("pyramid: P21=8h P22=5c P27=Ks; stock: 5s; waste: 9c")
    assert [str(m) for m in legal_moves(state, involving=1 << 27)] == ["P27"]
    assert [str(m) for m in legal_moves(state, involving=1 << STOCK)] == ["P21+S", "D"]


# --- data fixtures: known winning lines --------------------------------------------------------


def _winning_lines() -> list[tuple[RuleSet, int, str]]:
    path = Path(__file__).parent / "data" / "winning_lines.txt"
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        head, moves = line.split(":", 1)
        passes, overlap, deal = head.split()
        rules = RuleSet(int(passes.split("=")[1]), overlap.split("=")[1] == "on")
        cases.append((rules, int(deal.split("=")[1]), moves))
    return cases


@pytest.mark.parametrize(("rules", "number", "moves"), _winning_lines())
def test_known_winning_lines_clear_the_pyramid(rules: RuleSet, number: int, moves: str) -> None:
    state = replay(State.from_deal(number, rules), parse_moves(moves))
    assert state.is_won


# --- every variant --------------------------------------------------------------------------

EVERY_PLACE = [
    *range(28),
    STOCK,
    WASTE,
    *WASTE_PILES,
    CELL,
    *(column_place(c) for c in range(MAX_COLUMNS)),
    *(reserve_place(k) for k in range(MAX_RESERVE)),
]
ANY_MOVE = (
    [DRAW, RECYCLE]
    + [
        Move.remove(*places)
        for places in [(p,) for p in EVERY_PLACE]
        + [(a, b) for i, a in enumerate(EVERY_PLACE) for b in EVERY_PLACE[i + 1 :]]
    ]
    + [Move.store(p) for p in EVERY_PLACE if p != CELL]
)


def _values(state: State, move: Move) -> list[int]:
    return [card.rank for p in move.places if (card := state.card_at(p)) is not None]


@pytest.mark.parametrize("rules", one_per_family(every_rule_set()))
def test_legal_moves_are_exactly_the_moves_check_accepts_in_every_variant(rules: RuleSet) -> None:
    """Over random play: the listed moves are the accepted ones, and each removal is a lone
    card of the deck's lone rank or two cards making the deck's pair sum (never a fixed 13)."""
    rng = random.Random(f"legal {rules}")
    deck = rules.deck
    positions = 0
    for number in rng.sample(range(1, 20001), 8):
        state = State.from_deal(number, rules)
        for _ in range(60):
            listed = set(legal_moves(state))
            assert listed == {m for m in ANY_MOVE if check(state, m) is None}
            for move in listed:
                if move.is_removal:
                    values = _values(state, move)
                    assert values == [deck.lone_rank] or (len(values) == 2 and sum(values) == deck.pair_sum)
            positions += 1
            if not listed:
                break
            removals = [m for m in listed if m.is_removal]
            state = apply(state, rng.choice(sorted(removals or listed, key=str)))
    assert positions >= 100


SPANISH_RULES = RuleSet(variant=SPANISH)


def test_spanish_pairs_sum_twelve_and_thirteen_is_refused() -> None:
    state = parse_position("variant: spanish; pyramid: P21=5o P22=7c P23=6e P24=6b P25=Sb P26=3c")
    assert state.rules == SPANISH_RULES
    assert check(state, M("P21+P22")) is None  # 5 + 7
    assert check(state, M("P23+P24")) is None  # 6 + 6: a rank that pairs with itself
    assert check(state, M("P25+P26")) is Refusal.NOT_13  # Sota (10) + 3 = 13 is no pair here
    assert Refusal.NOT_13.message_for(SPANISH_RULES.deck) == "esas dos no suman 12"
    assert {str(m) for m in legal_moves(state)} == {"P21+P22", "P23+P24"}


def test_a_rey_goes_alone_and_a_caballo_pairs_with_a_one() -> None:
    state = parse_position("variant: spanish; pyramid: P21=Ro P22=Cc P23=1e; stock: Re")
    assert {str(m) for m in legal_moves(state)} == {"P21", "S", "P22+P23", "D"}
    assert check(state, M("P22")) is Refusal.NOT_A_KING


def test_strict_win_needs_the_stock_and_the_waste_cleared_too() -> None:
    text = "variant: strict; pyramid: P21=5h P22=8c; stock: 2c Jc; waste: Kd"
    state = parse_position(text)
    after = apply(state, M("P21+P22"))
    assert not after.is_won and not is_dead_end(after)  # the pyramid is clear, cards remain
    after = replay(after, parse_moves("W D S+W"))  # the King, then 2 + J
    assert after.is_won and legal_moves(after) == []
    assert check(after, DRAW) is Refusal.GAME_WON


def test_strict_dead_end_with_the_pyramid_clear() -> None:
    state = parse_position("variant: strict; waste: 2c 5d; pass: 3")
    assert not state.is_won and is_dead_end(state)
    loose = parse_position("waste: 2c 5d; pass: 3")
    assert loose.is_won and not is_dead_end(loose)
