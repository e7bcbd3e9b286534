"""The numpy backend of the layered engine: many nodes expanded at once.

Each pyramid :class:`~solver.model.Shape` becomes a row of fixed-width tables (its pyramid
pairs, its free cards with the stock rank each needs, its stock needs), so a chunk of nodes
gathers its rows by shape index and every successor of every node comes out of a handful of
array operations. It must produce exactly what :func:`solver.movegen.expand_batch` produces;
``tests/test_vector.py`` checks that over thousands of positions.

With several waste piles (apophis) the stock part follows :mod:`solver.piles` instead; that
part is in :mod:`solver.vector_piles`, and what both share in :mod:`solver.vector_base`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from rules.cards import DECKS
from solver.layered import Batch
from solver.model import ACC_SHIFT, ANY_ACCESS, CURSOR_MASK, Problem
from solver.models import ONE_WASTE, PILES
from solver.movegen import expand_batch
from solver.vector_base import Array, LastPass, LiveNodes, bit_length, highest_bit
from solver.vector_piles import PileArrays, PileLive, pile_pairs, pile_reach

RANKS = max(deck.top_rank for deck in DECKS.values()) + 1
"""Columns of the per-rank tables: every rank of every deck, and 0 (a blank)."""
FEW = 16
"""Fewer nodes than this are expanded by :func:`solver.movegen.expand_batch`: the same
children, without the ~0.2 ms that a round of array operations costs however small."""
FIELD_TOPS = sum(8 << (4 * rank) for rank in range(RANKS))
"""The top bit of each rank's 4-bit field in packed counts and needs."""
NO_COUNT = 7
"""A front element no count meets (7 cards of rank 0, which is never counted): the padding
of :attr:`Tables.fronts`."""
TABLES_KEPT = 8
"""Problems whose tables a :class:`NumpyBackend` keeps, the most recently used. One backend
serves a whole session (every search of the answers, the hints and the kiosk's demo), and
kept every problem it met: 2,452 played deals took the game from 112 to 275 MB (issue 23.6).
A few searches run at once (an answer's order, a hint's, the judging of a move); a search
whose tables were let go gets them made again from its problem (the same rows: the same moves)."""
ACC_BITS = 7
"""An access is below 2**7 (pass at most 3, cursor at most the stock, below 32), so
``key << 7 | acc`` sorts by key, then access, in one int64 (a key has a bit per card: 52)."""


np.unique(np.zeros(1, dtype=np.int64), return_inverse=True)
np.unique(np.zeros(1, dtype=np.int64))
"""np.unique's first calls import more of numpy (numpy.ma), 20-30 ms: done here, not inside a
search step."""


class Tables:
    """numpy views of one :class:`Problem`'s tables; shape rows are added as shapes appear."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.stock_bits = problem.stock_bits
        """A node's key is ``pyr << stock_bits | stk``."""
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
        self.closed = np.zeros(64, dtype=np.int64)
        """Per shape, the stock cards of its closed rank pairs (:meth:`Problem.closed_stock`)."""
        self.fronts = np.full((64, 1), NO_COUNT, dtype=np.int64)
        """Per shape, its stock front (:meth:`Problem.front`), padded with :data:`NO_COUNT`."""
        self.front_wanted = np.zeros(64, dtype=np.int64)
        """Per shape, whether its front asks for any stock card (is not ``(0,)``)."""
        self.front_rows = 0
        """The first rows whose fronts are filled in (once the problem uses fronts)."""
        self._last_pass: LastPass | None = None
        self._piles: PileArrays | None = None

    def piles(self) -> PileArrays:
        """Several waste piles: their tables (:class:`PileArrays`), made on first use."""
        if self._piles is None:
            self._piles = PileArrays(self.problem)
        return self._piles

    def last_pass(self) -> LastPass:
        """Tables for :func:`_reachable` (:class:`~solver.vector_base.LastPass`), made on first use."""
        if self._last_pass is None:
            self._last_pass = LastPass(self.problem)
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
        self.closed = _regrow(self.closed, self.rows, (capacity,), 0)
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
                self.closed[row] = problem.closed_stock(shape.partnerless) if problem.crossing else 0
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
        """Per problem (by id), its tables, least recently used first: at most
        :data:`TABLES_KEPT` (each holds its problem and that problem's caches)."""

    @property
    def tables_kept(self) -> int:
        """How many problems' tables the backend holds."""
        return len(self._tables)

    def tables(self, problem: Problem) -> Tables:
        kept = self._tables
        found = kept.pop(id(problem), None)
        if found is None or found.problem is not problem:
            found = Tables(problem)
            if len(kept) >= TABLES_KEPT:
                del kept[next(iter(kept))]
        kept[id(problem)] = found
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


def _crossed(problem: Problem, closed: Array, stocks: Array) -> Array:
    """:meth:`Problem.crossed` of every node (its closed pairs' stock cards ``stocks & closed``),
    asked once per distinct set of those cards."""
    found = np.zeros(len(stocks), dtype=bool)
    words = stocks & closed
    asked = np.flatnonzero(words)
    if len(asked):
        distinct, where = np.unique(words[asked], return_inverse=True)
        answers = np.array([problem.crossed_word(int(word)) for word in distinct], dtype=bool)
        found[asked] = answers[where.reshape(-1)]
    return found


def expand_arrays(problem: Problem, tables: Tables, keys: Array, accs: Array) -> tuple[Array, Array, Array]:
    """Successors of every node: (parent position, child key, child access) arrays, the same
    set :func:`solver.movegen.expand_batch` gives (the order may differ); with several waste
    piles, the set :func:`solver.piles.successors` gives. With unlimited passes every child's
    access is :data:`ANY_ACCESS`, as :func:`solver.movegen.cycling` gives it (twins are left for
    the merge to drop)."""
    pyramids = keys >> tables.stock_bits
    stocks = keys & ((1 << tables.stock_bits) - 1)
    shapes = tables.shape_indices(pyramids) if len(keys) else np.zeros(0, dtype=np.int64)
    reach, stranded = _reachable(problem, tables, shapes, stocks, accs)
    # strict win: a node with a card that can never leave is lost
    alive = ~stranded if problem.win_all else np.ones(len(keys), dtype=bool)
    if problem.crossing:  # strict win: the closed pairs' stock cards cross (Problem.crossed)
        alive &= ~_crossed(problem, tables.closed[shapes], stocks)
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
    part = STOCK_PARTS[problem.kind.name]
    node = part.live(tables, pyramids[live], stocks[live], accs[live], shapes[live])
    parts = [_pyramid_pairs(tables, node), _stock_singles(tables, node), part.pairs(tables, node)]
    rows = np.concatenate([p[0] for p in parts])
    child_accs = np.concatenate([p[2] for p in parts])
    if problem.unlimited:  # every access is one (Problem.unlimited)
        child_accs = np.full_like(child_accs, ANY_ACCESS)
    return live[rows], np.concatenate([p[1] for p in parts]), child_accs


def _counts(tables: Tables, stocks: Array) -> Array:
    """The cards of each stock mask counted by rank, packed in 4-bit fields."""
    counts: Array = tables.counts_by_byte[0][stocks & 255]
    for byte, table in enumerate(tables.counts_by_byte[1:], 1):
        counts += table[stocks >> (8 * byte) & 255]
    return counts


class _Live(LiveNodes):
    """One waste pile: the nodes that survived the stock-need test."""

    def __init__(self, pyramids: Array, stocks: Array, accs: Array, shapes: Array, passes: int) -> None:
        super().__init__(pyramids, stocks, accs, shapes, passes)
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
    finds a card that can never leave: on the last pass, a card in the waste whose rank has no
    partner left in the pyramid nor ahead of it in the stock hides the waste beneath it (with
    several waste piles, :func:`~solver.vector_piles.pile_reach`)."""
    reach = stocks.copy()
    stranded = np.zeros(len(stocks), dtype=bool)
    cursors = accs & CURSOR_MASK
    last = np.nonzero((accs >> ACC_SHIFT >= problem.passes) & (cursors > 0))[0]
    if not len(last):
        return reach, stranded
    stk = stocks[last]
    waste = stk & ((1 << cursors[last]) - 1)
    lonely = tables.partnerless[shapes[last]]
    reach[last], stuck = STOCK_PARTS[problem.kind.name].reach(tables, stk, waste, lonely)
    stranded[last] = stuck != 0
    return reach, stranded


def _one_waste_reach(tables: Tables, stk: Array, waste: Array, lonely: Array) -> tuple[Array, Array]:
    """One waste pile: the stock in reach past the highest stranded waste card, and those cards."""
    stuck = tables.last_pass().stuck(lonely, stk & ~waste, waste)
    top_stuck = np.maximum(bit_length(stuck) - 1, 0)
    return np.where(stuck > 0, stk & ~((1 << top_stuck) - 1), stk), stuck


def _pyramid_pairs(tables: Tables, node: LiveNodes) -> tuple[Array, Array, Array]:
    after = tables.pairs[node.shapes]
    rows, cols = np.nonzero(after >= 0)
    return rows, after[rows, cols] << tables.stock_bits | node.stocks[rows], node.accs[rows]


def _stock_singles(tables: Tables, node: _Live | PileLive) -> tuple[Array, Array, Array]:
    """A free pyramid card with any usable stock card of the rank it needs: the usable cards
    of each (node, free card), taken lowest first until none is left; the node's ``access``
    says where each leaves the player (with several waste piles, :meth:`PileLive.access`)."""
    rows, bit, rest, after = _singles(tables, node)
    return rows, after << tables.stock_bits | rest, node.access(rows, bit, rest)


def _singles(tables: Tables, node: _Live | PileLive) -> tuple[Array, Array, Array, Array]:
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
    return rows, node.pyramids[rows] << tables.stock_bits | rest, node.access(rows, first, rest)


@dataclass(frozen=True)
class StockPart:
    """The numpy half of a stock kind's move generator (:mod:`solver.models`' registry names the
    kinds; numpy being optional, their numpy parts are listed here): the live nodes' columns,
    the stock pairs, and the last pass's reach (:meth:`Problem.reachable_stock`)."""

    live: Callable[[Tables, Array, Array, Array, Array], _Live | PileLive]
    pairs: Callable[[Tables, Any], tuple[Array, Array, Array]]
    reach: Callable[[Tables, Array, Array, Array], tuple[Array, Array]]


STOCK_PARTS: dict[str, StockPart] = {
    ONE_WASTE: StockPart(
        lambda tables, pyr, stk, acc, shapes: _Live(pyr, stk, acc, shapes, tables.problem.passes),
        _stock_pairs,
        _one_waste_reach,
    ),
    PILES: StockPart(
        lambda tables, pyr, stk, acc, shapes: PileLive(
            pyr, stk, acc, shapes, tables.problem.passes, tables.piles()
        ),
        lambda _tables, node: pile_pairs(node),
        lambda tables, stk, waste, lonely: pile_reach(tables.piles(), tables.last_pass(), stk, waste, lonely),
    ),
}
"""Per stock kind with a stock model, its numpy part."""
