"""Whether a deal or a position can be won: one verdict for the solver's results, its answers to
the player's questions and the label table made in advance (:mod:`rules.labels`)."""

from __future__ import annotations

import enum


class Verdict(enum.Enum):
    SOLVABLE = "solvable"
    """Proven winnable: a winning line exists (with unseen stock cards, in every order of them)."""
    UNSOLVABLE = "unsolvable"
    """Proven lost: no line wins (with unseen stock cards, in no order of them)."""
    UNKNOWN = "unknown"
    """Not decided: a budget ran out, or it depends on the order of the unseen cards."""
