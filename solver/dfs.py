"""Depth-first search with a transposition table, pausable between any two nodes.

Good at finding wins quickly: children are tried from the earliest access (the least drawing
and recycling) to the latest, ties in the move generator's order (pyramid pairs first). Trying
early accesses first also means a position is rarely met again with a better access later.
The table keeps, per
``(pyr, stk)``, the best access already searched; a node reached again with a worse or equal
access is skipped (dominance, see :mod:`solver.model`), a better one is searched again.

The table is split into :data:`SHARDS` dicts by the key's low bits: a Python dict that grows
copies itself whole, and one table of a few million entries would stall a step for tens of
milliseconds; a shard is 64 times smaller, and so is the pause.
"""

from __future__ import annotations

from collections.abc import Generator
from operator import itemgetter

from solver.model import Node, Problem
from solver.movegen import successors_for

_BY_ACCESS = itemgetter(2)
SHARDS = 64
SHARD_MASK = SHARDS - 1


class DepthFirst:
    """``advance(n)`` searches about ``n`` more nodes and returns None while unfinished; when
    finished it returns the path of nodes from the start to a win, or ``[]`` when none exists."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self._walk = _Walk(problem)
        self._run = _visit(self._walk, problem.start)

    @property
    def nodes(self) -> int:
        return self._walk.nodes

    @property
    def work(self) -> int:
        """The work done, in nodes (as :attr:`Layered.work`)."""
        return self._walk.nodes

    def advance(self, budget: int) -> list[Node] | None:
        self._walk.pause_at = self._walk.nodes + budget
        try:
            next(self._run)
        except StopIteration as finished:
            return list(self._walk.path) if finished.value else []
        return None


class _Walk:
    """What the search generator works on. Kept apart from :class:`DepthFirst`, which holds the
    generator: were the generator to refer to its owner, the two would form a reference cycle,
    and a dropped search (its table can hold millions of entries) would only be freed by a full
    garbage collection, inside some later search step, instead of at once."""

    __slots__ = ("best", "nodes", "path", "pause_at", "problem", "successors")

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.nodes = 0
        self.pause_at = 0
        self.best: list[dict[int, int]] = [{} for _ in range(SHARDS)]
        self.path: list[Node] = [problem.start]
        self.successors = successors_for(problem)
        """The move generator the problem's variant plays by (one waste pile or several)."""


def _visit(walk: _Walk, start: Node) -> Generator[None, None, bool]:
    """The search from ``start``, as one generator: a stack of the children still to try at
    each depth, instead of a generator per node (a node then costs no generator, no frame and
    no ``yield from`` through every level above it). Pauses after counting a node once
    ``walk.pause_at`` is reached, before expanding it."""
    problem, path, best, successors = walk.problem, walk.path, walk.best, walk.successors
    goal, bits = problem.goal_shift, problem.stock_bits
    pyr, stk, acc = start
    key = pyr << bits | stk
    best[key & SHARD_MASK][key] = acc
    walk.nodes += 1
    if walk.nodes >= walk.pause_at:
        yield
    children = successors(problem, pyr, stk, acc)
    if not children:
        return False
    children.sort(key=_BY_ACCESS)
    stack = [iter(children)]
    while stack:
        for child in stack[-1]:
            pyr, stk, acc = child
            key = pyr << bits | stk
            if key >> goal == 0:
                path.append(child)
                return True
            table = best[key & SHARD_MASK]
            seen = table.get(key)
            if seen is not None and seen <= acc:
                continue
            table[key] = acc
            path.append(child)
            walk.nodes += 1
            if walk.nodes >= walk.pause_at:
                yield
            children = successors(problem, pyr, stk, acc)
            if children:
                if len(children) > 1:
                    children.sort(key=_BY_ACCESS)
                stack.append(iter(children))
                break
            path.pop()
        else:
            stack.pop()
            if stack:
                path.pop()
    return False
