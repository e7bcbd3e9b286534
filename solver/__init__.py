"""Exact Pyramid solver (pure Python, no pygame): verdicts, winning lines, hints.

``solve(state)`` decides a position; ``Search(state)`` does the same in slices
(``search.step(nodes)``) for the game's frame loop.
"""

import rules  # noqa: F401 - first: guards `python -m solver`'s start-up (rules.interrupt)
from rules.verdict import Verdict
from solver.search import Result, Search, solve

__all__ = ["Result", "Search", "Verdict", "solve"]
