"""Face-up columns (Giza): the cards after the pyramid are dealt face up in columns, no stock.

Column ``c`` is place ``C<c>`` (:func:`rules.moves.column_place`); only its top card plays. The
state's ``columns`` mask holds card ``k`` of column ``c`` (``k`` = 0 the first dealt, at the
bottom) as bit ``c * column_depth + k``, so each column's bits are a run from its bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.cards import Card, Deck, format_cards, parse_cards
from rules.errors import NotationError
from rules.layout import Layout
from rules.moves import column_of, column_place
from rules.stock.kind import Sections, one_pile_sections

if TYPE_CHECKING:
    from rules.state import RuleSet, State


@dataclass(frozen=True, slots=True)
class Columns:
    """``columns`` columns of ``column_depth`` cards. See :class:`rules.stock.kind.StockKind`."""

    columns: int
    column_depth: int
    name = "columns"
    has_stock = False
    hidden_refusal = "face_down"
    stock_face_up = True
    waste_piles = 1
    sections = ("columns",)

    def waste_places(self) -> tuple[int, ...]:
        return ()

    def places(self) -> tuple[int, ...]:
        return tuple(column_place(c) for c in range(self.columns))

    def card_index(self, state: State, place: int) -> int | None:
        column = column_of(place)
        return None if column is None else state.column_top_index(column)

    def card_at(self, state: State, place: int) -> Card | None:
        column = column_of(place)
        top = self.card_index(state, place)
        return None if column is None or top is None else state.layout.columns[column][top]

    def face_down(self, state: State, place: int) -> bool:
        return False

    def visible(self, state: State) -> int:
        return 0

    def drawn_cursor(self, state: State) -> int:
        raise AssertionError("nothing to draw")

    def normal_cursor(self, stock: int, cursor: int) -> int:
        return 0

    def take(self, state: State, place: int, stock: int, columns: int) -> tuple[int, int]:
        column, top = column_of(place), self.card_index(state, place)
        assert column is not None and top is not None
        return stock, columns & ~(1 << (column * self.column_depth + top))

    def cards_left(self, state: State) -> list[Card]:
        return [card for c in range(self.columns) for card in state.column_cards_left(c)]

    def cleared(self, state: State) -> bool:
        return state.columns == 0

    def blocks_win(self, state: State) -> bool:
        return False

    def split(self, cards: tuple[Card, ...], slots: int) -> Layout:
        """The pyramid, then the columns column by column, the last card of each on top."""
        depth = self.column_depth
        after = slots + self.columns * depth
        columns = tuple(
            tuple(cards[slots + c * depth : slots + (c + 1) * depth]) for c in range(self.columns)
        )
        return Layout(tuple(cards[:slots]), tuple(cards[after:]), columns)

    def text(self, state: State) -> list[str]:
        columns = (format_cards(state.column_cards_left(c)) or "--" for c in range(self.columns))
        return ["columns: " + " / ".join(columns)]

    def parse(
        self, values: Sections, pyramid: tuple[Card | None, ...], rules: RuleSet
    ) -> tuple[Layout, int, int]:
        """``columns:`` split by ``/`` (fewer given: the rest are empty), each bottom card first."""
        name = rules.variant.name
        stock, waste = one_pile_sections(values, name, rules.deck)
        if stock or waste:
            raise NotationError(f"{'stock' if stock else 'waste'}: the {name} variant has no stock")
        parts = values.get("columns", "").split("/")
        if len(parts) > self.columns:
            raise NotationError(f"columns: {len(parts)} columns given, the {name} variant has {self.columns}")
        columns = []
        for number, part in enumerate(parts):
            try:
                cards = [] if part.strip() == "--" else parse_cards(part, rules.deck)
            except NotationError as error:
                raise NotationError(f"columns: C{number}: {error}") from None
            if len(cards) > self.column_depth:
                raise NotationError(
                    f"columns: C{number} holds at most {self.column_depth} cards, not {len(cards)}"
                )
            columns.append(tuple(cards))
        columns += [()] * (self.columns - len(columns))
        return Layout(pyramid, (), tuple(columns)), 0, 0

    def cleanup(  # noqa: PLR0917 (the protocol's)
        self, ranks: tuple[int, ...], stk: int, cursor: int, pass_no: int, passes: int, deck: Deck
    ) -> int:
        """No stock: nothing to clean up."""
        return 0
