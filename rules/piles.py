"""The waste piles of a variant: where a drawn card goes, which cards are on top, where the
cursor stands (the state's ``cursor``, see :mod:`rules.state`).

A variant deals its stock onto ``piles`` waste piles (``Variant.waste_piles``). The stock
sequence is cut into fixed groups of ``piles`` cards (indices ``0..piles-1``, then
``piles..2*piles-1``, …); a draw turns up the next group that still has a card, and the card of
sequence index ``i`` always goes onto pile ``i mod piles``, so the order in which cards are laid
on the piles stays the same all game (seed 002). The cursor is therefore always a whole number
of groups: sequence indices below it are on the piles, the others in the stock. A recycle puts
the piles back as the stock in sequence order (cursor 0).

With one pile this is the default game: one card per draw onto the one waste pile, and the
stock's top card lies face up and is playable. With several piles the stock is face down and
only the piles' top cards are playable (seed 003's Apophis).
"""

from __future__ import annotations

from functools import cache

MAX_STOCK = 64
"""Masks below are built this wide: longer than any stock."""


@cache
def residue_mask(pile: int, piles: int) -> int:
    """Sequence indices that go onto ``pile`` (from 0) when there are ``piles`` piles."""
    return sum(1 << i for i in range(pile, MAX_STOCK, piles))


def group_end(index: int, piles: int) -> int:
    """The cursor just past the group holding sequence index ``index``: where a draw that turns
    that card up leaves the cursor."""
    return (index // piles + 1) * piles


def normal_cursor(stock: int, cursor: int, piles: int) -> int:
    """The cursor kept normalised: the end of the group of the highest card still on the piles
    (0 when the piles are empty). Two cursors with the same normal form give the same play:
    drawing from the smaller one skips over the groups that no longer hold a card."""
    below = (stock & ((1 << cursor) - 1)).bit_length()
    return -(-below // piles) * piles


def pile_top(stock: int, cursor: int, pile: int, piles: int) -> int | None:
    """Sequence index of the top card of waste pile ``pile`` (from 0), or None when it is empty."""
    on_pile = stock & ((1 << cursor) - 1) & residue_mask(pile, piles)
    return on_pile.bit_length() - 1 if on_pile else None


def pile_cards(stock: int, cursor: int, pile: int, piles: int) -> list[int]:
    """Sequence indices of the cards on waste pile ``pile``, bottom first."""
    on_pile = stock & ((1 << cursor) - 1) & residue_mask(pile, piles)
    return [i for i in range(on_pile.bit_length()) if on_pile >> i & 1]
