"""The exact solver of the reserve variants (:mod:`rules.stock.reserve`): a depth-first search
from removal to removal.

A node is ``(board, stk, acc)``: ``board`` the pyramid mask with the reserve above it (reserve
card ``k`` is bit ``slots + k``), ``stk`` the stock mask over stock-sequence indices (stock and
waste), and ``acc`` = ``pass << 6 | cursor``, where the player stands in the stock (the cursor as
in :class:`rules.State`). The win is ``board == 0``: the stock and the waste may keep cards.

Draws and recycles are not nodes. From access ``(p, c)`` drawing alone reaches every later
cursor of pass ``p``, and a recycle (while passes are left) every cursor of pass ``p + 1``; so of
two nodes with the same ``board`` and ``stk`` the one with the smaller ``acc`` can do all the
other can (*dominance*). A removal that uses stock card ``i`` is made at the earliest access
where ``i`` is the stock's top card (the cursor just past the card before it) or, for the
waste's top card, where the player stands; a pair of two stock cards (the stock's top on the
waste's top) at the earliest access where they lie so.

Sound shortcuts, each argued where it is made:

* **Kings go at once** (:meth:`ReserveProblem.norm`): a free pyramid King or a reserve King
  pairs with nothing and covers only pyramid cards, so removing it first keeps every winning
  line winning. A King in the stock or the waste is deleted from the sequence before the
  search: it only hides the cards under it, and when a line of the game without it draws past
  its place, the real game removes it the moment it is the stock's top card (cursor unchanged),
  and the two lines agree again (:func:`reserve_play_out` does so).
* **A free pyramid card goes before a reserve card of its rank**
  (:meth:`ReserveProblem.outranked`): where a removal could take a reserve card ``X`` of rank
  ``r`` while a free pyramid card ``P`` of rank ``r`` is on the board, the same removal with
  ``P`` in place of ``X`` is a move too (``P`` is free as ``X`` is; its partner is another card,
  of the partner rank), and it leaves the board with ``X`` where the other leaves ``P``. That
  board does all the other can: ``X``, like ``P``, stays free for good and pairs with what ``P``
  pairs with; it lies on no card, so every card is at least as free (a card ``C`` that only
  ``P`` lay on, which the other board pairs with ``P`` under the overlap rule, is free here and
  pairs with ``X``); stock, waste and access are the same. So the removal taking ``X`` is not
  tried. A forced pair is never such a removal (its two cards are the last of their ranks).
  The search and the open relaxation below (which plays board removals alike) both skip it.
* **Forced pairs**: two board cards that can go together now, one of them (of rank ``r``) the
  last card of its rank on the board, with none in the stock or the waste: the other, of the
  partner rank, can only ever leave with a card of rank ``r``, so with this one, in every
  winning line. Made first instead, the pair only uncovers pyramid cards sooner and touches
  neither stock, waste nor access (a card the line pairs later under the overlap rule with the
  one card on it had neither of the two on it, or they would be gone before), so the line stays
  legal and as long: the search makes it alone. With unlimited passes the same holds of a
  stock card and a board card that are the last two of their rank pair (the access after a
  removal is no resource there).
* **Dominance and a visited map**: whether a win is reachable from a node depends on the node
  alone, and a smaller access can do what a larger can, so a node is skipped when the same
  ``board`` and ``stk`` were searched at an access no larger. The map's key leaves out what
  cannot change the verdict: stock cards out of reach for good (:meth:`ReserveProblem.reachable`;
  they never come to a top again, and the win does not need them gone), and which of two
  reserve cards of one rank is left (:meth:`ReserveProblem.same`). Every edge removes a card, so the
  graph has no cycle, even with unlimited passes (there every node has access 0: from any
  access, drawing to the end, recycling and drawing again reaches every other).
* **Lost positions** (:meth:`ReserveProblem.lost`): each board card of rank ``r`` must leave
  with its own card of rank ``s = pair_sum − r`` (the deck's pair sum is odd, so no rank is its
  own partner): a board card it is *compatible* with, or any stock card. Two pyramid cards are
  not compatible when one lies, through present cards, on the other, except a card with the
  card directly on it under the overlap rule (the one on top must go before the other is
  free); a reserve card is compatible with every card. For the board cards of rank ``r``, a
  maximum matching ``m`` into compatible board cards of rank ``s`` leaves ``|A| − m`` of them
  needing stock cards of rank ``s`` (stock cards are neighbours of every card: the Hall
  deficiency); by the Mendelsohn–Dulmage theorem, if each side of a rank pair can be covered
  on its own, one matching covers both, so the test per rank pair is exact for this
  relaxation (:meth:`ReserveProblem.needs`). A board whose needs the stock and the waste
  cannot meet is lost. The test reads which cards are left, never their order, so it holds
  for every order of unseen cards.

Unseen cards searched as *blanks* (see :mod:`solver.analysis`) have rank 0 and pair with nothing.
"""

from __future__ import annotations

from itertools import pairwise
from operator import add, or_
from typing import NamedTuple

from rules.legality import apply, legal_moves
from rules.moves import Kind, Move, reserve_of
from rules.state import State
from rules.topology import Shape, iter_slots
from solver.model import _is_closed, stock_tables

ReserveNode = tuple[int, int, int]
FIELD = 4
"""Bits per rank in a packed count of stock cards (a deck has at most four of a rank)."""
FIELD_MASK = (1 << FIELD) - 1
FIELD_TOPS = sum(8 << (FIELD * rank) for rank in range(14))
"""The top bit of each rank's field: ``((a | FIELD_TOPS) - b) & FIELD_TOPS == FIELD_TOPS`` when every
field of ``b`` is at most ``a``'s (fields below 8: no borrows)."""
COUNT_SHIFT = 14 * FIELD
PASS_SHIFT = 6
CURSOR_MASK = (1 << PASS_SHIFT) - 1
KEY_SHIFT = 32
"""A visited-map key is ``same(board) << KEY_SHIFT | reach`` (a stock has fewer than 32 places)."""
STOCK_MASK = (1 << KEY_SHIFT) - 1
NEVER = 1 << 62
"""Above every access: what the visited map answers for a node never searched."""
ACC_BITS = PASS_SHIFT + 4
"""An access fits in this many bits (a pass number below 16)."""
StockMoves = tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...]]
""":meth:`ReserveProblem.stock_moves`: the stock cards to use, and the pairs of two stock cards."""
STOCK_MOVES_CAP = 200_000
"""Entries kept of :meth:`ReserveProblem.stock_moves` before the table is emptied."""


def _normal(stk: int, cursor: int) -> int:
    """The cursor kept one past the waste's top card (0 for an empty waste)."""
    return (stk & ((1 << cursor) - 1)).bit_length()


class BoardInfo(NamedTuple):
    """What one board allows, whatever the stock (:meth:`ReserveProblem.info`), its removals as
    the boards they leave (free Kings gone)."""

    same: int
    """:meth:`ReserveProblem.same` of the board: its part of a visited-map key."""
    ranks: int
    """Bit ``r`` for each rank ``r`` on the board."""
    needs: int
    """:meth:`ReserveProblem.needs`, packed: ``n << FIELD * s`` for ``n`` stock cards of rank ``s``."""
    pairs: tuple[tuple[int, int, int], ...]
    """Each pair of board cards, in :meth:`ReserveProblem._board_pairs`' order: the board after
    it, a bit per rank of its two cards that no other board card has (forced when the stock has
    none of it either, see the module docstring), and how many pyramid cards it frees."""
    paired: tuple[int, ...]
    """The boards of :attr:`pairs`, those freeing most first."""
    singles: tuple[tuple[tuple[int, int, int], ...], ...]
    """Per rank ``t`` of a stock card, each free board card it pairs with (by slot): the board
    after, how many pyramid cards it frees, the lower rank of the rank pair."""
    counts: tuple[int, ...]
    """Per rank ``r``, the board's cards of ``r`` and its partner rank."""
    lonely: int
    """Some pair of :attr:`pairs` has a card whose rank no other board card has."""


class ReserveProblem:
    """One reserve position as the tables the search reads. ``start`` is its first node (Kings
    already gone); ``state`` the position itself. ``blank``: stock places searched as cards that
    pair with nothing."""

    def __init__(self, state: State, blank: int = 0) -> None:
        rules = state.rules
        variant, deck = rules.variant, rules.deck
        shape = variant.shape
        self.state = state
        self.overlap = rules.overlap
        self.pair_sum = deck.pair_sum
        self.lone = deck.lone_rank
        self.passes = rules.passes
        self.unlimited = rules.unlimited
        self.slots = shape.slots
        layout = state.layout
        reserve = variant.columns
        self.covered_by: tuple[int, ...] = tuple(shape.covered_by) + (0,) * reserve
        self.brank: tuple[int, ...] = (
            tuple(card.rank if card else 0 for card in layout.pyramid)
            + tuple(column[0].rank if column else 0 for column in layout.columns)
            + (0,) * (reserve - len(layout.columns))
        )
        self.srank: tuple[int, ...] = tuple(
            0 if blank >> index & 1 else card.rank for index, card in enumerate(layout.stock)
        )
        self.reserve_bits = ((1 << reserve) - 1) << self.slots
        self.pyramid_bits = (1 << self.slots) - 1
        self.king_bits = sum(1 << b for b, rank in enumerate(self.brank) if rank == self.lone)
        self.stock_kings = sum(1 << i for i, rank in enumerate(self.srank) if rank == self.lone)
        partner = [0] * (deck.lone_rank + 1)
        for rank in range(1, deck.lone_rank):
            partner[rank] = pair_sum_partner = self.pair_sum - rank
            assert pair_sum_partner != rank, "the reserve solver assumes no rank pairs with itself"
        self.partner: tuple[int, ...] = tuple(partner)
        self._free: dict[int, int] = {}
        self._info: dict[int, BoardInfo] = {}
        self._stock_moves: dict[int, StockMoves] = {}
        self.wanted: tuple[int, ...] = tuple(1 << self.partner[r] if r else 0 for r in self.srank)
        """Per stock index, its partner rank as a bit (0 for a blank, which pairs with nothing)."""
        self.twins: list[tuple[int, list[int]]] = []
        for rank in range(1, deck.lone_rank + 1):
            bits = [b for b in range(self.slots, self.slots + reserve) if self.brank[b] == rank]
            if len(bits) > 1:
                self.twins.append(
                    (sum(1 << b for b in bits), [sum(1 << b for b in bits[:n]) for n in range(5)])
                )
        self._open: dict[int, bool] = {}
        self._open_moves: dict[int, tuple[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]] = {}
        self._packed_needs: dict[int, int] = {}
        self._stranded: dict[int, int] = {}
        """Per set of ranks (a bit each), the stock places whose partner rank is not in it."""
        self._init_tables(shape)
        board = state.pyramid | state.columns << self.slots
        stk = state.stock & ~self.stock_kings
        pass_no = 0 if self.unlimited else state.pass_no
        cursor = 0 if self.unlimited else _normal(stk, state.cursor)
        self.start: ReserveNode = (self.norm(board), stk, pass_no << PASS_SHIFT | cursor)

    def _init_tables(self, shape: Shape) -> None:
        """The tables of the deal's cards that the loss tests and the forced pairs read."""
        lone, pair_sum = self.lone, self.pair_sum
        self.board_pair: tuple[int, ...] = tuple(
            sum(1 << b for b, r in enumerate(self.brank) if r and r in (rank, pair_sum - rank))
            for rank in range(lone + 1)
        )
        self.stock_pair: tuple[int, ...] = tuple(
            sum(1 << i for i, r in enumerate(self.srank) if r and r in (rank, pair_sum - rank))
            for rank in range(lone + 1)
        )
        paired = range(1, lone)
        stock_bits = len(self.srank)
        self.count_bytes = stock_tables(
            [1 << FIELD * r if r in paired else 0 for r in self.srank], add, stock_bits
        )
        """Per byte of a stock mask: its cards counted by paired rank, packed as :attr:`BoardInfo.needs`."""
        self.rank_bytes = stock_tables([1 << r for r in self.srank], or_, stock_bits)
        """Per byte of a stock mask: bit ``r`` for each rank ``r`` among its cards."""
        self.closed = _is_closed(shape, self.state.pyramid)
        """Every pyramid card lies on present cards only, as in any dealt game: then two cards'
        compatibility (see the module docstring) is one table, :attr:`partners_of`."""
        self.rank_board: tuple[int, ...] = tuple(
            sum(1 << b for b, r in enumerate(self.brank) if r == rank) for rank in range(lone + 1)
        )
        self.partners_of: tuple[int, ...] = tuple(
            sum(
                1 << b
                for b in iter_slots(self.rank_board[self.partner[rank]])
                if self._compatible(shape.cone, a, b)
            )
            if rank and rank != self.lone
            else 0
            for a, rank in enumerate(self.brank)
        )
        """Per board card of a closed pyramid, the board cards of its partner rank it is compatible with."""
        self._pair_needs: dict[int, tuple[int, int, int]] = {}

    def same(self, board: int) -> int:
        """``board`` with the reserve cards of each rank moved to that rank's first places: two
        reserve cards of one rank are alike in every way (free for good, covering nothing), so
        boards that differ only in which of them are left have the same verdict."""
        for group, firsts in self.twins:
            left = board & group
            if left:
                board = board & ~group | firsts[left.bit_count()]
        return board

    def _compatible(self, cone: tuple[int, ...], a: int, b: int) -> bool:
        """Board cards ``a`` and ``b`` can ever leave together: not two pyramid cards one of which
        lies on the other (``cone``: the shape's), but for a card with the card directly on it
        under the overlap rule."""
        slots, covered_by = self.slots, self.covered_by
        if a >= slots or b >= slots:
            return True
        lies_on = cone[a] >> b & 1 and not (self.overlap and covered_by[a] >> b & 1)
        return not lies_on and not (cone[b] >> a & 1 and not (self.overlap and covered_by[b] >> a & 1))

    def free(self, board: int) -> int:
        """The board's free cards: uncovered pyramid slots and every reserve card (cached by
        the pyramid part)."""
        pyr = board & self.pyramid_bits
        found = self._free.get(pyr)
        if found is None:
            covered_by = self.covered_by
            found = sum(1 << slot for slot in iter_slots(pyr) if not covered_by[slot] & pyr)
            self._free[pyr] = found
        return found | board & self.reserve_bits

    def norm(self, board: int) -> int:
        """``board`` with every free King removed, repeatedly (removing one may uncover another)."""
        while kings := self.free(board) & self.king_bits:
            board &= ~kings
        return board

    def info(self, board: int) -> BoardInfo:
        """The board's :class:`BoardInfo` (cached: a search meets each board many times, with
        other stocks)."""
        found = self._info.get(board)
        if found is None:
            found = self._info[board] = self._board_info(board)
        return found

    def _board_info(self, board: int) -> BoardInfo:
        free, norm = self.free(board), self.norm
        brank, partner = self.brank, self.partner
        outranked = self.outranked(board, free)
        pairs = []
        for after in self._board_pairs(board, free):
            if board & ~after & outranked:
                continue
            lonely = 0
            for bit in iter_slots(board & ~after):
                if (board & self.rank_board[brank[bit]]).bit_count() == 1:
                    lonely |= 1 << brank[bit]
            pairs.append((norm(after), lonely, self._freed(after, free)))
        singles: list[list[tuple[int, int, int]]] = [[] for _ in range(self.lone + 1)]
        for bit in iter_slots(free & ~outranked):
            rank = brank[bit]
            if rank and partner[rank]:
                after = board & ~(1 << bit)
                low = min(rank, partner[rank])
                singles[partner[rank]].append((norm(after), self._freed(after, free), low))
        return BoardInfo(
            same=self.same(board),
            ranks=sum({1 << brank[bit] for bit in iter_slots(board)}),
            needs=self.packed_needs(board),
            pairs=tuple(pairs),
            paired=tuple(child for child, _, _ in sorted(pairs, key=_freed_most)),
            singles=tuple(map(tuple, singles)),
            counts=tuple((board & mask).bit_count() for mask in self.board_pair),
            lonely=any(lonely for _, lonely, _ in pairs),
        )

    def outranked(self, board: int, free: int) -> int:
        """The reserve cards a removal never takes: those of a rank that a free pyramid card of
        the board has too (see the module docstring)."""
        ranks = 0
        for bit in iter_slots(free & self.pyramid_bits):
            ranks |= 1 << self.brank[bit]
        return sum(1 << bit for bit in iter_slots(board & self.reserve_bits) if ranks >> self.brank[bit] & 1)

    def counts(self, stk: int) -> int:
        """The stock cards ``stk`` counted by paired rank, packed as :attr:`BoardInfo.needs`."""
        c0, c1, c2 = self.count_bytes
        return c0[stk & 255] + c1[stk >> 8 & 255] + c2[stk >> 16]

    def key(self, board: int, stk: int, acc: int) -> int:
        """The node's key in the visited map: :meth:`same` of its board and the stock cards it
        may still use (:meth:`reachable`)."""
        info = self.info(board)
        return info.same << KEY_SHIFT | self._reach(info.ranks, stk, acc)

    def reachable(self, board: int, stk: int, acc: int) -> int:
        """The stock cards that may still be used. On the last pass a waste card with no
        partner left on the board or ahead in the stock can never leave (two waste cards are
        never on top at once), so no waste card beneath it can either: the stock without the
        waste cards under the highest such card. On earlier passes (and with unlimited passes)
        every card comes round again. The cut is made once: the test reads only the board and
        the stock ahead, which it leaves as they are."""
        return self._reach(self.info(board).ranks, stk, acc)

    def _reach(self, ranks: int, stk: int, acc: int) -> int:
        """:meth:`reachable` of a board with ranks ``ranks`` (:attr:`BoardInfo.ranks`)."""
        cursor = acc & CURSOR_MASK
        if not cursor or self.unlimited or acc >> PASS_SHIFT < self.passes:
            return stk
        ahead = stk >> cursor << cursor
        r0, r1, r2 = self.rank_bytes
        ranks |= r0[ahead & 255] | r1[ahead >> 8 & 255] | r2[ahead >> 16]
        stranded = self._stranded.get(ranks)
        if stranded is None:
            stranded = self._stranded[ranks] = sum(
                1 << index for index, wanted in enumerate(self.wanted) if not ranks & wanted
            )
        stuck = stk & ~ahead & stranded
        if not stuck:
            return stk
        top = stuck.bit_length() - 1
        return stk >> top << top

    def lost(self, board: int, stk: int) -> bool:
        """The stock and the waste cannot meet the board's needs, or the board cannot be
        cleared even with the stock's cards free (see the module docstring); ``stk``: the
        stock cards that may still be used (:meth:`reachable`)."""
        have = self.counts(stk)
        if ((have | FIELD_TOPS) - self.info(board).needs) & FIELD_TOPS != FIELD_TOPS:
            return True
        return not self.open_won(board, have)

    def open_won(self, board: int, counts: int) -> bool:
        """Whether the board can be cleared when the stock's cards are free: ``counts`` holds
        how many of each rank are left (``FIELD`` bits per rank). Each board removal of the
        real game is a move here too (a stock card used takes one off its rank's count; a pair
        of two stock cards only lowers counts, so it is left out; a removal taking an outranked
        reserve card is left out as in the search, see the module docstring), so a board that
        cannot be cleared here cannot be cleared in the game. A board whose stock needs
        (:meth:`needs`) the counts do not meet is not cleared here either (each line here pairs
        the board's cards as the needs count), which ends most lost branches at once. Memoised
        over the whole search."""
        key = board << COUNT_SHIFT | counts
        known = self._open.get(key)
        if known is not None:
            return known
        won = board == 0
        if not won and ((counts | FIELD_TOPS) - self.packed_needs(board)) & FIELD_TOPS == FIELD_TOPS:
            pairs, singles = self.open_moves(board)
            won = any(self.open_won(after, counts) for after in pairs)
            if not won:
                for rank, afters in singles:
                    shift = FIELD * rank
                    if counts >> shift & FIELD_MASK:
                        fewer = counts - (1 << shift)
                        if any(self.open_won(after, fewer) for after in afters):
                            won = True
                            break
        self._open[key] = won
        return won

    def open_moves(self, board: int) -> tuple[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]:
        """The board's removals as :meth:`open_won` plays them (cached): the boards after each
        pair of board cards, and per rank of a stock card the boards after each free card it
        pairs with (outranked reserve cards left out, see the module docstring)."""
        found = self._open_moves.get(board)
        if found is None:
            free, norm, brank, partner = self.free(board), self.norm, self.brank, self.partner
            outranked = self.outranked(board, free)
            pairs = tuple(
                norm(after) for after in self._board_pairs(board, free) if not board & ~after & outranked
            )
            by_rank: dict[int, list[int]] = {}
            for bit in iter_slots(free & ~outranked):
                if partner[brank[bit]]:
                    by_rank.setdefault(partner[brank[bit]], []).append(norm(board & ~(1 << bit)))
            found = self._open_moves[board] = (
                pairs,
                tuple((rank, tuple(afters)) for rank, afters in by_rank.items()),
            )
        return found

    def packed_needs(self, board: int) -> int:
        """:meth:`needs` packed as :attr:`BoardInfo.needs` (cached)."""
        found = self._packed_needs.get(board)
        if found is None:
            found = self._packed_needs[board] = sum(
                count << FIELD * rank for rank, count in self.needs(board)
            )
        return found

    def needs(self, board: int) -> tuple[tuple[int, int], ...]:
        """``(s, n)``: at least ``n`` stock cards of rank ``s`` must still go, because ``n``
        board cards of rank ``pair_sum − s`` cannot all leave with board cards."""
        found = []
        for low, (lows, highs, matched) in enumerate(self.matchings(board)):
            if lows > matched:
                found.append((self.pair_sum - low, lows - matched))
            if highs > matched:
                found.append((low, highs - matched))
        return tuple(found)

    def matchings(self, board: int) -> tuple[tuple[int, int, int], ...]:
        """Per rank pair, by its lower rank ``r`` (from 0, which has none): the board's cards of
        rank ``r``, those of rank ``pair_sum − r``, and a maximum matching of compatible pairs
        between them (see the module docstring). For a closed pyramid (:attr:`closed`) which
        cards are compatible does not depend on the rest of the board, so each rank pair's
        matching is worked out once per set of its cards left."""
        brank, pair_sum, rank_board = self.brank, self.pair_sum, self.rank_board
        partners: dict[int, int] | tuple[int, ...] = self.partners_of
        if not self.closed:
            partners = self._partners(board)
        found = [(0, 0, 0)]
        for low in range(1, (pair_sum + 1) // 2):
            key = board & (rank_board[low] | rank_board[pair_sum - low])
            pair = self._pair_needs.get(key) if self.closed else None
            if pair is None:
                lows = [bit for bit in iter_slots(key) if brank[bit] == low]
                highs = key & ~rank_board[low]
                options = [iter_slots(highs & partners[a]) for a in lows]
                matched = _max_matching(options) if lows and highs else 0
                pair = (len(lows), highs.bit_count(), matched)
                if self.closed:
                    self._pair_needs[key] = pair
            found.append(pair)
        return tuple(found)

    def _partners(self, board: int) -> dict[int, int]:
        """Per board card, the board cards it is compatible with (see the module docstring)."""
        pyr = board & self.pyramid_bits
        cones: dict[int, int] = {}
        for slot in reversed(iter_slots(pyr)):
            cone = 0
            for cover in iter_slots(self.covered_by[slot] & pyr):
                cone |= 1 << cover | cones[cover]
            cones[slot] = cone
        direct = self.covered_by if self.overlap else (0,) * len(self.covered_by)
        every = board
        return {
            a: every
            & ~(cones.get(a, 0) & ~direct[a])
            & ~sum(1 << b for b in iter_slots(pyr) if cones[b] >> a & 1 and not direct[b] >> a & 1)
            for a in iter_slots(board)
        }

    def _board_pairs(self, board: int, free: int) -> list[int]:
        """The boards after each removal of two board cards: two free cards making the pair
        sum, or (overlap rule) a pyramid card with the one free card lying on it."""
        brank, pair_sum, covered_by = self.brank, self.pair_sum, self.covered_by
        cards = iter_slots(free)
        out = [
            board & ~(1 << a) & ~(1 << b)
            for i, a in enumerate(cards)
            for b in cards[i + 1 :]
            if brank[a] + brank[b] == pair_sum
        ]
        if self.overlap:
            pyr = board & self.pyramid_bits
            for slot in iter_slots(pyr & ~free):
                covers = covered_by[slot] & pyr
                if covers.bit_count() == 1 and covers & free:
                    cover = covers.bit_length() - 1
                    if brank[slot] + brank[cover] == pair_sum:
                        out.append(board & ~(1 << slot) & ~covers)
        return out

    def stock_moves(self, stk: int, acc: int) -> StockMoves:
        """What the stock and the waste allow from ``(stk, acc)``, whatever the board (cached):
        each stock card the player can use, as ``(rank, stock after, access after)``
        (:meth:`_stock_access`, blanks left out), and each pair of two stock cards as
        ``(stock after, access after)`` (:meth:`_stock_pairs`)."""
        key = stk << ACC_BITS | acc
        found = self._stock_moves.get(key)
        if found is None:
            if len(self._stock_moves) >= STOCK_MOVES_CAP:
                self._stock_moves.clear()
            srank = self.srank
            found = self._stock_moves[key] = (
                tuple(
                    (srank[index], stk & ~(1 << index), after)
                    for index, after in self._stock_access(stk, acc)
                    if srank[index]
                ),
                tuple(self._stock_pairs(stk, acc)),
            )
        return found

    def _stock_access(self, stk: int, acc: int) -> list[tuple[int, int]]:
        """Every stock card the player can use from ``acc``, with the access after it goes
        from the earliest access where it is a top card: ``(index, after)``. A card drawn to in
        this pass is on top of the stock with the cursor just past the card before it, as is
        (next pass) a card in the waste under its top; the waste's top is used where the player
        stands, and then the cursor goes back to the card before it."""
        pass_bits, cursor = acc & ~CURSOR_MASK, acc & CURSOR_MASK
        out = []
        prev = -1
        waste_top = (stk & ((1 << cursor) - 1)).bit_length() - 1
        again = self.unlimited or (acc >> PASS_SHIFT) < self.passes
        for index in iter_slots(stk):
            if index >= waste_top:
                out.append((index, pass_bits | prev + 1))
            elif again:
                out.append((index, self._next_pass(pass_bits) | prev + 1))
            prev = index
        return out

    def _next_pass(self, pass_bits: int) -> int:
        return pass_bits if self.unlimited else pass_bits + (1 << PASS_SHIFT)

    def _stock_pairs(self, stk: int, acc: int) -> list[tuple[int, int]]:
        """Two stock cards making the pair sum that lie one on the other (the stock's top on the
        waste's top) at some access, each as the stock and the access it leads to."""
        pass_bits, cursor = acc & ~CURSOR_MASK, acc & CURSOR_MASK
        again = self.unlimited or (acc >> PASS_SHIFT) < self.passes
        srank, pair_sum = self.srank, self.pair_sum
        out = []
        before, below = -1, -1
        for index in iter_slots(stk):
            if before >= 0 and srank[before] and srank[before] + srank[index] == pair_sum:
                # the waste's top ``before`` under the stock's top ``index``: cursor before + 1
                rest = stk & ~(1 << before | 1 << index)
                if before + 1 >= cursor:
                    out.append((rest, pass_bits | below + 1))
                elif again:
                    out.append((rest, self._next_pass(pass_bits) | below + 1))
            below, before = before, index
        return out

    def successors(self, board: int, stk: int, acc: int) -> list[ReserveNode]:
        """Every removal from ``(board, stk, acc)`` as the node it leads to: two board cards,
        a stock card with a free board card, two stock cards; each of the first two groups by
        the pyramid cards it frees, most first. Only ``[forced]`` when a forced pair is playable
        (see the module docstring)."""
        info = self.info(board)
        counts, stock_pair = info.counts, self.stock_pair
        if info.lonely:
            r0, r1, r2 = self.rank_bytes
            stock_ranks = r0[stk & 255] | r1[stk >> 8 & 255] | r2[stk >> 16]
            for child, lonely, _ in info.pairs:
                if lonely & ~stock_ranks:
                    return [(child, stk, acc)]
        singles, pairs = self.stock_moves(stk, acc)
        most: list[ReserveNode] = []
        one: list[ReserveNode] = []
        none: list[ReserveNode] = []
        by_freed = (none, one, most)
        unlimited = self.unlimited
        for rank, rest, after_acc in singles:
            for child, freed, low in info.singles[rank]:
                node = (child, rest, after_acc)
                if unlimited and counts[low] + (stk & stock_pair[low]).bit_count() == 2:
                    return [node]
                by_freed[freed].append(node)
        out = [(child, stk, acc) for child in info.paired]
        out += most
        out += one
        out += none
        out += [(board, rest, after_acc) for rest, after_acc in pairs]
        return out

    def _freed(self, after: int, free: int) -> int:
        """The pyramid cards a removal leaving ``after`` frees."""
        return (self.free(after) & ~free & self.pyramid_bits).bit_count()


class ReserveDepthFirst:
    """Depth-first search over :class:`ReserveProblem` nodes, pausable between any two nodes,
    with the interface of :class:`solver.dfs.DepthFirst`: ``advance(n)`` searches about ``n``
    more nodes and returns None while unfinished, then the path of nodes to a win, or ``[]``."""

    def __init__(self, problem: ReserveProblem) -> None:
        self.problem = problem
        self.nodes = 0
        self.seen: dict[int, int] = {}
        """:meth:`ReserveProblem.key` → the smallest access searched from."""
        self._path: list[ReserveNode] = [problem.start]
        self._stack: list[list[ReserveNode]] = []
        self._result: list[ReserveNode] | None = None
        if problem.start[0] == 0 or self._enter(problem.start, problem.key(*problem.start)):
            self._result = list(self._path)

    @property
    def work(self) -> int:
        return self.nodes

    def _enter(self, node: ReserveNode, key: int) -> bool:
        """Mark ``node`` (whose key is ``key``) searched and push its untried children; True
        when one of them wins."""
        board, stk, acc = node
        problem = self.problem
        self.seen[key] = acc
        self.nodes += 1
        children = [] if problem.lost(board, key & STOCK_MASK) else problem.successors(board, stk, acc)
        for child in children:
            if child[0] == 0:
                self._path.append(child)
                return True
        children.reverse()  # popped from the end: the first child is tried first
        self._stack.append(children)
        return False

    def advance(self, budget: int) -> list[ReserveNode] | None:
        if self._result is not None:
            return self._result
        stop = self.nodes + budget
        seen, stack, path, key_of = self.seen, self._stack, self._path, self.problem.key
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
            key = key_of(*child)
            if seen.get(key, NEVER) <= child[2]:
                continue
            path.append(child)
            if self._enter(child, key):
                self._result = list(path)
                return self._result
        return None


def reserve_play_out(
    problem: ReserveProblem, path: list[ReserveNode], limit: int | None = None
) -> list[Move]:
    """The moves from ``problem.state`` that follow ``path`` (a win), every one through
    :func:`rules.apply`. Between two nodes: draws and recycles until the removal's stock cards
    lie on top (a King on top of the stock or the waste on the way goes at once, see the module
    docstring), the removal itself, then any King it freed. Only the first ``limit`` moves when
    a limit is given."""
    state = problem.state
    slots = problem.slots
    moves: list[Move] = []

    def play(move: Move) -> None:
        nonlocal state
        state = apply(state, move)
        moves.append(move)

    def clear_kings() -> None:
        while not state.is_won:
            kings = [m for m in legal_moves(state) if m.kind is Kind.REMOVE and len(m.places) == 1]
            if not kings:
                return
            play(kings[0])

    clear_kings()
    steps = 4 * (len(state.layout.stock) + 2)
    for before, after in pairwise(path):
        taken = (before[0] & ~after[0] & ~problem.king_bits, before[1] & ~after[1])
        for _ in range(steps):
            moves_now = legal_moves(state)
            wanted = [m for m in moves_now if m.is_removal and _removes(state, m, slots) == taken]
            if wanted:
                play(wanted[0])
                break
            turns = [m for m in moves_now if not m.is_removal]  # the draw or the recycle
            if not turns:
                break
            play(turns[0])
            clear_kings()
        clear_kings()
    if state.pyramid | state.columns:
        raise RuntimeError("the line does not win")
    return moves if limit is None else moves[:limit]


def _freed_most(pair: tuple[int, int, int]) -> int:
    return -pair[2]


def _max_matching(options: list[list[int]]) -> int:
    """Size of a maximum bipartite matching; ``options[i]`` lists the right vertices of left ``i``."""
    owner: dict[int, int] = {}

    def augment(left: int, tried: set[int]) -> bool:
        for right in options[left]:
            if right not in tried:
                tried.add(right)
                if right not in owner or augment(owner[right], tried):
                    owner[right] = left
                    return True
        return False

    return sum(1 for left in range(len(options)) if augment(left, set()))


def _removes(state: State, move: Move, slots: int) -> tuple[int, int]:
    """The board cards (pyramid bits, the reserve above them) and the stock indices ``move`` takes."""
    board = stock = 0
    for place in move.places:
        reserve = reserve_of(place)
        if place < slots:
            board |= 1 << place
        elif reserve is not None:
            board |= 1 << (slots + reserve)
        else:
            index = state.kind.card_index(state, place)
            assert index is not None
            stock |= 1 << index
    return board, stock
