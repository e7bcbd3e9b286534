"""The fuzz of the real game (:mod:`game.fuzz`) at a modest size, and its watch of the rules
state, shown able to catch what it looks for. ``python bench/fuzz.py`` runs it at 10⁶ events."""

from __future__ import annotations

import pytest

from game.fuzz import Figures, Fuzz, Watch
from rules import Move, Session, State
from rules.labels import LabelTable, load_table
from rules.variant import VARIANTS

EVENTS = 9000
LIFE_EVENTS = 500


@pytest.fixture(scope="module")
def labels() -> LabelTable:
    return load_table()


@pytest.mark.slow  # 9,000 events: about 10 s of CPU, a tenth of the default run
def test_the_fuzzed_game_never_crashes_nor_breaks_a_rule(display: None, labels: LabelTable) -> None:
    fuzz = Fuzz(20231, labels, life_events=LIFE_EVENTS)
    figures = fuzz.run(EVENTS)
    assert figures.problems == [] and figures.exceptions == figures.violations == 0
    assert figures.events >= EVENTS and figures.frames >= EVENTS // 8
    assert set(figures.seen) >= {*VARIANTS, "kiosk", "par"}  # every variant, kiosks and par scoring
    assert figures.moves >= 200 and figures.undone >= 10 and figures.deals >= 20
    assert figures.resumed >= 3  # quits, each followed by a start that resumed the saved game
    assert figures.demo_frames > 0  # a kiosk was left alone long enough for its attract demo


def session_after(moves: str, number: int = 7) -> Session:
    session = Session(State.from_deal(number), number, now=lambda: 0.0)
    for move in moves.split():
        assert session.play(Move.parse(move)) is None, move
    return session


def watched(session: Session) -> Watch:
    watch = Watch(Figures())
    assert watch.look(session) == []
    return watch


def test_the_watch_passes_moves_undos_and_a_restart() -> None:
    session = session_after("D D")
    watch = watched(session)
    for move in ("D", "D", "D"):
        session.play(Move.parse(move))
        session.undo()
        session.play(Move.parse(move))  # an undo and a move in one frame
    assert watch.look(session) == []
    session.undo()
    session.undo()
    assert watch.look(session) == []
    session.restart()
    session.play(Move.parse("D"))
    assert watch.look(session) == []


def test_the_watch_sees_a_card_vanish() -> None:
    session = session_after("D")
    watch = watched(session)
    state = session.state
    session.play(Move.parse("D"))
    session.state = State(state.layout, state.rules, state.pyramid & ~1, state.stock, state.cursor + 1, 1)
    assert watch.look(session) != []


def test_the_watch_sees_an_illegal_move() -> None:
    session = session_after("D")
    watch = watched(session)
    covered = Move.parse("P0")  # the apex: covered, so the rules refuse it
    state = session.state
    session.history.append(state)
    session.log.append(covered)
    session.state = State(state.layout, state.rules, state.pyramid & ~1, state.stock, state.cursor, 1)
    session.moves += 1
    problems = watch.look(session)
    assert problems and "refuse" in problems[0]


def test_the_watch_sees_an_undo_that_is_not_one() -> None:
    session = session_after("D D D")
    watch = watched(session)
    session.history.pop()
    session.undos += 1  # the history went back, but the state did not
    assert watch.look(session) != []


def test_the_watch_sees_an_undo_counted_as_a_move() -> None:
    session = session_after("D D")
    watch = watched(session)
    session.undo()
    session.moves += 1
    assert watch.look(session) != []
