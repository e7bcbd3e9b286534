from __future__ import annotations

import json

import pytest
from commands import run

from rules.cards import parse_card, parse_cards
from rules.deals import deal_cards
from rules.errors import NotationError
from rules.legality import apply
from rules.moves import DRAW, STOCK, WASTE
from rules.state import CLASSIC, Layout, RuleSet, State, parse_position


def test_default_rule_set_is_three_passes_overlap_on() -> None:
    assert RuleSet() == RuleSet(passes=3, overlap=True)
    assert str(CLASSIC) == "passes=3 overlap=off"
    with pytest.raises(ValueError):
        RuleSet(passes=0)


def test_start_of_a_deal() -> None:
    cards = deal_cards(5)
    state = State.from_deal(5)
    assert state.layout.pyramid == cards[:28] and state.layout.stock == cards[28:]
    assert state.pyramid_left == 28 and state.removed_from_pyramid == 0
    assert state.stock_count == 24 and state.waste_count == 0
    assert state.pass_no == 1 and state.recycles_left == 2
    assert state.card_at(STOCK) == cards[28]  # the stock's top card is face up and playable
    assert state.card_at(WASTE) is None
    assert state.stock_cards() == list(cards[28:])


def test_state_is_hashable_and_immutable() -> None:
    state = State.from_deal(9)
    assert {state: 1}[State.from_deal(9)] == 1
    with pytest.raises(AttributeError):
        state.cursor = 3  # type: ignore[misc]


def test_position_text_round_trip() -> None:
    state = State.from_deal(11)
    for move in [DRAW, DRAW, DRAW]:
        state = apply(state, move)
    again = parse_position(state.to_text())
    assert again.to_text() == state.to_text()
    assert again.card_at(WASTE) == state.card_at(WASTE)
    assert again.card_at(STOCK) == state.card_at(STOCK)


def test_position_with_slot_assignments() -> None:
    state = parse_position("pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3")
    assert state.pyramid_cards() == {21: parse_card("9s"), 23: parse_card("5h"), 25: parse_card("8c")}
    assert state.waste_cards() == parse_cards("4c 5d 8d")
    assert state.card_at(WASTE) == parse_card("8d")
    assert state.stock_count == 0 and state.pass_no == 3 and state.recycles_left == 0
    assert state.removed_from_pyramid == 25


def test_position_with_28_tokens_and_rules() -> None:
    tokens = ["--"] * 28
    tokens[0] = "Kd"
    state = parse_position(f"pyramid: {' '.join(tokens)}\nstock: 7h 2c\npasses: 1\noverlap: off")
    assert state.rules == RuleSet(passes=1, overlap=False)
    assert state.card_at(0) == parse_card("Kd") and state.card_at(STOCK) == parse_card("7h")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pyramid: P21=9s P21=8s", "slot P21 given twice"),
        ("pyramid: P21=9s; stock: 9s", "9s placed twice"),
        ("pyramid: P30=9s", "not a place"),
        ("pyramid: 9s 8s", "not 2 tokens"),
        ("stock: 9s Zz", r"stock: token 2: 'Zz'"),
        ("pass: 4", "between 1 and 3"),
        ("pass: x", "not a whole number"),
        ("passes: 0", "passes"),
        ("overlap: maybe", "not on or off"),
        ("colour: red", "expected one of"),
        ("stock: 9s; stock: 8s", "given twice"),
    ],
)
def test_position_errors_are_named(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_position(text)


def test_layout_rejects_too_many_stock_cards() -> None:
    cards = deal_cards(1)
    with pytest.raises(NotationError, match="at most 24"):
        Layout(tuple(cards[:28]), tuple(cards[27:]))


EMPTY_APOPHIS = "variant: apophis; pyramid: " + " ".join(["--"] * 28) + "; stock: " + " ".join(["--"] * 53)
"""An Apophis position with more empty stock places (``--``) than the deck has cards."""


@pytest.mark.parametrize(
    ("places", "pyramid"),
    [(53, ["--"] * 28), (25, ["--"] * 28), (25, [str(c) for c in deal_cards(1)[:28]])],
)
def test_too_many_places_of_three_piles_are_named(places: int, pyramid: list[str]) -> None:
    """A stock of places written ``--`` longer than the stock can be is refused with its reason
    (it raised ``RuntimeError: generator raised StopIteration`` past the deck's 52 cards)."""
    text = f"variant: apophis; pyramid: {' '.join(pyramid)}; stock: {' '.join(['--'] * places)}"
    with pytest.raises(NotationError, match=f"a stock holds at most 24 cards, not {places}"):
        parse_position(text)


def test_solver_analyse_names_a_position_with_too_many_places() -> None:
    result = run(["-m", "solver", "analyse"], input=EMPTY_APOPHIS + "\n")
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout) == {"error": "a stock holds at most 24 cards, not 53", "line": 1}
