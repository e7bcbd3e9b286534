"""The exact solver of Tut's Tomb (:mod:`rules.stock.draw_three`): a plain depth-first search.

A draw turns up the next three cards still in play, so where the player stands decides which
cards a later draw puts on top: a smaller cursor does not reach every later one, and the
earliest-access model of :mod:`solver.model` does not hold. Here every draw and recycle is an
edge of the search, and a node is the whole position ``(pyr, stk, acc)``: the pyramid mask,
the stock mask over stock-sequence indices (stock and waste), and ``pass << 6 | cursor`` (the
cursor as in :class:`rules.State`; with unlimited passes the pass is no resource and is left 0).

Sound shortcuts, each argued where it is made:

* **Pyramid Kings go at once** (:meth:`TombProblem.norm`): removing a free pyramid King only
  uncovers pyramid cards and touches neither stock nor waste, so any winning line stays
  winning with it removed first. A King on the waste is an ordinary move: taking it out of
  the waste changes which three cards a draw after a recycle turns up.
* **Visited set**: whether a win is reachable from a node depends on the node alone, so a
  node searched once is never searched again. With unlimited passes the graph has cycles; a
  depth-first search with a visited set still finds a win whenever one is reachable.
* **Lost positions** (:meth:`TombProblem.lost`): a pyramid card whose rank has no partner left
  anywhere (pyramid, stock or waste) can never leave. It reads which cards are left, never
  their order, so it holds for every order of unseen cards.

Unseen cards searched as *blanks* (see :mod:`solver.analysis`) have rank 0 and pair with nothing.
"""

from __future__ import annotations

from itertools import pairwise

from rules.legality import apply
from rules.moves import DRAW, RECYCLE, WASTE, Move
from rules.state import State
from rules.stock.draw_three import drawn_to
from rules.topology import iter_slots

TombNode = tuple[int, int, int]
PASS_SHIFT = 6
CURSOR_MASK = (1 << PASS_SHIFT) - 1


class TombProblem:
    """One Tut's Tomb position as the tables the search reads. ``start`` is its first node
    (free pyramid Kings already gone); ``state`` the position itself. ``blank``: stock places
    searched as cards that pair with nothing."""

    def __init__(self, state: State, blank: int = 0) -> None:
        rules = state.rules
        variant, deck = rules.variant, rules.deck
        shape = variant.shape
        self.state = state
        self.overlap = rules.overlap
        self.pair_sum = deck.pair_sum
        self.lone = deck.lone_rank
        self.win_all = variant.win_all
        self.passes = rules.passes
        self.unlimited = rules.unlimited
        self.covered_by = shape.covered_by
        layout = state.layout
        self.prank: tuple[int, ...] = tuple(card.rank if card else 0 for card in layout.pyramid)
        self.srank: tuple[int, ...] = tuple(
            0 if blank >> index & 1 else card.rank for index, card in enumerate(layout.stock)
        )
        self.king_slots = tuple(s for s, rank in enumerate(self.prank) if rank == self.lone)
        self._free: dict[int, int] = {}
        pass_no = 0 if self.unlimited else state.pass_no
        self.start: TombNode = (self.norm(state.pyramid), state.stock, pass_no << PASS_SHIFT | state.cursor)

    def free(self, pyr: int) -> int:
        """The uncovered slots of ``pyr`` (cached)."""
        found = self._free.get(pyr)
        if found is None:
            covered_by = self.covered_by
            found = sum(1 << slot for slot in iter_slots(pyr) if not covered_by[slot] & pyr)
            self._free[pyr] = found
        return found

    def norm(self, pyr: int) -> int:
        """``pyr`` with every free King removed, repeatedly (removing one may uncover another)."""
        while True:
            kings = sum(1 << s for s in self.king_slots if pyr >> s & 1 and not self.covered_by[s] & pyr)
            if not kings:
                return pyr
            pyr &= ~kings

    def won(self, node: TombNode) -> bool:
        return node[0] == 0 and not (self.win_all and node[1])

    def _pyramid_pairs(self, pyr: int) -> list[tuple[int, int]]:
        """Two free cards summing to the pair sum, and (overlap rule) a card with the one free
        card lying on it."""
        prank, pair_sum, covered_by = self.prank, self.pair_sum, self.covered_by
        free = list(iter_slots(self.free(pyr)))
        pairs = [(a, b) for i, a in enumerate(free) for b in free[i + 1 :] if prank[a] + prank[b] == pair_sum]
        if self.overlap:
            for slot in iter_slots(pyr):
                covers = covered_by[slot] & pyr
                if covers.bit_count() == 1:
                    cover = covers.bit_length() - 1
                    if not covered_by[cover] & pyr and prank[slot] + prank[cover] == pair_sum:
                        pairs.append((slot, cover))
        return pairs

    def successors(self, pyr: int, stk: int, acc: int) -> list[TombNode]:
        """Every move from ``(pyr, stk, acc)`` as the node it leads to: pyramid pairs, then the
        waste's top with a free pyramid card (or alone, a King), then a draw, then a recycle."""
        norm = self.norm
        out = [(norm(pyr & ~(1 << a) & ~(1 << b)), stk, acc) for a, b in self._pyramid_pairs(pyr)]
        cursor, pass_bits = acc & CURSOR_MASK, acc & ~CURSOR_MASK
        below = stk & ((1 << cursor) - 1)
        if below:
            top = below.bit_length() - 1
            rank = self.srank[top]
            rest = stk & ~(1 << top)
            after = pass_bits | (rest & ((1 << cursor) - 1)).bit_length()
            if rank == self.lone:
                out.append((pyr, rest, after))
            elif rank:
                for slot in iter_slots(self.free(pyr)):
                    if self.prank[slot] + rank == self.pair_sum:
                        out.append((self.norm(pyr & ~(1 << slot)), rest, after))
        if stk >> cursor:
            out.append((pyr, stk, pass_bits | drawn_to(stk, cursor)))
        elif below and (self.unlimited or (acc >> PASS_SHIFT) < self.passes):
            out.append((pyr, stk, pass_bits if self.unlimited else pass_bits + (1 << PASS_SHIFT)))
        return out

    def lost(self, pyr: int, stk: int) -> bool:
        """Some pyramid card has no card of its partner rank left (see the module docstring)."""
        pyramid = {self.prank[s] for s in iter_slots(pyr)}
        left = pyramid | {self.srank[i] for i in iter_slots(stk)}
        return any(rank != self.lone and self.pair_sum - rank not in left for rank in pyramid)


class TombDepthFirst:
    """Depth-first search over :class:`TombProblem` nodes, pausable between any two nodes, with
    the interface of :class:`solver.dfs.DepthFirst`: ``advance(n)`` searches about ``n`` more
    nodes and returns None while unfinished, then the path of nodes to a win, or ``[]``."""

    def __init__(self, problem: TombProblem) -> None:
        self.problem = problem
        self.nodes = 0
        self.seen: set[TombNode] = set()
        self._path: list[TombNode] = [problem.start]
        self._stack: list[list[TombNode]] = []
        self._result: list[TombNode] | None = None
        if problem.won(problem.start) or self._enter(problem.start):
            self._result = list(self._path)

    @property
    def work(self) -> int:
        return self.nodes

    def _enter(self, node: TombNode) -> bool:
        """Mark ``node`` searched and push its untried children; True when one of them wins."""
        self.seen.add(node)
        self.nodes += 1
        problem = self.problem
        children = [] if problem.lost(node[0], node[1]) else problem.successors(*node)
        for child in children:
            if problem.won(child):
                self._path.append(child)
                return True
        children.reverse()  # popped from the end: the first child is tried first
        self._stack.append(children)
        return False

    def advance(self, budget: int) -> list[TombNode] | None:
        if self._result is not None:
            return self._result
        stop = self.nodes + budget
        seen, stack, path = self.seen, self._stack, self._path
        while self.nodes < stop:
            if not stack:
                self._result = []
                return self._result
            children = stack[-1]
            if not children:
                stack.pop()
                path.pop()
                continue
            child = children.pop()
            if child in seen:
                continue
            path.append(child)
            if self._enter(child):
                self._result = list(path)
                return self._result
        return None


def tomb_play_out(problem: TombProblem, path: list[TombNode], limit: int | None = None) -> list[Move]:
    """The moves from ``problem.state`` that follow ``path`` (a win): between two nodes one
    draw, recycle or removal (and any pyramid Kings freed since); every move goes through
    :func:`rules.apply`. Only the first ``limit`` moves when a limit is given."""
    state = problem.state
    moves: list[Move] = []

    def play(move: Move) -> None:
        nonlocal state
        state = apply(state, move)
        moves.append(move)

    def clear_kings() -> None:
        while not state.is_won:
            kings = [s for s in iter_slots(state.uncovered) if problem.prank[s] == problem.lone]
            if not kings:
                return
            play(Move.remove(kings[0]))

    clear_kings()
    for before, after in pairwise(path):
        slots = [s for s in iter_slots(before[0] & ~after[0]) if problem.prank[s] != problem.lone]
        places = slots + [WASTE] * (before[1] & ~after[1]).bit_count()
        if places:
            play(Move.remove(*places))
        else:
            play(DRAW if after[2] & CURSOR_MASK else RECYCLE)  # a draw leaves the cursor past a card
        clear_kings()
    if not problem.won((state.pyramid, state.stock, 0)):
        raise RuntimeError("the line does not win")
    return moves if limit is None else moves[:limit]
