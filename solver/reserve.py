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

from rules.legality import apply, legal_moves
from rules.moves import Kind, Move, reserve_of
from rules.state import State
from rules.topology import iter_slots

ReserveNode = tuple[int, int, int]
COUNT_BITS = 3
COUNT_MASK = (1 << COUNT_BITS) - 1
COUNT_SHIFT = 14 * COUNT_BITS
PASS_SHIFT = 6
CURSOR_MASK = (1 << PASS_SHIFT) - 1


def _normal(stk: int, cursor: int) -> int:
    """The cursor kept one past the waste's top card (0 for an empty waste)."""
    return (stk & ((1 << cursor) - 1)).bit_length()


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
        self._needs: dict[int, tuple[tuple[int, int], ...]] = {}
        self._ranks: dict[int, int] = {}
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
        self.ranks = tuple(range(1, deck.lone_rank))
        self.board_pair: tuple[int, ...] = tuple(
            sum(1 << b for b, r in enumerate(self.brank) if r and r in (rank, self.pair_sum - rank))
            for rank in range(deck.lone_rank + 1)
        )
        self.stock_pair: tuple[int, ...] = tuple(
            sum(1 << i for i, r in enumerate(self.srank) if r and r in (rank, self.pair_sum - rank))
            for rank in range(deck.lone_rank + 1)
        )
        self.stock_rank: tuple[int, ...] = tuple(
            sum(1 << i for i, r in enumerate(self.srank) if r == rank) for rank in range(deck.lone_rank + 1)
        )
        board = state.pyramid | state.columns << self.slots
        stk = state.stock & ~self.stock_kings
        pass_no = 0 if self.unlimited else state.pass_no
        cursor = 0 if self.unlimited else _normal(stk, state.cursor)
        self.start: ReserveNode = (self.norm(board), stk, pass_no << PASS_SHIFT | cursor)

    def same(self, board: int) -> int:
        """``board`` with the reserve cards of each rank moved to that rank's first places: two
        reserve cards of one rank are alike in every way (free for good, covering nothing), so
        boards that differ only in which of them are left have the same verdict."""
        for group, firsts in self.twins:
            left = board & group
            if left:
                board = board & ~group | firsts[left.bit_count()]
        return board

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

    def reachable(self, board: int, stk: int, acc: int) -> int:
        """The stock cards that may still be used. On the last pass a waste card with no
        partner left on the board or ahead in the stock can never leave (two waste cards are
        never on top at once), so no waste card beneath it can either; until nothing changes.
        On earlier passes (and with unlimited passes) every card comes round again. One scan
        from the waste's top down is enough: the test reads only the board and the stock ahead."""
        cursor = acc & CURSOR_MASK
        if self.unlimited or acc >> PASS_SHIFT < self.passes or not cursor:
            return stk
        ranks = self._ranks.get(board)
        if ranks is None:
            ranks = self._ranks[board] = sum({1 << self.brank[bit] for bit in iter_slots(board)})
        ahead = stk >> cursor << cursor
        srank, wanted = self.srank, self.wanted
        for index in iter_slots(ahead):
            ranks |= 1 << srank[index]
        waste = stk & ~ahead
        while waste:
            index = waste.bit_length() - 1
            if not ranks & wanted[index]:
                return stk & ~((1 << index) - 1)
            waste ^= 1 << index
        return stk

    def lost(self, board: int, stk: int) -> bool:
        """The stock and the waste cannot meet the board's needs, or the board cannot be
        cleared even with the stock's cards free (see the module docstring); ``stk``: the
        stock cards that may still be used (:meth:`reachable`)."""
        needs = self._needs.get(board)
        if needs is None:
            needs = self._needs[board] = self.needs(board)
        stock_rank = self.stock_rank
        if any((stk & stock_rank[rank]).bit_count() < count for rank, count in needs):
            return True
        counts = sum((stk & stock_rank[rank]).bit_count() << COUNT_BITS * rank for rank in self.ranks)
        return not self.open_won(board, counts)

    def open_won(self, board: int, counts: int) -> bool:
        """Whether the board can be cleared when the stock's cards are free: ``counts`` holds
        how many of each rank are left (``COUNT_BITS`` bits per rank). Each board removal of the
        real game is a move here too (a stock card used takes one off its rank's count; a pair
        of two stock cards only lowers counts, so it is left out), so a board that cannot be
        cleared here cannot be cleared in the game. Memoised over the whole search."""
        key = board << COUNT_SHIFT | counts
        known = self._open.get(key)
        if known is not None:
            return known
        self._open[key] = False  # (no cycle: every move removes a board card)
        won = board == 0
        if not won:
            free, norm = self.free(board), self.norm
            won = any(self.open_won(norm(after), counts) for after in self._board_pairs(board, free))
        if not won:
            brank, partner = self.brank, self.partner
            for bit in iter_slots(free):
                shift = COUNT_BITS * partner[brank[bit]]
                if counts >> shift & COUNT_MASK and self.open_won(
                    norm(board & ~(1 << bit)), counts - (1 << shift)
                ):
                    won = True
                    break
        self._open[key] = won
        return won

    def needs(self, board: int) -> tuple[tuple[int, int], ...]:
        """``(s, n)``: at least ``n`` stock cards of rank ``s`` must still go, because ``n``
        board cards of rank ``pair_sum − s`` cannot all leave with board cards."""
        brank, pair_sum = self.brank, self.pair_sum
        partners = self._partners(board)
        found = []
        for low in range(1, (pair_sum + 1) // 2):
            high = pair_sum - low
            lows = [bit for bit in iter_slots(board) if brank[bit] == low]
            highs = [bit for bit in iter_slots(board) if brank[bit] == high]
            matched = _max_matching([[b for b in highs if partners[a] >> b & 1] for a in lows])
            if len(lows) > matched:
                found.append((high, len(lows) - matched))
            if len(highs) > matched:
                found.append((low, len(highs) - matched))
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

    def _stock_pairs(self, board: int, stk: int, acc: int) -> list[ReserveNode]:
        """Two stock cards making the pair sum that lie one on the other (the stock's top on the
        waste's top) at some access, each as the node it leads to."""
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
                    out.append((board, rest, pass_bits | below + 1))
                elif again:
                    out.append((board, rest, self._next_pass(pass_bits) | below + 1))
            below, before = before, index
        return out

    def successors(self, board: int, stk: int, acc: int) -> list[ReserveNode]:
        """Every removal from ``(board, stk, acc)`` as the node it leads to: two board cards,
        a stock card with a free board card, two stock cards; each group by the pyramid cards
        it frees, most first. Only ``[forced]`` when a forced pair is playable (see the module
        docstring)."""
        norm, free = self.norm, self.free(board)
        scored: list[tuple[int, ReserveNode]] = []
        for after in self._board_pairs(board, free):
            child = (norm(after), stk, acc)
            if self._forced(board & ~after, 0, board, stk):
                return [child]
            scored.append((-self._freed(after, free), child))
        by_rank: dict[int, list[int]] = {}
        for bit in iter_slots(free):
            by_rank.setdefault(self.brank[bit], []).append(bit)
        srank, partner = self.srank, self.partner
        for index, after_acc in self._stock_access(stk, acc):
            if not srank[index]:
                continue
            rest = stk & ~(1 << index)
            for bit in by_rank.get(partner[srank[index]], ()):
                child = (norm(board & ~(1 << bit)), rest, after_acc)
                if self.unlimited and self._forced(1 << bit, 1 << index, board, stk):
                    return [child]
                scored.append((64 - self._freed(board & ~(1 << bit), free), child))
        scored.sort(key=_first)
        return [child for _, child in scored] + self._stock_pairs(board, stk, acc)

    def _freed(self, after: int, free: int) -> int:
        """The pyramid cards a removal leaving ``after`` frees."""
        return (self.free(after) & ~free & self.pyramid_bits).bit_count()

    def _forced(self, cards: int, stock: int, board: int, stk: int) -> bool:
        """The two cards (board bits ``cards``, stock indices ``stock``) are the only cards left of
        their two ranks, so they can only ever leave together."""
        rank = self.brank[cards.bit_length() - 1]
        low = min(rank, self.partner[rank])
        return (board & self.board_pair[low]).bit_count() + (stk & self.stock_pair[low]).bit_count() == 2


class ReserveDepthFirst:
    """Depth-first search over :class:`ReserveProblem` nodes, pausable between any two nodes,
    with the interface of :class:`solver.dfs.DepthFirst`: ``advance(n)`` searches about ``n``
    more nodes and returns None while unfinished, then the path of nodes to a win, or ``[]``."""

    def __init__(self, problem: ReserveProblem) -> None:
        self.problem = problem
        self.nodes = 0
        self.seen: dict[tuple[int, int], int] = {}
        self._path: list[ReserveNode] = [problem.start]
        self._stack: list[list[ReserveNode]] = []
        self._result: list[ReserveNode] | None = None
        if problem.start[0] == 0 or self._enter(problem.start):
            self._result = list(self._path)

    @property
    def work(self) -> int:
        return self.nodes

    def _enter(self, node: ReserveNode) -> bool:
        """Mark ``node`` searched and push its untried children; True when one of them wins."""
        board, stk, acc = node
        problem = self.problem
        reach = problem.reachable(board, stk, acc)
        self.seen[problem.same(board), reach] = acc
        self.nodes += 1
        lost = problem.lost(board, reach)
        children = [] if lost else problem.successors(board, stk, acc)
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
        seen, stack, path, problem = self.seen, self._stack, self._path, self.problem
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
            known = seen.get((problem.same(child[0]), problem.reachable(*child)))
            if known is not None and known <= child[2]:
                continue
            path.append(child)
            if self._enter(child):
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


def _first(item: tuple[int, ReserveNode]) -> int:
    return item[0]


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
