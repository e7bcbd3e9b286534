"""The numpy backend of the layered engine: many nodes expanded at once.

Each pyramid :class:`~solver.model.Shape` becomes a row of fixed-width tables (its pyramid
pairs, its free cards with the stock rank each needs, its stock needs), so a chunk of nodes
gathers its rows by shape index and every successor of every node comes out of a handful of
array operations. It must produce exactly what :func:`solver.movegen.expand_batch` produces;
``tests/test_vector.py`` checks that over thousands of positions.

With several waste piles (apophis) the stock part follows :mod:`solver.piles` instead (the
last section here): a card on a pile with a card lying on it waits for the next pass, and the
stock pairs are read from each pile's top at every group end (:class:`PileArrays`). It is the
numpy twin of those two modules, which is why the file is longer than most.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from rules.cards import DECKS
from solver.layered import Batch
from solver.model import ACC_SHIFT, CURSOR_MASK, STOCK_BITS, Problem
from solver.movegen import expand_batch

Array = NDArray[np.int64]
STOCK_MASK = (1 << STOCK_BITS) - 1
RANKS = max(deck.top_rank for deck in DECKS.values()) + 1
"""Columns of the per-rank tables: every rank of every deck, and 0 (a blank)."""
FEW = 16
"""Fewer nodes than this are expanded by :func:`solver.movegen.expand_batch`: the same
children, without the ~0.2 ms that a round of array operations costs however small."""
MANTISSA = (1 << 52) - 1
FIELD_TOPS = sum(8 << (4 * rank) for rank in range(RANKS))
"""The top bit of each rank's 4-bit field in packed counts and needs."""
NO_COUNT = 7
"""A front element no count meets (7 cards of rank 0, which is never counted): the padding
of :attr:`Tables.fronts`."""
ACC_BITS = 7
"""An access is below 2**7 (pass at most 3, cursor at most 24), so ``key << 7 | acc`` sorts
by key, then access, in one int64."""


np.unique(np.zeros(1, dtype=np.int64), return_inverse=True)
np.unique(np.zeros(1, dtype=np.int64))
"""np.unique's first calls import more of numpy (numpy.ma), 20-30 ms: done here, not inside a
search step."""


def bit_length(values: Array) -> Array:
    """``int.bit_length`` elementwise for values below 2**53 (exact through float64)."""
    return np.frexp(values.astype(np.float64))[1].astype(np.int64)


def highest_bit(values: Array) -> Array:
    """The highest set bit of each value (0 for 0), for values below 2**53: the value as a
    float64 with its mantissa cleared."""
    exponent = values.astype(np.float64).view(np.int64) & ~MANTISSA
    return exponent.view(np.float64).astype(np.int64)


def popcount(values: Array) -> Array:
    return np.bitwise_count(values).astype(np.int64)


class Tables:
    """numpy views of one :class:`Problem`'s tables; shape rows are added as shapes appear."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.rank_stock = np.array(problem.rank_stock, dtype=np.int64)
        low = [i for i in range(len(problem.srank)) if problem.low_stock >> i & 1]
        self.low_bits = np.array([1 << i for i in low], dtype=np.int64)
        self.low_complements = np.array([problem.stock_complements[i] for i in low], dtype=np.int64)
        self.low_complements_before = np.array([problem.complements_before[i] for i in low], dtype=np.int64)
        self.rows = 0
        self.pairs = np.full((64, 1), -1, dtype=np.int64)
        self.single_cards = np.zeros((64, 1), dtype=np.int64)
        """Per shape and free card, the stock cards of the rank it needs (a mask)."""
        self.single_after = np.zeros((64, 1), dtype=np.int64)
        self.needs = np.zeros(64, dtype=np.int64)
        """Per shape, its stock needs packed: ``n << 4 * q`` for each need (q, n)."""
        values = np.arange(256, dtype=np.int64)
        self.counts_by_byte = []
        """Per byte of a stock mask, its cards counted by rank, packed as the needs are (no
        rank has more than 4 cards, so the sum of the bytes' counts never carries)."""
        paired = frozenset(problem.paired_ranks)
        for byte in range((len(problem.srank) + 7) // 8):
            table = np.zeros(256, dtype=np.int64)
            for bit, rank in enumerate(problem.srank[8 * byte : 8 * byte + 8]):
                if rank in paired:
                    table += (values >> bit & 1) << (4 * rank)
            self.counts_by_byte.append(table)
        self.partnerless = np.zeros(64, dtype=np.int64)
        self.fronts = np.full((64, 1), NO_COUNT, dtype=np.int64)
        """Per shape, its stock front (:meth:`Problem.front`), padded with :data:`NO_COUNT`."""
        self.front_wanted = np.zeros(64, dtype=np.int64)
        """Per shape, whether its front asks for any stock card (is not ``(0,)``)."""
        self.front_rows = 0
        """The first rows whose fronts are filled in (once the problem uses fronts)."""
        self._last_pass: tuple[list[Array], Array, Array] | None = None
        self._piles: PileArrays | None = None

    def piles(self) -> PileArrays:
        """Several waste piles: their tables (:class:`PileArrays`), made on first use."""
        if self._piles is None:
            self._piles = PileArrays(self.problem)
        return self._piles

    def last_pass(self) -> tuple[list[Array], Array, Array]:
        """Tables for :func:`_reachable`, made on first use: per byte of a stock mask, the ranks
        ``q`` whose partner rank (``pair_sum - q``) it holds; and the stock cards of a set of ranks,
        by the low (ranks 0-6) and high (7-13) bits of that set."""
        if self._last_pass is None:
            problem = self.problem
            paired = frozenset(problem.paired_ranks)
            values = np.arange(256, dtype=np.int64)
            by_byte = []
            for byte in range((len(self.problem.srank) + 7) // 8):
                table = np.zeros(256, dtype=np.int64)
                for bit, rank in enumerate(problem.srank[8 * byte : 8 * byte + 8]):
                    if rank in paired:
                        table[values >> bit & 1 == 1] |= 1 << (problem.pair_sum - rank)
                by_byte.append(table)
            low = np.zeros(128, dtype=np.int64)
            high = np.zeros(128, dtype=np.int64)
            for rank in problem.paired_ranks:
                half, bit = (low, rank) if rank < 7 else (high, rank - 7)
                half[values[:128] >> bit & 1 == 1] |= problem.rank_stock[rank]
            self._last_pass = (by_byte, low, high)
        return self._last_pass

    def shape_indices(self, pyramids: Array) -> Array:
        unique, inverse = np.unique(pyramids, return_inverse=True)
        indices = np.array([self.problem.shape(int(p)).index for p in unique], dtype=np.int64)
        self._add_new_shapes()
        return indices[inverse.reshape(-1)]

    def _grow(self, capacity: int, pairs: int, free: int, fronts: int) -> None:
        """Make room for ``capacity`` rows and wider rows, keeping the rows filled so far."""
        self.pairs = _regrow(self.pairs, self.rows, (capacity, pairs), -1)
        self.single_cards = _regrow(self.single_cards, self.rows, (capacity, free), 0)
        self.single_after = _regrow(self.single_after, self.rows, (capacity, free), 0)
        self.needs = _regrow(self.needs, self.rows, (capacity,), 0)
        self.partnerless = _regrow(self.partnerless, self.rows, (capacity,), 0)
        self.fronts = _regrow(self.fronts, self.rows, (capacity, fronts), NO_COUNT)
        self.front_wanted = _regrow(self.front_wanted, self.rows, (capacity,), 0)

    def _add_new_shapes(self) -> None:
        problem = self.problem
        shapes = problem.shape_list[self.rows :]
        if shapes:
            capacity = self.pairs.shape[0]
            pairs = max(self.pairs.shape[1], *(len(s.pairs) for s in shapes))
            free = max(self.single_cards.shape[1], *(len(s.singles) for s in shapes))
            needed = self.rows + len(shapes)
            if needed > capacity or pairs > self.pairs.shape[1] or free > self.single_cards.shape[1]:
                self._grow(max(needed, 2 * capacity), pairs, free, self.fronts.shape[1])
            for shape in shapes:
                row = shape.index
                self.pairs[row, : len(shape.pairs)] = shape.pairs
                for k, (rank, after) in enumerate(shape.singles):
                    self.single_cards[row, k] = self.problem.rank_stock[rank]
                    self.single_after[row, k] = after
                self.needs[row] = sum(count << (4 * rank) for rank, count in shape.needs)
                self.partnerless[row] = shape.partnerless
            self.rows = needed
        if problem.use_fronts and self.front_rows < self.rows:  # fronts since they were turned on
            fronts = [problem.front(shape.pyr) for shape in problem.shape_list[self.front_rows : self.rows]]
            width = max(self.fronts.shape[1], *(len(front) for front in fronts))
            if width > self.fronts.shape[1]:
                self._grow(self.pairs.shape[0], self.pairs.shape[1], self.single_cards.shape[1], width)
            for row, front in enumerate(fronts, self.front_rows):
                self.fronts[row, : len(front)] = front
                self.front_wanted[row] = front != (0,)
            self.front_rows = self.rows


def _regrow(table: Array, rows: int, shape: tuple[int, ...], fill: int) -> Array:
    grown = np.full(shape, fill, dtype=np.int64)
    if table.ndim == 1:
        grown[:rows] = table[:rows]
    else:
        grown[:rows, : table.shape[1]] = table[:rows]
    return grown


class NumpyBackend:
    """Batches as int64 arrays; see :class:`solver.layered.Backend` for the contract."""

    name = "numpy"
    share = 4

    def __init__(self) -> None:
        self._tables: dict[int, Tables] = {}

    def tables(self, problem: Problem) -> Tables:
        found = self._tables.get(id(problem))
        if found is None or found.problem is not problem:
            found = self._tables[id(problem)] = Tables(problem)
        return found

    def expand(self, problem: Problem, batch: Batch, start: int, stop: int) -> tuple[Batch, int | None]:
        keys = np.asarray(batch.keys[start:stop], dtype=np.int64)
        accs = np.asarray(batch.accs[start:stop], dtype=np.int64)
        if stop - start < FEW:
            lists = expand_batch(problem, keys.tolist(), accs.tolist())
            positions, child_keys, child_accs = (np.array(column, dtype=np.int64) for column in lists)
        else:
            positions, child_keys, child_accs = expand_arrays(problem, self.tables(problem), keys, accs)
        winning = np.flatnonzero(child_keys >> problem.goal_shift == 0)
        win = int(winning[0]) if len(winning) else None
        return Batch(child_keys, child_accs, keys[positions]), win

    def merge(self, batches: list[Batch]) -> Batch:
        keys = np.concatenate([np.asarray(b.keys, dtype=np.int64) for b in batches])
        accs = np.concatenate([np.asarray(b.accs, dtype=np.int64) for b in batches])
        parents = np.concatenate([np.asarray(b.parents, dtype=np.int64) for b in batches])
        if not len(keys):
            return Batch(keys, accs, parents)
        # Sorted by key, then access: per key the first run of equal (key, access) has the
        # smallest access, and its smallest original position is the first met. (An unstable
        # sort and a minimum per run: a stable sort of int64 costs about five times as much.)
        combined = keys << ACC_BITS | accs
        order = np.argsort(combined)
        ordered = combined[order]
        runs = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
        first_met = np.minimum.reduceat(order, runs)
        run_keys = ordered[runs] >> ACC_BITS
        chosen = first_met[np.concatenate(([True], run_keys[1:] != run_keys[:-1]))]
        return Batch(keys[chosen], accs[chosen], parents[chosen])

    def split(self, batch: Batch) -> dict[int, Batch]:
        keys = np.asarray(batch.keys, dtype=np.int64)
        accs = np.asarray(batch.accs, dtype=np.int64)
        parents = np.asarray(batch.parents, dtype=np.int64)
        layers = np.bitwise_count(keys)  # uint8: a stable sort of it is a radix sort
        order = np.argsort(layers, kind="stable")
        counts = np.bincount(layers)
        keys, accs, parents = keys[order], accs[order], parents[order]
        out = {}
        stop = 0
        for layer in np.flatnonzero(counts).tolist():
            start, stop = stop, stop + int(counts[layer])
            out[layer] = Batch(keys[start:stop], accs[start:stop], parents[start:stop])
        return out

    def locate(self, batch: Batch, key: int) -> int:
        return int(np.searchsorted(np.asarray(batch.keys), key))

    def cut(self, batch: Batch, low: int | None, high: int | None) -> Batch:
        keys = np.asarray(batch.keys, dtype=np.int64)
        start = 0 if low is None else int(np.searchsorted(keys, low))
        stop = len(keys) if high is None else int(np.searchsorted(keys, high))
        return Batch(keys[start:stop], batch.accs[start:stop], batch.parents[start:stop])

    def sample(self, batch: Batch, stride: int) -> list[int]:
        return [int(key) for key in np.asarray(batch.keys, dtype=np.int64)[::stride].tolist()]

    def concat(self, batches: list[Batch]) -> Batch:
        return Batch(
            np.concatenate([np.asarray(b.keys, dtype=np.int64) for b in batches]),
            np.concatenate([np.asarray(b.accs, dtype=np.int64) for b in batches]),
            np.concatenate([np.asarray(b.parents, dtype=np.int64) for b in batches]),
        )


def expand_arrays(problem: Problem, tables: Tables, keys: Array, accs: Array) -> tuple[Array, Array, Array]:
    """Successors of every node: (parent position, child key, child access) arrays, the same
    set :func:`solver.movegen.expand_batch` gives (the order may differ); with several waste
    piles, the set :func:`solver.piles.successors` gives."""
    pyramids = keys >> STOCK_BITS
    stocks = keys & STOCK_MASK
    shapes = tables.shape_indices(pyramids) if len(keys) else np.zeros(0, dtype=np.int64)
    reachable = _reachable if problem.piles == 1 else _pile_reachable
    reach, stranded = reachable(problem, tables, shapes, stocks, accs)
    # strict win: a node with a card that can never leave is lost
    alive = ~stranded if problem.win_all else np.ones(len(keys), dtype=bool)
    if problem.use_fronts:
        # alive when the reachable stock holds, rank by rank, at least one element of the front
        wanting = np.flatnonzero(tables.front_wanted[shapes])
        if len(wanting):
            counts = _counts(tables, reach[wanting])
            fronts = tables.fronts[shapes[wanting]]
            within = ((counts[:, None] | FIELD_TOPS) - fronts) & FIELD_TOPS == FIELD_TOPS
            alive[wanting] &= within.any(axis=1)
    else:
        needs = tables.needs[shapes]
        wanting = np.flatnonzero(needs)
        if len(wanting):
            # Every 4-bit field of the count is at least the need's when, with the field's top
            # bit set beforehand, subtracting leaves that bit set (fields hold at most 4: no borrows).
            counts = _counts(tables, reach[wanting])
            alive[wanting] &= ((counts | FIELD_TOPS) - needs[wanting]) & FIELD_TOPS == FIELD_TOPS
    live = np.nonzero(alive)[0]
    if problem.piles == 1:
        node = _Live(pyramids[live], stocks[live], accs[live], shapes[live], problem.passes)
        parts = [_pyramid_pairs(tables, node), _stock_singles(tables, node), _stock_pairs(tables, node)]
    else:
        pile_tables = tables.piles()
        on_piles = _PileLive(
            pyramids[live], stocks[live], accs[live], shapes[live], problem.passes, pile_tables
        )
        parts = [
            _pyramid_pairs(tables, on_piles),
            _pile_singles(tables, on_piles),
            _pile_pairs(pile_tables, on_piles),
        ]
    rows = np.concatenate([p[0] for p in parts])
    return live[rows], np.concatenate([p[1] for p in parts]), np.concatenate([p[2] for p in parts])


def _counts(tables: Tables, stocks: Array) -> Array:
    """The cards of each stock mask counted by rank, packed in 4-bit fields."""
    counts: Array = tables.counts_by_byte[0][stocks & 255]
    for byte, table in enumerate(tables.counts_by_byte[1:], 1):
        counts += table[stocks >> (8 * byte) & 255]
    return counts


class _Live:
    """The nodes that survived the stock-need test."""

    def __init__(self, pyramids: Array, stocks: Array, accs: Array, shapes: Array, passes: int) -> None:
        self.pyramids = pyramids
        self.stocks = stocks
        self.accs = accs
        self.shapes = shapes
        self.pass_no = accs >> ACC_SHIFT
        self.cursor = accs & CURSOR_MASK
        self.later = self.pass_no < passes
        self.top = (1 << self.cursor) >> 1
        """The waste's top card as a bit (0 when the waste is empty)."""
        self.usable = np.where(self.later, stocks, stocks & ~(((1 << self.cursor) - 1) >> 1))
        """The stock cards a removal may use: all of them while a later pass remains, else
        the waste's top and the stock (one past the cursor's card and on)."""

    def access(self, rows: Array, first: Array, rest: Array) -> Array:
        """For removals from nodes ``rows`` whose lowest stock card is the bit ``first`` (a
        usable one), leaving stock ``rest``: the new access, the cursor just past the card
        before ``first``, on the next pass when ``first`` lies beneath the waste's top."""
        later = first < self.top[rows]
        return (self.pass_no[rows] + later) << ACC_SHIFT | bit_length(rest & (first - 1))


def _reachable(
    problem: Problem, tables: Tables, shapes: Array, stocks: Array, accs: Array
) -> tuple[Array, Array]:
    """:meth:`Problem.reachable_stock` for every node, and whether :meth:`Problem.stranded`
    finds a card that can never leave."""
    reach = stocks.copy()
    stranded = np.zeros(len(stocks), dtype=bool)
    cursors = accs & CURSOR_MASK
    last = np.nonzero((accs >> ACC_SHIFT >= problem.passes) & (cursors > 0))[0]
    if not len(last):
        return reach, stranded
    by_byte, low, high = tables.last_pass()
    stk = stocks[last]
    waste = stk & ((1 << cursors[last]) - 1)
    ahead = stk & ~waste
    partnered = by_byte[0][ahead & 255]
    for byte, table in enumerate(by_byte[1:], 1):
        partnered |= table[ahead >> (8 * byte) & 255]
    blocked = tables.partnerless[shapes[last]] & ~partnered  # ranks with no partner left
    stuck = waste & (low[blocked & 127] | high[blocked >> 7])
    top_stuck = np.maximum(bit_length(stuck) - 1, 0)
    reach[last] = np.where(stuck > 0, stk & ~((1 << top_stuck) - 1), stk)
    stranded[last] = stuck > 0
    return reach, stranded


def _pyramid_pairs(tables: Tables, node: _Live | _PileLive) -> tuple[Array, Array, Array]:
    after = tables.pairs[node.shapes]
    rows, cols = np.nonzero(after >= 0)
    return rows, after[rows, cols] << STOCK_BITS | node.stocks[rows], node.accs[rows]


def _stock_singles(tables: Tables, node: _Live) -> tuple[Array, Array, Array]:
    """A free pyramid card with any usable stock card of the rank it needs: the usable cards
    of each (node, free card), taken lowest first until none is left."""
    rows, bit, rest, after = _singles(tables, node)
    return rows, after << STOCK_BITS | rest, node.access(rows, bit, rest)


def _singles(tables: Tables, node: _Live | _PileLive) -> tuple[Array, Array, Array, Array]:
    """Every (node, free pyramid card, usable stock card of the rank it needs): the node's row,
    the stock card as a bit, the stock left, and the pyramid left; the usable cards of each
    (node, free card) taken lowest first until none is left."""
    cards = node.usable[:, None] & tables.single_cards[node.shapes]  # node × free card
    width = cards.shape[1]
    where = np.flatnonzero(cards)
    left = cards.reshape(-1)[where]
    places, bits = [], []
    while len(where):
        low = left & -left
        places.append(where)
        bits.append(low)
        left = left ^ low
        more = left != 0
        where, left = where[more], left[more]
    place = np.concatenate(places) if places else np.zeros(0, dtype=np.int64)
    bit = np.concatenate(bits) if bits else np.zeros(0, dtype=np.int64)
    rows = place // width
    rest = node.stocks[rows] ^ bit
    after = tables.single_after.reshape(-1)[node.shapes[rows] * width + place % width]
    return rows, bit, rest, after


def _stock_pairs(tables: Tables, node: _Live) -> tuple[Array, Array, Array]:
    """Two stock cards next to each other (nothing left between them) that make the pair sum:
    found from the low card of each pair (ranks A–6), looking at its neighbours on both sides
    (before it only for high cards, so two cards of a twin rank are found once). The first card
    of a pair must be usable, so the low card is. Cards are handled as bits."""
    rows, lows = np.nonzero(node.usable[:, None] & tables.low_bits != 0)
    stocks = node.stocks[rows]
    bit = tables.low_bits[lows]
    complements = tables.low_complements[lows]
    before = tables.low_complements_before[lows]
    previous = highest_bit(stocks & (bit - 1))
    beyond = stocks & -(bit << 1)
    following = beyond & -beyond
    with_previous = (before & previous & node.usable[rows]) != 0
    with_following = (complements & following) != 0
    rows = np.concatenate([rows[with_previous], rows[with_following]])
    first = np.concatenate([previous[with_previous], bit[with_following]])
    second = np.concatenate([bit[with_previous], following[with_following]])
    rest = node.stocks[rows] & ~(first | second)
    return rows, node.pyramids[rows] << STOCK_BITS | rest, node.access(rows, first, rest)


# --- several waste piles (solver.piles) ---------------------------------------------------


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
        self.end_of = np.array([(i // piles + 1) * piles for i in range(STOCK_BITS)], dtype=np.int64)
        self.normal = np.array([-(-b // piles) * piles for b in range(STOCK_BITS + 1)], dtype=np.int64)
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
        tables = self.packing[pile]
        packed: Array = tables[0][stocks & 255]
        for byte, table in enumerate(tables[1:], 1):
            packed |= table[stocks >> (8 * byte) & 255]
        return packed

    def normal_cursor(self, stocks: Array, cursors: Array) -> Array:
        """:func:`solver.piles.normal` elementwise."""
        normal: Array = self.normal[bit_length(stocks & ((1 << cursors) - 1))]
        return normal


class _PileLive:
    """Several waste piles: the nodes that survived the stock-need test, and the cards on the
    piles that another card lies on (never playable until the piles come round again)."""

    def __init__(  # noqa: PLR0917  (the columns of _Live, and the pile tables)
        self, pyramids: Array, stocks: Array, accs: Array, shapes: Array, passes: int, tables: PileArrays
    ) -> None:
        self.pyramids = pyramids
        self.stocks = stocks
        self.accs = accs
        self.shapes = shapes
        self.pass_no = accs >> ACC_SHIFT
        self.cursor = accs & CURSOR_MASK
        self.later = self.pass_no < passes
        waste = stocks & ((1 << self.cursor) - 1)
        tops = np.zeros(len(stocks), dtype=np.int64)
        for residue in tables.residue.tolist():
            tops |= highest_bit(waste & residue)
        self.covered = waste & ~tops
        """Cards on the piles with a card lying on them (:func:`solver.piles._lies_on` nonzero)."""
        self.usable = np.where(self.later, stocks, stocks & ~self.covered)
        """The cards a removal may use: all while a later pass remains, else the pile tops
        and the stock."""


def _pile_reachable(
    problem: Problem, tables: Tables, shapes: Array, stocks: Array, accs: Array
) -> tuple[Array, Array]:
    """:meth:`Problem.reachable_stock` for every node with several waste piles, and whether
    :meth:`Problem.stranded` finds a card that can never leave: on the last pass, a card on a
    pile whose rank has no partner left in the pyramid nor off its own pile."""
    reach = stocks.copy()
    stranded = np.zeros(len(stocks), dtype=bool)
    cursors = accs & CURSOR_MASK
    last = np.nonzero((accs >> ACC_SHIFT >= problem.passes) & (cursors > 0))[0]
    if not len(last):
        return reach, stranded
    by_byte, low, high = tables.last_pass()
    stk = stocks[last]
    waste = stk & ((1 << cursors[last]) - 1)
    lonely = tables.partnerless[shapes[last]]
    stuck = np.zeros(len(last), dtype=np.int64)
    beneath = np.zeros(len(last), dtype=np.int64)
    for residue in tables.piles().residue.tolist():
        off_pile = stk & ~residue
        partnered = by_byte[0][off_pile & 255]
        for byte, table in enumerate(by_byte[1:], 1):
            partnered |= table[off_pile >> (8 * byte) & 255]
        blocked = lonely & ~partnered  # ranks with no partner left in the pyramid nor off the pile
        on_pile = waste & residue & (low[blocked & 127] | high[blocked >> 7])
        stuck |= on_pile
        beneath |= residue & np.maximum(highest_bit(on_pile) - 1, 0)
    reach[last] = stk & ~beneath
    stranded[last] = stuck != 0
    return reach, stranded


def _pile_singles(tables: Tables, node: _PileLive) -> tuple[Array, Array, Array]:
    """Several waste piles: a free pyramid card with any usable stock card of the rank it
    needs, played at ``max(cursor, e(s))`` this pass, or at ``e(s)`` on the next when a card
    lies on it (see :mod:`solver.piles`)."""
    piles = tables.piles()
    rows, bit, rest, after = _singles(tables, node)
    end = piles.end_of[bit_length(bit) - 1]
    lying = node.covered[rows] & bit != 0
    cursor = np.where(lying, end, np.maximum(node.cursor[rows], end))
    acc = (node.pass_no[rows] + lying) << ACC_SHIFT | piles.normal_cursor(rest, cursor)
    return rows, after << STOCK_BITS | rest, acc


def _pile_pairs(piles: PileArrays, node: _PileLive) -> tuple[Array, Array, Array]:
    """Several waste piles: two stock cards on top of two piles at once that pair, found at
    the end of the higher card's group from the pile tops there (:func:`solver.piles.pile_pairs`);
    played there, or at the cursor when both are still on top, or on the next pass. Two piles'
    tops at a group end are a new pair there when one of the piles has a card in that group."""
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
    return rows, node.pyramids[rows] << STOCK_BITS | rest, acc
