"""Exhaustive search layer by layer: every position searched once, with its best access.

Every removal takes cards away, so a node's predecessors all hold more cards than it does.
Processing nodes by the number of cards they hold, most first, means that when a node's turn
comes every way of reaching it is known, and it is expanded once, with the best access of all
(see the dominance argument in :mod:`solver.model`). This is the engine that proves deals lost
without searching anything twice; it is slower than depth-first search at finding wins.

Nodes travel in batches of three parallel sequences: keys (``pyr << stock_bits | stk``), accesses, and
parent keys (for rebuilding the winning line). A :class:`Backend` does the batch work; the
pure-Python one is here, the numpy one in :mod:`solver.vector`. Both keep, per key, the best
access (ties: the first parent met), and stop at the first chunk with a winning child; so both
give the same verdict, and each always gives the same line.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from solver.model import Node, Problem
from solver.movegen import expand_batch

CHUNK = 8192
"""The most nodes expanded in one batch; a search run to the end gives the layered engine
turns of this size (:data:`solver.search.RUN_ROUND`), the game much smaller steps."""
NO_PARENT = -1
PIECE = 32_768
"""A layer is merged in pieces of about this many entries, one piece per unit of work, so a
large layer never stalls a step (bench/RESULTS.md#piece)."""
ENTRIES_PER_NODE = 16
"""Merge work is counted against a step's node budget at this many entries per node."""


class Column(Protocol):
    """A list of ints or a one-dimensional numpy array."""

    def __len__(self) -> int: ...
    def __getitem__(self, index: Any, /) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...


@dataclass
class Batch:
    """Parallel columns (lists or numpy arrays) of keys, accesses and parent keys."""

    keys: Column
    accs: Column
    parents: Column

    def __len__(self) -> int:
        return len(self.keys)


class Backend(Protocol):
    """Batch operations of the layered engine. ``share``: 0 when the layered engine is not worth
    running on this backend (see :func:`solver.search.default_schedule`)."""

    name: str
    share: int

    def expand(self, problem: Problem, batch: Batch, start: int, stop: int) -> tuple[Batch, int | None]:
        """Children of ``batch[start:stop]``, with parent keys; and the index (in the returned
        batch) of the chosen winning child, if any."""

    def merge(self, batches: list[Batch]) -> Batch:
        """One batch sorted by key: per key the smallest access (ties: the first met)."""

    def split(self, batch: Batch) -> dict[int, Batch]:
        """The batch cut by layer (the number of cards a node still holds)."""

    def locate(self, batch: Batch, key: int) -> int:
        """Position of ``key`` in a merged batch."""

    def cut(self, batch: Batch, low: int | None, high: int | None) -> Batch:
        """The entries of a merged batch with ``low <= key < high`` (None: no bound)."""

    def sample(self, batch: Batch, stride: int) -> list[int]:
        """Every ``stride``-th key of a batch."""

    def concat(self, batches: list[Batch]) -> Batch:
        """The batches one after another."""


def layer_of(key: int) -> int:
    return key.bit_count()


class PureBackend:
    """Lists and dicts; the reference the numpy backend must match. Its nodes cost as much as
    depth-first ones, and depth-first search rarely needs more than about 1.3 times the nodes
    of the layered engine, so without numpy the layered engine is not worth a share."""

    name = "pure"
    share = 0

    def expand(self, problem: Problem, batch: Batch, start: int, stop: int) -> tuple[Batch, int | None]:
        keys = list(batch.keys[start:stop])
        positions, child_keys, child_accs = expand_batch(problem, keys, list(batch.accs[start:stop]))
        parents = [keys[p] for p in positions]
        goal = problem.goal_shift
        win = next((i for i, key in enumerate(child_keys) if key >> goal == 0), None)
        return Batch(child_keys, child_accs, parents), win

    def merge(self, batches: list[Batch]) -> Batch:
        best: dict[int, tuple[int, int]] = {}
        for batch in batches:
            for key, acc, parent in zip(batch.keys, batch.accs, batch.parents, strict=True):
                seen = best.get(key)
                if seen is None or acc < seen[0]:
                    best[key] = (acc, parent)
        keys = sorted(best)
        return Batch(keys, [best[k][0] for k in keys], [best[k][1] for k in keys])

    def split(self, batch: Batch) -> dict[int, Batch]:
        lists: dict[int, tuple[list[int], list[int], list[int]]] = {}
        for key, acc, parent in zip(batch.keys, batch.accs, batch.parents, strict=True):
            keys, accs, parents = lists.setdefault(layer_of(key), ([], [], []))
            keys.append(key)
            accs.append(acc)
            parents.append(parent)
        return {layer: Batch(*columns) for layer, columns in lists.items()}

    def locate(self, batch: Batch, key: int) -> int:
        keys: list[int] = batch.keys  # type: ignore[assignment]  # merged by this backend: a list
        return bisect_left(keys, key)

    def cut(self, batch: Batch, low: int | None, high: int | None) -> Batch:
        keys: list[int] = batch.keys  # type: ignore[assignment]  # merged by this backend: a list
        start = 0 if low is None else bisect_left(keys, low)
        stop = len(keys) if high is None else bisect_left(keys, high)
        return Batch(keys[start:stop], batch.accs[start:stop], batch.parents[start:stop])

    def sample(self, batch: Batch, stride: int) -> list[int]:
        return [int(key) for key in batch.keys[::stride]]

    def concat(self, batches: list[Batch]) -> Batch:
        return Batch(
            [k for b in batches for k in b.keys],
            [a for b in batches for a in b.accs],
            [p for b in batches for p in b.parents],
        )


class Merge:
    """One layer's batches merged a piece at a time (:meth:`Backend.merge` of everything at
    once gives the same batch). Consecutive batches are first merged into sorted runs of about
    :data:`PIECE` entries; the key range is then cut, at keys sampled from the runs, into
    pieces of about :data:`PIECE` entries, each merged from its slice of every run; the pieces
    joined in key order are the layer. Per key the smallest access wins and, among equal
    accesses, the earliest batch, as in one merge: runs keep the batches' order."""

    def __init__(self, backend: Backend, batches: list[Batch]) -> None:
        self.backend = backend
        self.result: Batch | None = None
        self._batches = batches
        self._runs: list[Batch] = []
        self._bounds: list[int | None] = []
        self._pieces: list[Batch] = []
        self._total = sum(len(b) for b in batches)

    def work(self) -> int:
        """Do one piece of the work; returns how many entries it handled."""
        backend = self.backend
        if self._total <= PIECE:
            self.result = backend.merge(self._batches)
            return self._total
        if self._batches:
            group: list[Batch] = []
            size = 0
            while self._batches and (not group or size + len(self._batches[0]) <= PIECE):
                batch = self._batches.pop(0)
                group.append(batch)
                size += len(batch)
            self._runs.append(backend.merge(group))
            if not self._batches:
                self._plan()
            return size
        if len(self._pieces) < len(self._bounds) - 1:
            low, high = self._bounds[len(self._pieces)], self._bounds[len(self._pieces) + 1]
            piece = backend.merge([backend.cut(run, low, high) for run in self._runs])
            self._pieces.append(piece)
            return max(1, len(piece))
        self.result = backend.concat(self._pieces)
        return max(1, self._total // 8)

    def _plan(self) -> None:
        """The pieces' key bounds, from a sample of every run's keys."""
        stride = 64
        keys = sorted({key for run in self._runs for key in self.backend.sample(run, stride)})
        every = max(1, PIECE // stride)
        inner: list[int | None] = list(keys[every::every])
        self._bounds = [None, *inner, None]


class LayeredEngine(Protocol):
    """What :class:`solver.search.Search` asks of a layered engine (:class:`Layered`, or a
    stock kind's own, such as :class:`solver.cell_layers.CellLayered`)."""

    nodes: int
    work: int

    def advance(self, budget: int) -> Sequence[Any] | None:
        """About ``budget`` more nodes; None while unfinished, then a path to a win or ``[]``."""


class Layered:
    """``advance(n)`` expands about ``n`` more nodes; returns None while unfinished, then the
    path of nodes from the start to a win, or ``[]`` once everything is searched."""

    def __init__(self, problem: Problem, backend: Backend) -> None:
        self.problem = problem
        self.backend = backend
        self.nodes = 0
        pyr, stk, acc = problem.start
        start_key = pyr << problem.stock_bits | stk
        self._pending: dict[int, list[Batch]] = {
            layer_of(start_key): [Batch([start_key], [acc], [NO_PARENT])]
        }
        self._done: dict[int, Batch] = {}
        self._current: Batch | None = None
        self._offset = 0
        self._merge: tuple[int, Merge] | None = None
        self.work = 0
        """Nodes expanded plus merge work (in nodes, see :data:`ENTRIES_PER_NODE`)."""

    def advance(self, budget: int) -> list[Node] | None:
        spent = 0
        while spent < budget:
            current = self._current
            if current is None or self._offset >= len(current):
                if self._merge is None:
                    if not self._pending:
                        return []
                    layer = max(self._pending)
                    self._merge = (layer, Merge(self.backend, self._pending.pop(layer)))
                layer, merge = self._merge
                cost = max(1, merge.work() // ENTRIES_PER_NODE)
                spent += cost
                self.work += cost
                if merge.result is None:
                    continue
                current = self._current = merge.result
                self._merge = None
                self._done[layer] = current
                self._offset = 0
                if spent >= budget:
                    return None
            stop = min(len(current), self._offset + CHUNK, self._offset + budget - spent)
            children, win = self.backend.expand(self.problem, current, self._offset, stop)
            spent += stop - self._offset
            self.nodes += stop - self._offset
            self.work += stop - self._offset
            self._offset = stop
            if win is not None:
                return self._path_to(
                    int(children.keys[win]), int(children.accs[win]), int(children.parents[win])
                )
            for layer, part in self.backend.split(children).items():
                self._pending.setdefault(layer, []).append(part)
        return None

    def _path_to(self, key: int, acc: int, parent: int) -> list[Node]:
        bits = self.problem.stock_bits
        mask = (1 << bits) - 1
        path = [(key >> bits, key & mask, acc)]
        while parent != NO_PARENT:
            batch = self._done[layer_of(parent)]
            index = self.backend.locate(batch, parent)
            key, acc, parent = parent, int(batch.accs[index]), int(batch.parents[index])
            path.append((key >> bits, key & mask, acc))
        path.reverse()
        return path
