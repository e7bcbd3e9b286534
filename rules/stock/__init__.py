"""Stock kinds: what a variant deals besides the pyramid, as values behind one protocol.

:class:`~rules.stock.kind.StockKind` is the protocol; :data:`ONE_WASTE` (the default game),
:class:`WastePiles` (apophis), :data:`DRAW_THREE` (Tut's Tomb), :data:`ONE_CELL` (one free
cell), :class:`Columns` (giza) and :class:`Reserve` (a reserve row) are the kinds.
"""

from rules.stock.cell import ONE_CELL, OneCell
from rules.stock.columns import Columns
from rules.stock.draw_three import DRAW_THREE, DrawThree
from rules.stock.kind import StockKind
from rules.stock.one_waste import ONE_WASTE, OneWaste
from rules.stock.reserve import Reserve
from rules.stock.waste_piles import WastePiles

__all__ = [
    "DRAW_THREE",
    "ONE_CELL",
    "ONE_WASTE",
    "SECTIONS",
    "Columns",
    "DrawThree",
    "OneCell",
    "OneWaste",
    "Reserve",
    "StockKind",
    "WastePiles",
    "waste_kind",
]

SECTIONS = ("columns", "reserve", "stock", "waste", "waste1", "waste2", "waste3", "cell")
"""Every kind's position-text sections (:attr:`StockKind.sections`), in the order a position
text's error lists them: a new kind adds its own here."""


def waste_kind(piles: int) -> StockKind:
    """The stock kind that deals onto ``piles`` waste piles (one: the default game's)."""
    return ONE_WASTE if piles == 1 else WastePiles(piles)
