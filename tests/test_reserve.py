"""The reserve variants (SPEC §12): a row of face-up cards under the pyramid, every one free,
that must go too; the stock and one waste as in the default game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from reference_search import both_verdicts, winnable
from solver_cases import random_position

from rules.deals import deal_cards
from rules.errors import NotationError
from rules.legality import Refusal, apply, check, check_select, legal_moves, replay
from rules.moves import Move, reserve_place
from rules.state import RuleSet, State, parse_position
from rules.variant import GIZA, PYRAMID, RESERVE, RESERVE6, UNLIMITED, rule_sets
from solver.layered import PureBackend
from solver.models import lost_at_once, problem_for
from solver.reserve import ReserveProblem
from solver.search import Verdict, solve
from solver.vector import NumpyBackend

RULES = RuleSet(3, True, RESERVE)
ALL_RULES = [*rule_sets(RESERVE), *rule_sets(RESERVE6)]


def test_the_deal_is_the_pyramid_then_the_reserve_left_to_right_then_the_stock() -> None:
    cards = deal_cards(7, RESERVE)
    for variant, size in ((RESERVE, 7), (RESERVE6, 6)):
        state = State.from_deal(7, RuleSet(3, True, variant))
        assert [state.card_at(reserve_place(k)) for k in range(size)] == list(cards[28 : 28 + size])
        assert state.stock_cards() == list(cards[28 + size :])
        assert len(state.layout.stock) == 24 - size == variant.stock_size
    assert State.from_deal(7, RULES).to_text().splitlines()[2] == "reserve: " + " ".join(
        map(str, cards[28:35])
    )


def test_the_deal_text_of_the_wrong_length_gets_one_line() -> None:
    line = " ".join(map(str, deal_cards(3, RESERVE)))
    assert State.from_deal_text(line, RULES) == State.from_deal(3, RULES)
    with pytest.raises(NotationError, match=r"^a deal has 52 cards, this line has 35$"):
        State.from_deal_text(" ".join(line.split()[:35]), RULES)


def test_reserve_moves_are_written_x0_to_x6() -> None:
    assert str(Move.parse("x2+p21")) == "P21+X2"
    assert str(Move.parse("X5+X0")) == "X0+X5"
    assert Move.parse("X4").places == (reserve_place(4),)
    with pytest.raises(NotationError, match="X0…X6"):
        Move.parse("X7")


def test_every_reserve_card_is_free_and_an_emptied_place_stays_empty() -> None:
    state = parse_position("variant: reserve; pyramid: P0=8h P1=2c P2=Ks; reserve: 5d Jh 5s -- Kd; stock: 8c")
    assert check_select(state, reserve_place(0)) is None
    assert check(state, Move.parse("X0+P0")) is Refusal.COVERED  # refused for P0, not for X0
    assert check(state, Move.parse("X0+P1")) is Refusal.NOT_13
    assert check(state, Move.parse("X1+P1")) is None
    assert check(state, Move.parse("X0+S")) is None and check(state, Move.parse("X4")) is None
    assert check(state, Move.parse("X3")) is Refusal.NO_CARD
    after = apply(state, Move.parse("X1+P1"))
    assert after.card_at(reserve_place(1)) is None and after.card_at(reserve_place(2)) is not None
    assert check_select(after, reserve_place(1)) is Refusal.NO_CARD


def test_the_deal_is_won_when_the_pyramid_and_the_reserve_are_gone() -> None:
    state = parse_position("variant: reserve; pyramid: P0=Ks; reserve: -- 5d; stock: 8c 2h")
    state = apply(state, Move.parse("P0"))
    assert state.pyramid == 0 and not state.is_won and legal_moves(state)
    won = apply(state, Move.parse("X1+S"))
    assert won.is_won and won.stock_count == 1


def test_a_place_the_variant_lacks_is_refused_as_such() -> None:
    for rules in (RuleSet(3, True, PYRAMID), RuleSet(1, True, GIZA)):
        state = State.from_deal(1, rules)
        assert check(state, Move.parse("X3")) is Refusal.NO_PLACE
        assert check_select(state, reserve_place(3)) is Refusal.NO_PLACE
    six = State.from_deal(1, RuleSet(3, True, RESERVE6))
    assert check(six, Move.parse("X6+P21")) is Refusal.NO_PLACE
    assert check(six, Move.parse("X5")) in (None, Refusal.NOT_A_KING)
    assert Refusal.NO_PLACE.message == "esta variante no tiene ese sitio"


def test_the_position_text_reads_back_with_its_reserve_section() -> None:
    state = apply(apply(State.from_deal(2, RULES), Move.parse("P22+X3")), Move.parse("D"))
    text = state.to_text()
    assert "reserve: " in text and " -- " in text.splitlines()[2]
    assert parse_position(text).to_text() == text
    with pytest.raises(NotationError, match="reserve: 8 places given, the reserve variant has 7"):
        parse_position("variant: reserve; reserve: 2c 3c 4c 5c 6c 7c 8c 9c")
    with pytest.raises(NotationError, match="reserve: the pyramid variant has no such section"):
        parse_position("pyramid: P0=Ks; reserve: 2c")
    with pytest.raises(NotationError, match="columns: the reserve variant has a reserve"):
        parse_position("variant: reserve; columns: 2c / 3c")


def test_each_setting_has_its_own_rule_set_keys() -> None:
    keys = [rules.key for rules in ALL_RULES]
    assert keys[0] == "variant=reserve passes=3 overlap=on"
    assert "variant=reserve6 passes=unlimited overlap=off" in keys
    assert all(RuleSet.from_key(key).key == key for key in keys) and len(set(keys)) == 12


# --- the solver --------------------------------------------------------------------------------------


def _check(state: State, expected: bool) -> None:
    for backend in (PureBackend(), NumpyBackend()):
        result = solve(state, backend=backend)
        assert (result.verdict is Verdict.SOLVABLE) == expected, (backend.name, state.to_text())
        if expected:
            assert replay(state, list(result.moves)).is_won


def reference_positions(rules: RuleSet, each: int, seed: str) -> list[tuple[State, bool]]:
    """Positions reached by random play (with unlimited passes, then set at a random pass of
    ``rules``), with the reference search's verdict: up to ``each`` of each verdict."""
    rng = random.Random(f"reserve small {rules} {seed}")
    last = rules.passes if not rules.unlimited else 1

    def candidates() -> Iterator[State]:
        for _ in range(600):
            played = random_position(rng, replace(rules, passes=UNLIMITED), cards_left=rng.randint(14, 30))
            yield replace(played, rules=rules, pass_no=rng.randint(1, last))

    return both_verdicts(candidates(), each, limit=30_000)


@pytest.mark.parametrize("rules", ALL_RULES, ids=str)
def test_small_positions_match_the_reference_search(rules: RuleSet) -> None:
    positions = reference_positions(rules, 6, "a")
    assert sum(verdict for _, verdict in positions) >= 3 and len(positions) >= 9  # both verdicts
    for state, verdict in positions:
        _check(state, verdict)
        assert not (verdict and lost_at_once(problem_for(state)))


def test_hand_made_positions_turn_on_each_shortcut() -> None:
    # the last pass: the 9c on the waste has no partner left, so the 2h under it is out of reach
    text = "variant: reserve; pyramid: P0=Jd; stock: 5s; waste: 2h 9c; pass: {}; passes: 3"
    lost, won = parse_position(text.format(3)), parse_position(text.format(2))
    problem = problem_for(lost)
    assert isinstance(problem, ReserveProblem) and problem.reachable(*problem.start) == 0b110  # 9c, 5s
    assert not winnable(lost) and winnable(won)
    _check(lost, False)
    _check(won, True)
    # the open relaxation: the 5s lies on its only partner, the 8d, and the stock has no 8
    blocked = parse_position(
        "variant: reserve; pyramid: P0=8d P1=5s P2=As; reserve: Qh; stock: 2c 3c; overlap: off"
    )
    assert not winnable(blocked) and lost_at_once(problem_for(blocked))
    # a King in the stock goes when it comes to the top; the reserve's King goes at once
    kings = parse_position("variant: reserve; pyramid: P0=6h; reserve: Kd 7c; stock: Ks 2c Kh 7s; passes: 1")
    _check(kings, True)
    # a card under the waste's top comes round only on a later pass
    later = "variant: reserve; pyramid: P0=Ks; reserve: 4c; stock: 6d 2s; waste: 9h 5c; passes: {}"
    assert not winnable(parse_position(later.format(1))) and winnable(parse_position(later.format(3)))
    _check(parse_position(later.format(1)), False)
    _check(parse_position(later.format(3)), True)


def _one_pass(sections: str, overlap: str) -> tuple[State, ReserveProblem]:
    """A one-pass reserve position from its ``sections`` and the problem the solver makes of it."""
    state = parse_position(f"variant: reserve; {sections}; passes: 1; overlap: {overlap}")
    problem = problem_for(state)
    assert isinstance(problem, ReserveProblem)
    return state, problem


@pytest.mark.parametrize("overlap", ["on", "off"])
@pytest.mark.parametrize("reserve", ["8h", "8h 4s"])
@pytest.mark.parametrize("stock", ["5s", "5s 9c", "9c 5s", "9c 5s 4d", "4d 9c 5s 5d"])
def test_a_reserve_card_waits_while_a_free_pyramid_card_has_its_rank(
    overlap: str, reserve: str, stock: str
) -> None:
    # P1 8d lies alone on P0 5c (P2 is gone); the reserve's 8h has P1's rank, so no removal takes
    # it (with 8h and 5s alone and no overlap rule, 5s+X0 would lose: P1 would stay on P0 for good)
    state, problem = _one_pass(f"pyramid: P0=5c P1=8d; reserve: {reserve}; stock: {stock}", overlap)
    board, stk, acc = problem.start
    reserve_8 = 1 << problem.slots
    assert problem.outranked(board, problem.free(board)) == reserve_8
    children = problem.successors(board, stk, acc)
    assert children and all(child[0] & reserve_8 for child in children)
    _check(state, winnable(state))


def test_the_random_positions_turn_the_reserve_rule_on() -> None:
    fired = 0
    for rules in ALL_RULES[:2]:
        for state, _ in reference_positions(rules, 6, "a"):
            problem = problem_for(state)
            assert isinstance(problem, ReserveProblem)
            board = problem.start[0]
            fired += bool(problem.outranked(board, problem.free(board)))
    assert fired >= 3


@pytest.mark.parametrize("overlap", ["on", "off"])
@pytest.mark.parametrize("stock", ["8s", "8s 9c 4d", "4d 8s 9c", "9c 4c"])
def test_a_pair_with_the_last_card_of_its_rank_is_made_alone(overlap: str, stock: str) -> None:
    # X0 5h is the last 5 anywhere, so P1 8d can only leave with it: that pair is the one child
    state, problem = _one_pass(f"pyramid: P0=9d P1=8d P2=4h; reserve: 5h; stock: {stock}", overlap)
    board, stk, acc = problem.start
    children = problem.successors(board, stk, acc)
    assert [child[0] for child in children] == [board & ~(1 << 1) & ~(1 << problem.slots)]
    _check(state, winnable(state))
