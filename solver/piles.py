"""The move generator for a variant with several waste piles (apophis), pure Python; its numpy
twin, which gives the same successors, is :mod:`solver.vector_piles` (run by :mod:`solver.vector`).

The stock kinds' registry (:mod:`solver.models`) chooses it for the waste piles kind; the
nodes, the tables and the engines are those of :mod:`solver.model`. What changes is which stock
cards are playable and where the player must stand to play them (see :mod:`rules.piles`): the
stock is face down, draws turn up fixed groups of ``g`` cards (``g`` = the number of piles),
sequence card ``i`` lies on pile ``i mod g``, and the cursor is always a group boundary.

**Dominance still holds.** From access ``(p, c)`` the player reaches by drawing every later
normalised cursor of pass ``p`` (a normalised cursor ends a group that holds a card, and each
draw stops at the next such group), and every cursor of a later pass. So a smaller access
dominates a larger one, as in the one-pile game.

**Where a card is played.** Stock card ``s`` is the top of its pile at cursor ``c`` when
``s < c`` and no card still in play lies on it (a card ``j ≡ s (mod g)`` with ``s < j < c``). The
earliest cursor where it is on top is ``e(s)``, the end of its group. From ``(p, c)``:

* if ``s`` is on top at ``c``, or still in the stock (``s ≥ c``), it is played this pass at
  cursor ``max(c, e(s))``, the smallest cursor reachable from ``c`` where it is on top;
* otherwise a card lies on it for the rest of this pass; on a later pass it is played at
  ``e(s)``.

Two stock cards ``a < b`` can be played together only when they lie on different piles and both
are on top at once; the earliest such cursor is ``e(b)`` (``b`` is on top there, and ``a`` is
on top there exactly when no card lies on it below ``e(b)``), and a later cursor only adds cards
that may lie on them. So every stock pair is found once, at the end of its higher card's group,
from the pile tops there; from ``(p, c)`` with ``c > e(b)`` it is playable this pass only if
both are still on top at ``c``, else on a later pass at ``e(b)``.

After a removal the cursor is normalised (:func:`rules.piles.normal_cursor`), as the rules do.
The stock-need test counts the stock cards still in reach (:meth:`Problem.reachable_stock`,
whose last-pass argument is adapted to the piles: a waste card can only pair with a card of
another pile).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import or_

from solver.model import ACC_SHIFT, CURSOR_MASK, FIELD_TOPS, Node, Problem, Shape, stock_tables


@dataclass(frozen=True, slots=True)
class PileTables:
    """One stock's tables for the move generator: per stock index, ``end_of`` the end of its
    group (``e(s)``), ``above`` the places of its pile dealt after it (a card there lies on
    it), ``partners_before`` the stock cards that pair with it dealt before it on another pile;
    per bit length of the cards on the piles, ``normal`` the normalised cursor; ``paired``
    the places with a partner before them; per pair of places ``a < b`` (``order[b][a]``),
    the key that puts pairs in :func:`pile_pairs`' order."""

    end_of: tuple[int, ...]
    above: tuple[int, ...]
    partners_before: tuple[int, ...]
    normal: tuple[int, ...]
    paired: int
    order: tuple[tuple[int, ...], ...]


def pile_tables(problem: Problem) -> PileTables:
    """``problem``'s :class:`PileTables`, made on first use."""
    found = problem.pile_tables
    if found is None:
        piles, residue_of, places = problem.piles, problem.residue_of, range(problem.stock_bits)
        end_of = tuple((index // piles + 1) * piles for index in places)
        partners_before = tuple(
            complements & ((1 << index) - 1) & ~residue_of[index]
            for index, complements in enumerate(problem.stock_complements)
        )
        found = problem.pile_tables = PileTables(
            end_of,
            tuple(residue_of[index] & ~((2 << index) - 1) for index in places),
            partners_before,
            tuple(-(-length // piles) * piles for length in range(problem.stock_bits + 1)),
            sum(1 << index for index, partners in enumerate(partners_before) if partners),
            tuple(
                tuple(
                    (end_of[second] * piles + min(first % piles, second % piles)) * piles
                    + max(first % piles, second % piles)
                    for first in range(second)
                )
                for second in places
            ),
        )
    return found


def partners_by_pile(problem: Problem) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per waste pile, the byte tables (:func:`solver.model.stock_tables`) of the ranks its
    stock places pair with: bit ``q`` set for each card there of rank ``pair_sum - q``. A rank
    whose partners in a stock lie on two piles or more strands no waste card
    (:meth:`Problem.stranded`): every pile has a partner off it."""
    paired = frozenset(problem.paired_ranks)
    piles, pair_sum = problem.piles, problem.pair_sum
    return tuple(
        stock_tables(
            [
                1 << (pair_sum - rank) if rank in paired and index % piles == pile else 0
                for index, rank in enumerate(problem.srank)
            ],
            or_,
            problem.stock_bits,
        )
        for pile in range(piles)
    )


def normal(stock: int, cursor: int, piles: int) -> int:
    """:func:`rules.piles.normal_cursor`, inlined for the search."""
    below = (stock & ((1 << cursor) - 1)).bit_length()
    return -(-below // piles) * piles


def successors(problem: Problem, pyr: int, stk: int, acc: int) -> list[Node] | None:
    """:func:`solver.movegen.successors` for several waste piles (see the module docstring):
    None when the stock-need test proves the position lost, else :func:`removals`."""
    shape = problem.shapes.get(pyr) or problem.shape(pyr)
    last = acc >> ACC_SHIFT >= problem.passes
    if last and not problem.goal_shift and problem.stranded(shape, stk, acc):
        return None  # strict win: a card that can never leave
    wanted = shape.need_counts  # every rank's need met at once (packed counts, see Problem.front)
    if wanted:
        reach = problem.reachable_stock(shape, stk, acc) if last else stk
        tables = problem.counts_by_byte or problem.count_tables()
        have = tables[0][reach & 255] + tables[1][reach >> 8 & 255] + tables[2][reach >> 16]
        if ((have | FIELD_TOPS) - wanted) & FIELD_TOPS != FIELD_TOPS:
            return None
    return removals(problem, shape, pyr, stk, acc)


def removals(problem: Problem, shape: Shape, pyr: int, stk: int, acc: int) -> list[Node]:
    """Every removal from ``(pyr, stk, acc)``, ``shape`` being ``pyr``'s, as the node it leads
    to, at its earliest access: pyramid pairs, then a free pyramid card with a stock card, then
    two stock cards."""
    tables = problem.pile_tables or pile_tables(problem)
    end_of, above, normal_of = tables.end_of, tables.above, tables.normal
    rank_stock = problem.rank_stock
    pass_no = acc >> ACC_SHIFT
    cursor = acc & CURSOR_MASK
    later = pass_no < problem.passes
    now = pass_no << ACC_SHIFT
    next_pass = now + (1 << ACC_SHIFT)
    below_cursor = (1 << cursor) - 1
    out: list[Node] = [(after, stk, acc) for after in shape.pairs]
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
                    out.append((after, rest, next_pass | normal_of[(rest & ((1 << end) - 1)).bit_length()]))
            else:
                dealt = (1 << cursor if cursor > end else 1 << end) - 1  # drawn to max(cursor, e(s))
                out.append((after, rest, now | normal_of[(rest & dealt).bit_length()]))
    pairs = problem.pile_pairs_of.get(stk)
    if pairs is None:
        pairs = pile_pairs(problem, stk)
    for first, second, end in pairs:
        rest = stk & ~(1 << first) & ~(1 << second)
        if cursor <= end:
            out.append((pyr, rest, now | normal_of[(rest & ((1 << end) - 1)).bit_length()]))
        elif not stk & (above[first] | above[second]) & below_cursor:  # both still on top
            out.append((pyr, rest, now | normal_of[(rest & below_cursor).bit_length()]))
        elif later:
            out.append((pyr, rest, next_pass | normal_of[(rest & ((1 << end) - 1)).bit_length()]))
    return out


PAIRS_CACHE_CAP = 200_000
"""Stock masks whose pairs a problem keeps (:func:`pile_pairs`); past it the cache is emptied."""


def pile_pairs(problem: Problem, stk: int) -> tuple[tuple[int, int, int], ...]:
    """``(a, b, e)`` for every two stock cards that are on top of two piles at once and pair:
    ``a < b``, found at ``e``, the end of ``b``'s group, by group order, then pile order.
    They depend on the stock alone, which many nodes share (every pyramid reached with it):
    found once per stock mask and kept in ``problem.pile_pairs_of``."""
    cache = problem.pile_pairs_of
    found = cache.get(stk)
    if found is None:
        if len(cache) >= PAIRS_CACHE_CAP:
            cache.clear()
        found = cache[stk] = _pile_pairs(problem, stk)
    return found


def _pile_pairs(problem: Problem, stk: int) -> tuple[tuple[int, int, int], ...]:
    """From each card ``b``, its partners ``a`` dealt before it on other piles that no card
    lies on at ``e(b)``; put in :func:`pile_pairs`' order by the key (group, lower pile of the
    two, the other pile), one pair at most per key (a pile has one top at a group end)."""
    tables = problem.pile_tables or pile_tables(problem)
    end_of, above, partners_before = tables.end_of, tables.above, tables.partners_before
    order = tables.order
    keyed: list[tuple[int, int, int, int]] = []
    cards = stk & tables.paired
    while cards:
        low = cards & -cards
        cards ^= low
        second = low.bit_length() - 1
        partners = stk & partners_before[second]
        if not partners:
            continue
        end = end_of[second]
        dealt = (1 << end) - 1
        keys = order[second]
        while partners:
            bit = partners & -partners
            partners ^= bit
            first = bit.bit_length() - 1
            if stk & above[first] & dealt:
                continue  # a card lies on it at e(b)
            keyed.append((keys[first], first, second, end))
    if not keyed:
        return ()
    if len(keyed) > 1:
        keyed.sort()
    # a tuple of tuples of ints, which the collector stops tracking: a full cache costs it nothing
    return tuple([(first, second, end) for _, first, second, end in keyed])
