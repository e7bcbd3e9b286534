"""The game session: undo, counters, seen cards, the clock; and property tests over random play."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from calls import CHECK, WHOLE, rules_calls
from fake_time import FakeTime
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import Card
from rules.errors import RecordError
from rules.legality import Refusal, apply, legal_moves
from rules.moves import DRAW, MAX_COLUMNS, RECYCLE, STOCK, WASTE, Move, column_place, parse_moves
from rules.session import Clock, Ending, Outcome, Session
from rules.state import RuleSet, State, parse_position
from rules.variant import every_rule_set


def test_clock_starts_pauses_resumes() -> None:
    time = FakeTime()
    clock = Clock(time)
    time.now += 5
    assert clock.elapsed() == 0 and not clock.started
    clock.start()
    time.now += 3
    clock.pause()
    time.now += 50
    assert clock.elapsed() == 3
    clock.resume()
    time.now += 2
    assert clock.elapsed() == 5


def test_session_clock_starts_at_first_move_and_pauses_when_hidden() -> None:
    time = FakeTime()
    session = Session(State.from_deal(3), 3, now=time)
    time.now += 10
    assert session.clock.elapsed() == 0
    assert session.play(DRAW).refusal is None
    time.now += 4
    session.hide()
    time.now += 100
    session.show()
    time.now += 1
    assert session.clock.elapsed() == 5


def test_clock_stops_while_deal_is_over_and_runs_again_after_undo() -> None:
    time = FakeTime()
    session = Session(parse_position("pyramid: P21=5h P22=8c P23=Qs; stock: Ad"), now=time)
    session.play(Move.parse("P21+P22"))
    time.now += 2
    session.play(Move.parse("P23+S"))
    assert session.is_won
    time.now += 30
    assert session.clock.elapsed() == 2
    session.undo()
    time.now += 1
    assert session.clock.elapsed() == 3


def test_undo_through_draws_and_a_recycle_gives_the_pass_back() -> None:
    session = Session(parse_position("pyramid: P21=Qh; stock: 2c 3c"))
    for move in parse_moves("D D R D"):
        assert session.play(move).refusal is None
    assert session.state.pass_no == 2 and session.moves == 4
    session.undo()  # the draw
    session.undo()  # the recycle
    assert session.state.pass_no == 1 and session.state.stock_count == 0 and session.state.waste_count == 2
    assert session.undos == 2 and session.moves == 4  # undo adds no move
    session.undo()
    session.undo()
    assert session.state == session.start_state
    assert session.undo() is False and session.undos == 4


def test_refused_move_changes_nothing_and_says_why() -> None:
    session = Session(parse_position("pyramid: P21=5h P22=7c; stock: 2c"))
    before = session.state
    assert session.play(Move.parse("P21+P22")).refusal is Refusal.NOT_13
    assert session.play(RECYCLE).refusal is Refusal.STOCK_NOT_EMPTY
    assert session.state == before and session.moves == 0 and not session.clock.started


def test_seen_cards_grow_and_survive_undo_and_restart() -> None:
    session = Session(State.from_deal(8), 8)
    stock = session.state.layout.stock
    assert session.seen_cards == {stock[0]}  # the stock's top card is face up from the start
    session.play(DRAW)
    session.play(DRAW)
    assert session.seen_cards == set(stock[:3])
    session.undo()
    session.undo()
    assert session.seen_cards == set(stock[:3])
    session.restart()
    assert session.state == session.start_state and session.moves == 0
    assert session.seen_cards == set(stock[:3])


def test_all_seen_after_a_full_pass() -> None:
    session = Session(State.from_deal(8), 8)
    for _ in range(22):
        session.play(DRAW)
    assert not session.all_seen
    session.play(DRAW)
    assert session.all_seen  # the 24th card turned face up with the 23rd draw


def test_position_on_a_later_pass_has_seen_everything() -> None:
    assert Session(parse_position("pyramid: P21=Qh; stock: 2c 3c; pass: 2")).all_seen
    first = Session(parse_position("pyramid: P21=Qh; stock: 2c 3c; waste: 4d"))
    assert {str(c) for c in first.seen_cards} == {"4d", "2c"}


@pytest.mark.parametrize(
    ("position", "move", "ending"),
    [
        ("pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3", "P23+W", Ending.NONE),
        ("pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3", "P23+P25", Ending.DEAD_END),
        ("pyramid: P21=5h P22=8c; stock: Ad", "P21+P22", Ending.WON),
    ],
)
def test_a_move_says_how_the_deal_stands_after_it_worked_out_once(
    position: str, move: str, ending: Ending
) -> None:
    session = Session(parse_position(position))
    with rules_calls() as calls:
        outcome = session.play(Move.parse(move))
        over = (session.is_won, session.is_dead_end, session.is_over, session.ending)
    assert outcome == Outcome(None, ending)
    assert over == (ending is Ending.WON, ending is Ending.DEAD_END, ending.over, ending)
    assert calls[WHOLE] <= 1 and calls[CHECK] == 1  # the move checked once, its end worked out once


def test_a_refused_move_is_an_outcome_with_its_reason() -> None:
    session = Session(parse_position("pyramid: P21=5h P22=7c; stock: 2c"))
    assert session.play(Move.parse("P21+P22")) == Outcome(Refusal.NOT_13)


def test_dead_end_is_reported() -> None:
    session = Session(parse_position("pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3"))
    session.play(Move.parse("P23+P25"))
    assert session.is_dead_end and session.is_over and not session.is_won
    session.undo()
    assert not session.is_over


# --- property tests over random deals and random play ------------------------------------------

EVERY_PLACE = [*range(28), STOCK, WASTE, *(column_place(c) for c in range(MAX_COLUMNS))]
ALL_MOVES = [DRAW, RECYCLE] + [
    Move.remove(*places)
    for places in [(p,) for p in EVERY_PLACE]
    + [(a, b) for i, a in enumerate(EVERY_PLACE) for b in EVERY_PLACE[i + 1 :]]
]

deals = st.integers(min_value=1, max_value=20000)
rule_sets = st.sampled_from(every_rule_set())
"""Every rule set of every variant: a forgotten 13 or 52 fails a property."""
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=120)


def _on_table(state: State) -> list[Card]:
    columns = [card for c in range(state.rules.variant.columns) for card in state.column_cards_left(c)]
    cell = [] if state.cell is None else [state.cell]
    return list(state.pyramid_cards().values()) + state.stock_cards() + state.waste_cards() + columns + cell


@settings(max_examples=150, deadline=None)
@given(deals, rule_sets, choices)
def test_every_card_accounted_for_exactly_once(number: int, rules: RuleSet, picks: list[int]) -> None:
    state = State.from_deal(number, rules)
    removed: list[Card] = []
    for pick in picks:
        moves = legal_moves(state)
        if not moves:
            break
        move = moves[pick % len(moves)]
        if move.is_removal:
            removed += [c for p in move.places if (c := state.card_at(p)) is not None]
        state = apply(state, move)
        counts = Counter(_on_table(state) + removed)
        assert sorted(counts) == sorted(rules.deck.cards)
        assert set(counts.values()) == {1}
        left = _on_table(state)
        kept = state.cell is not None or state.kind.blocks_win(state)  # the cell's card, a reserve card
        cleared = not state.pyramid_cards() and not kept
        assert state.is_won == (cleared and (not rules.variant.win_all or not left))


@settings(max_examples=150, deadline=None)
@given(deals, rule_sets, choices)
def test_moves_then_as_many_undos_restore_the_start(number: int, rules: RuleSet, picks: list[int]) -> None:
    session = Session(State.from_deal(number, rules), number)
    made = 0
    for pick in picks:
        moves = legal_moves(session.state)
        if not moves:
            break
        assert session.play(moves[pick % len(moves)]).refusal is None
        made += 1
    for _ in range(made):
        assert session.undo()
    assert session.state == session.start_state
    assert session.moves == made and session.undos == made


@settings(max_examples=150, deadline=None)
@given(deals, rule_sets, st.lists(st.integers(min_value=0, max_value=len(ALL_MOVES) - 1), max_size=200))
def test_refused_moves_change_nothing_and_seen_never_shrinks(
    number: int, rules: RuleSet, picks: list[int]
) -> None:
    session = Session(State.from_deal(number, rules), number)
    seen = session.seen_cards
    for pick in picks:
        move = ALL_MOVES[pick]
        before, moves_before = session.state, session.moves
        refusal = session.play(move).refusal
        if refusal is None:
            assert move in legal_moves(before)
            assert session.moves == moves_before + 1
        else:
            assert move not in legal_moves(before)
            assert session.state == before and session.moves == moves_before
        if pick % 7 == 0:
            session.undo()
        assert seen <= session.seen_cards
        top = session.state.card_at(STOCK)
        assert top is None or top in session.seen_cards
        waste = session.state.card_at(WASTE)
        assert waste is None or waste in session.seen_cards
        seen = session.seen_cards


# --- saving and restoring: record() / from_record() ---------------------------------------------

actions = st.lists(
    st.tuples(
        st.sampled_from(["move", "move", "move", "undo", "hint", "hide", "show", "restart"]),
        st.integers(0, 10**6),
    ),
    max_size=150,
)


def _same(a: Session, b: Session) -> None:
    assert b.state == a.state and b.start_state == a.start_state and b.deal_number == a.deal_number
    assert b.history == a.history and b.log == a.log and b.position == a.position
    assert b.seen_mask == a.seen_mask and b.seen_cards == a.seen_cards
    assert (b.moves, b.undos, b.hints) == (a.moves, a.undos, a.hints)
    assert b.clock.elapsed() == a.clock.elapsed() and b.clock.started == a.clock.started


@settings(max_examples=150, deadline=None)
@given(deals, rule_sets, actions, st.booleans())
def test_any_session_saved_and_restored_is_the_same(
    number: int, rules: RuleSet, script: list[tuple[str, int]], from_text: bool
) -> None:
    """Random moves, draws, recycles, undos, hints, restarts and hidden time: the rebuilt
    session equals the original in state, history, seen cards, counters and clock."""
    time = FakeTime()
    start = State.from_deal(number, rules)
    session = (
        Session(parse_position(start.to_text()), now=time) if from_text else Session(start, number, now=time)
    )
    for action, pick in script:
        time.now += pick % 17
        if action == "move":
            moves = legal_moves(session.state)
            if moves:
                session.play(moves[pick % len(moves)])
        elif action == "undo":
            session.undo()
        elif action == "hint":
            session.note_hint()
        elif action == "hide":
            session.hide()
        elif action == "show":
            session.show()
        elif pick % 5 == 0:
            session.restart()
    session.show()
    doc = json.loads(json.dumps(session.record()))
    restored = Session.from_record(doc, now=time)
    _same(session, restored)
    time.now += 7  # both clocks go on alike
    assert restored.clock.elapsed() == session.clock.elapsed()
    assert Session.from_record(restored.record(), now=time).record() == restored.record()


def _recorded(moves: str, undos: int = 0) -> dict[str, object]:
    session = Session(State.from_deal(11), 11)
    for move in parse_moves(moves):
        assert session.play(move).refusal is None
    for _ in range(undos):
        session.undo()
    return session.record()


def test_the_undone_moves_stay_in_the_log_until_a_new_move() -> None:
    doc = _recorded("D D D", undos=2)
    assert doc["moves"] == ["D", "D", "D"] and doc["undo_position"] == 1
    restored = Session.from_record(doc)
    assert restored.state.cursor == 1 and restored.undos == 2 and restored.moves == 3
    restored.play(DRAW)
    assert [str(m) for m in restored.log] == ["D", "D"]


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"moves": ["D", "D", "P0"]}, "moves[2] P0"),  # the apex is covered: a tampered move
        ({"moves": ["D", "X9"]}, "moves[1]"),
        ({"moves": "D D"}, "moves"),
        ({"undo_position": 9}, "undo_position"),
        ({"undo_position": -1}, "undo_position"),
        ({"deal": 0}, "deal"),
        ({"deal": "11"}, "deal"),
        ({"deal": None, "start": "pyramid: P0=Zz"}, "start"),
        ({"rules": "passes=2 overlap=maybe"}, "rules"),
        ({"counters": {"moves": 1, "undos": 0, "hints": 0}}, "counters"),
        ({"counters": {"moves": 3, "undos": True, "hints": 0}}, "undos"),
        ({"seen": 1 << 24}, "seen"),
        ({"elapsed": -1}, "elapsed"),
        ({"elapsed": "soon"}, "elapsed"),
    ],
)
def test_a_tampered_record_is_refused_with_the_field_named(change: dict[str, object], needle: str) -> None:
    doc = {**_recorded("D D P21+W"), **change}
    with pytest.raises(RecordError) as error:
        Session.from_record(doc)
    assert needle in str(error.value)


@pytest.mark.parametrize(
    ("moves", "undos", "kept", "position", "counters"),
    [
        ("D D P0 D", 0, 2, 2, (2, 0)),  # the apex is covered: the two draws before it stand
        ("P0 D", 0, 0, 0, (0, 0)),  # refused at once: the deal's start
        ("D D D P0", 2, 3, 2, (3, 1)),  # the bad move was undone: the position is as saved
    ],
)
def test_a_record_with_an_illegal_move_keeps_its_legal_prefix(
    moves: str, undos: int, kept: int, position: int, counters: tuple[int, int]
) -> None:
    played = moves.split()
    doc = {**_recorded(" ".join("D" * len(played)), undos=undos), "moves": played}
    with pytest.raises(RecordError):
        Session.from_record(doc)
    session, refused = Session.from_record_prefix(doc)
    assert refused is not None and refused.index == kept and f"moves[{kept}]" in str(refused)
    assert [str(m) for m in session.log] == played[:kept]
    assert session.position == position and session.state.cursor == position  # draws only
    assert (session.moves, session.undos) == counters  # less the dropped moves (and their undos)
    assert Session.from_record(session.record()).state == session.state  # it saves cleanly again


def test_a_legal_record_is_restored_whole_by_the_prefix_reader_too() -> None:
    doc = _recorded("D D P21+W", undos=1)
    session, refused = Session.from_record_prefix(doc)
    whole = Session.from_record(doc)
    assert refused is None and session.log == whole.log and session.history == whole.history
    assert session.state == whole.state and session.position == whole.position == 2


def test_the_prefix_reader_still_refuses_anything_else_wrong() -> None:
    doc = {**_recorded("D D P21+W"), "moves": ["D", "X9"]}
    with pytest.raises(RecordError):
        Session.from_record_prefix(doc)
    with pytest.raises(RecordError):
        Session.from_record_prefix({**_recorded("D"), "elapsed": -1, "moves": ["P0"]})


def test_a_record_of_something_else_is_refused() -> None:
    for bad in (None, [], "game", 3):
        with pytest.raises(RecordError):
            Session.from_record(bad)


def test_a_restored_seen_mask_keeps_what_a_restart_did_not_unsee() -> None:
    session = Session(State.from_deal(8), 8)
    for _ in range(5):
        session.play(DRAW)
    session.restart()
    restored = Session.from_record(session.record())
    assert restored.seen_mask == session.seen_mask == 0b111111 and restored.moves == 0
    assert not restored.clock.started


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([10**400, -(10**400)])
    | st.floats()
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(list(_recorded("D D P21+W D", undos=1))), json_values, st.booleans())
def test_a_record_with_any_field_changed_rebuilds_or_raises_record_error(
    key: str, value: object, drop: bool
) -> None:
    """Whatever a hand or a broken disk puts in a field, the answer is a session or RecordError."""
    doc = _recorded("D D P21+W D", undos=1)
    if drop:
        del doc[key]
    else:
        doc[key] = value
    try:
        session = Session.from_record(doc)
    except RecordError:
        return
    assert session.position <= len(session.log) and session.moves >= session.position
