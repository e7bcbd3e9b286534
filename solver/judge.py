"""Judging a hint over the orders of the unseen cards (see :mod:`solver.analysis`).

Each legal move is played in each of the orders that still win, and the position after it
searched; the move that wins in the most of them is the hint. Counted in nodes, like the rest.
"""

from __future__ import annotations

from rules.legality import apply
from rules.moves import Kind, Move
from rules.state import State
from solver.hints import rank_moves
from solver.layered import Backend
from solver.models import AnyProblem
from solver.search import Search
from solver.search import Verdict as SearchVerdict

NODES_PER_CALL = 128
SEARCH_COST = 32
"""Nodes charged for setting up a search (its tables), so a step always ends."""


def is_king(state: State, move: Move) -> bool:
    """A King removal: it never hurts (it only frees cards), so it needs no judging."""
    if move.kind is not Kind.REMOVE or len(move.places) != 1:
        return False
    card = state.card_at(move.places[0])
    return card is not None and card.is_lone


class HintJudge:
    """The move that wins in the most of the winning orders tried: each legal move (the most
    worthwhile on visible cards first) is played in each order and the result searched. A move
    that wins in every one of them is the best possible, and ends the judging; a move that can
    no longer beat the best so far is dropped early. Ties go to the visible-cards judgement."""

    def __init__(
        self,
        state: State,
        worlds: list[tuple[State, Move | None]],
        base: AnyProblem,
        backend: Backend,
        *,
        order_node_limit: int,
        node_cap: int,
    ) -> None:
        self.worlds = worlds
        self.order_node_limit = order_node_limit
        self.node_cap = node_cap
        self.base = base
        self.backend = backend
        self.candidates = rank_moves(state)
        self.best: Move | None = None
        self.best_wins = -1
        self.done = not self.candidates
        self._index = 0
        self._world = 0
        self._wins = 0
        self._search: Search | None = None
        self._spent = 0

    def step(self, nodes: int) -> bool:
        """Judge for about ``nodes`` nodes; True once done."""
        left = nodes
        while left > 0 and not self.done:
            if self._spent >= self.node_cap:
                self.done = True
                break
            if self._search is None:
                self._search = self._next_search()
                left -= SEARCH_COST
                continue
            before = self._search.nodes
            result = self._search.step(min(left, NODES_PER_CALL))
            used = max(1, self._search.nodes - before)
            left -= used
            self._spent += used
            if result is not None:
                self._wins += result.verdict is SearchVerdict.SOLVABLE
                self._world += 1
                self._search = None
        return self.done

    def _next_search(self) -> Search | None:
        while not self.done:
            move = self.candidates[self._index]
            left = len(self.worlds) - self._world
            if left == 0 or self._wins + left <= self.best_wins:
                self._close(move)
                continue
            world, first = self.worlds[self._world]
            if first == move:
                self._wins += 1
                self._world += 1
                continue
            return Search(apply(world, move), node_limit=self.order_node_limit, backend=self.backend,
                          like=self.base, line_limit=1)  # fmt: skip
        return None

    def _close(self, move: Move) -> None:
        if self._wins > self.best_wins:
            self.best, self.best_wins = move, self._wins
        self._index += 1
        self._world = self._wins = 0
        self.done = self.best_wins == len(self.worlds) or self._index == len(self.candidates)
