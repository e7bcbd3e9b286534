"""The best par score a deal allows (solver/score.py) against a plain brute-force search over
the rules' own states and moves, on small positions and whole deals."""

from __future__ import annotations

import random
import sys
from functools import cache

import pytest
from families import one_per_family
from solver_cases import random_position

from rules import Session, State, parse_position
from rules.legality import apply, legal_moves
from rules.scoring import par_base, score_session
from rules.state import ALL_RULE_SETS, RuleSet
from rules.variant import PYRAMID6, SPANISH, UNLIMITED
from solver import Verdict, solve
from solver.score import BestScore, best_score, enough_passes


def _plain_cleanup(stock: tuple[int, ...], waste: tuple[int, ...], pass_no: int, rules: RuleSet) -> int:
    """Most cards removable from a stock (top first) and waste (top last) with no pyramid:
    every draw, recycle, King and stock-top + waste-top pair tried, nothing skipped. With
    unlimited passes a recycle is refused only after a whole pass that removed nothing (``fresh``
    false): it would give back the stock just recycled, in a later pass."""
    passes, lone, pair_sum = rules.passes, rules.deck.lone_rank, rules.deck.pair_sum

    @cache
    def go(stock: tuple[int, ...], waste: tuple[int, ...], pass_no: int, fresh: bool) -> int:
        options = [0]
        if stock:
            options.append(go(stock[1:], (*waste, stock[0]), pass_no, fresh))
            if stock[0] == lone:
                options.append(1 + go(stock[1:], waste, pass_no, True))
        elif waste and (pass_no < passes if not rules.unlimited else fresh):
            options.append(go(waste, (), pass_no + 1, False))
        if waste and waste[-1] == lone:
            options.append(1 + go(stock, waste[:-1], pass_no, True))
        if stock and waste and stock[0] + waste[-1] == pair_sum:
            options.append(2 + go(stock[1:], waste[:-1], pass_no, True))
        return max(options)

    return go(stock, waste, pass_no, True)


def plain_best(state: State) -> int:
    """The best score by brute force: every legal move from every position (memoised on the
    whole state); a cleared pyramid scores its pass's base minus what the plain clean-up leaves.
    With unlimited passes a recycle is refused after a whole pass that removed nothing, as in
    the plain clean-up (the game is over there, :func:`rules.legality.is_over`)."""

    @cache
    def go(position: State, fresh: bool) -> int:
        if position.pyramid == 0:
            stock = tuple(c.rank for c in position.stock_cards())
            waste = tuple(c.rank for c in position.waste_cards())
            removed = _plain_cleanup(stock, waste, position.pass_no, position.rules)
            return par_base(position.pass_no) - (len(stock) + len(waste) - removed)
        options = [-(position.pyramid_left + position.stock.bit_count())]
        for move in legal_moves(position):
            after = apply(position, move)
            if move.is_removal:
                options.append(go(after, True))
            elif after.pass_no == position.pass_no:
                options.append(go(after, fresh))
            elif fresh or not position.rules.unlimited:
                options.append(go(after, False))
        return max(options)

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))
    try:
        return go(state, True)
    finally:
        sys.setrecursionlimit(old)
        go.cache_clear()


def _buried_king(state: State) -> bool:
    waste = [c.rank for c in state.waste_cards()]
    return state.pass_no == state.rules.passes and state.rules.deck.lone_rank in waste[:-1]


PAR_RULE_SETS = [*ALL_RULE_SETS, RuleSet(variant=SPANISH), RuleSet(1, False, SPANISH)]


@pytest.mark.parametrize("rules", one_per_family(PAR_RULE_SETS))
def test_best_score_matches_brute_force_on_small_positions(rules: RuleSet) -> None:
    rng = random.Random(f"par {rules}")
    checked = 0
    while checked < 40:
        state = random_position(rng, rules, cards_left=rng.randint(8, 16))
        if _buried_king(state):
            continue
        best = best_score(state)
        assert best.points == plain_best(state), state.to_text()
        assert best.score.points == best.points
        checked += 1


def test_best_score_on_hand_made_positions() -> None:
    # seed 000's position: the only line clears the pyramid on pass 3, with nothing left
    seed = parse_position("pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3")
    assert best_score(seed).points == 20 == plain_best(seed)
    # a Q on a lone A in the waste, a second pass to come: clear now (50) and keep the 5 and 8
    # for the clean-up, which pairs them: nothing left
    state = parse_position("pyramid: P27=Qh; stock: As 5c 8d; pass: 1")
    best = best_score(state)
    assert (best.points, best.score.cleared_pass, best.score.cards_left) == (50, 1, 0)
    # nothing can ever go: every card stays
    stuck = parse_position("pyramid: P21=9s P22=9h; stock: 2c; passes: 1")
    assert best_score(stuck).points == -3 == plain_best(stuck)


def _in_pass(state: State, pass_no: int) -> State:
    """``state`` drawn and recycled, removing nothing, on into pass ``pass_no`` (itself when it
    is there already, or when nothing is left to draw)."""
    while state.pass_no < pass_no and (moves := legal_moves(state)) and not moves[-1].is_removal:
        state = apply(state, moves[-1])  # the draw or the recycle
    return state


UNLIMITED_RULE_SETS = [
    RuleSet(UNLIMITED, True),
    RuleSet(UNLIMITED, False, SPANISH),
    RuleSet(UNLIMITED, True, PYRAMID6),
]


@pytest.mark.parametrize("rules", UNLIMITED_RULE_SETS, ids=str)
def test_best_score_with_unlimited_passes_matches_a_search_with_no_pass_limit(rules: RuleSet) -> None:
    """The finite pass bound (:func:`solver.score.enough_passes`) loses nothing: the same best
    as the plain search, which has no bound but the rules' own end (a pass removing nothing)."""
    rng = random.Random(f"par unlimited {rules}")
    cleared_late = 0
    for _ in range(30):
        state = _in_pass(random_position(rng, rules, cards_left=rng.randint(8, 14)), rng.randint(1, 5))
        best = best_score(state)
        assert best.points == plain_best(state), state.to_text()
        cleared_late += (best.score.cleared_pass or 0) > 3
    assert enough_passes(state) == state.pass_no + state.pyramid_left + state.stock.bit_count() + 1
    assert cleared_late  # some best games clear the pyramid after the passes with a base


def test_a_later_pass_counts_for_nothing_but_the_cards_it_removes() -> None:
    # the Q's partner is deep in the waste of pass 3: no base, but the pair still goes
    state = parse_position("pyramid: P27=Qh; waste: As 5c 5d; pass: 3; passes: unlimited")
    best = best_score(state)
    assert (best.points, best.score.cleared_pass) == (-2, 4) and plain_best(state) == -2
    assert enough_passes(state) == 3 + 4 + 1


def test_refuses_a_king_buried_in_the_waste_on_the_last_pass() -> None:
    state = parse_position("pyramid: P27=Qh; waste: Kc 5d; pass: 3")
    with pytest.raises(ValueError, match="King"):
        best_score(state)


def _line_score(number: int, passes: int) -> int | None:
    """The score of the solver's winning line within ``passes`` passes, played through a real
    session of the deal under the default rules (None when the deal cannot be cleared within
    them)."""
    result = solve(State.from_deal(number, RuleSet(passes, True)))
    if result.verdict is not Verdict.SOLVABLE:
        return None
    session = Session(State.from_deal(number))
    for move in result.moves:
        assert session.play(move).refusal is None
    return score_session(session).points


@pytest.mark.parametrize("number", [9, 12, 15, 21, 27])
def test_whole_deals_lie_between_a_real_line_and_the_solver_s_verdicts(number: int) -> None:
    """No brute force reaches a whole deal, so: the best score is at least what the solver's
    winning line within each number of passes really scores (played and scored through the
    rules), and at most the base of the fewest passes the solver proves the deal can be
    cleared in (negative when it cannot be cleared at all)."""
    best = best_score(State.from_deal(number))
    line_scores = [_line_score(number, p) for p in (1, 2, 3)]
    found = [s for s in line_scores if s is not None]
    if found:
        assert best.points >= max(found)
        first = next(p for p, s in enumerate(line_scores, start=1) if s is not None)
        assert best.points <= par_base(first)
    else:
        assert best.points < 0 and best.score.cleared_pass is None


def test_slices_give_the_same_answer() -> None:
    state = State.from_deal(4)
    search = BestScore(state)
    steps = 0
    while search.step(64) is None:
        steps += 1
    assert steps > 3
    assert search.result == best_score(state)
