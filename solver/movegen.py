"""The pure-Python move generator: the successors of a node, or None when it is lost.

This is the reference; ``solver.vector`` computes exactly the same successors for many nodes
at once with numpy. Successors come in a fixed order: pyramid-only removals (in
:attr:`Shape.pairs` order), then a free pyramid card with a stock card (free cards in slot
order, stock cards by index), then two stock cards (by the index of the first). It is the
innermost loop of the search, so it is written for speed: locals, bit tricks, no helpers.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.model import ACC_SHIFT, ANY_ACCESS, CURSOR_MASK, FIELD_TOPS, Node, Problem, Shape

_NOTHING_NEEDED: tuple[tuple[tuple[int, int], ...], ...] = ((),)
"""The front of a pyramid that needs no stock card (:meth:`Problem.front_needs`)."""

Successors = Callable[[Problem, int, int, int], list[Node] | None]


def successors_for(problem: Problem) -> Successors:
    """The move generator the problem's stock kind plays by (:mod:`solver.models`' registry):
    :func:`successors` for one waste pile, :func:`solver.piles.successors` for several."""
    return cycling(problem.kind.successors) if problem.unlimited else problem.kind.successors


def cycling(generate: Successors) -> Successors:
    """``generate`` with unlimited passes: every child at :data:`ANY_ACCESS`, each once (see
    :attr:`Problem.unlimited`)."""

    def successors(problem: Problem, pyr: int, stk: int, acc: int) -> list[Node] | None:
        found = generate(problem, pyr, stk, acc)
        if found is None:
            return None
        return list(dict.fromkeys((after, rest, ANY_ACCESS) for after, rest, _ in found))

    return successors


def successors(problem: Problem, pyr: int, stk: int, acc: int) -> list[Node] | None:
    """Every removal possible from ``(pyr, stk, acc)`` as the node it leads to (draws and
    recycles folded in, see :mod:`solver.model`); None when a stock test proves the pyramid
    can no longer be cleared (its stock front, :meth:`Problem.front`, when the problem uses
    fronts; else its stock needs), or (strict win) a card is stranded on the last pass or the
    closed pairs' stock cards cross (:meth:`Problem.crossed`)."""
    shape = problem.shapes.get(pyr) or problem.shape(pyr)
    rank_stock = problem.rank_stock
    reach = stk  # the stock cards still in reach (Problem.reachable_stock, written out)
    if shape.partnerless and acc & CURSOR_MASK and acc >> ACC_SHIFT >= problem.passes:
        stuck = problem.stranded(shape, stk, acc)  # (0 unless some rank has no partner left)
        if stuck:
            if not problem.goal_shift:
                return None  # strict win: a card that can never leave
            reach = stk & ~((1 << (stuck.bit_length() - 1)) - 1)
    if problem.crossing and shape.partnerless and problem.crossed(stk, shape.partnerless):
        return None  # strict win: the closed pairs' stock cards cross
    if problem.use_fronts:
        front = problem.front_lists.get(pyr)
        if front is None:
            front = problem.front_needs(pyr)
        if front != _NOTHING_NEEDED:
            for needs in front:
                for rank, count in needs:
                    if (reach & rank_stock[rank]).bit_count() < count:
                        break
                else:
                    break  # this element of the front is within reach
            else:
                return None  # none is (or the front is empty): the pyramid cannot be cleared
    elif shape.need_counts:  # every rank's need met at once (packed counts, see Problem.front)
        tables = problem.counts_by_byte or problem.count_tables()
        have = tables[0][reach & 255] + tables[1][reach >> 8 & 255] + tables[2][reach >> 16]
        if ((have | FIELD_TOPS) - shape.need_counts) & FIELD_TOPS != FIELD_TOPS:
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
    # On the last pass only the waste's top and the stock can be played (one past the cursor's
    # card, on): a suffix of the stock, which keeps which cards lie next to each other.
    usable = stk if later or not cursor else stk >> (cursor - 1) << (cursor - 1)
    for need, after in shape.singles:
        cards = usable & rank_stock[need]
        while cards:
            low = cards & -cards
            cards ^= low
            rest = stk ^ low
            new_cursor = (rest & (low - 1)).bit_length()
            if low.bit_length() >= cursor:  # the card is the waste's top or still in the stock
                out.append((after, rest, now | new_cursor))
            else:
                out.append((after, rest, next_pass | new_cursor))
    if later:
        pairs = problem.stock_pairs_of.get(stk)
        if pairs is None:
            pairs = stock_pair_removals(problem, stk)
        for reached, rest, new_cursor in pairs:
            out.append((pyr, rest, (now if reached >= cursor else next_pass) | new_cursor))
        return out
    playable_pairs = problem.last_pass_pairs_of.get(usable)
    if playable_pairs is None:
        playable_pairs = last_pass_pairs(problem, usable)
    for cards, below in playable_pairs:
        rest = stk ^ cards
        out.append((pyr, rest, now | (rest & below).bit_length()))
    return out


def last_pass_pairs(problem: Problem, usable: int) -> tuple[tuple[int, int], ...]:
    """The stock pairs among the cards ``usable`` on the last pass (the waste's top and the
    stock), as :func:`stock_pairs` finds them (a suffix of the stock keeps which cards lie next
    to each other): ``(cards, below)``, the pair's two bits and the places below its first
    card. Every node of a search with the same playable cards has the same pairs (a one-pass
    deal meets a few hundred such sets in 10-20k nodes): made once per set and kept in
    ``problem.last_pass_pairs_of``."""
    cache = problem.last_pass_pairs_of
    if len(cache) >= PAIRS_CACHE_CAP:
        cache.clear()
    found = tuple(
        (1 << first | 1 << second, (1 << first) - 1) for first, second in stock_pairs(problem, usable)
    )
    cache[usable] = found
    return found


PAIRS_CACHE_CAP = 50_000
"""Stock masks whose pair removals a problem keeps (:func:`stock_pair_removals`); past it the
cache is emptied. A search meets each stock mask about three times (with other pyramids)."""


def stock_pair_removals(problem: Problem, stk: int) -> tuple[tuple[int, int, int], ...]:
    """The removals of two stock cards from stock ``stk`` (:func:`stock_pairs`, in its order),
    as ``(reached, rest, cursor)``: the cursor from which the pair is playable this pass
    (``first + 1``), the stock left, and the cursor after it. They depend on the stock alone,
    which many nodes share: made once per stock mask and kept in ``problem.stock_pairs_of``."""
    cache = problem.stock_pairs_of
    if len(cache) >= PAIRS_CACHE_CAP:
        cache.clear()
    found = []
    for first, second in stock_pairs(problem, stk):
        rest = stk & ~(1 << first) & ~(1 << second)
        found.append((first + 1, rest, (rest & ((1 << first) - 1)).bit_length()))
    # a tuple of tuples of ints, which the collector stops tracking: a full cache costs it nothing
    pairs = cache[stk] = tuple(found)
    return pairs


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
    """Successors of many nodes (``key = pyr << stock_bits | stk``): parallel lists of the parent's
    position in ``keys``, the child's key and the child's access, parents in order."""
    parents: list[int] = []
    child_keys: list[int] = []
    child_accs: list[int] = []
    generate = successors_for(problem)
    bits = problem.stock_bits
    mask = (1 << bits) - 1
    for position, (key, acc) in enumerate(zip(keys, accs, strict=True)):
        found = generate(problem, key >> bits, key & mask, acc)
        if not found:
            continue
        for pyr, stk, child_acc in found:
            parents.append(position)
            child_keys.append(pyr << bits | stk)
            child_accs.append(child_acc)
    return parents, child_keys, child_accs
