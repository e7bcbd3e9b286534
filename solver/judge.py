"""Judging a hint over the orders of the unseen cards (see :mod:`solver.analysis`).

Each legal move is played in each of the orders that still win, and the position after it
searched; the move that wins in the most of them is the hint. Counted in nodes, like the rest.
"""

from __future__ import annotations

from rules.legality import apply
from rules.moves import Kind, Move
from rules.state import State
from rules.verdict import Verdict
from solver.hints import patient_order
from solver.layered import Backend
from solver.models import AnyProblem
from solver.search import Search

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
    """The move that wins in the most of the winning orders given (``worlds``: each order as a
    position, with the first move of the line that won it).

    The orders are taken one at a time and every move still in the running is played in it and
    the result searched (order by order, so that when the node cap stops the judging every move
    left has been judged on the same orders). A move that can no longer reach the best count
    is dropped; one move left, or every order judged, ends the judging. A search that runs out
    of its ``order_node_limit`` counts as not won. Ties go to the move that keeps the most for
    later (:func:`solver.hints.patient_order`, which also orders the moves).
    """

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
        self.candidates = patient_order(state)
        self.wins = [0] * len(self.candidates)
        """Orders won after each candidate, over the orders judged in full (:attr:`judged`)."""
        self.judged = 0
        self.alive = list(range(len(self.candidates)))
        self.spent = 0
        """Nodes searched (what ``node_cap`` bounds)."""
        self.work = 0
        """What :meth:`step` did: nodes, stock fronts worked out, :data:`SEARCH_COST` a search set up."""
        self.done = len(self.candidates) <= 1 or not worlds
        self._pending: list[int] = list(self.alive)  # candidates still to play in this order
        self._results: dict[int, bool] = {}  # this order: candidate -> won
        self._search: Search | None = None
        self._searching = -1

    @property
    def best(self) -> Move | None:
        """The move that won in the most orders judged in full (ties: the visible judgement);
        None before any order was judged in full (or when there is no move)."""
        if len(self.candidates) == 1:
            return self.candidates[0]
        if not self.judged:
            return None
        top = max(self.wins[i] for i in self.alive)
        return self.candidates[next(i for i in self.alive if self.wins[i] == top)]

    def step(self, nodes: int) -> int:
        """Judge for about ``nodes`` nodes; returns the nodes left over (some are left only
        once the judging is :attr:`done`)."""
        left = nodes
        while left > 0 and not self.done:
            if self.spent >= self.node_cap:
                self.done = True
                break
            if self._search is None:
                self._search = self._next_search()
                left -= SEARCH_COST
                self.work += SEARCH_COST
                continue
            before, worked = self._search.nodes, self._search.work
            result = self._search.step(min(left, NODES_PER_CALL))
            worked = self._search.work - worked  # its stock fronts included
            left -= max(1, worked)
            self.work += worked
            self.spent += max(1, self._search.nodes - before)
            if result is not None:
                self._search = None
                self._record(self._searching, result.verdict is Verdict.SOLVABLE)
        return max(left, 0)

    def _next_search(self) -> Search | None:
        while self._pending and not self.done:
            index = self._pending.pop(0)
            world, first = self.worlds[self.judged]
            move = self.candidates[index]
            if first == move:  # the line that won this order starts with it
                self._record(index, True)
                continue
            self._searching = index
            return Search(apply(world, move), node_limit=self.order_node_limit, backend=self.backend,
                          like=self.base, line_limit=1)  # fmt: skip
        return None

    def _record(self, index: int, won: bool) -> None:
        self._results[index] = won
        if self._pending:
            return
        for i, won_here in self._results.items():  # the order is judged in full
            self.wins[i] += won_here
        self.judged += 1
        self._results = {}
        left = len(self.worlds) - self.judged
        top = max(self.wins[i] for i in self.alive)
        self.alive = [i for i in self.alive if self.wins[i] + left >= top]
        if left == 0 or len(self.alive) == 1:
            self.done = True
        else:
            self._pending = list(self.alive)
