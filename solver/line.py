"""Turn a path of search nodes into the moves a player makes, checked by ``rules``.

Between two nodes exactly one pair (or nothing but Kings) leaves the table. The line plays it
with real moves: draw (and recycle) until the stock card it needs is the stock's or the
waste's top card, then the removal. Any King that is free or on top of the stock or the waste
is removed as soon as it can be (the search deleted those Kings up front, see
:mod:`solver.model`). Under strict win the line ends by drawing through what is left, Kings
only, removing each as it comes to the top. Every move goes through :func:`rules.apply`, so
an illegal step raises.
"""

from __future__ import annotations

from itertools import pairwise

from rules.legality import apply, playable_places
from rules.moves import DRAW, RECYCLE, Move
from rules.state import State
from rules.topology import iter_slots
from solver.model import Node, Problem


class LineError(RuntimeError):
    """A node path could not be played out: a solver bug, never a user error."""


class _EnoughMovesError(Exception):
    """The moves wanted have been played."""


class _Player:
    def __init__(self, state: State, limit: int | None = None) -> None:
        self.state = state
        self.moves: list[Move] = []
        self.limit = limit
        self.lone = state.rules.deck.lone_rank
        passes = 2 if state.rules.unlimited else state.rules.passes  # (unlimited: a cycle, then one more)
        self.max_draws = passes * (len(state.layout.stock) + 1)
        """Draws and recycles that bring any stock card to the top: every pass, once through."""

    def play(self, move: Move) -> None:
        self.state = apply(self.state, move)
        self.moves.append(move)
        if self.limit is not None and len(self.moves) >= self.limit:
            raise _EnoughMovesError

    def clear_kings(self) -> None:
        """Remove every King that can go now, until none can (or the pyramid is clear)."""
        while not self.state.is_won:
            kings = [p for p in playable_places(self.state) if _rank(self.state, p) == self.lone]
            if not kings:
                return
            self.play(Move.remove(kings[0]))

    def advance(self) -> None:
        """One draw, or a recycle when the stock is empty."""
        self.play(DRAW if self.state.stock_top_index() is not None else RECYCLE)
        self.clear_kings()

    def bring_to_top(self, index: int) -> int:
        """Draw until stock card ``index`` is playable (the stock's top card, or a waste pile's);
        its place."""
        for _ in range(self.max_draws):
            place = self.state.place_of(index)
            if place is not None:
                return place
            self.advance()
        raise LineError(f"stock card {index} never came to the top")

    def bring_pair_to_top(self, first: int, second: int) -> tuple[int, int]:
        """Draw until stock cards ``first`` and ``second`` are playable together; their places."""
        for _ in range(self.max_draws):
            places = self.state.place_of(first), self.state.place_of(second)
            if places[0] is not None and places[1] is not None:
                return places[0], places[1]
            self.advance()
        raise LineError(f"stock cards {first} and {second} never met on top")

    def clear_stock_kings(self) -> None:
        """Strict win: draw through the stock, whose cards left are all Kings, removing each."""
        for _ in range(self.max_draws):
            if self.state.is_won:
                return
            self.advance()
        raise LineError("the Kings left in the stock never all came to the top")


def _rank(state: State, place: int) -> int:
    card = state.card_at(place)
    return card.rank if card else 0


def play_out(problem: Problem, path: list[Node], limit: int | None = None) -> list[Move]:
    """The moves from ``problem.state`` that follow ``path`` (from its start node to a win);
    only the first ``limit`` of them (checked as far as they go) when a limit is given."""
    player = _Player(problem.state, limit)
    try:
        _follow(player, problem, path)
    except _EnoughMovesError:
        return player.moves
    if not player.state.is_won:
        raise LineError("the line does not win")
    return player.moves


def _follow(player: _Player, problem: Problem, path: list[Node]) -> None:
    player.clear_kings()
    for before, after in pairwise(path):
        slots = [s for s in iter_slots(before[0] & ~after[0]) if problem.prank[s] != problem.lone]
        stock = iter_slots(before[1] & ~after[1])
        if len(stock) == 2:
            player.play(Move.remove(*player.bring_pair_to_top(stock[0], stock[1])))
        elif len(stock) == 1 and len(slots) == 1:
            player.play(Move.remove(slots[0], player.bring_to_top(stock[0])))
        elif len(slots) == 2 and not stock:
            player.play(Move.remove(*slots))
        else:
            raise LineError(f"no single pair between {before} and {after}")
        player.clear_kings()
    if problem.state.rules.variant.win_all:
        player.clear_stock_kings()
