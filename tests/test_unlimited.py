"""Unlimited passes (SPEC §12): the rule set's key, recycling without limit, the end of a deal
proven by a whole cycle that removes nothing, position text and the command line."""

from __future__ import annotations

import math
import random

import pytest
from commands import run
from reference_search import winnable
from solver_cases import reference_positions

from rules import RuleSet, State, parse_position
from rules.cli import pass_count
from rules.errors import NotationError
from rules.legality import apply, cycle_removes_nothing, is_dead_end, legal_moves, replay
from rules.moves import RECYCLE
from rules.scoring import state_cleanup
from rules.session import Ending, Session, ending_of
from rules.variant import APOPHIS, PYRAMID, STRICT, UNLIMITED, Variant, rule_sets
from solver import Verdict, solve
from solver.dfs import DepthFirst
from solver.layered import Layered, PureBackend
from solver.line import play_out
from solver.model import Problem
from solver.questions import BestScoreQuestion
from solver.schedule import Schedule
from solver.score import BestScore
from solver.search import Search
from solver.vector import NumpyBackend

UNLIMITED_RULES = RuleSet(UNLIMITED)


def test_the_key_reads_unlimited_and_reads_back() -> None:
    assert UNLIMITED_RULES.key == "passes=unlimited overlap=on"
    apophis = RuleSet(UNLIMITED, False, APOPHIS)
    assert apophis.key == "variant=apophis passes=unlimited overlap=off"
    assert RuleSet.from_key(apophis.key) == apophis
    assert [r.key for r in rule_sets()] == [
        "passes=3 overlap=on",
        "passes=3 overlap=off",
        "passes=1 overlap=on",
        "passes=1 overlap=off",
        "passes=unlimited overlap=on",
        "passes=unlimited overlap=off",
    ]


@pytest.mark.parametrize(
    "key",
    ["passes=lots overlap=on", "passes=0 overlap=on", "passes=Unlimited overlap=on"],
)
def test_a_bad_pass_count_in_a_key_is_refused(key: str) -> None:
    with pytest.raises(NotationError):
        RuleSet.from_key(key)


def test_recycling_never_runs_out() -> None:
    state = parse_position("pyramid: P27=2c; stock: 2h; waste: 4d; passes: unlimited")
    recycles = 0
    for _ in range(40):
        move = legal_moves(state)[-1]
        recycles += move == RECYCLE
        state = apply(state, move)
    assert recycles == 13 and state.pass_no == 14


def test_a_cycle_that_removes_nothing_ends_the_deal() -> None:
    stuck = parse_position("pyramid: P27=2c; stock: 2h 3c; waste: 4d; pass: 9; passes: unlimited")
    assert legal_moves(stuck)  # a draw is still legal...
    assert is_dead_end(stuck)  # ...but no cycle removes anything: proven over
    assert ending_of(stuck) is Ending.DEAD_END
    with_pair_later = parse_position("pyramid: P27=2c; stock: 2h Jc; waste: 4d; passes: unlimited")
    assert not cycle_removes_nothing(with_pair_later)  # Jc comes on top of the waste next to 2c
    assert ending_of(with_pair_later) is Ending.NONE


def test_three_passes_end_when_the_last_pass_is_spent() -> None:
    spent = parse_position("pyramid: P27=2c; stock: ; waste: Jc 4d; pass: 3; passes: 3")
    assert is_dead_end(spent)
    again = parse_position("pyramid: P27=2c; stock: ; waste: Jc 4d; pass: 3; passes: unlimited")
    assert not is_dead_end(again)


def test_position_text_keeps_unlimited_and_the_pass_number() -> None:
    state = parse_position("pyramid: P27=2c; stock: 2h; waste: 4d; pass: 12; passes: unlimited")
    assert state.rules.unlimited and state.pass_no == 12
    assert "passes: unlimited" in state.to_text()
    assert parse_position(state.to_text()) == state
    deal = State.from_deal(7, UNLIMITED_RULES)
    assert parse_position(deal.to_text()) == deal


@pytest.mark.parametrize("value", ["0", "lots", "2"])
def test_the_solver_refuses_a_bad_pass_count_in_one_line(value: str) -> None:
    done = run(["-m", "solver", "--passes", value])
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "1, 3 or unlimited" in done.stderr


def test_unlimited_is_read_in_any_case() -> None:
    assert pass_count("Unlimited") == pass_count(" UNLIMITED ") == UNLIMITED


def test_a_clean_up_may_recycle_as_often_as_it_needs() -> None:
    position = "pyramid: ; stock: 2h 3c Jc; waste: 4d 9c; pass: 3; passes: {}"
    assert state_cleanup(parse_position(position.format(3))) == 0
    assert state_cleanup(parse_position(position.format("unlimited"))) == 2  # 4d 9c, next time round


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(UNLIMITED),
        RuleSet(UNLIMITED, False, APOPHIS),
        pytest.param(RuleSet(UNLIMITED, False), marks=pytest.mark.slow),
        pytest.param(RuleSet(UNLIMITED, True, STRICT), marks=pytest.mark.slow),
    ],
    ids=str,
)
def test_verdicts_and_lines_match_the_plain_search_on_both_paths(rules: RuleSet) -> None:
    rng = random.Random(f"unlimited {rules}")
    outcomes = []
    for state in reference_positions(rng, rules, 12, 8):
        expected = winnable(state)
        numpy_result, pure_result = solve(state), solve(state, backend=PureBackend())
        assert numpy_result.verdict is (Verdict.SOLVABLE if expected else Verdict.UNSOLVABLE), state.to_text()
        assert (numpy_result.verdict, numpy_result.moves, numpy_result.nodes) == (
            pure_result.verdict,
            pure_result.moves,
            pure_result.nodes,
        )
        if expected:
            assert replay(state, list(numpy_result.moves)).is_won
        outcomes.append(expected)
    assert 3 <= sum(outcomes) <= len(outcomes) - 3  # both verdicts come up


@pytest.mark.parametrize("number", [1, 4, 9])
def test_where_the_cycle_stands_changes_nothing_for_the_search(number: int) -> None:
    start = State.from_deal(number, RuleSet(UNLIMITED, False))
    later = start
    for _ in range(37):  # through the stock, a recycle, and on into the second pass
        later = apply(later, legal_moves(later)[-1])
    assert later.pass_no == 2 and later.stock == start.stock
    first, again = solve(start), solve(later)
    assert (first.verdict, first.nodes) == (again.verdict, again.nodes)
    assert first.verdict is not Verdict.UNKNOWN


def test_the_best_par_score_is_searched_without_a_pass_limit_too() -> None:
    state = State.from_deal(3, UNLIMITED_RULES)
    search = BestScore(state)
    assert search.passes == 1 + 52 + 1  # enough passes (solver/score.py: enough_passes)
    question = BestScoreQuestion(Session(state, 3))
    assert question.applies and not question.given_up
    while not question.step(100_000):
        pass
    assert question.answer is not None and question.answer == search.run()


@pytest.mark.parametrize("variant", [PYRAMID, APOPHIS], ids=lambda v: v.name)
def test_the_layered_engine_gives_the_same_verdict_and_nodes_on_both_backends(variant: Variant) -> None:
    """The layered engine alone (whole searches on each path: with several waste piles the
    game's schedules differ by path), against depth-first search's verdict; each path's line
    plays out through the rules."""
    for number in (1, 3):
        state = State.from_deal(number, RuleSet(UNLIMITED, True, variant))
        answers = []
        for backend in (PureBackend(), NumpyBackend()):
            engine = Layered(Problem(state), backend)
            while (path := engine.advance(50_000)) is None:
                pass
            if path:
                assert replay(state, play_out(engine.problem, path)).is_won
            answers.append((bool(path), engine.nodes))
        assert answers[0] == answers[1]
        depth_first = DepthFirst(Problem(state))
        while (found := depth_first.advance(50_000)) is None:
            pass
        assert bool(found) == answers[0][0]


def test_a_saved_game_keeps_its_key_and_its_passes_past_three() -> None:
    session = Session(State.from_deal(5, UNLIMITED_RULES), 5)
    for _ in range(4 * 25):  # four whole cycles: draws and recycles only
        assert session.play(legal_moves(session.state)[-1]).refusal is None
    assert session.state.pass_no == 5
    record = session.record()
    assert "passes=unlimited overlap=on" in str(record)
    restored = Session.from_record(record)
    assert restored.state == session.state and restored.state.rules.unlimited


@pytest.mark.parametrize("overlap", [False, True], ids=["off", "on"])
def test_stock_fronts_with_several_piles_keep_the_verdicts_of_the_plain_search(overlap: bool) -> None:
    """Apophis on unlimited passes tests nodes by their stock fronts in the numpy layered engine:
    here the layered engine alone, the fronts on from the first node, against the plain
    reference search on positions of both verdicts; the pure path, which never reads them,
    must agree."""
    rules = RuleSet(UNLIMITED, overlap, APOPHIS)
    rng = random.Random(f"fronts {rules}")
    outcomes = []
    for state in reference_positions(rng, rules, 10, 8):
        expected = winnable(state)
        search = Search(state, backend=NumpyBackend(), schedule=Schedule(0, math.inf, 0))
        result = search.run()
        assert isinstance(search.problem, Problem) and search.problem.use_fronts
        assert result.verdict is (Verdict.SOLVABLE if expected else Verdict.UNSOLVABLE), state.to_text()
        assert solve(state, backend=PureBackend()).verdict is result.verdict
        if expected:
            assert replay(state, list(result.moves)).is_won
        outcomes.append(expected)
    assert 3 <= sum(outcomes) <= len(outcomes) - 3  # both verdicts come up
