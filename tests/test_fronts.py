"""Stock fronts (:meth:`solver.model.Problem.front`): the least stock a pyramid needs when the
stock's order is forgotten. Checked against a plain relaxed game written here, and the search
that tests nodes by them against the plain reference search."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest
from families import one_per_family
from reference_search import winnable
from solver_cases import random_position, reference_positions

from rules.legality import replay
from rules.state import RuleSet, State
from rules.topology import iter_slots
from rules.variant import every_rule_set
from solver import Search, Verdict
from solver.layered import PureBackend
from solver.model import FIELD, Problem
from solver.models import has_stock_model
from solver.movegen import successors
from solver.search import default_schedule
from solver.vector import NumpyBackend

ONE_PILE = [r for r in every_rule_set() if has_stock_model(r.variant) and r.variant.waste_piles == 1]
"""The rule sets whose searches use stock fronts (one waste pile)."""


def relaxed_clearable(problem: Problem, pyr: int, counts: tuple[int, ...]) -> bool:
    """Can pyramid ``pyr`` be cleared when ``counts[q]`` stock cards of rank ``q`` can each be
    played once, at any time, with a free pyramid card? A plain memoised search over the
    pyramid's free cards (its own code, not the solver's tables)."""
    pair_sum, lone, rank, overlap = problem.pair_sum, problem.lone, problem.prank, problem.overlap
    covered_by = problem.state.rules.variant.shape.covered_by  # the rules' own shape

    @cache
    def clear(pyr: int, counts: tuple[int, ...]) -> bool:
        if not pyr:
            return True
        free = [s for s in iter_slots(pyr) if not covered_by[s] & pyr]
        for a in free:
            if rank[a] == lone:
                return clear(pyr & ~(1 << a), counts)  # a free King goes alone; nothing is lost
        for i, a in enumerate(free):
            for b in free[i + 1 :]:
                if rank[a] + rank[b] == pair_sum and clear(pyr & ~(1 << a | 1 << b), counts):
                    return True
            need = pair_sum - rank[a]
            fewer = (*counts[:need], counts[need] - 1, *counts[need + 1 :])
            if counts[need] and clear(pyr & ~(1 << a), fewer):
                return True
        if overlap:  # a card with exactly one card on it, that card free
            for slot in iter_slots(pyr):
                on_it = iter_slots(covered_by[slot] & pyr)
                pairs = len(on_it) == 1 and on_it[0] in free and rank[slot] + rank[on_it[0]] == pair_sum
                if pairs and clear(pyr & ~(1 << slot | 1 << on_it[0]), counts):
                    return True
        return False

    return clear(pyr, counts)


def _within(problem: Problem, pyr: int, counts: tuple[int, ...]) -> bool:
    packed = sum(n << (FIELD * q) for q, n in enumerate(counts))
    tops = sum(8 << (FIELD * q) for q in range(len(counts)))
    return any(((packed | tops) - least) & tops == tops for least in problem.front(pyr))


@pytest.mark.parametrize("rules", one_per_family(ONE_PILE))
def test_a_front_is_exactly_what_the_relaxed_game_needs(rules: RuleSet) -> None:
    """For random pyramids met in play and random stock counts (up to the deal's own), the
    front says the pyramid can be cleared exactly when the plain relaxed game can clear it:
    an element missing from the front (an unsound test) or one too many both fail this."""
    rng = random.Random(f"fronts {rules}")
    compared = both = 0
    for _ in range(12):
        state = random_position(rng, rules, cards_left=rng.randint(30, 42))
        problem = Problem(state)
        stock = [problem.rank_stock[q].bit_count() if q in problem.paired_ranks else 0 for q in range(16)]
        pyr = problem.start[0]
        for _ in range(6):
            for _ in range(8):
                counts = tuple(rng.randint(0, n) for n in stock)
                expected = relaxed_clearable(problem, pyr, counts)
                assert _within(problem, pyr, counts) is expected, (state.to_text(), hex(pyr), counts)
                both |= 1 << expected
                compared += 1
            shape = problem.shape(pyr)
            onward = [*shape.pairs, *(after for _, after in shape.singles)]
            if not onward:
                break
            pyr = rng.choice(onward)
    assert compared >= 300 and both == 3  # both answers were met


def test_the_front_of_a_lost_deal_is_empty_where_the_stock_needs_see_nothing() -> None:
    """Deal 10258 (3 passes, overlap): every pyramid card has a partner the stock-need test
    accepts, but no order of removals clears the pyramid with the deal's stock. The stronger
    test proves it at the first node; without it the search met a million positions."""
    problem = Problem(State.from_deal(10258, RuleSet(3, True)))
    assert successors(problem, *problem.start) is not None  # the stock needs alone pass
    assert problem.front(problem.start[0]) == ()
    problem.start_fronts()
    assert successors(problem, *problem.start) is None


def _search_with_fronts_from_the_start(state: State, backend: PureBackend | NumpyBackend) -> Search:
    schedule = replace(default_schedule(backend, state.rules), fronts_after=0)
    return Search(state, backend=backend, schedule=schedule)


@pytest.mark.parametrize("rules", one_per_family(ONE_PILE))
def test_searches_with_fronts_from_the_start_match_the_reference_search(rules: RuleSet) -> None:
    """Every node tested by its front from the first (both backends): verdicts as the plain
    reference search's, winning lines replayed. An unsound front loses a winnable position."""
    rng = random.Random(f"fronts reference {rules}")
    positions = reference_positions(rng, rules, 10, 10)
    outcomes = []
    for state in positions:
        expected = winnable(state)
        for backend in (PureBackend(), NumpyBackend()):
            search = _search_with_fronts_from_the_start(state, backend)
            result = search.run()
            assert search.problem.use_fronts
            assert result.verdict is (Verdict.SOLVABLE if expected else Verdict.UNSOLVABLE), state.to_text()
            if expected:
                assert replay(state, list(result.moves)).is_won
        outcomes.append(expected)
    assert sum(outcomes) >= 3  # winnable positions, which an unsound front would lose (six rows win 97 %)


@pytest.mark.parametrize("number", [6978, 10258, 4244])
def test_hard_deals_are_decided_in_few_nodes_with_fronts(number: int) -> None:
    """Three of the slowest deals of 1-20000 (a million nodes or more before fronts): won or
    proven lost within a few hundred nodes, the same verdict on both backends."""
    rules = RuleSet(3, number != 6978)
    state = State.from_deal(number, rules)
    results = [Search(state, backend=backend).run() for backend in (PureBackend(), NumpyBackend())]
    assert results[0].verdict is results[1].verdict is not Verdict.UNKNOWN
    assert all(result.nodes < 2_000 for result in results)


def test_fronts_built_a_pyramid_at_a_time_equal_the_recursive_ones() -> None:
    """A search spreads the fronts over its steps (:meth:`Problem.front_steps`): one pause per
    pyramid, the same fronts as :meth:`Problem.front` works out at once, and a step of a few
    hundred nodes does not do them all."""
    state = State.from_deal(8025, RuleSet(3, False))
    at_once, sliced = Problem(state), Problem(state)
    at_once.front(at_once.start[0])
    pauses = sum(1 for _ in sliced.front_steps(sliced.start[0]))
    assert sliced.fronts == at_once.fronts and pauses == len(at_once.fronts) - 1 > 500  # 0 is given
    search = Search(state, backend=NumpyBackend())
    search.step(search.schedule.fronts_after or 0)
    search.step(256)
    assert not search.problem.use_fronts  # the fronts are still being built
    result = search.run()
    assert search.problem.use_fronts and result.verdict is Verdict.SOLVABLE
