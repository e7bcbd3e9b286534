"""One waste (the default game): a draw turns the stock's top card onto the waste.

The stock's top card lies face up and plays (place ``S``), as does the waste's top card (``W``);
a recycle turns the waste back into the stock in the same order. The state's ``cursor`` is one
past the waste's top card (0 when the waste is empty), see :mod:`rules.state`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.cards import Card, Deck, format_cards
from rules.errors import NotationError
from rules.layout import Layout
from rules.moves import STOCK, WASTE
from rules.stock.kind import Sections, one_pile_sections, pass_lines

if TYPE_CHECKING:
    from rules.state import RuleSet, State


@dataclass(frozen=True, slots=True)
class OneWaste:
    """The stock and one waste pile. See :class:`rules.stock.kind.StockKind` for the methods."""

    name = "one_waste"
    has_stock = True
    hidden_refusal = "face_down"
    stock_face_up = True
    waste_piles = 1
    columns = 0
    column_depth = 0
    sections = ("stock", "waste")

    def waste_places(self) -> tuple[int, ...]:
        return (WASTE,)

    def places(self) -> tuple[int, ...]:
        return (STOCK, WASTE)

    def card_index(self, state: State, place: int) -> int | None:
        if place == STOCK:
            return state.stock_top_index()
        return state.waste_top_index() if place == WASTE else None

    def card_at(self, state: State, place: int) -> Card | None:
        index = self.card_index(state, place)
        return None if index is None else state.layout.stock[index]

    def face_down(self, state: State, place: int) -> bool:
        return False

    def visible(self, state: State) -> int:
        top = state.stock_top_index()
        return state.waste_mask() | (0 if top is None else 1 << top)

    def drawn_cursor(self, state: State) -> int:
        top = state.stock_top_index()
        assert top is not None, "nothing to draw"
        return top + 1

    def normal_cursor(self, stock: int, cursor: int) -> int:
        return (stock & ((1 << cursor) - 1)).bit_length()

    def take(self, state: State, place: int, stock: int, columns: int) -> tuple[int, int]:
        index = self.card_index(state, place)
        assert index is not None
        return stock & ~(1 << index), columns

    def cards_left(self, state: State) -> list[Card]:
        return state.stock_cards() + state.waste_cards()

    def cleared(self, state: State) -> bool:
        return state.stock == 0

    def blocks_win(self, state: State) -> bool:
        return False

    def split(self, cards: tuple[Card, ...], slots: int) -> Layout:
        return Layout(tuple(cards[:slots]), tuple(cards[slots:]))

    def text(self, state: State) -> list[str]:
        stock, waste = format_cards(state.stock_cards()), format_cards(state.waste_cards())
        return [f"stock: {stock}", f"waste: {waste}", *pass_lines(state)]

    def parse(
        self, values: Sections, pyramid: tuple[Card | None, ...], rules: RuleSet
    ) -> tuple[Layout, int, int]:
        name = rules.variant.name
        stock, waste = one_pile_sections(values, name, rules.deck)
        if values.get("columns", "").strip():
            raise NotationError(f"columns: the {name} variant has no columns")
        layout = Layout(pyramid, tuple(waste + stock))
        return layout, (1 << len(layout.stock)) - 1, len(waste)

    def cleanup(  # noqa: PLR0917 (the protocol's)
        self, ranks: tuple[int, ...], stk: int, cursor: int, pass_no: int, passes: int, deck: Deck
    ) -> int:
        """Exact: a search of every way of drawing, recycling and pairing the stock's top card
        with the waste's, each position once. A King on top of the stock or the waste is
        removed at once (it pairs with nothing, so taking it can only uncover cards)."""
        memo: dict[tuple[int, int, int], int] = {}
        lone, pair_sum = deck.lone_rank, deck.pair_sum

        def normal(stk: int, cursor: int) -> int:
            return (stk & ((1 << cursor) - 1)).bit_length()

        def most(stk: int, cursor: int, pass_no: int) -> int:
            key = (stk, cursor, pass_no)
            found = memo.get(key)
            if found is not None:
                return found
            ahead = stk >> cursor
            top = cursor + (ahead & -ahead).bit_length() - 1 if ahead else None
            below = stk & ((1 << cursor) - 1)
            waste = below.bit_length() - 1 if below else None
            best = 0
            if top is not None and ranks[top] == lone:
                best = 1 + most(stk & ~(1 << top), cursor, pass_no)
            elif waste is not None and ranks[waste] == lone:
                rest = stk & ~(1 << waste)
                best = 1 + most(rest, normal(rest, cursor), pass_no)
            elif top is not None:
                best = most(stk, top + 1, pass_no)
                if waste is not None and ranks[top] + ranks[waste] == pair_sum:
                    rest = stk & ~(1 << top) & ~(1 << waste)
                    best = max(best, 2 + most(rest, normal(rest, cursor), pass_no))
            elif waste is not None and pass_no < passes:
                best = most(stk, 0, pass_no + 1)
            memo[key] = best
            return best

        return most(stk, normal(stk, cursor), pass_no)


ONE_WASTE = OneWaste()
