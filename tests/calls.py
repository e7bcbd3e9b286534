"""Counting how often the rules are asked about a position, wherever they are asked from."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import rules.legality
from rules.legality import ALL_PLACES
from rules.state import State

WHOLE = "legal_moves (whole)"
"""Every legal move of a position: how the end of a deal is worked out."""
CARDS = "legal_moves (cards)"
"""The legal moves of some cards only (a tapped card's partners)."""
CHECK = "check"


@contextmanager
def rules_calls() -> Iterator[Counter[str]]:
    """Count the calls of :func:`rules.legality.legal_moves` (:data:`WHOLE` or :data:`CARDS`) and
    :func:`rules.legality.check` while the block runs, through every module's binding of them
    (``from rules.legality import check`` included): nothing is left out by being imported."""
    counts: Counter[str] = Counter()
    legal_moves, check = rules.legality.legal_moves, rules.legality.check

    def counted_legal_moves(state: State, involving: int = ALL_PLACES) -> Any:
        counts[WHOLE if involving == ALL_PLACES else CARDS] += 1
        return legal_moves(state, involving)

    def counted_check(*args: Any) -> Any:
        counts[CHECK] += 1
        return check(*args)

    wrappers: list[tuple[Callable[..., Any], Callable[..., Any]]] = [
        (legal_moves, counted_legal_moves),
        (check, counted_check),
    ]
    patched = []
    for module in list(sys.modules.values()):
        for name, value in list(getattr(module, "__dict__", {}).items()):
            for original, wrapper in wrappers:
                if value is original:
                    setattr(module, name, wrapper)
                    patched.append((module, name, value))
    try:
        yield counts
    finally:
        for module, name, value in patched:
            setattr(module, name, value)
