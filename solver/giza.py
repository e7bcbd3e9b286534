"""The exact solver of an open game: Giza, where every card is face up from the start.

Giza deals the 24 cards that are not in the pyramid as face-up columns (eight of three); each
column's top card is playable, and there is no stock. Nothing is hidden and nothing is drawn,
so the search is a plain depth-first search over the cards left, with a transposition table.

A node is ``(pyr, col)``: the mask of pyramid slots left and the column mask of
:class:`rules.State` (card ``k`` of column ``c`` is bit ``c * depth + k``; a column's top card
is its highest bit). Its key ``pyr << col_bits | col`` is one int.

Sound shortcuts, each argued where it is made:

* **Kings go at once** (:meth:`GizaProblem.norm`): a free pyramid King or a King on top of a
  column is removed as soon as it can be. Removing a card never makes another move illegal
  (it only uncovers cards), so any winning line stays winning with the King removed first.
* **Forced pairs** (:meth:`GizaProblem.successors`): when two playable cards that pair are the
  only cards left of their two ranks, they can only ever leave together, so removing them now
  is the only child kept: the same argument moves that removal to the front of any winning line
  (a line that never removes them still wins with them gone).
* **Lost positions** (:meth:`GizaProblem.lost`): every pyramid card must leave with a partner
  of the complementary rank, either a pyramid card it can ever meet (one not lying on it or
  under it, or the card directly on it under the overlap rule) or a column card that can still
  come to a column's top. Column cards below a card that has no partner left in the pyramid or
  in another column can never surface. Per rank pair, a maximum matching between the
  pyramid cards of the two ranks leaves the rest needing distinct column cards (the same Hall
  argument as :mod:`solver.model`); too few is a proven loss. It ignores order: a relaxation.
* **Useless pairs**: two column cards that both lie on nothing (the last of their columns) are
  never removed together: the position with them still there allows every line the position
  without them allows (they block nothing), so that child is never needed.
* **Transposition table**: a position's verdict depends only on ``(pyr, col)``; one searched
  and not won is lost, so it is never searched again. Nor is one that a lost searched position
  dominates: the same cards, except that a column empty here held cards there, which cover
  nothing here (:meth:`GizaDepthFirst._dominated`).

Children are tried pyramid pairs first, then a pyramid card with a column card, then two column
cards; each group by the number of pyramid cards it frees, most first.
"""

from __future__ import annotations

from itertools import pairwise

from rules.legality import apply, playable_places
from rules.moves import Move, column_place
from rules.state import State
from rules.topology import iter_slots
from solver.model import _max_matching

GizaNode = tuple[int, int]


class GizaProblem:
    """One open position as the tables the search reads. ``start`` is its first node (Kings
    already gone); ``state`` the position itself."""

    def __init__(self, state: State) -> None:
        variant = state.rules.variant
        if variant.win_all:
            raise ValueError("the open model wins when the pyramid is clear: a column card may stay")
        deck = state.rules.deck
        shape = variant.shape
        self.state = state
        self.overlap = state.rules.overlap
        self.pair_sum = deck.pair_sum
        self.lone = deck.lone_rank
        self.slots = shape.slots
        self.covered_by = shape.covered_by
        self.cone = shape.cone
        self.depth = variant.column_depth
        self.columns = variant.columns
        self.col_bits = self.columns * self.depth
        layout = state.layout
        self.prank: tuple[int, ...] = tuple(card.rank if card else 0 for card in layout.pyramid)
        crank = [0] * self.col_bits
        for c, column in enumerate(layout.columns):
            for k, card in enumerate(column):
                crank[c * self.depth + k] = card.rank
        self.crank: tuple[int, ...] = tuple(crank)
        top = deck.top_rank
        self.rank_pyr = rank_pyr = _by_rank(self.prank, top)
        self.rank_col = rank_col = _by_rank(self.crank, top)
        self.bottoms = sum(1 << (c * self.depth) for c in range(self.columns))
        """The bottom place of every column: a card there lies on nothing."""
        self.column_masks = tuple(((1 << self.depth) - 1) << (c * self.depth) for c in range(self.columns))
        self.king_slots = tuple(iter_slots(rank_pyr[self.lone]))
        self.king_bits = rank_col[self.lone]
        self.rank_pairs = tuple((r, self.pair_sum - r) for r in range(1, top + 1) if r < self.pair_sum - r)
        self.closed = all(
            not self.covered_by[t] >> s & 1 or state.pyramid >> t & 1
            for s in iter_slots(state.pyramid)
            for t in range(self.slots)
        )
        """No present card lies on an empty slot (true of every dealt game and every position
        reached from one): then which pyramid cards can ever leave together is fixed, and the
        loss test (:meth:`lost`) applies. Typed positions with gaps go without it."""
        self.partners_of = tuple(
            sum(1 << b for b in iter_slots(rank_pyr[self.pair_sum - self.prank[a]]) if self._compatible(a, b))
            if 0 < self.prank[a] < self.pair_sum
            else 0
            for a in range(self.slots)
        )
        self.pair_pyr = tuple(
            rank_pyr[r] | rank_pyr[self.pair_sum - r] if 0 < r < self.pair_sum else 0 for r in range(top + 1)
        )
        self.pair_col = tuple(
            rank_col[r] | rank_col[self.pair_sum - r] if 0 < r < self.pair_sum else 0 for r in range(top + 1)
        )
        """Per rank, the cards of that rank and of its partner's (pyramid, columns): a pair
        is forced when only its own two cards are left in them."""
        self.has_kings = bool(rank_pyr[self.lone] & state.pyramid or rank_col[self.lone] & state.columns)
        self._pyramid_info: dict[int, tuple[int, list[tuple[int, int]], list[tuple[int, int]]]] = {}
        self._column_tops: dict[int, list[tuple[int, int]]] = {}
        self._freed: dict[int, int] = {}
        self._pair_needs: dict[int, tuple[int, int]] = {}
        self._reach: dict[tuple[int, int], int] = {}
        self._ranks: dict[int, int] = {}
        self.column_lengths = tuple(len(column) for column in layout.columns) + (0,) * self.columns
        self._free: dict[int, int] = {}
        self.start: GizaNode = self.norm(state.pyramid, state.columns)

    # --- tables ---------------------------------------------------------------------------------
    def _compatible(self, a: int, b: int) -> bool:
        """Can pyramid slots ``a`` and ``b`` ever leave together (in a closed pyramid)?"""
        if not (self.cone[a] >> b & 1 or self.cone[b] >> a & 1):
            return True
        return self.overlap and bool(self.covered_by[a] >> b & 1 or self.covered_by[b] >> a & 1)

    def free(self, pyr: int) -> int:
        """The uncovered slots of ``pyr`` (cached)."""
        found = self._free.get(pyr)
        if found is None:
            found = 0
            covered_by = self.covered_by
            for slot in iter_slots(pyr):
                if not covered_by[slot] & pyr:
                    found |= 1 << slot
            self._free[pyr] = found
        return found

    def tops(self, col: int) -> int:
        """The column mask of every column's top card."""
        found = 0
        for mask in self.column_masks:
            part = col & mask
            if part:
                found |= 1 << (part.bit_length() - 1)
        return found

    def norm(self, pyr: int, col: int) -> GizaNode:
        """``(pyr, col)`` with every free pyramid King and every King on a column's top removed,
        repeatedly (removing one may uncover another)."""
        while True:
            kings = 0
            for slot in self.king_slots:
                if pyr >> slot & 1 and not self.covered_by[slot] & pyr:
                    kings |= 1 << slot
            top_kings = self.tops(col) & self.king_bits if col & self.king_bits else 0
            if not kings and not top_kings:
                return pyr, col
            pyr &= ~kings
            col &= ~top_kings

    # --- the search's questions -------------------------------------------------------------------
    def successors(self, pyr: int, col: int) -> list[GizaNode] | None:
        """Every removal possible from ``(pyr, col)`` as the node it leads to (Kings removed at
        once, see :meth:`norm`), the most promising first; ``[forced]`` when a forced pair is
        playable; None when :meth:`lost` proves the pyramid can no longer be cleared."""
        if self.lost(pyr, col):
            return None
        info = self._pyramid_info.get(pyr) or self._pyramid(pyr)
        free, free_cards, pyramid_pairs = info
        tops = self._column_tops.get(col)
        if tops is None:
            tops = self._tops(col)
        pair_pyr, pair_col, bottoms = self.pair_pyr, self.pair_col, self.bottoms
        scored: list[tuple[int, GizaNode]] = []
        kings = self.has_kings
        freed_of = self._freed
        for gone, rank in pyramid_pairs:
            if (pyr & pair_pyr[rank]).bit_count() + (col & pair_col[rank]).bit_count() == 2:
                return [self.norm(pyr & ~gone, col) if kings else (pyr & ~gone, col)]
            after = pyr & ~gone
            freed = freed_of.get(after)
            if freed is None:
                freed = freed_of[after] = (self.free(after) & ~free).bit_count()
            scored.append((-freed, self.norm(after, col) if kings else (after, col)))
        for slot, need in free_cards:
            for bit, rank in tops:
                if rank == need:
                    if (pyr & pair_pyr[rank]).bit_count() + (col & pair_col[rank]).bit_count() == 2:
                        child = (pyr & ~(1 << slot), col & ~(1 << bit))
                        return [self.norm(*child) if kings else child]
                    after = pyr & ~(1 << slot)
                    freed = freed_of.get(after)
                    if freed is None:
                        freed = freed_of[after] = (self.free(after) & ~free).bit_count()
                    child = (after, col & ~(1 << bit))
                    scored.append((256 - freed, self.norm(*child) if kings else child))
        pair_sum = self.pair_sum
        for i, (bit, rank) in enumerate(tops):
            need = pair_sum - rank
            for other, other_rank in tops[i + 1 :]:
                if other_rank == need and not (bottoms >> bit & bottoms >> other & 1):
                    after_col = col & ~(1 << bit) & ~(1 << other)
                    if (pyr & pair_pyr[rank]).bit_count() + (col & pair_col[rank]).bit_count() == 2:
                        return [self.norm(pyr, after_col) if kings else (pyr, after_col)]
                    scored.append((512, self.norm(pyr, after_col) if kings else (pyr, after_col)))
        scored.sort(key=_first)
        return [child for _, child in scored]

    def _pyramid(self, pyr: int) -> tuple[int, list[tuple[int, int]], list[tuple[int, int]]]:
        """Per pyramid mask (cached): the free slots, each free non-King card as ``(slot, rank
        its partner needs)``, and each pyramid-only removal as ``(mask of the two, a rank)``."""
        free = self.free(pyr)
        prank, pair_sum = self.prank, self.pair_sum
        slots = iter_slots(free)
        cards = [(a, pair_sum - prank[a]) for a in slots if prank[a] != self.lone]
        pairs = [
            (1 << a | 1 << b, prank[a])
            for i, a in enumerate(slots)
            for b in slots[i + 1 :]
            if prank[a] + prank[b] == pair_sum
        ]
        if self.overlap:
            for slot in iter_slots(pyr & ~free):
                covers = self.covered_by[slot] & pyr
                if (
                    covers.bit_count() == 1
                    and covers & free
                    and prank[slot] + prank[covers.bit_length() - 1] == pair_sum
                ):
                    pairs.append((1 << slot | covers, prank[slot]))
        found = self._pyramid_info[pyr] = (free, cards, pairs)
        return found

    def _tops(self, col: int) -> list[tuple[int, int]]:
        """Per column mask (cached): each column's top card that is not a King, as ``(bit, rank)``."""
        found = [(bit, self.crank[bit]) for bit in iter_slots(self.tops(col)) if self.crank[bit] != self.lone]
        self._column_tops[col] = found
        return found

    def ranks_left(self, pyr: int) -> int:
        """Bit ``r`` set when a pyramid card of rank ``r`` is left in ``pyr`` (cached)."""
        found = self._ranks.get(pyr)
        if found is None:
            found = self._ranks[pyr] = sum(
                1 << r for r in range(1, len(self.rank_pyr)) if pyr & self.rank_pyr[r]
            )
        return found

    def reachable(self, col: int, ranks: int) -> int:
        """Column cards that may still come to a column's top: in each column, from the top
        down, a card with no partner left in another column nor in the pyramid (``ranks``:
        the pyramid's ranks left, see :meth:`ranks_left`) can never leave, and every card
        under it is out of reach."""
        found = self._reach.get((col, ranks))
        if found is None:
            found = col
            pair_sum, crank, rank_col = self.pair_sum, self.crank, self.rank_col
            for mask in self.column_masks:
                part = col & mask
                while part:
                    bit = part.bit_length() - 1
                    part ^= 1 << bit
                    rank = crank[bit]
                    if (
                        rank != self.lone
                        and not col & ~mask & rank_col[pair_sum - rank]
                        and not ranks >> (pair_sum - rank) & 1
                    ):
                        found &= ~part
                        break
            self._reach[col, ranks] = found
        return found

    def lost(self, pyr: int, col: int) -> bool:
        """The order-free test of the module docstring: some pyramid cards of one rank cannot
        all find distinct partners among the pyramid cards they can meet and the column cards
        still in reach."""
        if not self.closed or not pyr:
            return False
        reach = self.reachable(col, self.ranks_left(pyr))
        rank_pyr, rank_col = self.rank_pyr, self.rank_col
        for low, high in self.rank_pairs:
            key = pyr & (rank_pyr[low] | rank_pyr[high])
            if not key:
                continue
            needs = self._pair_needs.get(key)
            if needs is None:
                lows = iter_slots(key & rank_pyr[low])
                highs = key & rank_pyr[high]
                options = [iter_slots(highs & self.partners_of[a]) for a in lows]
                matched = _max_matching(options) if lows and highs else 0
                needs = self._pair_needs[key] = (len(lows) - matched, highs.bit_count() - matched)
            need_high, need_low = needs
            if (
                need_high > (reach & rank_col[high]).bit_count()
                or need_low > (reach & rank_col[low]).bit_count()
            ):
                return True
        return False


def _by_rank(ranks: tuple[int, ...], top: int) -> tuple[int, ...]:
    """Per rank 0 … ``top``, the mask of the places holding a card of that rank."""
    masks = [0] * (top + 1)
    for place, rank in enumerate(ranks):
        if rank:
            masks[rank] |= 1 << place
    return tuple(masks)


def _first(item: tuple[int, GizaNode]) -> int:
    return item[0]


class GizaDepthFirst:
    """Depth-first search over :class:`GizaProblem` nodes, pausable between any two nodes, with
    the interface of :class:`solver.dfs.DepthFirst`: ``advance(n)`` searches about ``n`` more
    nodes and returns None while unfinished, then the path of nodes from the start to a win, or
    ``[]`` when there is none."""

    def __init__(self, problem: GizaProblem) -> None:
        self.problem = problem
        self.nodes = 0
        self.seen: set[int] = set()
        self._path: list[GizaNode] = [problem.start]
        self._stack: list[list[GizaNode]] = []
        self._result: list[GizaNode] | None = None
        if problem.start[0] == 0 or self._enter(problem.start):
            self._result = list(self._path)

    @property
    def work(self) -> int:
        return self.nodes

    def _enter(self, node: GizaNode) -> bool:
        """Mark ``node`` searched and push its untried children; True when one of them wins."""
        self.seen.add(node[0] << self.problem.col_bits | node[1])
        self.nodes += 1
        children = self.problem.successors(*node)
        if not children:
            self._stack.append([])
            return False
        for child in children:
            if child[0] == 0:
                self._path.append(child)
                return True
        children.reverse()  # popped from the end: the first child is tried first
        self._stack.append(children)
        return False

    def _dominated(self, node: GizaNode) -> bool:
        """A searched position that differs from ``node`` only by holding cards in a column
        that is empty in ``node`` was lost: those cards lie on nothing ``node`` has, so every
        line from ``node`` is a line from it too, and ``node`` is lost as well. (Such a
        position is never an ancestor of ``node``: a move takes cards from two places, or a
        King that :meth:`GizaProblem.norm` folds away.) Checked for one column at a time."""
        pyr, col = node
        problem = self.problem
        base = pyr << problem.col_bits | col
        depth = problem.depth
        for c, mask in enumerate(problem.column_masks):
            if col & mask:
                continue
            for k in range(1, problem.column_lengths[c] + 1):
                top = problem.crank[c * depth + k - 1]
                if top == problem.lone:
                    continue
                if base | (((1 << k) - 1) << (c * depth)) in self.seen:
                    return True
        return False

    def advance(self, budget: int) -> list[GizaNode] | None:
        if self._result is not None:
            return self._result
        stop = self.nodes + budget
        shift, seen, stack, path = self.problem.col_bits, self.seen, self._stack, self._path
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
            if child[0] << shift | child[1] in seen or self._dominated(child):
                continue
            path.append(child)
            if self._enter(child):
                self._result = list(path)
                return self._result
        return None


def giza_play_out(problem: GizaProblem, path: list[GizaNode], limit: int | None = None) -> list[Move]:
    """The moves from ``problem.state`` that follow ``path`` (a win): between two nodes one
    pair leaves (and any Kings freed since); every move goes through :func:`rules.apply`.
    Only the first ``limit`` moves when a limit is given."""
    state = problem.state
    moves: list[Move] = []
    depth, lone = problem.depth, problem.lone

    def play(move: Move) -> None:
        nonlocal state
        state = apply(state, move)
        moves.append(move)

    def clear_kings() -> None:
        while not state.is_won:
            kings = [p for p in playable_places(state) if (card := state.card_at(p)) and card.rank == lone]
            if not kings:
                return
            play(Move.remove(kings[0]))

    clear_kings()
    for before, after in pairwise(path):
        slots = [s for s in iter_slots(before[0] & ~after[0]) if problem.prank[s] != lone]
        bits = [b for b in iter_slots(before[1] & ~after[1]) if problem.crank[b] != lone]
        places = slots + [column_place(b // depth) for b in bits]
        if len(places) != 2:
            raise RuntimeError(f"no single pair between {before} and {after}")
        play(Move.remove(*places))
        clear_kings()
    if not state.is_won:
        raise RuntimeError("the line does not clear the pyramid")
    return moves if limit is None else moves[:limit]
