"""«¿Aún se gana?»: right answers when every card is known, honest answers over the orders of
the unseen cards otherwise, no answer from a budget running out, and the way back."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys

import pytest
from families import one_per_family
from solver_cases import random_position, reference_deals

import solver.analysis as analysis_module
from rules.cards import Card
from rules.legality import apply, legal_moves, replay
from rules.moves import DRAW, Move
from rules.session import Session
from rules.state import ALL_RULE_SETS, Layout, RuleSet, State, parse_position, parse_position_unseen
from rules.topology import iter_slots
from rules.variant import SPANISH, STRICT
from solver import Verdict
from solver.analysis import (
    BLANK_NODE_LIMIT,
    MIN_SAMPLE,
    ORDER_NODE_LIMIT,
    ORDERS_NODE_CAP,
    POSITION_WORDS,
    SAMPLE_ORDERS,
    Analysis,
    Answer,
    AnswerCache,
    _distinct_orders,
    _with_order,
)
from solver.rewind import Rewind
from solver.search import solve

SEED_000 = "pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3"


def _analyse(state: State, seen: int) -> Answer:
    return Analysis(state, seen).run()


def _all_seen(state: State) -> int:
    return state.stock


def test_winnable_when_every_card_is_known_with_a_line_and_a_hint() -> None:
    state = parse_position(SEED_000)
    answer = _analyse(state, _all_seen(state))
    assert answer.verdict is Verdict.SOLVABLE and answer.exact and answer.win_share == 1.0
    assert replay(state, list(answer.line)).is_won
    assert answer.hint == Move.parse("P23+W")


def test_lost_when_every_card_is_known() -> None:
    state = apply(parse_position(SEED_000), Move.parse("P23+P25"))
    answer = _analyse(state, _all_seen(state))
    assert answer.verdict is Verdict.UNSOLVABLE and answer.line == () and answer.hint is None


def test_one_unseen_card_has_one_order_and_the_answer_is_exact() -> None:
    # The Q needs the A, unseen below the stock's top card: one possible order, and it wins.
    state = parse_position("pyramid: P21=Qh; stock: 3c Ad")
    answer = _analyse(state, 0b01)
    assert answer.verdict is Verdict.SOLVABLE and answer.exact and answer.orders == 1
    assert answer.line == ()  # no line valid without knowing the card: the hint comes from the orders
    assert answer.hint == DRAW


def test_a_win_without_the_unseen_cards_is_claimed_with_a_line() -> None:
    state = parse_position("pyramid: P21=Qh P22=5c P23=8d; stock: Ac 3c 9d")
    answer = _analyse(state, 0b001)
    assert answer.verdict is Verdict.SOLVABLE and answer.orders == 0
    assert replay(state, list(answer.line)).is_won


def test_a_card_whose_partners_all_lie_beneath_it_is_lost_even_unseen() -> None:
    # The 9 at P21 lies on both pyramid 4s; the unseen stock cards hold no 4.
    lost = parse_position("pyramid: P10=4c P15=4d P21=9s P22=Kc P16=Kh; stock: 2c Jd 5h 5s")
    analysis = Analysis(lost, seen_mask=0b0001)
    assert analysis.done and analysis.answer is not None and analysis.answer.verdict is Verdict.UNSOLVABLE


def _orders_by_brute_force(state: State, unseen: int) -> tuple[int, int]:
    """(winning, all) over every permutation of the unseen cards, each decided by the solver."""
    places = list(iter_slots(unseen))
    cards = [state.layout.stock[i] for i in places]
    wins = total = 0
    for order in itertools.permutations(cards):
        stock = list(state.layout.stock)
        for place, card in zip(places, order, strict=True):
            stock[place] = card
        world = State(Layout(state.layout.pyramid, tuple(stock)), state.rules, state.pyramid,
                      state.stock, state.cursor, state.pass_no)  # fmt: skip
        result = solve(world)
        assert result.verdict is not Verdict.UNKNOWN
        wins += result.verdict is Verdict.SOLVABLE
        total += 1
    return wins, total


def _with_unseen(
    rng: random.Random, rules: RuleSet, cards_left: int, hidden: int
) -> tuple[State, int] | None:
    state = random_position(rng, rules, cards_left)
    below_top = [i for i in iter_slots(state.stock) if i > (state.stock_top_index() or 99)]
    if len(below_top) < hidden:
        return None
    return state, sum(1 << i for i in rng.sample(below_top, hidden))


ORDERS_RULE_SETS = [*ALL_RULE_SETS, RuleSet(variant=STRICT), RuleSet(1, False, SPANISH)]


@pytest.mark.parametrize("rules", one_per_family(ORDERS_RULE_SETS))
def test_the_share_of_winning_orders_is_exact_when_few_cards_are_unseen(rules: RuleSet) -> None:
    rng = random.Random(f"orders {rules}")
    checked = 0
    while checked < 12:
        found = _with_unseen(rng, rules, rng.randint(14, 22), rng.randint(2, 4))
        if found is None:
            continue
        state, unseen = found
        answer = _analyse(state, state.stock & ~unseen)
        if answer.orders == 0:  # decided without orders (a blank win or an order-free loss)
            wins, total = _orders_by_brute_force(state, unseen)
            assert (wins == total) if answer.verdict is Verdict.SOLVABLE else wins == 0
            checked += 1
            continue
        wins, total = _orders_by_brute_force(state, unseen)
        assert answer.exact
        assert answer.win_share == pytest.approx(wins / total), state.to_text(unseen)
        expected = Verdict.SOLVABLE if wins == total else Verdict.UNSOLVABLE if wins == 0 else Verdict.UNKNOWN
        assert answer.verdict is expected
        checked += 1
    assert checked == 12


def test_a_position_that_wins_in_some_orders_says_in_how_many() -> None:
    text = (
        "pyramid: 5c 7c 6d 3s 3c 6h Ah 8h -- -- -- Td -- -- -- -- -- -- -- -- -- -- -- -- -- -- -- --; "
        "stock: 5d 2d 3d 8c Jh Ts; waste: 7s Jd Qd Tc 2c; pass: 2; unseen: 2d 3d 8c Ts"
    )
    state, unseen = parse_position_unseen(text)
    answer = _analyse(state, state.stock & ~unseen)
    assert answer.verdict is Verdict.UNKNOWN and answer.exact and answer.orders == 24
    assert answer.win_share == pytest.approx(6 / 24) == _orders_by_brute_force(state, unseen)[0] / 24
    assert answer.hint is not None


def test_many_unseen_cards_give_an_estimate_from_a_sample() -> None:
    state = State.from_deal(3)
    session = Session(state)
    for _ in range(3):
        session.play(DRAW)
    answer = _analyse(session.state, session.seen_mask)
    assert answer.unseen == 20
    assert not answer.exact and 0 < answer.orders <= SAMPLE_ORDERS
    assert answer.win_share is not None and 0.0 <= answer.win_share <= 1.0
    assert answer.verdict is not Verdict.UNSOLVABLE or answer.orders == 0  # a sample never proves a loss
    assert answer.hint is not None


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


@pytest.mark.parametrize("rules", one_per_family(ALL_RULE_SETS))
def test_no_peeking_the_answer_never_depends_on_unseen_cards(rules: RuleSet) -> None:
    rng = random.Random(f"peek {rules}")
    claims = 0
    for _ in range(8):
        session = Session(State.from_deal(rng.randint(1, 20000), rules))
        for _ in range(rng.randint(0, 30)):
            moves = legal_moves(session.state)
            if not moves:
                break
            session.play(rng.choice(moves))
        seen = session.seen_mask
        answers = set()
        for _ in range(3):
            world = _shuffle_unseen(session.state, seen, rng)
            found = _analyse(world, seen)
            answers.add((found.verdict, found.win_share, found.exact, found.hint, found.orders))
        assert len(answers) == 1, session.state.to_text(session.state.stock & ~seen)
        claims += next(iter(answers))[0] is not Verdict.UNKNOWN
    assert claims >= 1


def _hint_of(state: State, seen: int) -> tuple[Move | None, Verdict]:
    """What «Pista» shows, asked first at a position (no «¿Aún se gana?» before it)."""
    analysis = Analysis(state, seen)
    while not analysis.step(128, hint=True):
        pass
    found = analysis.partial()
    return found.hint, found.verdict


@pytest.mark.parametrize("rules", one_per_family([RuleSet(1, True), RuleSet(1, False), RuleSet(3, True)]))
def test_no_peeking_the_hint_never_depends_on_unseen_cards(rules: RuleSet) -> None:
    """The hint gathers its own orders and judges moves on them: none of it may depend on
    where the unseen cards really lie (early positions, where most cards are unseen)."""
    rng = random.Random(f"peek hint {rules}")
    checked = 0
    for _ in range(6):
        session = Session(State.from_deal(rng.randint(1, 20000), rules))
        for _ in range(rng.randint(0, 8)):
            moves = legal_moves(session.state)
            if not moves:
                break
            session.play(rng.choice(moves))
        seen = session.seen_mask
        if not session.state.stock & ~seen:
            continue
        hints = {_hint_of(_shuffle_unseen(session.state, seen, rng), seen) for _ in range(3)}
        assert len(hints) == 1, session.state.to_text(session.state.stock & ~seen)
        hint, verdict = next(iter(hints))
        if verdict is Verdict.UNSOLVABLE:  # the order-free test: no move to suggest
            assert hint is None
            continue
        assert hint in legal_moves(session.state)
        checked += 1
    assert checked >= 3


def test_a_hint_is_given_before_the_full_answer_and_the_answer_goes_on_after() -> None:
    """At a 1-pass deal's start «Pista» judges moves on the winning orders it found and answers
    without waiting for the share; «¿Aún se gana?» asked then finishes the share as if alone."""
    state = State.from_deal(3, RuleSet(1, True))  # no King to remove at once
    seen = Session(state).seen_mask
    analysis = Analysis(state, seen)
    while not analysis.step(128, hint=True):
        pass
    assert analysis.answer is None
    assert analysis_module.BLANK_NODE_LIMIT < analysis.nodes <= analysis_module.HINT_TOTAL_CAP + 4 * 128
    hint = analysis.partial().hint
    assert hint in legal_moves(state) and not analysis.partial().proven
    answer = analysis.run()
    alone = Analysis(state, seen).run()
    assert (answer.verdict, answer.win_share, answer.orders_tried) == (
        alone.verdict,
        alone.win_share,
        alone.orders_tried,
    )
    assert answer.hint == hint  # the final answer keeps the judged hint


def _hard_lost_deal() -> State:
    deck, winnable = reference_deals()[1103]  # many thousands of nodes to prove lost (40k)
    assert not winnable
    return State.from_deal_text(deck, RuleSet(3, False))


def test_cut_short_answers_claim_nothing_and_say_so() -> None:
    state = _hard_lost_deal()
    analysis = Analysis(state, state.stock)
    analysis.step(300)
    answer = analysis.partial()
    assert not analysis.done
    assert answer.cut_short and answer.verdict is Verdict.UNKNOWN and answer.hint is not None


@pytest.mark.parametrize(("deal", "hint"), [(7, False), (20, True)], ids=["answer", "hint"])
def test_a_step_does_about_the_work_it_is_given_stock_fronts_included(deal: int, hint: bool) -> None:
    """The game times steps of ``n`` nodes to fit a frame: a step must do about ``n`` nodes'
    work. Stock fronts add no node; charged one node a search call, a step of 16 worked out
    up to 136 of them (a step of 128 all of them at once: tens of milliseconds). Deal 20's
    hint judges its moves with searches that work out fronts."""
    state = State.from_deal(deal, RuleSet(3, True))  # fronts come on after 200 nodes of a search
    analysis = Analysis(state, Session(state).seen_mask)
    fronts_seen = steps = 0
    while not (analysis.hint_done() if hint else analysis.done) and steps < 3_000:
        nodes, work = analysis.nodes, analysis.work
        analysis.step(16, hint=hint)
        steps += 1
        assert analysis.work - work <= 16 + analysis_module.SEARCH_COST, steps
        fronts_seen += analysis.work - work > analysis.nodes - nodes
    assert fronts_seen >= 5  # the case this is about did come up


def test_the_cache_keeps_one_analysis_per_position_and_knowledge() -> None:
    state = parse_position(SEED_000)
    cache = AnswerCache()
    first = cache.get(state, state.stock)
    assert cache.get(state, state.stock) is first
    assert cache.get(state, 0) is not first and len(cache) == 2


def _deal_456_lost() -> Session:
    """The case the issue reports: the position 50 moves back is winnable."""
    session = Session(State.from_deal(456))
    for text in ["D"] * 24 + ["R", "P26+P27"] + ["D"] * 24 + ["R"] + ["D"] * 24:
        assert session.play(Move.parse(text)).refusal is None
    return session


def test_rewind_finds_the_last_winnable_step_of_deal_456() -> None:
    session = _deal_456_lost()
    assert _analyse(session.state, session.seen_mask).verdict is Verdict.UNSOLVABLE
    rewind = Rewind(list(reversed(session.history)), session.seen_mask, AnswerCache())
    while not rewind.step(4096):
        pass
    assert rewind.result == (50, True)
    back = session.history[-50]
    assert _analyse(back, session.seen_mask).verdict is Verdict.SOLVABLE
    assert _analyse(session.history[-49], session.seen_mask).verdict is Verdict.UNSOLVABLE


def test_rewind_out_of_budget_never_claims_there_is_none() -> None:
    session = _deal_456_lost()
    rewind = Rewind(list(reversed(session.history)), session.seen_mask, AnswerCache(), position_nodes=50)
    while not rewind.step(4096):
        pass
    assert rewind.result == (0, False)
    assert not rewind.none_wins and not rewind.none_in_all_orders
    assert rewind.undetermined  # it went on past undetermined positions to the first one
    assert max(rewind.undetermined | {rewind.not_win}) == len(session.history)


def test_rewind_with_nothing_earlier() -> None:
    rewind = Rewind([], 0, AnswerCache())
    assert rewind.done and rewind.result == (0, False) and rewind.none_wins


def _cli(lines: str, *args: str) -> list[dict[str, object]]:
    result = subprocess.run(
        [sys.executable, "-m", "solver", "analyse", *args],
        input=lines, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_cli_analyse_gives_the_games_answer() -> None:
    text = "pyramid: P21=Qh; stock: 3c Ad 5h; unseen: Ad 5h"
    state, unseen = parse_position_unseen(text)
    expected = _analyse(state, state.stock & ~unseen)
    lost = "pyramid: P21=9s P23=5h P25=8c; stock: 2c; waste: 4c 5d 8d; pass: 3"
    out = _cli(f"{text}\n# a comment\n\nnonsense\n{lost}\n{SEED_000}\n")
    assert out[0]["verdict"] == POSITION_WORDS[expected.verdict] == "winnable"
    assert out[0]["win_share"] == 1.0 and out[0]["exact"] is True and out[0]["hint"] == str(expected.hint)
    assert set(out[0]) >= {"verdict", "win_share", "exact", "hint", "nodes", "ms"}
    assert out[1] == {"error": out[1]["error"], "line": 4} and "nonsense" in str(out[1]["error"])
    assert out[2]["verdict"] == "unknown" or out[2]["verdict"] == "winnable"
    assert out[3]["verdict"] == "winnable" and out[3]["hint"] == "P23+W"


def test_cli_analyse_cut_short_by_its_budget() -> None:
    deal = _hard_lost_deal().to_text().replace("pass: 1", "pass: 2").replace("\n", "; ")
    out = _cli(deal + "\n", "--budget-ms", "5")
    assert out[0]["verdict"] == "unknown" and out[0]["cut_short"] is True and out[0]["win_share"] is None


BIG = "1" * 4_400
"""More digits than Python's int() converts (4,300): it raises a ValueError of its own."""
HUGE = "x" * 2_000_000
BAD_NUMBER_LINES = {
    "pass: ": "pass:",
    "passes:": "passes:",
    f"pass: {BIG}": "4400-digit",
    f"passes: {BIG}": "4400-digit",
    f"pyramid: P{BIG}=Qh": "not a place",
    f"pyramid: P21=Qh; stock: 3c Ad; C{BIG}: 4c": "expected one of",
    "pyramid: P21=Qh; stock: 3c Ad; pass: ٣": "digits 0-9",
    "pyramid: P21=Qh; stock: 3c Ad; passes: ３": "digits 0-9",
    "pyramid: P21=Qh; stock: 3c Ad; pass: 1_0": "digits 0-9",
    "pyramid: P2_1=Qh; stock: 3c Ad": "28 slots",
    "pyramid: P٢١=Qh; stock: 3c Ad": "not a place",
    f"pyramid: P21=Qh; stock: 3c {HUGE}": "not a card",
    f"pyramid: P21=Q{HUGE}": "not a card",
    f"pyramid: P21=Qh; variant: {HUGE}": "not one of",
    f"pyramid: P21=Qh; overlap: {HUGE}": "not on or off",
    f"pyramid: P21=Qh; {HUGE}": "expected one of",
    f"pyramid: P21=Qh; stock: 3c Ad; unseen: {HUGE}": "unseen:",
}
"""Lines of ``python -m solver analyse`` with a bad number or a huge token (issue 23.7), and a
word of the error each must get."""


def test_cli_analyse_refuses_bad_numbers_and_huge_tokens_in_one_short_line() -> None:
    """Each line gets its one short error object, and the run goes on: no traceback, no
    number read from another script's digits or an underscore, no token quoted whole."""
    lines = [*BAD_NUMBER_LINES, SEED_000]
    result = subprocess.run(
        [sys.executable, "-m", "solver", "analyse"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0 and result.stderr == "", result.stderr[-2_000:]
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == len(lines) and out[-1]["verdict"] == "winnable"
    for number, (answer, word) in enumerate(zip(out, BAD_NUMBER_LINES.values(), strict=False), start=1):
        assert set(answer) == {"error", "line"} and answer["line"] == number, answer
        error = str(answer["error"])
        assert word in error and len(error) < 200, error


def test_unseen_section_errors() -> None:
    with pytest.raises(ValueError, match="not in the stock"):
        parse_position_unseen("stock: 3c Ad; unseen: 5h")
    with pytest.raises(ValueError, match="top card"):
        parse_position_unseen("stock: 3c Ad; unseen: 3c")
    with pytest.raises(ValueError, match="waste"):
        parse_position_unseen("stock: 3c Ad; waste: 4d; unseen: 4d")
    state, unseen = parse_position_unseen("stock: 3c Ad 5h; unseen: 5h Ad")
    assert unseen == 0b110 and parse_position_unseen(state.to_text(unseen)) == (state, unseen)


def _wins_after(state: State, unseen: int, move: Move) -> int:
    return _orders_by_brute_force(apply(state, move), unseen & apply(state, move).stock)[0]


def test_with_few_unseen_cards_the_hint_wins_in_the_most_orders() -> None:
    rng = random.Random("hint orders")
    checked = 0
    while checked < 6:
        found = _with_unseen(rng, RuleSet(1, rng.random() < 0.5), rng.randint(16, 24), rng.randint(2, 3))
        if found is None:
            continue
        state, unseen = found
        analysis = Analysis(state, state.stock & ~unseen)
        while not analysis.step(4096, hint=True):
            pass
        hint = analysis.partial().hint  # what «Pista» shows, maybe before the full answer
        if analysis.run().verdict is not Verdict.UNKNOWN:
            continue
        assert hint is not None
        best = max(_wins_after(state, unseen, m) for m in legal_moves(state))
        assert _wins_after(state, unseen, hint) == best, state.to_text(unseen)
        checked += 1


def test_a_hint_stops_at_its_node_cap_with_a_legal_move_and_no_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    """«Pista» is answered once the analysis has used HINT_TOTAL_CAP nodes: a legal move from
    what is known so far, never a loss; «¿Aún se gana?» asked there goes on to the full answer."""
    monkeypatch.setattr(analysis_module, "HINT_TOTAL_CAP", 1_500)
    session = Session(State.from_deal(3, RuleSet(1, True)))
    analysis = Analysis(session.state, session.seen_mask)
    while not analysis.step(128, hint=True):
        pass
    assert analysis.answer is None  # the full answer needs more than the cap
    assert 1_500 <= analysis.nodes <= 1_500 + 3 * 128
    partial = analysis.partial()
    assert partial.verdict is not Verdict.UNSOLVABLE and partial.cut_short
    assert partial.hint in legal_moves(session.state)
    assert analysis.hint_done() and analysis.step(128, hint=True)  # asked again: answered at once
    answer = analysis.run()
    assert answer.verdict is not Verdict.UNSOLVABLE or answer.exact
    assert analysis.nodes > 1_500 + 3 * 128


# --- the share is honest: an undecided order is never a win (issue 11c) ------------------------
def _true_wins(state: State, unseen: int, orders: list[tuple[Card, ...]]) -> int:
    """How many of ``orders`` win, each decided by the solver without a node limit."""
    wins = 0
    for order in orders:
        result = solve(_with_order(state, unseen, order))
        assert result.verdict is not Verdict.UNKNOWN
        wins += result.verdict is Verdict.SOLVABLE
    return wins


def _positions_with_many_orders(rules: RuleSet, count: int) -> list[tuple[State, int]]:
    """Positions with 5–7 unseen cards, 22–30 cards left (too many orders to try: a sample)."""
    rng = random.Random(f"sampled orders {rules}")
    found: list[tuple[State, int]] = []
    while len(found) < count:
        pick = _with_unseen(rng, rules, rng.randint(22, 30), rng.randint(5, 7))
        if (
            pick is not None
            and _distinct_orders([pick[0].layout.stock[i] for i in iter_slots(pick[1])]) > 120
        ):
            found.append(pick)
    return found


@pytest.mark.parametrize("rules", [RuleSet(1, True), RuleSet(1, False)], ids=str)
@pytest.mark.parametrize("limit", [40, ORDER_NODE_LIMIT], ids=["tight", "game"])
def test_the_reported_share_never_exceeds_the_true_share_of_the_orders_tried(
    rules: RuleSet, limit: int
) -> None:
    """Sampled answers, some orders left undecided by a tight node limit: the share claimed is
    at most the true share of the orders tried (brute force over the same orders), and the
    upper end of its range at least that."""
    undecided_seen = 0
    for state, unseen in _positions_with_many_orders(rules, 6):
        analysis = Analysis(state, state.stock & ~unseen, order_node_limit=limit)
        answer = analysis.run()
        if answer.orders_tried == 0:  # decided without orders (a blank win or an order-free loss)
            continue
        assert answer.orders_tried == len(analysis.tried) and not answer.exact
        true = _true_wins(state, unseen, analysis.tried) / len(analysis.tried)
        assert answer.win_share is not None and answer.win_share_max is not None
        assert answer.win_share <= true + 1e-9 <= answer.win_share_max + 2e-9, state.to_text(unseen)
        if not answer.undecided:
            assert answer.win_share == pytest.approx(true)
        assert answer.verdict is Verdict.UNKNOWN  # a sample proves nothing either way
        undecided_seen += answer.undecided
    if limit < ORDER_NODE_LIMIT:
        assert undecided_seen > 0  # the tight limit did leave orders undecided


@pytest.mark.parametrize("rules", one_per_family(ALL_RULE_SETS))
def test_winnable_or_lost_only_when_every_or_no_order_wins(rules: RuleSet) -> None:
    """With every order tried: exact and equal to brute force when all were decided; when a
    tight node limit leaves some undecided, a lower bound and never a verdict."""
    rng = random.Random(f"verdicts over orders {rules}")
    checked = 0
    while checked < 8:
        found = _with_unseen(rng, rules, rng.randint(14, 22), rng.randint(2, 4))
        if found is None:
            continue
        state, unseen = found
        wins, total = _orders_by_brute_force(state, unseen)
        for limit in (60, ORDER_NODE_LIMIT):
            answer = Analysis(state, state.stock & ~unseen, order_node_limit=limit).run()
            if answer.verdict is Verdict.SOLVABLE:
                assert wins == total, state.to_text(unseen)
            elif answer.verdict is Verdict.UNSOLVABLE:
                assert wins == 0, state.to_text(unseen)
            if answer.orders_tried == 0:
                continue
            assert answer.win_share is not None
            if answer.undecided:
                assert not answer.exact and answer.verdict is Verdict.UNKNOWN
                assert answer.win_share <= wins / total + 1e-9
            else:
                assert answer.exact and answer.win_share == pytest.approx(wins / total)
        checked += 1


@pytest.mark.parametrize("deal", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in (10, 12))])
def test_at_a_one_pass_deal_start_the_share_is_no_more_than_the_orders_tried_win(deal: int) -> None:
    """The play-tester's case: deal start, 1 pass, stock cards 2–24 unseen. Orders the node
    limit leaves undecided are mostly lost ones; counting them out said 100 % for deal 2."""
    state = State.from_deal(deal, RuleSet(1, True))
    analysis = Analysis(state, 0b1)
    answer = analysis.run()
    assert answer.verdict is Verdict.UNKNOWN and not answer.exact
    assert answer.orders_tried == len(analysis.tried)
    assert answer.orders_tried >= MIN_SAMPLE or answer.nodes >= ORDERS_NODE_CAP
    wins = _true_wins(state, analysis.unseen, analysis.tried)
    assert answer.win_share is not None and answer.win_share_max is not None
    assert answer.win_share <= wins / len(analysis.tried) + 1e-9 <= answer.win_share_max + 2e-9


COSTLY_ORDERS = (
    "pyramid: Jh 9c 5c 6s 3c 3d 8s 8h 9d 5h Kh 2d 5d 7s Ks 4c As 7h -- 6c -- 8c Qd -- -- -- -- --\n"
    "stock: Js 6d Ad Qs Ts Th\nwaste: Ac 2c 9s 4d 3s Ah 4h 2s Qc 7d Qh 3h Jd Td Tc\n"
    "pass: 1\npasses: 3\noverlap: off\nunseen: 6d Ad Qs Ts Th"
)
"""A first pass of three with five unseen cards: 60 orders by rank, about 3,700 nodes each
(recorded by ``bench/analysis.py --slowest``: 1.2 s of solver time before the cap)."""


def test_orders_stop_at_their_node_cap_even_when_all_would_be_tried() -> None:
    state, unseen = parse_position_unseen(COSTLY_ORDERS)
    analysis = Analysis(state, state.stock & ~unseen)
    answer = analysis.run()
    assert _distinct_orders([state.layout.stock[i] for i in iter_slots(unseen)]) == 60
    assert ORDERS_NODE_CAP <= answer.nodes < ORDERS_NODE_CAP + ORDER_NODE_LIMIT + BLANK_NODE_LIMIT
    assert 0 < answer.orders_tried == len(analysis.tried) < 60
    assert answer.verdict is Verdict.UNKNOWN and not answer.exact  # not every order was tried
    assert answer.win_share == pytest.approx(_true_wins(state, unseen, analysis.tried) / answer.orders_tried)


def test_the_json_answer_says_what_the_share_is_based_on() -> None:
    state = State.from_deal(2, RuleSet(1, True))
    answer = Analysis(state, 0b1, order_node_limit=300).run(node_limit=6_000)
    data = answer.to_json_dict()
    assert data["orders_tried"] == answer.orders_tried > 0 and data["undecided"] == answer.undecided
    assert data["exact"] is False


def test_a_king_or_the_only_move_is_the_hint_at_once_only_while_the_orders_are_many() -> None:
    # A King at the stock's top, six cards unseen below it (720 orders): no search needed.
    king = parse_position("pyramid: P21=5h P22=9c; stock: Ks 8c 4d 2h 6s 7c Jd")
    analysis = Analysis(king, 0b1)
    assert analysis.step(128, hint=True) and analysis.nodes == 0
    assert analysis.partial().hint == Move.parse("S") and not analysis.partial().proven
    # Nothing pairs: drawing is the only move.
    only = parse_position("pyramid: P21=5h P22=9c; stock: 2s 8c 4d 2h 6s 7c Jd")
    analysis = Analysis(only, 0b1)
    assert analysis.step(128, hint=True) and analysis.nodes == 0 and analysis.partial().hint == DRAW
    # Every card known, one move left, and lost: no hint at once, the answer says lost.
    lost = parse_position("pyramid: P21=9s; stock: 2c; waste: 4c 8d; pass: 3")
    analysis = Analysis(lost, lost.stock)
    while not analysis.step(128, hint=True):
        pass
    assert analysis.partial().verdict is Verdict.UNSOLVABLE and analysis.partial().hint is None


def test_a_hint_voted_from_other_orders_is_a_legal_move() -> None:
    """Deal 2, strict, one pass, nothing seen: some orders' winning lines begin by removing a
    stock King the real stock top is not; the hint is still a move of the real position (it
    raised StopIteration when the most voted move was such a King)."""
    state = State.from_deal(2, RuleSet(passes=1, overlap=True, variant=STRICT))
    answer = Analysis(state, seen_mask=0).run(4000)
    assert answer.hint is None or answer.hint in legal_moves(state)
