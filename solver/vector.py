"""The numpy backend of the layered engine: many nodes expanded at once.

Each pyramid :class:`~solver.model.Shape` becomes a row of fixed-width tables (its pyramid
pairs, its free cards with the stock rank each needs, its stock needs), so a chunk of nodes
gathers its rows by shape index and every successor of every node comes out of a handful of
array operations. It must produce exactly what :func:`solver.movegen.expand_batch` produces;
``tests/test_vector.py`` checks that over thousands of positions.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from rules.cards import DECKS
from solver.layered import Batch
from solver.model import ACC_SHIFT, CURSOR_MASK, STOCK_BITS, Problem

Array = NDArray[np.int64]
STOCK_MASK = (1 << STOCK_BITS) - 1
RANKS = max(deck.top_rank for deck in DECKS.values()) + 1
"""Columns of the per-rank tables: every rank of every deck, and 0 (a blank)."""
SUITS = max(len(deck.suits) for deck in DECKS.values())
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


def popcount(values: Array) -> Array:
    return np.bitwise_count(values).astype(np.int64)


class Tables:
    """numpy views of one :class:`Problem`'s tables; shape rows are added as shapes appear."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.rank_stock = np.array(problem.rank_stock, dtype=np.int64)
        positions = np.full((RANKS, SUITS), -1, dtype=np.int64)
        for rank in range(1, problem.top_rank + 1):
            found = [i for i, r in enumerate(problem.srank) if r == rank]
            positions[rank, : len(found)] = found
        self.stock_positions = positions
        low = [i for i in range(len(problem.srank)) if problem.low_stock >> i & 1]
        self.low_index = np.array(low, dtype=np.int64)
        self.low_complements = np.array([problem.stock_complements[i] for i in low], dtype=np.int64)
        self.low_complements_before = np.array([problem.complements_before[i] for i in low], dtype=np.int64)
        self.rows = 0
        self.pairs = np.full((64, 1), -1, dtype=np.int64)
        self.single_rank = np.zeros((64, 1), dtype=np.int64)
        self.single_after = np.zeros((64, 1), dtype=np.int64)
        self.needs = np.zeros((64, RANKS), dtype=np.int64)
        self.partnerless = np.zeros(64, dtype=np.int64)

    def shape_indices(self, pyramids: Array) -> Array:
        unique, inverse = np.unique(pyramids, return_inverse=True)
        indices = np.array([self.problem.shape(int(p)).index for p in unique], dtype=np.int64)
        self._add_new_shapes()
        return indices[inverse.reshape(-1)]

    def _grow(self, capacity: int, pairs: int, free: int) -> None:
        """Make room for ``capacity`` rows and wider rows, keeping the rows filled so far."""
        self.pairs = _regrow(self.pairs, self.rows, (capacity, pairs), -1)
        self.single_rank = _regrow(self.single_rank, self.rows, (capacity, free), 0)
        self.single_after = _regrow(self.single_after, self.rows, (capacity, free), 0)
        self.needs = _regrow(self.needs, self.rows, (capacity, RANKS), 0)
        self.partnerless = _regrow(self.partnerless, self.rows, (capacity,), 0)

    def _add_new_shapes(self) -> None:
        shapes = self.problem.shape_list[self.rows :]
        if not shapes:
            return
        capacity = self.pairs.shape[0]
        pairs = max(self.pairs.shape[1], *(len(s.pairs) for s in shapes))
        free = max(self.single_rank.shape[1], *(len(s.singles) for s in shapes))
        needed = self.rows + len(shapes)
        if needed > capacity or pairs > self.pairs.shape[1] or free > self.single_rank.shape[1]:
            self._grow(max(needed, 2 * capacity), pairs, free)
        for shape in shapes:
            row = shape.index
            self.pairs[row, : len(shape.pairs)] = shape.pairs
            for k, (rank, after) in enumerate(shape.singles):
                self.single_rank[row, k] = rank
                self.single_after[row, k] = after
            for rank, count_needed in shape.needs:
                self.needs[row, rank] = count_needed
            self.partnerless[row] = shape.partnerless
        self.rows = needed


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
        positions, child_keys, child_accs = expand_arrays(problem, self.tables(problem), keys, accs)
        winning = np.flatnonzero(child_keys >> problem.goal_shift == 0)
        win = int(winning[0]) if len(winning) else None
        return Batch(child_keys, child_accs, keys[positions]), win

    def merge(self, batches: list[Batch]) -> Batch:
        keys = np.concatenate([np.asarray(b.keys, dtype=np.int64) for b in batches])
        accs = np.concatenate([np.asarray(b.accs, dtype=np.int64) for b in batches])
        parents = np.concatenate([np.asarray(b.parents, dtype=np.int64) for b in batches])
        order = np.argsort(keys << ACC_BITS | accs, kind="stable")
        keys, accs, parents = keys[order], accs[order], parents[order]
        first = np.ones(len(keys), dtype=bool)
        first[1:] = keys[1:] != keys[:-1]
        return Batch(keys[first], accs[first], parents[first])

    def split(self, batch: Batch) -> dict[int, Batch]:
        keys = np.asarray(batch.keys, dtype=np.int64)
        accs = np.asarray(batch.accs, dtype=np.int64)
        parents = np.asarray(batch.parents, dtype=np.int64)
        layers = popcount(keys)
        out = {}
        for layer in np.unique(layers):
            chosen = layers == layer
            out[int(layer)] = Batch(keys[chosen], accs[chosen], parents[chosen])
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
    set :func:`solver.movegen.expand_batch` gives (the order may differ)."""
    pyramids = keys >> STOCK_BITS
    stocks = keys & STOCK_MASK
    shapes = tables.shape_indices(pyramids) if len(keys) else np.zeros(0, dtype=np.int64)
    reach = _reachable(problem, tables, shapes, stocks, accs)
    alive = np.ones(len(keys), dtype=bool)
    needs = tables.needs[shapes]
    for rank in np.nonzero(needs.any(axis=0))[0]:
        alive &= popcount(reach & tables.rank_stock[rank]) >= needs[:, rank]
    live = np.nonzero(alive)[0]
    node = _Live(pyramids[live], stocks[live], accs[live], shapes[live], problem.passes)
    parts = [_pyramid_pairs(tables, node), _stock_singles(tables, node), _stock_pairs(tables, node)]
    rows = np.concatenate([p[0] for p in parts])
    return live[rows], np.concatenate([p[1] for p in parts]), np.concatenate([p[2] for p in parts])


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

    def access(self, rows: Array, first: Array, rest: Array) -> tuple[NDArray[np.bool_], Array]:
        """For removals from nodes ``rows`` whose lowest stock card is ``first``, leaving stock
        ``rest``: is the card reachable (this pass or, with a recycle, the next), and the new
        access (the cursor just past the card before ``first``)."""
        now = first + 1 >= self.cursor[rows]
        cursor = bit_length(rest & ((1 << first) - 1))
        return now | self.later[rows], (self.pass_no[rows] + ~now) << ACC_SHIFT | cursor


def _reachable(problem: Problem, tables: Tables, shapes: Array, stocks: Array, accs: Array) -> Array:
    """:meth:`Problem.reachable_stock` for every node."""
    reach = stocks.copy()
    cursors = accs & CURSOR_MASK
    last = np.nonzero((accs >> ACC_SHIFT >= problem.passes) & (cursors > 0))[0]
    if not len(last):
        return reach
    stk = stocks[last]
    waste = stk & ((1 << cursors[last]) - 1)
    ahead = stk & ~waste
    lonely = tables.partnerless[shapes[last]]
    stuck = np.zeros(len(last), dtype=np.int64)
    for q in problem.paired_ranks:
        blocked = ((lonely >> q) & 1 == 1) & (ahead & tables.rank_stock[problem.pair_sum - q] == 0)
        stuck |= np.where(blocked, waste & tables.rank_stock[q], 0)
    top_stuck = np.maximum(bit_length(stuck) - 1, 0)
    reach[last] = np.where(stuck > 0, stk & ~((1 << top_stuck) - 1), stk)
    return reach


def _pyramid_pairs(tables: Tables, node: _Live) -> tuple[Array, Array, Array]:
    after = tables.pairs[node.shapes]
    rows, cols = np.nonzero(after >= 0)
    return rows, after[rows, cols] << STOCK_BITS | node.stocks[rows], node.accs[rows]


def _stock_singles(tables: Tables, node: _Live) -> tuple[Array, Array, Array]:
    """A free pyramid card with any stock card of the rank it needs."""
    index = tables.stock_positions[tables.single_rank[node.shapes]]  # node × free card × 4
    present = (index >= 0) & ((node.stocks[:, None, None] >> np.maximum(index, 0)) & 1 == 1)
    rows, cards, nth = np.nonzero(present)
    first = index[rows, cards, nth]
    rest = node.stocks[rows] ^ (1 << first)
    allowed, acc = node.access(rows, first, rest)
    after = tables.single_after[node.shapes[rows], cards]
    return rows[allowed], (after << STOCK_BITS | rest)[allowed], acc[allowed]


def _stock_pairs(tables: Tables, node: _Live) -> tuple[Array, Array, Array]:
    """Two stock cards next to each other (nothing left between them) that make the pair sum:
    found from the low card of each pair (ranks A–6), looking at its neighbours on both sides
    (before it only for high cards, so two cards of a twin rank are found once)."""
    rows, lows = np.nonzero(node.stocks[:, None] & (1 << tables.low_index) != 0)
    stocks = node.stocks[rows]
    index = tables.low_index[lows]
    bit = 1 << index
    previous = bit_length(stocks & (bit - 1)) - 1
    beyond = stocks & ~(bit | (bit - 1))
    following = bit_length(beyond & -beyond) - 1
    complements = tables.low_complements[lows]
    before = tables.low_complements_before[lows]
    with_previous = (previous >= 0) & ((before >> np.maximum(previous, 0)) & 1 == 1)
    with_following = (following >= 0) & ((complements >> np.maximum(following, 0)) & 1 == 1)
    rows = np.concatenate([rows[with_previous], rows[with_following]])
    first = np.concatenate([previous[with_previous], index[with_following]])
    second = np.concatenate([index[with_previous], following[with_following]])
    rest = node.stocks[rows] & ~(1 << first) & ~(1 << second)
    allowed, acc = node.access(rows, first, rest)
    return rows[allowed], (node.pyramids[rows] << STOCK_BITS | rest)[allowed], acc[allowed]
