"""The free cell's last pass searched layer by layer with numpy: every position once.

:class:`solver.cell.CellDepthFirst` finds wins fast, but a lost deal is searched to the end,
and there a depth-first node costs about 5 µs in CPython: a one-pass deal lost after a
million positions takes 5 s, and some take ten times that. On the last pass (every one-pass
deal) this engine expands the same positions in numpy batches, about 3.5 times cheaper each.
It proves lost deals; it finds wins late (it goes down every layer above the first win, where
depth-first search dives), so the cell's default schedule leaves it out and a search given a
schedule with a layered share uses it (the label table's hard entries: ``tools/make_labels.py
--schedule 0:inf``; bench/RESULTS.md#cell-layers). The pure path (the browser) never loads it.

The nodes are :class:`~solver.cell.CellProblem`'s, ``(pyr, stk, acc, cell)``, with the same
moves (:meth:`~solver.cell.CellProblem.successors`: pairs, Kings and stores, draws folded into
the access) and the same loss tests (:meth:`~solver.cell.CellProblem.lost`: the count test and
the open relaxation). Why layers work here: every move takes cards away or moves one into the
empty cell, so with the *layer* of a node ``2 × (pyramid and stock cards) + (1 if the cell is
full)`` a pair lowers it by 3 or 4 and a store by 1. Taking the layers from the highest down,
every way of reaching a node is known when its turn comes, and it is expanded once, at the
smallest access any of them reaches it with (which reaches every larger one: the access
dominance of :mod:`solver.cell`). So the verdict is exact, and it is the depth-first search's.

The stock's moves on the last pass, in arrays: with ``below(j)`` the highest stock place under
``j`` still holding a card, the cards that come to a top from cursor ``c`` are the waste's top,
``below(c)``, and every card at ``c`` or after, each as the stock's top in turn; a card ``j``
removed from there leaves the access at ``below(j) + 1`` (where the rules put the cursor), and
each of those cards pairs with the card under it (the waste's top then) leaving
``below(below(j)) + 1`` (:meth:`~solver.cell.CellProblem.stock_events`, read for a whole
batch at once).

A node's children go to the layer they belong to; a layer is merged (one entry per key, the
smallest access, the smallest parent) when its turn comes, and expanded :data:`CHUNK` nodes at
a time. The layers searched are kept (keys, accesses and parents) so a win's line can be read
back from parent to parent.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.cell import CURSOR_MASK, FIELD_TOPS, PASS_SHIFT, CellNode, CellProblem

Array = Any
"""A one- or two-dimensional numpy int64 array."""
CHUNK = 8192
"""The most nodes expanded in one batch."""
CELL_FIELD = 4
"""Bits of the cell's rank in a key: ``key = (pyr << stock_bits | stk) << 4 | cell``."""
ROOT = -1
"""The start node's parent."""
COMPACT_AT = 1 << 20
"""A layer waiting its turn is merged once this many children wait in it (memory)."""
RANKS = 16
"""Columns of the per-rank tables (a deck has at most 13 ranks and 0, a blank)."""


def layers_of(keys: Array) -> Array:
    """Each key's layer: twice its pyramid and stock cards, plus one when the cell is full."""
    return 2 * np.bitwise_count(keys >> CELL_FIELD).astype(np.int64) + ((keys & 15) > 0)


class _PyramidRows:
    """Per pyramid met, as numpy rows (grown as pyramids appear): the pyramids its pairs leave,
    the pyramids left when one free card of each rank goes, its stores (pyramid left, rank),
    and the count test's needs per cell rank (:meth:`CellProblem.needs`)."""

    def __init__(self, problem: CellProblem) -> None:
        self.problem = problem
        self.count = 0
        self._known: Array = np.zeros(0, np.int64)
        """The pyramids met, sorted, and their rows (:meth:`rows` looks them up by bisection)."""
        self._known_rows: Array = np.zeros(0, np.int64)
        self.pairs: Array = np.full((64, 1), -1, np.int64)
        self.removals: Array = np.full((64, RANKS, 1), -1, np.int64)
        self.store_after: Array = np.full((64, 1), -1, np.int64)
        self.store_rank: Array = np.zeros((64, 1), np.int64)
        self.needs: Array = np.zeros((64, RANKS), np.int64)

    def rows(self, pyramids: Array) -> Array:
        """The row of each pyramid."""
        known = self._known
        at = np.minimum(np.searchsorted(known, pyramids), max(0, len(known) - 1))
        met = known[at] == pyramids if len(known) else np.zeros(len(pyramids), bool)
        if not met.all():
            self._add(np.unique(pyramids[~met]))
            return self.rows(pyramids)
        return self._known_rows[at]

    def _add(self, pyramids: Array) -> None:
        problem = self.problem
        norm, prank = problem.norm, problem.prank
        new = []
        for pyr in pyramids.tolist():
            pairs = [norm(pyr & ~(1 << a) & ~(1 << b)) for a, b in problem.pyramid_pairs(pyr)]
            stores = [(norm(pyr & ~(1 << s)), prank[s]) for s in problem.uncovering(pyr)]
            needs = [problem.needs(pyr, cell) for cell in range(len(problem.partner))]
            new.append((pairs, problem.removals(pyr), stores, needs))
        first = self.count
        self.count += len(new)
        self._grow(
            self.count,
            max(len(row[0]) for row in new),
            max(len(gone) for row in new for gone in row[1]),
            max(len(row[2]) for row in new),
        )
        for row, (left, gone, stored, needs) in enumerate(new, first):
            self.pairs[row, : len(left)] = left
            for rank, pyramids_left in enumerate(gone):
                self.removals[row, rank, : len(pyramids_left)] = pyramids_left
            for k, (after, rank) in enumerate(stored):
                self.store_after[row, k] = after
                self.store_rank[row, k] = rank
            self.needs[row, : len(needs)] = needs
        known = np.concatenate([self._known, pyramids])
        rows = np.concatenate([self._known_rows, np.arange(first, self.count, dtype=np.int64)])
        order = np.argsort(known)
        self._known, self._known_rows = known[order], rows[order]

    def _grow(self, count: int, pairs: int, removals: int, stores: int) -> None:
        """Room for ``count`` rows at least this wide, keeping the rows filled so far."""
        capacity = self.pairs.shape[0]
        if count > capacity:
            capacity = max(count, 2 * capacity)
        self.pairs = _regrow(self.pairs, (capacity, max(pairs, self.pairs.shape[1])), -1)
        deepest = max(removals, self.removals.shape[2])
        self.removals = _regrow(self.removals, (capacity, RANKS, deepest), -1)
        width = max(stores, self.store_after.shape[1])
        self.store_after = _regrow(self.store_after, (capacity, width), -1)
        self.store_rank = _regrow(self.store_rank, (capacity, width), 0)
        self.needs = _regrow(self.needs, (capacity, RANKS), 0)


def _regrow(table: Array, shape: tuple[int, ...], fill: int) -> Array:
    """``table`` with room for ``shape``, its entries kept (itself when it fits)."""
    if table.shape == shape:
        return table
    grown = np.full(shape, fill, np.int64)
    index = tuple(slice(0, size) for size in table.shape)
    grown[index] = table
    return grown


class CellLayered:
    """``advance(n)`` expands about ``n`` more nodes; returns None while unfinished, then the
    path of nodes from the start to a win (as :class:`~solver.cell.CellDepthFirst` gives it),
    or ``[]`` once every position is searched. Only for a start on the last pass
    (:meth:`CellProblem.on_last_pass`)."""

    def __init__(self, problem: CellProblem) -> None:
        if not problem.on_last_pass():
            raise ValueError("the layered cell search reads the last pass only")
        self.problem = problem
        self.nodes = 0
        self.work = 0
        """Nodes expanded plus merge work (in nodes: a merged entry counts as one)."""
        self._bits = len(problem.srank)
        self._pass_bits = problem.start[2] >> PASS_SHIFT << PASS_SHIFT
        self._places = np.arange(self._bits, dtype=np.int64)
        srank = np.array(problem.srank, np.int64)
        partner = np.zeros(RANKS, np.int64)
        partner[: len(problem.partner)] = problem.partner
        self._srank, self._partner = srank, partner
        self._counts = [np.array(table, np.int64) for table in problem.count_bytes]
        self._rows = _PyramidRows(problem)
        pyr, stk, acc, cell = problem.start
        key = (pyr << self._bits | stk) << CELL_FIELD | cell
        self._pending: dict[int, list[tuple[Array, Array, Array]]] = {
            int(layers_of(np.array([key]))[0]): [(np.array([key]), np.array([acc]), np.array([ROOT]))]
        }
        self._waiting: dict[int, int] = {}
        self._done: dict[int, tuple[Array, Array, Array]] = {}
        self._current: tuple[Array, Array, Array] | None = None
        self._offset = 0

    def advance(self, budget: int) -> list[CellNode] | None:
        spent = 0
        while spent < budget:
            current = self._current
            if current is None or self._offset >= len(current[0]):
                if not self._pending:
                    return []
                layer = max(self._pending)
                current = self._current = _merge(self._pending.pop(layer))
                self._waiting.pop(layer, None)
                self._done[layer] = current
                self._offset = 0
                spent += len(current[0])
                self.work += len(current[0])
                continue
            stop = min(len(current[0]), self._offset + CHUNK, self._offset + max(1, budget - spent))
            keys, accs = current[0][self._offset : stop], current[1][self._offset : stop]
            spent += stop - self._offset
            self.nodes += stop - self._offset
            self.work += stop - self._offset
            self._offset = stop
            won = self._expand(keys, accs)
            if won is not None:
                return self._path_to(*won)
        return None

    def _expand(self, keys: Array, accs: Array) -> tuple[int, int, int] | None:
        """Queue the children of the nodes ``keys`` (at ``accs``) in their layers; a winning
        child as ``(key, acc, parent)``, if there is one."""
        bits, problem = self._bits, self.problem
        pyr = keys >> (bits + CELL_FIELD)
        stk = keys >> CELL_FIELD & ((1 << bits) - 1)
        cell = keys & 15
        rows = self._rows.rows(pyr)
        c0, c1, c2 = self._counts
        counts = c0[stk & 255] + c1[stk >> 8 & 255] + c2[stk >> 16]
        alive = ((counts | FIELD_TOPS) - self._rows.needs[rows, cell]) & FIELD_TOPS == FIELD_TOPS
        alive &= self._open(pyr, cell, counts, rows << 4 | cell, alive)
        pyr, stk, cell, accs, rows, keys = (a[alive] for a in (pyr, stk, cell, accs, rows, keys))
        if not len(keys):
            return None
        out: list[tuple[Array, Array, Array, Array, Array]] = []  # pyramid, stock, cell, access, parent
        self._pyramid_children(pyr, stk, cell, accs, rows, keys, out)
        self._stock_children(pyr, stk, cell, accs, rows, keys, out)
        columns = (np.concatenate(column) for column in zip(*out, strict=True))
        child_pyr, child_stk, child_cell, child_acc, parents = columns
        won = (child_pyr == 0) & (child_cell == 0)
        if problem.win_all:
            won &= child_stk == 0
        child_keys = (child_pyr << bits | child_stk) << CELL_FIELD | child_cell
        if won.any():  # the first node's win (a layer is in key order), whatever the slices
            wins = np.flatnonzero(won)
            first = int(wins[np.lexsort((child_acc[wins], child_keys[wins], parents[wins]))[0]])
            return int(child_keys[first]), int(child_acc[first]), int(parents[first])
        self._queue(child_keys, child_acc, parents)
        return None

    def _open(self, pyr: Array, cell: Array, counts: Array, row_cell: Array, alive: Array) -> Array:
        """:meth:`CellProblem.open_won` of each live node (memoised in the problem, shared with
        the depth-first search), asked once per distinct pyramid, cell and counts."""
        found = np.ones(len(pyr), bool)
        live = np.nonzero(alive)[0]
        if not len(live):
            return found
        pairs, counts_live = row_cell[live], counts[live]
        order = np.lexsort((counts_live, pairs))
        pairs, counts_live = pairs[order], counts_live[order]
        new = np.ones(len(order), bool)
        new[1:] = (pairs[1:] != pairs[:-1]) | (counts_live[1:] != counts_live[:-1])
        firsts = live[order[new]]
        open_won = self.problem.open_won
        asked = zip(pyr[firsts].tolist(), cell[firsts].tolist(), counts[firsts].tolist(), strict=True)
        won = np.array([open_won(p, c, n) for p, c, n in asked], bool)
        group = np.cumsum(new) - 1
        found[live[order]] = won[group]
        return found

    def _pyramid_children(  # noqa: PLR0917 (the batch's columns)
        self, pyr: Array, stk: Array, cell: Array, accs: Array, rows: Array, keys: Array, out: list[Any]
    ) -> None:
        """The moves at the node's own access: the pyramid's pairs, the cell's card with a
        free pyramid card, and (the cell empty) the stores of pyramid cards."""
        table = self._rows
        left = table.pairs[rows]
        at = np.nonzero(left >= 0)
        out.append((left[at], stk[at[0]], cell[at[0]], accs[at[0]], keys[at[0]]))
        full = np.nonzero(cell > 0)[0]
        left = table.removals[rows[full], self._partner[cell[full]]]
        at = np.nonzero(left >= 0)
        nodes = full[at[0]]
        out.append((left[at], stk[nodes], np.zeros(len(nodes), np.int64), accs[nodes], keys[nodes]))
        empty = np.nonzero(cell == 0)[0]
        after, rank = table.store_after[rows[empty]], table.store_rank[rows[empty]]
        at = np.nonzero(after >= 0)
        nodes = empty[at[0]]
        out.append((after[at], stk[nodes], rank[at], accs[nodes], keys[nodes]))

    def _stock_children(  # noqa: PLR0917 (the batch's columns)
        self, pyr: Array, stk: Array, cell: Array, accs: Array, rows: Array, keys: Array, out: list[Any]
    ) -> None:
        """The moves with a card of the stock or the waste as it comes to a top on the last
        pass (see the module docstring): each card paired with a free pyramid card or the
        cell's card, or stored; each pair of the stock's top with the waste's top."""
        places, srank, partner, pass_bits = self._places, self._srank, self._partner, self._pass_bits
        count = len(stk)
        held = (stk[:, None] >> places & 1).astype(bool)
        below = np.empty((count, self._bits + 1), np.int64)  # below[:, j]: the highest card under j
        below[:, 0] = -1
        np.maximum.accumulate(np.where(held, places, -1), axis=1, out=below[:, 1:])
        cursor = accs & CURSOR_MASK
        ahead = held & (places >= cursor[:, None])
        topped = ahead.copy()
        waste = below[np.arange(count), cursor]
        some = np.nonzero(waste >= 0)[0]
        topped[some, waste[some]] = True
        topped &= srank > 0
        node, place = np.nonzero(topped)
        rank = srank[place]
        rest = stk[node] ^ (1 << place)
        after = pass_bits | below[node, place] + 1
        held_cell = cell[node]
        store = held_cell == 0
        out.append((pyr[node[store]], rest[store], rank[store], after[store], keys[node[store]]))
        paired = (held_cell > 0) & (held_cell == partner[rank])
        emptied = np.zeros(int(paired.sum()), np.int64)
        out.append((pyr[node[paired]], rest[paired], emptied, after[paired], keys[node[paired]]))
        left = self._rows.removals[rows[node], partner[rank]]
        at = np.nonzero(left >= 0)
        event = at[0]
        out.append((left[at], rest[event], held_cell[event], after[event], keys[node[event]]))
        under = below[:, : self._bits]
        pairs = ahead & (under >= 0) & (srank > 0)
        node, place = np.nonzero(pairs)
        other = under[node, place]
        match = (srank[other] > 0) & (partner[srank[place]] == srank[other])
        node, place, other = node[match], place[match], other[match]
        out.append((
            pyr[node],
            stk[node] ^ (1 << place) ^ (1 << other),
            cell[node],
            pass_bits | below[node, other] + 1,
            keys[node],
        ))

    def _queue(self, keys: Array, accs: Array, parents: Array) -> None:
        """Put children in their layers' queues, merging a queue that has grown long."""
        if not len(keys):
            return
        layers = layers_of(keys)
        top = int(layers.max())
        for below_top in np.flatnonzero(np.bincount(top - layers)).tolist():
            layer = top - below_top
            chosen = layers == layer
            parts = self._pending.setdefault(layer, [])
            parts.append((keys[chosen], accs[chosen], parents[chosen]))
            waiting = self._waiting[layer] = self._waiting.get(layer, 0) + len(parts[-1][0])
            if waiting >= COMPACT_AT and len(parts) > 1:
                merged = _merge(parts)
                self._pending[layer] = [merged]
                self._waiting[layer] = len(merged[0])
                self.work += waiting

    def _path_to(self, key: int, acc: int, parent: int) -> list[CellNode]:
        """The nodes from the start to the winning child ``key``, parent by parent."""
        path = [self._node(key, acc)]
        while parent != ROOT:
            keys, accs, parents = self._done[int(layers_of(np.array([parent]))[0])]
            index = int(np.searchsorted(keys, parent))
            key, acc, parent = parent, int(accs[index]), int(parents[index])
            path.append(self._node(key, acc))
        path.reverse()
        return path

    def _node(self, key: int, acc: int) -> CellNode:
        bits = self._bits
        return (key >> (bits + CELL_FIELD), key >> CELL_FIELD & ((1 << bits) - 1), acc, key & 15)


def _merge(parts: list[tuple[Array, Array, Array]]) -> tuple[Array, Array, Array]:
    """One entry per key, sorted by key: the smallest access, and of those the smallest parent
    (so neither the slices nor the merges in between change a line)."""
    keys = np.concatenate([part[0] for part in parts])
    accs = np.concatenate([part[1] for part in parts])
    parents = np.concatenate([part[2] for part in parts])
    order = np.lexsort((parents, accs, keys))
    keys, accs, parents = keys[order], accs[order], parents[order]
    first = np.ones(len(keys), bool)
    first[1:] = keys[1:] != keys[:-1]
    return keys[first], accs[first], parents[first]
