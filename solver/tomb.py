"""The exact solver of Tut's Tomb (:mod:`rules.stock.draw_three`): a depth-first search.

A draw turns up the next three cards still in play, so where the player stands decides which
cards a later draw puts on top: a smaller cursor does not reach every later one, and the
earliest-access model of :mod:`solver.model` does not hold. Here draws and recycles are edges
of the search, and a node is the whole position ``(pyr, stk, acc)``: the pyramid mask, the
stock mask over stock-sequence indices (stock and waste), and ``pass << 6 | cursor`` (the
cursor as in :class:`rules.State`).

Sound shortcuts, each argued where it is made (a search that skips a node must keep, for every
won node it skips, a node it does search that wins in as few moves: then the node of the
fewest moves to a win that it searches would have a child on its line searched or skipped for
one winning sooner, so some win is found):

* **Pyramid Kings go at once** (:meth:`TombProblem.norm`): removing a free pyramid King only
  uncovers pyramid cards and touches neither stock nor waste, so any winning line stays
  winning with it removed first. A King on the waste is an ordinary move: taking it out of
  the waste changes which three cards a draw after a recycle turns up.
* **Forced pyramid pairs**: two pyramid cards that can go together now, one of them the last
  card of its rank left anywhere (pyramid, stock, waste): the other must leave with a card of
  that rank, so with this one, in every winning line. Made first instead, the pair only
  uncovers pyramid cards sooner and touches neither stock nor waste, so the line stays legal
  and as long: the search makes it alone (:class:`TombShape`).
* **A waste King on the last pass goes at once**: with no recycle to come, the waste only
  matters from its top, and draws turn up the same cards whatever the waste holds; a line
  that leaves the King makes the same moves with it gone (it removes it, or plays cards
  drawn onto it, never one beneath it), so it stays legal and no longer.
* **Visited set, and passes as a resource**: whether a win is reachable from a node depends
  on the node alone, so a node searched once is never searched again; and a node differing
  only by an earlier pass wins whenever the later one does (it can make the same moves, and
  recycle at least as often), so a position searched at some pass is not searched again at a
  later one (:class:`TombDepthFirst`).
* **Unlimited passes: one node per cycle** (:meth:`TombProblem.cycle`): the pass count is no
  resource, and from cursor 0 drawing alone goes through the same cursors again and again
  (to the end, recycle, 0), so every cursor of that cycle reaches every other: the node of
  each is the node of cursor 0, which tries the waste's top at each of them. A cursor off the
  cycle (after a removal from the waste) reaches the cursors drawn to from it, until the cycle:
  its node tries those and goes on to the cycle's node.
* **Lost positions** (:meth:`TombProblem.needs`, :meth:`TombProblem.lost`): every pyramid card
  must leave with a partner; stock and waste cards leave only with a pyramid card (or alone, a
  King), so stock cards are partners and never need one. A card leaves with a pyramid card only
  when neither lies on the other (but for the overlap rule's card and its cover); a matching of
  the pyramid's cards among themselves leaves some needing stock cards of their partner rank,
  and a position with fewer such cards left that it still can use is lost. On the last pass
  a waste card with no partner rank left in the pyramid never leaves, and the waste cards
  beneath it are out of use for good. The test without the last pass reads which cards are
  left, never their order, so it holds for every order of unseen cards.

Unseen cards searched as *blanks* (see :mod:`solver.analysis`) have rank 0 and pair with nothing.
"""

from __future__ import annotations

from itertools import pairwise
from typing import NamedTuple

from rules.legality import apply
from rules.moves import DRAW, RECYCLE, WASTE, Move
from rules.state import State
from rules.stock.draw_three import drawn_to
from rules.topology import iter_slots
from solver.model import _max_matching, _max_twin_matching, present_cones

TombNode = tuple[int, int, int]
PASS_SHIFT = 6
CURSOR_MASK = (1 << PASS_SHIFT) - 1
NEVER = 1 << 30
"""A pass later than any: the pass of a position not searched yet."""
Needs = tuple[tuple[int, int], ...]
"""Per rank whose stock cards a pyramid needs: (the mask of the stock places of that rank, how many)."""


class TombShape(NamedTuple):
    """What one pyramid allows, whatever the stock, its removals as the pyramids they leave
    (free Kings gone): ``pairs``, its pyramid pairs; ``forced``, ``(stock, child)`` for a pair
    whose one card is the last of its rank in the pyramid, forced when none of ``stock`` (that
    rank's stock places) is left (see the module docstring); ``singles[rank]``, the free cards
    a waste card of ``rank`` goes with; ``needs`` (:meth:`TombProblem.needs`) and ``dead``
    (:meth:`TombProblem.dead`); ``pyr``, the pyramid itself."""

    pairs: tuple[int, ...]
    forced: tuple[tuple[int, int], ...]
    singles: tuple[tuple[int, ...], ...]
    needs: Needs
    dead: int
    pyr: int


class StockMoves(NamedTuple):
    """What the stock and waste allow at one cursor, whatever the pyramid: ``tops``, per
    waste top the search tries (the one at the cursor; with unlimited passes the one at each
    cursor drawing reaches before the cycle, or on the cycle), its rank, and the stock mask
    and cursor once it is gone; ``draw``, the cursor after a draw (-1: nothing to draw);
    ``on_top``, the stock places that come to the waste's top drawing to the end of the pass,
    and ``again``, those and the ones that do on a later pass (:meth:`TombProblem.lost`)."""

    tops: tuple[tuple[int, int, int], ...]
    draw: int
    on_top: int
    again: int


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
        self.rank_pyr = _by_rank(self.prank, deck.top_rank)
        self.rank_stock = _by_rank(self.srank, deck.top_rank)
        self.king_slots = tuple(s for s, rank in enumerate(self.prank) if rank == self.lone)
        self._free: dict[int, int] = {}
        self._needs: dict[int, Needs] = {}
        self._dead: dict[int, int] = {}
        self._cycles: dict[int, int] = {}
        self._stock: dict[int, StockMoves] = {}
        self._tops: dict[int, int] = {}
        self._groups: dict[int, tuple[int, ...]] = {}
        self._shapes: dict[int, TombShape] = {}
        pass_no = 0 if self.unlimited else state.pass_no
        stk = state.stock
        cursor = self.on_cycle(stk, state.cursor) if self.unlimited else state.cursor
        self.start: TombNode = (self.norm(state.pyramid), stk, pass_no << PASS_SHIFT | cursor)

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

    def shape(self, pyr: int) -> TombShape:
        """What ``pyr`` allows, whatever the stock (cached): see :class:`TombShape`."""
        found = self._shapes.get(pyr)
        if found is None:
            found = self._shapes[pyr] = self._build_shape(pyr)
        return found

    def _build_shape(self, pyr: int) -> TombShape:
        norm, prank, rank_pyr, rank_stock = self.norm, self.prank, self.rank_pyr, self.rank_stock
        pairs = self._pyramid_pairs(pyr)
        forced = []
        for a, b in pairs:
            for slot in (a, b):
                if (pyr & rank_pyr[prank[slot]]).bit_count() == 1:
                    forced.append((rank_stock[prank[slot]], norm(pyr & ~(1 << a) & ~(1 << b))))
        singles: list[tuple[int, ...]] = [() for _ in rank_pyr]
        free = self.free(pyr)
        for rank in range(1, len(rank_pyr)):
            partner = self.pair_sum - rank
            if rank == self.lone or not 0 < partner < len(rank_pyr):
                continue
            singles[rank] = tuple(norm(pyr & ~(1 << slot)) for slot in iter_slots(free & rank_pyr[partner]))
        return TombShape(
            tuple(norm(pyr & ~(1 << a) & ~(1 << b)) for a, b in pairs),
            tuple(forced),
            tuple(singles),
            self.needs(pyr),
            self.dead(pyr),
            pyr,
        )

    def on_cycle(self, stk: int, cursor: int) -> int:
        """Unlimited passes: 0 for a cursor on the cycle of ``stk`` (:meth:`cycle`), else the cursor."""
        return 0 if self.cycle(stk) >> cursor & 1 else cursor

    def cycle(self, stk: int) -> int:
        """The cursors drawing alone reaches from cursor 0 (0 included), as a mask (cached):
        from any of them drawing goes round all of them again (to the end, recycle, 0)."""
        found = self._cycles.get(stk)
        if found is None:
            found, cursor = 1, 0
            while stk >> cursor:
                cursor = drawn_to(stk, cursor)
                found |= 1 << cursor
            self._cycles[stk] = found
        return found

    def stock_moves(self, stk: int, cursor: int) -> StockMoves:
        """What the stock and waste allow at ``cursor`` (cached): see :class:`StockMoves`."""
        key = stk << PASS_SHIFT | cursor
        found = self._stock.get(key)
        if found is None:
            found = self._stock[key] = self._build_stock_moves(stk, cursor)
        return found

    def _build_stock_moves(self, stk: int, cursor: int) -> StockMoves:
        if not self.unlimited:  # (one cursor tried, the draws' tops shared along the chain)
            tops: tuple[tuple[int, int, int], ...] = ()
            below = stk & ((1 << cursor) - 1)
            if below:
                top = below.bit_length() - 1
                rest = stk & ~(1 << top)
                tops = ((self.srank[top], rest, (rest & ((1 << cursor) - 1)).bit_length()),)
            on_top = self._on_top(stk, cursor)
            draw = drawn_to(stk, cursor) if stk >> cursor else -1
            return StockMoves(tops, draw, on_top, on_top | self._on_top(stk, 0))
        cycle = self.cycle(stk)
        chain = [cursor]  # the cursors drawing reaches from this one, to the end of the pass
        while stk >> chain[-1]:
            chain.append(drawn_to(stk, chain[-1]))
        tried = [c for c in chain if not cycle >> c & 1] if cursor else list(iter_slots(cycle))
        found = []
        for at in tried:
            below = stk & ((1 << at) - 1)
            if below:
                top = below.bit_length() - 1
                rest = stk & ~(1 << top)
                after = (rest & ((1 << at) - 1)).bit_length()
                found.append((self.srank[top], rest, self.on_cycle(rest, after)))
        on_top = self._on_top(stk, cursor)
        return StockMoves(tuple(found), -1, on_top, on_top | self._on_top(stk, 0))

    def _on_top(self, stk: int, cursor: int) -> int:
        """The stock places that come to the waste's top from ``cursor`` drawing to the end of
        the pass, the one there now included (cached; a draw's answer is the next cursor's and
        its own top, so chains that meet share the rest)."""
        key = stk << PASS_SHIFT | cursor
        found = self._tops.get(key)
        if found is None:
            below = stk & ((1 << cursor) - 1)
            found = 1 << (below.bit_length() - 1) if below else 0
            if stk >> cursor:
                found |= self._on_top(stk, drawn_to(stk, cursor))
            self._tops[key] = found
        return found

    def groups(self, stk: int, cursor: int) -> tuple[int, ...]:
        """The stock places each draw from ``cursor`` to the end of the pass turns up, a mask
        per draw (cached; read on the last pass, :meth:`lost`)."""
        key = stk << PASS_SHIFT | cursor
        found = self._groups.get(key)
        if found is None:
            found = ()
            if stk >> cursor:
                after = drawn_to(stk, cursor)
                found = (stk & ((1 << after) - 1) & ~((1 << cursor) - 1), *self.groups(stk, after))
            self._groups[key] = found
        return found

    def successors(self, pyr: int, stk: int, acc: int) -> list[TombNode]:
        """Every move from ``(pyr, stk, acc)`` as the node it leads to: pyramid pairs (a forced
        one alone), then the waste's top with a free pyramid card (or alone, a King), then a
        draw, then a recycle. With unlimited passes the waste's top at every cursor drawing
        reaches, and off the cycle the cycle's node, instead of the draws and recycles."""
        return self._successors(self.shape(pyr), stk, acc, self.stock_moves(stk, acc & CURSOR_MASK))

    def _successors(self, shape: TombShape, stk: int, acc: int, moves: StockMoves) -> list[TombNode]:
        for stock_cards, child in shape.forced:
            if not stk & stock_cards:
                return [(child, stk, acc)]
        pyr = shape.pyr
        out = [(child, stk, acc) for child in shape.pairs]
        cursor, pass_bits = acc & CURSOR_MASK, acc & ~CURSOR_MASK
        singles, lone = shape.singles, self.lone
        if (
            moves.tops
            and moves.tops[0][0] == lone
            and not self.unlimited
            and acc >> PASS_SHIFT >= self.passes
        ):
            _, rest, after = moves.tops[0]  # a King on the waste's top on the last pass goes at once
            return [(pyr, rest, pass_bits | after)]
        for rank, rest, after in moves.tops:
            if rank == lone:
                out.append((pyr, rest, pass_bits | after))
            else:
                out.extend((child, rest, pass_bits | after) for child in singles[rank])
        if self.unlimited:
            if cursor:
                out.append((pyr, stk, 0))
        elif moves.draw >= 0:
            out.append((pyr, stk, pass_bits | moves.draw))
        elif cursor and (acc >> PASS_SHIFT) < self.passes:
            out.append((pyr, stk, pass_bits + (1 << PASS_SHIFT)))
        return out

    def needs(self, pyr: int) -> Needs:
        """Per partner rank, the stock cards ``pyr`` cannot do without (cached): for each pair
        of ranks, a maximum matching of its pyramid cards that can leave together (neither
        lies, through present cards, on the other, but for the overlap rule's card and the one
        card on it) leaves the others needing stock cards. Stock cards fit any pyramid card of
        their partner rank, so this is the Hall deficiency of the pair of ranks (each side
        counted on its own: by Mendelsohn–Dulmage one matching covers both where each can be);
        a rank that pairs with itself is matched among its own cards."""
        found = self._needs.get(pyr)
        if found is not None:
            return found
        cones = present_cones(self.covered_by, pyr)

        def apart(a: int, b: int) -> bool:
            if not (cones[a] >> b & 1 or cones[b] >> a & 1):
                return True
            return self.overlap and bool(self.covered_by[a] >> b & 1 or self.covered_by[b] >> a & 1)

        needs: list[tuple[int, int]] = []
        rank_pyr, pair_sum = self.rank_pyr, self.pair_sum
        for low in range(1, pair_sum // 2 + 1):
            high = pair_sum - low
            if high >= len(rank_pyr) or self.lone in {low, high}:
                continue
            lows, highs = iter_slots(pyr & rank_pyr[low]), iter_slots(pyr & rank_pyr[high])
            if low == high:
                partners = [0] * len(self.prank)
                for a in lows:
                    partners[a] = sum(1 << b for b in lows if b != a and apart(a, b))
                missing = len(lows) - 2 * _max_twin_matching(lows, partners)
                if missing:
                    needs.append((self.rank_stock[low], missing))
                continue
            matched = (
                _max_matching([[b for b in highs if apart(a, b)] for a in lows]) if lows and highs else 0
            )
            if len(lows) > matched:
                needs.append((self.rank_stock[high], len(lows) - matched))
            if len(highs) > matched:
                needs.append((self.rank_stock[low], len(highs) - matched))
        found = self._needs[pyr] = tuple(needs)
        return found

    def dead(self, pyr: int) -> int:
        """The stock places whose cards can never leave with ``pyr`` left (cached): blanks, and
        cards of a rank whose partners are all gone from the pyramid (not Kings)."""
        found = self._dead.get(pyr)
        if found is None:
            found = self.rank_stock[0]
            for rank in range(1, len(self.rank_stock)):
                partner = self.pair_sum - rank
                if rank != self.lone and not (
                    0 < partner < len(self.rank_pyr) and pyr & self.rank_pyr[partner]
                ):
                    found |= self.rank_stock[rank]
            self._dead[pyr] = found
        return found

    def lost(self, pyr: int, stk: int, acc: int | None = None) -> bool:
        """Fewer stock cards of some rank are left than the pyramid needs (:meth:`needs`).
        Given the access ``acc``, fewer count: none when no card that can still come to the
        waste's top can ever leave (:meth:`dead`; then the stock and waste never change again);
        on the last pass only those above the highest waste card that can never leave, and in
        each draw still to come only those above the highest one there that can never leave.
        See the module docstring."""
        shape = self.shape(pyr)
        if acc is None:
            return any((stk & mask).bit_count() < count for mask, count in shape.needs)
        return self._lost(shape, stk, acc, self.stock_moves(stk, acc & CURSOR_MASK))

    def _lost(self, shape: TombShape, stk: int, acc: int, moves: StockMoves) -> bool:
        if not shape.needs:
            return False
        last = not self.unlimited and acc >> PASS_SHIFT >= self.passes
        if not (moves.on_top if last else moves.again) & ~shape.dead:
            return True
        if last:
            dead, groups = shape.dead, self.groups(stk, acc & CURSOR_MASK)
            if stuck := stk & ((1 << (acc & CURSOR_MASK)) - 1) & dead:
                stk &= ~((1 << (stuck.bit_length() - 1)) - 1)
            for group in groups:
                if stuck := group & dead:
                    stk &= ~(group & ((1 << (stuck.bit_length() - 1)) - 1))
        return any((stk & mask).bit_count() < count for mask, count in shape.needs)

    def expand(self, pyr: int, stk: int, acc: int) -> list[TombNode]:
        """The children of a node the search enters: none when it is :meth:`lost`, else its
        :meth:`successors`."""
        shape = self.shape(pyr)
        moves = self.stock_moves(stk, acc & CURSOR_MASK)
        if self._lost(shape, stk, acc, moves):
            return []
        return self._successors(shape, stk, acc, moves)


class TombDepthFirst:
    """Depth-first search over :class:`TombProblem` nodes, pausable between any two nodes, with
    the interface of :class:`solver.dfs.DepthFirst`: ``advance(n)`` searches about ``n`` more
    nodes and returns None while unfinished, then the path of nodes to a win, or ``[]``.

    ``seen`` keeps, per position (the node without its pass), the earliest pass it was searched
    at: a node at that pass or a later one is not searched again (see the module docstring)."""

    def __init__(self, problem: TombProblem) -> None:
        self.problem = problem
        self.nodes = 0
        self.seen: dict[tuple[int, int, int], int] = {}
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
        pyr, stk, acc = node
        self.seen[pyr, stk, acc & CURSOR_MASK] = acc >> PASS_SHIFT
        self.nodes += 1
        problem = self.problem
        children = problem.expand(pyr, stk, acc)
        win_all = problem.win_all
        for child in children:
            if not child[0] and not (win_all and child[1]):  # (problem.won, written out)
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
            pyr, stk, acc = child
            if seen.get((pyr, stk, acc & CURSOR_MASK), NEVER) <= acc >> PASS_SHIFT:
                continue
            path.append(child)
            if self._enter(child):
                self._result = list(path)
                return self._result
        return None


def _by_rank(ranks: tuple[int, ...], top_rank: int) -> tuple[int, ...]:
    """Per rank 0…``top_rank``, the mask of the places holding a card of it (0: blanks, gaps)."""
    masks = [0] * (top_rank + 1)
    for place, rank in enumerate(ranks):
        masks[rank] |= 1 << place
    return tuple(masks)


def tomb_play_out(problem: TombProblem, path: list[TombNode], limit: int | None = None) -> list[Move]:
    """The moves from ``problem.state`` that follow ``path`` (a win): between two nodes one
    removal (and any pyramid Kings freed since), after the draws and recycles that bring the
    waste card it takes to the top; or a draw or a recycle (none on unlimited passes, where such
    a step only joins the cycle). Every move goes through :func:`rules.apply`. Only the first
    ``limit`` moves when a limit is given."""
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
        taken = before[1] & ~after[1]
        if taken:
            card = taken.bit_length() - 1
            for _ in range(4 * len(problem.srank) + 4):
                if state.waste_top_index() == card:
                    break
                play(DRAW if state.stock_top_index() is not None else RECYCLE)
            play(Move.remove(*slots, WASTE))
        elif slots:
            play(Move.remove(*slots))
        elif not problem.unlimited:
            play(DRAW if after[2] & CURSOR_MASK else RECYCLE)  # a draw leaves the cursor past a card
        clear_kings()
    if not problem.won((state.pyramid, state.stock, 0)):
        raise RuntimeError("the line does not win")
    return moves if limit is None else moves[:limit]
