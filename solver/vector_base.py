"""What the two numpy move generators share: the one of one waste pile (:mod:`solver.vector`)
and the one of several (:mod:`solver.vector_piles`).

Elementwise bit operations on int64 arrays of stock masks, a lookup of packed per-byte tables,
the tables of the last pass's stranded-card test (:class:`LastPass`), and the columns of the
nodes that survived the stock-need test (:class:`LiveNodes`). Both generators import
from here and :mod:`solver.vector` imports :mod:`solver.vector_piles`, never the other way round.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from solver.model import ACC_SHIFT, CURSOR_MASK, Problem

Array = NDArray[np.int64]
MANTISSA = (1 << 52) - 1


def bit_length(values: Array) -> Array:
    """``int.bit_length`` elementwise for values below 2**53 (exact through float64)."""
    return np.frexp(values.astype(np.float64))[1].astype(np.int64)


def highest_bit(values: Array) -> Array:
    """The highest set bit of each value (0 for 0), for values below 2**53: the value as a
    float64 with its mantissa cleared."""
    exponent = values.astype(np.float64).view(np.int64) & ~MANTISSA
    return exponent.view(np.float64).astype(np.int64)


def or_by_bytes(tables: list[Array], stocks: Array) -> Array:
    """The union over the bytes of each stock mask of ``tables[byte][that byte]``."""
    found: Array = tables[0][stocks & 255]
    for byte, table in enumerate(tables[1:], 1):
        found |= table[stocks >> (8 * byte) & 255]
    return found


class LiveNodes:
    """The nodes that survived the stock-need test, as columns; each generator's subclass adds
    the stock cards a removal may use (``usable``) and where it leaves the player (``access``)."""

    def __init__(self, pyramids: Array, stocks: Array, accs: Array, shapes: Array, passes: int) -> None:
        self.pyramids = pyramids
        self.stocks = stocks
        self.accs = accs
        self.shapes = shapes
        self.pass_no = accs >> ACC_SHIFT
        self.cursor = accs & CURSOR_MASK
        self.later = self.pass_no < passes


class LastPass:
    """Tables of :meth:`Problem.stranded` on the last pass: per byte of a stock mask, the ranks
    ``q`` whose partner rank (``pair_sum - q``) it holds; and the stock cards of a set of ranks,
    by the low (ranks 0-6) and high (7-13) bits of that set."""

    def __init__(self, problem: Problem) -> None:
        paired = frozenset(problem.paired_ranks)
        values = np.arange(256, dtype=np.int64)
        self.partners_by_byte: list[Array] = []
        for byte in range((len(problem.srank) + 7) // 8):
            table = np.zeros(256, dtype=np.int64)
            for bit, rank in enumerate(problem.srank[8 * byte : 8 * byte + 8]):
                if rank in paired:
                    table[values >> bit & 1 == 1] |= 1 << (problem.pair_sum - rank)
            self.partners_by_byte.append(table)
        self.low = np.zeros(128, dtype=np.int64)
        self.high = np.zeros(128, dtype=np.int64)
        for rank in problem.paired_ranks:
            half, bit = (self.low, rank) if rank < 7 else (self.high, rank - 7)
            half[values[:128] >> bit & 1 == 1] |= problem.rank_stock[rank]

    def stuck(self, lonely: Array, others: Array, cards: Array) -> Array:
        """The cards among ``cards`` whose rank has no partner left: not in the pyramid (the
        ranks ``lonely`` lack one there) nor among the stock cards ``others``."""
        blocked = lonely & ~or_by_bytes(self.partners_by_byte, others)
        stuck: Array = cards & (self.low[blocked & 127] | self.high[blocked >> 7])
        return stuck
