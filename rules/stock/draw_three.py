"""Draw three onto one waste (Tut's Tomb, SPEC §12): the stock lies face down, a draw turns up
to three cards one at a time onto the waste (the third on top), and only the waste's top plays.

The state is the default game's (:mod:`rules.stock.one_waste`): the stock sequence, a mask of
the cards still in play, a cursor one past the waste's top card. A draw moves the cursor past
the next three cards still in play (fewer when fewer are left); a recycle turns the waste back
over as it lies, so the first card drawn is on top of the stock again (cursor 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.cards import Deck
from rules.moves import STOCK, WASTE
from rules.stock.one_waste import ONE_WASTE, OneWaste

if TYPE_CHECKING:
    from rules.state import State

DRAWN = 3
"""Cards a draw turns up."""


def drawn_to(stock: int, cursor: int) -> int:
    """The cursor after a draw from ``cursor``: past the next :data:`DRAWN` cards still in the
    stock mask ``stock`` (past the last one when fewer are left)."""
    ahead = stock >> cursor << cursor
    for _ in range(DRAWN - 1):
        rest = ahead & (ahead - 1)
        if not rest:
            break
        ahead = rest
    return (ahead & -ahead).bit_length()


@dataclass(frozen=True, slots=True)
class DrawThree(OneWaste):
    """The face-down stock and one waste: the one-waste kind but for what is face up and how far
    a draw goes. See :class:`rules.stock.kind.StockKind`."""

    name = "draw_three"
    stock_face_up = False
    hidden_refusal = "waste_top_only"

    def card_index(self, state: State, place: int) -> int | None:
        return state.waste_top_index() if place == WASTE else None

    def face_down(self, state: State, place: int) -> bool:
        return place == STOCK and state.stock_top_index() is not None

    def visible(self, state: State) -> int:
        return state.waste_mask()

    def drawn_cursor(self, state: State) -> int:
        assert state.stock_top_index() is not None, "nothing to draw"
        return drawn_to(state.stock, state.cursor)

    def cleanup(  # noqa: PLR0917 (the protocol's)
        self, ranks: tuple[int, ...], stk: int, cursor: int, pass_no: int, passes: int, deck: Deck
    ) -> int:
        """Exact: with no pyramid left only the waste's top plays, and it pairs with nothing, so
        only Kings go, each when it comes to the top. A search of every way of drawing and
        recycling, each position once; a pass that removes no King repeats the last, so passes
        past one per King left add nothing (this bounds unlimited passes)."""
        lone = deck.lone_rank
        kings = sum(1 for i in range(len(ranks)) if stk >> i & 1 and ranks[i] == lone)
        last = min(passes, pass_no + kings + 1)
        memo: dict[tuple[int, int, int], int] = {}

        def most(stk: int, cursor: int, pass_no: int) -> int:
            key = (stk, cursor, pass_no)
            found = memo.get(key)
            if found is not None:
                return found
            below = stk & ((1 << cursor) - 1)
            waste = below.bit_length() - 1 if below else None
            if waste is not None and ranks[waste] == lone:  # taking a King only uncovers cards
                rest = stk & ~(1 << waste)
                best = 1 + most(rest, ONE_WASTE.normal_cursor(rest, cursor), pass_no)
            elif stk >> cursor:
                best = most(stk, drawn_to(stk, cursor), pass_no)
            elif waste is not None and pass_no < last:
                best = most(stk, 0, pass_no + 1)
            else:
                best = 0
            memo[key] = best
            return best

        return most(stk, ONE_WASTE.normal_cursor(stk, cursor), pass_no)


DRAW_THREE = DrawThree()
