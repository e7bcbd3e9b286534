"""Which model of the game the solver searches: the one place where the variant chooses.

The choice is the variant's *stock kind* (:func:`kind_name`), looked up in one table,
:data:`KINDS`. A kind with a stock (one waste: pyramid, strict, Spanish…; waste piles: apophis)
is searched as :mod:`solver.model` describes: nodes carry the stock and where the player stands
in it, and two engines (depth-first and layered) share the work; its pure move generator is
:mod:`solver.movegen` or :mod:`solver.piles`. Columns (Giza) are an *open* game, every card
face up from the start, searched by :mod:`solver.giza`'s depth-first search alone. The search,
the analysis and the hints ask this module for the model and never look at the variant
themselves. A new kind is a new entry here and its modules.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

from rules.moves import Move
from rules.state import RuleSet, State
from rules.variant import Variant
from solver.cell import CellDepthFirst, CellProblem, cell_play_out
from solver.dfs import DepthFirst, _visit_one_pile, _visit_piles, _Walk
from solver.giza import GizaDepthFirst, GizaProblem, giza_play_out
from solver.layered import Backend, Layered, LayeredEngine
from solver.line import play_out
from solver.model import (
    Problem,
    Shape,
    one_waste_reach,
    one_waste_stranded,
    piles_reach,
    piles_stranded,
)
from solver.movegen import Successors, successors
from solver.movegen import removals as one_waste_removals
from solver.piles import removals as pile_removals
from solver.piles import successors as pile_successors
from solver.reserve import ReserveDepthFirst, ReserveProblem, reserve_play_out
from solver.schedule import Schedule, depth_first_schedule, one_waste_schedule, piles_schedule
from solver.tomb import TombDepthFirst, TombProblem, tomb_play_out

AnyProblem = Problem | GizaProblem | TombProblem | ReserveProblem | CellProblem
AnyDepthFirst = DepthFirst | GizaDepthFirst | TombDepthFirst | ReserveDepthFirst | CellDepthFirst
"""The depth-first engine of any stock kind."""
Removals = Callable[[Problem, Shape, int, int, int], list[tuple[int, int, int]]]

ONE_WASTE = "one_waste"
PILES = "waste_piles"
COLUMNS = "columns"
DRAW_THREE = "draw_three"
RESERVE = "reserve"
ONE_CELL = "one_cell"


def kind_name(variant: Variant) -> str:
    """The name of the variant's stock kind (:mod:`rules.stock`): one waste pile, several waste
    piles, or face-up columns (no stock)."""
    return variant.stock_kind.name


@dataclass(frozen=True)
class Engines:
    """A position's model and the engines that search it. ``layered`` is None when the model
    has only a depth-first engine; ``line(path, limit)`` turns an engine's winning path into moves."""

    problem: AnyProblem
    depth_first: AnyDepthFirst
    layered: LayeredEngine | None
    line: Callable[[Sequence[Any], int | None], list[Move]]


@dataclass(frozen=True)
class StockKind:
    """How the solver plays one stock kind: its model (``problem(state, blank, like, unseen)``,
    as :func:`problem_for`), the engines that search it, the order-free loss test at a position
    (:func:`lost_at_once`), whether its start is won, and the engines' :class:`Schedule`."""

    name: str
    problem: Callable[[State, int, AnyProblem | None, int], AnyProblem]
    engines: Callable[[AnyProblem, Backend], Engines]
    lost_at_once: Callable[[AnyProblem], bool]
    start_is_won: Callable[[AnyProblem], bool]
    schedule: Callable[[Backend, RuleSet], Schedule]


@dataclass(frozen=True)
class StockModelKind(StockKind):
    """A kind searched through :mod:`solver.model`'s nodes: its pure move generator
    (``successors``; :mod:`solver.vector` keeps the numpy one under the same name), the same
    moves without the stock tests (``removals``, for the best score), and the last pass's
    stranded waste cards and the stock left in reach (:meth:`Problem.stranded`)."""

    successors: Successors
    removals: Removals
    walk: Callable[[_Walk, tuple[int, int, int]], Generator[None, None, bool]]
    """Depth-first search's walk with this kind's move generator written out (:mod:`solver.dfs`)."""
    stranded: Callable[[Problem, int, int, int], int]
    reach: Callable[[Problem, int, int], int]
    fronts: bool
    """Stock fronts (:meth:`Problem.front`) apply: one waste pile only."""
    neighbour_pairs: bool
    """Two stock cards leave together only as neighbours in a stock order that never changes
    (one waste pile), which :meth:`Problem.crossed` reads."""


def _stock_problem(state: State, blank: int, like: AnyProblem | None, unseen: int) -> AnyProblem:
    return Problem(state, blank, like if isinstance(like, Problem) else None, unseen)


def _stock_engines(problem: AnyProblem, backend: Backend) -> Engines:
    assert isinstance(problem, Problem)
    model = problem
    return Engines(
        model,
        DepthFirst(model),
        Layered(model, backend),
        lambda path, limit: play_out(model, list(path), limit),
    )


def _stock_lost(problem: AnyProblem) -> bool:
    assert isinstance(problem, Problem)
    pyr, stk, acc = problem.start
    return pyr != 0 and problem.kind.successors(problem, pyr, stk, acc) is None


def _stock_won(problem: AnyProblem) -> bool:
    assert isinstance(problem, Problem)
    pyr, stk, _ = problem.start
    return (pyr << problem.stock_bits | stk) >> problem.goal_shift == 0


def _depth_first_only(
    problem: AnyProblem, engine: AnyDepthFirst, play_out: Callable[[Any, list[Any], int | None], list[Move]]
) -> Engines:
    """The engines of a model searched by one pure depth-first engine, whichever the backend (the
    numpy one has no part for it); ``play_out(problem, path, limit)`` turns its path into moves."""
    return Engines(problem, engine, None, lambda path, limit: play_out(problem, list(path), limit))


def _open_problem(state: State, blank: int, like: AnyProblem | None, unseen: int) -> AnyProblem:
    """An open game has no unseen card, and shares nothing."""
    return GizaProblem(state)


def _open_engines(problem: AnyProblem, backend: Backend) -> Engines:
    assert isinstance(problem, GizaProblem)
    return _depth_first_only(problem, GizaDepthFirst(problem), giza_play_out)


def _open_lost(problem: AnyProblem) -> bool:
    assert isinstance(problem, GizaProblem)
    pyr, col = problem.start
    return pyr != 0 and problem.successors(pyr, col) is None


def _open_won(problem: AnyProblem) -> bool:
    return problem.start[0] == 0


def _tomb_problem(state: State, blank: int, like: AnyProblem | None, unseen: int) -> AnyProblem:
    """Tut's Tomb's exact model (:mod:`solver.tomb`); its loss test reads no order, so
    ``unseen`` needs nothing, and its tables are too cheap to share."""
    return TombProblem(state, blank)


def _tomb_engines(problem: AnyProblem, backend: Backend) -> Engines:
    assert isinstance(problem, TombProblem)
    return _depth_first_only(problem, TombDepthFirst(problem), tomb_play_out)


def _tomb_lost(problem: AnyProblem) -> bool:
    assert isinstance(problem, TombProblem)
    pyr, stk, _ = problem.start
    return pyr != 0 and problem.lost(pyr, stk)


def _tomb_won(problem: AnyProblem) -> bool:
    assert isinstance(problem, TombProblem)
    return problem.won(problem.start)


def _reserve_problem(state: State, blank: int, like: AnyProblem | None, unseen: int) -> AnyProblem:
    """The reserve variants' exact model (:mod:`solver.reserve`); its loss test reads no order,
    so ``unseen`` needs nothing, and its tables are too cheap to share."""
    return ReserveProblem(state, blank)


def _reserve_engines(problem: AnyProblem, backend: Backend) -> Engines:
    assert isinstance(problem, ReserveProblem)
    return _depth_first_only(problem, ReserveDepthFirst(problem), reserve_play_out)


def _reserve_lost(problem: AnyProblem) -> bool:
    assert isinstance(problem, ReserveProblem)
    board, stk, acc = problem.start
    reach = problem.reachable(board, stk, acc)
    return board != 0 and (problem.lost(board, reach) or not problem.successors(board, stk, acc))


def _reserve_won(problem: AnyProblem) -> bool:
    assert isinstance(problem, ReserveProblem)
    return problem.start[0] == 0


def _cell_problem(state: State, blank: int, like: AnyProblem | None, unseen: int) -> AnyProblem:
    """The free cell's exact model (:mod:`solver.cell`); its loss test reads no order."""
    return CellProblem(state, blank)


def _cell_engines(problem: AnyProblem, backend: Backend) -> Engines:
    """Its depth-first engine asks the default game's solver first (:mod:`solver.cell`); with
    numpy, a search that starts on the last pass has a layered engine too
    (:mod:`solver.cell_layers`, imported only then: the pure path never loads numpy)."""
    assert isinstance(problem, CellProblem)
    if not backend.share or not problem.on_last_pass():
        return _depth_first_only(problem, CellDepthFirst(problem), cell_play_out)
    from solver.cell_layers import CellLayered  # noqa: PLC0415 - numpy, on the numpy path only

    return Engines(
        problem,
        CellDepthFirst(problem),
        CellLayered(problem),
        lambda path, limit: cell_play_out(problem, list(path), limit),
    )


def _cell_lost(problem: AnyProblem) -> bool:
    assert isinstance(problem, CellProblem)
    pyr, stk, _, cell = problem.start
    return not problem.won(problem.start) and problem.lost(pyr, stk, cell)


def _cell_won(problem: AnyProblem) -> bool:
    assert isinstance(problem, CellProblem)
    return problem.won(problem.start)


KINDS: dict[str, StockKind] = {
    ONE_WASTE: StockModelKind(
        name=ONE_WASTE,
        problem=_stock_problem,
        engines=_stock_engines,
        lost_at_once=_stock_lost,
        start_is_won=_stock_won,
        schedule=one_waste_schedule,
        successors=successors,
        removals=one_waste_removals,
        walk=_visit_one_pile,
        stranded=one_waste_stranded,
        reach=one_waste_reach,
        fronts=True,
        neighbour_pairs=True,
    ),
    PILES: StockModelKind(
        name=PILES,
        problem=_stock_problem,
        engines=_stock_engines,
        lost_at_once=_stock_lost,
        start_is_won=_stock_won,
        schedule=piles_schedule,
        successors=pile_successors,
        removals=pile_removals,
        walk=_visit_piles,
        stranded=piles_stranded,
        reach=piles_reach,
        fronts=False,
        neighbour_pairs=False,
    ),
    DRAW_THREE: StockKind(
        name=DRAW_THREE,
        problem=_tomb_problem,
        engines=_tomb_engines,
        lost_at_once=_tomb_lost,
        start_is_won=_tomb_won,
        schedule=depth_first_schedule,
    ),
    RESERVE: StockKind(
        name=RESERVE,
        problem=_reserve_problem,
        engines=_reserve_engines,
        lost_at_once=_reserve_lost,
        start_is_won=_reserve_won,
        schedule=depth_first_schedule,
    ),
    ONE_CELL: StockKind(
        name=ONE_CELL,
        problem=_cell_problem,
        engines=_cell_engines,
        lost_at_once=_cell_lost,
        start_is_won=_cell_won,
        schedule=depth_first_schedule,
    ),
    COLUMNS: StockKind(
        name=COLUMNS,
        problem=_open_problem,
        engines=_open_engines,
        lost_at_once=_open_lost,
        start_is_won=_open_won,
        schedule=depth_first_schedule,
    ),
}
"""The registry: every stock kind the solver plays, by :func:`kind_name`."""


def kind_of(variant: Variant) -> StockKind:
    """The registry's entry for ``variant``."""
    return KINDS[kind_name(variant)]


def stock_model_kind(variant: Variant) -> StockModelKind:
    """The registry's entry for a variant with a stock (:class:`Problem`'s :attr:`~Problem.kind`)."""
    kind = kind_of(variant)
    if not isinstance(kind, StockModelKind):
        raise ValueError(f"variant {variant.name}: the {kind.name} kind has no stock model")
    return kind


def has_stock_model(variant: Variant) -> bool:
    """The variant is searched through :mod:`solver.model`'s nodes (which the best-score search
    needs too)."""
    return isinstance(kind_of(variant), StockModelKind)


def problem_for(state: State, blank: int = 0, like: AnyProblem | None = None, unseen: int = 0) -> AnyProblem:
    """The model of ``state``; ``blank``, ``like`` and ``unseen`` as for
    :class:`solver.model.Problem` (an open game has no unseen card, and shares nothing)."""
    return kind_of(state.rules.variant).problem(state, blank, like, unseen)


def engines_for(state: State, backend: Backend, blank: int = 0, like: AnyProblem | None = None) -> Engines:
    kind = kind_of(state.rules.variant)
    return kind.engines(kind.problem(state, blank, like, 0), backend)


def lost_at_once(problem: AnyProblem) -> bool:
    """The order-free loss test at the position itself (it reads which cards are left, never
    the order of unseen ones, given as the problem's ``unseen`` places): the stock-need test,
    or the open model's matching test."""
    return kind_of(problem.state.rules.variant).lost_at_once(problem)


def start_is_won(problem: AnyProblem) -> bool:
    """The problem's start node is already a win."""
    return kind_of(problem.state.rules.variant).start_is_won(problem)
