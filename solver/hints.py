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


def suggest(state: State) -> Move | None:
    """One worthwhile legal move judged on visible cards only; None when there is no move."""
    moves = rank_moves(state)
    return moves[0] if moves else None
