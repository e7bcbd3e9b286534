"""One free cell (SPEC §12, variant ``cell``): a free card may wait in the cell, a King never."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from reference_search import both_verdicts, winnable
from solver_cases import random_position

from rules.cards import parse_card
from rules.errors import NotationError
from rules.legality import Refusal, apply, check, check_select, is_dead_end, legal_moves, replay
from rules.moves import CELL, DRAW, STOCK, WASTE, Move, parse_moves
from rules.state import RuleSet, State, parse_position
from rules.variant import CELL as CELL_VARIANT
from rules.variant import UNLIMITED, rule_sets
from solver.cell import FIELD_TOPS, CellDepthFirst, CellProblem
from solver.layered import PureBackend
from solver.models import problem_for
from solver.search import Verdict, solve
from solver.vector import NumpyBackend

RULES = RuleSet(3, True, CELL_VARIANT)
CELL_RULES = [*rule_sets(CELL_VARIANT)]
CORNER = "variant: cell; pyramid: P0=5h; stock: 8c Kd 7s; waste: 6d; cell: 8s; overlap: on"


def test_the_notation_reads_and_writes_stores() -> None:
    assert [str(m) for m in parse_moves("P21>F s>f W>F F+P12 f+w")] == ["P21>F", "S>F", "W>F", "P12+F", "W+F"]
    for bad in ("F>F", "P21>W", "P1+P2>F", ">F"):
        with pytest.raises(NotationError):
            Move.parse(bad)


def test_a_store_is_a_move_like_any_other_and_the_cells_card_leaves_only_in_a_pair() -> None:
    state = State.from_deal(5, RULES)  # bottom row 6c Ks 8s Td 2c 8h 8d; stock top Th
    assert Move.parse("S>F") in legal_moves(state) and Move.parse("P21>F") in legal_moves(state)
    stored = apply(state, Move.parse("P21>F"))
    assert stored.cell == parse_card("6c")
    assert stored.card_at(CELL) == stored.cell and not stored.pyramid >> 21 & 1
    assert check(stored, Move.parse("S>F")) is Refusal.CELL_FULL
    assert all(not m.is_store for m in legal_moves(stored))
    assert check_select(stored, CELL) is None
    # the cell's card pairs with a free card (2h + Jd) and the cell is empty again
    position = parse_position("variant: cell; pyramid: P0=Jd; stock: 5c; cell: 2h")
    after = apply(position, Move.parse("F+P0"))
    assert after.cell is None and after.is_won


def test_a_king_never_enters_the_cell_and_the_refusal_says_so() -> None:
    state = parse_position("variant: cell; pyramid: P0=5h P1=Ks P2=8d; stock: Kd 2c")
    assert check(state, Move.parse("P1>F")) is Refusal.KING_ALONE
    assert check(state, Move.parse("S>F")) is Refusal.KING_ALONE
    assert "el Rey se va solo" in Refusal.KING_ALONE.message
    assert check(state, Move.parse("P0>F")) is Refusal.COVERED
    assert Move.parse("P2>F") in legal_moves(state)


def test_the_default_game_refuses_the_cell_clearly() -> None:
    state = State.from_deal(5)
    assert check(state, Move.parse("S>F")) is Refusal.NO_CELL
    assert check(state, Move.parse("F+P21")) is Refusal.NO_CELL
    assert check_select(state, CELL) is Refusal.NO_CELL
    assert Refusal.NO_CELL.message == "esta variante no tiene celda"
    with pytest.raises(NotationError, match="cell: the pyramid variant has no such section"):
        parse_position("pyramid: P0=5h; cell: 8s")


def test_the_win_needs_the_cell_empty() -> None:
    state = parse_position("variant: cell; stock: 5c; cell: 8s")
    assert not state.is_won
    assert Move.parse("S+F") in legal_moves(state)
    assert apply(state, Move.parse("S+F")).is_won


def test_the_position_text_has_the_cell_and_reads_back() -> None:
    state = parse_position(CORNER)
    assert "cell: 8s" in state.to_text().split("\n")
    assert parse_position(state.to_text()).to_text() == state.to_text()
    assert state.kind.cards_left(state)[-1] == state.cell
    with pytest.raises(NotationError, match="King"):
        parse_position("variant: cell; pyramid: P0=5h; cell: Ks")
    with pytest.raises(NotationError, match="twice"):
        parse_position("variant: cell; pyramid: P0=5h; cell: 5h")
    with pytest.raises(NotationError, match="one card"):
        parse_position("variant: cell; pyramid: P0=5h; cell: 5s 6s")


def test_a_deal_text_of_the_wrong_length_gets_one_line() -> None:
    with pytest.raises(NotationError, match="a deal has 52 cards, this line has 3"):
        State.from_deal_text("Ah 2h 3h", RULES)


def test_the_key_names_the_variant() -> None:
    assert RULES.key == "variant=cell passes=3 overlap=on"
    assert RuleSet.from_key(RULES.key) == RULES


def test_a_stored_card_is_progress_with_unlimited_passes() -> None:
    state = parse_position("variant: cell; pyramid: P0=5h; stock: 9c; passes: unlimited")
    assert not is_dead_end(state)  # 9c>F leaves 5h alone, but it is a move
    assert is_dead_end(apply(state, Move.store(STOCK)))


def test_the_store_from_the_waste_uncovers_the_card_under_it() -> None:
    state = apply(apply(State.from_deal(5, RULES), DRAW), DRAW)
    under, top = state.waste_cards()
    after = apply(state, Move.store(WASTE))
    assert after.cell == top and after.card_at(WASTE) == under


def _check(state: State, expected: bool) -> None:
    for backend in (PureBackend(), NumpyBackend()):
        result = solve(state, backend=backend)
        assert (result.verdict is Verdict.SOLVABLE) == expected, (backend.name, state.to_text())
        if expected:
            assert replay(state, list(result.moves)).is_won


def reference_positions(rules: RuleSet, each: int) -> list[tuple[State, bool]]:
    """Positions reached by random play (stores included), turned back to pass 1 of ``rules``,
    with the reference search's verdict: up to ``each`` of each verdict."""
    rng = random.Random(f"cell small {rules}")

    three = RuleSet(3, rules.overlap, CELL_VARIANT)

    def candidates() -> Iterator[State]:
        for _ in range(400):
            played = random_position(rng, three, cards_left=rng.randint(14, 30))
            yield replace(played, rules=rules, pass_no=1, cursor=0)

    return both_verdicts(candidates(), each, limit=20_000)


@pytest.mark.parametrize("rules", CELL_RULES, ids=str)
def test_small_positions_match_the_reference_search(rules: RuleSet) -> None:
    positions = reference_positions(rules, 6)
    assert sum(verdict for _, verdict in positions) >= 2 and len(positions) >= 8  # both verdicts
    assert any(state.cell is not None for state, _ in positions)
    for state, verdict in positions:
        _check(state, verdict)


def test_unlimited_passes_are_a_rule_set() -> None:
    assert RuleSet(UNLIMITED, True, CELL_VARIANT) in CELL_RULES


def test_the_open_relaxation_proves_losses_the_counts_do_not() -> None:
    fired = 0
    for rules in CELL_RULES:
        for state, verdict in reference_positions(rules, 6):
            problem = problem_for(state)
            assert isinstance(problem, CellProblem)
            pyr, stk, _, cell = problem.start
            if not problem.short(pyr, stk, cell) and problem.lost(pyr, stk, cell):
                fired += 1
                assert not verdict, state.to_text()
    assert fired >= 5


def test_the_packed_count_test_answers_as_the_plain_one() -> None:
    """:meth:`CellProblem.lost` reads the count test packed (the stock's counts against the
    cached needs of the pyramid and the cell): on any cards left and any cell it answers as
    :meth:`CellProblem.short` does, both ways many times."""
    rng = random.Random(5)
    answers = {True: 0, False: 0}
    for number in range(1, 21):
        problem = CellProblem(State.from_deal(number, CELL_RULES[number % len(CELL_RULES)]))
        pyr0, stk0, _, _ = problem.start
        for _ in range(200):
            pyr, stk = pyr0 & rng.getrandbits(28), stk0 & rng.getrandbits(24)
            cell = rng.choice([0, 0, *range(1, 13)])
            counts, needs = problem.counts(stk), problem.needs(pyr, cell)
            packed = ((counts | FIELD_TOPS) - needs) & FIELD_TOPS != FIELD_TOPS
            assert packed == problem.short(pyr, stk, cell), (number, pyr, stk, cell)
            answers[packed] += 1
    assert min(answers.values()) >= 200, answers


@pytest.mark.parametrize("stock", ["4s 9d", "9d 4s", "4s"])
def test_the_open_relaxation_stores_a_card_as_the_game_does(stock: str) -> None:
    # the 5d lies on its only partner, the 8c: only the cell lets them meet (no overlap rule)
    state = parse_position(f"variant: cell; pyramid: P0=8c P1=5d; stock: {stock}; passes: 1; overlap: off")
    problem = problem_for(state)
    assert isinstance(problem, CellProblem)
    pyr, stk, _, cell = problem.start
    assert not problem.lost(pyr, stk, cell) and winnable(state)
    _check(state, True)


@pytest.mark.parametrize("cell", ["", "Jc"])
def test_the_stocks_kings_are_left_out_and_removed_as_they_come_to_a_top(cell: str) -> None:
    # the 2d lies under the Ks on the waste, the 8c under the Kd in the stock
    text = f"variant: cell; pyramid: P0=5h; stock: Kd 8c; waste: 2d Ks; cell: {cell}; passes: 1"
    state = parse_position(text)
    problem = problem_for(state)
    assert isinstance(problem, CellProblem)
    assert problem.stock_kings == state.stock & ~problem.start[1] and problem.stock_kings.bit_count() == 2
    result = solve(state)
    assert result.verdict is Verdict.SOLVABLE and str(result.moves[0]) == "S"
    assert replay(state, list(result.moves)).is_won


def test_positions_with_kings_in_the_stock_match_the_reference_search() -> None:
    with_kings = 0
    for rules in CELL_RULES:
        for state, verdict in reference_positions(rules, 6):
            problem = problem_for(state)
            assert isinstance(problem, CellProblem)
            if problem.stock_kings & state.stock:
                with_kings += 1
                _check(state, verdict)
    assert with_kings >= 8


def _searched(search: CellDepthFirst, limit: int) -> Iterator[dict[int, int]]:
    """The table of a search after each slice of 997 nodes, up to ``limit`` nodes or its end."""
    while search.nodes < limit:
        found = search.advance(997)
        yield dict(search.seen)
        if found is not None:
            yield {-1: len(found), -2: search.nodes, **{index: node[0] for index, node in enumerate(found)}}
            return


@pytest.mark.parametrize("rules", CELL_RULES, ids=str)
def test_the_written_out_search_meets_the_plain_ones_nodes(rules: RuleSet) -> None:
    """:meth:`CellDepthFirst._search` (the move generator written out, per-stock moves cached)
    searches the nodes :meth:`CellProblem.successors` leads to, in the same order: the same
    table after every slice, the same line. Deals (some won, some searched to the end at 1
    pass), positions with a card in the cell or Kings in the stock, and blank stock cards."""
    cases = [(State.from_deal(number, rules), 0) for number in (1, 2, 7, 28)]
    cases += [(state, 0) for state, _ in reference_positions(rules, 3)]
    cases += [(State.from_deal(number, rules), 0b1001001001001001001001) for number in (3, 9)]
    assert any(state.cell is not None for state, _ in cases)
    for state, blank in cases:
        plain = list(_searched(CellDepthFirst(CellProblem(state, blank), plain=True), 40_000))
        written = list(_searched(CellDepthFirst(CellProblem(state, blank)), 40_000))
        assert written == plain, state.to_text()
