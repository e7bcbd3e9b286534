"""The numpy move generator's part for several waste piles (apophis): the numpy twin of
:mod:`solver.piles`, the waste piles kind's part of :data:`solver.vector.STOCK_PARTS`.

The stock is dealt in groups of ``g`` cards, one on each pile. A card on a pile with a card
lying on it waits for the next pass (:class:`PileLive`); the stock pairs are two piles' tops at
the end of a group (:func:`pile_pairs`, read from :class:`PileArrays`); on the last pass a card
that can never leave hides the cards beneath it on its own pile (:func:`pile_reach`). The
pyramid pairs and the stock singles are gathered by :mod:`solver.vector` for one pile and
several alike; a node's :meth:`PileLive.access` is what differs. ``tests/test_vector.py`` checks
that this gives exactly the successors of :func:`solver.piles.successors`.
"""

from __future__ import annotations

import numpy as np

from solver.model import ACC_SHIFT, Problem
from solver.vector_base import Array, LastPass, LiveNodes, bit_length, highest_bit, or_by_bytes

NO_RANK = -64
"""A rank that sums to the pair sum with no rank, itself included (in an int8)."""


class PileArrays:
    """Several waste piles (``g`` of them), numpy twin of :class:`solver.piles.PileTables`: per
    stock index the end of its group; per pile its cards; :func:`rules.piles.normal_cursor` by
    bit length.

    For the stock pairs a pile's cards are *packed*: bit ``j`` stands for its ``j``-th place,
    stock index ``p + g·j``, which lies in group ``j``. :attr:`tops` then gives, for a pile's
    packed cards, its top card's place at the end of every group (-1: the pile is empty there),
    and :attr:`ranks` the rank at each place of each pile.
    """

    def __init__(self, problem: Problem) -> None:
        piles = self.piles = problem.piles
        groups = -(-len(problem.srank) // piles)
        self.residue = np.array(problem.residue_of[:piles], dtype=np.int64)
        self.own = self.residue & ~problem.unseen
        """Per pile, the places whose card surely lies on it (:attr:`Problem.unseen` ones may not)."""
        self.stock_bits = problem.stock_bits
        self.end_of = np.array([(i // piles + 1) * piles for i in range(problem.stock_bits)], dtype=np.int64)
        self.normal = np.array(
            [-(-b // piles) * piles for b in range(problem.stock_bits + 1)], dtype=np.int64
        )
        """Indexed by the bit length of the cards on the piles: the normalised cursor."""
        self.pair_sum = problem.pair_sum
        paired = frozenset(problem.paired_ranks)
        self.ranks = np.full((piles, groups + 1), NO_RANK, dtype=np.int8)
        """Per pile and place, the rank there; :data:`NO_RANK` for a card that pairs with
        nothing (a blank), past the stock, and at place -1 (the last column: an empty pile)."""
        for index, rank in enumerate(problem.srank):
            if rank in paired:
                self.ranks[index % piles, index // piles] = rank
        self.ends = np.arange(1, groups + 1, dtype=np.int64) * piles
        self.group = np.arange(groups, dtype=np.int8)
        values = np.arange(256, dtype=np.int64)
        self.packing: list[list[Array]] = []
        """Per pile, per byte of a stock mask: that byte's cards of the pile, packed."""
        for pile in range(piles):
            tables = []
            for byte in range((len(problem.srank) + 7) // 8):
                table = np.zeros(256, dtype=np.int64)
                for bit in range(8):
                    index = 8 * byte + bit
                    if index % piles == pile:
                        table |= (values >> bit & 1) << (index // piles)
                tables.append(table)
            self.packing.append(tables)
        packed = np.arange(1 << groups, dtype=np.int64)[:, None]
        below = packed & ((2 << np.arange(groups, dtype=np.int64)) - 1)[None, :]
        self.tops = bit_length(below) - 1
        """Per packed pile (2**groups rows) and group end: the top card's place, or -1."""
        self.top_ranks = [self.ranks[pile][self.tops] for pile in range(piles)]
        """Per pile, per packed pile and group end: the rank of the top card (or NO_RANK)."""
        self.dealt_in = packed >> np.arange(groups, dtype=np.int64)[None, :] & 1 == 1
        """Per packed pile and group: whether the pile has a card in that group."""

    def packed(self, stocks: Array, pile: int) -> Array:
        """The cards of ``pile`` in each stock mask, packed."""
        return or_by_bytes(self.packing[pile], stocks)

    def normal_cursor(self, stocks: Array, cursors: Array) -> Array:
        """:func:`solver.piles.normal` elementwise."""
        normal: Array = self.normal[bit_length(stocks & ((1 << cursors) - 1))]
        return normal


class PileLive(LiveNodes):
    """Several waste piles: the nodes that survived the stock-need test, and the cards on the
    piles that another card lies on (never playable until the piles come round again)."""

    def __init__(  # noqa: PLR0917  (the columns of LiveNodes, and the pile tables)
        self, pyramids: Array, stocks: Array, accs: Array, shapes: Array, passes: int, tables: PileArrays
    ) -> None:
        super().__init__(pyramids, stocks, accs, shapes, passes)
        self.tables = tables
        waste = stocks & ((1 << self.cursor) - 1)
        tops = np.zeros(len(stocks), dtype=np.int64)
        for residue in tables.residue.tolist():
            tops |= highest_bit(waste & residue)
        self.covered = waste & ~tops
        """Cards on the piles with a card lying on them: one dealt after them on their pile
        (:attr:`solver.piles.PileTables.above`), still in play, before the cursor."""
        self.usable = np.where(self.later, stocks, stocks & ~self.covered)
        """The cards a removal may use: all while a later pass remains, else the pile tops
        and the stock."""

    def access(self, rows: Array, bit: Array, rest: Array) -> Array:
        """For a free pyramid card played with the usable stock card ``bit`` from nodes ``rows``,
        leaving stock ``rest``: the new access, played at ``max(cursor, e(s))`` this pass, or
        at ``e(s)`` on the next when a card lies on it (see :mod:`solver.piles`)."""
        end = self.tables.end_of[bit_length(bit) - 1]
        lying = self.covered[rows] & bit != 0
        cursor = np.where(lying, end, np.maximum(self.cursor[rows], end))
        access: Array = (self.pass_no[rows] + lying) << ACC_SHIFT | self.tables.normal_cursor(rest, cursor)
        return access


def pile_reach(
    piles: PileArrays, last_pass: LastPass, stocks: Array, waste: Array, lonely: Array
) -> tuple[Array, Array]:
    """On the last pass with several waste piles, for nodes with stock ``stocks``, cards on the
    piles ``waste`` and pyramid ranks ``lonely`` with no partner in the pyramid: the stock they
    can still reach (:meth:`Problem.reachable_stock`), and the cards that can never leave
    (:meth:`Problem.stranded`): a card on a pile whose rank has no partner left in the pyramid
    nor off its own pile. The cards beneath such a card on its pile are out of reach."""
    stuck = np.zeros(len(stocks), dtype=np.int64)
    beneath = np.zeros(len(stocks), dtype=np.int64)
    for residue, own in zip(piles.residue.tolist(), piles.own.tolist(), strict=True):
        on_pile = last_pass.stuck(lonely, stocks & ~own, waste & residue)
        stuck |= on_pile
        beneath |= residue & np.maximum(highest_bit(on_pile) - 1, 0)
    return stocks & ~beneath, stuck


def pile_pairs(node: PileLive) -> tuple[Array, Array, Array]:
    """Several waste piles: two stock cards on top of two piles at once that pair, found at
    the end of the higher card's group from the pile tops there (:func:`solver.piles.pile_pairs`);
    played there, or at the cursor when both are still on top, or on the next pass. Two piles'
    tops at a group end are a new pair there when one of the piles has a card in that group."""
    piles = node.tables
    g = piles.piles
    packed = [piles.packed(node.stocks, pile) for pile in range(g)]
    ranks = [piles.top_ranks[pile][packed[pile]] for pile in range(g)]  # node × group end
    dealt = [piles.dealt_in[packed[pile]] for pile in range(g)]
    found_rows, found_cards, found_end = [], [], []
    for p in range(g):
        for q in range(p + 1, g):
            pair = (ranks[p] + ranks[q] == piles.pair_sum) & (dealt[p] | dealt[q])
            rows, group = np.nonzero(pair)
            first = p + g * piles.tops[packed[p][rows], group]
            second = q + g * piles.tops[packed[q][rows], group]
            found_rows.append(rows)
            found_cards.append(1 << first | 1 << second)
            found_end.append(piles.ends[group])
    rows = np.concatenate(found_rows)
    cards = np.concatenate(found_cards)
    end = np.concatenate(found_end)
    cursor = node.cursor[rows]
    rest = node.stocks[rows] & ~cards
    drawn = cursor <= end
    now = drawn | (node.covered[rows] & cards == 0)  # both still on top at the cursor
    allowed = np.flatnonzero(now | node.later[rows])
    rows, rest, now, drawn = rows[allowed], rest[allowed], now[allowed], drawn[allowed]
    new_cursor = piles.normal_cursor(rest, np.where(drawn | ~now, end[allowed], cursor[allowed]))
    acc = (node.pass_no[rows] + ~now) << ACC_SHIFT | new_cursor
    return rows, node.pyramids[rows] << node.tables.stock_bits | rest, acc
