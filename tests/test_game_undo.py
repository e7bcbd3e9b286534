"""Undo from the table: through draws and a recycle, by button and by key, and from the dead end."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App
from game.driver import press_key, tap, tap_button, tap_place
from game.render.widgets import Style
from game.scenes.panel import Panel
from game.scenes.record_screens import DailyScreen
from game.table_terms import DECK
from rules import parse_position

AppFactory = Callable[..., App]


def test_undo_through_draws_and_a_recycle(make_app: AppFactory) -> None:
    app = make_app(deal=1, passes=3)
    play = app.table.play
    states = [play.state]
    for _ in range(24):
        tap_place(app, DECK)
        states.append(play.state)
    assert play.state.stock_count == 0 and play.state.pass_no == 1
    tap_place(app, DECK)  # the empty stock: a recycle
    assert play.state.pass_no == 2 and play.state.stock_count == 24
    states.append(play.state)
    tap_place(app, DECK)
    tap_place(app, DECK)
    states += [play.state]
    assert play.session.moves == 27

    tap_button(app, "undo")
    press_key(app, pygame.K_u)
    assert play.state == states[-2]  # just after the recycle
    press_key(app, pygame.K_u)
    assert play.state == states[24]  # the recycle is undone: pass 1 again, stock empty
    assert play.state.pass_no == 1 and play.state.waste_count == 24
    assert app.table.frame().pass_text == "vuelta 1 de 3"
    for _ in range(24):
        tap_button(app, "undo")
    assert play.state == states[0]
    assert play.session.moves == 27 and play.session.undos == 27  # undo adds no move
    assert len(play.session.seen_cards) == 24  # what was seen stays seen
    tap_button(app, "undo")
    assert app.table.frame().line == "no hay nada que deshacer"


def test_dead_end_panel_undo_replay_and_new_deal(make_app: AppFactory) -> None:
    app = make_app(state=parse_position("pyramid: P21=5h P22=8c P23=2s; stock: 3d; pass: 3"))
    tap_place(app, 21)
    tap_place(app, 22)
    tap_place(app, DECK)  # the last move: nothing is left to do
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert panel.title(app.ctx.texts) == "No quedan jugadas"
    assert app.table.frame().line.startswith("No quedan jugadas")
    press_key(app, pygame.K_RETURN)  # the first exit is the default: undo the last move
    assert app.manager.top is app.table
    assert app.table.play.state.stock_count == 1 and app.table.play.session.moves == 2
    tap_place(app, DECK)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    tap(app, panel.geometry().buttons[1].center)  # replay
    assert app.table.play.session.moves == 0 and app.table.play.state.pyramid_left == 3
    for place in (DECK, 21, 22):
        tap_place(app, place)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    tap(app, panel.geometry().buttons[2].center)  # new deal: a numbered one
    assert app.manager.top is app.table and app.table.play.number is not None
    assert app.table.play.state.pyramid_left == 28


def test_a_won_board_offers_no_undo_and_leaving_it_asks_nothing(make_app: AppFactory) -> None:
    app = make_app(state=parse_position("pyramid: P21=Kh; stock: 3d"))
    tap_place(app, 21)  # the King leaves: the pyramid is clear
    play = app.table.play
    assert play.session.is_won
    press_key(app, pygame.K_ESCAPE)  # close the win panel, back to the board
    assert app.manager.top is app.table
    assert app.table.frame().buttons["undo"][1] is Style.OFF
    tap_button(app, "undo")
    press_key(app, pygame.K_u)
    assert play.session.is_won and play.session.undos == 0
    assert app.table.frame().line == "la partida ya está ganada: no se deshace"
    app.table.request_deal(5)  # «Nuevo reparto» from the won board: no «contará como perdida»
    assert app.manager.top is app.table and app.table.play.number == 5


def test_a_dead_end_offers_no_hint_or_analysis_and_is_left_without_asking(make_app: AppFactory) -> None:
    app = make_app(state=parse_position("pyramid: P21=5h P22=8c P23=2s; stock: 3d; pass: 3"))
    for place in (21, 22, DECK):
        tap_place(app, place)
    assert app.table.play.session.is_dead_end
    press_key(app, pygame.K_ESCAPE)  # close «No quedan jugadas»
    buttons = app.table.frame().buttons
    assert buttons["hint"][1] is Style.OFF and buttons["analyse"][1] is Style.GHOST_OFF
    for action in (lambda: tap_button(app, "hint"), lambda: press_key(app, pygame.K_h),
                   lambda: tap_button(app, "analyse")):  # fmt: skip
        action()
        assert app.manager.top is app.table  # no «Ya no se puede ganar» panel
        assert app.table.play.inquiry is None and app.table.play.session.hints == 0
        assert app.table.frame().line.startswith("No quedan jugadas: no hay pista")
    press_key(app, pygame.K_t)  # «Reparto del día»: the game is over, so no «¿Empezar otro reparto?»
    daily = app.manager.top
    assert isinstance(daily, DailyScreen)
    daily.activate("play")
    assert app.manager.top is app.table and app.table.play.daily is not None
