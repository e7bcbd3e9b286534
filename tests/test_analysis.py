"""«¿Aún se gana?»: right answers when every card is known, and no peeking otherwise."""

from __future__ import annotations

import random

import pytest

from rules.legality import apply, legal_moves, replay
from rules.moves import DRAW, Move
from rules.session import Session
from rules.state import ALL_RULE_SETS, Layout, RuleSet, State, parse_position
from solver.analysis import Analysis, Verdict

SEED_000 = "pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3"


def _analyse(state: State, seen: int, budget_ms: float = 10_000) -> Analysis:
    analysis = Analysis(state, seen, budget_ms)
    steps = 0
    while not analysis.step(2.0):
        steps += 1
        assert steps < 100_000
    return analysis


def _all_seen(state: State) -> int:
    return state.stock


def test_winnable_when_every_card_is_known_with_a_line_and_a_hint() -> None:
    state = parse_position(SEED_000)
    analysis = _analyse(state, _all_seen(state))
    assert analysis.verdict is Verdict.WINNABLE
    assert replay(state, list(analysis.line)).is_won
    assert analysis.hint() == Move.parse("P23+W")


def test_lost_when_every_card_is_known() -> None:
    state = apply(parse_position(SEED_000), Move.parse("P23+P25"))
    analysis = _analyse(state, _all_seen(state))
    assert analysis.verdict is Verdict.LOST and analysis.line == ()


def test_a_win_that_needs_an_unseen_card_is_not_claimed() -> None:
    # The Q needs the A, which sits unseen below the stock's top card.
    state = parse_position("pyramid: P21=Qh; stock: 3c Ad")
    seen = 1  # only the top card, 3c, has been face up
    analysis = _analyse(state, seen)
    assert analysis.verdict is Verdict.UNKNOWN
    assert analysis.hint() == DRAW  # a plain suggestion, not a line that knows the A is there


def test_a_win_without_the_unseen_cards_is_claimed() -> None:
    state = parse_position("pyramid: P21=Qh P22=5c P23=8d; stock: Ac 3c 9d")
    analysis = _analyse(state, 0b001)
    assert analysis.verdict is Verdict.WINNABLE
    assert replay(state, list(analysis.line)).is_won


def test_a_card_whose_partners_all_lie_beneath_it_is_lost_even_unseen() -> None:
    # The 9 at P21 lies on both pyramid 4s; the unseen stock cards hold no 4.
    lost = parse_position("pyramid: P10=4c P15=4d P21=9s P22=Kc P16=Kh; stock: 2c Jd 5h 5s")
    analysis = Analysis(lost, seen_mask=0b0001)
    assert analysis.done and analysis.verdict is Verdict.LOST


def test_out_of_time_is_unknown() -> None:
    state = State.from_deal(7)
    analysis = Analysis(state, seen_mask=state.stock, budget_ms=0.01)
    analysis.step(0.01)
    assert analysis.done and analysis.verdict is Verdict.UNKNOWN


def _shuffle_unseen(state: State, seen: int, rng: random.Random) -> State:
    stock = list(state.layout.stock)
    places = [i for i in range(len(stock)) if state.stock >> i & 1 and not seen >> i & 1]
    cards = [stock[i] for i in places]
    rng.shuffle(cards)
    for i, card in zip(places, cards, strict=True):
        stock[i] = card
    return State(
        Layout(state.layout.pyramid, tuple(stock)),
        state.rules,
        state.pyramid,
        state.stock,
        state.cursor,
        state.pass_no,
    )


@pytest.mark.parametrize("rules", ALL_RULE_SETS, ids=str)
def test_no_peeking_the_answer_never_depends_on_unseen_cards(rules: RuleSet) -> None:
    rng = random.Random(f"peek {rules}")
    claims = 0
    for _ in range(12):
        session = Session(State.from_deal(rng.randint(1, 20000), rules))
        for _ in range(rng.randint(0, 12)):
            moves = legal_moves(session.state)
            if not moves:
                break
            session.play(rng.choice(moves))
        seen = session.seen_mask
        answers = set()
        for _ in range(3):
            world = _shuffle_unseen(session.state, seen, rng)
            answers.add(_analyse(world, seen, budget_ms=3000).verdict)
        assert len(answers) == 1, session.state.to_text()
        claims += answers != {Verdict.UNKNOWN}
    assert claims >= 1
