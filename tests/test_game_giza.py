"""Giza on the real table: the columns drawn and tapped, no stock, the line the rules refuse with."""

from __future__ import annotations

import json
from collections.abc import Callable

import pygame

from game.app import App, display_surface
from game.driver import play_by_taps, press_key, step, tap_button, tap_place
from game.render.card_look import face_rect
from game.table_terms import Tone
from rules import Refusal, RuleSet, Session, State, apply
from rules.moves import column_place
from rules.variant import GIZA
from solver import Verdict, solve

AppFactory = Callable[..., App]
RULES = RuleSet(variant=GIZA)


def giza_app(make_app: AppFactory, number: int = 1, size: tuple[int, int] = (1280, 800)) -> App:
    return make_app(deal=number, size=size, state=State.from_deal(number, RULES))


def test_the_table_has_columns_and_no_stock(make_app: AppFactory) -> None:
    app = giza_app(make_app)
    frame = app.table.frame()
    assert "draw" not in frame.buttons and "recycle" not in frame.buttons
    assert "columnas: 24" in frame.status and not any("mazo" in cell for cell in frame.status)
    assert frame.pass_text == ""
    layout = app.table.layout
    assert len(layout.columns) == 8 and not layout.deck.width
    step(app, 120)  # the deal lands
    app.draw()
    surface = display_surface()
    state = app.table.play.state
    for column in range(8):  # each top card is drawn whole: its face, not the felt
        rect = face_rect(layout.place_rect(column_place(column), state))  # a hairline inside its place
        face = app.ctx.assets.face(state.layout.columns[column][-1], rect.size)
        inside = (rect.w // 2, rect.h // 2)
        drawn = surface.get_at((rect.x + inside[0], rect.y + inside[1]))
        assert all(abs(a - b) <= 8 for a, b in zip(drawn[:3], face.get_at(inside)[:3], strict=True))


def test_drawing_is_refused_with_its_line(make_app: AppFactory) -> None:
    app = giza_app(make_app)
    before = app.table.play.state
    press_key(app, pygame.K_d)
    assert app.table.frame().line == Refusal.NO_STOCK.message
    press_key(app, pygame.K_r)
    assert app.table.frame().line == Refusal.NO_STOCK.message
    assert app.table.play.state == before and app.table.play.session.moves == 0


def test_a_column_top_is_selected_with_its_partners_and_a_winning_line_plays_by_taps(
    make_app: AppFactory,
) -> None:
    number = 1
    result = solve(State.from_deal(number, RULES))
    assert result.verdict is Verdict.SOLVABLE
    app = giza_app(make_app, number)
    moves = list(result.moves)
    first_column_move = next(i for i, m in enumerate(moves) if any(p >= column_place(0) for p in m.places))
    for move in moves[:first_column_move]:
        play_by_taps(app, move)
    move = moves[first_column_move]
    place = max(move.places)
    tap_place(app, place)
    assert app.table.play.selected == place
    others = [p for p in move.places if p != place]
    assert all(p in app.table.play.partners() for p in others)
    for other in others:
        tap_place(app, other)
    for move in moves[first_column_move + 1 :]:
        play_by_taps(app, move)
    assert app.table.play.session.is_won


def test_the_keyboard_reaches_the_column_tops(make_app: AppFactory) -> None:
    app = giza_app(make_app)
    candidates = app.table.keyboard.candidates(app.table.play, app.table.layout)
    state = app.table.play.state
    tops = {column_place(c) for c in range(8) if state.column_top_index(c) is not None}
    assert tops <= set(candidates)
    assert not any(p < column_place(0) and p >= 28 for p in candidates)  # no stock, waste or deck


def test_every_window_draws_giza(make_app: AppFactory) -> None:
    for size in [(320, 480), (480, 800), (1920, 1080)]:
        app = giza_app(make_app, 3, size)
        step(app, 120)
        app.draw()
        assert app.table.layout.columns and app.table.layout.size == size


def test_the_hint_is_exact_from_the_first_move(make_app: AppFactory) -> None:
    for number in (1, 3):  # a winnable deal and one that is lost from the start (1,192 nodes)
        app = giza_app(make_app, number)
        step(app, 120)
        tap_button(app, "hint")
        for _ in range(600):
            if app.table.play.inquiry is None:
                break
            step(app)
        state = app.table.play.state
        expected = solve(state).verdict
        hint = app.table.play.hint
        if expected is Verdict.SOLVABLE:
            assert hint is not None and solve(apply(state, hint)).verdict is Verdict.SOLVABLE
        else:
            assert hint is None and app.table.frame().tone is not Tone.HINT


def test_a_giza_game_is_saved_and_rebuilt_with_its_column_moves(make_app: AppFactory) -> None:
    app = giza_app(make_app, 1)
    moves = list(solve(State.from_deal(1, RULES)).moves)[:8]
    for move in moves:
        play_by_taps(app, move)
    session = app.table.play.session
    record = json.loads(json.dumps(session.record()))
    assert record["rules"] == "variant=giza overlap=on"
    assert any(text.startswith("C") or "+C" in text for text in record["moves"])
    rebuilt = Session.from_record(record)
    assert rebuilt.state == session.state and rebuilt.log == session.log
