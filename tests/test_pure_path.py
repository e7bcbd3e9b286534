"""The pure path's depth-first walks with the move generator written out (the browser's
search) against the plain walk over :func:`solver.movegen.successors`: node for node."""

from __future__ import annotations

import random

import pytest
from families import one_per_family
from solver_cases import random_position

from rules.state import RuleSet, State
from rules.variant import every_rule_set
from solver.dfs import UNLIMITED_WALKS, DepthFirst
from solver.model import Problem
from solver.models import StockModelKind, kind_of

STOCK_RULE_SETS = [
    rules
    for rules in every_rule_set()
    if isinstance(kind := kind_of(rules.variant), StockModelKind)
    and (not rules.unlimited or kind.walk in UNLIMITED_WALKS)
]
"""The rule sets walked written out: with unlimited passes only the kinds with a walk of their
own for them (:data:`solver.dfs.UNLIMITED_WALKS`; the others walk the plain way)."""
SLICE = 97
"""Nodes per step: pauses fall anywhere, as in a game's frames."""


def _walk_alike(problem: Problem, plain_problem: Problem, budget: int, *, fronts: bool) -> int:
    """Walk both problems in slices, with ``fronts`` the stock fronts turned on after the
    first slice (as :class:`solver.search.Search` does) where they apply; after each slice
    both walks must have counted the same nodes and stand on the same path. Returns the
    nodes walked."""
    fast, plain = DepthFirst(problem), DepthFirst(plain_problem, plain=True)
    found = None
    while fast.nodes < budget:
        found = fast.advance(SLICE)
        assert plain.advance(SLICE) == found
        assert fast.nodes == plain.nodes
        assert fast.paths == plain.paths
        if found is not None:
            break
        if fronts:
            problem.start_fronts()
            plain_problem.start_fronts()
    return fast.nodes


@pytest.mark.parametrize("rules", one_per_family(STOCK_RULE_SETS))
def test_written_out_walk_matches_the_plain_walk_on_deals(rules: RuleSet) -> None:
    walked = 0
    for number in range(1, 25):
        state = State.from_deal(number, rules)
        walked += _walk_alike(Problem(state), Problem(state), 4_000, fronts=number % 3 == 0)
    assert walked > (5_000 if rules.passes == 1 else 1_000)  # Triangle's one pass ends soonest


@pytest.mark.parametrize("rules", one_per_family(STOCK_RULE_SETS))
def test_written_out_walk_matches_the_plain_walk_mid_game(rules: RuleSet) -> None:
    """Positions of play: a waste already laid out, cards stranded on the last pass, blanks."""
    rng = random.Random(18)
    for _ in range(25):
        state = random_position(rng, rules, cards_left=rng.randint(18, 40))
        blank = rng.getrandbits(len(state.layout.stock)) & rng.getrandbits(len(state.layout.stock))
        _walk_alike(Problem(state, blank), Problem(state, blank), 2_000, fronts=rng.random() < 0.3)
