"""Giza (seed 003): the 24 other cards face up in eight columns of three, no stock.

Rules (columns as places ``C0``…``C7``, refusals, position text, undo), the open-game solver
against the plain reference search, the analysis exact from the first move, the command lines.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from families import one_per_family
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_search import winnable
from solver_cases import position_on_a_winning_line, random_position

from rules import (
    DRAW,
    RECYCLE,
    Move,
    NotationError,
    Refusal,
    RuleSet,
    Session,
    State,
    apply,
    check,
    check_select,
    deal_cards,
    format_deal_text,
    legal_moves,
    parse_moves,
    parse_position,
    replay,
)
from rules.moves import column_place, parse_place, place_name
from rules.variant import GIZA, VARIANTS
from solver import Verdict, solve
from solver.analysis import Analysis
from solver.giza import GizaProblem
from solver.search import Search

GIZA_RULES = RuleSet(variant=GIZA)
BOTH = [RuleSet(1, True, GIZA), RuleSet(1, False, GIZA)]


# --- rules -----------------------------------------------------------------------------------------


def test_giza_is_registered_with_its_own_key() -> None:
    assert VARIANTS["giza"] is GIZA
    assert GIZA.columns == 8 and GIZA.column_depth == 3 and not GIZA.has_stock
    assert RuleSet(3, True, GIZA).key == "variant=giza overlap=on"
    assert RuleSet.from_key("variant=giza overlap=off") == RuleSet(1, False, GIZA)


def test_deal_tokens_29_to_52_become_the_columns_the_last_of_three_on_top() -> None:
    cards = deal_cards(77, GIZA)
    assert cards == deal_cards(77)  # the same 52 cards as the default game
    state = State.from_deal(77, GIZA_RULES)
    assert [c for c in state.layout.pyramid if c] == list(cards[:28])
    assert not state.layout.stock and state.stock_count == 0
    for column in range(8):
        assert state.layout.columns[column] == cards[28 + 3 * column : 31 + 3 * column]
        assert state.card_at(column_place(column)) == cards[30 + 3 * column]  # token 31+3c: on top
    assert state.column_count == 24


def test_column_places_are_written_c0_to_c7() -> None:
    for column in range(8):
        assert place_name(column_place(column)) == f"C{column}"
        assert parse_place(f"c{column}") == column_place(column)
    assert str(Move.parse("C3+P21")) == "P21+C3"
    with pytest.raises(NotationError):
        parse_place("C8")


def test_draw_and_recycle_are_refused_with_a_clear_reason() -> None:
    state = State.from_deal(5, GIZA_RULES)
    assert check(state, DRAW) is Refusal.NO_STOCK
    assert check(state, RECYCLE) is Refusal.NO_STOCK
    assert "mazo" in Refusal.NO_STOCK.message
    assert DRAW not in legal_moves(state) and RECYCLE not in legal_moves(state)
    session = Session(state, 5)
    assert session.play(DRAW).refusal is Refusal.NO_STOCK and session.state == state


def test_only_a_columns_top_card_plays_and_it_leaves_the_one_beneath_on_top() -> None:
    state = parse_position("variant: giza; pyramid: P21=9s P22=5h; columns: 4c 8d / 4h / --")
    c0, c1, c2 = (column_place(c) for c in range(3))
    assert check(state, Move.remove(22, c0)) is None  # 5h + 8d
    assert check(state, Move.remove(21, c1)) is None  # 9s + 4h
    assert check_select(state, c2) is Refusal.NO_CARD  # an empty column
    assert check(state, Move.remove(21, c0)) is Refusal.NOT_13  # the 4c lies under the 8d
    after = apply(state, Move.remove(22, c0))
    assert after.card_at(c0) is not None and str(after.card_at(c0)) == "4c"
    assert check(after, Move.remove(21, c0)) is None
    won = apply(after, Move.remove(21, c0))
    assert won.is_won and won.column_count == 1  # the pyramid is what must go


def test_two_column_tops_pair_and_a_king_on_top_goes_alone() -> None:
    state = parse_position("variant: giza; pyramid: P21=2c; columns: 3d Kh / 6s 7h / Jd")
    moves = legal_moves(state)
    assert Move.remove(column_place(0)) in moves  # the Kh
    assert Move.parse("C1+C2") not in moves and check(state, Move.parse("C1+C2")) is Refusal.NOT_13
    state = parse_position("variant: giza; pyramid: P21=2c; columns: 3d Kh / 6s 6h / Jd 7c")
    assert Move.parse("C1+C2") in legal_moves(state)  # 6h + 7c, two column tops
    assert check(state, Move.parse("C1+C2")) is None


def test_position_text_round_trips_with_its_columns_section() -> None:
    state = State.from_deal(9, GIZA_RULES)
    state = replay(state, list(solve(state).moves)[:5]) if solve(state).moves else state
    text = state.to_text()
    assert text.startswith("variant: giza\n") and "\ncolumns: " in text and "stock:" not in text
    assert parse_position(text) == state
    assert parse_position(text.replace("\n", "; ")) == state


@pytest.mark.parametrize(
    "text",
    [
        "variant: giza; columns: 2c 3c 4c 5c",  # four cards in a column of three
        "variant: giza; columns: 2c / 3c / 4c / 5c / 6c / 7c / 8c / 9c / Tc",  # nine columns
        "variant: giza; stock: 2c",  # no stock in Giza
        "columns: 2c",  # no columns in the default game
        "variant: giza; pyramid: P21=2c; columns: 2c",  # a card twice
        "variant: giza; columns: 2c Zz",
    ],
)
def test_bad_positions_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(NotationError):
        parse_position(text)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 20000), st.sampled_from(BOTH), st.lists(st.integers(0, 10**6), max_size=40))
def test_random_play_then_undo_restores_and_every_card_is_somewhere(
    number: int, rules: RuleSet, picks: list[int]
) -> None:
    session = Session(State.from_deal(number, rules), number)
    gone = 0
    for pick in picks:
        moves = legal_moves(session.state)
        if not moves:
            break
        move = moves[pick % len(moves)]
        assert session.play(move).refusal is None
        gone += len(move.places)
        state = session.state
        assert state.pyramid_left + state.column_count + gone == 52
    while session.undo():
        pass
    assert session.state == session.start_state


# --- the solver --------------------------------------------------------------------------------------


def _check(state: State, expected: bool) -> None:
    result = solve(state)
    assert (result.verdict is Verdict.SOLVABLE) == expected, state.to_text()
    if expected:
        assert replay(state, list(result.moves)).is_won


@pytest.mark.parametrize("rules", one_per_family(BOTH))
def test_small_positions_match_the_reference_search(rules: RuleSet) -> None:
    rng = random.Random(f"giza small {rules}")
    outcomes = []
    positions = [random_position(rng, rules, cards_left=rng.randint(14, 30)) for _ in range(20)]
    positions += [
        position_on_a_winning_line(rng, rules, rng.randint(18, 34), detour=i % 4) for i in range(20)
    ]
    for state in positions:
        expected = winnable(state)
        _check(state, expected)
        outcomes.append(expected)
    assert 5 <= sum(outcomes) <= len(outcomes) - 5  # both verdicts well represented


@pytest.mark.slow  # whole deals through the plain reference search
@pytest.mark.parametrize("rules", BOTH, ids=str)
def test_whole_random_deals_match_the_reference_search(rules: RuleSet) -> None:
    rng = random.Random(f"giza deals {rules}")
    compared = 0
    for number in rng.sample(range(1, 20001), 4):
        state = State.from_deal(number, rules)
        try:
            expected = winnable(state, limit=80_000)
        except RuntimeError:
            continue  # too big for the plain search: proves nothing either way
        _check(state, expected)
        compared += 1
    assert compared >= 3


def test_a_card_whose_every_partner_lies_under_it_is_lost_at_once() -> None:
    # the 4h at the apex: every 9 lies in the pyramid beneath it (none directly on it), none in a column
    cards = "4h 2c 2d 9s 9h 9c 9d 2h 2s 3c 3d 3h 3s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h"
    columns = "8s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Ac Ad Ah As 4c 4d 4s Kc Kd Kh Ks"
    state = State.from_deal_text(f"{cards} {columns}", GIZA_RULES)
    problem = GizaProblem(state)
    assert problem.lost(*problem.start)
    result = Search(state).run()
    assert result.verdict is Verdict.UNSOLVABLE and result.nodes <= 1


def test_slices_reach_the_same_result_as_one_run() -> None:
    for number in (1, 7, 30):
        state = State.from_deal(number, GIZA_RULES)
        whole = solve(state)
        search = Search(state)
        result = None
        while result is None:
            result = search.step(37)
        assert result.verdict is whole.verdict and result.moves == whole.moves


def test_the_analysis_is_exact_from_the_first_move() -> None:
    for number in (1, 7):
        state = State.from_deal(number, GIZA_RULES)
        answer = Analysis(state, 0).run()
        expected = solve(state).verdict
        assert answer.exact and answer.proven
        assert (answer.verdict is Verdict.SOLVABLE) == (expected is Verdict.SOLVABLE)
        if answer.verdict is Verdict.SOLVABLE:
            assert answer.hint is not None and answer.hint in legal_moves(state)
            assert solve(apply(state, answer.hint)).verdict is Verdict.SOLVABLE
        else:
            assert answer.hint is None


# --- command lines -----------------------------------------------------------------------------------


def _run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True, check=False)


def test_rules_deal_and_label_take_variant_giza() -> None:
    deal = _run(["-m", "rules", "deal", "12", "--variant", "giza"])
    assert deal.returncode == 0 and deal.stdout.strip() == format_deal_text(deal_cards(12, GIZA))
    assert len(deal.stdout.split()) == 52
    label = _run(["-m", "rules", "label", "12", "--variant", "giza"])
    keys = [line.rsplit(" ", 1)[0] for line in label.stdout.splitlines()]
    assert label.returncode == 0 and keys == ["variant=giza overlap=on", "variant=giza overlap=off"]


@pytest.mark.parametrize("overlap", ["--overlap", "--no-overlap"])
def test_the_solver_cli_decides_giza_deals(overlap: str) -> None:
    lines = [format_deal_text(deal_cards(n, GIZA)) for n in (1, 7)]
    result = _run(["-m", "solver", "--variant", "giza", overlap], "\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    rules = RuleSet(1, overlap == "--overlap", GIZA)
    for line, out in zip(lines, result.stdout.splitlines(), strict=True):
        answer = json.loads(out)
        state = State.from_deal_text(line, rules)
        assert answer["verdict"] == solve(state).verdict.value
        if answer["verdict"] == "solvable":
            assert replay(state, parse_moves(" ".join(answer["moves"]))).is_won


def test_the_analyse_cli_reads_a_giza_position() -> None:
    text = "variant: giza; pyramid: P21=9s P22=5h; columns: 4c 8d / 4h"
    answer = json.loads(_run(["-m", "solver", "analyse"], text + "\n").stdout)
    assert answer["verdict"] == "winnable" and answer["exact"] and answer["hint"] in ("P22+C0", "P21+C1")
