"""One free cell beside the waste (SPEC §12, variant ``cell``): the default game's stock and
waste (:mod:`rules.stock.one_waste`) and one cell, ``F``.

A free pyramid card, the stock's top card or the waste's top card may go into the empty cell (a
*store*, ``P21>F``, ``S>F``, ``W>F``: :meth:`rules.moves.Move.store`); a King never does, it goes
alone. The card in the cell is free and leaves only by pairing (``F+P12``, ``F+W``). The state
keeps the card itself (:attr:`rules.state.State.cell`); the place it left is emptied as a removed
card's is. The deal is won when the pyramid is cleared and the cell is empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.cards import Card, format_cards
from rules.moves import CELL, STOCK, WASTE
from rules.stock.one_waste import OneWaste

if TYPE_CHECKING:
    from rules.state import State


@dataclass(frozen=True, slots=True)
class OneCell(OneWaste):
    """The stock, one waste pile and one free cell. See :class:`rules.stock.kind.StockKind`."""

    name = "one_cell"
    sections = ("stock", "waste", "cell")  # type: ignore[assignment]

    def places(self) -> tuple[int, ...]:
        return (STOCK, WASTE, CELL)

    def card_at(self, state: State, place: int) -> Card | None:
        if place == CELL:
            return state.cell
        return OneWaste.card_at(self, state, place)

    def take(self, state: State, place: int, stock: int, columns: int) -> tuple[int, int]:
        """The cell's card leaves no mask (:func:`rules.legality.apply_legal` empties the cell)."""
        return (stock, columns) if place == CELL else OneWaste.take(self, state, place, stock, columns)

    def cards_left(self, state: State) -> list[Card]:
        """The stock's and the waste's cards, then the cell's."""
        return OneWaste.cards_left(self, state) + ([] if state.cell is None else [state.cell])

    def cleared(self, state: State) -> bool:
        return state.stock == 0 and state.cell is None

    def blocks_win(self, state: State) -> bool:
        """A card in the cell keeps the deal from being won."""
        return state.cell is not None

    def text(self, state: State) -> list[str]:
        lines = OneWaste.text(self, state)
        lines.insert(2, f"cell: {format_cards([] if state.cell is None else [state.cell])}")
        return lines


ONE_CELL = OneCell()
