"""The feel of the table on real surfaces: the deal flying in (and skipped), removed cards
flying off, the lifted selection and its partners' colours, the win cascade kept off the
result panel, and reduced motion making all of it instant. Animations follow the rules state:
the state is already what it will be, and input is never held."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame
import pytest

from game.anim import DEAL, deal_delays, discard_spot
from game.app import App
from game.cascade import celebration_seconds
from game.config import (
    DEAL_CARD_SECONDS,
    DEAL_SECONDS,
    FELT_CENTRE,
    FELT_GRAIN,
    OKABE_ITO_BLUE,
    OKABE_ITO_ORANGE,
    PARTNER_DASH_WIDTH,
    PARTNER_DASHES,
)
from game.driver import play_by_taps, press_key, step, tap, tap_place
from game.render.table_view import lifted_by
from game.render.widgets import panel_radius
from game.scenes.panel import Panel
from rules import Move, partners
from rules.topology import SLOTS

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]
SIZES = [(1280, 720), (480, 800), (1920, 1080)]


def pixels(app: App) -> np.ndarray:
    """Draw the frame now and give its pixels (width × height × RGB)."""
    app.draw()
    return pygame.surfarray.array3d(pygame.display.get_surface()).astype(np.int64)


def is_felt(image: np.ndarray, rect: pygame.Rect) -> bool:
    """The middle of ``rect`` is the felt's green (no card there)."""
    x, y = rect.center
    r, g, b = image[x, y]
    return bool(g > r + 20 and g > b + 10 and g <= FELT_CENTRE[1] + FELT_GRAIN)


def is_light(image: np.ndarray, rect: pygame.Rect) -> bool:
    """The middle of ``rect``'s top strip is mostly light (a card face)."""
    strip = image[rect.left + 4 : rect.right - 4, rect.top + 3 : rect.top + 8]
    return bool((strip.mean(axis=2) > 170).mean() > 0.5)


def is_back(image: np.ndarray, rect: pygame.Rect) -> bool:
    """``rect`` is mostly the card back's deep blue (no face showing there)."""
    area = image[rect.left : rect.right, rect.top : rect.bottom]
    r, g, b = area[..., 0], area[..., 1], area[..., 2]
    return bool(((b > 70) & (b > r + 40) & (b > g + 20)).mean() > 0.5)


# --- the deal -----------------------------------------------------------------------------------


def test_the_deal_takes_at_most_700_ms() -> None:
    delays = deal_delays(SLOTS)
    assert delays == sorted(delays) and delays[0] == 0.0
    assert delays[-1] + DEAL_CARD_SECONDS == pytest.approx(DEAL_SECONDS)
    assert DEAL_SECONDS <= 0.7


@pytest.mark.parametrize("size", SIZES)
def test_the_deal_flies_from_the_stock_into_the_pyramid(make_app: AppFactory, size: tuple[int, int]) -> None:
    app = make_app(deal=1, size=size)
    table, layout = app.table, app.table.layout
    assert table.play.state.pyramid == (1 << SLOTS) - 1  # the rules dealt everything at once
    deal = [g for g in table.anim.ghosts if g.tag == DEAL]
    assert len(deal) == SLOTS and all(g.start == layout.deck for g in deal)
    assert {g.end.topleft for g in deal} == {r.topleft for r in layout.slots}
    assert max(g.delay + g.duration for g in deal) <= 0.7
    step(app, 6)  # 0.1 s: the apex has left the stock, the base row is still in it
    image = pixels(app)
    assert table.frame().hidden >= {27}
    assert is_felt(image, layout.slots[27])
    step(app, 40)  # 0.77 s: everything is in place
    assert not table.anim.dealing and not table.frame().hidden
    image = pixels(app)
    assert all(is_light(image, layout.slots[s]) for s in range(21, 28))


@pytest.mark.parametrize("size", SIZES)
def test_the_stock_stays_face_down_while_the_deal_flies(make_app: AppFactory, size: tuple[int, int]) -> None:
    """The deal comes out of a face-down stock: no face-up top card beside it until it lands."""
    app = make_app(deal=1, size=size)
    table, layout = app.table, app.table.layout
    step(app, 6)
    assert table.anim.dealing
    image = pixels(app)
    assert not is_light(image, layout.stock), "a face-up stock card under the deal"
    inner = layout.deck.inflate(-layout.deck.w // 3, -layout.deck.h // 3)
    assert is_back(image, inner)  # the whole stock, and the cards leaving it, face down
    step(app, 40)
    assert not table.anim.dealing
    assert is_light(pixels(app), layout.stock)  # now its top card turns up


def test_a_tap_skips_the_deal_and_still_acts(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    table = app.table
    assert table.anim.dealing
    tap_place(app, 24)  # a base card: the deal ends at once and the card is selected
    assert not table.anim.dealing and not table.frame().hidden
    assert table.play.selected == 24
    assert is_light(pixels(app), table.layout.slots[27])


def test_a_key_skips_the_deal(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    step(app, 2)
    assert app.table.anim.dealing
    press_key(app, pygame.K_LEFT)
    assert not app.table.anim.dealing


def test_moves_made_during_the_deal_are_not_held(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    table = app.table
    table.press("draw")  # straight to the scene: no input event skips anything
    assert table.anim.dealing and table.play.session.moves == 1


def test_a_new_deal_and_a_replay_fly_in_again(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    for move in moves:
        play_by_taps(app, move)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    tap(app, panel.geometry().buttons[2].center)  # «Repetir reparto»
    assert app.table.anim.dealing and not app.table.anim.flourishing
    app.table.new_deal(5)
    assert app.table.anim.dealing and app.table.play.number == 5


# --- removed cards ------------------------------------------------------------------------------


def test_removed_cards_fly_off_to_the_discard_spot(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    index = next(i for i, m in enumerate(moves) if len(m.places) == 2 and max(m.places) < SLOTS)
    for move in moves[:index]:
        play_by_taps(app, move)
    step(app, 60)
    move = moves[index]
    play_by_taps(app, move)
    table = app.table
    spot = discard_spot(table.layout)
    assert not pygame.Rect((0, 0), table.layout.size).colliderect(spot)  # off the table
    flying = [g for g in table.anim.ghosts if g.end == spot]
    assert len(flying) == 2
    assert all(not table.play.state.pyramid >> p & 1 for p in move.places)  # gone from the rules at once
    step(app, 40)
    assert not table.anim.ghosts


# --- selection and partners ---------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_partners_get_thick_orange_and_blue_dashes_and_the_selection_lifts(
    make_app: AppFactory, winning_line: LineFinder, size: tuple[int, int]
) -> None:
    assert OKABE_ITO_ORANGE == (230, 159, 0) and OKABE_ITO_BLUE == (0, 114, 178)  # never red on green
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=size)
    for move in moves[:18]:
        play_by_taps(app, move)
    step(app, 60)
    play, layout = app.table.play, app.table.layout
    slot = next(p for p in range(SLOTS) if play.selectable(p) and partners(play.state, p))
    before = pixels(app)
    tap_place(app, slot)
    step(app, 30)
    image = pixels(app)
    dash_w = max(4, round(layout.card[0] * PARTNER_DASH_WIDTH))
    assert dash_w >= 4
    for place in play.partners():
        rect = layout.place_rect(place)
        for y in (rect.top - dash_w // 2, rect.top - dash_w + 1, rect.top - 1):  # across the border's width
            row = [tuple(int(c) for c in image[x, y]) for x in range(rect.left, rect.right)]
            assert set(PARTNER_DASHES) <= set(row), (place, y)  # dashes of both colours
            in_dashes = sum(colour in PARTNER_DASHES for colour in row)
            assert in_dashes > 0.9 * len(row)  # nothing else along the border: no red, no gaps
    rect = layout.slots[slot]
    lift = lifted_by(layout)
    assert lift >= 0.05 * layout.card[1]
    y = rect.bottom - lift // 2  # below the raised card: its shadow, where its face was
    row_now = image[rect.left + 8 : rect.right - 8, y]
    row_before = before[rect.left + 8 : rect.right - 8, y]
    assert (row_before.mean(axis=1) > 170).mean() > 0.8
    assert (row_now.min(axis=1) < 150).mean() > 0.8  # shadow, or the ring around the raised card


# --- the win cascade ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [*SIZES, (390, 844)])
def test_the_win_celebration_never_covers_the_result_panel_and_shows_around_it(
    make_app: AppFactory, winning_line: LineFinder, size: tuple[int, int]
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=size)
    for move in moves:
        play_by_taps(app, move)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    table = app.table
    assert table.anim.flourishing
    step(app, 60)  # 1 s: many cards in the air
    assert table.anim.cascade.flying
    with_cascade = pixels(app)
    table.anim.cascade.stop()
    without = pixels(app)
    box = panel.geometry().panel
    corner = panel_radius(box)  # the panel's rounded corners show what lies under them
    for part in (box.inflate(-2 * corner, 0), box.inflate(0, -2 * corner)):
        inside = (slice(part.left, part.right), slice(part.top, part.bottom))
        assert (with_cascade[inside] == without[inside]).all()  # not one pixel on the panel
    changed = (with_cascade != without).any(axis=2)
    assert changed.mean() > 0.02  # and the celebration shows around it
    if size[1] > size[0]:  # a phone held upright: the panel sits low, the cards play above it
        assert box.top > size[1] // 3 and changed[:, : box.top].mean() > 0.04


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_the_celebration_ends_in_a_clean_board_within_three_seconds(
    make_app: AppFactory, winning_line: LineFinder, size: tuple[int, int]
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=size)
    for move in moves:
        play_by_taps(app, move)
    assert app.frame(1 / 60)  # cards are moving: drawn
    assert celebration_seconds(SLOTS) <= 3.0
    step(app, int(celebration_seconds(SLOTS) * 60) + 2)
    assert not app.table.anim.flourishing and not app.table.anim.cascade.flying
    settled = pixels(app)
    app.manager.invalidate()  # a whole redraw: the same pixels, nothing left over
    assert (pixels(app) == settled).all()
    assert not app.frame(1 / 60)  # and nothing is redrawn any more
    assert isinstance(app.manager.top, Panel)


def test_the_cascade_ends_when_the_panel_closes(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    for move in moves:
        play_by_taps(app, move)
    step(app, 60)
    assert app.table.anim.flourishing
    press_key(app, pygame.K_ESCAPE)  # «Ver el tablero»
    assert app.manager.top is app.table
    step(app, 2)
    assert not app.table.anim.flourishing
    assert not app.frame(1 / 60)  # nothing left to redraw


# --- reduced motion -----------------------------------------------------------------------------


def test_reduced_motion_makes_everything_instant(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, reduced_motion=True)
    table = app.table
    assert not table.anim.ghosts and not table.frame().hidden  # dealt at once
    image = pixels(app)
    assert all(is_light(image, table.layout.slots[s]) for s in range(SLOTS))
    for move in moves:
        play_by_taps(app, move)
        assert not table.anim.ghosts
    assert table.play.session.is_won and not table.anim.flourishing
    table.replay()
    assert not table.anim.ghosts


# --- animation speed ------------------------------------------------------------------------------


def test_animation_speed_none_is_instant(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, anim_speed="none")
    table = app.table
    assert not table.anim.ghosts and not table.frame().hidden
    for move in moves[:3]:
        play_by_taps(app, move)
        assert not table.anim.ghosts


@pytest.mark.parametrize(("speed", "frames_done"), [("fast", 25), ("normal", 45), ("slow", 68)])
def test_animation_speed_stretches_the_deal(make_app: AppFactory, speed: str, frames_done: int) -> None:
    """The deal (0.65 s) lands in about 0.33 s fast, 0.65 s normal, 1.04 s slow (60 frames a second)."""
    app = make_app(deal=1, anim_speed=speed)
    step(app, frames_done - 8)
    assert app.table.anim.dealing, f"{speed}: landed too soon"
    step(app, 8)
    assert not app.table.anim.dealing, f"{speed}: still dealing"
