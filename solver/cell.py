"""The exact solver of the one-free-cell variant (:mod:`rules.stock.cell`).

The search is in two parts, both exact:

1. **The game without the cell.** Every line of the default game is a line of this one (the
   cell simply never used, so it is empty at the end), so when the cell is empty the default
   game's solver (:mod:`solver.model`, :class:`solver.dfs.DepthFirst`, whose earliest-access
   model folds draws and recycles into the nodes) is asked first, for at most
   :data:`BASE_NODES` nodes. A win it finds is a win here; a loss it proves, or a budget it
   runs out of, says nothing about the cell, and the search goes on to part 2.
2. **A depth-first search of positions with the cell**: a node is ``(pyr, stk, acc, cell)``,
   the pyramid mask, the stock mask over stock-sequence indices (stock and waste), the
   *access* ``pass << 6 | cursor`` (the cursor as in :class:`rules.State`; :func:`access`)
   and the *rank* of the card in the cell (0 when it is empty). Every pair, King and store is
   an edge; draws and recycles are folded in: a node's children are the moves playable at
   its access or at any later one, each at the earliest access it is playable from.

Sound shortcuts, each argued where it is made:

* **The cell keeps a rank, not a card**: a card in the cell is free and leaves only by
  pairing, which reads its rank alone, so two positions that differ only in the suit of the
  cell's card have the same future.
* **Pyramid Kings go at once** (:meth:`CellProblem.norm`): removing a free pyramid King only
  uncovers pyramid cards and touches neither the stock, the waste nor the cell, so any winning
  line stays winning with it removed first.
* **Stock and waste Kings are gone from the start** (:attr:`CellProblem.stock_kings`): the
  search reads the stock without its Kings. A King there is only ever removed alone, and the win
  does not need the stock cleared, so the game with them taken out is worth the same. Out to
  in: play the line, and whenever a King would be the stock's or the waste's top card, remove it
  first (a legal move that touches nothing else); every move of the line then meets the same
  top cards as without the King. In to out: drop the line's draws of the Kings and their
  removals; while a King lies on the waste, the line's moves use no waste card but it, so every
  other move meets the same cards. The moves are played out with the Kings removed as they come
  to a top (:func:`cell_play_out`).
* **Access dominance**: draws and recycles take a smaller access to every larger one of the
  same pass count (and, passes left, to every access of a later pass), so a node is worth at
  least as much as the same ``(pyr, stk, cell)`` at a larger access. The table keeps, per
  ``(pyr, stk, cell)``, the smallest access searched; a node met again at that access or a
  larger one is not searched again. With unlimited passes every access reaches every other
  (draw to the end, recycle, draw), so all are one, 0, and the table is a visited set (a
  depth-first search with one finds a win whenever one is reachable, cycles or not).
* **Lost positions** (:meth:`CellProblem.lost`): the pyramid's cards and the cell's must all
  go to win, each with a card of its partner rank (a King alone). For ranks r and s that pair,
  each of the ``a`` such cards of rank r needs a card of rank s of its own (one of the ``b``
  such cards of rank s, or a stock or waste card of rank s), and the other way round: a pair
  takes one of each, so ``a`` cannot exceed ``b`` plus the stock's cards of rank s. A count
  that fails can never be met, whatever the order. This is what keeps a store from a card
  that could never pair again (the cell would stay full for good): its child is lost at once.
  It reads which cards are left, never their order, so it holds for every order of unseen
  cards.
* **The open relaxation** (:meth:`CellProblem.open_won`): forget the stock's order, and let
  every stock or waste card still in play be used at any time, once (its rank's count goes
  down). A winning line of the game gives one here: each pair of pyramid cards, pyramid card
  with a stock card, the cell's card with a pyramid card or a stock card, and each store of a
  pyramid card is a move here too; a stock card stored and later paired with a pyramid card is
  here that stock card paired with it at that time (the cell stays empty meanwhile, which only
  allows more); a pair of two stock cards, or of the cell's stock card with a stock card, only
  uses up stock, and is left out. Stores are of the cards whose going frees another card, as
  in the search (some winning line stores only those, see below). So a node whose pyramid and
  cell cannot be cleared here is lost. The relaxation reads which cards are left, never their
  order, so it holds for every order of unseen cards. Memoised over the whole search, by
  pyramid, cell and the counts left per rank.
* **A pyramid card is stored only when its going frees another card** (:meth:`CellProblem.uncovering`).
  Take a winning line that stores a free pyramid card X whose going frees nothing. Until X
  leaves the cell (paired with some Y) the cell is full, so the line's moves in between use
  neither the cell nor, until some move frees a card X still covers, X's slot. Move the store
  to just after the first move after which X's going would free a card, or, if none comes
  before X's pair, play X with Y from the pyramid instead: X stays free all along (removals
  only uncover), the cell is empty until then, and every move in between is as legal as
  before. The line still wins, and its store (if any) frees a card when it is made. A free
  King never waits (it is gone at once), so this covers every pyramid store.
* **A store then a pair is never tried where the pair was playable at once** (the node it
  leads to is the one the pair leads to, already in the visited set when pairs go first).

Unseen cards searched as *blanks* (see :mod:`solver.analysis`) have rank 0, pair with nothing
and are never stored (a blank in the cell could never leave).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import replace
from itertools import pairwise
from operator import add, itemgetter

from rules.legality import apply, check
from rules.moves import CELL, DRAW, RECYCLE, STOCK, WASTE, Move
from rules.state import RuleSet, State
from rules.topology import iter_slots
from rules.variant import PYRAMID
from solver.dfs import DepthFirst
from solver.line import play_out
from solver.model import Problem, stock_tables

CellNode = tuple[int, int, int, int]
PyramidMoves = tuple[list[int], tuple[tuple[int, ...], ...], list[tuple[int, int]], bool]
"""What the search reads of one pyramid (:meth:`CellDepthFirst._pyramid_moves`)."""
PASS_SHIFT = 6
CURSOR_MASK = (1 << PASS_SHIFT) - 1
_BY_ACCESS = itemgetter(2)
OWN_ACCESS = -1
"""The rank of :meth:`CellDepthFirst._stock_moves`'s mark for the node's own access."""
ACCESS_BITS = 10
"""An access fits in this many bits (pass << 6 | cursor, passes at most 15)."""
STOCK_MOVES_KEPT = 100_000
"""The most stocks whose moves :meth:`CellDepthFirst._stock_moves` keeps (then it starts again)."""
NEVER = 1 << 62
"""Above every access."""
FIELD = 4
"""Bits per rank in a packed count of stock cards (a deck has at most four of a rank)."""
FIELD_MASK = (1 << FIELD) - 1
COUNT_SHIFT = 14 * FIELD
FIELD_TOPS = sum(8 << (FIELD * rank) for rank in range(14))
"""The top bit of each rank's field: ``((a | FIELD_TOPS) - b) & FIELD_TOPS == FIELD_TOPS`` when
every field of ``a`` is at least ``b``'s (fields hold at most 4, so no borrow crosses a field)."""
CELL_BITS = 4
"""The cell's rank fits in this many bits."""
BASE_NODES = 20_000
"""The most nodes the default game's solver gets before the search with the cell starts."""


def base_state(state: State) -> State | None:
    """The same position in the default game (no cell), or None when the cell holds a card."""
    if state.cell is not None:
        return None
    rules = state.rules
    return replace(state, rules=RuleSet(rules.passes, rules.overlap, PYRAMID))


class CellProblem:
    """One position of the cell variant as the tables the search reads. ``start`` is its first
    node (free pyramid Kings already gone); ``state`` the position itself. ``blank``: stock
    places searched as cards that pair with nothing."""

    def __init__(self, state: State, blank: int = 0) -> None:
        rules = state.rules
        variant, deck = rules.variant, rules.deck
        self.state = state
        self.blank = blank
        self.overlap = rules.overlap
        self.pair_sum = deck.pair_sum
        self.lone = deck.lone_rank
        self.win_all = variant.win_all
        self.passes = rules.passes
        self.unlimited = rules.unlimited
        self.covered_by = variant.shape.covered_by
        layout = state.layout
        self.prank: tuple[int, ...] = tuple(card.rank if card else 0 for card in layout.pyramid)
        self.srank: tuple[int, ...] = tuple(
            0 if blank >> index & 1 else card.rank for index, card in enumerate(layout.stock)
        )
        top = deck.top_rank
        self.pmask = [sum(1 << s for s, r in enumerate(self.prank) if r == rank) for rank in range(top + 1)]
        self.smask = [sum(1 << i for i, r in enumerate(self.srank) if r == rank) for rank in range(top + 1)]
        self.partner = [deck.partner_rank(rank) if rank else 0 for rank in range(top + 1)]
        self.rank_pairs = tuple(
            (rank, other) for rank in range(1, top + 1) if (other := self.partner[rank]) and rank <= other
        )
        """Each pair of ranks that make the pair sum, once."""
        self.king_slots = tuple(s for s, rank in enumerate(self.prank) if rank == self.lone)
        kings = sum(1 << index for index, rank in enumerate(self.srank) if rank == self.lone)
        self.stock_kings = 0 if self.win_all else kings
        """The stock's Kings, left out of every node (see the module docstring; a deal won only
        with every card gone keeps them)."""
        self._free: dict[int, int] = {}
        self._norm: dict[int, int] = {}
        self._removals: dict[int, tuple[tuple[int, ...], ...]] = {}
        self._needs: dict[int, int] = {}
        self._pairs: dict[int, list[tuple[int, int]]] = {}
        self._uncovering: dict[int, list[int]] = {}
        self._open: dict[int, bool] = {}
        self.count_bytes = stock_tables(
            [1 << FIELD * r if r and self.partner[r] else 0 for r in self.srank], add, len(self.srank)
        )
        """Per byte of a stock mask: its cards counted by paired rank (:meth:`counts`)."""
        pass_no = 0 if self.unlimited else state.pass_no
        cell = 0 if state.cell is None else state.cell.rank
        self.start: CellNode = (
            self.norm(state.pyramid),
            state.stock & ~self.stock_kings,
            pass_no << PASS_SHIFT | state.cursor,
            cell,
        )

    def free(self, pyr: int) -> int:
        """The uncovered slots of ``pyr`` (cached)."""
        found = self._free.get(pyr)
        if found is None:
            covered_by = self.covered_by
            found = sum(1 << slot for slot in iter_slots(pyr) if not covered_by[slot] & pyr)
            self._free[pyr] = found
        return found

    def norm(self, pyr: int) -> int:
        """``pyr`` with every free King removed, repeatedly (removing one may uncover another;
        cached)."""
        found = self._norm.get(pyr)
        if found is None:
            found = pyr
            while kings := sum(
                1 << s for s in self.king_slots if found >> s & 1 and not self.covered_by[s] & found
            ):
                found &= ~kings
            self._norm[pyr] = found
        return found

    def removals(self, pyr: int) -> tuple[tuple[int, ...], ...]:
        """Per rank, the pyramids left (:meth:`norm`-ed) when one free card of that rank goes,
        in slot order (cached per pyramid): what pairing a card of the partner rank reaches."""
        found = self._removals.get(pyr)
        if found is None:
            gone: list[list[int]] = [[] for _ in self.pmask]
            for slot in iter_slots(self.free(pyr)):
                gone[self.prank[slot]].append(self.norm(pyr & ~(1 << slot)))
            found = self._removals[pyr] = tuple(map(tuple, gone))
        return found

    def uncovering(self, pyr: int) -> list[int]:
        """The free cards of ``pyr`` whose going frees another card (cached per pyramid): the
        only pyramid cards worth storing (see the module docstring)."""
        found = self._uncovering.get(pyr)
        if found is None:
            free, norm = self.free(pyr), self.norm
            found = []
            for slot in iter_slots(free):
                rest = norm(pyr & ~(1 << slot))
                if rest != pyr & ~(1 << slot) or self.free(rest) & ~free:
                    found.append(slot)
            self._uncovering[pyr] = found
        return found

    def on_last_pass(self) -> bool:
        """The search starts on the last pass of a limited number (where
        :mod:`solver.cell_layers` searches)."""
        return not self.unlimited and self.start[2] >> PASS_SHIFT >= self.passes

    def won(self, node: CellNode) -> bool:
        return node[0] == 0 and node[3] == 0 and not (self.win_all and node[1])

    def pyramid_pairs(self, pyr: int) -> list[tuple[int, int]]:
        """Two free cards summing to the pair sum, and (overlap rule) a card with the one free
        card lying on it (cached per pyramid)."""
        found = self._pairs.get(pyr)
        if found is not None:
            return found
        prank, pair_sum, covered_by = self.prank, self.pair_sum, self.covered_by
        free = iter_slots(self.free(pyr))
        found = [(a, b) for i, a in enumerate(free) for b in free[i + 1 :] if prank[a] + prank[b] == pair_sum]
        if self.overlap:
            for slot in iter_slots(pyr):
                covers = covered_by[slot] & pyr
                if covers.bit_count() == 1:
                    cover = covers.bit_length() - 1
                    if not covered_by[cover] & pyr and prank[slot] + prank[cover] == pair_sum:
                        found.append((slot, cover))
        self._pairs[pyr] = found
        return found

    def successors(self, pyr: int, stk: int, acc: int, cell: int) -> list[CellNode]:
        """Every pair, King and store reachable from the node, each as the node it leads to at
        the earliest access it can be played from (draws and recycles are folded in, see the
        module docstring): pairs first (the pyramid's, then the cell's card with a free pyramid
        card, then those with the stock's or the waste's top card as the access goes), then
        stores (from the stock and the waste as the access goes, then from the pyramid)."""
        norm, prank = self.norm, self.prank
        gone = self.removals(pyr)
        out = [(norm(pyr & ~(1 << a) & ~(1 << b)), stk, acc, cell) for a, b in self.pyramid_pairs(pyr)]
        if cell:
            out.extend((rest, stk, acc, 0) for rest in gone[self.partner[cell]])
        stores: list[CellNode] = []
        self._walk(pyr, stk, acc, cell, gone, out, stores)
        if not cell:
            stores[:0] = [(norm(pyr & ~(1 << s)), stk, acc, prank[s]) for s in self.uncovering(pyr)]
        out.sort(key=_BY_ACCESS)
        stores.sort(key=_BY_ACCESS)
        return out + stores

    def _walk(  # noqa: PLR0917 (the node and the lists it fills)
        self,
        pyr: int,
        stk: int,
        acc: int,
        cell: int,
        gone: tuple[tuple[int, ...], ...],
        out: list[CellNode],
        stores: list[CellNode],
    ) -> None:
        """The moves with the stock's or the waste's top card, at every access from ``acc`` on
        (:meth:`stock_events`): the pairs into ``out``, the stores into ``stores``. ``gone``:
        :meth:`removals` of ``pyr``."""
        partner = self.partner
        for rank, rest, after in self.stock_events(stk, acc):
            if rank:
                if not cell:
                    stores.append((pyr, rest, after, rank))
                other = partner[rank]
                out.extend([(left, rest, after, cell) for left in gone[other]])
                if cell == other:  # (a King's partner is 0: with win_all, it goes alone)
                    out.append((pyr, rest, after, 0))
            else:
                out.append((pyr, rest, after, cell))

    def stock_events(self, stk: int, acc: int) -> list[tuple[int, int, int]]:
        """The stock's and the waste's top cards at every access from ``acc`` on: each draw
        moves the cursor past the stock's top card, a recycle (passes left) starts the next
        pass at cursor 0. With unlimited passes one pass from cursor 0 meets every access
        (:func:`access`). Each card as ``(rank, stock left, access after)`` when it first comes
        to a top (its moves are the same wherever it is met: its children differ from every
        other card's, each leaving another stock), and each pair of the two tops as ``(0, stock
        left, access after)`` (once per stock it leaves: met again only on a later pass), in
        the order met. A removal leaves the cursor where the rules normalise it."""
        srank, partner = self.srank, self.partner
        cursor, pass_no = acc & CURSOR_MASK, acc >> PASS_SHIFT
        last = 0 if self.unlimited else self.passes
        events: list[tuple[int, int, int]] = []
        met = 0
        paired: set[int] = set()
        while True:
            ahead = stk >> cursor
            top = cursor + (ahead & -ahead).bit_length() - 1 if ahead else -1
            below = stk & ((1 << cursor) - 1)
            waste = below.bit_length() - 1 if below else -1
            pass_bits = pass_no << PASS_SHIFT
            for index in (top, waste):
                if index < 0 or met >> index & 1:
                    continue
                met |= 1 << index
                rank = srank[index]
                if rank:
                    rest = stk & ~(1 << index)
                    after = 0 if not last else pass_bits | (rest & ((1 << cursor) - 1)).bit_length()
                    events.append((rank, rest, after))
            if top >= 0 and waste >= 0 and srank[top] and srank[top] == partner[srank[waste]]:
                rest = stk & ~(1 << top) & ~(1 << waste)
                if rest not in paired:
                    paired.add(rest)
                    after = 0 if not last else pass_bits | (rest & ((1 << cursor) - 1)).bit_length()
                    events.append((0, rest, after))
            if top >= 0:
                cursor = top + 1
            elif below and pass_no < last:
                pass_no, cursor = pass_no + 1, 0
            else:
                return events

    def lost(self, pyr: int, stk: int, cell: int) -> bool:
        """The cards that must go (the pyramid's and the cell's) cannot all find partners among
        the cards left: for each pair of ranks r and s, every such card of rank r needs its own
        card of rank s; or the pyramid and the cell cannot be cleared even with the stock's
        cards free (:meth:`open_won`; see the module docstring)."""
        counts = self.counts(stk)
        needs = self._needs.get(pyr << CELL_BITS | cell)
        if needs is None:
            needs = self.needs(pyr, cell)
        if ((counts | FIELD_TOPS) - needs) & FIELD_TOPS != FIELD_TOPS:
            return True
        return not self.open_won(pyr, cell, counts)

    def counts(self, stk: int) -> int:
        """The stock cards ``stk`` counted by paired rank (:data:`FIELD` bits per rank)."""
        c0, c1, c2 = self.count_bytes
        return c0[stk & 255] + c1[stk >> 8 & 255] + c2[stk >> 16]

    def open_won(self, pyr: int, cell: int, counts: int) -> bool:
        """Whether the pyramid and the cell (the rank of its card, 0 when empty) can be cleared
        when the stock's cards are free, ``counts`` of each rank left (see the module docstring)."""
        key = (pyr << CELL_BITS | cell) << COUNT_SHIFT | counts
        known = self._open.get(key)
        if known is None:
            known = self._open[key] = self._open_clears(pyr, cell, counts)
        return known

    def _open_clears(self, pyr: int, cell: int, counts: int) -> bool:
        """:meth:`open_won`, worked out: some move of the relaxation leads to a clear board."""
        norm, prank, partner = self.norm, self.prank, self.partner
        if not pyr:
            return not cell or bool(counts >> FIELD * partner[cell] & FIELD_MASK)
        pairs = self.pyramid_pairs(pyr)
        if any(self.open_won(norm(pyr & ~(1 << a) & ~(1 << b)), cell, counts) for a, b in pairs):
            return True
        free = iter_slots(self.free(pyr))
        if cell:
            wanted, shift = partner[cell], FIELD * partner[cell]
            if any(self.open_won(norm(pyr & ~(1 << s)), 0, counts) for s in free if prank[s] == wanted):
                return True
            if counts >> shift & FIELD_MASK and self.open_won(pyr, 0, counts - (1 << shift)):
                return True
        for slot in free:
            shift = FIELD * partner[prank[slot]]
            fewer = counts - (1 << shift)
            if (
                shift
                and counts >> shift & FIELD_MASK
                and self.open_won(norm(pyr & ~(1 << slot)), cell, fewer)
            ):
                return True
        return not cell and any(
            self.open_won(norm(pyr & ~(1 << slot)), prank[slot], counts) for slot in self.uncovering(pyr)
        )

    def needs(self, pyr: int, cell: int) -> int:
        """The count test of :meth:`lost` as the stock cards it asks for, cached per pyramid and
        cell: per rank s (packed as :meth:`counts`), how many cards of rank s the stock must
        still hold: for ranks r and s that pair, the pyramid's and the cell's cards of rank r
        beyond their cards of rank s (a twin rank: one when its count is odd). :meth:`lost`
        fails a node whose stock holds fewer of some rank; :meth:`short` is the same test
        written plainly."""
        pmask = self.pmask
        packed = 0
        for rank, other in self.rank_pairs:
            must_r = (pyr & pmask[rank]).bit_count() + (cell == rank)
            must_s = (pyr & pmask[other]).bit_count() + (cell == other)
            if rank == other:  # a twin rank (6 + 6 = 12) pairs among its own cards
                packed |= (must_r % 2) << FIELD * rank
            else:
                packed |= max(0, must_r - must_s) << FIELD * other | max(0, must_s - must_r) << FIELD * rank
        self._needs[pyr << CELL_BITS | cell] = packed
        return packed

    def short(self, pyr: int, stk: int, cell: int) -> bool:
        """The count test of :meth:`lost`, written plainly (the tests check :meth:`needs`
        against it)."""
        pmask, smask = self.pmask, self.smask
        for rank, other in self.rank_pairs:
            must_r = (pyr & pmask[rank]).bit_count() + (cell == rank)
            must_s = (pyr & pmask[other]).bit_count() + (cell == other)
            if not must_r and not must_s:
                continue
            if rank == other:  # a twin rank (6 + 6 = 12) pairs among its own cards
                spare = (stk & smask[rank]).bit_count()
                if must_r + spare < 2 or (not spare and must_r % 2):
                    return True
            elif (
                must_r > must_s + (stk & smask[other]).bit_count()
                or must_s > must_r + (stk & smask[rank]).bit_count()
            ):
                return True
        return False


class CellDepthFirst:
    """The two parts of the module docstring behind the interface of
    :class:`solver.dfs.DepthFirst`: ``advance(n)`` searches about ``n`` more nodes and returns
    None while unfinished, then the path of nodes to a win (every move's node, see
    :func:`cell_play_out`), or ``[]``."""

    def __init__(self, problem: CellProblem, *, plain: bool = False) -> None:
        """``plain``: every node expanded by :meth:`CellProblem.successors` and
        :meth:`CellProblem.lost`, the reference the written-out search (:meth:`_search`) must
        match node for node."""
        self.problem = problem
        self.plain = plain
        self.seen: dict[int, int] = {}
        """``(pyr, stk, cell)`` packed in one int (faster to hash than a tuple) → the smallest
        access searched from."""
        self._stock_bits = len(problem.srank)
        self._own = 0
        self._path: list[CellNode] = [problem.start]
        self._stack: list[list[CellNode]] = []
        self._result: list[CellNode] | None = None
        self._pyramids: dict[int, PyramidMoves] = {}
        self._stocks: dict[int, list[tuple[int, int, int]]] = {}
        state = base_state(problem.state)
        self._base_problem = None if state is None or problem.blank else Problem(state)
        self._base = None if self._base_problem is None else DepthFirst(self._base_problem)
        if self._base is None:
            self._begin()

    @property
    def nodes(self) -> int:
        return self._own + (0 if self._base is None else self._base.nodes)

    @property
    def work(self) -> int:
        return self.nodes

    def _begin(self) -> None:
        """Start part 2 (the search with the cell)."""
        problem = self.problem
        if problem.won(problem.start) or self._enter(problem.start):
            self._result = list(self._path)

    def _enter(self, node: CellNode) -> bool:
        """Mark ``node`` searched and push its untried children; True when one of them wins."""
        pyr, stk, acc, cell = node
        self.seen[(pyr << self._stock_bits | stk) << CELL_BITS | cell] = acc
        self._own += 1
        problem = self.problem
        children = [] if problem.lost(pyr, stk, cell) else problem.successors(pyr, stk, acc, cell)
        win_all = problem.win_all
        for child in children:
            if not child[0] and not child[3] and not (win_all and child[1]):  # (problem.won)
                self._path.append(child)
                return True
        children.reverse()  # popped from the end: the first child is tried first
        self._stack.append(children)
        return False

    def _advance_base(self, budget: int) -> int:
        """Part 1 for at most ``budget`` nodes; the budget left for part 2."""
        base, base_problem = self._base, self._base_problem
        assert base is not None and base_problem is not None
        before = base.nodes
        found = base.advance(min(budget, BASE_NODES - before))
        if found:
            self._result = self._base_nodes(play_out(base_problem, found))
        elif found is not None or base.nodes >= BASE_NODES:
            self._begin()
            self._base_problem = None  # (its nodes still count)
        return budget - (base.nodes - before)

    def _base_nodes(self, moves: list[Move]) -> list[CellNode]:
        """The nodes of a default game's winning line played here."""
        state, problem = self.problem.state, self.problem
        nodes = [problem.start]
        for move in moves:
            state = apply(state, move)
            node = node_of(problem, state)
            if (node[0], node[1], node[3]) != (nodes[-1][0], nodes[-1][1], nodes[-1][3]):
                nodes.append(node)  # (a draw or a recycle is no node)
        return nodes

    def advance(self, budget: int) -> list[CellNode] | None:
        if self._result is None and self._base_problem is not None:
            budget = self._advance_base(budget)
        if self._result is not None:
            return self._result
        if not self.plain:
            return self._search(budget)
        stop = self._own + budget
        seen, stack, path, shift = self.seen, self._stack, self._path, self._stock_bits
        while self._own < stop:
            if not stack:
                self._result = []
                return self._result
            children = stack[-1]
            if not children:
                stack.pop()
                path.pop()
                continue
            child = children.pop()
            if seen.get((child[0] << shift | child[1]) << CELL_BITS | child[3], NEVER) <= child[2]:
                continue  # searched from an access that reaches this one
            path.append(child)
            if self._enter(child):
                self._result = list(path)
                return self._result
        return None

    def _search(self, budget: int) -> list[CellNode] | None:  # noqa: PLR0915 - one loop, no calls
        """:meth:`advance` with :meth:`_enter`, :meth:`CellProblem.lost` and
        :meth:`CellProblem.successors` written out: every table a local, the pyramid's moves
        read per pyramid (:meth:`_pyramid_moves`) and the stock's per stock and access
        (:meth:`_stock_moves`). The same children in the same order, so the same nodes and the
        same line."""
        problem = self.problem
        stop = self._own + budget
        own = self._own
        seen, stack, path, shift = self.seen, self._stack, self._path, self._stock_bits
        seen_get, push = seen.get, stack.append
        c0, c1, c2 = problem.count_bytes
        needs_of, open_won, tops = problem._needs, problem.open_won, FIELD_TOPS
        partner, win_all = problem.partner, problem.win_all
        pyramid_moves, stock_moves = self._pyramids, self._stocks
        while own < stop:
            if not stack:
                self._own = own
                self._result = []
                return self._result
            children = stack[-1]
            if not children:
                stack.pop()
                path.pop()
                continue
            child = children.pop()
            pyr, stk, acc, cell = child
            key = (pyr << shift | stk) << CELL_BITS | cell
            if seen_get(key, NEVER) <= acc:
                continue  # searched from an access that reaches this one
            path.append(child)
            seen[key] = acc
            own += 1
            counts = c0[stk & 255] + c1[stk >> 8 & 255] + c2[stk >> 16]
            needs = needs_of.get(pyr << CELL_BITS | cell)
            if needs is None:
                needs = problem.needs(pyr, cell)
            if ((counts | tops) - needs) & tops != tops or not open_won(pyr, cell, counts):
                path.pop()  # lost: no children
                continue
            moves = pyramid_moves.get(pyr) or self._pyramid_moves(pyr)
            pairs, gone, stores_here, may_win = moves
            found = stock_moves.get(stk << ACCESS_BITS | acc) or self._stock_moves(stk, acc)
            out: list[CellNode] = []
            append = out.append
            stores: list[CellNode] = []
            for rank, rest, after in found:
                if rank > 0:
                    if not cell:
                        stores.append((pyr, rest, after, rank))
                    other = partner[rank]
                    for left in gone[other]:
                        append((left, rest, after, cell))
                    if cell == other:
                        append((pyr, rest, after, 0))
                elif rank:  # the node's own access: the moves of the pyramid and the cell
                    out += [(left, stk, acc, cell) for left in pairs]
                    if cell:
                        out += [(left, stk, acc, 0) for left in gone[partner[cell]]]
                    else:
                        stores += [(left, stk, acc, stored) for left, stored in stores_here]
                else:
                    append((pyr, rest, after, cell))
            if may_win or not pyr:
                for won in out:
                    if not won[0] and not won[3] and not (win_all and won[1]):
                        path.append(won)
                        self._own = own
                        self._result = list(path)
                        return self._result
            if stores:
                out += stores
            out.reverse()  # popped from the end: the first child is tried first
            push(out)
        self._own = own
        return None

    def _pyramid_moves(self, pyr: int) -> PyramidMoves:
        """What :meth:`CellProblem.successors` reads of the pyramid ``pyr`` alone (cached): the
        pyramids its pairs leave, its :meth:`CellProblem.removals`, the stores of its cards
        (the pyramid left, the rank stored) and whether some removal clears it."""
        problem = self.problem
        norm, prank = problem.norm, problem.prank
        pairs = [norm(pyr & ~(1 << a) & ~(1 << b)) for a, b in problem.pyramid_pairs(pyr)]
        gone = problem.removals(pyr)
        stores = [(norm(pyr & ~(1 << s)), prank[s]) for s in problem.uncovering(pyr)]
        may_win = 0 in pairs or any(0 in left for left in gone)
        found = self._pyramids[pyr] = (pairs, gone, stores, may_win)
        return found

    def _stock_moves(self, stk: int, acc: int) -> list[tuple[int, int, int]]:
        """:meth:`CellProblem.stock_events` of the stock ``stk`` from ``acc`` on (cached per
        stock and access), sorted by the access after (a stable sort: the children the plain
        generator makes of one entry share its access), with
        ``(OWN_ACCESS, 0, acc)`` before the first entry whose access is not below ``acc``: where
        :meth:`CellProblem.successors`'s stable sort puts the moves at ``acc`` itself, which it
        makes first (the pyramid's pairs and stores, and the cell's pairs with the pyramid)."""
        events = self.problem.stock_events(stk, acc)
        events.sort(key=_BY_ACCESS)
        events.insert(bisect_left(events, acc, key=_BY_ACCESS), (OWN_ACCESS, 0, acc))
        if len(self._stocks) >= STOCK_MOVES_KEPT:
            self._stocks.clear()
        found = self._stocks[stk << ACCESS_BITS | acc] = events
        return found


def access(state: State) -> int:
    """Where the player stands in the stock, ``pass << 6 | cursor``: a smaller access reaches
    every larger one by draws and recycles. With unlimited passes every access reaches every
    other (draw to the end, recycle, draw), so all are one: 0."""
    return 0 if state.rules.unlimited else state.pass_no << PASS_SHIFT | state.cursor


def node_of(problem: CellProblem, state: State) -> CellNode:
    """The node of a position reached from ``problem.state``."""
    cell = 0 if state.cell is None else state.cell.rank
    return (problem.norm(state.pyramid), state.stock & ~problem.stock_kings, access(state), cell)


def cell_play_out(problem: CellProblem, path: list[CellNode], limit: int | None = None) -> list[Move]:
    """The moves from ``problem.state`` that follow ``path`` (a win): between two nodes one
    pair, King or store (and any pyramid Kings freed since, and the stock's Kings as they come to a
    top), after the draws and recycles that
    bring its stock cards to the top: the first access where it is legal, which is never later
    than the node's (removing a card at the stock's top or the waste's top leaves the same
    cursor), so every later node's move is still in reach. Every move goes through
    :func:`rules.apply`. Only the first ``limit`` moves when a limit is given."""
    state = problem.state
    moves: list[Move] = []

    def play(move: Move) -> None:
        nonlocal state
        state = apply(state, move)
        moves.append(move)

    stock_kings = problem.stock_kings

    def clear_kings() -> None:
        """Remove the free pyramid Kings and a King at the stock's or the waste's top."""
        while not state.is_won:
            kings = [s for s in iter_slots(state.uncovered) if problem.prank[s] == problem.lone]
            tops = [(state.stock_top_index(), STOCK), (state.waste_top_index(), WASTE)]
            kings += [place for index, place in tops if index is not None and stock_kings >> index & 1]
            if not kings:
                return
            play(Move.remove(kings[0]))

    def move_between(before: CellNode, after: CellNode) -> Move | None:
        """The move, if its stock cards are at the top now."""
        slots = [s for s in iter_slots(before[0] & ~after[0]) if problem.prank[s] != problem.lone]
        tops = {state.stock_top_index(): STOCK, state.waste_top_index(): WASTE}
        cards = iter_slots(before[1] & ~after[1])
        if any(index not in tops for index in cards):
            return None
        places = slots + [tops[index] for index in cards]
        if after[3] and not before[3]:
            return Move.store(places[0])
        move = Move.remove(*places, *([CELL] if before[3] and not after[3] else []))
        return move if check(state, move) is None else None

    clear_kings()
    for before, after in pairwise(path):
        while (move := move_between(before, after)) is None:
            play(DRAW if check(state, DRAW) is None else RECYCLE)
            clear_kings()
        play(move)
        clear_kings()
    if not state.is_won:
        raise RuntimeError("the line does not win")
    return moves if limit is None else moves[:limit]
