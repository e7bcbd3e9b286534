"""The exact search: verdicts against a plain reference search and the reference data, lines
replayed through the rules, slices, budgets."""

from __future__ import annotations

import gc
import json
import math
import random
import subprocess
import sys
import weakref

import numpy as np
import pytest
from families import one_per_family
from reference_search import winnable
from solver_cases import reference_deals, reference_positions, reference_state

from rules.deals import deal_cards, format_deal_text
from rules.legality import apply, replay
from rules.moves import Move, parse_moves
from rules.state import CLASSIC, RuleSet, State, parse_position
from rules.variant import PYRAMID, SPANISH, STRICT, TRIANGLE, UNLIMITED, Variant, every_rule_set
from solver import Search, Verdict, solve
from solver.backends import numpy_available
from solver.dfs import DepthFirst, _by_pass_then_stock, _visit, _Walk, two_orders
from solver.layered import PureBackend
from solver.model import Problem
from solver.movegen import successors
from solver.schedule import Schedule
from solver.search import default_schedule
from solver.vector import Tables, expand_arrays

SEED_000 = "pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3"


def _check(state: State, expected: bool) -> None:
    result = solve(state)
    assert result.verdict is (Verdict.SOLVABLE if expected else Verdict.UNSOLVABLE), state.to_text()
    if expected:
        assert replay(state, list(result.moves)).is_won
    else:
        assert result.moves == ()


def test_seed_000_position_is_solved_with_its_only_line() -> None:
    state = parse_position(SEED_000)
    result = solve(state)
    assert result.verdict is Verdict.SOLVABLE
    assert [str(m) for m in result.moves] == ["P23+W", "P25+W", "P21+W"]


def test_seed_000_after_the_wrong_pair_is_lost() -> None:
    state = apply(parse_position(SEED_000), Move.parse("P23+P25"))
    assert solve(state).verdict is Verdict.UNSOLVABLE


def test_card_whose_every_partner_lies_beneath_it_is_proven_lost_at_once() -> None:
    # The 9 at P21 lies on the 4s above it (P15, P10); no other 4 is anywhere.
    state = parse_position("pyramid: P10=4c P15=4d P21=9s P22=Kc P16=Kh; stock: 2c Jd")
    result = solve(state)
    assert result.verdict is Verdict.UNSOLVABLE and result.nodes <= 1


def test_already_won_and_kings_only() -> None:
    assert solve(parse_position("stock: 5c")).verdict is Verdict.SOLVABLE
    kings = parse_position("pyramid: P15=Kc P21=Kd P22=Ks; stock: 4d")
    result = solve(kings)
    assert result.verdict is Verdict.SOLVABLE and replay(kings, list(result.moves)).is_won


def test_stock_king_buried_in_the_waste_is_handled() -> None:
    state = parse_position("pyramid: P21=Qh; waste: Ac Kd 3s; pass: 3")
    result = solve(state)
    assert result.verdict is Verdict.UNSOLVABLE  # the 3 can never leave, the A stays buried
    state = parse_position("pyramid: P21=Qh P22=Tc; waste: Ac Kd 3s; pass: 3")
    result = solve(state)
    assert result.verdict is Verdict.SOLVABLE
    assert [str(m) for m in result.moves] == ["P22+W", "W", "P21+W"]


CHECKED_RULE_SETS = [
    r
    for r in every_rule_set()
    if r.variant == PYRAMID or r.passes == 3 or not r.overlap or not r.variant.has_stock
]
"""Every rule set of the default variant; two of every other variant (3 passes, and 1 pass
without the overlap rule; both of a variant without a stock): a variant's deck and win rule
are in all of its rule sets."""


@pytest.mark.parametrize("rules", one_per_family(CHECKED_RULE_SETS))
def test_verdicts_match_the_reference_search(rules: RuleSet) -> None:
    rng = random.Random(f"reference {rules}")
    positions = reference_positions(rng, rules, 15, 12)
    outcomes = []
    for state in positions:
        expected = winnable(state)
        _check(state, expected)
        outcomes.append(expected)
    assert 1 <= sum(outcomes) <= len(outcomes) - 1  # both verdicts come up (six rows win 97 %)


@pytest.mark.parametrize(
    "rules",
    [RuleSet(3, True, STRICT), RuleSet(3, False, TRIANGLE), RuleSet(UNLIMITED, True, STRICT)],
    ids=str,
)
def test_each_walk_of_a_win_all_search_alone_matches_the_reference_search(rules: RuleSet) -> None:
    """A win-all search over several passes runs two walks (:mod:`solver.dfs`) and takes the
    verdict of whichever finishes first: each order, walked alone to its end, must be exact."""
    rng = random.Random(f"two walks {rules}")
    outcomes = []
    for state in reference_positions(rng, rules, 8, 8):
        expected = winnable(state)
        problem = Problem(state)
        assert two_orders(problem) and len(DepthFirst(problem).paths) == 2
        for order in (None, _by_pass_then_stock):
            walk = _Walk(problem, order) if order else _Walk(problem)
            run = (_visit if problem.unlimited else problem.kind.walk)(walk, problem.start)
            walk.pause_at = 1 << 40
            with pytest.raises(StopIteration) as finished:
                next(run)
            assert finished.value.value is expected, state.to_text()
        outcomes.append(expected)
    assert 2 <= sum(outcomes) <= len(outcomes) - 2  # both verdicts come up


@pytest.mark.slow
def test_a_whole_deal_matches_the_reference_search() -> None:
    state = State.from_deal(3, RuleSet(passes=1, overlap=False))  # a few seconds for the plain search
    _check(state, winnable(state, limit=3_000_000))


@pytest.mark.parametrize("rules", every_rule_set(), ids=str)
def test_whole_deals_match_the_reference_search(rules: RuleSet, request: pytest.FixtureRequest) -> None:
    if not request.config.getoption("--full-reference"):
        pytest.skip("slow: run with --full-reference")
    rng = random.Random(f"whole deals {rules}")
    compared = 0
    for number in rng.sample(range(1, 20001), 10):
        state = State.from_deal(number, rules)
        try:
            expected = winnable(state, limit=20_000_000)
        except RuntimeError:
            continue  # too big for the plain search: it proves nothing either way
        _check(state, expected)
        compared += 1
    assert compared >= 5


def test_reference_deals_sample() -> None:
    deals = reference_deals()
    rng = random.Random(1500)
    for deck, expected in rng.sample(deals, 30):
        _check(reference_state(deck), expected)


def test_numbered_deals_from_the_start_under_every_rule_set() -> None:
    for rules in every_rule_set():
        for number in (1, 2, 3):
            state = State.from_deal(number, rules)
            result = solve(state)
            assert result.verdict is not Verdict.UNKNOWN
            if result.verdict is Verdict.SOLVABLE:
                assert replay(state, list(result.moves)).is_won


def test_search_from_the_middle_of_a_game() -> None:
    state = State.from_deal(1, RuleSet(3, True))
    line = parse_moves("P21 P22 P15+P27 D D D S+W D D D")
    middle = replay(state, line)
    result = solve(middle)
    assert result.verdict is Verdict.SOLVABLE
    assert replay(middle, list(result.moves)).is_won


def test_slices_reach_the_same_result_as_one_run() -> None:
    deck, expected = reference_deals()[1103]  # a hard deal that cannot be won (40k nodes)
    whole = solve(reference_state(deck))
    search = Search(reference_state(deck))
    steps = 0
    while (result := search.step(500)) is None:
        steps += 1
        assert search.nodes <= steps * 500 + 500
    assert steps > 10
    assert result.verdict is whole.verdict is (Verdict.SOLVABLE if expected else Verdict.UNSOLVABLE)
    assert result.moves == whole.moves
    assert search.step(500) is result  # finished searches stay finished


def test_a_late_share_starts_after_its_layered_nodes() -> None:
    schedule = Schedule(500, 8, None, share_after=400_000)
    assert schedule.depth_first_turn(499, 0)  # the head start
    assert not schedule.depth_first_turn(500, 399_999)
    assert schedule.depth_first_turn(500, 400_000)
    assert not schedule.depth_first_turn(501, 400_007)
    assert schedule.depth_first_turn(501, 400_008)
    assert not Schedule(500, math.inf).depth_first_turn(500, 10**9)


@pytest.mark.skipif(not numpy_available(), reason="the late share is the numpy path's schedule")
def test_the_slowest_one_pass_deal_is_won_by_the_late_depth_first_share() -> None:
    """Deal 2827 (1 pass, overlap): the layered engine alone needs 1.54M nodes to win it."""
    search = Search(State.from_deal(2827, RuleSet(1, True)))
    assert search.schedule == default_schedule(search.backend, RuleSet(1, True))
    result = search.run()
    assert result.verdict is Verdict.SOLVABLE
    assert search.layered is not None and search.layered.nodes < 600_000
    assert replay(State.from_deal(2827, RuleSet(1, True)), list(result.moves)).is_won


def test_budgets_give_unknown_never_a_wrong_verdict() -> None:
    deck, _ = reference_deals()[1103]  # a hard deal that cannot be won (40k nodes)
    assert solve(reference_state(deck), node_limit=1000).verdict is Verdict.UNKNOWN
    assert solve(reference_state(deck), budget_ms=1).verdict is Verdict.UNKNOWN


@pytest.mark.parametrize("backend", [PureBackend(), None], ids=["pure", "default"])
def test_a_dropped_search_is_freed_at_once_not_by_the_garbage_collector(backend: PureBackend | None) -> None:
    search = Search(State.from_deal(279, RuleSet(1, True)), backend=backend)
    for _ in range(20):
        search.step(128)
    assert not search.done  # dropped half-way, its depth-first generator suspended
    engines = [weakref.ref(search.depth_first), weakref.ref(search.layered), weakref.ref(search.problem)]
    gc.disable()
    try:
        del search
        assert [ref() for ref in engines] == [None, None, None]
    finally:
        gc.enable()


def test_pure_python_path_gives_the_same_verdicts() -> None:
    rng = random.Random(77)
    for deck, expected in rng.sample(reference_deals(), 8):
        pure = solve(reference_state(deck), backend=PureBackend())
        assert (pure.verdict is Verdict.SOLVABLE) == expected
        assert pure.verdict is solve(reference_state(deck)).verdict


def test_cli_reads_deal_lines_and_reports_bad_ones() -> None:
    deals = reference_deals()
    lines = [deals[0][0], "", "# a comment", "As As", deals[2][0], "Zz " * 52]
    result = subprocess.run(
        [sys.executable, "-m", "solver", "--no-overlap", "--passes", "3"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o.get("verdict") for o in objects] == ["solvable", None, "unsolvable", None]
    assert objects[1] == {"error": "a deal has 52 cards, this line has 2", "line": 4}
    assert "token 1: 'Zz'" in objects[3]["error"] and objects[3]["line"] == 6
    first = State.from_deal_text(deals[0][0], CLASSIC)
    assert replay(first, [Move.parse(m) for m in objects[0]["moves"]]).is_won
    assert set(objects[0]) == {"verdict", "moves", "nodes", "ms"}


@pytest.mark.parametrize("args", [["--passes", "2"], ["--budget-ms", "-4"], ["--frobnicate"]])
def test_cli_bad_arguments(args: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "solver", *args], input="", capture_output=True, text=True, check=False
    )
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("ending", "bom"),
    [("\r", False), ("\r\n", False), ("\n", True), ("\r", True)],
    ids=["CR", "CRLF", "BOM", "BOM+CR"],
)
def test_cli_reads_any_line_ending_and_a_byte_order_mark(ending: str, bom: bool) -> None:
    deals = reference_deals()
    lines = [deals[0][0], "# a comment", "As As", deals[2][0]]
    text = ("\ufeff" if bom else "") + ending.join(lines) + ending
    result = subprocess.run(
        [sys.executable, "-m", "solver", "--no-overlap"],
        input=text.encode(),
        capture_output=True,
        check=True,
    )
    objects = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [o.get("verdict") for o in objects] == ["solvable", None, "unsolvable"]
    assert objects[1] == {"error": "a deal has 52 cards, this line has 2", "line": 3}


def test_cli_a_line_that_is_not_utf8_is_reported_and_the_run_goes_on() -> None:
    deals = reference_deals()
    data = b"\xff\xfe As\n" + deals[0][0].encode() + b"\n"
    result = subprocess.run(
        [sys.executable, "-m", "solver", "--no-overlap"], input=data, capture_output=True, check=False
    )
    objects = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert result.returncode == 0 and objects[0]["line"] == 1 and "token 1" in objects[0]["error"]
    assert objects[1]["verdict"] == "solvable"


# --- variants -------------------------------------------------------------------------------


def test_a_twin_rank_left_unmatched_is_proven_lost_at_once() -> None:
    """6 + 6 = 12: the two sixes lie one on the other (no overlap rule), so each needs a stock
    six, and there is none: lost before any search, though the stock pairs among itself."""
    state = parse_position(
        "variant: spanish; overlap: off; pyramid: P15=6o P21=6c P22=1b P16=Cb; stock: 2o Sc 3e 9b 4c 8o 5b 7e"
    )
    result = solve(state)
    assert result.verdict is Verdict.UNSOLVABLE and result.nodes <= 1
    assert winnable(state) is False


def test_two_sixes_pair_in_the_pyramid_and_in_the_stock() -> None:
    state = parse_position("variant: spanish; pyramid: P21=6o P22=6c; stock: 6e 6b")
    result = solve(state)
    assert result.verdict is Verdict.SOLVABLE and [str(m) for m in result.moves] == ["P21+P22"]
    alone = parse_position("pyramid: P21=6o; stock: 6e 6b 6c", RuleSet(variant=SPANISH))
    assert [str(m) for m in solve(alone).moves] == ["P21+S"]


def test_a_pair_of_stock_sixes_is_one_successor() -> None:
    state = parse_position("variant: spanish; pyramid: P21=Ro; stock: 6e 6b 2c")
    problem = Problem(state)
    children = successors(problem, *problem.start)
    assert children is not None and len(children) == 1


def test_strict_win_needs_the_stock_cleared_and_the_line_removes_stock_kings() -> None:
    text = "pyramid: P21=5h P22=8c; stock: 2c Kd Jc Ks"
    assert solve(parse_position(text)).verdict is Verdict.SOLVABLE
    strict = parse_position("variant: strict; " + text)
    result = solve(strict)
    assert result.verdict is Verdict.SOLVABLE
    end = replay(strict, list(result.moves))
    assert end.is_won and not end.stock_cards() and not end.waste_cards()
    stuck = parse_position("variant: strict; pyramid: P21=5h P22=8c; stock: 2c 3d")
    assert solve(stuck).verdict is Verdict.UNSOLVABLE


def test_strict_win_prunes_a_waste_card_stranded_on_the_last_pass() -> None:
    """On the last pass the 2c (its Jack beneath it in the waste, none in the pyramid or ahead
    in the stock) can never leave: the pyramid can still be cleared, but under strict win the
    node is lost at once, by the pure generator and the numpy one alike."""
    text = "pyramid: P21=5h P22=8c; waste: Jc 2c 4d; stock: 9s; pass: 3"
    plain = Problem(parse_position(text))
    assert successors(plain, *plain.start)
    assert solve(parse_position(text)).verdict is Verdict.SOLVABLE
    strict = Problem(parse_position("variant: strict; " + text))
    assert successors(strict, *strict.start) is None
    pyr, stk, acc = strict.start
    parents, _, _ = expand_arrays(strict, Tables(strict), np.array([pyr << 24 | stk]), np.array([acc]))
    assert len(parents) == 0
    assert solve(parse_position("variant: strict; " + text)).verdict is Verdict.UNSOLVABLE
    earlier = Problem(parse_position("variant: strict; " + text.replace("pass: 3", "pass: 2")))
    assert successors(earlier, *earlier.start)  # before the last pass the 2c comes round again


@pytest.mark.parametrize("overlap", [True, False], ids=["on", "off"])
def test_strict_win_prunes_closed_pairs_whose_stock_cards_cross(overlap: bool) -> None:
    """No 2, 3, 10 or Jack is left in the pyramid, so the stock's 2c, 3d, Jc and Th can only go
    as neighbouring stock pairs: in the order 2 3 J 10 they cross (the 3 must go before 2+J,
    the J before 3+10) and the node is lost at once on the first pass, by the pure generator and
    the numpy one alike; in the order 2 3 10 J they nest and the deal is won. The plain
    reference search agrees on both."""
    crossed_text = "variant: strict; pyramid: P21=5h P22=8c; stock: 2c 3d Jc Th"
    nested_text = "variant: strict; pyramid: P21=5h P22=8c; stock: 2c 3d Th Jc"
    overlap_line = "" if overlap else "; overlap: off"
    for text, won in ((crossed_text, False), (nested_text, True)):
        state = parse_position(text + overlap_line)
        problem = Problem(state)
        pyr, stk, acc = problem.start
        assert problem.crossing and (successors(problem, pyr, stk, acc) is None) is not won
        tables = Tables(problem)
        parents, _, _ = expand_arrays(problem, tables, np.array([pyr << 24 | stk]), np.array([acc]))
        assert (len(parents) == 0) is not won
        assert winnable(state) is won
        verdict = Verdict.SOLVABLE if won else Verdict.UNSOLVABLE
        assert solve(state).verdict is verdict and solve(state, backend=PureBackend()).verdict is verdict


@pytest.mark.parametrize("variant", [STRICT, SPANISH], ids=lambda v: v.name)
def test_the_cli_takes_a_variant(variant: Variant) -> None:
    rules = RuleSet(variant=variant)
    deal = format_deal_text(deal_cards(4, variant))
    result = subprocess.run(
        [sys.executable, "-m", "solver", "--variant", variant.name],
        input=deal + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    answer = json.loads(result.stdout)
    assert answer["verdict"] == solve(State.from_deal(4, rules)).verdict.value
    if answer["verdict"] == "solvable":
        assert replay(State.from_deal_text(deal, rules), parse_moves(" ".join(answer["moves"]))).is_won
