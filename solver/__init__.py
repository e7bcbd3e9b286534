"""Exact Pyramid solver (pure Python, no pygame): verdicts, winning lines, hints.

The front door, all the game uses: ``solve(state)`` decides a position and ``Search(state)`` does
the same in slices (``search.step(nodes)``); the player's questions are one object per purpose
(:func:`question`, :class:`BestScoreQuestion`: ``step(nodes)``, ``partial()``, ``answer``), each
answered with the one :class:`Answer` and the one :class:`Verdict` (which the label table shares);
``suggest(state)`` is a hint from the visible cards alone. The solver picks its backend itself;
the game says once, at start, whether it runs in the browser (:func:`configure`).
"""

import rules  # noqa: F401 - first: guards `python -m solver`'s start-up (rules.interrupt)
from rules.verdict import Verdict
from solver.analysis import Answer, AnswerCache, Purpose
from solver.backends import configure
from solver.hints import suggest
from solver.questions import BestScoreQuestion, Question, answer_cache, question
from solver.score import Best
from solver.search import Result, Search, solve

__all__ = [
    "Answer",
    "AnswerCache",
    "Best",
    "BestScoreQuestion",
    "Purpose",
    "Question",
    "Result",
    "Search",
    "Verdict",
    "answer_cache",
    "configure",
    "question",
    "solve",
    "suggest",
]
