"""Which model of the game the solver searches: the one place where the variant chooses.

A variant with a stock (pyramid, strict, Spanish…) is searched as :mod:`solver.model` describes:
nodes carry the stock and where the player stands in it, and two engines (depth-first and
layered) share the work. A variant without a stock (Giza) is an *open* game, every card face
up from the start, searched by :mod:`solver.giza`'s depth-first search alone. The search, the
analysis and the hints ask this module for the model and never look at the variant themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.moves import Move
from rules.state import State
from solver.dfs import DepthFirst
from solver.giza import GizaDepthFirst, GizaProblem, giza_play_out
from solver.layered import Backend, Layered
from solver.line import play_out
from solver.model import STOCK_BITS, Problem
from solver.movegen import successors_for

AnyProblem = Problem | GizaProblem


@dataclass(frozen=True)
class Engines:
    """A position's model and the engines that search it. ``layered`` is None when the model
    has only a depth-first engine; ``line(path, limit)`` turns an engine's winning path into moves."""

    problem: AnyProblem
    depth_first: DepthFirst | GizaDepthFirst
    layered: Layered | None
    line: Callable[[Sequence[Any], int | None], list[Move]]


def is_open(state: State) -> bool:
    """Every card is face up from the start and nothing is drawn (no stock)."""
    return not state.rules.variant.has_stock


def problem_for(state: State, blank: int = 0, like: AnyProblem | None = None, unseen: int = 0) -> AnyProblem:
    """The model of ``state``; ``blank``, ``like`` and ``unseen`` as for
    :class:`solver.model.Problem` (an open game has no unseen card, and shares nothing)."""
    if is_open(state):
        return GizaProblem(state)
    return Problem(state, blank, like if isinstance(like, Problem) else None, unseen)


def engines_for(state: State, backend: Backend, blank: int = 0, like: AnyProblem | None = None) -> Engines:
    problem = problem_for(state, blank, like)
    if isinstance(problem, GizaProblem):
        giza = problem
        return Engines(
            giza, GizaDepthFirst(giza), None, lambda path, limit: giza_play_out(giza, list(path), limit)
        )
    model = problem
    return Engines(
        model,
        DepthFirst(model),
        Layered(model, backend),
        lambda path, limit: play_out(model, list(path), limit),
    )


def lost_at_once(problem: AnyProblem) -> bool:
    """The order-free loss test at the position itself (it reads which cards are left, never
    the order of unseen ones, given as the problem's ``unseen`` places): the stock-need test,
    or the open model's matching test."""
    if isinstance(problem, GizaProblem):
        pyr, col = problem.start
        return pyr != 0 and problem.successors(pyr, col) is None
    pyr, stk, acc = problem.start
    return pyr != 0 and successors_for(problem)(problem, pyr, stk, acc) is None


def start_is_won(problem: AnyProblem) -> bool:
    """The problem's start node is already a win."""
    if isinstance(problem, GizaProblem):
        return problem.start[0] == 0
    pyr, stk, _ = problem.start
    return (pyr << STOCK_BITS | stk) >> problem.goal_shift == 0
