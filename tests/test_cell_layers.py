"""The free cell's layered engine (:mod:`solver.cell_layers`) against its depth-first search."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest
from solver_cases import random_position

from rules.legality import replay
from rules.state import RuleSet, State
from rules.variant import CELL as CELL_VARIANT
from solver import cell_layers
from solver.cell import CellDepthFirst, CellNode, CellProblem, cell_play_out
from solver.cell_layers import CellLayered, _merge, layers_of
from solver.layered import PureBackend
from solver.schedule import Schedule
from solver.search import Search, Verdict
from solver.vector import NumpyBackend

ONE_PASS = [RuleSet(1, overlap, CELL_VARIANT) for overlap in (True, False)]


def _positions(rules: RuleSet, count: int, blank: bool = False) -> list[tuple[State, int]]:
    """Positions reached by random play (stores included), on the last pass of ``rules``, with
    a blank mask over some stock places when ``blank``."""
    rng = random.Random(f"cell layers {rules} {blank}")
    three = RuleSet(3, rules.overlap, CELL_VARIANT)
    found = []
    while len(found) < count:
        played = random_position(rng, three, cards_left=rng.randint(24, 40))
        state = replace(played, rules=rules, pass_no=1)
        places = len(state.layout.stock)
        mask = rng.getrandbits(places) & rng.getrandbits(places) & rng.getrandbits(places) if blank else 0
        found.append((state, mask))
    return found


def _run(engine: CellLayered | CellDepthFirst, budget: int = 5_000) -> list[CellNode]:
    while (found := engine.advance(budget)) is None:
        pass
    return found


def _wins(state: State, problem: CellProblem, path: list[CellNode]) -> bool:
    return replay(state, cell_play_out(problem, path)).is_won


@pytest.mark.parametrize("rules", ONE_PASS, ids=str)
def test_the_verdicts_and_the_positions_are_the_depth_first_searchs(rules: RuleSet) -> None:
    """Each position reached once: a lost search meets exactly the positions the depth-first
    search's table holds; a won one gives a line that ``rules`` plays to a win."""
    verdicts = []
    for state, blank in _positions(rules, 24) + _positions(rules, 8, blank=True):
        depth_first = CellDepthFirst(CellProblem(state, blank), plain=True)
        layered_problem = CellProblem(state, blank)
        layered = CellLayered(layered_problem)
        won, proven = _run(depth_first), _run(layered)
        assert bool(won) == bool(proven), (state.to_text(), blank)
        verdicts.append(bool(won))
        if proven:
            assert proven[0] == layered_problem.start
            if not blank:
                assert _wins(state, layered_problem, proven)
        elif depth_first.seen:  # (not won by the default game's solver at once)
            assert layered.nodes == len(depth_first.seen)
    assert 4 <= sum(verdicts) <= len(verdicts) - 4  # both verdicts, several of each


def test_small_slices_and_merged_queues_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Budgets of a few nodes, and every queue merged as soon as it holds two parts: the same
    line, and for a loss the same nodes (a win ends within its slice)."""
    rules = ONE_PASS[0]
    lines = 0
    for state, _ in _positions(rules, 8):
        whole = CellLayered(CellProblem(state))
        line = _run(whole, 1_000_000)
        monkeypatch.setattr(cell_layers, "COMPACT_AT", 2)
        sliced = CellLayered(CellProblem(state))
        assert _run(sliced, 7) == line
        assert sliced.nodes == whole.nodes or line
        lines += bool(line)
        monkeypatch.undo()
    assert 2 <= lines <= 6


def test_a_layer_keeps_each_position_once_at_its_smallest_access() -> None:
    keys = np.array([5, 3, 5, 5, 3], np.int64)
    accs = np.array([70, 66, 65, 65, 66], np.int64)
    parents = np.array([1, 2, 3, 4, 5], np.int64)
    merged = _merge([(keys[:2], accs[:2], parents[:2]), (keys[2:], accs[2:], parents[2:])])
    assert [column.tolist() for column in merged] == [[3, 5], [66, 65], [2, 3]]  # ties: the smaller parent
    again = _merge([(keys[::-1], accs[::-1], parents[::-1])])
    assert [column.tolist() for column in again] == [[3, 5], [66, 65], [2, 3]]  # whatever the order met
    full, empty = (0b1011 << 4) | 7, 0b1011 << 4
    assert layers_of(np.array([full, empty])).tolist() == [7, 6]


def test_it_reads_the_last_pass_only() -> None:
    state = State.from_deal(5, RuleSet(3, True, CELL_VARIANT))
    with pytest.raises(ValueError, match="last pass"):
        CellLayered(CellProblem(state))
    assert CellLayered(CellProblem(replace(state, pass_no=3))).nodes == 0


def test_the_search_has_it_on_the_numpy_path_of_the_last_pass_only() -> None:
    one, three = State.from_deal(5, ONE_PASS[0]), State.from_deal(5, RuleSet(3, True, CELL_VARIANT))
    assert isinstance(Search(one, backend=NumpyBackend()).layered, CellLayered)
    assert Search(one, backend=PureBackend()).layered is None
    assert Search(three, backend=NumpyBackend()).layered is None
    assert Search(one, backend=NumpyBackend()).schedule.layered_share == 0  # by default: depth-first alone
    layered_after_200 = Schedule(200, math.inf, None)
    for rules in ONE_PASS:
        for state, _ in _positions(rules, 8):
            numpy_path = Search(state, backend=NumpyBackend(), schedule=layered_after_200).run()
            pure_path = Search(state, backend=PureBackend()).run()
            assert numpy_path.verdict is pure_path.verdict, state.to_text()
            if numpy_path.verdict is Verdict.SOLVABLE:
                assert replay(state, list(numpy_path.moves)).is_won
