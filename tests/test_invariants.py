"""The rules' invariants over a game being played (:mod:`rules.invariants`): the watch passes
real play, and catches each kind of thing it looks for."""

from __future__ import annotations

from rules import Move, Session, State
from rules.invariants import Watch


def session_after(moves: str, number: int = 7) -> Session:
    session = Session(State.from_deal(number), number, now=lambda: 0.0)
    for move in moves.split():
        assert session.play(Move.parse(move)).refusal is None, move
    return session


def watched(session: Session) -> Watch:
    watch = Watch()
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
