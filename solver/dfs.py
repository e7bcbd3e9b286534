"""Depth-first search with a transposition table, pausable between any two nodes.

Good at finding wins quickly: children are tried from the earliest access (the least drawing
and recycling) to the latest, ties in the move generator's order (pyramid pairs first). Trying
early accesses first also means a position is rarely met again with a better access later.
The table keeps, per
``(pyr, stk)``, the best access already searched; a node reached again with a worse or equal
access is skipped (dominance, see :mod:`solver.model`), a better one is searched again.

Where every card must go (strict win, :attr:`Problem.win_all`) over several passes (unlimited
ones too, where every access is one and the second order is the fewest stock cards), the wins lie
deep and the stock's cards must all be paired too: a walk in access order alone sometimes spends
hundreds of thousands of nodes clearing the pyramid with stock cards still left for a later pass,
where a walk in a second order (the pass first, then the fewest stock cards left: stock pairs,
then a pyramid card with a stock card, then pyramid pairs; then the access) wins in two
thousand; and the other way round on other deals. So such a search runs two walks, each with its
own table, taking turns (a portfolio): either walk searches every node an exact search must, so
whichever finishes first gives the verdict, and the verdict never depends on the order. The
second walk is dropped after :data:`SECOND_WALK_NODES` nodes, so a lost deal costs at most that
much more (bench/RESULTS.md#two-walks).

The table is split into :data:`SHARDS` dicts by the key's low bits: a Python dict that grows
copies itself whole, and one table of a few million entries would stall a step for tens of
milliseconds; a shard is 64 times smaller, and so is the pause.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from operator import itemgetter
from typing import Any

from solver.model import ACC_SHIFT, CURSOR_MASK, FIELD_TOPS, Node, Problem
from solver.movegen import last_pass_pairs, successors_for
from solver.piles import partners_by_pile, pile_pairs, pile_tables

_BY_ACCESS = itemgetter(2)
Walker = Callable[["_Walk", Node], Generator[None, None, bool]]
"""A search from a start node, as one generator (:func:`_visit` and its written-out kin)."""


def _by_pass_then_stock(node: Node) -> tuple[int, int, int]:
    """The second order of a win-all walk: pass, stock cards left, access."""
    return node[2] >> ACC_SHIFT, node[1].bit_count(), node[2]


SECOND_WALK_NODES = 16_384
"""Nodes the second walk of a win-all search gets before it is dropped (its table freed): half the
strict head start (:data:`solver.schedule.HEAD_START_STRICT`), after which the layered engine
proves the lost deals on the numpy path, and the first walk alone on the pure path
(bench/RESULTS.md#two-walks)."""
SHARDS = 64
SHARD_MASK = SHARDS - 1
NEVER = 1 << 62
"""Above every access: what the table answers for a node never searched."""


class DepthFirst:
    """``advance(n)`` searches about ``n`` more nodes and returns None while unfinished; when
    finished it returns the path of nodes from the start to a win, or ``[]`` when none exists."""

    def __init__(self, problem: Problem, *, plain: bool = False) -> None:
        """``plain``: every node expanded by the move generator (:func:`_visit`), the reference
        the walks with the generator written out (:func:`_visit_one_pile`, :func:`_visit_piles`)
        must match node for node."""
        self.problem = problem
        visit: Walker = _visit
        if not plain and not problem.unlimited:  # the generator written out, per stock kind
            visit = problem.kind.walk
        elif not plain:  # (the walks read accesses as passes: unlimited passes have their own)
            visit = UNLIMITED_WALKS.get(problem.kind.walk, _visit)
        orders = (_BY_ACCESS, _by_pass_then_stock) if two_orders(problem) else (_BY_ACCESS,)
        self._walks = [_Walk(problem, order) for order in orders]
        self._runs = [visit(walk, problem.start) for walk in self._walks]
        self._turn = 0
        self._dropped = 0
        """The nodes of a walk dropped (still counted in :attr:`nodes`)."""

    @property
    def nodes(self) -> int:
        return self._dropped + sum(walk.nodes for walk in self._walks)

    @property
    def work(self) -> int:
        """The work done, in nodes (as :attr:`Layered.work`)."""
        return self.nodes

    @property
    def paths(self) -> list[list[Node]]:
        """Each walk's path so far (what the walks with the generator written out and the
        plain walks must agree on, slice by slice)."""
        return [list(walk.path) for walk in self._walks]

    def advance(self, budget: int) -> list[Node] | None:
        """``budget`` more nodes of one walk, the walks taking turns call by call; the second
        walk is dropped once it has searched :data:`SECOND_WALK_NODES` nodes."""
        turn = self._turn
        self._turn = (turn + 1) % len(self._walks)
        walk = self._walks[turn]
        walk.pause_at = walk.nodes + budget
        try:
            next(self._runs[turn])
        except StopIteration as finished:
            return list(walk.path) if finished.value else []
        if turn and walk.nodes >= SECOND_WALK_NODES:
            self._dropped += walk.nodes
            del self._walks[turn], self._runs[turn]
            self._turn = 0
        return None


def two_orders(problem: Problem) -> bool:
    """A win-all search over several passes walks in both orders (see the module's docstring)."""
    return problem.win_all and problem.passes > 1


class _Walk:
    """What the search generator works on. Kept apart from :class:`DepthFirst`, which holds the
    generator: were the generator to refer to its owner, the two would form a reference cycle,
    and a dropped search (its table can hold millions of entries) would only be freed by a full
    garbage collection, inside some later search step, instead of at once."""

    __slots__ = ("best", "nodes", "order", "path", "pause_at", "problem", "successors")

    def __init__(self, problem: Problem, order: Callable[[Node], Any] = _BY_ACCESS) -> None:
        self.problem = problem
        self.order = order
        """The children's order (the access, or :func:`_by_pass_then_stock`)."""
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
    by_access = walk.order
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
    children.sort(key=by_access)
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
                    children.sort(key=by_access)
                stack.append(iter(children))
                break
            path.pop()
        else:
            stack.pop()
            if stack:
                path.pop()
    return False


def _visit_one_pile(walk: _Walk, start: Node) -> Generator[None, None, bool]:  # noqa: PLR0915 - one loop, no calls
    """:func:`_visit` for one waste pile, with :func:`solver.movegen.successors` written out
    when the walk starts on the last pass (a one-pass deal, a late position), while the
    stock-need test is in use (not the fronts): no call per node, every table a local, and the stranded-card
    test (:meth:`Problem.stranded`) by whole bytes: the ranks with a waste card
    (:attr:`Problem.ranks_by_byte`) and no partner ahead. The same children in the same
    order, so the same nodes and the same line; the other nodes go to the move generator."""
    problem, path, best, successors = walk.problem, walk.path, walk.best, walk.successors
    win_all = problem.win_all  # won: the pyramid cleared (and, strict, the stock)
    crossing = problem.crossing
    shapes, shape_of = problem.shapes, problem.shape
    rank_stock = problem.rank_stock
    last_acc = problem.passes << ACC_SHIFT  # the first access of the last pass
    tops = FIELD_TOPS
    pyr, stk, acc = start
    last_pass = acc >= last_acc  # the walk starts on the last pass: every node is on it
    if last_pass:  # (else its tables would cost a short search more than they save)
        counts0, counts1, counts2 = problem.counts_by_byte or problem.count_tables()
        ranks0, ranks1, ranks2 = problem.ranks_by_byte or problem.rank_tables()
        partners0, partners1, partners2 = problem.partners_by_byte or problem._partner_tables()
    pairs_of = problem.last_pass_pairs_of
    cursor_mask, acc_shift = CURSOR_MASK, ACC_SHIFT
    stock_bits = problem.stock_bits
    key = pyr << stock_bits | stk
    best[key & SHARD_MASK][key] = acc
    nodes = walk.nodes = walk.nodes + 1
    pause_at = walk.pause_at
    if nodes >= pause_at:
        yield
        pause_at = walk.pause_at
    written_out = last_acc if last_pass and not problem.use_fronts else NEVER  # the accesses written out
    children = successors(problem, pyr, stk, acc)
    if not children:
        return False
    by_access = walk.order
    children.sort(key=by_access)
    stack = [iter(children)]
    push = stack.append
    while stack:
        for child in stack[-1]:
            pyr, stk, acc = child
            if not pyr and (not win_all or not stk):  # won
                path.append(child)
                walk.nodes = nodes
                return True
            key = pyr << stock_bits | stk
            table = best[key & SHARD_MASK]
            if table.get(key, NEVER) <= acc:
                continue  # searched already, with an access as good
            table[key] = acc
            nodes += 1
            if nodes >= pause_at:  # (the path holds the node while paused, as in _visit)
                walk.nodes = nodes
                path.append(child)
                yield
                path.pop()
                pause_at = walk.pause_at
                written_out = last_acc if last_pass and not problem.use_fronts else NEVER
            if acc < written_out:
                children = successors(problem, pyr, stk, acc)
            else:
                shape = shapes.get(pyr) or shape_of(pyr)
                lonely = shape.partnerless
                if crossing and lonely and problem.crossed(stk, lonely):
                    continue  # strict win: the closed pairs' stock cards cross
                cursor = acc & cursor_mask
                reach = stk
                if lonely and cursor:
                    waste = stk & ((1 << cursor) - 1)
                    lonely &= ranks0[waste & 255] | ranks1[waste >> 8 & 255] | ranks2[waste >> 16]
                    if lonely:
                        ahead = stk ^ waste
                        lonely &= ~(
                            partners0[ahead & 255] | partners1[ahead >> 8 & 255] | partners2[ahead >> 16]
                        )
                    if lonely:  # a waste card that can never leave
                        if win_all:
                            continue  # strict win: lost
                        stuck = 0
                        while lonely:
                            low = lonely & -lonely
                            lonely ^= low
                            stuck |= waste & rank_stock[low.bit_length() - 1]
                        cut = stuck.bit_length() - 1
                        reach = stk >> cut << cut
                wanted = shape.need_counts
                if wanted:
                    have = counts0[reach & 255] + counts1[reach >> 8 & 255] + counts2[reach >> 16]
                    if ((have | tops) - wanted) & tops != tops:
                        continue  # the stock in reach cannot meet the pyramid's needs
                now = acc >> acc_shift << acc_shift
                usable = stk >> (cursor - 1) << (cursor - 1) if cursor else stk
                pairs = shape.pairs
                children = [(after, stk, acc) for after in pairs] if pairs else []
                append = children.append
                for need, after in shape.singles:
                    cards = usable & rank_stock[need]
                    while cards:
                        low = cards & -cards
                        cards ^= low
                        rest = stk ^ low
                        append((after, rest, now | (rest & (low - 1)).bit_length()))
                playable = pairs_of.get(usable)
                if playable is None:
                    playable = last_pass_pairs(problem, usable)
                for cards, below in playable:
                    rest = stk ^ cards
                    append((pyr, rest, now | (rest & below).bit_length()))
            if children:
                if len(children) > 1:
                    children.sort(key=by_access)
                path.append(child)  # only a node with children joins the path
                push(iter(children))
                break
        else:
            stack.pop()
            if stack:
                path.pop()
    walk.nodes = nodes
    return False


def _visit_piles(walk: _Walk, start: Node) -> Generator[None, None, bool]:  # noqa: PLR0915 - one loop, no calls
    """:func:`_visit` for several waste piles, with :func:`solver.piles.successors` written out:
    no call per node, every table a local; the stranded-card test (:meth:`Problem.stranded`)
    runs only when a waste card's rank is partnerless in the pyramid
    (:attr:`Problem.ranks_by_byte`). The same children in the same order, so the same nodes
    and the same line."""
    problem, path, best = walk.problem, walk.path, walk.best
    win_all = problem.win_all  # won: the pyramid cleared (and, strict, the stock)
    shapes, shape_of = problem.shapes, problem.shape
    rank_stock = problem.rank_stock
    last_acc = problem.passes << ACC_SHIFT  # the first access of the last pass
    tops = FIELD_TOPS
    counts0, counts1, counts2 = problem.counts_by_byte or problem.count_tables()
    ranks: tuple[tuple[int, ...], ...] = ()  # problem.ranks_by_byte, when first wanted
    tables = problem.pile_tables or pile_tables(problem)
    end_of, above, normal_of = tables.end_of, tables.above, tables.normal
    pairs_of = problem.pile_pairs_of
    by_pile: tuple[tuple[tuple[int, ...], ...], ...] = ()  # partners_by_pile, made when first wanted
    cursor_mask, acc_shift = CURSOR_MASK, ACC_SHIFT
    stock_bits = problem.stock_bits
    pyr, stk, acc = start
    key = pyr << stock_bits | stk
    best[key & SHARD_MASK][key] = acc
    nodes = walk.nodes = walk.nodes + 1
    pause_at = walk.pause_at
    if nodes >= pause_at:
        yield
        pause_at = walk.pause_at
    children = walk.successors(problem, pyr, stk, acc)
    if not children:
        return False
    by_access = walk.order
    children.sort(key=by_access)
    stack = [iter(children)]
    push = stack.append
    while stack:
        for child in stack[-1]:
            pyr, stk, acc = child
            if not pyr and (not win_all or not stk):  # won
                path.append(child)
                walk.nodes = nodes
                return True
            key = pyr << stock_bits | stk
            table = best[key & SHARD_MASK]
            if table.get(key, NEVER) <= acc:
                continue  # searched already, with an access as good
            table[key] = acc
            nodes += 1
            if nodes >= pause_at:  # (the path holds the node while paused, as in _visit)
                walk.nodes = nodes
                path.append(child)
                yield
                path.pop()
                pause_at = walk.pause_at
            shape = shapes.get(pyr) or shape_of(pyr)
            cursor = acc & cursor_mask
            reach = stk
            if acc >= last_acc and cursor and shape.partnerless:
                waste = stk & ((1 << cursor) - 1)
                ranks = ranks or problem.ranks_by_byte or problem.rank_tables()
                lonely = ranks[0][waste & 255] | ranks[1][waste >> 8 & 255] | ranks[2][waste >> 16]
                lonely &= shape.partnerless
                if lonely:  # unless every such rank has partners on two piles or more
                    by_pile = by_pile or partners_by_pile(problem)
                    once = twice = 0
                    for table0, table1, table2 in by_pile:
                        found = table0[stk & 255] | table1[stk >> 8 & 255] | table2[stk >> 16]
                        twice |= once & found
                        once |= found
                    lonely &= ~twice
                if lonely:
                    if win_all:
                        if problem.stranded(shape, stk, acc):
                            continue  # strict win: a card that can never leave
                    elif shape.need_counts:
                        reach = problem.reachable_stock(shape, stk, acc)
            wanted = shape.need_counts
            if wanted:
                have = counts0[reach & 255] + counts1[reach >> 8 & 255] + counts2[reach >> 16]
                if ((have | tops) - wanted) & tops != tops:
                    continue  # the stock in reach cannot meet the pyramid's needs
            now = acc >> acc_shift << acc_shift
            later = acc < last_acc
            next_pass = now + (1 << acc_shift)
            below_cursor = (1 << cursor) - 1
            pairs = shape.pairs
            children = [(after, stk, acc) for after in pairs] if pairs else []
            append = children.append
            for need, after in shape.singles:
                cards = stk & rank_stock[need]
                while cards:
                    low = cards & -cards
                    cards ^= low
                    index = low.bit_length() - 1
                    rest = stk ^ low
                    end = end_of[index]
                    if stk & above[index] & below_cursor:  # a card lies on it
                        if later:
                            reached = next_pass | normal_of[(rest & ((1 << end) - 1)).bit_length()]
                            append((after, rest, reached))
                    else:
                        dealt = (1 << cursor if cursor > end else 1 << end) - 1  # drawn to max(cursor, e(s))
                        append((after, rest, now | normal_of[(rest & dealt).bit_length()]))
            stock_pairs = pairs_of.get(stk)
            if stock_pairs is None:
                stock_pairs = pile_pairs(problem, stk)
            for first, second, end in stock_pairs:
                rest = stk & ~(1 << first) & ~(1 << second)
                if cursor <= end:
                    append((pyr, rest, now | normal_of[(rest & ((1 << end) - 1)).bit_length()]))
                elif not stk & (above[first] | above[second]) & below_cursor:  # both still on top
                    append((pyr, rest, now | normal_of[(rest & below_cursor).bit_length()]))
                elif later:
                    append((pyr, rest, next_pass | normal_of[(rest & ((1 << end) - 1)).bit_length()]))
            if children:
                if len(children) > 1:
                    children.sort(key=by_access)
                path.append(child)  # only a node with children joins the path
                push(iter(children))
                break
        else:
            stack.pop()
            if stack:
                path.pop()
    walk.nodes = nodes
    return False


def _visit_piles_unlimited(walk: _Walk, start: Node) -> Generator[None, None, bool]:  # noqa: PLR0915 - one loop, no calls
    """:func:`_visit` for several waste piles with unlimited passes, with the move generator
    (:func:`solver.piles.successors` through :func:`solver.movegen.cycling`) written out: every
    node is at :data:`~solver.model.ANY_ACCESS` (cursor 0 of a pass before the last), so no
    card is stranded, every stock card of a free card's partner rank pairs with it, every stock
    pair counts, and the table is a visited set. The same children in the same order (no move
    leads where another does, so the generator's de-duplication drops none), so the same nodes
    and the same line."""
    problem, path, best = walk.problem, walk.path, walk.best
    shapes, shape_of = problem.shapes, problem.shape
    rank_stock = problem.rank_stock
    tops = FIELD_TOPS
    counts0, counts1, counts2 = problem.counts_by_byte or problem.count_tables()
    pairs_of = problem.pile_pairs_of
    stock_bits, goal = problem.stock_bits, problem.goal_shift
    pyr, stk, acc = start  # acc: ANY_ACCESS, as every node's
    key = pyr << stock_bits | stk
    best[key & SHARD_MASK][key] = acc
    nodes = walk.nodes = walk.nodes + 1
    pause_at = walk.pause_at
    if nodes >= pause_at:
        yield
        pause_at = walk.pause_at
    children = walk.successors(problem, pyr, stk, acc)
    if not children:
        return False
    stack = [iter(children)]
    push = stack.append
    while stack:
        for child in stack[-1]:
            pyr, stk, _ = child
            key = pyr << stock_bits | stk
            if not key >> goal:  # won: the pyramid cleared (and, strict, the stock)
                path.append(child)
                walk.nodes = nodes
                return True
            table = best[key & SHARD_MASK]
            if key in table:
                continue  # searched already
            table[key] = acc
            nodes += 1
            if nodes >= pause_at:  # (the path holds the node while paused, as in _visit)
                walk.nodes = nodes
                path.append(child)
                yield
                path.pop()
                pause_at = walk.pause_at
            shape = shapes.get(pyr) or shape_of(pyr)
            wanted = shape.need_counts
            if wanted:
                have = counts0[stk & 255] + counts1[stk >> 8 & 255] + counts2[stk >> 16]
                if ((have | tops) - wanted) & tops != tops:
                    continue  # the stock cannot meet the pyramid's needs
            pairs = shape.pairs
            children = [(after, stk, acc) for after in pairs] if pairs else []
            append = children.append
            for need, after in shape.singles:
                cards = stk & rank_stock[need]
                while cards:
                    low = cards & -cards
                    cards ^= low
                    append((after, stk ^ low, acc))
            stock_pairs = pairs_of.get(stk)
            if stock_pairs is None:
                stock_pairs = pile_pairs(problem, stk)
            for first, second, _ in stock_pairs:
                append((pyr, stk & ~(1 << first) & ~(1 << second), acc))
            if children:
                path.append(child)  # only a node with children joins the path
                push(iter(children))
                break
        else:
            stack.pop()
            if stack:
                path.pop()
    walk.nodes = nodes
    return False


UNLIMITED_WALKS: dict[Walker, Walker] = {_visit_piles: _visit_piles_unlimited}
"""Per stock kind's written-out walk (:attr:`solver.models.StockModelKind.walk`), its walk for
unlimited passes; a kind not here walks them with :func:`_visit` (one waste pile: the move
generator is about as fast as a written-out walk there)."""
