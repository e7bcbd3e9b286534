"""A reserve row (SPEC §12): after the pyramid, a row of face-up cards that nothing covers, and
the default game's stock and one waste for the rest.

Reserve card ``k`` is place ``X<k>`` (:func:`rules.moves.reserve_place`); every reserve card is
free and pairs with any free card, and an emptied place stays empty. The reserve is kept as
columns of one card each: the layout's ``columns`` hold the reserve cards left to right, and the
state's ``columns`` mask has bit ``k`` while card ``k`` is on the table. The stock and the waste
play as in :mod:`rules.stock.one_waste`. The reserve must be cleared to win
(:meth:`Reserve.blocks_win`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.cards import Card
from rules.errors import NotationError
from rules.layout import Layout
from rules.moves import STOCK, WASTE, reserve_of, reserve_place
from rules.stock.kind import Sections, one_pile_sections, section_places
from rules.stock.one_waste import OneWaste

if TYPE_CHECKING:
    from rules.state import RuleSet, State


@dataclass(frozen=True, slots=True)
class Reserve(OneWaste):
    """``size`` reserve cards beside the one-waste stock. See :class:`rules.stock.kind.StockKind`."""

    size: int = 7
    name = "reserve"
    column_depth = 1
    sections = ("reserve", "stock", "waste")  # type: ignore[assignment]

    @property
    def columns(self) -> int:  # type: ignore[override]
        """The reserve's places, each a column of one card."""
        return self.size

    def places(self) -> tuple[int, ...]:
        return (STOCK, WASTE, *(reserve_place(k) for k in range(self.size)))

    def card_index(self, state: State, place: int) -> int | None:
        """The stock index of ``S`` or ``W``'s card; for a reserve place ``X<k>``, 0 while its
        card is there (index in its one-card column), else None."""
        index = reserve_of(place)
        if index is None:
            return OneWaste.card_index(self, state, place)
        return 0 if index < self.size and state.columns >> index & 1 else None

    def card_at(self, state: State, place: int) -> Card | None:
        index = reserve_of(place)
        if index is None:
            return OneWaste.card_at(self, state, place)
        return state.layout.columns[index][0] if self.card_index(state, place) is not None else None

    def take(self, state: State, place: int, stock: int, columns: int) -> tuple[int, int]:
        index = reserve_of(place)
        if index is None:
            return OneWaste.take(self, state, place, stock, columns)
        return stock, columns & ~(1 << index)

    def reserve_cards(self, state: State) -> list[Card]:
        """The reserve's cards still on the table, left to right."""
        return [state.layout.columns[k][0] for k in range(self.size) if state.columns >> k & 1]

    def cards_left(self, state: State) -> list[Card]:
        return self.reserve_cards(state) + OneWaste.cards_left(self, state)

    def cleared(self, state: State) -> bool:
        return state.stock == 0 and state.columns == 0

    def blocks_win(self, state: State) -> bool:
        """A reserve card left keeps the deal from being won."""
        return state.columns != 0

    def split(self, cards: tuple[Card, ...], slots: int) -> Layout:
        """The pyramid, then the reserve left to right, then the stock."""
        after = slots + self.size
        return Layout(tuple(cards[:slots]), tuple(cards[after:]), tuple((c,) for c in cards[slots:after]))

    def text(self, state: State) -> list[str]:
        places = enumerate(state.layout.columns)
        tokens = (str(card[0]) if state.columns >> k & 1 else "--" for k, card in places)
        return ["reserve: " + " ".join(tokens), *OneWaste.text(self, state)]

    def parse(
        self, values: Sections, pyramid: tuple[Card | None, ...], rules: RuleSet
    ) -> tuple[Layout, int, int]:
        """``reserve:`` the places left to right, ``--`` for an empty one (fewer given: the rest
        are empty); ``stock:`` and ``waste:`` as in the default game."""
        name = rules.variant.name
        if values.get("columns", "").strip():
            raise NotationError(f"columns: the {name} variant has a reserve ('reserve:'), not columns")
        places = section_places(values, "reserve", rules.deck)
        if len(places) > self.size:
            raise NotationError(f"reserve: {len(places)} places given, the {name} variant has {self.size}")
        stock, waste = one_pile_sections(values, name, rules.deck)
        places += [None] * (self.size - len(places))
        reserve = tuple(() if card is None else (card,) for card in places)
        layout = Layout(pyramid, tuple(waste + stock), reserve)
        return layout, (1 << len(layout.stock)) - 1, len(waste)
