"""The exact search, run in slices: verdicts with a complete winning line.

Two engines share the work (a portfolio):

* :class:`~solver.dfs.DepthFirst` finds wins fast but may search a position again when it
  later reaches it with a better access;
* :class:`~solver.layered.Layered` searches every position once, which makes it the faster
  prover when a deal cannot be won.

How they share it is a :class:`Schedule`, chosen from measurements (bench/RESULTS.md#schedule): with
numpy, depth-first search runs alone for its first :data:`HEAD_START` nodes
(:data:`HEAD_START_ONE_PASS` on one pass, :data:`HEAD_START_PILES` with several waste piles),
which wins most winnable deals, and then the layered engine finishes the search (rather than
both side by side, which about doubled the slow deals' time). On the pure path a layered node
costs as much as a depth-first one and depth-first search runs alone. The schedule counts nodes,
not time, so a given backend always gives the same answer and the same line. Both engines are
exact, so their verdicts agree.

What a partial result guarantees: while :meth:`Search.step` returns None nothing is known. A
result is final: ``solvable`` comes with a line that ``rules`` has replayed to a won position
(the pyramid cleared; every card gone under strict win); ``unsolvable`` means every position
reachable from the start was searched or proven lost by a sound test; ``unknown`` only means
the budget ran out.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from rules.moves import Move
from rules.state import RuleSet, State
from rules.verdict import Verdict
from solver.backends import default_backend
from solver.dfs import DepthFirst
from solver.giza import GizaDepthFirst
from solver.layered import CHUNK, Backend, Layered
from solver.model import Node, Problem
from solver.models import AnyProblem, engines_for, start_is_won

HEAD_START = 8_192
HEAD_START_ONE_PASS = 500
HEAD_START_PILES = 2_048
"""Several waste piles (apophis): see :func:`default_schedule`."""
HEAD_START_STRICT = 32_768
"""Strict win on three passes: see :func:`default_schedule`."""
LATE_SHARE_ONE_PASS = 8
LATE_SHARE_AFTER = 400_000
"""One pass with the overlap rule: once the layered engine has searched this many nodes,
depth-first search gets one node for every :data:`LATE_SHARE_ONE_PASS` layered ones (see
:func:`default_schedule`, bench/RESULTS.md#late_share)."""
ROUND = 2_048
RUN_ROUND = 8_192
"""Nodes per step when a search runs to the end (:meth:`Search.run`, whole-deal solving, not a
game's frame, which asks for 128 at a time): numpy's cost per call is then spread over more
nodes (bench/RESULTS.md#run_round)."""
LAYERED_SHARE = 32
FRONTS_AFTER = 200
"""Nodes searched before the stock fronts are turned on: most three-pass deals are won in
fewer. One pass leaves them off: there they cut some nodes but cost more than that, the stock's
order doing the work the counts cannot (bench/RESULTS.md#fronts_after)."""


@dataclass(frozen=True)
class Schedule:
    """How the two engines share the work: depth-first search alone for ``head_start`` nodes,
    then ``layered_share`` layered nodes for each further depth-first node (0: depth-first
    only; ``math.inf``: the layered engine only). After ``fronts_after`` nodes (None: never)
    the nodes are tested by their stock fronts (:meth:`solver.model.Problem.front`), a
    stronger test that costs a few milliseconds to set up."""

    head_start: int
    layered_share: float
    fronts_after: int | None = FRONTS_AFTER
    share_after: int = 0
    """Layered nodes searched before depth-first search gets its share (0: from the end of
    its head start)."""

    def depth_first_turn(self, depth_first: int, layered: int) -> bool:
        if depth_first < self.head_start or self.layered_share == 0:
            return True
        if math.isinf(self.layered_share) or layered < self.share_after:
            return False
        return layered - self.share_after >= self.layered_share * (depth_first - self.head_start)


def default_schedule(backend: Backend, rules: RuleSet | None = None) -> Schedule:
    """Depth-first alone on the pure path; with numpy, a depth-first head start, then layered.

    The head start per rule set: :data:`HEAD_START` on three passes, :data:`HEAD_START_ONE_PASS`
    on one, :data:`HEAD_START_PILES` with several waste piles, :data:`HEAD_START_STRICT` under
    strict win on three passes (its wins lie deeper: every card must go). After it, on three
    passes, depth-first search keeps one node for every :data:`LAYERED_SHARE` layered ones: with
    stock fronts most lost deals are proven within a few hundred nodes, and the slowest solves
    left are wins depth-first search finds in tens of thousands of nodes where the layered
    engine needs hundreds of thousands. One pass with the overlap rule gets a late share
    (:data:`LATE_SHARE_ONE_PASS` after :data:`LATE_SHARE_AFTER`), which only the slowest deals
    reach; without the overlap rule any share slowed them. Several waste piles: the layered
    engine alone after the head start. Each value was measured with ``bench/schedules.py``
    against its neighbours: the tables are in bench/RESULTS.md (sections ``HEAD_START``,
    ``HEAD_START_ONE_PASS``, ``HEAD_START_PILES``, ``HEAD_START_STRICT``, ``LAYERED_SHARE``,
    ``LATE_SHARE``; e.g. bench/RESULTS.md#head_start)."""
    one_pass = rules is not None and rules.passes == 1
    overlap = rules is not None and rules.overlap
    piles = rules is not None and rules.variant.waste_piles > 1
    fronts_after = None if one_pass or piles else FRONTS_AFTER  # fronts: one waste pile only
    if not backend.share:
        return Schedule(HEAD_START, 0, fronts_after)
    if piles:
        return Schedule(HEAD_START_PILES, math.inf, fronts_after)
    if one_pass and overlap:
        return Schedule(HEAD_START_ONE_PASS, LATE_SHARE_ONE_PASS, fronts_after, LATE_SHARE_AFTER)
    if one_pass:
        return Schedule(HEAD_START_ONE_PASS, math.inf, fronts_after)
    strict = rules is not None and rules.variant.win_all
    return Schedule(HEAD_START_STRICT if strict else HEAD_START, LAYERED_SHARE, fronts_after)


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
        self.depth_first: DepthFirst | GizaDepthFirst = engines.depth_first
        self.layered: Layered | None = engines.layered
        only_depth_first = Schedule(HEAD_START, 0)
        self.schedule = schedule or (
            default_schedule(self.backend, state.rules) if self.layered else only_depth_first
        )
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

    def _work(self, nodes: int) -> Sequence[Node | tuple[int, int]] | None:
        """Give about ``nodes`` nodes to the engines; the path an engine finished with, if any."""
        left = nodes
        while left > 0:
            layered = self.layered
            depth_first_turn = layered is None or self.schedule.depth_first_turn(
                self.depth_first.nodes, layered.nodes
            )
            engine: DepthFirst | GizaDepthFirst | Layered = (
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

    def _finish(self, path: Sequence[Node | tuple[int, int]]) -> Result:
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
