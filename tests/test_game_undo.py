"""Undo from the table: through draws and a recycle, by button and by key, and from the dead end."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App
from game.driver import press_key, tap, tap_button, tap_place
from game.play import DECK
from game.scenes.panel import Panel
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
