"""The pure-Python move generator: the successors of a node, or None when it is lost.

This is the reference; ``solver.vector`` computes exactly the same successors for many nodes
at once with numpy. Successors come in a fixed order: pyramid-only removals (in
:attr:`Shape.pairs` order), then a free pyramid card with a stock card (free cards in slot
order, stock cards by index), then two stock cards (by the index of the first). It is the
innermost loop of the search, so it is written for speed: locals, bit tricks, no helpers.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.model import ACC_SHIFT, CURSOR_MASK, STOCK_BITS, Node, Problem, Shape
from solver.piles import successors as pile_successors

STOCK_MASK = (1 << STOCK_BITS) - 1

_NOTHING_NEEDED: tuple[tuple[tuple[int, int], ...], ...] = ((),)
"""The front of a pyramid that needs no stock card (:meth:`Problem.front_needs`)."""

Successors = Callable[[Problem, int, int, int], list[Node] | None]


def successors_for(problem: Problem) -> Successors:
    """The move generator the problem's variant plays by: :func:`successors` for one waste
    pile, :func:`solver.piles.successors` for several."""
    return successors if problem.piles == 1 else pile_successors


def successors(problem: Problem, pyr: int, stk: int, acc: int) -> list[Node] | None:
    """Every removal possible from ``(pyr, stk, acc)`` as the node it leads to (draws and
    recycles folded in, see :mod:`solver.model`); None when a stock test proves the pyramid
    can no longer be cleared (its stock front, :meth:`Problem.front`, when the problem uses
    fronts; else its stock needs), or (strict win) a card is stranded on the last pass."""
    shape = problem.shapes.get(pyr) or problem.shape(pyr)
    pass_no = acc >> ACC_SHIFT
    cursor = acc & CURSOR_MASK
    later = pass_no < problem.passes
    rank_stock = problem.rank_stock
    if problem.win_all and not later and cursor and problem.stranded(shape, stk, acc):
        return None  # strict win: a card that can never leave
    if problem.use_fronts:
        front = problem.front_lists.get(pyr)
        if front is None:
            front = problem.front_needs(pyr)
        if front != _NOTHING_NEEDED:
            reach = stk if later or not cursor else problem.reachable_stock(shape, stk, acc)
            for needs in front:
                for rank, count in needs:
                    if (reach & rank_stock[rank]).bit_count() < count:
                        break
                else:
                    break  # this element of the front is within reach
            else:
                return None  # none is (or the front is empty): the pyramid cannot be cleared
    elif shape.needs:
        reach = stk if later or not cursor else problem.reachable_stock(shape, stk, acc)
        for rank, count in shape.needs:
            if (reach & rank_stock[rank]).bit_count() < count:
                return None
    return removals(problem, shape, pyr, stk, acc)


def removals(problem: Problem, shape: Shape, pyr: int, stk: int, acc: int) -> list[Node]:
    """Every removal from ``(pyr, stk, acc)``, ``shape`` being ``pyr``'s, as the node it leads to,
    each at its earliest access: :func:`successors` without its stock-need test."""
    pass_no = acc >> ACC_SHIFT
    cursor = acc & CURSOR_MASK
    later = pass_no < problem.passes
    rank_stock = problem.rank_stock
    now = pass_no << ACC_SHIFT
    next_pass = now + (1 << ACC_SHIFT)
    out: list[Node] = [(after, stk, acc) for after in shape.pairs]
    for need, after in shape.singles:
        cards = stk & rank_stock[need]
        while cards:
            low = cards & -cards
            cards ^= low
            rest = stk ^ low
            new_cursor = (rest & (low - 1)).bit_length()
            if low.bit_length() >= cursor:  # the card is the waste's top or still in the stock
                out.append((after, rest, now | new_cursor))
            elif later:
                out.append((after, rest, next_pass | new_cursor))
    for first, second in stock_pairs(problem, stk):
        rest = stk & ~(1 << first) & ~(1 << second)
        new_cursor = (rest & ((1 << first) - 1)).bit_length()
        if first + 1 >= cursor:
            out.append((pyr, rest, now | new_cursor))
        elif later:
            out.append((pyr, rest, next_pass | new_cursor))
    return out


def stock_pairs(problem: Problem, stk: int) -> list[tuple[int, int]]:
    """Pairs of stock cards with nothing left between them that make the pair sum, found from
    the low card (A–6) of each: its neighbour before, then its neighbour after (two cards of a
    rank that pairs with itself, 6 + 6, are found from the first: the one before looks only
    for high cards)."""
    complements = problem.stock_complements
    before_complements = problem.complements_before
    found = []
    cards = stk & problem.low_stock
    while cards:
        low = cards & -cards
        cards ^= low
        index = low.bit_length() - 1
        before = stk & (low - 1)
        if before and before_complements[index] >> (before.bit_length() - 1) & 1:
            found.append((before.bit_length() - 1, index))
        after_it = stk & ~(low | (low - 1))
        if after_it and complements[index] >> ((after_it & -after_it).bit_length() - 1) & 1:
            found.append((index, (after_it & -after_it).bit_length() - 1))
    return found


def expand_batch(
    problem: Problem, keys: list[int], accs: list[int]
) -> tuple[list[int], list[int], list[int]]:
    """Successors of many nodes (``key = pyr << 24 | stk``): parallel lists of the parent's
    position in ``keys``, the child's key and the child's access, parents in order."""
    parents: list[int] = []
    child_keys: list[int] = []
    child_accs: list[int] = []
    generate = successors_for(problem)
    for position, (key, acc) in enumerate(zip(keys, accs, strict=True)):
        found = generate(problem, key >> STOCK_BITS, key & STOCK_MASK, acc)
        if not found:
            continue
        for pyr, stk, child_acc in found:
            parents.append(position)
            child_keys.append(pyr << STOCK_BITS | stk)
            child_accs.append(child_acc)
    return parents, child_keys, child_accs
