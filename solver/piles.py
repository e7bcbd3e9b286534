"""The move generator for a variant with several waste piles (apophis), pure Python; its numpy
twin, which gives the same successors, is the last part of :mod:`solver.vector`.

The variant chooses it (:func:`solver.movegen.successors_for` reads ``Problem.piles``); the
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

from solver.model import ACC_SHIFT, CURSOR_MASK, Node, Problem


def normal(stock: int, cursor: int, piles: int) -> int:
    """:func:`rules.piles.normal_cursor`, inlined for the search."""
    below = (stock & ((1 << cursor) - 1)).bit_length()
    return -(-below // piles) * piles


def successors(problem: Problem, pyr: int, stk: int, acc: int) -> list[Node] | None:
    """:func:`solver.movegen.successors` for several waste piles (see the module docstring):
    None when the stock-need test proves the position lost, else :func:`removals`."""
    shape = problem.shapes.get(pyr) or problem.shape(pyr)
    rank_stock = problem.rank_stock
    last = acc >> ACC_SHIFT >= problem.passes
    if problem.win_all and last and problem.stranded(shape, stk, acc):
        return None  # strict win: a card that can never leave
    if shape.needs:
        reach = problem.reachable_stock(shape, stk, acc) if last else stk
        for rank, count in shape.needs:
            if (reach & rank_stock[rank]).bit_count() < count:
                return None
    return removals(problem, pyr, stk, acc)


def removals(problem: Problem, pyr: int, stk: int, acc: int) -> list[Node]:
    """Every removal from ``(pyr, stk, acc)`` as the node it leads to, at its earliest access:
    pyramid pairs, then a free pyramid card with a stock card, then two stock cards."""
    shape = problem.shapes.get(pyr) or problem.shape(pyr)
    rank_stock = problem.rank_stock
    piles = problem.piles
    residues = problem.residue_of
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
            end = (index // piles + 1) * piles
            if rest & residues[index] & below_cursor & ~(low | (low - 1)):  # a card lies on it
                if later:
                    out.append((after, rest, next_pass | normal(rest, end, piles)))
            else:
                out.append((after, rest, now | normal(rest, max(cursor, end), piles)))
    for first, second, end in pile_pairs(problem, stk):
        rest = stk & ~(1 << first) & ~(1 << second)
        if cursor <= end:
            out.append((pyr, rest, now | normal(rest, end, piles)))
        elif not (_lies_on(stk, residues, first, cursor) or _lies_on(stk, residues, second, cursor)):
            out.append((pyr, rest, now | normal(rest, cursor, piles)))
        elif later:
            out.append((pyr, rest, next_pass | normal(rest, end, piles)))
    return out


def _lies_on(stk: int, residues: tuple[int, ...], index: int, cursor: int) -> int:
    """Cards in play that lie on stock card ``index`` at ``cursor`` (a mask; 0: it is on top)."""
    return stk & residues[index] & ((1 << cursor) - 1) & ~((2 << index) - 1)


PAIRS_CACHE_CAP = 200_000
"""Stock masks whose pairs a problem keeps (:func:`pile_pairs`); past it the cache is emptied."""


def pile_pairs(problem: Problem, stk: int) -> list[tuple[int, int, int]]:
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


def _pile_pairs(problem: Problem, stk: int) -> list[tuple[int, int, int]]:
    piles = problem.piles
    complements = problem.stock_complements
    residue_masks = problem.residue_of[:piles]
    found: list[tuple[int, int, int]] = []
    end = 0
    while True:
        beyond = stk >> end
        if not beyond:
            return found
        end += ((beyond & -beyond).bit_length() - 1) // piles * piles + piles  # next group with a card
        start = end - piles
        below = (1 << end) - 1
        tops = []
        for mask in residue_masks:
            on_pile = stk & mask & below
            if on_pile:
                tops.append(on_pile.bit_length() - 1)
        for i, a in enumerate(tops):
            for b in tops[i + 1 :]:
                low, high = (a, b) if a < b else (b, a)
                if high >= start and complements[low] >> high & 1:
                    found.append((low, high, end))
