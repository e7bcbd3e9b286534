"""Tut's Tomb (SPEC §12): a face-down stock drawn three at a time, only the waste's top plays."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from reference_search import both_verdicts, winnable
from solver_cases import random_position

from rules.legality import Refusal, apply, check, check_select, is_dead_end, legal_moves, replay
from rules.moves import DRAW, RECYCLE, STOCK, WASTE, Move
from rules.state import RuleSet, State, parse_position
from rules.topology import iter_slots
from rules.variant import TUT, UNLIMITED, rule_sets
from solver.layered import PureBackend
from solver.search import Verdict, solve
from solver.tomb import TombDepthFirst, TombProblem
from solver.vector import NumpyBackend

RULES = RuleSet(3, True, TUT)
TUT_RULES = [*rule_sets(TUT), RuleSet(UNLIMITED, True, TUT), RuleSet(UNLIMITED, False, TUT)]


def test_a_draw_turns_up_three_cards_the_third_on_top() -> None:
    state = State.from_deal(1, RULES)
    stock = state.layout.stock
    drawn = apply(state, DRAW)
    assert drawn.waste_cards() == list(stock[:3])
    assert drawn.card_at(WASTE) == stock[2]
    assert apply(drawn, DRAW).waste_cards() == list(stock[:6])


def test_only_the_waste_top_plays_and_the_refusal_says_so_in_the_tombs_terms() -> None:
    state = State.from_deal(1, RULES)
    assert check_select(state, STOCK) is Refusal.WASTE_TOP_ONLY
    assert check(state, Move.parse("P21+S")) is Refusal.WASTE_TOP_ONLY
    assert Refusal.WASTE_TOP_ONLY.message == "en la Tumba solo juega la carta de arriba del descarte"
    assert all(STOCK not in move.places for move in legal_moves(apply(state, DRAW)))


def test_the_last_draw_takes_what_is_left_and_a_recycle_turns_the_waste_over_as_it_lies() -> None:
    state = parse_position("pyramid: P0=Ks; stock: 2c 3c 4c 5c", RuleSet(UNLIMITED, True, TUT))
    state = apply(apply(state, DRAW), DRAW)
    assert [str(c) for c in state.waste_cards()] == ["2c", "3c", "4c", "5c"]
    assert check(state, DRAW) is Refusal.NOTHING_TO_DRAW
    again = apply(state, RECYCLE)
    assert again.pass_no == 2
    assert [str(c) for c in apply(again, DRAW).waste_cards()] == ["2c", "3c", "4c"]


def test_a_removal_from_the_waste_uncovers_the_card_under_it_and_the_next_draw_goes_on() -> None:
    state = parse_position("pyramid: P0=8h; stock: 2c 3c 5d Qs 6c", RULES)
    state = apply(state, DRAW)
    assert str(state.card_at(WASTE)) == "5d"
    state = apply(state, Move.parse("W+P0"))
    assert str(state.card_at(WASTE)) == "3c" and state.is_won


def test_the_position_text_reads_back_and_the_stock_is_never_visible() -> None:
    state = apply(State.from_deal(5, RULES), DRAW)
    assert parse_position(state.to_text(), RULES).to_text() == state.to_text()
    assert state.visible_stock() == state.waste_mask()


def test_the_clean_up_counts_the_kings_that_can_come_to_the_top() -> None:
    cleanup, deck = TUT.stock_kind.cleanup, TUT.deck
    under = (13, 4, 5, 13)  # one pass or many: the first King stays under the 4 and the 5
    assert cleanup(under, 0b1111, 0, 1, 1, deck) == 1
    assert cleanup(under, 0b1111, 0, 1, UNLIMITED, deck) == 1
    assert cleanup((4, 5, 13, 13), 0b1111, 0, 1, 1, deck) == 2
    assert cleanup((13, 4, 13, 5, 6, 7), 0b111111, 0, 1, 1, deck) == 1  # the first draw: 13 4 13
    assert cleanup((13, 4, 13, 5, 6, 7), 0b111111, 0, 1, 3, deck) == 1


# --- the solver --------------------------------------------------------------------------------------


def _check(state: State, expected: bool) -> None:
    for backend in (PureBackend(), NumpyBackend()):
        result = solve(state, backend=backend)
        assert (result.verdict is Verdict.SOLVABLE) == expected, (backend.name, state.to_text())
        if expected:
            assert replay(state, list(result.moves)).is_won


def reference_positions(rules: RuleSet, each: int, *, as_played: bool = False) -> list[tuple[State, bool]]:
    """Positions reached by random play (with unlimited passes, then the stock turned back,
    pass 1 of ``rules``; ``as_played``: the cursor left where play left it, on any pass),
    with the reference search's verdict: up to ``each`` of each verdict."""
    rng = random.Random(f"tut small {rules}" + (" as played" if as_played else ""))
    unlimited = RuleSet(UNLIMITED, rules.overlap, TUT)

    def candidates() -> Iterator[State]:
        for _ in range(400):
            played = random_position(rng, unlimited, cards_left=rng.randint(16, 36))
            if as_played:
                pass_no = 1 if rules.unlimited else rng.randint(1, rules.passes)
                yield replace(played, rules=rules, pass_no=pass_no)
            else:
                yield replace(played, rules=rules, pass_no=1, cursor=0)

    return both_verdicts(candidates(), each, limit=20_000)


@pytest.mark.parametrize("rules", TUT_RULES, ids=str)
def test_small_positions_match_the_reference_search(rules: RuleSet) -> None:
    positions = reference_positions(rules, 6)
    assert sum(verdict for _, verdict in positions) >= 2 and len(positions) >= 8  # both verdicts
    for state, verdict in positions:
        _check(state, verdict)


@pytest.mark.parametrize("rules", TUT_RULES, ids=str)
def test_positions_mid_pass_and_on_the_last_pass_match_the_reference_search(rules: RuleSet) -> None:
    """The cursor anywhere (with unlimited passes often off the cycle of cursor 0), and any
    pass: on the last, waste cards that never leave bury the ones beneath them."""
    positions = reference_positions(rules, 6, as_played=True)
    assert sum(verdict for _, verdict in positions) >= 1 and len(positions) >= 7
    for state, verdict in positions:
        _check(state, verdict)


def _kings_gone(state: State) -> State:
    """``state`` with its free pyramid Kings removed, as the solver's first node has them."""
    king = TUT.deck.lone_rank
    while kings := [s for s in iter_slots(state.uncovered) if state.layout.pyramid[s].rank == king]:
        state = apply(state, Move.remove(kings[0]))
    return state


def _forced(problem: TombProblem, pyr: int, stk: int) -> list[int]:
    """The pyramids a forced pair leaves at a node (see :mod:`solver.tomb`)."""
    return [child for stock_cards, child in problem.shape(pyr).forced if not stk & stock_cards]


def _king_on_top(problem: TombProblem, stk: int, cursor: int) -> bool:
    below = stk & ((1 << cursor) - 1)
    return bool(below) and problem.srank[below.bit_length() - 1] == TUT.deck.lone_rank


def _searched_nodes(rules: RuleSet) -> list[tuple[State, TombProblem]]:
    """Positions the solver's search goes through from small positions, as states of the rules
    engine with their problem: a few nodes of each search."""
    rng = random.Random(f"tut nodes {rules}")
    found = []
    for as_played in (False, True):
        for state, _ in reference_positions(rules, 6, as_played=as_played):
            search = TombDepthFirst(TombProblem(state))
            while search.advance(10_000) is None:
                pass
            seen = sorted(search.seen)
            problem = search.problem
            forcing = [(p, s, c) for p, s, c in seen if _forced(problem, p, s)]
            last = rules.passes if not rules.unlimited else 0
            kings = [
                (p, s, c) for p, s, c in seen if search.seen[p, s, c] == last and _king_on_top(problem, s, c)
            ]
            for pyr, stk, cursor in rng.sample(seen, min(6, len(seen))) + forcing[:3] + kings[:2]:
                pass_no = search.seen[pyr, stk, cursor] or 1
                node = replace(_kings_gone(state), pyramid=pyr, stock=stk, cursor=cursor, pass_no=pass_no)
                found.append((node, TombProblem(node)))
    return found


@pytest.mark.parametrize("rules", TUT_RULES, ids=str)
def test_every_shortcut_of_the_search_keeps_the_reference_verdict(rules: RuleSet) -> None:
    """Each shortcut on its own, at positions the search goes through: a position the loss test
    calls lost is lost, a forced pair keeps the verdict, so does a waste King taken at once on
    the last pass, and with unlimited passes every cursor of the cycle has the verdict of
    cursor 0 (the search's node of the cycle)."""
    lost = forced = cycled = kings = 0
    for state, problem in _searched_nodes(rules):
        verdict = winnable(state)
        pyr, stk, acc = problem.start
        last = not rules.unlimited and state.pass_no == rules.passes
        if last and (top := state.card_at(WASTE)) is not None and top.rank == TUT.deck.lone_rank:
            kings += 1
            assert winnable(apply(state, Move.remove(WASTE))) == verdict, state.to_text()
        if problem.lost(pyr, stk, acc):
            lost += 1
            assert not verdict, state.to_text()
        for child in _forced(problem, pyr, stk):
            forced += 1
            gone = [s for s in iter_slots(pyr & ~child) if problem.prank[s] != TUT.deck.lone_rank]
            assert winnable(apply(state, Move.remove(*gone))) == verdict, state.to_text()
        on_cycle = problem.cycle(stk) & -2 if rules.unlimited else 0
        at_zero = winnable(replace(state, cursor=0)) if on_cycle else False
        for cursor in iter_slots(on_cycle):
            cycled += 1
            assert winnable(replace(state, cursor=cursor)) == at_zero, state.to_text()
    # (searches of one pass are too short to meet a forced pair)
    assert lost and (forced or rules.passes == 1) and (cycled or not rules.unlimited), (lost, forced, cycled)
    assert kings or rules.unlimited, kings


def test_hand_made_positions_turn_on_the_groups_of_three() -> None:
    # the 8h goes with the 5d, the first draw's top; the next draw buries the Qs under the 3s
    # and the 7d; on a second pass the cards drawn three at a time are 2c 4c Qs: the Qs on top
    text = "variant: tut; pyramid: P0=Ah P1=8h P2=Ks; stock: 2c 4c 5d Qs 3s 7d; passes: {}"
    lost, won = parse_position(text.format(1)), parse_position(text.format(3))
    assert not winnable(lost) and winnable(won)
    _check(lost, False)
    _check(won, True)


def test_with_unlimited_passes_a_card_that_never_comes_to_the_top_ends_the_deal() -> None:
    rules = RuleSet(UNLIMITED, True, TUT)
    text = "pyramid: P0=Ah P1=8h P2=9h; stock: {}"
    buried = parse_position(text.format("5c 2c 3s 7d"), rules)  # every cycle draws 5c 2c 3s, then 7d
    assert is_dead_end(buried) and not winnable(buried)
    on_top = parse_position(text.format("2c 3s 5c 7d"), rules)
    assert not is_dead_end(on_top)
