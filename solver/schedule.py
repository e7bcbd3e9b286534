"""How the solver's two engines share a search: the :class:`Schedule` of each stock kind.

With numpy, depth-first search runs alone for a head start, which wins most winnable deals, and
then the layered engine finishes the search (rather than both side by side, which about doubled
the slow deals' time); on the pure path a layered node costs as much as a depth-first one and
depth-first search runs alone. The schedule counts nodes, not time, so a given backend always
gives the same answer and the same line. Each stock kind names its schedule in the registry
(:mod:`solver.models`); the measurements behind every constant are in bench/RESULTS.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.state import RuleSet
from solver.layered import Backend

HEAD_START = 8_192
HEAD_START_ONE_PASS = 500
HEAD_START_PILES = 2_048
"""Several waste piles (apophis): see :func:`piles_schedule`."""
HEAD_START_STRICT = 32_768
"""Strict win on three passes: see :func:`one_waste_schedule`."""
HEAD_START_WIDE_STOCK = 65_536
"""Three passes through a stock wider than :data:`WIDE_STOCK` cards (pyramid6's 31): see
:func:`one_waste_schedule`."""
WIDE_STOCK = 24
"""The default game's stock: 24 cards."""
LATE_SHARE_ONE_PASS = 8
LATE_SHARE_AFTER = 400_000
"""One pass with the overlap rule: once the layered engine has searched this many nodes,
depth-first search gets one node for every :data:`LATE_SHARE_ONE_PASS` layered ones (see
:func:`one_waste_schedule`, bench/RESULTS.md#late_share)."""
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


def one_waste_schedule(backend: Backend, rules: RuleSet) -> Schedule:
    """Depth-first alone on the pure path; with numpy, a depth-first head start, then layered.

    The head start per rule set: :data:`HEAD_START` on three passes, :data:`HEAD_START_ONE_PASS` on
    one, :data:`HEAD_START_STRICT` under strict win on three passes (its wins lie deeper: every card
    must go), :data:`HEAD_START_WIDE_STOCK` on three passes through a stock of more than
    :data:`WIDE_STOCK` cards (pyramid6's 31: nearly every deal is won, some deep in the stock, where
    the layered engine searches hundreds of thousands of nodes). After it, on three passes,
    depth-first search keeps one node for every :data:`LAYERED_SHARE` layered ones: with stock
    fronts most lost deals are proven within a few hundred nodes, and the slowest solves left are
    wins depth-first search finds in tens of thousands of nodes where the layered engine needs
    hundreds of thousands. One pass with the overlap rule gets a late share
    (:data:`LATE_SHARE_ONE_PASS` after :data:`LATE_SHARE_AFTER`), which only the slowest deals
    reach; without the overlap rule any share slowed them. Each value was measured with
    ``bench/schedules.py`` against its neighbours: the tables are in bench/RESULTS.md (sections
    ``HEAD_START``, ``HEAD_START_ONE_PASS``, ``HEAD_START_STRICT``, ``HEAD_START_WIDE_STOCK``,
    ``LAYERED_SHARE``, ``LATE_SHARE``; e.g. bench/RESULTS.md#head_start)."""
    one_pass = rules.passes == 1
    fronts_after = None if one_pass else FRONTS_AFTER
    if not backend.share:
        return Schedule(HEAD_START, 0, fronts_after)
    if one_pass and rules.overlap:
        return Schedule(HEAD_START_ONE_PASS, LATE_SHARE_ONE_PASS, fronts_after, LATE_SHARE_AFTER)
    if one_pass:
        return Schedule(HEAD_START_ONE_PASS, math.inf, fronts_after)
    head_start = HEAD_START_STRICT if rules.variant.win_all else HEAD_START
    if rules.variant.stock_size > WIDE_STOCK and not rules.unlimited:
        head_start = max(head_start, HEAD_START_WIDE_STOCK)
    return Schedule(head_start, LAYERED_SHARE, fronts_after)


def piles_schedule(backend: Backend, rules: RuleSet) -> Schedule:
    """Several waste piles: with numpy, :data:`HEAD_START_PILES` nodes of depth-first search,
    then the layered engine alone (bench/RESULTS.md#head_start_piles); stock fronts after
    :data:`FRONTS_AFTER` nodes on unlimited passes only, where the numpy layered engine reads them
    (:attr:`solver.model.Problem.fronts_apply`); never on the pure path, whose several-pile
    generator does not."""
    fronts_after = FRONTS_AFTER if rules.unlimited and backend.share else None
    if not backend.share:
        return Schedule(HEAD_START, 0, fronts_after)
    return Schedule(HEAD_START_PILES, math.inf, fronts_after)


def depth_first_schedule(backend: Backend, rules: RuleSet) -> Schedule:
    """Depth-first search alone: a model with no layered engine (an open game), and the free
    cell, whose layered engine (:mod:`solver.cell_layers`, on the last pass with numpy) proves
    lost deals about 3.5 times faster but finds wins much later than depth-first search, so
    that no share of it sped up the one-pass deals, nearly all winnable; it serves where losses
    are expected, through a schedule given to the search, such as the label table's hard
    entries (``tools/make_labels.py --schedule 0:inf``; bench/RESULTS.md#cell-layers)."""
    return Schedule(HEAD_START, 0)
