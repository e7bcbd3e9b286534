"""Screenshots of every screen, saved and checked for real content (not a blank window)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.app import App
from game.config import FELT_CENTRE, FELT_EDGE, FELT_GRAIN, PANEL, SLOT_OUTLINE
from game.driver import play_by_taps, press_key, step, tap_button, tap_place
from game.scenes.panel import Panel
from game.table_terms import DECK
from rules import Move, parse_position, partners

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]
SIZES = [(480, 800), (720, 1280), (800, 480), (1280, 800), (1920, 1080)]


def shot(app: App, path: Path) -> np.ndarray:
    """Let animations settle (the deal flies in for 0.65 s), draw the frame, save it as PNG, and give
    its pixels (width × height × RGB)."""
    step(app, 45)
    app.draw()
    surface = pygame.display.get_surface()
    pygame.image.save(surface, path)
    assert path.stat().st_size > 10_000
    return pygame.surfarray.array3d(surface)


def distinct_colours(pixels: np.ndarray) -> int:
    flat = pixels.reshape(-1, 3).astype(np.int64)
    return len(np.unique(flat[:, 0] << 16 | flat[:, 1] << 8 | flat[:, 2]))


def is_card_face(pixels: np.ndarray, rect: pygame.Rect) -> bool:
    """The rectangle's top strip is mostly light card face (white, shaded or tinted), not felt."""
    strip = pixels[rect.left + 2 : rect.right - 2, rect.top + 2 : rect.top + 12].astype(np.int64)
    light = (strip.mean(axis=2) > 170).mean()
    return bool(light > 0.5)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_table_mid_deal_with_selection(
    make_app: AppFactory, winning_line: LineFinder, tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=size, lang=lang)
    for move in moves[:18]:
        play_by_taps(app, move)
    play = app.table.play
    slot = next(p for p in range(28) if play.selectable(p) and partners(play.state, p))
    tap_place(app, slot)
    assert play.selected == slot and play.partners()
    pixels = shot(app, tmp_path / f"table-{lang}-{size[0]}x{size[1]}.png")
    assert distinct_colours(pixels) > 1000
    layout = app.table.layout
    for slot in app.table.play.state.pyramid_cards():
        assert is_card_face(pixels, layout.slots[slot]), slot
    corner = pixels[layout.size[0] // 2, layout.top_bar.bottom + 2]
    low, high = min(FELT_EDGE) - FELT_GRAIN, max(FELT_CENTRE) + FELT_GRAIN
    assert low <= min(corner) and max(corner) <= high  # felt there


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_has_content(
    make_app: AppFactory, winning_line: LineFinder, tmp_path: Path, size: tuple[int, int]
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=size)
    tag = f"{size[0]}x{size[1]}"
    for move in moves:
        play_by_taps(app, move)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    pixels = shot(app, tmp_path / f"win-{tag}.png")
    box = panel.geometry().panel
    assert tuple(pixels[box.left + 5, box.centery]) == PANEL  # the panel's own margin, left of its buttons
    assert distinct_colours(pixels) > 300
    press_key(app, pygame.K_ESCAPE)
    for name, expected in (("rules", 200), ("settings", 200), ("new", 200)):
        tap_button(app, name)
        pixels = shot(app, tmp_path / f"{name}-{tag}.png")
        assert distinct_colours(pixels) > expected, name
        press_key(app, pygame.K_ESCAPE)
        assert app.manager.top is app.table


def is_card_back(pixels: np.ndarray, rect: pygame.Rect) -> bool:
    """The middle of ``rect`` is mostly the back's deep blue."""
    inner = rect.inflate(-rect.width // 3, -rect.height // 3)
    patch = pixels[inner.left : inner.right, inner.top : inner.bottom].astype(np.int64)
    blue = (patch[:, :, 2] > 70) & (patch[:, :, 2] > patch[:, :, 0] + 40)
    return bool(blue.mean() > 0.4)


@pytest.mark.parametrize("size", [(480, 800), (1280, 800), (320, 480)])
def test_no_card_back_when_no_face_down_card_remains(
    make_app: AppFactory, tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(deal=2, size=size)
    layout = app.table.layout
    pixels = shot(app, tmp_path / "full.png")
    assert is_card_back(pixels, layout.deck)  # 23 cards face down under the face-up top
    while app.table.play.state.stock_count > 2:
        tap_place(app, DECK)
    assert is_card_back(shot(app, tmp_path / "two.png"), layout.deck)  # one face-down card left
    tap_place(app, DECK)
    assert app.table.play.state.stock_count == 1  # only the face-up top card is left
    pixels = shot(app, tmp_path / "one.png")
    assert not is_card_back(pixels, layout.deck)
    assert is_card_face(pixels, layout.stock)


@pytest.mark.parametrize("size", [(480, 800), (1920, 1080), (320, 480)])
def test_piles_are_labelled_and_the_status_bar_shows_the_pass(
    make_app: AppFactory, tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(deal=2, size=size)
    frame = app.table.frame()
    assert frame.pile_labels == ("Mazo", "Descarte")
    assert "vuelta 1 de 3" in frame.status
    pixels = shot(app, tmp_path / "labels.png")
    layout = app.table.layout
    for rect in (layout.stock_label, layout.waste_label):
        patch = pixels[rect.left : rect.right, rect.top : rect.bottom].astype(np.int64)
        assert (patch.mean(axis=2) > 150).mean() > 0.02, rect  # light letters on the felt


def light_share(pixels: np.ndarray, rect: pygame.Rect) -> float:
    """Share of pixels in the middle of ``rect`` that are not felt: light text, or a mark in the
    colour of an empty place's outline."""
    inner = rect.inflate(-rect.width // 3, -rect.height // 3)
    patch = pixels[inner.left : inner.right, inner.top : inner.bottom].astype(np.int64)
    outline = np.abs(patch - np.array(SLOT_OUTLINE[:3])).sum(axis=2) < 40
    return float(((patch.mean(axis=2) > 150) | outline).mean())


@pytest.mark.parametrize(
    ("position", "shown"),
    [
        ("pyramid: P21=5h P22=9c; waste: 3d 4s; pass: 1", True),
        ("pyramid: P21=5h P22=9c; waste: 3d 4s; pass: 3", False),  # pass 3 of 3
        ("pyramid: P21=5h P22=9c; waste: 3d 4s; pass: 1; passes: 1", False),  # one-pass play
        ("pyramid: P21=5h P22=9c; pass: 2", False),  # nothing in the waste to turn over
    ],
    ids=["recycle-left", "last-pass", "one-pass", "empty-waste"],
)
@pytest.mark.parametrize("size", [(720, 432), (480, 800)])
def test_the_empty_stock_shows_the_recycle_mark_only_when_a_recycle_is_possible(
    make_app: AppFactory, tmp_path: Path, size: tuple[int, int], position: str, shown: bool
) -> None:
    app = make_app(state=parse_position(position), size=size)
    pixels = shot(app, tmp_path / "deck.png")
    share = light_share(pixels, app.table.layout.deck)
    assert (share > 0.03) is shown, share


def test_a_won_board_shows_no_recycle_mark(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(state=parse_position("pyramid: P21=Kh; waste: 3d 4s; pass: 1"), size=(720, 432))
    tap_place(app, 21)
    press_key(app, pygame.K_ESCAPE)
    assert app.table.play.session.is_won
    assert light_share(shot(app, tmp_path / "won.png"), app.table.layout.deck) < 0.03


def ink_height(pixels: np.ndarray, rect: pygame.Rect) -> int:
    """Rows of ``rect`` holding light text pixels, from the first to the last."""
    patch = pixels[rect.left : rect.right, rect.top : rect.bottom].astype(np.int64)
    rows = np.nonzero((patch.mean(axis=2) > 120).any(axis=0))[0]
    return int(rows[-1] - rows[0] + 1) if len(rows) else 0


@pytest.mark.parametrize("size", [(720, 432), (800, 480), (480, 800), (1920, 1080), (320, 480)])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_both_pile_labels_share_one_size(
    make_app: AppFactory, tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    app = make_app(deal=2, size=size, lang=lang)
    pixels = shot(app, tmp_path / "labels.png")
    table = app.table
    items = table.view.items(table.layout, table.frame())
    drawn = [pygame.Rect(i.rect) for i in items if i.key[0] == "label"]
    stock, waste = (ink_height(pixels, rect) for rect in drawn)  # where each is drawn, word and count
    assert stock > 0 and abs(stock - waste) <= 1, (stock, waste)
