"""The variant is a value: decks, shapes, rule-set keys (issue 12's design change)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from commands import one_line, run

from rules.cards import DECK, SPANISH_DECK, STANDARD_DECK, Card, parse_card, parse_cards
from rules.deals import deal_cards, format_deal_text, parse_deal_text, splitmix64
from rules.errors import NotationError, RecordError
from rules.labels import LabelTable
from rules.legality import Refusal, apply, check, check_select, legal_moves
from rules.moves import DRAW, STOCK, WASTE, Move
from rules.session import Session
from rules.state import ALL_RULE_SETS, Layout, RuleSet, State, parse_position, parse_position_unseen
from rules.topology import BASE_ROW, CONE, COVERED_BY, ROW, SLOTS, iter_slots, shape
from rules.variant import (
    GIZA,
    PYRAMID,
    PYRAMID6,
    REGISTERED,
    SPANISH,
    STRICT,
    TRIANGLE,
    VARIANTS,
    Variant,
    rule_sets,
)

ALL = [RuleSet(p, o, v) for v in REGISTERED for p in (1, 3) for o in (True, False)]


# --- rule-set keys ---------------------------------------------------------------------------
def test_the_four_label_keys_of_before_variants_are_unchanged() -> None:
    assert [rules.key for rules in ALL_RULE_SETS] == [
        "passes=3 overlap=on",
        "passes=3 overlap=off",
        "passes=1 overlap=on",
        "passes=1 overlap=off",
        "passes=unlimited overlap=on",
        "passes=unlimited overlap=off",
    ]
    assert [str(rules) for rules in ALL_RULE_SETS] == [rules.key for rules in ALL_RULE_SETS]
    assert RuleSet() == RuleSet(3, True, PYRAMID)


def test_other_variants_prefix_their_name() -> None:
    assert RuleSet(1, False, SPANISH).key == "variant=spanish passes=1 overlap=off"
    assert RuleSet(3, True, STRICT).key == "variant=strict passes=3 overlap=on"


@pytest.mark.parametrize("rules", ALL, ids=str)
def test_every_key_reads_back_as_its_rule_set(rules: RuleSet) -> None:
    assert RuleSet.from_key(rules.key) == rules


def test_a_variant_without_a_stock_has_one_pass_and_no_passes_in_its_key() -> None:
    rules = RuleSet(3, True, GIZA)
    assert rules.passes == 1 and rules.key == "variant=giza overlap=on"
    assert rule_sets(GIZA) == (RuleSet(1, True, GIZA), RuleSet(1, False, GIZA))


@pytest.mark.parametrize(
    "key",
    [
        "",
        "passes=3",
        "passes=0 overlap=on",
        "passes=3 overlap=maybe",
        "variant=pyramid passes=3 overlap=on",  # the default's key has no variant part
        "variant=chess passes=3 overlap=on",
        "variant=giza passes=1 overlap=on",  # not registered yet
        "variant=spanish overlap=on",  # a stock needs its passes
        "overlap=on passes=3",
        "passes=3  overlap=on",
    ],
)
def test_a_malformed_key_is_refused_with_a_notation_error(key: str) -> None:
    with pytest.raises(NotationError):
        RuleSet.from_key(key)


def test_variants_register_by_name_and_the_default_comes_first() -> None:
    assert REGISTERED[0] is PYRAMID
    assert all(VARIANTS[v.name] is v for v in REGISTERED)
    assert {"pyramid", "strict", "spanish"} <= set(VARIANTS)


def test_a_variant_whose_deck_is_too_small_for_its_layout_is_refused() -> None:
    with pytest.raises(ValueError):
        Variant("tiny", SPANISH_DECK, rows=10)


# --- shapes ----------------------------------------------------------------------------------
def test_the_seven_row_shape_is_the_module_tables_and_is_built_once() -> None:
    seven = shape(7)
    assert seven is shape(7) is PYRAMID.shape
    assert (seven.slots, seven.covered_by, seven.cone, seven.row, seven.base_row) == (
        SLOTS,
        COVERED_BY,
        CONE,
        ROW,
        BASE_ROW,
    )


def test_a_smaller_shape_has_its_own_tables() -> None:
    three = shape(3)
    assert three.slots == 6 and iter_slots(three.base_row) == [3, 4, 5]
    assert iter_slots(three.covered_by[0]) == [1, 2] and iter_slots(three.cone[0]) == [1, 2, 3, 4, 5]
    assert three.uncovered(three.all_slots) == three.base_row
    assert three.comparable(0, 4) and not three.comparable(1, 2)
    with pytest.raises(ValueError):
        shape(0)


def test_the_triangle_is_the_pyramid_upside_down() -> None:
    turned = TRIANGLE.shape
    assert turned.slots == 28 and turned.row_length(0) == 7 and turned.slot_of(6, 0) == 27
    assert iter_slots(turned.covered_by[0]) == [7] and iter_slots(turned.covered_by[6]) == [12]
    assert iter_slots(turned.covered_by[8]) == [13, 14] and turned.covered_by[27] == 0
    state = State.from_deal(1, RuleSet(3, True, TRIANGLE))
    assert state.uncovered == 1 << 27  # only the single bottom card is free
    assert check_select(state, 21) is Refusal.COVERED and check_select(state, 27) is None
    assert all(place in (27, STOCK, WASTE) for move in legal_moves(state) for place in move.places)


def test_triangle_deal_text_is_the_top_row_first_and_the_bottom_card_last() -> None:
    cards = deal_cards(9, TRIANGLE)
    state = State.from_deal(9, RuleSet(variant=TRIANGLE))
    assert state.layout.pyramid == cards[:28] and state.layout.stock == cards[28:]
    assert state.card_at(0) == cards[0] and state.card_at(6) == cards[6] and state.card_at(27) == cards[27]
    assert state.card_at(STOCK) == cards[28]


@pytest.mark.parametrize("overlap", [True, False])
def test_a_triangle_edge_card_goes_with_its_one_free_cover_under_the_overlap_rule(overlap: bool) -> None:
    rules = RuleSet(3, overlap, TRIANGLE)
    state = parse_position("pyramid: P25=Qs P26=5c P27=Ah; stock: 8d", rules)
    edge = Move.remove(25, 27)
    assert (edge in legal_moves(state)) == overlap
    assert check(state, edge) is (None if overlap else Refusal.COVERED)
    assert check(state, Move.remove(26, 27)) is (Refusal.NOT_13 if overlap else Refusal.COVERED)
    assert check(state, Move.remove(25, STOCK)) is (Refusal.ONLY_WITH_COVER if overlap else Refusal.COVERED)


def test_the_triangle_is_won_only_with_all_52_cards_gone() -> None:
    state = parse_position("pyramid: P27=Ks; stock: 8d 5c", RuleSet(variant=TRIANGLE))
    state = apply(state, Move.remove(27))
    assert state.pyramid_left == 0 and not state.is_won
    assert apply(apply(state, DRAW), Move.remove(STOCK, WASTE)).is_won


def test_a_pyramid_of_six_rows_deals_and_plays_21_cards() -> None:
    rules = RuleSet(3, True, PYRAMID6)
    state = State.from_deal(5, rules)
    assert (PYRAMID6.slots, PYRAMID6.stock_size, len(state.layout.stock)) == (21, 31, 31)
    assert state.layout.pyramid == deal_cards(5)[:21] and state.layout.stock == deal_cards(5)[21:]
    assert iter_slots(state.uncovered) == list(range(15, 21))
    text = state.to_text().split("\n")
    assert text[0] == "variant: pyramid6" and text[1].split()[1:] == [str(c) for c in state.layout.pyramid]
    moves = legal_moves(state)
    assert DRAW in moves and all(p < 21 or p in (STOCK, WASTE) for move in moves for p in move.places)


def test_a_slot_the_six_rows_lack_is_refused_as_such() -> None:
    state = State.from_deal(5, RuleSet(variant=PYRAMID6))
    assert check_select(state, 21) is Refusal.NO_SLOT and check_select(state, 27) is Refusal.NO_SLOT
    assert check(state, Move.remove(20, 25)) is Refusal.NO_SLOT
    assert Refusal.NO_SLOT.message == "esta pirámide no tiene esa posición"
    assert check_select(State.from_deal(5), 21) is not Refusal.NO_SLOT


@pytest.mark.parametrize("variant", [PYRAMID6, TRIANGLE], ids=lambda v: v.name)
def test_the_shape_variants_keys_read_back(variant: Variant) -> None:
    for rules in rule_sets(variant):
        assert RuleSet.from_key(rules.key) == rules
        assert rules.key.startswith(f"variant={variant.name} passes=")


# --- decks -----------------------------------------------------------------------------------
def test_the_spanish_deck_has_48_cards_one_to_rey_in_four_suits() -> None:
    cards = SPANISH_DECK.cards
    assert len(cards) == 48 == len(set(cards)) == SPANISH_DECK.size
    assert " ".join(map(str, cards[:12])) == "1o 2o 3o 4o 5o 6o 7o 8o 9o So Co Ro"
    assert str(cards[-1]) == "Rb" and all(cards[c.index] == c for c in cards)
    assert SPANISH.stock_size == 20 and PYRAMID.stock_size == 24


def test_spanish_pairs_sum_twelve_and_a_rey_goes_alone() -> None:
    pairs = {(a.rank, b.rank) for a in SPANISH_DECK.cards for b in SPANISH_DECK.cards if a.pairs_with(b)}
    assert {p for p in pairs if p[0] <= p[1]} == {(1, 11), (2, 10), (3, 9), (4, 8), (5, 7), (6, 6)}
    assert parse_card("Rb", SPANISH_DECK).is_lone and not parse_card("Cb", SPANISH_DECK).is_lone
    assert [SPANISH_DECK.partner_rank(r) for r in range(1, 13)] == [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert [STANDARD_DECK.partner_rank(r) for r in range(1, 14)] == [*range(12, 0, -1), 0]


@pytest.mark.parametrize("token", ["So", "so", "SO", "10o"])
def test_spanish_tokens_read_in_any_case_and_ten_eleven_twelve(token: str) -> None:
    assert parse_card(token, SPANISH_DECK) == Card(10, "o", SPANISH_DECK)
    assert parse_card("11c", SPANISH_DECK) == Card(11, "c", SPANISH_DECK)


@pytest.mark.parametrize("token", ["Ks", "Ts", "13o", "7h", "0o", "1"])
def test_a_card_not_in_the_spanish_deck_is_refused(token: str) -> None:
    with pytest.raises(NotationError):
        parse_card(token, SPANISH_DECK)


def test_the_same_token_means_different_cards_in_different_decks() -> None:
    assert parse_card("7c") != parse_card("7c", SPANISH_DECK)
    assert str(parse_card("7c", SPANISH_DECK)) == "7c" and parse_card("7c", SPANISH_DECK).symbol == "7 copas"
    assert parse_card("Th").symbol == "10♥"
    with pytest.raises(ValueError):
        Card(13, "o", SPANISH_DECK)
    with pytest.raises(NotationError):
        parse_cards("Sb", STANDARD_DECK)


# --- deals -----------------------------------------------------------------------------------
SPANISH_VECTORS = {
    1: "So 4b 5o Re 3e Co Rb 1c 8o 7e Se 6b 7o 1e 5e 2c 3o 5c 9o 5b Ce 6o Rc 2b 2e Cb 7b 8b 8c "
    "3c 7c 4o 9e Sb 4e 9b 2o 4c 8e 1o Ro Sc 3b 6e 9c Cc 1b 6c",
    20000: "6c Sb 5e Cb 2c Rb 3c 7b 6o 4o Se 4b Sc 8o 5o 6e 1c 7o 9c 1e Cc 8c 2b 5c 8e 4e 9o 2e 9e "
    "So 8b 9b 3b 5b Ro Ce 6b 1o 4c Rc Co 1b 3o Re 2o 7c 3e 7e",
}


@pytest.mark.parametrize("number", sorted(SPANISH_VECTORS))
def test_pinned_spanish_deals(number: int) -> None:
    assert format_deal_text(deal_cards(number, SPANISH)) == SPANISH_VECTORS[number]


@pytest.mark.parametrize("number", [1, 2, 777, 20000])
def test_the_spanish_shuffle_is_the_documented_rule_on_48_cards(number: int) -> None:
    cards, stream = list(SPANISH_DECK.cards), splitmix64(number)
    for i in range(47, 0, -1):
        n = i + 1
        limit = 2**64 - 2**64 % n
        while (value := next(stream)) >= limit:
            pass
        j = value % n
        cards[i], cards[j] = cards[j], cards[i]
    assert deal_cards(number, SPANISH) == tuple(cards)


@pytest.mark.parametrize("number", [1, 99, 20000])
def test_variants_on_the_52_card_deck_deal_the_same_cards(number: int) -> None:
    assert deal_cards(number, STRICT) == deal_cards(number) == deal_cards(number, PYRAMID)
    assert sorted(deal_cards(number)) == sorted(DECK)


def test_spanish_deal_text_is_48_tokens_and_reads_back() -> None:
    text = format_deal_text(deal_cards(5, SPANISH))
    assert len(text.split()) == 48
    assert parse_deal_text(text, SPANISH_DECK) == deal_cards(5, SPANISH)
    with pytest.raises(NotationError, match="48 cards, this line has 47"):
        parse_deal_text(text.rsplit(" ", 1)[0], SPANISH_DECK)
    with pytest.raises(NotationError, match="is not a card"):
        parse_deal_text(format_deal_text(deal_cards(5)), SPANISH_DECK)
    with pytest.raises(NotationError, match="is not a card"):
        parse_deal_text(text)


def test_a_spanish_deal_starts_with_28_pyramid_cards_and_20_in_the_stock() -> None:
    state = State.from_deal(5, RuleSet(variant=SPANISH))
    assert state.pyramid_left == 28 and state.stock_count == 20
    assert state.layout.stock[0] == deal_cards(5, SPANISH)[28]


# --- win rule, saves, labels -----------------------------------------------------------------
def test_strict_win_needs_every_card_gone() -> None:
    deal = format_deal_text(deal_cards(1))
    loose = State.from_deal_text(deal, RuleSet(variant=PYRAMID))
    strict = State.from_deal_text(deal, RuleSet(variant=STRICT))
    assert replace(loose, pyramid=0).is_won
    assert not replace(strict, pyramid=0).is_won
    assert replace(strict, pyramid=0, stock=0).is_won


@pytest.mark.parametrize("rules", [RuleSet(1, False, SPANISH), RuleSet(3, True, STRICT), RuleSet()], ids=str)
def test_a_record_carries_the_rule_set_key(rules: RuleSet) -> None:
    session = Session(State.from_deal(7, rules), 7)
    assert session.play(DRAW).refusal is None
    record = session.record()
    assert record["rules"] == rules.key
    again = Session.from_record(record)
    assert again.state == session.state and again.start_state.rules == rules


def test_a_record_with_an_unknown_variant_is_refused() -> None:
    session = Session(State.from_deal(7), 7)
    record = session.record() | {"rules": "variant=chess passes=3 overlap=on"}
    with pytest.raises(RecordError, match="rules"):
        Session.from_record(record)


def test_labels_are_keyed_by_the_rule_set_key() -> None:
    table = LabelTable({"variant=spanish passes=3 overlap=on": "S" + "U" * 19999})
    spanish = RuleSet(variant=SPANISH)
    assert table.label(1, spanish).value == "solvable" and table.label(2, spanish).value == "unsolvable"
    assert table.label(1, RuleSet()).value == "unknown"


# --- position text ---------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [RuleSet(1, False, SPANISH), RuleSet(variant=STRICT), RuleSet()], ids=str)
def test_position_text_names_the_variant_and_reads_back(rules: RuleSet) -> None:
    state = State.from_deal(12, rules)
    for move in (DRAW, DRAW):
        state = apply(state, move)
    text = state.to_text(unseen=state.stock & ~0b111)
    assert ("variant:" in text) == (rules.variant != PYRAMID)
    again, unseen = parse_position_unseen(text)
    assert again == state and unseen == state.stock & ~0b111
    assert parse_position(text.replace("\n", "; ")) == state


def test_position_text_of_another_deck_reads_its_cards() -> None:
    state = parse_position("variant: spanish; pyramid: P21=So P22=2c; stock: Rb 6e; waste: 1o")
    assert state.rules.deck == SPANISH_DECK and state.card_at(STOCK) == Card(12, "b", SPANISH_DECK)
    with pytest.raises(NotationError, match="pyramid"):
        parse_position("variant: spanish; pyramid: P21=Ks")
    with pytest.raises(NotationError, match="variant: 'chess'"):
        parse_position("variant: chess; pyramid: P21=Ks")
    assert parse_position("pyramid: P21=So", RuleSet(variant=SPANISH)).rules.variant is SPANISH


def test_a_layout_of_one_deck_is_not_played_under_another() -> None:
    spanish = Layout.from_cards(deal_cards(3, SPANISH), SPANISH)
    assert spanish.deck == SPANISH_DECK and len(spanish.stock) == 20
    with pytest.raises(NotationError, match="spanish cards"):
        State.start(spanish, RuleSet())
    with pytest.raises(NotationError, match="mixed"):
        Layout(spanish.pyramid, deal_cards(3)[28:30])
    with pytest.raises(NotationError, match="at most 20"):
        Layout((*spanish.pyramid[:27], None), (*spanish.stock, spanish.pyramid[27]))


@pytest.mark.parametrize("variant", REGISTERED, ids=lambda v: v.name)
def test_every_deal_of_every_variant_is_a_permutation_of_its_deck(variant: Variant) -> None:
    for number in (1, 2, 3, 19999):
        cards = deal_cards(number, variant)
        assert sorted(cards) == sorted(variant.deck.cards)
        state = State.from_deal(number, RuleSet(variant=variant))
        assert state.stock_count == variant.stock_size and state.pyramid_left == variant.slots


# --- command lines ---------------------------------------------------------------------------
def test_rules_deal_prints_a_spanish_deal_of_48_tokens() -> None:
    result = run(["-m", "rules", "deal", "1", "--variant", "spanish"])
    assert result.returncode == 0 and result.stdout.strip() == SPANISH_VECTORS[1]
    strict = run(["-m", "rules", "deal", "1", "--variant", "strict"])
    assert strict.stdout == run(["-m", "rules", "deal", "1"]).stdout


def test_rules_label_prints_the_variant_keys() -> None:
    result = run(["-m", "rules", "label", "5", "--variant", "spanish"])
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and [line.rsplit(" ", 1)[0] for line in lines] == [
        rules.key for rules in rule_sets(SPANISH)
    ]
    assert all(line.rsplit(" ", 1)[1] in ("solvable", "unsolvable", "unknown") for line in lines)


def test_an_unknown_variant_is_one_line_and_status_2() -> None:
    one_line(run(["-m", "rules", "deal", "1", "--variant", "chess"]), 2, "chess", "pyramid, strict, spanish")
    one_line(run(["-m", "solver", "--variant", "chess"], input=""), 2, "chess")


def test_solver_analyse_reads_the_variant_section() -> None:
    line = "variant: spanish; pyramid: P21=6o P22=6c P15=Rb; stock: 5e 7b"
    result = run(["-m", "solver", "analyse"], input=line + "\n")
    answer = json.loads(result.stdout)
    assert answer["verdict"] == "winnable" and answer["hint"] == "P21+P22"
    as_default = run(["-m", "solver", "analyse", "--variant", "spanish"], input=line.split("; ", 1)[1] + "\n")
    assert json.loads(as_default.stdout)["verdict"] == "winnable"
    standard = run(["-m", "solver", "analyse"], input="pyramid: P21=6s P22=6c; stock: 5d\n")
    assert json.loads(standard.stdout)["verdict"] == "lost"
