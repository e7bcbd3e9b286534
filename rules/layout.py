"""Where the cards of a deal were dealt: the pyramid's slots, the stock sequence, the columns.

A :class:`Layout` knows nothing of the variant's rules; the variant's stock kind cuts a full
deal into one (:meth:`Layout.from_cards`), and :class:`rules.state.State` plays over it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.cards import STANDARD_DECK, Card, Deck
from rules.errors import NotationError

if TYPE_CHECKING:
    from rules.variant import Variant


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the cards were dealt: the pyramid's slots (``None`` = empty from the start), the
    stock sequence in draw order (``stock[0]`` is drawn first) and, in a variant with face-up
    columns (Giza), the columns, each bottom card first (its last card is on top). All cards
    come from one deck, which holds the rest (:attr:`deck`; the standard deck when there is no
    card at all)."""

    pyramid: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    columns: tuple[tuple[Card, ...], ...] = ()

    def __post_init__(self) -> None:
        cards = [c for c in self.pyramid if c is not None] + list(self.stock) + self.column_cards()
        decks = {card.deck.name for card in cards}
        if len(decks) > 1:
            raise NotationError(f"cards of {' and '.join(sorted(decks))} decks mixed in one layout")
        room = self.deck.size - len(self.pyramid)
        if len(self.stock) > room:
            raise NotationError(f"a stock holds at most {room} cards, not {len(self.stock)}")
        if len(self.stock) + len(self.column_cards()) > room:
            raise NotationError(f"the stock and the columns hold at most {room} cards together")
        if len(set(cards)) != len(cards):
            twice = sorted({str(c) for c in cards if cards.count(c) > 1})
            raise NotationError(f"card{'s' if len(twice) > 1 else ''} {' '.join(twice)} placed twice")

    @property
    def deck(self) -> Deck:
        """The deck the cards come from."""
        for card in (*self.stock, *self.pyramid, *self.column_cards()):
            if card is not None:
                return card.deck
        return STANDARD_DECK

    def column_cards(self) -> list[Card]:
        """Every column card, column by column, bottom first."""
        return [card for column in self.columns for card in column]

    @staticmethod
    def from_cards(cards: tuple[Card, ...], variant: Variant) -> Layout:
        """Layout of a full deal (52 or 48 cards) in deal-text order: the pyramid, then what
        the variant's stock kind deals."""
        return variant.stock_kind.split(cards, variant.slots)
