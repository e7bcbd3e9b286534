"""A plain reference search for checking the solver: memoised depth-first search over the
rules engine's own states and moves, with no pruning, no dominance and no shortcuts.

Slow, but obviously right: a position is winnable when some legal move leads to a winnable
position. Kept in tests/ on purpose, so the solver is never checked against itself.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

from rules.legality import apply, legal_moves
from rules.state import State


def winnable(state: State, limit: int = 2_000_000) -> bool:
    """True if some sequence of legal moves clears the pyramid. Raises RuntimeError past
    ``limit`` positions (the caller picked too big a position)."""
    seen: set[tuple[object, ...]] = set()
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 10_000))

    def visit(position: State) -> bool:
        if position.is_won:
            return True
        pass_no = 0 if position.rules.unlimited else position.pass_no  # (unlimited: the cycle repeats)
        key = (position.pyramid, position.stock, position.cursor, pass_no, position.columns, position.cell)
        if key in seen:
            return False
        seen.add(key)
        if len(seen) > limit:
            raise RuntimeError("reference search: position too big")
        return any(visit(apply(position, move)) for move in legal_moves(position))

    try:
        return visit(state)
    finally:
        sys.setrecursionlimit(old_limit)


def both_verdicts(candidates: Iterable[State], each: int, limit: int) -> list[tuple[State, bool]]:
    """Up to ``each`` positions of each verdict among ``candidates`` (taken in order, until both
    verdicts have ``each``), with the reference search's verdict under a budget of ``limit``
    positions; a candidate too big for it is passed over."""
    found: dict[bool, list[State]] = {True: [], False: []}
    for state in candidates:
        try:
            verdict = winnable(state, limit=limit)
        except RuntimeError:
            continue  # too big for the plain search
        if len(found[verdict]) < each:
            found[verdict].append(state)
        if min(map(len, found.values())) >= each:
            break
    return [(state, verdict) for verdict, states in found.items() for state in states]
