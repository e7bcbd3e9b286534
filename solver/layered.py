"""Exhaustive search layer by layer: every position searched once, with its best access.

Every removal takes cards away, so a node's predecessors all hold more cards than it does.
Processing nodes by the number of cards they hold, most first, means that when a node's turn
comes every way of reaching it is known, and it is expanded once, with the best access of all
(see the dominance argument in :mod:`solver.model`). This is the engine that proves deals lost
without searching anything twice; it is slower than depth-first search at finding wins.

Nodes travel in batches of three parallel sequences: keys (``pyr << 24 | stk``), accesses, and
parent keys (for rebuilding the winning line). A :class:`Backend` does the batch work; the
pure-Python one is here, the numpy one in :mod:`solver.vector`. Both keep, per key, the best
access (ties: the first parent met), and stop at the first chunk with a winning child; so both
give the same verdict, and each always gives the same line.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from solver.model import STOCK_BITS, Node, Problem
from solver.movegen import STOCK_MASK, expand_batch

CHUNK = 4096
NO_PARENT = -1


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
        win = next((i for i, key in enumerate(child_keys) if key >> STOCK_BITS == 0), None)
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


class Layered:
    """``advance(n)`` expands about ``n`` more nodes; returns None while unfinished, then the
    path of nodes from the start to a win, or ``[]`` once everything is searched."""

    def __init__(self, problem: Problem, backend: Backend) -> None:
        self.problem = problem
        self.backend = backend
        self.nodes = 0
        pyr, stk, acc = problem.start
        start_key = pyr << STOCK_BITS | stk
        self._pending: dict[int, list[Batch]] = {
            layer_of(start_key): [Batch([start_key], [acc], [NO_PARENT])]
        }
        self._done: dict[int, Batch] = {}
        self._current: Batch | None = None
        self._offset = 0

    def advance(self, budget: int) -> list[Node] | None:
        spent = 0
        while spent < budget:
            current = self._current
            if current is None or self._offset >= len(current):
                if not self._pending:
                    return []
                layer = max(self._pending)
                current = self._current = self.backend.merge(self._pending.pop(layer))
                self._done[layer] = current
                self._offset = 0
            stop = min(len(current), self._offset + CHUNK, self._offset + budget - spent)
            children, win = self.backend.expand(self.problem, current, self._offset, stop)
            spent += stop - self._offset
            self.nodes += stop - self._offset
            self._offset = stop
            if win is not None:
                return self._path_to(
                    int(children.keys[win]), int(children.accs[win]), int(children.parents[win])
                )
            for layer, part in self.backend.split(children).items():
                self._pending.setdefault(layer, []).append(part)
        return None

    def _path_to(self, key: int, acc: int, parent: int) -> list[Node]:
        path = [(key >> STOCK_BITS, key & STOCK_MASK, acc)]
        while parent != NO_PARENT:
            batch = self._done[layer_of(parent)]
            index = self.backend.locate(batch, parent)
            key, acc, parent = parent, int(batch.accs[index]), int(batch.parents[index])
            path.append((key >> STOCK_BITS, key & STOCK_MASK, acc))
        path.reverse()
        return path
