"""Honest hints: a worthwhile move chosen from what the player can see (SPEC §4).

:func:`suggest` looks only at the pyramid (always face up), the stock's top card and the
waste's top card, so it can never reveal an unseen stock card. Preference, in order:

1. a King in the pyramid (removing it never hurts: it only frees cards);
2. a removal that clears pyramid cards, most pyramid cards and most newly freed cards first;
3. a King on the stock or the waste;
4. the stock's top card with the waste's top card;
5. drawing, then recycling.
"""

from __future__ import annotations

from rules.legality import legal_moves
from rules.moves import Kind, Move
from rules.state import State
from rules.topology import SLOTS, uncovered


def _score(state: State, move: Move) -> tuple[int, ...]:
    if move.kind is Kind.DRAW:
        return (1,)
    if move.kind is Kind.RECYCLE:
        return (0,)
    slots = [p for p in move.places if p < SLOTS]
    removed = sum(1 << s for s in slots)
    freed = (uncovered(state.pyramid & ~removed) & ~state.uncovered).bit_count()
    pyramid_king = len(move.places) == 1 and bool(slots)
    return (2, int(pyramid_king), len(slots), freed, int(len(move.places) == 1))


def rank_moves(state: State) -> list[Move]:
    """Every legal move, the most worthwhile first (judged on visible cards only)."""
    return sorted(legal_moves(state), key=lambda move: _score(state, move), reverse=True)


def _waits(move: Move) -> int:
    """How much a move gives away that could wait: 0 a draw (it shows a new card and uses no
    pyramid card), 1 a removal with the stock's or the waste's top card, 2 a pair of pyramid
    cards only, 3 a recycle."""
    if move.kind is Kind.DRAW:
        return 0
    if move.kind is Kind.RECYCLE:
        return 3
    return 1 if any(p >= SLOTS for p in move.places) else 2


def patient_order(state: State) -> list[Move]:
    """Every legal move, the one that keeps the most for later first: the order in which a hint
    breaks a tie between moves that win in as many orders of the unseen cards.

    A pair of pyramid cards stays playable whatever else is done (removing cards never covers
    one), and it shows nothing new, so making it now rather than later only gives up the chance
    to pair one of its cards with a card still to come; a draw shows the next card before
    anything is committed. So, among moves judged equal: draw first, then removals with the
    stock's or the waste's top card, then pyramid pairs (each group in :func:`rank_moves`
    order)."""
    return sorted(rank_moves(state), key=_waits)


def suggest(state: State) -> Move | None:
    """One worthwhile legal move judged on visible cards only; None when there is no move."""
    moves = rank_moves(state)
    return moves[0] if moves else None
