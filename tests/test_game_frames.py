"""Frames drawn from the cached layer, repainting only what changed, are exactly the frames a
whole redraw gives: through whole games (selections, partners, hints, undos, draws, recycles,
the deal flying in, cards flying off, the win panel over the table), after a resize, a deck
or language change; and a frame where nothing changed paints nothing at all.

The reference is drawn without any cache: a fresh :class:`TableView` painting every item on a
new surface, the moving cards over it, and, under a panel, dimmed with the panel on top.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame
import pytest

from game.app import App
from game.driver import FRAME_SECONDS, play_by_taps, post_key, post_tap, step, tap_button, tap_place
from game.input import Tap
from game.render.table_view import TableView
from game.render.widgets import dim
from rules import Move, partners

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]


def reference(app: App) -> np.ndarray:
    """The window as a whole redraw without any cache shows it now."""
    table, assets = app.table, app.ctx.assets
    surface = pygame.Surface(app.screen.get_size()).convert()
    view = TableView(assets)
    view.draw(surface, table.layout, table.frame())
    table.anim.draw(surface, assets, view.look)
    stack = app.manager.stack
    if len(stack) == 2 and stack[1].modal:
        dim(surface)
        table.draw_flourish(surface)  # the win celebration, under the panel
        stack[1].draw(surface)
    return pygame.surfarray.array3d(surface)


def shown(app: App) -> np.ndarray:
    return pygame.surfarray.array3d(app.screen)


def same_as_whole_redraw(app: App) -> bool:
    """Run one frame (forced to draw) and compare the window with :func:`reference`."""
    app.dirty = True
    app.frame(FRAME_SECONDS)
    ahead = shown(app)
    behind = reference(app)
    differ = np.any(ahead != behind, axis=2)
    if differ.any():
        xs, ys = np.nonzero(differ)
        print(f"{differ.sum()} pixels differ, within x {xs.min()}..{xs.max()}, y {ys.min()}..{ys.max()}")
    return not differ.any()


def frames_match(app: App, count: int) -> bool:
    return all(same_as_whole_redraw(app) for _ in range(count))


@pytest.mark.parametrize(
    "size", [pytest.param((1280, 720), marks=pytest.mark.slow), (480, 800)]  # a whole game each: 4-9 s
)
def test_a_whole_game_drawn_from_the_cache_matches_a_whole_redraw(
    make_app: AppFactory, winning_line: LineFinder, size: tuple[int, int]
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=size)
    assert frames_match(app, 45)  # the deal flying in, card by card
    for index, move in enumerate(moves):
        play = app.table.play
        if index % 7 == 3:  # a selection with its partners, let go again
            slot = next((p for p in range(28) if play.selectable(p) and partners(play.state, p)), None)
            if slot is not None:
                post_tap(app.table.layout.tap_point(slot, play.state))
                assert frames_match(app, 2)
                post_key(pygame.K_ESCAPE)
        if index % 9 == 4:  # a hint, and the keyboard focus moving
            post_key(pygame.K_h)
            post_key(pygame.K_RIGHT)
            assert frames_match(app, 2)
            post_key(pygame.K_ESCAPE)
        if index % 11 == 6 and move.places and index < len(moves) - 1:  # a move undone (not the win)
            play_by_taps(app, move)
            assert frames_match(app, 3)
            tap_button(app, "undo")
        play_by_taps(app, move)
        assert frames_match(app, 4)  # the cards flying off or in, then lying still
    assert app.table.play.session.is_won
    assert app.manager.top is not app.table  # the win panel over the dimmed table
    assert app.table.anim.flourishing
    assert frames_match(app, 200)  # the celebration, to its end


def test_a_resize_redraws_the_table_for_the_new_size(make_app: AppFactory) -> None:
    app = make_app(deal=3, size=(1280, 720))
    step(app, 45)
    tap_place(app, 24)
    assert frames_match(app, 2)
    pygame.display.set_mode((700, 900))
    assert frames_match(app, 3)
    assert app.table.layout.size == (700, 900)


@pytest.mark.parametrize("change", ["four_colour", "large_index", "lang"])
def test_a_change_of_deck_or_language_repaints_everything_it_touches(
    make_app: AppFactory, change: str
) -> None:
    app = make_app(deal=5, size=(1920, 1080))  # cards large enough for the standard index
    step(app, 45)
    assert frames_match(app, 1)
    before = shown(app)
    settings = app.ctx.settings
    if change == "lang":
        settings.lang = "en"
    else:
        setattr(settings, change, True)
    assert frames_match(app, 1)
    assert np.any(shown(app) != before)  # the change shows


def test_a_frame_where_nothing_changed_paints_nothing(make_app: AppFactory) -> None:
    app = make_app(deal=2, size=(1280, 720))
    step(app, 45)  # the deal has landed
    app.draw()
    repaints = app.table.view.layer.repaints
    assert app.manager.draw(app.screen) == []  # nothing to put on screen
    assert app.table.view.layer.repaints == repaints
    app.manager.handle(Tap(app.table.layout.tap_point(27)))  # a selection: only what it touches is repainted
    painted = app.manager.draw(app.screen)
    assert painted is not None
    window = app.screen.get_width() * app.screen.get_height()
    assert 0 < sum(r.width * r.height for r in painted) < window // 4
    assert app.manager.draw(app.screen) == []


def test_a_frame_where_nothing_changed_under_a_panel_paints_nothing(
    make_app: AppFactory, winning_line: LineFinder
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=(1280, 720), reduced_motion=True)
    for move in moves:
        play_by_taps(app, move)
    step(app, 30)
    assert app.manager.top is not app.table
    app.draw()
    assert app.manager.draw(app.screen) == []
    post_key(pygame.K_DOWN)  # the panel's focus moves: the panel is drawn again, the table is not
    step(app)
    assert frames_match(app, 1)
