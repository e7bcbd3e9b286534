"""The exact search, run in slices: verdicts with a complete winning line.

Two engines share the work (a portfolio):

* :class:`~solver.dfs.DepthFirst` finds wins fast but may search a position again when it
  later reaches it with a better access;
* :class:`~solver.layered.Layered` searches every position once, which makes it the faster
  prover when a deal cannot be won.

How they share it is the rule set's :class:`~solver.schedule.Schedule`, which its stock kind names
(:mod:`solver.schedule`, chosen from measurements: bench/RESULTS.md#schedule): with numpy a
depth-first head start, then mostly the layered engine; on the pure path depth-first search
alone. Both engines are exact, so their verdicts agree.

What a partial result guarantees: while :meth:`Search.step` returns None nothing is known. A
result is final: ``solvable`` comes with a line that ``rules`` has replayed to a won position
(the pyramid cleared; every card gone under strict win); ``unsolvable`` means every position
reachable from the start was searched or proven lost by a sound test; ``unknown`` only means
the budget ran out.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from rules.moves import Move
from rules.state import RuleSet, State
from rules.variant import DEFAULT_RULES
from rules.verdict import Verdict
from solver.backends import default_backend
from solver.layered import CHUNK, Backend, LayeredEngine
from solver.model import Node, Problem
from solver.models import AnyDepthFirst, AnyProblem, engines_for, kind_of, start_is_won
from solver.schedule import Schedule

ROUND = 2_048
RUN_ROUND = 8_192
"""Nodes per step when a search runs to the end (:meth:`Search.run`, whole-deal solving, not a
game's frame, which asks for 128 at a time): numpy's cost per call is then spread over more
nodes (bench/RESULTS.md#run_round)."""


def default_schedule(backend: Backend, rules: RuleSet | None = None) -> Schedule:
    """The schedule of ``rules``' stock kind (:mod:`solver.schedule`; the default rules' when None)."""
    rules = rules or DEFAULT_RULES
    return kind_of(rules.variant).schedule(backend, rules)


@dataclass(frozen=True)
class Result:
    verdict: Verdict
    moves: tuple[Move, ...]
    nodes: int
    ms: float

    def to_json_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict.value,
            "moves": [str(m) for m in self.moves],
            "nodes": self.nodes,
            "ms": round(self.ms, 1),
        }


class Search:
    """A search that advances a bounded number of nodes per :meth:`step` and keeps its
    progress between calls, so a game can give it a few milliseconds a frame.

    ``node_limit`` bounds the total work; past it the verdict is ``unknown``. ``blank`` is a
    mask of stock cards (``layout.stock`` indices) the search must not look at: they are
    treated as cards that pair with nothing (see :mod:`solver.analysis`). ``like``: a problem
    of the same pyramid whose tables are shared (see :class:`Problem`). ``line_limit``: keep
    only the first moves of a winning line (when only its start is wanted). The model and its
    engines come from :func:`solver.models.engines_for` (an open game, Giza, has only a
    depth-first engine).
    """

    def __init__(
        self,
        state: State,
        node_limit: int | None = None,
        backend: Backend | None = None,
        *,
        blank: int = 0,
        like: AnyProblem | None = None,
        line_limit: int | None = None,
        schedule: Schedule | None = None,
    ) -> None:
        self.line_limit = line_limit
        self.backend = backend or default_backend()
        engines = engines_for(state, self.backend, blank, like)
        self.problem = engines.problem
        self._line = engines.line
        self.node_limit = node_limit
        self.depth_first: AnyDepthFirst = engines.depth_first
        self.layered: LayeredEngine | None = engines.layered
        self.schedule = schedule or default_schedule(self.backend, state.rules)
        self.result: Result | None = None
        self._seconds = 0.0
        self._fronts_on = False
        self._front_steps: Iterator[None] | None = None
        self._fronts_built = 0
        if start_is_won(self.problem):
            self.result = self._finish([self.problem.start])

    @property
    def nodes(self) -> int:
        return self.depth_first.nodes + (self.layered.nodes if self.layered else 0)

    @property
    def work(self) -> int:
        """What :meth:`step` budgets: the nodes, and the stock fronts worked out (one such
        pyramid costs about what a node does). A caller charging a step by :attr:`nodes` alone
        would give the fronts, which add no node, a whole step's budget again and again."""
        return self.nodes + self._fronts_built

    @property
    def done(self) -> bool:
        return self.result is not None

    def step(self, nodes: int = ROUND) -> Result | None:
        """Search about ``nodes`` more nodes. Returns the result once there is one."""
        if self.result is None:
            began = time.perf_counter()
            try:
                found = self._work(nodes)
                if found is not None:
                    self.result = self._finish(found)
            finally:
                self._seconds += time.perf_counter() - began
            if self.result is not None:
                self.result = replace(self.result, ms=self._seconds * 1000)
            elif self.node_limit is not None and self.nodes >= self.node_limit:
                self.result = Result(Verdict.UNKNOWN, (), self.nodes, self._seconds * 1000)
        return self.result

    def run(self, budget_ms: float | None = None) -> Result:
        """Search to the end, or until ``budget_ms`` of search time (then ``unknown``)."""
        while True:
            result = self.step(RUN_ROUND)
            if result is not None:
                return result
            if budget_ms is not None and self._seconds * 1000 >= budget_ms:
                self.result = Result(Verdict.UNKNOWN, (), self.nodes, self._seconds * 1000)
                return self.result

    def _work(self, nodes: int) -> Sequence[Node | tuple[int, int] | tuple[int, int, int, int]] | None:
        """Give about ``nodes`` nodes to the engines; the path an engine finished with, if any."""
        left = nodes
        while left > 0:
            layered = self.layered
            depth_first_turn = layered is None or self.schedule.depth_first_turn(
                self.depth_first.nodes, layered.nodes
            )
            engine: AnyDepthFirst | LayeredEngine = (
                self.depth_first if depth_first_turn or layered is None else layered
            )
            budget = min(left, ROUND if engine is not layered else CHUNK)  # a layered turn: one batch
            fronts_after = self.schedule.fronts_after
            if not self._fronts_on and fronts_after is not None:
                if self.nodes < fronts_after:
                    budget = min(budget, fronts_after - self.nodes)
                elif self._build_fronts(budget):
                    left -= budget  # a pyramid's front costs about what a node does
                    continue
            head_start_left = self.schedule.head_start - self.depth_first.nodes
            if depth_first_turn and head_start_left > 0 and self.schedule.layered_share:
                budget = min(budget, head_start_left)  # the head start ends where it says
            before = engine.work
            found = engine.advance(budget)
            left -= max(1, engine.work - before)
            if found is not None:
                return found
        return None

    def _build_fronts(self, budget: int) -> bool:
        """Work out up to ``budget`` pyramids' stock fronts; once all are done (or the problem
        has none) the nodes are tested by them. Whether the budget was spent on it."""
        problem = self.problem
        if not isinstance(problem, Problem) or not problem.fronts_apply:
            self._fronts_on = True
            return False
        if self._front_steps is None:
            self._front_steps = problem.front_steps(problem.start[0])
        for done, _ in enumerate(self._front_steps, 1):
            self._fronts_built += 1
            if done >= budget:
                return True
        problem.start_fronts()
        self._fronts_on = True
        self._front_steps = None
        return True

    def _finish(self, path: Sequence[Node | tuple[int, int] | tuple[int, int, int, int]]) -> Result:
        """The result for an engine's answer: a path to a win, or ``[]`` for none."""
        if not path:
            return Result(Verdict.UNSOLVABLE, (), self.nodes, self._seconds * 1000)
        moves = tuple(self._line(path, self.line_limit))
        return Result(Verdict.SOLVABLE, moves, self.nodes, self._seconds * 1000)


def solve(
    state: State,
    budget_ms: float | None = None,
    node_limit: int | None = None,
    backend: Backend | None = None,
) -> Result:
    """Decide ``state``: solvable (with a winning line from it), unsolvable, or unknown."""
    return Search(state, node_limit=node_limit, backend=backend).run(budget_ms)
