"""Several waste piles (seed 002, seed 003's Apophis): the stock, face down, is drawn a group
at a time onto the piles in a fixed order; each pile's top card plays (``W1`` ``W2`` ``W3``).

Where each card goes, which cards are on top and where the cursor stands is :mod:`rules.piles`.
In the position text a card's place in the stock sequence decides its pile, so a card gone
from the sequence keeps its place as ``--`` (see :func:`rules.state.parse_position_unseen`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.cards import Card, Deck
from rules.errors import NotationError
from rules.layout import Layout
from rules.moves import STOCK, WASTE_PILES
from rules.piles import group_end, normal_cursor, pile_top
from rules.stock.kind import Sections, pass_lines, section_places
from rules.stock.one_waste import ONE_WASTE

if TYPE_CHECKING:
    from rules.state import RuleSet, State


@dataclass(frozen=True, slots=True)
class WastePiles:
    """``waste_piles`` piles (3 for apophis). See :class:`rules.stock.kind.StockKind`."""

    waste_piles: int
    name = "waste_piles"
    has_stock = True
    hidden_refusal = "face_down"
    stock_face_up = False
    columns = 0
    column_depth = 0

    @property
    def sections(self) -> tuple[str, ...]:
        return ("stock", *(f"waste{k + 1}" for k in range(self.waste_piles)))

    def waste_places(self) -> tuple[int, ...]:
        return WASTE_PILES[: self.waste_piles]

    def places(self) -> tuple[int, ...]:
        return (STOCK, *self.waste_places())

    def card_index(self, state: State, place: int) -> int | None:
        piles = self.waste_places()
        if place not in piles:
            return None
        return pile_top(state.stock, state.cursor, piles.index(place), self.waste_piles)

    def card_at(self, state: State, place: int) -> Card | None:
        index = self.card_index(state, place)
        return None if index is None else state.layout.stock[index]

    def face_down(self, state: State, place: int) -> bool:
        return place == STOCK and state.stock_top_index() is not None

    def visible(self, state: State) -> int:
        return state.waste_mask()

    def drawn_cursor(self, state: State) -> int:
        top = state.stock_top_index()
        assert top is not None, "nothing to draw"
        return group_end(top, self.waste_piles)

    def normal_cursor(self, stock: int, cursor: int) -> int:
        return normal_cursor(stock, cursor, self.waste_piles)

    def take(self, state: State, place: int, stock: int, columns: int) -> tuple[int, int]:
        index = self.card_index(state, place)
        assert index is not None
        return stock & ~(1 << index), columns

    def cards_left(self, state: State) -> list[Card]:
        return ONE_WASTE.cards_left(state)

    def cleared(self, state: State) -> bool:
        return state.stock == 0

    def blocks_win(self, state: State) -> bool:
        return False

    def split(self, cards: tuple[Card, ...], slots: int) -> Layout:
        return ONE_WASTE.split(cards, slots)

    def text(self, state: State) -> list[str]:
        """Every sequence place written, ``--`` for a card gone, because a card's place decides
        its pile (see :func:`parse_position_unseen`)."""

        def tokens(indices: range) -> str:
            words = [str(state.layout.stock[i]) if state.stock >> i & 1 else "--" for i in indices]
            while words and words[-1] == "--":
                words.pop()
            return " ".join(words)

        piles, length = self.waste_piles, len(state.layout.stock)
        lines = ["stock: " + tokens(range(state.cursor, length))]
        for pile in range(piles):
            lines.append(f"waste{pile + 1}: " + tokens(range(pile, min(state.cursor, length), piles)))
        return [*lines, *pass_lines(state)]

    def parse(
        self, values: Sections, pyramid: tuple[Card | None, ...], rules: RuleSet
    ) -> tuple[Layout, int, int]:
        """A place written ``--`` holds a card gone from play; the layout needs a card there,
        so it gets one the position does not use (its bit in the stock mask is clear)."""
        piles, deck = self.waste_piles, rules.deck
        if values.get("columns", "").strip():
            raise NotationError(f"columns: the {rules.variant.name} variant has no columns")
        if "waste" in values:
            raise NotationError(f"waste: {piles} waste piles are written waste1: … waste{piles}:")
        if any(f"waste{k}" in values for k in range(piles + 1, 4)):
            raise NotationError(f"waste{piles + 1}: there are only {piles} waste piles")
        columns = [section_places(values, f"waste{k + 1}", deck) for k in range(piles)]
        cursor = piles * max(len(column) for column in columns)
        places: list[Card | None] = [None] * cursor
        for pile, column in enumerate(columns):
            places[pile::piles] = column + [None] * (cursor // piles - len(column))
        places += section_places(values, "stock", deck)
        room = deck.size - len(pyramid)
        if len(places) > room:  # before filling: past the deck's spare cards there is nothing to fill with
            raise NotationError(f"a stock holds at most {room} cards, not {len(places)}")
        used = {card for card in (*pyramid, *places) if card is not None}
        spare = [card for card in deck.cards if card not in used]
        spare.reverse()  # taken from the end: the lowest spare card fills the first empty place
        stock_mask = sum(1 << i for i, card in enumerate(places) if card is not None)
        sequence = tuple(card if card is not None else spare.pop() for card in places)
        return Layout(pyramid, sequence), stock_mask, normal_cursor(stock_mask, cursor, piles)

    def cleanup(  # noqa: PLR0917 (the protocol's)
        self, ranks: tuple[int, ...], stk: int, cursor: int, pass_no: int, passes: int, deck: Deck
    ) -> int:
        """The stock lies face down, a draw turns up the next group, and any two pile tops may
        pair. A King on top of a pile is removed at once, as with one pile."""
        memo: dict[tuple[int, int, int], int] = {}
        lone, pair_sum, piles = deck.lone_rank, deck.pair_sum, self.waste_piles

        def most(stk: int, cursor: int, pass_no: int) -> int:
            key = (stk, cursor, pass_no)
            found = memo.get(key)
            if found is not None:
                return found
            tops = [t for t in (pile_top(stk, cursor, k, piles) for k in range(piles)) if t is not None]
            king = next((t for t in tops if ranks[t] == lone), None)
            if king is not None:
                rest = stk & ~(1 << king)
                best = 1 + most(rest, normal_cursor(rest, cursor, piles), pass_no)
            else:
                best = 0
                ahead = stk >> cursor
                if ahead:
                    best = most(stk, group_end(cursor + (ahead & -ahead).bit_length() - 1, piles), pass_no)
                elif tops and pass_no < passes:
                    best = most(stk, 0, pass_no + 1)
                for i, low in enumerate(tops):
                    for high in tops[i + 1 :]:
                        if ranks[low] + ranks[high] == pair_sum:
                            rest = stk & ~(1 << low) & ~(1 << high)
                            best = max(best, 2 + most(rest, normal_cursor(rest, cursor, piles), pass_no))
            memo[key] = best
            return best

        return most(stk, normal_cursor(stk, cursor, piles), pass_no)
